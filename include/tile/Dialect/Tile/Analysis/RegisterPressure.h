//===- RegisterPressure.h - Registers a kernel's tensors need ---*- C++ -*-===//
//
// An estimate, at the tile level (every tensor has its layout), of the
// 32-bit registers per thread the tensors of a kernel hold at its busiest
// point: a backward liveness scan over each block, where a value counts from
// its definition to its last use, and values live around a loop or branch
// count inside it too. tile-compile compares it with what the assembler
// reports (spills, registers that cap occupancy) and names the tensors
// responsible (docs/tile-compile.md, "Register remarks").
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_ANALYSIS_REGISTERPRESSURE_H
#define TILE_DIALECT_TILE_ANALYSIS_REGISTERPRESSURE_H

#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace tile::tl {

/// 32-bit registers one thread needs to hold `type` in its distributed
/// layout (one per element, two for 64-bit elements), saturated at 2^40;
/// std::nullopt when the type has no distributed layout.
std::optional<int64_t> getTensorRegistersPerThread(mlir::RankedTensorType type);

/// A tensor live at the busiest point.
struct LiveTensor {
  mlir::Value value;
  int64_t registers = 0;
};

struct RegisterPressure {
  /// The estimated 32-bit registers per thread held by tensors at the
  /// busiest op; 0 when the kernel has no tensors with layouts.
  int64_t peak = 0;
  /// That op (null when peak is 0).
  mlir::Operation *peakOp = nullptr;
  /// The tensors live there, largest first.
  llvm::SmallVector<LiveTensor> live;
};

/// The estimate for `kernel`, whose tensors must have layouts (after
/// tile-assign-layouts); tensors without one are not counted.
RegisterPressure estimateRegisterPressure(KernelOp kernel);

} // namespace tile::tl

#endif // TILE_DIALECT_TILE_ANALYSIS_REGISTERPRESSURE_H
