//===- TileFolds.cpp - Folds and canonicalizations of tile ops ------------===//

#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace tile;
using namespace tile::tl;

/// A splat constant of `type` holding the scalar or splat constant `value`,
/// or null.
static Attribute splatConstant(Attribute value, Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !value)
    return {};
  if (auto splat = dyn_cast<SplatElementsAttr>(value))
    return SplatElementsAttr::get(tensor, splat.getSplatValue<Attribute>());
  if (isa<IntegerAttr, FloatAttr>(value) &&
      cast<TypedAttr>(value).getType() == tensor.getElementType())
    return SplatElementsAttr::get(tensor, value);
  return {};
}

//===----------------------------------------------------------------------===//
// SplatOp
//===----------------------------------------------------------------------===//

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  // splat of a constant scalar -> a dense splat constant (arith.constant).
  return splatConstant(adaptor.getSrc(), getType());
}

//===----------------------------------------------------------------------===//
// AddPtrOp
//===----------------------------------------------------------------------===//

OpFoldResult AddPtrOp::fold(FoldAdaptor adaptor) {
  // ptr + 0 -> ptr.
  if (matchPattern(getOffset(), m_Zero()))
    return getPtr();
  return {};
}

//===----------------------------------------------------------------------===//
// BroadcastOp
//===----------------------------------------------------------------------===//

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return splatConstant(adaptor.getSrc(), getType());
}

namespace {
/// broadcast(splat(x)) -> splat(x); broadcast(broadcast(x)) -> broadcast(x).
struct FoldBroadcastOfSplatOrBroadcast : OpRewritePattern<BroadcastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastOp op,
                                PatternRewriter &rewriter) const override {
    Operation *def = op.getSrc().getDefiningOp();
    if (auto splat = dyn_cast_or_null<SplatOp>(def)) {
      rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
      return success();
    }
    if (auto inner = dyn_cast_or_null<BroadcastOp>(def)) {
      rewriter.replaceOpWithNewOp<BroadcastOp>(op, op.getType(),
                                               inner.getSrc());
      return success();
    }
    return failure();
  }
};
} // namespace

void BroadcastOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<FoldBroadcastOfSplatOrBroadcast>(context);
}

//===----------------------------------------------------------------------===//
// ExpandDimsOp
//===----------------------------------------------------------------------===//

OpFoldResult ExpandDimsOp::fold(FoldAdaptor adaptor) {
  return splatConstant(adaptor.getSrc(), getType());
}

namespace {
/// expand_dims(splat(x)) -> splat(x).
struct FoldExpandDimsOfSplat : OpRewritePattern<ExpandDimsOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ExpandDimsOp op,
                                PatternRewriter &rewriter) const override {
    auto splat = op.getSrc().getDefiningOp<SplatOp>();
    if (!splat)
      return failure();
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
};
} // namespace

void ExpandDimsOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<FoldExpandDimsOfSplat>(context);
}

//===----------------------------------------------------------------------===//
// LoadOp / StoreOp
//===----------------------------------------------------------------------===//

namespace {
/// A load whose mask is all true needs no mask (nor `other`).
struct DropTrueLoadMask : OpRewritePattern<LoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LoadOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getMask() || !matchPattern(op.getMask(), m_One()))
      return failure();
    rewriter.replaceOpWithNewOp<LoadOp>(op, op.getType(), op.getPtr(),
                                        Value(), Value());
    return success();
  }
};

/// A store whose mask is all true needs no mask; one whose mask is all false
/// writes nothing.
struct SimplifyStoreMask : OpRewritePattern<StoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(StoreOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getMask())
      return failure();
    if (matchPattern(op.getMask(), m_Zero())) {
      rewriter.eraseOp(op);
      return success();
    }
    if (!matchPattern(op.getMask(), m_One()))
      return failure();
    rewriter.modifyOpInPlace(op, [&] { op.getMaskMutable().clear(); });
    return success();
  }
};
} // namespace

void LoadOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<DropTrueLoadMask>(context);
}

void StoreOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<SimplifyStoreMask>(context);
}
