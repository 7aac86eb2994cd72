//===- WarpVoteOpToLLVM.cpp - layout.warp_any to vote.sync ----------------===//
//
// layout.warp_any %pred : tensor<..xi1, #L> is one predicate a warp:
//   1. each thread ORs the elements of `pred` it holds (the registers of the
//      operand's struct; a layout that repeats an element in several
//      registers or lanes ORs the copies, which changes nothing);
//   2. the warp votes on that bit: nvvm.vote.sync any over all 32 lanes
//      (PTX `vote.sync.any.pred`, SASS `VOTE.ANY`).
// The result is uniform within the warp, so a branch on it does not diverge.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToLLVM/Patterns.h"
#include "tile/Conversion/TileToLLVM/Registers.h"
#include "tile/Conversion/TileToLLVM/TypeConverter.h"
#include "tile/Dialect/Layout/IR/LayoutDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace tile;
namespace LLVM = mlir::LLVM;
namespace NVVM = mlir::NVVM;

namespace {

struct WarpAnyOpConversion : public ConvertOpToLLVMPattern<layout::WarpAnyOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(layout::WarpAnyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> held = unpackStruct(rewriter, loc, adaptor.getPred());
    if (held.empty() || !held.front().getType().isInteger(1))
      return rewriter.notifyMatchFailure(op, "operand is not i1 registers");
    Value mine = held.front();
    for (Value v : ArrayRef<Value>(held).drop_front())
      mine = LLVM::OrOp::create(rewriter, loc, mine, v);
    Value allLanes = LLVM::ConstantOp::create(
        rewriter, loc, rewriter.getI32Type(), rewriter.getI32IntegerAttr(-1));
    rewriter.replaceOpWithNewOp<NVVM::VoteSyncOp>(
        op, rewriter.getI1Type(), allLanes, mine, NVVM::VoteSyncKind::any);
    return success();
  }
};

} // namespace

void tile::populateWarpVoteOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                            RewritePatternSet &patterns) {
  patterns.add<WarpAnyOpConversion>(converter);
}
