//===- SharedMemoryTransfer.h - Moving registers between layouts -*- C++ -*-===//
//
// Internal to the TileToLLVM library: the linear layouts of the ops that
// move a tensor from one distribution to another (layout.convert,
// tile.broadcast, tile.expand_dims), and the general shared-memory round
// trip they fall back to.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_TILETOLLVM_SHAREDMEMORYTRANSFER_H
#define LIB_CONVERSION_TILETOLLVM_SHAREDMEMORYTRANSFER_H

#include "tile/LinearLayout/ConversionChoice.h"
#include "tile/LinearLayout/ConversionPlan.h"
#include "tile/LinearLayout/LinearLayout.h"
#include "tile/Support/LLVM.h"

#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>

namespace tile {

class TileLLVMTypeConverter;

/// The layout of the source, and the layout of the result written in the
/// source's coordinates: for a broadcast, the broadcast dims are zeroed; for
/// expand_dims, the inserted unit dim is dropped; for a convert, unchanged.
/// Each result register then needs the source element at the coordinates
/// `dstInSrcSpace` gives it.
struct ReshapeLayouts {
  LinearLayout src;
  LinearLayout dstInSrcSpace;
};
std::optional<ReshapeLayouts> getReshapeLayouts(Operation *op,
                                                RankedTensorType srcType,
                                                RankedTensorType dstType);

/// True when the op needs no data movement between threads.
bool isRegisterOnlyTransfer(const ReshapeLayouts &layouts);

/// Shared-memory bytes transferThroughSharedMemory needs for a source of
/// layout `src` and elements of `elementType`.
int64_t getTransferScratchBytes(const LinearLayout &src, Type elementType);

/// Every thread stores its (distinct) registers of `src` at the row-major
/// offset of their element, a barrier, then every thread loads the elements
/// of its registers of `dst` (in the same coordinates). Starts with a
/// barrier, so the scratch area may be reused from op to op.
SmallVector<Value> transferThroughSharedMemory(OpBuilder &b, Location loc,
                                               const LinearLayout &src,
                                               ArrayRef<Value> srcRegs,
                                               const LinearLayout &dst,
                                               Type elementType);

/// Row-major linear index (i32) of `coords` in a tensor of `shape`.
Value linearize(OpBuilder &b, Location loc, ArrayRef<Value> coords,
                ArrayRef<int32_t> shape);

/// The out-dim sizes of a layout as a shape.
SmallVector<int32_t> getOutShape(const LinearLayout &layout);

/// `layout` with each output coordinate vector mapped by `srcDimOf`: output
/// d goes to dim srcDimOf[d] of the result, or is dropped when it is -1. The
/// result has the output dims `outDims`.
LinearLayout projectOutputs(const LinearLayout &layout,
                            ArrayRef<int> srcDimOf,
                            const LinearLayout::DimSizes &outDims);

//===----------------------------------------------------------------------===//
// layout.convert strategies
//===----------------------------------------------------------------------===//

/// How one layout.convert is lowered (ConversionChoice.h).
using ConvertLowering = ConversionChoice;

/// Chooses the lowering of a layout.convert from `layouts.src` to
/// `layouts.dstInSrcSpace` of elements of `elementType` (a tile or LLVM
/// element type) under `strategy`.
ConvertLowering planConvertLowering(const ReshapeLayouts &layouts,
                                    Type elementType,
                                    ConvertStrategy strategy);

/// The strategy for each layout.convert op, filled by the pass before the
/// conversion (ops not in it use Auto).
using ConvertStrategyMap = llvm::DenseMap<Operation *, ConvertStrategy>;

/// populateConvertLayoutOpToLLVMPatterns with per-op strategies; `strategies`
/// must outlive the conversion.
void populateConvertLayoutOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                           RewritePatternSet &patterns,
                                           const ConvertStrategyMap *strategies);

/// Emits `plan` (checked by verifyWarpShufflePlan) on the source registers
/// `srcRegs` (LLVM scalars of up to 64 bits): the destination registers.
/// Values travel as 32-bit pieces through `shfl.sync.idx`.
SmallVector<Value> emitWarpShuffleConversion(OpBuilder &b, Location loc,
                                             const WarpShufflePlan &plan,
                                             ArrayRef<Value> srcRegs);

/// Shared-memory bytes a tile.reduce needs (0 for none or another op).
int64_t getReduceScratchBytes(Operation *op);
/// Why a tile.reduce cannot be lowered, or the empty string.
std::string whyReduceNotLowerable(Operation *op);
/// Likewise for tile.scan (ScanOpToLLVM.cpp) and for tile.sort and
/// tile.topk (SortOpToLLVM.cpp).
int64_t getScanScratchBytes(Operation *op);
std::string whyScanNotLowerable(Operation *op);
int64_t getSortScratchBytes(Operation *op);
std::string whySortNotLowerable(Operation *op);
/// Shared-memory bytes a shape op (tile.trans, reshape, join, split, cat)
/// needs: 0 unless its layouts are not a relabeling (ShapeOpToLLVM.cpp).
int64_t getShapeOpScratchBytes(Operation *op);

} // namespace tile

#endif // LIB_CONVERSION_TILETOLLVM_SHAREDMEMORYTRANSFER_H
