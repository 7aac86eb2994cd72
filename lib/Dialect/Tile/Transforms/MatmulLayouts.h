//===- MatmulLayouts.h - Layouts chosen for a tile.dot -----------*- C++ -*-===//
//
// The matmul part of layout assignment: for a tile.dot written without
// layouts, the tensor-core layout of its accumulator and how its operands
// reach the tensor cores (registers in dot-operand layouts, or shared
// memory for wgmma).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_DIALECT_TILE_TRANSFORMS_MATMULLAYOUTS_H
#define TILE_LIB_DIALECT_TILE_TRANSFORMS_MATMULLAYOUTS_H

#include "tile/Dialect/Tile/IR/TileDialect.h"

#include <optional>
#include <string>

namespace tile::tl {

struct DotLayoutChoice {
  /// Layout of C and D.
  Attribute accumulator;
  /// Register layouts of A and B (mma.sync, FMA), or the shared layouts of
  /// their buffers (wgmma).
  Attribute a, b;
  bool operandsInSharedMemory = false;
  /// wgmma with A in registers (`a` is then a dot-operand layout): A comes
  /// from the accumulator of another dot (attention's P * V).
  bool aInRegisters = false;
  /// Why a faster instruction was not chosen (for remarks); empty if none.
  std::string whyNotFaster;
};

/// The layouts of `dot` for a kernel of `numWarps` warps on a GPU of compute
/// capability `computeCapability`: wgmma (sm_90, rank 2, M a multiple of
/// 64, num_warps a multiple of 4, K a multiple of the instruction's),
/// else mma.sync (K a multiple of the instruction's), else FMA. The
/// warps and instruction shape follow Triton's AccelerateMatmul.
DotLayoutChoice chooseDotLayouts(DotOp dot, int64_t numWarps,
                                 int computeCapability);

/// The shared layout for the B operand `b` (in registers, with its
/// layout) of a wgmma whose layouts `chooseDotLayouts` chose (`chosen`,
/// N-major for 16-bit types): K-major instead when b's registers run
/// longer along K than along N (K^T read from K's rows), so that storing
/// it writes vectors instead of single elements.
Attribute chooseWgmmaBLayout(Attribute chosen, RankedTensorType b);

} // namespace tile::tl

#endif // TILE_LIB_DIALECT_TILE_TRANSFORMS_MATMULLAYOUTS_H
