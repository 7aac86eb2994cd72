//===- CuTeFormsTest.cpp - Printed forms of the CuTe algebra --------------===//
//===//
//
// Every `tile-layout --eval` function must print CuTe's own result: the same
// modes and nesting, not only the same function. Each expected value below
// names where it comes from:
//   [doc]    media/docs/cpp/cute/02_layout_algebra.md (CUTLASS)
//   [hpp]    a comment or the construction in include/cute/layout.hpp
//            (CUTLASS, 2023-2025 version: composition_impl without the
//            trailing bw_coalesce, the sorted right_inverse, the
//            quasi-inverse left_inverse, blocked/raked_product as a plain
//            zip, tile_to_shape without coalesce, logical_divide against
//            shape(coalesce(A)), upcast with ceil_div)
//   [test]   a case of test/unit/cute/core/*.cpp (CUTLASS), whose
//            post-condition we check as well
//   [atuple] include/cute/numeric/arithmetic_tuple.hpp (ScaledBasis prints
//            its value then its modes innermost first; sums of scaled bases
//            are ArithmeticTuples)
//   [hand]   derived by hand from [hpp], step by step in the comment
//
//===----------------------------------------------------------------------===//

#include "tile/CuTe/Algebra.h"
#include "tile/CuTe/Eval.h"

#include <gtest/gtest.h>

#include <optional>

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

Layout parse(const char *text) {
  auto l = parseLayout(text);
  EXPECT_TRUE(static_cast<bool>(l)) << text;
  if (!l) {
    llvm::consumeError(l.takeError());
    return Layout();
  }
  return *l;
}

struct Case {
  const char *expr;
  const char *expected;
};

void checkAll(llvm::ArrayRef<Case> cases) {
  for (const Case &c : cases)
    EXPECT_EQ(eval(c.expr), c.expected) << c.expr;
}

TEST(CuTeForms, Composition) {
  checkAll({
      // [doc] "Example 1": ((2,2),3):((24,2),8).
      {"composition((6,2):(8,2), (4,3):(3,1))", "((2,2),3):((24,2),8)"},
      // [doc] "Example 3": CuTe with static integers prints
      // (_5,(_2,_2)):(_16,(_80,_4)).
      {"composition((10,2):(16,4), (5,4):(1,5))", "(5,(2,2)):(16,(80,4))"},
      // [doc] by-mode composition: (_3,(2,4)):(236,(26,1)).
      {"composition((12,(4,8)):(59,(13,1)), <3:4,8:2>)",
       "(3,(2,4)):(236,(26,1))"},
      // [doc] a shape as tiler: (_3,(4,2)):(59,(13,1)).
      {"composition((12,(4,8)):(59,(13,1)), (3,8))", "(3,(4,2)):(59,(13,1))"},
      // [hpp] the stride 3 does not divide the mode 8 but 2 elements stay
      // inside it: next_shape = ceil(8/3) = 3, min(3,2) = 2 at stride 3*8.
      // CuTe's weak check (`rest_stride < curr_shape`) accepts it.
      {"composition((8,8):(8,1), 2:3)", "2:24"},
      {"composition((8,8):(8,1), (2,4):(3,8))", "(2,4):(24,1)"},
      // [hpp] the paper's case A = (4,6,8,10):(2,3,5,7), B = 6:12: the
      // min() of composition_impl takes a partial last step: (2,3):(9,5).
      {"composition((4,6,8,10):(2,3,5,7), 6:12)", "(2,3):(9,5)"},
      // [hpp] the result is not coalesced any more: two modes of A give
      // two modes of R.
      {"composition((4,3):(3,1), 6:2)", "(2,3):(6,1)"},
  });
  // [test] composition.cpp post-condition on the cases above.
  const char *post[][2] = {{"(8,8):(8,1)", "2:3"},
                           {"(8,8):(8,1)", "(2,4):(3,8)"},
                           {"(4,6,8,10):(2,3,5,7)", "6:12"}};
  for (auto &p : post) {
    Layout a = parse(p[0]), b = parse(p[1]);
    auto r = composition(a, b);
    ASSERT_TRUE(static_cast<bool>(r)) << llvm::toString(r.takeError());
    for (int64_t i = 0; i < b.size(); ++i)
      EXPECT_EQ((*r)(i), a(b(i))) << p[0] << " o " << p[1];
  }
  // CuTe accepts these and computes a wrong layout (NVIDIA/cutlass#3177,
  // #2955); we say why instead.
  EXPECT_NE(evalError("composition((4,6,8):(2,3,5), 6:3)")
                .find("elements reach past it"),
            std::string::npos);
  EXPECT_NE(evalError("composition((8,8):(8,1), 4:3)")
                .find("stride 3 does not divide shape 8"),
            std::string::npos);
  EXPECT_NE(evalError("composition((6,2):(1,7), (3,2):(2,3))").find("overlap"),
            std::string::npos);
}

/// CuTe's composition_impl (include/cute/layout.hpp, 2025) for a flat A of
/// rank >= 2 and an integer B = s:d, with its static asserts (no result
/// where CuTe does not compile) and none of our refusals: the oracle of
/// what CuTe prints.
std::optional<Layout> cuteComposition(const std::vector<int64_t> &shape,
                                      const std::vector<int64_t> &stride,
                                      int64_t s, int64_t d) {
  std::vector<IntTuple> rs, rd;
  int64_t restShape = s, restStride = d;
  for (size_t i = 0; i + 1 < shape.size(); ++i) {
    int64_t cs = shape[i];
    if (!(restStride % cs == 0 || restStride < cs))
      return std::nullopt; // "Stride Divisibility Condition"
    int64_t nextShape = (cs + restStride - 1) / restStride;
    int64_t nextStride = (restStride + cs - 1) / cs;
    if (nextShape == 1 || restShape == 1) {
      restStride = nextStride;
      continue;
    }
    int64_t newShape = std::min(nextShape, restShape);
    if (restShape % newShape != 0)
      return std::nullopt; // "Shape Divisibility Condition"
    rs.push_back(newShape);
    rd.push_back(restStride * stride[i]);
    restShape /= newShape;
    restStride = nextStride;
  }
  int64_t last = restStride * stride.back();
  if (rs.empty())
    return Layout(restShape, last);
  if (restShape == 1)
    return rs.size() == 1 ? Layout(rs[0], rd[0])
                          : Layout(IntTuple::tuple(rs), IntTuple::tuple(rd));
  rs.push_back(restShape);
  rd.push_back(last);
  return Layout(IntTuple::tuple(rs), IntTuple::tuple(rd));
}

/// Every A = (a0,a1):(d0,d1) (not coalescible) and B = s:d in a small
/// range: where CuTe's result is A o B we print exactly it, and whatever we
/// accept is A o B. (Where CuTe's result is wrong, NVIDIA/cutlass#3177, we
/// refuse.)
TEST(CuTeForms, CompositionMatchesCuTeWhereCuTeIsRight) {
  int same = 0, refusedWrong = 0;
  for (int64_t a0 = 2; a0 <= 8; ++a0)
    for (int64_t a1 = 2; a1 <= 4; ++a1)
      for (int64_t d0 = 1; d0 <= 4; ++d0)
        for (int64_t d1 = 1; d1 <= 20; ++d1) {
          if (d1 == a0 * d0)
            continue; // coalesces to one mode
          Layout a(IntTuple::tuple({a0, a1}), IntTuple::tuple({d0, d1}));
          for (int64_t s = 1; s <= 9; ++s)
            for (int64_t d = 1; d <= 12; ++d) {
              Layout b(s, d);
              auto ref = cuteComposition({a0, a1}, {d0, d1}, s, d);
              bool right = ref.has_value();
              for (int64_t i = 0; right && i < s; ++i)
                right = (*ref)(i) == a(b(i));
              auto r = composition(a, b);
              if (!r) {
                llvm::consumeError(r.takeError());
                EXPECT_FALSE(right) << toString(a) << " o " << toString(b)
                                    << ": CuTe gives " << toString(*ref);
                refusedWrong += ref.has_value();
                continue;
              }
              for (int64_t i = 0; i < s; ++i)
                ASSERT_EQ((*r)(i), a(b(i)))
                    << toString(a) << " o " << toString(b);
              if (right) {
                EXPECT_EQ(toString(*r), toString(*ref))
                    << toString(a) << " o " << toString(b);
                ++same;
              }
            }
        }
  EXPECT_GT(same, 10000);
  EXPECT_GT(refusedWrong, 100);
}

TEST(CuTeForms, Inverses) {
  checkAll({
      // [hpp] right_inverse: (4,2):(2,1) sorted by stride gives mode 1 then
      // mode 0, strides 4 and 1 (the prefix products).
      {"right_inverse((4,2):(2,1))", "(2,4):(4,1)"},
      {"right_inverse(4:2)", "1:0"},
      // [hpp] signed strides are compared with the chain: -1 is not 1.
      {"right_inverse(4:-1)", "1:0"},
      // [hpp] left_inverse, the quasi-inverse: 4:2 has the holes 1,3,5 in
      // its image; the mode below the first stride gets stride 0. The
      // reference Python port of layout.hpp documents the same values.
      {"left_inverse(4:2)", "(2,4):(0,1)"},
      {"left_inverse((4,8):(1,5))", "(5,8):(1,4)"},
      {"left_inverse((8,4):(1,8))", "32:1"},
      {"left_inverse((2,4,6):(4,1,8))", "(4,2,6):(2,1,8)"},
      // [hpp] all strides 0: the extent of the largest-stride mode, 4:0.
      {"left_inverse(4:0)", "4:0"},
  });
  // [test] inverse_left.cpp / inverse_right.cpp post-conditions.
  for (const char *text :
       {"4:1", "4:2", "(8,4):(1,8)", "(8,4):(4,1)", "(2,4,6):(1,2,8)",
        "(2,4,6):(4,1,8)", "(4,2):(1,16)", "((2,2),(2,3)):((12,3),(6,1))"}) {
    Layout a = parse(text);
    auto l = leftInverse(a);
    ASSERT_TRUE(static_cast<bool>(l)) << llvm::toString(l.takeError());
    for (int64_t i = 0; i < a.size(); ++i)
      EXPECT_EQ((*l)(a(i)), i) << text << " -> " << toString(*l);
    auto r = rightInverse(a);
    ASSERT_TRUE(static_cast<bool>(r)) << llvm::toString(r.takeError());
    for (int64_t i = 0; i < r->size(); ++i)
      EXPECT_EQ(a((*r)(i)), i) << text << " -> " << toString(*r);
  }
  EXPECT_NE(evalError("left_inverse((3,2):(2,7))").find("not a multiple of 2"),
            std::string::npos);
}

TEST(CuTeForms, Products) {
  checkAll({
      // [doc] logical product 1-D example: ((2,2),(2,3)):((4,1),(2,8)).
      {"logical_product((2,2):(4,1), 6:1)", "((2,2),(2,3)):((4,1),(2,8))"},
      // [hpp] blocked_product = zip(get<0>(R), get<1>(R)) with R the
      // logical product of the padded operands; no coalesce.
      {"blocked_product((2,5):(5,1), (3,4):(1,3))",
       "((2,3),(5,4)):((5,10),(1,30))"},
      // [hpp] raked_product = zip(get<1>(R), get<0>(R)).
      {"raked_product((2,5):(5,1), (3,4):(1,3))",
       "((3,2),(4,5)):((10,5),(30,1))"},
      // [hpp] rank 1: zip of two integers is the single mode ((4,3)).
      {"blocked_product(4:1, 3:1)", "((4,3)):((1,4))"},
      // [hpp] the block is padded with 1:0 to the tiler's rank.
      {"blocked_product(4:1, (2,3):(1,2))", "((4,2),(1,3)):((1,4),(0,8))"},
      // [hpp] tile_to_shape = blocked_product(block, ordered repeats).
      {"tile_to_shape((8,8):(8,1), (32,64))", "((8,4),(8,8)):((8,64),(1,256))"},
      {"tile_to_shape((2,2):(1,2), (4,6), (2,1))",
       "((2,2),(2,3)):((1,12),(2,4))"},
      // [doc] zipped/tiled/flat products regroup the by-mode product.
      {"zipped_product((2,5):(5,1), <3:5,4:6>)",
       "((2,5),(3,4)):((5,1),(10,30))"},
      {"tiled_product((2,5):(5,1), <3:5,4:6>)", "((2,5),3,4):((5,1),10,30)"},
      {"flat_product((2,5):(5,1), <3:5,4:6>)", "(2,5,3,4):(5,1,10,30)"},
  });
  // [hpp] zip static_asserts "Mismatched Ranks" when the complement splits
  // a rank-1 tiler into two modes.
  EXPECT_NE(evalError("blocked_product((5):(2), 4:1)").find("Mismatched Ranks"),
            std::string::npos);
}

TEST(CuTeForms, Divides) {
  checkAll({
      // [doc] 1-D logical divide: ((2,2),(2,3)):((4,1),(2,8)).
      {"logical_divide((4,2,3):(2,1,8), 4:2)", "((2,2),(2,3)):((4,1),(2,8))"},
      // [doc] zipped divide of (9,(4,8)) by <3:3,(2,4):(1,8)>, shapes
      // ((3,8),(3,4)); the tile is the composition (3,(2,4)):(177,(13,2)).
      {"zipped_divide((9,(4,8)):(59,(13,1)), <3:3,(2,4):(1,8)>)",
       "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))"},
      {"tiled_divide((9,(4,8)):(59,(13,1)), <3:3,(2,4):(1,8)>)",
       "((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))"},
      {"flat_divide((9,(4,8)):(59,(13,1)), <3:3,(2,4):(1,8)>)",
       "(3,(2,4),3,(2,2)):(177,(13,2),59,(26,1))"},
      // [hpp] the complement is taken against shape(coalesce(A)) = 15, not
      // (3,5) (which would give ceil(3/2)*5 = 10 tiles).
      {"logical_divide((3,5):(1,3), 2:1)", "(2,8):(1,2)"},
  });
}

TEST(CuTeForms, CoalesceFilterComplement) {
  checkAll({
      // [doc] coalesce examples.
      {"coalesce((2,(1,6)):(1,(6,2)))", "12:1"},
      {"coalesce((2,(1,6)):(1,(6,2)), (1,1))", "(2,6):(1,2)"},
      // [hpp] filter(layout, profile) filters at the profile's leaves.
      {"filter((2,(3,1)):(0,(1,5)), (1,1))", "(1,3):(0,1)"},
      // [doc] complement examples.
      {"complement(4:1, 24)", "6:4"},
      {"complement(6:4, 24)", "4:1"},
      {"complement((4,6):(1,4), 24)", "1:0"},
      {"complement(4:2, 24)", "(2,3):(1,8)"},
      {"complement((2,4):(1,6), 24)", "3:2"},
      {"complement((2,2):(1,6), 24)", "(3,2):(2,12)"},
  });
}

TEST(CuTeForms, Construction) {
  checkAll({
      // [hpp] make_layout(L) wraps one layout into a rank-1 layout.
      {"make_layout(2:1)", "(2):(1)"},
      {"make_layout(2:1, 3:2)", "(2,3):(1,2)"},
      // [hpp] make_ordered_layout's comment: (_2,_2,_2,_2):(_1,_4,_8,_2).
      {"make_ordered_layout((2,2,2,2),(0,2,3,1))", "(2,2,2,2):(1,4,8,2)"},
      // [hpp] domain_distribute's comment: (_3,_2):(_1,_15).
      {"domain_distribute((15,14), 6)", "(3,2):(1,15)"},
      // [hpp] make_layout_like's comment: (_2,_2,_2,_2):(_0,_2,_4,_1).
      {"make_layout_like((2,2,2,2):(0,2,4,1))", "(2,2,2,2):(0,2,4,1)"},
      {"make_layout_like((4,3):(10,1))", "(4,3):(3,1)"},
      // [hpp] select<I...> and group<B,E> on the modes.
      {"select<1,0>((2,3,4):(1,2,6))", "(3,2):(2,1)"},
      {"select<2>((2,3,4):(1,2,6))", "(4):(6)"},
      {"group<0,2>((2,3,4):(1,2,6))", "((2,3),4):((1,2),6)"},
      {"product_each(((2,3),4))", "(6,4)"},
  });
}

TEST(CuTeForms, NullspaceAndCommonLayouts) {
  checkAll({
      // [hpp] the stride-0 leaves with column-major strides of the flat
      // shape (2,2,2): 1,2,4.
      {"nullspace((2,2,2):(0,0,0))", "(2,2,2):(1,2,4)"},
      {"nullspace((2,2,2):(1,0,2))", "2:2"},
      {"nullspace((7,5,16):(3,1,0))", "16:35"},
      {"nullspace((4,8):(1,4))", "1:0"},
      // [hpp] max_common_layout = right_inverse(b) o (leading stride-1 mode
      // of coalesce(a o right_inverse(b))).
      {"max_common_layout((4,8):(8,1), (4,(2,4)):(8,(1,16)))", "2:4"},
      {"max_common_layout(8:1, (4,2):(1,4))", "8:1"},
      {"max_common_layout((4,2):(2,1), 8:1)", "1:0"},
      {"max_common_vector((4,8):(8,1), (4,(2,4)):(8,(1,16)))", "2"},
  });
  // [test] nullspace.cpp post-conditions.
  for (const char *text : {"(2,2,2):(0,0,0)", "(7,5,16):(0,0,0)",
                           "(2,2,2):(1,0,2)", "(7,5,16):(3,1,0)"}) {
    Layout a = parse(text);
    auto k = nullspace(a);
    ASSERT_TRUE(static_cast<bool>(k));
    EXPECT_EQ(k->size(), a.size() / filter(a).size()) << text;
    for (int64_t i = 0; i < k->size(); ++i)
      EXPECT_EQ(a((*k)(i)), 0) << text;
  }
}

TEST(CuTeForms, Recast) {
  checkAll({
      // [hpp] upcast<N>: shape ceil_div(s, ceil_div(N,|d|)), stride
      // signum(d)*ceil_div(|d|,N).
      {"upcast<4>((16,16):(16,1))", "(16,4):(4,1)"},
      {"upcast<4>(6:1)", "2:1"},
      {"upcast<2>((4,3):(1,-4))", "(2,3):(1,-2)"},
      {"upcast<4>((4,2):(0,1))", "(4,1):(0,1)"},
      // [hpp] downcast<N>: stride +-1 modes grow, other strides scale.
      {"downcast<4>((16,4):(4,1))", "(16,16):(16,1)"},
      // [hpp] recast_layout<Old,New>: the ratio of sizeof_bits, reduced.
      {"recast_layout<16,32>((8,16):(16,1))", "(8,8):(8,1)"},
      {"recast_layout<32,16>((8,4):(4,1))", "(8,8):(8,1)"},
      {"recast_layout<16,24>(24:1)", "16:1"},
      {"recast_layout<8,8>((3,4):(4,1))", "(3,4):(4,1)"},
      // Element types by name, as CuTe (recast_layout<uint16_t,uint32_t>)
      // or MLIR (i16, f16, bf16, f32, f8E4M3FN) names them, as template
      // arguments or as the first two arguments.
      {"recast_layout<uint16_t,uint32_t>((8,16):(16,1))", "(8,8):(8,1)"},
      {"recast_layout<half_t,float>((8,16):(16,1))", "(8,8):(8,1)"},
      {"recast_layout(i16, i32, (8,16):(16,1))", "(8,8):(8,1)"},
      {"recast_layout(f32, bf16, (8,4):(4,1))", "(8,8):(8,1)"},
      {"recast_layout(f8E4M3FN, f16, (4,16):(16,1))", "(4,8):(8,1)"},
      {"recast_layout(16, 32, (8,16):(16,1))", "(8,8):(8,1)"},
      {"recast_layout<float_e5m2_t,f64>(64:1)", "8:1"},
  });
  EXPECT_NE(evalError("recast_layout<f17,f32>(4:1)")
                .find("column 15: unknown element type 'f17'"),
            std::string::npos);
  EXPECT_NE(evalError("recast_layout((2,2), f32, 4:1)")
                .find("recast_layout: argument 1 is a tuple; expected an "
                      "element type"),
            std::string::npos);
  EXPECT_NE(evalError("downcast<2>(4:2)").find("adjacent elements"),
            std::string::npos);
  EXPECT_NE(evalError("recast_layout<16>(4:1)").find("OldType,NewType"),
            std::string::npos);
}

TEST(CuTeForms, ScaledBasis) {
  checkAll({
      // [atuple] make_basis_like: E<0>, (E<1,0>, E<1,1>) print 1@0,
      // (1@0@1,1@1@1).
      {"make_identity_layout((4,8))", "(4,8):(1@0,1@1)"},
      {"make_identity_layout((2,(3,4)))", "(2,(3,4)):(1@0,(1@0@1,1@1@1))"},
      {"make_identity_layout(8)", "8:1"},
      // [atuple] a sum of scaled bases is an ArithmeticTuple; one term
      // stays a scaled basis.
      {"crd2idx((1,(2,3)), make_identity_layout((2,(3,4))))", "(1,(2,3))"},
      {"crd2idx(7, make_identity_layout((4,8)))", "(3,1)"},
      {"crd2idx(3, 4:1@1)", "3@1"},
      {"crd2idx((2,3), (4,8):(0,1@1))", "3@1"},
      {"cosize(make_identity_layout((4,8)))", "32"},
      {"coshape(make_identity_layout((4,(2,3))))", "(4,(2,3))"},
      // [hpp] composition with a coordinate layout scales its bases.
      {"composition(make_identity_layout((4,8)), (2,4):(1,8))",
       "(2,4):(1@0,2@1)"},
      // [hpp] a scaled-basis stride in the tiler selects a mode of A:
      // the transpose of (4,8):(8,1) through (1@1,1@0).
      {"composition((8,16):(16,1), make_layout((4,4),(1@1,1@0)))",
       "(4,4):(1,16)"},
      // Tiles of an identity (coordinate) tensor for predication: the
      // offset of a tile is its first coordinate.
      {"zipped_divide(make_identity_layout((8,24)), (4,8))",
       "((4,8),(2,3)):((1@0,1@1),(4@0,8@1))"},
      {"local_tile(make_identity_layout((8,24)), (4,8), (1,2))",
       "((4,8):(1@0,1@1),(4,16))"},
      {"local_partition(make_identity_layout((4,4)), (2,2):(1,2), 1)",
       "((2,2):(2@0,2@1),(1,0))"},
      {"slice_and_offset((_,3), make_identity_layout((4,8)))",
       "((4):(1@0),(0,3))"},
  });
  EXPECT_NE(evalError("complement(make_identity_layout((4,8)))")
                .find("scaled-basis strides"),
            std::string::npos);
  EXPECT_NE(evalError("crd2idx((1,2), (4,8):(1@1,1))").find("must not mix"),
            std::string::npos);
  EXPECT_NE(evalError("make_layout((4,1@0),(1,1))").find("must be an integer"),
            std::string::npos);
  // A memory layout (the #layout.strided attribute) has integer strides.
  auto l = parseLayout("(4,8):(1@0,1@1)");
  ASSERT_FALSE(static_cast<bool>(l));
  EXPECT_NE(llvm::toString(l.takeError()).find("column 9: scaled-basis"),
            std::string::npos);
}

} // namespace
