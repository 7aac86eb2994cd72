//===- LayoutAttrs.td - Layout attributes -------------------*- tablegen -*-===//
//
// The layout attributes. Each has a custom syntax of `key = value` entries
// (accepted in any order, printed in the canonical order, defaults omitted),
// a verifier, and a conversion to a tile::LinearLayout for a tensor shape
// (lib/Dialect/Layout/IR/LayoutConversions.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_LAYOUT_IR_LAYOUTATTRS_TD
#define TILE_DIALECT_LAYOUT_IR_LAYOUTATTRS_TD

include "mlir/IR/AttrTypeBase.td"
include "tile/Dialect/Layout/IR/LayoutBase.td"
include "tile/Dialect/Layout/IR/LayoutAttrInterfaces.td"

class Layout_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Layout_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// blocked
//===----------------------------------------------------------------------===//

def Layout_BlockedAttr : Layout_Attr<"Blocked", "blocked",
    [DeclareAttrInterfaceMethods<DistributedLayoutAttrInterface>]> {
  let summary = "Triton's blocked layout";
  let description = [{
    Each thread owns a `sizePerThread` block of contiguous elements;
    `threadsPerWarp` threads tile a warp, `warpsPerCTA` warps tile a CTA and
    `CTAsPerCGA` CTAs a cluster. `order` lists the dims fastest first; it
    is the order in which registers, lanes and warps walk the dims. A tensor
    larger than the layout's tile repeats it in more registers (fastest dim
    first); a smaller one is broadcast (warps first, then lanes, then
    registers). `CTASplitNum[d]` is the number of pieces dim `d` is cut into
    across the cluster; `CTAsPerCGA[d] / CTASplitNum[d]` CTAs hold the same
    piece. All three CTA fields default to a single CTA and are omitted when
    printing if they are the default.

    ```mlir
    #layout.blocked<sizePerThread = [2, 4], threadsPerWarp = [16, 2],
                    warpsPerCTA = [2, 2], order = [1, 0]>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"unsigned">:$sizePerThread,
    ArrayRefParameter<"unsigned">:$threadsPerWarp,
    ArrayRefParameter<"unsigned">:$warpsPerCTA,
    ArrayRefParameter<"unsigned">:$order,
    ArrayRefParameter<"unsigned">:$CTAsPerCGA,
    ArrayRefParameter<"unsigned">:$CTASplitNum,
    ArrayRefParameter<"unsigned">:$CTAOrder
  );
  let builders = [
    // A single-CTA layout.
    AttrBuilder<(ins "::llvm::ArrayRef<unsigned>":$sizePerThread,
                     "::llvm::ArrayRef<unsigned>":$threadsPerWarp,
                     "::llvm::ArrayRef<unsigned>":$warpsPerCTA,
                     "::llvm::ArrayRef<unsigned>":$order)>
  ];
  let skipDefaultBuilders = 0;
}

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//

def Layout_SliceAttr : Layout_Attr<"Slice", "slice",
    [DeclareAttrInterfaceMethods<DistributedLayoutAttrInterface>]> {
  let summary = "The layout of a parent with one dim squeezed out";
  let description = [{
    Gluon's SliceLayout: the parent layout for the shape with a 1 inserted
    at `dim`, with output dim `dim` dropped. Threads that differed only
    along `dim` now own the same element (a broadcast). Register bases that
    become zero are removed (no padding registers are kept).

    ```mlir
    #layout.slice<dim = 1, parent = #layout.blocked<...>>
    ```
  }];
  let parameters = (ins "unsigned":$dim,
                        "DistributedLayoutAttrInterface":$parent);
}

//===----------------------------------------------------------------------===//
// linear
//===----------------------------------------------------------------------===//

def Layout_LinearAttr : Layout_Attr<"Linear", "linear",
    [DeclareAttrInterfaceMethods<DistributedLayoutAttrInterface>]> {
  let summary = "A distributed layout given by its linear-layout bases";
  let description = [{
    The bases of the `register`, `lane`, `warp` and `block` input dims, each
    a coordinate `[c0, c1, ...]` in dim0, dim1, ... order: the element owned
    by the input with that bit set. The layout is defined for one shape: the
    smallest power of two above every basis value in each dim, and it must
    cover that shape (be surjective). `block` may be omitted when empty.

    ```mlir
    #layout.linear<register = [[0, 1]], lane = [[0, 2], [1, 0]],
                   warp = [], block = []>
    ```
  }];
  // Bases are stored flattened: basis i of a dim is elements
  // [i * rank, (i + 1) * rank).
  let parameters = (ins "unsigned":$numDims,
                        ArrayRefParameter<"int32_t">:$registerBases,
                        ArrayRefParameter<"int32_t">:$laneBases,
                        ArrayRefParameter<"int32_t">:$warpBases,
                        ArrayRefParameter<"int32_t">:$blockBases);
  let extraClassDeclaration = [{
    /// Bases of one input dim ("register", "lane", "warp", "block").
    std::vector<std::vector<int32_t>> getBases(::llvm::StringRef inDim) const;
    /// The shape the bases imply.
    ::llvm::SmallVector<int64_t> getImpliedShape() const;
    /// The linear form, for the implied shape.
    ::tile::LinearLayout getLinearLayout() const;
    /// The attribute of a distributed linear layout (input dims register,
    /// lane, warp, block; output dims dim0...).
    static LinearAttr get(::mlir::MLIRContext *ctx,
                          const ::tile::LinearLayout &ll);
  }];
}

//===----------------------------------------------------------------------===//
// swizzled_shared
//===----------------------------------------------------------------------===//

def Layout_SwizzledSharedAttr : Layout_Attr<"SwizzledShared",
    "swizzled_shared",
    [DeclareAttrInterfaceMethods<SharedLayoutAttrInterface,
                                 ["getTransposed"]>]> {
  let summary = "Triton's swizzled shared-memory layout";
  let description = [{
    Elements are stored in `order` (fastest dim first). Within the two
    fastest dims, viewed as rows and columns, the element at (r, c) is
    stored at column `((c / vec) xor ((r / perPhase) mod maxPhase)) * vec +
    c mod vec`: groups of `vec` stay contiguous, `perPhase` rows share one
    swizzle phase and `maxPhase` bounds it. (1, 1, 1) does not swizzle.
    CTA fields as for `#layout.blocked`.

    ```mlir
    #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8,
                            order = [1, 0]>
    ```
  }];
  let parameters = (ins "unsigned":$vec, "unsigned":$perPhase,
                        "unsigned":$maxPhase,
                        ArrayRefParameter<"unsigned">:$order,
                        ArrayRefParameter<"unsigned">:$CTAsPerCGA,
                        ArrayRefParameter<"unsigned">:$CTASplitNum,
                        ArrayRefParameter<"unsigned">:$CTAOrder);
}

//===----------------------------------------------------------------------===//
// strided
//===----------------------------------------------------------------------===//

def Layout_StridedAttr : Layout_Attr<"Strided", "strided",
    [DeclareAttrInterfaceMethods<SharedLayoutAttrInterface,
                                 ["getTransposed"]>]> {
  let summary = "A hierarchical shape:stride layout in CuTe's notation";
  let description = [{
    A CuTe layout `Shape:Stride` (nested tuples, leftmost mode fastest),
    optionally composed with a swizzle (`Sw<B,M,S> o Shape:Stride`): it maps
    the coordinate of an element to its offset in memory. It describes
    global views and shared-memory buffers. Top-level mode i is tensor dim
    i; its size must equal the dim's size. When every shape and stride is a
    power of two and the offsets are a permutation of 0..N-1, its linear
    form maps (offset) to the coordinates.

    ```mlir
    #layout.strided<(4,(2,3)):(2,(1,8))>
    #layout.strided<Sw<3,4,3> o (8,64):(64,1)>
    ```
  }];
  // The layout in canonical CuTe notation (tile::cute::toString).
  let parameters = (ins StringRefParameter<"CuTe layout text">:$text);
  let extraClassDeclaration = [{
    /// The parsed layout (the text is verified to parse).
    ::tile::cute::Layout getLayout() const;
    /// The size of each top-level mode: the tensor shape it describes.
    ::llvm::SmallVector<int64_t> getModeSizes() const;
    static StridedAttr get(::mlir::MLIRContext *ctx,
                           const ::tile::cute::Layout &layout);
  }];
}

//===----------------------------------------------------------------------===//
// tv (CuTe thread-value layouts, Mojo's distribute)
//===----------------------------------------------------------------------===//

def Layout_ThreadValueAttr : Layout_Attr<"ThreadValue", "tv",
    [DeclareAttrInterfaceMethods<DistributedLayoutAttrInterface>]> {
  let summary = "A CuTe thread-value layout, or Mojo's vectorize + distribute";
  let description = [{
    A distributed layout written CuTe's way: a TV layout
    `(thread, value) -> coordinate` of a `tile` (the coordinate is the 1-D
    colexicographic index of the tile, as in CuTe's `make_tiled_copy`), or
    Mojo's `tile.vectorize[values]().distribute[threads](lane)`, which is
    CuTe's `make_layout_tv(threads, make_layout(values))`: thread `t` owns
    the `values` block at the coordinate where the thread layout takes the
    value `t`, tiled over a `threads` shape times `values` tile. A tensor
    larger than the tile repeats it in more registers (dim 0 first). Thread
    `t` is lane `t % 32` of warp `t / 32`; value `v` is register `v`. The
    extents must be powers of two and the strides 0 or distinct powers of
    two (the layout has a linear form); the layout must cover its tile once
    (up to threads holding the same elements, stride 0).

    A TV layout of fewer threads than the program has is replicated: lanes
    above its threads hold copies (zero lane bases), and `warps = N` (which
    tile-assign-layouts adds when the kernel has more warps than the layout
    needs) replicates it over N warps (zero warp bases). Stores write each
    element once (the copy in the lowest lane and warp).

    ```mlir
    #layout.tv<tile = (4,8), tv = ((2,4),(2,2)):((8,1),(4,16))>
    #layout.tv<threads = (8,4):(4,1), values = (1,4)>
    #layout.tv<tile = (4,8), tv = ((2,4),(2,2)):((8,1),(4,16)), warps = 4>
    ```
  }];
  let parameters = (ins
    OptionalArrayRefParameter<"int64_t">:$tile,
    StringRefParameter<"TV layout text", "\"\"">:$tv,
    StringRefParameter<"thread layout text", "\"\"">:$threads,
    OptionalArrayRefParameter<"int64_t">:$values,
    DefaultValuedParameter<"int64_t", "0",
        "warps the layout is replicated over (0: its own)">:$warps);
  let extraClassDeclaration = [{
    /// The tile and the TV layout: as written, or for the `threads` form
    /// make_layout_tv(threads, values) computed with the CuTe algebra.
    ::llvm::Expected<std::pair<::llvm::SmallVector<int64_t>,
                               ::tile::cute::Layout>> getTileAndLayout() const;
    /// Threads (size of the TV layout's thread mode).
    int64_t getNumThreads() const;
  }];
}

//===----------------------------------------------------------------------===//
// nvmma
//===----------------------------------------------------------------------===//

def Layout_NvmmaAttr : Layout_Attr<"Nvmma", "nvmma",
    [DeclareAttrInterfaceMethods<DistributedLayoutAttrInterface>]> {
  let summary = "Triton's NVIDIA tensor-core accumulator layout";
  let description = [{
    The layout of the result of `mma.sync` (`versionMajor = 2`, Ampere and
    later) or `wgmma` (`versionMajor = 3`, Hopper): in each warp, lane
    `4 * g + t` holds rows `g` and `g + 8` of an `instrShape[0] x
    instrShape[1]` tile, columns `2 * t` and `2 * t + 1` of every 8-column
    group. `warpsPerCTA` tiles the warps (v2: row-major over the warp grid;
    v3: column-major, so the 4 warps of a warpgroup stack along M). A
    larger tensor repeats the CTA tile in more registers (N first), a
    smaller one is broadcast. v2 takes `instrShape = [16, 8]` (rank 2) or
    `[1, 16, 8]` (rank 3, a leading batch dim); v3 takes `[16, N, K]` with
    N the wgmma N (a multiple of 8 up to 256) and K = 256 / input bits.
    CTA fields as for `#layout.blocked`.

    ```mlir
    #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1],
                  instrShape = [16, 64, 16]>
    ```
  }];
  let parameters = (ins "unsigned":$versionMajor, "unsigned":$versionMinor,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$instrShape,
                        ArrayRefParameter<"unsigned">:$CTAsPerCGA,
                        ArrayRefParameter<"unsigned">:$CTASplitNum,
                        ArrayRefParameter<"unsigned">:$CTAOrder);
  let builders = [
    // A single-CTA layout.
    AttrBuilder<(ins "unsigned":$versionMajor, "unsigned":$versionMinor,
                     "::llvm::ArrayRef<unsigned>":$warpsPerCTA,
                     "::llvm::ArrayRef<unsigned>":$instrShape)>
  ];
  let skipDefaultBuilders = 0;
  let extraClassDeclaration = [{
    bool isAmpere() const { return getVersionMajor() == 2; }
    bool isHopper() const { return getVersionMajor() == 3; }
    /// The parameters as the LinearLayout library takes them.
    ::tile::NvmmaParams getParams() const;
  }];
}

//===----------------------------------------------------------------------===//
// dot_operand
//===----------------------------------------------------------------------===//

def Layout_DotOperandAttr : Layout_Attr<"DotOperand", "dot_operand",
    [DeclareAttrInterfaceMethods<DistributedLayoutAttrInterface>]> {
  let summary = "Triton's layout of an operand of a dot";
  let description = [{
    The register layout of operand `opIdx` (0 = A, M x K; 1 = B, K x N) of
    a dot whose result has layout `parent`. With an nvmma parent, each
    thread holds `kWidth` consecutive K elements per register group (the
    `mma.sync` A/B fragments for kWidth = 32 / bits; larger kWidth splits a
    thread's K run over several instructions); v2 parents take A and B,
    v3 parents only A (wgmma reads A from registers, B from shared memory).
    Every warp in a row of the warp grid holds the whole K slab (zero warp
    bases along K). With a `#layout.blocked` parent (the FMA fallback) each
    thread holds the whole K extent; lanes and warps are broadcast along K,
    and kWidth is not used (omit it).

    ```mlir
    #layout.dot_operand<opIdx = 0, parent = #layout.nvmma<...>, kWidth = 2>
    ```
  }];
  let parameters = (ins "unsigned":$opIdx,
                        "DistributedLayoutAttrInterface":$parent,
                        "unsigned":$kWidth);
}

//===----------------------------------------------------------------------===//
// nvmma_shared
//===----------------------------------------------------------------------===//

def Layout_NvmmaSharedAttr : Layout_Attr<"NvmmaShared", "nvmma_shared",
    [DeclareAttrInterfaceMethods<SharedLayoutAttrInterface,
                                 ["getTransposed"]>]> {
  let summary = "Triton's NVMMA shared-memory layout (TMA, wgmma, ldmatrix)";
  let description = [{
    The canonical shared-memory layout of wgmma operands and TMA boxes: core
    tiles of 8 rows of `swizzlingByteWidth` bytes, in which 16-byte chunk
    `c` of row `r` is stored at chunk `c xor ((r / perPhase) % maxPhase)`,
    with (perPhase, maxPhase) = (4, 2), (2, 4), (1, 8) for 32, 64, 128
    bytes. Rows follow each other (8-row groups contiguous); further
    swizzle-width column blocks come after all rows. The contiguous dim is
    dim 1, or dim 0 when `transposed = true`. `swizzlingByteWidth = 0` is
    unswizzled row-major storage. CTA fields as for
    `#layout.swizzled_shared`; they are omitted for a single CTA.

    ```mlir
    #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false,
                         elementBitWidth = 16>
    ```
  }];
  let parameters = (ins "unsigned":$swizzlingByteWidth, "bool":$transposed,
                        "unsigned":$elementBitWidth,
                        ArrayRefParameter<"unsigned">:$CTAsPerCGA,
                        ArrayRefParameter<"unsigned">:$CTASplitNum,
                        ArrayRefParameter<"unsigned">:$CTAOrder);
  let builders = [
    // A single-CTA layout.
    AttrBuilder<(ins "unsigned":$swizzlingByteWidth, "bool":$transposed,
                     "unsigned":$elementBitWidth)>
  ];
  let skipDefaultBuilders = 0;
  let extraClassDeclaration = [{
    /// The parameters as the LinearLayout library takes them.
    ::tile::NvmmaSharedParams getParams() const;
    /// Triton's default for a tile of `shape` with elements of
    /// `elementType` stored in `order` (fastest dim first): the largest
    /// swizzle of 128, 64, 32 bytes dividing the contiguous dim's bytes,
    /// transposed when the contiguous dim is not the last.
    static NvmmaSharedAttr getDefault(::mlir::MLIRContext *ctx,
                                      ::llvm::ArrayRef<int64_t> shape,
                                      ::mlir::Type elementType,
                                      ::llvm::ArrayRef<unsigned> order);
  }];
}

#endif // TILE_DIALECT_LAYOUT_IR_LAYOUTATTRS_TD
