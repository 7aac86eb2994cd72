//===- Libdevice.h - Math functions for the NVPTX back end ------*- C++ -*-===//
//
// Internal to TileTarget.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_TARGET_LIBDEVICE_H
#define TILE_LIB_TARGET_LIBDEVICE_H

#include "tile/Support/LLVM.h"

#include "llvm/Support/Error.h"

namespace llvm {
class Module;
} // namespace llvm

namespace tile::detail {

/// Replaces calls of math intrinsics the NVPTX back end cannot select
/// (llvm.exp, llvm.sin, llvm.pow, ... on f16/bf16/f32/f64 scalars) by calls
/// to the libdevice functions (`__nv_expf`, ...).
void rewriteMathIntrinsicsToLibdevice(llvm::Module &module);

/// Links the libdevice functions `module` declares (`__nv_*`) from the CUDA
/// toolkit and makes them internal, so the optimizer inlines and drops them.
llvm::Error linkLibdeviceIfNeeded(llvm::Module &module);

/// Fails when `module` calls a declared function that is neither an
/// intrinsic nor part of the CUDA device runtime (vprintf, malloc, ...).
llvm::Error verifyDeviceCallsResolved(llvm::Module &module);

} // namespace tile::detail

#endif // TILE_LIB_TARGET_LIBDEVICE_H
