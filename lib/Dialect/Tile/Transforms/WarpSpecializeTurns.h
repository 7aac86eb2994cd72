//===- WarpSpecializeTurns.h - Consumer warpgroups taking turns -*- C++ -*-===//
//
// Private to lib/Dialect/Tile/Transforms: tile-warp-specialize's ping-pong
// option (docs/Passes.md, "Ping-pong turns"). The consumer warpgroups of
// the default partition take turns issuing the wgmma of a step, as
// FlashAttention-3's consumers do: turn[W] holds one mbarrier (one
// arrival) per warpgroup; warpgroup w (tile.warp_id / 4) waits for turn[w]
// before the step's first wgmma and hands the turn to turn[(w + 1) mod W]
// after its last (one arrival per warpgroup: per_warpgroup).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_DIALECT_TILE_TRANSFORMS_WARPSPECIALIZETURNS_H
#define TILE_LIB_DIALECT_TILE_TRANSFORMS_WARPSPECIALIZETURNS_H

#include "tile/Support/LLVM.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

namespace tile::tl {

/// Whether the `warpgroups` consumer warpgroups of `loop` should take
/// turns: there are several, each step waits for its own wgmma before
/// register work that reads them (`overlapped`: an attention loop's
/// softmax, during which the other warpgroups' wgmma could keep the tensor
/// cores busy), and every dot is directly in the loop's body (the turn is
/// taken before the first and handed on after the last, in every step).
bool wantsTurns(mlir::scf::ForOp loop, int32_t warpgroups, bool overlapped);

/// At `b` (before the partitions): turn[W], its mbarriers initialized with
/// one arrival each.
Value emitTurnBarriers(OpBuilder &b, Location loc, int32_t warpgroups);

/// The turn mbarriers of the executing warpgroup w (tile.warp_id / 4 of the
/// default partition): the one it waits on, turn[w], the one it hands the
/// turn on with, turn[(w + 1) mod W], and 1 for warpgroup 0, else 0 (what
/// its wait's parity is flipped by).
struct TurnState {
  Value mine, next, flip;
};
TurnState emitTurnState(OpBuilder &b, Location loc, Value turns,
                        int32_t warpgroups);

/// Step i's turn around the wgmma (tile.dot ops) of `body`: the wait right
/// before the first, the hand-off right after the last. Every warpgroup
/// takes one turn a step, the i-th on parity (i & 1) ^ (w == 0):
/// warpgroup 0's first wait is on the phase before the barrier's first (it
/// passes at once), the others' on the phase the warpgroup before them
/// completes. i & 1 comes from the ring's state (i = r S + slot,
/// phase = r & 1): (slot & 1) ^ (phase when S is odd).
void emitTurns(Block *body, const TurnState &turn, Value slot, Value phase,
               int64_t numStages);

} // namespace tile::tl

#endif // TILE_LIB_DIALECT_TILE_TRANSFORMS_WARPSPECIALIZETURNS_H
