//===- Pipeline.cpp - The tile-pipeline pass ------------------------------===//
//
// For every innermost scf.for of a kernel, in program order:
//  0. foldTransposedOperandLoads (TransposedLoads.cpp) turns a tile.trans
//     of a load feeding a dot into the transposed load;
//  1. analyzePipelineLoop (PipelineSchedule.cpp) finds the loads that feed
//     dots and what runs ahead, or why the loop stays as it is (a remark
//     with `remarks`).
//  2. The stage count: the loop's `tile.num_stages`, else the kernel's,
//     else the `num-stages` option, else chooseDefaultNumStages
//     (PipelineBudget.h), at most what the loads' `latency` hints ask
//     (getLatencyMaxStages), from the shared memory left beside what the
//     kernel already allocates (estimateOtherSharedBytes, which counts the
//     buffers of loops pipelined before). One stage leaves the loop alone;
//     an asked-for count that does not fit is an error naming the bytes.
//  3. expandPipelinedLoop (PipelineExpand.cpp) rewrites the loop.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "Pipeline.h"

#include "tile/Dialect/Tile/IR/AccessHints.h"
#include "tile/Dialect/Tile/Transforms/PipelineBudget.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace tile::tl {
#define GEN_PASS_DEF_TILEPIPELINEPASS
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile::tl

using namespace mlir;
using namespace tile;
using namespace tile::tl;

namespace {

/// The most stages the default rule gives `schedule`'s loop: the largest
/// that a pipelined load's `latency` band asks for (2 for 1..3, 4 for
/// 8..10), kMaxDefaultStages for a load without a hint or with 4..7.
int64_t getLatencyMaxStages(const PipelineSchedule &schedule) {
  int64_t most = 0;
  for (const PipelinedLoad &load : schedule.loads)
    most = std::max(most, getLatencyStages(getAccessHints(load.load).getBand())
                              .value_or(kMaxDefaultStages));
  return most ? most : kMaxDefaultStages;
}

struct TilePipelinePass
    : public tile::tl::impl::TilePipelinePassBase<TilePipelinePass> {
  using TilePipelinePassBase::TilePipelinePassBase;

  void runOnOperation() override {
    KernelOp kernel = getOperation();
    // Program order (outer loops first; only innermost ones have a
    // schedule), so that earlier loops' buffers count in later budgets.
    SmallVector<scf::ForOp> loops;
    kernel.getBody().walk<WalkOrder::PreOrder>(
        [&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops)
      if (failed(pipelineLoop(loop, kernel)))
        return signalPassFailure();
  }

  LogicalResult pipelineLoop(scf::ForOp loop, KernelOp kernel) {
    // K^T as tile.trans of K's load: the transposed load, which is staged.
    foldTransposedOperandLoads(loop);
    std::string whyNot;
    FailureOr<PipelineSchedule> schedule = analyzePipelineLoop(loop, whyNot);
    if (failed(schedule)) {
      if (remarks && !whyNot.empty()) {
        // A loop in a partition (tile-warp-specialize's or a hand-written
        // one) normally has no loads left to stage: its producer's copies
        // feed the dots, which tile-warp-specialize's remark already says;
        // other reasons say where the loop is, so that the refusal does
        // not read as a failure.
        bool inPartition = loop->getParentOfType<WarpSpecializeOp>() != nullptr;
        if (inPartition && whyNot == kNoLoadFeedsDot)
          return success();
        if (inPartition)
          loop.emitRemark() << "tile-pipeline: loop in a tile.warp_specialize "
                               "partition left as it is (its producer stages "
                               "the operands): "
                            << whyNot;
        else
          loop.emitRemark() << "tile-pipeline: loop not pipelined: " << whyNot;
      }
      return success();
    }
    auto requested = getRequestedStages(loop, kernel, numStages);
    int64_t used = estimateOtherSharedBytes(kernel, {&*schedule});
    // A TMA ring adds one mbarrier per stage.
    int64_t perStage =
        schedule->bytesPerStage + (schedule->tma ? kMbarrierBytes : 0);
    int64_t stages;
    if (requested) {
      // At least 1: the attribute's verifier takes 1 to 16, and an option
      // of 0 asks for nothing.
      stages = requested->stages;
      if (stages == 1) {
        if (remarks)
          loop.emitRemark()
              << "tile-pipeline: loop not pipelined: " << requested->source
              << " is 1";
        return success();
      }
      if (!stagesFit(stages, perStage, used)) {
        int64_t most =
            (kSharedMemoryLimit - used) / std::max<int64_t>(perStage, 1);
        InFlightDiagnostic diag = loop.emitError();
        diag << "tile-pipeline: " << stages << " stages (" << requested->source
             << ") of this loop's buffers need " << stages << " x " << perStage
             << " = " << stages * perStage
             << " bytes of shared memory; with the " << used
             << " bytes the kernel already uses (other buffers and layout "
                "conversion scratch) that is "
             << used + stages * perStage << " bytes, above the limit of "
             << kSharedMemoryLimit << " (227 KiB); ";
        if (most >= 2)
          diag << "use at most " << most << " stages";
        else
          diag << "even 2 stages do not fit: use smaller tiles";
        return failure();
      }
    } else {
      stages = chooseDefaultNumStages(perStage, used,
                                      getLatencyMaxStages(*schedule));
      if (stages < 2) {
        if (remarks)
          loop.emitRemark()
              << "tile-pipeline: loop not pipelined: 2 stages of " << perStage
              << " bytes do not fit in shared memory beside the " << used
              << " bytes the kernel already uses (limit " << kSharedMemoryLimit
              << ")";
        return success();
      }
    }
    schedule->numStages = stages;
    std::string whyNotDeferred = findDeferredDot(*schedule);
    if (remarks && !whyNotDeferred.empty())
      loop.emitRemark() << "tile-pipeline: every dot stays synchronous: "
                        << whyNotDeferred;
    if (remarks)
      loop.emitRemark() << "tile-pipeline: " << schedule->describe();
    expandPipelinedLoop(*schedule);
    return success();
  }
};

} // namespace

std::optional<StageRequest>
tl::getRequestedStages(scf::ForOp loop, KernelOp kernel, unsigned option) {
  StringRef name = TileDialect::getNumStagesAttrName();
  if (auto attr = loop->getAttrOfType<IntegerAttr>(name))
    return StageRequest{attr.getInt(), "the loop's " + name.str()};
  if (auto attr = kernel->getAttrOfType<IntegerAttr>(name))
    return StageRequest{attr.getInt(), "the kernel's " + name.str()};
  if (option > 0)
    return StageRequest{int64_t(option), "the num-stages option"};
  return std::nullopt;
}
