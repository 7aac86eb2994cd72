//===- WarpSpecialize.cpp - The tile-warp-specialize pass -----------------===//
//
// Splits the main loop of a GEMM-like kernel into a TMA producer warpgroup
// and the kernel's own warps as wgmma consumers (docs/Passes.md,
// "tile-warp-specialize"), in four steps:
//
//  1. Which loop (getRequest): its tile.warp_specialize attribute, else its
//     kernel's, else the all-loops option.
//  2. The plan (analyzeLoop, WarpSpecializePlan.cpp), decided without
//     changing the IR once a tile.trans of a load feeding a dot is folded
//     into the load (foldTransposedOperandLoads): the schedule
//     tile-pipeline would use (analyzePipelineLoop: the loads that feed
//     dots, their slots, the address computation, the asynchronous wgmma),
//     then what warp specialization adds: every such load is a
//     tile.load_tile or tile.load_at TMA can copy into the wgmma operand's
//     shared layout
//     (getWsTmaOptions: also head-slice views and K^T in view order),
//     the slots are read only by wgmma, the producer's inputs from before
//     the loop are scalar and pure, the kernel's warps are whole
//     warpgroups, the ring fits shared memory (and, unless an attribute
//     asks, is deep enough to beat tile-pipeline) and the register budgets
//     the register file; the scf.if/scf.for ops around the loop can be
//     repeated by the producer. A refusal is a string (a remark at the
//     loop).
//  3. The shared state (emitRing): descriptors, one S-slot ring per load,
//     full[S] and empty[S] mbarriers of one arrival, initialized by every
//     warp before the split.
//  4. The partitions (Rewriter::run): the kernel's code from the start to
//     the end moves into the default region, except the scalar ops the
//     producer reads (they stay before the op); the loop is rebuilt twice,
//     as the producer loop in a 4-warp partition, run by its warp 0 alone
//     (emitProducer: wait empty[s] on parity p ^ 1, expect-tx on full[s],
//     the TMA copies) and
//     the consumer loop in the default region (emitConsumer: wait full[s]
//     on parity p, the body on the slots, release on empty). Both carry
//     (slot, phase): s = i mod S, p = (i / S) & 1. The producer repeats the
//     branches and loops around the loop (same conditions and bounds); from
//     the outermost loop in, both partitions carry (slot, phase) through
//     them (threadConsumer on the consumers' side), so a persistent tile
//     loop's inner loops continue the ring's rounds.
//  Options beside the ring: prologue copies (WarpSpecializePrologue.h:
//  tiles loaded before the loop that only wgmma read become the producer's
//  TMA copies, issued once before its loop), last-iteration yields
//  (LoopLastIteration.h), ping-pong turns between the consumer warpgroups
//  (WarpSpecializeTurns.h; off by default).
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "LoopLastIteration.h"
#include "Pipeline.h"
#include "TmaLegality.h"
#include "WarpSpecializePlan.h"
#include "WarpSpecializePrologue.h"
#include "WarpSpecializeTurns.h"

#include "tile/Dialect/Tile/Transforms/PipelineBudget.h"
#include "tile/Dialect/Tile/Transforms/WarpSpecializeBudget.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace tile::tl {
#define GEN_PASS_DEF_TILEWARPSPECIALIZEPASS
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile::tl

using namespace mlir;
using namespace tile;
using namespace tile::tl;

namespace {

/// The rewrite of one planned loop.
struct Rewriter {
  WsPlan &plan;
  scf::ForOp loop;
  KernelOp kernel;
  SmallVector<Value> descs, rings;
  Value full, empty;
  /// With plan.pingPong: turn[W], one mbarrier (one arrival) per consumer
  /// warpgroup.
  Value turns;
  PrologueBuffers prologue;

  Rewriter(WsPlan &plan, KernelOp kernel)
      : plan(plan), loop(plan.schedule.loop), kernel(kernel) {}

  /// Step 3: descriptors, rings and barriers, before the op.
  void emitRing(OpBuilder &b) {
    Location loc = loop.getLoc();
    MLIRContext *ctx = b.getContext();
    const PipelineSchedule &s = plan.schedule;
    for (auto [load, tmaPlan] : llvm::zip_equal(s.loads, plan.tmaPlans)) {
      Value view = getTileLoadView(load.load);
      descs.push_back(createTmaDesc(b, load.load->getLoc(), view, tmaPlan));
    }
    for (const PipelinedLoad &load : s.loads)
      rings.push_back(createPipelineBuffer(b, loc, load, plan.numStages));
    layout::MemDescType barriers = getMbarrierType(ctx, {plan.numStages, 1});
    full = layout::LocalAllocOp::create(b, loc, barriers, Value());
    empty = layout::LocalAllocOp::create(b, loc, barriers, Value());
    auto init = scf::ForOp::create(b, loc, i32Const(b, loc, 0),
                                   i32Const(b, loc, plan.numStages),
                                   i32Const(b, loc, 1));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(init.getBody()->getTerminator());
    Value slot = init.getInductionVar();
    layout::InitBarrierOp::create(
        b, loc, layout::MemDescIndexOp::create(b, loc, full, slot), 1);
    layout::InitBarrierOp::create(
        b, loc, layout::MemDescIndexOp::create(b, loc, empty, slot),
        plan.getEmptyArrivals());
    if (!plan.pingPong)
      return;
    b.setInsertionPointAfter(init);
    turns = emitTurnBarriers(b, loc, plan.getConsumerWarpgroups());
  }

  /// (slot + 1) mod S and the phase, flipped when the slot wraps.
  std::pair<Value, Value> advance(OpBuilder &b, Location loc, Value slot,
                                  Value phase) {
    return {nextSlot(b, loc, slot, plan.numStages),
            nextPhase(b, loc, slot, phase, plan.numStages)};
  }

  /// The index in plan.ancestors of the outermost loop around the loop:
  /// from there in, the ancestors carry (slot, phase).
  std::optional<size_t> getFirstCarried() const {
    for (auto [i, ancestor] : llvm::enumerate(plan.ancestors))
      if (isa<scf::ForOp>(ancestor))
        return i;
    return std::nullopt;
  }

  /// Sets the (slot, phase) each carrying level yields on the loop's path,
  /// innermost first, from `state` (the inner loop's results, the last two).
  static void patchCarried(ArrayRef<std::pair<Operation *, Operation *>> levels,
                           ValueRange state) {
    SmallVector<Value> out(state.take_back(2));
    for (auto [op, yield] : llvm::reverse(levels)) {
      unsigned n = yield->getNumOperands();
      yield->setOperand(n - 2, out[0]);
      yield->setOperand(n - 1, out[1]);
      out.assign(op->getResults().take_back(2).begin(),
                 op->getResults().take_back(2).end());
    }
  }

  /// Adds (slot, phase) to the results of the consumers' ancestors from
  /// the outermost loop in (their iteration arguments, their branches'
  /// yields: the value it enters with for now), and returns the state the
  /// loop starts from with the levels to patch.
  std::pair<Value, Value>
  threadConsumer(SmallVectorImpl<std::pair<Operation *, Operation *>> &levels) {
    std::optional<size_t> firstCarried = getFirstCarried();
    if (!firstCarried) {
      OpBuilder b(loop);
      Value zero = i32Const(b, loop.getLoc(), 0);
      return {zero, zero};
    }
    Operation *first = plan.ancestors[*firstCarried];
    OpBuilder b(first);
    Location loc = first->getLoc();
    Type i32 = b.getI32Type();
    Value slot = i32Const(b, loc, 0), phase = slot;
    for (Operation *ancestor :
         ArrayRef(plan.ancestors).drop_front(*firstCarried)) {
      b.setInsertionPoint(ancestor);
      Operation *rebuilt;
      Operation *pathYield;
      if (auto ifOp = dyn_cast<scf::IfOp>(ancestor)) {
        SmallVector<Type> types(ifOp.getResultTypes());
        types.append({i32, i32});
        auto newIf = scf::IfOp::create(b, ifOp.getLoc(), types,
                                       ifOp.getCondition(), true);
        newIf.getThenRegion().takeBody(ifOp.getThenRegion());
        newIf.getElseRegion().takeBody(ifOp.getElseRegion());
        if (newIf.getElseRegion().empty()) {
          OpBuilder eb =
              OpBuilder::atBlockEnd(&newIf.getElseRegion().emplaceBlock());
          scf::YieldOp::create(eb, loc);
        }
        for (Block *block : {newIf.thenBlock(), newIf.elseBlock()}) {
          Operation *yield = block->getTerminator();
          yield->insertOperands(yield->getNumOperands(),
                                ValueRange{slot, phase});
        }
        newIf->setDiscardableAttrs(ifOp->getDiscardableAttrDictionary());
        bool inThen = newIf.getThenRegion().isAncestor(loop->getParentRegion());
        pathYield =
            (inThen ? newIf.thenBlock() : newIf.elseBlock())->getTerminator();
        ifOp->replaceAllUsesWith(
            newIf.getResults().take_front(ifOp.getNumResults()));
        rebuilt = newIf;
      } else {
        auto forOp = cast<scf::ForOp>(ancestor);
        SmallVector<Value> inits(forOp.getInitArgs());
        inits.append({slot, phase});
        auto newFor =
            scf::ForOp::create(b, forOp.getLoc(), forOp.getLowerBound(),
                               forOp.getUpperBound(), forOp.getStep(), inits);
        newFor.setUnsignedCmp(forOp.getUnsignedCmp());
        newFor->setDiscardableAttrs(forOp->getDiscardableAttrDictionary());
        newFor.getRegion().takeBody(forOp.getRegion());
        Block *body = newFor.getBody();
        slot = body->addArgument(i32, loc);
        phase = body->addArgument(i32, loc);
        pathYield = body->getTerminator();
        pathYield->insertOperands(pathYield->getNumOperands(),
                                  ValueRange{slot, phase});
        forOp->replaceAllUsesWith(
            newFor.getResults().take_front(forOp.getNumResults()));
        rebuilt = newFor;
      }
      ancestor->erase();
      levels.push_back({rebuilt, pathYield});
    }
    return {slot, phase};
  }

  void release(OpBuilder &b, Location loc, Value slot) {
    Value bar = layout::MemDescIndexOp::create(b, loc, empty, slot);
    // One warpgroup: its dot_wait covers its own wgmma, any thread may
    // arrive; more: each warpgroup's first thread once its own wgmma are
    // done (per_warpgroup), or one arrival after the partition's barrier.
    bool nosync = plan.consumerWarps == 4;
    bool perWarpgroup = !nosync && plan.warpgroupRelease;
    layout::ArriveBarrierOp::create(b, loc, bar, 1, nosync, perWarpgroup);
  }

  /// Releases the slot before `slot` in ring order (slot S - 1 before 0).
  void releaseBefore(OpBuilder &b, Location loc, Value slot) {
    Value isFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                          slot, i32Const(b, loc, 0));
    Value before = arith::SubIOp::create(b, loc, slot, i32Const(b, loc, 1));
    Value previous = arith::SelectOp::create(
        b, loc, isFirst, i32Const(b, loc, plan.numStages - 1), before);
    release(b, loc, previous);
  }

  /// The consumer loop, in place of `loop` (already in the default region).
  void emitConsumer() {
    const PipelineSchedule &s = plan.schedule;
    OpBuilder b(loop);
    Location loc = loop.getLoc();
    Block *body = loop.getBody();
    auto yield = cast<scf::YieldOp>(body->getTerminator());
    DotOp asyncDot = s.asyncDot;
    unsigned numResults = loop.getNumResults();

    SmallVector<std::pair<Operation *, Operation *>> levels;
    auto [slotIn, phaseIn] = threadConsumer(levels);
    b.setInsertionPoint(loop);
    TurnState turn;
    if (plan.pingPong)
      turn = emitTurnState(b, loc, turns, plan.getConsumerWarpgroups());
    SmallVector<Value> inits(loop.getInitArgs());
    inits.push_back(slotIn);
    inits.push_back(phaseIn);
    auto newLoop =
        scf::ForOp::create(b, loc, loop.getLowerBound(), loop.getUpperBound(),
                           loop.getStep(), inits);
    newLoop->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
    newLoop->removeDiscardableAttr(TileDialect::getNumStagesAttrName());
    newLoop->removeDiscardableAttr(TileDialect::getWarpSpecializeAttrName());
    newLoop.setUnsignedCmp(loop.getUnsignedCmp());

    Block *newBody = newLoop.getBody();
    if (!newBody->empty())
      newBody->getTerminator()->erase();
    b.setInsertionPointToEnd(newBody);
    Value iv = newLoop.getInductionVar();
    ValueRange args = newLoop.getRegionIterArgs();
    Value slot = args[numResults], phase = args[numResults + 1];
    layout::WaitBarrierOp::create(
        b, loc, layout::MemDescIndexOp::create(b, loc, full, slot), phase);

    IRMapping mapping;
    mapping.map(loop.getInductionVar(), iv);
    for (auto [oldArg, newArg] :
         llvm::zip(loop.getRegionIterArgs(), args.take_front(numResults)))
      mapping.map(oldArg, newArg);
    // Step i - 1's wgmma is done: release its slot (none before step 0).
    auto releasePrevious = [&] {
      Value started = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                            iv, newLoop.getLowerBound());
      auto ifOp = scf::IfOp::create(b, loc, started, /*withElse=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      releaseBefore(b, loc, slot);
    };
    // The asynchronous wgmma: after its dot_wait {pendings = 1}; the
    // deferred ones: after the next step's last wait for them.
    cloneBodyReadingSlot(b, s, rings, slot, mapping, releasePrevious,
                         releasePrevious);
    if (plan.pingPong)
      emitTurns(newBody, turn, slot, phase, plan.numStages);
    // Synchronous dots are done with the slot at the end of the step.
    // So are deferred wgmma waited for at the end of the step.
    if (!asyncDot && !s.hasCarriedWait())
      release(b, loc, slot);
    SmallVector<Value> yields;
    for (Value v : yield.getOperands())
      yields.push_back(mapping.lookupOrDefault(v));
    auto [nextSlot, nextPhase] = advance(b, loc, slot, phase);
    yields.push_back(nextSlot);
    yields.push_back(nextPhase);
    scf::YieldOp::create(b, loc, yields);

    b.setInsertionPointAfter(newLoop);
    SmallVector<Value> results(newLoop.getResults().take_front(numResults));
    // The wgmma still in flight after the loop (the asynchronous or the
    // deferred ones): wait for them.
    SmallVector<unsigned> pending;
    if (asyncDot)
      pending.push_back(cast<BlockArgument>(asyncDot.getC()).getArgNumber() -
                        1);
    for (const DeferredDot &d : s.deferred)
      if (d.user != loop.getBody()->getTerminator())
        pending.push_back(d.arg);
    for (unsigned index : pending) {
      auto wait = DotWaitOp::create(b, loc, ValueRange{results[index]},
                                    b.getI32IntegerAttr(0));
      results[index] = wait.getResult(0);
    }
    // Inside an outer loop, the next inner loop's first step releases
    // nothing: the last step's slot is released here, once its wgmma are
    // done (when the loop ran at all).
    if (!pending.empty() && !levels.empty()) {
      Value ran = arith::CmpIOp::create(
          b, loc,
          loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                : arith::CmpIPredicate::slt,
          loop.getLowerBound(), loop.getUpperBound());
      auto ifOp = scf::IfOp::create(b, loc, ran, /*withElse=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      releaseBefore(b, loc, newLoop.getResult(numResults));
    }
    patchCarried(levels, newLoop.getResults());
    loop->replaceAllUsesWith(results);
  }

  /// The producer loop, at `b` (the producer partition's block).
  void emitProducer(OpBuilder &b) {
    const PipelineSchedule &s = plan.schedule;
    Location loc = loop.getLoc();
    OpBuilder::InsertionGuard branchGuard(b);
    // Only the partition's warp 0 runs the loop: its TMA and mbarrier ops
    // are issued by the partition's first thread, and warps 1-3 would step
    // through every k-step with nothing to issue (issue slots and power the
    // consumers' wgmma can use; the hand kernels' `stepdiv` measurement,
    // bench/RESULTS.md, h13gemm). The loop holds no layout.barrier.
    Value warp = WarpIdOp::create(b, loc, b.getI32Type());
    Value firstWarp = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                            warp, i32Const(b, loc, 0));
    auto onlyFirstWarp = scf::IfOp::create(b, loc, firstWarp,
                                           /*withElseRegion=*/false);
    b.setInsertionPoint(onlyFirstWarp.thenBlock()->getTerminator());
    // The branches and loops the consumers' loop is in, on the same
    // conditions and bounds, with the scalar ops of their blocks that the
    // producer reads; from the outermost loop in, they carry the ring's
    // (slot, phase) from one inner loop to the next.
    IRMapping outer;
    Value slot0, phase0;
    SmallVector<std::pair<Operation *, Operation *>> levels;
    std::optional<size_t> firstCarried = getFirstCarried();
    Type i32 = b.getI32Type();
    for (auto [i, ancestor] : llvm::enumerate(plan.ancestors)) {
      bool carry = firstCarried && i >= *firstCarried;
      if (carry && !slot0)
        slot0 = phase0 = i32Const(b, loc, 0);
      Block *pathBlock;
      if (auto ifOp = dyn_cast<scf::IfOp>(ancestor)) {
        bool inThen = ifOp.getThenRegion().isAncestor(loop->getParentRegion());
        Value cond = outer.lookupOrDefault(ifOp.getCondition());
        pathBlock = inThen ? ifOp.thenBlock() : ifOp.elseBlock();
        if (!carry) {
          auto mirror = scf::IfOp::create(b, ifOp.getLoc(), cond,
                                          /*withElseRegion=*/!inThen);
          Block *block = inThen ? mirror.thenBlock() : mirror.elseBlock();
          b.setInsertionPoint(block->getTerminator());
        } else {
          auto mirror = scf::IfOp::create(b, ifOp.getLoc(), TypeRange{i32, i32},
                                          cond, /*withElseRegion=*/true);
          for (Region *region :
               {&mirror.getThenRegion(), &mirror.getElseRegion()}) {
            if (region->empty())
              region->emplaceBlock();
            b.setInsertionPointToEnd(&region->front());
            scf::YieldOp::create(b, loc, ValueRange{slot0, phase0});
          }
          Block *block = inThen ? mirror.thenBlock() : mirror.elseBlock();
          levels.push_back({mirror, block->getTerminator()});
          b.setInsertionPoint(block->getTerminator());
        }
      } else {
        auto forOp = cast<scf::ForOp>(ancestor);
        auto mirror = scf::ForOp::create(
            b, forOp.getLoc(), outer.lookupOrDefault(forOp.getLowerBound()),
            outer.lookupOrDefault(forOp.getUpperBound()),
            outer.lookupOrDefault(forOp.getStep()), ValueRange{slot0, phase0});
        mirror.setUnsignedCmp(forOp.getUnsignedCmp());
        outer.map(forOp.getInductionVar(), mirror.getInductionVar());
        Block *body = mirror.getBody();
        if (!body->empty())
          body->getTerminator()->erase();
        b.setInsertionPointToEnd(body);
        slot0 = mirror.getRegionIterArgs()[0];
        phase0 = mirror.getRegionIterArgs()[1];
        auto yield = scf::YieldOp::create(b, loc, ValueRange{slot0, phase0});
        levels.push_back({mirror, yield});
        b.setInsertionPoint(yield);
        pathBlock = forOp.getBody();
      }
      for (Operation &op : *pathBlock)
        if (plan.mirrored.contains(&op))
          b.clone(op, outer);
    }
    if (!slot0)
      slot0 = phase0 = i32Const(b, loc, 0);
    // The tiles before the loop (none when the loop is in others).
    emitPrologueCopies(b, loc, plan.prologue, prologue);
    auto newLoop = scf::ForOp::create(
        b, loc, outer.lookupOrDefault(loop.getLowerBound()),
        outer.lookupOrDefault(loop.getUpperBound()),
        outer.lookupOrDefault(loop.getStep()), ValueRange{slot0, phase0});
    newLoop.setUnsignedCmp(loop.getUnsignedCmp());
    patchCarried(levels, newLoop.getResults());
    OpBuilder::InsertionGuard guard(b);
    Block *newBody = newLoop.getBody();
    if (!newBody->empty())
      newBody->getTerminator()->erase();
    b.setInsertionPointToEnd(newBody);
    Value slot = newLoop.getRegionIterArgs()[0];
    Value phase = newLoop.getRegionIterArgs()[1];

    IRMapping mapping = outer;
    mapping.map(loop.getInductionVar(), newLoop.getInductionVar());
    for (Operation *op : s.producerOps)
      b.clone(*op, mapping);
    // The consumers released this slot's previous round (parity of round
    // i / S - 1; the first round passes at once).
    Value emptyPhase =
        arith::XOrIOp::create(b, loc, phase, i32Const(b, loc, 1));
    layout::WaitBarrierOp::create(
        b, loc, layout::MemDescIndexOp::create(b, loc, empty, slot),
        emptyPhase);
    Value fullBar = layout::MemDescIndexOp::create(b, loc, full, slot);
    layout::BarrierExpectOp::create(b, loc, fullBar, plan.txBytes);
    for (auto [load, desc, ring, tmaPlan] :
         llvm::zip_equal(s.loads, descs, rings, plan.tmaPlans)) {
      Location loadLoc = load.load->getLoc();
      auto lookup = [&](Value v) { return mapping.lookupOrDefault(v); };
      SmallVector<Value> indices =
          llvm::map_to_vector(getTileLoadPosition(load.load), lookup);
      SmallVector<Value> offsets =
          llvm::map_to_vector(tmaPlan.offsetIndices, lookup);
      SmallVector<Value> coords =
          getTmaLoadCoords(b, loadLoc, indices, offsets, tmaPlan);
      Value dst = layout::MemDescIndexOp::create(b, loadLoc, ring, slot);
      layout::AsyncTmaCopyGlobalToLocalOp::create(b, loadLoc, desc, coords, dst,
                                                  fullBar);
    }
    auto [nextSlot, nextPhase] = advance(b, loc, slot, phase);
    scf::YieldOp::create(b, loc, ValueRange{nextSlot, nextPhase});
  }

  /// Step 4.
  void run() {
    Block &kernelBlock = kernel.getBody().front();
    Operation *ret = kernelBlock.getTerminator();
    // Everything of the kernel but the producer's scalars moves into the
    // default partition, in order.
    llvm::SmallPtrSet<Operation *, 4> replaced;
    for (const PrologueCopy &copy : plan.prologue)
      for (layout::LocalAllocOp alloc : copy.allocs)
        replaced.insert(alloc);
    SmallVector<Operation *> moved;
    for (Operation &op : kernelBlock.without_terminator())
      if (!plan.outside.contains(&op) && !replaced.contains(&op))
        moved.push_back(&op);
    OpBuilder b(ret);
    emitRing(b);
    prologue = emitPrologueBuffers(b, loop.getLoc(), plan.prologue);
    auto ws = WarpSpecializeOp::create(
        b, loop.getLoc(), ArrayRef<int32_t>{int32_t(kWsProducerWarps)},
        ArrayRef<int32_t>{plan.consumerRegs, plan.producerRegs},
        /*partition_replicas=*/nullptr, 2);
    Block *consumer = b.createBlock(&ws.getPartition(0));
    Block *producer = b.createBlock(&ws.getPartition(1));
    for (Operation *op : moved)
      op->moveBefore(consumer, consumer->end());
    b.setInsertionPointToEnd(producer);
    emitProducer(b);
    emitConsumer();
    emitPrologueWait(consumer, prologue);
    loop->erase();
  }
};

struct TileWarpSpecializePass
    : public tile::tl::impl::TileWarpSpecializePassBase<
          TileWarpSpecializePass> {
  using TileWarpSpecializePassBase::TileWarpSpecializePassBase;

  void runOnOperation() override {
    KernelOp kernel = getOperation();
    if (!isSetmaxnregCount(producerRegs)) {
      kernel.emitError() << "tile-warp-specialize: producer-regs="
                         << unsigned(producerRegs)
                         << " is not a setmaxnreg count; use a multiple of 8 "
                            "from "
                         << kMinSetmaxnregRegs << " to " << kMaxSetmaxnregRegs
                         << " (default " << kWsProducerRegs << ")";
      return signalPassFailure();
    }
    SmallVector<scf::ForOp> loops;
    kernel.getBody().walk<WalkOrder::PreOrder>(
        [&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      Request request = getRequest(loop, kernel, allLoops);
      if (!request.wanted)
        continue;
      if (request.regsOwner && failed(checkBudgets(request, kernel)))
        return signalPassFailure();
      foldTransposedOperandLoads(loop);
      std::string whyNot;
      FailureOr<WsPlan> plan =
          analyzeLoop(loop, kernel, request, computeCapability, numStages,
                      producerRegs, whyNot);
      if (failed(plan)) {
        if ((remarks || request.explicitly) && !whyNot.empty())
          loop.emitRemark()
              << "tile-warp-specialize: loop left as it is: " << whyNot;
        continue;
      }
      plan->warpgroupRelease = warpgroupRelease;
      plan->pingPong =
          pingPong && wantsTurns(loop, plan->getConsumerWarpgroups(),
                                 !plan->schedule.overlapped.empty());
      if (prologueCopies)
        addPrologueCopies(*plan, kernel, computeCapability);
      if (lastIterationYields)
        forwardLastIterationYields(loop);
      if (remarks || request.explicitly)
        loop.emitRemark() << "tile-warp-specialize: " << plan->describe();
      Rewriter(*plan, kernel).run();
      // One split per kernel.
      return;
    }
  }

  /// Budgets given by an attribute must fit the register file.
  LogicalResult checkBudgets(const Request &request, KernelOp kernel) {
    int64_t warps = kernel.getNumWarps();
    int64_t use =
        getWsRegisterUse(warps, request.consumerRegs, request.producerRegs);
    if (use <= kRegistersPerCTA)
      return success();
    return request.regsOwner->emitError()
           << "tile-warp-specialize: the register budgets need " << use
           << " registers (" << request.consumerRegs << " x " << warps * 32
           << " + " << request.producerRegs << " x " << kWsProducerWarps * 32
           << " threads) but a CTA has " << kRegistersPerCTA
           << "; lower them in '" << TileDialect::getWarpSpecializeAttrName()
           << "'";
  }
};

} // namespace
