//===- Passes.h - Conversion passes of tile ---------------------*- C++ -*-===//

#ifndef TILE_CONVERSION_PASSES_H
#define TILE_CONVERSION_PASSES_H

#include "tile/Support/LLVM.h"

#include "mlir/Pass/Pass.h"

#include <memory>

namespace tile {

#define GEN_PASS_DECL
#include "tile/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tile/Conversion/Passes.h.inc"

} // namespace tile

#endif // TILE_CONVERSION_PASSES_H
