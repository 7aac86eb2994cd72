//===- WarpSpecializePrologue.cpp - Tiles loaded once, by the producer ----===//
//
// tile-warp-specialize's prologue copies (WarpSpecializePrologue.h).
//
//===----------------------------------------------------------------------===//

#include "WarpSpecializePrologue.h"

#include "Pipeline.h"

namespace tile::tl {

SmallVector<PrologueCopy>
findPrologueCopies(scf::ForOp loop, KernelOp kernel, unsigned cc,
                   TmaLoadOptions options,
                   llvm::function_ref<bool(ArrayRef<Value>)> producerCanRead) {
  SmallVector<PrologueCopy> copies;
  Block *kernelBlock = &kernel.getBody().front();
  if (loop->getBlock() != kernelBlock)
    return copies;
  for (Operation &op : *kernelBlock) {
    if (&op == loop.getOperation())
      break;
    auto load = dyn_cast<LoadTileOp>(op);
    if (!load || load.getResult().use_empty())
      continue;
    auto type = dyn_cast<RankedTensorType>(load.getResult().getType());
    if (!type || type.getRank() != 2)
      continue;
    PrologueCopy copy{load, {}, {}};
    bool onlyWgmma = true;
    for (Operation *user : load.getResult().getUsers()) {
      auto alloc = dyn_cast<layout::LocalAllocOp>(user);
      if (!alloc || alloc->getBlock() != kernelBlock ||
          !llvm::all_of(alloc.getResult().getUsers(),
                        [](Operation *u) { return isa<DotOp>(u); })) {
        onlyWgmma = false;
        break;
      }
      copy.allocs.push_back(alloc);
    }
    if (!onlyWgmma)
      continue;
    if (!whyNotTmaLoad(load, cc, copy.tmaPlan, options).empty())
      continue;
    layout::TensorDescType desc = copy.tmaPlan.descType;
    ArrayRef<int64_t> shape = type.getShape();
    copy.bufferType = layout::MemDescType::get(
        copy.tmaPlan.transposed ? ArrayRef<int64_t>{shape[1], shape[0]} : shape,
        type.getElementType(), desc.getLayout());
    layout::MemDescType seen =
        copy.tmaPlan.transposed
            ? layout::MemDescTransOp::inferResultType(copy.bufferType, {1, 0})
            : copy.bufferType;
    if (!seen || llvm::any_of(copy.allocs, [&](layout::LocalAllocOp alloc) {
          return alloc.getType() != seen;
        }))
      continue;
    SmallVector<Value> roots(load->getOperands());
    llvm::append_range(roots, copy.tmaPlan.offsetIndices);
    if (!producerCanRead(roots))
      continue;
    copies.push_back(std::move(copy));
  }
  return copies;
}

PrologueBuffers emitPrologueBuffers(OpBuilder &b, Location loc,
                                    ArrayRef<PrologueCopy> copies) {
  PrologueBuffers out;
  if (copies.empty())
    return out;
  for (const PrologueCopy &copy : copies) {
    LoadTileOp load = copy.load;
    Location loadLoc = load.getLoc();
    out.descs.push_back(
        createTmaDesc(b, loadLoc, load.getView(), copy.tmaPlan));
    Value buffer =
        layout::LocalAllocOp::create(b, loadLoc, copy.bufferType, Value());
    out.buffers.push_back(buffer);
    out.bytes += copy.tmaPlan.descType.getBlockBytes();
    Value seen = buffer;
    if (copy.tmaPlan.transposed)
      seen = layout::MemDescTransOp::create(b, loadLoc, buffer,
                                            ArrayRef<int32_t>{1, 0});
    for (layout::LocalAllocOp alloc : copy.allocs) {
      alloc.getResult().replaceAllUsesWith(seen);
      alloc->erase();
    }
  }
  out.barrier = layout::LocalAllocOp::create(
      b, loc, getMbarrierType(b.getContext(), {1}), Value());
  layout::InitBarrierOp::create(b, loc, out.barrier, 1);
  return out;
}

void emitPrologueCopies(OpBuilder &b, Location loc,
                        ArrayRef<PrologueCopy> copies,
                        const PrologueBuffers &buffers) {
  if (copies.empty())
    return;
  layout::BarrierExpectOp::create(b, loc, buffers.barrier, buffers.bytes);
  for (auto [copy, desc, buffer] :
       llvm::zip_equal(copies, buffers.descs, buffers.buffers)) {
    LoadTileOp load = copy.load;
    Location loadLoc = load.getLoc();
    SmallVector<Value> coords =
        getTmaLoadCoords(b, loadLoc, load.getIndices(),
                         copy.tmaPlan.offsetIndices, copy.tmaPlan);
    layout::AsyncTmaCopyGlobalToLocalOp::create(b, loadLoc, desc, coords,
                                                buffer, buffers.barrier);
    load->erase();
  }
}

void emitPrologueWait(Block *consumer, const PrologueBuffers &buffers) {
  if (buffers.buffers.empty())
    return;
  for (Operation &op : *consumer) {
    bool reads = false;
    for (Value buffer : buffers.buffers)
      for (Operation *user : buffer.getUsers()) {
        // A transposed buffer is read through its layout.memdesc_trans.
        if (isa<layout::MemDescTransOp>(user))
          for (Operation *reader : user->getUsers())
            reads |= op.isAncestor(reader);
        reads |= op.isAncestor(user);
      }
    if (!reads)
      continue;
    OpBuilder b(&op);
    Location loc = op.getLoc();
    layout::WaitBarrierOp::create(b, loc, buffers.barrier, i32Const(b, loc, 0));
    return;
  }
}

} // namespace tile::tl
