//===- KernelMetadata.h - What a launcher needs to know ---------*- C++ -*-===//
//
// The launch contract of a compiled kernel, read off the lowered (LLVM
// dialect) module: its name, its parameters and their types, the threads per
// block and the dynamic shared memory it needs. Serialized as the JSON file
// tile-compile writes beside each binary (docs/tile-compile.md).
//
// What the lowering attaches to each kernel llvm.func:
//   nvvm.kernel, nvvm.maxntid = array<i32: T, 1, 1>,
//   tile.num_warps = W : i32, tile.shared_bytes = S : i64,
//   tile.arg_types = ["ptr<f32>", "i32", ...]   (optional: tile.arg_names)
// optionally nvvm.cluster_dim = array<i32: X, Y, Z> (a thread-block cluster
// shape: "cluster_dims" in the JSON), and, per argument, tile.divisibility =
// N or llvm.align = N (the alignment promise the launcher must check), and tile.tma = {...} on a hidden TMA
// descriptor parameter (tile.arg_types "tma_descriptor").
// Kernels written directly in the LLVM dialect need only nvvm.kernel; the
// rest is derived from the function type and defaults.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TARGET_KERNELMETADATA_H
#define TILE_TARGET_KERNELMETADATA_H

#include "tile/Support/LLVM.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tile {

struct KernelParam {
  unsigned index = 0;
  /// The parameter's name, "arg<index>" when the kernel does not say.
  std::string name;
  /// "ptr<f32>", "ptr" (a pointer of unknown element type), "i1".."i64",
  /// "f16", "bf16", "f32", "f64", "tma_descriptor" or "global_tensor".
  std::string type;
  /// The alignment promise the kernel was compiled with: a pointer aligned to
  /// this many bytes, an integer that is a multiple of it; 1 when none.
  uint64_t divisibility = 1;
  /// For type "tma_descriptor" (a hidden parameter the launcher builds):
  /// the cuTensorMapEncodeTiled recipe (docs/Lowering.md, "TMA
  /// descriptors"); null otherwise.
  llvm::json::Value tma = nullptr;
  /// For type "global_tensor" (a hidden pointer to memory the launcher
  /// allocates for the launch): {"element_bytes", "shape", "zeroed"}
  /// (docs/tile-compile.md); null otherwise.
  llvm::json::Value globalTensor = nullptr;
};

struct KernelInfo {
  std::string name;
  std::vector<KernelParam> params;
  unsigned numWarps = 0;
  /// Threads along x (the kernel's block is always 1-D).
  unsigned threadsPerBlock = 0;
  /// Dynamic shared memory bytes to pass at launch.
  uint64_t sharedBytes = 0;
  /// The compile-time cluster shape (nvvm.cluster_dim), x y z; empty when
  /// the kernel has none. The grid must be a multiple of it.
  std::vector<unsigned> clusterDims;
  /// For a cubin, from the assembler's report: registers per thread and
  /// bytes of spill stores plus loads; 0 when unknown (PTX output).
  unsigned registers = 0;
  unsigned spillBytes = 0;
};

/// Reads every kernel (llvm.func with nvvm.kernel) of `llvmDialectModule`.
/// Emits a located diagnostic and fails on inconsistent metadata (e.g.
/// tile.arg_types of the wrong length, maxntid that is not num_warps * 32).
FailureOr<std::vector<KernelInfo>>
extractKernelMetadata(ModuleOp llvmDialectModule);

/// The JSON object tile-compile writes: {"kernels": [...], "arch", "format",
/// "binary"}; `format` is "ptx" or "cubin", `binary` the binary's file name.
llvm::json::Value kernelMetadataToJSON(ArrayRef<KernelInfo> kernels,
                                       StringRef arch, StringRef format,
                                       StringRef binaryFileName);

} // namespace tile

#endif // TILE_TARGET_KERNELMETADATA_H
