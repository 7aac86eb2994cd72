//===- AxisBits.h - Where the bits of one axis live -------------*- C++ -*-===//
//
// For the ops that keep the axis they work along (tile.scan, tile.sort,
// tile.topk): which hardware bit (register, lane or warp) of a distributed
// layout holds each bit of the axis coordinate. Read off the linear layout
// alone, so that the pass can size shared memory and explain a layout it
// cannot lower before the conversion.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_TILETOLLVM_AXISBITS_H
#define LIB_CONVERSION_TILETOLLVM_AXISBITS_H

#include "tile/LinearLayout/LinearLayout.h"
#include "tile/Support/LLVM.h"

#include <optional>
#include <string>

namespace tile {

struct AxisBits {
  enum class Level { Register, Lane, Warp };
  struct Bit {
    Level level;
    int hwBit;
  };
  /// Indexed by the bit of the axis coordinate: log2(axis size) entries.
  SmallVector<Bit> bits;
  /// Register bits that move along the axis.
  int32_t regAxisMask = 0;
};

/// The axis bits of `layout` (out dims = tensor dims) along `axis`, or
/// nullopt with the reason in `why`: a basis that moves along the axis and
/// another dim, or by a step that is not a power of two, two hardware bits
/// with the same step, or blocks of a cluster along the axis.
std::optional<AxisBits> analyzeAxisBits(const LinearLayout &layout,
                                        int64_t axis, std::string *why);

} // namespace tile

#endif // LIB_CONVERSION_TILETOLLVM_AXISBITS_H
