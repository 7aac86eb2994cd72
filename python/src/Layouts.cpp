//===- Layouts.cpp - tile-layout's outputs for the Python module ----------===//
//
// Parses a layout attribute from its text and prints the forms tile-layout
// prints, through the same library functions (toLinearLayout's uncached
// twin computeLinearLayout, LinearAttr, and the TileLayoutPrint library's
// tables and pictures).
//
//===----------------------------------------------------------------------===//

#include "PythonAPI.h"

#include "tile/LayoutPrint/ConversionView.h"
#include "tile/LayoutPrint/LayoutSvg.h"
#include "tile/LayoutPrint/LayoutTable.h"

#include "tile/CuTe/Eval.h"
#include "tile/Dialect/Layout/IR/LayoutDialect.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace tile;
using namespace tile::python;

namespace {
TextResult okText(std::string value) {
  TextResult r;
  r.ok = true;
  r.value = std::move(value);
  return r;
}

TextResult errorText(std::string error) {
  TextResult r;
  r.error = std::move(error);
  return r;
}

/// One context for every layout query: attributes are uniqued in it, so it
/// must outlive every call; the mutex serializes its diagnostic handlers.
MLIRContext &getContext(std::unique_lock<std::mutex> &lock) {
  static std::mutex mutex;
  static MLIRContext *context = [] {
    auto *ctx = new MLIRContext(MLIRContext::Threading::DISABLED);
    ctx->loadDialect<layout::LayoutDialect>();
    ctx->printOpOnDiagnostic(false);
    return ctx;
  }();
  lock = std::unique_lock<std::mutex>(mutex);
  return *context;
}


/// A parsed layout, its shape and linear form.
struct Resolved {
  Attribute attr;
  SmallVector<int64_t> shape;
  std::optional<LinearLayout> ll;
  bool shared = false;
};

bool resolve(MLIRContext &ctx, const std::string &text,
             const std::vector<int64_t> &shapeIn, Resolved &out,
             std::string &error) {
  out.attr = parseLayoutAttr(ctx, text, error);
  if (!out.attr)
    return false;
  out.shape.assign(shapeIn.begin(), shapeIn.end());
  for (int64_t d : out.shape) {
    if (d <= 0) {
      error = "bad shape: every dim must be a positive integer, got " +
              std::to_string(d);
      return false;
    }
  }
  if (out.shape.empty()) {
    if (auto linear = dyn_cast<layout::LinearAttr>(out.attr)) {
      out.shape = linear.getImpliedShape();
    } else if (auto strided = dyn_cast<layout::StridedAttr>(out.attr)) {
      out.shape = strided.getModeSizes();
    } else {
      error = "a shape is required for this layout (only #layout.linear "
              "and #layout.strided imply theirs)";
      return false;
    }
  }
  out.ll = layout::computeLinearLayout(out.attr, out.shape, &error);
  if (!out.ll)
    return false;
  out.shared = isa<layout::SharedLayoutAttrInterface>(out.attr);
  return true;
}
} // namespace

TextResult tile::python::layoutTable(const std::string &attr,
                                     const std::vector<int64_t> &shape,
                                     unsigned maxRows, unsigned maxCols) {
  std::unique_lock<std::mutex> lock;
  MLIRContext &ctx = getContext(lock);
  std::string error;
  // The strided layout's own (CuTe) table needs no shape, as in tile-layout.
  if (shape.empty()) {
    Attribute parsed = parseLayoutAttr(ctx, attr, error);
    if (!parsed)
      return errorText(error);
    if (auto strided = dyn_cast<layout::StridedAttr>(parsed))
      return okText(cute::formatLayoutTable(strided.getLayout()));
  }
  Resolved r;
  if (!resolve(ctx, attr, shape, r, error))
    return errorText(error);
  TableOptions options;
  options.maxRows = maxRows;
  options.maxCols = maxCols;
  std::string text;
  llvm::raw_string_ostream os(text);
  if (!printLayoutTable(os, *r.ll, r.shape, r.shared, options, error))
    return errorText(error);
  os.flush();
  return okText(text);
}

TextResult tile::python::layoutLinear(const std::string &attr,
                                      const std::vector<int64_t> &shape) {
  std::unique_lock<std::mutex> lock;
  MLIRContext &ctx = getContext(lock);
  std::string error;
  Resolved r;
  if (!resolve(ctx, attr, shape, r, error))
    return errorText(error);
  if (r.shared)
    return errorText("a shared layout has no #layout.linear form; use "
                     "to_linear() (the bases) or table()");
  std::string text;
  llvm::raw_string_ostream os(text);
  Attribute(layout::LinearAttr::get(&ctx, *r.ll)).print(os);
  os.flush();
  return okText(text);
}

TextResult tile::python::layoutJson(const std::string &attr,
                                    const std::vector<int64_t> &shape) {
  std::unique_lock<std::mutex> lock;
  MLIRContext &ctx = getContext(lock);
  std::string error;
  Resolved r;
  if (!resolve(ctx, attr, shape, r, error))
    return errorText(error);
  std::string text;
  llvm::raw_string_ostream os(text);
  printLayoutJson(os, *r.ll, r.shape, r.shared);
  os.flush();
  return okText(text);
}

TextResult tile::python::layoutSvg(const std::string &attr,
                                   const std::vector<int64_t> &shape,
                                   unsigned maxRows, unsigned maxCols,
                                   unsigned elementBits, bool html) {
  std::unique_lock<std::mutex> lock;
  MLIRContext &ctx = getContext(lock);
  std::string error;
  SvgOptions svg;
  svg.html = html;
  svg.elementBits = elementBits;
  svg.caption = attr;
  std::string text;
  llvm::raw_string_ostream os(text);
  if (shape.empty()) {
    Attribute parsed = parseLayoutAttr(ctx, attr, error);
    if (!parsed)
      return errorText(error);
    if (auto strided = dyn_cast<layout::StridedAttr>(parsed)) {
      if (!printCuteSvg(os, strided.getLayout(), svg, error))
        return errorText(error);
      return okText(text);
    }
  }
  Resolved r;
  if (!resolve(ctx, attr, shape, r, error))
    return errorText(error);
  if (auto nvmma = dyn_cast<layout::NvmmaSharedAttr>(r.attr);
      nvmma && !elementBits)
    svg.elementBits = nvmma.getElementBitWidth();
  if (r.shared && !svg.elementBits)
    return errorText("the picture of a shared layout needs element_bits "
                     "(8, 16, 32 or 64): the element size decides the banks");
  if (!shape.empty()) {
    svg.caption += " on ";
    for (auto [i, d] : llvm::enumerate(shape))
      svg.caption += (i ? "x" : "") + std::to_string(d);
  }
  TableOptions options;
  options.maxRows = maxRows;
  options.maxCols = maxCols;
  if (!printLayoutSvg(os, *r.ll, r.shape, r.shared, options, svg, error))
    return errorText(error);
  return okText(text);
}

TextResult tile::python::layoutConvert(const std::string &attr,
                                       const std::string &dstAttr,
                                       const std::vector<int64_t> &shape,
                                       unsigned elementBits,
                                       const std::string &strategyName,
                                       const std::string &format,
                                       unsigned maxRows, unsigned maxCols) {
  std::optional<ConvertStrategy> strategy = parseConvertStrategy(strategyName);
  if (!strategy)
    return errorText("bad strategy '" + strategyName +
                     "': expected auto, shared or shuffle");
  if (format != "text" && format != "svg" && format != "html")
    return errorText("bad format '" + format +
                     "': expected text, svg or html");
  if (!llvm::is_contained({8u, 16u, 32u, 64u}, elementBits))
    return errorText("bad element_bits " + std::to_string(elementBits) +
                     ": expected 8, 16, 32 or 64");
  std::unique_lock<std::mutex> lock;
  MLIRContext &ctx = getContext(lock);
  std::string error;
  Resolved src, dst;
  if (!resolve(ctx, attr, shape, src, error))
    return errorText(error);
  if (!resolve(ctx, dstAttr, std::vector<int64_t>(src.shape.begin(),
                                                  src.shape.end()),
               dst, error))
    return errorText("in the destination layout: " + error);
  ConversionView view;
  if (!computeConversionView(*src.ll, *dst.ll, src.shape, elementBits,
                             *strategy, view, error))
    return errorText(error);
  std::string text;
  llvm::raw_string_ostream os(text);
  if (format == "text") {
    printConversionText(os, view, attr, dstAttr);
    return okText(text);
  }
  SvgOptions svg;
  svg.html = format == "html";
  std::string shapeText;
  for (int64_t d : src.shape)
    shapeText += (shapeText.empty() ? "" : "x") + std::to_string(d);
  svg.caption = "layout.convert of a " + shapeText + " tensor of " +
                std::to_string(elementBits) + "-bit elements";
  svg.fromText = attr;
  svg.toText = dstAttr;
  TableOptions options;
  options.maxRows = maxRows;
  options.maxCols = maxCols;
  if (!printConversionSvg(os, view, options, svg, error))
    return errorText(error);
  return okText(text);
}

TextResult tile::python::layoutCanonical(const std::string &attr) {
  std::unique_lock<std::mutex> lock;
  MLIRContext &ctx = getContext(lock);
  std::string error;
  Attribute parsed = parseLayoutAttr(ctx, attr, error);
  if (!parsed)
    return errorText(error);
  std::string text;
  llvm::raw_string_ostream os(text);
  parsed.print(os);
  os.flush();
  return okText(text);
}

TextResult tile::python::cuteEval(const std::string &expr) {
  llvm::Expected<std::string> result = cute::evaluateExpression(expr);
  if (!result)
    return errorText(llvm::toString(result.takeError()));
  return okText(*result);
}

TextResult tile::python::cuteNormalize(const std::string &text) {
  llvm::Expected<cute::Layout> layout = cute::parseLayout(text);
  if (!layout)
    return errorText(llvm::toString(layout.takeError()));
  return okText(cute::toString(*layout));
}

TextResult tile::python::cuteTable(const std::string &text) {
  llvm::Expected<cute::Layout> layout = cute::parseLayout(text);
  if (!layout)
    return errorText(llvm::toString(layout.takeError()));
  return okText(cute::formatLayoutTable(*layout));
}
