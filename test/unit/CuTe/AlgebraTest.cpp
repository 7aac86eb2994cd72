//===- AlgebraTest.cpp - CuTe algebra through the C++ API -----------------===//

#include "tile/CuTe/Algebra.h"
#include "tile/CuTe/Eval.h"

#include <gtest/gtest.h>

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

TEST(CuTeAlgebra, IntTuple) {
  IntTuple t = IntTuple::tuple({4, IntTuple::tuple({2, 3})});
  EXPECT_EQ(t.str(), "(4,(2,3))");
  EXPECT_EQ(product(t), 24);
  EXPECT_EQ(depth(t), 2);
  EXPECT_EQ(t.rank(), 2u);
  EXPECT_EQ(flatten(t).str(), "(4,2,3)");
  EXPECT_EQ(productEach(t).str(), "(4,6)");
  EXPECT_EQ(compactColMajor(t).str(), "(1,(4,8))");
  EXPECT_EQ(compactRowMajor(t).str(), "(6,(3,1))");
  EXPECT_EQ(compactColMajor(IntTuple::tuple({2, 1, 4})).str(), "(1,0,2)");
  EXPECT_TRUE(congruent(t, IntTuple::tuple({1, IntTuple::tuple({5, 6})})));
  EXPECT_FALSE(congruent(t, IntTuple::tuple({1, 5})));
  EXPECT_TRUE(weaklyCongruent(IntTuple::tuple({1, 5}), t));
  EXPECT_NE(IntTuple::tuple({4}), IntTuple(4));
  EXPECT_EQ(IntTuple::tuple({IntTuple::underscore(), 2}).str(), "(_,2)");
}

TEST(CuTeAlgebra, LayoutBasics) {
  Layout l = parse("(4,(2,3)):(2,(1,8))");
  EXPECT_EQ(l.size(), 24);
  EXPECT_EQ(l.cosize(), 24);
  EXPECT_EQ(l.rank(), 2u);
  EXPECT_EQ(l.depth(), 2);
  EXPECT_EQ(toString(l.mode(1)), "(2,3):(1,8)");
  EXPECT_EQ(l(5), 3);
  EXPECT_FALSE(static_cast<bool>(Layout::get(IntTuple::tuple({2, 3}), 1)));
  llvm::consumeError(Layout::get(IntTuple::tuple({2, 3}), 1).takeError());
  EXPECT_EQ(toString(Layout::rowMajor(IntTuple::tuple({2, 3}))), "(2,3):(3,1)");
}

TEST(CuTeAlgebra, TilerForms) {
  Layout a = parse("(12,(4,8)):(59,(13,1))");
  // Layout tiler = 1-D; tuple tiler = by mode; shape = tuple of n:1.
  auto t1 = composition(a, Tiler(parse("4:1")));
  ASSERT_TRUE(static_cast<bool>(t1));
  EXPECT_EQ(toString(*t1), "4:59");
  auto t2 =
      composition(a, Tiler::tuple({Tiler(parse("3:4")), Tiler(parse("8:2"))}));
  ASSERT_TRUE(static_cast<bool>(t2));
  EXPECT_EQ(toString(*t2), "(3,(2,4)):(236,(26,1))");
  auto t3 = composition(a, Tiler::fromShape(IntTuple::tuple({3, 8})));
  ASSERT_TRUE(static_cast<bool>(t3));
  EXPECT_EQ(toString(*t3), "(3,(4,2)):(59,(13,1))");
  EXPECT_EQ(
      Tiler::fromShape(IntTuple::tuple({3, IntTuple::underscore()})).str(),
      "<3:1,_>");
}

TEST(CuTeAlgebra, SwizzledLayouts) {
  Layout sw = parse("Sw<3,4,3> o (8,64):(64,1)");
  EXPECT_TRUE(sw.isSwizzled());
  // Row r, column c: offset r*64+c with bits [4,7) XOR-ed with bits [7,10).
  for (int64_t r = 0; r < 8; ++r)
    for (int64_t c = 0; c < 64; ++c) {
      int64_t o = r * 64 + c;
      int64_t want = o ^ ((o & (7 << 7)) >> 3);
      EXPECT_EQ(*sw.eval(IntTuple::tuple({r, c})), want);
    }
  // The algebra acts on the inner layout and keeps the swizzle.
  auto t = localTile(sw, Tiler::fromShape(IntTuple::tuple({8, 8})),
                     IntTuple::tuple({0, 2}));
  ASSERT_TRUE(static_cast<bool>(t));
  EXPECT_EQ(toString(t->first), "Sw<3,4,3> o 16 o (8,8):(64,1)");
  EXPECT_EQ(t->second, 0);
  for (int64_t i = 0; i < 64; ++i) {
    int64_t r = i % 8, c = i / 8;
    EXPECT_EQ(t->first(i), *sw.eval(IntTuple::tuple({r, 16 + c})));
  }
  EXPECT_FALSE(static_cast<bool>(complement(sw)));
  llvm::consumeError(complement(sw).takeError());
}

TEST(CuTeAlgebra, ErrorsSayWhy) {
  auto e1 = composition(parse("(4,6,8):(2,3,5)"), parse("6:3"));
  ASSERT_FALSE(static_cast<bool>(e1));
  std::string m1 = llvm::toString(e1.takeError());
  EXPECT_NE(m1.find("stride 3 does not divide shape 4"), std::string::npos)
      << m1;
  auto e2 = complement(parse("(2,2):(1,1)"), IntTuple(8));
  ASSERT_FALSE(static_cast<bool>(e2));
  EXPECT_NE(llvm::toString(e2.takeError()).find("not injective"),
            std::string::npos);
  auto e3 = logicalDivide(parse("(4,8):(8,1)"),
                          Tiler::fromShape(IntTuple::tuple({2, 2, 2})));
  ASSERT_FALSE(static_cast<bool>(e3));
  EXPECT_NE(llvm::toString(e3.takeError()).find("3 modes"), std::string::npos);
  auto e4 = composition(parse("2097152:2097152"), parse("2097152:2097152"));
  ASSERT_FALSE(static_cast<bool>(e4));
  EXPECT_NE(llvm::toString(e4.takeError()).find("too large"),
            std::string::npos);
}

/// The cases of CUTLASS's test/unit/cute/core/composition.cpp (integer
/// strides): CuTe accepts them, so must we, with its post-conditions.
TEST(CuTeAlgebra, CutlassCompositionCases) {
  const char *cases[][2] = {
      {"1:0", "1:0"},
      {"1:0", "1:1"},
      {"1:1", "1:0"},
      {"1:1", "1:1"},
      {"4:1", "4:1"},
      {"4:2", "4:1"},
      {"4:0", "4:1"},
      {"4:1", "4:0"},
      {"4:1", "1:0"},
      {"4:1", "2:1"},
      {"4:2", "2:1"},
      {"4:1", "2:2"},
      {"4:2", "2:2"},
      {"(4,3):(1,4)", "12:1"},
      {"12:1", "(4,3):(1,4)"},
      {"12:2", "(4,3):(1,4)"},
      {"12:1", "(4,3):(3,1)"},
      {"12:2", "(4,3):(3,1)"},
      {"12:1", "(2,3):(2,4)"},
      {"(4,3):(1,4)", "(4,3):(1,4)"},
      {"(4,3):(1,4)", "6:1"},
      {"(4,3):(1,4)", "6:2"},
      {"(4,3):(1,4)", "(6,2):(2,1)"},
      {"(4,3):(1,4)", "(4,3):(3,1)"},
      {"(4,3):(3,1)", "(4,3):(1,4)"},
      {"(4,3):(3,1)", "12:1"},
      {"(4,3):(3,1)", "6:2"},
      {"(4,3):(3,1)", "(6,2):(2,1)"},
      {"(8,8):(1,8)", "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))"},
      {"(8,8):(8,1)", "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))"},
      {"((4,2)):((1,16))", "(4,2):(2,1)"},
      {"(2,2):(2,1)", "(2,2):(2,1)"},
      {"(4,8,2):(1,4,32)", "(2,2,2):(2,8,1)"},
      {"(4,8,2):(2,8,1)", "(2,2,2):(1,8,2)"},
      {"(4,8,2):(2,8,1)", "(4,2,2):(2,8,1)"},
      {"12:1", "4:1"},
      {"(12,3):(1,24)", "4:1"},
      {"16:2", "4:2"},
      {"(128,24,5):(1,128,3072)", "64:2"},
      {"(128,24,5):(1,128,3072)", "480:32"},
      {"1:0", "4:1"},
      {"1:1", "4:1"},
      {"4:1", "4:2"},
      {"(4,3):(3,1)", "24:1"},
      {"(4,3):(3,1)", "8:1"},
      {"(4,3,1):(3,1,0)", "24:1"},
      {"3:1", "4:1"},
      {"(48,24,5):(1,128,3072)", "32:1"},
      {"4:-1", "4:1"},
      {"4:1", "4:-1"},
      {"4:-1", "4:-1"},
      {"4:1", "4:-2"},
      {"(4,4):(-1,1)", "(2,4,2):(1,2,8)"},
  };
  for (auto &c : cases) {
    Layout a = parse(c[0]), b = parse(c[1]);
    auto r = composition(a, b);
    ASSERT_TRUE(static_cast<bool>(r))
        << c[0] << " o " << c[1] << ": " << llvm::toString(r.takeError());
    ASSERT_EQ(r->size(), b.size());
    for (int64_t i = 0; i < b.size(); ++i) {
      EXPECT_EQ((*r)(i), a(b(i))) << c[0] << " o " << c[1];
      EXPECT_EQ(*r->eval(idx2crd(IntTuple(i), b.shape())), a(b(i)));
    }
  }
}

/// The cases of CUTLASS's test/unit/cute/core/complement.cpp with its
/// post-conditions.
TEST(CuTeAlgebra, CutlassComplementCases) {
  struct Case {
    const char *layout;
    std::vector<IntTuple> cotargets; // empty: cosize(layout)
  };
  std::vector<Case> cases = {
      {"1:0", {1, 2, 5, IntTuple::tuple({2, 2})}},
      {"1:1", {1, 2, 5, IntTuple::tuple({2, 2})}},
      {"1:2", {1, 2, 8, 5, IntTuple::tuple({2, 2})}},
      {"4:0", {1, 2, 8}},
      {"4:1", {1, 2, 8}},
      {"4:2", {1, 16, 19, IntTuple::tuple({2, 2})}},
      {"4:4", {1, 17, IntTuple::tuple({2, 2})}},
      {"(2,4):(1,2)", {}},
      {"(2,3):(1,2)", {}},
      {"(2,4):(1,4)", {}},
      {"(2,4):(1,6)", {}},
      {"(2,4,8):(8,1,64)", {}},
      {"(2,4,8):(8,1,0)", {460}},
      {"((2,2),(2,2)):((1,4),(8,32))", {}},
      {"((2,2),(2,2)):((1,32),(8,4))", {}},
      {"(4,6):(1,6)", {}},
      {"(4,2):(1,10)", {}},
      {"(4,2):(1,16)", {}},
      {"12:1", {1, 53, 128}},
      {"12:2", {1, 53, 128}},
      {"(3,6):(1,3)", {}},
      {"(3,6):(1,9)", {}},
      {"(3,6):(1,10)", {}},
      {"64:1", {IntTuple::tuple({32, 4, 4})}},
  };
  for (const Case &c : cases) {
    Layout a = parse(c.layout);
    std::vector<IntTuple> cotargets = c.cotargets;
    cotargets.push_back(a.cosize());
    for (const IntTuple &m : cotargets) {
      auto r = complement(a, m);
      ASSERT_TRUE(static_cast<bool>(r)) << c.layout << ", " << m.str() << ": "
                                        << llvm::toString(r.takeError());
      Layout completed = Layout::concat({a, *r});
      int64_t target = product(m);
      EXPECT_GE(completed.cosize(), target) << c.layout;
      int64_t co = a.cosize();
      EXPECT_LE(r->cosize(), (target + co - 1) / co * co) << c.layout;
      for (int64_t i = 1; i < r->size(); ++i) {
        EXPECT_LT((*r)(i - 1), (*r)(i));
        for (int64_t j = 0; j < a.size(); ++j)
          EXPECT_NE((*r)(i), a(j)) << c.layout << " " << toString(*r);
      }
      EXPECT_GE(r->size(), target / filter(a).size());
      auto again = complement(completed);
      ASSERT_TRUE(static_cast<bool>(again))
          << llvm::toString(again.takeError());
      EXPECT_EQ(again->size(), 1) << toString(completed);
    }
  }
}

/// The cases of CUTLASS's test/unit/cute/core/logical_divide.cpp: rank-2
/// results whose mode 0 is A o B.
TEST(CuTeAlgebra, CutlassLogicalDivideCases) {
  const char *cases[][2] = {
      {"1:0", "1:0"},
      {"1:0", "1:1"},
      {"1:1", "1:0"},
      {"1:1", "1:1"},
      {"6:1", "2:1"},
      {"6:1", "2:3"},
      {"6:1", "(2,3):(3,1)"},
      {"6:2", "2:1"},
      {"6:2", "2:3"},
      {"6:2", "(2,3):(3,1)"},
      {"(6,6):(1,12)", "(6,3):(3,1)"},
      {"(6,6):(12,1)", "(6,3):(3,1)"},
      {"32:1", "2:8"},
      {"(4,1):(1,1)", "2:1"},
      {"(4,1):(1,1)", "2:2"},
      {"(8,8):(1,8)", "32:2"},
      {"(8,8):(8,1)", "32:2"},
      {"2:1", "32:1"},
      {"48:1", "32:1"},
      {"96:1", "32:2"},
      {"32:1", "48:1"},
  };
  for (auto &c : cases) {
    Layout a = parse(c[0]), b = parse(c[1]);
    auto r = logicalDivide(a, Tiler(b));
    ASSERT_TRUE(static_cast<bool>(r))
        << c[0] << " / " << c[1] << ": " << llvm::toString(r.takeError());
    ASSERT_EQ(r->rank(), 2u);
    Layout tile = r->mode(0);
    ASSERT_EQ(tile.size(), b.size());
    for (int64_t i = 0; i < b.size(); ++i)
      EXPECT_EQ(tile(i), a(b(i))) << c[0] << " / " << c[1];
  }
  // The enforced shapes of the dynamic cases.
  auto r = logicalDivide(parse("48:1"), Tiler(parse("32:1")));
  ASSERT_TRUE(static_cast<bool>(r));
  EXPECT_EQ(toString(*r), "(32,2):(1,32)");
}

/// The cases of CUTLASS's test/unit/cute/core/logical_product.cpp:
/// layout<0>(R) == A and B compatible with layout<1>(R).
TEST(CuTeAlgebra, CutlassLogicalProductCases) {
  const char *cases[][2] = {
      {"1:0", "1:0"},
      {"1:1", "1:0"},
      {"1:0", "1:1"},
      {"1:1", "1:1"},
      {"3:1", "4:0"},
      {"3:0", "4:1"},
      {"3:0", "4:0"},
      {"3:2", "4:1"},
      {"3:1", "(2,4):(1,2)"},
      {"(2,4):(1,2)", "3:1"},
      {"(8,(2,2)):(1,(8,16))", "4:2"},
      {"(2,2):(1,2)", "(3,3):(3,1)"},
      {"3:32", "32:1"},
      {"3:2", "4:1"},
      {"3:32", "128:1"},
      {"3:32", "(8,8):(1,8)"},
      {"3:32", "(8,8):(8,1)"},
      {"((4,2)):((1,16))", "(4,4):(1,4)"},
      {"((4,2)):((1,16))", "(4,2):(2,1)"},
      {"((2,2),(2,2)):((1,4),(8,32))", "(2,2):(1,2)"},
      {"((2,2),(2,2)):((1,4),(8,32))", "(2,2):(2,1)"},
      {"((4,6)):((1,6))", "3:1"},
  };
  for (auto &c : cases) {
    Layout a = parse(c[0]), b = parse(c[1]);
    auto r = logicalProduct(a, Tiler(b));
    ASSERT_TRUE(static_cast<bool>(r))
        << c[0] << " x " << c[1] << ": " << llvm::toString(r.takeError());
    ASSERT_EQ(r->rank(), 2u);
    EXPECT_EQ(r->mode(0), a);
    EXPECT_EQ(r->mode(1).size(), b.size());
    for (int64_t i = 0; i < b.size(); ++i)
      EXPECT_TRUE(
          static_cast<bool>(r->mode(1).eval(idx2crd(IntTuple(i), b.shape()))));
  }
}

TEST(CuTeAlgebra, SizeOneModesGetStrideZero) {
  EXPECT_EQ(toString(coalesce(parse("(1,1):(4,5)"))), "1:0");
  EXPECT_EQ(toString(Layout::columnMajor(IntTuple::tuple({4, 1, 2}))),
            "(4,1,2):(1,0,4)");
  auto d = logicalDivide(parse("8:1"), Tiler(parse("8:1")));
  ASSERT_TRUE(static_cast<bool>(d));
  EXPECT_EQ(toString(*d), "(8,1):(1,0)");
  // A size-1 tiler keeps the stride CuTe's composition_impl leaves after
  // dividing out the modes (ceil(7/4) = 2), as CuTe prints it.
  auto c = composition(parse("(4,4):(4,1)"), parse("1:7"));
  ASSERT_TRUE(static_cast<bool>(c));
  EXPECT_EQ(toString(*c), "1:2");
}

} // namespace
