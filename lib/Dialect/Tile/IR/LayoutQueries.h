//===- LayoutQueries.h - What the tile dialect asks of layouts --*- C++ -*-===//
//
// The few questions the tile dialect's verifiers and builders ask of the
// layout attributes in tensor encodings, in one place.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_DIALECT_TILE_IR_LAYOUTQUERIES_H
#define TILE_LIB_DIALECT_TILE_IR_LAYOUTQUERIES_H

#include "tile/Support/LLVM.h"

#include <optional>

namespace tile::tl::query {

/// Warps per program and lanes per warp of a distributed layout; nullopt for
/// an encoding that is not one (or none).
struct WarpShape {
  int64_t numWarps;
  int64_t warpSize;
};
std::optional<WarpShape> getWarpShape(Attribute encoding);

/// True when `encoding` is a distributed layout (blocked, slice, linear...).
bool isDistributedLayout(Attribute encoding);

/// True when `encoding` is a memory layout (implements the layout dialect's
/// SharedLayoutAttrInterface: #layout.strided, #layout.swizzled_shared).
bool isMemoryLayout(Attribute encoding);

/// True for a CuTe thread-value layout (#layout.tv).
bool isThreadValueLayout(Attribute encoding);
/// The threads of a #layout.tv (0 for other layouts).
int64_t getNumThreads(Attribute encoding);

/// The tensor shape a memory layout describes, when it fixes one
/// (#layout.strided: the sizes of its top-level modes).
std::optional<SmallVector<int64_t>> getMemoryLayoutShape(Attribute layout);

/// True for attributes of the layout dialect's interfaces.
bool isLayoutAttr(Attribute attr);

/// `#layout.slice<dim = dim, parent = parent>`, or null if it cannot be formed.
Attribute getSliceLayout(Attribute parent, int64_t dim);

/// The dimension and parent of a slice layout; nullopt for another encoding.
std::optional<std::pair<int64_t, Attribute>> getSliceDimAndParent(Attribute);

/// Succeeds unless `encoding` is a layout attribute that does not fit a
/// tensor of `shape` (then reports why through `emitError`).
LogicalResult
verifyEncodingForShape(Attribute encoding, ArrayRef<int64_t> shape,
                       llvm::function_ref<InFlightDiagnostic()> emitError);

} // namespace tile::tl::query

#endif // TILE_LIB_DIALECT_TILE_IR_LAYOUTQUERIES_H
