//===- AccessFacts.h - What a global access may vectorize on ----*- C++ -*-===//
//
// The compile-time facts the lowering needs to turn the registers of a
// global load or store into unconditional vector accesses: for pointer
// tensors (tile.load / tile.store / layout.async_copy_global_to_local) the
// AxisInfo of the pointers and of the mask; for view accesses
// (tile.load_tile / store_tile / load_at / store_at / async_load_tile)
// the alignment of the tile's rows along the view axis with stride 1 and the
// divisibility of that axis's extent. annotateAccessFacts computes them on
// the tile-level IR and records them as discardable attributes of each
// access, so that the dialect conversion (which rewrites the operands under
// the patterns) can still read them. docs/Vectorization.md explains the
// rules.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_ANALYSIS_ACCESSFACTS_H
#define TILE_DIALECT_TILE_ANALYSIS_ACCESSFACTS_H

#include "tile/Support/LLVM.h"

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace tile::tl {

class KernelOp;

/// Attribute names (discardable, on the access ops).
inline constexpr llvm::StringLiteral kPtrContiguityAttr = "tile.ptr_contiguity";
inline constexpr llvm::StringLiteral kPtrAlignmentAttr = "tile.ptr_alignment";
inline constexpr llvm::StringLiteral kMaskConstancyAttr = "tile.mask_constancy";
inline constexpr llvm::StringLiteral kVectorAxisAttr = "tile.vector_axis";
inline constexpr llvm::StringLiteral kVectorAlignmentAttr =
    "tile.vector_alignment";
inline constexpr llvm::StringLiteral kExtentDivisibilityAttr =
    "tile.extent_divisibility";
/// Unit attribute on a kernel whose accesses carry their facts.
inline constexpr llvm::StringLiteral kAccessFactsAttr = "tile.access_facts";

/// Facts of a tile.load / tile.store of a pointer tensor, per tensor dim.
struct PointerAccessFacts {
  /// Runs of consecutive elements the pointers make along each dim (runs
  /// start at multiples of their length).
  SmallVector<int64_t> contiguity;
  /// Alignment in bytes of the first pointer of every run.
  SmallVector<int64_t> alignment;
  /// Runs of equal mask values along each dim (empty: no mask).
  SmallVector<int64_t> maskConstancy;
};

/// Facts of a view access (load_tile, store_tile, load_at, store_at).
struct ViewAccessFacts {
  /// The view axis whose stride is statically 1.
  int64_t axis = -1;
  /// Alignment in bytes of the address of every element of the tile whose
  /// coordinate along `axis`, relative to the tile origin, is 0 (a vector
  /// of v elements starting at a multiple of v along the axis is aligned to
  /// min(alignment, v * element bytes)).
  int64_t alignment = 1;
  /// A power of two dividing the view's extent along `axis`.
  int64_t extentDivisibility = 1;
};

/// Records the facts of every global access of `kernel` (and the unit
/// attribute kAccessFactsAttr on the kernel). Idempotent.
void annotateAccessFacts(KernelOp kernel);

/// The recorded facts of an access op, if annotateAccessFacts saw it.
std::optional<PointerAccessFacts> getPointerAccessFacts(Operation *op);
std::optional<ViewAccessFacts> getViewAccessFacts(Operation *op);

} // namespace tile::tl

#endif // TILE_DIALECT_TILE_ANALYSIS_ACCESSFACTS_H
