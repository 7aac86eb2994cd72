//===- TileAsyncOps.td - Asynchronous tile copies -----------*- tablegen -*-===//
//
// The tile-space form of the layout dialect's asynchronous copy: a tile of
// a view, addressed as tile.load_tile addresses it, copied into a
// shared-memory buffer with cp.async. Included from TileOps.td (it uses its
// type constraints); docs/TileLanguage.md has the full semantics.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_TILEASYNCOPS_TD
#define TILE_DIALECT_TILE_IR_TILEASYNCOPS_TD

def Tile_MemDesc : Type<CPred<"::llvm::isa<::tile::layout::MemDescType>($_self)">,
                        "!layout.memdesc", "::tile::layout::MemDescType">;

def Tile_AsyncLoadTileOp : Tile_Op<"async_load_tile", [
    MemoryEffects<[MemRead, MemWrite]>
  ]> {
  let summary = "copy the tile at a tile-space index of a view into shared "
                "memory asynchronously";
  let description = [{
    Starts copying the tile `tile.load_tile %view[indices]` would read (tile
    shape = the buffer's shape) into `dst`, one slot of the view's element
    type, with `cp.async` (see `layout.async_copy_global_to_local`): the data
    is there after a `layout.async_wait` covering the next
    `layout.async_commit_group`. Elements outside the view are set to zero,
    so `padding` must be `zero` or `undetermined` (the default).

    `layout`, a distributed layout of the tile's shape, says which thread
    copies which elements. Without it the default is a blocked layout
    (rule in docs/TileLanguage.md): 16-byte vectors along the view's
    unit-stride dim (the last dim when none is known), the lanes of a warp
    along that dim first, then the other dims inner to outer, and the
    warps on the outer dims.

    ```mlir
    tile.async_load_tile %v[%i, %j] padding = zero, %buf
        : !tile.view<?x?xf16> -> !layout.memdesc<128x64xf16, #shared>
    tile.async_load_tile %v[%i, %j], %buf {layout = #blocked}
        : !tile.view<?x?xf16> -> !layout.memdesc<128x64xf16, #shared>
    ```
  }];
  let arguments = (ins Tile_View:$view,
                       Variadic<Tile_IndexLike>:$indices,
                       Tile_MemDesc:$dst,
                       DefaultValuedAttr<Tile_PaddingModeAttr,
                           "::tile::tl::PaddingMode::undetermined">:$padding,
                       OptionalAttr<AnyAttr>:$layout);
  let extraClassDeclaration = [{
    /// The tile shape: the buffer's shape.
    ::llvm::ArrayRef<int64_t> getTileShape() {
      return getDst().getType().getShape();
    }
    /// The layout that distributes the copy over the threads: the `layout`
    /// attribute, else getDefaultAsyncCopyLayout for the kernel's warps.
    /// Null when there is none (no enclosing kernel and no attribute).
    ::mlir::Attribute getCopyLayout();
  }];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Tile_AsyncLoadAtOp : Tile_Op<"async_load_at", [
    MemoryEffects<[MemRead, MemWrite]>
  ]> {
  let summary = "copy the tile at element offsets of a view into shared "
                "memory asynchronously";
  let description = [{
    Starts copying the tile `tile.load_at %view[offsets] dims [...]` would
    read (tile shape = the buffer's shape) into `dst`, one slot of the
    view's element type, with `cp.async`, as `tile.async_load_tile` does
    for a tile-space index: the data is there after a `layout.async_wait`
    covering the next `layout.async_commit_group`, and elements outside the
    view are set to zero (as `tile.load_at` reads them). `dims` as for
    `tile.load_at`: tile dim i walks view axis `dims[i]`, the other view
    axes stay at their offsets.

    `layout`, a distributed layout of the tile's shape, says which thread
    copies which elements; without it the default of
    `tile.async_load_tile`, with the tile dim that walks the view's
    unit-stride axis as the contiguous one.

    ```mlir
    tile.async_load_at %v[%r, %c], %buf
        : !tile.view<?x?xf16> -> !layout.memdesc<128x64xf16, #shared>
    tile.async_load_at %v3[%z, %r, %c] dims [1, 2], %buf {layout = #blocked}
        : !tile.view<?x?x?xf16> -> !layout.memdesc<128x64xf16, #shared>
    ```
  }];
  let arguments = (ins Tile_View:$view,
                       Variadic<Tile_IndexLike>:$offsets,
                       OptionalAttr<DenseI64ArrayAttr>:$dims,
                       Tile_MemDesc:$dst,
                       OptionalAttr<AnyAttr>:$layout);
  let extraClassDeclaration = [{
    /// The tile shape: the buffer's shape.
    ::llvm::ArrayRef<int64_t> getTileShape() {
      return getDst().getType().getShape();
    }
    /// The view axis tile dim `d` walks: dims[d], or d without `dims`.
    int64_t getViewAxisOfTileDim(int64_t d);
    /// The layout that distributes the copy over the threads, as for
    /// tile.async_load_tile. Null when there is none.
    ::mlir::Attribute getCopyLayout();
  }];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

#endif // TILE_DIALECT_TILE_IR_TILEASYNCOPS_TD
