//===- WarpSpecializeBudget.h - Ring depth and register budgets -*- C++ -*-===//
//
// The arithmetic of tile-warp-specialize that needs no IR: how many slots
// the shared-memory ring of a warp-specialized loop gets when nobody asked
// for a number, and how the register file is split between the consumer
// warps (the kernel's num_warps, holding the accumulator) and the producer
// warpgroup (only TMA issue: a handful of scalars). The pass and the unit
// tests share it; docs/Passes.md ("tile-warp-specialize") states the rules.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_TRANSFORMS_WARPSPECIALIZEBUDGET_H
#define TILE_DIALECT_TILE_TRANSFORMS_WARPSPECIALIZEBUDGET_H

#include "tile/Dialect/Tile/IR/WarpRegisters.h"
#include "tile/Dialect/Tile/Transforms/PipelineBudget.h"

#include <algorithm>
#include <cstdint>

namespace tile::tl {

/// The most slots the default rule gives a ring (examples/matmul_ws.mlir's
/// depth: four 48 KiB slots of 128x64 + 64x256 f16 tiles).
inline constexpr int64_t kMaxDefaultWsStages = 4;

/// Warps of the producer partition: one warpgroup (setmaxnreg works on
/// whole warpgroups; one thread of it issues the copies).
inline constexpr int64_t kWsProducerWarps = 4;

/// Registers a producer thread keeps by default (Triton's and CUTLASS's
/// producer budget: the copies need a few dozen scalars).
inline constexpr int64_t kWsProducerRegs = 40;

/// The most registers the default rule gives a consumer thread (ptxas
/// allocates at most 255; CUTLASS's two-consumer kernels take 232-240).
inline constexpr int64_t kWsMaxConsumerRegs = 240;

/// The shared-memory bytes of a ring of `numStages` slots of
/// `bytesPerStage` bytes and its full and empty mbarriers (two 16-byte
/// aligned arrays of numStages x 8 bytes).
inline int64_t getWsRingBytes(int64_t numStages, int64_t bytesPerStage) {
  int64_t barriers = (numStages * kMbarrierBytes + 15) / 16 * 16;
  return numStages * bytesPerStage + 2 * barriers;
}

/// The default ring depth beside `usedBytes` of other shared memory, in
/// `limitBytes` (227 KiB): as many slots as fit, at most `maxStages`;
/// below 2 the loop is not specialized.
inline int64_t chooseDefaultWsStages(int64_t bytesPerStage, int64_t usedBytes,
                                     int64_t limitBytes,
                                     int64_t maxStages = kMaxDefaultWsStages) {
  int64_t stages = maxStages;
  while (stages >= 2 &&
         usedBytes + getWsRingBytes(stages, bytesPerStage) > limitBytes)
    --stages;
  return stages;
}

/// The registers the budgets take: consumerRegs x consumer threads +
/// producerRegs x producer threads (at most kRegistersPerCTA to fit).
inline int64_t getWsRegisterUse(int64_t consumerWarps, int64_t consumerRegs,
                                int64_t producerRegs) {
  return (consumerRegs * consumerWarps + producerRegs * kWsProducerWarps) *
         kWarpThreads;
}

/// The consumer budget beside `producerRegs` for a producer warpgroup:
/// what is left of the register file for the consumers' `consumerWarps`
/// warps, rounded down to a multiple of 8, at most kWsMaxConsumerRegs, but
/// never below the count the program is launched with when that fits (a
/// setmaxnreg that lowers the consumers' registers gains nothing); 0 when
/// it is below setmaxnreg's minimum of 24.
inline int64_t chooseWsConsumerRegs(int64_t consumerWarps,
                                    int64_t producerRegs) {
  int64_t left =
      kRegistersPerCTA - producerRegs * kWsProducerWarps * kWarpThreads;
  if (consumerWarps <= 0 || left <= 0)
    return 0;
  int64_t regs = std::min(left / (consumerWarps * kWarpThreads) / 8 * 8,
                          kWsMaxConsumerRegs);
  int64_t launch = getLaunchRegsForWarps(consumerWarps + kWsProducerWarps);
  if (regs < launch &&
      getWsRegisterUse(consumerWarps, launch, producerRegs) <= kRegistersPerCTA)
    regs = launch;
  return regs < kMinSetmaxnregRegs ? 0 : regs;
}

} // namespace tile::tl

#endif // TILE_DIALECT_TILE_TRANSFORMS_WARPSPECIALIZEBUDGET_H
