//===- LinearLayoutConversionTest.cpp - CuTe <-> LinearLayout -------------===//

#include "tile/CuTe/LinearLayoutConversion.h"
#include "tile/CuTe/Algebra.h"
#include "tile/CuTe/Eval.h"

#include <gtest/gtest.h>

#include <random>

using namespace tile;
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

/// The linear layout must agree with the CuTe layout at every index.
void expectSameFunction(const Layout &l, const LinearLayout &ll) {
  for (int64_t i = 0; i < l.size(); ++i) {
    auto out = ll.apply(llvm::ArrayRef<int32_t>{static_cast<int32_t>(i)});
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0], l(i)) << toString(l) << " at " << i;
  }
}

TEST(CuTeLinearLayout, ToLinear) {
  for (const char *text :
       {"8:1", "(4,8):(8,1)", "(2,(2,4)):(16,(1,2))", "(4,2):(0,1)",
        "((2,2),(2,4)):((1,16),(4,32))", "Sw<3,4,3> o (8,64):(64,1)",
        "Sw<2,0,2> o (4,4):(4,1)", "1:0"}) {
    Layout l = parse(text);
    auto ll = toLinearLayout(l, "offset", "dim0");
    ASSERT_TRUE(static_cast<bool>(ll))
        << text << ": " << llvm::toString(ll.takeError());
    EXPECT_EQ(ll->getInDimSize("offset"), l.size()) << text;
    expectSameFunction(l, *ll);
  }
}

TEST(CuTeLinearLayout, ByMode) {
  Layout l = parse("(4,8):(8,1)");
  auto ll = toLinearLayoutByMode(l, {"dim0", "dim1"}, "offset");
  ASSERT_TRUE(static_cast<bool>(ll)) << llvm::toString(ll.takeError());
  EXPECT_EQ(ll->getInDimSize("dim0"), 4);
  EXPECT_EQ(ll->getInDimSize("dim1"), 8);
  for (int32_t r = 0; r < 4; ++r)
    for (int32_t c = 0; c < 8; ++c) {
      auto out = ll->apply(llvm::ArrayRef<int32_t>{r, c});
      EXPECT_EQ(out[0], r * 8 + c);
    }
  // A rank-2 bijection is invertible: offset -> (dim0, dim1).
  EXPECT_TRUE(ll->isInvertible());
  auto dup = toLinearLayoutByMode(l, {"dim0", "dim0"}, "offset");
  EXPECT_FALSE(static_cast<bool>(dup));
  if (!dup)
    EXPECT_NE(llvm::toString(dup.takeError()).find("named twice"),
              std::string::npos);
  auto wrongRank = toLinearLayoutByMode(l, {"dim0"}, "offset");
  EXPECT_FALSE(static_cast<bool>(wrongRank));
  if (!wrongRank)
    llvm::consumeError(wrongRank.takeError());
}

TEST(CuTeLinearLayout, NotLinear) {
  for (const char *text : {"3:1", "4:3", "(2,2):(1,1)", "(4,2):(1,2)", "8:-1",
                           "Sw<3,4,3> o 8 o (8,64):(64,1)"}) {
    Layout l = parse(text);
    auto ll = toLinearLayout(l, "offset", "dim0");
    EXPECT_FALSE(static_cast<bool>(ll)) << text;
    if (!ll)
      EXPECT_NE(llvm::toString(ll.takeError()).find("to_linear_layout"),
                std::string::npos);
  }
}

TEST(CuTeLinearLayout, FromLinear) {
  // Permutations of strides round-trip (up to coalescing).
  for (const char *text :
       {"8:1", "(2,4):(4,1)", "(2,2,2):(4,1,2)", "(4,2):(0,1)", "1:0"}) {
    Layout l = parse(text);
    auto ll = toLinearLayout(l, "offset", "dim0");
    ASSERT_TRUE(static_cast<bool>(ll)) << text;
    auto back = fromLinearLayout(*ll);
    ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
    ASSERT_EQ(back->size(), l.size()) << text;
    for (int64_t i = 0; i < l.size(); ++i)
      EXPECT_EQ((*back)(i), l(i)) << text << " -> " << toString(*back);
    EXPECT_EQ(*back, coalesce(l)) << text;
  }
  // By mode: one top-level mode per input dim.
  Layout l = parse("(4,8):(8,1)");
  auto ll = toLinearLayoutByMode(l, {"dim0", "dim1"}, "offset");
  ASSERT_TRUE(static_cast<bool>(ll));
  auto back = fromLinearLayout(*ll);
  ASSERT_TRUE(static_cast<bool>(back));
  EXPECT_EQ(toString(*back), "(4,8):(8,1)");
}

TEST(CuTeLinearLayout, FromLinearRejectsNonPermutation) {
  // Basis 3 (two bits at once) is linear over F2 but not a stride.
  LinearLayout::BasesT bases;
  bases.insert({"in", {{1}, {3}}});
  LinearLayout ll(bases, {std::string("out")});
  auto l = fromLinearLayout(ll);
  EXPECT_FALSE(static_cast<bool>(l));
  if (!l)
    EXPECT_NE(llvm::toString(l.takeError()).find("not a power of two"),
              std::string::npos);
}

TEST(CuTeLinearLayout, RandomPermutations) {
  std::mt19937 rng(7);
  for (int it = 0; it < 500; ++it) {
    // A random permutation of the bits of a 2^n range, some broadcast.
    int n = 1 + rng() % 6;
    std::vector<int64_t> strides;
    for (int b = 0; b < n; ++b)
      strides.push_back(int64_t(1) << b);
    std::shuffle(strides.begin(), strides.end(), rng);
    std::vector<IntTuple> s, d;
    for (int b = 0; b < n; ++b) {
      s.push_back(2);
      d.push_back(rng() % 5 == 0 ? 0 : strides[b]);
    }
    Layout l(IntTuple::tuple(s), IntTuple::tuple(d));
    auto ll = toLinearLayout(l, "register", "offset");
    ASSERT_TRUE(static_cast<bool>(ll)) << toString(l);
    expectSameFunction(l, *ll);
    auto back = fromLinearLayout(*ll);
    ASSERT_TRUE(static_cast<bool>(back));
    for (int64_t i = 0; i < l.size(); ++i)
      EXPECT_EQ((*back)(i), l(i));
  }
}

} // namespace
