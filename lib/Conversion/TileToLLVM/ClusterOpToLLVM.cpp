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

/// tile.cluster_id (isId) and tile.num_clusters.
template <typename SourceOp>
struct ClusterGridQueryConversion : public ConvertOpToLLVMPattern<SourceOp> {
  using ConvertOpToLLVMPattern<SourceOp>::ConvertOpToLLVMPattern;
  using OpAdaptor = typename SourceOp::Adaptor;
  static constexpr bool isId = std::is_same_v<SourceOp, tl::ClusterIdOp>;

  LogicalResult
  matchAndRewrite(SourceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    Value v;
    switch (op.getDim()) {
    case tl::ProgramDim::x:
      v = isId ? NVVM::ClusterIdXOp::create(rewriter, loc, i32).getResult()
               : NVVM::ClusterDimXOp::create(rewriter, loc, i32).getResult();
      break;
    case tl::ProgramDim::y:
      v = isId ? NVVM::ClusterIdYOp::create(rewriter, loc, i32).getResult()
               : NVVM::ClusterDimYOp::create(rewriter, loc, i32).getResult();
      break;
    case tl::ProgramDim::z:
      v = isId ? NVVM::ClusterIdZOp::create(rewriter, loc, i32).getResult()
               : NVVM::ClusterDimZOp::create(rewriter, loc, i32).getResult();
      break;
    }
    rewriter.replaceOp(op, v);
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
               ClusterGridQueryConversion<tl::ClusterIdOp>,
               ClusterGridQueryConversion<tl::NumClustersOp>,
               ClusterArriveOpConversion, ClusterWaitOpConversion>(converter);
}
