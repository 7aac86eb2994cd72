//===- AccessHintSyntax.h - Syntax and checks of access hints ---*- C++ -*-===//
//
// The `latency = N memory_order = X memory_scope = Y` clauses that
// tile.load_tile/store_tile and tile.load_at/store_at share, and their
// verifier (AccessHints.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_DIALECT_TILE_IR_ACCESSHINTSYNTAX_H
#define TILE_LIB_DIALECT_TILE_IR_ACCESSHINTSYNTAX_H

#include "tile/Support/LLVM.h"

#include "mlir/IR/OpImplementation.h"

namespace tile::tl {

/// Parses the optional clauses `latency = N`, `memory_order = weak |
/// relaxed | acquire | release` and `memory_scope = block | device |
/// system`, in any order, each at most once, into `result`'s attributes.
ParseResult parseAccessHints(OpAsmParser &parser, OperationState &result);

/// Prints the clauses `op` has, in the order latency, memory_order,
/// memory_scope (nothing for a weak access without latency).
void printAccessHints(OpAsmPrinter &p, Operation *op);

/// The attribute names the clauses print, to elide from the attr-dict.
SmallVector<StringRef, 3> getAccessHintAttrNames();

/// Checks the hints of `op`, a load when `isLoad`: latency in 1..10, an
/// order that fits the direction, a scope only with an order, and the
/// `allow_tma` unit attribute only on weak accesses.
LogicalResult verifyAccessHints(Operation *op, bool isLoad);

} // namespace tile::tl

#endif // TILE_LIB_DIALECT_TILE_IR_ACCESSHINTSYNTAX_H
