//===- ViewLayoutAddress.h - Addresses in CuTe-layout views -*- C++ -*-===//
//
// The element offset of a view coordinate under a #layout.strided layout
// (tl::ViewLayoutPlan): CuTe's crd2idx mode by mode, then the swizzle.
// Shared by the synchronous view accesses (ViewOpToLLVM.cpp) and the
// asynchronous copies (AsyncCopyOpToLLVM.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_CONVERSION_TILETOLLVM_VIEWLAYOUTADDRESS_H
#define TILE_LIB_CONVERSION_TILETOLLVM_VIEWLAYOUTADDRESS_H

#include "tile/Dialect/Tile/IR/ViewLayout.h"
#include "tile/Support/LLVM.h"

#include "mlir/IR/Builders.h"

namespace tile {

/// CuTe's crd2idx of the 1-D coordinate `c` (i64) in a coalesced mode:
/// leaf i gets (c / (s_0 ... s_{i-1})) % s_i, the last leaf no modulo.
/// Null when every stride is 0.
Value emitModeOffset(OpBuilder &b, Location loc, Value c,
                     ArrayRef<tl::ViewLayoutLeaf> leaves);

/// Sw<B,M,S>(off + offset): x ^ ((x & Y) >> S), Y = (2^B - 1) << (M +
/// max(0, S)), a left shift for negative S (cute::Swizzle::apply). A null
/// `offset` is 0.
Value emitSwizzle(OpBuilder &b, Location loc, Value offset,
                  const tl::ViewLayoutPlan &plan);

/// The offset (i64, elements; null when 0) of the element at view
/// coordinates `coords` (i64, one per axis): the sum of the modes'
/// crd2idx, swizzled when the layout is.
Value emitViewLayoutOffset(OpBuilder &b, Location loc,
                           const tl::ViewLayoutPlan &plan,
                           ArrayRef<Value> coords);

} // namespace tile

#endif // TILE_LIB_CONVERSION_TILETOLLVM_VIEWLAYOUTADDRESS_H
