//===- BarrierUnderBranch.h - Barriers that only some warps reach -*- C++ -*-//
//
// A layout.barrier waits for every warp of the program (or partition). In a
// region that runs or not, or runs a different number of times, depending
// on a value that differs between warps (tile.warp_id, layout.warp_any),
// some warps never arrive and the kernel hangs. The verifiers of those ops
// look for such barriers here.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_LAYOUT_IR_BARRIERUNDERBRANCH_H
#define TILE_DIALECT_LAYOUT_IR_BARRIERUNDERBRANCH_H

#include "tile/Dialect/Layout/IR/LayoutDialect.h"

#include <utility>

namespace tile::layout {

/// The first layout.barrier in a region whose execution is decided by a
/// value computed from `value` (through ops without regions), with the op
/// that decides it: an scf.if on it, an scf.index_switch on it, an scf.for
/// whose bounds or step use it, or an scf.while whose scf.condition does.
/// Values carried into a region (loop-carried, yielded) are data, not
/// followed. {nullptr, nullptr} when there is none. (scf is matched by
/// name: the IR libraries do not link the SCF dialect.)
std::pair<mlir::Operation *, BarrierOp>
findBarrierUnderBranchOn(mlir::Value value);

/// Fails with an error at such a barrier for the result of `source` (a
/// one-result op whose value differs between warps): "layout.barrier under
/// a branch on <source's name>: <consequence>", with notes at the branch
/// and at `source`.
mlir::LogicalResult verifyNoBarrierUnderBranchOn(mlir::Operation *source,
                                                 llvm::StringRef consequence);

} // namespace tile::layout

#endif // TILE_DIALECT_LAYOUT_IR_BARRIERUNDERBRANCH_H
