//===- ConversionView.cpp - What a layout conversion moves ----------------===//

#include "tile/LayoutPrint/ConversionView.h"

#include "SvgCanvas.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace tile;
using namespace tile::svg;

StringRef tile::describeElementMove(ElementMove move) {
  switch (move) {
  case ElementMove::InPlace:
    return "in place";
  case ElementMove::InThread:
    return "within a thread";
  case ElementMove::AcrossLanes:
    return "across lanes";
  case ElementMove::AcrossWarps:
    return "across warps";
  case ElementMove::AcrossCTAs:
    return "across CTAs";
  }
  return "unknown";
}

namespace {
/// The badge letter and border color of each move.
struct MoveStyle {
  const char *badge;
  const char *color;
  int strokeWidth;
};
constexpr MoveStyle kMoveStyles[kNumElementMoves] = {
    {"=", "#888888", 1}, {"R", "#1a9a1a", 3}, {"L", "#e07000", 3},
    {"W", "#d01010", 3}, {"C", "#8020c0", 3},
};

ElementMove classify(const Owner &s, const Owner &d, int64_t warpSize) {
  if (s.block != d.block)
    return ElementMove::AcrossCTAs;
  if (s.thread / warpSize != d.thread / warpSize)
    return ElementMove::AcrossWarps;
  if (s.thread != d.thread)
    return ElementMove::AcrossLanes;
  return s.reg == d.reg ? ElementMove::InPlace : ElementMove::InThread;
}

std::string countsText(const ConversionView &view) {
  std::string text;
  for (unsigned m = 0; m < kNumElementMoves; ++m) {
    if (!text.empty())
      text += ", ";
    text += std::to_string(view.counts[m]) + " " +
            describeElementMove(ElementMove(m)).str();
  }
  return text;
}
} // namespace

bool tile::computeConversionView(const LinearLayout &src,
                                 const LinearLayout &dst,
                                 ArrayRef<int64_t> shape, unsigned elementBits,
                                 ConvertStrategy strategy, ConversionView &view,
                                 std::string &error) {
  for (const LinearLayout *ll : {&src, &dst})
    if (ll->hasInDim("offset")) {
      error = "--convert-to converts between distributed layouts; a shared "
              "layout is written with layout.local_store/local_load, not "
              "layout.convert";
      return false;
    }
  std::string why;
  std::optional<ConversionAnalysis> analysis =
      analyzeConversion(src, dst, &why);
  if (!analysis) {
    error = "no layout.convert between these layouts: " + why;
    return false;
  }
  view.src = src;
  view.dst = dst;
  view.shape.assign(shape.begin(), shape.end());
  view.elementBits = elementBits;
  view.kind = stringifyConversionKind(analysis->kind).str();
  view.choice = chooseConversion(src, dst, int(elementBits), strategy);
  view.choiceText = describeConversionChoice(view.choice);

  LayoutOwners from, to;
  if (!computeLayoutOwners(src, shape, /*shared=*/false, {}, from, error) ||
      !computeLayoutOwners(dst, shape, /*shared=*/false, {}, to, error))
    return false;
  view.moves.assign(to.owners.size(), ElementMove::InPlace);
  view.counts = {};
  for (size_t index = 0; index < to.owners.size(); ++index) {
    ElementMove farthest = ElementMove::InPlace;
    for (const Owner &d : to.owners[index]) {
      ElementMove nearest = ElementMove::AcrossCTAs;
      for (const Owner &s : from.owners[index])
        nearest = std::min(nearest, classify(s, d, to.warpSize));
      farthest = std::max(farthest, nearest);
    }
    view.moves[index] = farthest;
    ++view.counts[unsigned(farthest)];
  }
  return true;
}

void tile::printConversionText(raw_ostream &os, const ConversionView &view,
                               StringRef srcText, StringRef dstText) {
  os << "layout.convert of a ";
  llvm::interleave(view.shape, os, "x");
  os << " tensor of " << view.elementBits << "-bit elements\n";
  os << "  from: " << srcText << "\n";
  os << "  to:   " << dstText << "\n";
  os << "data movement: " << view.kind << "\n";
  os << "lowering: " << view.choiceText << "\n";
  os << "elements: " << countsText(view) << "\n";
}

bool tile::printConversionSvg(raw_ostream &os, const ConversionView &view,
                              const TableOptions &options,
                              const SvgOptions &svg, std::string &error) {
  LayoutOwners from, to;
  if (!computeLayoutOwners(view.src, view.shape, false, options, from, error) ||
      !computeLayoutOwners(view.dst, view.shape, false, options, to, error))
    return false;
  std::optional<OwnerGrid> srcGrid, dstGrid;
  if (!OwnerGrid::build(from, view.shape, options, 0, srcGrid, error) ||
      !OwnerGrid::build(to, view.shape, options, 0, dstGrid, error))
    return false;
  // Room for the badge in destination cells.
  int cellWidth = std::max(srcGrid->cellWidth(), dstGrid->cellWidth(2));
  int srcX = srcGrid->labelWidth();
  int gridWidth = int(srcGrid->cols.size()) * cellWidth;
  int dstX = srcX + gridWidth + 40 + dstGrid->labelWidth();
  int y0 = 124;

  Canvas canvas;
  canvas.text(6, 16, "caption", svg.caption, "start", 12);
  canvas.text(6, 34, "from", "from: " + svg.fromText, "start");
  canvas.text(6, 50, "to", "to:   " + svg.toText, "start");
  canvas.text(6, 66, "lowering",
              "data movement: " + view.kind + "; lowering: " + view.choiceText,
              "start");
  canvas.text(6, 82, "counts", "elements: " + countsText(view), "start");
  canvas.text(srcX, y0 - 26, "grid-title", "source", "start", 12);
  canvas.text(dstX, y0 - 26, "grid-title",
              "destination (border and badge: where each value comes from)",
              "start", 12);
  int numCells = drawOwnerGrid(canvas, *srcGrid, srcX, y0, cellWidth,
                               /*leftPad=*/0);
  numCells += drawOwnerGrid(
      canvas, *dstGrid, dstX, y0, cellWidth, /*leftPad=*/2 * kCharWidth,
      [&](Canvas &c, int64_t index, int x, int y, int w) {
        const MoveStyle &style = kMoveStyles[unsigned(view.moves[index])];
        if (view.moves[index] != ElementMove::InPlace)
          c.rect(x + 2, y + 2, w - 4, kCellHeight - 4, "none",
                 "stroke=\"" + std::string(style.color) + "\" stroke-width=\"" +
                     std::to_string(style.strokeWidth) + "\"");
        c.text(x + 5, y + 11, "move", style.badge, "start", 9);
        c.body += "<desc>" + describeElementMove(view.moves[index]).str() +
                  "</desc>\n";
      });

  int y =
      y0 +
      int(std::max(srcGrid->rows.size(), dstGrid->rows.size())) * kCellHeight +
      24;
  canvas.body += "<g id=\"legend\">\n";
  auto line = [&](StringRef text) {
    canvas.text(6, y, "legend", text, "start");
    y += 16;
  };
  line("Legend: each cell is an element of the tensor, [row, column] as "
       "labeled; T<thread>:<register> holds it (thread = lane + " +
       std::to_string(to.warpSize) + " * warp), w<warp> below.");
  line("Fill: the first owner's thread: hue = lane, lightness = warp. "
       "Dashed border and xN: the element is held by N threads.");
  line("Destination badges: where the value comes from, for the owner "
       "that has to reach farthest:");
  y += 2;
  for (unsigned m = 0; m < kNumElementMoves; ++m) {
    const MoveStyle &style = kMoveStyles[m];
    canvas.rect(20, y - 11, kSwatch, 14, "white",
                "stroke=\"" + std::string(style.color) + "\" stroke-width=\"" +
                    std::to_string(style.strokeWidth) + "\"");
    canvas.text(24, y, "legend", style.badge, "start", 9);
    canvas.text(46, y, "legend",
                describeElementMove(ElementMove(m)).str() + " (" +
                    std::to_string(view.counts[m]) + ")",
                "start");
    y += 18;
  }
  line("'...': rows or columns elided.");
  y += 4;
  drawThreadSwatches(canvas, y, to.warpSize, to.numWarps);
  canvas.body += "</g>\n";
  emitPicture(os, canvas, numCells, svg);
  return true;
}
