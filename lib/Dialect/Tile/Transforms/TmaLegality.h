//===- TmaLegality.h - Whether a tile load can be a TMA copy ----*- C++ -*-===//
//
// Private to lib/Dialect/Tile/Transforms: tile-use-tma's legality rule and
// copy coordinates (UseTma.cpp), shared with the passes that issue TMA
// copies themselves (tile-warp-specialize, tile-pipeline's TMA ring), and
// the type of the mbarriers those copies complete on.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_DIALECT_TILE_TRANSFORMS_TMALEGALITY_H
#define TILE_LIB_DIALECT_TILE_TRANSFORMS_TMALEGALITY_H

#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

#include <string>

namespace tile::tl {

/// The unit attribute that asks for TMA (cuTile's allow_tma) on a
/// tile.load_tile/store_tile/load_at/store_at.
constexpr llvm::StringLiteral kAllowTmaAttr = "allow_tma";

/// Why `load` cannot be one TMA copy on a target of `computeCapability`
/// (the rules of tile-use-tma, docs/Passes.md), or "" when it can; then
/// `descType` is the descriptor tile-use-tma would give it (the tile as the
/// block, #layout.nvmma_shared with the widest swizzle its rows take).
/// Without `allowBatchDims` the tile must be 2-D (tile-warp-specialize:
/// its ring slots hold the tile itself); with it a tile of rank 3 to 5 with
/// extent 1 on its leading dims is taken too, its block lying in shared
/// memory as the matrix of its last two dims (`descType.getMatrixShape()`;
/// tile-pipeline's TMA ring, whose slots hold that matrix).
std::string whyNotTmaLoad(LoadTileOp load, unsigned computeCapability,
                          layout::TensorDescType &descType,
                          bool allowBatchDims = false);

/// Whether tile-use-tma stores the source of `convert` instead of its
/// result: its only user is an allow_tma tile.store_tile/store_at that TMA
/// can copy from the source's layout (local_store takes any distributed
/// layout, so the conversion through shared memory is not needed).
bool isTmaStoreSource(layout::ConvertOp convert, unsigned computeCapability);

/// The shared memory tile-use-tma will give the buffers of the allow_tma
/// tile.store_tile/store_at ops of `kernel` that TMA can copy (block and
/// alignment each): tile-warp-specialize leaves room for them beside its
/// ring.
int64_t getTmaStoreBufferBytes(KernelOp kernel, unsigned computeCapability);

/// The element coordinates of a tile.load_tile/store_tile's TMA copy: each
/// tile index times the tile's extent there, as i32.
SmallVector<Value> getTileCoords(OpBuilder &b, Location loc, ValueRange indices,
                                 ArrayRef<int64_t> tileShape);

/// The type of the mbarriers that TMA copies complete on, in shared memory:
/// i64 each, in the one-element swizzled layout; `shape` {1} for
/// tile-use-tma's barrier of one copy, {S, 1} for a ring's one per slot.
inline layout::MemDescType getMbarrierType(MLIRContext *ctx,
                                           ArrayRef<int64_t> shape) {
  auto barrierLayout = layout::SwizzledSharedAttr::get(
      ctx, 1, 1, 1, ArrayRef<unsigned>{0}, {}, {}, {});
  return layout::MemDescType::get(shape, IntegerType::get(ctx, 64),
                                  barrierLayout);
}

} // namespace tile::tl

#endif // TILE_LIB_DIALECT_TILE_TRANSFORMS_TMALEGALITY_H
