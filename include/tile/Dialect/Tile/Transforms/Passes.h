//===- Passes.h - Tile dialect passes ---------------------------*- C++ -*-===//

#ifndef TILE_DIALECT_TILE_TRANSFORMS_PASSES_H
#define TILE_DIALECT_TILE_TRANSFORMS_PASSES_H

#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/Pass/Pass.h"

namespace tile::tl {

#define GEN_PASS_DECL
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"

} // namespace tile::tl

#endif // TILE_DIALECT_TILE_TRANSFORMS_PASSES_H
