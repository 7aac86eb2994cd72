//===- PipelineBuffers.cpp - Multi-buffered slots, copies into them -------===//
//
// The memory side of tile-pipeline:
//  - one layout.local_alloc of S slots per pipelined load (the slot type of
//    the schedule with a leading buffer dim S);
//  - the copy of a load into a slot: tile.load_tile becomes
//    tile.async_load_tile (same view, indices and padding; the load's
//    layout distributes the copy), tile.load_at tile.async_load_at (same
//    view, offsets and dims), tile.load becomes
//    layout.async_copy_global_to_local (same pointers and mask). The copy
//    of an iteration that may not exist must not touch memory: a view copy
//    never does outside its view (elements past the view's bounds are
//    zero-filled without a read; a tile past the loop's range but inside
//    the view is read into a slot nobody reads), so it is issued as is; a
//    pointer copy gets the iteration's predicate in its mask (a masked
//    element is a zero-size copy). No branch: an scf.if around the
//    prologue's copies made LLVM merge it with the loop guard, and ptxas
//    then serialized the wgmmas (C7515);
//  - a tile.load_tile with order = [1, 0] (a wgmma operand only) is copied
//    in view order (cp.async, or a TMA box at the swapped coordinates) and
//    read through layout.memdesc_trans of its slot;
//  - the reads that replace the loaded tile: the slot itself where a
//    local_alloc stored the tile (wgmma operands), a layout.local_load into
//    the converted layout where a layout.convert took it (mma.sync operands
//    through ldmatrix), a local_load in the load's own layout elsewhere;
//  - a TMA ring (PipelineSchedule::tma): one descriptor per load built
//    before the loop, one mbarrier per slot; a stage is barrier_expect of
//    its boxes' bytes and the TMA copies at each tile index times the
//    tile's extent, or a tile.load_at's offsets (the view's coordinates,
//    of rank 2 to 5) into the slots,
//    which hold the block's matrix; the tile.reshape ops that dropped the
//    unit leading dims of a rank-3..5 tile before its local_allocs vanish
//    with the load (the dot reads the slot).
//
//===----------------------------------------------------------------------===//

#include "Pipeline.h"

#include "TmaLegality.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace tile;
using namespace tile::tl;

Value tl::createPipelineBuffer(OpBuilder &b, Location loc,
                               const PipelinedLoad &load, int64_t numStages) {
  layout::MemDescType slot = load.slotType;
  SmallVector<int64_t> shape = {numStages};
  llvm::append_range(shape, slot.getShape());
  auto type =
      layout::MemDescType::get(shape, slot.getElementType(), slot.getLayout());
  return layout::LocalAllocOp::create(b, loc, type, Value());
}

Value tl::createTmaBarriers(OpBuilder &b, Location loc, int64_t numStages) {
  Value barriers = layout::LocalAllocOp::create(
      b, loc, getMbarrierType(b.getContext(), {numStages, 1}), Value());
  // Shared memory the kernel wrote before through the generic proxy is
  // ordered before the copies (the async proxy).
  layout::FenceAsyncSharedOp::create(b, loc);
  for (int64_t s = 0; s < numStages; ++s) {
    Value slot = arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(s));
    Value barrier = layout::MemDescIndexOp::create(b, loc, barriers, slot);
    layout::InitBarrierOp::create(b, loc, barrier, 1);
  }
  return barriers;
}

SmallVector<Value> tl::createTmaDescs(OpBuilder &b,
                                      const PipelineSchedule &schedule) {
  SmallVector<Value> descs;
  for (const PipelinedLoad &load : schedule.loads) {
    if (!load.tmaDesc) {
      descs.push_back(Value());
      continue;
    }
    descs.push_back(MakeTensorDescOp::create(
        b, load.load->getLoc(), load.tmaDesc, getTileLoadView(load.load)));
  }
  return descs;
}

void tl::emitTmaStage(OpBuilder &b, const PipelineSchedule &schedule,
                      ArrayRef<Value> descs, const IRMapping &mapping,
                      ArrayRef<Value> buffers, Value barriers, Value slot) {
  scf::ForOp loop = schedule.loop; // op handles: copies are cheap
  Location loc = loop.getLoc();
  Value barrier = layout::MemDescIndexOp::create(b, loc, barriers, slot);
  layout::BarrierExpectOp::create(b, loc, barrier, schedule.tmaBytesPerStage);
  for (auto [load, desc, buffer] :
       llvm::zip_equal(schedule.loads, descs, buffers)) {
    SmallVector<Value> position;
    for (Value v : getTileLoadPosition(load.load))
      position.push_back(mapping.lookupOrDefault(v));
    Location copyLoc = load.load->getLoc();
    TmaLoadPlan plan;
    plan.descType = load.tmaDesc;
    plan.elementOffsets = isa<LoadAtOp>(load.load);
    plan.transposed = load.transposed;
    SmallVector<Value> coords =
        getTmaLoadCoords(b, copyLoc, position, /*offsetIndices=*/{}, plan);
    Value dst = layout::MemDescIndexOp::create(b, copyLoc, buffer, slot);
    layout::AsyncTmaCopyGlobalToLocalOp::create(b, copyLoc, desc, coords, dst,
                                                barrier);
  }
}

void tl::emitTmaWait(OpBuilder &b, Location loc, Value barriers, Value slot,
                     Value phase) {
  Value barrier = layout::MemDescIndexOp::create(b, loc, barriers, slot);
  layout::WaitBarrierOp::create(b, loc, barrier, phase);
}

void tl::emitAsyncCopy(OpBuilder &b, const PipelinedLoad &load,
                       const IRMapping &mapping, Value buffer, Value slot,
                       Value pred) {
  Location loc = load.load->getLoc();
  Value dst = layout::MemDescIndexOp::create(b, loc, buffer, slot);
  if (auto loadTile = dyn_cast<LoadTileOp>(load.load)) {
    SmallVector<Value> indices;
    for (Value index : loadTile.getIndices())
      indices.push_back(mapping.lookupOrDefault(index));
    Attribute layout = cast<RankedTensorType>(loadTile.getType()).getEncoding();
    if (load.transposed) {
      // The copy takes the tile in view order: index of view axis a is the
      // one of the tile dim that walks it; its layout is the default
      // coalesced copy layout (the load's is for the permuted tile).
      SmallVector<int64_t> order = loadTile.getOrderOrIdentity();
      SmallVector<Value> viewIndices(indices.size());
      for (auto [d, a] : llvm::enumerate(order))
        viewIndices[a] = indices[d];
      indices = std::move(viewIndices);
      layout = {};
    }
    AsyncLoadTileOp::create(
        b, loc, mapping.lookupOrDefault(loadTile.getView()), indices, dst,
        PaddingModeAttr::get(b.getContext(), PaddingMode::zero), layout);
    return;
  }
  if (auto loadAt = dyn_cast<LoadAtOp>(load.load)) {
    SmallVector<Value> offsets;
    for (Value offset : loadAt.getOffsets())
      offsets.push_back(mapping.lookupOrDefault(offset));
    Attribute layout = cast<RankedTensorType>(loadAt.getType()).getEncoding();
    AsyncLoadAtOp::create(b, loc, mapping.lookupOrDefault(loadAt.getView()),
                          offsets, loadAt.getDimsAttr(), dst, layout);
    return;
  }
  auto ptrLoad = cast<LoadOp>(load.load);
  auto ptrType = cast<RankedTensorType>(ptrLoad.getPtr().getType());
  auto maskType = RankedTensorType::get(ptrType.getShape(), b.getI1Type(),
                                        ptrType.getEncoding());
  Value mask =
      ptrLoad.getMask() ? mapping.lookupOrDefault(ptrLoad.getMask()) : Value();
  if (pred) {
    Value splat = SplatOp::create(b, loc, maskType, pred);
    mask =
        mask ? arith::AndIOp::create(b, loc, mask, splat).getResult() : splat;
  }
  layout::AsyncCopyGlobalToLocalOp::create(
      b, loc, mapping.lookupOrDefault(ptrLoad.getPtr()), dst, mask);
}

void tl::mapLoadToSlot(OpBuilder &b, const PipelinedLoad &load, Value buffer,
                       Value slot, IRMapping &mapping) {
  Location loc = load.load->getLoc();
  Value view = layout::MemDescIndexOp::create(b, loc, buffer, slot);
  if (load.transposed)
    view =
        layout::MemDescTransOp::create(b, loc, view, ArrayRef<int32_t>{1, 0});
  Value tile = load.load->getResult(0);
  Block *body = load.load->getBlock();
  llvm::SmallPtrSet<Operation *, 4> replaced;
  for (layout::LocalAllocOp alloc : load.allocs) {
    mapping.map(alloc.getResult(), view);
    replaced.insert(alloc);
  }
  for (ReshapeOp reshape : load.reshapes)
    replaced.insert(reshape); // only the allocs read it (TMA ring)
  bool otherUsers = false;
  for (Operation *user : tile.getUsers()) {
    if (replaced.contains(user))
      continue;
    auto convert = dyn_cast<layout::ConvertOp>(user);
    if (convert && convert->getBlock() == body) {
      if (!mapping.contains(convert.getResult()))
        mapping.map(convert.getResult(), layout::LocalLoadOp::create(
                                             b, loc, convert.getType(), view));
      continue;
    }
    otherUsers = true;
  }
  if (otherUsers)
    mapping.map(tile,
                layout::LocalLoadOp::create(b, loc, tile.getType(), view));
}

void tl::cloneBodyReadingSlot(OpBuilder &b, const PipelineSchedule &schedule,
                              ArrayRef<Value> buffers, Value slot,
                              IRMapping &mapping,
                              function_ref<void()> afterAsyncDot,
                              function_ref<void()> afterDeferredWait) {
  scf::ForOp loop = schedule.loop; // op handles: copies are cheap
  Location loc = loop.getLoc();
  DotOp asyncDot = schedule.asyncDot;
  llvm::SmallPtrSet<Operation *, 16> skip;
  for (auto [load, buffer] : llvm::zip_equal(schedule.loads, buffers)) {
    skip.insert(load.load);
    for (ReshapeOp reshape : load.reshapes)
      skip.insert(reshape);
    mapLoadToSlot(b, load, buffer, slot, mapping);
  }
  for (layout::BarrierOp barrier : schedule.droppedBarriers)
    skip.insert(barrier);
  // The op before which the last wait for a deferred wgmma of the previous
  // iteration comes (body order).
  Operation *terminator = loop.getBody()->getTerminator();
  Operation *lastUser = nullptr;
  for (const DeferredDot &d : schedule.deferred)
    if (d.user != terminator &&
        (!lastUser || lastUser->isBeforeInBlock(d.user)))
      lastUser = d.user;
  // The deferred and overlapped wgmma: issued asynchronously.
  llvm::SmallPtrSet<Operation *, 4> issuedAsync;
  for (const DeferredDot &d : schedule.deferred)
    issuedAsync.insert(DotOp(d.dot));
  for (const OverlappedDot &d : schedule.overlapped)
    issuedAsync.insert(DotOp(d.dot));
  // A dot_wait with `pendings` on the current value of `v`, which its
  // result replaces from here on.
  auto waitFor = [&](Value v, int32_t pendings) {
    auto wait = DotWaitOp::create(b, loc, ValueRange{mapping.lookup(v)},
                                  b.getI32IntegerAttr(pendings));
    mapping.map(v, wait.getResult(0));
  };
  for (Operation &op : loop.getBody()->without_terminator()) {
    // The loads, and the local_allocs and converts that read their slots
    // instead (mapLoadToSlot mapped their results).
    bool mapped = op.getNumResults() > 0 &&
                  llvm::all_of(op.getResults(),
                               [&](Value r) { return mapping.contains(r); });
    if (skip.contains(&op) || mapped)
      continue;
    // The previous iteration's deferred wgmma read before this op are done
    // from here on (each wait leaves the groups issued after its wgmma).
    for (const DeferredDot &d : schedule.deferred)
      if (&op == d.user)
        waitFor(loop.getRegionIterArgs()[d.arg], d.pendings);
    if (afterDeferredWait && &op == lastUser)
      afterDeferredWait();
    // This iteration's overlapped wgmma read from here on.
    for (const OverlappedDot &d : schedule.overlapped)
      if (&op == d.user)
        waitFor(DotOp(d.dot).getD(), d.pendings);
    Operation *clone = b.clone(op, mapping);
    if (issuedAsync.contains(&op))
      cast<DotOp>(clone).setAsync(true);
    if (&op != asyncDot.getOperation())
      continue;
    auto dot = cast<DotOp>(clone);
    dot.setAsync(true);
    auto wait = DotWaitOp::create(b, loc, ValueRange{dot.getD()},
                                  b.getI32IntegerAttr(1));
    mapping.map(asyncDot.getD(), wait.getResult(0));
    if (afterAsyncDot)
      afterAsyncDot();
  }
  // The deferred wgmma waited for at the end of their own iteration.
  for (const DeferredDot &d : schedule.deferred)
    if (d.user == terminator)
      waitFor(DotOp(d.dot).getD(), d.pendings);
}
