//===- LdMatrixPlanTest.cpp - ldmatrix plans, checked by simulation -------===//

#include "tile/LinearLayout/LdMatrixPlan.h"

#include "gtest/gtest.h"

using namespace tile;
using Bases = std::vector<std::vector<int32_t>>;

namespace {

LinearLayout distributed(const Bases &reg, const Bases &lane, const Bases &warp,
                         int32_t rows, int32_t cols) {
  LinearLayout::BasesT bases;
  bases["register"] = reg;
  bases["lane"] = lane;
  bases["warp"] = warp;
  return LinearLayout(std::move(bases), {{"dim0", rows}, {"dim1", cols}},
                      /*requireSurjective=*/true);
}

/// A rows x cols buffer, `colMajor` or row major, with the 16-byte chunks
/// of each row XOR-swizzled by (row % 8) when `swizzle` (8-element chunks).
LinearLayout shared(int32_t rows, int32_t cols, bool colMajor, bool swizzle) {
  int32_t inner = colMajor ? rows : cols, outer = colMajor ? cols : rows;
  Bases offset;
  auto at = [&](int32_t i, int32_t o) {
    return colMajor ? std::vector<int32_t>{i, o} : std::vector<int32_t>{o, i};
  };
  for (int32_t i = 1; i < inner; i *= 2)
    offset.push_back(at(i, 0));
  for (int32_t o = 1; o < outer; o *= 2)
    offset.push_back(at(swizzle && o < 8 ? (8 * o) % inner : 0, o));
  LinearLayout::BasesT bases;
  bases["offset"] = offset;
  return LinearLayout(std::move(bases), {{"dim0", rows}, {"dim1", cols}},
                      /*requireSurjective=*/true);
}

int32_t applyOffset(const LinearLayout &map, int32_t reg, int32_t lane,
                    int32_t warp) {
  llvm::SmallVector<std::pair<std::string, int32_t>> in;
  for (const std::string &d : map.getInDimNames())
    in.push_back({d, d == "register" ? reg
                     : d == "lane"   ? lane
                     : d == "warp"   ? warp
                                     : 0});
  return map.apply(in)[0].second;
}

/// Simulates the plan's ldmatrix calls: every register of every thread
/// must receive the element the distributed layout puts there.
void checkBySimulation(const LinearLayout &dist, const LinearLayout &mem,
                       const LdMatrixPlan &plan) {
  LinearLayout map = dist.invertAndCompose(mem);
  int32_t numWarps = dist.getInDimSize("warp");
  for (int32_t warp = 0; warp < numWarps; ++warp)
    for (int32_t call = 0; call < plan.getNumCalls(); ++call) {
      int32_t callOffset = applyOffset(map, plan.getRegister(call, 0, 0), 0, 0);
      auto address = [&](int32_t lane) {
        llvm::SmallVector<std::pair<std::string, int32_t>> in;
        for (const std::string &d : plan.addressMap.getInDimNames())
          in.push_back({d, d == "lane" ? lane : d == "warp" ? warp : 0});
        return plan.addressMap.apply(in)[0].second ^ callOffset;
      };
      for (int32_t lane = 0; lane < 32; ++lane)
        for (int32_t j = 0; j < plan.numMatrices; ++j)
          for (int half = 0; half < 2; ++half) {
            int32_t r = lane / 4, w = lane % 4;
            int32_t offset = plan.transpose ? address(8 * j + 2 * w + half) + r
                                            : address(8 * j + r) + 2 * w + half;
            int32_t reg = plan.getRegister(call, j, half);
            EXPECT_EQ(applyOffset(map, reg, lane, warp), offset)
                << "warp " << warp << " lane " << lane << " register " << reg;
          }
    }
}

// mma v2 operand A, 16x16, kWidth 2 (tensor-cores.md §1.4).
const Bases kARegs = {{0, 1}, {8, 0}, {0, 8}};
const Bases kALanes = {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}};

TEST(LdMatrixPlan, MmaAFromRowMajorIsX4) {
  LinearLayout dist = distributed(kARegs, kALanes, {}, 16, 16);
  LinearLayout mem = shared(16, 16, /*colMajor=*/false, /*swizzle=*/false);
  std::string why;
  auto plan = planLdMatrix(dist.invertAndCompose(mem), 16, &why);
  ASSERT_TRUE(plan) << why;
  EXPECT_FALSE(plan->transpose);
  EXPECT_EQ(plan->numMatrices, 4);
  EXPECT_EQ(plan->wordRegBit, 0);
  EXPECT_EQ(plan->matrixRegBits, (llvm::SmallVector<int>{1, 2}));
  EXPECT_TRUE(plan->callRegBits.empty());
  // Lanes 0-7 give rows 0-7 (16 elements apart), lanes 8-15 matrix 1
  // (rows 8-15), lanes 16-31 matrix 2 (columns 8-15).
  EXPECT_EQ(plan->addressMap.getBasis("lane", 0, "offset"), 16);
  EXPECT_EQ(plan->addressMap.getBasis("lane", 2, "offset"), 64);
  EXPECT_EQ(plan->addressMap.getBasis("lane", 3, "offset"), 128);
  EXPECT_EQ(plan->addressMap.getBasis("lane", 4, "offset"), 8);
  checkBySimulation(dist, mem, *plan);
}

TEST(LdMatrixPlan, MmaAFromColumnMajorIsX4Trans) {
  LinearLayout dist = distributed(kARegs, kALanes, {}, 16, 16);
  LinearLayout mem = shared(16, 16, /*colMajor=*/true, /*swizzle=*/false);
  std::string why;
  auto plan = planLdMatrix(dist.invertAndCompose(mem), 16, &why);
  ASSERT_TRUE(plan) << why;
  EXPECT_TRUE(plan->transpose);
  EXPECT_EQ(plan->numMatrices, 4);
  checkBySimulation(dist, mem, *plan);
}

TEST(LdMatrixPlan, SwizzledLargerTileWithWarps) {
  // 64x32 A tile over 2x1 warps of 32x... : registers repeat along M and K.
  Bases regs = {{0, 1}, {8, 0}, {0, 8}, {0, 16}, {16, 0}};
  Bases warps = {{32, 0}};
  LinearLayout dist = distributed(regs, kALanes, warps, 64, 32);
  for (bool colMajor : {false, true}) {
    LinearLayout mem = shared(64, 32, colMajor, /*swizzle=*/true);
    std::string why;
    auto plan = planLdMatrix(dist.invertAndCompose(mem), 16, &why);
    ASSERT_TRUE(plan) << why;
    EXPECT_EQ(plan->transpose, colMajor);
    EXPECT_EQ(plan->numMatrices, 4);
    EXPECT_EQ(plan->getNumCalls(), 4);
    checkBySimulation(dist, mem, *plan);
  }
}

TEST(LdMatrixPlan, MmaBIsX2) {
  // mma v2 B, 16x8, kWidth 2: register [1,0],[8,0]; K contiguous (column
  // major) gives the plain form, N contiguous the transposed one.
  Bases regs = {{1, 0}, {8, 0}};
  Bases lanes = {{2, 0}, {4, 0}, {0, 1}, {0, 2}, {0, 4}};
  LinearLayout dist = distributed(regs, lanes, {}, 16, 8);
  for (bool colMajor : {true, false}) {
    LinearLayout mem = shared(16, 8, colMajor, /*swizzle=*/false);
    std::string why;
    auto plan = planLdMatrix(dist.invertAndCompose(mem), 16, &why);
    ASSERT_TRUE(plan) << why;
    EXPECT_EQ(plan->transpose, !colMajor);
    EXPECT_EQ(plan->numMatrices, 2);
    checkBySimulation(dist, mem, *plan);
  }
}

TEST(LdMatrixPlan, Rejections) {
  LinearLayout dist = distributed(kARegs, kALanes, {}, 16, 16);
  LinearLayout mem = shared(16, 16, false, false);
  std::string why;
  EXPECT_FALSE(planLdMatrix(dist.invertAndCompose(mem), 32, &why));
  EXPECT_EQ(why, "ldmatrix loads 16-bit elements, not 32-bit ones");
  // A blocked layout with 4 contiguous elements per thread along a row:
  // lanes walk rows, not the words of a row.
  Bases regs = {{0, 1}, {0, 2}};
  Bases lanes = {{0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 0}};
  LinearLayout blocked = distributed(regs, lanes, {{8, 0}}, 16, 16);
  EXPECT_FALSE(planLdMatrix(blocked.invertAndCompose(mem), 16, &why));
  EXPECT_EQ(why, "without .trans: lane bit 0 moves the offset by 4, not 2; "
                 "with .trans: lane bit 2 moves the offset by 16, not 1");
}

} // namespace
