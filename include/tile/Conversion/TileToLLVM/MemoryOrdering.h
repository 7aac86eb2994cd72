//===- MemoryOrdering.h - Qualifying a global access's PTX ------*- C++ -*-===//
//
// cuTile's `latency`, `memory_order` and `memory_scope` (AccessHints.h)
// turned into the qualifiers of the PTX loads and stores a view access
// emitted: the accesses are emitted as without hints (MemoryAccess.h), then
// qualified in place (MemoryOrdering.cpp says how).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSION_TILETOLLVM_MEMORYORDERING_H
#define TILE_CONVERSION_TILETOLLVM_MEMORYORDERING_H

#include "tile/Dialect/Tile/IR/AccessHints.h"
#include "tile/Support/LLVM.h"

#include "mlir/IR/Builders.h"

#include <string>

namespace tile {

/// The PTX spelling of an access's hints: the words `ld`/`st` and the
/// `.global` state space are written `ld<sem>.global<cache>.`, plus the
/// L2 policy operand when `l2Policy` is set.
struct AccessQualifiers {
  /// `.relaxed.gpu`, `.acquire.sys`, ... (empty: weak).
  std::string loadSem, storeSem;
  /// `.L1::no_allocate`, `.L1::evict_last` (empty: none).
  std::string loadCache, storeCache;
  /// `evict_first` / `evict_last`: an `.L2::cache_hint` with a
  /// `createpolicy.fractional.L2::<l2Policy>` policy (empty: none).
  std::string l2Policy;

  bool empty() const {
    return loadSem.empty() && storeSem.empty() && loadCache.empty() &&
           storeCache.empty() && l2Policy.empty();
  }
};

/// What the hints of one access emit (docs/TileLanguage.md's table).
AccessQualifiers getAccessQualifiers(const tl::AccessHints &hints);

/// Records where a pattern starts emitting, so that the loads and stores it
/// emits can be qualified afterwards.
class EmittedRange {
public:
  explicit EmittedRange(OpBuilder &b);
  /// The ops emitted since construction, in order.
  SmallVector<Operation *> getOps(OpBuilder &b) const;

private:
  Block *block;
  Operation *before; // null: the block's start
};

/// Before a release store: `bar.sync 0` (inline asm, so that barrier
/// elision keeps it), so that every thread's earlier accesses, not only the
/// storing thread's, happen before the release. Nothing for other hints.
void emitReleaseBarrier(OpBuilder &b, Location loc,
                        const tl::AccessHints &hints);

/// Tags the global loads and stores among `ops` and nested in them
/// (inline-asm blocks from MemoryAccess.cpp, plain llvm.load/llvm.store)
/// with `q`, for
/// applyAccessQualifiers. Nothing for empty qualifiers.
void tagMemoryAccesses(ArrayRef<Operation *> ops, const AccessQualifiers &q);

/// After the conversion: rewrites every tagged access of `module` with its
/// qualifiers (asm text rewritten, llvm.load/llvm.store made inline asm) and
/// drops the tags. Fails with a diagnostic for an access whose type it
/// cannot spell.
LogicalResult applyAccessQualifiers(Operation *module);

/// Why `op`'s hints cannot be lowered for sm_`computeCapability` (empty:
/// they can): memory orders need sm_70, L2 policies sm_80.
std::string whyAccessHintsNotLowerable(Operation *op, int computeCapability);

} // namespace tile

#endif // TILE_CONVERSION_TILETOLLVM_MEMORYORDERING_H
