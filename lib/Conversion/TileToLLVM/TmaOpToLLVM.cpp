//===- TmaOpToLLVM.cpp - TMA copies and the async-proxy fence to NVVM -----===//
//
// layout.async_tma_copy_global_to_local
//   -> per TMA box of the block (TensorDescType::getNumBoxes: the block's
//      swizzle-width column blocks), one
//      nvvm.cp.async.bulk.tensor.shared.cluster.global issued by thread 0
//      (a PTX predicate), writing dst + box * (box bytes), at coordinates
//      {col + box * box cols, row}: innermost first, as the tensor map
//      lists its dims; completing on the mbarrier. A descriptor of rank 3
//      to 5 gives the .3d/.4d/.5d form, coordinates {col + box * box cols,
//      c[r-2], ..., c[0]}. With `multicast %mask` the same op with its
//      16-bit CTA mask (.multicast::cluster): the box lands at the same
//      offset in every program of the mask, completing on each one's
//      barrier at the same offset.
// layout.async_tma_copy_local_to_global
//   -> fence.proxy.async.shared::cta and bar.sync (every thread's stores to
//      the source are done and visible to the async proxy), then per box
//      nvvm.cp.async.bulk.tensor.global.shared.cta issued by thread 0, then
//      nvvm.cp.async.bulk.commit.group.
// layout.async_tma_store_wait
//   -> nvvm.cp.async.bulk.wait_group N {read}, then bar.sync.
// layout.fence_async_shared
//   -> nvvm.fence.proxy {kind = async.shared, space = cta}.
// The descriptor operand is already the generic address of the hidden
// __grid_constant__ parameter (TmaDescriptors.cpp, KernelOpToLLVM.cpp).
//
//===----------------------------------------------------------------------===//

#include "TmaLowering.h"
#include "WarpSpecializeLowering.h"
#include "tile/Conversion/TileToLLVM/Registers.h"
#include "tile/Conversion/TileToLLVM/SharedMemory.h"
#include "tile/Conversion/TileToLLVM/TypeConverter.h"
#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace tile;
namespace LLVM = mlir::LLVM;
namespace NVVM = mlir::NVVM;

Value tile::emitIsIssuingThread(OpBuilder &b, Location loc) {
  Value tid = emitThreadId(b, loc);
  return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, tid,
                              i32Const(b, loc, 0));
}

bool tile::isTmaOrMBarrierOp(Operation *op) {
  return isa<
      layout::InitBarrierOp, layout::BarrierExpectOp, layout::ArriveBarrierOp,
      layout::WaitBarrierOp, layout::InvalBarrierOp, layout::FenceAsyncSharedOp,
      layout::AsyncTmaCopyGlobalToLocalOp, layout::AsyncTmaCopyLocalToGlobalOp,
      layout::AsyncTmaStoreWaitOp, tl::MakeTensorDescOp>(op);
}

std::string tile::whyTmaOpNotLowerable(Operation *op) {
  Operation *kernel = op->getParentOfType<tl::KernelOp>();
  if (!kernel)
    return "'" + op->getName().getStringRef().str() +
           "' must be inside a tile.kernel";
  return "";
}

namespace {

/// The per-box addresses and coordinates of a TMA copy of one block.
struct TmaBoxes {
  SmallVector<Value> buffers;
  SmallVector<SmallVector<Value>> coords; // innermost first
};

TmaBoxes getBoxes(OpBuilder &b, Location loc, layout::TensorDescType desc,
                  Value buffer, ValueRange coords) {
  TmaBoxes boxes;
  SmallVector<int64_t> box = desc.getBoxShape();
  int64_t boxBytes = desc.getElementBytes();
  for (int64_t extent : box)
    boxBytes *= extent;
  for (int64_t i = 0, e = desc.getNumBoxes(); i < e; ++i) {
    Value addr = buffer;
    Value col = coords.back();
    if (i > 0) {
      addr =
          LLVM::GEPOp::create(b, loc, buffer.getType(), b.getI8Type(), buffer,
                              ArrayRef<LLVM::GEPArg>{int32_t(i * boxBytes)});
      col = LLVM::AddOp::create(b, loc, col, i32Const(b, loc, i * box.back()));
    }
    boxes.buffers.push_back(addr);
    // Innermost first, as the tensor map lists its dims.
    SmallVector<Value> boxCoords = {col};
    for (Value c : llvm::reverse(coords.drop_back()))
      boxCoords.push_back(c);
    boxes.coords.push_back(std::move(boxCoords));
  }
  return boxes;
}

struct TmaLoadOpConversion
    : public ConvertOpToLLVMPattern<layout::AsyncTmaCopyGlobalToLocalOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(layout::AsyncTmaCopyGlobalToLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value pred = emitIsIssuingThread(rewriter, loc);
    TmaBoxes boxes = getBoxes(rewriter, loc, op.getDesc().getType(),
                              adaptor.getDst(), adaptor.getCoords());
    // The multicast mask is a 16-bit CTA mask in PTX.
    Value mask;
    if (Value multicast = adaptor.getMulticast())
      mask = LLVM::TruncOp::create(rewriter, loc, rewriter.getI16Type(),
                                   multicast);
    for (auto [buffer, coords] : llvm::zip(boxes.buffers, boxes.coords))
      NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
          rewriter, loc, buffer, adaptor.getDesc(), coords,
          adaptor.getBarrier(), /*im2colOffsets=*/ValueRange{},
          /*multicastMask=*/mask, /*l2CacheHint=*/Value(),
          NVVM::TMALoadModeAttr::get(rewriter.getContext(),
                                     NVVM::TMALoadMode::TILE),
          /*isCTAOnly=*/rewriter.getBoolAttr(false),
          /*group=*/NVVM::CTAGroupKindAttr(), pred);
    rewriter.eraseOp(op);
    return success();
  }
};

struct TmaStoreOpConversion
    : public ConvertOpToLLVMPattern<layout::AsyncTmaCopyLocalToGlobalOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(layout::AsyncTmaCopyLocalToGlobalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    NVVM::FenceProxyOp::create(
        rewriter, loc,
        NVVM::ProxyKindAttr::get(ctx, NVVM::ProxyKind::async_shared),
        NVVM::SharedSpaceAttr::get(ctx, NVVM::SharedSpace::shared_cta));
    emitBarrier(rewriter, loc);
    Value pred = emitIsIssuingThread(rewriter, loc);
    TmaBoxes boxes = getBoxes(rewriter, loc, op.getDesc().getType(),
                              adaptor.getSrc(), adaptor.getCoords());
    for (auto [buffer, coords] : llvm::zip(boxes.buffers, boxes.coords))
      NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
          rewriter, loc, adaptor.getDesc(), buffer, coords,
          /*l2CacheHint=*/Value(),
          NVVM::TMAStoreModeAttr::get(ctx, NVVM::TMAStoreMode::TILE), pred);
    NVVM::CpAsyncBulkCommitGroupOp::create(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

struct TmaStoreWaitOpConversion
    : public ConvertOpToLLVMPattern<layout::AsyncTmaStoreWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(layout::AsyncTmaStoreWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    NVVM::CpAsyncBulkWaitGroupOp::create(
        rewriter, loc, rewriter.getI32IntegerAttr(op.getPendings()),
        rewriter.getUnitAttr());
    emitBarrier(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

struct FenceAsyncSharedOpConversion
    : public ConvertOpToLLVMPattern<layout::FenceAsyncSharedOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(layout::FenceAsyncSharedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MLIRContext *ctx = rewriter.getContext();
    rewriter.replaceOpWithNewOp<NVVM::FenceProxyOp>(
        op, NVVM::ProxyKindAttr::get(ctx, NVVM::ProxyKind::async_shared),
        NVVM::SharedSpaceAttr::get(ctx, NVVM::SharedSpace::shared_cta));
    return success();
  }
};

} // namespace

void tile::populateTmaOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                       RewritePatternSet &patterns) {
  patterns.add<TmaLoadOpConversion, TmaStoreOpConversion,
               TmaStoreWaitOpConversion, FenceAsyncSharedOpConversion>(
      converter);
}
