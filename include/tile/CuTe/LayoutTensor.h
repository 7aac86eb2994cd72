//===- LayoutTensor.h - Mojo LayoutTensor / CuTe tensor views ---*- C++ -*-===//
//
// The view operations of Mojo's LayoutTensor (and CuTe's tensor idioms) on
// layouts: a view is a layout plus an offset from the base of the parent.
//
//   tileLayout       tensor.tile[t0,t1](c0,c1)      local_tile(T, (t0,t1),
//   (c0,c1)) vectorizeLayout  tensor.vectorize[w0,w1]()      zipped_divide(T,
//   (w0,w1)) distributeLayout tensor.distribute[thr](tid)    local_partition(T,
//   thr, tid)
//
// Partial tiles: a mode whose extent is not a multiple of the tile (or of
// the thread layout) still gets the full tile shape, and `validShape` says
// how many coordinates of each mode are inside the parent (Mojo's masked
// tensors; CuTe's predication with identity tensors).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CUTE_LAYOUTTENSOR_H
#define TILE_CUTE_LAYOUTTENSOR_H

#include "tile/CuTe/Algebra.h"

namespace tile {
namespace cute {

/// A sub-view of a layout.
struct LayoutView {
  /// The layout of the view (offsets relative to `offset`).
  Layout layout;
  /// Offset of the view's coordinate 0 in the parent's codomain.
  int64_t offset = 0;
  /// Per top-level mode of `layout`: how many coordinates are in bounds of
  /// the parent (equal to the mode's size unless the view is partial).
  std::vector<int64_t> validShape;

  /// True if some mode has fewer valid coordinates than its size.
  bool isPartial() const;
};

/// The tile of shape `tileSizes` (one per top-level mode of `layout`) at
/// tile coordinate `tileCoords` (in tiles). Each mode is composed with
/// t:1; a mode whose extent is not a multiple of its tile size gives a
/// partial tile at the edge. Errors: rank mismatch, a coordinate past the
/// last (partial) tile, a tile that does not divide a hierarchical mode.
llvm::Expected<LayoutView> tileLayout(const Layout &layout,
                                      llvm::ArrayRef<int64_t> tileSizes,
                                      llvm::ArrayRef<int64_t> tileCoords);

/// A layout of vectors: `elements` is the layout inside one vector (the
/// tile of shape `vectorShape`), `vectors` the layout of the vectors
/// (Mojo's layout and element_layout). Every extent must be a multiple of
/// its vector width.
struct VectorizedLayout {
  Layout vectors;
  Layout elements;
};
llvm::Expected<VectorizedLayout>
vectorizeLayout(const Layout &layout, llvm::ArrayRef<int64_t> vectorShape);

/// The fragment of thread `threadId` when `threadLayout` (thread
/// coordinate -> thread id, a compact bijection) is tiled over `layout`:
/// the threadId-th element of every tile (Mojo's distribute, CuTe's
/// local_partition). If an extent is not a multiple of the thread layout's
/// extent, `validShape` gives the thread's count of in-bounds elements.
llvm::Expected<LayoutView> distributeLayout(const Layout &layout,
                                            const Layout &threadLayout,
                                            int64_t threadId);

} // namespace cute
} // namespace tile

#endif // TILE_CUTE_LAYOUTTENSOR_H
