//===- WarpSpecialize.cpp - The tile-warp-specialize pass -----------------===//
//
// Splits the main loop of a GEMM-like kernel into a TMA producer warpgroup
// and the kernel's own warps as wgmma consumers (docs/Passes.md,
// "tile-warp-specialize"), in four steps:
//
//  1. Which loop (getRequest): its tile.warp_specialize attribute, else its
//     kernel's, else the all-loops option.
//  2. The plan (analyzeLoop), decided without changing the IR: the
//     schedule tile-pipeline would use (analyzePipelineLoop: the loads that
//     feed dots, their slots, the address computation, the asynchronous
//     wgmma), then what warp specialization adds: every such load is a
//     tile.load_tile TMA can copy into the wgmma operand's shared layout
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

/// Without an attribute asking (all-loops, the pipeline's default), a loop
/// is taken only when the slots other than the one being read hold at
/// least this many bytes: below it tile-pipeline's copies were as fast or
/// faster on the H100 (docs/Passes.md: 3 slots of 32 KiB lost 1-10 %, 4 of
/// 32 KiB and of 48 KiB won).
constexpr int64_t kMinImplicitWsBytesAhead = 96 * 1024;

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

Request getRequest(scf::ForOp loop, KernelOp kernel, bool allLoops) {
  StringRef name = TileDialect::getWarpSpecializeAttrName();
  Request request;
  for (Operation *owner : {loop.getOperation(), kernel.getOperation()}) {
    Attribute attr = owner->getAttr(name);
    if (!attr)
      continue;
    if (auto flag = dyn_cast<BoolAttr>(attr)) {
      request.wanted = flag.getValue();
      request.explicitly = flag.getValue();
      return request;
    }
    if (auto regs = dyn_cast<DenseI32ArrayAttr>(attr);
        regs && regs.size() == 2) {
      request.wanted = request.explicitly = true;
      request.regsOwner = owner;
      request.consumerRegs = regs[0];
      request.producerRegs = regs[1];
      return request;
    }
  }
  request.wanted = allLoops;
  return request;
}

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

/// Why the ops before `loop` that compute `roots` cannot be the producer's
/// ("" when they can; `outside` then holds those of the kernel's block,
/// which stay before the partitions, and `mirrored` those of the blocks of
/// the scf.if/scf.for ops around the loop, which the producer clones).
std::string collectOutside(scf::ForOp loop, KernelOp kernel,
                           ArrayRef<Value> roots,
                           llvm::SetVector<Operation *> &outside,
                           llvm::SetVector<Operation *> &mirrored) {
  Block *kernelBlock = &kernel.getBody().front();
  SmallVector<Value> worklist(roots.begin(), roots.end());
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (loop->isAncestor(v.getParentRegion()->getParentOp()))
      continue; // the loop's own: cloned into the producer
    Operation *def = v.getDefiningOp();
    if (!def) {
      // A kernel parameter, or an outer loop's induction variable (the
      // producer's copy of that loop has its own).
      auto arg = cast<BlockArgument>(v);
      auto outer = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
      if (arg.getOwner() != kernelBlock &&
          !(outer && arg == outer.getInductionVar()))
        return "the producer reads an iteration argument of the loop around "
               "the loop (only its induction variable and values computed "
               "from it by pure scalar ops can be repeated in the producer)";
      continue;
    }
    bool inKernelBlock = def->getBlock() == kernelBlock;
    if (outside.contains(def) || mirrored.contains(def))
      continue;
    if (llvm::any_of(def->getResultTypes(),
                     [](Type t) { return isa<RankedTensorType>(t); }))
      return "the producer reads a value computed from the register tensor "
             "of " +
             def->getName().getStringRef().str() +
             " (the producer warps hold no tensors)";
    if (def->getNumRegions() != 0 || !isMemoryEffectFree(def))
      return "the producer reads a value computed by " +
             def->getName().getStringRef().str() +
             " before the loop, which has side effects or regions (only "
             "pure scalar ops run in every warp before the partitions)";
    if (inKernelBlock)
      outside.insert(def);
    else
      mirrored.insert(def);
    llvm::append_range(worklist, def->getOperands());
  }
  return "";
}

/// The TMA copies the producer issues: besides what tile-use-tma takes,
/// K^T-style loads (`order = [1, 0]`, a box of the view's rows that the
/// consumers' wgmma read transposed from the slot) and views of a
/// parameter advanced by index * stride terms (a head's slice of a
/// [B, H, N, d] tensor), whose descriptor gets one dim per term.
TmaLoadOptions getWsTmaOptions() {
  TmaLoadOptions options;
  options.allowTransposed = true;
  options.allowOffsetBase = true;
  return options;
}

/// Why the view `make`, made inside the scf.if/scf.for ops around `loop`
/// (not in the kernel's block), cannot have a descriptor built once before
/// the partitions ("" when it can): only outer loops may be around it (a
/// branch's views hold only where its condition does, as in a
/// tile-version-strides fast version), it has explicit strides, and its
/// extents and strides are kernel-level values (parameters, constants, or
/// computed in the kernel's block), so that only its pointer varies per
/// tile: a parameter advanced by index * stride terms, whose indices become
/// the copies' coordinates (whyNotTmaLoad checks the pointer).
std::string whyNotOuterLoopView(MakeViewOp make, scf::ForOp loop,
                                Block *kernelBlock) {
  if (loop->isAncestor(make))
    return "the view of a tile.load_tile feeding a dot is made inside the "
           "loop; make it before the loop (its descriptor is built once, "
           "before the partitions)";
  for (Operation *parent = make->getParentOp();
       parent != kernelBlock->getParentOp(); parent = parent->getParentOp()) {
    if (!isa<scf::ForOp>(parent))
      return "the view of a tile.load_tile feeding a dot is made inside the "
             "branch the loop is in (as in a tile-version-strides fast "
             "version, whose views hold only when the strides and alignment "
             "it tests do); a TMA descriptor is a kernel parameter the "
             "launcher builds for every launch, and it refuses the operands "
             "the other version serves";
  }
  if (!make.hasStrides())
    return "the view of a tile.load_tile feeding a dot is made inside the "
           "loop around the loop without explicit strides (its descriptor is "
           "built once, before the loop, from the view's extents and "
           "strides; give tile.make_view strides)";
  auto isKernelLevel = [&](Value v) {
    if (auto arg = dyn_cast<BlockArgument>(v))
      return arg.getOwner() == kernelBlock;
    return v.getDefiningOp()->getBlock() == kernelBlock;
  };
  if (!llvm::all_of(make.getShape(), isKernelLevel) ||
      !llvm::all_of(make.getStrides(), isKernelLevel))
    return "the view of a tile.load_tile feeding a dot is made inside the "
           "loop around the loop with an extent or stride computed there; "
           "its descriptor is built once, before the loop, so only the "
           "view's pointer may vary per tile (a kernel parameter advanced by "
           "index * stride terms; compute the extents and strides before the "
           "loop)";
  return "";
}

/// The plan of `loop`, or failure with the reason in `whyNot` (empty when
/// the loop has no dot fed by a load: nothing to say).
FailureOr<WsPlan> analyzeLoop(scf::ForOp loop, KernelOp kernel,
                              const Request &request, unsigned cc,
                              unsigned optionStages,
                              unsigned optionProducerRegs,
                              std::string &whyNot) {
  WsPlan plan;
  std::string whyPipeline;
  FailureOr<PipelineSchedule> schedule = analyzePipelineLoop(loop, whyPipeline);
  if (failed(schedule)) {
    whyNot = whyPipeline;
    return failure();
  }
  plan.schedule = std::move(*schedule);
  // First: in such a kernel every tensor is inside a partition (the op's
  // verifier), so the loop always is too, which the walk below would name.
  bool specialized = false;
  kernel.walk([&](WarpSpecializeOp) { specialized = true; });
  if (specialized) {
    whyNot = "the kernel is already warp-specialized (one "
             "tile.warp_specialize per kernel)";
    return failure();
  }
  // Several wgmma: the last may run into the next step, as in tile-pipeline
  // (a loop that does not qualify keeps synchronous dots).
  (void)findDeferredDot(plan.schedule);
  const PipelineSchedule &s = plan.schedule;

  // The branches and loops the loop is in (a persistent kernel's tile
  // loop): the producer repeats them, on conditions and bounds computed
  // from values it can read.
  SmallVector<Value> conditions;
  for (Operation *parent = loop->getParentOp(); parent != kernel.getOperation();
       parent = parent->getParentOp()) {
    if (auto ifOp = dyn_cast<scf::IfOp>(parent)) {
      conditions.push_back(ifOp.getCondition());
    } else if (auto outer = dyn_cast<scf::ForOp>(parent)) {
      conditions.append(
          {outer.getLowerBound(), outer.getUpperBound(), outer.getStep()});
    } else {
      whyNot = "the loop is inside " + parent->getName().getStringRef().str() +
               " (the producer repeats only the scf.if and scf.for ops "
               "around the loop)";
      return failure();
    }
    plan.ancestors.insert(plan.ancestors.begin(), parent);
  }
  if (cc < 90) {
    whyNot = "TMA and wgmma need sm_90 or newer";
    return failure();
  }
  plan.consumerWarps = kernel.getNumWarps();
  if (plan.consumerWarps % 4 != 0) {
    whyNot = "the kernel has " + std::to_string(plan.consumerWarps) +
             " warps; the consumers must be whole warpgroups (a multiple of "
             "4 warps) for wgmma and setmaxnreg";
    return failure();
  }
  if (plan.consumerWarps + kWsProducerWarps > 32) {
    whyNot = "the kernel's " + std::to_string(plan.consumerWarps) +
             " warps and the producer's 4 exceed the 32 warps of a program";
    return failure();
  }
  if (!s.synchronousLoad.empty()) {
    whyNot = s.synchronousLoad + " (every load feeding a dot must be a TMA "
                                 "copy of the producer)";
    return failure();
  }
  if (!s.producerIterArgs.empty()) {
    whyNot = "the loads are addressed through iteration arguments (carried "
             "pointers); the producer copies tiles of views indexed by the "
             "induction variable and loop-invariant values";
    return failure();
  }

  // Every load: a TMA copy into the wgmma operand's slot, read only by
  // wgmma.
  SmallVector<Value> roots = {loop.getLowerBound(), loop.getUpperBound(),
                              loop.getStep()};
  llvm::append_range(roots, conditions);
  for (const PipelinedLoad &l : s.loads) {
    auto load = dyn_cast<LoadTileOp>(l.load);
    std::string name = l.load->getName().getStringRef().str();
    if (!load) {
      whyNot = "a " + name +
               " of a pointer tensor feeds a dot; TMA copies tiles of views "
               "(tile.load_tile)";
      return failure();
    }
    if (l.allocs.empty()) {
      whyNot = "the tile.load_tile feeding a dot reaches it through "
               "registers (an mma.sync operand), not a wgmma operand in "
               "shared memory";
      return failure();
    }
    // A rank-3..5 tile of a TMA ring reaches its local_allocs through
    // tile.reshape ops that drop its unit leading dims (the slot holds the
    // matrix; the schedule checked that only the allocs read them).
    for (Operation *user : load.getResult().getUsers())
      if (!llvm::is_contained(l.allocs, user) &&
          !llvm::is_contained(l.reshapes, user)) {
        whyNot = "the tile of a load feeding a dot is also used by " +
                 user->getName().getStringRef().str() +
                 " (only its local_alloc into the wgmma operand layout can "
                 "read the slot)";
        return failure();
      }
    for (layout::LocalAllocOp alloc : l.allocs)
      for (Operation *user : alloc.getResult().getUsers())
        if (!isa<DotOp>(user)) {
          whyNot = "the shared-memory copy of a loaded tile is also read by " +
                   user->getName().getStringRef().str() +
                   " (the consumer releases a slot when its wgmma are done)";
          return failure();
        }
    // A descriptor is a kernel parameter (docs/Lowering.md, "TMA
    // descriptors: the launcher contract"): its view must exist before any
    // branch; inside an outer loop (a persistent kernel's tile loop) it
    // may be made per tile when only its pointer's offsets vary there.
    auto viewDef = load.getView().getDefiningOp<MakeViewOp>();
    Block *kernelBlock = &kernel.getBody().front();
    bool viewInLoop = viewDef && viewDef->getBlock() != kernelBlock;
    if (viewInLoop) {
      if (std::string why = whyNotOuterLoopView(viewDef, loop, kernelBlock);
          !why.empty()) {
        whyNot = why;
        return failure();
      }
    }
    TmaLoadPlan tmaPlan;
    std::string why = whyNotTmaLoad(load, cc, tmaPlan, getWsTmaOptions());
    layout::TensorDescType desc = tmaPlan.descType;
    if (!why.empty()) {
      whyNot = "a tile.load_tile feeding a dot cannot be a TMA copy: " + why;
      return failure();
    }
    if (viewInLoop && !tmaPlan.base)
      tmaPlan.base = viewDef.getPtr(); // the parameter itself: no offset dims
    if (desc.getLayout() != l.slotType.getLayout()) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "the wgmma operand's shared layout " << l.slotType.getLayout()
         << " is not the layout a TMA box of the tile writes ("
         << desc.getLayout() << ")";
      // A transposed slot means the operand is not K-major in memory; 8-bit
      // and tf32 wgmma operands must be, so the fix is in the data.
      auto slotShared =
          dyn_cast<layout::NvmmaSharedAttr>(l.slotType.getLayout());
      if (slotShared && slotShared.getTransposed() &&
          slotShared.getElementBitWidth() != 16)
        os << "; " << slotShared.getElementBitWidth()
           << "-bit wgmma operands are read K-major: store B as N x K and "
              "load it with order = [1, 0] (or A as M x K)";
      whyNot = text;
      return failure();
    }
    plan.txBytes += desc.getBlockBytes();
    if (viewInLoop) {
      // The descriptor is built before the partitions from the view's
      // extents and strides (kernel-level values); the producer repeats
      // only the tile and offset indices.
      llvm::append_range(roots, load.getIndices());
      llvm::append_range(roots, viewDef.getShape());
      llvm::append_range(roots, viewDef.getStrides());
    } else {
      llvm::append_range(roots, load->getOperands());
    }
    llvm::append_range(roots, tmaPlan.offsetIndices);
    plan.tmaPlans.push_back(std::move(tmaPlan));
  }
  for (Operation *op : s.producerOps) {
    if (llvm::any_of(op->getResultTypes(),
                     [](Type t) { return isa<RankedTensorType>(t); })) {
      whyNot = "the address computation of the loads computes tensors (" +
               op->getName().getStringRef().str() +
               "); the producer warps hold no tensors";
      return failure();
    }
    for (Value operand : op->getOperands())
      if (!loop->isAncestor(operand.getParentRegion()->getParentOp()))
        roots.push_back(operand);
  }
  std::string why =
      collectOutside(loop, kernel, roots, plan.outside, plan.mirrored);
  if (!why.empty()) {
    whyNot = why;
    return failure();
  }

  // The ring: requested slots, else as many as fit (at most 4).
  // Beside the kernel's other buffers and scratch, the buffers
  // tile-use-tma will give its allow_tma stores (the epilogue).
  int64_t used =
      estimateOtherSharedBytes(kernel, {&s},
                               [&](layout::ConvertOp convert) {
                                 return isTmaStoreSource(convert, cc);
                               }) +
      kTmaAlignSlack * int64_t(s.loads.size()) +
      getTmaStoreBufferBytes(kernel, cc);
  std::optional<StageRequest> requested =
      getRequestedStages(loop, kernel, optionStages);
  if (requested) {
    if (requested->stages < 2) {
      whyNot = requested->source + " is " + std::to_string(requested->stages) +
               "; the producer needs a ring of at least 2 slots";
      return failure();
    }
    int64_t bytes = used + getWsRingBytes(requested->stages, s.bytesPerStage);
    if (bytes > kSharedMemoryLimit) {
      whyNot = std::to_string(requested->stages) + " slots (" +
               requested->source + ") of " + std::to_string(s.bytesPerStage) +
               " bytes and their barriers, beside the " + std::to_string(used) +
               " bytes the kernel already uses, need " + std::to_string(bytes) +
               " bytes of shared memory, above the " +
               std::to_string(kSharedMemoryLimit) + " (227 KiB) of a CTA";
      return failure();
    }
    plan.numStages = requested->stages;
  } else {
    plan.numStages =
        chooseDefaultWsStages(s.bytesPerStage, used, kSharedMemoryLimit);
    if (plan.numStages < 2) {
      whyNot = "2 slots of " + std::to_string(s.bytesPerStage) +
               " bytes do not fit in shared memory beside the " +
               std::to_string(used) + " bytes the kernel already uses";
      return failure();
    }
  }
  // Without an attribute asking, a ring too shallow to beat tile-pipeline
  // stays with it.
  int64_t bytesAhead = (plan.numStages - 1) * s.bytesPerStage;
  if (!request.explicitly && bytesAhead < kMinImplicitWsBytesAhead) {
    whyNot = "a ring of " + std::to_string(plan.numStages) + " slots of " +
             std::to_string(s.bytesPerStage) + " bytes keeps " +
             std::to_string(bytesAhead) +
             " bytes ahead of the slot being read, below the " +
             std::to_string(kMinImplicitWsBytesAhead) +
             " with which the producer beat tile-pipeline (set "
             "tile.warp_specialize to ask anyway)";
    return failure();
  }

  // Registers.
  plan.producerRegs =
      request.producerRegs ? request.producerRegs : int32_t(optionProducerRegs);
  // Never 0: producer-regs is at most 256 and the consumers at most 28
  // warps, which leaves them 32 (WarpSpecializeBudgetTest).
  plan.consumerRegs = request.consumerRegs
                          ? request.consumerRegs
                          : int32_t(chooseWsConsumerRegs(plan.consumerWarps,
                                                         plan.producerRegs));
  return plan;
}

/// Adds to `plan` the loads before its loop that the producer can copy
/// once (the values their copies need join plan.outside).
void addPrologueCopies(WsPlan &plan, KernelOp kernel, unsigned cc) {
  scf::ForOp loop = plan.schedule.loop;
  plan.prologue = findPrologueCopies(
      loop, kernel, cc, getWsTmaOptions(), [&](ArrayRef<Value> roots) {
        llvm::SetVector<Operation *> outside = plan.outside;
        llvm::SetVector<Operation *> mirrored = plan.mirrored;
        if (!collectOutside(loop, kernel, roots, outside, mirrored).empty())
          return false;
        plan.outside = std::move(outside);
        plan.mirrored = std::move(mirrored);
        return true;
      });
}

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
      Value view = cast<LoadTileOp>(load.load).getView();
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
      auto tileLoad = cast<LoadTileOp>(load.load);
      Location loadLoc = tileLoad.getLoc();
      auto lookup = [&](Value v) { return mapping.lookupOrDefault(v); };
      SmallVector<Value> indices =
          llvm::map_to_vector(tileLoad.getIndices(), lookup);
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
        ArrayRef<int32_t>{plan.consumerRegs, plan.producerRegs}, 2);
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
