//===- ConversionView.h - What a layout conversion moves --------*- C++ -*-===//
//
// `tile-layout --convert-to` (docs/tile-layout.md): for a conversion of a
// tensor from one distributed layout to another, how far each element
// travels (nowhere, within its thread, across lanes of a warp, across warps,
// across CTAs), and how the compiler lowers the conversion, with the cost
// model's estimates (ConversionChoice.h): as text, or the two layouts drawn
// side by side with every destination element marked.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LAYOUTPRINT_CONVERSIONVIEW_H
#define TILE_LAYOUTPRINT_CONVERSIONVIEW_H

#include "tile/LayoutPrint/LayoutSvg.h"
#include "tile/LayoutPrint/LayoutTable.h"
#include "tile/LinearLayout/ConversionChoice.h"

#include <array>

namespace tile {

/// How far one element travels, from cheapest to dearest.
enum class ElementMove {
  /// Same thread, same register index.
  InPlace,
  /// Same thread, another register.
  InThread,
  /// Another lane of the same warp.
  AcrossLanes,
  /// Another warp of the same CTA.
  AcrossWarps,
  /// Another CTA.
  AcrossCTAs,
};
inline constexpr unsigned kNumElementMoves = 5;
StringRef describeElementMove(ElementMove move);

struct ConversionView {
  LinearLayout src, dst;
  SmallVector<int64_t> shape;
  unsigned elementBits = 32;
  /// Per element (row-major): the farthest any destination owner's value
  /// comes from (the nearest source owner for each destination owner).
  std::vector<ElementMove> moves;
  std::array<int64_t, kNumElementMoves> counts = {};
  /// analyzeConversion's classification ("warp-shuffle", ...).
  std::string kind;
  /// The lowering the compiler picks and its description.
  ConversionChoice choice;
  std::string choiceText;
};

/// Analyzes the conversion of a `shape` tensor of `elementBits`-bit
/// elements from `src` to `dst` (both distributed) under `strategy`. False
/// with `error` set when the two layouts cannot be converted into each
/// other (different shapes, thread counts) or are too large to list.
bool computeConversionView(const LinearLayout &src, const LinearLayout &dst,
                           ArrayRef<int64_t> shape, unsigned elementBits,
                           ConvertStrategy strategy, ConversionView &view,
                           std::string &error);

/// The text form: the classification, the lowering, the counts per move.
void printConversionText(raw_ostream &os, const ConversionView &view,
                         StringRef srcText, StringRef dstText);

/// The two layouts' grids side by side (source left, destination right,
/// same elision as the table format), each destination cell bordered and
/// badged by its move; the lowering and the counts in the caption; a legend.
bool printConversionSvg(raw_ostream &os, const ConversionView &view,
                        const TableOptions &options, const SvgOptions &svg,
                        std::string &error);

} // namespace tile

#endif // TILE_LAYOUTPRINT_CONVERSIONVIEW_H
