//===- MixedIndexList.h - Lists of static and dynamic extents ---*- C++ -*-===//
//
// The `[4, %n, 8]` lists of make_view's shape and strides and of
// global_tensor's shape: integers are kept in an array attribute,
// ShapedType::kDynamic where a value (`%v`, i32, or `%v : T`) stands.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_DIALECT_TILE_IR_MIXEDINDEXLIST_H
#define TILE_LIB_DIALECT_TILE_IR_MIXEDINDEXLIST_H

#include "tile/Support/LLVM.h"

#include "mlir/IR/OpImplementation.h"

namespace tile::tl {

/// `[` (integer | `%v` (`:` type)?)* `]`
ParseResult
parseMixedList(OpAsmParser &parser,
               SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands,
               SmallVectorImpl<Type> &types, SmallVectorImpl<int64_t> &statics);

void printMixedList(OpAsmPrinter &p, ArrayRef<int64_t> statics,
                    ValueRange values);

/// The list as OpFoldResults: integer attributes, and `values` in order
/// where `statics` is dynamic.
SmallVector<OpFoldResult> getMixed(Builder b, ArrayRef<int64_t> statics,
                                   ValueRange values);

} // namespace tile::tl

#endif // TILE_LIB_DIALECT_TILE_IR_MIXEDINDEXLIST_H
