//===- SplitTiles.cpp - Split tiles above the register budget -------------===//
//
// A tensor whose layout gives one thread more registers than the budget is
// recomputed chunk by chunk along one axis in scf.for loops:
//
// 1. Components: from each tensor above the budget, the connected set of
//    values that carry the split axis (through loads, elementwise ops,
//    broadcasts, expand_dims, converts and reductions over other axes),
//    each with the dim that walks the axis, and its sinks: the stores of
//    those values and their reductions along the axis. Values without the
//    axis (scalars, views, broadcast sources of extent 1, the results of the
//    sink reductions) are the component's inputs; they stay as they are.
// 2. The chunk: the largest power of two C below the extent such that every
//    value of the component, restricted to C along its dim, has a linear
//    layout with as many lanes and warps as before (no new copies) and
//    needs at most `chunk-registers` (smaller than the budget: small chunks
//    keep more warps resident, which streaming kernels need; see
//    docs/Passes.md for the measurements).
// 3. Loops: sinks in program order share one loop while their inputs are
//    all defined before the loop's place (the first sink of the loop); a
//    sink that needs the result of an earlier reduction starts a new loop,
//    which recomputes its chunks from the loads.
// 4. Memory order: the loops move loads (to the loop) and stores (to the
//    first sink of their loop); the component is left alone when that
//    would reorder two memory accesses one of which writes, except the
//    chunks of one loop among themselves (documented: in-place updates are
//    fine, overlapping shifted copies are not).
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "LayoutUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace tile::tl {
#define GEN_PASS_DEF_SPLITTILESPASS
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile::tl

using namespace mlir;
using namespace tile;
using namespace tile::tl;

namespace {

//===----------------------------------------------------------------------===//
// Registers and chunk types
//===----------------------------------------------------------------------===//

/// 32-bit registers one thread needs to hold a tensor of `shape` in
/// `layout` with elements of `elementType`; nullopt when the layout does
/// not fit the shape.
std::optional<int64_t> getRegisters(Attribute layout, ArrayRef<int64_t> shape,
                                    Type elementType) {
  if (!layout)
    return std::nullopt;
  std::optional<LinearLayout> ll = layout::toLinearLayout(layout, shape);
  if (!ll)
    return std::nullopt;
  int64_t regs = ll->hasInDim("register") ? ll->getInDimSize("register") : 1;
  return regs * std::max<int64_t>(1, getElementBytes(elementType) / 4);
}

std::optional<int64_t> getRegisters(RankedTensorType type) {
  return getRegisters(type.getEncoding(), type.getShape(),
                      type.getElementType());
}

/// `type` with extent `chunk` along `dim`.
RankedTensorType getChunkType(RankedTensorType type, int64_t dim,
                              int64_t chunk) {
  SmallVector<int64_t> shape = llvm::to_vector(type.getShape());
  shape[dim] = chunk;
  return RankedTensorType::get(shape, type.getElementType(),
                               type.getEncoding());
}

/// The dim of `type` to split: the longest one along which the layout's
/// registers step (the others are covered by lanes and warps); -1 if none.
int64_t chooseSplitDim(RankedTensorType type) {
  std::optional<LinearLayout> ll =
      layout::toLinearLayout(type.getEncoding(), type.getShape());
  if (!ll || !ll->hasInDim("register"))
    return -1;
  int64_t best = -1;
  for (int64_t d = 0, e = type.getRank(); d < e; ++d) {
    std::string name = "dim" + std::to_string(d);
    if (!ll->hasOutDim(name))
      continue;
    bool walks = false;
    for (int i = 0, n = ll->getInDimSizeLog2("register"); i < n; ++i)
      walks |= ll->getBasis("register", i, name) != 0;
    if (walks && (best < 0 || type.getDimSize(d) >= type.getDimSize(best)))
      best = d;
  }
  return best;
}

bool isElementwise(Operation *op) {
  return op->getNumRegions() == 0 && op->getNumResults() == 1 &&
         (op->hasTrait<OpTrait::Elementwise>() || isa<arith::SelectOp>(op));
}

/// Whether a combiner region can be applied to tensors elementwise: only
/// elementwise ops and scalar constants besides the yield, on values of the
/// region.
LogicalResult checkElementwiseCombiner(ReduceOp reduce, std::string &why) {
  Block &block = reduce.getCombiner().front();
  for (Operation &op : block) {
    for (Value operand : op.getOperands()) {
      if (operand.getParentBlock() == &block)
        continue;
      why = "its combiner uses a value defined outside it";
      return failure();
    }
    if (isa<YieldOp>(op) || isElementwise(&op))
      continue;
    if (auto cst = dyn_cast<arith::ConstantOp>(op);
        cst && isa<IntegerAttr, FloatAttr>(cst.getValue()))
      continue;
    why = "its combiner holds '" + op.getName().getStringRef().str() +
          "', which cannot be applied to a chunk elementwise";
    return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Memory effects
//===----------------------------------------------------------------------===//

struct Access {
  bool reads = false;
  bool writes = false;
  bool any() const { return reads || writes; }
};

Access getAccess(Operation *op) {
  Access a;
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(op);
  if (!effects)
    return {true, true};
  for (const MemoryEffects::EffectInstance &e : *effects) {
    a.reads |= isa<MemoryEffects::Read>(e.getEffect());
    a.writes |= isa<MemoryEffects::Write>(e.getEffect());
  }
  return a;
}

//===----------------------------------------------------------------------===//
// Components
//===----------------------------------------------------------------------===//

/// The values that carry the split axis, their ops and their sinks.
struct Component {
  int64_t extent = 0;
  /// Each value with the dim that walks the split axis.
  llvm::MapVector<Value, int64_t> dims;
  /// The ops to recompute per chunk (each defines values of `dims`).
  llvm::SetVector<Operation *> ops;
  /// Stores of component values and reductions along the split axis.
  llvm::SetVector<Operation *> sinks;
  /// Set when the component cannot be split, with why.
  std::string failure;
};

class ComponentBuilder {
public:
  ComponentBuilder(Block &body, Component &c) : body(body), c(c) {}

  /// Collects the component of `seed` split along `dim`; false (with
  /// c.failure set) when something in it cannot be split.
  bool build(Value seed, int64_t dim) {
    c.extent = cast<RankedTensorType>(seed.getType()).getDimSize(dim);
    if (!add(seed, dim))
      return false;
    while (!worklist.empty()) {
      auto [v, d] = worklist.pop_back_val();
      if (!visitDef(v, d) || !visitUsers(v, d))
        return false;
    }
    return true;
  }

private:
  bool fail(const Twine &why) {
    c.failure = why.str();
    return false;
  }

  static std::string name(Operation *op) {
    return "'" + op->getName().getStringRef().str() + "'";
  }

  bool add(Value v, int64_t dim) {
    auto type = dyn_cast<RankedTensorType>(v.getType());
    if (!type || dim < 0 || dim >= type.getRank() ||
        type.getDimSize(dim) != c.extent)
      return fail("a tensor on its way does not have the split extent " +
                  Twine(c.extent) + " where expected");
    auto [it, inserted] = c.dims.insert({v, dim});
    if (!inserted) {
      if (it->second != dim)
        return fail("a tensor on its way would be split along two dims");
      return true;
    }
    worklist.push_back({v, dim});
    return true;
  }

  /// The op that defines `v` and its operands that carry the axis.
  bool visitDef(Value v, int64_t d) {
    Operation *op = v.getDefiningOp();
    if (!op || op->getBlock() != &body)
      return fail("a tensor on its way is defined inside a region (a loop "
                  "or a condition)");
    if (c.ops.contains(op))
      return true;
    c.ops.insert(op);
    if (isa<LoadTileOp, LoadAtOp, SplatOp, ArangeOp>(op))
      return true;
    if (auto cst = dyn_cast<arith::ConstantOp>(op)) {
      auto dense = dyn_cast<DenseElementsAttr>(cst.getValue());
      if (dense && dense.isSplat())
        return true;
      return fail("a tensor on its way is a constant that is not a splat");
    }
    if (auto load = dyn_cast<LoadOp>(op)) {
      for (Value t : {load.getPtr(), load.getMask(), load.getOther()})
        if (t && !add(t, d))
          return false;
      return true;
    }
    if (auto bc = dyn_cast<BroadcastOp>(op)) {
      if (bc.getSrc().getType().getDimSize(d) == 1)
        return true; // Its source is an input of the component.
      return add(bc.getSrc(), d);
    }
    if (auto ex = dyn_cast<ExpandDimsOp>(op)) {
      int64_t axis = static_cast<int32_t>(ex.getAxis());
      return add(ex.getSrc(), d < axis ? d : d - 1);
    }
    if (auto red = dyn_cast<ReduceOp>(op)) {
      int64_t axis = static_cast<int32_t>(red.getAxis());
      if (red.getSrcs().size() != 1)
        return fail("a reduction of several operands on its way cannot be "
                    "split");
      if (!red.getKind()) {
        std::string why;
        if (failed(checkElementwiseCombiner(red, why)))
          return fail("a reduction on its way cannot be split: " + why);
      }
      return add(red.getSrc(), d < axis ? d : d + 1);
    }
    if (auto cv = dyn_cast<layout::ConvertOp>(op))
      return add(cv.getSrc(), d);
    if (isElementwise(op)) {
      for (Value operand : op->getOperands())
        if (isa<RankedTensorType>(operand.getType()) && !add(operand, d))
          return false;
      return true;
    }
    return fail("a tensor on its way is produced by " + name(op) +
                ", which the pass cannot split");
  }

  /// The users of `v`: more component values, or sinks.
  bool visitUsers(Value v, int64_t d) {
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (user->getBlock() != &body)
        return fail("a tensor on its way is used inside a region by " +
                    name(user));
      if (isa<StoreTileOp, StoreAtOp>(user)) {
        c.sinks.insert(user);
        continue;
      }
      if (auto store = dyn_cast<StoreOp>(user)) {
        c.sinks.insert(user);
        for (Value t : {store.getPtr(), store.getValue(), store.getMask()})
          if (t && !add(t, d))
            return false;
        continue;
      }
      if (auto red = dyn_cast<ReduceOp>(user)) {
        int64_t axis = static_cast<int32_t>(red.getAxis());
        if (red.getSrcs().size() != 1)
          return fail("its reduction of several operands cannot be split");
        if (axis == d) {
          if (!red.getKind()) {
            std::string why;
            if (failed(checkElementwiseCombiner(red, why)))
              return fail("its reduction cannot be split: " + why);
          }
          c.sinks.insert(user);
          continue;
        }
        if (!add(red.getResult(), d < axis ? d : d - 1))
          return false;
        continue;
      }
      if (auto ex = dyn_cast<ExpandDimsOp>(user)) {
        int64_t axis = static_cast<int32_t>(ex.getAxis());
        if (!add(ex.getResult(), d < axis ? d : d + 1))
          return false;
        continue;
      }
      if (isa<LoadOp, BroadcastOp, layout::ConvertOp>(user) ||
          isElementwise(user)) {
        if (!add(user->getResult(0), d))
          return false;
        continue;
      }
      return fail("a tensor on its way is used by " + name(user) +
                  ", which the pass cannot split");
    }
    return true;
  }

  Block &body;
  Component &c;
  SmallVector<std::pair<Value, int64_t>> worklist;
};

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

/// One scf.for: sinks that run together, placed before the first one.
struct Loop {
  SmallVector<Operation *> sinks;
  /// The component ops the sinks need, and their loads.
  llvm::SetVector<Operation *> ops;
  SmallVector<Operation *> loads;
  bool hasStores = false;
  Operation *place() const { return sinks.front(); }
};

/// The component ops `sink` needs (its backward closure in the component).
llvm::SetVector<Operation *> getCone(Operation *sink, const Component &c) {
  llvm::SetVector<Operation *> cone;
  SmallVector<Value> stack;
  for (Value operand : sink->getOperands())
    if (c.dims.count(operand))
      stack.push_back(operand);
  while (!stack.empty()) {
    Operation *op = stack.pop_back_val().getDefiningOp();
    if (!op || !c.ops.contains(op) || !cone.insert(op))
      continue;
    for (Value operand : op->getOperands())
      if (c.dims.count(operand))
        stack.push_back(operand);
  }
  return cone;
}

/// Whether every value the cone and the sink take from outside the
/// component is defined before `place`.
bool inputsDefinedBefore(Operation *sink,
                         const llvm::SetVector<Operation *> &cone,
                         const Component &c, Operation *place) {
  auto before = [&](Value v) {
    if (c.dims.count(v))
      return true;
    Operation *def = v.getDefiningOp();
    return !def || def->getBlock() != place->getBlock() ||
           def->isBeforeInBlock(place);
  };
  for (Operation *op : cone)
    if (!llvm::all_of(op->getOperands(), before))
      return false;
  return llvm::all_of(sink->getOperands(), before);
}

/// Groups the sinks into loops (program order).
SmallVector<Loop> formLoops(Component &c) {
  SmallVector<Operation *> sinks(c.sinks.begin(), c.sinks.end());
  llvm::sort(sinks,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  SmallVector<Loop> loops;
  for (Operation *sink : sinks) {
    llvm::SetVector<Operation *> cone = getCone(sink, c);
    SmallVector<Operation *> loads;
    for (Operation *op : cone)
      if (isa<LoadTileOp, LoadAtOp, LoadOp>(op))
        loads.push_back(op);
    bool isStore = !isa<ReduceOp>(sink);
    bool joins = !loops.empty() &&
                 inputsDefinedBefore(sink, cone, c, loops.back().place());
    if (joins) {
      Loop &l = loops.back();
      // In a chunk all loads run before all stores: a load that follows a
      // store of the same loop in the program would read too early.
      for (Operation *load : loads)
        for (Operation *s : l.sinks)
          if (!isa<ReduceOp>(s) && s->isBeforeInBlock(load))
            joins = false;
      if (isStore)
        for (Operation *load : l.loads)
          if (sink->isBeforeInBlock(load))
            joins = false;
    }
    if (!joins)
      loops.emplace_back();
    Loop &l = loops.back();
    l.sinks.push_back(sink);
    l.ops.insert(cone.begin(), cone.end());
    for (Operation *load : loads)
      if (!llvm::is_contained(l.loads, load))
        l.loads.push_back(load);
    l.hasStores |= isStore;
  }
  return loops;
}

/// Checks that running each loop's loads and stores at its place keeps the
/// order of every two memory accesses one of which writes (chunks of one
/// loop among themselves aside). Returns the op that would be reordered.
Operation *findReorderedAccess(Block &body, const Component &c,
                               ArrayRef<Loop> loops) {
  // Accesses outside the component stay where they are.
  SmallVector<std::pair<Operation *, Access>> others;
  for (Operation &op : body)
    if (!c.ops.contains(&op) && !c.sinks.contains(&op))
      if (Access a = getAccess(&op); a.any())
        others.push_back({&op, a});

  auto loopAccesses = [&](const Loop &l) {
    SmallVector<std::pair<Operation *, Access>> acc;
    for (Operation *load : l.loads)
      acc.push_back({load, {true, false}});
    for (Operation *s : l.sinks)
      if (!isa<ReduceOp>(s))
        acc.push_back({s, {false, true}});
    return acc;
  };
  // `op` runs between a and b (exclusive), in either order.
  auto between = [](Operation *op, Operation *a, Operation *b) {
    if (b->isBeforeInBlock(a))
      std::swap(a, b);
    return a->isBeforeInBlock(op) && op->isBeforeInBlock(b);
  };

  for (auto [i, l] : llvm::enumerate(loops)) {
    auto mine = loopAccesses(l);
    for (auto [x, xa] : mine) {
      if (x == l.place())
        continue;
      for (auto [m, ma] : others)
        if ((xa.writes || ma.writes) && between(m, x, l.place()))
          return m;
      for (auto [j, other] : llvm::enumerate(loops)) {
        if (j == i)
          continue;
        for (auto [y, ya] : loopAccesses(other)) {
          if (!(xa.writes || ya.writes) || x == y)
            continue;
          bool before = x->isBeforeInBlock(y);
          bool loopBefore = l.place()->isBeforeInBlock(other.place());
          if (before != loopBefore)
            return y;
        }
      }
    }
  }
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Emission
//===----------------------------------------------------------------------===//

/// The neutral element of a predefined reduction, as a splat of `type`.
Value buildIdentity(OpBuilder &b, Location loc, ReduceKind kind,
                    RankedTensorType type) {
  Type elem = type.getElementType();
  TypedAttr value;
  if (auto ft = dyn_cast<FloatType>(elem)) {
    const llvm::fltSemantics &sem = ft.getFloatSemantics();
    APFloat v = kind == ReduceKind::sum
                    ? APFloat::getZero(sem)
                    : APFloat::getInf(sem, kind == ReduceKind::max);
    value = FloatAttr::get(elem, v);
  } else {
    unsigned bits = elem.getIntOrFloatBitWidth();
    APInt v = kind == ReduceKind::sum   ? APInt::getZero(bits)
              : kind == ReduceKind::max ? APInt::getSignedMinValue(bits)
                                        : APInt::getSignedMaxValue(bits);
    value = IntegerAttr::get(elem, v);
  }
  return arith::ConstantOp::create(b, loc, type,
                                   DenseElementsAttr::get(type, value));
}

/// `acc` combined elementwise with `chunk` by the reduction `reduce`.
Value buildCombine(OpBuilder &b, Location loc, ReduceOp reduce, Value acc,
                   Value chunk) {
  auto type = cast<RankedTensorType>(acc.getType());
  bool isFloat = isa<FloatType>(type.getElementType());
  if (std::optional<ReduceKind> kind = reduce.getKind()) {
    switch (*kind) {
    case ReduceKind::sum:
      return isFloat ? arith::AddFOp::create(b, loc, acc, chunk).getResult()
                     : arith::AddIOp::create(b, loc, acc, chunk).getResult();
    case ReduceKind::max:
      return isFloat ? arith::MaximumFOp::create(b, loc, acc, chunk).getResult()
                     : arith::MaxSIOp::create(b, loc, acc, chunk).getResult();
    case ReduceKind::min:
      return isFloat ? arith::MinimumFOp::create(b, loc, acc, chunk).getResult()
                     : arith::MinSIOp::create(b, loc, acc, chunk).getResult();
    }
  }
  // The combiner's scalar ops, applied to the whole chunk.
  Block &block = reduce.getCombiner().front();
  IRMapping map;
  map.map(block.getArgument(0), acc);
  map.map(block.getArgument(1), chunk);
  for (Operation &op : block) {
    if (auto yield = dyn_cast<YieldOp>(op))
      return map.lookup(yield.getValues().front());
    if (auto cst = dyn_cast<arith::ConstantOp>(op)) {
      auto t = RankedTensorType::get(type.getShape(), cst.getType(),
                                     type.getEncoding());
      map.map(cst.getResult(),
              arith::ConstantOp::create(
                  b, loc, t, DenseElementsAttr::get(t, cst.getValue())));
      continue;
    }
    Operation *clone = b.clone(op, map);
    for (Value r : clone->getResults())
      r.setType(RankedTensorType::get(type.getShape(), r.getType(),
                                      type.getEncoding()));
  }
  return {};
}

/// Builds the chunks of a component's values for one chunk index.
class ChunkBuilder {
public:
  ChunkBuilder(OpBuilder &b, const Component &c, int64_t chunk, Value k)
      : b(b), c(c), chunk(chunk), k(k) {}

  /// The chunk of `v` (memoized); values outside the component as they are.
  Value get(Value v) {
    auto it = c.dims.find(v);
    if (it == c.dims.end())
      return v;
    if (Value done = chunks.lookup(v))
      return done;
    Value r = build(v, it->second);
    chunks[v] = r;
    return r;
  }

  /// `index * scale + k * step` in the type of `index`.
  Value offsetIndex(Location loc, Value index, int64_t scale, int64_t step) {
    Type t = index.getType();
    Value kk = k;
    if (t.isIndex())
      kk = arith::IndexCastOp::create(b, loc, t, k);
    else if (t.getIntOrFloatBitWidth() > 32)
      kk = arith::ExtSIOp::create(b, loc, t, k);
    auto cst = [&](int64_t v) -> Value {
      if (t.isIndex())
        return arith::ConstantIndexOp::create(b, loc, v);
      return arith::ConstantIntOp::create(b, loc, t, v);
    };
    Value base = index;
    if (scale != 1)
      base = arith::MulIOp::create(b, loc, index, cst(scale));
    if (step != 1)
      kk = arith::MulIOp::create(b, loc, kk, cst(step));
    return arith::AddIOp::create(b, loc, base, kk);
  }

  /// A store sink for this chunk.
  void buildStore(Operation *store, int64_t dim) {
    IRMapping map;
    for (Value operand : store->getOperands())
      map.map(operand, get(operand));
    Value index = offsetViewIndex(store, dim);
    Operation *clone = b.clone(*store, map);
    if (auto st = dyn_cast<StoreTileOp>(clone))
      st.getIndicesMutable()[dim].set(index);
    else if (auto sa = dyn_cast<StoreAtOp>(clone))
      sa.getOffsetsMutable()[sa.getViewAxisOfTileDim(dim)].set(index);
  }

  /// For a view access split along tile dim `dim`: the index of this
  /// chunk (tile-space index * (extent / C) + k for load_tile/store_tile,
  /// offset + k * C for load_at/store_at); null for other ops.
  Value offsetViewIndex(Operation *op, int64_t dim) {
    int64_t parts = c.extent / chunk;
    if (auto load = dyn_cast<LoadTileOp>(op))
      return offsetIndex(op->getLoc(), load.getIndices()[dim], parts, 1);
    if (auto store = dyn_cast<StoreTileOp>(op))
      return offsetIndex(op->getLoc(), store.getIndices()[dim], parts, 1);
    if (auto load = dyn_cast<LoadAtOp>(op))
      return offsetIndex(op->getLoc(),
                         load.getOffsets()[load.getViewAxisOfTileDim(dim)], 1,
                         chunk);
    if (auto store = dyn_cast<StoreAtOp>(op))
      return offsetIndex(op->getLoc(),
                         store.getOffsets()[store.getViewAxisOfTileDim(dim)], 1,
                         chunk);
    return {};
  }

private:
  RankedTensorType chunkType(Value v, int64_t dim) {
    return getChunkType(cast<RankedTensorType>(v.getType()), dim, chunk);
  }

  Value build(Value v, int64_t dim) {
    Operation *op = v.getDefiningOp();
    Location loc = op->getLoc();
    RankedTensorType type = chunkType(v, dim);
    if (auto cst = dyn_cast<arith::ConstantOp>(op)) {
      auto dense = cast<DenseElementsAttr>(cst.getValue());
      return arith::ConstantOp::create(
          b, loc, type,
          DenseElementsAttr::get(type, dense.getSplatValue<Attribute>()));
    }
    if (auto splat = dyn_cast<SplatOp>(op))
      return SplatOp::create(b, loc, type, splat.getSrc());
    if (auto arange = dyn_cast<ArangeOp>(op)) {
      // arange(start + k*C, start + (k+1)*C) = arange(0, C) + (start + k*C).
      Value base = ArangeOp::create(b, loc, type, b.getSI32IntegerAttr(0),
                                    b.getSI32IntegerAttr(chunk));
      Value start = arith::ConstantIntOp::create(b, loc, b.getI32Type(),
                                                 arange.getStart());
      Value first = offsetIndex(loc, start, 1, chunk);
      Value firstv = SplatOp::create(b, loc, type, first);
      return arith::AddIOp::create(b, loc, base, firstv);
    }
    if (auto bc = dyn_cast<BroadcastOp>(op)) {
      Value src = bc.getSrc();
      if (!c.dims.count(src))
        return BroadcastOp::create(b, loc, type, src);
    }
    IRMapping map;
    for (Value operand : op->getOperands())
      map.map(operand, get(operand));
    Value index = offsetViewIndex(op, dim);
    Operation *clone = b.clone(*op, map);
    clone->getResult(0).setType(type);
    if (auto load = dyn_cast<LoadTileOp>(clone))
      load.getIndicesMutable()[dim].set(index);
    else if (auto load = dyn_cast<LoadAtOp>(clone))
      load.getOffsetsMutable()[load.getViewAxisOfTileDim(dim)].set(index);
    return clone->getResult(0);
  }

  OpBuilder &b;
  const Component &c;
  int64_t chunk;
  Value k;
  DenseMap<Value, Value> chunks;
};

/// Emits one loop's body for chunk index `k`: the chunks of every sink's
/// operands (so that all loads run first), the stores, and the reductions
/// combined into `accs` (or the chunks themselves when `accs` is empty).
SmallVector<Value> emitChunk(OpBuilder &b, const Component &c, const Loop &loop,
                             int64_t chunk, Value k, ValueRange accs) {
  ChunkBuilder cb(b, c, chunk, k);
  for (Operation *sink : loop.sinks)
    for (Value operand : sink->getOperands())
      cb.get(operand);
  SmallVector<Value> results;
  for (Operation *sink : loop.sinks) {
    if (auto reduce = dyn_cast<ReduceOp>(sink)) {
      Value part = cb.get(reduce.getSrc());
      if (accs.empty())
        results.push_back(part);
      else
        results.push_back(buildCombine(b, sink->getLoc(), reduce,
                                       accs[results.size()], part));
      continue;
    }
    Value value = isa<StoreOp>(sink) ? cast<StoreOp>(sink).getValue()
                                     : sink->getOperand(0);
    cb.buildStore(sink, c.dims.lookup(value));
  }
  return results;
}

/// Replaces one loop's sinks by an scf.for before the first of them.
void emitLoop(const Component &c, const Loop &loop, int64_t chunk) {
  Operation *place = loop.place();
  Location loc = place->getLoc();
  OpBuilder b(place);
  SmallVector<ReduceOp> reduces;
  for (Operation *sink : loop.sinks)
    if (auto r = dyn_cast<ReduceOp>(sink))
      reduces.push_back(r);
  // Without an identity for every reduction, the first chunk is peeled.
  bool peel = llvm::any_of(reduces, [](ReduceOp r) { return !r.getKind(); });
  int64_t lower = 0;
  SmallVector<Value> inits;
  if (peel) {
    Value k0 = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
    inits = emitChunk(b, c, loop, chunk, k0, {});
    lower = 1;
  } else {
    for (ReduceOp r : reduces) {
      auto type = getChunkType(r.getSrc().getType(),
                               static_cast<int32_t>(r.getAxis()), chunk);
      inits.push_back(buildIdentity(b, loc, *r.getKind(), type));
    }
  }
  Value lb = arith::ConstantIntOp::create(b, loc, b.getI32Type(), lower);
  Value ub =
      arith::ConstantIntOp::create(b, loc, b.getI32Type(), c.extent / chunk);
  Value step = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 1);
  auto forOp = scf::ForOp::create(
      b, loc, lb, ub, step, inits,
      [&](OpBuilder &nb, Location, Value k, ValueRange accs) {
        SmallVector<Value> next = emitChunk(nb, c, loop, chunk, k, accs);
        scf::YieldOp::create(nb, loc, next);
      });
  b.setInsertionPointAfter(forOp);
  for (auto [r, acc] : llvm::zip(reduces, forOp.getResults())) {
    IRMapping map;
    map.map(r.getSrc(), acc);
    Operation *final = b.clone(*r, map);
    r.getResult().replaceAllUsesWith(final->getResult(0));
  }
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct SplitTilesPass
    : public tile::tl::impl::SplitTilesPassBase<SplitTilesPass> {
  using SplitTilesPassBase::SplitTilesPassBase;

  void runOnOperation() override {
    KernelOp kernel = getOperation();
    if (registerBudget == 0) {
      kernel.emitError() << "tile-split-tiles: register-budget must be at "
                            "least 1 (32-bit registers per thread one "
                            "tensor may use); the default is 64";
      return signalPassFailure();
    }
    if (chunkRegisters == 0 || chunkRegisters > registerBudget) {
      kernel.emitError() << "tile-split-tiles: chunk-registers ("
                         << chunkRegisters.getValue()
                         << ") must be between 1 and register-budget ("
                         << registerBudget.getValue()
                         << "); the defaults are 16 and 64";
      return signalPassFailure();
    }
    budget = registerBudget;
    target = chunkRegisters;
    if (kernel.getBody().empty())
      return;
    Block &body = kernel.getBody().front();

    // Tensors above the budget inside regions are not split.
    kernel.getBody().walk([&](Operation *op) {
      if (op->getBlock() == &body)
        return;
      for (Value r : op->getResults())
        if (isAboveBudget(r))
          remark(op, r,
                 "it is inside a region (a loop, a condition or a "
                 "combiner); only tensors directly in the kernel body are "
                 "split");
    });

    // The seeds are collected first: a split erases the ops of its
    // component (recorded in `erased`) and adds loops.
    SmallVector<Value> seeds;
    for (Operation &op : body)
      for (Value r : op.getResults())
        if (isAboveBudget(r))
          seeds.push_back(r);
    DenseSet<Value> handled, erased;
    for (Value seed : seeds)
      if (!handled.contains(seed) && !erased.contains(seed))
        splitFrom(body, seed, handled, erased);
  }

private:
  bool isAboveBudget(Value v) {
    auto type = dyn_cast<RankedTensorType>(v.getType());
    if (!type)
      return false;
    std::optional<int64_t> regs = getRegisters(type);
    return regs && *regs > budget;
  }

  void remark(Operation *op, Value v, const Twine &why) {
    if (!remarks)
      return;
    auto type = cast<RankedTensorType>(v.getType());
    op->emitRemark() << type << " needs " << *getRegisters(type)
                     << " registers per thread, above the budget of " << budget
                     << "; not split: " << why;
  }

  /// Splits the component of `seed`, or remarks why not on every tensor of
  /// it above the budget.
  void splitFrom(Block &body, Value seed, DenseSet<Value> &handled,
                 DenseSet<Value> &erased) {
    auto seedType = cast<RankedTensorType>(seed.getType());
    Component c;
    auto giveUp = [&](const Twine &why) {
      handled.insert(seed);
      for (auto &[v, d] : c.dims)
        handled.insert(v);
      remark(seed.getDefiningOp(), seed, why);
      for (auto &[v, d] : c.dims)
        if (v != seed && isAboveBudget(v) && v.getDefiningOp())
          remark(v.getDefiningOp(), v, why);
    };

    int64_t dim = chooseSplitDim(seedType);
    if (dim < 0)
      return giveUp("its registers hold no axis that could be split");
    ComponentBuilder builder(body, c);
    if (!builder.build(seed, dim))
      return giveUp(c.failure);
    if (c.sinks.empty())
      return giveUp("nothing stores or reduces it");

    int64_t chunk = chooseChunk(c);
    if (chunk == 0)
      return giveUp("no smaller chunk along dim " + Twine(dim) +
                    " fits the layouts on its way with all lanes and warps "
                    "busy");

    SmallVector<Loop> loops = formLoops(c);
    if (Operation *m = findReorderedAccess(body, c, loops))
      return giveUp("the loops would reorder its loads or stores with the '" +
                    m->getName().getStringRef() + "'" + describeLine(m) +
                    ", which may access the same memory");

    int64_t worst = 0;
    for (auto &[v, d] : c.dims)
      worst =
          std::max(worst, *getRegisters(getChunkType(
                              cast<RankedTensorType>(v.getType()), d, chunk)));
    if (remarks) {
      InFlightDiagnostic diag = seed.getDefiningOp()->emitRemark();
      diag << seedType << " needs " << *getRegisters(seedType)
           << " registers per thread, above the budget of " << budget
           << "; split along dim " << dim << " into " << c.extent / chunk
           << " chunks of " << chunk << " (" << worst
           << " registers per thread) in " << loops.size()
           << (loops.size() == 1 ? " loop" : " loops");
      if (loops.size() > 1)
        diag << " (each loop re-reads its loads)";
      if (worst > budget)
        diag << "; still above the budget: no smaller chunk spreads over "
                "all lanes and warps";
      else if (worst > target)
        diag << "; above chunk-registers (" << target
             << "): no smaller chunk spreads over all lanes and warps";
    }

    for (const Loop &loop : loops)
      emitLoop(c, loop, chunk);
    for (auto &[v, d] : c.dims)
      erased.insert(v);
    for (Operation *sink : c.sinks)
      for (Value r : sink->getResults())
        erased.insert(r);
    // Erase the sinks and then the component, users first.
    for (Operation *sink : c.sinks)
      sink->erase();
    SmallVector<Operation *> ops(c.ops.begin(), c.ops.end());
    llvm::sort(
        ops, [](Operation *a, Operation *b) { return b->isBeforeInBlock(a); });
    for (Operation *op : ops)
      op->erase();
  }

  /// The largest power of two below the extent whose chunks keep every
  /// layout spread over the same lanes and warps and fit chunk-registers (or
  /// the smallest such one when none fits); 0 when there is none.
  int64_t chooseChunk(const Component &c) {
    int64_t best = 0;
    for (int64_t chunk = c.extent / 2; chunk >= 1; chunk /= 2) {
      int64_t worst = 0;
      bool spread = true;
      for (auto &[v, d] : c.dims) {
        auto type = cast<RankedTensorType>(v.getType());
        std::optional<int64_t> full = getRegisters(type);
        std::optional<int64_t> part =
            getRegisters(getChunkType(type, d, chunk));
        if (!full || !part || *part * (c.extent / chunk) != *full) {
          spread = false;
          break;
        }
        worst = std::max(worst, *part);
      }
      if (!spread)
        break;
      best = chunk;
      if (worst <= target)
        break;
    }
    return best;
  }

  /// " at line N" for an op with a file location, else nothing.
  static std::string describeLine(Operation *op) {
    if (auto loc = dyn_cast<FileLineColLoc>(op->getLoc()))
      return " at line " + std::to_string(loc.getLine());
    return "";
  }

  int64_t budget = 64;
  int64_t target = 16;
};

} // namespace
