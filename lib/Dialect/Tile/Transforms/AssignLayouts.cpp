//===- AssignLayouts.cpp - Choose layouts for tensors without one ---------===//
//
// 1. Anchors: every memory access whose tensors have no layout gets a
//    coalesced blocked layout (loads at once; stores once forward
//    propagation has said what their value already is).
// 2. Propagation: layouts flow forward and backward through the ops that
//    tie the layouts of their tensors (elementwise ops, broadcast, slices
//    through reduce/expand_dims, scf iteration arguments and yields, and
//    the relabelings of the shape ops: trans, reshape, join, split, cat).
// 3. Defaults: a tensor nothing reaches gets a plain blocked layout.
// 4. Materialization: types get their encodings, and a layout.convert is
//    inserted wherever a value's layout is not the one its user needs (for
//    a shape op whose result has another layout than the one derived from
//    its operand's: after the op, which then only relabels registers).
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "LayoutUtils.h"
#include "MatmulLayouts.h"
#include "tile/Dialect/Tile/Analysis/AxisInfo.h"
#include "tile/Dialect/Tile/IR/ShapeLayouts.h"
#include "tile/Dialect/Tile/IR/ViewLayout.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

namespace tile::tl {
#define GEN_PASS_DEF_ASSIGNLAYOUTSPASS
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile::tl

using namespace mlir;
using namespace tile;
using namespace tile::tl;

static bool isElementwise(Operation *op);

namespace {

bool isTensor(Value v) { return isa<RankedTensorType>(v.getType()); }

RankedTensorType tensorType(Value v) {
  return cast<RankedTensorType>(v.getType());
}

bool isLoop(Operation *op) { return isa<scf::ForOp, scf::WhileOp>(op); }

/// Whether `op` is or lies inside a loop.
bool isInLoop(Operation *op) {
  for (; op; op = op->getParentOp())
    if (isLoop(op))
      return true;
  return false;
}

/// Whether `v` is defined outside some loop that contains `user`: it is
/// the same in every iteration of that loop.
bool isOutsideEnclosingLoop(Value v, Operation *user) {
  Operation *defScope = v.getParentRegion()->getParentOp();
  for (Operation *op = user->getParentOp(); op; op = op->getParentOp())
    if (isLoop(op) && !op->isAncestor(defScope))
      return true;
  return false;
}

/// Where a memory access reads or writes its tensor: the tensor value (the
/// result of a load, the stored value) and the other tensors that must share
/// its layout (pointers, mask, other).
struct Access {
  Operation *op;
  bool isLoad;
  Value data;
  SmallVector<Value> tied;
};

std::optional<Access> getAccess(Operation *op) {
  if (auto load = dyn_cast<LoadOp>(op)) {
    if (!isTensor(load.getResult()))
      return std::nullopt;
    Access a{op, true, load.getResult(), {load.getPtr()}};
    if (load.getMask())
      a.tied.push_back(load.getMask());
    if (load.getOther())
      a.tied.push_back(load.getOther());
    return a;
  }
  if (auto store = dyn_cast<StoreOp>(op)) {
    if (!isTensor(store.getValue()))
      return std::nullopt;
    Access a{op, false, store.getValue(), {store.getPtr()}};
    if (store.getMask())
      a.tied.push_back(store.getMask());
    return a;
  }
  if (isa<LoadTileOp, LoadAtOp>(op) && isTensor(op->getResult(0)))
    return Access{op, true, op->getResult(0), {}};
  if (auto store = dyn_cast<StoreTileOp>(op))
    if (isTensor(store.getValue()))
      return Access{op, false, store.getValue(), {}};
  if (auto store = dyn_cast<StoreAtOp>(op))
    if (isTensor(store.getValue()))
      return Access{op, false, store.getValue(), {}};
  return std::nullopt;
}

class LayoutAssigner {
public:
  LayoutAssigner(KernelOp kernel, int computeCapability)
      : kernel(kernel), ctx(kernel.getContext()), axisInfo(kernel),
        computeCapability(computeCapability) {}

  LogicalResult run();

private:
  /// The warps that hold the tensors of `op`: its tile.warp_specialize
  /// partition's, else the kernel's.
  static int64_t warpsAt(Operation *op) { return getNumWarpsAt(op); }
  static int64_t warpsOf(Value v) {
    if (auto arg = dyn_cast<BlockArgument>(v))
      return warpsAt(arg.getOwner()->getParentOp());
    return warpsAt(v.getDefiningOp());
  }

  // --- layout bookkeeping ---------------------------------------------------
  Attribute get(Value v) const { return layouts.lookup(v); }
  bool has(Value v) const { return layouts.count(v); }
  /// Gives `v` layout `l` if it has none yet and `l` fits its shape.
  bool assign(Value v, Attribute l) {
    if (!l || !isTensor(v) || has(v))
      return false;
    if (!layout::toLinearLayout(l, tensorType(v).getShape()))
      return false;
    layouts[v] = l;
    return true;
  }
  /// The first layout of `group`, given to every member without one.
  bool propagateGroup(ArrayRef<Value> group) {
    Attribute leader;
    for (Value v : group)
      if ((leader = get(v)))
        break;
    bool changed = false;
    for (Value v : group)
      changed |= assign(v, leader);
    return changed;
  }

  // --- anchors ----------------------------------------------------------------
  /// The coalesced layout for an access; contigDim/vec say why.
  struct Preferred {
    Attribute layout;
    int64_t contigDim = 0;
    bool knownContiguity = true;
  };
  Preferred getPreferredLayout(const Access &access);
  int64_t getViewContiguousAxis(Value view);
  std::optional<int64_t> getViewBaseAlignment(Value view);
  /// The dims along which `data` (or an elementwise function of it) is
  /// reduced by a tile.reduce.
  SmallVector<int64_t> getReducedDims(Value data);

  // --- phases -----------------------------------------------------------------
  bool propagateOnce();
  bool propagateShapeOp(Operation *op);
  void materializeShapeOp(OpBuilder &b, Operation *op);
  void propagateToFixpoint() {
    while (propagateOnce()) {
    }
  }
  bool decideStores();
  bool assignDefault();
  LogicalResult materialize();
  Value convertTo(OpBuilder &b, Value v, Attribute layout, Operation *user);

  KernelOp kernel;
  MLIRContext *ctx;
  AxisInfoAnalysis axisInfo;
  int computeCapability;
  /// The layouts chosen for the dots written without any.
  llvm::DenseMap<Operation *, DotLayoutChoice> dotChoices;
  llvm::MapVector<Value, Attribute> layouts;
  llvm::DenseSet<Value> written; // layouts of the input
  SmallVector<Access> accesses;
  /// The layout each access works in, once decided.
  llvm::DenseMap<Operation *, Attribute> accessLayout;
  SmallVector<Operation *> ops; // every op of the kernel, in pre-order
};

} // namespace

//===----------------------------------------------------------------------===//
// Anchors
//===----------------------------------------------------------------------===//

int64_t LayoutAssigner::getViewContiguousAxis(Value view) {
  auto viewType = cast<ViewType>(view.getType());
  int64_t rank = viewType.getRank();
  auto make = view.getDefiningOp<MakeViewOp>();
  if (make && viewType.getLayout()) {
    // A CuTe layout: the axis whose mode starts with a stride-1 leaf.
    int64_t axis = getUnitStrideAxis(view);
    return axis >= 0 ? axis : rank - 1;
  }
  if (!make || !make.getStaticStrides())
    return rank - 1; // compact row-major, or nothing known
  ArrayRef<int64_t> strides = *make.getStaticStrides();
  for (int64_t d = rank - 1; d >= 0; --d)
    if (d < (int64_t)strides.size() && strides[d] == 1)
      return d;
  return rank - 1;
}

std::optional<int64_t> LayoutAssigner::getViewBaseAlignment(Value view) {
  auto make = view.getDefiningOp<MakeViewOp>();
  if (!make)
    return std::nullopt;
  auto arg = dyn_cast<BlockArgument>(make.getPtr());
  if (!arg || arg.getOwner()->getParentOp() != kernel)
    return std::nullopt;
  return kernel.getArgDivisibility(arg.getArgNumber());
}

LayoutAssigner::Preferred
LayoutAssigner::getPreferredLayout(const Access &access) {
  RankedTensorType type = tensorType(access.data);
  ArrayRef<int64_t> shape = type.getShape();
  int64_t rank = shape.size();
  int64_t numel = type.getNumElements();
  int64_t elemBytes = getElementBytes(type.getElementType());
  int64_t perThread = std::max<int64_t>(1, numel / (warpsAt(access.op) * 32));
  int64_t vec = std::max<int64_t>(1, 16 / elemBytes);
  vec = std::min(vec, perThread);

  Preferred pref;
  if (rank == 0)
    return pref; // no distributed layout; reported later
  Operation *op = access.op;
  if (isa<LoadOp, StoreOp>(op)) {
    // Pointer tensors: the dim with the longest runs of consecutive
    // addresses (the last one on ties), as wide as alignment allows.
    const AxisInfo &info = axisInfo.get(access.tied.front());
    int64_t best = rank - 1;
    for (int64_t d = rank - 1; d >= 0; --d)
      if (info.getRank() == rank && info.contiguity[d] > info.contiguity[best])
        best = d;
    pref.contigDim = best;
    if (info.getRank() != rank || info.contiguity[best] <= 1) {
      pref.knownContiguity = false;
      vec = 1;
    } else {
      int64_t alignElems =
          std::max<int64_t>(1, info.divisibility[best] / elemBytes);
      vec = std::min({vec, info.contiguity[best], alignElems});
    }
  } else {
    // Views: the axis with static stride 1 (else the last), in tile order.
    Value view = op->getOperand(isa<LoadTileOp, LoadAtOp>(op) ? 0 : 1);
    int64_t axis = getViewContiguousAxis(view);
    int64_t dim = axis;
    if (auto load = dyn_cast<LoadTileOp>(op)) {
      SmallVector<int64_t> order = load.getOrderOrIdentity();
      for (int64_t d = 0; d < (int64_t)order.size(); ++d)
        if (order[d] == axis)
          dim = d;
    } else if (auto store = dyn_cast<StoreTileOp>(op)) {
      SmallVector<int64_t> order = store.getOrderOrIdentity();
      for (int64_t d = 0; d < (int64_t)order.size(); ++d)
        if (order[d] == axis)
          dim = d;
    } else if (auto dims = op->getAttrOfType<DenseI64ArrayAttr>("dims")) {
      // load_at/store_at of a rank-reducing slice: the tile dim that walks
      // the axis.
      for (auto [d, a] : llvm::enumerate(dims.asArrayRef()))
        if (a == axis)
          dim = d;
    }
    pref.contigDim = std::clamp<int64_t>(dim, 0, rank - 1);
    // The lowering checks alignment at run time; an explicit smaller
    // alignment of the base pointer still limits the vector width.
    if (std::optional<int64_t> align = getViewBaseAlignment(view))
      vec = std::min(vec, std::max<int64_t>(1, *align / elemBytes));
    // A CuTe layout may break the contiguous runs into shorter ones.
    if (std::optional<ViewLayoutPlan> plan =
            getViewLayoutPlan(cast<ViewType>(view.getType())))
      vec = std::min(vec, plan->maxVector);
  }
  pref.layout = buildBlockedLayout(ctx, shape, pref.contigDim, vec,
                                   warpsAt(access.op),
                                   getReducedDims(access.data));
  return pref;
}

SmallVector<int64_t> LayoutAssigner::getReducedDims(Value data) {
  // The tensors that share `data`'s shape and (through propagation) its
  // layout: elementwise users and broadcasts of it, transitively.
  SmallVector<int64_t> dims;
  SmallVector<Value> worklist{data};
  llvm::DenseSet<Value> seen{data};
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    for (Operation *user : v.getUsers()) {
      if (isa<ReduceOp, ScanOp>(user)) {
        uint32_t axis = user->getAttrOfType<IntegerAttr>("axis").getInt();
        if (!llvm::is_contained(dims, axis))
          dims.push_back(axis);
        continue;
      }
      if (!isElementwise(user))
        continue;
      for (Value r : user->getResults())
        if (isTensor(r) && tensorType(r).getShape() == tensorType(v).getShape() &&
            seen.insert(r).second)
          worklist.push_back(r);
    }
  }
  return dims;
}

//===----------------------------------------------------------------------===//
// Propagation
//===----------------------------------------------------------------------===//

/// Layout `parent` sliced along `dim`, or null.
static Attribute sliceOf(Attribute parent, int64_t dim) {
  auto dist = dyn_cast_or_null<layout::DistributedLayoutAttrInterface>(parent);
  if (!dist || dim < 0 || dim >= (int64_t)dist.getRank())
    return {};
  return layout::SliceAttr::get(parent.getContext(), dim, dist);
}

/// The parent of `l` if it is a slice along `dim`, else null.
static Attribute parentOf(Attribute l, int64_t dim) {
  auto slice = dyn_cast_or_null<layout::SliceAttr>(l);
  if (!slice || slice.getDim() != dim)
    return {};
  return slice.getParent();
}

static bool isElementwise(Operation *op) {
  if (op->getNumResults() == 0)
    return false;
  if (op->hasTrait<OpTrait::Elementwise>())
    return true;
  // arith.select has a scalar or tensor condition; treat it like the rest.
  return isa<arith::SelectOp>(op);
}

bool LayoutAssigner::propagateOnce() {
  bool changed = false;
  for (Operation *op : ops) {
    if (auto dot = dyn_cast<DotOp>(op)) {
      changed |= propagateGroup({dot.getC(), dot.getD()});
      continue;
    }
    if (isElementwise(op)) {
      SmallVector<Value> group;
      for (Value r : op->getResults())
        if (isTensor(r))
          group.push_back(r);
      for (Value o : op->getOperands())
        if (isTensor(o))
          group.push_back(o);
      changed |= propagateGroup(group);
      continue;
    }
    if (std::optional<Access> access = getAccess(op)) {
      // A store joins its group only once its layout is decided.
      if (!access->isLoad && !accessLayout.count(op))
        continue;
      if (!access->isLoad) {
        Attribute decided = accessLayout.lookup(op);
        changed |= assign(access->data, decided);
        for (Value v : access->tied)
          changed |= assign(v, decided);
        continue;
      }
      SmallVector<Value> group;
      group.push_back(access->data);
      llvm::append_range(group, access->tied);
      changed |= propagateGroup(group);
      continue;
    }
    if (auto bcast = dyn_cast<BroadcastOp>(op)) {
      changed |= propagateGroup({bcast.getResult(), bcast.getSrc()});
      continue;
    }
    if (isShapeOp(op)) {
      changed |= propagateShapeOp(op);
      continue;
    }
    if (auto expand = dyn_cast<ExpandDimsOp>(op)) {
      int64_t axis = expand.getAxis();
      changed |= assign(expand.getResult(), parentOf(get(expand.getSrc()), axis));
      changed |= assign(expand.getSrc(), sliceOf(get(expand.getResult()), axis));
      continue;
    }
    if (auto reduce = dyn_cast<ReduceOp>(op)) {
      int64_t axis = reduce.getAxis();
      // The operands share one layout; each result is its slice.
      changed |= propagateGroup(llvm::to_vector(reduce.getSrcs()));
      for (Value result : reduce.getValues()) {
        if (!isTensor(result))
          continue;
        changed |= assign(result, sliceOf(get(reduce.getSrc()), axis));
        changed |= assign(reduce.getSrc(), parentOf(get(result), axis));
      }
      continue;
    }
    if (isa<ScanOp, SortOp>(op)) {
      // Operands and results share one layout.
      SmallVector<Value> group = llvm::to_vector(op->getOperands());
      llvm::append_range(group, op->getResults());
      changed |= propagateGroup(group);
      continue;
    }
    if (auto topk = dyn_cast<TopKOp>(op)) {
      changed |= propagateGroup(llvm::to_vector(topk.getSrcs()));
      changed |= propagateGroup(SmallVector<Value>(topk.getValues()));
      continue;
    }
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
      for (unsigned i = 0, e = forOp.getNumResults(); i < e; ++i)
        if (isTensor(forOp.getResult(i)))
          changed |= propagateGroup(
              {forOp.getResult(i), forOp.getRegionIterArgs()[i],
               forOp.getInitArgs()[i], yield.getOperand(i)});
      continue;
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      for (unsigned i = 0, e = ifOp.getNumResults(); i < e; ++i) {
        if (!isTensor(ifOp.getResult(i)))
          continue;
        SmallVector<Value> group{ifOp.getResult(i)};
        group.push_back(ifOp.thenYield().getOperand(i));
        if (!ifOp.getElseRegion().empty())
          group.push_back(ifOp.elseYield().getOperand(i));
        changed |= propagateGroup(group);
      }
      continue;
    }
  }
  return changed;
}

/// A shape op's results take the layout derived from its operand's (no data
/// movement), and its operand the one whose derived layout is the result's.
/// The two operands of join and cat share a layout, as do split's results.
bool LayoutAssigner::propagateShapeOp(Operation *op) {
  bool changed = false;
  if (isa<JoinOp, CatOp>(op))
    changed |= propagateGroup({op->getOperand(0), op->getOperand(1)});
  Value src = op->getOperand(0);
  if (Attribute l = get(src))
    for (Value r : op->getResults())
      changed |= assign(r, inferShapeOpResultLayout(op, l));
  if (Attribute l = get(op->getResult(0)))
    changed |= assign(src, inferShapeOpOperandLayout(op, l));
  if (isa<SplitOp>(op))
    changed |= propagateGroup({op->getResult(0), op->getResult(1)});
  if (isa<JoinOp, CatOp>(op))
    changed |= propagateGroup({op->getOperand(0), op->getOperand(1)});
  return changed;
}

/// Whether a store of `data`, whose layout `existing` is a tensor-core
/// accumulator layout, writes it as it is rather than through a
/// conversion: the accumulator layout already writes runs of `run`
/// elements, at least 16 bytes (a quad of lanes covers one aligned 16-byte
/// piece of a row), while the conversion to the coalesced layout goes
/// through shared memory: a scratch buffer the size of the tile on top of
/// the pipeline's slots and the registers to stage it (for a 128x128 f16
/// GEMM tile: 32 KiB and ~40 registers a thread, which halve the CTAs an
/// SM holds). This is the epilogue the hand-written GEMMs use (as Triton's
/// optimize-epilogue did); the memory-bound kernels' layouts are blocked,
/// never an accumulator's, and keep the coalescing rule.
static bool isCheapAccumulatorStore(Attribute existing, Value data,
                                    int64_t run) {
  if (!isa<layout::NvmmaAttr>(existing))
    return false;
  int64_t elemBytes = getElementBytes(tensorType(data).getElementType());
  return run * elemBytes >= 16;
}

/// Stores whose value has a layout by now keep it unless it coalesces worse
/// than their preferred layout (or is a tensor-core accumulator whose runs
/// are wide enough: isCheapAccumulatorStore); stores nothing reached take
/// the preferred one. Returns true if a layout was given.
bool LayoutAssigner::decideStores() {
  bool changed = false;
  for (const Access &access : accesses) {
    if (access.isLoad || accessLayout.count(access.op))
      continue;
    Preferred pref = getPreferredLayout(access);
    Attribute existing = get(access.data);
    if (!pref.layout) {
      accessLayout[access.op] = existing;
      continue;
    }
    for (Value v : access.tied)
      if (!existing)
        existing = get(v);
    Attribute decided = pref.layout;
    if (existing) {
      ArrayRef<int64_t> shape = tensorType(access.data).getShape();
      int64_t run = getCoalescedRun(existing, shape, pref.contigDim);
      bool keep = written.count(access.data) || !pref.knownContiguity ||
                  run >= getCoalescedRun(pref.layout, shape, pref.contigDim) ||
                  isCheapAccumulatorStore(existing, access.data, run);
      if (keep)
        decided = existing;
    }
    accessLayout[access.op] = decided;
    changed = true;
  }
  return changed;
}

/// Gives the largest tensor (then the one of highest rank, then the first)
/// that has no layout a default blocked layout (row-major, one element per
/// thread and access), so that smaller pieces become its slices.
bool LayoutAssigner::assignDefault() {
  Value best;
  auto consider = [&](Value v) {
    if (!isTensor(v) || has(v) || tensorType(v).getRank() == 0)
      return;
    auto key = [](Value x) {
      return std::make_pair(tensorType(x).getNumElements(),
                            tensorType(x).getRank());
    };
    if (!best || key(v) > key(best))
      best = v;
  };
  for (Operation *op : ops) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          consider(arg);
    for (Value r : op->getResults())
      consider(r);
  }
  if (!best)
    return false;
  ArrayRef<int64_t> shape = tensorType(best).getShape();
  return assign(best, buildBlockedLayout(ctx, shape, shape.size() - 1,
                                         /*vec=*/1, warpsOf(best)));
}

//===----------------------------------------------------------------------===//
// Materialization
//===----------------------------------------------------------------------===//

Value LayoutAssigner::convertTo(OpBuilder &b, Value v, Attribute layout,
                                Operation *user) {
  auto type = tensorType(v);
  if (type.getEncoding() == layout)
    return v;
  b.setInsertionPoint(user);
  return layout::ConvertOp::create(b, user->getLoc(), withLayout(type, layout),
                                   v);
}

LogicalResult LayoutAssigner::materialize() {
  // Every tensor must have a layout by now.
  bool failedAny = false;
  auto check = [&](Value v, Operation *where) {
    if (!isTensor(v) || has(v))
      return;
    failedAny = true;
    auto type = tensorType(v);
    InFlightDiagnostic diag = where->emitError()
                              << "cannot choose a layout for " << type;
    if (type.getRank() == 0)
      diag << "; rank-0 tensors have no distributed layout, use a scalar";
    else
      diag << "; write one on this value, for example "
           << buildBlockedLayout(ctx, type.getShape(), type.getRank() - 1, 1,
                                 warpsOf(v));
  };
  for (Operation *op : ops) {
    for (Value r : op->getResults())
      check(r, op);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          check(arg, op);
  }
  if (failedAny)
    return failure();

  // Types.
  for (auto &[value, layout] : layouts)
    if (!tensorType(value).getEncoding())
      value.setType(withLayout(tensorType(value), layout));
  for (Operation *op : ops)
    if (auto cst = dyn_cast<arith::ConstantOp>(op)) {
      auto dense = dyn_cast<DenseElementsAttr>(cst.getValue());
      auto type = dyn_cast<RankedTensorType>(cst.getType());
      if (!type || !dense || dense.getType() == type)
        continue;
      cst.setValueAttr(dense.reshape(type));
    }

  // Converts where a user needs another layout than its operand has.
  OpBuilder b(ctx);
  // Loop-invariant wgmma operands already stored into shared memory.
  DenseMap<std::pair<Value, Type>, Value> hoistedAllocs;
  for (Operation *op : ops) {
    auto fix = [&](OpOperand &operand, Attribute layout) {
      if (!layout || !isTensor(operand.get()))
        return;
      operand.set(convertTo(b, operand.get(), layout, op));
    };
    if (isElementwise(op)) {
      Attribute l;
      for (Value r : op->getResults())
        if (!l && isTensor(r))
          l = getLayout(r.getType());
      for (OpOperand &o : op->getOpOperands())
        fix(o, l);
      continue;
    }
    if (std::optional<Access> access = getAccess(op)) {
      Attribute l = access->isLoad ? getLayout(access->data.getType())
                                   : accessLayout.lookup(op);
      for (OpOperand &o : op->getOpOperands())
        if (isTensor(o.get()))
          fix(o, l);
      continue;
    }
    if (auto dot = dyn_cast<DotOp>(op)) {
      auto it = dotChoices.find(op);
      if (it == dotChoices.end())
        continue;
      const DotLayoutChoice &choice = it->second;
      fix(dot.getCMutable(), choice.accumulator);
      if (!choice.operandsInSharedMemory) {
        fix(dot.getAMutable(), choice.a);
        fix(dot.getBMutable(), choice.b);
        continue;
      }
      // wgmma reads A and B from shared memory: store them there, after a
      // barrier so that a loop's next tiles never overwrite buffers another
      // warpgroup still reads. An operand defined outside a loop around
      // the dot (attention's Q) is stored once, right after its
      // definition, instead of in every iteration; so is one that a dot
      // in no loop below that definition shares with another dot.
      if (choice.aInRegisters)
        fix(dot.getAMutable(), choice.a);
      SmallVector<std::pair<OpOperand *, Attribute>> toShared;
      if (!choice.aInRegisters)
        toShared.push_back({&dot.getAMutable(), choice.a});
      Attribute bShared = chooseWgmmaBLayout(choice.b, tensorType(dot.getB()));
      toShared.push_back({&dot.getBMutable(), bShared});
      bool barrierBeforeDot = false;
      for (auto [operand, shared] : toShared) {
        Value tensorValue = operand->get();
        auto tensor = tensorType(tensorValue);
        auto memType = layout::MemDescType::get(
            tensor.getShape(), tensor.getElementType(), shared);
        // Also outside every loop below the operand's definition: an
        // operand that another dot reads too (Q of a Q K^T before the key
        // loop and of the one in it, also inside a persistent kernel's tile
        // loop) shares that buffer.
        auto sharedWithAnotherDot = [&] {
          return hoistedAllocs.count({tensorValue, memType}) ||
                 llvm::any_of(tensorValue.getUsers(), [&](Operation *user) {
                   return user != dot.getOperation() && isa<DotOp>(user);
                 });
        };
        if (isOutsideEnclosingLoop(tensorValue, dot) ||
            sharedWithAnotherDot()) {
          Value &alloc = hoistedAllocs[{tensorValue, memType}];
          if (!alloc) {
            if (Operation *def = tensorValue.getDefiningOp())
              b.setInsertionPointAfter(def);
            else
              b.setInsertionPointToStart(
                  cast<BlockArgument>(tensorValue).getOwner());
            if (isInLoop(b.getInsertionBlock()->getParentOp()))
              layout::BarrierOp::create(b, dot.getLoc());
            alloc = layout::LocalAllocOp::create(b, dot.getLoc(), memType,
                                                 tensorValue);
          }
          operand->set(alloc);
          continue;
        }
        b.setInsertionPoint(dot);
        if (!barrierBeforeDot)
          layout::BarrierOp::create(b, dot.getLoc());
        barrierBeforeDot = true;
        operand->set(layout::LocalAllocOp::create(b, dot.getLoc(), memType,
                                                  tensorValue));
      }
      continue;
    }
    if (auto bcast = dyn_cast<BroadcastOp>(op)) {
      Attribute l = getLayout(bcast.getType());
      if (!layout::toLinearLayout(l, bcast.getSrc().getType().getShape())) {
        return bcast.emitError()
               << "the layout " << l << " of the result does not fit the "
               << "operand's shape, and tile.broadcast keeps its layout; "
               << "write a blocked layout on the result instead";
      }
      fix(bcast.getSrcMutable(), l);
      continue;
    }
    if (auto expand = dyn_cast<ExpandDimsOp>(op)) {
      fix(expand.getSrcMutable(),
          sliceOf(getLayout(expand.getType()), expand.getAxis()));
      continue;
    }
    if (isShapeOp(op)) {
      if (isa<JoinOp, CatOp>(op))
        fix(op->getOpOperand(1), getLayout(op->getOperand(0).getType()));
      materializeShapeOp(b, op);
      continue;
    }
    if (auto reduce = dyn_cast<ReduceOp>(op)) {
      Attribute l = getLayout(reduce.getSrc().getType());
      for (OpOperand &o : reduce->getOpOperands().drop_front())
        fix(o, l);
      for (auto [src, result] : llvm::zip(reduce.getSrcs(), reduce.getValues())) {
        if (!isTensor(result))
          continue;
        Type natural = ReduceOp::inferResultType(
            cast<RankedTensorType>(src.getType()), reduce.getAxis());
        if (!natural || natural == result.getType())
          continue;
        // The result was given another layout: reduce into the slice of the
        // operand's layout, then convert.
        Type wanted = result.getType();
        result.setType(natural);
        b.setInsertionPointAfter(reduce);
        Value c = layout::ConvertOp::create(b, reduce.getLoc(), wanted, result);
        result.replaceAllUsesExcept(c, c.getDefiningOp());
      }
      continue;
    }
    if (isa<ScanOp, SortOp>(op)) {
      // Results keep the layout decided for them; operands follow.
      for (auto [o, r] : llvm::zip(op->getOpOperands(), op->getResults()))
        fix(o, getLayout(r.getType()));
      continue;
    }
    if (auto topk = dyn_cast<TopKOp>(op)) {
      Attribute l = getLayout(topk.getSrcs().front().getType());
      for (OpOperand &o : topk->getOpOperands().drop_front())
        fix(o, l);
      continue;
    }
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
      for (unsigned i = 0, e = forOp.getNumResults(); i < e; ++i) {
        Attribute l = getLayout(forOp.getRegionIterArgs()[i].getType());
        fix(forOp.getInitArgsMutable()[i], l);
        if (l && isTensor(yield.getOperand(i)))
          yield->setOperand(
              i, convertTo(b, yield.getOperand(i), l, yield.getOperation()));
      }
      continue;
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      for (unsigned i = 0, e = ifOp.getNumResults(); i < e; ++i) {
        Attribute l = getLayout(ifOp.getResult(i).getType());
        if (!l)
          continue;
        for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()}) {
          if (region->empty())
            continue;
          Operation *yield = region->front().getTerminator();
          yield->setOperand(i, convertTo(b, yield->getOperand(i), l, yield));
        }
      }
      continue;
    }
  }
  return success();
}

/// Makes `op` a relabeling: a split whose operand does not hold the last
/// dimension in one register bit gets its operand converted to the layout
/// tile.join derives from the result's; results given another layout than
/// the derived one are computed in the derived one and converted after.
void LayoutAssigner::materializeShapeOp(OpBuilder &b, Operation *op) {
  OpOperand &src = op->getOpOperand(0);
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  Attribute wanted = resultType.getEncoding();
  if (isa<SplitOp>(op) &&
      !inferShapeOpResultLayout(op, getLayout(src.get().getType())))
    if (Attribute joined = inferShapeOpOperandLayout(op, wanted))
      src.set(convertTo(b, src.get(), joined, op));
  Attribute derived =
      inferShapeOpResultLayout(op, getLayout(src.get().getType()));
  if (!derived ||
      layout::areLayoutsEquivalent(derived, wanted, resultType.getShape()))
    return;
  b.setInsertionPointAfter(op);
  for (Value result : op->getResults()) {
    result.setType(withLayout(resultType, derived));
    Value c = layout::ConvertOp::create(b, op->getLoc(), resultType, result);
    result.replaceAllUsesExcept(c, c.getDefiningOp());
  }
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

LogicalResult LayoutAssigner::run() {
  kernel.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
    ops.push_back(op);
    for (Value r : op->getResults())
      if (isTensor(r) && tensorType(r).getEncoding()) {
        layouts[r] = tensorType(r).getEncoding();
        written.insert(r);
      }
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (isTensor(arg) && tensorType(arg).getEncoding()) {
            layouts[arg] = tensorType(arg).getEncoding();
            written.insert(arg);
          }
    if (std::optional<Access> access = getAccess(op))
      accesses.push_back(*access);
  });

  // Region ops other than scf.for/scf.if tie their tensors in ways this
  // pass does not model: their tensors must come with layouts.
  bool unsupported = false;
  for (Operation *op : ops) {
    if (op->getNumRegions() == 0 ||
        isa<scf::ForOp, scf::IfOp, ReduceOp, ScanOp>(op))
      continue;
    auto lacksLayout = [&](Value v) { return isTensor(v) && !has(v); };
    bool lacks = llvm::any_of(op->getResults(), lacksLayout);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        lacks |= llvm::any_of(block.getArguments(), lacksLayout);
    if (lacks) {
      op->emitError() << "cannot assign layouts through '" << op->getName()
                      << "'; write the layouts of the tensors it carries "
                      << "(or use scf.for / scf.if)";
      unsupported = true;
    }
  }
  if (unsupported)
    return failure();

  // Dots without layouts: their accumulators anchor a tensor-core layout.
  for (Operation *op : ops) {
    auto dot = dyn_cast<DotOp>(op);
    if (!dot || written.count(dot.getD()))
      continue;
    DotLayoutChoice choice =
        chooseDotLayouts(dot, warpsAt(dot), computeCapability);
    // The dot defines D: its layout is the accumulator's, whatever an
    // earlier dot gave it (C may differ; a convert is inserted for it).
    layouts[dot.getD()] = choice.accumulator;
    assign(dot.getC(), choice.accumulator);
    dotChoices[op] = choice;
  }

  // Loads whose tensors have no layout yet work in their preferred one.
  for (const Access &access : accesses) {
    if (!access.isLoad)
      continue;
    bool any = has(access.data);
    for (Value v : access.tied)
      any |= has(v);
    if (!any)
      assign(access.data, getPreferredLayout(access).layout);
  }

  while (true) {
    propagateToFixpoint();
    if (decideStores())
      continue;
    if (!assignDefault())
      break;
  }
  return materialize();
}

/// 32-bit registers one thread needs to hold `type` in its layout.
static int64_t getRegistersPerThread(RankedTensorType type) {
  std::optional<LinearLayout> ll =
      layout::toLinearLayout(type.getEncoding(), type.getShape());
  if (!ll || !ll->hasInDim("register"))
    return 0;
  int64_t bytes = getElementBytes(type.getElementType());
  return ll->getInDimSize("register") * std::max<int64_t>(1, bytes / 4);
}

namespace {
struct AssignLayoutsPass
    : public tile::tl::impl::AssignLayoutsPassBase<AssignLayoutsPass> {
  using AssignLayoutsPassBase::AssignLayoutsPassBase;

  void runOnOperation() override {
    replicateThreadValueLayouts(getOperation());
    LayoutAssigner assigner(getOperation(), computeCapability);
    if (failed(assigner.run()))
      return signalPassFailure();
    if (!remarks)
      return;
    getOperation().getBody().walk([&](Operation *op) {
      for (Value r : op->getResults()) {
        auto type = dyn_cast<RankedTensorType>(r.getType());
        if (!type)
          continue;
        int64_t regs = getRegistersPerThread(type);
        if (regs > static_cast<int64_t>(registerBudget))
          op->emitRemark() << type << " needs " << regs
                           << " registers per thread, above the budget of "
                           << static_cast<int64_t>(registerBudget)
                           << "; it will likely spill unless tile-split-tiles "
                              "splits it into loops (the default pipeline "
                              "does, unless --register-budget=0): otherwise "
                              "use a smaller tile or more warps";
      }
    });
  }
};
} // namespace
