//===- LayoutDialect.h - The layout dialect ---------------------*- C++ -*-===//
//
// Everything of the `layout` dialect: the dialect, its attributes, their
// interfaces, its ops, and the free functions through which the rest of the
// compiler asks for a layout's linear form.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_LAYOUT_IR_LAYOUTDIALECT_H
#define TILE_DIALECT_LAYOUT_IR_LAYOUTDIALECT_H

#include "tile/CuTe/Layout.h"
#include "tile/LinearLayout/LinearLayout.h"
#include "tile/LinearLayout/MmaLayouts.h"
#include "tile/Support/LLVM.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <optional>

#include "tile/Dialect/Layout/IR/LayoutDialect.h.inc"

#include "tile/Dialect/Layout/IR/LayoutAttrInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tile/Dialect/Layout/IR/LayoutAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tile/Dialect/Layout/IR/LayoutTypes.h.inc"

#define GET_OP_CLASSES
#include "tile/Dialect/Layout/IR/LayoutOps.h.inc"

namespace tile::layout {

/// The linear form of a layout attribute of this dialect for a tensor of
/// `shape`: (register, lane, warp, block) -> (dim0, ...) for distributed
/// layouts, (offset, block) -> (dim0, ...) for shared ones. std::nullopt if
/// `layout` is not a layout attribute or does not fit `shape`. Cached per
/// context.
std::optional<LinearLayout> toLinearLayout(Attribute layout,
                                           ArrayRef<int64_t> shape);

/// True if both layouts fit `shape` and have equal linear forms.
bool areLayoutsEquivalent(Attribute a, Attribute b, ArrayRef<int64_t> shape);

/// Succeeds if `layout` is a layout attribute that fits `shape`; otherwise
/// reports why through `emitError`.
LogicalResult
verifyLayoutForShape(Attribute layout, ArrayRef<int64_t> shape,
                     llvm::function_ref<InFlightDiagnostic()> emitError);

/// Like toLinearLayout, uncached, with the reason for a failure in `why`.
std::optional<LinearLayout> computeLinearLayout(Attribute layout,
                                                ArrayRef<int64_t> shape,
                                                std::string *why);

/// True for attributes implementing one of the layout interfaces.
bool isLayoutAttr(Attribute attr);

/// Succeeds if `layout` can say which thread copies which element of an
/// asynchronous copy of a `shape` tile: a distributed layout that fits the
/// shape and gives every element to one lane of one warp (no broadcast);
/// otherwise reports why through `emitError`.
LogicalResult
verifyAsyncCopyLayout(Attribute layout, ArrayRef<int64_t> shape,
                      llvm::function_ref<InFlightDiagnostic()> emitError);

} // namespace tile::layout

#endif // TILE_DIALECT_LAYOUT_IR_LAYOUTDIALECT_H
