//===- PipelineBudgetTest.cpp - tile-pipeline's stage-count rule ----------===//

#include "tile/Dialect/Tile/Transforms/PipelineBudget.h"

#include "tile/Dialect/Tile/IR/AccessHints.h"

#include <gtest/gtest.h>

using namespace tile::tl;

namespace {

// 128x64 + 64x128 f16 tiles (the wgmma examples): 32 KiB per stage. Beside
// the 32 KiB epilogue conversion, 6 stages would fit; the default takes 3.
TEST(PipelineBudget, DefaultCapsAtThreeStages) {
  EXPECT_EQ(kMaxDefaultStages, 3);
  EXPECT_EQ(chooseDefaultNumStages(32768, 32768), 3);
  EXPECT_EQ(chooseDefaultNumStages(8192, 0), 3);
}

// cuTile's latency hint: the band of each value and the stage cap it asks
// for, still limited by shared memory.
TEST(PipelineBudget, LatencyBands) {
  using B = LatencyBand;
  EXPECT_EQ(AccessHints::getLatencyBand(std::nullopt), B::none);
  for (int64_t l : {1, 2, 3})
    EXPECT_EQ(AccessHints::getLatencyBand(l), B::low) << l;
  for (int64_t l : {4, 5, 6, 7})
    EXPECT_EQ(AccessHints::getLatencyBand(l), B::medium) << l;
  for (int64_t l : {8, 9, 10})
    EXPECT_EQ(AccessHints::getLatencyBand(l), B::high) << l;
  EXPECT_EQ(getLatencyStages(B::low), std::optional<int64_t>(2));
  EXPECT_EQ(getLatencyStages(B::high), std::optional<int64_t>(4));
  EXPECT_EQ(getLatencyStages(B::none), std::nullopt);
  EXPECT_EQ(getLatencyStages(B::medium), std::nullopt);
  EXPECT_EQ(chooseDefaultNumStages(8192, 0, 2), 2);
  EXPECT_EQ(chooseDefaultNumStages(8192, 0, 4), 4);
  // 4 asked, 2.36 fit: 2.
  EXPECT_EQ(chooseDefaultNumStages(98304, 0, 4), 2);
}

// As many stages as fit when fewer than three do.
TEST(PipelineBudget, DefaultFitsTheRest) {
  // 227 KiB - 160 KiB = 72704 bytes: two stages of 32 KiB.
  EXPECT_EQ(chooseDefaultNumStages(32768, 163840), 2);
  // 232448 / 65536 = 3.55: three stages of 64 KiB.
  EXPECT_EQ(chooseDefaultNumStages(65536, 0), 3);
  // 232448 / 98304 = 2.36: two stages of 96 KiB.
  EXPECT_EQ(chooseDefaultNumStages(98304, 0), 2);
  // Exactly at the limit still fits.
  EXPECT_EQ(chooseDefaultNumStages(232448 / 2, 0), 2);
}

// Below two stages the loop is not pipelined (the pass reads < 2 so).
TEST(PipelineBudget, DefaultBelowTwoMeansNone) {
  EXPECT_EQ(chooseDefaultNumStages(131072, 0), 1);
  EXPECT_EQ(chooseDefaultNumStages(32768, 232448), 0);
  EXPECT_EQ(chooseDefaultNumStages(32768, 300000), 0);
}

TEST(PipelineBudget, StagesFit) {
  EXPECT_TRUE(stagesFit(6, 32768, 32768));  // 229376 <= 232448
  EXPECT_FALSE(stagesFit(7, 32768, 32768)); // 262144
  EXPECT_TRUE(stagesFit(7, 32768, 3072));   // exactly 232448
  EXPECT_FALSE(stagesFit(7, 32768, 3073));
  EXPECT_FALSE(stagesFit(8, 32768, 0));
}

// One commit group per iteration: the group of iteration i is followed by
// those of i+1 .. i+S-2 when the top of iteration i waits.
TEST(PipelineBudget, SteadyStateWait) {
  EXPECT_EQ(getSteadyStateWaitNum(2), 0);
  EXPECT_EQ(getSteadyStateWaitNum(3), 1);
  EXPECT_EQ(getSteadyStateWaitNum(4), 2);
  EXPECT_EQ(getSteadyStateWaitNum(8), 6);
}

} // namespace
