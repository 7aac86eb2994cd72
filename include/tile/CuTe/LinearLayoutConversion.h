//===- LinearLayoutConversion.h - CuTe layouts <-> LinearLayout -*- C++ -*-===//
//
// Where the two layout worlds meet. A shape:stride layout whose shapes are
// powers of two and whose strides are 0 or powers of two, with the images
// of its index bits pairwise distinct (no two bits add up: a "permutation
// of strides", possibly with broadcast zeros), is F2-linear: L(i) is the
// XOR of the images of the set bits of i. A swizzle (with offset 0) is
// F2-linear too, so such a layout composed with a swizzle also converts.
//
// Direction: a CuTe layout maps an index (or a coordinate) to an offset,
// so the LinearLayout's input dims are the layout's domain and its single
// output dim is the offset (for shared memory this is the inverse of
// Triton's offset -> (dim0, dim1) convention; use LinearLayout::invert).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CUTE_LINEARLAYOUTCONVERSION_H
#define TILE_CUTE_LINEARLAYOUTCONVERSION_H

#include "tile/CuTe/Layout.h"
#include "tile/LinearLayout/LinearLayout.h"

namespace tile {
namespace cute {

/// The 1-D index map of `layout` as a LinearLayout from `inDim` (size =
/// size(layout)) to `outDim` (size = the smallest power of two above every
/// offset). Bit j of the index is bit j of the colex 1-D coordinate.
llvm::Expected<LinearLayout> toLinearLayout(const Layout &layout,
                                            llvm::StringRef inDim,
                                            llvm::StringRef outDim);

/// The coordinate map of `layout`: top-level mode i becomes input dim
/// `inDims[i]` (its 1-D colex coordinate within the mode), e.g. a rank-2
/// layout with inDims {"dim0","dim1"} and outDim "offset". `inDims` must
/// have one name per top-level mode.
llvm::Expected<LinearLayout>
toLinearLayoutByMode(const Layout &layout, llvm::ArrayRef<std::string> inDims,
                     llvm::StringRef outDim);

/// The inverse conversion: every basis, read as one integer (output dims
/// flattened minor-to-major, the first output dim fastest), must be 0 or a
/// power of two, and the nonzero ones pairwise distinct. Each input dim
/// becomes one top-level mode (coalesced); a single input dim gives a
/// rank-1 (coalesced) layout.
llvm::Expected<Layout> fromLinearLayout(const LinearLayout &ll);

} // namespace cute
} // namespace tile

#endif // TILE_CUTE_LINEARLAYOUTCONVERSION_H
