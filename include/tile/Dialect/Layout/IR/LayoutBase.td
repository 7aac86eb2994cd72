//===- LayoutBase.td - The layout dialect ------------------*- tablegen -*-===//
//
// The `layout` dialect: attributes that say where each element of a tensor
// lives (registers, lanes, warps, CTAs; or shared-memory offsets), and the
// ops that exist only because of layouts.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_LAYOUT_IR_LAYOUTBASE_TD
#define TILE_DIALECT_LAYOUT_IR_LAYOUTBASE_TD

include "mlir/IR/OpBase.td"

def Layout_Dialect : Dialect {
  let name = "layout";
  let cppNamespace = "::tile::layout";
  let summary = "Tensor layouts: distributed (register) and shared-memory";
  let description = [{
    Every layout attribute of this dialect converts, for a given tensor
    shape, to a linear layout over F2 (`tile::LinearLayout`): distributed
    layouts map (register, lane, warp, block) to tensor coordinates, shared
    layouts map (offset, block). Two layouts are equal when their linear
    forms are. Query a layout through `DistributedLayoutAttrInterface`,
    `SharedLayoutAttrInterface` or the free functions
    `tile::layout::toLinearLayout`, `areLayoutsEquivalent` and
    `verifyLayoutForShape`.
  }];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerTypes();

    /// The linear form of `layout` for `shape`, cached per context. Returns
    /// std::nullopt where the layout does not fit the shape.
    std::optional<::tile::LinearLayout>
    getCachedLinearLayout(::mlir::Attribute layout,
                          ::llvm::ArrayRef<int64_t> shape);

  private:
    struct LinearLayoutCache;
    std::unique_ptr<LinearLayoutCache> llCache;
  public:
  }];
}

class Layout_Op<string mnemonic, list<Trait> traits = []>
    : Op<Layout_Dialect, mnemonic, traits>;

#endif // TILE_DIALECT_LAYOUT_IR_LAYOUTBASE_TD
