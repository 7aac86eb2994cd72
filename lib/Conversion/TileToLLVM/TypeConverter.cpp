//===- TypeConverter.cpp - Types of the tile language in LLVM ------------===//

#include "tile/Conversion/TileToLLVM/TypeConverter.h"

#include "tile/Conversion/TileToLLVM/LayoutIndexing.h"
#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"

using namespace tile;
namespace LLVM = mlir::LLVM;

TileLLVMTypeConverter::TileLLVMTypeConverter(
    MLIRContext *ctx, const mlir::LowerToLLVMOptions &options)
    : LLVMTypeConverter(ctx, options) {
  addConversion([ctx](tl::PtrType) -> Type {
    return LLVM::LLVMPointerType::get(ctx, 1);
  });
  addConversion([ctx](tl::ViewType type) -> Type {
    SmallVector<Type> fields;
    fields.push_back(LLVM::LLVMPointerType::get(ctx, 1));
    Type i64 = IntegerType::get(ctx, 64);
    fields.append(2 * type.getRank(), i64);
    return LLVM::LLVMStructType::getLiteral(ctx, fields);
  });
  addConversion([ctx](layout::MemDescType) -> Type {
    return LLVM::LLVMPointerType::get(ctx, 3);
  });
  // The generic address of the 128-byte tensor map (a __grid_constant__
  // kernel parameter).
  addConversion([ctx](layout::TensorDescType) -> Type {
    return LLVM::LLVMPointerType::get(ctx, 0);
  });
  addConversion([this](RankedTensorType type) -> std::optional<Type> {
    int64_t numRegs = getNumRegisters(type);
    if (numRegs <= 0)
      return Type();
    Type element = convertType(type.getElementType());
    if (!element)
      return Type();
    SmallVector<Type> fields(numRegs, element);
    return LLVM::LLVMStructType::getLiteral(type.getContext(), fields);
  });
}

std::optional<LinearLayout>
TileLLVMTypeConverter::getLinearLayout(RankedTensorType type) {
  if (!type.getEncoding())
    return std::nullopt;
  std::optional<LinearLayout> ll =
      layout::toLinearLayout(type.getEncoding(), type.getShape());
  // Shared-memory layouts (an "offset" input) do not describe registers.
  if (!ll || ll->hasInDim("offset"))
    return std::nullopt;
  return ll;
}

int64_t TileLLVMTypeConverter::getNumRegisters(RankedTensorType type) {
  std::optional<LinearLayout> ll = getLinearLayout(type);
  if (!ll)
    return 0;
  return ll->getInDimSize(kRegister);
}
