//===- SharedMemoryOpToLLVM.cpp - Shared-memory ops to LLVM ---------------===//
//
// layout.local_alloc -> the address of its byte range of the dynamic shared
//                       memory (tile.shared_offset, given by the pass), then
//                       the initial store and a barrier when it has one;
// layout.local_load / local_store -> SharedMemoryAccess.h;
// layout.memdesc_index -> base + index * slot bytes;
// layout.memdesc_trans -> the same address;
// layout.barrier -> bar.sync 0.
//
//===----------------------------------------------------------------------===//

#include "SharedMemoryAccess.h"
#include "tile/Conversion/TileToLLVM/Patterns.h"
#include "tile/Conversion/TileToLLVM/TypeConverter.h"
#include "tile/Conversion/TileToLLVM/Registers.h"
#include "tile/Conversion/TileToLLVM/SharedMemory.h"
#include "tile/Dialect/Layout/IR/LayoutDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace tile;
namespace LLVM = mlir::LLVM;

namespace {

struct LocalAllocOpConversion
    : public ConvertOpToLLVMPattern<layout::LocalAllocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(layout::LocalAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto offset = op->getAttrOfType<IntegerAttr>(kSharedOffsetAttr);
    if (!offset)
      return rewriter.notifyMatchFailure(op, "no shared-memory offset");
    Value base = getSharedMemoryPtr(rewriter, loc, offset.getInt());
    // This replica's copy of a buffer of a replicated partition.
    if (auto stride = op->getAttrOfType<IntegerAttr>(kSharedReplicaStrideAttr))
      base = offsetForReplica(rewriter, loc, base, stride.getInt());
    if (Value src = op.getSrc()) {
      auto srcType = cast<RankedTensorType>(src.getType());
      std::optional<LinearLayout> layout =
          TileLLVMTypeConverter::getLinearLayout(srcType);
      if (!layout ||
          failed(emitLocalStore(rewriter, loc, op.getType(), base, *layout,
                                unpackStruct(rewriter, loc, adaptor.getSrc()))))
        return rewriter.notifyMatchFailure(op, "unsupported layouts");
      emitBarrier(rewriter, loc);
    }
    rewriter.replaceOp(op, base);
    return success();
  }
};

struct LocalLoadOpConversion
    : public ConvertOpToLLVMPattern<layout::LocalLoadOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(layout::LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    std::optional<LinearLayout> layout =
        TileLLVMTypeConverter::getLinearLayout(type);
    Type llType = getTypeConverter()->convertType(type);
    Type llElem = getTypeConverter()->convertType(type.getElementType());
    if (!layout || !llType || !llElem)
      return failure();
    FailureOr<SmallVector<Value>> regs =
        emitLocalLoad(rewriter, loc, op.getSrc().getType(), adaptor.getSrc(),
                      *layout, llElem);
    if (failed(regs))
      return rewriter.notifyMatchFailure(op, "unsupported layouts");
    rewriter.replaceOp(op, packStruct(rewriter, loc, llType, *regs));
    return success();
  }
};

struct LocalStoreOpConversion
    : public ConvertOpToLLVMPattern<layout::LocalStoreOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(layout::LocalStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::optional<LinearLayout> layout =
        TileLLVMTypeConverter::getLinearLayout(op.getSrc().getType());
    if (!layout || failed(emitLocalStore(
                       rewriter, loc, op.getDst().getType(), adaptor.getDst(),
                       *layout, unpackStruct(rewriter, loc, adaptor.getSrc()))))
      return rewriter.notifyMatchFailure(op, "unsupported layouts");
    rewriter.eraseOp(op);
    return success();
  }
};

struct MemDescIndexOpConversion
    : public ConvertOpToLLVMPattern<layout::MemDescIndexOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(layout::MemDescIndexOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t slotBytes = op.getType().getSizeInBytes();
    Value index = adaptor.getIndex();
    Value bytes;
    if (auto cst = getConstantIntValue(index))
      bytes = i32Const(rewriter, loc, *cst * slotBytes);
    else
      bytes = LLVM::MulOp::create(rewriter, loc, index,
                                  i32Const(rewriter, loc, slotBytes));
    Value base = adaptor.getSrc();
    rewriter.replaceOp(op, LLVM::GEPOp::create(rewriter, loc, base.getType(),
                                               rewriter.getI8Type(), base,
                                               ValueRange{bytes}));
    return success();
  }
};

struct MemDescTransOpConversion
    : public ConvertOpToLLVMPattern<layout::MemDescTransOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(layout::MemDescTransOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};

struct BarrierOpConversion : public ConvertOpToLLVMPattern<layout::BarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(layout::BarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    emitBarrier(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void tile::populateSharedMemoryOpToLLVMPatterns(
    TileLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<LocalAllocOpConversion, LocalLoadOpConversion,
               LocalStoreOpConversion, MemDescIndexOpConversion,
               MemDescTransOpConversion, BarrierOpConversion>(converter);
}
