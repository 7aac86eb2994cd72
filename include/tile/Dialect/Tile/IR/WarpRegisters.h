//===- WarpRegisters.h - Register-file rules of warp partitions -*- C++ -*-===//
//
// The register arithmetic of tile.warp_specialize that needs no IR: the
// register file of a CTA, what setmaxnreg accepts, and the registers a
// program of N warps is launched with. The op's verifier and lowering, the
// tile.warp_specialize attribute's verifier and the tile-warp-specialize
// pass's budget rules (tile/Dialect/Tile/Transforms/WarpSpecializeBudget.h)
// all use these, so they cannot disagree.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_WARPREGISTERS_H
#define TILE_DIALECT_TILE_IR_WARPREGISTERS_H

#include <algorithm>
#include <cstdint>

namespace tile::tl {

/// Threads of a warp.
inline constexpr int32_t kWarpThreads = 32;

/// Registers of one CTA's register file on sm_90.
inline constexpr int64_t kRegistersPerCTA = 65536;

/// The counts setmaxnreg accepts: multiples of 8 from 24 to 256.
inline constexpr int32_t kMinSetmaxnregRegs = 24;
inline constexpr int32_t kMaxSetmaxnregRegs = 256;

/// The most registers a warp-specialized program is launched with
/// (.maxnreg; setmaxnreg raises consumers from there).
inline constexpr int32_t kMaxLaunchRegs = 248;

inline bool isSetmaxnregCount(int64_t regs) {
  return regs >= kMinSetmaxnregRegs && regs <= kMaxSetmaxnregRegs &&
         regs % 8 == 0;
}

/// Registers per thread a program of `totalWarps` warps is launched with:
/// the register file over its threads, rounded down to a multiple of 8, at
/// most kMaxLaunchRegs.
inline int32_t getLaunchRegsForWarps(int64_t totalWarps) {
  if (totalWarps <= 0)
    return kMaxLaunchRegs;
  int64_t regs = kRegistersPerCTA / (totalWarps * kWarpThreads) / 8 * 8;
  return int32_t(std::min<int64_t>(regs, kMaxLaunchRegs));
}

} // namespace tile::tl

#endif // TILE_DIALECT_TILE_IR_WARPREGISTERS_H
