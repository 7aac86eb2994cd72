//===- Algebra.cpp - CuTe's layout algebra --------------------------------===//
//
// Each function follows the construction of CuTe's include/cute/layout.hpp
// (all integers static). Where CuTe only static_asserts or silently
// computes a wrong layout, we return an error that says why.
//
//===----------------------------------------------------------------------===//

#include "tile/CuTe/Algebra.h"

#include "Arith.h"

#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <functional>
#include <limits>

using namespace tile;
using namespace tile::cute;

static llvm::Error makeError(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

/// Values beyond this are refused so that no product can overflow int64.
static constexpr int64_t kMaxValue = int64_t(1) << 40;

static llvm::Error checkMul(int64_t a, int64_t b, llvm::StringRef what) {
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

static llvm::Error checkRange(const Layout &l, llvm::StringRef what) {
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

namespace {
/// A flat list of modes (shape, stride).
struct FlatModes {
  std::vector<int64_t> shape, stride;
  size_t size() const { return shape.size(); }
};
} // namespace

static FlatModes flatModes(const Layout &l) {
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

//===----------------------------------------------------------------------===//
// Divides and products
//===----------------------------------------------------------------------===//

llvm::Expected<Layout> tile::cute::logicalDivide(const Layout &a,
                                                 const Tiler &b) {
  switch (b.getKind()) {
  case Tiler::Kind::Underscore:
    return a;
  case Tiler::Kind::Layout: {
    auto c = complement(b.layout(), a.shape());
    if (!c)
      return makeError("logical_divide: " + llvm::toString(c.takeError()));
    auto r = composition(a, Layout::concat({b.layout(), *c}));
    if (!r)
      return makeError("logical_divide: " + llvm::toString(r.takeError()));
    return r;
  }
  case Tiler::Kind::Tuple:
    break;
  }
  if (b.rank() > a.rank())
    return makeError("logical_divide: the tiler " + b.str() + " has " +
                     llvm::Twine(b.rank()) + " modes but the layout " +
                     toString(a) + " has only " + llvm::Twine(a.rank()));
  std::vector<Layout> modes;
  for (size_t i = 0; i < a.rank(); ++i) {
    Layout m = a.inner().mode(i);
    if (i < b.rank()) {
      auto d = logicalDivide(m, b.elems()[i]);
      if (!d)
        return d.takeError();
      m = *d;
    }
    modes.push_back(m);
  }
  return Layout::concat(modes).withSwizzle(a.swizzle(), a.swizzleOffset());
}

/// CuTe's zip2_by: gathers the first elements of the rank-2 modes found at
/// the leaves of `guide` into mode 0 and the second ones (plus the modes
/// the guide does not reach) into mode 1.
static llvm::Expected<std::pair<IntTuple, IntTuple>>
zip2By(const IntTuple &t, const Tiler &guide, const char *op) {
  if (!guide.isTuple()) {
    if (guide.isUnderscore())
      return makeError(llvm::Twine(op) +
                       ": '_' in the tiler is not supported here");
    if (!t.isTuple() || t.rank() != 2)
      return makeError(llvm::Twine(op) + ": internal: expected a rank-2 mode");
    return std::make_pair(t[0], t[1]);
  }
  std::vector<IntTuple> c0, c1;
  for (size_t i = 0; i < guide.rank(); ++i) {
    auto z = zip2By(t[i], guide.elems()[i], op);
    if (!z)
      return z.takeError();
    c0.push_back(z->first);
    c1.push_back(z->second);
  }
  for (size_t i = guide.rank(); i < t.rank(); ++i)
    c1.push_back(t[i]);
  return std::make_pair(IntTuple::tuple(std::move(c0)),
                        IntTuple::tuple(std::move(c1)));
}

static llvm::Expected<Layout> tileUnzip(const Layout &l, const Tiler &guide,
                                        const char *op) {
  auto s = zip2By(l.shape(), guide, op);
  if (!s)
    return s.takeError();
  auto d = zip2By(l.stride(), guide, op);
  if (!d)
    return d.takeError();
  return Layout(IntTuple::tuple({s->first, s->second}),
                IntTuple::tuple({d->first, d->second}))
      .withSwizzle(l.swizzle(), l.swizzleOffset());
}

/// Splices the modes of a rank>=2 tuple mode, keeps anything else whole.
static void spliceMode(const IntTuple &s, const IntTuple &d,
                       std::vector<IntTuple> &shapes,
                       std::vector<IntTuple> &strides) {
  if (s.isTuple() && s.rank() >= 2) {
    for (size_t i = 0; i < s.rank(); ++i) {
      shapes.push_back(s[i]);
      strides.push_back(d[i]);
    }
    return;
  }
  shapes.push_back(s);
  strides.push_back(d);
}

static Layout unpack(const Layout &zipped, bool first) {
  std::vector<IntTuple> s, d;
  if (first)
    spliceMode(zipped.shape()[0], zipped.stride()[0], s, d);
  else {
    s.push_back(zipped.shape()[0]);
    d.push_back(zipped.stride()[0]);
  }
  spliceMode(zipped.shape()[1], zipped.stride()[1], s, d);
  return Layout(IntTuple::tuple(std::move(s)), IntTuple::tuple(std::move(d)))
      .withSwizzle(zipped.swizzle(), zipped.swizzleOffset());
}

llvm::Expected<Layout> tile::cute::zippedDivide(const Layout &a,
                                                const Tiler &b) {
  auto l = logicalDivide(a, b);
  if (!l)
    return l.takeError();
  return tileUnzip(*l, b, "zipped_divide");
}

llvm::Expected<Layout> tile::cute::tiledDivide(const Layout &a,
                                               const Tiler &b) {
  auto z = zippedDivide(a, b);
  if (!z)
    return z.takeError();
  return unpack(*z, /*first=*/false);
}

llvm::Expected<Layout> tile::cute::flatDivide(const Layout &a, const Tiler &b) {
  auto z = zippedDivide(a, b);
  if (!z)
    return z.takeError();
  return unpack(*z, /*first=*/true);
}

llvm::Expected<Layout> tile::cute::logicalProduct(const Layout &a,
                                                  const Tiler &b) {
  switch (b.getKind()) {
  case Tiler::Kind::Underscore:
    return a;
  case Tiler::Kind::Layout: {
    if (a.isSwizzled() || b.layout().isSwizzled())
      return makeError("logical_product: swizzled layouts are not supported");
    if (auto err = checkRange(a, "logical_product"))
      return std::move(err);
    if (auto err = checkRange(b.layout(), "logical_product"))
      return std::move(err);
    if (auto err = checkMul(a.size(), b.layout().cosize(), "logical_product"))
      return std::move(err);
    auto c = complement(a, IntTuple(a.size() * b.layout().cosize()));
    if (!c)
      return makeError("logical_product: " + llvm::toString(c.takeError()));
    auto r = composition(*c, b.layout());
    if (!r)
      return makeError("logical_product: " + llvm::toString(r.takeError()));
    return Layout::concat({a, *r});
  }
  case Tiler::Kind::Tuple:
    break;
  }
  if (b.rank() > a.rank())
    return makeError("logical_product: the tiler " + b.str() + " has " +
                     llvm::Twine(b.rank()) + " modes but the layout " +
                     toString(a) + " has only " + llvm::Twine(a.rank()));
  std::vector<Layout> modes;
  for (size_t i = 0; i < a.rank(); ++i) {
    Layout m = a.mode(i);
    if (i < b.rank()) {
      auto p = logicalProduct(m, b.elems()[i]);
      if (!p)
        return p.takeError();
      m = *p;
    }
    modes.push_back(m);
  }
  return Layout::concat(modes);
}

llvm::Expected<Layout> tile::cute::zippedProduct(const Layout &a,
                                                 const Tiler &b) {
  auto l = logicalProduct(a, b);
  if (!l)
    return l.takeError();
  return tileUnzip(*l, b, "zipped_product");
}

llvm::Expected<Layout> tile::cute::tiledProduct(const Layout &a,
                                                const Tiler &b) {
  auto z = zippedProduct(a, b);
  if (!z)
    return z.takeError();
  return unpack(*z, /*first=*/false);
}

llvm::Expected<Layout> tile::cute::flatProduct(const Layout &a,
                                               const Tiler &b) {
  auto z = zippedProduct(a, b);
  if (!z)
    return z.takeError();
  return unpack(*z, /*first=*/true);
}

/// Pads a layout to rank r with 1:0 modes (CuTe append<R>).
static Layout padRank(const Layout &l, size_t r) {
  std::vector<Layout> modes;
  for (size_t i = 0; i < l.rank(); ++i)
    modes.push_back(l.mode(i));
  while (modes.size() < r)
    modes.push_back(Layout(1, 0));
  if (modes.size() == 1)
    return l;
  return Layout::concat(modes);
}

static Layout unwrapRank1(const Layout &l) {
  return l.shape().isTuple() && l.rank() == 1 ? l.mode(0) : l;
}

static llvm::Expected<Layout> rankedProduct(const Layout &a, const Layout &b,
                                            bool raked, const char *op) {
  if (a.isSwizzled() || b.isSwizzled())
    return makeError(llvm::Twine(op) + ": swizzled layouts are not supported");
  size_t r = std::max(a.rank(), b.rank());
  Layout pa = padRank(a, r), pb = padRank(b, r);
  auto p = logicalProduct(pa, Tiler(pb));
  if (!p)
    return makeError(llvm::Twine(op) + ": " + llvm::toString(p.takeError()));
  Layout m0 = p->mode(0), m1 = p->mode(1);
  std::vector<Layout> modes;
  for (size_t i = 0; i < r; ++i) {
    Layout x = r == 1 ? unwrapRank1(m0) : m0.mode(i);
    Layout y = r == 1 ? unwrapRank1(m1) : m1.mode(i);
    Layout z = raked ? Layout::concat({y, x}) : Layout::concat({x, y});
    modes.push_back(r == 1 ? z : coalesce(z));
  }
  if (r == 1) {
    // Rank 1: one coalesced mode, kept rank 1.
    Layout z = coalesce(modes[0]);
    return z.rank() == 1 ? z : Layout::concat({z});
  }
  return Layout::concat(modes);
}

llvm::Expected<Layout> tile::cute::blockedProduct(const Layout &a,
                                                  const Layout &b) {
  return rankedProduct(a, b, /*raked=*/false, "blocked_product");
}

llvm::Expected<Layout> tile::cute::rakedProduct(const Layout &a,
                                                const Layout &b) {
  return rankedProduct(a, b, /*raked=*/true, "raked_product");
}

llvm::Expected<IntTuple> tile::cute::ceilDiv(const IntTuple &shape,
                                             const Layout &tiler) {
  auto c = complement(tiler, shape);
  if (!c)
    return makeError("ceil_div: " + llvm::toString(c.takeError()));
  return c->shape();
}

//===----------------------------------------------------------------------===//
// tile_to_shape, make_ordered_layout, max_common_vector
//===----------------------------------------------------------------------===//

llvm::Expected<Layout> tile::cute::makeOrderedLayout(const IntTuple &shape,
                                                     const IntTuple &order) {
  std::vector<IntTuple> s = leaves(shape), o = leaves(order);
  if (s.size() != o.size() || (shape.isTuple() && !congruent(shape, order) &&
                               !(order.isTuple() && order.rank() == s.size())))
    return makeError("make_ordered_layout: the order " + order.str() +
                     " does not match the shape " + shape.str());
  for (const IntTuple &x : s)
    if (x.value() < 1)
      return makeError("make_ordered_layout: extent " + llvm::Twine(x.value()) +
                       " must be at least 1");
  std::vector<size_t> idx(s.size());
  for (size_t i = 0; i < idx.size(); ++i)
    idx[i] = i;
  std::stable_sort(idx.begin(), idx.end(), [&](size_t x, size_t y) {
    return o[x].value() < o[y].value();
  });
  std::vector<int64_t> strides(s.size());
  int64_t cur = 1;
  for (size_t k : idx) {
    strides[k] = s[k].value() == 1 ? 0 : cur;
    if (auto err = checkMul(cur, s[k].value(), "make_ordered_layout"))
      return std::move(err);
    cur *= s[k].value();
  }
  // Rebuild the stride with the profile of the shape.
  size_t pos = 0;
  std::function<IntTuple(const IntTuple &)> rebuild =
      [&](const IntTuple &t) -> IntTuple {
    if (!t.isTuple())
      return IntTuple(strides[pos++]);
    std::vector<IntTuple> out;
    for (const IntTuple &e : t.elems())
      out.push_back(rebuild(e));
    return IntTuple::tuple(std::move(out));
  };
  return Layout(shape, rebuild(shape));
}

llvm::Expected<Layout> tile::cute::tileToShape(const Layout &block,
                                               const IntTuple &targetShape,
                                               const IntTuple &order) {
  if (hasUnderscore(targetShape))
    return makeError("tile_to_shape: the target shape " + targetShape.str() +
                     " contains '_'");
  size_t r = targetShape.rank();
  if (block.rank() > r)
    return makeError("tile_to_shape: the block " + toString(block) +
                     " has rank " + llvm::Twine(block.rank()) +
                     " but the target shape " + targetShape.str() +
                     " has rank " + llvm::Twine(r));
  Layout inner = block.inner();
  std::vector<Layout> modes;
  std::vector<IntTuple> counts;
  for (size_t i = 0; i < r; ++i) {
    Layout m = i >= inner.rank()         ? Layout(1, 0)
               : inner.shape().isTuple() ? inner.mode(i)
                                         : inner;
    int64_t t = product(targetShape[i]), b = m.size();
    if (t < 1 || b < 1 || t % b != 0)
      return makeError("tile_to_shape: the block extent " + llvm::Twine(b) +
                       " of mode " + llvm::Twine(i) +
                       " does not divide the target extent " + llvm::Twine(t));
    modes.push_back(m);
    counts.push_back(t / b);
  }
  Layout padded = !targetShape.isTuple() ? modes[0] : Layout::concat(modes);
  IntTuple countShape =
      r == 1 && !targetShape.isTuple() ? counts[0] : IntTuple::tuple(counts);
  IntTuple ord = order;
  if (order.isTuple() && order.rank() == 0)
    ord = repeatLike(countShape, 0); // column major: stable by mode index
  auto tiles = makeOrderedLayout(countShape, ord);
  if (!tiles)
    return makeError("tile_to_shape: " + llvm::toString(tiles.takeError()));
  auto p = blockedProduct(padded, *tiles);
  if (!p)
    return makeError("tile_to_shape: " + llvm::toString(p.takeError()));
  auto c = coalesce(*p, countShape);
  if (!c)
    return makeError("tile_to_shape: " + llvm::toString(c.takeError()));
  return c->withSwizzle(block.swizzle(), block.swizzleOffset());
}

llvm::Expected<int64_t> tile::cute::maxCommonVector(const Layout &a,
                                                    const Layout &b) {
  if (a.isSwizzled() || b.isSwizzled())
    return makeError("max_common_vector: swizzled layouts are not supported");
  auto inv = rightInverse(b);
  if (!inv)
    return inv.takeError();
  auto comp = composition(a, *inv);
  if (!comp)
    return makeError("max_common_vector: " + llvm::toString(comp.takeError()));
  FlatModes f = flatModes(coalesce(*comp));
  if (f.stride[0] == 1)
    return f.shape[0];
  return int64_t(1);
}

//===----------------------------------------------------------------------===//
// upcast, downcast
//===----------------------------------------------------------------------===//

/// CuTe's shape_div on integers that divide one way or the other.
static llvm::Expected<int64_t> shapeDiv(int64_t a, int64_t b,
                                        llvm::StringRef what) {
  if (a % b == 0)
    return a / b;
  if (b % a == 0)
    return a < 0 ? -1 : 1;
  return makeError(llvm::Twine(what) + ": " + llvm::Twine(a) + " and " +
                   llvm::Twine(b) + " do not divide each other");
}

static llvm::Expected<IntTuple> recastTree(const IntTuple &shape,
                                           const IntTuple &stride, int64_t n,
                                           bool up, IntTuple &newStride) {
  if (shape.isTuple()) {
    std::vector<IntTuple> s, d;
    for (size_t i = 0; i < shape.rank(); ++i) {
      IntTuple di;
      auto si = recastTree(shape[i], stride[i], n, up, di);
      if (!si)
        return si.takeError();
      s.push_back(*si);
      d.push_back(di);
    }
    newStride = IntTuple::tuple(std::move(d));
    return IntTuple::tuple(std::move(s));
  }
  int64_t sh = shape.value(), st = stride.value();
  const char *op = up ? "upcast" : "downcast";
  if (st == 0) {
    newStride = IntTuple(0);
    return shape;
  }
  if (!up) {
    if (st == 1 || st == -1) {
      newStride = stride;
      if (auto err = checkMul(sh, n, op))
        return std::move(err);
      return IntTuple(sh * n);
    }
    if (auto err = checkMul(st, n, op))
      return std::move(err);
    newStride = IntTuple(st * n);
    return shape;
  }
  int64_t ast = st < 0 ? -st : st;
  auto group = shapeDiv(n, ast, op);
  if (!group)
    return group.takeError();
  if (sh % *group != 0 && *group % sh != 0)
    return makeError(llvm::Twine(op) + ": extent " + llvm::Twine(sh) +
                     " of the mode with stride " + llvm::Twine(st) +
                     " is not a multiple of " + llvm::Twine(*group));
  auto newShape = shapeDiv(sh, *group, op);
  if (!newShape)
    return newShape.takeError();
  auto d = shapeDiv(st, n, op);
  if (!d)
    return d.takeError();
  newStride = IntTuple(*d);
  return IntTuple(*newShape);
}

static llvm::Expected<Layout> recast(const Layout &layout, int64_t n, bool up) {
  const char *op = up ? "upcast" : "downcast";
  if (n < 1 || n > (int64_t(1) << 20))
    return makeError(llvm::Twine(op) + ": the factor " + llvm::Twine(n) +
                     " must be in [1, 2^20]");
  if (layout.isSwizzled())
    return makeError(llvm::Twine(op) + ": swizzled layouts are not supported");
  if (auto err = checkRange(layout, op))
    return std::move(err);
  IntTuple stride;
  auto shape = recastTree(layout.shape(), layout.stride(), n, up, stride);
  if (!shape)
    return shape.takeError();
  return Layout(*shape, stride);
}

llvm::Expected<Layout> tile::cute::upcast(const Layout &layout, int64_t n) {
  return recast(layout, n, /*up=*/true);
}

llvm::Expected<Layout> tile::cute::downcast(const Layout &layout, int64_t n) {
  return recast(layout, n, /*up=*/false);
}
