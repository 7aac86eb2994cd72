//===- Patterns.h - Patterns of convert-tile-to-llvm ------------*- C++ -*-===//
//
// The conversion patterns of the tile language to LLVM + NVVM, grouped by
// the kind of op, and the facts the pass and the patterns share (the names
// of the attributes on lowered kernels, the shared-memory scratch of an op).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSION_TILETOLLVM_PATTERNS_H
#define TILE_CONVERSION_TILETOLLVM_PATTERNS_H

#include "tile/Support/LLVM.h"

#include "mlir/IR/PatternMatch.h"

namespace tile {

class TileLLVMTypeConverter;

/// Attributes of a lowered kernel (an llvm.func with nvvm.kernel), read by
/// the driver for the launch metadata.
inline constexpr llvm::StringLiteral kNumWarpsAttr = "tile.num_warps";
inline constexpr llvm::StringLiteral kSharedBytesAttr = "tile.shared_bytes";
inline constexpr llvm::StringLiteral kArgTypesAttr = "tile.arg_types";
/// Per parameter, its name in the kernel's source (when known).
inline constexpr llvm::StringLiteral kArgNamesAttr = "tile.arg_names";
/// Per parameter, the tile.divisibility promise of the kernel (1: none).
inline constexpr llvm::StringLiteral kArgDivisibilityAttr =
    "tile.arg_divisibility";

/// Module attribute: the PTX target the lowered code needs when it is more
/// specific than the requested arch (e.g. "sm_90a" for wgmma).
inline constexpr llvm::StringLiteral kTargetArchAttr = "tile.target_arch";

/// Module attribute (i32, 84 for 8.4): the oldest PTX ISA version the
/// lowered code needs when it is newer than the one the requested arch
/// implies (fp8 mma.sync needs 8.4; tile emits 8.0 for sm_90). The driver
/// emits the newer of the two (tile::getLoweredPTXVersion).
inline constexpr llvm::StringLiteral kPTXVersionAttr = "tile.ptx_version";

/// Benefit of the patterns that must win over upstream ones for the same
/// op (elementwise ops on tensors, fast math on f32).
inline constexpr unsigned kTileBenefit = 10;

/// tile.kernel, tile.return, tile.program_id, tile.num_programs.
void populateKernelOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                    RewritePatternSet &patterns);
/// tile.cluster_cta_rank, cluster_id, num_clusters, cluster_arrive,
/// cluster_wait (ClusterOpToLLVM.cpp).
void populateClusterOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                     RewritePatternSet &patterns);
/// layout.warp_any (WarpVoteOpToLLVM.cpp).
void populateWarpVoteOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                      RewritePatternSet &patterns);
/// tile.warp_id (WarpSpecializeOpToLLVM.cpp).
void populateWarpIdOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                    RewritePatternSet &patterns);
/// Before sm_90 (`computeCapability` below 90 is the caller's test): why a
/// kernel with `cluster_dims` or a cluster op cannot be lowered ("" when
/// `op` is neither).
std::string whyClusterNotLowerable(Operation *op);
/// tile.make_view, tile.load_tile, tile.store_tile, tile.load_at,
/// tile.store_at.
void populateViewOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                  RewritePatternSet &patterns);
/// tile.arange, tile.splat, tile.addptr, tile.load, tile.store,
/// tile.broadcast, tile.expand_dims.
void populatePointerOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                     RewritePatternSet &patterns);
/// tile.atomic_rmw and tile.atomic_cas (inline PTX atom/red).
void populateAtomicOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                    RewritePatternSet &patterns);
/// Shared-memory bytes an atomic needs to hand its old values to the
/// threads that hold copies of its elements (0 for none or another op).
int64_t getAtomicScratchBytes(Operation *op);
/// Why an atomic cannot be lowered for compute capability
/// `computeCapability`, or the empty string (also for other ops).
std::string whyAtomicNotLowerable(Operation *op, int computeCapability);
/// tile.print (vprintf) and tile.assert (__assertfail). Asserts that are
/// not enabled are erased before the conversion (see the pass).
void populateDebugOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                   RewritePatternSet &patterns);
/// arith and math ops on tensors (one scalar op per register), splat
/// constants, and the f32 math functions the NVPTX back end lacks.
void populateElementwiseOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                         RewritePatternSet &patterns);
/// Float casts (arith.extf, truncf, sitofp, uitofp, fptosi, fptoui) with an
/// fp8 side, and f32 -> f16/bf16 on tensors: packed PTX conversions.
void populateCastOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                  RewritePatternSet &patterns);
/// tile.reduce.
void populateReduceOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                    RewritePatternSet &patterns);
/// tile.scan.
void populateScanOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                  RewritePatternSet &patterns);
/// tile.sort and tile.topk.
void populateSortOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                  RewritePatternSet &patterns);
/// tile.trans, tile.reshape, tile.join, tile.split and tile.cat.
void populateShapeOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                   RewritePatternSet &patterns);
/// layout.local_alloc, local_load, local_store, memdesc_index,
/// memdesc_trans and barrier.
void populateSharedMemoryOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                          RewritePatternSet &patterns);
/// layout.async_copy_global_to_local, tile.async_load_tile (cp.async),
/// layout.async_commit_group and layout.async_wait.
void populateAsyncCopyOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                       RewritePatternSet &patterns);
/// Unit attribute of a tile.dot whose shared-memory operands are written
/// only by asynchronous copies (cp.async): its wgmma lowering emits no
/// fence.proxy.async (annotateAsyncCopies sets it).
inline constexpr llvm::StringLiteral kNoProxyFenceAttr = "tile.no_proxy_fence";
/// Before the conversion: writes the default copy layout of every
/// tile.async_load_tile under `root` that has none into its `layout`
/// attribute (the default depends on the enclosing kernel, which the
/// conversion replaces first), and marks with kNoProxyFenceAttr the dots
/// whose buffers only cp.async writes (allocated without a value, written
/// by some copy, and used through memdesc_index / memdesc_trans only by
/// copies, dots and local_load). Like Triton, which fences only after
/// stores from registers (local_alloc with a value, local_store): the
/// fence (MEMBAR.ALL.CTA + FENCE.VIEW.ASYNC.S in SASS) would also wait for
/// the copies still in flight for later stages.
void annotateAsyncCopies(Operation *root);
/// Why an asynchronous copy cannot be lowered, or the empty string (also
/// for ops that are not copies).
std::string whyAsyncCopyNotLowerable(Operation *op);
/// layout.convert.
void populateConvertLayoutOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                           RewritePatternSet &patterns);

/// tile.dot (mma.sync, wgmma or FMA, by the accumulator's layout) and
/// tile.dot_wait, for a target of compute capability `computeCapability`;
/// `usesWgmma` when some dot of the module runs on wgmma.
void populateDotOpToLLVMPatterns(TileLLVMTypeConverter &converter,
                                 RewritePatternSet &patterns,
                                 int computeCapability, bool usesWgmma);

/// Bytes of shared-memory scratch `op` needs while it runs (0 for none). All
/// ops share one scratch area at offset 0 of the dynamic shared memory; each
/// use starts with a barrier.
int64_t getScratchBytes(Operation *op);

/// Why convert-tile-to-llvm cannot lower `op`, or the empty string if it
/// can (checked for every op before the conversion runs).
std::string whyNotLowerable(Operation *op);

/// True for the fp8 element types of the language (f8E4M3FN, f8E5M2), which
/// are i8 registers once lowered.
bool isFp8Type(Type type);

/// Why the element types of `op` cannot be lowered for a GPU of compute
/// capability `computeCapability` (89 for sm_89), or the empty string: a
/// float type other than f16, bf16, f32, f64 and the fp8 types; arithmetic
/// on fp8; f64 -> fp8; an fp8 conversion below sm_89.
std::string whyElementTypeNotLowerable(Operation *op, int computeCapability);

} // namespace tile

#endif // TILE_CONVERSION_TILETOLLVM_PATTERNS_H
