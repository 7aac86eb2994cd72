//===- Eval.h - CuTe notation: parse, print, evaluate -----------*- C++ -*-===//
//
// The text interface of the CuTe library, used by `tile-layout --eval`,
// `tile-layout --format=table` and the `#layout.strided<...>` attribute.
//
// Notation (CuTe's, without spaces or static markers):
//   integer      `4`, `-2`
//   tuple        `(3,4)`, `(4,(2,3))`, `(2,_)` (a shape, profile, coordinate)
//   layout       `Shape:Stride`, e.g. `(4,(2,3)):(2,(1,8))`, `8:1`
//   swizzled     `Sw<B,M,S> o Shape:Stride` or `Sw<B,M,S> o off o
//                Shape:Stride` (CuTe's ComposedLayout; `o` is the letter o)
//   tiler        `<3:3,(2,4):(1,8)>` (a tuple of layouts / integers / `_`)
//   scaled basis `1@0`, `1@0@1` (strides of coordinate layouts; not in
//                parseLayout, a memory layout has integer strides)
//   `_`          the slicing placeholder
//   calls        CuTe's function names, nested:
//                `logical_divide((6,8):(8,1),(3,4))`
// docs/CuTe.md has the grammar and every function.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CUTE_EVAL_H
#define TILE_CUTE_EVAL_H

#include "tile/CuTe/Layout.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace tile {
namespace cute {

/// Evaluates a CuTe expression and prints its value in CuTe notation with
/// no spaces (e.g. `crd2idx((1,2),(2,(2,2)):(4,(2,1)))` gives `5`). Errors
/// say what is wrong and at which column (1-based), e.g.
/// "column 12: expected ')'" or "column 1: composition: ...".
llvm::Expected<std::string> evaluateExpression(llvm::StringRef text);

/// Parses one layout in `Shape:Stride` notation, optionally swizzled
/// (`Sw<3,4,3> o (8,64):(64,1)`, `Sw<3,4,3> o 32 o (8,64):(64,1)`).
/// Surrounding whitespace is allowed. Errors carry the column.
llvm::Expected<Layout> parseLayout(llvm::StringRef text);

/// Prints a layout the way parseLayout reads it (round trip). Declared in
/// Layout.h as well.
std::string toString(const Layout &layout);

/// The index table of CuTe's print_layout: the layout on the first line,
/// then a grid with one row per coordinate of mode 0 and one column per
/// coordinate of mode 1. A rank-1 layout is padded to rank 2 with a `1:0`
/// mode (one column), as CuTe's print_latex does; for rank > 2, modes 1..
/// are grouped into the column mode (columns in colex order).
std::string formatLayoutTable(const Layout &layout);

} // namespace cute
} // namespace tile

#endif // TILE_CUTE_EVAL_H
