//===- WarpSpecializePrologue.h - Tiles the producer loads once -*- C++ -*-===//
//
// Private to lib/Dialect/Tile/Transforms: tile-warp-specialize's prologue
// copies (docs/Passes.md, "Prologue copies"). A tile.load_tile before the
// specialized loop whose tile only reaches wgmma through a shared-memory
// copy (an attention kernel's Q, and its K_0 when the loop is
// software-pipelined by one key block) becomes one TMA copy that the
// producer issues before its loop, into a buffer of its own, completing on
// an mbarrier that the consumers wait for (parity 0) before the first op
// that reads the buffer. The consumers no longer load the tile into
// registers and store it.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_DIALECT_TILE_TRANSFORMS_WARPSPECIALIZEPROLOGUE_H
#define TILE_LIB_DIALECT_TILE_TRANSFORMS_WARPSPECIALIZEPROLOGUE_H

#include "TmaLegality.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace tile::tl {

/// One load the producer copies once, before its loop.
struct PrologueCopy {
  LoadTileOp load;
  /// The load's only users: the shared-memory copies of the tile that
  /// wgmma read (the same layout as the TMA box).
  SmallVector<layout::LocalAllocOp> allocs;
  TmaLoadPlan tmaPlan;
  /// The buffer the copy lands in: the allocs' type, or for a copy that
  /// reads the view transposed (tmaPlan.transposed), the tile in view
  /// order, which the allocs' users see through a layout.memdesc_trans.
  layout::MemDescType bufferType;
};

/// The loads of `kernel`'s block before `loop` that can be prologue
/// copies on a target of `cc`: rank 2, only copied into shared memory by
/// local_allocs whose only users are tile.dot ops, a TMA copy (`options`)
/// into the allocs' layout, their operands readable by the producer
/// (`producerCanRead` of the values the copy needs; it records them).
SmallVector<PrologueCopy>
findPrologueCopies(scf::ForOp loop, KernelOp kernel, unsigned cc,
                   TmaLoadOptions options,
                   llvm::function_ref<bool(ArrayRef<Value>)> producerCanRead);

/// What the copies land in, made before the partitions.
struct PrologueBuffers {
  /// One mbarrier (one arrival and the copies' bytes).
  Value barrier;
  SmallVector<Value> descs, buffers;
  /// The bytes of all the copies (the barrier's expect-tx).
  int64_t bytes = 0;
};

/// At `b` (before the tile.warp_specialize): a descriptor and a buffer
/// for every copy, the mbarrier and its initialization; the allocs are
/// replaced by the buffers and erased (the loads stay, without users,
/// until emitPrologueCopies).
PrologueBuffers emitPrologueBuffers(OpBuilder &b, Location loc,
                                    ArrayRef<PrologueCopy> copies);

/// At `b` (the producer, before its loop): the expect-tx and the copies;
/// the loads are erased.
void emitPrologueCopies(OpBuilder &b, Location loc,
                        ArrayRef<PrologueCopy> copies,
                        const PrologueBuffers &buffers);

/// In `consumer` (the default partition's block): the wait for the copies,
/// right before the first op that reads a buffer.
void emitPrologueWait(Block *consumer, const PrologueBuffers &buffers);

} // namespace tile::tl

#endif // TILE_LIB_DIALECT_TILE_TRANSFORMS_WARPSPECIALIZEPROLOGUE_H
