//===- LayoutTable.h - Text forms of a linear layout ------------*- C++ -*-===//
//
// The table and JSON outputs of tile-layout (docs/tile-layout.md).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LAYOUTPRINT_LAYOUTTABLE_H
#define TILE_LAYOUTPRINT_LAYOUTTABLE_H

#include "tile/LinearLayout/LinearLayout.h"
#include "tile/Support/LLVM.h"

#include <optional>
#include <string>
#include <tuple>
#include <vector>

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

/// One owner of an element: the (block, thread, register) holding it, or for
/// a shared layout (block, 0, offset).
struct Owner {
  int64_t block, thread, reg;
  bool operator<(const Owner &o) const {
    return std::tie(block, thread, reg) < std::tie(o.block, o.thread, o.reg);
  }
};

/// The owners of every element of a layout (row-major element index), sorted,
/// restricted to `options.threads`.
struct LayoutOwners {
  std::vector<SmallVector<Owner, 1>> owners;
  int64_t warpSize = 1;
  int64_t numWarps = 1;
  bool showBlock = false;
  bool shared = false;
  /// The table's text of one owner: `[B<block>:]T<thread>:<register>` or
  /// `[B<block>:]<offset>`.
  std::string ownerText(const Owner &o) const;
  /// The owners' texts of element `index` ("-" when none).
  SmallVector<std::string> cellParts(int64_t index) const;
};

/// Computes the owners; false with `error` set if the layout is too large.
bool computeLayoutOwners(const LinearLayout &ll, ArrayRef<int64_t> shape,
                         bool shared, const TableOptions &options,
                         LayoutOwners &result, std::string &error);

/// The rows and columns a 1-D or 2-D table shows after --rows/--cols and
/// --max-rows/--max-cols; -1 marks an elision. (1-D: one column, 0.)
bool computeShownGrid(ArrayRef<int64_t> shape, const TableOptions &options,
                      SmallVectorImpl<int64_t> &rows,
                      SmallVectorImpl<int64_t> &cols, std::string &error);

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
Attribute parseLayoutAttr(MLIRContext &ctx, StringRef text, std::string &error);

} // namespace tile

#endif // TILE_LAYOUTPRINT_LAYOUTTABLE_H
