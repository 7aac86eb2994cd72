//===- LayoutSvg.h - Pictures of a layout -----------------------*- C++ -*-===//
//
// The svg and html outputs of tile-layout (docs/tile-layout.md).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LAYOUTPRINT_LAYOUTSVG_H
#define TILE_LAYOUTPRINT_LAYOUTSVG_H

#include "tile/LayoutPrint/LayoutTable.h"

#include "tile/CuTe/Layout.h"

namespace tile {

struct SvgOptions {
  /// Wrap the SVG in one self-contained XHTML page.
  bool html = false;
  /// Bits of one element: decides the banks of a shared layout.
  unsigned elementBits = 0;
  /// The caption: the layout and shape as the user wrote them.
  std::string caption;
  /// For a conversion: the two layouts as the user wrote them.
  std::string fromText, toText;
};

/// Draws the table of `ll` for `shape` as an SVG grid: one cell per shown
/// element (the rows and columns the table shows, same elision), its text
/// that of the table's cell; distributed layouts are filled by thread (hue =
/// lane, lightness = warp), shared layouts by bank. A legend follows the
/// grid. Returns false with `error` set as printLayoutTable does.
bool printLayoutSvg(raw_ostream &os, const LinearLayout &ll,
                    ArrayRef<int64_t> shape, bool shared,
                    const TableOptions &options, const SvgOptions &svg,
                    std::string &error);

/// Draws CuTe's print_layout index grid of a shape:stride layout (mode 0
/// down, mode 1 across; modes 1.. grouped for rank > 2), the nested modes
/// outlined, with a legend. False with `error` set beyond 2^16 elements.
bool printCuteSvg(raw_ostream &os, const cute::Layout &layout,
                  const SvgOptions &svg, std::string &error);

} // namespace tile

#endif // TILE_LAYOUTPRINT_LAYOUTSVG_H
