//===- LayoutConversionsDetail.h - Per-attribute conversions ----*- C++ -*-===//
//
// Private to TileLayoutIR: conversions defined next to their attribute.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_DIALECT_LAYOUT_IR_LAYOUTCONVERSIONSDETAIL_H
#define TILE_LIB_DIALECT_LAYOUT_IR_LAYOUTCONVERSIONSDETAIL_H

#include "tile/Dialect/Layout/IR/LayoutDialect.h"

namespace tile::layout::detail {

/// The (offset) -> (dim0, ...) form of a strided layout, or std::nullopt
/// with the reason in `why`.
std::optional<LinearLayout> stridedToLinearLayout(StridedAttr attr,
                                                  ArrayRef<int64_t> shape,
                                                  std::string *why);

/// The linear form of a CuTe TV layout (ThreadValueAttr.cpp), or
/// std::nullopt with the reason in `why`.
std::optional<LinearLayout> threadValueToLinearLayout(ThreadValueAttr attr,
                                                      ArrayRef<int64_t> shape,
                                                      std::string *why);

/// The linear forms of the tensor-core layouts (MmaAttrs.cpp), or
/// std::nullopt with the reason in `why`.
std::optional<LinearLayout>
nvmmaToLinearLayout(NvmmaAttr attr, ArrayRef<int64_t> shape, std::string *why);
std::optional<LinearLayout> dotOperandToLinearLayout(DotOperandAttr attr,
                                                     ArrayRef<int64_t> shape,
                                                     std::string *why);
std::optional<LinearLayout> nvmmaSharedToLinearLayout(NvmmaSharedAttr attr,
                                                      ArrayRef<int64_t> shape,
                                                      std::string *why);

} // namespace tile::layout::detail

#endif // TILE_LIB_DIALECT_LAYOUT_IR_LAYOUTCONVERSIONSDETAIL_H
