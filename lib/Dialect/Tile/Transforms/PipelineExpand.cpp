//===- PipelineExpand.cpp - Prologue, steady state and drain --------------===//
//
// A loop with schedule S stages becomes (i counts iterations from 0, slot
// k of every buffer holds the tiles of the iterations i with i mod S = k):
//
//   buffers = local_alloc : S x tile, one per pipelined load
//   prologue, for s = 0 .. S-2:
//     the address computation for iteration s; copy its tiles into slot s
//     (pointer copies masked off unless lb + s*step < ub; view copies need
//     no predicate: PipelineBuffers.cpp); commit a group
//   for iv = lb to ub (iteration arguments + the address computation's
//                      ones, S-1 iterations ahead + slot i mod S + slot
//                      (i+S-1) mod S):
//     async_wait {num = S-2}        (this iteration's group has landed;
//                                    the op ends with a CTA barrier)
//     [synchronous dots: the producer stage, see below]
//     the body, its loads replaced by reads of slot i mod S; the async
//     wgmma followed by dot_wait {pendings = 1}
//     [asynchronous wgmma: barrier (every warpgroup's wgmma i-1 is done,
//      slot (i-1) mod S is free), then the producer stage]
//     [deferred wgmma (several wgmma, those whose result is only yielded):
//      each is issued async with no wait; before the first op that reads
//      its iteration argument, dot_wait on the argument, leaving in flight
//      the wgmma issued after it (PipelineSchedule::deferred); after the
//      last of these waits (every deferred wgmma i-1 is done), barrier,
//      then the producer stage]
//     producer stage: the address computation for iteration i+S-1; copy
//     its tiles into slot (i+S-1) mod S (predicated on iv + (S-1)*step <
//     ub as in the prologue); commit
//   dot_wait {pendings = 0} on the accumulator (or each deferred wgmma's
//   result); async_wait {num = 0}
//
// A TMA ring (the only dot an asynchronous wgmma reading the slots) is the
// same schedule with mbarriers for commit groups:
//
//   descs (make_tensor_desc per load), buffers, bars = local_alloc S x 1 x
//   i64, fence_async_shared, init_barrier bars[s] 1 for every s
//   prologue, for s = 0 .. S-2: the address computation for iteration s;
//     barrier_expect bars[s] (the stage's bytes); its TMA copies into slot
//     s on bars[s] (no predicate: boxes past the view arrive as zeros and
//     copies of iterations past the loop are waited for by the drain)
//   for iv (+ slot i mod S, its phase parity (i / S) & 1, slot (i+S-1) mod
//           S):
//     wait_barrier bars[i mod S], phase
//     the body on slot i mod S (the dot reads it; the tile.reshape ops of
//     rank-3..5 tiles vanish); the wgmma async, dot_wait {pendings = 1}
//     barrier; the producer stage of iteration i+S-1: barrier_expect and
//     copies into slot (i+S-1) mod S on its mbarrier
//   dot_wait {pendings = 0} on the accumulator; wait_barrier on the S-1
//   slots after the last iteration's (the copies issued ahead, so that no
//   copy is in flight when the kernel reuses the memory or exits)
//
// Synchronous dots have finished reading slot (i-1) mod S before the
// barrier at the top of iteration i, so the producer stage issues its
// copies right after it, where they overlap the most work.
//
//===----------------------------------------------------------------------===//

#include "Pipeline.h"

#include "tile/Dialect/Tile/Transforms/PipelineBudget.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;
using namespace tile;
using namespace tile::tl;

namespace {

/// `a + k * step` in the induction variable's type.
Value addSteps(OpBuilder &b, Location loc, Value a, Value step, int64_t k) {
  if (k == 0)
    return a;
  Value kv =
      arith::ConstantOp::create(b, loc, b.getIntegerAttr(step.getType(), k));
  Value off = arith::MulIOp::create(b, loc, step, kv);
  return arith::AddIOp::create(b, loc, a, off);
}

/// Whether iteration `iv` runs: iv < ub in the loop's comparison.
Value isInLoop(OpBuilder &b, Location loc, scf::ForOp loop, Value iv) {
  auto pred = loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                    : arith::CmpIPredicate::slt;
  return arith::CmpIOp::create(b, loc, pred, iv, loop.getUpperBound());
}

struct Expander {
  const PipelineSchedule &schedule;
  scf::ForOp loop;
  int64_t numStages;
  SmallVector<Value> buffers;
  /// A TMA ring: the descriptors and the mbarriers.
  SmallVector<Value> descs;
  Value barriers;

  Expander(const PipelineSchedule &schedule)
      : schedule(schedule), loop(schedule.loop), numStages(schedule.numStages) {
  }

  /// The address computation and predicated copies of the iteration at
  /// `iv`, with the carried addresses `carried` (one per
  /// producerIterArgs), into slot `slot`; commits one group. Returns the
  /// carried addresses of the next iteration.
  SmallVector<Value> emitProducerStage(OpBuilder &b, Value iv,
                                       ArrayRef<Value> carried, Value slot) {
    Location loc = loop.getLoc();
    IRMapping mapping;
    mapping.map(loop.getInductionVar(), iv);
    for (auto [index, value] :
         llvm::zip_equal(schedule.producerIterArgs, carried))
      mapping.map(loop.getRegionIterArgs()[index], value);
    for (Operation *op : schedule.producerOps)
      b.clone(*op, mapping);
    // Whether the iteration exists (pointer copies mask with it).
    Value pred;
    if (llvm::any_of(schedule.loads, [](const PipelinedLoad &l) {
          return isa<LoadOp>(l.load);
        }))
      pred = isInLoop(b, loc, loop, iv);
    if (schedule.tma) {
      emitTmaStage(b, schedule, descs, mapping, buffers, barriers, slot);
    } else {
      for (auto [load, buffer] : llvm::zip_equal(schedule.loads, buffers))
        emitAsyncCopy(b, load, mapping, buffer, slot, pred);
      layout::AsyncCommitGroupOp::create(b, loc);
    }
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    SmallVector<Value> next;
    for (unsigned index : schedule.producerIterArgs)
      next.push_back(mapping.lookupOrDefault(yield.getOperand(index)));
    return next;
  }

  void run() {
    OpBuilder b(loop);
    Location loc = loop.getLoc();
    Block *body = loop.getBody();
    auto yield = cast<scf::YieldOp>(body->getTerminator());
    DotOp asyncDot = schedule.asyncDot;

    if (schedule.tma)
      descs = createTmaDescs(b, schedule);
    for (const PipelinedLoad &load : schedule.loads)
      buffers.push_back(createPipelineBuffer(b, loc, load, numStages));
    if (schedule.tma)
      barriers = createTmaBarriers(b, loc, numStages);

    // Prologue: iterations 0 .. S-2.
    SmallVector<Value> carried;
    for (unsigned index : schedule.producerIterArgs)
      carried.push_back(loop.getInitArgs()[index]);
    for (int64_t s = 0; s + 1 < numStages; ++s) {
      Value iv = addSteps(b, loc, loop.getLowerBound(), loop.getStep(), s);
      carried = emitProducerStage(b, iv, carried, i32Const(b, loc, s));
    }

    // The steady state.
    SmallVector<Value> inits(loop.getInitArgs());
    for (auto [index, value] :
         llvm::zip_equal(schedule.producerIterArgs, carried))
      inits[index] = value;
    unsigned numResults = loop.getNumResults();
    inits.push_back(i32Const(b, loc, 0));
    inits.push_back(i32Const(b, loc, numStages - 1));
    if (schedule.tma)
      inits.push_back(i32Const(b, loc, 0)); // the read slot's phase
    auto newLoop =
        scf::ForOp::create(b, loc, loop.getLowerBound(), loop.getUpperBound(),
                           loop.getStep(), inits);
    newLoop->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
    newLoop->removeDiscardableAttr("tile.num_stages");
    newLoop.setUnsignedCmp(loop.getUnsignedCmp());

    Block *newBody = newLoop.getBody();
    b.setInsertionPointToStart(newBody);
    if (!newBody->empty())
      b.setInsertionPoint(newBody->getTerminator());
    Value iv = newLoop.getInductionVar();
    ValueRange newArgs = newLoop.getRegionIterArgs();
    Value readSlot = newArgs[numResults];
    Value writeSlot = newArgs[numResults + 1];
    SmallVector<Value> newCarried;
    for (unsigned index : schedule.producerIterArgs)
      newCarried.push_back(newArgs[index]);

    Value readPhase = schedule.tma ? newArgs[numResults + 2] : Value();
    if (schedule.tma)
      emitTmaWait(b, loc, barriers, readSlot, readPhase);
    else
      layout::AsyncWaitOp::create(
          b, loc, b.getI32IntegerAttr(getSteadyStateWaitNum(numStages)));
    SmallVector<Value> carriedNext;
    auto producerStage = [&] {
      Value ahead = addSteps(b, loc, iv, newLoop.getStep(), numStages - 1);
      carriedNext = emitProducerStage(b, ahead, newCarried, writeSlot);
    };
    bool carriedWait = schedule.hasCarriedWait();
    if (!asyncDot && !carriedWait)
      producerStage();

    // The body on slot i mod S.
    IRMapping mapping;
    mapping.map(loop.getInductionVar(), iv);
    for (auto [oldArg, newArg] :
         llvm::zip(loop.getRegionIterArgs(), newArgs.take_front(numResults)))
      mapping.map(oldArg, newArg);
    // The deferred wgmma read slot (i-1) mod S until the waits before their
    // arguments' first uses: the producer stage follows the last of them
    // (and a barrier: every warpgroup's waits).
    cloneBodyReadingSlot(b, schedule, buffers, readSlot, mapping, nullptr, [&] {
      layout::BarrierOp::create(b, loc);
      producerStage();
    });
    if (asyncDot) {
      layout::BarrierOp::create(b, loc);
      producerStage();
    }
    SmallVector<Value> yields;
    for (Value v : yield.getOperands())
      yields.push_back(mapping.lookupOrDefault(v));
    for (auto [index, value] :
         llvm::zip_equal(schedule.producerIterArgs, carriedNext))
      yields[index] = value;
    yields.push_back(nextSlot(b, loc, readSlot, numStages));
    yields.push_back(nextSlot(b, loc, writeSlot, numStages));
    if (schedule.tma)
      yields.push_back(nextPhase(b, loc, readSlot, readPhase, numStages));
    if (!newBody->empty() && isa<scf::YieldOp>(newBody->back()))
      newBody->back().erase();
    b.setInsertionPointToEnd(newBody);
    scf::YieldOp::create(b, loc, yields);

    // The drain.
    b.setInsertionPointAfter(newLoop);
    SmallVector<Value> results(newLoop.getResults().take_front(numResults));
    if (DotOp dot = asyncDot) {
      unsigned index = cast<BlockArgument>(dot.getC()).getArgNumber() - 1;
      auto wait = DotWaitOp::create(b, loc, ValueRange{results[index]},
                                    b.getI32IntegerAttr(0));
      results[index] = wait.getResult(0);
    }
    for (const DeferredDot &d : schedule.deferred) {
      if (d.user == loop.getBody()->getTerminator())
        continue; // waited for in the last iteration
      auto wait = DotWaitOp::create(b, loc, ValueRange{results[d.arg]},
                                    b.getI32IntegerAttr(0));
      results[d.arg] = wait.getResult(0);
    }
    if (schedule.tma) {
      // The copies issued for the S - 1 iterations after the last.
      Value slot = newLoop.getResult(numResults);
      Value phase = newLoop.getResult(numResults + 2);
      for (int64_t s = 0; s + 1 < numStages; ++s) {
        emitTmaWait(b, loc, barriers, slot, phase);
        if (s + 2 < numStages) {
          phase = nextPhase(b, loc, slot, phase, numStages);
          slot = nextSlot(b, loc, slot, numStages);
        }
      }
    } else {
      layout::AsyncWaitOp::create(b, loc, b.getI32IntegerAttr(0));
    }
    loop->replaceAllUsesWith(results);
    loop->erase();

    // Clones of the address computation that the body does not use.
    SmallVector<Operation *> ops;
    for (Operation &op : newBody->without_terminator())
      ops.push_back(&op);
    for (Operation *op : llvm::reverse(ops))
      if (isOpTriviallyDead(op))
        op->erase();
  }
};

} // namespace

Value tl::i32Const(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
}

/// slot + 1, and whether it is `numStages` (the ring wraps to slot 0).
static std::pair<Value, Value> getSlotPlusOne(OpBuilder &b, Location loc,
                                              Value slot, int64_t numStages) {
  Value next = arith::AddIOp::create(b, loc, slot, i32Const(b, loc, 1));
  Value wrap = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, next,
                                     i32Const(b, loc, numStages));
  return {next, wrap};
}

Value tl::nextSlot(OpBuilder &b, Location loc, Value slot, int64_t numStages) {
  auto [next, wrap] = getSlotPlusOne(b, loc, slot, numStages);
  return arith::SelectOp::create(b, loc, wrap, i32Const(b, loc, 0), next);
}

Value tl::nextPhase(OpBuilder &b, Location loc, Value slot, Value phase,
                    int64_t numStages) {
  Value wrap = getSlotPlusOne(b, loc, slot, numStages).second;
  Value flipped = arith::XOrIOp::create(b, loc, phase, i32Const(b, loc, 1));
  return arith::SelectOp::create(b, loc, wrap, flipped, phase);
}

void tl::expandPipelinedLoop(const PipelineSchedule &schedule) {
  Expander(schedule).run();
}
