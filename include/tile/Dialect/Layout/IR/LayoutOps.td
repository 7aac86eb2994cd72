//===- LayoutOps.td - Layout ops ----------------------------*- tablegen -*-===//

#ifndef TILE_DIALECT_LAYOUT_IR_LAYOUTOPS_TD
#define TILE_DIALECT_LAYOUT_IR_LAYOUTOPS_TD

include "mlir/Interfaces/SideEffectInterfaces.td"
include "tile/Dialect/Layout/IR/LayoutBase.td"
include "tile/Dialect/Layout/IR/LayoutAttrs.td"

def Layout_ConvertOp : Layout_Op<"convert", [Pure, SameOperandsAndResultShape,
                                             SameOperandsAndResultElementType]> {
  let summary = "Moves a tensor from one distributed layout to another";
  let description = [{
    The same tensor, held in another layout. With `assert_trivial`, the
    verifier rejects conversions that move data between threads: the two
    layouts may differ only in which register of a thread holds an element.

    Identity conversions fold away, and a conversion of a conversion folds
    into one.

    ```mlir
    %1 = layout.convert %0 : tensor<64x16xf32, #a> -> tensor<64x16xf32, #b>
    %2 = layout.convert %0 {assert_trivial} : tensor<128xf32, #c> -> tensor<128xf32, #d>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src, UnitAttr:$assert_trivial);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

#endif // TILE_DIALECT_LAYOUT_IR_LAYOUTOPS_TD
