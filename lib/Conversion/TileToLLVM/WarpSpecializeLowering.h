//===- WarpSpecializeLowering.h - warp_specialize partitions -*- C++ -*-===//
//
// What the op lowerings need to know about the warp_specialize partition
// they emit into (its first thread, its named barrier), and the lowering of
// the op itself, which runs after the dialect conversion has lowered the
// ops inside its regions (they ask for their partition while they are still
// nested in it).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_CONVERSION_TILETOLLVM_WARPSPECIALIZELOWERING_H
#define TILE_LIB_CONVERSION_TILETOLLVM_WARPSPECIALIZELOWERING_H

#include "tile/Support/LLVM.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace tile {

/// The thread's index within the program, or within its warp_specialize
/// partition (its replica) when the builder's insertion point is inside
/// one: tid.x minus 32 x the partition's first warp, modulo the replica's
/// threads. Thread and warp ids of layouts, and the thread that issues
/// program-level operations (TMA, mbarriers), count from there.
Value emitThreadId(OpBuilder &b, Location loc);

/// The replica of the partition at the builder's insertion point that the
/// thread runs ((tid.x - 32 x first warp) / 32 W; 0 outside a replicated
/// partition): uniform across the replica's warps, though not known to be
/// so by the compiler (tile.replica_id broadcasts lane 0's).
Value emitReplicaIndex(OpBuilder &b, Location loc);

/// The named barrier of the partition (replica) at the builder's insertion
/// point: (its id, its threads), the id a constant unless the partition is
/// replicated; std::nullopt outside any partition (barrier 0 of the whole
/// CTA).
std::optional<std::pair<Value, int32_t>> emitPartitionBarrier(OpBuilder &b,
                                                              Location loc);

/// Lowers every tile.warp_specialize of `module` (whose regions hold
/// lowered code) to a dispatch on the warp-uniform warp id: each partition's
/// warps set their registers (setmaxnreg) and run its region, then leave
/// the kernel.
void lowerWarpSpecializeOps(ModuleOp module);

} // namespace tile

#endif // TILE_LIB_CONVERSION_TILETOLLVM_WARPSPECIALIZELOWERING_H
