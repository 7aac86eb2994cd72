//===- SortOpToLLVM.cpp - tile.sort and tile.topk to LLVM -----------------===//
//
// A bitonic sorting network along `axis` of N = 2^n elements. Stage k
// (1..n) merges blocks of 2^k positions; its steps j = k-1..0 compare each
// position p with its partner p ^ 2^j. The block of p sorts ascending when
// bit k of p is 0 (always for the last stage), descending otherwise, the
// whole flipped for a descending sort; the lower position of a pair keeps
// the smaller key of an ascending block, the larger of a descending one.
// Every element computes its own side of the exchange: it takes its
// partner's tuple when the partner's key belongs on its side (strictly,
// so equal keys never duplicate a payload).
//
// Where the partner lives depends on which hardware bit holds axis bit j
// (AxisBits.h): another register of the same thread (a select), another
// lane (shfl.bfly with the lane bit), or another warp (all elements
// through shared memory: store, barrier, load the partner, barrier). Any
// distributed layout whose axis bits are single steps works; none needs a
// convert.
//
// tile.topk sorts descending, stores the sorted tensor to shared memory
// and reads the first k positions along the axis in the result layout.
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

namespace {

/// What the lowering of one tile.sort or tile.topk does, from types alone.
struct SortPlan {
  LinearLayout src;
  int64_t axis = 0;
  AxisBits bits;
  SmallVector<int32_t> shape;
  /// The result layout of a tile.topk.
  std::optional<LinearLayout> result;
  int64_t numElems = 1;
  SmallVector<int64_t> elemBytes;

  bool needsSharedMemory() const {
    return result || llvm::any_of(bits.bits, [](const AxisBits::Bit &b) {
             return b.level == AxisBits::Level::Warp;
           });
  }
  int64_t scratchOffset(size_t i) const {
    int64_t offset = 0;
    for (size_t j = 0; j < i; ++j)
      offset += llvm::alignTo(numElems * elemBytes[j], 8);
    return offset;
  }
  int64_t scratchBytes() const {
    return needsSharedMemory() ? scratchOffset(elemBytes.size()) : 0;
  }
};

std::optional<SortPlan> buildSortPlan(Operation *op, std::string *why) {
  auto fail = [&](const Twine &msg) -> std::optional<SortPlan> {
    if (why)
      *why = msg.str();
    return std::nullopt;
  };
  auto srcType = cast<RankedTensorType>(op->getOperand(0).getType());
  std::optional<LinearLayout> src =
      TileLLVMTypeConverter::getLinearLayout(srcType);
  if (!src)
    return fail("the operand has no distributed layout");
  SortPlan plan{*src};
  plan.axis = static_cast<int32_t>(
      op->getAttrOfType<IntegerAttr>("axis").getValue().getZExtValue());
  std::optional<AxisBits> bits = analyzeAxisBits(*src, plan.axis, why);
  if (!bits)
    return std::nullopt;
  plan.bits = *bits;
  for (int64_t size : srcType.getShape())
    plan.shape.push_back(size);
  plan.numElems = srcType.getNumElements();
  for (Value v : op->getOperands())
    plan.elemBytes.push_back(
        getElementBytes(cast<RankedTensorType>(v.getType()).getElementType()));
  if (isa<tl::TopKOp>(op)) {
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    plan.result = TileLLVMTypeConverter::getLinearLayout(resultType);
    if (!plan.result)
      return fail("the result has no distributed layout");
  }
  return plan;
}

/// Emits the sort of `regs` (per operand, per register) in place.
void emitBitonicSort(OpBuilder &b, Location loc, const SortPlan &plan,
                     bool descending, SmallVector<SmallVector<Value>> &regs,
                     ArrayRef<Type> elemTypes) {
  size_t numOperands = regs.size();
  int32_t numRegs = regs.front().size();
  auto c32 = [&](int64_t v) { return i32Const(b, loc, v); };
  SmallVector<SmallVector<Value>> coords = emitIndices(b, loc, plan.src);
  SmallVector<Value> pos;
  for (int32_t r = 0; r < numRegs; ++r)
    pos.push_back(coords[r][plan.axis]);
  auto bitOf = [&](Value v, int bit) -> Value {
    Value s = LLVM::LShrOp::create(b, loc, v, c32(bit));
    return LLVM::TruncOp::create(b, loc, b.getI1Type(),
                                 LLVM::AndOp::create(b, loc, s, c32(1)));
  };
  Type keyType = elemTypes.front();
  bool isFloat = isa<FloatType>(keyType);
  auto less = [&](Value x, Value y) -> Value {
    if (isFloat)
      return LLVM::FCmpOp::create(b, loc, LLVM::FCmpPredicate::olt, x, y);
    return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::slt, x, y);
  };

  // Shared memory for exchanges across warps.
  Value smem;
  SmallVector<Value> linear;
  auto slotAddress = [&](size_t o, Value element) -> Value {
    Value offset = LLVM::AddOp::create(
        b, loc, LLVM::MulOp::create(b, loc, element, c32(plan.elemBytes[o])),
        c32(plan.scratchOffset(o)));
    return LLVM::GEPOp::create(b, loc, smem.getType(), b.getI8Type(), smem,
                               ValueRange{offset});
  };
  int64_t axisStride = 1;
  for (int64_t d = plan.axis + 1; d < int64_t(plan.shape.size()); ++d)
    axisStride *= plan.shape[d];

  int n = plan.bits.bits.size();
  for (int k = 1; k <= n; ++k) {
    for (int j = k - 1; j >= 0; --j) {
      const AxisBits::Bit &bit = plan.bits.bits[j];
      // partner[o][r]: the partner's value of register r's element.
      SmallVector<SmallVector<Value>> partner(numOperands,
                                              SmallVector<Value>(numRegs));
      if (bit.level == AxisBits::Level::Register) {
        for (size_t o = 0; o < numOperands; ++o)
          for (int32_t r = 0; r < numRegs; ++r)
            partner[o][r] = regs[o][r ^ (1 << bit.hwBit)];
      } else if (bit.level == AxisBits::Level::Lane) {
        for (size_t o = 0; o < numOperands; ++o)
          for (int32_t r = 0; r < numRegs; ++r)
            partner[o][r] = emitShuffleXor(b, loc, regs[o][r], 1u << bit.hwBit);
      } else {
        if (!smem) {
          smem = getScratchPtr(b, loc);
          for (int32_t r = 0; r < numRegs; ++r)
            linear.push_back(linearize(b, loc, coords[r], plan.shape));
        }
        emitBarrier(b, loc);
        for (size_t o = 0; o < numOperands; ++o)
          for (int32_t r = 0; r < numRegs; ++r)
            emitStore(b, loc, regs[o][r], slotAddress(o, linear[r]));
        emitBarrier(b, loc);
        for (int32_t r = 0; r < numRegs; ++r) {
          Value other =
              LLVM::XOrOp::create(b, loc, linear[r], c32(axisStride << j));
          for (size_t o = 0; o < numOperands; ++o)
            partner[o][r] =
                emitLoad(b, loc, elemTypes[o], slotAddress(o, other));
        }
      }
      for (int32_t r = 0; r < numRegs; ++r) {
        // Ascending block (flipped for descending), lower side of the pair.
        Value ascending = i1Const(b, loc, !descending);
        if (k < n)
          ascending = LLVM::XOrOp::create(b, loc, bitOf(pos[r], k), ascending);
        Value upper = bitOf(pos[r], j);
        // The lower side of an ascending block keeps the smaller key.
        Value keepSmaller = LLVM::XOrOp::create(b, loc, ascending, upper);
        Value mine = regs[0][r], theirs = partner[0][r];
        Value take = LLVM::SelectOp::create(
            b, loc, keepSmaller, less(theirs, mine), less(mine, theirs));
        for (size_t o = 0; o < numOperands; ++o)
          regs[o][r] =
              LLVM::SelectOp::create(b, loc, take, partner[o][r], regs[o][r]);
      }
    }
  }
}

template <typename OpTy>
struct SortLikeConversion : public ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::string why;
    std::optional<SortPlan> plan = buildSortPlan(op, &why);
    if (!plan)
      return rewriter.notifyMatchFailure(op, why);
    const TypeConverter *converter = this->getTypeConverter();
    SmallVector<Type> elemTypes, llTypes;
    for (auto [src, result] : llvm::zip(op.getSrcs(), op.getValues())) {
      elemTypes.push_back(converter->convertType(
          cast<RankedTensorType>(src.getType()).getElementType()));
      llTypes.push_back(converter->convertType(result.getType()));
      if (!elemTypes.back() || !llTypes.back())
        return failure();
    }
    SmallVector<SmallVector<Value>> regs;
    for (Value src : adaptor.getSrcs())
      regs.push_back(unpackStruct(rewriter, loc, src));
    bool isTopK = std::is_same_v<OpTy, tl::TopKOp>;
    bool descending = isTopK;
    if constexpr (std::is_same_v<OpTy, tl::SortOp>)
      descending = op.getDescending();
    emitBitonicSort(rewriter, loc, *plan, descending, regs, elemTypes);

    SmallVector<Value> replacements;
    if (!isTopK) {
      for (auto [o, type] : llvm::enumerate(llTypes))
        replacements.push_back(packStruct(rewriter, loc, type, regs[o]));
      rewriter.replaceOp(op, replacements);
      return success();
    }
    // tile.topk: through shared memory into the result layout.
    Value smem = getScratchPtr(rewriter, loc);
    auto slotAddress = [&](size_t o, Value element) -> Value {
      Value offset = LLVM::AddOp::create(
          rewriter, loc,
          LLVM::MulOp::create(rewriter, loc, element,
                              i32Const(rewriter, loc, plan->elemBytes[o])),
          i32Const(rewriter, loc, plan->scratchOffset(o)));
      return LLVM::GEPOp::create(rewriter, loc, smem.getType(),
                                 rewriter.getI8Type(), smem,
                                 ValueRange{offset});
    };
    SmallVector<SmallVector<Value>> srcCoords =
        emitIndices(rewriter, loc, plan->src);
    emitBarrier(rewriter, loc);
    for (auto [r, coords] : llvm::enumerate(srcCoords)) {
      Value element = linearize(rewriter, loc, coords, plan->shape);
      for (size_t o = 0; o < regs.size(); ++o)
        emitStore(rewriter, loc, regs[o][r], slotAddress(o, element));
    }
    emitBarrier(rewriter, loc);
    SmallVector<SmallVector<Value>> out(regs.size());
    for (const SmallVector<Value> &coords :
         emitIndices(rewriter, loc, *plan->result)) {
      Value element = linearize(rewriter, loc, coords, plan->shape);
      for (size_t o = 0; o < regs.size(); ++o)
        out[o].push_back(
            emitLoad(rewriter, loc, elemTypes[o], slotAddress(o, element)));
    }
    for (auto [o, type] : llvm::enumerate(llTypes))
      replacements.push_back(packStruct(rewriter, loc, type, out[o]));
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

} // namespace

int64_t tile::getSortScratchBytes(Operation *op) {
  if (!isa<tl::SortOp, tl::TopKOp>(op))
    return 0;
  std::optional<SortPlan> plan = buildSortPlan(op, nullptr);
  return plan ? plan->scratchBytes() : 0;
}

std::string tile::whySortNotLowerable(Operation *op) {
  if (!isa<tl::SortOp, tl::TopKOp>(op))
    return "";
  std::string why;
  if (!buildSortPlan(op, &why))
    return why.empty() ? "unsupported sort" : why;
  return "";
}

void tile::populateSortOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                        RewritePatternSet &patterns) {
  patterns.add<SortLikeConversion<tl::SortOp>, SortLikeConversion<tl::TopKOp>>(
      converter);
}
