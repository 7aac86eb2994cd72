//===- WarpShuffleConvert.cpp - layout.convert through warp shuffles ------===//
//
// Emits a WarpShufflePlan (ConversionPlan.h): in round t every lane picks
// the source register it sends (a select chain when that register depends
// on the lane), `shfl.sync.idx` reads the value of lane srcLane(t, lane),
// and the received value becomes destination register dstReg(t, lane) (a
// select chain per destination register when that depends on the lane).
// Rounds in which every lane reads itself need no shuffle. Values travel as
// 32-bit pieces: 8/16-bit values are widened, 64-bit values split in two.
//
//===----------------------------------------------------------------------===//

#include "SharedMemoryTransfer.h"
#include "tile/Conversion/TileToLLVM/Utility.h"

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

/// Picks values[base ^ v] where `selector` == v, for v in `candidates`
/// (which contains 0; selector null means 0): a chain of selects.
static Value selectByLane(OpBuilder &b, Location loc, Value selector,
                          ArrayRef<int32_t> candidates,
                          std::map<int32_t, Value> &conditions,
                          llvm::function_ref<Value(int32_t)> valueFor) {
  Value result = valueFor(0);
  if (!selector)
    return result;
  for (int32_t v : candidates) {
    if (v == 0)
      continue;
    Value &cond = conditions[v];
    if (!cond)
      cond = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, selector,
                                  i32Const(b, loc, v));
    result = LLVM::SelectOp::create(b, loc, cond, valueFor(v), result);
  }
  return result;
}

SmallVector<Value> tile::emitWarpShuffleConversion(OpBuilder &b, Location loc,
                                                   const WarpShufflePlan &plan,
                                                   ArrayRef<Value> srcRegs) {
  Value lane = getHardwareIds(b, loc).lane;
  Value sendSel = emitLaneLinear(b, loc, lane, plan.sendRegOfLaneBit);
  Value srcLaneBase = emitLaneLinear(b, loc, lane, plan.srcLaneOfLaneBit);
  Value recvSel = emitLaneLinear(b, loc, lane, plan.dstRegOfLaneBit);
  // Candidate selector values (the span of the lane masks, 0 included).
  SmallVector<int32_t> sendSpan = plan.sendRegCandidates(0);
  for (int32_t &v : sendSpan)
    v ^= plan.sendRegXor.empty() ? 0 : plan.sendRegXor[0];
  SmallVector<int32_t> recvSpan = plan.dstRegCandidates();
  std::map<int32_t, Value> sendConds, recvConds;

  SmallVector<Value> received;
  for (int t = 0; t < plan.numRounds; ++t) {
    Value sent = selectByLane(b, loc, sendSel, sendSpan, sendConds,
                              [&](int32_t v) {
                                return srcRegs[plan.sendRegXor[t] ^ v];
                              });
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
    result.push_back(selectByLane(b, loc, recvSel, recvSpan, recvConds,
                                  [&](int32_t a) { return received[r ^ a]; }));
  return result;
}
