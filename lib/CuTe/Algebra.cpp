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

llvm::Error tile::cute::checkLayoutBounds(const Layout &l,
                                          llvm::StringRef what) {
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

/// CuTe's bw_coalesce: scans `old` modes [0, last) from the back onto the
/// initial front (newShape : newStride).
static Layout bwCoalesce(const FlatModes &old, size_t count, int64_t newShape,
                         int64_t newStride) {
  FlatModes acc;
  acc.shape.push_back(newShape);
  acc.stride.push_back(newStride);
  for (size_t k = count; k-- > 0;) {
    int64_t s = old.shape[k], d = old.stride[k];
    if (s == 1)
      continue;
    if (acc.size() == 1 && acc.shape[0] == 1) {
      acc.shape[0] = s;
      acc.stride[0] = d;
    } else if (int64_t sd;
               !__builtin_mul_overflow(s, d, &sd) && sd == acc.stride.front()) {
      acc.shape.front() = arith::satMul(acc.shape.front(), s);
      acc.stride.front() = d;
    } else {
      acc.shape.insert(acc.shape.begin(), s);
      acc.stride.insert(acc.stride.begin(), d);
    }
  }
  if (acc.size() == 1 && acc.shape[0] == 1)
    return Layout(1, 0);
  return fromFlat(acc);
}

Layout tile::cute::flatten(const Layout &layout) {
  return Layout(cute::flatten(layout.shape()), cute::flatten(layout.stride()))
      .withSwizzle(layout.swizzle(), layout.swizzleOffset());
}

//===----------------------------------------------------------------------===//
// Coalesce and filter
//===----------------------------------------------------------------------===//

static Layout coalesceInner(const Layout &layout) {
  FlatModes f = flatModes(layout);
  size_t r = f.size();
  return bwCoalesce(f, r - 1, f.shape[r - 1], f.stride[r - 1]);
}

Layout tile::cute::coalesce(const Layout &layout) {
  return coalesceInner(layout).withSwizzle(layout.swizzle(),
                                           layout.swizzleOffset());
}

static llvm::Expected<Layout> coalesceByProfile(const Layout &layout,
                                                const IntTuple &profile) {
  if (!profile.isTuple())
    return coalesceInner(layout);
  if (profile.rank() > layout.rank() ||
      (!layout.shape().isTuple() && profile.rank() > 0 && profile[0].isTuple()))
    return makeError("coalesce: profile " + profile.str() + " has rank " +
                     llvm::Twine(profile.rank()) + " but the layout " +
                     toString(layout) + " has rank " +
                     llvm::Twine(layout.rank()));
  std::vector<Layout> modes;
  for (size_t i = 0; i < layout.rank(); ++i) {
    Layout m = layout.inner().mode(i);
    if (i < profile.rank()) {
      auto c = coalesceByProfile(m, profile[i]);
      if (!c)
        return c.takeError();
      m = *c;
    }
    modes.push_back(m);
  }
  return Layout::concat(modes);
}

llvm::Expected<Layout> tile::cute::coalesce(const Layout &layout,
                                            const IntTuple &profile) {
  auto r = coalesceByProfile(layout.inner(), profile);
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

//===----------------------------------------------------------------------===//
// Composition
//===----------------------------------------------------------------------===//

/// CuTe's coalesce_x: coalesce, but a trailing size-1 mode keeps its stride
/// (the last mode of the left operand of a composition is unbounded).
static FlatModes coalesceX(const Layout &layout) {
  FlatModes f = flatModes(layout);
  size_t r = f.size();
  int64_t lastShape = f.shape[r - 1] == 1 ? 2 : f.shape[r - 1];
  Layout c = bwCoalesce(f, r - 1, lastShape, f.stride[r - 1]);
  return flatModes(c);
}

static std::string flatStr(const FlatModes &f) { return toString(fromFlat(f)); }

/// A o (s:d) for a flat coalesced A.
static llvm::Expected<Layout> composeLeaf(const FlatModes &a, int64_t s,
                                          int64_t d) {
  if (d == 0)
    return Layout(s, 0);
  size_t r = a.size();
  if (d < 0 && r != 1)
    return makeError("composition: the tiler " + llvm::Twine(s) + ":" +
                     llvm::Twine(d) +
                     " has a negative stride, which is only supported when "
                     "the left operand coalesces to one mode (it is " +
                     flatStr(a) + ")");
  if (r == 1) {
    if (auto err = checkMul(d, a.stride[0], "composition"))
      return std::move(err);
    return Layout(s, d * a.stride[0]);
  }
  FlatModes res;
  int64_t restStride = d, restShape = s;
  for (size_t i = 0; i + 1 < r; ++i) {
    int64_t ai = a.shape[i];
    int64_t newShape, factor;
    // Divide the stride out of the shape ("every d-th element").
    if (restStride >= ai) {
      if (restShape > 1 && restStride % ai != 0)
        return makeError(
            "composition: stride " + llvm::Twine(d) + " of the tiler " +
            llvm::Twine(s) + ":" + llvm::Twine(d) +
            " does not divide evenly into the layout " + flatStr(a) +
            " (shape " + llvm::Twine(ai) + " does not divide stride " +
            llvm::Twine(restStride) + ")");
      newShape = 1;
      factor = ai;
      restStride = restStride / ai;
      if (restStride == 0)
        restStride = 1;
    } else {
      if (restShape > 1 && ai % restStride != 0)
        return makeError("composition: stride " + llvm::Twine(d) +
                         " of the tiler " + llvm::Twine(s) + ":" +
                         llvm::Twine(d) +
                         " does not divide evenly into the layout " +
                         flatStr(a) + " (stride " + llvm::Twine(restStride) +
                         " does not divide shape " + llvm::Twine(ai) + ")");
      newShape = ai / restStride;
      factor = restStride;
      restStride = 1;
    }
    // Keep the first restShape elements ("mod out the shape").
    int64_t taken = std::min(newShape, restShape);
    if (restShape > newShape) {
      if (restShape % newShape != 0)
        return makeError(
            "composition: shape " + llvm::Twine(s) + " of the tiler " +
            llvm::Twine(s) + ":" + llvm::Twine(d) +
            " does not divide evenly into the layout " + flatStr(a) + " (" +
            llvm::Twine(restShape) + " is not a multiple of " +
            llvm::Twine(newShape) + ")");
      restShape /= newShape;
    } else {
      restShape = 1;
    }
    if (auto err = checkMul(a.stride[i], factor, "composition"))
      return std::move(err);
    res.shape.push_back(taken);
    res.stride.push_back(a.stride[i] * factor);
  }
  if (auto err = checkMul(restStride, a.stride[r - 1], "composition"))
    return std::move(err);
  return bwCoalesce(res, res.size(), restShape, restStride * a.stride[r - 1]);
}

static llvm::Expected<Layout>
composeTree(const FlatModes &a, const IntTuple &shape, const IntTuple &stride) {
  if (!shape.isTuple())
    return composeLeaf(a, shape.value(), stride.value());
  std::vector<Layout> modes;
  for (size_t i = 0; i < shape.rank(); ++i) {
    auto m = composeTree(a, shape[i], stride[i]);
    if (!m)
      return m.takeError();
    modes.push_back(*m);
  }
  return Layout::concat(modes);
}

/// The largest residue of d*x modulo p for x < s (p > 0).
static int64_t maxResidue(int64_t s, int64_t d, int64_t p) {
  if (d <= 0 || s <= 1 || d % p == 0)
    return 0; // Negative strides are refused by composeLeaf.
  if (p % d == 0)
    return d * (std::min(s, p / d) - 1);
  return p; // Not aligned: reported as a carry.
}

/// The modes of B are composed one by one; that is A o B only if their sum
/// never carries across a mode boundary of A (NVIDIA/cutlass#2955).
static llvm::Error checkNoCarry(const FlatModes &a, const Layout &b) {
  FlatModes fb = flatModes(b);
  if (fb.size() < 2)
    return llvm::Error::success();
  int64_t boundary = 1;
  for (size_t k = 0; k + 1 < a.size(); ++k) {
    boundary *= a.shape[k];
    int64_t sum = 0;
    for (size_t j = 0; j < fb.size(); ++j)
      sum += maxResidue(fb.shape[j], fb.stride[j], boundary);
    if (sum >= boundary)
      return makeError(
          "composition: the modes of " + toString(b) +
          " overlap inside the layout " + flatStr(a) +
          " (their offsets add across the mode boundary at " +
          llvm::Twine(boundary) +
          "), so the result is not a layout; make the modes of the right "
          "operand disjoint");
  }
  return llvm::Error::success();
}

llvm::Expected<Layout> tile::cute::composition(const Layout &a,
                                               const Layout &b) {
  if (b.isSwizzled())
    return makeError("composition: the right operand " + toString(b) +
                     " is swizzled; only the left operand may be");
  if (auto err = checkRange(a.inner(), "composition"))
    return std::move(err);
  if (auto err = checkRange(b, "composition"))
    return std::move(err);
  FlatModes fa = coalesceX(a.inner());
  if (auto err = checkNoCarry(fa, b))
    return std::move(err);
  auto r = composeTree(fa, b.shape(), b.stride());
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

llvm::Expected<Layout> tile::cute::rightInverse(const Layout &a) {
  if (a.isSwizzled())
    return makeError("right_inverse: " + toString(a) +
                     " is swizzled; invert its inner layout");
  if (auto err = checkRange(a, "right_inverse"))
    return std::move(err);
  FlatModes f = flatModes(coalesce(a));
  // Prefix products of the coalesced shape (column major, 0 for size 1).
  std::vector<int64_t> rstride(f.size());
  int64_t p = 1;
  for (size_t i = 0; i < f.size(); ++i) {
    rstride[i] = f.shape[i] == 1 ? 0 : p;
    p *= f.shape[i];
  }
  FlatModes res;
  int64_t next = 1;
  std::vector<bool> used(f.size(), false);
  while (true) {
    size_t found = f.size();
    for (size_t i = 0; i < f.size(); ++i)
      if (!used[i] && (f.stride[i] == next || f.stride[i] == -next)) {
        found = i;
        break;
      }
    if (found == f.size())
      break;
    used[found] = true;
    res.shape.push_back(f.shape[found]);
    res.stride.push_back(f.stride[found] < 0 ? -rstride[found]
                                             : rstride[found]);
    int64_t n = f.shape[found] * next;
    if (n == next)
      break;
    next = n;
  }
  if (res.size() == 0)
    return Layout(1, 0);
  return fromFlat(res);
}

llvm::Expected<Layout> tile::cute::leftInverse(const Layout &a) {
  if (a.isSwizzled())
    return makeError("left_inverse: " + toString(a) +
                     " is swizzled; invert its inner layout");
  auto c = complement(a);
  if (!c)
    return makeError("left_inverse: " + llvm::toString(c.takeError()));
  return rightInverse(Layout::concat({a, *c}));
}
