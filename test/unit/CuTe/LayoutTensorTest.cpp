//===- LayoutTensorTest.cpp - tile, vectorize, distribute -----------------===//
//
// The LayoutTensor examples of Mojo's LayoutTensor documentation and of a CuTe
// tensor tutorial, and the partial tiles at the edges, checked element by
// element against the parent layout.
//
//===----------------------------------------------------------------------===//

#include "tile/CuTe/LayoutTensor.h"
#include "tile/CuTe/Eval.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

using namespace tile::cute;

namespace {

Layout parse(const char *text) {
  auto l = parseLayout(text);
  EXPECT_TRUE(static_cast<bool>(l)) << text;
  if (!l) {
    llvm::consumeError(l.takeError());
    return Layout();
  }
  return *l;
}

TEST(CuTeLayoutTensor, TileMatchesParent) {
  // tensor.tile[32, 32](0, 1) of a 64x128 row-major tensor.
  Layout t = parse("(64,128):(128,1)");
  auto v = tileLayout(t, {32, 32}, {0, 1});
  ASSERT_TRUE(static_cast<bool>(v)) << llvm::toString(v.takeError());
  EXPECT_EQ(toString(v->layout), "(32,32):(128,1)");
  EXPECT_EQ(v->offset, 32);
  EXPECT_FALSE(v->isPartial());
  for (int64_t r = 0; r < 32; ++r)
    for (int64_t c = 0; c < 32; ++c) {
      auto inTile = v->layout.eval(IntTuple::tuple({r, c}));
      auto inParent = t.eval(IntTuple::tuple({r, 32 + c}));
      ASSERT_TRUE(inTile && inParent);
      EXPECT_EQ(v->offset + *inTile, *inParent);
    }
}

TEST(CuTeLayoutTensor, TileOfTiledLayout) {
  // A parent made of 8x8 row-major tiles: an 8x8 tile is 8x8 row-major.
  Layout t = parse("((8,2),(8,2)):((8,128),(1,64))");
  auto v = tileLayout(t, {8, 8}, {1, 1});
  ASSERT_TRUE(static_cast<bool>(v)) << llvm::toString(v.takeError());
  EXPECT_EQ(toString(v->layout), "(8,8):(8,1)");
  EXPECT_EQ(v->offset, 192);
  // A tile that cuts through the tiles of the parent is refused.
  auto bad = tileLayout(t, {12, 8}, {0, 0});
  EXPECT_FALSE(static_cast<bool>(bad));
  if (!bad)
    EXPECT_NE(llvm::toString(bad.takeError()).find("tile: mode 0"),
              std::string::npos);
}

TEST(CuTeLayoutTensor, PartialTiles) {
  // 10x6 column-major tensor, 4x4 tiles: 3x2 tiles, the last ones partial.
  Layout t = parse("(10,6):(1,10)");
  for (int64_t tr = 0; tr < 3; ++tr)
    for (int64_t tc = 0; tc < 2; ++tc) {
      auto v = tileLayout(t, {4, 4}, {tr, tc});
      ASSERT_TRUE(static_cast<bool>(v)) << llvm::toString(v.takeError());
      EXPECT_EQ(toString(v->layout), "(4,4):(1,10)");
      int64_t vr = std::min<int64_t>(4, 10 - 4 * tr);
      int64_t vc = std::min<int64_t>(4, 6 - 4 * tc);
      EXPECT_EQ(v->validShape, (std::vector<int64_t>{vr, vc}));
      EXPECT_EQ(v->isPartial(), vr < 4 || vc < 4);
      for (int64_t r = 0; r < vr; ++r)
        for (int64_t c = 0; c < vc; ++c)
          EXPECT_EQ(v->offset + *v->layout.eval(IntTuple::tuple({r, c})),
                    *t.eval(IntTuple::tuple({4 * tr + r, 4 * tc + c})));
    }
  auto past = tileLayout(t, {4, 4}, {3, 0});
  EXPECT_FALSE(static_cast<bool>(past));
  if (!past)
    EXPECT_NE(llvm::toString(past.takeError()).find("outside [0, 3)"),
              std::string::npos);
}

TEST(CuTeLayoutTensor, Vectorize) {
  // vectorize[1, 4] of a 16x16 row-major tile: 16x4 vectors of 1x4.
  Layout t = parse("(16,16):(16,1)");
  auto v = vectorizeLayout(t, {1, 4});
  ASSERT_TRUE(static_cast<bool>(v)) << llvm::toString(v.takeError());
  EXPECT_EQ(toString(v->vectors), "(16,4):(16,4)");
  EXPECT_EQ(toString(v->elements), "(1,4):(0,1)");
  // Every element is reached exactly once: vector offset + element offset.
  std::set<int64_t> seen;
  for (int64_t i = 0; i < v->vectors.size(); ++i)
    for (int64_t j = 0; j < v->elements.size(); ++j)
      EXPECT_TRUE(seen.insert(v->vectors(i) + v->elements(j)).second);
  EXPECT_EQ(seen.size(), 256u);
  EXPECT_FALSE(static_cast<bool>(vectorizeLayout(t, {3, 1})));
  EXPECT_FALSE(static_cast<bool>(vectorizeLayout(t, {4})));
}

TEST(CuTeLayoutTensor, DistributeMojoFigure5) {
  // A 4x4 row-major tensor and a 2x2 column-major thread layout: thread N
  // gets the N-th value of every 2x2 tile.
  Layout data = parse("(4,4):(4,1)");
  Layout thr = parse("(2,2):(1,2)");
  std::set<int64_t> all;
  for (int64_t tid = 0; tid < 4; ++tid) {
    auto v = distributeLayout(data, thr, tid);
    ASSERT_TRUE(static_cast<bool>(v)) << llvm::toString(v.takeError());
    EXPECT_EQ(toString(v->layout), "(2,2):(8,2)");
    int64_t tr = tid % 2, tc = tid / 2;
    EXPECT_EQ(v->offset, tr * 4 + tc);
    for (int64_t i = 0; i < 2; ++i)
      for (int64_t j = 0; j < 2; ++j) {
        int64_t off = v->offset + *v->layout.eval(IntTuple::tuple({i, j}));
        EXPECT_EQ(off, *data.eval(IntTuple::tuple({tr + 2 * i, tc + 2 * j})));
        EXPECT_TRUE(all.insert(off).second);
      }
  }
  EXPECT_EQ(all.size(), 16u);
}

TEST(CuTeLayoutTensor, VectorizeThenDistribute) {
  // tile.vectorize[1, 4]().distribute[row_major(8, 4)](lane): 32 lanes,
  // each with 2 vectors of 4, covering the 16x16 tile exactly once.
  Layout tile = parse("(16,16):(16,1)");
  auto v = vectorizeLayout(tile, {1, 4});
  ASSERT_TRUE(static_cast<bool>(v));
  Layout thr = Layout::rowMajor(IntTuple::tuple({8, 4}));
  std::set<int64_t> all;
  for (int64_t lane = 0; lane < 32; ++lane) {
    auto f = distributeLayout(v->vectors, thr, lane);
    ASSERT_TRUE(static_cast<bool>(f)) << llvm::toString(f.takeError());
    EXPECT_EQ(f->layout.size(), 2);
    for (int64_t i = 0; i < f->layout.size(); ++i)
      for (int64_t j = 0; j < v->elements.size(); ++j)
        EXPECT_TRUE(
            all.insert(f->offset + f->layout(i) + v->elements(j)).second);
  }
  EXPECT_EQ(all.size(), 256u);
}

TEST(CuTeLayoutTensor, DistributePartial) {
  // 5x3 tensor over a 2x2 thread layout: thread (x, y) owns
  // ceil((5-x)/2) x ceil((3-y)/2) elements.
  Layout data = parse("(5,3):(3,1)");
  Layout thr = parse("(2,2):(1,2)");
  int64_t total = 0;
  for (int64_t tid = 0; tid < 4; ++tid) {
    auto v = distributeLayout(data, thr, tid);
    ASSERT_TRUE(static_cast<bool>(v)) << llvm::toString(v.takeError());
    int64_t x = tid % 2, y = tid / 2;
    std::vector<int64_t> want{(5 - x + 1) / 2, (3 - y + 1) / 2};
    EXPECT_EQ(v->validShape, want);
    for (int64_t i = 0; i < want[0]; ++i)
      for (int64_t j = 0; j < want[1]; ++j) {
        EXPECT_EQ(v->offset + *v->layout.eval(IntTuple::tuple({i, j})),
                  *data.eval(IntTuple::tuple({x + 2 * i, y + 2 * j})));
        ++total;
      }
  }
  EXPECT_EQ(total, 15);
  EXPECT_FALSE(static_cast<bool>(distributeLayout(data, thr, 4)));
}

/// Random 2-D tensors, tile sizes and thread layouts (edges included):
/// every in-bounds element of every tile / fragment is the parent's, and the
/// tiles (fragments) cover the parent exactly once.
TEST(CuTeLayoutTensor, RandomTilesAndFragments) {
  std::mt19937 rng(5);
  auto uniform = [&](int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
  };
  for (int it = 0; it < 300; ++it) {
    int64_t m = uniform(1, 12), n = uniform(1, 12);
    Layout t = it % 2 ? Layout::rowMajor(IntTuple::tuple({m, n}))
                      : Layout::columnMajor(IntTuple::tuple({m, n}));
    int64_t t0 = uniform(1, 5), t1 = uniform(1, 5);
    std::map<int64_t, int> hits;
    for (int64_t tr = 0; tr * t0 < m; ++tr)
      for (int64_t tc = 0; tc * t1 < n; ++tc) {
        auto v = tileLayout(t, {t0, t1}, {tr, tc});
        ASSERT_TRUE(static_cast<bool>(v)) << llvm::toString(v.takeError());
        for (int64_t r = 0; r < v->validShape[0]; ++r)
          for (int64_t c = 0; c < v->validShape[1]; ++c) {
            int64_t off = v->offset + *v->layout.eval(IntTuple::tuple({r, c}));
            EXPECT_EQ(off,
                      *t.eval(IntTuple::tuple({tr * t0 + r, tc * t1 + c})));
            ++hits[off];
          }
      }
    EXPECT_EQ(static_cast<int64_t>(hits.size()), m * n);
    for (auto &h : hits)
      EXPECT_EQ(h.second, 1);

    int64_t p0 = uniform(1, 4), p1 = uniform(1, 4);
    Layout thr = uniform(0, 1) ? Layout::rowMajor(IntTuple::tuple({p0, p1}))
                               : Layout::columnMajor(IntTuple::tuple({p0, p1}));
    hits.clear();
    for (int64_t tid = 0; tid < p0 * p1; ++tid) {
      auto f = distributeLayout(t, thr, tid);
      ASSERT_TRUE(static_cast<bool>(f)) << llvm::toString(f.takeError());
      IntTuple hc = idx2crdInverse(tid, thr.shape(), thr.stride());
      int64_t x = hc[0].value(), y = hc[1].value();
      for (int64_t i = 0; i < f->validShape[0]; ++i)
        for (int64_t j = 0; j < f->validShape[1]; ++j) {
          int64_t off = f->offset + *f->layout.eval(IntTuple::tuple({i, j}));
          EXPECT_EQ(off, *t.eval(IntTuple::tuple({x + p0 * i, y + p1 * j})));
          ++hits[off];
        }
    }
    EXPECT_EQ(static_cast<int64_t>(hits.size()), m * n)
        << toString(t) << " over " << toString(thr);
    for (auto &h : hits)
      EXPECT_EQ(h.second, 1);
  }
}

} // namespace
