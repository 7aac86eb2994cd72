//===- WarpSpecializePlan.cpp - What tile-warp-specialize does to a loop -===//
//
// The analysis half of tile-warp-specialize (WarpSpecializePlan.h): the
// request of a loop, and its plan or the reason it stays as it is.
//
//===----------------------------------------------------------------------===//

#include "WarpSpecializePlan.h"

#include "tile/Dialect/Tile/Transforms/PipelineBudget.h"
#include "tile/Dialect/Tile/Transforms/WarpSpecializeBudget.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

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

} // namespace

Request tl::getRequest(scf::ForOp loop, KernelOp kernel, bool allLoops) {
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

FailureOr<WsPlan> tl::analyzeLoop(scf::ForOp loop, KernelOp kernel,
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
    Operation *load = l.load;
    std::string name = load->getName().getStringRef().str();
    if (!isa<LoadTileOp, LoadAtOp>(load)) {
      whyNot = "a " + name +
               " of a pointer tensor feeds a dot; TMA copies tiles of views "
               "(tile.load_tile, tile.load_at)";
      return failure();
    }
    if (l.allocs.empty()) {
      whyNot = "the " + name +
               " feeding a dot reaches it through "
               "registers (an mma.sync operand), not a wgmma operand in "
               "shared memory";
      return failure();
    }
    // A rank-3..5 tile of a TMA ring reaches its local_allocs through
    // tile.reshape ops that drop its unit leading dims (the slot holds the
    // matrix; the schedule checked that only the allocs read them).
    for (Operation *user : load->getResult(0).getUsers())
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
    auto viewDef = getTileLoadView(load).getDefiningOp<MakeViewOp>();
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
      whyNot = "a " + name + " feeding a dot cannot be a TMA copy: " + why;
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
      llvm::append_range(roots, getTileLoadPosition(load));
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

void tl::addPrologueCopies(WsPlan &plan, KernelOp kernel, unsigned cc) {
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
