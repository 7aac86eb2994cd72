//===- WarpSpecializeBudgetTest.cpp - tile-warp-specialize's budgets ------===//

#include "tile/Dialect/Tile/Transforms/WarpSpecializeBudget.h"

#include "tile/Dialect/Tile/Transforms/PipelineBudget.h"

#include <gtest/gtest.h>

using namespace tile::tl;

namespace {

// Two consumer warpgroups beside a 40-register producer: (65536 - 5120) /
// 256 = 236, rounded down to 232 (examples/matmul_ws.mlir's budgets), and
// the sum fits the register file.
TEST(WarpSpecializeBudget, ConsumerRegisters) {
  EXPECT_EQ(chooseWsConsumerRegs(8, 40), 232);
  EXPECT_LE(getWsRegisterUse(8, 232, 40), kRegistersPerCTA);
  EXPECT_EQ(getWsRegisterUse(8, 232, 40), 64512);
  // One warpgroup: 240 at most, but the program is launched with 248 (8
  // warps): the consumers keep those (no setmaxnreg for them).
  EXPECT_EQ(chooseWsConsumerRegs(4, 40), 248);
  // A larger producer budget leaves less: (65536 - 7168) / 256 = 228 -> 224.
  EXPECT_EQ(chooseWsConsumerRegs(8, 56), 224);
  // Three and four warpgroups.
  EXPECT_EQ(chooseWsConsumerRegs(12, 40), 152);
  EXPECT_EQ(chooseWsConsumerRegs(16, 40), 112);
  // 28 warps beside a 256-register producer: (65536 - 32768) / 896 = 36
  // -> 32.
  EXPECT_EQ(chooseWsConsumerRegs(28, 256), 32);
  EXPECT_EQ(chooseWsConsumerRegs(0, 40), 0);
}

// Every producer-regs the pass accepts (a setmaxnreg count) beside every
// consumer warp count it takes (whole warpgroups, at most 28 beside the
// producer's 4) leaves the consumers a setmaxnreg count that fits the
// register file: the pass needs no "fewer than 24 registers" refusal.
TEST(WarpSpecializeBudget, ConsumerRegistersAlwaysAddUp) {
  for (int64_t producer = kMinSetmaxnregRegs; producer <= kMaxSetmaxnregRegs;
       producer += 8)
    for (int64_t warps = 4; warps + kWsProducerWarps <= 32; warps += 4) {
      int64_t consumer = chooseWsConsumerRegs(warps, producer);
      EXPECT_TRUE(isSetmaxnregCount(consumer))
          << warps << " warps beside " << producer << ": " << consumer;
      EXPECT_LE(getWsRegisterUse(warps, consumer, producer), kRegistersPerCTA)
          << warps << " warps beside " << producer;
    }
}

// What the program is launched with (the lowering's .maxnreg): 12 warps
// (8 + the producer) get 168.
TEST(WarpSpecializeBudget, LaunchRegisters) {
  EXPECT_EQ(getLaunchRegsForWarps(12), 168);
  EXPECT_EQ(getLaunchRegsForWarps(8), 248);
  EXPECT_EQ(getLaunchRegsForWarps(32), 64);
}

// The ring: slots of the operand tiles plus two 16-byte aligned arrays of
// mbarriers.
TEST(WarpSpecializeBudget, RingDepth) {
  EXPECT_EQ(getWsRingBytes(4, 32768), 4 * 32768 + 2 * 32);
  EXPECT_EQ(getWsRingBytes(3, 49152), 3 * 49152 + 2 * 32);
  // 128x64 + 64x128 f16 beside a 32 KiB epilogue conversion: 4 (the cap).
  EXPECT_EQ(chooseDefaultWsStages(32768, 32768, kSharedMemoryLimit), 4);
  // 128x64 + 64x256 beside a 64 KiB conversion: 3 (4 need 256 KiB).
  EXPECT_EQ(chooseDefaultWsStages(49152, 65536 + 2048, kSharedMemoryLimit), 3);
  // Not even 2 slots of 128 KiB: below 2, no specialization.
  EXPECT_LT(chooseDefaultWsStages(131072, 0, kSharedMemoryLimit), 2);
}

} // namespace
