//===- SharedMemory.h - The dynamic shared memory and barriers --*- C++ -*-===//
//
// The module's dynamic shared memory (its global symbol, declaring it,
// the address of a byte offset into it) and the CTA barrier that orders
// accesses to it.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSION_TILETOLLVM_SHAREDMEMORY_H
#define TILE_CONVERSION_TILETOLLVM_SHAREDMEMORY_H

#include "tile/Support/LLVM.h"

#include "mlir/IR/Builders.h"

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace tile {

/// Symbol of the dynamic shared memory of the module.
inline constexpr llvm::StringLiteral kSharedMemorySymbol = "global_smem";

//===----------------------------------------------------------------------===//
// Shared memory and barriers
//===----------------------------------------------------------------------===//

/// Declares the dynamic shared memory global of `module` if it is not there.
void declareSharedMemory(OpBuilder &b, ModuleOp module);
/// The address (!llvm.ptr<3>) of byte `offset` of the dynamic shared memory.
Value getSharedMemoryPtr(OpBuilder &b, Location loc, int64_t offset = 0);
/// The scratch area of the code at the builder's insertion point (layout
/// conversions, reductions, scans, sorts and atomics pass values through
/// it): byte 0 outside a warp_specialize, else its partition's own area
/// (of its replica), so that partitions running at the same time never
/// share one (kScratchAreasAttr).
Value getScratchPtr(OpBuilder &b, Location loc);
/// `base` + replica x `stride` bytes: the copy of a shared-memory area
/// that belongs to the replica at the builder's insertion point (`base`
/// outside a replicated warp_specialize partition).
Value offsetForReplica(OpBuilder &b, Location loc, Value base, int64_t stride);
void emitBarrier(OpBuilder &b, Location loc);

/// On a tile.warp_specialize being lowered: [offset, bytes] of each
/// partition's scratch area (of its first replica; replica r's is r x
/// bytes further).
inline constexpr llvm::StringLiteral kScratchAreasAttr = "tile.scratch_areas";

} // namespace tile

#endif // TILE_CONVERSION_TILETOLLVM_SHAREDMEMORY_H
