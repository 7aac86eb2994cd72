//===- PropertyTest.cpp - Defining properties on random layouts -----------===//
//
// The post-conditions CuTe states for each operation, checked by brute
// force on many random layouts (as CUTLASS's test/unit/cute/core does).
//
//===----------------------------------------------------------------------===//

#include "tile/CuTe/Algebra.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <set>

using namespace tile::cute;

namespace {

class Gen {
public:
  explicit Gen(unsigned seed) : rng(seed) {}
  int64_t uniform(int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
  }

  /// Groups flat modes into a random hierarchy of rank `rank`.
  Layout group(const std::vector<int64_t> &s, const std::vector<int64_t> &d) {
    std::vector<IntTuple> shapes, strides;
    size_t i = 0;
    while (i < s.size()) {
      size_t n = std::min<size_t>(s.size() - i, uniform(1, 2));
      if (n == 1 && uniform(0, 3) != 0) {
        shapes.push_back(s[i]);
        strides.push_back(d[i]);
      } else {
        std::vector<IntTuple> ss(s.begin() + i, s.begin() + i + n);
        std::vector<IntTuple> dd(d.begin() + i, d.begin() + i + n);
        shapes.push_back(IntTuple::tuple(ss));
        strides.push_back(IntTuple::tuple(dd));
      }
      i += n;
    }
    if (shapes.size() == 1 && uniform(0, 1))
      return Layout(shapes[0], strides[0]);
    return Layout(IntTuple::tuple(shapes), IntTuple::tuple(strides));
  }

  /// Any layout: shapes 1..6, strides 0..24.
  Layout any() {
    size_t n = uniform(1, 4);
    std::vector<int64_t> s, d;
    for (size_t i = 0; i < n; ++i) {
      s.push_back(uniform(1, 6));
      d.push_back(uniform(0, 3) == 0 ? 0 : uniform(1, 24));
    }
    return group(s, d);
  }

  /// An injective layout whose sorted strides leave gaps that are
  /// multiples (so that it has an exact complement), modes shuffled.
  Layout injective(int maxModes = 3) {
    size_t n = uniform(1, maxModes);
    std::vector<int64_t> s, d;
    int64_t cur = uniform(1, 3);
    for (size_t i = 0; i < n; ++i) {
      s.push_back(uniform(2, 5));
      d.push_back(cur);
      cur *= s.back() * uniform(1, 2);
    }
    std::vector<size_t> perm(n);
    std::iota(perm.begin(), perm.end(), 0);
    std::shuffle(perm.begin(), perm.end(), rng);
    std::vector<int64_t> ps, pd;
    for (size_t p : perm) {
      ps.push_back(s[p]);
      pd.push_back(d[p]);
    }
    return group(ps, pd);
  }

  /// A compact (bijective onto [0,size)) layout with shuffled modes.
  Layout compact(int maxModes = 3) {
    size_t n = uniform(1, maxModes);
    std::vector<int64_t> s, d;
    int64_t cur = 1;
    for (size_t i = 0; i < n; ++i) {
      s.push_back(uniform(2, 4));
      d.push_back(cur);
      cur *= s.back();
    }
    std::vector<size_t> perm(n);
    std::iota(perm.begin(), perm.end(), 0);
    std::shuffle(perm.begin(), perm.end(), rng);
    std::vector<int64_t> ps, pd;
    for (size_t p : perm) {
      ps.push_back(s[p]);
      pd.push_back(d[p]);
    }
    return group(ps, pd);
  }

  std::mt19937 rng;
};

constexpr int kIters = 3000;

bool isInjective(const Layout &l) {
  std::set<int64_t> seen;
  for (int64_t i = 0; i < l.size(); ++i)
    if (!seen.insert(l(i)).second)
      return false;
  return true;
}

std::set<int64_t> image(const Layout &l) {
  std::set<int64_t> s;
  for (int64_t i = 0; i < l.size(); ++i)
    s.insert(l(i));
  return s;
}

TEST(CuTeProperty, CoordinatesRoundTrip) {
  Gen g(1);
  for (int it = 0; it < kIters; ++it) {
    Layout l = g.any();
    for (int64_t i = 0; i < l.size(); ++i) {
      IntTuple c = idx2crd(IntTuple(i), l.shape());
      ASSERT_TRUE(congruent(c, l.shape())) << c.str() << " " << toString(l);
      EXPECT_EQ(crd2idx(c, l.shape()), i);
      auto v = l.eval(c);
      ASSERT_TRUE(static_cast<bool>(v));
      EXPECT_EQ(*v, l(i)) << toString(l) << " at " << c.str();
    }
  }
}

TEST(CuTeProperty, Coalesce) {
  Gen g(2);
  for (int it = 0; it < kIters; ++it) {
    Layout l = g.any();
    Layout c = coalesce(l);
    ASSERT_EQ(c.size(), l.size()) << toString(l) << " -> " << toString(c);
    EXPECT_LE(c.depth(), 1);
    for (int64_t i = 0; i < l.size(); ++i)
      EXPECT_EQ(c(i), l(i)) << toString(l) << " -> " << toString(c);
    // By mode: keeps the rank, each mode equal as a function.
    auto byMode = coalesce(l, repeatLike(productEach(l.shape()), 1));
    ASSERT_TRUE(static_cast<bool>(byMode));
    EXPECT_EQ(byMode->rank(), l.rank());
    for (int64_t i = 0; i < l.size(); ++i)
      EXPECT_EQ((*byMode)(i), l(i));
  }
}

TEST(CuTeProperty, Composition) {
  Gen g(3);
  int ok = 0;
  for (int it = 0; it < kIters; ++it) {
    Layout a = g.any();
    Layout b = it % 2 ? g.compact() : g.any();
    auto r = composition(a, b);
    if (!r) {
      llvm::consumeError(r.takeError());
      continue;
    }
    ++ok;
    ASSERT_EQ(r->size(), b.size()) << toString(a) << " o " << toString(b);
    for (int64_t i = 0; i < b.size(); ++i) {
      // R(i) = A(B(i)), and B's natural coordinates index R.
      EXPECT_EQ((*r)(i), a(b(i)))
          << toString(a) << " o " << toString(b) << " = " << toString(*r);
      auto v = r->eval(idx2crd(IntTuple(i), b.shape()));
      ASSERT_TRUE(static_cast<bool>(v)) << toString(*r);
      EXPECT_EQ(*v, a(b(i)));
    }
  }
  EXPECT_GT(ok, kIters / 4);
}

TEST(CuTeProperty, CompositionOfCompactLayoutsIsAdmissible) {
  // A tiler that is a reshaping of the domain of A (B compact with
  // size(B) == size(A) and B's modes taken from A's column-major modes) is
  // always admissible.
  Gen g(4);
  for (int it = 0; it < kIters; ++it) {
    Layout b = g.compact();
    Layout a = g.any();
    Layout colMajor = Layout::columnMajor(a.shape());
    auto r = composition(colMajor, Tiler(Layout::columnMajor(a.shape())));
    ASSERT_TRUE(static_cast<bool>(r)) << llvm::toString(r.takeError());
    auto r2 = composition(Layout::columnMajor(IntTuple(b.size())), b);
    ASSERT_TRUE(static_cast<bool>(r2)) << llvm::toString(r2.takeError());
    for (int64_t i = 0; i < b.size(); ++i)
      EXPECT_EQ((*r2)(i), b(i));
  }
}

TEST(CuTeProperty, Complement) {
  Gen g(5);
  for (int it = 0; it < kIters; ++it) {
    Layout a = g.injective();
    int64_t m = a.cosize() * g.uniform(1, 3) + g.uniform(0, 2);
    auto r = complement(a, IntTuple(m));
    ASSERT_TRUE(static_cast<bool>(r))
        << toString(a) << ": " << llvm::toString(r.takeError());
    // Ordered.
    for (int64_t i = 1; i < r->size(); ++i)
      EXPECT_LT((*r)(i - 1), (*r)(i)) << toString(a) << " -> " << toString(*r);
    // Disjoint from the image of a (except at 0).
    std::set<int64_t> img = image(a);
    for (int64_t i = 1; i < r->size(); ++i)
      EXPECT_FALSE(img.count((*r)(i))) << toString(a) << " " << toString(*r);
    // Within its bound: (a, r) reaches m, and (a, r) is a bijection onto
    // its image (the complement is exact).
    Layout ar = Layout::concat({a, *r});
    EXPECT_GE(ar.cosize(), m);
    EXPECT_LT((*r)(r->size() - 1),
              std::max<int64_t>(m, a.cosize()) + a.cosize() * 4);
    EXPECT_TRUE(isInjective(ar)) << toString(ar);
  }
}

TEST(CuTeProperty, RightInverse) {
  Gen g(6);
  for (int it = 0; it < kIters; ++it) {
    Layout a = it % 2 ? g.compact() : g.any();
    auto r = rightInverse(a);
    ASSERT_TRUE(static_cast<bool>(r));
    for (int64_t i = 0; i < r->size(); ++i)
      EXPECT_EQ(a((*r)(i)), i) << toString(a) << " -> " << toString(*r);
    if (it % 2) // compact: the inverse is a full inverse
      EXPECT_EQ(r->size(), a.size()) << toString(a) << " -> " << toString(*r);
  }
}

TEST(CuTeProperty, LeftInverse) {
  Gen g(7);
  for (int it = 0; it < kIters; ++it) {
    Layout a = g.injective();
    auto r = leftInverse(a);
    ASSERT_TRUE(static_cast<bool>(r)) << llvm::toString(r.takeError());
    for (int64_t i = 0; i < a.size(); ++i)
      EXPECT_EQ((*r)(a(i)), i) << toString(a) << " -> " << toString(*r);
  }
}

TEST(CuTeProperty, LogicalDivide) {
  Gen g(8);
  int ok = 0;
  for (int it = 0; it < kIters; ++it) {
    Layout a = g.compact(4);
    Layout b = g.injective(2);
    // CuTe divides against the shape of coalesce(A).
    auto c = complement(b, coalesce(a).shape());
    auto d = logicalDivide(a, Tiler(b));
    if (!d || !c) {
      if (!d)
        llvm::consumeError(d.takeError());
      if (!c)
        llvm::consumeError(c.takeError());
      continue;
    }
    ++ok;
    Layout bb = Layout::concat({b, *c});
    ASSERT_EQ(d->size(), bb.size());
    for (int64_t i = 0; i < d->size(); ++i)
      EXPECT_EQ((*d)(i), a(bb(i)));
    // When the tiles cover A exactly, the divide is a bijection onto A's
    // image (a permutation of A's elements).
    if (d->size() == a.size() && b.cosize() <= a.size() &&
        a.size() % (b.size() * c->size()) == 0)
      EXPECT_EQ(image(*d), image(a)) << toString(a) << " / " << toString(b);
    // layout<0>(zipped_divide(a, b)) == composition(a, b)
    auto z = zippedDivide(a, Tiler(b));
    auto comp = composition(a, b);
    ASSERT_TRUE(static_cast<bool>(z) && static_cast<bool>(comp));
    EXPECT_EQ(z->mode(0), *comp);
  }
  EXPECT_GT(ok, kIters / 4);
}

TEST(CuTeProperty, DivideByShapeIsBijection) {
  Gen g(9);
  for (int it = 0; it < kIters; ++it) {
    // A 2-D row- or column-major layout, tiled by divisors of its extents.
    int64_t m = g.uniform(1, 4) * g.uniform(1, 4),
            n = g.uniform(1, 4) * g.uniform(1, 4);
    Layout a = it % 2 ? Layout::rowMajor(IntTuple::tuple({m, n}))
                      : Layout::columnMajor(IntTuple::tuple({m, n}));
    std::vector<int64_t> dm, dn;
    for (int64_t k = 1; k <= m; ++k)
      if (m % k == 0)
        dm.push_back(k);
    for (int64_t k = 1; k <= n; ++k)
      if (n % k == 0)
        dn.push_back(k);
    IntTuple tile = IntTuple::tuple(
        {dm[g.uniform(0, dm.size() - 1)], dn[g.uniform(0, dn.size() - 1)]});
    for (auto fn : {logicalDivide, zippedDivide, tiledDivide, flatDivide}) {
      auto d = fn(a, Tiler::fromShape(tile));
      ASSERT_TRUE(static_cast<bool>(d)) << llvm::toString(d.takeError());
      ASSERT_EQ(d->size(), a.size());
      EXPECT_EQ(image(*d), image(a)) << toString(*d);
      EXPECT_TRUE(isInjective(*d));
    }
    auto z = zippedDivide(a, Tiler::fromShape(tile));
    ASSERT_TRUE(static_cast<bool>(z));
    EXPECT_EQ(product(z->shape()[0]), product(tile));
  }
}

TEST(CuTeProperty, Products) {
  Gen g(10);
  int ok = 0;
  for (int it = 0; it < kIters; ++it) {
    // For a compact A the complement is one mode and any tiler composes
    // with it; for an A with holes, a tiler may carry across the holes
    // (then CuTe computes a wrong layout and we report an error).
    bool colMajor = it % 2;
    Layout a = colMajor ? g.compact(2) : g.injective(2);
    Layout b =
        colMajor ? Layout::columnMajor(g.compact(2).shape()) : g.compact(2);
    auto p = logicalProduct(a, Tiler(b));
    if (!p) {
      EXPECT_FALSE(colMajor) << toString(a) << " x " << toString(b) << ": "
                             << llvm::toString(p.takeError());
      llvm::consumeError(p.takeError());
      continue;
    }
    ++ok;
    // layout<0>(R) == A, compatible(B, layout<1>(R)), injective.
    EXPECT_EQ(p->mode(0), a);
    EXPECT_EQ(p->mode(1).size(), b.size());
    EXPECT_TRUE(isInjective(*p)) << toString(*p);
    auto c = complement(a, IntTuple(a.size() * b.cosize()));
    ASSERT_TRUE(static_cast<bool>(c));
    for (int64_t j = 0; j < b.size(); ++j)
      EXPECT_EQ(p->mode(1)(j), (*c)(b(j)));
    for (auto fn : {blockedProduct, rakedProduct}) {
      auto q = fn(a, b);
      if (!q) {
        // CuTe's zip needs the block and tiler parts of the same rank.
        EXPECT_NE(llvm::toString(q.takeError()).find("Mismatched Ranks"),
                  std::string::npos);
        continue;
      }
      EXPECT_EQ(q->size(), a.size() * b.size());
      EXPECT_EQ(q->rank(), std::max(a.rank(), b.rank()));
      EXPECT_EQ(image(*q), image(*p)) << toString(*q) << " vs " << toString(*p);
    }
  }
  EXPECT_GT(ok, kIters / 2);
}

TEST(CuTeProperty, TileToShape) {
  Gen g(12);
  for (int it = 0; it < kIters; ++it) {
    int64_t b0 = g.uniform(1, 4), b1 = g.uniform(1, 4);
    Layout block = it % 2 ? Layout::rowMajor(IntTuple::tuple({b0, b1}))
                          : Layout::columnMajor(IntTuple::tuple({b0, b1}));
    IntTuple target =
        IntTuple::tuple({b0 * g.uniform(1, 3), b1 * g.uniform(1, 3)});
    IntTuple order = IntTuple::tuple({g.uniform(0, 1), g.uniform(0, 1)});
    auto r = tileToShape(block, target, order);
    ASSERT_TRUE(static_cast<bool>(r)) << llvm::toString(r.takeError());
    ASSERT_EQ(r->rank(), 2u);
    EXPECT_EQ(product(r->shape()[0]), target[0].value());
    EXPECT_EQ(product(r->shape()[1]), target[1].value());
    // A compact block tiled compactly is a bijection onto [0, size).
    EXPECT_TRUE(isInjective(*r)) << toString(*r);
    EXPECT_EQ(r->cosize(), r->size()) << toString(*r);
    // Each block is the original block at some offset.
    for (int64_t x = 0; x < b0; ++x)
      for (int64_t y = 0; y < b1; ++y)
        EXPECT_EQ(*r->eval(IntTuple::tuple({x, y})),
                  *block.eval(IntTuple::tuple({x, y})));
  }
}

TEST(CuTeProperty, SliceAndOffset) {
  Gen g(11);
  for (int it = 0; it < kIters; ++it) {
    Layout l = g.any();
    if (!l.shape().isTuple() || l.rank() < 2)
      continue;
    // Fix mode 0 at a random coordinate, keep the others.
    int64_t x = g.uniform(0, product(l.shape()[0]) - 1);
    std::vector<IntTuple> c{IntTuple(x)};
    for (size_t i = 1; i < l.rank(); ++i)
      c.push_back(IntTuple::underscore());
    auto so = sliceAndOffset(IntTuple::tuple(c), l);
    ASSERT_TRUE(static_cast<bool>(so));
    const Layout &s = so->first;
    int64_t n0 = product(l.shape()[0]);
    ASSERT_EQ(s.size() * n0, l.size());
    for (int64_t j = 0; j < s.size(); ++j)
      EXPECT_EQ(so->second + s(j), l(x + j * n0)) << toString(l);
  }
}

TEST(CuTeProperty, SwizzleIsInvolution) {
  for (int b = 0; b <= 3; ++b)
    for (int m = 0; m <= 4; ++m)
      for (int s = -5; s <= 5; ++s) {
        auto sw = Swizzle::get(b, m, s);
        if (!sw) {
          llvm::consumeError(sw.takeError());
          continue;
        }
        for (int64_t x = 0; x < 1024; ++x)
          EXPECT_EQ(sw->apply(sw->apply(x)), x) << sw->str();
      }
}

} // namespace
