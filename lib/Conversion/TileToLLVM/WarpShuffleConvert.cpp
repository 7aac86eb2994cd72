//===- WarpShuffleConvert.cpp - layout.convert through warp shuffles ------===//
//
// Emits a WarpShufflePlan (ConversionPlan.h): in round t every lane picks
// the source register it sends (selects when that register depends on the
// lane), `shfl.sync.idx` reads the value of lane srcLane(t, lane), and the
// received value becomes destination register dstReg(t, lane) (selects per
// destination register when that depends on the lane). The selects form a
// tree over the lane bits involved (one bit test per level) when their
// masks are independent, else a chain of compares.
// Rounds in which every lane reads itself need no shuffle. Values travel as
// 32-bit pieces: 8/16-bit values are widened, 64-bit values split in two.
//
//===----------------------------------------------------------------------===//

#include "SharedMemoryTransfer.h"
#include "tile/Conversion/TileToLLVM/LayoutIndexing.h"
#include "tile/Conversion/TileToLLVM/MemoryAccess.h"
#include "tile/Conversion/TileToLLVM/Registers.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include <map>

using namespace tile;
namespace LLVM = mlir::LLVM;
namespace NVVM = mlir::NVVM;

/// XOR over the set bits i of `lane` of `masks[i]` (i32), or null when every
/// mask is zero.
static Value emitLaneLinear(OpBuilder &b, Location loc, Value lane,
                            ArrayRef<int32_t> masks) {
  if (llvm::all_of(masks, [](int32_t m) { return m == 0; }))
    return {};
  int32_t maxMask = 1;
  for (int32_t m : masks)
    maxMask = std::max(maxMask, m);
  int32_t outSize = int32_t(llvm::PowerOf2Ceil(uint64_t(maxMask) + 1));
  LinearLayout::BasesT bases;
  std::vector<LinearLayout::Basis> laneBases;
  for (int32_t m : masks)
    laneBases.push_back({m});
  bases[kLane.str()] = std::move(laneBases);
  LinearLayout fn(std::move(bases), {{"x", outSize}},
                  /*requireSurjective=*/false);
  return applyLinearLayout(b, loc, fn, {{kLane.str(), lane}})[0];
}

/// `shfl.sync.idx` of a 32-bit value from lane `srcLane`.
static Value shuffleIdx32(OpBuilder &b, Location loc, Value v, Value srcLane) {
  return NVVM::ShflOp::create(b, loc, v.getType(), i32Const(b, loc, -1), v,
                              srcLane, i32Const(b, loc, kWarpSize - 1),
                              NVVM::ShflKind::idx, UnitAttr());
}

/// `shfl.sync.idx` of a scalar of up to 64 bits (any type toMemoryInt
/// accepts), one 32-bit piece at a time.
static Value shuffleIdx(OpBuilder &b, Location loc, Value value,
                        Value srcLane) {
  Type type = value.getType();
  Type i32 = b.getI32Type();
  if (type.isF32() || type.isInteger(32))
    return shuffleIdx32(b, loc, value, srcLane);
  Value asInt = toMemoryInt(b, loc, value);
  Type intType = asInt.getType();
  unsigned bits = intType.getIntOrFloatBitWidth();
  Value result;
  if (bits == 64) {
    Value lo = LLVM::TruncOp::create(b, loc, i32, asInt);
    Value hi = LLVM::TruncOp::create(
        b, loc, i32,
        LLVM::LShrOp::create(b, loc, asInt, i64Const(b, loc, 32)));
    lo = LLVM::ZExtOp::create(b, loc, intType,
                              shuffleIdx32(b, loc, lo, srcLane));
    hi = LLVM::ZExtOp::create(b, loc, intType,
                              shuffleIdx32(b, loc, hi, srcLane));
    result = LLVM::OrOp::create(
        b, loc, lo, LLVM::ShlOp::create(b, loc, hi, i64Const(b, loc, 32)));
  } else {
    Value wide = LLVM::ZExtOp::create(b, loc, i32, asInt);
    result = LLVM::TruncOp::create(b, loc, intType,
                                   shuffleIdx32(b, loc, wide, srcLane));
  }
  return fromMemoryInt(b, loc, result, type);
}

/// Picks, in each lane, valueFor(selector(lane)) where selector(lane) is the
/// XOR of masks[i] over the set bits i of the lane id (masks all zero:
/// valueFor(0), no select).
class LaneSelector {
public:
  LaneSelector(OpBuilder &b, Location loc, Value lane,
               ArrayRef<int32_t> masks)
      : b(b), loc(loc), lane(lane), masks(masks) {
    // Independent non-zero masks: each is one level of a select tree whose
    // condition is one lane bit (2^rank - 1 selects, depth rank). Otherwise
    // (the tree would need more selects than the span has values) a chain
    // of compares against the computed selector.
    for (auto [i, m] : llvm::enumerate(masks))
      if (m != 0)
        treeBits.push_back(int(i));
    independent = isIndependent();
    if (!independent) {
      selector = emitLaneLinear(b, loc, lane, masks);
      SmallVector<int32_t> values = {0};
      for (int32_t m : masks) {
        if (m == 0 || llvm::is_contained(values, m))
          continue;
        size_t n = values.size();
        for (size_t j = 0; j < n; ++j)
          values.push_back(values[j] ^ m);
      }
      llvm::sort(values);
      candidates = std::move(values);
    }
  }

  Value select(llvm::function_ref<Value(int32_t)> valueFor) {
    if (treeBits.empty())
      return valueFor(0);
    if (independent)
      return tree(0, 0, valueFor);
    Value result = valueFor(0);
    for (int32_t v : candidates) {
      if (v == 0)
        continue;
      Value &cond = chainConds[v];
      if (!cond)
        cond = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, selector,
                                    i32Const(b, loc, v));
      result = LLVM::SelectOp::create(b, loc, cond, valueFor(v), result);
    }
    return result;
  }

private:
  /// True when the non-zero masks are linearly independent over F2 (a
  /// greedy XOR basis with distinct leading bits).
  bool isIndependent() const {
    SmallVector<uint32_t> rows;
    for (int i : treeBits) {
      uint32_t v = uint32_t(masks[i]);
      for (uint32_t r : rows)
        v = std::min(v, v ^ r);
      if (v == 0)
        return false;
      rows.push_back(v);
      llvm::sort(rows, std::greater<uint32_t>());
    }
    return true;
  }

  /// Level `level` of the tree: lane bit treeBits[level] chooses between
  /// acc and acc ^ masks[that bit].
  Value tree(size_t level, int32_t acc,
             llvm::function_ref<Value(int32_t)> valueFor) {
    if (level == treeBits.size())
      return valueFor(acc);
    int bit = treeBits[level];
    Value lo = tree(level + 1, acc, valueFor);
    Value hi = tree(level + 1, acc ^ masks[bit], valueFor);
    Value &cond = bitConds[bit];
    if (!cond) {
      Value masked =
          LLVM::AndOp::create(b, loc, lane, i32Const(b, loc, 1 << bit));
      cond = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, masked,
                                  i32Const(b, loc, 0));
    }
    return LLVM::SelectOp::create(b, loc, cond, hi, lo);
  }

  OpBuilder &b;
  Location loc;
  Value lane;
  ArrayRef<int32_t> masks;
  SmallVector<int> treeBits;
  bool independent = true;
  Value selector;
  SmallVector<int32_t> candidates;
  std::map<int, Value> bitConds;
  std::map<int32_t, Value> chainConds;
};

SmallVector<Value> tile::emitWarpShuffleConversion(OpBuilder &b, Location loc,
                                                   const WarpShufflePlan &plan,
                                                   ArrayRef<Value> srcRegs) {
  Value lane = getHardwareIds(b, loc).lane;
  LaneSelector sendSel(b, loc, lane, plan.sendRegOfLaneBit);
  LaneSelector recvSel(b, loc, lane, plan.dstRegOfLaneBit);
  Value srcLaneBase = emitLaneLinear(b, loc, lane, plan.srcLaneOfLaneBit);

  SmallVector<Value> received;
  for (int t = 0; t < plan.numRounds; ++t) {
    Value sent = sendSel.select(
        [&](int32_t v) { return srcRegs[plan.sendRegXor[t] ^ v]; });
    if (plan.isLocalRound(t)) {
      received.push_back(sent);
      continue;
    }
    Value from;
    if (!srcLaneBase)
      from = i32Const(b, loc, plan.srcLaneXor[t]);
    else if (plan.srcLaneXor[t] == 0)
      from = srcLaneBase;
    else
      from = LLVM::XOrOp::create(b, loc, srcLaneBase,
                                 i32Const(b, loc, plan.srcLaneXor[t]));
    received.push_back(shuffleIdx(b, loc, sent, from));
  }

  // Destination register r of a lane is the value of round r ^ a(lane).
  SmallVector<Value> result;
  for (int32_t r = 0; r < plan.numRounds; ++r)
    result.push_back(
        recvSel.select([&](int32_t a) { return received[r ^ a]; }));
  return result;
}
