//===- TileTypes.td - Types of the tile dialect ------------*- tablegen -*-===//

#ifndef TILE_DIALECT_TILE_IR_TILETYPES_TD
#define TILE_DIALECT_TILE_IR_TILETYPES_TD

include "tile/Dialect/Tile/IR/TileDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class Tile_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Tile_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Tile_PtrType : Tile_Type<"Ptr", "ptr", [
    DeclareTypeInterfaceMethods<PtrLikeTypeInterface>]> {
  let summary = "pointer to global memory";
  let description = [{
    `!tile.ptr<T>` points to global memory holding elements of the scalar
    type `T` (an integer or floating-point type). It lowers to
    `!llvm.ptr<1>`. It implements `PtrLikeTypeInterface` (element type `T`,
    no memory-space attribute: always global), through which the layout
    dialect's ops check pointer operands without knowing the tile dialect.

    ```mlir
    !tile.ptr<f32>
    ```
  }];
  let parameters = (ins "::mlir::Type":$pointeeType);
  let assemblyFormat = "`<` $pointeeType `>`";
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$pointeeType), [{
      return $_get(pointeeType.getContext(), pointeeType);
    }]>
  ];
}

def Tile_ViewType : Tile_Type<"View", "view"> {
  let summary = "a view of a tensor in global memory";
  let description = [{
    `!tile.view<DxDx...xT>` is a tensor in global memory: a base pointer, a
    shape whose entries are static or dynamic (`?`), and strides in elements
    held at run time. With the optional layout parameter
    (`!tile.view<64x64xf32, #layout.strided<...>>`), the layout attribute
    fixes the strides instead and the view has no dynamic strides.

    ```mlir
    !tile.view<?x128xf32>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$shape,
    "::mlir::Type":$elementType,
    OptionalParameter<"::mlir::Attribute">:$layout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins
        "::llvm::ArrayRef<int64_t>":$shape, "::mlir::Type":$elementType,
        CArg<"::mlir::Attribute", "{}">:$layout), [{
      return $_get(elementType.getContext(), shape, elementType, layout);
    }]>
  ];
  let extraClassDeclaration = [{
    int64_t getRank() const { return getShape().size(); }
    bool isDynamicDim(unsigned i) const {
      return ::mlir::ShapedType::isDynamic(getShape()[i]);
    }
    int64_t getNumDynamicDims() const {
      return llvm::count_if(getShape(), ::mlir::ShapedType::isDynamic);
    }
  }];
}

#endif // TILE_DIALECT_TILE_IR_TILETYPES_TD
