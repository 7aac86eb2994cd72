//===- Passes.h - Layout dialect passes -------------------------*- C++ -*-===//

#ifndef TILE_DIALECT_LAYOUT_TRANSFORMS_PASSES_H
#define TILE_DIALECT_LAYOUT_TRANSFORMS_PASSES_H

#include "tile/Dialect/Layout/IR/LayoutDialect.h"

#include "mlir/Pass/Pass.h"

namespace tile::layout {

#define GEN_PASS_DECL
#include "tile/Dialect/Layout/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tile/Dialect/Layout/Transforms/Passes.h.inc"

} // namespace tile::layout

#endif // TILE_DIALECT_LAYOUT_TRANSFORMS_PASSES_H
