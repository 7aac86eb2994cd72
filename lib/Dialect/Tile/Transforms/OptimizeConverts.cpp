//===- OptimizeConverts.cpp - Remove layout conversions -------------------===//
//
// Rewrites that remove layout.convert ops or move them where they cost less,
// applied until none matches; then, optionally, a remark for every convert
// left. Chains and round trips are folded by layout.convert's own folder,
// which the greedy driver applies.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "LayoutUtils.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace tile::tl {
#define GEN_PASS_DEF_OPTIMIZECONVERTSPASS
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile::tl

using namespace mlir;
using namespace tile;
using namespace tile::tl;

using layout::ConvertOp;

namespace {

/// Ops that are as cheap to recompute in any layout as to convert: splats,
/// aranges and splat constants.
bool isRematerializable(Value v) {
  Operation *op = v.getDefiningOp();
  if (!op || !isa<RankedTensorType>(v.getType()))
    return false;
  if (isa<SplatOp, ArangeOp>(op))
    return true;
  if (auto cst = dyn_cast<arith::ConstantOp>(op))
    if (auto dense = dyn_cast<DenseElementsAttr>(cst.getValue()))
      return dense.isSplat();
  return false;
}

/// `v` (rematerializable) rebuilt with layout `layout`, at the rewriter's
/// insertion point.
Value rematerialize(PatternRewriter &rewriter, Value v, Attribute layout) {
  auto type = withLayout(cast<RankedTensorType>(v.getType()), layout);
  Operation *op = v.getDefiningOp();
  Location loc = op->getLoc();
  if (auto splat = dyn_cast<SplatOp>(op))
    return SplatOp::create(rewriter, loc, type, splat.getSrc());
  if (auto arange = dyn_cast<ArangeOp>(op))
    return ArangeOp::create(rewriter, loc, type, arange.getStartAttr(),
                            arange.getEndAttr());
  auto cst = cast<arith::ConstantOp>(op);
  auto dense = cast<DenseElementsAttr>(cst.getValue());
  return arith::ConstantOp::create(rewriter, loc, type, dense.reshape(type));
}

bool isElementwise(Operation *op) {
  return op->getNumResults() == 1 &&
         isa<RankedTensorType>(op->getResult(0).getType()) &&
         (op->hasTrait<OpTrait::Elementwise>() || isa<arith::SelectOp>(op));
}

/// convert(splat | arange | constant) -> the producer in the target layout.
struct RematerializeProducer : OpRewritePattern<ConvertOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertOp convert,
                                PatternRewriter &rewriter) const override {
    if (!isRematerializable(convert.getSrc()))
      return failure();
    rewriter.setInsertionPoint(convert);
    Value v = rematerialize(rewriter, convert.getSrc(),
                            getLayout(convert.getType()));
    rewriter.replaceOp(convert, v);
    return success();
  }
};

/// convert(x : A -> B) with A and B equal as linear layouts, where x comes
/// from an op that may produce B instead (view loads), and has no other
/// use: retype x.
struct FoldEquivalentConvert : OpRewritePattern<ConvertOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertOp convert,
                                PatternRewriter &rewriter) const override {
    Value src = convert.getSrc();
    auto srcType = cast<RankedTensorType>(src.getType());
    if (convert.getAssertTrivial() || !src.hasOneUse() ||
        !layout::areLayoutsEquivalent(srcType.getEncoding(),
                                      getLayout(convert.getType()),
                                      srcType.getShape()))
      return failure();
    Operation *def = src.getDefiningOp();
    if (!def || !isa<LoadTileOp, LoadAtOp>(def))
      return failure();
    rewriter.modifyOpInPlace(def, [&] { src.setType(convert.getType()); });
    rewriter.replaceOp(convert, src);
    return success();
  }
};

/// e(convert(a : A -> B), convert(b : A -> B), splat) -> convert(e(a, b,
/// splat_A) : A -> B), when that removes conversions: at least two operands
/// are converts, or every user of the result is a convert (which then folds
/// with the new one).
struct HoistConvertOverElementwise : RewritePattern {
  HoistConvertOverElementwise(MLIRContext *ctx)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isElementwise(op) || op->getNumRegions() != 0)
      return failure();
    Attribute from;
    int numConverts = 0;
    for (Value operand : op->getOperands()) {
      if (!isa<RankedTensorType>(operand.getType()))
        continue;
      if (auto convert = operand.getDefiningOp<ConvertOp>()) {
        // Rebuilding a cheap producer in place beats moving the convert.
        if (isRematerializable(convert.getSrc()))
          return failure();
        Attribute src = getLayout(convert.getSrc().getType());
        if (from && from != src)
          return failure();
        from = src;
        ++numConverts;
        continue;
      }
      if (!isRematerializable(operand))
        return failure();
    }
    if (numConverts == 0)
      return failure();
    bool usersAreConverts =
        !op->getResult(0).use_empty() &&
        llvm::all_of(op->getResult(0).getUsers(),
                     [](Operation *u) { return isa<ConvertOp>(u); });
    if (numConverts < 2 && !usersAreConverts)
      return failure();

    rewriter.setInsertionPoint(op);
    SmallVector<Value> operands;
    for (Value operand : op->getOperands()) {
      if (!isa<RankedTensorType>(operand.getType()))
        operands.push_back(operand);
      else if (auto convert = operand.getDefiningOp<ConvertOp>())
        operands.push_back(convert.getSrc());
      else
        operands.push_back(rematerialize(rewriter, operand, from));
    }
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    OperationState state(op->getLoc(), op->getName(), operands,
                         {withLayout(resultType, from)}, op->getAttrs());
    Operation *moved = rewriter.create(state);
    Value back = ConvertOp::create(rewriter, op->getLoc(), resultType,
                                   moved->getResult(0));
    rewriter.replaceOp(op, back);
    return success();
  }
};

/// A convert inside a loop of a value defined outside it: hoisted.
struct HoistInvariantConvert : OpRewritePattern<ConvertOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertOp convert,
                                PatternRewriter &rewriter) const override {
    auto loop = dyn_cast<scf::ForOp>(convert->getParentOp());
    if (!loop)
      return failure();
    if (loop.getBodyRegion().isAncestor(convert.getSrc().getParentRegion()))
      return failure();
    rewriter.moveOpBefore(convert, loop);
    return success();
  }
};

/// A loop-carried tensor in layout B whose every use in the body is a
/// convert to A, and whose yielded value is a convert from A: carried in A
/// instead (one convert before the loop, one after).
struct MoveConvertsOutOfLoop : OpRewritePattern<scf::ForOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::ForOp loop,
                                PatternRewriter &rewriter) const override {
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    for (unsigned i = 0, e = loop.getNumResults(); i < e; ++i) {
      BlockArgument arg = loop.getRegionIterArgs()[i];
      auto type = dyn_cast<RankedTensorType>(arg.getType());
      if (!type || arg.use_empty())
        continue;
      Attribute inner;
      bool ok = true;
      for (Operation *user : arg.getUsers()) {
        auto convert = dyn_cast<ConvertOp>(user);
        if (!convert || convert.getAssertTrivial() ||
            (inner && inner != getLayout(convert.getType()))) {
          ok = false;
          break;
        }
        inner = getLayout(convert.getType());
      }
      auto yielded = yield.getOperand(i).getDefiningOp<ConvertOp>();
      if (!ok || !inner || !yielded ||
          getLayout(yielded.getSrc().getType()) != inner)
        continue;

      auto innerType = withLayout(type, inner);
      rewriter.setInsertionPoint(loop);
      Value init = ConvertOp::create(rewriter, loop.getLoc(), innerType,
                                     loop.getInitArgs()[i]);
      rewriter.modifyOpInPlace(loop, [&] {
        loop.getInitArgsMutable()[i].set(init);
        arg.setType(innerType);
        loop.getResult(i).setType(innerType);
      });
      for (Operation *user : llvm::make_early_inc_range(arg.getUsers()))
        rewriter.replaceOp(user, arg);
      rewriter.modifyOpInPlace(
          yield, [&] { yield->setOperand(i, yielded.getSrc()); });
      rewriter.setInsertionPointAfter(loop);
      Value result = loop.getResult(i);
      auto after =
          ConvertOp::create(rewriter, loop.getLoc(), type, result);
      rewriter.replaceAllUsesExcept(result, after, after);
      return success();
    }
    return failure();
  }
};

/// Why a convert is still there, in words.
std::string explainConvert(ConvertOp convert) {
  Value src = convert.getSrc();
  auto srcType = cast<RankedTensorType>(src.getType());
  if (convert.getAssertTrivial())
    return "it is marked assert_trivial";
  if (layout::areLayoutsEquivalent(srcType.getEncoding(),
                                   getLayout(convert.getType()),
                                   srcType.getShape()))
    return "the two layouts are equal as linear layouts, but the source "
           "cannot be given the target's spelling here";
  Operation *def = src.getDefiningOp();
  if (!def)
    return "its source is a block argument";
  if (isa<LoadOp, LoadTileOp, LoadAtOp>(def))
    return ("its source '" + def->getName().getStringRef() +
            "' reads memory coalesced in the source layout")
        .str();
  for (Operation *user : convert->getUsers())
    if (isa<StoreOp, StoreTileOp, StoreAtOp>(user))
      return ("it feeds '" + user->getName().getStringRef() +
              "', which writes memory coalesced in the target layout")
          .str();
  if (isa<ReduceOp>(def))
    return "its source is a reduction, whose result is a slice of the "
           "reduced tensor's layout";
  return ("moving it across its producer '" + def->getName().getStringRef() +
          "' or its users would not remove a conversion")
      .str();
}

struct OptimizeConvertsPass
    : public tile::tl::impl::OptimizeConvertsPassBase<OptimizeConvertsPass> {
  using OptimizeConvertsPassBase::OptimizeConvertsPassBase;

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    patterns.add<RematerializeProducer, FoldEquivalentConvert,
                 HoistConvertOverElementwise, HoistInvariantConvert,
                 MoveConvertsOutOfLoop>(ctx);
    // Only these rewrites (and the folds): no constant hoisting or region
    // simplification, which are canonicalize's job.
    GreedyRewriteConfig config;
    config.enableConstantCSE(false);
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config)))
      getOperation().emitWarning()
          << "tile-optimize-converts did not converge; some conversions may "
             "be left";

    if (!remarks)
      return;
    getOperation().walk([&](ConvertOp convert) {
      auto type = cast<RankedTensorType>(convert.getSrc().getType());
      std::optional<StringRef> cost = getConversionCost(
          type.getEncoding(), getLayout(convert.getType()), type.getShape());
      convert.emitRemark() << "layout conversion kept: "
                           << explainConvert(convert) << " (cost: "
                           << cost.value_or("unknown") << ")";
    });
  }
};

} // namespace
