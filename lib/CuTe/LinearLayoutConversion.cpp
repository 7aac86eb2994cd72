//===- LinearLayoutConversion.cpp - CuTe layouts <-> LinearLayout ---------===//

#include "tile/CuTe/LinearLayoutConversion.h"
#include "tile/CuTe/Algebra.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/MathExtras.h"

using namespace tile;
using namespace tile::cute;

static llvm::Error makeError(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

/// Appends the images of the index bits of one mode to `bases`.
static llvm::Error collectBases(const Layout &whole, const IntTuple &shape,
                                const IntTuple &stride,
                                std::vector<int64_t> &bases) {
  std::vector<IntTuple> s = leaves(shape), d = leaves(stride);
  for (size_t i = 0; i < s.size(); ++i) {
    int64_t n = s[i].value(), st = d[i].value();
    if (!llvm::isPowerOf2_64(static_cast<uint64_t>(n)))
      return makeError("to_linear_layout: " + toString(whole) + " has shape " +
                       llvm::Twine(n) + ", which is not a power of two");
    if (st < 0 || (st != 0 && !llvm::isPowerOf2_64(static_cast<uint64_t>(st))))
      return makeError("to_linear_layout: " + toString(whole) + " has stride " +
                       llvm::Twine(st) +
                       ", which is neither 0 nor a power of two");
    for (int64_t bit = 1; bit < n; bit *= 2)
      bases.push_back(st * bit);
  }
  return llvm::Error::success();
}

static llvm::Expected<LinearLayout>
buildLinear(const Layout &layout,
            const std::vector<std::pair<std::string, IntTuple>> &modes,
            const std::vector<IntTuple> &strides, llvm::StringRef outDim) {
  if (layout.isSwizzled() && layout.swizzleOffset() != 0)
    return makeError("to_linear_layout: " + toString(layout) +
                     " has a nonzero swizzle offset, which is not linear");
  LinearLayout::BasesT bases;
  llvm::DenseSet<int64_t> seen;
  for (size_t m = 0; m < modes.size(); ++m) {
    std::vector<int64_t> vals;
    if (auto err = collectBases(layout, modes[m].second, strides[m], vals))
      return std::move(err);
    std::vector<LinearLayout::Basis> dimBases;
    for (int64_t v : vals) {
      if (v != 0 && !seen.insert(v).second)
        return makeError("to_linear_layout: " + toString(layout) +
                         " is not F2-linear: two index bits both map to "
                         "offset " +
                         llvm::Twine(v) + " (their sum would carry)");
      if (v >= (int64_t(1) << 30))
        return makeError("to_linear_layout: offset " + llvm::Twine(v) + " of " +
                         toString(layout) + " is too large");
      int64_t image = layout.isSwizzled() ? layout.swizzle()->apply(v) : v;
      if (image >= (int64_t(1) << 30))
        return makeError("to_linear_layout: offset " + llvm::Twine(image) +
                         " of " + toString(layout) + " is too large");
      dimBases.push_back({static_cast<int32_t>(image)});
    }
    if (!bases.insert({modes[m].first, std::move(dimBases)}).second)
      return makeError("to_linear_layout: input dim '" + modes[m].first +
                       "' is named twice");
  }
  std::string error;
  std::vector<std::string> outNames{outDim.str()};
  auto ll = LinearLayout::tryCreate(std::move(bases), outNames, &error);
  if (!ll)
    return makeError("to_linear_layout: " + error);
  return *ll;
}

llvm::Expected<LinearLayout>
tile::cute::toLinearLayout(const Layout &layout, llvm::StringRef inDim,
                           llvm::StringRef outDim) {
  return buildLinear(layout, {{inDim.str(), layout.shape()}}, {layout.stride()},
                     outDim);
}

llvm::Expected<LinearLayout>
tile::cute::toLinearLayoutByMode(const Layout &layout,
                                 llvm::ArrayRef<std::string> inDims,
                                 llvm::StringRef outDim) {
  if (inDims.size() != layout.rank())
    return makeError("to_linear_layout: " + toString(layout) + " has rank " +
                     llvm::Twine(layout.rank()) + " but " +
                     llvm::Twine(inDims.size()) + " input dims were named");
  std::vector<std::pair<std::string, IntTuple>> modes;
  std::vector<IntTuple> strides;
  for (size_t i = 0; i < layout.rank(); ++i) {
    modes.push_back({inDims[i], layout.shape()[i]});
    strides.push_back(layout.stride()[i]);
  }
  return buildLinear(layout, modes, strides, outDim);
}

llvm::Expected<Layout> tile::cute::fromLinearLayout(const LinearLayout &ll) {
  const auto &outDims = ll.getOutDims();
  llvm::DenseSet<int64_t> seen;
  std::vector<Layout> modes;
  for (const auto &entry : ll.getBases()) {
    std::vector<IntTuple> shape, stride;
    for (const LinearLayout::Basis &b : entry.second) {
      int64_t flat = 0, mult = 1;
      for (size_t k = 0; k < b.size() && k < outDims.size(); ++k) {
        flat += int64_t(b[k]) * mult;
        mult *= outDims[k].second;
      }
      if (flat != 0 && !llvm::isPowerOf2_64(static_cast<uint64_t>(flat)))
        return makeError("from_linear_layout: input dim '" + entry.first +
                         "' has a basis with value " + llvm::Twine(flat) +
                         ", not a power of two, so the layout is not a "
                         "permutation of strides");
      if (flat != 0 && !seen.insert(flat).second)
        return makeError("from_linear_layout: two bases map to " +
                         llvm::Twine(flat) +
                         "; a shape:stride layout would add them");
      shape.push_back(2);
      stride.push_back(flat);
    }
    if (shape.empty())
      modes.push_back(Layout(1, 0));
    else
      modes.push_back(coalesce(Layout(IntTuple::tuple(std::move(shape)),
                                      IntTuple::tuple(std::move(stride)))));
  }
  if (modes.empty())
    return Layout(1, 0);
  if (modes.size() == 1)
    return modes[0];
  return Layout::concat(modes);
}
