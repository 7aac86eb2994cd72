//===- WarpSpecializePlan.h - tile-warp-specialize's plan -----*- C++ -*-===//
//
// Private to lib/Dialect/Tile/Transforms: the analysis half of
// tile-warp-specialize (WarpSpecialize.cpp rewrites). What a loop's
// attributes and the pass options ask for, and the plan of one loop: its
// pipeline schedule, the TMA copy of each load, the ops the producer reads,
// the ring's depth and the register budgets; or why the loop stays as it
// is.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_DIALECT_TILE_TRANSFORMS_WARPSPECIALIZEPLAN_H
#define TILE_LIB_DIALECT_TILE_TRANSFORMS_WARPSPECIALIZEPLAN_H

#include "Pipeline.h"
#include "TmaLegality.h"
#include "WarpSpecializePrologue.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/SetVector.h"

#include <string>

namespace tile::tl {

/// What the loop's attributes and the options ask for.
struct Request {
  /// Whether to specialize the loop.
  bool wanted = false;
  /// Whether the user asked (an attribute): refusals are remarks then.
  bool explicitly = false;
  /// The op whose attribute gave budgets, and the budgets (0: computed).
  Operation *regsOwner = nullptr;
  int32_t consumerRegs = 0, producerRegs = 0;
};

/// The request for `loop`: its own attribute, else its kernel's, else
/// `allLoops` (the pass's all-loops option) with no explicit request.
Request getRequest(scf::ForOp loop, KernelOp kernel, bool allLoops);

/// The plan of one loop: data, printable in a remark.
struct WsPlan {
  PipelineSchedule schedule;
  /// The TMA copy of each schedule.loads[i]: its descriptor (in its
  /// slot's layout), whether it reads the view transposed, the offset
  /// terms of its view's pointer.
  SmallVector<TmaLoadPlan> tmaPlans;
  /// Ops before the loop that the producer reads (scalars, views): they
  /// stay before the tile.warp_specialize, in order.
  llvm::SetVector<Operation *> outside;
  /// The scf.if and scf.for ops the loop is in, outermost first: the
  /// producer repeats them around its loop (same conditions and bounds).
  SmallVector<Operation *> ancestors;
  /// Pure scalar ops in the ancestors' blocks that the producer reads
  /// (an outer loop's tile coordinates): cloned into its copies of them.
  llvm::SetVector<Operation *> mirrored;
  int64_t numStages = 0;
  /// Bytes the TMA copies of one step deliver (full[s]'s expect-tx).
  int64_t txBytes = 0;
  int32_t consumerWarps = 0;
  int32_t consumerRegs = 0, producerRegs = 0;
  /// Each consumer warpgroup releases a slot on its own (empty[s] counts
  /// one arrival per warpgroup), else after the partition's barrier.
  bool warpgroupRelease = true;
  /// The consumer warpgroups take turns issuing their wgmma (ping-pong):
  /// warpgroup w waits for turn[w] before the step's first wgmma and hands
  /// the turn to warpgroup w + 1 (mod W) after its last.
  bool pingPong = false;
  /// Tiles loaded before the loop that the producer copies once, before
  /// its loop (WarpSpecializePrologue.h).
  SmallVector<PrologueCopy> prologue;

  int32_t getConsumerWarpgroups() const { return consumerWarps / 4; }

  /// Arrivals that complete a phase of empty[s].
  int32_t getEmptyArrivals() const {
    return warpgroupRelease ? consumerWarps / 4 : 1;
  }

  std::string describe() const {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << "producer warpgroup (regs " << producerRegs << ") issues "
       << schedule.loads.size() << " TMA copies a step (" << txBytes
       << " bytes) into a " << numStages << "-slot ring; "
       << "default partition (" << consumerWarps << " warps, regs "
       << consumerRegs << ") runs the ";
    if (schedule.asyncDot)
      os << "asynchronous wgmma (slot released one step later)";
    else if (schedule.deferred.size() == 1)
      os << "dots, " << (schedule.deferred[0].isLast ? "the last one" : "one")
         << " asynchronous and waited for in the next step (slot released "
            "then)";
    else if (!schedule.deferred.empty())
      os << "dots, " << schedule.deferred.size()
         << " of them asynchronous and waited for in the next step (slot "
            "released after the last wait)";
    else if (!schedule.overlapped.empty())
      os << "dots, " << schedule.overlapped.size()
         << " asynchronous and waited for before their first reader in the "
            "step (slot released at its end)";
    else
      os << "synchronous dots (slot released at the end of the step)";
    if (!prologue.empty())
      os << "; " << prologue.size()
         << " tile(s) loaded before the loop copied once by the producer";
    if (pingPong)
      os << "; its " << getConsumerWarpgroups()
         << " warpgroups take turns issuing their wgmma (turn mbarriers)";
    if (!schedule.transposedOperand.empty())
      os << "; " << schedule.transposedOperand;
    return s;
  }
};

/// The plan of `loop`, or failure with the reason in `whyNot` (empty when
/// the loop has no dot fed by a load: nothing to say).
FailureOr<WsPlan> analyzeLoop(scf::ForOp loop, KernelOp kernel,
                              const Request &request, unsigned cc,
                              unsigned optionStages,
                              unsigned optionProducerRegs,
                              std::string &whyNot);

/// Adds to `plan` the loads before its loop that the producer can copy
/// once (the values their copies need join plan.outside).
void addPrologueCopies(WsPlan &plan, KernelOp kernel, unsigned cc);

} // namespace tile::tl

#endif // TILE_LIB_DIALECT_TILE_TRANSFORMS_WARPSPECIALIZEPLAN_H
