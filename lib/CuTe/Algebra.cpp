//===- Algebra.cpp - CuTe's layout algebra --------------------------------===//
//
// Each function follows the construction of CuTe's include/cute/layout.hpp
// (all integers static). Where CuTe only static_asserts or silently
// computes a wrong layout, we return an error that says why. This file has
// coalesce, filter, composition, complement and the inverses; divides,
// products and the shape helpers are in DivideProduct.cpp.
//
//===----------------------------------------------------------------------===//

#include "tile/CuTe/Algebra.h"

#include "AlgebraUtils.h"
#include "Arith.h"

#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <functional>
#include <limits>

using namespace tile;
using namespace tile::cute;
using namespace tile::cute::detail;

llvm::Error tile::cute::detail::checkMul(int64_t a, int64_t b, llvm::StringRef what) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r) || r > kMaxValue || r < -kMaxValue)
    return makeError(llvm::Twine(what) + ": " + llvm::Twine(a) + " * " +
                     llvm::Twine(b) + " is too large (limit 2^40)");
  return llvm::Error::success();
}

llvm::Error tile::cute::checkLayoutBounds(const Layout &l, llvm::StringRef what,
                                          bool allowBasis) {
  if (hasBasis(l.stride())) {
    if (!allowBasis)
      return makeError(llvm::Twine(what) + ": " + toString(l) +
                       " has scaled-basis strides; " + what +
                       " takes integer strides only");
    if (l.size() > kMaxValue)
      return makeError(llvm::Twine(what) + ": the size of " + toString(l) +
                       " is too large (limit 2^40)");
    for (const IntTuple &d : leaves(l.stride()))
      if (d.value() > kMaxValue || d.value() < -kMaxValue)
        return makeError(llvm::Twine(what) + ": stride " + d.str() +
                         " is too large (limit 2^40)");
    return llvm::Error::success();
  }
  if (l.size() > kMaxValue)
    return makeError(llvm::Twine(what) + ": the size of " + toString(l) +
                     " is too large (limit 2^40)");
  for (const IntTuple &d : leaves(l.stride()))
    if (d.value() > kMaxValue || d.value() < -kMaxValue)
      return makeError(llvm::Twine(what) + ": stride " +
                       llvm::Twine(d.value()) + " is too large (limit 2^40)");
  if (l.cosize() > kMaxValue)
    return makeError(llvm::Twine(what) + ": the cosize of " + toString(l) +
                     " is too large (limit 2^40)");
  return llvm::Error::success();
}

llvm::Error tile::cute::detail::checkRange(const Layout &l,
                                          llvm::StringRef what) {
  return checkLayoutBounds(l, what);
}

//===----------------------------------------------------------------------===//
// Tiler
//===----------------------------------------------------------------------===//

Tiler Tiler::tuple(std::vector<Tiler> elems) {
  Tiler t;
  t.kind = Kind::Tuple;
  t.children = std::move(elems);
  return t;
}

Tiler Tiler::underscore() { return Tiler(); }

Tiler Tiler::fromShape(const IntTuple &shape) {
  if (shape.isUnderscore())
    return underscore();
  if (shape.isInt())
    return Tiler(Layout::columnMajor(shape));
  std::vector<Tiler> out;
  for (const IntTuple &e : shape.elems())
    out.push_back(fromShape(e));
  return tuple(std::move(out));
}

std::string Tiler::str() const {
  switch (kind) {
  case Kind::Layout:
    return toString(lay);
  case Kind::Underscore:
    return "_";
  case Kind::Tuple:
    break;
  }
  std::string s = "<";
  for (size_t i = 0; i < children.size(); ++i) {
    if (i)
      s += ",";
    s += children[i].str();
  }
  return s + ">";
}

//===----------------------------------------------------------------------===//
// Flat helpers
//===----------------------------------------------------------------------===//

FlatModes tile::cute::detail::flatModes(const Layout &l) {
  FlatModes f;
  for (const IntTuple &s : leaves(l.shape()))
    f.shape.push_back(s.value());
  for (const IntTuple &d : leaves(l.stride()))
    f.stride.push_back(d.value());
  // A layout with no modes (e.g. `():()` from a full slice) is the
  // function 0 -> 0 on one point: 1:0.
  if (f.shape.empty()) {
    f.shape.push_back(1);
    f.stride.push_back(0);
  }
  return f;
}

/// Builds a layout from flat modes: one mode unwraps to integers.
static Layout fromFlat(const FlatModes &f) {
  if (f.size() == 1)
    return Layout(f.shape[0], f.stride[0]);
  std::vector<IntTuple> s(f.shape.begin(), f.shape.end());
  std::vector<IntTuple> d(f.stride.begin(), f.stride.end());
  return Layout(IntTuple::tuple(std::move(s)), IntTuple::tuple(std::move(d)));
}

FlatLayout tile::cute::detail::flatLayout(const Layout &l) {
  FlatLayout f;
  for (const IntTuple &s : leaves(l.shape()))
    f.shape.push_back(s.value());
  f.stride = leaves(l.stride());
  if (f.shape.empty()) {
    f.shape.push_back(1);
    f.stride.push_back(IntTuple(0));
  }
  return f;
}

Layout tile::cute::detail::fromFlatLayout(const FlatLayout &f) {
  if (f.size() == 1)
    return Layout(f.shape[0], f.stride[0]);
  std::vector<IntTuple> s(f.shape.begin(), f.shape.end());
  return Layout(IntTuple::tuple(std::move(s)), IntTuple::tuple(f.stride));
}

IntTuple tile::cute::detail::scaleStride(const IntTuple &d, int64_t k) {
  int64_t v = arith::wrapMul(d.value(), k);
  if (d.isBasis())
    return IntTuple::basis(v, d.basisModes().vec());
  return IntTuple(v);
}

/// CuTe's bw_coalesce: scans `old` modes [0, count) from the back onto the
/// initial front (newShape : newStride). Strides may be scaled bases; two
/// modes merge when s*d equals the stride of the mode after them.
static Layout bwCoalesce(const FlatLayout &old, size_t count, int64_t newShape,
                         IntTuple newStride) {
  FlatLayout acc;
  acc.shape.push_back(newShape);
  acc.stride.push_back(std::move(newStride));
  for (size_t k = count; k-- > 0;) {
    int64_t s = old.shape[k];
    const IntTuple &d = old.stride[k];
    if (s == 1)
      continue;
    if (acc.size() == 1 && acc.shape[0] == 1) {
      acc.shape[0] = s;
      acc.stride[0] = d;
    } else if (int64_t sd; !__builtin_mul_overflow(s, d.value(), &sd) &&
                           scaleStride(d, s) == acc.stride.front()) {
      acc.shape.front() = arith::satMul(acc.shape.front(), s);
      acc.stride.front() = d;
    } else {
      acc.shape.insert(acc.shape.begin(), s);
      acc.stride.insert(acc.stride.begin(), d);
    }
  }
  if (acc.size() == 1 && acc.shape[0] == 1)
    return Layout(1, 0);
  return fromFlatLayout(acc);
}

Layout tile::cute::flatten(const Layout &layout) {
  return Layout(cute::flatten(layout.shape()), cute::flatten(layout.stride()))
      .withSwizzle(layout.swizzle(), layout.swizzleOffset());
}

//===----------------------------------------------------------------------===//
// Coalesce and filter
//===----------------------------------------------------------------------===//

static Layout coalesceInner(const Layout &layout) {
  FlatLayout f = flatLayout(layout);
  size_t r = f.size();
  return bwCoalesce(f, r - 1, f.shape[r - 1], f.stride[r - 1]);
}

Layout tile::cute::coalesce(const Layout &layout) {
  return coalesceInner(layout).withSwizzle(layout.swizzle(),
                                           layout.swizzleOffset());
}

/// CuTe's by-profile form of a unary function (coalesce and filter with a
/// profile): `leaf` applies to `layout` when `profile` is an integer, else to
/// each mode of `layout.inner()` that `profile` names, recursively; the
/// modes past the profile stay as they are. `shown` is the layout an error
/// names.
static llvm::Expected<Layout>
mapModesByProfile(llvm::StringRef name, const Layout &layout,
                  const IntTuple &profile, const Layout &shown,
                  llvm::function_ref<Layout(const Layout &)> leaf) {
  if (!profile.isTuple())
    return leaf(layout);
  if (profile.rank() > layout.rank() ||
      (!layout.shape().isTuple() && profile.rank() > 0 && profile[0].isTuple()))
    return makeError(name + ": profile " + profile.str() + " has rank " +
                     llvm::Twine(profile.rank()) + " but the layout " +
                     toString(shown) + " has rank " +
                     llvm::Twine(layout.rank()));
  std::vector<Layout> modes;
  for (size_t i = 0; i < layout.rank(); ++i) {
    Layout m = layout.inner().mode(i);
    if (i < profile.rank()) {
      auto r = mapModesByProfile(name, m, profile[i], m, leaf);
      if (!r)
        return r.takeError();
      m = *r;
    }
    modes.push_back(m);
  }
  return Layout::concat(modes);
}

llvm::Expected<Layout> tile::cute::coalesce(const Layout &layout,
                                            const IntTuple &profile) {
  auto r = mapModesByProfile("coalesce", layout.inner(), profile,
                             layout.inner(), coalesceInner);
  if (!r)
    return r.takeError();
  return r->withSwizzle(layout.swizzle(), layout.swizzleOffset());
}

static IntTuple filterZerosShape(const IntTuple &shape,
                                 const IntTuple &stride) {
  if (!shape.isTuple())
    return stride.value() == 0 ? IntTuple(1) : shape;
  std::vector<IntTuple> out;
  for (size_t i = 0; i < shape.rank(); ++i)
    out.push_back(filterZerosShape(shape[i], stride[i]));
  return IntTuple::tuple(std::move(out));
}

Layout tile::cute::filterZeros(const Layout &layout) {
  return Layout(filterZerosShape(layout.shape(), layout.stride()),
                layout.stride())
      .withSwizzle(layout.swizzle(), layout.swizzleOffset());
}

Layout tile::cute::filter(const Layout &layout) {
  return coalesce(filterZeros(layout));
}

llvm::Expected<Layout> tile::cute::filter(const Layout &layout,
                                          const IntTuple &profile) {
  if (!profile.isTuple())
    return filter(layout);
  auto r = mapModesByProfile("filter", layout, profile, layout,
                             [](const Layout &l) { return filter(l); });
  if (!r)
    return r.takeError();
  return r->withSwizzle(layout.swizzle(), layout.swizzleOffset());
}

//===----------------------------------------------------------------------===//
// Composition
//===----------------------------------------------------------------------===//

/// CuTe's coalesce_x: coalesce, but a trailing size-1 mode keeps its stride
/// (the last mode of the left operand of a composition is unbounded).
static Layout coalesceX(const Layout &layout) {
  FlatLayout f = flatLayout(layout);
  size_t r = f.size();
  int64_t lastShape = f.shape[r - 1] == 1 ? 2 : f.shape[r - 1];
  return bwCoalesce(f, r - 1, lastShape, f.stride[r - 1]);
}

/// coalesce_x at the leaves of `profile` (CuTe's coalesce_x(layout,
/// profile)); modes past the profile's rank are kept.
static llvm::Expected<Layout> coalesceXByProfile(const Layout &layout,
                                                 const IntTuple &profile) {
  if (!profile.isTuple())
    return coalesceX(layout);
  if (!layout.shape().isTuple() || profile.rank() > layout.rank())
    return makeError("composition: the scaled-basis strides of the right "
                     "operand select mode " +
                     llvm::Twine(profile.rank() - 1) + " of " +
                     toString(layout) + ", which has rank " +
                     llvm::Twine(layout.rank()));
  std::vector<Layout> modes;
  for (size_t i = 0; i < layout.rank(); ++i) {
    Layout m = layout.mode(i);
    if (i < profile.rank()) {
      auto c = coalesceXByProfile(m, profile[i]);
      if (!c)
        return c.takeError();
      m = *c;
    }
    modes.push_back(m);
  }
  return Layout::concat(modes);
}

/// The largest residue of d*x modulo p for x < s (p > 0); p when it cannot
/// be bounded (reported as a carry).
static int64_t maxResidue(int64_t s, int64_t d, int64_t p) {
  if (d <= 0 || s <= 1 || d % p == 0)
    return 0; // Negative strides are refused by composeLeaf.
  if (d * (s - 1) < p)
    return d * (s - 1);
  if (p % d == 0)
    return d * (std::min(s, p / d) - 1);
  return p;
}

/// The modes of B are composed one by one; that is A o B only if their sum
/// never carries across a mode boundary of A (NVIDIA/cutlass#2955). `a` is
/// flat with integer strides; `b` lists B's (shape, stride) leaves that land
/// in it.
static llvm::Error
checkNoCarry(const FlatLayout &a,
             const std::vector<std::pair<int64_t, int64_t>> &b,
             const Layout &whole, const Layout &lhs) {
  if (b.size() < 2)
    return llvm::Error::success();
  int64_t boundary = 1;
  for (size_t k = 0; k + 1 < a.size(); ++k) {
    boundary = arith::satMul(boundary, a.shape[k]);
    int64_t sum = 0;
    for (const auto &[s, d] : b)
      sum = arith::satAdd(sum, maxResidue(s, d, boundary));
    if (sum >= boundary)
      return makeError(
          "composition: the modes of " + toString(whole) +
          " overlap inside the layout " + toString(lhs) +
          " (their offsets add across the mode boundary at " +
          llvm::Twine(boundary) +
          "), so the result is not a layout; make the modes of the right "
          "operand disjoint");
  }
  return llvm::Error::success();
}

/// A o (s:d) for a flat coalesced A and an integer stride d, as CuTe's
/// composition_impl computes it (one pass over the modes of A but the last:
/// divide out the stride, then take at most s elements). Inputs for which
/// CuTe computes a layout that is not A o B are errors.
static llvm::Expected<Layout> composeLeaf(const Layout &lhs, int64_t s,
                                          int64_t d) {
  if (d == 0)
    return Layout(s, 0);
  FlatLayout a = flatLayout(lhs);
  size_t r = a.size();
  std::string tiler = llvm::Twine(s).str() + ":" + llvm::Twine(d).str();
  if (!lhs.shape().isTuple()) {
    if (auto err = checkMul(d, a.stride[0].value(), "composition"))
      return std::move(err);
    return Layout(s, scaleStride(a.stride[0], d));
  }
  if (d < 0)
    return makeError("composition: the tiler " + tiler +
                     " has a negative stride, which is only supported when "
                     "the left operand coalesces to one mode (it is " +
                     toString(lhs) + ")");
  FlatLayout res;
  int64_t restShape = s, restStride = d;
  for (size_t i = 0; i + 1 < r; ++i) {
    int64_t ai = a.shape[i];
    int64_t nextShape = (ai + restStride - 1) / restStride;
    int64_t nextStride = (restStride + ai - 1) / ai;
    if (restShape > 1) {
      if (restStride >= ai && restStride % ai != 0)
        return makeError(
            "composition: stride " + llvm::Twine(d) + " of the tiler " + tiler +
            " does not divide evenly into the layout " + toString(lhs) +
            " (shape " + llvm::Twine(ai) + " does not divide stride " +
            llvm::Twine(restStride) + ")");
      if (restStride < ai && ai % restStride != 0 && restShape > nextShape)
        return makeError(
            "composition: stride " + llvm::Twine(d) + " of the tiler " + tiler +
            " does not divide evenly into the layout " + toString(lhs) +
            " (stride " + llvm::Twine(restStride) + " does not divide shape " +
            llvm::Twine(ai) + " and the " + llvm::Twine(restShape) +
            " elements reach past it, where CuTe computes a wrong layout, "
            "NVIDIA/cutlass#3177)");
    }
    if (nextShape == 1 || restShape == 1) {
      restStride = nextStride;
      continue;
    }
    int64_t newShape = std::min(nextShape, restShape);
    if (restShape % newShape != 0)
      return makeError("composition: shape " + llvm::Twine(s) +
                       " of the tiler " + tiler +
                       " does not divide evenly into the layout " +
                       toString(lhs) + " (" + llvm::Twine(restShape) +
                       " is not a multiple of " + llvm::Twine(newShape) + ")");
    if (auto err = checkMul(restStride, a.stride[i].value(), "composition"))
      return std::move(err);
    res.shape.push_back(newShape);
    res.stride.push_back(scaleStride(a.stride[i], restStride));
    restShape /= newShape;
    restStride = nextStride;
  }
  if (auto err = checkMul(restStride, a.stride[r - 1].value(), "composition"))
    return std::move(err);
  IntTuple lastStride = scaleStride(a.stride[r - 1], restStride);
  if (res.size() == 0)
    return Layout(restShape, lastStride);
  if (restShape != 1) {
    res.shape.push_back(restShape);
    res.stride.push_back(lastStride);
  }
  return fromFlatLayout(res);
}

/// The sub-layout of `l` at a basis path (CuTe's basis_get).
static llvm::Expected<Layout> basisGet(const Layout &l,
                                       llvm::ArrayRef<int> path) {
  Layout cur = l;
  for (int m : path) {
    if (!cur.shape().isTuple() || m < 0 || static_cast<size_t>(m) >= cur.rank())
      return makeError("composition: the scaled-basis stride selects mode " +
                       llvm::Twine(m) + " of " + toString(cur) +
                       ", which has rank " + llvm::Twine(cur.rank()));
    cur = cur.mode(m);
  }
  return cur;
}

static llvm::Expected<Layout>
composeTree(const Layout &a, const IntTuple &shape, const IntTuple &stride) {
  if (!shape.isTuple()) {
    if (stride.isBasis()) {
      auto sub = basisGet(a, stride.basisModes());
      if (!sub)
        return sub.takeError();
      return composeLeaf(*sub, shape.value(), stride.value());
    }
    return composeLeaf(a, shape.value(), stride.value());
  }
  std::vector<Layout> modes;
  for (size_t i = 0; i < shape.rank(); ++i) {
    auto m = composeTree(a, shape[i], stride[i]);
    if (!m)
      return m.takeError();
    modes.push_back(*m);
  }
  return Layout::concat(modes);
}

/// The profile CuTe coalesces the left operand with: 0 when B's strides are
/// integers, else the shape of the sum of B's strides (CuTe's coprofile).
static llvm::Expected<IntTuple> coprofile(const Layout &b) {
  if (!hasBasis(b.stride()))
    return IntTuple(0);
  IntTuple sum(0);
  for (const IntTuple &d : leaves(b.stride())) {
    auto s = addCodomain(sum, d);
    if (!s)
      return makeError("composition: " + llvm::toString(s.takeError()));
    sum = *s;
  }
  return repeatLike(asArithmeticTuple(sum), IntTuple(0));
}

/// Collects, per basis path, the (shape, stride) leaves of B that land in
/// the same sub-layout of A.
static void groupLeaves(
    const IntTuple &shape, const IntTuple &stride,
    std::vector<std::pair<std::vector<int>,
                          std::vector<std::pair<int64_t, int64_t>>>> &groups) {
  if (shape.isTuple()) {
    for (size_t i = 0; i < shape.rank(); ++i)
      groupLeaves(shape[i], stride[i], groups);
    return;
  }
  std::vector<int> path = stride.basisModes().vec();
  for (auto &g : groups)
    if (g.first == path) {
      g.second.push_back({shape.value(), stride.value()});
      return;
    }
  groups.push_back({path, {{shape.value(), stride.value()}}});
}

llvm::Expected<Layout> tile::cute::composition(const Layout &a,
                                               const Layout &b) {
  if (b.isSwizzled())
    return makeError("composition: the right operand " + toString(b) +
                     " is swizzled; only the left operand may be");
  if (auto err = checkLayoutBounds(a.inner(), "composition", true))
    return std::move(err);
  if (auto err = checkLayoutBounds(b, "composition", true))
    return std::move(err);
  auto profile = coprofile(b);
  if (!profile)
    return profile.takeError();
  auto fa = coalesceXByProfile(a.inner(), *profile);
  if (!fa)
    return fa.takeError();
  std::vector<
      std::pair<std::vector<int>, std::vector<std::pair<int64_t, int64_t>>>>
      groups;
  groupLeaves(b.shape(), b.stride(), groups);
  for (const auto &g : groups) {
    auto sub = basisGet(*fa, g.first);
    if (!sub)
      return sub.takeError();
    if (hasBasis(sub->stride()))
      continue;
    if (auto err = checkNoCarry(flatLayout(*sub), g.second, b, a))
      return std::move(err);
  }
  auto r = composeTree(*fa, b.shape(), b.stride());
  if (!r)
    return r.takeError();
  return r->withSwizzle(a.swizzle(), a.swizzleOffset());
}

llvm::Expected<Layout> tile::cute::composition(const Layout &a,
                                               const Tiler &b) {
  switch (b.getKind()) {
  case Tiler::Kind::Layout:
    return composition(a, b.layout());
  case Tiler::Kind::Underscore:
    return a;
  case Tiler::Kind::Tuple:
    break;
  }
  if (b.rank() > a.rank())
    return makeError("composition: the tiler " + b.str() + " has " +
                     llvm::Twine(b.rank()) + " modes but the layout " +
                     toString(a) + " has only " + llvm::Twine(a.rank()));
  std::vector<Layout> modes;
  for (size_t i = 0; i < b.rank(); ++i) {
    auto m = composition(a.inner().mode(i), b.elems()[i]);
    if (!m)
      return m.takeError();
    modes.push_back(*m);
  }
  return Layout::concat(modes).withSwizzle(a.swizzle(), a.swizzleOffset());
}

Layout tile::cute::composition(const Swizzle &sw, const Layout &b) {
  return b.withSwizzle(sw, 0);
}

//===----------------------------------------------------------------------===//
// Complement and inverses
//===----------------------------------------------------------------------===//

/// ceil_div of a shape by an integer, mode by mode as CuTe does it, then
/// the product (coalesce of a static shape).
static int64_t ceilDivShape(const IntTuple &target, int64_t &divisor) {
  if (!target.isTuple()) {
    int64_t t = target.value();
    int64_t q = (t + divisor - 1) / divisor;
    divisor = (divisor + t - 1) / t;
    return q;
  }
  int64_t p = 1;
  for (const IntTuple &e : target.elems())
    p *= ceilDivShape(e, divisor);
  return p;
}

static llvm::Error checkCotarget(const IntTuple &cotarget) {
  if (hasUnderscore(cotarget))
    return makeError("complement: the cotarget " + cotarget.str() +
                     " contains '_'");
  for (const IntTuple &l : leaves(cotarget))
    if (l.value() < 1 || l.value() > kMaxValue)
      return makeError("complement: the cotarget " + cotarget.str() +
                       " must have positive extents (at most 2^40)");
  if (product(cotarget) > kMaxValue)
    return makeError("complement: the cotarget " + cotarget.str() +
                     " is too large (limit 2^40)");
  return llvm::Error::success();
}

llvm::Expected<Layout> tile::cute::complement(const Layout &a,
                                              const IntTuple &cotarget) {
  if (a.isSwizzled())
    return makeError("complement: " + toString(a) +
                     " is swizzled; take the complement of its inner layout");
  if (auto err = checkRange(a, "complement"))
    return std::move(err);
  if (auto err = checkCotarget(cotarget))
    return std::move(err);
  FlatModes f = flatModes(filter(a));
  if (f.size() == 1 && f.stride[0] == 0) {
    int64_t m = product(cotarget);
    return m == 1 ? Layout(1, 0) : Layout(m, 1);
  }
  for (int64_t d : f.stride)
    if (d < 0)
      return makeError("complement: " + toString(a) +
                       " has a negative stride, which is not supported");
  FlatModes res;
  int64_t cur = 1;
  std::vector<bool> used(f.size(), false);
  for (size_t step = 0; step < f.size(); ++step) {
    size_t m = f.size();
    for (size_t i = 0; i < f.size(); ++i)
      if (!used[i] && (m == f.size() || f.stride[i] < f.stride[m]))
        m = i;
    used[m] = true;
    int64_t d = f.stride[m];
    if (d < cur)
      return makeError("complement: " + toString(a) +
                       " is not injective (stride " + llvm::Twine(d) +
                       " falls inside the extent " + llvm::Twine(cur) +
                       " of the modes before it)");
    // Like CuTe, a stride that is not a multiple of `cur` is rounded down:
    // the result is still ordered, disjoint and bounded, but (a, result)
    // then leaves holes.
    res.shape.push_back(d / cur);
    res.stride.push_back(cur);
    if (auto err = checkMul(d, f.shape[m], "complement"))
      return std::move(err);
    cur = d * f.shape[m];
  }
  int64_t divisor = cur;
  int64_t rest = ceilDivShape(cotarget, divisor);
  res.shape.push_back(rest);
  res.stride.push_back(cur);
  return coalesce(fromFlat(res));
}

llvm::Expected<Layout> tile::cute::complement(const Layout &a) {
  if (a.isSwizzled())
    return makeError("complement: " + toString(a) +
                     " is swizzled; take the complement of its inner layout");
  if (auto err = checkRange(a, "complement"))
    return std::move(err);
  return complement(a, IntTuple(filter(a).cosize()));
}

/// The coalesced flat modes of `a` and the prefix products of their shapes
/// (CuTe's preprod_shape: 1, s0, s0*s1, ...).
static FlatModes coalescedModes(const Layout &a,
                                std::vector<int64_t> &preprod) {
  FlatModes f = flatModes(coalesce(a));
  preprod.assign(1, 1);
  for (int64_t s : f.shape)
    preprod.push_back(arith::satMul(preprod.back(), s));
  return f;
}

/// The indices of the modes sorted by stride (stable, as CuTe's SortByKey).
static std::vector<size_t> sortedByStride(const FlatModes &f) {
  std::vector<size_t> idx(f.size());
  for (size_t i = 0; i < idx.size(); ++i)
    idx[i] = i;
  std::stable_sort(idx.begin(), idx.end(), [&](size_t x, size_t y) {
    return f.stride[x] < f.stride[y];
  });
  return idx;
}

llvm::Expected<Layout> tile::cute::rightInverse(const Layout &a) {
  if (a.isSwizzled())
    return makeError("right_inverse: " + toString(a) +
                     " is swizzled; invert its inner layout");
  if (auto err = checkRange(a, "right_inverse"))
    return std::move(err);
  // Follow the strides from 1 in increasing order: a mode whose stride is
  // the extent reached so far continues the chain (CuTe's right_inverse).
  std::vector<int64_t> preprod;
  FlatModes f = coalescedModes(a, preprod);
  FlatModes res;
  res.shape.push_back(1);
  res.stride.push_back(0);
  int64_t cur = 1;
  for (size_t i : sortedByStride(f)) {
    if (f.stride[i] != cur)
      continue;
    res.shape.push_back(f.shape[i]);
    res.stride.push_back(preprod[i]);
    cur = arith::satMul(f.shape[i], f.stride[i]);
  }
  return coalesce(fromFlat(res));
}

llvm::Expected<Layout> tile::cute::leftInverse(const Layout &a) {
  if (a.isSwizzled())
    return makeError("left_inverse: " + toString(a) +
                     " is swizzled; invert its inner layout");
  if (auto err = checkRange(a, "left_inverse"))
    return std::move(err);
  // CuTe's quasi-inverse: sort the modes by stride; each nonzero stride d
  // gives a mode of extent d / (the extent so far) whose stride is the
  // prefix product of the mode before it (0 for the first, which covers the
  // offsets below the smallest stride), then the extent of the last mode.
  std::vector<int64_t> preprod;
  FlatModes f = coalescedModes(a, preprod);
  std::vector<size_t> order = sortedByStride(f);
  FlatModes res;
  res.stride.push_back(0);
  int64_t extent = 1;
  for (size_t i : order) {
    int64_t d = f.stride[i];
    if (d == 0)
      continue;
    if (d < 0)
      return makeError("left_inverse: " + toString(a) +
                       " has a negative stride, which CuTe's left_inverse "
                       "does not invert");
    if (d % extent != 0)
      return makeError("left_inverse: stride " + llvm::Twine(d) + " of " +
                       toString(a) + " is not a multiple of " +
                       llvm::Twine(extent) +
                       ", the extent of the modes with smaller strides "
                       "(CuTe's left inverse divisibility condition)");
    res.shape.push_back(d / extent);
    res.stride.push_back(preprod[i]);
    extent = arith::satMul(extent, d / extent);
  }
  res.shape.push_back(f.shape[order.back()]);
  return coalesce(fromFlat(res));
}

llvm::Expected<Layout> tile::cute::nullspace(const Layout &a) {
  if (a.isSwizzled())
    return makeError("nullspace: " + toString(a) +
                     " is swizzled; take the nullspace of its inner layout");
  if (auto err = checkLayoutBounds(a, "nullspace", true))
    return std::move(err);
  // The stride-0 leaves, with the strides of a column-major layout of the
  // flattened shape (CuTe's nullspace).
  FlatLayout f = flatLayout(a);
  IntTuple rstride = compactColMajor(
      IntTuple::tuple(std::vector<IntTuple>(f.shape.begin(), f.shape.end())));
  FlatModes res;
  for (size_t i = 0; i < f.size(); ++i)
    if (f.stride[i].isInt() && f.stride[i].value() == 0) {
      res.shape.push_back(f.shape[i]);
      res.stride.push_back(rstride[i].value());
    }
  if (res.size() == 0)
    return Layout(1, 0);
  return fromFlat(res);
}
