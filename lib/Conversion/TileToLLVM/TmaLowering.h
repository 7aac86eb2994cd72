//===- TmaLowering.h - TMA descriptors, TMA copies, mbarriers ---*- C++ -*-===//
//
// What convert-tile-to-llvm needs for the ops of TmaOps.td and
// tile.make_tensor_desc: turning each descriptor into a hidden kernel
// parameter (TmaDescriptors.cpp), and the patterns of the TMA copies and
// fences (TmaOpToLLVM.cpp) and of the mbarriers (MBarrierOpToLLVM.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_CONVERSION_TILETOLLVM_TMALOWERING_H
#define TILE_LIB_CONVERSION_TILETOLLVM_TMALOWERING_H

#include "tile/Support/LLVM.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"

namespace tile {

class TileLLVMTypeConverter;
namespace tl {
class KernelOp;
} // namespace tl

/// Replaces every tile.make_tensor_desc of `kernel` by a hidden parameter of
/// its !layout.tensordesc type, appended after the kernel's parameters
/// (identical descriptors of one view share one), whose `tile.tma`
/// argument attribute records how the launcher builds it: which parameters
/// are the view's pointer, extents and strides. Emits located diagnostics
/// and fails when a view is not made of kernel parameters and constants, or
/// its constant strides are not 16-byte multiples.
LogicalResult materializeTmaDescriptors(tl::KernelOp kernel);

/// Replaces every tile.global_tensor of `kernel` by a hidden !tile.ptr
/// parameter appended to the kernel, with its recipe (kGlobalTensorArgAttr:
/// shape_args, shape, element_bytes, zeroed) for the launcher
/// (GlobalTensors.cpp). The op's verifier has checked what this needs.
void materializeGlobalTensors(tl::KernelOp kernel);

/// True for the ops of TmaOps.td (which need sm_90).
bool isTmaOrMBarrierOp(Operation *op);

/// Why a TMA or mbarrier op cannot be lowered ("" if it can).
std::string whyTmaOpNotLowerable(Operation *op);

/// `tid.x == 0`: the thread that issues the program's single-thread
/// operations (TMA copies, mbarrier init/expect/arrive/inval).
Value emitIsIssuingThread(OpBuilder &b, Location loc);

/// layout.async_tma_copy_global_to_local, async_tma_copy_local_to_global,
/// async_tma_store_wait, fence_async_shared.
void populateTmaOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                 RewritePatternSet &patterns);
/// layout.init_barrier, barrier_expect, arrive_barrier, wait_barrier,
/// inval_barrier.
void populateMBarrierOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                      RewritePatternSet &patterns);

} // namespace tile

#endif // TILE_LIB_CONVERSION_TILETOLLVM_TMALOWERING_H
