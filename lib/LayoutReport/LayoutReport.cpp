//===- LayoutReport.cpp - The layouts a kernel ended up with --------------===//
//
// The page: a summary per kernel, then the source lines that produce
// tensors, in order, each with its ops. A picture is drawn once per
// distinct (layout, shape) and referenced by later ops. Every number comes
// from the functions the compiler itself uses: toLinearLayout,
// chooseConversion (the layout.convert lowering's choice), the access facts
// the lowering reads (annotateAccessFacts) and getVectorWidth (the layout's
// part of a vector).
//
//===----------------------------------------------------------------------===//

#include "tile/LayoutReport/LayoutReport.h"

#include "tile/Conversion/TileToLLVM/LayoutIndexing.h"
#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Dialect/Tile/Analysis/AccessFacts.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/LayoutPrint/ConversionView.h"
#include "tile/LayoutPrint/LayoutSvg.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace tile;

namespace {

std::string escapeHtml(StringRef text) {
  std::string out;
  for (char c : text) {
    if (c == '&')
      out += "&amp;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '"')
      out += "&quot;";
    else
      out += c;
  }
  return out;
}

template <typename T>
std::string printed(T thing) {
  std::string text;
  llvm::raw_string_ostream os(text);
  thing.print(os);
  return text;
}

/// The line of `loc` (FileLineColLoc inside fused/named/call-site
/// locations), or 0.
unsigned lineOf(Location loc) {
  unsigned line = 0;
  loc->walk([&](Location inner) {
    if (auto file = dyn_cast<FileLineColLoc>(inner)) {
      line = file.getLine();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return line;
}

unsigned elementBitsOf(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (isa<tl::PtrType>(element))
    return 64;
  if (element.isIntOrFloat())
    return std::max(8u, element.getIntOrFloatBitWidth());
  return 32;
}

/// The distributed tensor types an op produces.
SmallVector<RankedTensorType> laidOutResults(Operation *op) {
  SmallVector<RankedTensorType> types;
  for (Type type : op->getResultTypes())
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      if (tensor.getEncoding() &&
          isa<layout::DistributedLayoutAttrInterface>(tensor.getEncoding()))
        types.push_back(tensor);
  return types;
}

class ReportWriter {
public:
  ReportWriter(raw_ostream &os, const LayoutReportOptions &options,
               ConvertStrategy strategy)
      : os(os), options(options), defaultStrategy(strategy),
        strategy(strategy) {
    StringRef text = options.sourceText;
    while (!text.empty()) {
      auto [line, rest] = text.split('\n');
      lines.push_back(line);
      text = rest;
    }
  }

  void writeKernel(tl::KernelOp kernel);
  size_t numConverts = 0, numAccesses = 0, numReductions = 0, numTensors = 0;

private:
  /// The picture of `type`'s layout: drawn the first time, linked after.
  void picture(RankedTensorType type);
  void describeConvert(layout::ConvertOp convert);
  void describeAccess(Operation *op);
  void describeReduce(Operation *op);

  raw_ostream &os;
  const LayoutReportOptions &options;
  ConvertStrategy defaultStrategy, strategy;
  SmallVector<StringRef> lines;
  std::map<std::string, int> pictureIds;
};

void ReportWriter::picture(RankedTensorType type) {
  std::string key =
      printed(type.getEncoding()) + " on " +
      llvm::join(llvm::map_range(type.getShape(),
                                 [](int64_t d) { return std::to_string(d); }),
                 "x");
  auto [it, fresh] = pictureIds.try_emplace(key, int(pictureIds.size()));
  if (!fresh) {
    os << "<p class=\"picture-ref\"><a href=\"#picture" << it->second
       << "\">layout picture " << it->second << "</a></p>\n";
    return;
  }
  std::optional<LinearLayout> ll =
      layout::toLinearLayout(type.getEncoding(), type.getShape());
  if (!ll) {
    os << "<p class=\"note\">(no linear form: no picture)</p>\n";
    return;
  }
  TableOptions table;
  table.maxRows = options.maxCells;
  table.maxCols = options.maxCells;
  SvgOptions svg;
  svg.caption = key;
  std::string drawn, error;
  llvm::raw_string_ostream svgOs(drawn);
  os << "<figure id=\"picture" << it->second << "\">";
  if (printLayoutSvg(svgOs, *ll, type.getShape(), /*shared=*/false, table, svg,
                     error))
    os << drawn;
  else
    os << "<p class=\"note\">(" << escapeHtml(error) << ")</p>";
  os << "<figcaption>layout picture " << it->second
     << "</figcaption></figure>\n";
}

void ReportWriter::describeConvert(layout::ConvertOp convert) {
  ++numConverts;
  auto srcType = cast<RankedTensorType>(convert.getSrc().getType());
  auto dstType = cast<RankedTensorType>(convert.getType());
  std::optional<LinearLayout> src =
      layout::toLinearLayout(srcType.getEncoding(), srcType.getShape());
  std::optional<LinearLayout> dst =
      layout::toLinearLayout(dstType.getEncoding(), dstType.getShape());
  os << "<div class=\"convert\"><p><b>layout.convert</b> of <code>"
     << escapeHtml(printed(srcType)) << "</code> from <code>"
     << escapeHtml(printed(srcType.getEncoding())) << "</code> to <code>"
     << escapeHtml(printed(dstType.getEncoding())) << "</code></p>\n";
  ConversionView view;
  std::string error;
  if (!src || !dst ||
      !computeConversionView(*src, *dst, srcType.getShape(),
                             elementBitsOf(srcType), strategy, view, error)) {
    os << "<p class=\"note\">not analyzed: " << escapeHtml(error)
       << "</p></div>\n";
    return;
  }
  os << "<p class=\"lowering\">data movement: " << view.kind
     << "; lowering: " << escapeHtml(view.choiceText) << "</p>\n";
  os << "<p class=\"moves\">elements: ";
  for (unsigned m = 0; m < kNumElementMoves; ++m)
    os << (m ? ", " : "") << view.counts[m] << " "
       << describeElementMove(ElementMove(m));
  os << "</p>\n";
  TableOptions table;
  table.maxRows = options.maxCells;
  table.maxCols = options.maxCells;
  SvgOptions svg;
  svg.caption = "layout.convert of " + printed(srcType);
  svg.fromText = printed(srcType.getEncoding());
  svg.toText = printed(dstType.getEncoding());
  std::string drawn;
  llvm::raw_string_ostream svgOs(drawn);
  if (printConversionSvg(svgOs, view, table, svg, error))
    os << "<figure>" << drawn << "</figure>\n";
  os << "</div>\n";
}

void ReportWriter::describeAccess(Operation *op) {
  RankedTensorType tile;
  for (Type type :
       llvm::concat<Type>(op->getResultTypes(), op->getOperandTypes()))
    if (auto tensor = dyn_cast<RankedTensorType>(type);
        tensor && tensor.getEncoding() &&
        !isa<tl::PtrType>(tensor.getElementType()))
      if (!tile)
        tile = tensor;
  std::optional<tl::PointerAccessFacts> pointer = tl::getPointerAccessFacts(op);
  std::optional<tl::ViewAccessFacts> view = tl::getViewAccessFacts(op);
  if (!pointer && !view)
    return;
  ++numAccesses;
  os << "<p class=\"access\"><b>access</b>: ";
  unsigned bits = tile ? elementBitsOf(tile) : 32;
  unsigned bytes = bits / 8;
  // The layout's part: consecutive registers along each dim.
  SmallVector<int> runs;
  if (tile)
    if (std::optional<LinearLayout> ll =
            layout::toLinearLayout(tile.getEncoding(), tile.getShape()))
      for (int d = 0, e = tile.getRank(); d < e; ++d)
        runs.push_back(getVectorWidth(*ll, d, std::max(1u, 16 / bytes)));
  if (!runs.empty())
    os << "the layout gives each thread runs of ["
       << llvm::join(
              llvm::map_range(runs, [](int r) { return std::to_string(r); }),
              ", ")
       << "] elements per dim (at most 16 bytes); ";
  auto list = [](ArrayRef<int64_t> values) {
    return "[" +
           llvm::join(llvm::map_range(
                          values, [](int64_t v) { return std::to_string(v); }),
                      ", ") +
           "]";
  };
  if (pointer) {
    os << "pointer contiguity " << list(pointer->contiguity) << ", alignment "
       << list(pointer->alignment) << " bytes";
    if (!pointer->maskConstancy.empty())
      os << ", mask constancy " << list(pointer->maskConstancy);
    // The widest vector the layout and the addresses allow
    // (docs/Vectorization.md), and whether the mask is uniform over it.
    int64_t best = 1, bestDim = -1;
    for (size_t d = 0; d < runs.size() && d < pointer->contiguity.size(); ++d) {
      int64_t v = std::min<int64_t>(runs[d], pointer->contiguity[d]);
      v = std::min<int64_t>(v, pointer->alignment[d] / bytes);
      v = int64_t(llvm::bit_floor(uint64_t(std::max<int64_t>(v, 1))));
      if (v > best) {
        best = v;
        bestDim = int64_t(d);
      }
    }
    os << "; vectors of " << best << " elements (" << best * bytes << " bytes)";
    if (bestDim >= 0 && !pointer->maskConstancy.empty() &&
        pointer->maskConstancy[bestDim] < best)
      os << ", the mask not provably uniform over them: each vector is "
            "issued when all its elements are in, element by element "
            "otherwise";
  } else {
    os << "view axis with stride 1: " << view->axis
       << ", alignment of the tile's rows " << view->alignment
       << " bytes, extent divisible by " << view->extentDivisibility;
    int64_t byAlignment = std::max<int64_t>(1, view->alignment / bytes);
    os << "; vectors of up to " << byAlignment
       << " elements by alignment (the lowering tests the rest at run "
          "time, docs/Vectorization.md)";
  }
  os << "</p>\n";
}

void ReportWriter::describeReduce(Operation *op) {
  auto axisAttr = op->getAttrOfType<IntegerAttr>("axis");
  if (!axisAttr || op->getNumOperands() == 0)
    return;
  auto type = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  if (!type || !type.getEncoding())
    return;
  std::optional<LinearLayout> ll =
      layout::toLinearLayout(type.getEncoding(), type.getShape());
  int64_t axis = axisAttr.getInt();
  if (!ll || axis < 0 || axis >= type.getRank())
    return;
  ++numReductions;
  // How many distinct elements along the axis each level spans.
  auto spread = [&](StringRef dim) {
    int64_t count = 1;
    for (int bit = 0; bit < ll->getInDimSizeLog2(dim); ++bit)
      if (ll->getBasis(dim, bit)[axis] != 0)
        count *= 2;
    return count;
  };
  int64_t inThread = spread("register"), lanes = spread("lane"),
          warps = spread("warp");
  os << "<p class=\"reduce\"><b>" << op->getName().getStringRef()
     << "</b> along axis " << axis << ": " << inThread
     << " elements combined in each thread, then " << llvm::Log2_64(lanes)
     << " butterfly shuffle rounds over " << lanes << " lanes, then "
     << (warps > 1
             ? std::to_string(warps) + " warps' partials through shared memory"
             : std::string("no cross-warp step"))
     << "</p>\n";
}

void ReportWriter::writeKernel(tl::KernelOp kernel) {
  tl::annotateAccessFacts(kernel);
  // A kernel's own convert strategy overrides the option, as in the
  // lowering.
  strategy = defaultStrategy;
  if (auto name = kernel->getAttrOfType<StringAttr>("tile.convert_strategy"))
    if (std::optional<ConvertStrategy> own =
            parseConvertStrategy(name.getValue()))
      strategy = *own;
  os << "<h2>kernel <code>@" << escapeHtml(kernel.getSymName())
     << "</code> (num_warps = " << kernel.getNumWarps() << ")</h2>\n";
  // Ops by source line, in order.
  llvm::MapVector<unsigned, SmallVector<Operation *>> byLine;
  kernel.walk([&](Operation *op) {
    bool interesting =
        !laidOutResults(op).empty() || isa<layout::ConvertOp>(op) ||
        tl::getPointerAccessFacts(op) || tl::getViewAccessFacts(op);
    if (interesting)
      byLine[lineOf(op->getLoc())].push_back(op);
  });
  SmallVector<unsigned> order;
  for (auto &entry : byLine)
    order.push_back(entry.first);
  llvm::sort(order);
  for (unsigned line : order) {
    os << "<section class=\"line\" id=\"" << escapeHtml(kernel.getSymName())
       << "-L" << line << "\">\n<h3>";
    if (line > 0 && line <= lines.size())
      os << "line " << line << ": <code>" << escapeHtml(lines[line - 1].trim())
         << "</code>";
    else
      os << "(no source line)";
    os << "</h3>\n";
    for (Operation *op : byLine[line]) {
      os << "<div class=\"op\" data-op=\"" << op->getName().getStringRef()
         << "\">\n";
      if (auto convert = dyn_cast<layout::ConvertOp>(op)) {
        describeConvert(convert);
      } else {
        for (RankedTensorType type : laidOutResults(op)) {
          ++numTensors;
          os << "<p><code>" << op->getName().getStringRef() << "</code> -&gt; "
             << "<code>" << escapeHtml(printed(type)) << "</code></p>\n";
          picture(type);
        }
      }
      describeAccess(op);
      if (op->getName().getStringRef() == "tile.reduce")
        describeReduce(op);
      os << "</div>\n";
    }
    os << "</section>\n";
  }
}

} // namespace

LogicalResult tile::writeLayoutReport(ModuleOp module, raw_ostream &os,
                                      const LayoutReportOptions &options) {
  std::optional<ConvertStrategy> strategy =
      parseConvertStrategy(options.convertStrategy);
  if (!strategy)
    return module.emitError()
           << "bad convert strategy '" << options.convertStrategy
           << "': expected auto, shared or shuffle";
  std::string body;
  llvm::raw_string_ostream bodyOs(body);
  ReportWriter writer(bodyOs, options, *strategy);
  module.walk([&](tl::KernelOp kernel) { writer.writeKernel(kernel); });

  os << "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\">\n"
        "<head><meta charset=\"utf-8\"/><title>layouts of "
     << escapeHtml(options.sourceName)
     << "</title>\n<style>body{font-family:sans-serif;margin:1em}"
        "code{font-family:monospace}section.line{border-top:1px solid "
        "#ccc;margin-top:1em}figure{overflow-x:auto;margin:0.5em 0}"
        ".note{color:#a00}</style></head>\n<body>\n";
  os << "<h1>Layouts of <code>" << escapeHtml(options.sourceName)
     << "</code></h1>\n";
  os << "<p id=\"summary\">" << writer.numTensors << " tensors, "
     << writer.numConverts << " layout conversions, " << writer.numAccesses
     << " global accesses, " << writer.numReductions
     << " reductions, after layout assignment and convert optimization "
        "(the lowering's input). Pictures: docs/tile-layout.md.</p>\n";
  os << body << "</body>\n</html>\n";
  return success();
}
