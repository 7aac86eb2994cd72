//===- Pipelines.h - Named pass pipelines of the tile compiler -*- C++ -*-===//
//
// The pipeline that takes a builtin.module holding tile.kernel ops (tile,
// layout, arith, math and scf ops on tensors with layout encodings) to a
// module that holds only LLVM and NVVM dialect ops, ready for
// mlir::translateModuleToLLVMIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSION_PIPELINES_H
#define TILE_CONVERSION_PIPELINES_H

#include <string>

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace tile {

struct TileToLLVMOptions {
  /// The target GPU, "sm_80" or newer; it gates the instructions used.
  std::string arch = "sm_90";
  /// 0 runs only what lowering needs; above 0 adds canonicalize and CSE.
  unsigned optLevel = 3;
  /// At optLevel > 0, tile-split-tiles splits tensors that need more 32-bit
  /// registers per thread than this into loops over chunks; 0 turns the
  /// split off.
  unsigned registerBudget = 64;
  /// The size of those chunks: 32-bit registers per thread each of their
  /// tensors may use (capped at registerBudget).
  unsigned chunkRegisters = 16;
  /// How convert-tile-to-llvm lowers conversions that move data between
  /// threads: "auto", "shared" or "shuffle" (its convert-strategy option).
  std::string convertStrategy = "auto";
  /// At optLevel > 0, tile-pipeline's stage count for loops without a
  /// tile.num_stages attribute: 0 chooses from the shared-memory budget,
  /// 1 turns pipelining off.
  unsigned numStages = 0;
  /// Remarks from tile-pipeline (and tile-warp-specialize) on every loop
  /// with a dot.
  bool pipelineRemarks = false;
  /// At optLevel > 0, tile-warp-specialize splits every eligible GEMM loop
  /// whose ring gets 3 slots or more into a TMA producer and wgmma
  /// consumers (the default; false: only loops or kernels with a
  /// tile.warp_specialize attribute; docs/Passes.md has the measurements).
  bool warpSpecialize = true;
  /// tile-warp-specialize's ping-pong option: the consumer warpgroups of an
  /// attention-like loop take turns issuing their wgmma (off by default).
  bool wsPingPong = false;
  /// tile-warp-specialize's prologue-copies option: tiles loaded before the
  /// loop that only wgmma read become the producer's TMA copies.
  bool wsPrologueCopies = true;
  /// tile-warp-specialize's last-iteration-yields option.
  bool wsLastIterationYields = true;
  /// Remarks from convert-tile-to-llvm on every layout.convert: the
  /// lowering it gets and the cost model's estimates.
  bool convertRemarks = false;
  /// Compile tile.assert ops in (Triton's debug mode); without it only the
  /// kernels or modules with tile.enable_asserts keep theirs.
  bool enableAsserts = false;
};

/// Each appends to `pm` (anchored on builtin.module) passes that lower the
/// tile language to the LLVM and NVVM dialects.
///
/// The tile-level part of the pipeline: layout assignment, tile splitting,
/// resource checks, software pipelining, convert optimization, TMA use.
/// Its output is what convert-tile-to-llvm lowers (and what
/// `tile-compile --emit=layouts` reports on).
void buildTileLayoutPipeline(mlir::OpPassManager &pm,
                             const TileToLLVMOptions &opts);

/// The second part: convert-tile-to-llvm and the upstream conversions that
/// leave only LLVM and NVVM ops, for a module buildTileLayoutPipeline ran on
/// (buildTileConversionPass, then buildLLVMCleanupPipeline).
void buildTileLoweringPipeline(mlir::OpPassManager &pm,
                               const TileToLLVMOptions &opts);
/// convert-tile-to-llvm alone.
void buildTileConversionPass(mlir::OpPassManager &pm,
                             const TileToLLVMOptions &opts);
/// What follows it: NVVM inline PTX, SCF, arith, math, index and cf to the
/// LLVM dialect, then (at -O1 and above) canonicalize and CSE.
void buildLLVMCleanupPipeline(mlir::OpPassManager &pm,
                              const TileToLLVMOptions &opts);

/// buildTileLayoutPipeline, then buildTileLoweringPipeline.
void buildTileToLLVMPipeline(mlir::OpPassManager &pm,
                             const TileToLLVMOptions &opts);

/// Registers buildTileToLLVMPipeline as the named pipeline `tile-to-llvm`
/// (options `arch`, `opt-level`, `register-budget`, `chunk-registers`,
/// `convert-strategy`, `num-stages`, `pipeline-remarks`,
/// `warp-specialize`, `ws-ping-pong`, `ws-prologue-copies`,
/// `ws-last-iteration-yields` and `enable-asserts`) for
/// --pass-pipeline and -tile-to-llvm.
void registerTilePipelines();

} // namespace tile

#endif // TILE_CONVERSION_PIPELINES_H
