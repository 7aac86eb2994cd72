//===- LayoutTable.h - Text forms of a linear layout ------------*- C++ -*-===//
//
// The table and JSON outputs of tile-layout (docs/tile-layout.md).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_TILE_LAYOUT_LAYOUTTABLE_H
#define TILE_TOOLS_TILE_LAYOUT_LAYOUTTABLE_H

#include "tile/LinearLayout/LinearLayout.h"
#include "tile/Support/LLVM.h"

#include <optional>
#include <string>

namespace tile {

/// A half-open range [begin, end) of indices along one dim.
struct Range {
  int64_t begin = 0;
  int64_t end = 0;
};

struct TableOptions {
  /// Elide rows (columns) beyond this many: the first ceil(n/2) and the last
  /// floor(n/2) are shown around a `...`. 0 shows everything.
  unsigned maxRows = 0;
  unsigned maxCols = 0;
  /// Restrict the table to these rows (dim 0) and columns (dim 1).
  std::optional<Range> rows;
  std::optional<Range> cols;
  /// Show only owners whose thread id is in this range (e.g. one warp).
  std::optional<Range> threads;
};

/// Prints the Gluon-style table of `ll` for `shape`: each element shows the
/// (block,) thread and register owning it, `T<thread>:<register>` with
/// thread = lane + warpSize * warp (`B<block>:` in front when there are
/// several blocks), copies joined with `|`; for a shared layout, the
/// element's offset. Returns false with `error` set if the table would be
/// too large or a range is out of bounds.
bool printLayoutTable(raw_ostream &os, const LinearLayout &ll,
                      ArrayRef<int64_t> shape, bool shared,
                      const TableOptions &options, std::string &error);

/// `{"shape": [...], "bases": {"register": [...], "lane": ..., "warp": ...,
/// "block": ...}}` (shared: "offset" and "block"), one line.
void printLayoutJson(raw_ostream &os, const LinearLayout &ll,
                     ArrayRef<int64_t> shape, bool shared);

/// Parses the text of one layout attribute (the dialect must be loaded in
/// `ctx`). On failure returns null and sets `error` to the diagnostic,
/// prefixed with the column, plus a hint when the text is not an attribute.
Attribute parseLayoutAttr(MLIRContext &ctx, StringRef text,
                          std::string &error);

} // namespace tile

#endif // TILE_TOOLS_TILE_LAYOUT_LAYOUTTABLE_H
