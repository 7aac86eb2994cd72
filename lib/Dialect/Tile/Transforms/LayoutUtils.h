//===- LayoutUtils.h - Helpers shared by the layout passes ------*- C++ -*-===//
//
// Private to lib/Dialect/Tile/Transforms: building default blocked layouts,
// measuring how well a layout coalesces, and the tensor-type plumbing the
// layout passes share.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_DIALECT_TILE_TRANSFORMS_LAYOUTUTILS_H
#define TILE_LIB_DIALECT_TILE_TRANSFORMS_LAYOUTUTILS_H

#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

namespace tile::tl {

/// Triton's blocked-layout builder: `vec` consecutive elements per thread
/// along `contigDim`, the lanes of a warp (32) and then the `numWarps` warps
/// filling the dims in `order` (fastest first: `contigDim`, then the others
/// from the last to the first); the slowest dim takes the lanes and warps
/// left over (they then hold copies). Warps skip the dims in
/// `reducedDims` while another dim can take them, so that reductions along
/// those dims stay within a warp (shuffles, no shared memory or barrier).
layout::BlockedAttr buildBlockedLayout(MLIRContext *ctx,
                                       ArrayRef<int64_t> shape,
                                       int64_t contigDim, int64_t vec,
                                       int64_t numWarps,
                                       ArrayRef<int64_t> reducedDims = {});

/// How many consecutive elements along `dim` one warp-wide access covers
/// in `layout` for a tensor of `shape`: the leading register bases and then
/// lane bases that step 1, 2, 4, ... along `dim`. 0 when the layout does
/// not fit the shape.
int64_t getCoalescedRun(Attribute layout, ArrayRef<int64_t> shape,
                        int64_t dim);

/// `tensor` with encoding `layout`.
RankedTensorType withLayout(RankedTensorType tensor, Attribute layout);

/// The encoding of a ranked tensor type, or null.
Attribute getLayout(Type type);

/// Bytes an element of `type` occupies in memory (i1: one byte).
int64_t getElementBytes(Type elementType);

/// A shape as remarks write it: "128x64".
std::string formatShape(ArrayRef<int64_t> shape);

/// The cost class of converting a `shape` tensor from `src` to `dst`, or
/// nullopt when either layout has no linear form for the shape.
std::optional<StringRef> getConversionCost(Attribute src, Attribute dst,
                                           ArrayRef<int64_t> shape);

} // namespace tile::tl

#endif // TILE_LIB_DIALECT_TILE_TRANSFORMS_LAYOUTUTILS_H
