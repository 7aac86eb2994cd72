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
//  4. The general version's dots in chunks of K: a dot both of whose
//     operands are tiles loaded in the loop (through casts) becomes an
//     inner scf.for over K chunks of 32 bytes (one tensor-core step: 16
//     f16, 32 fp8, 8 tf32 elements), each loading its slices of the two
//     tiles and accumulating one dot. The kernel is the same; a thread
//     holds a quarter of the f16 elements at a time, so the general
//     version's element-wise loads (address, predicate, load per element)
//     are a quarter as many instructions. ptxas, which assembles both
//     versions, takes about 35 % less time on the layout-free GEMM, and
//     the kernel's registers (the larger of the two versions') drop from
//     254 to about 160.
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
#include "mlir/Interfaces/SideEffectInterfaces.h"
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

/// The bytes of K one chunk of a general version's dot covers: one
/// tensor-core step (wgmma's K is 32 bytes of every element type).
constexpr int64_t kChunkBytes = 32;

/// One operand of a dot that step 4 can compute in chunks: the tile load in
/// the loop body and the single-use casts from it to the dot, in order.
struct ChunkableOperand {
  LoadTileOp load;
  SmallVector<Operation *> casts;
};

/// Whether `type` is a tensor without a layout (step 4 rewrites shapes).
bool isPlainTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && !tensor.getEncoding();
}

/// The load of `v` and the casts between it and its use, when every value
/// of the chain has one use and no layout, and the load sits in `body`.
std::optional<ChunkableOperand> getChunkableOperand(Value v, Block *body) {
  ChunkableOperand result;
  for (int depth = 0; depth < 8; ++depth) {
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != body || !v.hasOneUse() ||
        !isPlainTensor(v.getType()))
      return std::nullopt;
    if (auto load = dyn_cast<LoadTileOp>(def)) {
      if (load.getMemoryOrder())
        return std::nullopt;
      result.load = load;
      std::reverse(result.casts.begin(), result.casts.end());
      return result;
    }
    if (!isa<CastOpInterface>(def) || def->getNumOperands() != 1 ||
        def->getNumResults() != 1 || !isMemoryEffectFree(def))
      return std::nullopt;
    result.casts.push_back(def);
    v = def->getOperand(0);
  }
  return std::nullopt;
}

/// Whether moving `load` down to `dot` reorders it with a write: every op
/// between them is free of memory effects or another plain tile load.
bool canSinkTo(LoadTileOp load, DotOp dot) {
  for (Operation *op = load->getNextNode(); op && op != dot.getOperation();
       op = op->getNextNode()) {
    if (auto other = dyn_cast<LoadTileOp>(op))
      if (!other.getMemoryOrder())
        continue;
    if (!isMemoryEffectFree(op))
      return false;
  }
  return true;
}

/// The tile dim of `load`'s result that walks K: dim 1 of A, dim 0 of B.
/// Its view axis must have a run-time extent or one the tile divides (a
/// chunk entirely outside a static extent the chunk divides is not
/// masked).
bool isChunkableAlongK(LoadTileOp load, int64_t kDim, int64_t chunk) {
  auto type = cast<RankedTensorType>(load.getResult().getType());
  if (type.getRank() != 2 || type.getDimSize(kDim) % chunk != 0 ||
      type.getDimSize(kDim) == chunk)
    return false;
  int64_t axis = load.getOrderOrIdentity()[kDim];
  int64_t extent = load.getView().getType().getShape()[axis];
  return ShapedType::isDynamic(extent) || extent % type.getDimSize(kDim) == 0;
}

/// `type` with extent `chunk` along `dim`.
RankedTensorType withDim(Type type, int64_t dim, int64_t chunk) {
  auto tensor = cast<RankedTensorType>(type);
  SmallVector<int64_t> shape(tensor.getShape());
  shape[dim] = chunk;
  return tensor.clone(shape);
}

/// Clones `operand`'s load and casts with extent `chunk` along `kDim`, the
/// load reading chunk `index` (in chunks) along K; returns the last value.
Value cloneChunk(OpBuilder &b, const ChunkableOperand &operand, int64_t kDim,
                 int64_t chunk, Value index) {
  Operation *load = b.clone(*operand.load);
  // Operand 0 is the view, then one index per tile dim.
  load->setOperand(1 + kDim, index);
  load->getResult(0).setType(
      withDim(load->getResult(0).getType(), kDim, chunk));
  Value v = load->getResult(0);
  for (Operation *cast : operand.casts) {
    IRMapping map;
    map.map(cast->getOperand(0), v);
    Operation *c = b.clone(*cast, map);
    c->getResult(0).setType(withDim(c->getResult(0).getType(), kDim, chunk));
    v = c->getResult(0);
  }
  return v;
}

/// Step 4 for one dot of the general version `loop`, when both operands
/// qualify: an inner loop over the K chunks in place of the dot.
void chunkDot(DotOp dot, scf::ForOp loop) {
  Block *body = loop.getBody();
  if (dot->getBlock() != body || !isPlainTensor(dot.getA().getType()) ||
      !isPlainTensor(dot.getB().getType()))
    return;
  std::optional<ChunkableOperand> a = getChunkableOperand(dot.getA(), body);
  std::optional<ChunkableOperand> b = getChunkableOperand(dot.getB(), body);
  if (!a || !b || a->load == b->load)
    return;
  Type elemType = cast<RankedTensorType>(dot.getA().getType()).getElementType();
  int64_t bytes = getElementBytes(elemType);
  if (bytes > kChunkBytes || kChunkBytes % bytes != 0)
    return;
  int64_t chunk = kChunkBytes / bytes;
  if (!isChunkableAlongK(a->load, 1, chunk) ||
      !isChunkableAlongK(b->load, 0, chunk) || !canSinkTo(a->load, dot) ||
      !canSinkTo(b->load, dot))
    return;
  Value ka = a->load.getIndices()[1], kb = b->load.getIndices()[0];
  if (ka.getType() != kb.getType())
    return;
  int64_t k = cast<RankedTensorType>(dot.getA().getType()).getDimSize(1);
  int64_t count = k / chunk;

  OpBuilder builder(dot);
  Location loc = dot.getLoc();
  Type indexType = ka.getType();
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(builder, loc, indexType,
                                     builder.getIntegerAttr(indexType, v));
  };
  Value zero = constant(0), one = constant(1), chunks = constant(count);
  auto inner = scf::ForOp::create(builder, loc, zero, chunks, one,
                                  ValueRange{dot.getC()});
  // Not pipelined (tile-pipeline would take it for an innermost GEMM loop)
  // and not versioned again.
  MLIRContext *ctx = loop.getContext();
  inner->setAttr(TileDialect::getNumStagesAttrName(),
                 IntegerAttr::get(IntegerType::get(ctx, 32), 1));
  inner->setAttr(kStrideVersionedAttr, UnitAttr::get(ctx));
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(inner.getBody());
  Value c = inner.getInductionVar();
  auto chunkIndex = [&](Value tileIndex) -> Value {
    Value first = arith::MulIOp::create(builder, loc, tileIndex, chunks);
    return arith::AddIOp::create(builder, loc, first, c);
  };
  Value indexA = chunkIndex(ka);
  Value indexB = ka == kb ? indexA : chunkIndex(kb);
  Value chunkA = cloneChunk(builder, *a, 1, chunk, indexA);
  Value chunkB = cloneChunk(builder, *b, 0, chunk, indexB);
  IRMapping map;
  map.map(dot.getA(), chunkA);
  map.map(dot.getB(), chunkB);
  map.map(dot.getC(), inner.getRegionIterArgs()[0]);
  Operation *partial = builder.clone(*dot, map);
  scf::YieldOp::create(builder, loc, partial->getResults());
  dot.getResult().replaceAllUsesWith(inner.getResult(0));
  dot->erase();
  for (const ChunkableOperand &operand : {*a, *b}) {
    for (Operation *cast : llvm::reverse(operand.casts))
      cast->erase();
    operand.load->erase();
  }
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

  // Step 4.
  SmallVector<DotOp> dots(loop.getBody()->getOps<DotOp>());
  for (DotOp dot : dots)
    chunkDot(dot, loop);
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
