//===- ScanOpToLLVM.cpp - tile.scan to LLVM -------------------------------===//
//
// The cumulative scan along `axis` of tensors in layout L, with the levels
// of tile.reduce (AxisBits.h says which hardware bit holds each axis bit).
// Along the axis, L must hold the coordinate's low bits in registers, then
// lanes (consecutive lane bits, so that a shuffle delta moves along the
// axis), then warps, then registers again (the repeats of a blocked
// layout, "chunks"). A reverse scan is the same scan of the flipped axis:
// every position p below is N-1-p, shuffles go down instead of up.
//
//  1. Within a thread, for each group of registers that differ only in
//     low axis bits (one group per non-axis register and chunk): the
//     running combination in axis order; its last value is the thread's
//     total.
//  2. Across lanes, Hillis-Steele on the totals: one shfl.up by 2^k lane
//     positions per lane bit k (`earlier op later` where the source lane
//     exists, the value unchanged elsewhere); a last shfl.up by one
//     position gives each lane the combination of the lanes before it, and
//     shfl.idx from the last lane the total of the lane segment.
//  3. Across warps and chunks (outer position q = chunk * W + warp): with
//     several warps along the axis, every thread stores its segment totals
//     to scratch[q][non-axis element], a barrier, and each thread combines
//     the totals of the outer positions before its own in increasing
//     order. With one warp the totals of the chunks are all in the thread.
// An element's value is outer prefix op (lane prefix op in-thread value),
// where a prefix that does not exist is skipped (a select). An exclusive
// scan uses the in-thread values before each element (the identity for
// the first).
//
//===----------------------------------------------------------------------===//

#include "AxisBits.h"
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
#include "llvm/Support/MathExtras.h"

using namespace tile;
namespace LLVM = mlir::LLVM;
namespace NVVM = mlir::NVVM;

namespace {

/// What the lowering of one tile.scan does, from types alone.
struct ScanPlan {
  LinearLayout src;
  int64_t axis = 0;
  AxisBits bits;
  /// Hardware register bits of the in-thread and the chunk levels, and
  /// warp bits, each in axis order.
  SmallVector<int> lowRegBits, chunkRegBits, warpBits;
  /// The first lane bit along the axis and the number of them.
  int laneBase = 0;
  int numLaneBits = 0;
  int64_t numNonAxisElems = 1;
  SmallVector<int64_t> elemBytes;

  int64_t numChunks() const { return int64_t(1) << chunkRegBits.size(); }
  int64_t numWarps() const { return int64_t(1) << warpBits.size(); }
  int64_t numOuter() const { return numChunks() * numWarps(); }
  bool needsSharedMemory() const { return !warpBits.empty(); }
  int64_t scratchOffset(size_t i) const {
    int64_t offset = 0;
    for (size_t j = 0; j < i; ++j)
      offset += llvm::alignTo(numOuter() * numNonAxisElems * elemBytes[j], 8);
    return offset;
  }
  int64_t scratchBytes() const {
    return needsSharedMemory() ? scratchOffset(elemBytes.size()) : 0;
  }
};

std::optional<ScanPlan> buildScanPlan(tl::ScanOp op, std::string *why) {
  auto fail = [&](const Twine &msg) -> std::optional<ScanPlan> {
    if (why)
      *why = msg.str();
    return std::nullopt;
  };
  auto srcType = cast<RankedTensorType>(op.getSrcs().front().getType());
  std::optional<LinearLayout> src =
      TileLLVMTypeConverter::getLinearLayout(srcType);
  if (!src)
    return fail("the operand has no distributed layout");
  ScanPlan plan{*src};
  plan.axis = op.getAxis();
  std::optional<AxisBits> bits = analyzeAxisBits(*src, plan.axis, why);
  if (!bits)
    return std::nullopt;
  plan.bits = *bits;
  // Levels in axis order: registers, lanes, warps, registers (chunks).
  enum { Low, Lanes, Warps, Chunks } phase = Low;
  static const char *names[] = {"register", "lane", "warp", "register"};
  for (auto [c, bit] : llvm::enumerate(bits->bits)) {
    auto outOfOrder = [&](const char *what) {
      return fail(Twine("along the scan axis the layout puts ") + what +
                  " bit " + Twine(bit.hwBit) + " (axis step " + Twine(1u << c) +
                  ") above a " + names[phase] +
                  " bit; a scan needs the axis held by registers, then "
                  "consecutive lanes, then warps, then register repeats: "
                  "convert the operand to a blocked layout");
    };
    switch (bit.level) {
    case AxisBits::Level::Register:
      if (phase == Low)
        plan.lowRegBits.push_back(bit.hwBit);
      else {
        phase = Chunks;
        plan.chunkRegBits.push_back(bit.hwBit);
      }
      break;
    case AxisBits::Level::Lane:
      if (phase > Lanes)
        return outOfOrder("lane");
      if (plan.numLaneBits == 0)
        plan.laneBase = bit.hwBit;
      else if (bit.hwBit != plan.laneBase + plan.numLaneBits)
        return fail("the lanes along the scan axis are not consecutive lane "
                    "bits in axis order (lane bit " +
                    Twine(bit.hwBit) +
                    "); convert the operand to a blocked layout");
      phase = Lanes;
      ++plan.numLaneBits;
      break;
    case AxisBits::Level::Warp:
      if (phase > Warps)
        return outOfOrder("warp");
      phase = Warps;
      plan.warpBits.push_back(bit.hwBit);
      break;
    }
  }
  plan.numNonAxisElems =
      srcType.getNumElements() / srcType.getDimSize(plan.axis);
  for (Value v : op.getSrcs())
    plan.elemBytes.push_back(
        getElementBytes(cast<RankedTensorType>(v.getType()).getElementType()));
  return plan;
}

/// Register index holding bits `index` spread over the hardware bits
/// `hwBits` (bit i of `index` at hardware bit hwBits[i]).
int32_t spread(int64_t index, ArrayRef<int> hwBits) {
  int32_t r = 0;
  for (auto [i, hw] : llvm::enumerate(hwBits))
    if ((index >> i) & 1)
      r |= 1 << hw;
  return r;
}

struct ScanOpConversion : public ConvertOpToLLVMPattern<tl::ScanOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tl::ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::string why;
    std::optional<ScanPlan> plan = buildScanPlan(op, &why);
    if (!plan)
      return rewriter.notifyMatchFailure(op, why);
    size_t numOperands = op.getSrcs().size();
    SmallVector<Type> elemTypes, llTypes;
    for (Value src : op.getSrcs()) {
      auto type = cast<RankedTensorType>(src.getType());
      elemTypes.push_back(
          getTypeConverter()->convertType(type.getElementType()));
      llTypes.push_back(getTypeConverter()->convertType(type));
      if (!elemTypes.back() || !llTypes.back())
        return failure();
    }
    Block *body =
        op.getCombiner().empty() ? nullptr : &op.getCombiner().front();
    std::optional<CombineKind> kind;
    if (std::optional<tl::ScanKind> k = op.getKind())
      kind = CombineKind(static_cast<int>(*k));
    if (!kind && !body)
      return rewriter.notifyMatchFailure(op, "no combiner");
    CombinerEmitter combine(rewriter, loc, kind, body);
    bool reverse = op.getReverse(), exclusive = op.getExclusive();
    auto c32 = [&](int64_t v) { return i32Const(rewriter, loc, v); };
    auto bitsOf = [&](Value v, int shift, int64_t mask) -> Value {
      Value s =
          shift ? LLVM::LShrOp::create(rewriter, loc, v, c32(shift)).getResult()
                : v;
      return LLVM::AndOp::create(rewriter, loc, s, c32(mask));
    };

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
    HardwareIds ids = getHardwareIds(rewriter, loc);

    // Positions in the (flipped, for reverse) axis order.
    int64_t numLow = int64_t(1) << plan->lowRegBits.size();
    int64_t numChunks = plan->numChunks();
    auto flip = [&](int64_t i, int64_t n) { return reverse ? n - 1 - i : i; };
    Value lanePos, warpPos;
    int64_t numLanes = int64_t(1) << plan->numLaneBits;
    if (plan->numLaneBits) {
      lanePos = bitsOf(ids.lane, plan->laneBase, numLanes - 1);
      if (reverse)
        lanePos =
            LLVM::XOrOp::create(rewriter, loc, lanePos, c32(numLanes - 1));
    }
    if (!plan->warpBits.empty()) {
      for (auto [i, hw] : llvm::enumerate(plan->warpBits)) {
        Value b = bitsOf(ids.warp, hw, 1);
        if (i)
          b = LLVM::ShlOp::create(rewriter, loc, b, c32(i));
        warpPos =
            warpPos ? LLVM::OrOp::create(rewriter, loc, warpPos, b).getResult()
                    : b;
      }
      if (reverse)
        warpPos = LLVM::XOrOp::create(rewriter, loc, warpPos,
                                      c32(plan->numWarps() - 1));
    }

    // 1. Within the thread. local[g][chunk][t]: the in-thread value of the
    //    element at flipped low position t of flipped chunk `chunk`.
    struct Segment {
      SmallVector<int32_t> regOf; // register of each flipped low position
      SmallVector<ScalarTuple> local;
      ScalarTuple total;
      // Lane level: prefix of the earlier lanes, and the segment total.
      ScalarTuple lanePrefix, laneTotal;
    };
    SmallVector<int32_t> groups;
    for (int32_t g = 0; g < numRegs; ++g)
      if (!(g & plan->bits.regAxisMask))
        groups.push_back(g);
    // segments[gi][chunk]
    SmallVector<SmallVector<Segment>> segments(groups.size());
    for (auto [gi, g] : llvm::enumerate(groups)) {
      for (int64_t cf = 0; cf < numChunks; ++cf) {
        Segment seg;
        int32_t chunkRegs = spread(flip(cf, numChunks), plan->chunkRegBits);
        ScalarTuple acc;
        for (int64_t tf = 0; tf < numLow; ++tf) {
          int32_t r =
              g | chunkRegs | spread(flip(tf, numLow), plan->lowRegBits);
          seg.regOf.push_back(r);
          ScalarTuple x = tupleAt(r);
          if (exclusive) {
            seg.local.push_back(
                tf ? acc : ScalarTuple{combine.identity(elemTypes[0])});
          }
          acc = tf ? combine(acc, x) : x;
          if (!exclusive)
            seg.local.push_back(acc);
        }
        seg.total = acc;
        segments[gi].push_back(std::move(seg));
      }
    }

    // 2. Across lanes.
    auto shuffleTuple = [&](ArrayRef<Value> t, NVVM::ShflKind k, Value arg) {
      ScalarTuple result;
      for (Value v : t)
        result.push_back(emitShuffle(rewriter, loc, v, k, arg));
      return result;
    };
    NVVM::ShflKind dir = reverse ? NVVM::ShflKind::down : NVVM::ShflKind::up;
    Value laneValid;
    if (plan->numLaneBits) {
      laneValid = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::uge,
                                       lanePos, c32(1));
      int32_t axisLaneMask = int32_t(numLanes - 1) << plan->laneBase;
      Value lastLane =
          plan->numOuter() == 1 ? Value()
          : reverse
              ? LLVM::AndOp::create(rewriter, loc, ids.lane,
                                    c32(~axisLaneMask & (kWarpSize - 1)))
                    .getResult()
              : LLVM::OrOp::create(rewriter, loc, ids.lane, c32(axisLaneMask))
                    .getResult();
      for (auto &chunks : segments)
        for (Segment &seg : chunks) {
          ScalarTuple v = seg.total;
          for (int k = 0; k < plan->numLaneBits; ++k) {
            ScalarTuple u =
                shuffleTuple(v, dir, c32(int64_t(1) << (plan->laneBase + k)));
            Value has =
                LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::uge,
                                     lanePos, c32(int64_t(1) << k));
            v = selectTuple(rewriter, loc, has, combine(u, v), v);
          }
          seg.lanePrefix =
              shuffleTuple(v, dir, c32(int64_t(1) << plan->laneBase));
          // The segment total is needed only by later warps and chunks.
          if (plan->numOuter() > 1)
            seg.laneTotal = shuffleTuple(v, NVVM::ShflKind::idx, lastLane);
        }
    } else {
      for (auto &chunks : segments)
        for (Segment &seg : chunks)
          seg.laneTotal = seg.total;
    }

    // 3. Across warps and chunks: prefix[gi][chunk] and whether it exists.
    SmallVector<SmallVector<ScalarTuple>> outerPrefix(groups.size());
    SmallVector<SmallVector<Value>> outerValid(groups.size());
    if (plan->needsSharedMemory()) {
      int64_t numWarps = plan->numWarps();
      SmallVector<SmallVector<Value>> srcCoords =
          emitIndices(rewriter, loc, plan->src);
      SmallVector<int32_t> reducedShape;
      for (auto [d, size] : llvm::enumerate(
               cast<RankedTensorType>(op.getSrcs().front().getType())
                   .getShape()))
        if (int64_t(d) != plan->axis)
          reducedShape.push_back(size);
      Value smem = getScratchPtr(rewriter, loc);
      auto slotAddress = [&](size_t o, Value q, Value element) -> Value {
        Value slot = LLVM::AddOp::create(
            rewriter, loc,
            LLVM::MulOp::create(rewriter, loc, q, c32(plan->numNonAxisElems)),
            element);
        Value offset = LLVM::AddOp::create(
            rewriter, loc,
            LLVM::MulOp::create(rewriter, loc, slot, c32(plan->elemBytes[o])),
            c32(plan->scratchOffset(o)));
        return LLVM::GEPOp::create(rewriter, loc, smem.getType(),
                                   rewriter.getI8Type(), smem,
                                   ValueRange{offset});
      };
      SmallVector<Value> elementOf;
      for (int32_t g : groups) {
        SmallVector<Value> coords = srcCoords[g];
        coords.erase(coords.begin() + plan->axis);
        elementOf.push_back(
            reducedShape.empty()
                ? c32(0)
                : linearize(rewriter, loc, coords, reducedShape));
      }
      emitBarrier(rewriter, loc);
      for (auto [gi, chunks] : llvm::enumerate(segments))
        for (auto [cf, seg] : llvm::enumerate(chunks)) {
          Value q = LLVM::AddOp::create(rewriter, loc, warpPos,
                                        c32(int64_t(cf) * numWarps));
          for (size_t o = 0; o < numOperands; ++o)
            emitStore(rewriter, loc, seg.laneTotal[o],
                      slotAddress(o, q, elementOf[gi]));
        }
      emitBarrier(rewriter, loc);
      for (size_t gi = 0; gi < groups.size(); ++gi) {
        // acc[q]: the combination of the totals of outer positions 0..q.
        SmallVector<ScalarTuple> acc;
        for (int64_t q = 0; q + 1 < plan->numOuter(); ++q) {
          ScalarTuple s;
          for (size_t o = 0; o < numOperands; ++o)
            s.push_back(emitLoad(rewriter, loc, elemTypes[o],
                                 slotAddress(o, c32(q), elementOf[gi])));
          acc.push_back(q ? combine(acc.back(), s) : s);
        }
        for (int64_t cf = 0; cf < numChunks; ++cf) {
          // The prefix of outer position cf * W + warpPos.
          ScalarTuple prefix = acc[cf ? cf * numWarps - 1 : 0];
          for (int64_t w = 1; w < numWarps; ++w) {
            Value is = LLVM::ICmpOp::create(
                rewriter, loc, LLVM::ICmpPredicate::eq, warpPos, c32(w));
            prefix = selectTuple(rewriter, loc, is, acc[cf * numWarps + w - 1],
                                 prefix);
          }
          outerPrefix[gi].push_back(prefix);
          outerValid[gi].push_back(
              cf ? i1Const(rewriter, loc, true)
                 : LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne,
                                        warpPos, c32(0))
                       .getResult());
        }
      }
    } else if (numChunks > 1) {
      for (auto [gi, chunks] : llvm::enumerate(segments)) {
        ScalarTuple acc;
        for (int64_t cf = 0; cf < numChunks; ++cf) {
          outerPrefix[gi].push_back(cf ? acc : chunks[0].laneTotal);
          outerValid[gi].push_back(i1Const(rewriter, loc, cf != 0));
          acc = cf ? combine(acc, chunks[cf].laneTotal) : chunks[0].laneTotal;
        }
      }
    }

    // The elements: outer prefix op (lane prefix op in-thread value).
    SmallVector<SmallVector<Value>> results(numOperands,
                                            SmallVector<Value>(numRegs));
    for (auto [gi, chunks] : llvm::enumerate(segments))
      for (auto [cf, seg] : llvm::enumerate(chunks))
        for (auto [tf, x] : llvm::enumerate(seg.local)) {
          ScalarTuple v = x;
          if (laneValid)
            v = selectTuple(rewriter, loc, laneValid,
                            combine(seg.lanePrefix, v), v);
          if (!outerPrefix[gi].empty()) {
            std::optional<int64_t> always =
                getConstantIntValue(outerValid[gi][cf]);
            if (!always)
              v = selectTuple(rewriter, loc, outerValid[gi][cf],
                              combine(outerPrefix[gi][cf], v), v);
            else if (*always)
              v = combine(outerPrefix[gi][cf], v);
          }
          for (size_t o = 0; o < numOperands; ++o)
            results[o][seg.regOf[tf]] = v[o];
        }
    // Registers that are broadcast copies along no axis bit are their own
    // groups; every register has been written.
    SmallVector<Value> replacements;
    for (size_t o = 0; o < numOperands; ++o)
      replacements.push_back(packStruct(rewriter, loc, llTypes[o], results[o]));
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

} // namespace

int64_t tile::getScanScratchBytes(Operation *op) {
  auto scan = dyn_cast<tl::ScanOp>(op);
  if (!scan)
    return 0;
  std::optional<ScanPlan> plan = buildScanPlan(scan, nullptr);
  return plan ? plan->scratchBytes() : 0;
}

std::string tile::whyScanNotLowerable(Operation *op) {
  auto scan = dyn_cast<tl::ScanOp>(op);
  if (!scan)
    return "";
  std::string why;
  if (!buildScanPlan(scan, &why))
    return why.empty() ? "unsupported scan" : why;
  return "";
}

void tile::populateScanOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                        RewritePatternSet &patterns) {
  patterns.add<ScanOpConversion>(converter);
}
