//===- VersionStrides.cpp - Loops versioned on unit inner strides ---------===//
//
// A view made with run-time strides (`tile.make_view %p, shape [...],
// strides [%s0, %s1]`) is contiguous along no axis the compiler knows of,
// so the loads of its tiles that feed dots cannot become 16-byte cp.async
// copies (tile-pipeline): each element is copied on its own, with a 64-bit
// address per element (the layout-free GEMM with run-time strides spilled
// at 255 registers). Callers nearly always pass rows with a unit inner
// stride. For every innermost scf.for whose tile.load_tile ops feed a
// tile.dot (directly or through casts, converts and local_allocs) and read
// such views, made outside the loop, in three steps:
//
//  1. The condition, for each such view: its last stride is 1, its base
//     address is a multiple of 16 bytes and each other stride a multiple
//     of 16 bytes (16 / element bytes elements). Facts the kernel already
//     proves (tile.divisibility, constants) are not tested.
//  2. The fast version, under `scf.if` of the condition: a clone of the
//     loop whose accesses read new views of the same pointer and extents
//     with a static last stride of 1, the pointer and the other strides
//     wrapped in `tile.assume_multiple` (so the access facts prove 16-byte
//     vectors, and tile-pipeline makes 16-byte cp.async of them).
//  3. The general version, in the else branch: the loop as it was, with
//     `tile.num_stages = 1` (its copies would be element by element
//     anyway; not pipelining it keeps the kernel's code and registers
//     small).
//
// Loops the kernel or the loop asks not to pipeline (tile.num_stages = 1)
// are left alone, as is a loop already versioned (tile.stride_versioned).
// The condition is evaluated once, before the loop; results are the same
// in both versions.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "LayoutUtils.h"
#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Dialect/Tile/Analysis/AxisInfo.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace tile::tl {
#define GEN_PASS_DEF_VERSIONSTRIDESPASS
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile::tl

using namespace mlir;
using namespace tile;
using namespace tile::tl;

namespace {

/// Marks both versions of a loop, so that the pass versions it once.
constexpr llvm::StringLiteral kStrideVersionedAttr = "tile.stride_versioned";

/// The bytes the fast version's vectors move: one cp.async.cg.
constexpr int64_t kVectorBytes = 16;

/// The tile.load_tile in `loop` whose tile reaches `v` through
/// local_allocs, converts and casts; null when there is none.
LoadTileOp traceToLoadTile(Value v, scf::ForOp loop) {
  for (int depth = 0; depth < 16; ++depth) {
    Operation *def = v.getDefiningOp();
    if (!def || !loop->isAncestor(def))
      return {};
    if (auto load = dyn_cast<LoadTileOp>(def))
      return load;
    if (auto alloc = dyn_cast<layout::LocalAllocOp>(def)) {
      if (!alloc.getSrc())
        return {};
      v = alloc.getSrc();
    } else if (auto convert = dyn_cast<layout::ConvertOp>(def)) {
      v = convert.getSrc();
    } else if (isa<CastOpInterface>(def) && def->getNumOperands() == 1 &&
               def->getNumResults() == 1) {
      v = def->getOperand(0);
    } else {
      return {};
    }
  }
  return {};
}

/// Whether `view` is made outside `loop` from run-time strides whose last
/// one could be 1 and whose elements pack into 16-byte vectors: a view the
/// fast version can read with a static unit stride.
bool isVersionable(Value view, scf::ForOp loop) {
  auto make = view.getDefiningOp<MakeViewOp>();
  if (!make || loop->isAncestor(make) || make.getViewType().getLayout() ||
      !make.hasStrides() || getUnitStrideAxis(view) >= 0)
    return false;
  int64_t bytes = getElementBytes(make.getViewType().getElementType());
  if (bytes > kVectorBytes || kVectorBytes % bytes != 0)
    return false;
  int64_t rank = make.getViewType().getRank();
  SmallVector<OpFoldResult> strides = make.getMixedStrides();
  if (rank < 1 || int64_t(strides.size()) != rank ||
      !isa<Value>(strides.back()))
    return false;
  // A static stride of another axis must already keep rows aligned.
  int64_t vector = kVectorBytes / bytes;
  for (int64_t a = 0; a + 1 < rank; ++a)
    if (std::optional<int64_t> c = getConstantIntValue(strides[a]))
      if (*c % vector != 0)
        return false;
  return true;
}

/// Whether the loop or its kernel asks for no pipelining.
bool isPipeliningOff(scf::ForOp loop, KernelOp kernel) {
  StringRef name = TileDialect::getNumStagesAttrName();
  for (Operation *op : {loop.getOperation(), kernel.getOperation()})
    if (auto attr = op->getAttrOfType<IntegerAttr>(name))
      return attr.getInt() == 1;
  return false;
}

/// The views of `loop`'s dot-feeding loads that the loop is versioned on.
SmallVector<MakeViewOp> getVersionedViews(scf::ForOp loop) {
  bool nested = false;
  SmallVector<DotOp> dots;
  loop.getBody()->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<scf::ForOp, scf::WhileOp>(op)) {
      nested = true;
      return WalkResult::skip();
    }
    if (auto dot = dyn_cast<DotOp>(op))
      dots.push_back(dot);
    return WalkResult::advance();
  });
  llvm::SetVector<Operation *> views;
  if (nested)
    return {};
  for (DotOp dot : dots)
    for (Value operand : {dot.getA(), dot.getB()})
      if (LoadTileOp load = traceToLoadTile(operand, loop))
        if (isVersionable(load.getView(), loop))
          views.insert(load.getView().getDefiningOp());
  return llvm::map_to_vector(
      views, [](Operation *op) { return cast<MakeViewOp>(op); });
}

/// `x % multiple == 0` for a power-of-two `multiple` (i1).
Value emitIsMultiple(OpBuilder &b, Location loc, Value x, int64_t multiple) {
  Type type = x.getType();
  Value low = arith::AndIOp::create(
      b, loc, x,
      arith::ConstantOp::create(b, loc, type,
                                b.getIntegerAttr(type, multiple - 1)));
  Value zero =
      arith::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, 0));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, low, zero);
}

/// Step 1: the condition under which every view of `views` has a unit
/// last stride and 16-byte aligned rows.
Value emitCondition(OpBuilder &b, Location loc, ArrayRef<MakeViewOp> views,
                    AxisInfoAnalysis &facts) {
  Value cond;
  auto andWith = [&](Value c) {
    cond = cond ? arith::AndIOp::create(b, loc, cond, c).getResult() : c;
  };
  for (MakeViewOp make : views) {
    int64_t bytes = getElementBytes(make.getViewType().getElementType());
    int64_t vector = kVectorBytes / bytes;
    SmallVector<OpFoldResult> strides = make.getMixedStrides();
    Value last = cast<Value>(strides.back());
    Type type = last.getType();
    andWith(arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq, last,
        arith::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, 1))));
    if (facts.getDivisibility(make.getPtr()) < kVectorBytes)
      andWith(emitIsMultiple(
          b, loc, PtrToIntOp::create(b, loc, b.getI64Type(), make.getPtr()),
          kVectorBytes));
    for (size_t a = 0; a + 1 < strides.size(); ++a)
      if (auto stride = dyn_cast<Value>(strides[a]))
        if (facts.getDivisibility(stride) < vector)
          andWith(emitIsMultiple(b, loc, stride, vector));
  }
  return cond;
}

/// Step 2: a view of `make`'s pointer and extents with a static last
/// stride of 1, its pointer and other strides promised aligned.
MakeViewOp emitUnitStrideView(OpBuilder &b, MakeViewOp make) {
  Location loc = make.getLoc();
  int64_t bytes = getElementBytes(make.getViewType().getElementType());
  int64_t vector = kVectorBytes / bytes;
  Value ptr = AssumeMultipleOp::create(b, loc, make.getPtr(),
                                       b.getI64IntegerAttr(kVectorBytes));
  SmallVector<int64_t> staticStrides(*make.getStaticStrides());
  SmallVector<Value> strides;
  unsigned next = 0;
  for (size_t a = 0; a < staticStrides.size(); ++a) {
    if (!ShapedType::isDynamic(staticStrides[a]))
      continue;
    Value stride = make.getStrides()[next++];
    if (a + 1 == staticStrides.size())
      continue; // the unit stride, now static
    strides.push_back(
        AssumeMultipleOp::create(b, loc, stride, b.getI64IntegerAttr(vector)));
  }
  staticStrides.back() = 1;
  return MakeViewOp::create(b, loc, make.getViewType(), ptr, make.getShape(),
                            strides, make.getStaticShapeAttr(),
                            b.getDenseI64ArrayAttr(staticStrides));
}

/// Steps 1 to 3 for `loop` on `views`.
void versionLoop(scf::ForOp loop, ArrayRef<MakeViewOp> views,
                 AxisInfoAnalysis &facts) {
  MLIRContext *ctx = loop.getContext();
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  Value cond = emitCondition(b, loc, views, facts);
  auto ifOp = scf::IfOp::create(b, loc, loop.getResultTypes(), cond,
                                /*withElseRegion=*/true);
  loop->replaceAllUsesWith(ifOp);
  loop->setAttr(kStrideVersionedAttr, UnitAttr::get(ctx));

  // The fast version.
  Block *thenBlock = ifOp.thenBlock();
  if (!thenBlock->empty())
    thenBlock->getTerminator()->erase();
  b.setInsertionPointToStart(thenBlock);
  IRMapping map;
  for (MakeViewOp make : views)
    map.map(make.getResult(), emitUnitStrideView(b, make).getResult());
  Operation *fast = b.clone(*loop, map);
  scf::YieldOp::create(b, loc, fast->getResults());

  // The general version.
  Block *elseBlock = ifOp.elseBlock();
  if (!elseBlock->empty())
    elseBlock->getTerminator()->erase();
  b.setInsertionPointToStart(elseBlock);
  auto yield = scf::YieldOp::create(b, loc, loop.getResults());
  loop->moveBefore(yield);
  loop->setAttr(TileDialect::getNumStagesAttrName(),
                IntegerAttr::get(IntegerType::get(ctx, 32), 1));
}

struct VersionStridesPass
    : public tile::tl::impl::VersionStridesPassBase<VersionStridesPass> {
  using VersionStridesPassBase::VersionStridesPassBase;

  void runOnOperation() override {
    KernelOp kernel = getOperation();
    SmallVector<std::pair<scf::ForOp, SmallVector<MakeViewOp>>> work;
    kernel.getBody().walk([&](scf::ForOp loop) {
      if (loop->hasAttr(kStrideVersionedAttr) || isPipeliningOff(loop, kernel))
        return;
      SmallVector<MakeViewOp> views = getVersionedViews(loop);
      if (!views.empty())
        work.emplace_back(loop, std::move(views));
    });
    if (work.empty())
      return;
    AxisInfoAnalysis facts(kernel);
    for (auto &[loop, views] : work)
      versionLoop(loop, views, facts);
  }
};

} // namespace
