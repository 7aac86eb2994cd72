//===- PipelineSchedule.cpp - What a loop's software pipeline is ----------===//
//
// The schedule of an scf.for, decided without changing it:
//  1. Dots: every tile.dot in the loop (not in a nested loop; the loop must
//     be innermost). A loop without one has nothing to pipeline.
//  2. Loads: from operands A and B of each dot, back through
//     layout.local_alloc, layout.convert and casts, to a tile.load_tile,
//     tile.load_at or tile.load in the loop body. Each one found must be
//     copyable asynchronously (a distributed tile of rank 2 held once
//     across the threads, zero padding or no `other`), or it stays a
//     synchronous load.
//  3. Address computation (stage 0): the backward slice of the loads'
//     operands in the body. It must be pure. Iteration arguments in it
//     (pointers advanced every iteration) must serve only it: they are
//     carried S - 1 iterations ahead of the rest of the loop.
//  4. Memory order: the loop must not write global memory, which a load
//     issued ahead could read before it is written.
//  5. Slots: the slot of a load takes the layout of the local_alloc that
//     stored it for wgmma (the slot replaces the local_alloc), else the
//     default NVMMA layout of the load's contiguous order (ldmatrix reads it
//     into mma.sync operands).
//  6. Asynchronous wgmma: the only wgmma of the loop stays in flight across
//     iterations (tile.dot async + tile.dot_wait {pendings = 1}) when it
//     accumulates into an iteration argument and yields its result
//     directly, and reads shared memory only from slots or loop-invariant
//     buffers.
//  7. TMA ring: tile.load_tile and tile.load_at ops carrying the allow_tma
//     hint that tile-use-tma could copy (TmaLegality.h; a tile of rank 3
//     to 5 with unit leading dims too, when tile.reshape ops drop those
//     dims before the local_allocs),
//     whose tile only that asynchronous wgmma reads through local_allocs
//     in the TMA block's layout, are TMA copies into slots holding the
//     matrix; the loop's ring is then all TMA (a load that cannot join it
//     falls back to cp.async at rank 2 and stays synchronous otherwise).
//
//===----------------------------------------------------------------------===//

#include "Pipeline.h"

#include "LayoutUtils.h"
#include "TmaLegality.h"
#include "tile/Dialect/Layout/IR/BufferViews.h"
#include "tile/Dialect/Tile/IR/AccessHints.h"
#include "tile/Dialect/Tile/IR/ViewLayout.h"

#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tile;
using namespace tile::tl;

namespace {

/// Whether `reshape` only drops the unit leading dims of a tile of rank 3
/// to 5 (1 x .. x R x C -> R x C): a TMA block's matrix.
bool dropsUnitLeadingDims(ReshapeOp reshape) {
  auto src = cast<RankedTensorType>(reshape.getSrc().getType());
  auto dst = cast<RankedTensorType>(reshape.getType());
  int64_t rank = src.getRank();
  if (dst.getRank() != 2 || rank < 3 || rank > 5)
    return false;
  return llvm::all_of(src.getShape().drop_back(2),
                      [](int64_t e) { return e == 1; }) &&
         src.getShape().take_back(2) == dst.getShape();
}

/// The load in `body` whose tile reaches `v` through local_allocs, converts,
/// casts and tile.reshape ops that drop unit leading dims; null when there
/// is none.
Operation *traceToLoad(Value v, Block *body) {
  for (int depth = 0; depth < 16; ++depth) {
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != body)
      return nullptr;
    if (isa<LoadTileOp, LoadAtOp, LoadOp>(def))
      return def;
    if (auto alloc = dyn_cast<layout::LocalAllocOp>(def)) {
      if (!alloc.getSrc())
        return nullptr;
      v = alloc.getSrc();
      continue;
    }
    if (auto convert = dyn_cast<layout::ConvertOp>(def)) {
      v = convert.getSrc();
      continue;
    }
    if (auto reshape = dyn_cast<ReshapeOp>(def);
        reshape && dropsUnitLeadingDims(reshape)) {
      v = reshape.getSrc();
      continue;
    }
    if (isa<CastOpInterface>(def) && def->getNumOperands() == 1 &&
        def->getNumResults() == 1) {
      v = def->getOperand(0);
      continue;
    }
    return nullptr;
  }
  return nullptr;
}

/// Whether `value` is a splat constant zero.
bool isZeroSplat(Value value) {
  DenseElementsAttr dense;
  if (!matchPattern(value, m_Constant(&dense)) || !dense.isSplat())
    return false;
  Attribute e = dense.getSplatValue<Attribute>();
  if (auto f = dyn_cast<FloatAttr>(e))
    return f.getValue().isZero();
  if (auto i = dyn_cast<IntegerAttr>(e))
    return i.getValue().isZero();
  return false;
}

/// Whether `load` permutes the view's axes.
bool isPermuted(LoadTileOp load) {
  for (auto [i, o] : llvm::enumerate(load.getOrderOrIdentity()))
    if (int64_t(i) != o)
      return true;
  return false;
}

/// For a rank-2 tile.load_tile with `order = [1, 0]` whose tile goes only
/// to local_allocs of one nvmma_shared layout (wgmma operands, in the
/// body): the layout of a slot holding the tile in view order, whose
/// transposed view (layout.memdesc_trans) is the allocs' buffer. Null
/// otherwise.
Attribute getTransposedSlotLayout(LoadTileOp load) {
  if (load.getOrderOrIdentity() != SmallVector<int64_t>{1, 0})
    return {};
  auto type = cast<RankedTensorType>(load.getType());
  layout::NvmmaSharedAttr allocLayout =
      getWgmmaAllocLayout(load.getResult(), load->getBlock());
  if (!allocLayout)
    return {};
  MLIRContext *ctx = load.getContext();
  auto slotLayout = layout::NvmmaSharedAttr::get(
      ctx, allocLayout.getSwizzlingByteWidth(), !allocLayout.getTransposed(),
      allocLayout.getElementBitWidth(), allocLayout.getCTAsPerCGA(),
      allocLayout.getCTASplitNum(), allocLayout.getCTAOrder());
  // The slot seen transposed must be exactly the allocs' buffer.
  auto slot = layout::MemDescType::get({type.getShape()[1], type.getShape()[0]},
                                       type.getElementType(), slotLayout);
  auto allocType = layout::MemDescType::get(type.getShape(),
                                            type.getElementType(), allocLayout);
  layout::MemDescType seen =
      layout::MemDescTransOp::inferResultType(slot, {1, 0});
  if (!seen || seen != allocType)
    return {};
  return slotLayout;
}

/// Why `load` cannot become an asynchronous copy, or empty.
std::string whyNotCopyable(Operation *load) {
  auto type = dyn_cast<RankedTensorType>(load->getResult(0).getType());
  if (!type || !type.getEncoding())
    return "its result is not a tensor with a layout";
  if (type.getRank() != 2)
    return "its tile has rank " + std::to_string(type.getRank()) +
           " (cp.async stages rank 2 only; a tile of rank 3 to 5 with unit "
           "leading dims reshaped to a wgmma operand is staged by TMA when "
           "its load has allow_tma)";
  if (std::optional<MemSemantic> order = getAccessHints(load).order)
    return "its memory_order is " + stringifyMemSemantic(*order).str() +
           " (an asynchronous copy is weak and would run ahead of it)";
  if (auto loadTile = dyn_cast<LoadTileOp>(load)) {
    PaddingMode padding = loadTile.getPadding();
    if (padding != PaddingMode::zero && padding != PaddingMode::undetermined)
      return "its padding is " + stringifyPaddingMode(padding).str() +
             " (asynchronous copies fill with zeros only)";
    if (isPermuted(loadTile) && !getTransposedSlotLayout(loadTile))
      return "it loads with a permuted `order` and is not only a wgmma "
             "operand in shared memory (asynchronous tile copies take tiles "
             "in view order, which only wgmma reads transposed)";
  }
  if (auto ptrLoad = dyn_cast<LoadOp>(load))
    if (Value other = ptrLoad.getOther(); other && !isZeroSplat(other))
      return "its `other` is not zero (asynchronous copies fill masked "
             "elements with zeros only)";
  std::optional<LinearLayout> ll =
      layout::toLinearLayout(type.getEncoding(), type.getShape());
  if (!ll)
    return "its layout has no linear form for its shape";
  for (StringRef inDim : {"lane", "warp"}) {
    if (!ll->hasInDim(inDim))
      continue;
    for (int i = 0, e = ll->getInDimSizeLog2(inDim); i < e; ++i)
      if (llvm::all_of(ll->getBasis(inDim, i), [](int32_t x) { return !x; }))
        return "its layout holds elements in more than one thread (two "
               "threads would copy the same element)";
  }
  return "";
}

/// The dim along which `layout` keeps the most consecutive elements in a
/// thread and then a warp (the contiguous dim of a coalesced load).
unsigned getContiguousDim(Attribute layout, ArrayRef<int64_t> shape) {
  unsigned best = shape.size() - 1;
  int64_t bestRun = 0;
  for (unsigned d = 0; d < shape.size(); ++d) {
    int64_t run = getCoalescedRun(layout, shape, d);
    if (run > bestRun) {
      best = d;
      bestRun = run;
    }
  }
  return best;
}

bool isWgmma(DotOp dot) {
  auto nvmma = dyn_cast_or_null<layout::NvmmaAttr>(dot.getType().getEncoding());
  return nvmma && nvmma.getVersionMajor() == 3;
}

/// Whether `dot` (directly in `loop`'s body) accumulates into an iteration
/// argument that only it reads and yields its result directly: it can stay
/// in flight across iterations.
bool accumulatesAcrossIterations(DotOp dot, scf::ForOp loop) {
  Block *body = loop.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  auto arg = dyn_cast<BlockArgument>(dot.getC());
  return dot->getBlock() == body && arg && arg.getOwner() == body &&
         arg.getArgNumber() > 0 && arg.hasOneUse() && dot.getD().hasOneUse() &&
         yield.getOperand(arg.getArgNumber() - 1) == dot.getD();
}

/// Whether an op in `loop` (nested ops included) may write the buffer that
/// shared-memory `operand` views (layout.local_store, an asynchronous copy
/// into it): an asynchronous wgmma reading it could still run when the
/// write lands. Ops without a memory-effect interface that take a view of
/// it count as writers.
bool isWrittenInLoop(Value operand, scf::ForOp loop) {
  Value root = layout::getViewedBuffer(operand);
  WalkResult result = loop.getBody()->walk([&](Operation *op) {
    // Nested ops are walked themselves; a dot only reads its operands.
    if (op->getNumRegions() != 0 || isa<DotOp>(op) ||
        !mightHaveEffect<MemoryEffects::Write>(op))
      return WalkResult::advance();
    for (Value v : op->getOperands()) {
      if (!isa<layout::MemDescType>(v.getType()))
        continue;
      Value target = layout::getViewedBuffer(v);
      // A block argument (a partition's buffer) may be any buffer of its
      // type.
      bool mayAlias =
          (isa<BlockArgument>(target) || isa<BlockArgument>(root)) &&
          target.getType() == root.getType();
      if (target == root || mayAlias)
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// The shared-memory values of the ring's slots: the local_allocs the
/// pipelined loads replace.
llvm::SmallPtrSet<Value, 4> getSlotValues(const PipelineSchedule &schedule) {
  llvm::SmallPtrSet<Value, 4> slotValues;
  for (const PipelinedLoad &l : schedule.loads)
    for (layout::LocalAllocOp alloc : l.allocs)
      slotValues.insert(alloc.getResult());
  return slotValues;
}

/// Why `load` (with the allow_tma hint) cannot be a TMA copy into a slot of
/// a TMA ring read by `ringDot` (the loop's only wgmma, accumulating across
/// iterations; null when the loop has none), or "" when it can: then `pl`
/// has its descriptor, slot, local_allocs and reshapes.
std::string whyNotTmaRingCopy(Operation *load, scf::ForOp loop, DotOp ringDot,
                              PipelinedLoad &pl) {
  if (!ringDot)
    return "the loop's dots are not one wgmma accumulating across iterations "
           "(a TMA ring refills a slot once the asynchronous wgmma that read "
           "it is done)";
  Block *body = loop.getBody();
  // A wgmma in the loop: the target is sm_90 or newer.
  TmaLoadPlan tmaPlan;
  TmaLoadOptions options;
  options.allowTransposed = true;
  std::string why =
      whyNotTmaLoad(load, /*computeCapability=*/90, tmaPlan, options);
  if (!why.empty())
    return why;
  layout::TensorDescType desc = tmaPlan.descType;
  if (Operation *def = getTileLoadView(load).getDefiningOp();
      !def || loop->isAncestor(def))
    return "its view is made in the loop (the ring's descriptor is built "
           "once, before it)";
  auto slotType = layout::MemDescType::get(
      desc.getMatrixShape(), desc.getElementType(), desc.getLayout());
  // An `order = [1, 0]` load: the slot holds the box in view order and the
  // allocs' buffer is its transposed view.
  layout::MemDescType allocType =
      tmaPlan.transposed
          ? layout::MemDescTransOp::inferResultType(slotType, {1, 0})
          : slotType;
  if (!allocType)
    return "the transposed view of its TMA block has no shared layout";
  SmallVector<Value> tiles = {load->getResult(0)};
  SmallVector<ReshapeOp> reshapes;
  for (Operation *user : load->getUsers())
    if (auto reshape = dyn_cast<ReshapeOp>(user);
        reshape && reshape->getBlock() == body &&
        dropsUnitLeadingDims(reshape)) {
      reshapes.push_back(reshape);
      tiles.push_back(reshape.getResult());
    }
  SmallVector<layout::LocalAllocOp> allocs;
  for (Value tile : tiles)
    for (Operation *user : tile.getUsers()) {
      if (llvm::is_contained(reshapes, user))
        continue;
      auto alloc = dyn_cast<layout::LocalAllocOp>(user);
      if (!alloc || alloc->getBlock() != body)
        return "its tile is also used by " +
               user->getName().getStringRef().str() +
               " (only local_allocs into the wgmma operand's layout, after "
               "a tile.reshape that drops unit leading dims, read a TMA "
               "slot)";
      if (alloc.getType() != allocType) {
        std::string text;
        llvm::raw_string_ostream os(text);
        os << "its local_alloc's buffer " << alloc.getType()
           << " is not the block a TMA copy writes (" << allocType << ")";
        return text;
      }
      for (Operation *reader : alloc.getResult().getUsers())
        if (reader != ringDot.getOperation())
          return "the shared-memory copy of its tile is read by " +
                 reader->getName().getStringRef().str() +
                 ", not only by the loop's wgmma (a TMA slot is refilled "
                 "once that wgmma is done)";
      allocs.push_back(alloc);
    }
  pl.load = load;
  pl.tmaDesc = desc;
  pl.transposed = tmaPlan.transposed;
  pl.slotType = slotType;
  pl.allocs = std::move(allocs);
  pl.reshapes = std::move(reshapes);
  return "";
}

} // namespace

std::string PipelineSchedule::describe() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << numStages << " stages of " << bytesPerStage << " bytes: ";
  llvm::interleaveComma(loads, os, [&](const PipelinedLoad &l) {
    os << l.load->getName().getStringRef() << " "
       << formatShape(l.slotType.getShape()) << "x"
       << l.slotType.getElementType() << " in " << numStages << " slots";
    if (l.tmaDesc)
      os << " (wgmma operand" << (l.transposed ? ", read transposed" : "")
         << ", TMA copy of " << formatShape(l.tmaDesc.getShape()) << " blocks)";
    else if (!l.allocs.empty())
      os << (l.transposed ? " (wgmma operand, read transposed)"
                          : " (wgmma operand)");
  });
  if (tma)
    os << "; one mbarrier per slot, " << tmaBytesPerStage
       << " transaction bytes per stage";
  os << "; ";
  if (asyncDot)
    os << "wgmma asynchronous, one group in flight";
  else if (deferred.size() == 1)
    os << (deferred[0].isLast ? "the last wgmma" : "a wgmma")
       << " asynchronous, waited for in the next iteration "
          "before "
       << deferred[0].user->getName().getStringRef()
       << " reads its iteration argument #" << deferred[0].arg
       << (deferred[0].pendings
               ? " (" + std::to_string(deferred[0].pendings) + " pending)"
               : std::string())
       << (overlapped.empty() ? "; the other dots synchronous" : "");
  else if (!deferred.empty()) {
    os << deferred.size()
       << " wgmma asynchronous, each waited for in the next iteration "
          "before the first reader of its iteration argument (";
    llvm::interleaveComma(deferred, os, [&](const DeferredDot &d) {
      os << "#" << d.arg << " before " << d.user->getName().getStringRef()
         << ", " << d.pendings << " pending";
    });
    os << ")";
  } else if (overlapped.empty()) {
    os << "dots synchronous";
    if (!syncWgmmaReason.empty())
      os << " (the wgmma " << syncWgmmaReason << ")";
  }
  if (!asyncDot && !overlapped.empty()) {
    os << (deferred.empty() ? "" : "; ") << overlapped.size()
       << " wgmma asynchronous within the iteration (";
    llvm::interleaveComma(overlapped, os, [&](const OverlappedDot &d) {
      os << "waited for before " << d.user->getName().getStringRef() << ", "
         << d.pendings << " pending";
    });
    os << ")";
  }
  if (!synchronousLoad.empty())
    os << "; " << synchronousLoad;
  if (!transposedOperand.empty())
    os << "; " << transposedOperand;
  return s;
}

FailureOr<PipelineSchedule> tl::analyzePipelineLoop(scf::ForOp loop,
                                                    std::string &whyNot) {
  whyNot.clear();
  Block *body = loop.getBody();
  MLIRContext *ctx = loop.getContext();

  // 1. Dots.
  SmallVector<DotOp> dots;
  bool nested = false;
  body->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<scf::ForOp, scf::WhileOp>(op)) {
      nested = true;
      return WalkResult::skip(); // its dots are its own
    }
    if (auto dot = dyn_cast<DotOp>(op))
      dots.push_back(dot);
    return WalkResult::advance();
  });
  if (dots.empty())
    return failure();
  if (nested) {
    whyNot = "the loop contains another loop; only innermost loops are "
             "pipelined";
    return failure();
  }

  // 2. Loads feeding dot operands A and B.
  llvm::SetVector<Operation *> candidates;
  for (DotOp dot : dots)
    for (Value operand : {dot.getA(), dot.getB()})
      if (Operation *load = traceToLoad(operand, body))
        candidates.insert(load);
  // A load reaching a dot through tile.trans that
  // foldTransposedOperandLoads left (not a wgmma operand, or not a
  // tile.load_tile) stays an ordinary load of every step: say so, and how
  // to have it staged.
  std::string transposedOperand;
  for (DotOp dot : dots)
    for (auto [name, operand] :
         {std::pair{"A", dot.getA()}, std::pair{"B", dot.getB()}}) {
      TransOp trans = getTransposedOperand(operand, body);
      if (!transposedOperand.empty() || !trans || traceToLoad(operand, body))
        continue;
      if (Operation *load = traceToLoad(trans.getSrc(), body))
        transposedOperand =
            std::string("a dot's ") + name + " is a tile.trans of " +
            load->getName().getStringRef().str() +
            ", which stays an ordinary load each step (not staged; a "
            "tile.trans of a tile.load_tile or of a pointer-tensor "
            "tile.load is folded into the load only when it is one wgmma "
            "operand): load the tile from a view with the axes swapped "
            "instead (tile.make_view with its shape and strides exchanged)";
    }

  if (candidates.empty()) {
    whyNot = kNoLoadFeedsDot.str();
    if (!transposedOperand.empty())
      whyNot += "; " + transposedOperand;
    return failure();
  }
  // 4. Memory order.
  Operation *store = nullptr;
  body->walk([&](Operation *op) {
    if (!store && isa<StoreOp, StoreTileOp, StoreAtOp>(op))
      store = op;
  });
  if (store) {
    whyNot = "the loop writes global memory (" +
             store->getName().getStringRef().str() +
             "), which loads issued iterations ahead could read before it "
             "is written";
    return failure();
  }

  PipelineSchedule schedule;
  schedule.loop = loop;
  std::string firstRefusal;
  // 7. TMA ring: the wgmma that would read its slots.
  SmallVector<DotOp> wgmmas;
  for (DotOp dot : dots)
    if (isWgmma(dot))
      wgmmas.push_back(dot);
  DotOp ringDot;
  if (wgmmas.size() == 1 && accumulatesAcrossIterations(wgmmas[0], loop))
    ringDot = wgmmas[0];
  SmallVector<PipelinedLoad> tmaLoads;
  SmallVector<Operation *> copyCandidates;
  for (Operation *load : candidates) {
    if (!isa<LoadTileOp, LoadAtOp>(load) || !load->hasAttr(kAllowTmaAttr)) {
      copyCandidates.push_back(load);
      continue;
    }
    PipelinedLoad pl;
    std::string why = whyNotTmaRingCopy(load, loop, ringDot, pl);
    if (why.empty()) {
      tmaLoads.push_back(std::move(pl));
      continue;
    }
    if (cast<RankedTensorType>(load->getResult(0).getType()).getRank() == 2) {
      copyCandidates.push_back(load); // cp.async
      continue;
    }
    if (firstRefusal.empty())
      firstRefusal = "the " + load->getName().getStringRef().str() +
                     " feeding a dot stays synchronous: it cannot be a TMA "
                     "copy into a ring slot: " +
                     why;
  }
  // A ring is all TMA or all cp.async, and its wgmma must be asynchronous:
  // beside another load feeding a dot (a cp.async copy, or synchronous),
  // TMA loads of rank 2 become cp.async copies, the others synchronous.
  if (!tmaLoads.empty() && (!firstRefusal.empty() || !copyCandidates.empty())) {
    bool threads = llvm::any_of(copyCandidates, [&](Operation *load) {
      return whyNotCopyable(load).empty();
    });
    for (PipelinedLoad &pl : tmaLoads) {
      if (cast<RankedTensorType>(pl.load->getResult(0).getType()).getRank() ==
          2) {
        copyCandidates.push_back(pl.load);
        continue;
      }
      if (firstRefusal.empty())
        firstRefusal =
            std::string("the tile.load_tile feeding a dot stays synchronous: "
                        "it could be a TMA copy, but ") +
            (threads ? "another load feeding a dot is copied by threads "
                       "(cp.async), and a ring is all TMA or all cp.async"
                     : "another load feeding a dot stays synchronous, so the "
                       "wgmma cannot stay asynchronous to release the TMA "
                       "slots");
    }
    tmaLoads.clear();
  }
  schedule.tma = !tmaLoads.empty();
  if (schedule.tma)
    schedule.loads = std::move(tmaLoads);
  // (With a TMA ring, none of these is copyable: they stay synchronous.)
  for (Operation *load : copyCandidates) {
    std::string why = whyNotCopyable(load);
    if (!why.empty()) {
      if (firstRefusal.empty())
        firstRefusal = "the " + load->getName().getStringRef().str() +
                       " feeding a dot stays synchronous: " + why;
      continue;
    }
    PipelinedLoad pl;
    pl.load = load;
    schedule.loads.push_back(pl);
  }
  if (schedule.loads.empty()) {
    whyNot = firstRefusal;
    return failure();
  }
  schedule.synchronousLoad = firstRefusal;
  schedule.transposedOperand = std::move(transposedOperand);

  // 3. Address computation.
  llvm::SetVector<Operation *> producer;
  llvm::SetVector<unsigned> producerArgs;
  SmallVector<Value> worklist;
  for (const PipelinedLoad &l : schedule.loads)
    llvm::append_range(worklist, l.load->getOperands());
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (v == loop.getInductionVar())
      continue;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() != body)
        continue; // defined outside the loop
      unsigned index = arg.getArgNumber() - 1;
      if (producerArgs.insert(index))
        worklist.push_back(yield.getOperand(index));
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (!loop->isProperAncestor(def))
      continue; // loop-invariant
    if (def->getBlock() != body || def->getNumRegions() != 0 ||
        !isMemoryEffectFree(def)) {
      whyNot = "the operands of a load feeding a dot are computed by " +
               def->getName().getStringRef().str() +
               ", which is not a pure op of the loop body (it reads memory, "
               "has a region or side effects), so it cannot run ahead";
      return failure();
    }
    if (producer.insert(def))
      llvm::append_range(worklist, def->getOperands());
  }
  llvm::SmallPtrSet<Operation *, 8> loadSet;
  for (const PipelinedLoad &l : schedule.loads)
    loadSet.insert(l.load);
  // Values computed from the carried addresses are S - 1 iterations ahead:
  // only the address computation, the loads and the yields of those
  // iteration arguments may read them.
  llvm::SetVector<Value> ahead;
  for (unsigned index : producerArgs)
    ahead.insert(loop.getRegionIterArgs()[index]);
  for (Operation &op : *body)
    if (producer.contains(&op) && llvm::any_of(op.getOperands(), [&](Value v) {
          return ahead.contains(v);
        }))
      ahead.insert(op.result_begin(), op.result_end());
  for (Value v : ahead) {
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (producer.contains(user) || loadSet.contains(user))
        continue;
      if (user == yield.getOperation() &&
          producerArgs.contains(use.getOperandNumber()))
        continue;
      SmallVector<unsigned> args(producerArgs.begin(), producerArgs.end());
      llvm::sort(args);
      std::string names;
      for (unsigned a : args)
        names += (names.empty() ? "#" : ", #") + std::to_string(a);
      whyNot = "a value computed from iteration argument " + names +

               " addresses a load feeding a dot and is also used by " +
               user->getName().getStringRef().str() +
               "; the address computation runs stages ahead, so it must "
               "have its own iteration arguments";
      return failure();
    }
  }
  for (unsigned index : producerArgs)
    if (!loop->getResult(index).use_empty()) {
      whyNot = "iteration argument #" + std::to_string(index) +
               " addresses a load feeding a dot and its final value is used "
               "after the loop; it would be stages ahead";
      return failure();
    }
  for (Operation &op : *body)
    if (producer.contains(&op))
      schedule.producerOps.push_back(&op);
  schedule.producerIterArgs.assign(producerArgs.begin(), producerArgs.end());
  llvm::sort(schedule.producerIterArgs);

  // 5. Slots.
  for (PipelinedLoad &l : schedule.loads) {
    auto type = cast<RankedTensorType>(l.load->getResult(0).getType());
    if (l.tmaDesc) {
      // Decided with the ring (whyNotTmaRingCopy): the block's matrix.
      schedule.bytesPerStage += l.slotType.getSlotBytes();
      schedule.tmaBytesPerStage += l.tmaDesc.getBlockBytes();
      continue;
    }
    if (auto loadTile = dyn_cast<LoadTileOp>(l.load);
        loadTile && isPermuted(loadTile)) {
      // The tile in view order; the allocs read it transposed.
      Attribute slotLayout = getTransposedSlotLayout(loadTile);
      for (Operation *user : l.load->getUsers())
        l.allocs.push_back(cast<layout::LocalAllocOp>(user));
      l.transposed = true;
      l.slotType =
          layout::MemDescType::get({type.getShape()[1], type.getShape()[0]},
                                   type.getElementType(), slotLayout);
      schedule.bytesPerStage += l.slotType.getSlotBytes();
      continue;
    }
    Attribute slotLayout;
    for (Operation *user : l.load->getResult(0).getUsers()) {
      auto alloc = dyn_cast<layout::LocalAllocOp>(user);
      if (!alloc || alloc->getBlock() != body ||
          alloc.getType().getNumBufferDims() != 0)
        continue;
      if (!slotLayout)
        slotLayout = alloc.getType().getLayout();
      if (alloc.getType().getLayout() == slotLayout)
        l.allocs.push_back(alloc);
    }
    if (!slotLayout) {
      unsigned contig = getContiguousDim(type.getEncoding(), type.getShape());
      SmallVector<unsigned> order = {contig, 1 - contig};
      slotLayout = layout::NvmmaSharedAttr::getDefault(
          ctx, type.getShape(), type.getElementType(), order);
    }
    l.slotType = layout::MemDescType::get(type.getShape(),
                                          type.getElementType(), slotLayout);
    schedule.bytesPerStage += l.slotType.getSlotBytes();
  }

  // 6. The asynchronous wgmma.
  if (wgmmas.size() == 1) {
    DotOp dot = wgmmas.front();
    llvm::SmallPtrSet<Value, 4> slotValues = getSlotValues(schedule);
    // Empty when the operand is not overwritten while the wgmma runs:
    // a slot, loop-invariant registers, or a loop-invariant buffer that
    // nothing in the loop writes.
    auto operandProblem = [&](Value v) -> std::string {
      if (slotValues.contains(v))
        return "";
      bool inMemory = isa<layout::MemDescType>(v.getType());
      if (loop->isAncestor(v.getParentRegion()->getParentOp()))
        return inMemory ? "a shared buffer the loop makes (not a pipeline "
                          "slot)"
                        : "registers computed in the loop";
      if (inMemory && isWrittenInLoop(v, loop))
        return "a shared buffer the loop writes";
      return "";
    };
    std::string problemA = operandProblem(dot.getA());
    std::string problemB = operandProblem(dot.getB());
    if (!accumulatesAcrossIterations(dot, loop))
      schedule.syncWgmmaReason =
          "does not accumulate into an iteration argument it yields";
    else if (!problemA.empty())
      schedule.syncWgmmaReason = "reads A from " + problemA;
    else if (!problemB.empty())
      schedule.syncWgmmaReason = "reads B from " + problemB;
    else
      schedule.asyncDot = dot;
  }
  if (schedule.tma && !schedule.asyncDot) {
    // The ring refills a slot after the asynchronous wgmma read it.
    whyNot = "the loads feeding the wgmma could be TMA copies, but the wgmma "
             "cannot stay asynchronous (an operand in shared memory is "
             "neither a slot nor loop-invariant)";
    return failure();
  }

  // Barriers that only ordered the replaced local_allocs.
  llvm::SmallPtrSet<Operation *, 8> replaced;
  for (const PipelinedLoad &l : schedule.loads)
    for (layout::LocalAllocOp alloc : l.allocs)
      replaced.insert(alloc);
  for (Operation &op : *body) {
    auto barrier = dyn_cast<layout::BarrierOp>(op);
    if (!barrier)
      continue;
    // Dropped only when nothing but replaced local_allocs and pure ops
    // follow it up to a dot (another buffer stored there still needs it).
    bool sawAlloc = false, guardsOnlySlots = false;
    for (Operation *next = barrier->getNextNode(); next;
         next = next->getNextNode()) {
      if (replaced.contains(next)) {
        sawAlloc = true;
        continue;
      }
      if (next->getNumRegions() == 0 && isMemoryEffectFree(next))
        continue;
      guardsOnlySlots = isa<DotOp>(next);
      break;
    }
    if (sawAlloc && guardsOnlySlots)
      schedule.droppedBarriers.push_back(barrier);
  }
  return schedule;
}

std::string tl::findDeferredDot(PipelineSchedule &schedule) {
  if (schedule.asyncDot)
    return "";
  scf::ForOp loop = schedule.loop;
  Block *body = loop.getBody();
  SmallVector<DotOp> wgmmas;
  body->walk([&](DotOp dot) {
    if (isWgmma(dot))
      wgmmas.push_back(dot);
  });
  if (wgmmas.size() < 2)
    return "";
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  llvm::SmallPtrSet<Value, 4> slotValues = getSlotValues(schedule);
  // Why `dot` cannot run into the next iteration, said of the last wgmma
  // ("" when it can; `arg` is then the iteration argument it is yielded
  // as).
  auto whyNotDeferred = [&](DotOp dot, unsigned &arg) -> std::string {
    if (dot->getBlock() != body)
      return "the last wgmma is nested in a region of the loop body";
    Value d = dot.getD();
    if (!d.hasOneUse() || *d.getUsers().begin() != yield.getOperation())
      return "the last wgmma's result is used in the loop body, not only "
             "yielded";
    arg = d.getUses().begin()->getOperandNumber();
    // Operands in shared memory must not be rewritten while it runs into
    // the next iteration: slots (the producer stage waits for it) or
    // buffers from before the loop.
    for (Value operand : {dot.getA(), dot.getB()})
      if (isa<layout::MemDescType>(operand.getType()) &&
          !slotValues.contains(operand) &&
          (loop->isAncestor(operand.getParentRegion()->getParentOp()) ||
           isWrittenInLoop(operand, loop)))
        return "an operand of the last wgmma is a shared-memory buffer "
               "written in the loop body (not a pipeline slot)";
    return "";
  };
  // Whether `op` (or an op nested in it) reads `value`.
  auto readsValue = [](Operation &op, Value value) {
    return llvm::any_of(value.getUsers(),
                        [&](Operation *user) { return op.isAncestor(user); });
  };
  // Whether `op` (or an op nested in it) reads iteration argument `index`.
  auto reads = [&](Operation &op, unsigned index) {
    return readsValue(op, loop.getRegionIterArgs()[index]);
  };
  // The first op of the body that reads iteration argument `index`.
  auto firstReader = [&](unsigned index) -> Operation * {
    for (Operation &op : body->without_terminator())
      if (reads(op, index))
        return &op;
    return nullptr;
  };
  std::string whyNotLast;
  for (DotOp dot : wgmmas) {
    unsigned arg = 0;
    std::string why = whyNotDeferred(dot, arg);
    Operation *user = why.empty() ? firstReader(arg) : nullptr;
    if (why.empty() && !user)
      why = "the last wgmma's iteration argument is not read in the loop "
            "body";
    if (!why.empty()) {
      if (dot == wgmmas.back())
        whyNotLast = why;
      continue;
    }
    // Before the last one, only a wgmma that starts from a value of its own
    // iteration (a Q K^T from zeros), not from its iteration argument: one
    // that accumulates would wait for itself right before it is issued
    // again.
    if (dot != wgmmas.back() && dot.getC() == loop.getRegionIterArgs()[arg])
      continue;
    // The argument still read after the dot is issued (a Q K^T for the
    // next iteration while the softmax reads this one's S): the wgmma's
    // registers cannot be the argument's, and the copy into them at the
    // back edge must not read registers in flight (ptxas would serialize
    // every wgmma): it is waited for at the end of its own iteration.
    bool overlaps =
        llvm::any_of(llvm::make_range(std::next(dot->getIterator()),
                                      body->getTerminator()->getIterator()),
                     [&](Operation &op) { return reads(op, arg); });
    if (overlaps)
      user = body->getTerminator();
    schedule.deferred.push_back({dot, arg, user, 0, dot == wgmmas.back()});
  }
  // The others directly in the body whose first reader comes after another
  // wgmma is issued (FA3's S_(j+1) before P_j V_j), or after the wait for
  // an earlier such wgmma (then P_j V_j runs across that wait, under the
  // softmax): waited for right before their first reader.
  bool carried = schedule.hasCarriedWait();
  for (DotOp dot : wgmmas) {
    if (dot->getBlock() != body ||
        llvm::any_of(schedule.deferred,
                     [&](const DeferredDot &d) { return d.dot == dot; }))
      continue;
    Operation *user = nullptr;
    int32_t between = 0;
    bool crossesWait = false;
    for (Operation &op :
         llvm::make_range(std::next(dot->getIterator()),
                          body->getTerminator()->getIterator())) {
      if (readsValue(op, dot.getD())) {
        user = &op;
        break;
      }
      if (auto other = dyn_cast<DotOp>(op); other && isWgmma(other))
        ++between;
      if (llvm::any_of(schedule.overlapped,
                       [&](const OverlappedDot &d) { return d.user == &op; }))
        crossesWait = true;
    }
    if (!user || (between == 0 && !crossesWait))
      continue;
    // A buffer from before the loop that the body writes (a local_store
    // between the wgmma and its wait would land under it): synchronous.
    if (llvm::any_of(ValueRange{dot.getA(), dot.getB()}, [&](Value operand) {
          return isa<layout::MemDescType>(operand.getType()) &&
                 !slotValues.contains(operand) &&
                 isWrittenInLoop(operand, loop);
        }))
      continue;
    schedule.overlapped.push_back({dot, user, carried ? 0 : between});
  }
  // None qualifies: why the last one does not (the one a loop of Q K^T
  // then P V defers).
  if (schedule.deferred.empty())
    return schedule.overlapped.empty() ? whyNotLast : "";
  // The pendings of each wait. At the end of the iteration: the wgmma
  // directly in the body after it (they stay in flight). In the next
  // iteration: 0. wgmma groups complete in order, so a wait there could
  // leave the wgmma issued before it in this iteration in flight (the next
  // Q K^T under the rest of the softmax), but ptxas then cannot tell which
  // group the wait completes and serializes every wgmma of the kernel
  // (C7514, "non wgmma instructions reading accumulator registers of a
  // wgmma between start and end of the pipeline stage").
  for (DeferredDot &d : schedule.deferred) {
    d.pendings = 0;
    if (d.user != body->getTerminator())
      continue;
    for (Operation &op :
         llvm::make_range(std::next(d.dot->getIterator()), body->end()))
      if (auto dot = dyn_cast<DotOp>(op); dot && isWgmma(dot))
        ++d.pendings;
  }
  return "";
}

int64_t
tl::estimateOtherSharedBytes(KernelOp kernel,
                             ArrayRef<const PipelineSchedule *> schedules,
                             function_ref<bool(layout::ConvertOp)> vanishes) {
  llvm::SmallPtrSet<Operation *, 8> replacedAllocs;
  llvm::SmallPtrSet<Value, 8> loadResults;
  for (const PipelineSchedule *s : schedules)
    for (const PipelinedLoad &l : s->loads) {
      loadResults.insert(l.load->getResult(0));
      for (layout::LocalAllocOp alloc : l.allocs)
        replacedAllocs.insert(alloc);
    }
  // Scratch per area as the lowering allocates it: one for the code
  // outside tile.warp_specialize, one per partition, times its replicas;
  // a buffer allocated in a replicated partition once per replica.
  int64_t buffers = 0;
  // An area: (the warp_specialize, the partition index), or (null, 0).
  using Area = std::pair<Operation *, unsigned>;
  llvm::DenseMap<Area, int64_t> scratchOfArea;
  auto areaOf = [](Operation *op) {
    std::optional<WarpPartition> partition = getWarpPartition(op);
    return partition ? Area(partition->op.getOperation(), partition->index)
                     : Area(nullptr, 0);
  };
  auto copiesOf = [](Area area) -> int64_t {
    auto ws = dyn_cast_or_null<WarpSpecializeOp>(area.first);
    return ws ? ws.getPartitionReplicaCount(area.second) : 1;
  };
  auto useScratch = [&](Operation *op, int64_t bytes) {
    int64_t &area = scratchOfArea[areaOf(op)];
    area = std::max(area, bytes);
  };
  int64_t numWarps = kernel.getNumWarps();
  auto tensorBytes = [](RankedTensorType t) {
    return int64_t(llvm::PowerOf2Ceil(t.getNumElements())) *
           getElementBytes(t.getElementType());
  };
  kernel.walk([&](Operation *op) {
    if (auto alloc = dyn_cast<layout::LocalAllocOp>(op)) {
      if (!replacedAllocs.contains(alloc))
        buffers += llvm::alignTo(alloc.getType().getSizeInBytes(), 16) *
                   copiesOf(areaOf(alloc));
      return;
    }
    if (auto convert = dyn_cast<layout::ConvertOp>(op)) {
      if (loadResults.contains(convert.getSrc()))
        return; // becomes a local_load from the slot
      if (vanishes && vanishes(convert))
        return;
      auto src = dyn_cast<RankedTensorType>(convert.getSrc().getType());
      auto dst = dyn_cast<RankedTensorType>(convert.getType());
      if (!src || !dst)
        return;
      std::optional<StringRef> cost = getConversionCost(
          src.getEncoding(), dst.getEncoding(), src.getShape());
      if (cost && (*cost == "none" || *cost == "register-permutation"))
        return;
      useScratch(op, tensorBytes(src));
      return;
    }
    if (auto reduce = dyn_cast<ReduceOp>(op)) {
      auto src = dyn_cast<RankedTensorType>(reduce.getSrc().getType());
      if (!src)
        return;
      int64_t partials = tensorBytes(src);
      if (auto res = dyn_cast<RankedTensorType>(reduce->getResult(0).getType()))
        partials = std::min(partials, tensorBytes(res) * numWarps);
      useScratch(op, partials);
    }
  });
  int64_t scratch = 0;
  for (auto [area, bytes] : scratchOfArea)
    scratch += llvm::alignTo(bytes, 16) * copiesOf(area);
  return buffers + scratch;
}
