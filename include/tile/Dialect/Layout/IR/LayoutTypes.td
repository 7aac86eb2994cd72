//===- LayoutTypes.td - Types of the layout dialect --------*- tablegen -*-===//
//
// The shared-memory descriptor: a buffer in shared memory whose element
// placement is given by a shared layout attribute.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_LAYOUT_IR_LAYOUTTYPES_TD
#define TILE_DIALECT_LAYOUT_IR_LAYOUTTYPES_TD

include "mlir/IR/AttrTypeBase.td"
include "tile/Dialect/Layout/IR/LayoutBase.td"

class Layout_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Layout_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Layout_MemDescType : Layout_Type<"MemDesc", "memdesc"> {
  let summary = "A buffer in shared memory with a shared layout";
  let description = [{
    `!layout.memdesc<SHAPE x T, LAYOUT>` is a buffer of `T` elements in the
    shared memory of a CTA (Gluon's `shared_memory_descriptor`). `LAYOUT`
    is a shared layout (`#layout.swizzled_shared`, `#layout.strided`, or any
    attribute implementing `SharedLayoutAttrInterface`): it places the
    elements of one *slot*, the trailing dims of `SHAPE` it describes. The
    leading dims it does not describe are *buffer dims*: a multi-buffered
    allocation holds `prod(buffer dims)` slots one after the other (row
    major), each `prod(slot dims) * sizeof(T)` bytes. The buffer dims are
    the fewest leading dims for which the layout fits the remaining ones.

    The value lowers to `!llvm.ptr<3>`, the address of the first slot.

    ```mlir
    !layout.memdesc<64x64xf16, #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>>
    !layout.memdesc<3x64x64xf16, #shared>   // three slots of 64x64
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        "::mlir::Attribute":$layout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins
        "::llvm::ArrayRef<int64_t>":$shape, "::mlir::Type":$elementType,
        "::mlir::Attribute":$layout), [{
      return $_get(elementType.getContext(), shape, elementType, layout);
    }]>
  ];
  let extraClassDeclaration = [{
    int64_t getRank() const { return getShape().size(); }
    /// The number of leading buffer dims (the dims the layout does not
    /// describe).
    unsigned getNumBufferDims() const;
    /// The dims of one slot (the shape without the buffer dims).
    ::llvm::ArrayRef<int64_t> getSlotShape() const {
      return getShape().drop_front(getNumBufferDims());
    }
    /// Bytes of one element in shared memory (i1 takes one byte).
    int64_t getElementBytes() const;
    /// Elements and bytes of one slot, and of the whole buffer.
    int64_t getSlotNumElements() const;
    int64_t getSlotBytes() const {
      return getSlotNumElements() * getElementBytes();
    }
    int64_t getSizeInBytes() const;
    /// The linear form of one slot: (offset, block) -> (dim0, ...) over the
    /// slot dims; std::nullopt when the layout has none (then the type's
    /// verifier has said why).
    std::optional<::tile::LinearLayout> getSlotLinearLayout() const;
  }];
}

def Layout_TensorDescType : Layout_Type<"TensorDesc", "tensordesc"> {
  let summary = "A TMA tensor-map descriptor of a global view";
  let description = [{
    `!layout.tensordesc<R x C x T, #layout.nvmma_shared<...>>` describes
    how the TMA engine copies one R x C block of a 2-D global view to or
    from shared memory, where the block is stored in the given
    (non-transposed) `#layout.nvmma_shared` layout. It is made from a view
    by `tile.make_tensor_desc` and used by
    `layout.async_tma_copy_global_to_local` and
    `layout.async_tma_copy_local_to_global`.

    One copy of a block is `C * sizeof(T) / swizzlingByteWidth` TMA boxes
    of R x (swizzlingByteWidth / sizeof(T)) (one box of R x C unswizzled):
    R must be in 1..256, and C * sizeof(T) a multiple of the swizzle width
    (unswizzled: a multiple of 16 bytes, C <= 256). The value lowers to the
    generic address of a 128-byte `CUtensorMap` kernel parameter that the
    launcher builds (docs/Lowering.md, "TMA descriptors").

    Views of rank 3 to 5 take a block of their rank, `D0 x ... x Dk x C`
    (each Di in 1..256): in shared memory it is the matrix
    `(D0 * ... * Dk) x C` in the layout (a TMA box lands in row-major
    order of its dims), which is the shape of the copies' buffers. Boxes
    of 1 select a 2-D slice: `1x128x1x64` is 128 rows of one head of a
    `[B, N, H, 64]` tensor, a `128x64` buffer.

    ```mlir
    !layout.tensordesc<128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
    !layout.tensordesc<1x128x1x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        "::mlir::Attribute":$layout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins
        "::llvm::ArrayRef<int64_t>":$shape, "::mlir::Type":$elementType,
        "::mlir::Attribute":$layout), [{
      return $_get(elementType.getContext(), shape, elementType, layout);
    }]>
  ];
  let extraClassDeclaration = [{
    /// Bytes of one element.
    int64_t getElementBytes() const;
    /// The block as it lies in shared memory: {product of the outer dims,
    /// the inner dim} (the block itself when it is 2-D).
    ::llvm::SmallVector<int64_t> getMatrixShape() const;
    /// Bytes of one block (what a copy moves, the tx count of a load).
    int64_t getBlockBytes() const;
    /// The swizzle width of the layout in bytes (0, 32, 64 or 128).
    unsigned getSwizzleBytes() const;
    /// The TMA box, in the view's dim order: the block with its inner dim
    /// C replaced by C / number of boxes.
    ::llvm::SmallVector<int64_t> getBoxShape() const;
    /// How many boxes one block is (along the inner dim).
    int64_t getNumBoxes() const;
  }];
}

#endif // TILE_DIALECT_LAYOUT_IR_LAYOUTTYPES_TD
