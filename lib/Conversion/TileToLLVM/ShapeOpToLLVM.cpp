//===- ShapeOpToLLVM.cpp - Shape ops to LLVM ------------------------------===//
//
// tile.trans, tile.reshape, tile.join, tile.split and tile.cat relabel the
// elements each thread holds (ShapeLayouts.h gives the relabeled layout T
// of the result, derived from the operand's linear layout S):
//  - trans and reshape: the registers of S are the registers of T;
//  - join: register 2k of T is register k of lhs, 2k + 1 that of rhs (the
//    new minor dimension is register bit 0);
//  - cat: the registers of lhs, then those of rhs (the copy is the top
//    register bit);
//  - split: the register bit b that alone holds the last dimension is
//    removed: lhs takes the registers with bit b clear, rhs those with it
//    set. An operand in which no such bit exists is first moved to the
//    layout that tile.join derives from the result's.
// T then goes to the result's layout R: a renumbering of registers when
// both give every thread the same elements (always, after layout
// assignment), otherwise a round trip through shared memory.
//
//===----------------------------------------------------------------------===//

#include "SharedMemoryTransfer.h"
#include "tile/Conversion/TileToLLVM/Patterns.h"
#include "tile/Conversion/TileToLLVM/Registers.h"
#include "tile/Conversion/TileToLLVM/TypeConverter.h"
#include "tile/Dialect/Tile/IR/ShapeLayouts.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

using namespace tile;

static RankedTensorType tensorTypeOf(Value v) {
  return cast<RankedTensorType>(v.getType());
}

/// The registers `regs` of a tensor in layout `from` redistributed to layout
/// `to` (same output dims): renumbered when possible, else through shared
/// memory.
static SmallVector<Value> relayout(OpBuilder &b, Location loc,
                                   const LinearLayout &from,
                                   ArrayRef<Value> regs, const LinearLayout &to,
                                   Type llElementType) {
  if (auto map = matchRegisters(from, to)) {
    SmallVector<Value> result;
    for (unsigned r : *map)
      result.push_back(regs[r]);
    return result;
  }
  return transferThroughSharedMemory(b, loc, from, regs, to, llElementType);
}

/// Scratch bytes relayout needs.
static int64_t relayoutScratchBytes(const LinearLayout &from,
                                    const LinearLayout &to, Type elementType) {
  if (matchRegisters(from, to))
    return 0;
  return getTransferScratchBytes(from, elementType);
}

/// The layouts one shape op goes through: the operand's as the op reads it
/// (for a split that needs it, the layout tile.join derives from the
/// result's; `srcMoved` says whether the operand must first move there),
/// the relabeled result layout and the result's own.
struct ShapeOpLayouts {
  LinearLayout src;
  bool srcMoved = false;
  LinearLayout relabeled;
  LinearLayout result;
};

static std::optional<ShapeOpLayouts> getShapeOpLayouts(Operation *op) {
  std::optional<LinearLayout> src =
      TileLLVMTypeConverter::getLinearLayout(tensorTypeOf(op->getOperand(0)));
  std::optional<LinearLayout> result =
      TileLLVMTypeConverter::getLinearLayout(tensorTypeOf(op->getResult(0)));
  if (!src || !result)
    return std::nullopt;
  ShapeOpLayouts layouts{*src, false, {}, *result};
  if (isa<tl::SplitOp>(op) && !tl::getSplitRegisterBit(*src)) {
    layouts.src = tl::joinLinearLayout(*result);
    layouts.srcMoved = true;
  }
  std::optional<LinearLayout> relabeled =
      tl::getRelabeledLayout(op, layouts.src);
  if (!relabeled)
    return std::nullopt;
  layouts.relabeled = std::move(*relabeled);
  return layouts;
}

int64_t tile::getShapeOpScratchBytes(Operation *op) {
  if (!tl::isShapeOp(op))
    return 0;
  std::optional<ShapeOpLayouts> layouts = getShapeOpLayouts(op);
  if (!layouts)
    return 0;
  Type elementType = tensorTypeOf(op->getOperand(0)).getElementType();
  int64_t bytes =
      relayoutScratchBytes(layouts->relabeled, layouts->result, elementType);
  if (layouts->srcMoved) {
    std::optional<LinearLayout> given =
        TileLLVMTypeConverter::getLinearLayout(tensorTypeOf(op->getOperand(0)));
    if (given)
      bytes = std::max(bytes,
                       relayoutScratchBytes(*given, layouts->src, elementType));
  }
  return bytes;
}

namespace {

template <typename OpTy>
struct ShapeOpConversion : public ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::optional<ShapeOpLayouts> layouts = getShapeOpLayouts(op);
    Type llType =
        this->getTypeConverter()->convertType(op->getResultTypes()[0]);
    Type llElementType = this->getTypeConverter()->convertType(
        tensorTypeOf(op->getOperand(0)).getElementType());
    if (!layouts || !llType || !llElementType)
      return rewriter.notifyMatchFailure(op, "layouts not lowerable");
    auto pack = [&](ArrayRef<Value> regs) -> Value {
      if (isa<LLVM::LLVMStructType>(llType))
        return packStruct(rewriter, loc, llType, regs);
      return regs.front();
    };
    SmallVector<Value> operands;
    for (Value v : adaptor.getOperands())
      operands.push_back(v);
    SmallVector<Value> src = unpackStruct(rewriter, loc, operands[0]);

    if constexpr (std::is_same_v<OpTy, tl::SplitOp>) {
      if (layouts->srcMoved)
        src = relayout(
            rewriter, loc,
            *TileLLVMTypeConverter::getLinearLayout(tensorTypeOf(op.getSrc())),
            src, layouts->src, llElementType);
      int bit = *tl::getSplitRegisterBit(layouts->src);
      int64_t low = (int64_t(1) << bit) - 1;
      SmallVector<Value> results;
      for (int64_t half = 0; half < 2; ++half) {
        SmallVector<Value> part;
        for (int64_t r = 0, e = int64_t(src.size()) / 2; r < e; ++r)
          part.push_back(src[((r & ~low) << 1) | (half << bit) | (r & low)]);
        results.push_back(pack(relayout(rewriter, loc, layouts->relabeled, part,
                                        layouts->result, llElementType)));
      }
      rewriter.replaceOp(op, results);
      return success();
    } else {
      SmallVector<Value> regs;
      if constexpr (std::is_same_v<OpTy, tl::JoinOp>) {
        SmallVector<Value> rhs = unpackStruct(rewriter, loc, operands[1]);
        for (auto [a, b] : llvm::zip(src, rhs)) {
          regs.push_back(a);
          regs.push_back(b);
        }
      } else if constexpr (std::is_same_v<OpTy, tl::CatOp>) {
        regs = src;
        llvm::append_range(regs, unpackStruct(rewriter, loc, operands[1]));
      } else {
        regs = src;
      }
      rewriter.replaceOp(op,
                         pack(relayout(rewriter, loc, layouts->relabeled, regs,
                                       layouts->result, llElementType)));
      return success();
    }
  }
};

} // namespace

void tile::populateShapeOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                         RewritePatternSet &patterns) {
  patterns.add<ShapeOpConversion<tl::TransOp>, ShapeOpConversion<tl::ReshapeOp>,
               ShapeOpConversion<tl::JoinOp>, ShapeOpConversion<tl::SplitOp>,
               ShapeOpConversion<tl::CatOp>>(converter);
}
