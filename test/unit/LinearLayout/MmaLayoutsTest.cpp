//===- MmaLayoutsTest.cpp - Tensor-core layouts against Triton's vectors --===//
//
// Each test is named after the test of Triton's
// unittest/Dialect/TritonGPU/LinearLayoutConversionsTest.cpp whose expected
// bases it checks (written [dim0, dim1, ...] as there). Conversions between
// the layouts are classified by the conversion planner.
//
//===----------------------------------------------------------------------===//

#include "tile/LinearLayout/MmaLayouts.h"
#include "tile/LinearLayout/ConversionPlan.h"

#include "gtest/gtest.h"

using namespace tile;
using Bases = std::vector<LinearLayout::Basis>;

namespace {

LinearLayout::DimSizes outDims(llvm::ArrayRef<int64_t> shape) {
  LinearLayout::DimSizes dims;
  for (auto [i, s] : llvm::enumerate(shape))
    dims.push_back({"dim" + std::to_string(i), static_cast<int32_t>(s)});
  return dims;
}

/// The expected distributed layout.
LinearLayout dist(llvm::ArrayRef<int64_t> shape, Bases reg, Bases lane,
                  Bases warp, Bases block = {}) {
  LinearLayout::BasesT bases;
  bases["register"] = std::move(reg);
  bases["lane"] = std::move(lane);
  bases["warp"] = std::move(warp);
  bases["block"] = std::move(block);
  return LinearLayout(std::move(bases), outDims(shape),
                      /*requireSurjective=*/false);
}

/// The expected shared layout.
LinearLayout shared(llvm::ArrayRef<int64_t> shape, Bases offset,
                    Bases block = {}) {
  LinearLayout::BasesT bases;
  bases["offset"] = std::move(offset);
  bases["block"] = std::move(block);
  return LinearLayout(std::move(bases), outDims(shape),
                      /*requireSurjective=*/false);
}

/// Storage for the parameters of one nvmma layout.
struct Mma {
  unsigned version;
  std::vector<unsigned> instr, warps, ctas, split, order;
  NvmmaParams params() const {
    return {version, warps, instr, CTAFields{ctas, split, order}};
  }
};

LinearLayout acc(const Mma &mma, llvm::ArrayRef<int64_t> shape) {
  std::string why;
  auto ll = nvmmaToLinearLayout(mma.params(), shape, &why);
  EXPECT_TRUE(ll) << why;
  return ll ? *ll : LinearLayout();
}

LinearLayout dot(const Mma &mma, unsigned opIdx, unsigned kWidth,
                 llvm::ArrayRef<int64_t> shape) {
  std::string why;
  auto ll =
      nvmmaDotOperandToLinearLayout(mma.params(), opIdx, kWidth, shape, &why);
  EXPECT_TRUE(ll) << why;
  return ll ? *ll : LinearLayout();
}

LinearLayout smem(unsigned swizzle, bool transposed, unsigned bits,
                  llvm::ArrayRef<int64_t> shape) {
  std::string why;
  auto ll =
      nvmmaSharedToLinearLayout({swizzle, transposed, bits, {}}, shape, &why);
  EXPECT_TRUE(ll) << why;
  return ll ? *ll : LinearLayout();
}

const Bases kMmaLanes = {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}};

//===----------------------------------------------------------------------===//
// Accumulators
//===----------------------------------------------------------------------===//

TEST(MmaLayouts, MMAv2_16x16) {
  Mma mma{2, {16, 8}, {1, 1}};
  EXPECT_EQ(acc(mma, {16, 16}),
            dist({16, 16}, {{0, 1}, {8, 0}, {0, 8}}, kMmaLanes, {}));
}

TEST(MmaLayouts, MMAv2_32x32) {
  Mma mma{2, {16, 8}, {1, 1}};
  EXPECT_EQ(acc(mma, {32, 32}),
            dist({32, 32}, {{0, 1}, {8, 0}, {0, 8}, {0, 16}, {16, 0}},
                 kMmaLanes, {}));
}

TEST(MmaLayouts, MMAv2_ExtendDim2) {
  Mma mma{2, {16, 8}, {1, 1}};
  EXPECT_EQ(acc(mma, {16, 128}),
            dist({16, 128}, {{0, 1}, {8, 0}, {0, 8}, {0, 16}, {0, 32}, {0, 64}},
                 kMmaLanes, {}));
}

TEST(MmaLayouts, MMAv2_Cga) {
  Mma mma{2, {1, 16, 8}, {16, 1, 1}, {4, 2, 2}, {4, 2, 1}, {2, 1, 0}};
  EXPECT_EQ(acc(mma, {64, 128, 128}),
            dist({64, 128, 128},
                 {{0, 0, 1},
                  {0, 8, 0},
                  {0, 0, 8},
                  {0, 0, 16},
                  {0, 0, 32},
                  {0, 0, 64},
                  {0, 16, 0},
                  {0, 32, 0}},
                 {{0, 0, 2}, {0, 0, 4}, {0, 1, 0}, {0, 2, 0}, {0, 4, 0}},
                 {{1, 0, 0}, {2, 0, 0}, {4, 0, 0}, {8, 0, 0}},
                 {{0, 0, 0}, {0, 64, 0}, {16, 0, 0}, {32, 0, 0}}));
}

TEST(MmaLayouts, MMAv2_Small3D) {
  Mma mma{2, {1, 16, 8}, {16, 1, 1}, {4, 2, 2}, {4, 2, 1}, {2, 1, 0}};
  EXPECT_EQ(acc(mma, {1, 128, 128}),
            dist({1, 128, 128},
                 {{0, 0, 1},
                  {0, 8, 0},
                  {0, 0, 8},
                  {0, 0, 16},
                  {0, 0, 32},
                  {0, 0, 64},
                  {0, 16, 0},
                  {0, 32, 0}},
                 {{0, 0, 2}, {0, 0, 4}, {0, 1, 0}, {0, 2, 0}, {0, 4, 0}},
                 {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}},
                 {{0, 0, 0}, {0, 64, 0}, {0, 0, 0}, {0, 0, 0}}));
}

TEST(MmaLayouts, MMAv3_64x16) {
  for (std::vector<unsigned> instr :
       {std::vector<unsigned>{16, 16, 8}, std::vector<unsigned>{16, 8, 8}}) {
    Mma mma{3, instr, {4, 1}};
    EXPECT_EQ(acc(mma, {64, 16}), dist({64, 16}, {{0, 1}, {8, 0}, {0, 8}},
                                       kMmaLanes, {{16, 0}, {32, 0}}))
        << "instrShape N = " << instr[1];
  }
}

TEST(MmaLayouts, MMAv3_128x16) {
  Mma mma{3, {16, 16, 8}, {4, 1}};
  EXPECT_EQ(acc(mma, {128, 16}),
            dist({128, 16}, {{0, 1}, {8, 0}, {0, 8}, {64, 0}}, kMmaLanes,
                 {{16, 0}, {32, 0}}));
}

TEST(MmaLayouts, MMAv3_1024x1024) {
  Mma mma{3, {16, 16, 8}, {4, 1}};
  EXPECT_EQ(acc(mma, {1024, 1024}), dist({1024, 1024},
                                         {{0, 1},
                                          {8, 0},
                                          {0, 8},
                                          {0, 16},
                                          {0, 32},
                                          {0, 64},
                                          {0, 128},
                                          {0, 256},
                                          {0, 512},
                                          {64, 0},
                                          {128, 0},
                                          {256, 0},
                                          {512, 0}},
                                         kMmaLanes, {{16, 0}, {32, 0}}));
}

TEST(MmaLayouts, MMAv3_4x2Warps) {
  Mma mma{3, {16, 32, 16}, {4, 2}};
  EXPECT_EQ(acc(mma, {64, 32}),
            dist({64, 32}, {{0, 1}, {8, 0}, {0, 8}, {0, 16}}, kMmaLanes,
                 {{16, 0}, {32, 0}, {0, 0}}));
  EXPECT_EQ(acc(mma, {64, 64}),
            dist({64, 64}, {{0, 1}, {8, 0}, {0, 8}, {0, 16}}, kMmaLanes,
                 {{16, 0}, {32, 0}, {0, 32}}));
  EXPECT_EQ(acc(mma, {128, 64}),
            dist({128, 64}, {{0, 1}, {8, 0}, {0, 8}, {0, 16}, {64, 0}},
                 kMmaLanes, {{16, 0}, {32, 0}, {0, 32}}));
  EXPECT_EQ(acc(mma, {256, 64}),
            dist({256, 64},
                 {{0, 1}, {8, 0}, {0, 8}, {0, 16}, {64, 0}, {128, 0}},
                 kMmaLanes, {{16, 0}, {32, 0}, {0, 32}}));
}

TEST(MmaLayouts, MMAv3_4x4Warps) {
  Mma mma{3, {16, 16, 8}, {4, 4}};
  Bases regs = {{0, 1}, {8, 0}, {0, 8}};
  EXPECT_EQ(acc(mma, {16, 16}),
            dist({16, 16}, regs, kMmaLanes, {{0, 0}, {0, 0}, {0, 0}, {0, 0}}));
  EXPECT_EQ(acc(mma, {32, 16}),
            dist({32, 16}, regs, kMmaLanes, {{16, 0}, {0, 0}, {0, 0}, {0, 0}}));
  EXPECT_EQ(acc(mma, {64, 16}), dist({64, 16}, regs, kMmaLanes,
                                     {{16, 0}, {32, 0}, {0, 0}, {0, 0}}));
  EXPECT_EQ(acc(mma, {128, 16}),
            dist({128, 16}, {{0, 1}, {8, 0}, {0, 8}, {64, 0}}, kMmaLanes,
                 {{16, 0}, {32, 0}, {0, 0}, {0, 0}}));
  EXPECT_EQ(acc(mma, {32, 32}), dist({32, 32}, regs, kMmaLanes,
                                     {{16, 0}, {0, 0}, {0, 16}, {0, 0}}));
  EXPECT_EQ(acc(mma, {64, 32}), dist({64, 32}, regs, kMmaLanes,
                                     {{16, 0}, {32, 0}, {0, 16}, {0, 0}}));
}

TEST(MmaLayouts, NonPowerOfTwoInstrNHasNoLinearForm) {
  Mma mma{3, {16, 24, 16}, {4, 1}};
  std::string why;
  EXPECT_FALSE(nvmmaToLinearLayout(mma.params(), {64, 64}, &why));
  EXPECT_EQ(why, "instrShape N = 24 is not a power of two: the linear form "
                 "needs one; use N in {8, 16, 32, 64, 128, 256}");
}

//===----------------------------------------------------------------------===//
// Dot operands
//===----------------------------------------------------------------------===//

TEST(MmaLayouts, DotMMAv2_tile_kwidth8) {
  Mma mma{2, {16, 8}, {1, 1}};
  EXPECT_EQ(dot(mma, 0, 8, {16, 64}),
            dist({16, 64}, {{0, 1}, {0, 2}, {0, 4}, {8, 0}, {0, 32}},
                 {{0, 8}, {0, 16}, {1, 0}, {2, 0}, {4, 0}}, {}));
  EXPECT_EQ(dot(mma, 1, 8, {64, 8}),
            dist({64, 8}, {{1, 0}, {2, 0}, {4, 0}, {32, 0}},
                 {{8, 0}, {16, 0}, {0, 1}, {0, 2}, {0, 4}}, {}));
}

TEST(MmaLayouts, DotMMAv2_kwidth2_PtxFragments) {
  // kWidth 2 is the m16n8k16 A and B fragments of the PTX manual.
  Mma mma{2, {16, 8}, {1, 1}};
  EXPECT_EQ(dot(mma, 0, 2, {16, 16}),
            dist({16, 16}, {{0, 1}, {8, 0}, {0, 8}}, kMmaLanes, {}));
  EXPECT_EQ(dot(mma, 1, 2, {16, 8}),
            dist({16, 8}, {{1, 0}, {8, 0}},
                 {{2, 0}, {4, 0}, {0, 1}, {0, 2}, {0, 4}}, {}));
}

TEST(MmaLayouts, DotMMAv2_large_warp4_kwidth8) {
  Mma mma{2, {16, 8}, {4, 1}};
  Bases lanesA = {{0, 8}, {0, 16}, {1, 0}, {2, 0}, {4, 0}};
  Bases lanesB = {{8, 0}, {16, 0}, {0, 1}, {0, 2}, {0, 4}};
  EXPECT_EQ(dot(mma, 0, 8, {128, 128}),
            dist({128, 128},
                 {{0, 1}, {0, 2}, {0, 4}, {8, 0}, {0, 32}, {0, 64}, {64, 0}},
                 lanesA, {{16, 0}, {32, 0}}));
  EXPECT_EQ(
      dot(mma, 1, 8, {128, 64}),
      dist({128, 64},
           {{1, 0}, {2, 0}, {4, 0}, {32, 0}, {64, 0}, {0, 8}, {0, 16}, {0, 32}},
           lanesB, {{0, 0}, {0, 0}}));
  EXPECT_EQ(
      dot(mma, 1, 8, {64, 128}),
      dist({64, 128},
           {{1, 0}, {2, 0}, {4, 0}, {32, 0}, {0, 8}, {0, 16}, {0, 32}, {0, 64}},
           lanesB, {{0, 0}, {0, 0}}));
}

TEST(MmaLayouts, DotMMAv2_3D) {
  Mma mma{2, {1, 16, 8}, {2, 4, 2}};
  EXPECT_EQ(dot(mma, 0, 8, {16, 128, 128}),
            dist({16, 128, 128},
                 {{0, 0, 1},
                  {0, 0, 2},
                  {0, 0, 4},
                  {0, 8, 0},
                  {0, 0, 32},
                  {0, 0, 64},
                  {0, 64, 0},
                  {2, 0, 0},
                  {4, 0, 0},
                  {8, 0, 0}},
                 {{0, 0, 8}, {0, 0, 16}, {0, 1, 0}, {0, 2, 0}, {0, 4, 0}},
                 {{0, 0, 0}, {0, 16, 0}, {0, 32, 0}, {1, 0, 0}}));
  EXPECT_EQ(dot(mma, 1, 8, {8, 128, 64}),
            dist({8, 128, 64},
                 {{0, 1, 0},
                  {0, 2, 0},
                  {0, 4, 0},
                  {0, 32, 0},
                  {0, 64, 0},
                  {0, 0, 16},
                  {0, 0, 32},
                  {2, 0, 0},
                  {4, 0, 0}},
                 {{0, 8, 0}, {0, 16, 0}, {0, 0, 1}, {0, 0, 2}, {0, 0, 4}},
                 {{0, 0, 8}, {0, 0, 0}, {0, 0, 0}, {1, 0, 0}}));
}

TEST(MmaLayouts, DotMMAv2_split_warp_kwidth8) {
  Mma mma{2, {16, 8}, {2, 2}};
  Bases lanesA = {{0, 8}, {0, 16}, {1, 0}, {2, 0}, {4, 0}};
  Bases lanesB = {{8, 0}, {16, 0}, {0, 1}, {0, 2}, {0, 4}};
  EXPECT_EQ(dot(mma, 0, 8, {32, 64}),
            dist({32, 64}, {{0, 1}, {0, 2}, {0, 4}, {8, 0}, {0, 32}}, lanesA,
                 {{0, 0}, {16, 0}}));
  EXPECT_EQ(dot(mma, 1, 8, {64, 16}),
            dist({64, 16}, {{1, 0}, {2, 0}, {4, 0}, {32, 0}}, lanesB,
                 {{0, 8}, {0, 0}}));
  EXPECT_EQ(dot(mma, 0, 8, {64, 128}),
            dist({64, 128},
                 {{0, 1}, {0, 2}, {0, 4}, {8, 0}, {0, 32}, {0, 64}, {32, 0}},
                 lanesA, {{0, 0}, {16, 0}}));
  EXPECT_EQ(dot(mma, 1, 8, {128, 32}),
            dist({128, 32}, {{1, 0}, {2, 0}, {4, 0}, {32, 0}, {64, 0}, {0, 16}},
                 lanesB, {{0, 8}, {0, 0}}));
}

TEST(MmaLayouts, DotMMAv3_warp4_kwidth2) {
  Mma mma{3, {16, 16, 8}, {4, 1}};
  EXPECT_EQ(dot(mma, 0, 2, {64, 16}), dist({64, 16}, {{0, 1}, {8, 0}, {0, 8}},
                                           kMmaLanes, {{16, 0}, {32, 0}}));
  EXPECT_EQ(dot(mma, 0, 2, {128, 16}),
            dist({128, 16}, {{0, 1}, {8, 0}, {0, 8}, {64, 0}}, kMmaLanes,
                 {{16, 0}, {32, 0}}));
  EXPECT_EQ(dot(mma, 0, 2, {128, 32}),
            dist({128, 32}, {{0, 1}, {8, 0}, {0, 8}, {0, 16}, {64, 0}},
                 kMmaLanes, {{16, 0}, {32, 0}}));
}

TEST(MmaLayouts, DotMMAv3_mixed_warp_kwidth4) {
  Mma mma{3, {16, 16, 8}, {4, 2}};
  EXPECT_EQ(dot(mma, 0, 4, {128, 64}),
            dist({128, 64}, {{0, 1}, {0, 2}, {8, 0}, {0, 16}, {0, 32}, {64, 0}},
                 {{0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 0}},
                 {{16, 0}, {32, 0}, {0, 0}}));
}

/// Storage for the parameters of one blocked layout.
struct Blocked {
  std::vector<unsigned> spt, tpw, wpc, order;
  LinearLayout dot(unsigned opIdx, llvm::ArrayRef<int64_t> shape) const {
    std::string why;
    auto ll = blockedDotOperandToLinearLayout({spt, tpw, wpc, order, {}}, opIdx,
                                              shape, &why);
    EXPECT_TRUE(ll) << why;
    return ll ? *ll : LinearLayout();
  }
};

TEST(MmaLayouts, BlockedDotOperandLhs) {
  Blocked parent{{2, 4}, {8, 4}, {2, 4}, {1, 0}};
  EXPECT_EQ(parent.dot(0, {32, 16}),
            dist({32, 16}, {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {1, 0}},
                 {{0, 0}, {0, 0}, {2, 0}, {4, 0}, {8, 0}},
                 {{0, 0}, {0, 0}, {16, 0}}));
}

TEST(MmaLayouts, BlockedDot3dOperandLhs) {
  Blocked parent{{2, 2, 4}, {2, 4, 4}, {2, 2, 2}, {2, 1, 0}};
  EXPECT_EQ(
      parent.dot(0, {16, 32, 4}),
      dist({16, 32, 4},
           {{0, 0, 1}, {0, 0, 2}, {0, 1, 0}, {1, 0, 0}, {0, 16, 0}, {8, 0, 0}},
           {{0, 0, 0}, {0, 0, 0}, {0, 2, 0}, {0, 4, 0}, {2, 0, 0}},
           {{0, 0, 0}, {0, 8, 0}, {4, 0, 0}}));
}

TEST(MmaLayouts, BlockedDotOperandRhs) {
  Blocked parent{{2, 4}, {8, 4}, {2, 4}, {1, 0}};
  EXPECT_EQ(parent.dot(1, {16, 64}),
            dist({16, 64}, {{0, 1}, {0, 2}, {1, 0}, {2, 0}, {4, 0}, {8, 0}},
                 {{0, 4}, {0, 8}, {0, 0}, {0, 0}, {0, 0}},
                 {{0, 16}, {0, 32}, {0, 0}}));
}

TEST(MmaLayouts, BlockedDot3dOperandRhs) {
  Blocked parent{{2, 2, 4}, {2, 4, 4}, {2, 2, 2}, {2, 1, 0}};
  EXPECT_EQ(parent.dot(1, {16, 4, 64}),
            dist({16, 4, 64},
                 {{0, 0, 1},
                  {0, 0, 2},
                  {0, 1, 0},
                  {0, 2, 0},
                  {1, 0, 0},
                  {0, 0, 32},
                  {8, 0, 0}},
                 {{0, 0, 4}, {0, 0, 8}, {0, 0, 0}, {0, 0, 0}, {2, 0, 0}},
                 {{0, 0, 16}, {0, 0, 0}, {4, 0, 0}}));
}

//===----------------------------------------------------------------------===//
// nvmma shared
//===----------------------------------------------------------------------===//

TEST(MmaLayouts, LeadingOffset_8x16_4_2) {
  EXPECT_EQ(smem(32, false, 16, {8, 16}),
            shared({8, 16},
                   {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 8}}));
}

TEST(MmaLayouts, LeadingOffset_128x16_4_2) {
  EXPECT_EQ(smem(32, false, 16, {128, 16}), shared({128, 16}, {{0, 1},
                                                               {0, 2},
                                                               {0, 4},
                                                               {0, 8},
                                                               {1, 0},
                                                               {2, 0},
                                                               {4, 8},
                                                               {8, 0},
                                                               {16, 0},
                                                               {32, 0},
                                                               {64, 0}}));
}

TEST(MmaLayouts, LeadingOffset_8x32_2_4) {
  EXPECT_EQ(
      smem(64, false, 16, {8, 32}),
      shared(
          {8, 32},
          {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {1, 0}, {2, 8}, {4, 16}}));
}

TEST(MmaLayouts, LeadingOffset_8x64_1_8) {
  EXPECT_EQ(smem(128, false, 16, {8, 64}), shared({8, 64}, {{0, 1},
                                                            {0, 2},
                                                            {0, 4},
                                                            {0, 8},
                                                            {0, 16},
                                                            {0, 32},
                                                            {1, 8},
                                                            {2, 16},
                                                            {4, 32}}));
}

TEST(MmaLayouts, LeadingOffset_8x64_1_8_32b) {
  EXPECT_EQ(smem(128, false, 32, {8, 64}), shared({8, 64}, {{0, 1},
                                                            {0, 2},
                                                            {0, 4},
                                                            {0, 8},
                                                            {0, 16},
                                                            {1, 4},
                                                            {2, 8},
                                                            {4, 16},
                                                            {0, 32}}));
}

TEST(MmaLayouts, NvmmaSharedRowsBeforeColumnBlocks) {
  // 16 x 128 f16 with 128-byte swizzle: two 64-column blocks, each all 16
  // rows (2 KB) long.
  LinearLayout ll = smem(128, false, 16, {16, 128});
  EXPECT_EQ(ll, shared({16, 128}, {{0, 1},
                                   {0, 2},
                                   {0, 4},
                                   {0, 8},
                                   {0, 16},
                                   {0, 32},
                                   {1, 8},
                                   {2, 16},
                                   {4, 32},
                                   {8, 0},
                                   {0, 64}}));
  EXPECT_TRUE(ll.isInvertible());
}

TEST(MmaLayouts, NvmmaSharedTransposedSwapsTheContiguousDim) {
  // transposed: dim0 is contiguous; the bases are those of the
  // non-transposed layout of the transposed shape, with dims swapped.
  LinearLayout t = smem(64, true, 16, {64, 16});
  LinearLayout n = smem(64, false, 16, {16, 64});
  ASSERT_EQ(t.getInDimSize("offset"), n.getInDimSize("offset"));
  for (int i = 0; i < n.getInDimSizeLog2("offset"); ++i) {
    auto tb = t.getBasis("offset", i), nb = n.getBasis("offset", i);
    EXPECT_EQ(tb[0], nb[1]);
    EXPECT_EQ(tb[1], nb[0]);
  }
  EXPECT_EQ(t.getBasis("offset", 6), (llvm::ArrayRef<int32_t>{8, 2}));
}

TEST(MmaLayouts, NvmmaSharedNoSwizzleIsRowMajor) {
  EXPECT_EQ(smem(0, false, 16, {4, 8}),
            shared({4, 8}, {{0, 1}, {0, 2}, {0, 4}, {1, 0}, {2, 0}}));
  EXPECT_EQ(smem(0, true, 16, {4, 8}),
            shared({4, 8}, {{1, 0}, {2, 0}, {0, 1}, {0, 2}, {0, 4}}));
}

TEST(MmaLayouts, NvmmaSharedSmallerThanCoreTile) {
  std::string why;
  EXPECT_FALSE(nvmmaSharedToLinearLayout({128, false, 16, {}}, {8, 32}, &why));
  EXPECT_EQ(why, "the per-CTA shape 8x32 is smaller than one core tile of "
                 "#layout.nvmma_shared with swizzlingByteWidth = 128 and "
                 "elementBitWidth = 16 (8 rows of 64 contiguous elements); "
                 "use a smaller swizzlingByteWidth or a larger tile");
  EXPECT_FALSE(nvmmaSharedToLinearLayout({32, false, 16, {}}, {4, 16}, &why));
  EXPECT_FALSE(
      nvmmaSharedToLinearLayout({32, false, 16, {}}, {4, 16, 2}, &why));
  EXPECT_EQ(why, "#layout.nvmma_shared (a 2-D tile layout) has rank 2 but "
                 "the shape 4x16x2 has rank 3");
}

TEST(MmaLayouts, DefaultNvmmaShared) {
  auto check = [](llvm::ArrayRef<int64_t> shape, unsigned bits,
                  llvm::ArrayRef<unsigned> order, unsigned swizzle,
                  bool transposed) {
    NvmmaSharedParams p = getDefaultNvmmaShared(shape, bits, order);
    EXPECT_EQ(p.swizzlingByteWidth, swizzle);
    EXPECT_EQ(p.transposed, transposed);
    EXPECT_EQ(p.elementBitWidth, bits);
  };
  check({128, 64}, 16, {1, 0}, 128, false); // 128 B rows
  check({128, 32}, 16, {1, 0}, 64, false);  // 64 B
  check({128, 16}, 16, {1, 0}, 32, false);  // 32 B
  check({128, 8}, 16, {1, 0}, 0, false);    // 16 B: no swizzle
  check({64, 128}, 8, {0, 1}, 64, true);    // dim0 contiguous, 64 B
  check({64, 48}, 32, {1, 0}, 64, false);   // 192 B: 64 divides, 128 not
  check({4, 64}, 16, {1, 0}, 0, false);     // fewer than 8 rows
}

//===----------------------------------------------------------------------===//
// Conversions between the layouts
//===----------------------------------------------------------------------===//

ConversionKind classify(const LinearLayout &src, const LinearLayout &dst) {
  std::string err;
  auto an = analyzeConversion(src, dst, &err);
  EXPECT_TRUE(an) << err;
  return an ? an->kind : ConversionKind::CrossCTA;
}

TEST(MmaLayouts, V3AccumulatorToRegisterANeedsNoSharedMemory) {
  // Flash attention's P * V: a 16-bit P in the accumulator layout is
  // already the register-A layout with kWidth 2.
  Mma mma{3, {16, 64, 16}, {4, 1}};
  EXPECT_EQ(classify(acc(mma, {64, 64}), dot(mma, 0, 2, {64, 64})),
            ConversionKind::None);
  EXPECT_EQ(classify(acc(mma, {128, 128}), dot(mma, 0, 2, {128, 128})),
            ConversionKind::None);
  // An 8-bit P (kWidth 4) moves within each warp only.
  EXPECT_EQ(classify(acc(mma, {64, 64}), dot(mma, 0, 4, {64, 64})),
            ConversionKind::WarpShuffle);
}

TEST(MmaLayouts, V2AccumulatorToOperandA) {
  // All warps along M: every warp already holds its rows' whole K.
  Mma mma{2, {16, 8}, {4, 1}};
  EXPECT_EQ(classify(acc(mma, {64, 64}), dot(mma, 0, 2, {64, 64})),
            ConversionKind::None);
  EXPECT_EQ(classify(acc(mma, {64, 64}), dot(mma, 0, 4, {64, 64})),
            ConversionKind::WarpShuffle);
  // Warps split along N: each warp needs K columns other warps hold.
  Mma split{2, {16, 8}, {2, 2}};
  EXPECT_EQ(classify(acc(split, {64, 64}), dot(split, 0, 2, {64, 64})),
            ConversionKind::SharedMemory);
}

TEST(MmaLayouts, BlockedToDotOperandNeedsSharedMemory) {
  std::vector<unsigned> order{1, 0};
  auto blocked = [&](llvm::ArrayRef<int64_t> shape) {
    LinearLayout ll = identityStandardND("register", {1, 8}, order) *
                      identityStandardND("lane", {4, 8}, order) *
                      identityStandardND("warp", {4, 1}, order);
    return combineCtaCgaWithShape(ll.transposeOuts({"dim1", "dim0"}), {},
                                  shape);
  };
  Mma mma{2, {16, 8}, {4, 1}};
  EXPECT_EQ(classify(blocked({64, 64}), dot(mma, 0, 2, {64, 64})),
            ConversionKind::SharedMemory);
  EXPECT_EQ(classify(blocked({64, 64}), dot(mma, 1, 2, {64, 64})),
            ConversionKind::SharedMemory);
}

} // namespace
