//===- TileShapeOps.td - Shape ops on register tiles -------*- tablegen -*-===//
//
// The ops that change the shape of a register tile without computing on its
// elements: tile.trans (tl.trans / tl.permute), tile.reshape (tl.reshape
// with can_reorder=False), tile.join, tile.split and tile.cat. Each is a
// relabeling of the operand's elements: with the result layout derived from
// the operand's linear layout (ShapeLayouts.h) no element moves between
// threads. Included from TileOps.td; docs/TileLanguage.md has the full
// semantics and the layout rule of each.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_TILESHAPEOPS_TD
#define TILE_DIALECT_TILE_IR_TILESHAPEOPS_TD

def Tile_TransOp : Tile_Op<"trans", [Pure, SameOperandsAndResultElementType]> {
  let summary = "permute the dimensions of a tensor";
  let description = [{
    Dim `i` of the result is dim `order[i]` of the operand:
    `result[x0, ..., xk]` is `src[y]` with `y[order[i]] = x_i`. `order` is
    a permutation of `[0, rank)`. With the result layout derived from the
    operand's (the output dims of its linear layout permuted), no data
    moves.

    ```mlir
    %t = tile.trans %x, [1, 0] : tensor<64x32xf32, #l> -> tensor<32x64xf32, #lt>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src, DenseI32ArrayAttr:$order);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat =
      "$src `,` $order attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def Tile_ReshapeOp : Tile_Op<"reshape", [
    Pure, SameOperandsAndResultElementType
  ]> {
  let summary = "the same elements in row-major order, another shape";
  let description = [{
    The elements keep their row-major (last dim fastest) order: element `i`
    of the flattened result is element `i` of the flattened operand
    (`tl.reshape` with `can_reorder=False`). Both shapes have the same
    number of elements. The derived result layout re-indexes the operand's
    linear layout; no data moves.

    ```mlir
    %r = tile.reshape %x : tensor<64x32xf32, #l> -> tensor<2048xf32, #l1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def Tile_JoinOp : Tile_Op<"join", [
    Pure, SameOperandsAndResultElementType, AllTypesMatch<["lhs", "rhs"]>
  ]> {
  let summary = "stack two tensors along a new minor dimension of size 2";
  let description = [{
    `result[..., 0] = lhs` and `result[..., 1] = rhs`: the result has the
    operands' shape with a dimension of size 2 appended. Both operands have
    one type (layout included). The derived result layout holds the new
    dimension in register bit 0 of each thread: no data moves.

    ```mlir
    %j = tile.join %a, %b : tensor<64x32xf32, #l> -> tensor<64x32x2xf32, #lj>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$lhs, AnyRankedTensor:$rhs);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat =
      "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
}

def Tile_SplitOp : Tile_Op<"split", [
    Pure, SameOperandsAndResultElementType, AllTypesMatch<["lhs", "rhs"]>
  ]> {
  let summary = "the two halves of a tensor's last dimension of size 2";
  let description = [{
    The inverse of `tile.join`: `lhs = src[..., 0]`, `rhs = src[..., 1]`.
    The operand's last dimension has size 2; the results drop it. When one
    register bit of each thread alone holds the last dimension (as in the
    layout tile.join derives), no data moves.

    ```mlir
    %a, %b = tile.split %j : tensor<64x32x2xf32, #lj> -> tensor<64x32xf32, #l>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src);
  let results = (outs AnyRankedTensor:$lhs, AnyRankedTensor:$rhs);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($lhs)";
  let hasVerifier = 1;
}

def Tile_CatOp : Tile_Op<"cat", [
    Pure, SameOperandsAndResultElementType, AllTypesMatch<["lhs", "rhs"]>
  ]> {
  let summary = "concatenate two tensors along an axis";
  let description = [{
    The result is `lhs` followed by `rhs` along `axis`: it has the
    operands' shape with dimension `axis` doubled (both operands have one
    type, so the result's extents stay powers of two). Unlike Triton's
    `tl.cat`, the order of the elements is kept. The derived result layout
    holds the new top bit of `axis` in the top register bit of each thread:
    no data moves.

    ```mlir
    %c = tile.cat %a, %b {axis = 0 : i32} : tensor<64x32xf32, #l> -> tensor<128x32xf32, #lc>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$lhs, AnyRankedTensor:$rhs,
                       I32Attr:$axis);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat =
      "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
}

#endif // TILE_DIALECT_TILE_IR_TILESHAPEOPS_TD
