//===- LayoutSvg.cpp - Pictures of a layout -------------------------------===//
//
// An SVG grid of the table format's cells (LayoutTable.cpp): same cells,
// same elision, plus color and a legend. Every coordinate is an integer and
// nothing depends on the environment, so the output is deterministic.
//
// Each cell is
//
//   <g class="cell" data-coord="R,C"><rect .../>
//     <text class="owner">T33:2|T97:2</text><text class="sub">w1|w3</text>
//     <title>...</title></g>
//
// where the owner text is the table's cell without its alignment padding;
// elided rows and columns are <text class="elided">...</text>.
//
//===----------------------------------------------------------------------===//

#include "tile/LayoutPrint/LayoutSvg.h"

#include "SvgCanvas.h"

#include "tile/CuTe/IntTuple.h"
#include "llvm/ADT/STLExtras.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace tile;
using namespace tile::svg;

namespace {
constexpr int64_t kMaxCuteCells = int64_t(1) << 16;
} // namespace

bool tile::printLayoutSvg(raw_ostream &os, const LinearLayout &ll,
                          ArrayRef<int64_t> shape, bool shared,
                          const TableOptions &options, const SvgOptions &svg,
                          std::string &error) {
  LayoutOwners owners;
  if (!computeLayoutOwners(ll, shape, shared, options, owners, error))
    return false;
  std::optional<OwnerGrid> grid;
  if (!OwnerGrid::build(owners, shape, options, svg.elementBits, grid, error))
    return false;
  int x0 = grid->labelWidth(), y0 = 44;

  Canvas canvas;
  canvas.text(6, 16, "caption", svg.caption, "start", 12);
  int numCells = drawOwnerGrid(canvas, *grid, x0, y0, grid->cellWidth(),
                               /*leftPad=*/0);

  // The legend.
  int y = y0 + int(grid->rows.size()) * kCellHeight + 24;
  canvas.body += "<g id=\"legend\">\n";
  auto line = [&](StringRef text) {
    canvas.text(6, y, "legend", text, "start");
    y += 16;
  };
  std::string ws = std::to_string(owners.warpSize);
  if (shared) {
    std::string bits = std::to_string(svg.elementBits);
    line("Legend: each cell is an element of the tensor, [row, column] as "
         "labeled.");
    line("Top: the element's offset in the shared buffer, in elements of " +
         bits + " bits" + (owners.showBlock ? " (B<block>: per CTA)" : "") +
         ".");
    line("Bottom and fill: its bank b = (offset * " + bits +
         " / 32) mod 32, of 32 banks of 4 bytes; the swizzle spreads a "
         "column over the banks.");
  } else {
    line("Legend: each cell is an element of the tensor, [row, column] as "
         "labeled.");
    line("Top: the threads and registers holding it, T<thread>:<register>, "
         "thread = lane + " +
         ws + " * warp" + (owners.showBlock ? ", B<block>: the CTA" : "") +
         ". Bottom: the warp(s), w<warp>.");
    line("Fill: the first owner's thread: hue = lane (neighbors far apart), "
         "lightness = warp (4 levels, repeating).");
    line("Dashed border and xN: broadcast copies, the element is held by N "
         "threads.");
  }
  line("'-': no owner among the threads shown; '...': rows or columns "
       "elided.");
  y += 4;
  if (shared) {
    canvas.text(6, y + 13, "legend", "bank", "start");
    for (int b = 0; b < kNumBanks; ++b) {
      int x = 60 + b * (kSwatch + 4);
      canvas.rect(x, y, kSwatch, kSwatch, bankColor(b), "stroke=\"#555\"");
      canvas.text(x + kSwatch / 2, y + kSwatch + 11, "legend",
                  std::to_string(b), "middle", 8);
    }
    y += kSwatch + 20;
  } else {
    drawThreadSwatches(canvas, y, owners.warpSize, owners.numWarps);
  }
  canvas.body += "</g>\n";

  emitPicture(os, canvas, numCells, svg);
  return true;
}

bool tile::printCuteSvg(raw_ostream &os, const cute::Layout &layout,
                        const SvgOptions &svg, std::string &error) {
  int64_t size = layout.size();
  if (size > kMaxCuteCells) {
    error = "the layout has " + std::to_string(size) +
            " elements: too large for a picture (at most " +
            std::to_string(kMaxCuteCells) + "); use --format=table";
    return false;
  }
  // CuTe's print_layout grid: mode 0 down, mode 1 (modes 1.. grouped,
  // colex) across; cell (m, n) is layout(m + n * rows).
  size_t rank = layout.rank();
  int64_t rows = rank >= 2 ? cute::product(layout.shape()[0]) : size;
  int64_t cols = rank >= 2 ? size / std::max<int64_t>(rows, 1) : 1;
  // Nested modes are outlined every `inner` rows (columns): the size of the
  // mode's first sub-mode; with rank > 2 every mode-1 size.
  auto innerOf = [](const cute::IntTuple &mode) -> int64_t {
    return mode.isTuple() && mode.rank() > 1 ? cute::product(mode[0]) : 0;
  };
  int64_t rowInner =
      rank >= 2 ? innerOf(layout.shape()[0]) : innerOf(layout.shape());
  int64_t colInner = rank == 2  ? innerOf(layout.shape()[1])
                     : rank > 2 ? cute::product(layout.shape()[1])
                                : 0;
  size_t maxChars = 3;
  for (int64_t i = 0; i < size; ++i)
    maxChars = std::max(maxChars, std::to_string(layout(i)).size());
  int cellWidth = int(maxChars) * kCharWidth + 14, cellHeight = 24;
  int x0 = int(std::to_string(rows).size()) * kCharWidth + 14, y0 = 44;

  Canvas canvas;
  canvas.text(6, 16, "caption", svg.caption, "start", 12);
  for (int64_t n = 0; n < cols; ++n)
    canvas.text(x0 + int(n) * cellWidth + cellWidth / 2, y0 - 8, "index",
                std::to_string(n));
  int numCells = 0;
  for (int64_t m = 0; m < rows; ++m) {
    int y = y0 + int(m) * cellHeight;
    canvas.text(x0 - 8, y + 16, "index", std::to_string(m), "end");
    for (int64_t n = 0; n < cols; ++n) {
      int x = x0 + int(n) * cellWidth;
      int64_t value = layout(m + n * rows);
      ++numCells;
      canvas.body += "<g class=\"cell\" data-coord=\"" + std::to_string(m) +
                     "," + std::to_string(n) + "\">\n";
      canvas.rect(x, y, cellWidth, cellHeight,
                  hsl(spreadHue(((value % 8) + 8) % 8, 8), 60, 84),
                  "stroke=\"#555\" stroke-width=\"1\"");
      canvas.text(x + cellWidth / 2, y + 16, "owner", std::to_string(value));
      canvas.body += "</g>\n";
    }
  }
  // The outlines of the modes: the grid, and the nested sub-modes.
  int gridWidth = int(cols) * cellWidth, gridHeight = int(rows) * cellHeight;
  auto line = [&](int x1, int y1, int x2, int y2) {
    canvas.body += "<line class=\"mode\" x1=\"" + std::to_string(x1) +
                   "\" y1=\"" + std::to_string(y1) + "\" x2=\"" +
                   std::to_string(x2) + "\" y2=\"" + std::to_string(y2) +
                   "\" stroke=\"black\" stroke-width=\"3\"/>\n";
  };
  canvas.rect(x0, y0, gridWidth, gridHeight, "none",
              "class=\"mode\" stroke=\"black\" stroke-width=\"3\"");
  for (int64_t m = rowInner; rowInner && m < rows; m += rowInner)
    line(x0, y0 + int(m) * cellHeight, x0 + gridWidth,
         y0 + int(m) * cellHeight);
  for (int64_t n = colInner; colInner && n < cols; n += colInner)
    line(x0 + int(n) * cellWidth, y0, x0 + int(n) * cellWidth, y0 + gridHeight);

  int y = y0 + gridHeight + 24;
  canvas.body += "<g id=\"legend\">\n";
  auto legendLine = [&](StringRef text) {
    canvas.text(6, y, "legend", text, "start");
    y += 16;
  };
  legendLine("Legend: CuTe's print_layout grid: row m is coordinate m of "
             "mode 0, column n coordinate n of mode 1" +
             std::string(rank > 2 ? " (modes 1.. grouped, colex)" : "") + ".");
  legendLine("Each cell shows the index layout(m + n * " +
             std::to_string(rows) + ")" +
             (layout.isSwizzled() ? ", after the swizzle" : "") +
             "; fill: index mod 8.");
  legendLine("Thick lines: the outline of the modes and of their nested "
             "sub-modes.");
  canvas.body += "</g>\n";
  emitPicture(os, canvas, numCells, svg);
  return true;
}
