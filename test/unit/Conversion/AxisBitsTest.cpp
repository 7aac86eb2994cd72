//===- AxisBitsTest.cpp - Where the bits of one axis live -----------------===//
//
// analyzeAxisBits (the plan behind the scan and sort lowerings) on
// hand-worked layouts: which hardware bit holds each axis bit, the
// register mask, and the reasons it gives for layouts it rejects.
//
//===----------------------------------------------------------------------===//

#include "../../../lib/Conversion/TileToLLVM/AxisBits.h"

#include "gtest/gtest.h"

using namespace tile;

namespace {

LinearLayout make(std::vector<std::pair<std::string,
                                        std::vector<LinearLayout::Basis>>>
                      dims,
                  LinearLayout::DimSizes outDims) {
  LinearLayout::BasesT bases;
  for (auto &[name, b] : dims)
    bases[name] = b;
  return LinearLayout(std::move(bases), std::move(outDims),
                      /*requireSurjective=*/false);
}

using Level = AxisBits::Level;

std::vector<std::pair<Level, int>> bitsOf(const AxisBits &bits) {
  std::vector<std::pair<Level, int>> out;
  for (const AxisBits::Bit &b : bits.bits)
    out.push_back({b.level, b.hwBit});
  return out;
}

TEST(AxisBits, Blocked2DAlongEachAxis) {
  // blocked<[2, 1], [8, 4], [2, 2], order [0, 1]> over 64 x 8: dim 0 is
  // register 0, lanes 0-2, warp 0, register 1 (a repeat); dim 1 is lanes
  // 3-4, warp 1, and a broadcast-free register 2.
  LinearLayout l = make({{"register", {{1, 0}, {32, 0}, {0, 4}}},
                         {"lane", {{2, 0}, {4, 0}, {8, 0}, {0, 1}, {0, 2}}},
                         {"warp", {{16, 0}, {0, 0}}},
                         {"block", {}}},
                        {{"dim0", 64}, {"dim1", 8}});
  std::string why;
  std::optional<AxisBits> a0 = analyzeAxisBits(l, 0, &why);
  ASSERT_TRUE(a0) << why;
  std::vector<std::pair<Level, int>> want0 = {
      {Level::Register, 0}, {Level::Lane, 0}, {Level::Lane, 1},
      {Level::Lane, 2},     {Level::Warp, 0}, {Level::Register, 1}};
  EXPECT_EQ(bitsOf(*a0), want0);
  EXPECT_EQ(a0->regAxisMask, 0b011);

  std::optional<AxisBits> a1 = analyzeAxisBits(l, 1, &why);
  ASSERT_TRUE(a1) << why;
  std::vector<std::pair<Level, int>> want1 = {
      {Level::Lane, 3}, {Level::Lane, 4}, {Level::Register, 2}};
  EXPECT_EQ(bitsOf(*a1), want1);
  EXPECT_EQ(a1->regAxisMask, 0b100);
}

TEST(AxisBits, BroadcastBitsAreIgnored) {
  // 8 elements over 2 registers and 32 lanes: lanes 2-4 hold copies.
  LinearLayout l = make({{"register", {{1}}},
                         {"lane", {{2}, {4}, {0}, {0}, {0}}},
                         {"warp", {}},
                         {"block", {}}},
                        {{"dim0", 8}});
  std::optional<AxisBits> a = analyzeAxisBits(l, 0, nullptr);
  ASSERT_TRUE(a);
  std::vector<std::pair<Level, int>> want = {
      {Level::Register, 0}, {Level::Lane, 0}, {Level::Lane, 1}};
  EXPECT_EQ(bitsOf(*a), want);
}

TEST(AxisBits, Rejections) {
  std::string why;
  LinearLayout mixed = make({{"register", {}},
                             {"lane", {{1, 0}, {2, 1}}},
                             {"warp", {}},
                             {"block", {}}},
                            {{"dim0", 4}, {"dim1", 2}});
  EXPECT_FALSE(analyzeAxisBits(mixed, 0, &why));
  EXPECT_EQ(why, "the layout mixes the axis with other dims in one basis "
                 "(lane bit 1); convert the operand to a blocked layout "
                 "first");

  LinearLayout swizzled = make({{"register", {{1}}},
                                {"lane", {{3}}},
                                {"warp", {}},
                                {"block", {}}},
                               {{"dim0", 4}});
  EXPECT_FALSE(analyzeAxisBits(swizzled, 0, &why));
  EXPECT_EQ(why, "lane bit 0 moves along the axis by 3, not a power of two; "
                 "convert the operand to a blocked layout first");

  LinearLayout repeated = make({{"register", {{1}}},
                                {"lane", {{1}}},
                                {"warp", {}},
                                {"block", {}}},
                               {{"dim0", 4}});
  EXPECT_FALSE(analyzeAxisBits(repeated, 0, &why));
  EXPECT_EQ(why, "lane bit 0 repeats an axis step of another bit; convert "
                 "the operand to a blocked layout first");

  LinearLayout cluster = make({{"register", {{1}}},
                               {"lane", {}},
                               {"warp", {}},
                               {"block", {{2}}}},
                              {{"dim0", 4}});
  EXPECT_FALSE(analyzeAxisBits(cluster, 0, &why));
  EXPECT_EQ(why, "the axis is split across the blocks of a cluster; keep it "
                 "within one program");
}

} // namespace
