//===- LayoutIndexing.cpp - Index arithmetic from linear layouts ----------===//

#include "WarpSpecializeLowering.h"
#include "tile/Conversion/TileToLLVM/LayoutIndexing.h"

#include "tile/Conversion/TileToLLVM/Registers.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include "llvm/ADT/DenseMap.h"

#include <map>

using namespace tile;
namespace LLVM = mlir::LLVM;
namespace NVVM = mlir::NVVM;

//===----------------------------------------------------------------------===//
// LinearLayoutApplyPlan
//===----------------------------------------------------------------------===//

LinearLayoutApplyPlan LinearLayoutApplyPlan::build(const LinearLayout &layout) {
  LinearLayoutApplyPlan plan;
  plan.inDims = layout.getInDimNames();
  plan.outDims = layout.getOutDimNames();
  for (unsigned o = 0; o < plan.outDims.size(); ++o) {
    // (input dim, shift) -> mask, ordered so the output is deterministic.
    std::map<std::pair<unsigned, int>, uint32_t> groups;
    for (unsigned i = 0; i < plan.inDims.size(); ++i) {
      int numBits = layout.getInDimSizeLog2(plan.inDims[i]);
      for (int bit = 0; bit < numBits; ++bit) {
        uint32_t image =
            uint32_t(layout.getBasis(plan.inDims[i], bit, plan.outDims[o]));
        // Over F2, (x_bit) * image is the XOR of x_bit moved to each set bit
        // of image.
        for (int t = 0; t < 32; ++t)
          if (image & (1u << t))
            groups[{i, t - bit}] |= 1u << bit;
      }
    }
    SmallVector<LinearLayoutTerm> terms;
    for (auto &[key, mask] : groups)
      terms.push_back({key.first, mask, key.second});
    plan.terms.push_back(std::move(terms));
  }
  return plan;
}

static uint32_t shiftBy(uint32_t x, int shift) {
  if (shift >= 32 || shift <= -32)
    return 0;
  return shift >= 0 ? x << shift : x >> -shift;
}

SmallVector<int32_t>
LinearLayoutApplyPlan::evaluate(ArrayRef<int32_t> ins) const {
  SmallVector<int32_t> outs;
  for (const auto &outTerms : terms) {
    uint32_t acc = 0;
    for (const LinearLayoutTerm &t : outTerms)
      acc ^= shiftBy(uint32_t(ins[t.inDim]) & t.mask, t.shift);
    outs.push_back(int32_t(acc));
  }
  return outs;
}

SmallVector<Value>
tile::applyLinearLayout(OpBuilder &b, Location loc, const LinearLayout &layout,
                        ArrayRef<std::pair<std::string, Value>> ins) {
  LinearLayoutApplyPlan plan = LinearLayoutApplyPlan::build(layout);
  SmallVector<Value> inValues(plan.inDims.size());
  SmallVector<std::optional<int64_t>> inConsts(plan.inDims.size());
  for (unsigned i = 0; i < plan.inDims.size(); ++i) {
    inConsts[i] = 0;
    for (auto &[name, value] : ins) {
      if (name != plan.inDims[i])
        continue;
      inValues[i] = value;
      inConsts[i] = getConstantIntValue(value);
    }
  }
  SmallVector<Value> outs;
  for (const auto &outTerms : plan.terms) {
    uint32_t constAcc = 0;
    Value acc;
    for (const LinearLayoutTerm &t : outTerms) {
      if (inConsts[t.inDim]) {
        constAcc ^= shiftBy(uint32_t(*inConsts[t.inDim]) & t.mask, t.shift);
        continue;
      }
      Value x = inValues[t.inDim];
      Value term = LLVM::AndOp::create(b, loc, x, i32Const(b, loc, t.mask));
      if (t.shift > 0)
        term = LLVM::ShlOp::create(b, loc, term, i32Const(b, loc, t.shift));
      else if (t.shift < 0)
        term = LLVM::LShrOp::create(b, loc, term, i32Const(b, loc, -t.shift));
      acc = acc ? LLVM::XOrOp::create(b, loc, acc, term).getResult() : term;
    }
    if (!acc)
      acc = i32Const(b, loc, int32_t(constAcc));
    else if (constAcc != 0)
      acc = LLVM::XOrOp::create(b, loc, acc, i32Const(b, loc, constAcc));
    outs.push_back(acc);
  }
  return outs;
}

//===----------------------------------------------------------------------===//
// Distributed tensors
//===----------------------------------------------------------------------===//

HardwareIds tile::getHardwareIds(OpBuilder &b, Location loc) {
  Value tid = emitThreadId(b, loc);
  HardwareIds ids;
  ids.lane = LLVM::AndOp::create(b, loc, tid, i32Const(b, loc, kWarpSize - 1));
  ids.warp = LLVM::LShrOp::create(b, loc, tid,
                                  i32Const(b, loc, llvm::Log2_32(kWarpSize)));
  ids.block = i32Const(b, loc, 0);
  return ids;
}

Value tile::emitFirstCopyCondition(OpBuilder &b, Location loc,
                                   const LinearLayout &layout) {
  llvm::StringMap<int32_t> masks = getBroadcastMasks(layout);
  int32_t lanes = masks.lookup(kLane);
  int32_t warps = masks.lookup(kWarp);
  if (!lanes && !warps)
    return {};
  HardwareIds ids = getHardwareIds(b, loc);
  Value bits;
  if (lanes)
    bits = LLVM::AndOp::create(b, loc, ids.lane, i32Const(b, loc, lanes));
  if (warps) {
    Value w = LLVM::AndOp::create(b, loc, ids.warp, i32Const(b, loc, warps));
    bits = bits ? LLVM::OrOp::create(b, loc, bits, w).getResult() : w;
  }
  return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, bits,
                              i32Const(b, loc, 0));
}

LinearLayout tile::getThreadPart(const LinearLayout &layout) {
  LinearLayout::BasesT bases;
  for (const auto &[name, dimBases] : layout.getBases())
    if (name != kRegister)
      bases[name] = dimBases;
  return LinearLayout(std::move(bases), layout.getOutDims(),
                      /*requireSurjective=*/false);
}

/// Bits that the thread part of output dim `o` may set.
static uint32_t possibleBits(const LinearLayoutApplyPlan &plan, unsigned o) {
  uint32_t bits = 0;
  for (const LinearLayoutTerm &t : plan.terms[o])
    bits |= shiftBy(t.mask, t.shift);
  return bits;
}

SmallVector<SmallVector<Value>> tile::emitIndices(OpBuilder &b, Location loc,
                                                  const LinearLayout &layout) {
  HardwareIds ids = getHardwareIds(b, loc);
  LinearLayout thread = getThreadPart(layout);
  SmallVector<Value> threadCoords =
      applyLinearLayout(b, loc, thread,
                        {{kLane.str(), ids.lane},
                         {kWarp.str(), ids.warp},
                         {kBlock.str(), ids.block}});
  LinearLayoutApplyPlan plan = LinearLayoutApplyPlan::build(thread);
  int32_t numRegs = layout.getInDimSize(kRegister);
  SmallVector<SmallVector<Value>> result;
  for (int32_t r = 0; r < numRegs; ++r) {
    SmallVector<int32_t> regCoords = getRegisterCoords(layout, r);
    SmallVector<Value> coords;
    for (unsigned d = 0; d < regCoords.size(); ++d) {
      Value t = threadCoords[d];
      uint32_t c = uint32_t(regCoords[d]);
      if (c == 0) {
        coords.push_back(t);
      } else if (auto tc = getConstantIntValue(t)) {
        coords.push_back(i32Const(b, loc, int32_t(uint32_t(*tc) ^ c)));
      } else if ((possibleBits(plan, d) & c) == 0) {
        // Disjoint bits: XOR is an addition, which folds into addressing.
        coords.push_back(LLVM::AddOp::create(b, loc, t, i32Const(b, loc, c)));
      } else {
        coords.push_back(LLVM::XOrOp::create(b, loc, t, i32Const(b, loc, c)));
      }
    }
    result.push_back(std::move(coords));
  }
  return result;
}

llvm::StringMap<int32_t> tile::getBroadcastMasks(const LinearLayout &layout) {
  // Gaussian elimination over F2 on the flattened bases, in order:
  // pivots[k] is a vector of the span whose highest set bit is k.
  uint64_t pivots[64] = {};
  llvm::StringMap<int32_t> masks;
  for (const auto &[name, dimBases] : layout.getBases()) {
    int32_t mask = 0;
    for (unsigned bit = 0; bit < dimBases.size(); ++bit) {
      uint64_t v = flattenCoords(layout, dimBases[bit]);
      for (int k = 63; k >= 0 && v; --k)
        if (((v >> k) & 1) && pivots[k])
          v ^= pivots[k];
      if (v == 0)
        mask |= 1 << bit;
      else
        pivots[63 - llvm::countl_zero(v)] = v;
    }
    masks[name] = mask;
  }
  return masks;
}

//===----------------------------------------------------------------------===//
// Vector widths
//===----------------------------------------------------------------------===//

int tile::getVectorWidth(const LinearLayout &layout, int dim, int maxWidth) {
  if (dim < 0 || dim >= layout.getNumOutDims())
    return 1;
  int numRegBits = layout.getInDimSizeLog2(kRegister);
  int k = 0;
  // Registers bits 0..k-1 must step by 1, 2, 4, ... along `dim` only.
  while (k < numRegBits && (1 << (k + 1)) <= maxWidth) {
    ArrayRef<int32_t> basis = layout.getBasis(kRegister, k);
    bool unit = true;
    for (int d = 0; d < layout.getNumOutDims(); ++d)
      if (basis[d] != (d == dim ? (1 << k) : 0))
        unit = false;
    if (!unit)
      break;
    ++k;
  }
  // Every other basis must leave the low k bits of `dim` alone, so that the
  // group starts at a multiple of 2^k and XOR acts as addition.
  auto fits = [&](int k) {
    int32_t low = (1 << k) - 1;
    for (const auto &[name, dimBases] : layout.getBases())
      for (unsigned bit = 0; bit < dimBases.size(); ++bit) {
        if (name == kRegister && int(bit) < k)
          continue;
        if (dimBases[bit][dim] & low)
          return false;
      }
    return true;
  };
  while (k > 0 && !fits(k))
    --k;
  return 1 << k;
}
