//===- Passes.h - Passes and pipelines of the target library ----*- C++ -*-===//

#ifndef TILE_TARGET_PASSES_H
#define TILE_TARGET_PASSES_H

#include "tile/Support/LLVM.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <memory>
#include <string>

namespace tile {

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "tile/Target/Passes.h.inc"

/// The name of the module attribute that tile-attach-ptx writes.
inline constexpr llvm::StringLiteral kPTXAttrName = "tile.ptx";

/// tile-to-llvm followed by tile-attach-ptx: a module of tile kernels to
/// the same module, lowered, with its PTX attached as `tile.ptx`.
void buildTileToPTXPipeline(mlir::OpPassManager &pm, StringRef arch,
                            unsigned optLevel);

/// Registers tile-attach-ptx and the `tile-to-ptx` named pipeline.
void registerTargetPassesAndPipelines();

} // namespace tile

#endif // TILE_TARGET_PASSES_H
