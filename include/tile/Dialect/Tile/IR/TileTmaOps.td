//===- TileTmaOps.td - TMA descriptors of views ------------*- tablegen -*-===//
//
// tile.make_tensor_desc: the TMA descriptor of a global view. The TMA copies
// that use it are layout ops (include/tile/Dialect/Layout/IR/TmaOps.td);
// this op lives in the tile dialect because it takes a !tile.view.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_TILETMAOPS_TD
#define TILE_DIALECT_TILE_IR_TILETMAOPS_TD

def Tile_TensorDesc
    : Type<CPred<"::llvm::isa<::tile::layout::TensorDescType>($_self)">,
           "!layout.tensordesc", "::tile::layout::TensorDescType">;

def Tile_MakeTensorDescOp : Tile_Op<"make_tensor_desc", [Pure]> {
  let summary = "the TMA descriptor of a view, for blocks of the result type";
  let description = [{
    A TMA tensor-map descriptor of the view `view` (rank 2 to 5), for
    copies of blocks of the result's shape (one extent per dim of the view)
    stored in its `#layout.nvmma_shared` layout. The
    view must be made by `tile.make_view` in this kernel from a pointer
    parameter, with each extent and stride a kernel parameter or a constant,
    and its last dim contiguous (stride 1): the launcher builds the 128-byte
    `CUtensorMap` on the host from those arguments (cuTensorMapEncodeTiled)
    and passes it as a hidden `__grid_constant__` parameter
    (docs/Lowering.md, "TMA descriptors"). Strides must be multiples of 16
    bytes and the pointer 16-byte aligned: a constant that is not is a
    compile-time error, an argument that is not a launch error.

    ```mlir
    %d = tile.make_tensor_desc %v : !tile.view<?x?xf16>
         -> !layout.tensordesc<128x64xf16, #nvmma>
    // 128 rows of one head of a [B, N, H, 64] tensor: a 128x64 buffer.
    %e = tile.make_tensor_desc %q : !tile.view<?x?x?x64xf16>
         -> !layout.tensordesc<1x128x1x64xf16, #nvmma>
    ```
  }];
  let arguments = (ins Tile_View:$view);
  let results = (outs Tile_TensorDesc:$result);
  let assemblyFormat = [{
    $view attr-dict `:` qualified(type($view)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

#endif // TILE_DIALECT_TILE_IR_TILETMAOPS_TD
