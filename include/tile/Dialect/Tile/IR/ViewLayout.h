//===- ViewLayout.h - Address plan of a view with a CuTe layout -*- C++ -*-===//
//
// A `!tile.view<..., #layout.strided<L>>` addresses element (c0, c1, ...)
// at base + Sw(off + sum_a crd2idx(c_a, mode_a(L))) (CuTe's crd2idx, each
// top-level mode indexed by its 1-D colex coordinate, the swizzle and its
// offset only when L has one). This file reads off L what the lowering, the
// layout assignment and the vectorization facts need:
//
//   1. each top-level mode coalesced (CuTe's coalesce): its leaves (size,
//      stride), leftmost fastest. The last leaf's coordinate is not reduced
//      modulo its size, as in crd2idx, so a dynamic view extent larger than
//      the mode keeps stepping by the last stride;
//   2. the vector axis: the view axis whose first leaf has stride 1 (the
//      last such axis), as for a view with explicit strides;
//   3. the widest vector (a power of two) that is contiguous and aligned
//      whenever it starts at a multiple of its width along that axis and the
//      base is aligned: it divides the first leaf's size (when the mode has
//      more leaves), every other nonzero stride of the layout, the swizzle's
//      kept low bits 2^M and its offset.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_VIEWLAYOUT_H
#define TILE_DIALECT_TILE_IR_VIEWLAYOUT_H

#include "tile/Support/LLVM.h"

#include <optional>

namespace tile::tl {

class ViewType;

/// One leaf of a coalesced mode.
struct ViewLayoutLeaf {
  int64_t size;
  int64_t stride;
};

/// The address plan of a view type with a #layout.strided layout.
struct ViewLayoutPlan {
  /// Per view axis, the leaves of its coalesced mode, leftmost fastest.
  SmallVector<SmallVector<ViewLayoutLeaf>> modes;
  /// The swizzle Sw<bits, base, shift> and its offset, when present.
  bool swizzled = false;
  int swizzleBits = 0, swizzleBase = 0, swizzleShift = 0;
  int64_t swizzleOffset = 0;
  /// The vector axis (first leaf of stride 1), or -1.
  int64_t vectorAxis = -1;
  /// The widest contiguous, aligned vector along `vectorAxis` (elements, a
  /// power of two; 1 without a vector axis).
  int64_t maxVector = 1;

  /// A power of two dividing every stride of axis `a` (the largest such,
  /// capped at 2^30; stride-0 leaves do not count).
  int64_t getStrideDivisibility(int64_t a) const;
  /// True if axis `a` is one leaf `s:d` (its address is c * d).
  bool isSingleLeaf(int64_t a) const { return modes[a].size() == 1; }
  /// True if every axis is a single leaf and there is no swizzle: the view
  /// is an ordinary strided view with static strides.
  bool isPlainStrided() const;
};

/// The plan of a view type whose layout is a #layout.strided; nullopt for a
/// view without a layout.
std::optional<ViewLayoutPlan> getViewLayoutPlan(ViewType type);

} // namespace tile::tl

#endif // TILE_DIALECT_TILE_IR_VIEWLAYOUT_H
