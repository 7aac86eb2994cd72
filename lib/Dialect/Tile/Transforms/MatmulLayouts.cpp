//===- MatmulLayouts.cpp - Layouts chosen for a tile.dot ------------------===//
//
// The choice, for M x N x K with inputs of b bits and W warps:
//  1. wgmma (#layout.nvmma version 3) when the target is sm_90, the dot has
//     rank 2, W is a multiple of 4, M a multiple of 64, N a multiple of 8
//     and K a multiple of 256 / b. Warps start as [4, 1] (a warpgroup
//     along M) and double along M while M has rows left for them (M > 16
//     warpsM), else along N. The instruction's N is the largest power of
//     two <= 256 that divides N / warpsN. A and B go through shared memory
//     in Triton's default #layout.nvmma_shared for their tiles, K-major
//     (16-bit B may stay N-major; K-major when its registers run along K,
//     see chooseWgmmaBLayout). A chained dot (A computed from another
//     dot's result, through elementwise ops, scf.if and scf.for iteration
//     arguments) keeps A in
//     registers: all warps go along M and A gets the register-A
//     dot-operand layout, so no shared-memory round trip; the dot that
//     produces such an A puts its warps along M as well.
//  2. mma.sync (#layout.nvmma version 2) when K is a multiple of the
//     instruction K (16 for 16-bit, 8 for tf32, 32 for 8-bit), M, N are
//     at least 16 and 8 (fp8 below sm_89 too: the lowering refuses it
//     with the reason, as fp8 has no CUDA-core form). Warps double along
//     the dim with more instruction tiles left per warp (M on ties), as
//     Triton's warpsPerTileV2. A dot of a chain (its A computed
//     from a dot, or its result becoming a dot's A) puts all warps along M
//     when M has 16 rows for each, so that the producer's accumulator is
//     the consumer's A without leaving the threads (Triton's V2 puts them
//     on the larger dim; M is the one the chain needs). A and B are
//     #layout.dot_operand with kWidth = 32 / b.
//  3. FMA otherwise (or for input_precision = ieee): a blocked accumulator
//     and dot operands with a blocked parent.
//
//===----------------------------------------------------------------------===//

#include "MatmulLayouts.h"

#include "LayoutUtils.h"
#include "tile/Dialect/Layout/IR/LayoutDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tile;
using namespace tile::tl;

namespace {

Type getOperandElementType(Value v) {
  if (auto t = dyn_cast<RankedTensorType>(v.getType()))
    return t.getElementType();
  return cast<layout::MemDescType>(v.getType()).getElementType();
}

ArrayRef<int64_t> getOperandShape(Value v) {
  if (auto t = dyn_cast<RankedTensorType>(v.getType()))
    return t.getShape();
  return cast<layout::MemDescType>(v.getType()).getShape();
}

/// Whether `v` is computed from the result of a tile.dot through
/// elementwise ops (casts, scaling, exp), scf.if results (a mask applied
/// in some iterations only) and scf.for iteration arguments (a loop that
/// computes the next iteration's S, software-pipelined by one block): a
/// chained dot's A operand.
bool comesFromDot(Value v, int depth = 0) {
  if (depth > 8)
    return false;
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    if (!loop || arg.getArgNumber() == 0)
      return false;
    unsigned index = arg.getArgNumber() - 1;
    return comesFromDot(loop.getInitArgs()[index], depth + 1) ||
           comesFromDot(loop.getBody()->getTerminator()->getOperand(index),
                        depth + 1);
  }
  Operation *def = v.getDefiningOp();
  if (!def)
    return false;
  if (isa<DotOp>(def))
    return true;
  if (auto ifOp = dyn_cast<scf::IfOp>(def)) {
    unsigned index = cast<OpResult>(v).getResultNumber();
    return llvm::any_of(ifOp->getRegions(), [&](Region &region) {
      return !region.empty() &&
             comesFromDot(region.front().getTerminator()->getOperand(index),
                          depth + 1);
    });
  }
  if (def->getNumResults() != 1 || def->getNumRegions() != 0 ||
      !def->hasTrait<OpTrait::Elementwise>())
    return false;
  return llvm::any_of(def->getOperands(), [&](Value operand) {
    return isa<RankedTensorType>(operand.getType()) &&
           comesFromDot(operand, depth + 1);
  });
}

/// Whether `v` reaches the A operand of a tile.dot through elementwise ops
/// and scf.if results: the dot defining `v` produces a chained dot's A.
bool feedsDotA(Value v, int depth = 0) {
  if (depth > 8)
    return false;
  for (OpOperand &use : v.getUses()) {
    Operation *user = use.getOwner();
    if (auto dot = dyn_cast<DotOp>(user)) {
      if (use.get() == dot.getA())
        return true;
      continue;
    }
    if (auto yield = dyn_cast<scf::YieldOp>(user)) {
      Operation *parent = yield->getParentOp();
      unsigned index = use.getOperandNumber();
      if (isa<scf::IfOp>(parent) &&
          feedsDotA(parent->getResult(index), depth + 1))
        return true;
      // Yielded by a loop: the next iteration's argument (and the result).
      if (auto loop = dyn_cast<scf::ForOp>(parent);
          loop && (feedsDotA(loop.getRegionIterArgs()[index], depth + 1) ||
                   feedsDotA(loop.getResult(index), depth + 1)))
        return true;
      continue;
    }
    // The initial value of a loop's iteration argument.
    if (auto loop = dyn_cast<scf::ForOp>(user)) {
      if (use.getOperandNumber() >= loop.getNumControlOperands()) {
        unsigned index = use.getOperandNumber() - loop.getNumControlOperands();
        if (feedsDotA(loop.getRegionIterArgs()[index], depth + 1))
          return true;
      }
      continue;
    }
    if (user->getNumResults() == 1 && user->getNumRegions() == 0 &&
        user->hasTrait<OpTrait::Elementwise>() &&
        feedsDotA(user->getResult(0), depth + 1))
      return true;
  }
  return false;
}

/// Whether `dot` is a link of a chain (attention's S = Q * K^T feeding
/// O = P * V): its A comes from a dot, or its result becomes a dot's A.
/// Such a dot puts all its warps along M when every warp gets whole
/// 16-row instruction tiles: the producer's accumulator rows are then the
/// consumer's A rows in the same warp and thread, and P stays in registers.
bool isChainedDot(DotOp dot, int64_t m, int64_t numWarps) {
  return m >= 16 * numWarps &&
         (comesFromDot(dot.getA()) || feedsDotA(dot.getD()));
}

bool fits(Attribute layout, ArrayRef<int64_t> shape) {
  return layout && layout::toLinearLayout(layout, shape).has_value();
}

} // namespace

DotLayoutChoice tl::chooseDotLayouts(DotOp dot, int64_t numWarps,
                                     int computeCapability) {
  MLIRContext *ctx = dot.getContext();
  RankedTensorType cType = dot.getC().getType();
  ArrayRef<int64_t> cShape = cType.getShape();
  int64_t rank = cShape.size();
  int64_t m = cShape[rank - 2], n = cShape[rank - 1];
  ArrayRef<int64_t> aShape = getOperandShape(dot.getA());
  ArrayRef<int64_t> bShape = getOperandShape(dot.getB());
  int64_t k = aShape[rank - 1];
  Type elem = getOperandElementType(dot.getA());
  unsigned bits = elem.getIntOrFloatBitWidth();
  int64_t instrK = bits == 32 ? 8 : bits == 16 ? 16 : 32;
  bool exactF32 = elem.isF32() && dot.getPrecision() == InputPrecision::ieee;
  DotLayoutChoice choice;

  // 1. wgmma.
  if (!exactF32 && computeCapability == 90 && rank == 2 &&
      numWarps % 4 == 0 && m % 64 == 0 && n % 8 == 0 && k % instrK == 0) {
    // A chained dot keeps A in registers, which wgmma takes only with all
    // warps along M (as Triton's warpsPerTileV3 for a dot in a chain).
    bool chained = isChainedDot(dot, m, numWarps);
    unsigned wm = 4, wn = 1;
    while (int64_t(wm) * wn < numWarps) {
      if (chained || m > 16 * int64_t(wm))
        wm *= 2;
      else
        wn *= 2;
    }
    int64_t perWarpN = std::max<int64_t>(n / wn, 8);
    unsigned instrN = 8;
    for (unsigned cand = 256; cand >= 8; cand /= 2)
      if (cand <= perWarpN && n % cand == 0) {
        instrN = cand;
        break;
      }
    auto acc = layout::NvmmaAttr::get(ctx, 3, 0, {wm, wn},
                                      {16, instrN, unsigned(instrK)});
    // A: K contiguous. B: N contiguous for 16-bit types, else K (wgmma
    // transposes 16-bit operands only).
    Attribute a = layout::NvmmaSharedAttr::getDefault(ctx, aShape, elem,
                                                      {1, 0});
    SmallVector<unsigned> bOrder = bits == 16 ? SmallVector<unsigned>{1, 0}
                                              : SmallVector<unsigned>{0, 1};
    Attribute b = layout::NvmmaSharedAttr::getDefault(ctx, bShape, elem,
                                                      bOrder);
    auto swizzled = [](Attribute l) {
      auto s = dyn_cast_or_null<layout::NvmmaSharedAttr>(l);
      return s && s.getSwizzlingByteWidth() != 0;
    };
    Attribute aRegs;
    if (chained && comesFromDot(dot.getA()))
      aRegs = layout::DotOperandAttr::get(
          ctx, 0, cast<layout::DistributedLayoutAttrInterface>(Attribute(acc)),
          32 / bits);
    if (fits(acc, cShape) && (aRegs || swizzled(a)) && swizzled(b) &&
        fits(aRegs ? aRegs : a, aShape) && fits(b, bShape)) {
      choice.accumulator = acc;
      choice.a = aRegs ? aRegs : a;
      choice.b = b;
      choice.operandsInSharedMemory = true;
      choice.aInRegisters = bool(aRegs);
      return choice;
    }
    choice.whyNotFaster = "no wgmma layout fits the tile";
  } else if (computeCapability == 90) {
    choice.whyNotFaster =
        exactF32 ? "input_precision = ieee"
        : rank != 2 ? "batched dots use mma.sync"
        : numWarps % 4 ? "num_warps is not a multiple of 4"
        : m % 64 ? "M is not a multiple of 64"
        : n % 8 ? "N is not a multiple of 8"
                : "K is not a multiple of the wgmma K";
  }

  // 2. mma.sync. fp8 mma.sync exists from sm_89 (with PTX ISA 8.4, which
  // the lowering asks the driver for); fp8 has no CUDA-core form, so it
  // takes these layouts on older targets too, where the lowering refuses
  // it with the reason.
  if (!exactF32 && k % instrK == 0 && m >= 16 && n >= 8) {
    unsigned wm = 1, wn = 1;
    // A chained dot: all warps along M (see isChainedDot).
    if (isChainedDot(dot, m, numWarps))
      wm = numWarps;
    while (int64_t(wm) * wn < numWarps) {
      int64_t repM = std::max<int64_t>(m / 16 / wm, 1);
      int64_t repN = std::max<int64_t>(n / 8 / wn, 1);
      if (repM >= repN && m / 16 > int64_t(wm))
        wm *= 2;
      else if (n / 8 > int64_t(wn))
        wn *= 2;
      else
        wm *= 2; // the tile is smaller than the warps: broadcast
    }
    SmallVector<unsigned> warps, instr;
    if (rank == 3) {
      warps = {1, wm, wn};
      instr = {1, 16, 8};
    } else {
      warps = {wm, wn};
      instr = {16, 8};
    }
    auto acc = layout::NvmmaAttr::get(ctx, 2, 0, warps, instr);
    unsigned kWidth = 32 / bits;
    auto parent = cast<layout::DistributedLayoutAttrInterface>(Attribute(acc));
    auto a = layout::DotOperandAttr::get(ctx, 0, parent, kWidth);
    auto b = layout::DotOperandAttr::get(ctx, 1, parent, kWidth);
    if (fits(acc, cShape) && fits(a, aShape) && fits(b, bShape)) {
      choice.accumulator = acc;
      choice.a = a;
      choice.b = b;
      return choice;
    }
  }

  // 3. FMA on a blocked accumulator.
  Attribute acc = buildBlockedLayout(ctx, cShape, rank - 1, 1, numWarps);
  choice.accumulator = acc;
  choice.a = layout::DotOperandAttr::get(
      ctx, 0, cast<layout::DistributedLayoutAttrInterface>(acc), 0);
  choice.b = layout::DotOperandAttr::get(
      ctx, 1, cast<layout::DistributedLayoutAttrInterface>(acc), 0);
  return choice;
}

Attribute tl::chooseWgmmaBLayout(Attribute chosen, RankedTensorType b) {
  auto shared = dyn_cast_or_null<layout::NvmmaSharedAttr>(chosen);
  Attribute regs = getLayout(b);
  if (!shared || shared.getTransposed() || !regs || b.getRank() != 2 ||
      b.getElementType().getIntOrFloatBitWidth() != 16)
    return chosen;
  ArrayRef<int64_t> shape = b.getShape();
  if (getCoalescedRun(regs, shape, 0) <= getCoalescedRun(regs, shape, 1))
    return chosen;
  auto kMajor = layout::NvmmaSharedAttr::getDefault(
      b.getContext(), shape, b.getElementType(), {0, 1});
  if (!kMajor || kMajor.getSwizzlingByteWidth() == 0 || !fits(kMajor, shape))
    return chosen;
  return kMajor;
}
