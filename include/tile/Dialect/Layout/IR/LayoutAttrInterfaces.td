//===- LayoutAttrInterfaces.td - Layout attribute interfaces -*- tablegen -*-===//
//
// The interfaces through which the rest of the compiler asks a layout
// attribute for its linear form.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_LAYOUT_IR_LAYOUTATTRINTERFACES_TD
#define TILE_DIALECT_LAYOUT_IR_LAYOUTATTRINTERFACES_TD

include "mlir/IR/OpBase.td"

def DistributedLayoutAttrInterface
    : AttrInterface<"DistributedLayoutAttrInterface"> {
  let cppNamespace = "::tile::layout";
  let description = [{
    A layout of a tensor held in registers: every element is owned by one or
    more (block, warp, lane, register) tuples. The linear form maps the input
    dims `register`, `lane`, `warp`, `block` to `dim0`, `dim1`, ....
  }];
  let methods = [
    InterfaceMethod<[{
      The linear layout of a tensor of shape `shape` in this layout, or
      std::nullopt if the layout does not fit the shape (rank mismatch, a
      size that is not a power of two, a linear layout defined for another
      shape). `verifyLayoutForShape` says why.
    }], "std::optional<::tile::LinearLayout>", "toLinearLayout",
      (ins "::llvm::ArrayRef<int64_t>":$shape)>,
    InterfaceMethod<"Threads per warp (a power of two).",
      "unsigned", "getWarpSize">,
    InterfaceMethod<"Warps per CTA.", "unsigned", "getNumWarps">,
    InterfaceMethod<"CTAs per cluster (1 without clusters).",
      "unsigned", "getNumCTAs">,
    InterfaceMethod<"Rank of the tensors this layout describes.",
      "unsigned", "getRank">,
  ];
}

def SharedLayoutAttrInterface : AttrInterface<"SharedLayoutAttrInterface"> {
  let cppNamespace = "::tile::layout";
  let description = [{
    A layout of a tensor in memory (shared memory, or a global view): the
    linear form maps the input dims `offset` (element offset) and `block`
    to `dim0`, `dim1`, ....
  }];
  let methods = [
    InterfaceMethod<[{
      The linear layout from (offset, block) to tensor coordinates for a
      tensor of shape `shape`, or std::nullopt if the layout does not fit.
    }], "std::optional<::tile::LinearLayout>", "toLinearLayout",
      (ins "::llvm::ArrayRef<int64_t>":$shape)>,
    InterfaceMethod<[{
      The layout of the transposed view of a buffer in this layout: dim `i`
      of the view is dim `order[i]` of the buffer (a permutation of the
      layout's rank), the bytes stay where they are. Its linear form for the
      permuted shape is this one's with the output dims permuted
      (layout.memdesc_trans checks that). A null attribute when the layout
      cannot express the view; the default.
    }], "::mlir::Attribute", "getTransposed",
      (ins "::llvm::ArrayRef<unsigned>":$order), [{}], [{ return {}; }]>,
  ];
}

#endif // TILE_DIALECT_LAYOUT_IR_LAYOUTATTRINTERFACES_TD
