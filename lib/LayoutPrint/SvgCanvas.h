//===- SvgCanvas.h - Drawing layouts as SVG (private) -----------*- C++ -*-===//
//
// The drawing pieces the layout pictures share: a canvas that grows with
// what is drawn on it, the palettes (threads: hue by lane, lightness by
// warp; banks), the grid of a layout's owners and its color swatches.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_LAYOUTPRINT_SVGCANVAS_H
#define TILE_LIB_LAYOUTPRINT_SVGCANVAS_H

#include "tile/LayoutPrint/LayoutSvg.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace tile::svg {

inline constexpr int kCharWidth = 7;
inline constexpr int kCellHeight = 34;
inline constexpr int kSwatch = 18;
inline constexpr int kNumBanks = 32;

std::string escape(StringRef text);
std::string hsl(int64_t hue, int64_t saturation, int64_t lightness);
/// The hue of `i` of `n` (a power of two), neighbors far apart.
int64_t spreadHue(int64_t i, int64_t n);
/// The fill of thread `thread`: hue by lane, lightness by warp (4 levels).
std::string threadColor(int64_t thread, int64_t warpSize);
std::string bankColor(int64_t bank);
/// The bank of an element at `offset` (in elements of `bits` bits).
int64_t bankOf(int64_t offset, unsigned bits);

struct Canvas {
  std::string body;
  int width = 0, height = 0;
  void text(int x, int y, StringRef cls, StringRef content,
            StringRef anchor = "middle", int size = 11);
  void rect(int x, int y, int w, int h, StringRef fill, StringRef extra = "");
};

/// Writes the canvas as an SVG document, or an XHTML page holding it.
void emitPicture(raw_ostream &os, const Canvas &canvas, int numCells,
                 const SvgOptions &options);

/// The grid of a layout's owners: one cell per shown element.
struct OwnerGrid {
  const LayoutOwners &owners;
  ArrayRef<int64_t> shape;
  /// Rows and columns shown (-1: elided), as computeShownGrid gives them;
  /// for rank 0 or > 2 every element is a row of one column (a listing).
  SmallVector<int64_t> rows, cols;
  bool listing = false;
  unsigned elementBits = 0;

  /// Computes rows/cols for `owners` and `shape` under `options`.
  static bool build(const LayoutOwners &owners, ArrayRef<int64_t> shape,
                    const TableOptions &options, unsigned elementBits,
                    std::optional<OwnerGrid> &grid, std::string &error);
  int64_t indexOf(int64_t r, int64_t c) const;
  std::string coordText(int64_t r, int64_t c, StringRef sep) const;
  /// The second line of a cell: warps, or banks.
  std::string subText(int64_t index) const;
  /// Width of one cell, enough for the widest text shown (+ `extraChars`).
  int cellWidth(int extraChars = 0) const;
  /// Width of the row labels.
  int labelWidth() const;
};

/// Draws `grid` with its top-left cell at (x0, y0) (labels to the left,
/// column headers above), all cells `cellWidth` wide; `decorate` (if any)
/// adds to each drawn cell, given its element index and box; the texts are
/// centered in the cell right of its first `leftPad` pixels. Returns the
/// number of cells drawn.
int drawOwnerGrid(
    Canvas &canvas, const OwnerGrid &grid, int x0, int y0, int cellWidth,
    int leftPad,
    llvm::function_ref<void(Canvas &, int64_t index, int x, int y, int w)>
        decorate = nullptr);

/// The lane and warp swatches of a distributed layout's legend, from `y`.
void drawThreadSwatches(Canvas &canvas, int &y, int64_t warpSize,
                        int64_t numWarps);

} // namespace tile::svg

#endif // TILE_LIB_LAYOUTPRINT_SVGCANVAS_H
