//===- PipelineBudget.h - Stage counts from shared memory -------*- C++ -*-===//
//
// The arithmetic of tile-pipeline that needs no IR: how many stages a loop
// gets when nobody asked for a number, whether a number that was asked for
// fits, and how many copy groups a wait may leave pending. The pass and the
// unit tests share it; docs/Passes.md states the rule and the measurement
// behind kMaxDefaultStages.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_TRANSFORMS_PIPELINEBUDGET_H
#define TILE_DIALECT_TILE_TRANSFORMS_PIPELINEBUDGET_H

#include <cstdint>

namespace tile::tl {

/// Shared memory one CTA may use on sm_80 and sm_90 (227 KiB).
inline constexpr int64_t kSharedMemoryLimit = 232448;

/// Shared memory of one mbarrier (a TMA ring has one per slot, a
/// warp-specialized ring two).
inline constexpr int64_t kMbarrierBytes = 8;

/// The most stages one may ask for: tile.num_stages's bound (its verifier
/// in TileDialect.cpp, below this layer, states it too), tile-compile's
/// --num-stages and tile.compile(num_stages=).
inline constexpr int64_t kMaxNumStages = 16;

/// The most stages the default rule gives a loop. Measured on the H100
/// (bench/RESULTS.md, 2026-11-24): the 128x128x64 wgmma GEMMs run 1.6-1.7x
/// faster with 3 stages than with 2 (auto layouts; 1.05x with written
/// ones), 4 is no faster than 3 (0.93-1.01x) and 5 is slower at 8192^3
/// (0.83-0.89x of 3); every extra stage also takes 32 KiB from the rest of
/// the kernel.
inline constexpr int64_t kMaxDefaultStages = 3;

/// The default stage count of a loop whose pipelined loads take
/// `bytesPerStage` bytes of shared memory per stage, in a kernel that
/// already uses `usedBytes`: as many stages as fit the rest of the budget,
/// at most `maxStages` (kMaxDefaultStages, or what the loads' `latency`
/// hints ask: tl::getLatencyStages). Below 2 (a second stage does not
/// fit), the loop is not pipelined.
inline int64_t chooseDefaultNumStages(int64_t bytesPerStage, int64_t usedBytes,
                                      int64_t maxStages = kMaxDefaultStages) {
  if (bytesPerStage <= 0)
    return maxStages;
  int64_t left = kSharedMemoryLimit - usedBytes;
  if (left < 0)
    return 0;
  int64_t fit = left / bytesPerStage;
  return fit < maxStages ? fit : maxStages;
}

/// Whether `numStages` stages of `bytesPerStage` bytes fit beside
/// `usedBytes`.
inline bool stagesFit(int64_t numStages, int64_t bytesPerStage,
                      int64_t usedBytes) {
  return usedBytes + numStages * bytesPerStage <= kSharedMemoryLimit;
}

/// The `num` of the layout.async_wait at the top of iteration i of a loop
/// pipelined `numStages` deep: one commit group per iteration (and per
/// prologue stage), so after the group of iteration i come those of
/// iterations i+1 .. i+S-2, which may stay pending.
inline int64_t getSteadyStateWaitNum(int64_t numStages) {
  return numStages >= 2 ? numStages - 2 : 0;
}

} // namespace tile::tl

#endif // TILE_DIALECT_TILE_TRANSFORMS_PIPELINEBUDGET_H
