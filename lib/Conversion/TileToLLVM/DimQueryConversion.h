//===- DimQueryConversion.h - x/y/z special-register queries -*- C++ -*-===//
//
// One lowering for the ops that read one dimension (x, y or z) of a launch
// quantity from a special register: tile.program_id / tile.num_programs
// (%ctaid / %nctaid) and tile.cluster_id / tile.num_clusters (%clusterid /
// %nclusterid). The op's `dim` picks which of the three NVVM register ops
// is created.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_CONVERSION_TILETOLLVM_DIMQUERYCONVERSION_H
#define TILE_LIB_CONVERSION_TILETOLLVM_DIMQUERYCONVERSION_H

#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

namespace tile {

/// Lowers SourceOp (an op with a tl::ProgramDim `dim` and one i32 result)
/// to XOp, YOp or ZOp, the NVVM special-register reads of that dimension.
template <typename SourceOp, typename XOp, typename YOp, typename ZOp>
struct DimQueryConversion : public mlir::ConvertOpToLLVMPattern<SourceOp> {
  using mlir::ConvertOpToLLVMPattern<SourceOp>::ConvertOpToLLVMPattern;
  using OpAdaptor = typename SourceOp::Adaptor;

  mlir::LogicalResult
  matchAndRewrite(SourceOp op, OpAdaptor adaptor,
                  mlir::ConversionPatternRewriter &rewriter) const override {
    mlir::Location loc = op.getLoc();
    mlir::Type i32 = rewriter.getI32Type();
    mlir::Value v;
    switch (op.getDim()) {
    case tl::ProgramDim::x:
      v = XOp::create(rewriter, loc, i32).getResult();
      break;
    case tl::ProgramDim::y:
      v = YOp::create(rewriter, loc, i32).getResult();
      break;
    case tl::ProgramDim::z:
      v = ZOp::create(rewriter, loc, i32).getResult();
      break;
    }
    rewriter.replaceOp(op, v);
    return mlir::success();
  }
};

} // namespace tile

#endif // TILE_LIB_CONVERSION_TILETOLLVM_DIMQUERYCONVERSION_H
