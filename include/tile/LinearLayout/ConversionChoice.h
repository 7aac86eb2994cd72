//===- ConversionChoice.h - How a layout conversion is carried out -*- C++
//-*-===//
//
// The decision the lowering of layout.convert makes, as a pure function of
// the two linear layouts and the element size, so that the lowering, its
// remarks, `tile-layout --convert-to` and the layout report all show the
// same choice: registers only, warp shuffles, or a shared-memory round trip,
// with the cost model's estimates (ConversionPlan.h).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LINEARLAYOUT_CONVERSIONCHOICE_H
#define TILE_LINEARLAYOUT_CONVERSIONCHOICE_H

#include "tile/LinearLayout/ConversionPlan.h"
#include "tile/Support/LLVM.h"

#include <optional>
#include <string>
#include <utility>

namespace tile {

//===----------------------------------------------------------------------===//
// Registers of a thread
//===----------------------------------------------------------------------===//

/// The compile-time coordinates of register `reg` at lane = warp = block = 0
/// (in output-dim order).
SmallVector<int32_t> getRegisterCoords(const LinearLayout &layout, int32_t reg);

/// The coordinates of one element packed into one integer, dim 0 in the low
/// bits (each dim takes log2 of its size).
uint64_t flattenCoords(const LinearLayout &layout, ArrayRef<int32_t> coords);

/// For every register of `dst`, a register of `src` holding the same element
/// in every thread, when both layouts have the same output dims and the same
/// thread part; std::nullopt otherwise. Broadcast registers of `src` are
/// never needed twice, and registers that `dst` duplicates map to the same
/// source register.
std::optional<SmallVector<unsigned>> matchRegisters(const LinearLayout &src,
                                                    const LinearLayout &dst);

/// The value of output `name` of `layout` at the named inputs `ins` (inputs
/// not named are 0).
int32_t applyNamed(const LinearLayout &layout,
                   ArrayRef<std::pair<std::string, int32_t>> ins,
                   StringRef name);

//===----------------------------------------------------------------------===//
// The choice
//===----------------------------------------------------------------------===//

/// Which lowering a layout.convert that moves data between threads may use
/// (the convert-strategy option of convert-tile-to-llvm, or the
/// `tile.convert_strategy` attribute of a kernel).
enum class ConvertStrategy {
  /// The cheaper of warp shuffles and shared memory (the cost model of
  /// ConversionPlan.h); shared memory when no shuffle plan exists.
  Auto,
  /// Always the shared-memory round trip.
  Shared,
  /// Warp shuffles whenever a plan exists; shared memory otherwise.
  Shuffle,
};
std::optional<ConvertStrategy> parseConvertStrategy(StringRef name);

/// How one conversion is carried out.
struct ConversionChoice {
  enum class Kind { Registers, Shuffle, SharedMemory };
  Kind kind = Kind::SharedMemory;
  /// For Kind::Shuffle: the checked plan.
  std::optional<WarpShufflePlan> shufflePlan;
  /// For Kind::SharedMemory: the checked swizzled plan, or none for the
  /// row-major round trip.
  std::optional<SharedMemoryPlan> sharedPlan;
  /// Shared-memory bytes it needs (0 unless Kind::SharedMemory).
  int64_t scratchBytes = 0;
  /// Estimated costs (ConversionCostModel units; -1 where not computed).
  int64_t shuffleCost = -1;
  int64_t sharedCost = -1;
  /// Why the shuffle path was not taken (empty when it was, or when it was
  /// never considered).
  std::string whyNotShuffle;
};

/// Chooses how to convert a tensor of `elemBits`-bit elements from the
/// distributed layout `src` to `dst` (same output dims) under `strategy`.
ConversionChoice chooseConversion(const LinearLayout &src,
                                  const LinearLayout &dst, int elemBits,
                                  ConvertStrategy strategy);

/// One line describing `choice`: "registers only", "warp shuffles (...)",
/// "shared memory (...)" with the plan's size and the estimated costs (the
/// text of the convert-remarks remark).
std::string describeConversionChoice(const ConversionChoice &choice);

} // namespace tile

#endif // TILE_LINEARLAYOUT_CONVERSIONCHOICE_H
