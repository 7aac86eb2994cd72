//===- LdMatrixPlan.h - ldmatrix loads from linear layouts ------*- C++ -*-===//
//
// Whether, and how, `ldmatrix.sync.aligned.m8n8.{x1,x2,x4}{.trans}.b16`
// loads a buffer in shared memory into the registers of a distributed
// layout, decided on the reg -> mem map alone (no layout attribute).
//
// ldmatrix loads up to four 8x8 matrices of 16-bit elements. Lane 8j + i
// supplies the address of row i of matrix j (16 contiguous bytes, 16-byte
// aligned). Without .trans, lane 4r + w receives in register j the 32-bit
// word w of row r of matrix j (elements 2w, 2w+1 of the row); with .trans,
// it receives elements r of rows 2w and 2w+1. In offsets (elements) of the
// map (register, lane, warp, block) -> offset that means:
//  - without .trans: a register bit `e` (the element in the word) has basis
//    1 and lane bits 0, 1 (w) have bases 2 and 4;
//  - with .trans: lane bits 2, 3, 4 (r) have bases 1, 2, 4;
//  - every other basis is a multiple of 8 (it selects whole rows), so each
//    row is 8 contiguous elements at an aligned offset.
// The matrix index j takes the next one or two register bits; the register
// bits left over are separate ldmatrix calls at constant offsets.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LINEARLAYOUT_LDMATRIXPLAN_H
#define TILE_LINEARLAYOUT_LDMATRIXPLAN_H

#include "tile/LinearLayout/LinearLayout.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace tile {

struct LdMatrixPlan {
  /// `.trans` (nvvm layout `col`).
  bool transpose = false;
  /// Matrices per instruction: 1, 2 or 4.
  int numMatrices = 1;
  /// The register bit that tells the two 16-bit halves of a word apart.
  int wordRegBit = 0;
  /// The register bits of the matrix index j (log2(numMatrices) of them,
  /// bit 0 of j first).
  llvm::SmallVector<int> matrixRegBits;
  /// The register bits that remain: one instruction per value of them.
  llvm::SmallVector<int> callRegBits;
  /// (lane, warp[, block]) -> (offset): the element offset of the row whose
  /// address this lane supplies, for the call whose callRegBits are all 0
  /// (another call XORs the offset of its register bits into it).
  LinearLayout addressMap;

  /// The register that holds half `half` (0/1) of word `matrix` of call
  /// `call` (call and matrix in the bit order of callRegBits and
  /// matrixRegBits).
  int32_t getRegister(int32_t call, int32_t matrix, int half) const;
  /// The number of instructions.
  int32_t getNumCalls() const { return int32_t(1) << callRegBits.size(); }
};

/// The ldmatrix plan for the reg -> mem map `map` (input dims register,
/// lane, warp[, block]; output dim "offset" in elements) of `elemBits`-bit
/// elements, preferring the widest form (x4) and no transpose; std::nullopt
/// with the reason in `why` when ldmatrix cannot produce the layout.
std::optional<LdMatrixPlan> planLdMatrix(const LinearLayout &map, int elemBits,
                                         std::string *why = nullptr);

} // namespace tile

#endif // TILE_LINEARLAYOUT_LDMATRIXPLAN_H
