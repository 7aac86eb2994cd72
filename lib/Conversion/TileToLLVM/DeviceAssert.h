//===- DeviceAssert.h - Device-side assertion failures ----------*- C++ -*-===//
//
// Private to lib/Conversion/TileToLLVM: the __assertfail call of
// tile.assert (DebugOpToLLVM.cpp), shared with the checks the lowering adds
// when asserts are enabled (the bounded mbarrier wait, MBarrierOpToLLVM.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_CONVERSION_TILETOLLVM_DEVICEASSERT_H
#define TILE_LIB_CONVERSION_TILETOLLVM_DEVICEASSERT_H

#include "mlir/IR/Builders.h"

namespace tile {

/// The unit attribute ConvertTileToLLVM puts on each layout.wait_barrier of
/// a kernel with asserts enabled: its wait gives up after
/// kBoundedWaitNanoseconds and fails with a device assert instead of
/// hanging.
inline constexpr llvm::StringLiteral kBoundedWaitAttr = "tile.bounded_wait";
inline constexpr int64_t kBoundedWaitNanoseconds = 10'000'000'000;

/// Where `fails` (i1) holds, the thread calls __assertfail(message, file,
/// line, function, 1) with `op`'s file and line and its enclosing function
/// or kernel: the kernel stops with CUDA's device-side assert error.
void emitAssertFail(mlir::OpBuilder &b, mlir::Location loc, mlir::Operation *op,
                    mlir::Value fails, llvm::StringRef message);

} // namespace tile

#endif // TILE_LIB_CONVERSION_TILETOLLVM_DEVICEASSERT_H
