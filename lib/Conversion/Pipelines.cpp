//===- Pipelines.cpp - Named pass pipelines of the tile compiler ----------===//

#include "tile/Conversion/Pipelines.h"

#include "tile/Conversion/Passes.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Support/Arch.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

#include <algorithm>

using namespace mlir;

namespace {
struct TileToLLVMPipelineOptions
    : public PassPipelineOptions<TileToLLVMPipelineOptions> {
  PassOptions::Option<std::string> arch{
      *this, "arch", llvm::cl::desc("Target GPU (sm_80 or newer)"),
      llvm::cl::init("sm_90")};
  PassOptions::Option<unsigned> optLevel{
      *this, "opt-level",
      llvm::cl::desc("0: lowering only; >0: also canonicalize and CSE"),
      llvm::cl::init(3)};
  PassOptions::Option<unsigned> registerBudget{
      *this, "register-budget",
      llvm::cl::desc("32-bit registers per thread one tensor may use before "
                     "tile-split-tiles splits it into loops; 0 turns "
                     "the split off"),
      llvm::cl::init(64)};
  PassOptions::Option<unsigned> chunkRegisters{
      *this, "chunk-registers",
      llvm::cl::desc("32-bit registers per thread each tensor of a chunk "
                     "made by tile-split-tiles may use"),
      llvm::cl::init(16)};
  PassOptions::Option<std::string> convertStrategy{
      *this, "convert-strategy",
      llvm::cl::desc("How layout.convert ops that move data between threads "
                     "are lowered: auto, shared or shuffle"),
      llvm::cl::init("auto")};
  PassOptions::Option<unsigned> numStages{
      *this, "num-stages",
      llvm::cl::desc("Software-pipelining stages of loops that feed dots "
                     "(0: from the shared-memory budget; 1: off)"),
      llvm::cl::init(0)};
  PassOptions::Option<bool> pipelineRemarks{
      *this, "pipeline-remarks",
      llvm::cl::desc("Remarks from tile-pipeline: each loop's schedule, or "
                     "why it is not pipelined"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> warpSpecialize{
      *this, "warp-specialize",
      llvm::cl::desc("Split every eligible GEMM loop into a TMA producer "
                     "warpgroup and wgmma consumers (tile-warp-specialize; "
                     "default true; false: only loops asking with "
                     "tile.warp_specialize)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> wsPingPong{
      *this, "ws-ping-pong",
      llvm::cl::desc("tile-warp-specialize's consumer warpgroups take turns "
                     "issuing the wgmma of an attention-like loop (default "
                     "false)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> wsPrologueCopies{
      *this, "ws-prologue-copies",
      llvm::cl::desc("tile-warp-specialize's producer copies the tiles "
                     "loaded before the loop that only wgmma read (default "
                     "true)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> wsLastIterationYields{
      *this, "ws-last-iteration-yields",
      llvm::cl::desc("tile-warp-specialize: a branch of the specialized loop "
                     "taken only in its last iteration yields the iteration "
                     "argument, not a placeholder nothing reads (default "
                     "true)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> convertRemarks{
      *this, "convert-remarks",
      llvm::cl::desc("A remark for every layout.convert the lowering "
                     "meets: its lowering and estimated costs"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> enableAsserts{
      *this, "enable-asserts",
      llvm::cl::desc("Compile tile.assert ops in (else only kernels or "
                     "modules with tile.enable_asserts keep them)"),
      llvm::cl::init(false)};
};
} // namespace

void tile::buildTileLayoutPipeline(OpPassManager &pm,
                                   const TileToLLVMOptions &opts) {
  // Loops whose dots read views with run-time strides get a version for
  // unit inner strides (16-byte copies), before layouts are chosen for it.
  if (opts.optLevel > 0 && opts.numStages != 1)
    pm.addNestedPass<tl::KernelOp>(tl::createVersionStridesPass());
  // Layouts first: the lowering needs one on every tensor. The target
  // decides which tensor cores a dot without layouts uses.
  tl::AssignLayoutsPassOptions assign;
  unsigned computeCapability = parseComputeCapability(opts.arch).value_or(90);
  assign.computeCapability = computeCapability;
  pm.addNestedPass<tl::KernelOp>(tl::createAssignLayoutsPass(assign));
  // Tiles above the register budget become loops over chunks, at every
  // -O level: without it a large tile is unrolled whole by the lowering
  // (a 1<<20-element vector add at -O0 took 24 GB).
  if (opts.registerBudget > 0) {
    tl::SplitTilesPassOptions split;
    split.registerBudget = opts.registerBudget;
    split.chunkRegisters = std::min(opts.chunkRegisters, opts.registerBudget);
    pm.addNestedPass<tl::KernelOp>(tl::createSplitTilesPass(split));
  }
  // What is still too large for a thread is refused here, with the numbers,
  // before the lowering unrolls it.
  pm.addNestedPass<tl::KernelOp>(tl::createCheckResourcesPass());
  // A GEMM loop whose tiles TMA can copy into wgmma operands may become a
  // producer warpgroup and consumers (before tile-pipeline, which then
  // finds no loads in the consumer loop).
  if (opts.optLevel > 0) {
    tl::TileWarpSpecializePassOptions ws;
    ws.allLoops = opts.warpSpecialize;
    ws.numStages = opts.numStages;
    ws.computeCapability = computeCapability;
    ws.remarks = opts.pipelineRemarks;
    ws.pingPong = opts.wsPingPong;
    ws.prologueCopies = opts.wsPrologueCopies;
    ws.lastIterationYields = opts.wsLastIterationYields;
    pm.addNestedPass<tl::KernelOp>(tl::createTileWarpSpecializePass(ws));
  }
  // Loads feeding dots in loops become asynchronous copies issued stages
  // ahead (after layout assignment: the slots take the operands' layouts).
  if (opts.optLevel > 0 && opts.numStages != 1) {
    tl::TilePipelinePassOptions pipeline;
    pipeline.numStages = opts.numStages;
    pipeline.remarks = opts.pipelineRemarks;
    pm.addNestedPass<tl::KernelOp>(tl::createTilePipelinePass(pipeline));
  }
  if (opts.optLevel > 0)
    pm.addNestedPass<tl::KernelOp>(tl::createOptimizeConvertsPass());
  if (opts.optLevel > 0) {
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
  }
  // cuTile's allow_tma hint: TMA copies where legal (sm_90 and newer).
  tl::UseTmaPassOptions useTma;
  useTma.computeCapability = computeCapability;
  // Why an access with the hint stays ordinary (or what TMA copy it got).
  useTma.remarks = opts.pipelineRemarks;
  pm.addNestedPass<tl::KernelOp>(tl::createUseTmaPass(useTma));
}

void tile::buildTileToLLVMPipeline(OpPassManager &pm,
                                   const TileToLLVMOptions &opts) {
  buildTileLayoutPipeline(pm, opts);
  buildTileLoweringPipeline(pm, opts);
}

void tile::buildTileLoweringPipeline(OpPassManager &pm,
                                     const TileToLLVMOptions &opts) {
  buildTileConversionPass(pm, opts);
  buildLLVMCleanupPipeline(pm, opts);
}

void tile::buildTileConversionPass(OpPassManager &pm,
                                   const TileToLLVMOptions &opts) {
  ConvertTileToLLVMPassOptions lowering;
  lowering.arch = opts.arch;
  lowering.convertStrategy = opts.convertStrategy;
  lowering.enableAsserts = opts.enableAsserts;
  lowering.convertRemarks = opts.convertRemarks;
  pm.addPass(createConvertTileToLLVMPass(lowering));
}

void tile::buildLLVMCleanupPipeline(OpPassManager &pm,
                                    const TileToLLVMOptions &opts) {
  // NVVM ops that are inline PTX underneath (wgmma.mma_async).
  pm.addPass(createConvertNVVMToLLVMPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  if (opts.optLevel > 0) {
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
  }
}

void tile::registerTilePipelines() {
  PassPipelineRegistration<TileToLLVMPipelineOptions>(
      "tile-to-llvm",
      "Lower tile kernels to the LLVM and NVVM dialects (ready for "
      "translation to LLVM IR)",
      [](OpPassManager &pm, const TileToLLVMPipelineOptions &options) {
        TileToLLVMOptions opts;
        opts.arch = options.arch;
        opts.optLevel = options.optLevel;
        opts.registerBudget = options.registerBudget;
        opts.chunkRegisters = options.chunkRegisters;
        opts.convertStrategy = options.convertStrategy;
        opts.numStages = options.numStages;
        opts.pipelineRemarks = options.pipelineRemarks;
        opts.warpSpecialize = options.warpSpecialize;
        opts.wsPingPong = options.wsPingPong;
        opts.wsPrologueCopies = options.wsPrologueCopies;
        opts.wsLastIterationYields = options.wsLastIterationYields;
        opts.convertRemarks = options.convertRemarks;
        opts.enableAsserts = options.enableAsserts;
        tile::buildTileToLLVMPipeline(pm, opts);
      });
}
