//===- LayoutTensor.cpp - tile, vectorize, distribute ---------------------===//

#include "tile/CuTe/LayoutTensor.h"

#include "llvm/ADT/Twine.h"

using namespace tile;
using namespace tile::cute;

static llvm::Error makeError(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

bool LayoutView::isPartial() const {
  for (size_t i = 0; i < validShape.size(); ++i)
    if (i < layout.rank() && validShape[i] < product(layout.shape()[i]))
      return true;
  return false;
}

static std::string listStr(llvm::ArrayRef<int64_t> v) {
  std::string s = "(";
  for (size_t i = 0; i < v.size(); ++i)
    s += (i ? "," : "") + std::to_string(v[i]);
  return s + ")";
}

llvm::Expected<LayoutView>
tile::cute::tileLayout(const Layout &layout, llvm::ArrayRef<int64_t> tileSizes,
                       llvm::ArrayRef<int64_t> tileCoords) {
  size_t r = layout.rank();
  if (tileSizes.size() != r || tileCoords.size() != r)
    return makeError(
        "tile: the layout " + toString(layout) + " has rank " + llvm::Twine(r) +
        " but got " + llvm::Twine(tileSizes.size()) + " tile sizes " +
        listStr(tileSizes) + " and " + llvm::Twine(tileCoords.size()) +
        " tile coordinates " + listStr(tileCoords));
  if (auto err = checkLayoutBounds(layout.inner(), "tile"))
    return std::move(err);
  LayoutView view;
  std::vector<Layout> modes;
  for (size_t i = 0; i < r; ++i) {
    Layout m = layout.inner().mode(i);
    int64_t n = m.size(), t = tileSizes[i], c = tileCoords[i];
    if (t < 1 || t > (int64_t(1) << 40))
      return makeError("tile: tile size " + llvm::Twine(t) + " of mode " +
                       llvm::Twine(i) + " must be in [1, 2^40]");
    int64_t numTiles = (n + t - 1) / t;
    if (c < 0 || c >= numTiles)
      return makeError("tile: tile coordinate " + llvm::Twine(c) + " of mode " +
                       llvm::Twine(i) + " is outside [0, " +
                       llvm::Twine(numTiles) + ") (extent " + llvm::Twine(n) +
                       ", tile " + llvm::Twine(t) + ")");
    auto sub = composition(m, Layout(t, t == 1 ? 0 : 1));
    if (!sub)
      return makeError("tile: mode " + llvm::Twine(i) + ": " +
                       llvm::toString(sub.takeError()));
    modes.push_back(*sub);
    view.offset += m(c * t);
    view.validShape.push_back(std::min(t, n - c * t));
  }
  view.layout = Layout::concat(modes);
  if (r == 1 && !layout.shape().isTuple())
    view.layout = modes[0];
  if (layout.isSwizzled()) {
    view.layout = view.layout.withSwizzle(layout.swizzle(),
                                          layout.swizzleOffset() + view.offset);
    view.offset = 0;
  }
  return view;
}

llvm::Expected<VectorizedLayout>
tile::cute::vectorizeLayout(const Layout &layout,
                            llvm::ArrayRef<int64_t> vectorShape) {
  size_t r = layout.rank();
  if (vectorShape.size() != r)
    return makeError("vectorize: the layout " + toString(layout) +
                     " has rank " + llvm::Twine(r) + " but got " +
                     llvm::Twine(vectorShape.size()) + " vector widths " +
                     listStr(vectorShape));
  if (auto err = checkLayoutBounds(layout.inner(), "vectorize"))
    return std::move(err);
  std::vector<IntTuple> widths;
  for (size_t i = 0; i < r; ++i) {
    int64_t n = product(layout.shape()[i]), w = vectorShape[i];
    if (w < 1 || n % w != 0)
      return makeError("vectorize: vector width " + llvm::Twine(w) +
                       " does not divide the extent " + llvm::Twine(n) +
                       " of mode " + llvm::Twine(i));
    widths.push_back(w);
  }
  IntTuple shape =
      r == 1 && !layout.shape().isTuple() ? widths[0] : IntTuple::tuple(widths);
  auto zd = zippedDivide(layout, Tiler::fromShape(shape));
  if (!zd)
    return makeError("vectorize: " + llvm::toString(zd.takeError()));
  return VectorizedLayout{zd->mode(1), zd->mode(0)};
}

llvm::Expected<LayoutView>
tile::cute::distributeLayout(const Layout &layout, const Layout &threadLayout,
                             int64_t threadId) {
  if (auto err = checkLayoutBounds(layout.inner(), "distribute"))
    return std::move(err);
  if (auto err = checkLayoutBounds(threadLayout, "distribute"))
    return std::move(err);
  auto part = localPartition(layout, threadLayout, threadId);
  if (!part)
    return makeError("distribute: " + llvm::toString(part.takeError()));
  LayoutView view{part->first, part->second, {}};
  // Valid counts: per mode of the thread layout, the thread's coordinate x
  // in a mode of extent n tiled by t owns ceil((n - x) / t) elements.
  IntTuple hier =
      idx2crdInverse(threadId, threadLayout.shape(), threadLayout.stride());
  size_t rt = threadLayout.rank();
  std::vector<int64_t> extents, threads, coords;
  if (threadLayout.shape().isTuple()) {
    for (size_t i = 0; i < rt; ++i) {
      extents.push_back(i < layout.rank() ? product(layout.shape()[i]) : 1);
      threads.push_back(product(threadLayout.shape()[i]));
      coords.push_back(cute::crd2idx(hier[i], threadLayout.shape()[i]));
    }
  } else {
    extents.push_back(layout.rank() <= 1 ? layout.size()
                                         : product(layout.shape()[0]));
    threads.push_back(threadLayout.size());
    coords.push_back(hier.value());
  }
  for (size_t i = 0; i < view.layout.rank(); ++i) {
    int64_t full = product(view.layout.shape()[i]);
    if (i < extents.size()) {
      int64_t n = extents[i], t = threads[i], x = coords[i];
      int64_t valid = x < n ? (n - x + t - 1) / t : 0;
      view.validShape.push_back(std::min(full, valid));
    } else {
      view.validShape.push_back(full);
    }
  }
  return view;
}
