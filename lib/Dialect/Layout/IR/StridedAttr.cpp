//===- StridedAttr.cpp - #layout.strided (CuTe shape:stride) --------------===//
//
// The attribute keeps its layout as canonical CuTe text; the CuTe library
// parses, prints and converts it. (Its parser and printer are in
// LayoutAttrs.cpp, beside the attribute storage.)
//
//===----------------------------------------------------------------------===//

#include "LayoutConversionsDetail.h"

#include "tile/CuTe/Eval.h"
#include "tile/CuTe/LinearLayoutConversion.h"

#include "mlir/IR/DialectImplementation.h"

using namespace tile;
using namespace tile::layout;
using BasisList = std::vector<LinearLayout::Basis>;

LogicalResult StridedAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  StringRef text) {
  llvm::Expected<cute::Layout> layout = cute::parseLayout(text);
  if (!layout)
    return emitError() << "bad CuTe layout '" << text
                       << "': " << llvm::toString(layout.takeError());
  return success();
}

cute::Layout StridedAttr::getLayout() const {
  llvm::Expected<cute::Layout> layout = cute::parseLayout(getText());
  if (!layout) {
    // Unreachable for verified attributes.
    llvm::consumeError(layout.takeError());
    return cute::Layout();
  }
  return *layout;
}

SmallVector<int64_t> StridedAttr::getModeSizes() const {
  cute::Layout layout = getLayout();
  SmallVector<int64_t> sizes;
  for (size_t i = 0; i < layout.rank(); ++i)
    sizes.push_back(layout.mode(i).size());
  return sizes;
}

std::optional<LinearLayout> tile::layout::detail::stridedToLinearLayout(
    StridedAttr attr, ArrayRef<int64_t> shape, std::string *why) {
  cute::Layout layout = attr.getLayout();
  SmallVector<int64_t> sizes = attr.getModeSizes();
  if (ArrayRef<int64_t>(sizes) != shape) {
    if (why) {
      std::string s;
      llvm::raw_string_ostream os(s);
      os << "the strided layout " << attr.getText()
         << " describes a tensor of shape ";
      llvm::interleave(sizes, os, "x");
      os << " (one dim per top-level mode), not ";
      llvm::interleave(shape, os, "x");
      *why = s;
    }
    return std::nullopt;
  }
  SmallVector<std::string> dims;
  for (size_t d = 0; d < shape.size(); ++d)
    dims.push_back("dim" + std::to_string(d));
  llvm::Expected<LinearLayout> forward =
      cute::toLinearLayoutByMode(layout, dims, "offset");
  if (!forward) {
    std::string msg = llvm::toString(forward.takeError());
    if (why)
      *why = "the strided layout " + attr.getText().str() +
             " has no linear form: " + msg;
    return std::nullopt;
  }
  std::optional<LinearLayout> inverse = forward->tryInvert();
  if (!inverse) {
    if (why)
      *why = "the strided layout " + attr.getText().str() +
             " does not map its coordinates one to one onto the offsets "
             "0..N-1, so it has no (offset -> coordinate) linear form";
    return std::nullopt;
  }
  // In the shape of every shared layout: (offset, block) -> (dim0, ...).
  LinearLayout::BasesT bases;
  BasisList &offset = bases["offset"];
  for (int i = 0, e = inverse->getInDimSizeLog2("offset"); i < e; ++i) {
    LinearLayout::Basis b;
    for (const std::string &d : dims)
      b.push_back(inverse->getBasis("offset", i, d));
    offset.push_back(std::move(b));
  }
  bases["block"];
  LinearLayout::DimSizes outDims;
  for (size_t d = 0; d < shape.size(); ++d)
    outDims.push_back({dims[d], static_cast<int32_t>(shape[d])});
  return LinearLayout(std::move(bases), std::move(outDims),
                      /*requireSurjective=*/false);
}
