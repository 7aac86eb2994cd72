//===- WarpSpecializeTurns.cpp - Consumer warpgroups taking turns ---------===//
//
// tile-warp-specialize's ping-pong turns (WarpSpecializeTurns.h).
//
//===----------------------------------------------------------------------===//

#include "WarpSpecializeTurns.h"

#include "Pipeline.h"
#include "TmaLegality.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;

namespace tile::tl {

bool wantsTurns(scf::ForOp loop, int32_t warpgroups, bool overlapped) {
  if (warpgroups < 2 || !overlapped)
    return false;
  bool nested = false;
  loop.getBody()->walk([&](DotOp dot) {
    if (dot->getBlock() != loop.getBody())
      nested = true;
  });
  return !nested;
}

Value emitTurnBarriers(OpBuilder &b, Location loc, int32_t warpgroups) {
  Value turns = layout::LocalAllocOp::create(
      b, loc, getMbarrierType(b.getContext(), {warpgroups, 1}), Value());
  for (int32_t w = 0; w < warpgroups; ++w)
    layout::InitBarrierOp::create(
        b, loc,
        layout::MemDescIndexOp::create(b, loc, turns, i32Const(b, loc, w)), 1);
  return turns;
}

TurnState emitTurnState(OpBuilder &b, Location loc, Value turns,
                        int32_t warpgroups) {
  Value warp = WarpIdOp::create(b, loc, b.getI32Type());
  Value wg = arith::DivUIOp::create(b, loc, warp, i32Const(b, loc, 4));
  Value plusOne = arith::AddIOp::create(b, loc, wg, i32Const(b, loc, 1));
  Value nextWg =
      arith::RemUIOp::create(b, loc, plusOne, i32Const(b, loc, warpgroups));
  Value isFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, wg,
                                        i32Const(b, loc, 0));
  Value flip = arith::ExtUIOp::create(b, loc, b.getI32Type(), isFirst);
  return {layout::MemDescIndexOp::create(b, loc, turns, wg),
          layout::MemDescIndexOp::create(b, loc, turns, nextWg), flip};
}

void emitTurns(Block *body, const TurnState &turn, Value slot, Value phase,
               int64_t numStages) {
  DotOp first, last;
  for (Operation &op : *body)
    if (auto dot = dyn_cast<DotOp>(op)) {
      if (!first)
        first = dot;
      last = dot;
    }
  if (!first)
    return;
  Location loc = first.getLoc();
  OpBuilder b(first);
  Value step = arith::AndIOp::create(b, loc, slot, i32Const(b, loc, 1));
  if (numStages % 2 != 0)
    step = arith::XOrIOp::create(b, loc, step, phase);
  Value parity = arith::XOrIOp::create(b, loc, step, turn.flip);
  layout::WaitBarrierOp::create(b, loc, turn.mine, parity);
  b.setInsertionPointAfter(last);
  layout::ArriveBarrierOp::create(b, last.getLoc(), turn.next, 1,
                                  /*nosync=*/false, /*perWarpgroup=*/true);
}

} // namespace tile::tl
