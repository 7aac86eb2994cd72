//===- ClusterOpToLLVM.cpp - Thread-block cluster ops to NVVM -------------===//
//
// The kernel's `cluster_dims` becomes `nvvm.cluster_dim` on the llvm.func
// (KernelOpToLLVM.cpp; PTX `.explicitcluster` and `.reqnctapercluster`).
// The ops read the cluster special registers or run the cluster barrier:
//   tile.cluster_cta_rank      -> nvvm.read.ptx.sreg.cluster.ctarank
//   tile.cluster_id d          -> nvvm.read.ptx.sreg.clusterid.d
//   tile.num_clusters d        -> nvvm.read.ptx.sreg.nclusterid.d
//   tile.cluster_arrive        -> nvvm.cluster.arrive (barrier.cluster.arrive,
//                                 release); `relaxed`:
//                                 nvvm.cluster.arrive.relaxed
//   tile.cluster_wait          -> nvvm.cluster.wait (barrier.cluster.wait,
//                                 acquire)
// The barrier ops are not `.aligned`: a warp-specialized partition may
// arrive from code that not every lane of a warp reaches together.
// Multicast TMA loads and remote mbarrier arrivals are operands of the
// layout dialect's ops (TmaOpToLLVM.cpp, MBarrierOpToLLVM.cpp).
//
//===----------------------------------------------------------------------===//

#include "DimQueryConversion.h"
#include "tile/Conversion/TileToLLVM/Patterns.h"
#include "tile/Conversion/TileToLLVM/TypeConverter.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace tile;
namespace NVVM = mlir::NVVM;

std::string tile::whyClusterNotLowerable(Operation *op) {
  if (auto kernel = dyn_cast<tl::KernelOp>(op)) {
    if (kernel.getClusterDims())
      return "a kernel with cluster_dims needs sm_90 or newer (thread-block "
             "clusters); compile with --arch=sm_90";
    return "";
  }
  if (isa<tl::ClusterCtaRankOp, tl::ClusterIdOp, tl::NumClustersOp,
          tl::ClusterArriveOp, tl::ClusterWaitOp>(op))
    return "'" + op->getName().getStringRef().str() +
           "' needs sm_90 or newer (thread-block clusters); compile with "
           "--arch=sm_90";
  return "";
}

namespace {

struct ClusterCtaRankOpConversion
    : public ConvertOpToLLVMPattern<tl::ClusterCtaRankOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tl::ClusterCtaRankOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::ClusterId>(op, rewriter.getI32Type());
    return success();
  }
};

struct ClusterArriveOpConversion
    : public ConvertOpToLLVMPattern<tl::ClusterArriveOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tl::ClusterArriveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getRelaxed())
      rewriter.replaceOpWithNewOp<NVVM::ClusterArriveRelaxedOp>(
          op, /*aligned=*/UnitAttr());
    else
      rewriter.replaceOpWithNewOp<NVVM::ClusterArriveOp>(
          op, /*aligned=*/UnitAttr());
    return success();
  }
};

struct ClusterWaitOpConversion
    : public ConvertOpToLLVMPattern<tl::ClusterWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tl::ClusterWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::ClusterWaitOp>(op,
                                                     /*aligned=*/UnitAttr());
    return success();
  }
};

} // namespace

void tile::populateClusterOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                           RewritePatternSet &patterns) {
  patterns.add<ClusterCtaRankOpConversion,
               DimQueryConversion<tl::ClusterIdOp, NVVM::ClusterIdXOp,
                                  NVVM::ClusterIdYOp, NVVM::ClusterIdZOp>,
               DimQueryConversion<tl::NumClustersOp, NVVM::ClusterDimXOp,
                                  NVVM::ClusterDimYOp, NVVM::ClusterDimZOp>,
               ClusterArriveOpConversion, ClusterWaitOpConversion>(converter);
}
