//===- LinearLayoutTest.cpp - Laws and hand-checked cases -----------------===//

#include "tile/LinearLayout/LinearLayout.h"

#include "RandomLayouts.h"

#include "gtest/gtest.h"

#include <limits>
#include <set>

using namespace tile;
using tile::testing::LayoutGen;
using Named = llvm::SmallVector<std::pair<std::string, int32_t>>;

namespace {

constexpr int kCases = 300;

LinearLayout::BasesT
basesOf(std::initializer_list<
        std::pair<std::string, std::vector<LinearLayout::Basis>>>
            list) {
  LinearLayout::BasesT bases;
  for (auto &[name, b] : list)
    bases[name] = b;
  return bases;
}

Named named(const LinearLayout &ll, llvm::ArrayRef<int32_t> x) {
  Named n;
  for (auto [i, name] : llvm::enumerate(ll.getInDimNames()))
    n.push_back({name, x[i]});
  return n;
}

/// Applies `ll` to a named point that may name more dims than it has; the
/// extra names are ignored and missing ones are 0.
Named applyNamed(const LinearLayout &ll, const Named &x) {
  Named in;
  for (auto &name : ll.getInDimNames()) {
    int32_t v = 0;
    for (auto &kv : x)
      if (kv.first == name)
        v = kv.second;
    in.push_back({name, v});
  }
  return ll.apply(in);
}

llvm::SmallVector<int32_t> xorPoints(llvm::ArrayRef<int32_t> a,
                                     llvm::ArrayRef<int32_t> b) {
  llvm::SmallVector<int32_t> r;
  for (auto [x, y] : llvm::zip(a, b))
    r.push_back(x ^ y);
  return r;
}

int32_t lookup(const Named &n, llvm::StringRef name) {
  for (auto &kv : n)
    if (kv.first == name)
      return kv.second;
  return 0;
}

/// Every input point (input-dim order) of a small layout.
std::vector<llvm::SmallVector<int32_t>> allInputs(const LinearLayout &ll) {
  std::vector<llvm::SmallVector<int32_t>> pts;
  auto names = ll.getInDimNames();
  int total = ll.getTotalInDimSizeLog2();
  for (int64_t flat = 0; flat < (int64_t(1) << total); ++flat) {
    llvm::SmallVector<int32_t> x;
    int64_t rest = flat;
    for (auto &n : names) {
      x.push_back(int32_t(rest & (ll.getInDimSize(n) - 1)));
      rest >>= ll.getInDimSizeLog2(n);
    }
    pts.push_back(x);
  }
  return pts;
}

//===----------------------------------------------------------------------===//
// Construction and hand-checked cases
//===----------------------------------------------------------------------===//

TEST(LinearLayout, Identity1D) {
  LinearLayout id = LinearLayout::identity1D(32, "lane", "dim0");
  EXPECT_EQ(id.getInDimSize("lane"), 32);
  EXPECT_EQ(id.getOutDimSize("dim0"), 32);
  EXPECT_TRUE(id.isInjective());
  EXPECT_TRUE(id.isSurjective());
  for (int32_t x = 0; x < 32; ++x)
    EXPECT_EQ(id.apply({{"lane", x}}), (Named{{"dim0", x}}));
  EXPECT_EQ(id.getNumConsecutiveInOut(), 32);
  EXPECT_EQ(id.invert(), LinearLayout::identity1D(32, "dim0", "lane"));
  LinearLayout one = LinearLayout::identity1D(1, "lane", "dim0");
  EXPECT_EQ(one.getInDimSize("lane"), 1);
  EXPECT_EQ(one.getOutDimSize("dim0"), 1);
}

TEST(LinearLayout, Zeros1D) {
  LinearLayout z = LinearLayout::zeros1D(8, "warp", "dim1", 4);
  EXPECT_EQ(z.getInDimSize("warp"), 8);
  EXPECT_EQ(z.getOutDimSize("dim1"), 4);
  EXPECT_FALSE(z.isInjective());
  EXPECT_FALSE(z.isSurjective());
  for (int32_t x = 0; x < 8; ++x)
    EXPECT_EQ(z.apply({{"warp", x}}), (Named{{"dim1", 0}}));
  EXPECT_EQ(z.getFreeVariableMasks(), (Named{{"warp", 7}}));
  // Not surjective: no pseudo-inverse, no inverse.
  EXPECT_FALSE(z.tryPseudoinvert());
  EXPECT_FALSE(z.tryInvert());
  // With a size-1 output it is surjective.
  LinearLayout z1 = LinearLayout::zeros1D(8, "warp", "dim1");
  EXPECT_TRUE(z1.isSurjective());
  EXPECT_EQ(z1.pseudoinvert().apply({{"dim1", 0}}), (Named{{"warp", 0}}));
}

TEST(LinearLayout, InferredOutSizes) {
  LinearLayout ll(basesOf({{"register", {{1, 0}, {0, 3}}}, {"lane", {}}}),
                  {"dim0", "dim1"});
  EXPECT_EQ(ll.getOutDimSize("dim0"), 2);
  EXPECT_EQ(ll.getOutDimSize("dim1"), 4);
  EXPECT_EQ(ll.getInDimSize("lane"), 1);
  EXPECT_EQ(ll.getTotalInDimSize(), 4);
  EXPECT_EQ(ll.getTotalOutDimSizeLog2(), 3);
  EXPECT_EQ(ll.getBasis("register", 1, "dim1"), 3);
  EXPECT_EQ(ll.getBasis("register", 1), (llvm::ArrayRef<int32_t>{0, 3}));
  EXPECT_FALSE(ll.isSurjective());
  EXPECT_TRUE(ll.isInjective());
  // register 3 = [1,0] ^ [0,3].
  EXPECT_EQ(ll.apply({{"lane", 0}, {"register", 3}}),
            (Named{{"dim0", 1}, {"dim1", 3}}));
}

TEST(LinearLayout, TryCreateErrors) {
  std::string err;
  EXPECT_FALSE(LinearLayout::tryCreate(basesOf({{"register", {{1}}}}),
                                       {{"dim0", 3}}, false, &err));
  EXPECT_NE(err.find("not a power of two"), std::string::npos) << err;
  EXPECT_FALSE(LinearLayout::tryCreate(basesOf({{"register", {{1, 0}}}}),
                                       {{"dim0", 4}}, false, &err));
  EXPECT_NE(err.find("values but there are 1 output dims"), std::string::npos)
      << err;
  EXPECT_FALSE(LinearLayout::tryCreate(basesOf({{"register", {{4}}}}),
                                       {{"dim0", 4}}, false, &err));
  EXPECT_NE(err.find("outside [0, 4)"), std::string::npos) << err;
  EXPECT_FALSE(LinearLayout::tryCreate(basesOf({{"register", {{-1}}}}),
                                       {{"dim0", 4}}, false, &err));
  EXPECT_FALSE(LinearLayout::tryCreate(basesOf({{"register", {{1}, {1}}}}),
                                       {{"dim0", 4}}, true, &err));
  EXPECT_NE(err.find("not surjective"), std::string::npos) << err;
  EXPECT_TRUE(LinearLayout::tryCreate(basesOf({{"register", {{1}, {1}}}}),
                                      {{"dim0", 4}}, false, &err));
  EXPECT_FALSE(LinearLayout::tryCreate(
      basesOf({{"register", {{1}}}}), {{"dim0", 2}, {"dim0", 2}}, false, &err));
  EXPECT_NE(err.find("appears twice"), std::string::npos) << err;
  EXPECT_FALSE(LinearLayout::tryCreate(basesOf({{"register", {{1}}}}),
                                       {{"dim0", 0}}, false, &err));
  EXPECT_FALSE(LinearLayout::tryCreate(basesOf({{"register", {{1}}}}),
                                       {{"dim0", -4}}, false, &err));
  // Inferred sizes: wrong lengths and negative values.
  EXPECT_FALSE(LinearLayout::tryCreate(basesOf({{"register", {{1, 2}}}}),
                                       {std::string("dim0")}, &err));
  EXPECT_FALSE(LinearLayout::tryCreate(basesOf({{"register", {{-2}}}}),
                                       {std::string("dim0")}, &err));
  EXPECT_NE(err.find("negative"), std::string::npos) << err;
  // A null error pointer is fine.
  EXPECT_FALSE(LinearLayout::tryCreate(basesOf({{"register", {{4}}}}),
                                       {{"dim0", 4}}, false));
  // Too many bases in one dim.
  std::vector<LinearLayout::Basis> many(31, LinearLayout::Basis{0});
  EXPECT_FALSE(LinearLayout::tryCreate(basesOf({{"register", many}}),
                                       {{"dim0", 1}}, false, &err));
}

TEST(LinearLayout, AlgebraErrors) {
  LinearLayout a = LinearLayout::identity1D(8, "register", "dim0");
  LinearLayout b = LinearLayout::identity1D(8, "x", "dim1");
  std::string err;
  // compose: names do not match.
  EXPECT_FALSE(a.tryCompose(b, &err));
  EXPECT_NE(err.find("not the outer layout's input dims"), std::string::npos);
  EXPECT_FALSE(a.tryCompose(b));
  // compose: outer input too small.
  EXPECT_FALSE(a.tryCompose(LinearLayout::identity1D(4, "dim0", "y"), &err));
  EXPECT_NE(err.find("has size 8"), std::string::npos) << err;
  // invertAndCompose: output dims differ, sizes too small, not surjective.
  EXPECT_FALSE(a.tryInvertAndCompose(b, &err));
  EXPECT_FALSE(
      a.tryInvertAndCompose(LinearLayout::identity1D(4, "lane", "dim0"), &err));
  EXPECT_NE(err.find("larger than"), std::string::npos) << err;
  EXPECT_FALSE(
      a.tryInvertAndCompose(LinearLayout::zeros1D(8, "lane", "dim0", 8), &err));
  EXPECT_NE(err.find("not surjective"), std::string::npos) << err;
  // invert: not injective / not surjective.
  EXPECT_FALSE(LinearLayout::zeros1D(2, "r", "dim0").tryInvert(&err));
  EXPECT_NE(err.find("not invertible"), std::string::npos) << err;
  EXPECT_FALSE(LinearLayout::zeros1D(2, "r", "dim0", 2).tryPseudoinvert(&err));
  // product: a dim too large.
  LinearLayout big = LinearLayout::identity1D(1 << 20, "register", "dim0");
  EXPECT_FALSE(LinearLayout::tryProduct(big, big, &err));
  EXPECT_NE(err.find("at most 2^30"), std::string::npos) << err;
  EXPECT_TRUE(LinearLayout::tryProduct(
      big, LinearLayout::identity1D(1 << 10, "register", "dim0")));
}

// The unchecked forms stop with a message instead of returning garbage.
TEST(LinearLayoutDeathTest, UncheckedFormsAreFatal) {
  LinearLayout a = LinearLayout::identity1D(8, "register", "dim0");
  EXPECT_DEATH((void)a.compose(LinearLayout::identity1D(8, "x", "y")),
               "compose");
  EXPECT_DEATH((void)LinearLayout::zeros1D(2, "r", "dim0").invert(),
               "not invertible");
  EXPECT_DEATH((void)a.apply({{"lane", 0}}), "no input dim");
  EXPECT_DEATH((void)a.apply({{"register", 8}}), "out of range");
  EXPECT_DEATH((void)a.reshapeOuts({{"dim0", 4}}), "total size");
  EXPECT_DEATH((void)a.transposeIns({"lane"}), "not a permutation");
  EXPECT_DEATH((void)LinearLayout::identity1D(3, "r", "dim0"),
               "not a power of two");
}

// Triton's blocked example: 1024x128, sizePerThread [2,2], threadsPerWarp
// [4,8], warpsPerCTA [2,2], order [1,0], 2x2 CTAs split 2x2. Built with the
// library's own shape-fitting helpers.
TEST(LinearLayout, BlockedExample1024x128) {
  LinearLayout cta = identityStandardND("register", {2, 2}, {1, 0}) *
                     identityStandardND("lane", {4, 8}, {1, 0}) *
                     identityStandardND("warp", {2, 2}, {1, 0});
  LinearLayout cga = LinearLayout::identity1D(2, "block", "dim1") *
                     LinearLayout::identity1D(2, "block", "dim0");
  cga = cga.transposeOuts({"dim0", "dim1"});
  // Per-CTA shape 512x64; the tile repeats fastest dim (dim1) first.
  cta = ensureLayoutNotSmallerThan(cta, {{"dim1", 64}, {"dim0", 512}});
  cta = ensureLayoutNotLargerThan(cta, {{"dim0", 512}, {"dim1", 64}});
  LinearLayout ll = cta * cga;
  LinearLayout expected(
      basesOf({{"register",
                {{0, 1},
                 {1, 0},
                 {0, 32},
                 {16, 0},
                 {32, 0},
                 {64, 0},
                 {128, 0},
                 {256, 0}}},
               {"lane", {{0, 2}, {0, 4}, {0, 8}, {2, 0}, {4, 0}}},
               {"warp", {{0, 16}, {8, 0}}},
               {"block", {{0, 64}, {512, 0}}}}),
      {{"dim0", 1024}, {"dim1", 128}}, /*requireSurjective=*/true);
  EXPECT_EQ(ll, expected) << ll << "\nvs\n" << expected;
  EXPECT_EQ(ll.getNumConsecutiveInOut("register", "dim1"), 2);
  // dim0 is the first output dim and register 1 is (0, 1): no run there.
  EXPECT_EQ(ll.getNumConsecutiveInOut(), 1);
  EXPECT_TRUE(ll.isInjective());
  for (auto &[name, mask] : ll.getFreeVariableMasks())
    EXPECT_EQ(mask, 0) << name;
}

// A 16x16 tensor with a 32x32-sized blocked tile: the largest bases become
// broadcasts.
TEST(LinearLayout, EnsureNotLargerThan) {
  LinearLayout ll = identityStandardND("lane", {8, 4}, {1, 0}) *
                    identityStandardND("register", {1, 8}, {1, 0});
  // out sizes: dim0 8, dim1 32.
  LinearLayout fit = ensureLayoutNotLargerThan(ll, {{"dim1", 8}});
  EXPECT_EQ(fit.getOutDimSize("dim1"), 8);
  EXPECT_EQ(fit.getOutDimSize("dim0"), 8);
  EXPECT_EQ(fit.getInDimSize("register"), 8);
  // register bases were (0,4),(0,8),(0,16): (0,4) stays, the others vanish.
  EXPECT_EQ(fit.getBasis("register", 0, "dim1"), 4);
  EXPECT_EQ(fit.getBasis("register", 1, "dim1"), 0);
  EXPECT_EQ(fit.getBasis("register", 2, "dim1"), 0);
  EXPECT_EQ(fit.getFreeVariableMasks(), (Named{{"lane", 0}, {"register", 6}}));
  LinearLayout dropped = ensureLayoutNotLargerThan(
      ll, {{"dim1", 8}}, /*broadcastRegisters=*/false);
  EXPECT_EQ(dropped.getInDimSize("register"), 2);
  EXPECT_TRUE(dropped.isInjective());
}

// Swizzled shared layout H01: 32x32, vec 1, perPhase 1, maxPhase 4,
// order [1, 0]. Element (r, c) lives at offset 32 r + (c xor (r mod 4)).
TEST(LinearLayout, SwizzledSharedH01) {
  LinearLayout ll(basesOf({{"offset",
                            {{0, 1},
                             {0, 2},
                             {0, 4},
                             {0, 8},
                             {0, 16},
                             {1, 1},
                             {2, 2},
                             {4, 0},
                             {8, 0},
                             {16, 0}}}}),
                  {{"dim0", 32}, {"dim1", 32}}, /*requireSurjective=*/true);
  ASSERT_TRUE(ll.isInvertible());
  for (int32_t r = 0; r < 32; ++r)
    for (int32_t c = 0; c < 32; ++c) {
      int32_t offset = 32 * r + (c ^ (r % 4));
      EXPECT_EQ(ll.apply({{"offset", offset}}),
                (Named{{"dim0", r}, {"dim1", c}}));
      EXPECT_EQ(ll.invert().apply({{"dim0", r}, {"dim1", c}}),
                (Named{{"offset", offset}}));
    }
}

TEST(LinearLayout, ProductHandChecked) {
  LinearLayout a = LinearLayout::identity1D(4, "register", "dim0");
  LinearLayout b = LinearLayout::identity1D(8, "lane", "dim0");
  LinearLayout c = LinearLayout::identity1D(2, "register", "dim1");
  LinearLayout p = a * b * c;
  EXPECT_EQ(p.getInDimNames(),
            (llvm::SmallVector<std::string>{"register", "lane"}));
  EXPECT_EQ(p.getOutDimNames(),
            (llvm::SmallVector<std::string>{"dim0", "dim1"}));
  EXPECT_EQ(p.getOutDimSize("dim0"), 32);
  EXPECT_EQ(p.getBasis("lane", 0), (llvm::ArrayRef<int32_t>{4, 0}));
  EXPECT_EQ(p.getBasis("register", 2), (llvm::ArrayRef<int32_t>{0, 1}));
  EXPECT_EQ(p.apply({{"register", 5}, {"lane", 3}}),
            (Named{{"dim0", 13}, {"dim1", 1}}));
  // Non-commutative.
  EXPECT_NE(a * b, b * a);
}

TEST(LinearLayout, ConsecutiveInOut) {
  // Registers 0..3 are contiguous, but a lane touches bit 1: only 2 remain
  // aligned.
  LinearLayout ll(basesOf({{"register", {{1}, {2}, {16}}}, {"lane", {{2}}}}),
                  {{"dim0", 32}}, false);
  EXPECT_EQ(ll.getNumConsecutiveInOut(), 2);
  LinearLayout ok(basesOf({{"register", {{1}, {2}, {16}}}, {"lane", {{4}}}}),
                  {{"dim0", 32}}, false);
  EXPECT_EQ(ok.getNumConsecutiveInOut(), 4);
  EXPECT_EQ(ok.getNumConsecutiveInOut("lane", "dim0"), 1);
  EXPECT_EQ(ok.getNumConsecutiveInOut("nope", "dim0"), 1);
  EXPECT_EQ(LinearLayout::empty().getNumConsecutiveInOut(), 1);
  LinearLayout twoD(basesOf({{"register", {{1, 0}, {0, 1}}}}),
                    {{"dim0", 2}, {"dim1", 2}}, false);
  EXPECT_EQ(twoD.getNumConsecutiveInOut(), 2);
  EXPECT_EQ(twoD.getNumConsecutiveInOut("register", "dim1"), 1);
}

TEST(LinearLayout, SublayoutAndQuotient) {
  LinearLayout ll(basesOf({{"register", {{1, 0}, {0, 0}}},
                           {"lane", {{2, 0}, {0, 1}}},
                           {"warp", {{0, 2}}}}),
                  {{"dim0", 4}, {"dim1", 4}}, false);
  LinearLayout sub = ll.sublayout({"lane", "warp"}, {"dim1"});
  EXPECT_EQ(sub, LinearLayout(basesOf({{"lane", {{0}, {1}}}, {"warp", {{2}}}}),
                              {{"dim1", 4}}, false));
  EXPECT_TRUE(ll.sublayoutIsZero({"register"}, {"dim1"}));
  EXPECT_FALSE(ll.sublayoutIsZero({"register"}, {"dim0"}));
  EXPECT_TRUE(ll.sublayoutIsZero({"warp"}, {"dim0"}));

  LinearLayout noZeros = ll.removeZeroBasesAlongDim("register");
  EXPECT_EQ(noZeros.getInDimSize("register"), 2);

  // A conversion map that is the identity on warps and lanes.
  LinearLayout cvt = LinearLayout::identity1D(4, "register", "register") *
                     LinearLayout::identity1D(32, "lane", "lane") *
                     LinearLayout::identity1D(4, "warp", "warp");
  EXPECT_TRUE(cvt.isTrivialOver({"warp", "lane"}));
  auto q = cvt.quotient({"warp", "lane", "block"});
  ASSERT_TRUE(q);
  EXPECT_EQ(*q, LinearLayout::identity1D(4, "register", "register"));
  // Mixing lanes into registers is not trivial over lanes.
  LinearLayout mix(basesOf({{"register", {{0, 1}}}, {"lane", {{1, 0}}}}),
                   {{"register", 2}, {"lane", 2}}, false);
  EXPECT_FALSE(mix.isTrivialOver({"lane"}));
  EXPECT_FALSE(mix.quotient({"lane"}));
  // Size mismatch.
  EXPECT_FALSE(
      LinearLayout::zeros1D(2, "lane", "lane", 1).isTrivialOver({"lane"}));
}

TEST(LinearLayout, RenameAndFlatten) {
  LinearLayout ll = identityStandardND("register", {4, 2}, {0, 1});
  LinearLayout r = ll.renameInDim("register", "offset");
  EXPECT_TRUE(r.hasInDim("offset"));
  EXPECT_FALSE(r.hasInDim("register"));
  EXPECT_EQ(r.renameInDim("offset", "register"), ll);
  LinearLayout added = ll.renameInDim("lane", "lane");
  EXPECT_FALSE(added.hasInDim("lane"));
  LinearLayout added2 = ll.renameInDim("lane", "warp");
  EXPECT_TRUE(added2.hasInDim("warp"));
  EXPECT_EQ(added2.getInDimSize("warp"), 1);
  // Flatten: 4x2, dim0 fastest in registers and minor in outputs.
  LinearLayout flat = ll.flattenOuts("x");
  EXPECT_EQ(flat, LinearLayout::identity1D(8, "register", "x"));
  EXPECT_EQ(identityStandardND("register", {4, 2}, {1, 0}).flattenOuts("x"),
            LinearLayout(basesOf({{"register", {{4}, {1}, {2}}}}), {{"x", 8}},
                         false));
  EXPECT_EQ(flat.flattenIns("y"), LinearLayout::identity1D(8, "y", "x"));
}

TEST(LinearLayout, OutBitMaskAndHash) {
  LinearLayout ll(basesOf({{"register", {{1}, {8}}}, {"lane", {{2}, {4}}}}),
                  {{"offset", 16}}, false);
  EXPECT_EQ(ll.getOutBitMask({"register"}, "offset"), 9);
  EXPECT_EQ(ll.getOutBitMask({"lane", "warp"}, "offset"), 6);
  EXPECT_EQ(ll.getOutBitMask({"lane"}, "nope"), 0);
  LinearLayout same(ll.getBases(), ll.getOutDims(), false);
  EXPECT_EQ(hash_value(ll), hash_value(same));
  EXPECT_NE(hash_value(ll), hash_value(ll.transposeIns({"lane", "register"})));
  EXPECT_NE(hash_value(ll),
            hash_value(LinearLayout(ll.getBases(), {{"offset", 32}}, false)));
}

TEST(LinearLayout, PrintAndEquality) {
  LinearLayout ll(basesOf({{"register", {{0, 1}}}, {"lane", {{1, 0}}}}),
                  {{"dim0", 2}, {"dim1", 2}}, false);
  EXPECT_EQ(ll.toString(),
            "{register = [[0, 1]], lane = [[1, 0]]} -> {dim0 : 2, dim1 : 2}");
  // In-dim order matters, out sizes matter.
  EXPECT_NE(ll, ll.transposeIns({"lane", "register"}));
  EXPECT_NE(ll, LinearLayout(ll.getBases(), {{"dim0", 4}, {"dim1", 2}}, false));
  EXPECT_EQ(
      ll,
      ll.transposeIns({"lane", "register"}).transposeIns({"register", "lane"}));
}

//===----------------------------------------------------------------------===//
// Laws on random layouts
//===----------------------------------------------------------------------===//

TEST(LinearLayoutLaws, ApplyIsLinear) {
  LayoutGen gen(1);
  for (int t = 0; t < kCases; ++t) {
    LinearLayout ll = gen.randomLayout(t % 2);
    for (int k = 0; k < 8; ++k) {
      auto a = gen.randomInput(ll), b = gen.randomInput(ll);
      EXPECT_EQ(ll.apply(xorPoints(a, b)), xorPoints(ll.apply(a), ll.apply(b)))
          << ll;
      // Named form agrees with the positional form, in any order.
      Named n = named(ll, a);
      std::reverse(n.begin(), n.end());
      auto out = ll.apply(n);
      auto pos = ll.apply(a);
      for (auto [i, kv] : llvm::enumerate(out)) {
        EXPECT_EQ(kv.first, ll.getOutDimNames()[i]);
        EXPECT_EQ(kv.second, pos[i]);
      }
    }
    // Bases are the images of the unit points.
    for (auto [d, name] : llvm::enumerate(ll.getInDimNames()))
      for (int i = 0; i < ll.getInDimSizeLog2(name); ++i) {
        llvm::SmallVector<int32_t> x(ll.getNumInDims(), 0);
        x[d] = 1 << i;
        EXPECT_EQ(ll.apply(x),
                  llvm::SmallVector<int32_t>(ll.getBasis(name, i)));
      }
  }
}

TEST(LinearLayoutLaws, ComposeAppliesAndAssociates) {
  LayoutGen gen(2);
  static const std::string midNames[] = {"m0", "m1", "m2"};
  static const std::string outNames[] = {"dim0", "dim1"};
  for (int t = 0; t < kCases; ++t) {
    LinearLayout a = gen.randomLayout(t % 2);
    // b: a's outputs -> mid, with input sizes >= a's output sizes.
    LinearLayout::DimSizes bIns;
    for (auto &d : a.getOutDims())
      bIns.push_back({d.first, d.second << gen.uniform(0, 1)});
    std::shuffle(bIns.begin(), bIns.end(), gen.rng);
    LinearLayout b =
        gen.randomLayout(bIns, gen.randomDims(midNames, 0, 10, 5), t % 3 == 0);
    LinearLayout c =
        gen.randomLayout(b.getOutDims(), gen.randomDims(outNames, 0, 8, 5));
    LinearLayout ab = a.compose(b);
    EXPECT_EQ(ab.getInDimNames(), a.getInDimNames());
    EXPECT_EQ(ab.getOutDims(), b.getOutDims());
    for (int k = 0; k < 8; ++k) {
      auto x = gen.randomInput(a);
      EXPECT_EQ(ab.apply(named(a, x)), applyNamed(b, a.apply(named(a, x))));
    }
    EXPECT_EQ(ab.compose(c), a.compose(b.compose(c)));
  }
}

TEST(LinearLayoutLaws, ProductLaws) {
  LayoutGen gen(3);
  for (int t = 0; t < kCases; ++t) {
    LinearLayout a = gen.randomLayout(t % 2), b = gen.randomLayout(),
                 c = gen.randomLayout(true);
    EXPECT_EQ(a * LinearLayout::empty(), a);
    EXPECT_EQ(LinearLayout::empty() * a, a);
    auto ab = LinearLayout::tryProduct(a, b);
    if (!ab)
      continue; // Out of the size limits.
    auto abc1 = LinearLayout::tryProduct(*ab, c);
    auto bc = LinearLayout::tryProduct(b, c);
    if (!abc1 || !bc)
      continue;
    EXPECT_EQ(*abc1, a * *bc);
    // apply(a*b)(x) = a(low part) combined with b(high part) shifted.
    for (int k = 0; k < 8; ++k) {
      auto x = gen.randomInput(*ab);
      Named xn = named(*ab, x), lo, hi;
      for (auto &[name, v] : xn) {
        int aBits = a.getInDimSizeLog2(name);
        lo.push_back({name, v & ((1 << aBits) - 1)});
        hi.push_back({name, v >> aBits});
      }
      Named ya = applyNamed(a, lo), yb = applyNamed(b, hi);
      Named y = ab->apply(xn);
      for (auto &[name, v] : y) {
        int32_t expect =
            lookup(ya, name) ^ (lookup(yb, name) << a.getOutDimSizeLog2(name));
        EXPECT_EQ(v, expect) << name;
      }
    }
    // Surjective and injective factors with disjoint dims give a product
    // with the same property.
  }
}

TEST(LinearLayoutLaws, InvertRoundTrips) {
  LayoutGen gen(4);
  static const std::string inNames[] = {"register", "lane", "warp"};
  static const std::string outNames[] = {"dim0", "dim1", "dim2"};
  for (int t = 0; t < kCases; ++t) {
    LinearLayout::DimSizes outs = gen.randomDims(outNames, 1, 10, 6);
    int bits = 0;
    for (auto &d : outs)
      bits += llvm::Log2_32(d.second);
    // Split `bits` over random input dims.
    LinearLayout::DimSizes ins;
    int left = bits;
    for (auto &n : inNames) {
      int k = (&n == &inNames[2]) ? left : gen.uniform(0, left);
      ins.push_back({n, 1 << k});
      left -= k;
    }
    LinearLayout ll = gen.randomInvertible(ins, outs);
    LinearLayout inv = ll.invert();
    EXPECT_EQ(inv.getInDims(), ll.getOutDims());
    EXPECT_EQ(inv.getOutDims(), ll.getInDims());
    EXPECT_EQ(inv.invert(), ll);
    for (int k = 0; k < 16; ++k) {
      auto x = gen.randomInput(ll);
      EXPECT_EQ(inv.apply(ll.apply(named(ll, x))), named(ll, x));
    }
    // compose with the inverse is the identity layout.
    LinearLayout id = ll.compose(inv);
    LinearLayout expectId;
    for (auto &d : ins)
      expectId *= LinearLayout::identity1D(d.second, d.first, d.first);
    EXPECT_EQ(id, expectId);
  }
}

TEST(LinearLayoutLaws, InvertAndCompose) {
  LayoutGen gen(5);
  static const std::string outNames[] = {"dim0", "dim1", "dim2"};
  static const std::string inNames[] = {"register", "lane", "warp", "block"};
  for (int t = 0; t < kCases; ++t) {
    LinearLayout::DimSizes outs = gen.randomDims(outNames, 1, 8, 5);
    LinearLayout outer = gen.randomSurjective(outs, inNames);
    // `this` reaches part of outer's range: smaller out dims are allowed.
    LinearLayout::DimSizes thisOuts;
    for (auto &d : outs)
      thisOuts.push_back({d.first, std::max(1, d.second >> gen.uniform(0, 1))});
    std::shuffle(thisOuts.begin(), thisOuts.end(), gen.rng);
    LinearLayout self =
        gen.randomLayout(gen.randomDims(inNames, 0, 10, 5), thisOuts, t % 2);
    LinearLayout c = self.invertAndCompose(outer);
    EXPECT_EQ(c.getInDimNames(), self.getInDimNames());
    EXPECT_EQ(c.getOutDims(), outer.getInDims());
    for (auto &x : allInputs(self).size() <= 1024
                       ? allInputs(self)
                       : std::vector<llvm::SmallVector<int32_t>>{
                             gen.randomInput(self), gen.randomInput(self)}) {
      Named y = self.apply(named(self, x));
      Named z = outer.apply(c.apply(named(self, x)));
      for (auto &[name, v] : z)
        EXPECT_EQ(v, lookup(y, name)) << self << "\n" << outer;
    }
    // The pre-images never use free bits of outer.
    auto masks = outer.getFreeVariableMasks();
    for (auto &[name, inBases] : c.getBases())
      for (auto &b :
           outer.hasInDim(name) ? std::vector<LinearLayout::Basis>{} : inBases)
        for (auto [j, d] : llvm::enumerate(c.getOutDims()))
          EXPECT_EQ(b[j] & masks[j].second, 0);
  }
}

TEST(LinearLayoutLaws, InvertAndComposeIdentityOnEqualDims) {
  // Same registers (with a broadcast bit) in both; lanes differ.
  LinearLayout src(
      basesOf({{"register", {{1, 0}, {0, 0}}}, {"lane", {{2, 0}, {0, 1}}}}),
      {{"dim0", 4}, {"dim1", 2}}, false);
  LinearLayout dst(
      basesOf({{"register", {{1, 0}, {0, 0}}}, {"lane", {{0, 1}, {2, 0}}}}),
      {{"dim0", 4}, {"dim1", 2}}, false);
  LinearLayout c = dst.invertAndCompose(src);
  EXPECT_EQ(c.getBasis("register", 0), (llvm::ArrayRef<int32_t>{1, 0}));
  EXPECT_EQ(c.getBasis("register", 1), (llvm::ArrayRef<int32_t>{2, 0}));
  EXPECT_EQ(c.getBasis("lane", 0), (llvm::ArrayRef<int32_t>{0, 2}));
  EXPECT_EQ(c.getBasis("lane", 1), (llvm::ArrayRef<int32_t>{0, 1}));
  // A layout composed with itself gives the identity.
  LinearLayout self = src.invertAndCompose(src);
  EXPECT_EQ(self, LinearLayout::identity1D(4, "register", "register") *
                      LinearLayout::identity1D(4, "lane", "lane"));
}

TEST(LinearLayoutLaws, Pseudoinvert) {
  LayoutGen gen(6);
  static const std::string outNames[] = {"dim0", "dim1", "dim2"};
  static const std::string inNames[] = {"register", "lane", "warp", "offset"};
  for (int t = 0; t < kCases; ++t) {
    LinearLayout ll =
        gen.randomSurjective(gen.randomDims(outNames, 0, 9, 5), inNames);
    LinearLayout p = ll.pseudoinvert();
    EXPECT_EQ(p.getInDims(), ll.getOutDims());
    EXPECT_EQ(p.getOutDims(), ll.getInDims());
    for (auto &y : allInputs(p))
      EXPECT_EQ(ll.apply(p.apply(named(p, y))), named(p, y));
  }
}

TEST(LinearLayoutLaws, TransposeAndReshapeRoundTrip) {
  LayoutGen gen(7);
  for (int t = 0; t < kCases; ++t) {
    LinearLayout ll = gen.randomLayout(t % 2);
    auto ins = ll.getInDimNames();
    auto outs = ll.getOutDimNames();
    auto pIns = ins, pOuts = outs;
    std::shuffle(pIns.begin(), pIns.end(), gen.rng);
    std::shuffle(pOuts.begin(), pOuts.end(), gen.rng);
    LinearLayout ti = ll.transposeIns(pIns);
    LinearLayout to = ll.transposeOuts(pOuts);
    EXPECT_EQ(ti.transposeIns(ins), ll);
    EXPECT_EQ(to.transposeOuts(outs), ll);
    // Transposes do not change the map.
    for (int k = 0; k < 4; ++k) {
      auto x = gen.randomInput(ll);
      Named y = ll.apply(named(ll, x));
      Named yo = to.apply(named(ll, x));
      for (auto &[n, v] : yo)
        EXPECT_EQ(v, lookup(y, n));
      Named xi = named(ll, x);
      EXPECT_EQ(ti.apply(xi), y);
    }
    // Reshape into random splits and back.
    static const std::string newNames[] = {"a", "b", "c"};
    auto split = [&](int bits) {
      LinearLayout::DimSizes dims;
      int left = bits;
      for (int i = 0; i < 3; ++i) {
        int k = i == 2 ? left : gen.uniform(0, left);
        dims.push_back({newNames[i], 1 << k});
        left -= k;
      }
      return dims;
    };
    LinearLayout ri = ll.reshapeIns(split(ll.getTotalInDimSizeLog2()));
    EXPECT_EQ(ri.reshapeIns(ll.getInDims()), ll);
    LinearLayout ro = ll.reshapeOuts(split(ll.getTotalOutDimSizeLog2()));
    EXPECT_EQ(ro.reshapeOuts(ll.getOutDims()), ll);
    // reshapeOuts keeps the flattened (first dim minor) output index.
    auto flatIndex = [](const LinearLayout &l, const Named &y) {
      int64_t idx = 0;
      int shift = 0;
      for (auto &[n, v] : y) {
        idx |= int64_t(v) << shift;
        shift += l.getOutDimSizeLog2(n);
      }
      return idx;
    };
    for (int k = 0; k < 4; ++k) {
      auto x = gen.randomInput(ll);
      EXPECT_EQ(flatIndex(ro, ro.apply(named(ll, x))),
                flatIndex(ll, ll.apply(named(ll, x))));
    }
  }
}

TEST(LinearLayoutLaws, FreeVariableMasks) {
  LayoutGen gen(8);
  for (int t = 0; t < kCases; ++t) {
    LinearLayout ll = gen.randomLayout(t % 2);
    if (ll.getTotalInDimSizeLog2() > 12)
      continue;
    auto masks = ll.getFreeVariableMasks();
    std::set<llvm::SmallVector<int32_t>> all, pivotOnly;
    int freeBits = 0;
    for (auto &[n, m] : masks)
      freeBits += llvm::popcount(uint32_t(m));
    for (auto &x : allInputs(ll)) {
      auto y = ll.apply(x);
      all.insert(y);
      bool usesFree = false;
      for (auto [i, kv] : llvm::enumerate(masks))
        usesFree |= (x[i] & kv.second) != 0;
      if (!usesFree) {
        // Distinct pivot-only inputs reach distinct outputs.
        EXPECT_TRUE(pivotOnly.insert(y).second) << ll;
      }
    }
    // Setting free bits reaches nothing new.
    EXPECT_EQ(all, pivotOnly) << ll;
    EXPECT_EQ(int64_t(all.size()),
              int64_t(1) << (ll.getTotalInDimSizeLog2() - freeBits));
    EXPECT_EQ(freeBits == 0, ll.isInjective());
  }
  // Distinct single-bit bases (a distributed layout without broadcast) have
  // no free bits; a zero or repeated basis is free.
  LinearLayout ll(basesOf({{"register", {{0, 1}, {2, 0}}},
                           {"lane", {{0, 2}, {1, 0}, {0, 0}, {0, 1}}}}),
                  {{"dim0", 4}, {"dim1", 4}}, false);
  EXPECT_EQ(ll.getFreeVariableMasks(),
            (Named{{"register", 0}, {"lane", 0b1100}}));
  EXPECT_EQ(ll.removeZeroBasesAlongDim("lane").getFreeVariableMasks(),
            (Named{{"register", 0}, {"lane", 0b100}}));
}

TEST(LinearLayoutLaws, IdentityStandardND) {
  LayoutGen gen(9);
  for (int t = 0; t < 50; ++t) {
    int rank = gen.uniform(1, 3);
    llvm::SmallVector<int32_t> shape;
    llvm::SmallVector<unsigned> order;
    for (int d = 0; d < rank; ++d) {
      shape.push_back(1 << gen.uniform(0, 3));
      order.push_back(d);
    }
    std::shuffle(order.begin(), order.end(), gen.rng);
    LinearLayout ll = identityStandardND("register", shape, order);
    EXPECT_EQ(ll.getOutDimNames(), standardOutDimNames(rank));
    EXPECT_TRUE(ll.isInvertible());
    // Register index = mixed-radix number with order[0] fastest.
    for (int32_t r = 0; r < ll.getInDimSize("register"); ++r) {
      auto y = ll.apply({{"register", r}});
      int32_t rest = r;
      for (unsigned d : order) {
        EXPECT_EQ(y[d].second, rest % shape[d]);
        rest /= shape[d];
      }
    }
  }
}

} // namespace

namespace {

// Random, mostly malformed inputs to every checked form: they must answer
// (success or a message), never crash. Successful results are checked.
TEST(LinearLayoutLaws, CheckedFormsNeverCrash) {
  LayoutGen gen(10);
  static const int32_t sizes[] = {-8,
                                  -1,
                                  0,
                                  1,
                                  2,
                                  3,
                                  4,
                                  6,
                                  8,
                                  1 << 30,
                                  std::numeric_limits<int32_t>::max()};
  static const std::string names[] = {"register", "lane", "dim0", "dim1", "x"};
  int ok = 0, failed = 0;
  for (int t = 0; t < 2000; ++t) {
    LinearLayout::DimSizes outs;
    for (int i = gen.uniform(0, 3); i > 0; --i)
      outs.push_back({names[gen.uniform(2, 4)],
                      sizes[gen.uniform(0, std::size(sizes) - 1)]});
    LinearLayout::BasesT bases;
    for (int i = gen.uniform(0, 2); i > 0; --i) {
      auto &b = bases[names[gen.uniform(0, 4)]];
      for (int j = gen.uniform(0, 4); j > 0; --j) {
        LinearLayout::Basis v;
        for (int k = gen.uniform(0, 3); k > 0; --k)
          v.push_back(gen.uniform(-2, 40));
        b.push_back(v);
      }
    }
    std::string err;
    auto ll = LinearLayout::tryCreate(bases, outs, gen.uniform(0, 1), &err);
    llvm::SmallVector<std::string> outNames;
    for (auto &d : outs)
      outNames.push_back(d.first);
    auto inferred = LinearLayout::tryCreate(bases, outNames, &err);
    (ll ? ok : failed)++;
    if (!ll) {
      EXPECT_FALSE(err.empty());
      continue;
    }
    LinearLayout other = gen.randomLayout(t % 2);
    (void)ll->tryCompose(other, &err);
    (void)other.tryCompose(*ll, &err);
    (void)ll->tryInvertAndCompose(other, &err);
    (void)other.tryInvertAndCompose(*ll, &err);
    (void)ll->tryInvert(&err);
    (void)ll->tryPseudoinvert(&err);
    (void)LinearLayout::tryProduct(*ll, other, &err);
    LinearLayout::DimSizes dims = {
        {names[gen.uniform(0, 4)], sizes[gen.uniform(0, 10)]},
        {names[gen.uniform(0, 4)], sizes[gen.uniform(0, 10)]}};
    auto ri = ll->tryReshapeIns(dims, &err);
    auto ro = ll->tryReshapeOuts(dims, &err);
    if (ri) {
      EXPECT_EQ(ri->getTotalInDimSizeLog2(), ll->getTotalInDimSizeLog2());
    }
    if (ro) {
      EXPECT_EQ(ro->getTotalOutDimSizeLog2(), ll->getTotalOutDimSizeLog2());
    }
    if (inferred) {
      for (auto &[name, size] : inferred->getOutDims())
        EXPECT_LE(size, ll->getOutDimSize(name));
    }
    llvm::SmallVector<std::string> order = {names[gen.uniform(0, 4)]};
    (void)ll->tryTransposeIns(order, &err);
    (void)ll->tryTransposeOuts(order, &err);
    (void)ll->quotient(order);
    (void)ll->sublayout(order, outNames);
    (void)ll->getFreeVariableMasks();
    (void)ll->getNumConsecutiveInOut();
    (void)ll->getNumConsecutiveInOut("x", "dim1");
  }
  EXPECT_GT(ok, 100);
  EXPECT_GT(failed, 100);
  std::string err;
  EXPECT_FALSE(LinearLayout::identity1D(4, "r", "dim0")
                   .tryReshapeOuts({{"a", 2}, {"a", 2}}, &err));
  EXPECT_NE(err.find("appears twice"), std::string::npos) << err;
  EXPECT_FALSE(
      LinearLayout::identity1D(4, "r", "dim0").tryReshapeIns({{"a", 8}}, &err));
  EXPECT_NE(err.find("total size"), std::string::npos) << err;
  EXPECT_FALSE(LinearLayout::identity1D(4, "r", "dim0")
                   .tryTransposeOuts({"dim0", "dim0"}, &err));
  EXPECT_NE(err.find("not a permutation"), std::string::npos) << err;
}

} // namespace
