//===- WarpShuffle.h - Exchanging registers within a warp -------*- C++ -*-===//
//
// Warp shuffles: exchanging a register with another lane of the warp
// (shfl.sync) for any scalar type, split into 32-bit shuffles.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSION_TILETOLLVM_WARPSHUFFLE_H
#define TILE_CONVERSION_TILETOLLVM_WARPSHUFFLE_H

#include "tile/Support/LLVM.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"

namespace tile {

/// `shfl.sync.bfly` of `value` with the lane `lane ^ laneMask`, for any
/// scalar type of up to 64 bits.
Value emitShuffleXor(OpBuilder &b, Location loc, Value value,
                     unsigned laneMask);

/// `shfl.sync.<kind>` of `value`, for any scalar type of up to 64 bits:
/// `laneArg` (i32) is the delta of `up`/`down`, the mask of `bfly` or the
/// source lane of `idx`.
Value emitShuffle(OpBuilder &b, Location loc, Value value,
                  mlir::NVVM::ShflKind kind, Value laneArg);

} // namespace tile

#endif // TILE_CONVERSION_TILETOLLVM_WARPSHUFFLE_H
