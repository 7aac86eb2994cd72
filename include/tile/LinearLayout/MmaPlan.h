//===- MmaPlan.h - Which registers feed each matrix instruction -*- C++ -*-===//
//
// Plans for lowering a dot from the linear forms of its operand and result
// layouts, with no MLIR dependency. A plan decides, from types alone, which
// instructions a warp (or warpgroup) issues and which of its registers each
// instruction reads and writes; the lowering only emits what the plan says.
//
// Three plans:
//  - MmaSyncPlan: mma.sync.m16n8kK. The accumulator must hold, per 16x8
//    instruction tile, the PTX fragment c0..c3 (lane = 4 * row + col / 2);
//    A and B hold per k-step and row (column) half of a thread's K run. A
//    thread's K elements are taken in increasing K order, so A and B may use
//    any K permutation (Triton's larger kWidth) provided both use the same
//    one, which the plan checks lane by lane.
//  - WgmmaPlan: wgmma.m64nNkK for one warpgroup (4 warps stacked along M):
//    the accumulator registers of each 64 x N instruction in PTX order, the
//    (row, column) offset of each instruction's A and B tiles, and for A in
//    registers the per-k-step fragments (the mma.sync A fragment per warp).
//  - FmaPlan: the exact fallback on CUDA cores: for every accumulator
//    register, the (A register, B register) pairs in increasing K.
//
// Every build function returns std::nullopt and says why in `error` when the
// layouts do not fit the instruction.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LINEARLAYOUT_MMAPLAN_H
#define TILE_LINEARLAYOUT_MMAPLAN_H

#include "tile/LinearLayout/LinearLayout.h"

#include <optional>
#include <string>
#include <vector>

namespace tile {

/// One mma.sync instruction of a warp.
struct MmaSyncInstr {
  /// Registers of A in fragment order: a0's elements, then a1's, a2's, a3's
  /// (instrK / 8 elements each).
  std::vector<int> aRegs;
  /// Registers of B: b0's elements, then b1's.
  std::vector<int> bRegs;
  /// Registers of the accumulator: c0, c1, c2, c3.
  std::vector<int> cRegs;
};

struct MmaSyncPlan {
  /// K of one instruction: 16 for 16-bit inputs, 8 for tf32, 32 for 8-bit.
  int instrK = 16;
  std::vector<MmaSyncInstr> instrs;
  /// Accumulator registers that duplicate another one (broadcast copies):
  /// (copy, original). The lowering gives the copy the original's result.
  std::vector<std::pair<int, int>> duplicateCRegs;

  /// `a`, `b`, `c`: the linear forms of A (dims: [batch,] M, K), B
  /// ([batch,] K, N) and C ([batch,] M, N), with input dims register, lane,
  /// warp (and block).
  static std::optional<MmaSyncPlan> build(const LinearLayout &a,
                                          const LinearLayout &b,
                                          const LinearLayout &c, int instrK,
                                          std::string *error);
};

/// One wgmma instruction of a warpgroup.
struct WgmmaInstr {
  /// Offsets, in elements, of the instruction's tiles within the
  /// warpgroup's part of the operands: A rows [aRow, aRow + 64) and columns
  /// [k, k + instrK); B rows [k, k + instrK) and columns [bCol, bCol + N).
  int aRow = 0, bCol = 0, k = 0;
  /// Accumulator registers in PTX order (N / 2 of them).
  std::vector<int> cRegs;
  /// For A in registers: a0..a3 as in MmaSyncInstr; empty otherwise.
  std::vector<int> aRegs;
};

struct WgmmaPlan {
  int instrN = 8, instrK = 16;
  std::vector<WgmmaInstr> instrs;
  std::vector<std::pair<int, int>> duplicateCRegs;
  /// The accumulator layout restricted to the warp bits above the first two
  /// (which warpgroup) mapped to the (row, column) origin of that
  /// warpgroup's part of C: the caller evaluates it on warp >> 2.
  LinearLayout warpgroupOrigin;

  /// `c`: the accumulator's linear form (M, N). `a`: A's when A is in
  /// registers, null when A is in shared memory. `k`: the K extent.
  static std::optional<WgmmaPlan> build(const LinearLayout *a,
                                        const LinearLayout &c, int k,
                                        int instrN, int instrK,
                                        std::string *error);
};

struct FmaPlan {
  /// For every accumulator register, the (A register, B register) pairs
  /// to multiply and add, in increasing K.
  std::vector<std::vector<std::pair<int, int>>> terms;

  static std::optional<FmaPlan> build(const LinearLayout &a,
                                      const LinearLayout &b,
                                      const LinearLayout &c,
                                      std::string *error);
};

} // namespace tile

#endif // TILE_LINEARLAYOUT_MMAPLAN_H
