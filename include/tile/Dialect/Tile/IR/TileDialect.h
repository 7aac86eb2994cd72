//===- TileDialect.h - The tile dialect --------------------------*- C++ -*-===//
//
// The dialect, its types, enumerations and operations (namespace tile::tl).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_TILEDIALECT_H
#define TILE_DIALECT_TILE_IR_TILEDIALECT_H

#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Support/LLVM.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tile/Dialect/Tile/IR/TileDialect.h.inc"
#include "tile/Dialect/Tile/IR/TileEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tile/Dialect/Tile/IR/TileAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tile/Dialect/Tile/IR/TileTypes.h.inc"

#define GET_OP_CLASSES
#include "tile/Dialect/Tile/IR/TileOps.h.inc"

namespace tile::tl {

/// The argument attribute of a hidden TMA descriptor parameter of a kernel
/// (a !layout.tensordesc): the dictionary that tells the launcher how to
/// build it (docs/Lowering.md, "TMA descriptors").
inline constexpr llvm::StringLiteral kTmaDescriptorArgAttr = "tile.tma";

/// The argument attribute of a hidden global-tensor parameter (a !tile.ptr
/// made from a tile.global_tensor): how many bytes the launcher allocates
/// and whether it zeroes them (docs/Lowering.md, "Global tensors").
inline constexpr llvm::StringLiteral kGlobalTensorArgAttr =
    "tile.global_tensor";
/// Unit attribute of a tile.kernel or a builtin.module: its tile.assert ops
/// are compiled in (as convert-tile-to-llvm's enable-asserts option does for
/// every kernel).
inline constexpr llvm::StringLiteral kEnableAssertsAttr = "tile.enable_asserts";

/// The most programs a thread-block cluster has without the driver's
/// non-portable opt-in (tile.kernel's `cluster_dims`).
inline constexpr int64_t kMaxPortableClusterSize = 8;

/// True if `n` is a positive power of two.
inline bool isPowerOf2(int64_t n) { return n > 0 && (n & (n - 1)) == 0; }

/// `type` with its element type replaced: a tensor keeps its shape and
/// encoding; a scalar becomes `elementType`.
Type replaceElementType(Type type, Type elementType);

/// The view axis with a static stride of 1 of a view made by
/// tile.make_view (the last axis of a compact row-major view; for a view
/// with a #layout.strided, the axis whose coalesced mode starts with a
/// stride-1 leaf, ViewLayout.h), or -1.
int64_t getUnitStrideAxis(Value view);

/// The default layout of an asynchronous copy of a `shape` tile of
/// `elementBytes`-byte elements by `numWarps` warps of 32 lanes, whose dim
/// `contiguousDim` is contiguous in global memory (tile.async_load_tile
/// without `layout`): a #layout.blocked with
///  - vec = min(16 / elementBytes, shape[contiguousDim]) elements per thread
///    along the contiguous dim (at least one), halved while the tile has
///    fewer than 32 * numWarps * vec elements and vec * elementBytes > 4;
///  - the lanes along the contiguous dim first (as many as fit its extent
///    in vectors), then along the other dims from the innermost out, any
///    left over on the contiguous dim again;
///  - the warps along the other dims from the outermost in (as many as fit
///    what the lanes leave of each extent), any left over on the contiguous
///    dim;
///  - order: the contiguous dim first, then the others from the last.
/// The result may still replicate elements over threads when the tile has
/// fewer elements than threads (verifyAsyncCopyLayout then says so).
Attribute getDefaultAsyncCopyLayout(MLIRContext *ctx, ArrayRef<int64_t> shape,
                                    int64_t elementBytes,
                                    int64_t contiguousDim, int64_t numWarps);

/// The kernel's num_warps, put on a tile.warp_specialize by
/// convert-tile-to-llvm before the kernel it stands in becomes an llvm.func.
inline constexpr llvm::StringLiteral kDefaultWarpsAttr =
    "tile.default_num_warps";

/// A region of a tile.warp_specialize: the op and the partition's index
/// (0: the default partition).
struct WarpPartition {
  WarpSpecializeOp op;
  unsigned index;

  /// Warps of one replica (the partition's `warps(W)`).
  int32_t getNumWarps() { return op.getPartitionWarps(index); }
  /// The first warp of the partition's first replica.
  int32_t getFirstWarp() { return op.getPartitionFirstWarp(index); }
  int32_t getReplicaCount() { return op.getPartitionReplicaCount(index); }
  /// The named barrier of the first replica (replica r has first + r).
  int32_t getFirstBarrier() { return op.getPartitionFirstBarrier(index); }
};

/// The innermost warp_specialize partition that holds `block` (or `op`).
std::optional<WarpPartition> getWarpPartition(Block *block);
std::optional<WarpPartition> getWarpPartition(Operation *op);

/// The warps that run `op`: its warp_specialize partition's, else the
/// enclosing kernel's num_warps (0 outside a kernel).
int32_t getNumWarpsAt(Operation *op);

/// Gives every CuTe TV layout (#layout.tv) in `kernel` that spans fewer
/// warps than the kernel's num_warps `warps = num_warps`: the other warps
/// hold copies (zero warp bases). Run by tile-assign-layouts and
/// convert-tile-to-llvm, so a TV layout of 8 threads works in any kernel.
void replicateThreadValueLayouts(KernelOp kernel);

} // namespace tile::tl

#endif // TILE_DIALECT_TILE_IR_TILEDIALECT_H
