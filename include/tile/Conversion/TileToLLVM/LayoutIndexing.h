//===- LayoutIndexing.h - Index arithmetic from linear layouts --*- C++ -*-===//
//
// Index arithmetic read off a distributed layout's linear form: the names
// of its input dims, the thread's hardware ids (lane, warp, block), the
// and/shift/xor plan that applies a linear layout to run-time values, the
// broadcast bits (register coordinates and the registers two layouts share
// are in ConversionChoice.h), and the vector width a layout allows along a dim.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSION_TILETOLLVM_LAYOUTINDEXING_H
#define TILE_CONVERSION_TILETOLLVM_LAYOUTINDEXING_H

#include "tile/LinearLayout/ConversionChoice.h"
#include "tile/LinearLayout/LinearLayout.h"
#include "tile/Support/LLVM.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringMap.h"

#include <optional>
#include <string>
#include <utility>

namespace tile {

/// Names of the input dims of a distributed layout's linear form.
inline constexpr llvm::StringLiteral kRegister = "register";
inline constexpr llvm::StringLiteral kLane = "lane";
inline constexpr llvm::StringLiteral kWarp = "warp";
inline constexpr llvm::StringLiteral kBlock = "block";

/// Threads per warp on every target we support.
inline constexpr int kWarpSize = 32;

//===----------------------------------------------------------------------===//
// Applying a linear layout to run-time values
//===----------------------------------------------------------------------===//

/// One term of an output coordinate: `(input & mask)` shifted left by
/// `shift` (right when negative). An output is the XOR of its terms.
struct LinearLayoutTerm {
  unsigned inDim; // index into the layout's input dims
  uint32_t mask;
  int shift;
};

/// How to compute each output of a linear layout from its inputs with and,
/// shift and xor: the bits of every input whose images move by the same
/// amount are gathered into one masked shift.
struct LinearLayoutApplyPlan {
  SmallVector<std::string> inDims;
  SmallVector<std::string> outDims;
  /// Terms per output dim, in output-dim order.
  SmallVector<SmallVector<LinearLayoutTerm>> terms;

  static LinearLayoutApplyPlan build(const LinearLayout &layout);
  /// Evaluates the plan on concrete inputs (in input-dim order); it agrees
  /// with LinearLayout::apply. Used for constant folding and in tests.
  SmallVector<int32_t> evaluate(ArrayRef<int32_t> ins) const;
};

/// Emits the outputs of `layout` (one i32 per output dim, in output-dim
/// order) for the inputs `ins` (i32 values, by input-dim name; a missing
/// input is 0). Inputs that are constants are folded, so that an all-constant
/// call emits only constants.
SmallVector<Value>
applyLinearLayout(OpBuilder &b, Location loc, const LinearLayout &layout,
                  ArrayRef<std::pair<std::string, Value>> ins);

//===----------------------------------------------------------------------===//
// Distributed tensors
//===----------------------------------------------------------------------===//

/// The lane and warp index of the current thread (i32), and the block (0).
struct HardwareIds {
  Value lane;
  Value warp;
  Value block;
};
HardwareIds getHardwareIds(OpBuilder &b, Location loc);

/// The coordinates (i32, one per tensor dim) of every register of the
/// current thread in a tensor distributed by `layout` ((register, lane,
/// warp, block) -> (dim0, ...)). The thread part is computed once; each
/// register XORs its compile-time constant into it.
SmallVector<SmallVector<Value>> emitIndices(OpBuilder &b, Location loc,
                                            const LinearLayout &layout);

/// The layout restricted to its thread inputs (lane, warp, block).
LinearLayout getThreadPart(const LinearLayout &layout);

/// Per input dim of `layout` (by name), the mask of bits that are broadcast
/// copies: their basis is in the span of the bases before them (in input
/// dim and bit order).
llvm::StringMap<int32_t> getBroadcastMasks(const LinearLayout &layout);

/// The i1 that is true in the threads holding the first copy of the
/// elements of a tensor distributed by `layout` (their broadcast lane and
/// warp bits are 0), so that a store writes each element once; null when
/// no two threads hold the same element.
Value emitFirstCopyCondition(OpBuilder &b, Location loc,
                             const LinearLayout &layout);

//===----------------------------------------------------------------------===//
// Vector widths
//===----------------------------------------------------------------------===//

/// The number of consecutive registers (a power of two, at most `maxWidth`)
/// that hold consecutive elements along output dim `dim`, starting at an
/// element whose coordinate along `dim` is a multiple of it, in every
/// thread: registers r, r+1, ..., r+v-1 (r a multiple of v) hold x, x+1,
/// ..., x+v-1 along `dim` and equal coordinates elsewhere.
int getVectorWidth(const LinearLayout &layout, int dim, int maxWidth);

} // namespace tile

#endif // TILE_CONVERSION_TILETOLLVM_LAYOUTINDEXING_H
