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

/// Shared memory a TMA buffer or ring may lose to alignment (buffers are
/// aligned to their size, up to 1024 bytes): tile-use-tma and
/// tile-warp-specialize add it to their budgets per buffer.
constexpr int64_t kTmaAlignSlack = 1024;

/// The unit attribute that asks for TMA (cuTile's allow_tma) on a
/// tile.load_tile/store_tile/load_at/store_at.
constexpr llvm::StringLiteral kAllowTmaAttr = "allow_tma";

/// The tile loads a TMA copy can replace: tile.load_tile (its copy's
/// coordinates are the tile indices times the tile) and tile.load_at (the
/// element offsets). The view such a load reads.
Value getTileLoadView(Operation *load);
/// The position operands of a tile.load_tile or tile.load_at: its tile
/// indices or its element offsets.
OperandRange getTileLoadPosition(Operation *load);

/// What a TMA copy of a tile.load_tile or tile.load_at needs beyond its
/// descriptor type, for the loads that tile-warp-specialize and
/// tile-pipeline copy (TmaLoadOptions says which of these it takes).
struct TmaLoadPlan {
  layout::TensorDescType descType;
  /// A tile.load_at: the copy's coordinates are the load's element offsets
  /// (getTmaLoadCoords), not tile indices times the tile.
  bool elementOffsets = false;
  /// A rank-2 load with `order = [1, 0]` (a wgmma operand read
  /// transposed): the box is the tile in view order (descType's block is
  /// the tile's shape reversed) and the slot holds it so; the caller swaps
  /// the tile indices (getTmaLoadCoords does).
  bool transposed = false;
  /// The view's pointer is a kernel parameter `base` advanced by
  /// sum(offsetIndices[i] * offsetStrides[i]) elements (a head's slice of
  /// a [B, H, N, d] tensor: b * sb + h * sh), each stride a kernel
  /// parameter or a constant: the descriptor is that of a view of `base`
  /// with one leading dim per term (stride offsetStrides[i], extent
  /// kTmaUnboundedExtent, box 1) before the view's own, and a copy's
  /// coordinates on them are offsetIndices. Empty when the view's pointer
  /// is the parameter itself.
  Value base;
  SmallVector<Value> offsetIndices, offsetStrides;
};

/// The extent of a descriptor dim that stands for a pointer offset term:
/// the pointer arithmetic it replaces has no bound, so neither has the dim
/// (INT32_MAX; the driver takes extents up to 2^32).
constexpr int64_t kTmaUnboundedExtent = 0x7fffffff;

struct TmaLoadOptions {
  /// Take `order = [1, 0]` rank-2 loads (TmaLoadPlan::transposed).
  bool allowTransposed = false;
  /// Take views of a parameter plus offsets (TmaLoadPlan::base).
  bool allowOffsetBase = false;
};

/// Why `load` (in a tile.kernel) cannot be one TMA copy on a target of
/// `computeCapability` (the rules of tile-use-tma, docs/Passes.md, and what
/// `options` add), or "" when it can; then `plan` is filled in, its
/// descType the descriptor tile-use-tma would give the load (the tile as
/// the block, #layout.nvmma_shared with the widest swizzle its rows take).
/// A tile of rank 3 to 5 with extent 1 on its leading dims is taken too,
/// its block lying in shared memory as the matrix of its last two dims
/// (`descType.getMatrixShape()`: what a ring slot holds; tile-pipeline's
/// and tile-warp-specialize's schedules only take such tiles through a
/// tile.reshape to that matrix).
/// `load` is a tile.load_tile or a tile.load_at (whose tile dims walk the
/// view axes of its `dims`; the block has extent 1 on the others).
std::string whyNotTmaLoad(Operation *load, unsigned computeCapability,
                          TmaLoadPlan &plan, TmaLoadOptions options);

/// The descriptor of `plan` for `view` (the view of a load it was made
/// for), at `b`: for an offset base, of a view of the base parameter with
/// the offset dims first (built at `b` from parameters and constants).
Value createTmaDesc(OpBuilder &b, Location loc, Value view,
                    const TmaLoadPlan &plan);

/// The coordinates of the TMA copy of a load with `plan`, from the load's
/// position (getTileLoadPosition: tile indices in tile order, or the
/// element offsets of a tile.load_at) and the offset indices (both as the
/// copy sees them: mapped into its region by the caller).
SmallVector<Value> getTmaLoadCoords(OpBuilder &b, Location loc,
                                    ValueRange indices,
                                    ValueRange offsetIndices,
                                    const TmaLoadPlan &plan);
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
