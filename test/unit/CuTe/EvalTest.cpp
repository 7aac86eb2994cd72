//===- EvalTest.cpp - CuTe expression evaluator tests ---------------------===//
//
// Expected values are the worked examples of CuTe's documentation
// (media/docs/cpp/cute/02_layout_algebra.md, 03_tensor.md), of the seeds
// (a CuTe tensor tutorial, Mojo's LayoutTensor documentation) and hand-derived cases.
//
//===----------------------------------------------------------------------===//

#include "tile/CuTe/Eval.h"

#include <gtest/gtest.h>

#include <functional>
#include <random>

using namespace tile::cute;

namespace {

std::string eval(const std::string &expr) {
  auto r = evaluateExpression(expr);
  if (!r)
    return "error: " + llvm::toString(r.takeError());
  return *r;
}

std::string evalError(const std::string &expr) {
  auto r = evaluateExpression(expr);
  if (r)
    return "unexpected value " + *r;
  return llvm::toString(r.takeError());
}

struct Case {
  const char *expr;
  const char *expected;
};

void checkAll(llvm::ArrayRef<Case> cases) {
  for (const Case &c : cases)
    EXPECT_EQ(eval(c.expr), c.expected) << c.expr;
}

TEST(CuTeEval, Queries) {
  checkAll({
      {"crd2idx((1,2), (2,(2,2)):(4,(2,1)))", "5"},
      {"crd2idx(3, (2,(2,2)):(4,(2,1)))", "6"},
      {"crd2idx((1,(1,1)), (2,(2,2)):(4,(2,1)))", "7"},
      {"crd2idx((1,2),(3,4))", "7"},
      {"crd2idx((1,2),(3,4),(4,1))", "6"},
      {"idx2crd(16, (3,(2,3)))", "(1,(1,2))"},
      {"idx2crd(5, (3,4))", "(2,1)"},
      {"idx2crd((1,5), (3,(2,3)))", "(1,(1,2))"},
      {"idx2crd(6, (4,4), (4,1))", "(1,2)"},
      {"idx2crd(6, (4,4):(4,1))", "(1,2)"},
      {"size((4,(2,3)):(2,(1,8)))", "24"},
      {"size<1>((4,(2,3)):(2,(1,8)))", "6"},
      {"size((3,4))", "12"},
      {"cosize((4,(2,3)):(2,(1,8)))", "24"},
      {"cosize(8:-1)", "8"},
      {"rank((4,(2,3)):(2,(1,8)))", "2"},
      {"rank<1>((4,(2,3)):(2,(1,8)))", "2"},
      {"depth((4,(2,3)):(2,(1,8)))", "2"},
      {"depth(4:1)", "0"},
      {"shape<1>((4,(2,3)):(2,(1,8)))", "(2,3)"},
      {"stride((4,(2,3)):(2,(1,8)))", "(2,(1,8))"},
      {"layout<1,0>((4,(2,3)):(2,(1,8)))", "2:1"},
      {"get<1>((4,(2,3)))", "(2,3)"},
      {"take<1,3>((2,3,4):(1,2,6))", "(3,4):(2,6)"},
      {"flatten((4,(2,3)):(2,(1,8)))", "(4,2,3):(2,1,8)"},
      {"flatten((4,(2,(3))))", "(4,2,3)"},
  });
}

TEST(CuTeEval, Coalesce) {
  checkAll({
      {"coalesce((2,(1,6)):(1,(6,2)))", "12:1"},
      {"coalesce((2,(1,6)):(1,(6,2)), (1,1))", "(2,6):(1,2)"},
      {"coalesce((2,4):(1,2))", "8:1"},
      {"coalesce((2,4):(4,1))", "(2,4):(4,1)"},
      {"coalesce((1,1):(3,5))", "1:0"},
      {"coalesce((4,1):(1,0))", "4:1"},
      {"coalesce((2,3):(0,0))", "6:0"},
      {"coalesce(((2,2),(2,2)):((1,2),(8,16)), (1,1))", "(4,4):(1,8)"},
      {"filter((2,3,4):(0,1,3))", "12:1"},
      {"filter((2,2):(0,0))", "1:0"},
      {"filter_zeros((2,3):(0,1))", "(1,3):(0,1)"},
  });
}

TEST(CuTeEval, CompositionDocExamples) {
  checkAll({
      {"composition((6,2):(8,2), (4,3):(3,1))", "((2,2),3):((24,2),8)"},
      {"composition(20:2, (5,4):(4,1))", "(5,4):(8,2)"},
      {"composition((10,2):(16,4), (5,4):(1,5))", "(5,(2,2)):(16,(80,4))"},
      {"composition((12,(4,8)):(59,(13,1)), <3:4, 8:2>)",
       "(3,(2,4)):(236,(26,1))"},
      {"composition((12,(4,8)):(59,(13,1)), (3,8))", "(3,(4,2)):(59,(13,1))"},
      // (3,6,2,8):(w,x,y,z) o 16:9 = (2,2,4):(3x,y,z) with w..z =
      // 1,10,100,1000.
      {"composition((3,6,2,8):(1,10,100,1000), 16:9)", "(2,2,4):(30,100,1000)"},
      // Seed: a TV layout composed with a row-major 4x8 tensor.
      {"composition((4,8):(8,1), ((2,4),(2,2)):((8,1),(4,16)))",
       "((2,4),(2,2)):((2,8),(1,4))"},
      // Since CUTLASS 3.9 a non-dividing last take is admissible (#2432).
      {"composition((32,128):(128,1), (30,128):(1,32))", "(30,128):(128,1)"},
      {"composition(8:2, 4:0)", "4:0"},
      // CuTe's composition_impl (include/cute/layout.hpp, 2025): a size-1
      // tiler keeps the stride left after dividing out the modes:
      // ceil(3/4) * 1.
      {"composition((4,4):(4,1), 1:3)", "1:1"},
      {"composition((4,8):(8,1), _)", "(4,8):(8,1)"},
      {"composition((4,8):(8,1), <_, 4:2>)", "(4,4):(8,2)"},
      {"composition((4,8,3):(1,4,32), (2,4))", "(2,4):(1,4)"},
      {"composition(Sw<3,4,3>, (8,64):(64,1))", "Sw<3,4,3> o (8,64):(64,1)"},
      {"composition(Sw<3,4,3> o (8,64):(64,1), (8,8))",
       "Sw<3,4,3> o (8,8):(64,1)"},
  });
}

TEST(CuTeEval, CompositionErrors) {
  // Stride 3 does not divide shape 4 (NVIDIA/cutlass#3177).
  EXPECT_NE(
      evalError("composition((4,6,8):(2,3,5), 6:3)").find("does not divide"),
      std::string::npos);
  // Carry across a mode boundary (NVIDIA/cutlass#2955).
  EXPECT_NE(evalError("composition((6,2):(1,7), (3,2):(2,3))").find("overlap"),
            std::string::npos);
  // Shape 4 taken from modes (3,...) does not divide.
  EXPECT_NE(evalError("composition((3,4):(1,6), 4:1)").find("not a multiple"),
            std::string::npos);
  EXPECT_NE(evalError("composition((4,8):(8,1), <2:1,2:1,2:1>)").find("modes"),
            std::string::npos);
}

TEST(CuTeEval, ComplementDocExamples) {
  checkAll({
      {"complement(4:1, 24)", "6:4"},
      {"complement(6:4, 24)", "4:1"},
      {"complement((4,6):(1,4), 24)", "1:0"},
      {"complement(4:2, 24)", "(2,3):(1,8)"},
      {"complement((2,4):(1,6), 24)", "3:2"},
      {"complement((2,2):(1,6), 24)", "(3,2):(2,12)"},
      {"complement(4:2, 19)", "(2,3):(1,8)"},
      {"complement(4:2)", "2:1"},
      {"complement((2,2):(0,0), 8)", "8:1"},
      {"complement(4:1, (4,7))", "7:4"},
  });
  EXPECT_NE(evalError("complement((2,2):(1,1), 8)").find("not injective"),
            std::string::npos);
}

TEST(CuTeEval, Inverses) {
  checkAll({
      {"right_inverse((4,2):(2,1))", "(2,4):(4,1)"},
      {"right_inverse(4:2)", "1:0"},
      {"right_inverse((2,4):(4,1))", "(4,2):(2,1)"},
      // CuTe's right_inverse (include/cute/layout.hpp, 2025) compares the
      // signed strides with the chain 1, s0*d0, ...: -1 never matches.
      {"right_inverse(8:-1)", "1:0"},
      {"right_inverse((4,2,3):(2,1,8))", "(2,4,3):(4,1,8)"},
      // CuTe's left_inverse is the quasi-inverse built from the sorted
      // strides: offsets outside the image get stride 0 (the examples of
      // the reference Python port of layout.hpp's left_inverse).
      {"left_inverse(4:2)", "(2,4):(0,1)"},
      {"left_inverse(4:1)", "4:1"},
      {"left_inverse((8,4):(1,8))", "32:1"},
      {"left_inverse((4,8):(1,5))", "(5,8):(1,4)"},
      {"left_inverse((4,2):(2,1))", "(2,4):(4,1)"},
      // All strides 0: the extent of the last mode with stride 0.
      {"left_inverse(4:0)", "4:0"},
  });
}

TEST(CuTeEval, DivideDocExamples) {
  checkAll({
      {"logical_divide((4,2,3):(2,1,8), 4:2)", "((2,2),(2,3)):((4,1),(2,8))"},
      {"logical_divide((9,(4,8)):(59,(13,1)), <3:3, (2,4):(1,8)>)",
       "((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))"},
      {"zipped_divide((9,(4,8)):(59,(13,1)), <3:3, (2,4):(1,8)>)",
       "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))"},
      {"tiled_divide((9,(4,8)):(59,(13,1)), <3:3, (2,4):(1,8)>)",
       "((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))"},
      {"flat_divide((9,(4,8)):(59,(13,1)), <3:3, (2,4):(1,8)>)",
       "(3,(2,4),3,(2,2)):(177,(13,2),59,(26,1))"},
      {"logical_divide((6,8):(8,1), (3,4))", "((3,2),(4,2)):((8,24),(1,4))"},
      {"zipped_divide((8,24):(1,8), (4,8))", "((4,8),(2,3)):((1,8),(4,64))"},
      {"zipped_divide((8,24,5):(1,8,192), (4,8))",
       "((4,8),(2,3,5)):((1,8),(4,64,192))"},
      {"logical_divide(16:1, 4:1)", "(4,4):(1,4)"},
      {"zipped_divide(16:1, 4:1)", "(4,4):(1,4)"},
      {"logical_divide((4,8):(8,1), <_, 4>)", "(4,(4,2)):(8,(1,4))"},
  });
}

TEST(CuTeEval, ProductDocExamples) {
  checkAll({
      {"logical_product((2,2):(4,1), 6:1)", "((2,2),(2,3)):((4,1),(2,8))"},
      // The doc's second 1-D figure: 8 tiles in the order of (4,2):(2,1).
      {"logical_product((2,2):(4,1), (4,2):(2,1))",
       "((2,2),(4,2)):((4,1),(8,2))"},
      // CuTe's blocked_product zips (A_i, (A* o B)_i) without coalescing
      // (include/cute/layout.hpp, 2025: `return zip(get<0>(result),
      // get<1>(result))`); the doc figure shows the older coalesced mode 0.
      {"blocked_product((2,5):(5,1), (3,4):(1,3))",
       "((2,3),(5,4)):((5,10),(1,30))"},
      // Rank 1: zip of two integers is one mode ((4,3)).
      {"blocked_product(4:1, 3:1)", "((4,3)):((1,4))"},
      {"raked_product(4:1, 3:1)", "((3,4)):((4,1))"},
      {"raked_product((2,5):(5,1), (3,4):(1,3))",
       "((3,2),(4,5)):((10,5),(30,1))"},
      // By-mode products repeat each mode within its own complement (the
      // doc's "not the recommended approach").
      {"logical_product((2,5):(5,1), <3:1, 4:1>)",
       "((2,3),(5,4)):((5,1),(1,5))"},
      {"zipped_product((2,5):(5,1), <3:1, 4:1>)",
       "((2,5),(3,4)):((5,1),(1,5))"},
      {"tiled_product((2,5):(5,1), <3:1, 4:1>)", "((2,5),3,4):((5,1),1,5)"},
      {"flat_product((2,5):(5,1), <3:1, 4:1>)", "(2,5,3,4):(5,1,1,5)"},
      // The doc's 2-D product with a tiler that knows A's layout.
      {"logical_product((2,5):(5,1), <3:5, 4:6>)",
       "((2,3),(5,4)):((5,10),(1,30))"},
      {"logical_product(4:1, 3:1)", "(4,3):(1,4)"},
  });
}

TEST(CuTeEval, ThreadValueLayout) {
  // make_layout_tv(thr=(2,3):(3,1), val=(2,2):(2,1)): the (m,n) -> (thr,val)
  // map is raked_product(thr, val); its right inverse reshaped to
  // (size(thr), size(val)) is the TV layout.
  checkAll({
      {"raked_product((2,3):(3,1), (2,2):(2,1))",
       "((2,2),(2,3)):((12,3),(6,1))"},
      {"composition(right_inverse(raked_product((2,3):(3,1), (2,2):(2,1))), "
       "make_layout((6,4)))",
       "((3,2),(2,2)):((8,2),(4,1))"},
  });
}

TEST(CuTeEval, SlicingSeed) {
  // The slicing examples of the CuTe tensor tutorial.
  const char *a = "((3,2),(2,5,2)):((4,1),(2,13,100))";
  auto s = [&](const std::string &crd) {
    return eval("slice(" + crd + "," + a + ")");
  };
  EXPECT_EQ(s("(2,_)"), "((2,5,2)):((2,13,100))");
  EXPECT_EQ(s("(_,5)"), "((3,2)):((4,1))");
  EXPECT_EQ(s("((_,_),5)"), "(3,2):(4,1)");
  EXPECT_EQ(s("((_,1),(0,_,1))"), "(3,5):(4,13)");
  EXPECT_EQ(s("((2,_),(_,3,_))"), "(2,2,2):(1,2,100)");
  EXPECT_EQ(eval(std::string("slice_and_offset(((_,1),(0,_,1)),") + a + ")"),
            "((3,5):(4,13),101)");
  EXPECT_EQ(eval(std::string("dice(((_,1),(0,_,1)),") + a + ")"),
            "(2,2,2):(1,2,100)");
}

TEST(CuTeEval, Partitions) {
  checkAll({
      // Inner partition (seed): 4x8 tiles of an 8x24 tensor.
      {"local_tile((8,24):(1,8), (4,8), (1,2))", "((4,8):(1,8),132)"},
      {"local_tile((8,24):(1,8), (4,8), 5)", "((4,8):(1,8),132)"},
      {"local_tile((8,24,3):(1,8,192), (4,8), (1,2))",
       "((4,8,3):(1,8,192),132)"},
      // Outer partition: a 2x2 column-major thread layout over a 4x4
      // row-major tensor (Mojo's LayoutTensor documentation, figure 5).
      {"local_partition((4,4):(4,1), (2,2):(1,2), 1)", "((2,2):(8,2),4)"},
      {"local_partition((4,4):(4,1), (2,2):(1,2), 2)", "((2,2):(8,2),1)"},
      {"local_partition((8,24):(1,8), (4,8):(8,1), 9)", "((2,3):(4,64),9)"},
  });
  EXPECT_NE(evalError("local_partition((4,4):(4,1), (2,2):(2,2), 1)")
                .find("does not map"),
            std::string::npos);
}

TEST(CuTeEval, LayoutTensorOps) {
  checkAll({
      {"tile((8,24):(24,1), (4,8), (1,2))", "((4,8):(24,1),112,(4,8))"},
      // Partial tile at the edge: extent 10, tile 4, tile 2 has 2 rows.
      {"tile((10,8):(8,1), (4,8), (2,0))", "((4,8):(8,1),64,(2,8))"},
      {"vectorize((16,16):(16,1), (1,4))", "((16,4):(16,4),(1,4):(0,1))"},
      {"distribute((4,4):(4,1), (2,2):(1,2), 1)", "((2,2):(8,2),4,(2,2))"},
      // 5 rows over 2 thread rows: thread row 1 owns rows 1 and 3 only.
      {"distribute((5,4):(4,1), (2,2):(1,2), 1)", "((3,2):(8,2),4,(2,2))"},
      {"distribute((5,4):(4,1), (2,2):(1,2), 0)", "((3,2):(8,2),0,(3,2))"},
  });
  EXPECT_NE(evalError("tile((8,8):(8,1), (4,4), (2,0))").find("outside"),
            std::string::npos);
  EXPECT_NE(evalError("vectorize((6,8):(8,1), (4,1))").find("does not divide"),
            std::string::npos);
}

TEST(CuTeEval, Construction) {
  checkAll({
      {"make_layout((2,(3,4)))", "(2,(3,4)):(1,(2,6))"},
      {"make_layout((2,1,4))", "(2,1,4):(1,0,2)"},
      {"make_layout((2,3),(3,1))", "(2,3):(3,1)"},
      {"make_layout(2:1, 3:2)", "(2,3):(1,2)"},
      {"make_layout_right((2,3,4))", "(2,3,4):(12,4,1)"},
      {"make_layout_left((2,3,4))", "(2,3,4):(1,2,6)"},
      {"make_ordered_layout((2,3,4),(1,0,2))", "(2,3,4):(3,1,6)"},
      // An 8x8 row-major block repeated column-major over a 32x64 buffer.
      // CuTe's tile_to_shape is blocked_product(block, ordered repeats),
      // not coalesced (include/cute/layout.hpp, 2025).
      {"tile_to_shape((8,8):(8,1), (32,64))", "((8,4),(8,8)):((8,64),(1,256))"},
      {"tile_to_shape((2,2):(1,2), (4,6), (2,1))",
       "((2,2),(2,3)):((1,12),(2,4))"},
      {"tile_to_shape(4:1, 16)", "((4,4)):((1,4))"},
      // The Hopper 128B-swizzle atom tiled over a 128x64 buffer.
      {"tile_to_shape(Sw<3,4,3> o (8,64):(64,1), (128,64))",
       "Sw<3,4,3> o ((8,16),(64,1)):((64,512),(1,0))"},
      {"upcast<4>((16,16):(16,1))", "(16,4):(4,1)"},
      {"upcast<2>((8,4):(1,8))", "(4,4):(1,4)"},
      {"upcast<4>((2,4):(2,8))", "(1,4):(1,2)"},
      {"upcast<4>((4,2):(0,1))", "(4,1):(0,1)"},
      {"downcast<4>((16,4):(4,1))", "(16,16):(16,1)"},
      {"downcast<2>(upcast<2>((8,4):(1,8)))", "(8,4):(1,8)"},
      {"max_common_vector((4,8):(8,1), (4,8):(8,1))", "32"},
      {"max_common_vector((4,8):(8,1), (4,(2,4)):(8,(1,16)))", "2"},
      {"max_common_vector((4,8):(1,4), (4,8):(8,1))", "1"},
      {"make_tile(2:1, (2,2):(1,4))", "<2:1,(2,2):(1,4)>"},
      {"(2:1, (3,4):(2,6))", "(2,(3,4)):(1,(2,6))"},
      {"<3:3, (2,4):(1,8)>", "<3:3,(2,4):(1,8)>"},
      {"Sw<3,4,3> o (8,64):(64,1)", "Sw<3,4,3> o (8,64):(64,1)"},
      {"Sw<2,0,-2> o 16 o 32:1", "Sw<2,0,-2> o 16 o 32:1"},
      {"  ( 4 , 8 ) : ( 8 , 1 )  ", "(4,8):(8,1)"},
      {"ceil_div((12,10), 4:1)", "30"},
      {"ceil_div((12,10), (5,3))", "(3,4)"},
      {"ceil_div((12,10), 5)", "(3,10)"},
      {"ceil_div(10, 4)", "3"},
      {"crd2idx(9, Sw<1,0,1> o 16:1)", "9"},
      {"crd2idx(11, Sw<1,0,1> o 16:1)", "10"},
      {"crd2idx(2, Sw<1,0,1> o 16:1)", "3"},
  });
}

TEST(CuTeEval, Errors) {
  struct ErrCase {
    const char *expr;
    const char *message;
  };
  ErrCase cases[] = {
      {"crd2idx((1,2), (2,(2,2)):(4,(2,1))", "column 35: expected ')' but"},
      {"(4,8):(1,4", "column 11: expected ')' but the expression ended"},
      {"foo(1)", "column 1: unknown function 'foo'"},
      {"(4,8):(1,4,2)", "column 1: shape (4,8) and stride (1,4,2) are not"},
      {"size(4:1, 2)", "column 1: size: expected 1 argument"},
      {"composition(4:1)", "column 1: composition: expected 2 arguments"},
      {"tile_to_shape((2,2):(1,2), (5,6))", "does not divide the target"},
      {"upcast<3>((16,16):(16,1))",
       "upcast: stride 16 and 3 do not divide each other"},
      {"upcast((16,16):(16,1))", "expected upcast<N>(layout)"},
      {"logical_divide((4,8):(8,1), Sw<1,2,3>)", "expected a tiler"},
      {"4:1 4", "column 5: unexpected '4' after the expression"},
      {"", "column 1: expected a value but the expression ended"},
      {"(0,2):(1,1)", "shape 0 must be at least 1"},
      {"Sw<3,4,2>", "|S| must be at least B"},
      {"99999999999999999999", "integer is too large"},
      {"crd2idx((1,2,3), (2,2):(1,2))", "has rank 3 but the shape (2,2)"},
      {"right_inverse(Sw<3,4,3> o 8:1)", "swizzled"},
      {"slice((1,(2,_)), (4,8):(8,1))", "does not match the shape"},
      {"size<3>((2,3):(1,2))", "mode 3 is out of range"},
      {"composition((4,2):(1,8), 4:-1)", "negative stride"},
  };
  for (const ErrCase &c : cases)
    EXPECT_NE(evalError(c.expr).find(c.message), std::string::npos)
        << c.expr << " -> " << evalError(c.expr);
}

TEST(CuTeEval, ParseLayout) {
  auto l = parseLayout("(4,(2,3)):(2,(1,8))");
  ASSERT_TRUE(static_cast<bool>(l)) << llvm::toString(l.takeError());
  EXPECT_EQ(toString(*l), "(4,(2,3)):(2,(1,8))");
  auto sw = parseLayout("Sw<3,4,3> o 32 o (8,64):(64,1)");
  ASSERT_TRUE(static_cast<bool>(sw)) << llvm::toString(sw.takeError());
  EXPECT_EQ(toString(*sw), "Sw<3,4,3> o 32 o (8,64):(64,1)");
  EXPECT_TRUE(sw->isSwizzled());
  EXPECT_EQ(sw->swizzleOffset(), 32);
  // Only literals: no calls, no tilers, no bare tuples.
  for (const char *bad : {"coalesce(4:1)", "<4:1>", "(4,8)", "4:1:2", "4:"}) {
    auto r = parseLayout(bad);
    EXPECT_FALSE(static_cast<bool>(r)) << bad;
    if (!r)
      EXPECT_NE(llvm::toString(r.takeError()).find("column"),
                std::string::npos);
  }
}

TEST(CuTeEval, Table) {
  auto l = parseLayout("(2,3):(3,1)");
  ASSERT_TRUE(static_cast<bool>(l));
  std::string expected = "(2,3):(3,1)\n"
                         "      0   1   2 \n"
                         "    +---+---+---+\n"
                         " 0  | 0 | 1 | 2 |\n"
                         "    +---+---+---+\n"
                         " 1  | 3 | 4 | 5 |\n"
                         "    +---+---+---+\n";
  EXPECT_EQ(formatLayoutTable(*l), expected);
  auto one = parseLayout("3:2");
  ASSERT_TRUE(static_cast<bool>(one));
  EXPECT_EQ(formatLayoutTable(*one), "3:2\n"
                                     "      0 \n"
                                     "    +---+\n"
                                     " 0  | 0 |\n"
                                     "    +---+\n"
                                     " 1  | 2 |\n"
                                     "    +---+\n"
                                     " 2  | 4 |\n"
                                     "    +---+\n");
  auto three = parseLayout("(2,2,2):(1,2,4)");
  ASSERT_TRUE(static_cast<bool>(three));
  std::string t = formatLayoutTable(*three);
  EXPECT_NE(t.find(" 0  | 0 | 2 | 4 | 6 |"), std::string::npos) << t;
  EXPECT_NE(t.find(" 1  | 1 | 3 | 5 | 7 |"), std::string::npos) << t;
}

/// Random calls of every function on random (often huge or degenerate)
/// layouts: a value or an error, never a crash (run under ASan/UBSan too).
TEST(CuTeEval, RandomCallsNeverCrash) {
  std::mt19937_64 rng(99);
  auto rnd = [&](int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
  };
  auto value = [&]() -> int64_t {
    switch (rnd(0, 3)) {
    case 0:
      return rnd(1, 8);
    case 1:
      return int64_t(1) << rnd(0, 40);
    case 2:
      return rnd(1, int64_t(1) << 40);
    default:
      return rnd(1, 4);
    }
  };
  std::function<void(int, std::string &, std::string &)> gen =
      [&](int depth, std::string &s, std::string &d) {
        if (depth == 0 || rnd(0, 2) == 0) {
          s = std::to_string(value());
          int64_t st = rnd(0, 3) == 0 ? 0 : value();
          d = std::to_string(rnd(0, 6) == 0 ? -st : st);
          return;
        }
        int n = rnd(0, 3);
        s = "(";
        d = "(";
        for (int i = 0; i < n; ++i) {
          std::string a, b;
          gen(depth - 1, a, b);
          s += (i ? "," : "") + a;
          d += (i ? "," : "") + b;
        }
        s += ")";
        d += ")";
      };
  auto layout = [&] {
    std::string s, d;
    gen(2, s, d);
    return s + ":" + d;
  };
  auto shape = [&] {
    std::string s, d;
    gen(2, s, d);
    return s;
  };
  const char *binary[] = {
      "composition",  "logical_divide",  "zipped_divide",  "tiled_divide",
      "flat_divide",  "logical_product", "zipped_product", "tiled_product",
      "flat_product", "blocked_product", "raked_product"};
  const char *unary[] = {"coalesce",     "filter",     "right_inverse",
                         "left_inverse", "complement", "size",
                         "cosize",       "flatten"};
  for (int it = 0; it < 4000; ++it) {
    std::string e;
    switch (rnd(0, 9)) {
    case 0:
      e = std::string(binary[rnd(0, 10)]) + "(" + layout() + "," + layout() +
          ")";
      break;
    case 1:
      e = std::string(binary[rnd(0, 8)]) + "(" + layout() + "," + shape() + ")";
      break;
    case 2:
      e = std::string(unary[rnd(0, 7)]) + "(" + layout() + ")";
      break;
    case 3:
      e = "complement(" + layout() + "," + shape() + ")";
      break;
    case 4:
      e = "local_partition(" + layout() + "," + layout() + "," +
          std::to_string(rnd(0, 40)) + ")";
      break;
    case 5:
      e = "local_tile(" + layout() + "," + shape() + "," + shape() + ")";
      break;
    case 6:
      e = "tile(" + layout() + "," + shape() + "," + shape() + ")";
      break;
    case 7:
      e = "distribute(" + layout() + "," + layout() + "," +
          std::to_string(rnd(0, 40)) + ")";
      break;
    case 8:
      e = "ceil_div(" + shape() + "," + shape() + ")";
      break;
    default: {
      auto l = parseLayout(layout());
      if (l)
        EXPECT_FALSE(formatLayoutTable(*l).empty());
      else
        llvm::consumeError(l.takeError());
      continue;
    }
    }
    auto r = evaluateExpression(e);
    if (!r)
      EXPECT_EQ(llvm::toString(r.takeError()).rfind("column ", 0), 0u) << e;
  }
}

/// Mutates valid expressions thousands of times: evaluation must return a
/// value or an error, never crash or hang.
TEST(CuTeEval, RandomMutationNeverCrashes) {
  const char *seeds[] = {
      "crd2idx((1,2), (2,(2,2)):(4,(2,1)))",
      "logical_divide((6,8):(8,1), (3,4))",
      "zipped_divide((9,(4,8)):(59,(13,1)), <3:3, (2,4):(1,8)>)",
      "blocked_product((2,5):(5,1), (3,4):(1,3))",
      "complement((2,2):(1,6), 24)",
      "left_inverse((4,2):(2,1))",
      "local_partition((8,24):(1,8), (4,8):(8,1), 9)",
      "slice(((_,1),(0,_,1)), ((3,2),(2,5,2)):((4,1),(2,13,100)))",
      "composition(Sw<3,4,3> o (8,64):(64,1), (8,8))",
      "tile((10,8):(8,1), (4,8), (2,0))",
      "coalesce((2,(1,6)):(1,(6,2)), (1,1))",
      "raked_product((2,5):(5,1), (3,4):(1,3))",
  };
  const std::string alphabet = "()<>,:_-0123456789 oSwabcdefgilmnprstuz";
  std::mt19937 rng(1234);
  int values = 0, errors = 0;
  for (int iter = 0; iter < 20000; ++iter) {
    std::string s = seeds[rng() % (sizeof(seeds) / sizeof(seeds[0]))];
    int edits = 1 + rng() % 4;
    for (int e = 0; e < edits && !s.empty(); ++e) {
      size_t p = rng() % s.size();
      switch (rng() % 4) {
      case 0: // replace
        s[p] = alphabet[rng() % alphabet.size()];
        break;
      case 1: // delete
        s.erase(p, 1);
        break;
      case 2: // insert
        s.insert(s.begin() + p, alphabet[rng() % alphabet.size()]);
        break;
      case 3: // duplicate a slice
        s.insert(p, s.substr(rng() % s.size(), rng() % 8));
        break;
      }
    }
    auto r = evaluateExpression(s);
    if (r)
      ++values;
    else {
      std::string msg = llvm::toString(r.takeError());
      EXPECT_EQ(msg.rfind("column ", 0), 0u) << s << " -> " << msg;
      ++errors;
    }
  }
  EXPECT_GT(values, 0);
  EXPECT_GT(errors, 0);
}

} // namespace
