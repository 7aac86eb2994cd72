//===- TileOps.td - Operations of the tile dialect ---------*- tablegen -*-===//
//
// The exact syntax and semantics of each op are in docs/TileLanguage.md.
// Tensors here are ranked tensors whose encoding, when present, is a layout
// attribute; tensors without one are allowed until layout assignment.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_TILEOPS_TD
#define TILE_DIALECT_TILE_IR_TILEOPS_TD

include "tile/Dialect/Tile/IR/TileDialect.td"
include "tile/Dialect/Tile/IR/TileEnums.td"
include "tile/Dialect/Tile/IR/TileTypes.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def Tile_Ptr : Type<CPred<"::llvm::isa<::tile::tl::PtrType>($_self)">,
                    "!tile.ptr", "::tile::tl::PtrType">;
def Tile_View : Type<CPred<"::llvm::isa<::tile::tl::ViewType>($_self)">,
                     "!tile.view", "::tile::tl::ViewType">;
def Tile_PtrTensor : RankedTensorOf<[Tile_Ptr]>;
def Tile_PtrLike : AnyTypeOf<[Tile_Ptr, Tile_PtrTensor],
                             "!tile.ptr or tensor of !tile.ptr">;
def Tile_Int : AnyTypeOf<[AnySignlessInteger]>;
def Tile_IntTensor : RankedTensorOf<[AnySignlessInteger]>;
def Tile_IntLike : AnyTypeOf<[AnySignlessInteger, Tile_IntTensor],
                             "signless integer or tensor of them">;
def Tile_BoolLike : AnyTypeOf<[I1, RankedTensorOf<[I1]>],
                              "i1 or tensor of i1">;
// An index into a view or a dynamic size: i32 (the default in the custom
// syntax), i64 or index.
def Tile_IndexLike : AnyTypeOf<[I32, I64, Index], "i32, i64 or index">;
// The value of a tile: a scalar or a ranked tensor.
def Tile_Scalar : AnyTypeOf<[AnySignlessIntegerOrIndex, AnyFloat, Tile_Ptr],
                            "integer, float or !tile.ptr">;
def Tile_Value : AnyTypeOf<[Tile_Scalar, AnyRankedTensor],
                           "scalar or ranked tensor">;

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

def Tile_KernelOp : Tile_Op<"kernel", [
    AffineScope, AutomaticAllocationScope, FunctionOpInterface,
    IsolatedFromAbove
  ]> {
  let summary = "a GPU kernel: the body of one program";
  let description = [{
    A kernel takes scalars and `!tile.ptr<T>` parameters and returns nothing.
    `num_warps` (default 4) fixes the threads of one program:
    `num_warps * 32`. Every distributed layout used in the body must have as
    many warps as `num_warps` and 32 lanes per warp. A parameter may carry
    `{tile.divisibility = N}` (a power of two; bytes for pointers) as a
    promise on its value.

    `cluster_dims = array<i32: X, Y, Z>` (sm_90) makes the kernel run in
    thread-block clusters of X x Y x Z programs (each at least 1, at most 8
    in all: the portable cluster size): the programs of a cluster run at
    the same time on neighbouring SMs and may multicast TMA loads into each
    other's shared memory and arrive on each other's mbarriers
    (`tile.cluster_cta_rank`, `tile.cluster_arrive`, ...). The shape is
    compiled in (PTX `.reqnctapercluster X, Y, Z` with `.explicitcluster`),
    so the grid must be a multiple of it in each dim: the launcher refuses
    other grids.

    ```mlir
    tile.kernel @add(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                     %n: i32) attributes {num_warps = 8 : i32} {
      tile.return
    }
    ```
  }];

  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs,
                       DefaultValuedAttr<I32Attr, "4">:$num_warps,
                       OptionalAttr<DenseI32ArrayAttr>:$cluster_dims);
  let regions = (region AnyRegion:$body);

  let builders = [OpBuilder<(ins
    "::llvm::StringRef":$name, "::mlir::FunctionType":$type,
    CArg<"int32_t", "4">:$numWarps,
    CArg<"::llvm::ArrayRef<::mlir::DictionaryAttr>", "{}">:$argAttrs)>];

  let extraClassDeclaration = [{
    //===------------------------------------------------------------------===//
    // FunctionOpInterface
    //===------------------------------------------------------------------===//
    ::mlir::Region *getCallableRegion() { return &getBody(); }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
    bool isDeclaration() { return false; }

    /// Threads per program: num_warps * 32.
    int64_t getNumThreads() { return int64_t(getNumWarps()) * 32; }
    /// The `tile.divisibility` of parameter `i`, if it has one.
    std::optional<int64_t> getArgDivisibility(unsigned i);
  }];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Tile_ReturnOp : Tile_Op<"return", [
    Pure, HasParent<"KernelOp">, ReturnLike, Terminator
  ]> {
  let summary = "end of a kernel";
  let description = [{
    Terminates the body of a `tile.kernel`. Kernels return no values.

    ```mlir
    tile.return
    ```
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Program ids
//===----------------------------------------------------------------------===//

def Tile_ProgramIdOp : Tile_Op<"program_id", [Pure]> {
  let summary = "index of this program in the grid along x, y or z";
  let description = [{
    ```mlir
    %i = tile.program_id x : i32
    ```
  }];
  let arguments = (ins Tile_ProgramDimAttr:$dim);
  let results = (outs I32:$result);
  let assemblyFormat = "$dim attr-dict `:` type($result)";
  let builders = [OpBuilder<(ins "::tile::tl::ProgramDim":$dim), [{
    build($_builder, $_state, $_builder.getI32Type(), dim);
  }]>];
}

def Tile_NumProgramsOp : Tile_Op<"num_programs", [Pure]> {
  let summary = "number of programs in the grid along x, y or z";
  let description = [{
    ```mlir
    %n = tile.num_programs y : i32
    ```
  }];
  let arguments = (ins Tile_ProgramDimAttr:$dim);
  let results = (outs I32:$result);
  let assemblyFormat = "$dim attr-dict `:` type($result)";
  let builders = [OpBuilder<(ins "::tile::tl::ProgramDim":$dim), [{
    build($_builder, $_state, $_builder.getI32Type(), dim);
  }]>];
}

//===----------------------------------------------------------------------===//
// Global views
//===----------------------------------------------------------------------===//

def Tile_MakeViewOp : Tile_Op<"make_view", [Pure, AttrSizedOperandSegments]> {
  let summary = "a view of global memory: pointer, shape and strides";
  let description = [{
    Makes a view of the tensor at `ptr` with the given shape and strides (in
    elements). Each entry is a static integer or an SSA value of type `i32`
    (written `%v`) or `i64`/`index` (written `%v : i64`). A `?` in the view
    type takes a dynamic entry, a static extent must be written as the same
    integer. Without `strides` the view is compact row-major; a view type
    with a layout parameter takes its strides from the layout and the op
    takes none.

    ```mlir
    %v = tile.make_view %ptr, shape [%m, 128], strides [%ld, 1]
         : !tile.ptr<f32> -> !tile.view<?x128xf32>
    ```
  }];
  let arguments = (ins Tile_Ptr:$ptr,
                       Variadic<Tile_IndexLike>:$shape,
                       Variadic<Tile_IndexLike>:$strides,
                       DenseI64ArrayAttr:$static_shape,
                       OptionalAttr<DenseI64ArrayAttr>:$static_strides);
  let results = (outs Tile_View:$result);
  let extraClassDeclaration = [{
    ::tile::tl::ViewType getViewType() { return getResult().getType(); }
    /// Static extents as integer attributes, dynamic ones as values.
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedShape();
    /// Likewise for the strides; empty when the op has none (compact
    /// row-major, or taken from the view's layout).
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedStrides();
    bool hasStrides() { return getStaticStrides().has_value(); }
  }];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tile loads and stores by tile-space index (cuTile)
//===----------------------------------------------------------------------===//

// cuTile's hints and memory ordering of a global access (ct.load/ct.store's
// `latency`, `memory_order`, `memory_scope`); the custom syntax writes them
// `latency = N memory_order = acquire memory_scope = device` after the
// other clauses (docs/TileLanguage.md, "Hints and memory ordering").
// `memory_order` reuses the atomics' MemSemantic (absent: weak) and
// `memory_scope` their MemScope (block = cta, device = gpu, system = sys).
defvar Tile_AccessHintArgs = (ins OptionalAttr<I32Attr>:$latency,
                                  OptionalAttr<Tile_MemSemanticAttr>:$memory_order,
                                  OptionalAttr<Tile_MemScopeAttr>:$memory_scope);

class Tile_TileSpaceAccess {
  code accessDecls = [{
    /// The permutation `order` (identity when absent).
    ::llvm::SmallVector<int64_t> getOrderOrIdentity();
    /// Tile shape, one entry per view axis in tile order (all ones for a
    /// scalar tile).
    ::llvm::SmallVector<int64_t> getTileShape();
  }];
}

def Tile_LoadTileOp : Tile_Op<"load_tile", [
    MemoryEffects<[MemRead]>
  ]>, Tile_TileSpaceAccess {
  let summary = "load the tile at a tile-space index of a view";
  let description = [{
    The view is partitioned into tiles of the result shape, with the view
    axes permuted by `order`; the indices select one tile. With
    `order = p`, tile element `t[x0, ..., xk]` is the view element whose
    coordinate along axis `p[d]` is `index[d] * shape[d] + x_d`. `order` is
    a permutation, `"C"` (identity, the default) or `"F"` (reversed).
    Elements outside the view take the value of `padding`: `zero`, `nan`,
    `pos_inf`, `neg_inf` or `undetermined` (the default). A scalar result is
    the tile of shape `()`: one element.

    ```mlir
    %t = tile.load_tile %v[%i, %j] order = "F" padding = zero
         : !tile.view<?x?xf32> -> tensor<64x32xf32, #blocked>
    %f = tile.load_tile %flags[%i] latency = 2 memory_order = acquire
         memory_scope = device : !tile.view<?xi32> -> i32
    ```
  }];
  let arguments = !con((ins Tile_View:$view,
                       Variadic<Tile_IndexLike>:$indices,
                       OptionalAttr<DenseI64ArrayAttr>:$order,
                       DefaultValuedAttr<Tile_PaddingModeAttr,
                           "::tile::tl::PaddingMode::undetermined">:$padding),
                       Tile_AccessHintArgs);
  let results = (outs Tile_Value:$result);
  let extraClassDeclaration = accessDecls;
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Tile_StoreTileOp : Tile_Op<"store_tile", [
    MemoryEffects<[MemWrite]>
  ]>, Tile_TileSpaceAccess {
  let summary = "store a tile at a tile-space index of a view";
  let description = [{
    The inverse of `tile.load_tile`: writes the tile where `tile.load_tile`
    with the same indices and `order` would read it. Elements outside the
    view are dropped.

    ```mlir
    tile.store_tile %t, %v[%i, %j] order = [1, 0]
        : tensor<64x32xf32, #blocked>, !tile.view<?x?xf32>
    ```
  }];
  let arguments = !con((ins Tile_Value:$value,
                       Tile_View:$view,
                       Variadic<Tile_IndexLike>:$indices,
                       OptionalAttr<DenseI64ArrayAttr>:$order),
                       Tile_AccessHintArgs);
  let extraClassDeclaration = accessDecls;
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Loads and stores at element offsets (Tilus)
//===----------------------------------------------------------------------===//

def Tile_LoadAtOp : Tile_Op<"load_at", [MemoryEffects<[MemRead]>]> {
  let summary = "load a tile at element offsets of a view";
  let description = [{
    Tile element `t[x0, ..., xk]` is `view[o0 + x0, ..., ok + xk]`. Elements
    outside the view read as zero. A scalar result reads one element.
    With `dims [d0, ..., dk]` (strictly increasing view axes, one per tile
    dim; Tilus's `load_global(..., dims)`) the tile may have a lower rank
    than the view: tile dim i walks view axis d_i from offset o_{d_i}, the
    other view axes stay at their offsets.

    ```mlir
    %t = tile.load_at %v[%r, %c] : !tile.view<?x?xf32> -> tensor<64x32xf32, #blocked>
    %s = tile.load_at %v3[%b, %r, %c] dims [1, 2]
         : !tile.view<?x?x?xf32> -> tensor<64x32xf32, #blocked>
    ```
  }];
  let arguments = !con((ins Tile_View:$view, Variadic<Tile_IndexLike>:$offsets,
                            OptionalAttr<DenseI64ArrayAttr>:$dims),
                       Tile_AccessHintArgs);
  let results = (outs Tile_Value:$result);
  let extraClassDeclaration = [{
    /// The view axis tile dim `d` walks: dims[d], or d without `dims`.
    int64_t getViewAxisOfTileDim(int64_t d);
  }];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Tile_StoreAtOp : Tile_Op<"store_at", [MemoryEffects<[MemWrite]>]> {
  let summary = "store a tile at element offsets of a view";
  let description = [{
    Writes `t[x0, ..., xk]` to `view[o0 + x0, ..., ok + xk]`; elements outside
    the view are not written. `dims` as for `tile.load_at`.

    ```mlir
    tile.store_at %t, %v[%r, %c] : tensor<64x32xf32, #blocked>, !tile.view<?x?xf32>
    tile.store_at %t, %v3[%b, %r, %c] dims [1, 2] memory_order = release
        : tensor<64x32xf32, #blocked>, !tile.view<?x?x?xf32>
    ```
  }];
  let arguments = !con((ins Tile_Value:$value, Tile_View:$view,
                            Variadic<Tile_IndexLike>:$offsets,
                            OptionalAttr<DenseI64ArrayAttr>:$dims),
                       Tile_AccessHintArgs);
  let extraClassDeclaration = [{
    /// The view axis tile dim `d` walks: dims[d], or d without `dims`.
    int64_t getViewAxisOfTileDim(int64_t d);
  }];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Pointer tensors (Gluon/Triton)
//===----------------------------------------------------------------------===//

def Tile_ArangeOp : Tile_Op<"arange", [Pure]> {
  let summary = "the integers start, start + 1, ..., end - 1";
  let description = [{
    A 1-D `i32` tensor of `end - start` elements (a power of two) holding
    `start + i` at position `i`.

    ```mlir
    %offs = tile.arange 0, 128 : tensor<128xi32, #l>
    ```
  }];
  // Signed: getStart()/getEnd() return int32_t.
  let arguments = (ins SI32Attr:$start, SI32Attr:$end);
  let results = (outs RankedTensorOf<[I32]>:$result);
  let assemblyFormat = "$start `,` $end attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Tile_SplatOp : Tile_Op<"splat", [
    Pure, TypesMatchWith<"result element type is the operand type",
                         "result", "src",
                         "::llvm::cast<::mlir::RankedTensorType>($_self).getElementType()">
  ]> {
  let summary = "a tensor with every element equal to a scalar";
  let description = [{
    ```mlir
    %base = tile.splat %ptr : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #l>
    %n = tile.splat %k : i32 -> tensor<128xi32, #l>
    ```
  }];
  let arguments = (ins Tile_Scalar:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
}

def Tile_AddPtrOp : Tile_Op<"addptr", [
    Pure, Elementwise, SameOperandsAndResultShape,
    AllTypesMatch<["ptr", "result"]>
  ]> {
  let summary = "advance pointers by element offsets";
  let description = [{
    `result = ptr + offset * sizeof(T)` for a pointer to `T`, elementwise on
    tensors of the same shape and layout (or on scalars).

    ```mlir
    %ptrs = tile.addptr %base, %offs : tensor<128x!tile.ptr<f32>, #l>, tensor<128xi32, #l>
    %p = tile.addptr %ptr, %k : !tile.ptr<f32>, i64
    ```
  }];
  let arguments = (ins Tile_PtrLike:$ptr, Tile_IntLike:$offset);
  let results = (outs Tile_PtrLike:$result);
  let assemblyFormat =
      "$ptr `,` $offset attr-dict `:` type($ptr) `,` type($offset)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_BroadcastOp : Tile_Op<"broadcast", [
    Pure, SameOperandsAndResultElementType
  ]> {
  let summary = "repeat a tensor along its dimensions of size 1";
  let description = [{
    The result has the operand's rank, element type and layout; each
    dimension is the operand's, or any size where the operand's is 1.

    ```mlir
    %full = tile.broadcast %row : tensor<1x128xi32, #l2> -> tensor<64x128xi32, #l2>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Tile_ExpandDimsOp : Tile_Op<"expand_dims", [
    Pure, SameOperandsAndResultElementType
  ]> {
  let summary = "insert a dimension of size 1";
  let description = [{
    Inserts a dimension of size 1 at `axis`. When the result has a layout
    `P`, the operand's layout is `#layout.slice<dim = axis, parent = P>`.

    ```mlir
    %row = tile.expand_dims %offs {axis = 0 : i32}
           : tensor<128xi32, #layout.slice<dim = 0, parent = #l2>> -> tensor<1x128xi32, #l2>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src, I32Attr:$axis);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let builders = [
    // Result type from the operand's: a slice layout gives its parent.
    OpBuilder<(ins "::mlir::Value":$src, "int32_t":$axis)>
  ];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Tile_LoadOp : Tile_Op<"load", [
    MemoryEffects<[MemRead]>, AttrSizedOperandSegments
  ]> {
  let summary = "load through a pointer or a tensor of pointers";
  let description = [{
    Loads the element each pointer points to. Where `mask` is false nothing
    is read and the result is `other` (undetermined without `other`). `mask`
    is `i1` and `other` the result type, both with the pointer's shape and
    layout. Their types are implied by the pointer type in the syntax.

    ```mlir
    %x = tile.load %ptrs, %mask, %other : tensor<128x!tile.ptr<f32>, #l>
    %s = tile.load %p : !tile.ptr<f32>
    ```
  }];
  let arguments = (ins Tile_PtrLike:$ptr, Optional<Tile_BoolLike>:$mask,
                       Optional<AnyType>:$other);
  let results = (outs AnyType:$result);
  let builders = [
    OpBuilder<(ins "::mlir::Value":$ptr,
                   CArg<"::mlir::Value", "{}">:$mask,
                   CArg<"::mlir::Value", "{}">:$other)>
  ];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Tile_StoreOp : Tile_Op<"store", [
    MemoryEffects<[MemWrite]>
  ]> {
  let summary = "store through a pointer or a tensor of pointers";
  let description = [{
    Stores each element of `value` where its pointer points, except where
    `mask` is false.

    ```mlir
    tile.store %ptrs, %x, %mask : tensor<128x!tile.ptr<f32>, #l>
    ```
  }];
  let arguments = (ins Tile_PtrLike:$ptr, AnyType:$value,
                       Optional<Tile_BoolLike>:$mask);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

def Tile_ReduceOp : Tile_Op<"reduce", [
    Pure
  ]> {
  let summary = "reduce one or several tensors along one axis";
  let description = [{
    Combines the elements along `axis` with `sum`, `max` or `min` (signed
    for integers; for floats `max`/`min` propagate NaN like
    `arith.maximumf`/`arith.minimumf`), or with the combiner region: a block
    of two tuples of scalars (`a0, ..., an-1, b0, ..., bn-1`, one per
    operand) yielding one tuple, associative and commutative. Several
    operands of one shape and layout are reduced together (argmax: values
    and indices) and need a combiner. Each result drops `axis`; its layout
    is `#layout.slice<dim = axis, parent = L>` for operands in layout `L`. A
    1-D operand reduces to a scalar.

    ```mlir
    %s = tile.reduce sum %t {axis = 1 : i32}
         : tensor<64x128xf32, #l> -> tensor<64xf32, #layout.slice<dim = 1, parent = #l>>
    ```
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$srcs, I32Attr:$axis,
                       OptionalAttr<Tile_ReduceKindAttr>:$kind);
  let results = (outs Variadic<AnyType>:$values);
  let regions = (region AnyRegion:$combiner);
  let builders = [
    // A predefined reduction; the result type (slice layout included) is
    // inferred.
    OpBuilder<(ins "::mlir::Value":$src, "int32_t":$axis,
                   "::tile::tl::ReduceKind":$kind)>,
    // A reduction of `srcs` with an empty combiner region for the caller to
    // fill; the result types are inferred.
    OpBuilder<(ins "::mlir::ValueRange":$srcs, "int32_t":$axis)>
  ];
  let extraClassDeclaration = [{
    /// The first (for a predefined kind, the only) operand and result.
    ::mlir::TypedValue<::mlir::RankedTensorType> getSrc() {
      return ::llvm::cast<::mlir::TypedValue<::mlir::RankedTensorType>>(
          getSrcs().front());
    }
    ::mlir::Value getResult() { return getValues().front(); }
    ::mlir::Type getType() { return getResult().getType(); }
    /// The type of the reduction of `src` along `axis`: the element type
    /// for a 1-D operand, else the tensor without `axis`, whose layout is the
    /// slice of the operand's along `axis`. Null when `axis` is out of range.
    static ::mlir::Type inferResultType(::mlir::RankedTensorType src,
                                        int64_t axis);
  }];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Tile_YieldOp : Tile_Op<"yield", [
    Pure, ParentOneOf<["ReduceOp", "ScanOp"]>, ReturnLike, Terminator
  ]> {
  let summary = "the value of a combiner region";
  let description = [{
    ```mlir
    tile.yield %m : f32
    tile.yield %v, %i : f32, i32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let builders = [OpBuilder<(ins), [{ /* nothing to yield */ }]>];
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

include "tile/Dialect/Tile/IR/TileScanOps.td"
include "tile/Dialect/Tile/IR/TileShapeOps.td"

//===----------------------------------------------------------------------===//
// Matrix multiplication
//===----------------------------------------------------------------------===//

def Tile_DotOp : Tile_Op<"dot", [
    AllTypesMatch<["c", "d"]>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>
  ]> {
  let summary = "matrix multiply and accumulate: D = A * B + C";
  let description = [{
    Triton's `tl.dot`: `A` is M x K, `B` is K x N, `C` and `D` are M x N,
    with an optional leading batch dim on all four. Inputs are f16, bf16,
    f32, f8E4M3FN, f8E5M2 or i8 (A and B of the same width; fp8 kinds may
    differ); the accumulator is f32 (i32 for i8 inputs). For f32 inputs
    `input_precision` chooses tf32 tensor cores (the default, as in Triton)
    or exact `ieee` products on the FMA units.

    With layouts, `D` is in an `#layout.nvmma` layout (tensor cores) or a
    blocked one (FMA), A and B are in `#layout.dot_operand` layouts whose
    parent is D's; on version 3 (wgmma) B, and optionally A, may instead be
    `!layout.memdesc` buffers in `#layout.nvmma_shared` layouts.

    `async` (wgmma only) issues the multiply and returns at once: D may not
    be read, nor the shared-memory operands overwritten, before a
    `tile.dot_wait` that takes D returns. Elsewhere `async` changes nothing.

    ```mlir
    %d = tile.dot %a, %b, %c : tensor<64x32xf16, #A>, tensor<32x64xf16, #B>
         -> tensor<64x64xf32, #mma>
    %e = tile.dot %x, %y, %z input_precision = ieee
         : tensor<32x16xf32, #fa>, tensor<16x32xf32, #fb> -> tensor<32x32xf32, #l>
    %f = tile.dot %sa, %sb, %acc async
         : !layout.memdesc<128x64xf16, #sa>, !layout.memdesc<64x128xf16, #sb>
         -> tensor<128x128xf32, #mma3>
    ```
  }];
  let arguments = (ins AnyType:$a, AnyType:$b, AnyRankedTensor:$c,
                       OptionalAttr<Tile_InputPrecisionAttr>:$input_precision,
                       UnitAttr:$async);
  let results = (outs AnyRankedTensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`input_precision` `=` `` $input_precision^)?
    (`async` $async^)? attr-dict `:` type($a) `,` type($b) `->` type($d)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The effective input precision (tf32 when not written).
    ::tile::tl::InputPrecision getPrecision() {
      return getInputPrecision().value_or(::tile::tl::InputPrecision::tf32);
    }
  }];
}

def Tile_DotWaitOp : Tile_Op<"dot_wait", [
    DeclareOpInterfaceMethods<InferTypeOpInterface>,
    MemoryEffects<[MemRead, MemWrite]>
  ]> {
  let summary = "wait for asynchronous dots";
  let description = [{
    Waits until at most `pendings` asynchronous `tile.dot` groups issued by
    this warpgroup are still running (wgmma.wait_group), and returns its
    operands unchanged: results of asynchronous dots (and the buffers they
    read) may be used only through the values this op returns.

    ```mlir
    %d1 = tile.dot_wait %d {pendings = 0 : i32} : tensor<128x128xf32, #mma>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$inputs, I32Attr:$pendings);
  let results = (outs Variadic<AnyType>:$outputs);
  let assemblyFormat = "$inputs attr-dict `:` type($inputs)";
  let hasVerifier = 1;
}

include "tile/Dialect/Tile/IR/TileTmaOps.td"
include "tile/Dialect/Tile/IR/TileAsyncOps.td"
include "tile/Dialect/Tile/IR/TileGlobalOps.td"
include "tile/Dialect/Tile/IR/TileAtomicOps.td"
include "tile/Dialect/Tile/IR/TileDebugOps.td"
include "tile/Dialect/Tile/IR/TileWarpSpecializeOps.td"
include "tile/Dialect/Tile/IR/TileAssumeOps.td"
include "tile/Dialect/Tile/IR/TileClusterOps.td"

#endif // TILE_DIALECT_TILE_IR_TILEOPS_TD
