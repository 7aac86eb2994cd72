//===- ShapeLayoutsTest.cpp - Layout rules of the shape ops ---------------===//
//
// Each rule of ShapeLayouts.h is checked element by element: for every
// hardware index (register, lane, warp), the derived layout must give the
// element the op's coordinate map makes of the operand element that index
// holds. And the inverse rules undo the forward ones.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/ShapeLayouts.h"

#include "tile/Dialect/Layout/IR/LayoutDialect.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace tile;
using namespace tile::tl;

namespace {

using Coords = llvm::SmallVector<int32_t>;

/// The linear layout of a blocked layout for `shape`.
LinearLayout blocked(mlir::MLIRContext &ctx, llvm::ArrayRef<unsigned> spt,
                     llvm::ArrayRef<unsigned> tpw, llvm::ArrayRef<unsigned> wpc,
                     llvm::ArrayRef<unsigned> order,
                     llvm::ArrayRef<int64_t> shape) {
  auto attr = layout::BlockedAttr::get(&ctx, spt, tpw, wpc, order);
  std::optional<LinearLayout> ll = layout::toLinearLayout(attr, shape);
  EXPECT_TRUE(ll.has_value());
  return *ll;
}

/// Checks `derived(h) == map(src(h'))` for every hardware index h, where
/// h' is h with its register index mapped by `srcReg` (the register of the
/// operand that the op's register renumbering puts at h).
void expectRelabels(const LinearLayout &src, const LinearLayout &derived,
                    llvm::function_ref<Coords(const Coords &, int32_t reg)> map,
                    llvm::function_ref<int32_t(int32_t)> srcReg) {
  int32_t regs = derived.getInDimSize("register");
  for (int32_t r = 0; r < regs; ++r)
    for (int32_t lane = 0; lane < derived.getInDimSize("lane"); ++lane)
      for (int32_t warp = 0; warp < derived.getInDimSize("warp"); ++warp) {
        auto at = [&](const LinearLayout &ll, int32_t reg) {
          llvm::SmallVector<std::pair<std::string, int32_t>> ins;
          for (const std::string &name : ll.getInDimNames())
            ins.push_back({name, name == "register" ? reg
                                 : name == "lane"   ? lane
                                 : name == "warp"   ? warp
                                                    : 0});
          Coords c;
          for (auto &[name, v] : ll.apply(ins))
            c.push_back(v);
          return c;
        };
        Coords want = map(at(src, srcReg(r)), r);
        ASSERT_EQ(at(derived, r), want)
            << "register " << r << " lane " << lane << " warp " << warp;
      }
}

class ShapeLayoutsTest : public ::testing::Test {
protected:
  void SetUp() override { ctx.loadDialect<layout::LayoutDialect>(); }
  mlir::MLIRContext ctx;
};

TEST_F(ShapeLayoutsTest, TransPermutesCoordinates) {
  LinearLayout src =
      blocked(ctx, {1, 2, 4}, {2, 4, 4}, {2, 2, 1}, {2, 1, 0}, {4, 8, 16});
  LinearLayout t = transposeLinearLayout(src, {2, 0, 1});
  EXPECT_EQ(t.getOutDims(),
            (LinearLayout::DimSizes{{"dim0", 16}, {"dim1", 4}, {"dim2", 8}}));
  expectRelabels(
      src, t,
      [](const Coords &c, int32_t) {
        return Coords{c[2], c[0], c[1]};
      },
      [](int32_t r) { return r; });
  // The inverse permutation gives the operand back.
  EXPECT_EQ(transposeLinearLayout(t, {1, 2, 0}), src);
}

TEST_F(ShapeLayoutsTest, ReshapeIsRowMajor) {
  LinearLayout src = blocked(ctx, {1, 4}, {4, 8}, {4, 1}, {1, 0}, {64, 32});
  std::optional<LinearLayout> r = reshapeLinearLayout(src, {4, 16, 32});
  ASSERT_TRUE(r.has_value());
  expectRelabels(
      src, *r,
      [](const Coords &c, int32_t) {
        int32_t flat = c[0] * 32 + c[1];
        return Coords{flat / 512, (flat / 32) % 16, flat % 32};
      },
      [](int32_t r) { return r; });
  EXPECT_EQ(*reshapeLinearLayout(*r, {64, 32}), src);
  EXPECT_FALSE(reshapeLinearLayout(src, {64, 16}).has_value());
}

TEST_F(ShapeLayoutsTest, ReshapeKeepsBroadcasts) {
  // 8x8 in a layout whose tile is 16x32: lanes and warps hold copies.
  LinearLayout src = blocked(ctx, {1, 4}, {4, 8}, {4, 1}, {1, 0}, {8, 8});
  std::optional<LinearLayout> r = reshapeLinearLayout(src, {64});
  ASSERT_TRUE(r.has_value());
  expectRelabels(
      src, *r, [](const Coords &c, int32_t) { return Coords{c[0] * 8 + c[1]}; },
      [](int32_t r) { return r; });
}

TEST_F(ShapeLayoutsTest, JoinInterleavesRegisters) {
  LinearLayout src = blocked(ctx, {1, 4}, {4, 8}, {4, 1}, {1, 0}, {32, 32});
  LinearLayout j = joinLinearLayout(src);
  EXPECT_EQ(j.getInDimSize("register"), 2 * src.getInDimSize("register"));
  // Register 2k + i holds element k of operand i.
  expectRelabels(
      src, j,
      [](const Coords &c, int32_t r) {
        return Coords{c[0], c[1], r & 1};
      },
      [](int32_t r) { return r >> 1; });
  EXPECT_EQ(getSplitRegisterBit(j), 0);
  EXPECT_EQ(*splitLinearLayout(j), src);
}

TEST_F(ShapeLayoutsTest, SplitNeedsOneRegisterBit) {
  // Last dim in registers, but not register bit 0: bit 1 alone holds it.
  LinearLayout inRegs =
      blocked(ctx, {1, 2, 2}, {4, 8, 1}, {4, 1, 1}, {1, 2, 0}, {16, 16, 2});
  EXPECT_EQ(getSplitRegisterBit(inRegs), 1);
  std::optional<LinearLayout> s = splitLinearLayout(inRegs);
  ASSERT_TRUE(s.has_value());
  // lhs takes the registers with bit 1 clear: 0, 1, 4, 5, ...
  expectRelabels(
      inRegs, *s,
      [](const Coords &c, int32_t) {
        return Coords{c[0], c[1]};
      },
      [](int32_t r) { return ((r & ~1) << 1) | (r & 1); });
  // Last dim across lanes: no register bit holds it.
  LinearLayout inLanes =
      blocked(ctx, {1, 1, 1}, {4, 4, 2}, {4, 1, 1}, {2, 1, 0}, {16, 16, 2});
  EXPECT_FALSE(getSplitRegisterBit(inLanes).has_value());
  EXPECT_FALSE(splitLinearLayout(inLanes).has_value());
}

TEST_F(ShapeLayoutsTest, CatAppendsRegisters) {
  LinearLayout src = blocked(ctx, {2, 2}, {8, 4}, {2, 2}, {0, 1}, {32, 16});
  int32_t n = src.getInDimSize("register");
  for (int64_t axis : {0, 1}) {
    LinearLayout c = catLinearLayout(src, axis);
    // Registers [0, n) are lhs, [n, 2n) rhs, shifted along the axis.
    expectRelabels(
        src, c,
        [&](const Coords &x, int32_t r) {
          Coords y = x;
          if (r >= n)
            y[axis] += axis == 0 ? 32 : 16;
          return y;
        },
        [&](int32_t r) { return r % n; });
    EXPECT_EQ(*uncatLinearLayout(c, axis), src);
  }
}

} // namespace
