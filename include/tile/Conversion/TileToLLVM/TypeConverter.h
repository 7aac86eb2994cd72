//===- TypeConverter.h - Types of the tile language in LLVM -----*- C++ -*-===//
//
// The LLVM type converter extended with the tile language's types:
//   tensor<S x T, #layout>  ->  !llvm.struct<(T', T', ...)>, one member per
//                               register of the thread (the layout's
//                               `register` input dim for shape S; T' is T
//                               converted, pointers become !llvm.ptr<1>)
//   !tile.ptr<T>            ->  !llvm.ptr<1>
//   !tile.view<D0x...xT>    ->  !llvm.struct<(ptr<1>, i64 x rank, i64 x rank)>
//                               (base, sizes, strides in elements)
//   !layout.memdesc<...>    ->  !llvm.ptr<3> (the address of the first slot)
//   !layout.tensordesc<...> ->  !llvm.ptr (the generic address of the
//                               tensor map, a __grid_constant__ parameter)
// A tensor without a layout encoding has no conversion.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSION_TILETOLLVM_TYPECONVERTER_H
#define TILE_CONVERSION_TILETOLLVM_TYPECONVERTER_H

#include "tile/LinearLayout/LinearLayout.h"
#include "tile/Support/LLVM.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"

#include <optional>

namespace tile {

class TileLLVMTypeConverter : public mlir::LLVMTypeConverter {
public:
  TileLLVMTypeConverter(MLIRContext *ctx,
                        const mlir::LowerToLLVMOptions &options);

  /// The linear form of a tensor type's layout encoding; std::nullopt when it
  /// has none or it does not fit the shape.
  static std::optional<LinearLayout> getLinearLayout(RankedTensorType type);

  /// Number of registers a thread holds for a tensor of `type` (0 when the
  /// type has no usable layout).
  static int64_t getNumRegisters(RankedTensorType type);
};

} // namespace tile

#endif // TILE_CONVERSION_TILETOLLVM_TYPECONVERTER_H
