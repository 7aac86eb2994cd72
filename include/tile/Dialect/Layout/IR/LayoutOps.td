//===- LayoutOps.td - Layout ops ----------------------------*- tablegen -*-===//

#ifndef TILE_DIALECT_LAYOUT_IR_LAYOUTOPS_TD
#define TILE_DIALECT_LAYOUT_IR_LAYOUTOPS_TD

include "mlir/Interfaces/SideEffectInterfaces.td"
include "tile/Dialect/Layout/IR/LayoutBase.td"
include "tile/Dialect/Layout/IR/LayoutAttrs.td"
include "tile/Dialect/Layout/IR/LayoutTypes.td"

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


//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

def Layout_LocalAllocOp : Layout_Op<"local_alloc", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Allocates a buffer in shared memory";
  let description = [{
    A buffer of the result type in the CTA's shared memory, alive for the
    whole kernel (convert-tile-to-llvm gives each allocation its own byte
    range of the dynamic shared memory). With a source tensor (same shape
    and element type, one slot: no buffer dims), every thread stores its
    elements into it and a CTA barrier follows, so the buffer is readable
    by every thread afterwards. Without one, the contents are undefined.

    ```mlir
    %m = layout.local_alloc : !layout.memdesc<2x64x64xf16, #shared>
    %n = layout.local_alloc %t : tensor<64x64xf16, #blocked> -> !layout.memdesc<64x64xf16, #shared>
    ```
  }];
  let arguments = (ins Optional<AnyRankedTensor>:$src);
  let results = (outs Layout_MemDescType:$result);
  let assemblyFormat = [{
    ($src^)? attr-dict `:` custom<AllocTypes>(type($src), type($result))
  }];
  let hasVerifier = 1;
}

def Layout_LocalLoadOp : Layout_Op<"local_load"> {
  let summary = "Loads a shared-memory buffer into a distributed tensor";
  let description = [{
    Every thread reads the elements its registers hold in the result's
    distributed layout. The buffer is one slot (no buffer dims; take one
    with `layout.memdesc_index`). It does not synchronize: put a
    `layout.barrier` between the stores of other threads and this load.

    ```mlir
    %t = layout.local_load %m : !layout.memdesc<64x64xf16, #shared> -> tensor<64x64xf16, #blocked>
    ```
  }];
  let arguments = (ins Arg<Layout_MemDescType, "", [MemRead]>:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Layout_LocalStoreOp : Layout_Op<"local_store"> {
  let summary = "Stores a distributed tensor into a shared-memory buffer";
  let description = [{
    Every thread writes the elements of its registers (one copy of each)
    into the buffer, a single slot of the tensor's shape and element type.
    It does not synchronize: put a `layout.barrier` before other threads
    read the buffer.

    ```mlir
    layout.local_store %t, %m : tensor<64x64xf16, #blocked> -> !layout.memdesc<64x64xf16, #shared>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src,
                       Arg<Layout_MemDescType, "", [MemWrite]>:$dst);
  let assemblyFormat = [{
    $src `,` $dst attr-dict `:` type($src) `->` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def Layout_MemDescIndexOp : Layout_Op<"memdesc_index", [Pure]> {
  let summary = "One slot of a multi-buffered shared-memory buffer";
  let description = [{
    The slot `index` (i32, counted along the first buffer dim) of a buffer
    with buffer dims: the same memory, the first dim dropped. An index out
    of range is undefined behaviour (a constant one is a verifier error).

    ```mlir
    %s = layout.memdesc_index %m[%i] : !layout.memdesc<3x64x64xf16, #shared> -> !layout.memdesc<64x64xf16, #shared>
    ```
  }];
  let arguments = (ins Layout_MemDescType:$src, I32:$index);
  let results = (outs Layout_MemDescType:$result);
  let assemblyFormat = [{
    $src `[` $index `]` attr-dict `:` qualified(type($src)) `->`
    qualified(type($result))
  }];
  let builders = [
    // The result type is the source's without its first dim.
    OpBuilder<(ins "::mlir::Value":$src, "::mlir::Value":$index)>
  ];
  let hasVerifier = 1;
}

def Layout_MemDescTransOp : Layout_Op<"memdesc_trans", [Pure]> {
  let summary = "A transposed view of a shared-memory buffer";
  let description = [{
    The same bytes seen with permuted dims: dim `i` of the result is dim
    `order[i]` of the source (buffer dims stay in place). The result's
    layout must be the source's with its dims permuted (their linear forms
    agree up to the permutation): `#layout.swizzled_shared` permutes its
    `order`, `#layout.strided` its modes. Transposing back folds away.

    ```mlir
    %t = layout.memdesc_trans %m {order = array<i32: 1, 0>}
        : !layout.memdesc<64x32xf16, #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>>
        -> !layout.memdesc<32x64xf16, #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]>>
    ```
  }];
  let arguments = (ins Layout_MemDescType:$src, DenseI32ArrayAttr:$order);
  let results = (outs Layout_MemDescType:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let builders = [
    // The result type from the layout's getTransposed (asserts it exists:
    // call inferResultType first when unsure).
    OpBuilder<(ins "::mlir::Value":$src, "::llvm::ArrayRef<int32_t>":$order)>
  ];
  let extraClassDeclaration = [{
    /// The transposed type of `src` by `order`, when its layout can express
    /// it (SharedLayoutAttrInterface::getTransposed); a null type otherwise.
    static MemDescType inferResultType(MemDescType src,
                                       ::llvm::ArrayRef<int32_t> order);
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Layout_BarrierOp : Layout_Op<"barrier", [MemoryEffects<[MemRead,
                                                            MemWrite]>]> {
  let summary = "A CTA-wide barrier";
  let description = [{
    Every thread of the CTA waits here until all have arrived, and the
    shared-memory accesses before it are visible to all threads after it
    (`bar.sync 0`). Orders `layout.local_store` before `layout.local_load`
    of other threads, and loads before a later overwrite.

    ```mlir
    layout.barrier
    ```
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Warp votes
//===----------------------------------------------------------------------===//

def Layout_WarpAnyOp : Layout_Op<"warp_any", [NoMemoryEffect]> {
  let summary = "Whether any element that the executing warp holds is true";
  let description = [{
    True in a warp iff some element of `pred` held by one of the warp's
    threads (in the operand's distributed layout) is true: each thread ORs
    the elements it holds and the warp votes (`vote.sync.any.pred` over all
    32 lanes). The result is uniform within a warp and may differ between
    the warps of a program: it is meant for branches around per-thread work
    that a warp can skip as a whole, e.g. the rescale of a flash-attention
    accumulator when no row of the warp changed its running max. All 32
    lanes of the warp must execute it together, and the code it guards must
    not communicate between warps (no barrier, no shared-memory layout
    conversion, no cross-warp reduction under an `scf.if` on it).

    ```mlir
    %grew = arith.cmpf ogt, %m_new, %m_old : tensor<64xf32, #row>
    %any = layout.warp_any %grew : tensor<64xi1, #row>
    %o2 = scf.if %any -> (tensor<64x128xf32, #mma>) { ... }
    ```
  }];
  let arguments = (ins TensorOf<[I1]>:$pred);
  let results = (outs I1:$result);
  let assemblyFormat = "$pred attr-dict `:` type($pred)";
  let hasVerifier = 1;
}

include "tile/Dialect/Layout/IR/TmaOps.td"
include "tile/Dialect/Layout/IR/AsyncCopyOps.td"

#endif // TILE_DIALECT_LAYOUT_IR_LAYOUTOPS_TD
