//===- DivideProduct.cpp - CuTe's divides, products and shape helpers -----===//
//
// logical/zipped/tiled/flat divides and products, blocked and raked
// products, tile_to_shape, make_ordered_layout, max_common_vector, upcast
// and downcast; built on Algebra.cpp's composition and complement, as in
// CuTe's include/cute/layout.hpp. Inadmissible arguments are errors.
//
//===----------------------------------------------------------------------===//

#include "tile/CuTe/Algebra.h"

#include "AlgebraUtils.h"
#include "Arith.h"

#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <numeric>

using namespace tile;
using namespace tile::cute;
using namespace tile::cute::detail;

//===----------------------------------------------------------------------===//
// Divides and products
//===----------------------------------------------------------------------===//

llvm::Expected<Layout> tile::cute::logicalDivide(const Layout &a,
                                                 const Tiler &b) {
  switch (b.getKind()) {
  case Tiler::Kind::Underscore:
    return a;
  case Tiler::Kind::Layout: {
    // CuTe takes the complement against the shape of coalesce(a).
    auto c = complement(b.layout(), coalesce(a.inner()).shape());
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

/// CuTe's zip of two IntTuples: ((a0,b0),(a1,b1),...), or ((a,b)) when `a`
/// is not a tuple. An error where CuTe's zip does not compile (the ranks
/// differ).
static llvm::Expected<IntTuple> zipPair(const IntTuple &a, const IntTuple &b,
                                        const char *op) {
  if (!a.isTuple())
    return IntTuple::tuple({IntTuple::tuple({a, b})});
  if (b.isTuple() ? b.rank() != a.rank() : a.rank() != 1)
    return makeError(llvm::Twine(op) + ": the block part " + a.str() +
                     " and the tiler part " + b.str() +
                     " of the product have different ranks, so CuTe's zip "
                     "cannot pair their modes (\"Mismatched Ranks\"); give "
                     "the block and the tiler the same rank");
  std::vector<IntTuple> out;
  for (size_t i = 0; i < a.rank(); ++i)
    out.push_back(IntTuple::tuple({a[i], b[i]}));
  return IntTuple::tuple(std::move(out));
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
  Layout x = p->mode(0), y = p->mode(1);
  if (raked)
    std::swap(x, y);
  auto shape = zipPair(x.shape(), y.shape(), op);
  if (!shape)
    return shape.takeError();
  auto stride = zipPair(x.stride(), y.stride(), op);
  if (!stride)
    return stride.takeError();
  return Layout(*shape, *stride);
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
  Layout padded = !targetShape.isTuple() ? inner : Layout::concat(modes);
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
  return p->withSwizzle(block.swizzle(), block.swizzleOffset());
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

static int64_t ceilDivInt(int64_t a, int64_t b) { return (a + b - 1) / b; }

/// CuTe's upcast<N> / downcast<N> on one (shape, stride) tree.
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
  if (!up) {
    // Stride +-1: N times as many elements; else N times the stride.
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
  if (st == 0) {
    newStride = IntTuple(0);
    return shape;
  }
  if (st % n != 0 && n % st != 0)
    return makeError(llvm::Twine(op) + ": stride " + llvm::Twine(st) + " and " +
                     llvm::Twine(n) +
                     " do not divide each other (CuTe's divisibility "
                     "condition)");
  // Groups of ceil(N/|d|) elements of the mode form one new element; the
  // stride becomes ceil(|d|/N) (with its sign).
  int64_t ast = st < 0 ? -st : st;
  newStride = IntTuple((st < 0 ? -1 : 1) * ceilDivInt(ast, n));
  return IntTuple(ceilDivInt(sh, ceilDivInt(n, ast)));
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
  if (!up) {
    bool adjacent = false;
    for (const IntTuple &d : leaves(layout.stride()))
      adjacent |= d.value() == 1;
    if (!adjacent)
      return makeError("downcast: " + toString(layout) +
                       " has no stride-1 mode (CuTe: \"Downcast requires "
                       "adjacent elements\")");
  }
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

llvm::Expected<Layout> tile::cute::recastLayout(const Layout &layout,
                                                int64_t oldBits,
                                                int64_t newBits) {
  if (oldBits < 1 || newBits < 1 || oldBits > 4096 || newBits > 4096)
    return makeError("recast_layout: element sizes " + llvm::Twine(oldBits) +
                     " and " + llvm::Twine(newBits) +
                     " bits must be in [1, 4096]");
  int64_t g = std::gcd(oldBits, newBits);
  int64_t num = newBits / g, den = oldBits / g;
  Layout l = layout;
  if (num != 1) {
    auto u = upcast(l, num);
    if (!u)
      return makeError("recast_layout: " + llvm::toString(u.takeError()));
    l = *u;
  }
  if (den != 1) {
    auto d = downcast(l, den);
    if (!d)
      return makeError("recast_layout: " + llvm::toString(d.takeError()));
    l = *d;
  }
  return l;
}

llvm::Expected<Layout> tile::cute::maxCommonLayout(const Layout &a,
                                                   const Layout &b) {
  if (a.isSwizzled() || b.isSwizzled())
    return makeError("max_common_layout: swizzled layouts are not supported");
  auto inv = rightInverse(b);
  if (!inv)
    return makeError("max_common_layout: " + llvm::toString(inv.takeError()));
  auto comp = composition(a, *inv);
  if (!comp)
    return makeError("max_common_layout: " + llvm::toString(comp.takeError()));
  Layout common = coalesce(*comp);
  Layout first = common.shape().isTuple() ? common.mode(0) : common;
  if (first.stride() != IntTuple(1))
    return Layout(1, 0);
  auto r = composition(*inv, first);
  if (!r)
    return makeError("max_common_layout: " + llvm::toString(r.takeError()));
  return r;
}

llvm::Expected<Layout> tile::cute::domainDistribute(const IntTuple &shape,
                                                    int64_t n) {
  if (hasUnderscore(shape))
    return makeError("domain_distribute: the shape " + shape.str() +
                     " contains '_'");
  if (n < 1 || n > kMaxValue)
    return makeError("domain_distribute: the count " + llvm::Twine(n) +
                     " must be in [1, 2^40]");
  std::vector<IntTuple> flat = leaves(shape);
  for (const IntTuple &l : flat)
    if (l.value() < 1 || l.value() > kMaxValue)
      return makeError("domain_distribute: extent " + l.str() +
                       " must be in [1, 2^40]");
  if (product(shape) > kMaxValue)
    return makeError("domain_distribute: the shape " + shape.str() +
                     " is too large (limit 2^40)");
  std::vector<IntTuple> result;
  int64_t rest = n;
  for (const IntTuple &l : flat) {
    int64_t g = std::gcd(l.value(), rest);
    result.push_back(g);
    rest /= g;
  }
  IntTuple flatShape = IntTuple::tuple(flat);
  return coalesce(Layout(IntTuple::tuple(result), compactColMajor(flatShape)));
}
