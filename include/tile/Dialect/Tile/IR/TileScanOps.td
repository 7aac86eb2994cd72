//===- TileScanOps.td - Scans, sorts and top-k ------------*- tablegen -*-===//
//
// The ops that, like tile.reduce, work along one axis of register tiles but
// keep it: cumulative scans (tl.cumsum, tl.cumprod, tl.associative_scan)
// and bitonic sorts (tl.sort, tl.topk). Included from TileOps.td (it uses
// its type constraints); docs/TileLanguage.md has the full semantics.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_TILESCANOPS_TD
#define TILE_DIALECT_TILE_IR_TILESCANOPS_TD

def Tile_ScanKind : I32EnumAttr<"ScanKind", "predefined scan", [
    I32EnumAttrCase<"sum", 0>, I32EnumAttrCase<"prod", 1>,
    I32EnumAttrCase<"max", 2>, I32EnumAttrCase<"min", 3>
  ]> {
  let cppNamespace = "::tile::tl";
  let genSpecializedAttr = 0;
}
def Tile_ScanKindAttr : EnumAttr<Tile_Dialect, Tile_ScanKind, "scan_kind"> {
  let assemblyFormat = "$value";
}

def Tile_ScanOp : Tile_Op<"scan", [Pure]> {
  let summary = "cumulative scan of one or several tensors along one axis";
  let description = [{
    Element `i` along `axis` of the result is the combination of the
    operand's elements `0..i` (inclusive, the default) or `0..i-1`
    (`exclusive`, where element 0 is the identity), in order; with
    `reverse`, of the elements `i..N-1` (or `i+1..N-1`), from the end. The
    combination is `sum`, `prod`, `max` or `min` (signed for integers, NaN
    propagating for floats), or the combiner region: a block of two tuples
    of scalars (`a0, ..., an-1, b0, ..., bn-1`, `a` the earlier elements)
    yielding one tuple; it must be associative (it need not commute).
    `exclusive` needs a predefined kind. Results have the operands' types.

    ```mlir
    %c = tile.scan sum %t {axis = 1 : i32} : tensor<64x128xf32, #l>
    %r = tile.scan max %t {axis = 0 : i32, reverse, exclusive} : tensor<64x128xi32, #l>
    ```
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$srcs, I32Attr:$axis,
                       OptionalAttr<Tile_ScanKindAttr>:$kind,
                       UnitAttr:$reverse, UnitAttr:$exclusive);
  let results = (outs Variadic<AnyRankedTensor>:$values);
  let regions = (region AnyRegion:$combiner);
  let builders = [
    OpBuilder<(ins "::mlir::Value":$src, "int32_t":$axis,
                   "::tile::tl::ScanKind":$kind,
                   CArg<"bool", "false">:$reverse,
                   CArg<"bool", "false">:$exclusive)>
  ];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Tile_SortOp : Tile_Op<"sort", [Pure]> {
  let summary = "sort along one axis (bitonic)";
  let description = [{
    Sorts the first operand along `axis` in ascending order (descending with
    `descending`): floats by `<` (NaNs stay where the network leaves them),
    integers signed. Further operands of the same shape and layout are
    permuted with it (argsort: sort values and indices together). Equal keys
    may come out in any order. The axis has a power-of-two size.

    ```mlir
    %s = tile.sort %t {axis = 1 : i32, descending} : tensor<64x128xf32, #l>
    %v, %i = tile.sort %t, %idx {axis = 1 : i32} : tensor<64x128xf32, #l>, tensor<64x128xi32, #l>
    ```
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$srcs, I32Attr:$axis,
                       UnitAttr:$descending);
  let results = (outs Variadic<AnyRankedTensor>:$values);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Tile_TopKOp : Tile_Op<"topk", [Pure]> {
  let summary = "the k largest elements along one axis, in descending order";
  let description = [{
    Along `axis`, the result holds the `k` largest elements of the first
    operand, largest first (a descending `tile.sort` cut to `k`); further
    operands come along as in `tile.sort`. `k` is a power of two no larger
    than the axis. The results may have any layout of their shape.

    ```mlir
    %v, %i = tile.topk %t, %idx {axis = 1 : i32, k = 8 : i32}
        : tensor<64x128xf32, #l>, tensor<64x128xi32, #l>
        -> tensor<64x8xf32, #l2>, tensor<64x8xi32, #l2>
    ```
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$srcs, I32Attr:$axis,
                       I32Attr:$k);
  let results = (outs Variadic<AnyRankedTensor>:$values);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

#endif // TILE_DIALECT_TILE_IR_TILESCANOPS_TD
