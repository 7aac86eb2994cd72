//===- tile-layout.cpp - Layout calculator and printer --------------------===//
//
//   tile-layout --shape=D0xD1x... [--format=table|linear|json] '<layout>'
//   tile-layout --eval '<CuTe expression>'
//
// The interface is a contract (docs/tile-layout.md): users and scripts rely
// on the output formats and the exit codes (0 ok, 1 bad layout, shape or
// expression, 2 bad usage).
//
//===----------------------------------------------------------------------===//

#include "tile/LayoutPrint/ConversionView.h"
#include "tile/LayoutPrint/LayoutSvg.h"
#include "tile/LayoutPrint/LayoutTable.h"

#include "tile/CuTe/Eval.h"
#include "tile/Dialect/Layout/IR/LayoutDialect.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

using namespace tile;
namespace cl = llvm::cl;

namespace {
enum class Format { Table, Linear, Json, Svg, Html };

cl::OptionCategory category("tile-layout options");

cl::opt<std::string> layoutText(cl::Positional, cl::desc("<layout attribute>"),
                                cl::cat(category));
cl::opt<std::string>
    shapeText("shape",
              cl::desc("Tensor shape, e.g. 64x16 (optional for "
                       "#layout.linear and #layout.strided)"),
              cl::value_desc("D0xD1x..."), cl::cat(category));
cl::opt<Format> format(
    "format", cl::desc("Output format"), cl::init(Format::Table),
    cl::values(clEnumValN(Format::Table, "table",
                          "Gluon-style table of T<thread>:<register> "
                          "(shared layouts: offsets)"),
               clEnumValN(Format::Linear, "linear",
                          "the equivalent #layout.linear attribute"),
               clEnumValN(Format::Json, "json", "shape and bases as JSON"),
               clEnumValN(Format::Svg, "svg",
                          "the table drawn as an SVG grid with a legend"),
               clEnumValN(Format::Html, "html",
                          "the SVG grid in one self-contained HTML page")),
    cl::cat(category));
cl::opt<unsigned> elementBits(
    "element-bits",
    cl::desc("Bits of one element (8, 16, 32, 64): the banks of a shared "
             "layout in --format=svg|html"),
    cl::init(0), cl::cat(category));
cl::opt<std::string> evalText("eval",
                              cl::desc("Evaluate a CuTe layout expression"),
                              cl::value_desc("expr"), cl::cat(category));
cl::opt<std::string> convertTo(
    "convert-to",
    cl::desc("Show a layout.convert from the layout to this one: what moves "
             "and how the compiler lowers it (table: a summary; svg|html: "
             "both layouts side by side)"),
    cl::value_desc("layout"), cl::cat(category));
cl::opt<std::string> convertStrategy(
    "convert-strategy",
    cl::desc("With --convert-to: the lowering strategy, auto (the cost "
             "model, default), shared or shuffle"),
    cl::init("auto"), cl::cat(category));
cl::opt<unsigned> maxRows("max-rows",
                          cl::desc("Elide rows beyond this many (first "
                                   "half, ..., last half); 0 = all"),
                          cl::init(0), cl::cat(category));
cl::opt<unsigned> maxCols("max-cols",
                          cl::desc("Elide columns beyond this many; 0 = all"),
                          cl::init(0), cl::cat(category));
cl::opt<std::string> rowRange("rows",
                              cl::desc("Only rows BEGIN..END-1 of dim 0"),
                              cl::value_desc("BEGIN:END"), cl::cat(category));
cl::opt<std::string>
    threadRange("only-threads",
                cl::desc("Only owners with thread ids BEGIN..END-1 (e.g. one "
                         "warp: 0:32); other elements show '-'"),
                cl::value_desc("BEGIN:END"), cl::cat(category));
cl::opt<std::string> colRange("cols",
                              cl::desc("Only columns BEGIN..END-1 of dim 1"),
                              cl::value_desc("BEGIN:END"), cl::cat(category));

constexpr int kBadInput = 1;
constexpr int kBadUsage = 2;

int usageError(const llvm::Twine &message) {
  llvm::errs() << "tile-layout: " << message
               << "\nusage: tile-layout --shape=D0xD1x... "
                  "[--format=table|linear|json|svg|html] '<layout attribute>'\n"
                  "       tile-layout --eval '<expression>'\n";
  return kBadUsage;
}

int inputError(const llvm::Twine &message) {
  llvm::errs() << "tile-layout: error: " << message << "\n";
  return kBadInput;
}

/// Parses "64x16" into dims.
bool parseShape(StringRef text, SmallVectorImpl<int64_t> &shape,
                std::string &error) {
  text = text.trim();
  if (text.empty()) {
    error = "the shape is empty; write it as D0xD1x..., e.g. 64x16";
    return false;
  }
  SmallVector<StringRef> parts;
  text.split(parts, 'x');
  for (StringRef part : parts) {
    int64_t value;
    if (part.trim().getAsInteger(10, value) || value <= 0) {
      error = "bad shape '" + text.str() + "': '" + part.str() +
              "' is not a positive integer; write it as D0xD1x..., e.g. "
              "64x16";
      return false;
    }
    shape.push_back(value);
  }
  return true;
}

/// Parses "B:E" into a half-open range.
bool parseRange(StringRef text, StringRef what, std::optional<Range> &range,
                std::string &error) {
  auto [b, e] = text.split(':');
  int64_t begin, end;
  if (b.trim().getAsInteger(10, begin) || e.trim().getAsInteger(10, end) ||
      begin < 0 || end <= begin) {
    error = "bad --" + what.str() + "='" + text.str() +
            "': expected BEGIN:END with 0 <= BEGIN < END";
    return false;
  }
  range = {begin, end};
  return true;
}

/// --convert-to: the conversion from the layout (`src`) to convertTo.
int runConvert(MLIRContext &ctx, const LinearLayout &src,
               ArrayRef<int64_t> shape, const TableOptions &options,
               SvgOptions svg) {
  if (format != Format::Table && format != Format::Svg &&
      format != Format::Html)
    return usageError("--convert-to prints --format=table (a summary), svg "
                      "or html");
  std::optional<ConvertStrategy> strategy =
      parseConvertStrategy(convertStrategy);
  if (!strategy)
    return usageError("bad --convert-strategy='" + convertStrategy +
                      "': expected auto, shared or shuffle");
  std::string error;
  Attribute attr = parseLayoutAttr(ctx, convertTo, error);
  if (!attr)
    return inputError("in --convert-to: " + error);
  std::string why;
  std::optional<LinearLayout> dst =
      layout::computeLinearLayout(attr, shape, &why);
  if (!dst)
    return inputError("in --convert-to: " + why);
  unsigned bits = elementBits.getNumOccurrences() ? unsigned(elementBits) : 32;
  ConversionView view;
  if (!computeConversionView(src, *dst, shape, bits, *strategy, view, error))
    return inputError(error);
  if (format == Format::Table) {
    printConversionText(llvm::outs(), view, layoutText, convertTo);
    return 0;
  }
  std::string shapeShown;
  for (int64_t d : shape)
    shapeShown += (shapeShown.empty() ? "" : "x") + std::to_string(d);
  svg.caption = "layout.convert of a " + shapeShown + " tensor of " +
                std::to_string(bits) + "-bit elements";
  svg.fromText = layoutText;
  svg.toText = convertTo;
  if (!printConversionSvg(llvm::outs(), view, options, svg, error))
    return inputError(error);
  return 0;
}

int runEval() {
  llvm::Expected<std::string> result = cute::evaluateExpression(evalText);
  if (!result)
    return inputError(llvm::toString(result.takeError()));
  llvm::outs() << *result << "\n";
  return 0;
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  cl::HideUnrelatedOptions(category);
  std::string clErrors;
  llvm::raw_string_ostream clErrorStream(clErrors);
  if (!cl::ParseCommandLineOptions(argc, argv,
                                   "tile-layout: print and convert layouts\n",
                                   &clErrorStream)) {
    llvm::errs() << clErrors;
    return usageError("bad command line");
  }

  if (evalText.getNumOccurrences()) {
    if (!layoutText.empty() || shapeText.getNumOccurrences() ||
        convertTo.getNumOccurrences())
      return usageError("--eval takes no layout, no --shape and no "
                        "--convert-to");
    return runEval();
  }
  if (layoutText.empty())
    return usageError("no layout attribute given");

  MLIRContext ctx;
  ctx.loadDialect<layout::LayoutDialect>();
  ctx.printOpOnDiagnostic(false);
  std::string error;
  Attribute attr = parseLayoutAttr(ctx, layoutText, error);
  if (!attr)
    return inputError(error);

  TableOptions options;
  options.maxRows = maxRows;
  options.maxCols = maxCols;
  if (rowRange.getNumOccurrences() &&
      !parseRange(rowRange, "rows", options.rows, error))
    return usageError(error);
  if (threadRange.getNumOccurrences() &&
      !parseRange(threadRange, "only-threads", options.threads, error))
    return usageError(error);
  if (colRange.getNumOccurrences() &&
      !parseRange(colRange, "cols", options.cols, error))
    return usageError(error);

  // The strided layout's own table needs no shape.
  if (auto strided = dyn_cast<layout::StridedAttr>(attr);
      strided && format == Format::Table && !shapeText.getNumOccurrences() &&
      !convertTo.getNumOccurrences()) {
    llvm::outs() << cute::formatLayoutTable(strided.getLayout());
    return 0;
  }

  // Its print_layout picture too.
  bool picture = format == Format::Svg || format == Format::Html;
  SvgOptions svg;
  svg.html = format == Format::Html;
  svg.elementBits = elementBits;
  svg.caption = layoutText;
  if (shapeText.getNumOccurrences())
    svg.caption += " on " + shapeText;
  if (auto strided = dyn_cast<layout::StridedAttr>(attr);
      strided && picture && !shapeText.getNumOccurrences() &&
      !convertTo.getNumOccurrences()) {
    if (!printCuteSvg(llvm::outs(), strided.getLayout(), svg, error))
      return inputError(error);
    return 0;
  }

  SmallVector<int64_t> shape;
  if (shapeText.getNumOccurrences()) {
    if (!parseShape(shapeText, shape, error))
      return inputError(error);
  } else if (auto linear = dyn_cast<layout::LinearAttr>(attr)) {
    shape = linear.getImpliedShape();
  } else if (auto strided = dyn_cast<layout::StridedAttr>(attr)) {
    shape = strided.getModeSizes();
  } else {
    return usageError("--shape=D0xD1x... is required for this layout");
  }

  if (elementBits.getNumOccurrences() &&
      !llvm::is_contained({8u, 16u, 32u, 64u}, unsigned(elementBits)))
    return usageError("bad --element-bits=" + llvm::Twine(elementBits) +
                      ": expected 8, 16, 32 or 64");

  std::string why;
  std::optional<LinearLayout> ll =
      layout::computeLinearLayout(attr, shape, &why);
  if (!ll)
    return inputError(why);
  bool shared = isa<layout::SharedLayoutAttrInterface>(attr);

  if (convertTo.getNumOccurrences())
    return runConvert(ctx, *ll, shape, options, svg);

  // #layout.nvmma_shared knows its element size.
  if (auto nvmma = dyn_cast<layout::NvmmaSharedAttr>(attr);
      nvmma && !elementBits.getNumOccurrences())
    svg.elementBits = nvmma.getElementBitWidth();
  if (picture && shared && !svg.elementBits)
    return usageError("--format=svg|html of a shared layout needs "
                      "--element-bits=8|16|32|64: the element size decides "
                      "the banks");

  switch (format) {
  case Format::Linear:
    if (shared)
      return inputError("--format=linear prints a distributed layout as "
                        "#layout.linear; for a shared layout use "
                        "--format=json or --format=table");
    Attribute(layout::LinearAttr::get(&ctx, *ll)).print(llvm::outs());
    llvm::outs() << "\n";
    return 0;
  case Format::Json:
    printLayoutJson(llvm::outs(), *ll, shape, shared);
    return 0;
  case Format::Table:
    if (!printLayoutTable(llvm::outs(), *ll, shape, shared, options, error))
      return inputError(error);
    return 0;
  case Format::Svg:
  case Format::Html: {
    if (!printLayoutSvg(llvm::outs(), *ll, shape, shared, options, svg, error))
      return inputError(error);
    return 0;
  }
  }
  return 0;
}
