//===- TileDialect.h - The tile dialect --------------------------*- C++ -*-===//
//
// The dialect, its types, enumerations and operations (namespace tile::tl).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_TILEDIALECT_H
#define TILE_DIALECT_TILE_IR_TILEDIALECT_H

#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Support/LLVM.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tile/Dialect/Tile/IR/TileDialect.h.inc"
#include "tile/Dialect/Tile/IR/TileEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tile/Dialect/Tile/IR/TileAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tile/Dialect/Tile/IR/TileTypes.h.inc"

#define GET_OP_CLASSES
#include "tile/Dialect/Tile/IR/TileOps.h.inc"

namespace tile::tl {

/// The argument attribute of a hidden TMA descriptor parameter of a kernel
/// (a !layout.tensordesc): the dictionary that tells the launcher how to
/// build it (docs/Lowering.md, "TMA descriptors").
inline constexpr llvm::StringLiteral kTmaDescriptorArgAttr = "tile.tma";

/// True if `n` is a positive power of two.
inline bool isPowerOf2(int64_t n) { return n > 0 && (n & (n - 1)) == 0; }

/// `type` with its element type replaced: a tensor keeps its shape and
/// encoding; a scalar becomes `elementType`.
Type replaceElementType(Type type, Type elementType);

} // namespace tile::tl

#endif // TILE_DIALECT_TILE_IR_TILEDIALECT_H
