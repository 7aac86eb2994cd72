//===- TmaLegality.h - Whether a tile load can be a TMA copy ----*- C++ -*-===//
//
// Private to lib/Dialect/Tile/Transforms: tile-use-tma's legality rule and
// copy coordinates (UseTma.cpp), shared with the passes that issue TMA
// copies themselves (tile-warp-specialize).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_DIALECT_TILE_TRANSFORMS_TMALEGALITY_H
#define TILE_LIB_DIALECT_TILE_TRANSFORMS_TMALEGALITY_H

#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

#include <string>

namespace tile::tl {

/// Why `load` cannot be one TMA copy on a target of `computeCapability`
/// (the rules of tile-use-tma, docs/Passes.md, for a 2-D tile: tiles of
/// rank 3 to 5, which tile-use-tma takes through a tile.reshape, are
/// refused here, since a ring slot holds the tile itself), or "" when it
/// can; then `descType` is the descriptor tile-use-tma would give it (the
/// tile as the box, #layout.nvmma_shared with the widest swizzle its rows
/// take).
std::string whyNotTmaLoad(LoadTileOp load, unsigned computeCapability,
                          layout::TensorDescType &descType);

/// The element coordinates of a tile.load_tile/store_tile's TMA copy: each
/// tile index times the tile's extent there, as i32.
SmallVector<Value> getTileCoords(OpBuilder &b, Location loc,
                                 ValueRange indices,
                                 ArrayRef<int64_t> tileShape);

} // namespace tile::tl

#endif // TILE_LIB_DIALECT_TILE_TRANSFORMS_TMALEGALITY_H
