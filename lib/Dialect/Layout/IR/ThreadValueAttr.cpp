//===- ThreadValueAttr.cpp - #layout.tv (CuTe TV layouts) -----------------===//
//
// A CuTe thread-value layout (thread, value) -> 1-D colex coordinate of a
// tile, written directly (`tile = (4,8), tv = L`) or as Mojo's
// vectorize + distribute (`threads = T, values = (v0,v1)`, CuTe's
// make_layout_tv(T, make_layout(values)) =
// right_inverse(raked_product(T, values)) with the shape (size(T), size(V))).
//
// (Its parser and printer are in LayoutAttrs.cpp, beside the attribute
// storage.) Its linear form, for a tensor whose extents are multiples of the
// tile:
//   1. the TV layout as a map (thread, register) -> tile index over F2
//      (cute::toLinearLayoutByMode): power-of-two extents, strides 0 or
//      distinct powers of two;
//   2. the index split into the tile's dims, colexicographically (dim 0
//      takes the low bits);
//   3. thread bits 0..4 become `lane`, the others `warp`; a TV layout of
//      fewer than 32 threads leaves the lanes above them as copies (zero
//      lane bases), and one of fewer warps than the kernel is replicated
//      over the kernel's other warps (tile-assign-layouts gives it zero
//      warp bases: tl::replicateThreadValueLayouts);
//   4. the tile repeats over a larger tensor in more `register` bits, dim
//      0 first; over a smaller one it is broadcast (coordinates past the
//      extent become 0), as for #layout.blocked.
//
//===----------------------------------------------------------------------===//

#include "LayoutConversionsDetail.h"

#include "tile/CuTe/Algebra.h"
#include "tile/CuTe/Eval.h"
#include "tile/CuTe/LinearLayoutConversion.h"

#include "llvm/Support/MathExtras.h"

using namespace tile;
using namespace tile::layout;

namespace {

bool isPow2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

int log2Of(int64_t v) {
  int k = 0;
  while ((int64_t(1) << k) < v)
    ++k;
  return k;
}

/// CuTe's make_layout_tv(threads, make_layout(values)).
llvm::Expected<cute::Layout> makeLayoutTV(const cute::Layout &threads,
                                          ArrayRef<int64_t> values) {
  std::vector<cute::IntTuple> shape;
  for (int64_t v : values)
    shape.push_back(cute::IntTuple(v));
  cute::Layout vals = cute::Layout::columnMajor(cute::IntTuple::tuple(shape));
  llvm::Expected<cute::Layout> mn = cute::rakedProduct(threads, vals);
  if (!mn)
    return mn.takeError();
  llvm::Expected<cute::Layout> inverse = cute::rightInverse(*mn);
  if (!inverse)
    return inverse.takeError();
  cute::Layout tvShape = cute::Layout::columnMajor(cute::IntTuple::tuple(
      {cute::IntTuple(threads.size()), cute::IntTuple(vals.size())}));
  return cute::composition(*inverse, tvShape);
}

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

} // namespace

//===----------------------------------------------------------------------===//
// Semantics
//===----------------------------------------------------------------------===//

/// The tile and TV layout of the attribute's parameters.
static llvm::Expected<std::pair<SmallVector<int64_t>, cute::Layout>>
computeTileAndLayout(ArrayRef<int64_t> tileParam, StringRef tvText,
                     StringRef threadsText, ArrayRef<int64_t> values) {
  if (threadsText.empty()) {
    llvm::Expected<cute::Layout> tv = cute::parseLayout(tvText);
    if (!tv)
      return tv.takeError();
    return std::make_pair(SmallVector<int64_t>(tileParam), *tv);
  }
  llvm::Expected<cute::Layout> threads = cute::parseLayout(threadsText);
  if (!threads)
    return threads.takeError();
  if (threads->rank() != values.size())
    return makeError("the thread layout " + threadsText + " has rank " +
                     llvm::Twine(threads->rank()) + " but values has " +
                     llvm::Twine(values.size()) + " extents; give one per dim");
  SmallVector<int64_t> tile;
  for (auto [i, v] : llvm::enumerate(values)) {
    if (v < 1)
      return makeError("values extent " + llvm::Twine(v) + " is not positive");
    tile.push_back(threads->mode(i).size() * v);
  }
  llvm::Expected<cute::Layout> tv = makeLayoutTV(*threads, values);
  if (!tv)
    return makeError("make_layout_tv(" + threadsText +
                     ", values) failed: " + llvm::toString(tv.takeError()));
  return std::make_pair(tile, *tv);
}

llvm::Expected<std::pair<SmallVector<int64_t>, cute::Layout>>
ThreadValueAttr::getTileAndLayout() const {
  return computeTileAndLayout(getTile(), getTv(), getThreads(), getValues());
}

/// The TV layout's (thread, register) -> tile coordinates form, checked:
/// rank 2, powers of two, linear, covering the tile.
static llvm::Expected<LinearLayout>
getTileForm(ArrayRef<int64_t> tileParam, StringRef tvText,
            StringRef threadsText, ArrayRef<int64_t> values, int64_t warps) {
  auto tileAndLayout =
      computeTileAndLayout(tileParam, tvText, threadsText, values);
  if (!tileAndLayout)
    return tileAndLayout.takeError();
  auto &[tile, tv] = *tileAndLayout;
  std::string text = cute::toString(tv);
  if (tile.empty())
    return makeError("the tile of #layout.tv has no extents");
  int64_t numel = 1;
  for (int64_t t : tile) {
    if (!isPow2(t))
      return makeError("the tile extent " + llvm::Twine(t) +
                       " is not a power of two");
    numel *= t;
  }
  if (tv.isSwizzled() || tv.rank() != 2)
    return makeError("the TV layout " + text +
                     " must have two top-level modes, (thread, value)");
  int64_t threads = tv.mode(0).size();
  if (!isPow2(threads))
    return makeError("the TV layout " + text + " has " + llvm::Twine(threads) +
                     " threads, not a power of two; pad the thread mode to " +
                     llvm::Twine(llvm::PowerOf2Ceil(uint64_t(threads))) +
                     " threads");
  llvm::Expected<LinearLayout> ll =
      cute::toLinearLayoutByMode(tv, {"thread", "register"}, "index");
  if (!ll)
    return makeError("the TV layout " + text +
                     " has no linear form: " + llvm::toString(ll.takeError()));
  // The nonzero images must be exactly the bits of [0, numel).
  int64_t seen = 0;
  for (StringRef in : {"thread", "register"})
    for (int i = 0, e = ll->getInDimSizeLog2(in); i < e; ++i) {
      int64_t image = ll->getBasis(in, i, "index");
      if (image >= numel)
        return makeError("the TV layout " + text + " reaches index " +
                         llvm::Twine(image) + ", outside the tile of " +
                         llvm::Twine(numel) + " elements");
      seen |= image;
    }
  if (seen != numel - 1)
    return makeError("the TV layout " + text + " does not cover its tile of " +
                     llvm::Twine(numel) +
                     " elements (some tile coordinates are owned by no "
                     "thread)");
  // Split the index into the tile's dims, colex.
  LinearLayout::BasesT bases;
  auto split = [&](int64_t image) {
    LinearLayout::Basis b;
    for (int64_t t : tile) {
      b.push_back(int32_t(image % t));
      image /= t;
    }
    return b;
  };
  for (int i = 0, e = ll->getInDimSizeLog2("register"); i < e; ++i)
    bases["register"].push_back(split(ll->getBasis("register", i, "index")));
  for (int i = 0, e = ll->getInDimSizeLog2("thread"); i < e; ++i)
    bases[i < 5 ? "lane" : "warp"].push_back(
        split(ll->getBasis("thread", i, "index")));
  // Fewer threads than a warp: the lanes above them hold copies (zero
  // bases), as a blocked layout that covers more than its tensor does.
  auto &lanes = bases["lane"];
  while (lanes.size() < 5)
    lanes.push_back(LinearLayout::Basis(tile.size(), 0));
  // `warps = N`: the warps above the layout's own hold copies.
  auto &warpBases = bases["warp"];
  int64_t ownWarps = int64_t(1) << warpBases.size();
  if (warps && (!isPow2(warps) || warps < ownWarps))
    return makeError("warps = " + llvm::Twine(warps) +
                     " must be a power of two of at least the " +
                     llvm::Twine(ownWarps) + " warps the TV layout " + text +
                     " spans");
  for (int64_t w = ownWarps; w < warps; w *= 2)
    warpBases.push_back(LinearLayout::Basis(tile.size(), 0));
  LinearLayout::DimSizes outDims;
  for (auto [d, t] : llvm::enumerate(tile))
    outDims.push_back({"dim" + std::to_string(d), int32_t(t)});
  return LinearLayout(std::move(bases), std::move(outDims),
                      /*requireSurjective=*/false);
}

LogicalResult
ThreadValueAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        ArrayRef<int64_t> tile, StringRef tv, StringRef threads,
                        ArrayRef<int64_t> values, int64_t warps) {
  if (threads.empty() == tv.empty())
    return emitError() << "#layout.tv takes either `tile` and `tv` or "
                          "`threads` and `values`";
  llvm::Expected<LinearLayout> form =
      getTileForm(tile, tv, threads, values, warps);
  if (!form)
    return emitError() << "#layout.tv: " << llvm::toString(form.takeError());
  return success();
}

std::optional<LinearLayout> tile::layout::detail::threadValueToLinearLayout(
    ThreadValueAttr attr, ArrayRef<int64_t> shape, std::string *why) {
  llvm::Expected<LinearLayout> form =
      getTileForm(attr.getTile(), attr.getTv(), attr.getThreads(),
                  attr.getValues(), attr.getWarps());
  if (!form) {
    std::string msg = llvm::toString(form.takeError());
    if (why)
      *why = msg;
    return std::nullopt;
  }
  SmallVector<int64_t> tile;
  for (auto [name, size] : form->getOutDims())
    tile.push_back(size);
  auto fail = [&](const std::string &msg) -> std::optional<LinearLayout> {
    if (why)
      *why = msg;
    return std::nullopt;
  };
  if (shape.size() != tile.size())
    return fail("the TV layout's tile has rank " + std::to_string(tile.size()) +
                " but the tensor has rank " + std::to_string(shape.size()));
  LinearLayout::BasesT bases;
  for (StringRef in : {"register", "lane", "warp"}) {
    auto &list = bases[in.str()];
    for (int i = 0, e = form->getInDimSizeLog2(in); i < e; ++i)
      list.push_back(LinearLayout::Basis(form->getBasis(in, i).begin(),
                                         form->getBasis(in, i).end()));
  }
  for (auto [d, extent] : llvm::enumerate(shape)) {
    if (extent < 1 || (extent & (extent - 1)) != 0)
      return fail("dim " + std::to_string(d) + " of the tensor is " +
                  std::to_string(extent) + ", not a power of two");
    // A larger tensor repeats the tile in registers.
    for (int64_t r = tile[d]; r < extent; r *= 2) {
      LinearLayout::Basis b(shape.size(), 0);
      b[d] = int32_t(r);
      bases["register"].push_back(b);
    }
    // A smaller one is broadcast: coordinates past the extent become 0.
    if (extent < tile[d])
      for (auto &entry : bases)
        for (LinearLayout::Basis &b : entry.second)
          if (b[d] >= extent)
            b[d] = 0;
  }
  bases["block"];
  LinearLayout::DimSizes outDims;
  for (auto [d, extent] : llvm::enumerate(shape))
    outDims.push_back({"dim" + std::to_string(d), int32_t(extent)});
  return LinearLayout(std::move(bases), std::move(outDims),
                      /*requireSurjective=*/false);
}

//===----------------------------------------------------------------------===//
// Interface
//===----------------------------------------------------------------------===//

int64_t ThreadValueAttr::getNumThreads() const {
  auto tileAndLayout = getTileAndLayout();
  if (!tileAndLayout) {
    llvm::consumeError(tileAndLayout.takeError());
    return 0;
  }
  return tileAndLayout->second.mode(0).size();
}

unsigned ThreadValueAttr::getWarpSize() const { return 32; }
unsigned ThreadValueAttr::getNumWarps() const {
  return unsigned(std::max<int64_t>({1, getNumThreads() / 32, getWarps()}));
}
unsigned ThreadValueAttr::getNumCTAs() const { return 1; }
unsigned ThreadValueAttr::getRank() const {
  auto tileAndLayout = getTileAndLayout();
  if (!tileAndLayout) {
    llvm::consumeError(tileAndLayout.takeError());
    return 0;
  }
  return tileAndLayout->first.size();
}
std::optional<LinearLayout>
ThreadValueAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  return layout::toLinearLayout(*this, shape);
}
