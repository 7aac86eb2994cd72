//===- AxisInfo.h - Contiguity and divisibility of integers -----*- C++ -*-===//
//
// A small forward analysis of integer and pointer values in a tile kernel
// (Triton's AxisInfo idea): for every dimension of a tensor, how long the
// runs of consecutive values are, how long the runs of equal values are, and
// which power of two divides the first value of every run. Layout
// assignment uses it to find the axis along which a tensor of pointers
// addresses consecutive memory, and how wide the accesses may be.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_ANALYSIS_AXISINFO_H
#define TILE_DIALECT_TILE_ANALYSIS_AXISINFO_H

#include "tile/Support/LLVM.h"

#include "llvm/ADT/DenseMap.h"

namespace mlir::scf {
class ForOp;
} // namespace mlir::scf

namespace tile::tl {

/// What is known about the values of an integer or pointer tensor (a scalar
/// is a tensor of rank 0 for this purpose). Per dimension d:
/// - contiguity[d]: the values come in runs of this many consecutive
///   integers (pointers: consecutive elements) along d;
/// - constancy[d]: they come in runs of this many equal values along d;
/// - divisibility[d]: the first value of every run along d is a multiple of
///   this power of two (pointers: an address aligned to this many bytes).
/// All three are powers of two and at least 1.
struct AxisInfo {
  SmallVector<int64_t> contiguity;
  SmallVector<int64_t> constancy;
  SmallVector<int64_t> divisibility;
  /// The value of a scalar, or of every element of a constant tensor.
  std::optional<int64_t> constant;

  int64_t getRank() const { return contiguity.size(); }
};

/// Computes AxisInfo on demand for the values of one kernel, with the
/// `tile.divisibility` of its parameters as the starting facts.
class AxisInfoAnalysis {
public:
  explicit AxisInfoAnalysis(Operation *kernel) : kernel(kernel) {}

  /// The facts about `value` (an integer, index or !tile.ptr scalar, or a
  /// ranked tensor of them). Unknown values get the weakest facts.
  const AxisInfo &get(Value value);

  /// The largest power of two known to divide a scalar (bytes for
  /// pointers).
  int64_t getDivisibility(Value scalar);

private:
  AxisInfo compute(Value value);
  /// An induction variable or iteration argument of an scf.for.
  AxisInfo loopArgInfo(mlir::scf::ForOp forOp, BlockArgument arg);

  Operation *kernel;
  llvm::DenseMap<Value, AxisInfo> cache;
};

/// The largest power of two dividing `v` (a large power for 0).
int64_t highestPowerOf2Divisor(int64_t v);

} // namespace tile::tl

#endif // TILE_DIALECT_TILE_ANALYSIS_AXISINFO_H
