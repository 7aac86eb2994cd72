//===- ReduceOpToLLVM.cpp - tile.reduce to LLVM --------------------------===//
//
// The reduction along `axis` of a tensor in layout L, read off L's linear
// form. Every input bit of L (register, lane, warp) is an axis bit (its
// basis moves along the axis only), a non-axis bit (moves along other dims
// only) or a broadcast bit (zero basis); among the axis bits, those whose
// axis step is a combination of earlier ones are broadcast copies too.
//
//  1. Within a thread, the registers that differ only in axis bits are
//     combined (a balanced tree of adjacent pairs in increasing register
//     order: log2 deep).
//  2. Across lanes, one butterfly shuffle per axis lane bit.
//  3. Across warps, when warps split the axis: every thread stores its
//     partials to scratch[warpAxisIndex][element], a barrier, and each
//     thread combines the partials of the elements of its result registers
//     in a fixed order, so every copy of a result is bitwise equal.
// Without step 3 the result registers are taken from the partials through
// the result layout (the slice of L), or through the same scratch when its
// registers cannot be matched. Several operands (one layout) are reduced
// together as tuples, one scalar per operand, each with its own scratch.
//
//===----------------------------------------------------------------------===//

#include "Combiner.h"
#include "SharedMemoryTransfer.h"
#include "tile/Conversion/TileToLLVM/LayoutIndexing.h"
#include "tile/Conversion/TileToLLVM/MemoryAccess.h"
#include "tile/Conversion/TileToLLVM/Patterns.h"
#include "tile/Conversion/TileToLLVM/Registers.h"
#include "tile/Conversion/TileToLLVM/SharedMemory.h"
#include "tile/Conversion/TileToLLVM/TypeConverter.h"
#include "tile/Conversion/TileToLLVM/WarpShuffle.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/IRMapping.h"

#include <map>

using namespace tile;
namespace LLVM = mlir::LLVM;

namespace {

/// What the lowering of one tile.reduce does, computed from types alone so
/// that the pass can size shared memory before the conversion.
struct ReducePlan {
  LinearLayout src;
  int64_t axis = 0;
  /// Register bits of the non-axis and the combined axis bits.
  int32_t regNonAxisMask = 0;
  int32_t regAxisMask = 0;
  /// Lane and warp bits to combine across.
  SmallVector<int> laneAxisBits;
  SmallVector<int> warpAxisBits;
  bool scalarResult = false;
  /// The result layout (tensor results).
  std::optional<LinearLayout> result;
  /// Result register -> source register whose group holds its value, when
  /// no scratch is needed.
  std::optional<SmallVector<unsigned>> resultRegs;
  /// Elements of the result (1 for a scalar) and bytes of one, per operand.
  int64_t numResultElems = 1;
  SmallVector<int64_t> elemBytes;

  bool needsSharedMemory() const {
    return !warpAxisBits.empty() || (!scalarResult && !resultRegs);
  }
  /// Offset of operand `i`'s scratch (8-byte aligned); `i` = the number of
  /// operands gives the total.
  int64_t scratchOffset(size_t i) const {
    int64_t offset = 0;
    for (size_t j = 0; j < i; ++j)
      offset += llvm::alignTo((int64_t(1) << warpAxisBits.size()) *
                                  numResultElems * elemBytes[j],
                              8);
    return offset;
  }
  int64_t scratchBytes() const {
    if (!needsSharedMemory())
      return 0;
    return scratchOffset(elemBytes.size());
  }
};

std::optional<ReducePlan> buildReducePlan(tl::ReduceOp op, std::string *why) {
  auto fail = [&](const Twine &msg) -> std::optional<ReducePlan> {
    if (why)
      *why = msg.str();
    return std::nullopt;
  };
  auto srcType = cast<RankedTensorType>(op.getSrc().getType());
  std::optional<LinearLayout> src =
      TileLLVMTypeConverter::getLinearLayout(srcType);
  if (!src)
    return fail("the operand has no distributed layout");
  ReducePlan plan{*src};
  plan.axis = op.getAxis();
  int64_t rank = srcType.getRank();
  if (plan.axis < 0 || plan.axis >= rank ||
      src->getNumOutDims() != rank)
    return fail("the reduction axis is out of range");
  for (Value src : op.getSrcs())
    plan.elemBytes.push_back(getElementBytes(
        cast<RankedTensorType>(src.getType()).getElementType()));

  // Classify the input bits; keep the axis bits whose steps are independent.
  uint32_t pivots[32] = {};
  auto independentAxisStep = [&](uint32_t v) {
    for (int k = 31; k >= 0 && v; --k)
      if (((v >> k) & 1) && pivots[k])
        v ^= pivots[k];
    if (!v)
      return false;
    pivots[31 - llvm::countl_zero(v)] = v;
    return true;
  };
  for (const auto &[name, dimBases] : src->getBases()) {
    for (unsigned bit = 0; bit < dimBases.size(); ++bit) {
      const LinearLayout::Basis &basis = dimBases[bit];
      bool otherDims = false;
      for (int64_t d = 0; d < rank; ++d)
        if (d != plan.axis && basis[d] != 0)
          otherDims = true;
      uint32_t axisStep = uint32_t(basis[plan.axis]);
      if (axisStep != 0 && otherDims)
        return fail("the layout mixes the reduction axis with other dims in "
                    "one basis (" + name + " bit " + Twine(bit) +
                    "); convert the operand to a blocked layout first");
      if (otherDims) {
        if (name == kRegister)
          plan.regNonAxisMask |= 1 << bit;
        continue;
      }
      if (axisStep == 0 || !independentAxisStep(axisStep))
        continue;
      if (name == kRegister)
        plan.regAxisMask |= 1 << bit;
      else if (name == kLane)
        plan.laneAxisBits.push_back(bit);
      else if (name == kWarp)
        plan.warpAxisBits.push_back(bit);
      else
        return fail("reductions across blocks of a cluster are not "
                    "supported");
    }
  }

  Type resultType = op.getResult().getType();
  auto resultTensor = dyn_cast<RankedTensorType>(resultType);
  plan.scalarResult = !resultTensor;
  if (!resultTensor)
    return plan;
  plan.numResultElems = resultTensor.getNumElements();
  plan.result = TileLLVMTypeConverter::getLinearLayout(resultTensor);
  if (!plan.result)
    return fail("the result has no distributed layout");
  // The operand layout seen in the result's coordinates.
  SmallVector<int> dimOf(rank);
  for (int64_t d = 0; d < rank; ++d)
    dimOf[d] = d < plan.axis ? d : d == plan.axis ? -1 : d - 1;
  if (plan.result->getNumOutDims() != rank - 1)
    return fail("the result rank does not match");
  LinearLayout projected =
      projectOutputs(*src, dimOf, plan.result->getOutDims());
  plan.resultRegs = matchRegisters(projected, *plan.result);
  return plan;
}

/// Combines `values` as a balanced tree of adjacent pairs ((v0 v1) (v2 v3))
/// ..., so that the dependent chain is log2(n) combines deep rather than
/// n - 1 (a row max or sum of 32 registers: 5 instead of 31 steps). Each
/// combine takes the lower registers as its left operand.
ScalarTuple combineRegisters(ArrayRef<ScalarTuple> values,
                             const CombinerEmitter &combine) {
  SmallVector<ScalarTuple> level(values);
  while (level.size() > 1) {
    SmallVector<ScalarTuple> next;
    for (size_t i = 0; i + 1 < level.size(); i += 2)
      next.push_back(combine(level[i], level[i + 1]));
    if (level.size() % 2)
      next.push_back(level.back());
    level = std::move(next);
  }
  return level.front();
}

struct ReduceOpConversion : public ConvertOpToLLVMPattern<tl::ReduceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tl::ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::string why;
    std::optional<ReducePlan> plan = buildReducePlan(op, &why);
    if (!plan)
      return rewriter.notifyMatchFailure(op, why);
    size_t numOperands = op.getSrcs().size();
    SmallVector<Type> elemTypes, llResultTypes;
    for (auto [src, result] : llvm::zip(op.getSrcs(), op.getValues())) {
      elemTypes.push_back(getTypeConverter()->convertType(
          cast<RankedTensorType>(src.getType()).getElementType()));
      llResultTypes.push_back(
          getTypeConverter()->convertType(result.getType()));
      if (!elemTypes.back() || !llResultTypes.back())
        return failure();
    }

    // The combiner: a predefined kind or the region, inlined per pair.
    Block *body = op.getCombiner().empty() ? nullptr
                                           : &op.getCombiner().front();
    std::optional<CombineKind> kind;
    if (std::optional<tl::ReduceKind> k = op.getKind())
      kind = *k == tl::ReduceKind::sum   ? CombineKind::sum
             : *k == tl::ReduceKind::max ? CombineKind::max
                                         : CombineKind::min;
    if (!kind && !body)
      return rewriter.notifyMatchFailure(op, "no combiner");
    CombinerEmitter combine(rewriter, loc, kind, body);
    auto replaceWithTuples = [&](ArrayRef<ScalarTuple> perResultReg) {
      SmallVector<Value> replacements;
      for (size_t o = 0; o < numOperands; ++o) {
        if (plan->scalarResult) {
          replacements.push_back(perResultReg.front()[o]);
          continue;
        }
        SmallVector<Value> regs;
        for (const ScalarTuple &t : perResultReg)
          regs.push_back(t[o]);
        replacements.push_back(
            packStruct(rewriter, loc, llResultTypes[o], regs));
      }
      rewriter.replaceOp(op, replacements);
    };

    // 1. Within the thread: one partial per group of registers that differ
    //    only in axis bits. Groups are keyed by their non-axis bits.
    SmallVector<SmallVector<Value>> regs;
    for (Value src : adaptor.getSrcs())
      regs.push_back(unpackStruct(rewriter, loc, src));
    int32_t numRegs = regs.front().size();
    auto tupleAt = [&](int32_t r) {
      ScalarTuple t;
      for (size_t o = 0; o < numOperands; ++o)
        t.push_back(regs[o][r]);
      return t;
    };
    std::map<int32_t, ScalarTuple> partials;
    for (int32_t g = 0; g < numRegs; ++g) {
      if (g & ~plan->regNonAxisMask)
        continue;
      SmallVector<ScalarTuple> members;
      // Enumerate the subsets of the axis mask in increasing order.
      int32_t s = 0;
      do {
        members.push_back(tupleAt(g | s));
        s = (s - plan->regAxisMask) & plan->regAxisMask;
      } while (s != 0);
      partials[g] = combineRegisters(members, combine);
    }

    // 2. Across lanes.
    for (int bit : plan->laneAxisBits)
      for (auto &[g, v] : partials) {
        ScalarTuple other;
        for (Value x : v)
          other.push_back(emitShuffleXor(rewriter, loc, x, 1u << bit));
        v = combine(v, other);
      }

    SmallVector<ScalarTuple> results;
    if (!plan->needsSharedMemory()) {
      if (plan->scalarResult) {
        replaceWithTuples(partials.begin()->second);
        return success();
      }
      for (unsigned r : *plan->resultRegs)
        results.push_back(partials[r & plan->regNonAxisMask]);
      replaceWithTuples(results);
      return success();
    }

    // 3. Across warps (or to redistribute): scratch[j][element].
    SmallVector<int32_t> resultShape;
    if (plan->result)
      resultShape = getOutShape(*plan->result);
    Value smem = getScratchPtr(rewriter, loc);
    auto smemType = smem.getType();
    auto slotAddress = [&](size_t o, Value warpIndex, Value element) -> Value {
      int64_t bytes = plan->elemBytes[o];
      Value slot = element;
      if (warpIndex) {
        Value base = LLVM::MulOp::create(
            rewriter, loc, warpIndex,
            i32Const(rewriter, loc, plan->numResultElems));
        slot = LLVM::AddOp::create(rewriter, loc, base, element);
      }
      Value offset = LLVM::MulOp::create(rewriter, loc, slot,
                                         i32Const(rewriter, loc, bytes));
      // Operand o's scratch follows the earlier operands'.
      if (int64_t base = plan->scratchOffset(o))
        offset = LLVM::AddOp::create(rewriter, loc, offset,
                                     i32Const(rewriter, loc, base));
      return LLVM::GEPOp::create(rewriter, loc, smemType,
                                 rewriter.getI8Type(), smem,
                                 ValueRange{offset});
    };

    emitBarrier(rewriter, loc);
    HardwareIds ids = getHardwareIds(rewriter, loc);
    Value warpIndex;
    for (auto [i, bit] : llvm::enumerate(plan->warpAxisBits)) {
      Value b = LLVM::AndOp::create(rewriter, loc,
                                    LLVM::LShrOp::create(
                                        rewriter, loc, ids.warp,
                                        i32Const(rewriter, loc, bit)),
                                    i32Const(rewriter, loc, 1));
      if (i != 0)
        b = LLVM::ShlOp::create(rewriter, loc, b, i32Const(rewriter, loc, i));
      warpIndex =
          warpIndex ? LLVM::OrOp::create(rewriter, loc, warpIndex, b).getResult()
                    : b;
    }
    SmallVector<SmallVector<Value>> srcCoords =
        emitIndices(rewriter, loc, plan->src);
    for (auto &[g, v] : partials) {
      Value element = i32Const(rewriter, loc, 0);
      if (!plan->scalarResult) {
        SmallVector<Value> coords = srcCoords[g];
        coords.erase(coords.begin() + plan->axis);
        element = linearize(rewriter, loc, coords, resultShape);
      }
      for (size_t o = 0; o < numOperands; ++o)
        emitStore(rewriter, loc, v[o], slotAddress(o, warpIndex, element));
    }
    emitBarrier(rewriter, loc);

    int64_t numWarpParts = int64_t(1) << plan->warpAxisBits.size();
    auto readResult = [&](Value element) -> ScalarTuple {
      SmallVector<ScalarTuple> parts;
      for (int64_t j = 0; j < numWarpParts; ++j) {
        ScalarTuple part;
        for (size_t o = 0; o < numOperands; ++o)
          part.push_back(emitLoad(
              rewriter, loc, elemTypes[o],
              slotAddress(o, j ? i32Const(rewriter, loc, j) : Value(),
                          element)));
        parts.push_back(part);
      }
      return combineRegisters(parts, combine);
    };
    if (plan->scalarResult) {
      replaceWithTuples(readResult(i32Const(rewriter, loc, 0)));
      return success();
    }
    std::map<SmallVector<int32_t>, ScalarTuple> done;
    SmallVector<SmallVector<Value>> dstCoords =
        emitIndices(rewriter, loc, *plan->result);
    for (auto [r, coords] : llvm::enumerate(dstCoords)) {
      SmallVector<int32_t> key = getRegisterCoords(*plan->result, r);
      auto it = done.find(key);
      if (it == done.end())
        it = done.emplace(key, readResult(linearize(rewriter, loc, coords,
                                                    resultShape)))
                 .first;
      results.push_back(it->second);
    }
    replaceWithTuples(results);
    return success();
  }
};

} // namespace

int64_t tile::getReduceScratchBytes(Operation *op) {
  auto reduce = dyn_cast<tl::ReduceOp>(op);
  if (!reduce)
    return 0;
  std::optional<ReducePlan> plan = buildReducePlan(reduce, nullptr);
  return plan ? plan->scratchBytes() : 0;
}

std::string tile::whyReduceNotLowerable(Operation *op) {
  auto reduce = dyn_cast<tl::ReduceOp>(op);
  if (!reduce)
    return "";
  std::string why;
  if (!buildReducePlan(reduce, &why))
    return why.empty() ? "unsupported reduction" : why;
  return "";
}

void tile::populateReduceOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                          RewritePatternSet &patterns) {
  patterns.add<ReduceOpConversion>(converter);
}
