//===- Passes.td - Layout dialect passes --------------------*- tablegen -*-===//

#ifndef TILE_DIALECT_LAYOUT_TRANSFORMS_PASSES_TD
#define TILE_DIALECT_LAYOUT_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def LayoutToLinearPass : Pass<"layout-to-linear"> {
  let summary = "Rewrite distributed layout encodings into #layout.linear";
  let description = [{
    Every ranked tensor type whose encoding is a distributed layout
    (`#layout.blocked`, `#layout.slice`, ...) gets the `#layout.linear`
    attribute of that layout for the tensor's shape: in op results, block
    arguments, function signatures and type attributes. Shared layouts are
    left as they are. A layout that does not fit its tensor's shape is an
    error.
  }];
  let dependentDialects = ["::tile::layout::LayoutDialect"];
}

#endif // TILE_DIALECT_LAYOUT_TRANSFORMS_PASSES_TD
