//===- Pipeline.h - The parts of tile-pipeline ------------------*- C++ -*-===//
//
// Private to lib/Dialect/Tile/Transforms. tile-pipeline is split by concern:
//  - PipelineSchedule.cpp decides, from the loop alone, what a loop's
//    pipeline is (PipelineSchedule: the loads, their buffers, the address
//    computation that runs ahead, the dot that stays asynchronous) or why
//    it has none;
//  - PipelineBuffers.cpp emits the shared-memory buffers, the predicated
//    asynchronous copies into their slots and the slot reads that replace
//    the loads;
//  - PipelineExpand.cpp rewrites the loop into prologue, steady state and
//    drain;
//  - Pipeline.cpp is the pass: which loops, how many stages, remarks and
//    errors.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_DIALECT_TILE_TRANSFORMS_PIPELINE_H
#define TILE_LIB_DIALECT_TILE_TRANSFORMS_PIPELINE_H

#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

#include <optional>
#include <string>
#include <utility>

namespace tile::tl {

/// A load that the pipeline issues stages ahead into a slot of a
/// multi-buffered shared-memory buffer.
struct PipelinedLoad {
  /// tile.load_tile or tile.load, in the loop body.
  Operation *load = nullptr;
  /// One slot: the load's shape and element type in a shared layout (the
  /// layout of the local_alloc that stored it for wgmma, else the default
  /// NVMMA layout of the load's contiguous order, which ldmatrix reads).
  layout::MemDescType slotType;
  /// local_allocs of the loaded tile in the slot's layout: the slot
  /// replaces them.
  SmallVector<layout::LocalAllocOp> allocs;
  /// A tile.load_tile with `order = [1, 0]` (wgmma operands only): the
  /// slot holds the tile in view order (slotType's shape is the view-order
  /// shape, its nvmma_shared layout the allocs' with `transposed` flipped;
  /// a TMA copy's box is that tile), and the dot reads it through
  /// layout.memdesc_trans.
  bool transposed = false;
  /// A TMA copy (a tile.load_tile with the allow_tma hint, or a
  /// tile.load_at, that tile-use-tma could copy, in a TMA ring:
  /// PipelineSchedule::tma): its descriptor,
  /// whose block lies in the slot as slotType (the tile's last two dims).
  /// Null for an asynchronous copy by threads (cp.async).
  layout::TensorDescType tmaDesc;
  /// tile.reshape ops that drop the unit leading dims of a rank-3..5 TMA
  /// tile before its local_allocs (the allocs then read the reshapes):
  /// the slot holds the matrix, and they vanish with the load.
  SmallVector<ReshapeOp> reshapes;
};

/// A deferred wgmma (PipelineSchedule::deferred).
struct DeferredDot {
  DotOp dot;
  /// The iteration argument its result is yielded as.
  unsigned arg = 0;
  /// The first op of the body that reads the argument (or contains a
  /// reader): the wait for the previous iteration's wgmma comes before it.
  /// The body's terminator when the argument is still read after the dot
  /// (a Q K^T of the next block issued before this block's softmax): the
  /// wgmma then has registers of its own, copied into the argument's at
  /// the back edge, and is waited for at the end of its own iteration,
  /// before that copy (ptxas serializes every wgmma of a kernel where an
  /// instruction reads registers of one in flight).
  Operation *user = nullptr;
  /// The wait's `pendings`: at the end of the iteration, the wgmma
  /// directly in the body after it (they stay in flight); in the next
  /// iteration 0 (see findDeferredDot: ptxas serializes every wgmma when
  /// a wait with pending groups could complete one carried across the
  /// back edge).
  int32_t pendings = 0;
  /// Whether it is the body's last wgmma (remarks).
  bool isLast = false;
};

/// A wgmma of a loop of several whose result is read in its own iteration
/// after another wgmma is issued (PipelineSchedule::overlapped).
struct OverlappedDot {
  DotOp dot;
  /// The first op of the body that reads its result (or contains a
  /// reader): the wait comes right before it.
  Operation *user = nullptr;
  /// The wait's `pendings`: the wgmma directly in the body between the dot
  /// and `user` (they stay in flight), or 0 when a deferred wgmma may be in
  /// flight from the previous iteration (see findDeferredDot).
  int32_t pendings = 0;
};

/// What the pipeline of one loop is: data, decided from the IR without
/// changing it, printable in a remark (describe()).
struct PipelineSchedule {
  scf::ForOp loop;
  /// Stages (S >= 2): S slots per load, loads issued S - 1 iterations ahead.
  int64_t numStages = 0;
  SmallVector<PipelinedLoad> loads;
  /// The ops of the loop body that compute the loads' operands (pure, in
  /// body order): cloned to run for iteration i + S - 1.
  SmallVector<Operation *> producerOps;
  /// Iteration arguments that only the address computation reads and
  /// advances (pointers bumped each iteration): carried S - 1 iterations
  /// ahead.
  SmallVector<unsigned> producerIterArgs;
  /// The wgmma that stays asynchronous, one group in flight (null: every
  /// dot stays synchronous).
  DotOp asyncDot;
  /// With a single wgmma that is not asyncDot: why it stays synchronous,
  /// for the remark.
  std::string syncWgmmaReason;
  /// With several wgmma and none of them asyncDot: those whose result
  /// leaves the body only through the yield (deferred wgmma, in body
  /// order). Each is issued asynchronously with no wait in its own
  /// iteration; the next one waits for it right before the first op of the
  /// body that reads its iteration argument, leaving in flight the wgmma
  /// issued after it (DeferredDot::pendings), so that it runs on the tensor
  /// cores across the loop's back edge and the next iteration's first ops
  /// (attention's P V beside the next Q K^T; a Q K^T software-pipelined by
  /// one key block under the softmax). Set by findDeferredDot.
  SmallVector<DeferredDot> deferred;
  /// With several wgmma and none of them asyncDot: those directly in the
  /// body whose result is first read after another wgmma is issued (FA3's
  /// order, S_(j+1) = Q K_(j+1)^T issued before P_j V_j and waited for
  /// before the softmax): issued asynchronously and waited for right
  /// before their first reader, leaving the wgmma issued in between in
  /// flight. Set by findDeferredDot.
  SmallVector<OverlappedDot> overlapped;
  /// Whether a deferred wgmma is waited for in the next iteration (it reads
  /// its slot until then): the slot of iteration i is free after the last
  /// such wait in iteration i + 1. Otherwise every wgmma of iteration i is
  /// done at its end.
  bool hasCarriedWait() const {
    return llvm::any_of(deferred, [&](const DeferredDot &d) {
      return d.user != scf::ForOp(loop).getBody()->getTerminator();
    });
  }
  /// layout.barrier ops that only ordered the replaced local_allocs.
  SmallVector<layout::BarrierOp> droppedBarriers;
  /// Shared-memory bytes of one stage (one slot of every buffer).
  int64_t bytesPerStage = 0;
  /// Why a load feeding a dot stays synchronous (empty: none does).
  std::string synchronousLoad;
  /// A dot operand made by tile.trans from a load of the loop: the load is
  /// not staged (the dot reads the transposed registers), with what to
  /// write instead (empty: none).
  std::string transposedOperand;
  /// A TMA ring: every load is a TMA copy (PipelinedLoad::tmaDesc) read
  /// only by asyncDot; each stage completes on its own mbarrier instead of
  /// a cp.async commit group (PipelineExpand.cpp).
  bool tma = false;
  /// Transaction bytes of one stage of a TMA ring (its boxes' bytes).
  int64_t tmaBytesPerStage = 0;

  /// One line: the loads, their slots, the dot mode.
  std::string describe() const;
};

/// analyzePipelineLoop's reason for a loop whose dots read no load of the
/// loop (in a tile.warp_specialize partition: the producer's copies).
inline constexpr llvm::StringLiteral kNoLoadFeedsDot =
    "no tile.load_tile, tile.load_at or tile.load in the loop feeds a "
    "tile.dot operand";

/// The schedule of `loop` (numStages not yet set), or failure with the
/// reason in `whyNot` (empty when the loop has nothing to pipeline: no
/// dot).
FailureOr<PipelineSchedule> analyzePipelineLoop(scf::ForOp loop,
                                                std::string &whyNot);

/// Sets `schedule.deferred` when some wgmma qualify (see there), else
/// returns why the last wgmma does not ("" when the loop has fewer than
/// two wgmma or an asynchronous one already).
std::string findDeferredDot(PipelineSchedule &schedule);

/// Shared-memory bytes the kernel uses besides the loads `schedules`
/// replace: its other local_allocs and an estimate of the scratch of
/// layout conversions and reductions (the largest tensor one of them
/// moves through shared memory). Converts for which `vanishes` holds
/// (tile-use-tma stores their sources) take no scratch.
int64_t estimateOtherSharedBytes(
    KernelOp kernel, ArrayRef<const PipelineSchedule *> schedules,
    function_ref<bool(layout::ConvertOp)> vanishes = nullptr);

//===----------------------------------------------------------------------===//
// TransposedLoads.cpp
//===----------------------------------------------------------------------===//

/// Folds each tile.trans of a rank-2 tile.load_tile in `loop`'s body whose
/// result is a wgmma operand (getWgmmaAllocLayout: only local_allocs into
/// one nvmma_shared layout read it) into the load: the same load with its
/// `order` and indices permuted, in the trans's layout (the same elements
/// in the same threads), which the schedule stages. tile-pipeline and
/// tile-warp-specialize call it before analyzing the loop.
void foldTransposedOperandLoads(scf::ForOp loop);

/// The nvmma_shared layout of the local_allocs that are the only users of
/// `tile`, all in `body`, of one slot and one layout (a wgmma operand's
/// buffer); null otherwise.
layout::NvmmaSharedAttr getWgmmaAllocLayout(Value tile, Block *body);

/// The tile.trans in `body` whose result reaches `operand` (a dot operand)
/// through local_allocs and layout.converts in `body`; null when there is
/// none.
TransOp getTransposedOperand(Value operand, Block *body);

//===----------------------------------------------------------------------===//
// PipelineBuffers.cpp
//===----------------------------------------------------------------------===//

/// The buffer of `load` for `numStages` slots, allocated at `b`.
Value createPipelineBuffer(OpBuilder &b, Location loc,
                           const PipelinedLoad &load, int64_t numStages);

/// The mbarriers of a TMA ring, one per slot (`numStages` x 1 x i64),
/// allocated and initialized (arrival count 1) at `b`.
Value createTmaBarriers(OpBuilder &b, Location loc, int64_t numStages);

/// The descriptor of each TMA load of `schedule` (null for the others),
/// built at `b` (before the loop: the views are loop-invariant).
SmallVector<Value> createTmaDescs(OpBuilder &b,
                                  const PipelineSchedule &schedule);

/// Issues the TMA copies of one stage of `schedule` (operands looked up in
/// `mapping`) into slot `slot` of `buffers`, completing on mbarrier
/// `slot` of `barriers` (which first expects their bytes).
void emitTmaStage(OpBuilder &b, const PipelineSchedule &schedule,
                  ArrayRef<Value> descs, const IRMapping &mapping,
                  ArrayRef<Value> buffers, Value barriers, Value slot);

/// Waits on mbarrier `slot` of `barriers` for phase parity `phase`.
void emitTmaWait(OpBuilder &b, Location loc, Value barriers, Value slot,
                 Value phase);

/// Issues the copy of `load` (its operands looked up in `mapping`) into
/// slot `slot` of `buffer`, for an iteration that exists when `pred` (i1)
/// holds: pointer copies take it into their mask, view copies need none.
void emitAsyncCopy(OpBuilder &b, const PipelinedLoad &load,
                   const IRMapping &mapping, Value buffer, Value slot,
                   Value pred);

/// Replaces, among the ops cloned into the new loop body, the uses of the
/// loaded tile (`mapping` maps the load's result to nothing yet) by reads
/// of slot `slot` of `buffer`: the replaced local_allocs by the slot
/// itself, converts by local_loads into their layout, other users by a
/// local_load in the load's layout. Called before the users are cloned:
/// records the values in `mapping`.
void mapLoadToSlot(OpBuilder &b, const PipelinedLoad &load, Value buffer,
                   Value slot, IRMapping &mapping);

/// Clones the body of `schedule.loop`, but its terminator, at `b` into a
/// rebuilt loop: `mapping` already maps the old induction variable and
/// iteration arguments. The pipelined loads read slot `slot` of `buffers`
/// (mapLoadToSlot), the dropped barriers vanish, and `schedule.asyncDot` is
/// issued asynchronously and followed by a `tile.dot_wait {pendings = 1}`
/// whose result stands for its value; `afterAsyncDot` (if given) runs right
/// after that wait. The deferred wgmma are issued asynchronously with no
/// wait; before the clone of each one's `user` comes a `tile.dot_wait`
/// with its `pendings` on its iteration argument (the result replaces the
/// argument in the rest of the body); `afterDeferredWait` (if given) runs
/// after the last of these waits in body order (every deferred wgmma of
/// the previous iteration is done from there on). A deferred wgmma whose
/// `user` is the terminator is waited for at the end of the body instead
/// (the wait's result is yielded). Used by tile-pipeline's steady state and
/// by tile-warp-specialize's consumer loop.
void cloneBodyReadingSlot(OpBuilder &b, const PipelineSchedule &schedule,
                          ArrayRef<Value> buffers, Value slot,
                          IRMapping &mapping,
                          function_ref<void()> afterAsyncDot = nullptr,
                          function_ref<void()> afterDeferredWait = nullptr);

//===----------------------------------------------------------------------===//
// PipelineExpand.cpp
//===----------------------------------------------------------------------===//

/// An i32 constant (slot numbers, phases, coordinates).
Value i32Const(OpBuilder &b, Location loc, int64_t v);

/// The slot after `slot` in a ring of `numStages`: (slot + 1) mod
/// numStages.
Value nextSlot(OpBuilder &b, Location loc, Value slot, int64_t numStages);

/// The phase parity (i32) of the slot after `slot`, whose parity is
/// `phase`: flipped when it wraps to 0. With nextSlot on the same slot, the
/// add and compare they both emit fold into one (CSE): the (slot, phase)
/// advance of tile-pipeline's TMA ring and of tile-warp-specialize's.
Value nextPhase(OpBuilder &b, Location loc, Value slot, Value phase,
                int64_t numStages);

/// Rewrites `schedule.loop` into prologue, steady state and drain.
void expandPipelinedLoop(const PipelineSchedule &schedule);

//===----------------------------------------------------------------------===//
// Pipeline.cpp
//===----------------------------------------------------------------------===//

/// A stage count asked for a loop, and by what: "the loop's
/// tile.num_stages", "the kernel's tile.num_stages" or "the num-stages
/// option" (remarks and errors name it).
struct StageRequest {
  int64_t stages;
  std::string source;
};

/// The stage count asked for `loop`: its tile.num_stages, else its
/// kernel's, else `option` when not 0; nullopt for the default rule
/// (Pipeline.cpp; tile-warp-specialize's ring asks the same way).
std::optional<StageRequest> getRequestedStages(scf::ForOp loop, KernelOp kernel,
                                               unsigned option);

} // namespace tile::tl

#endif // TILE_LIB_DIALECT_TILE_TRANSFORMS_PIPELINE_H
