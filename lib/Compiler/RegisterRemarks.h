//===- RegisterRemarks.h - Spills and occupancy, said at the source -*- C++
//-*-===//
//
// tile-compile's register-pressure remarks (docs/tile-compile.md, "Register
// remarks"): the tile-level estimate of each kernel's busiest point is
// recorded before the lowering (recordRegisterPressure, a pass placed
// between the two halves of the pipeline); once the assembler has run, its
// report is read back (AssemblerLog.h) and a remark at the kernel says when
// it spills or when its registers cap the blocks per SM below what threads
// and shared memory allow, with a note at each of the largest tensors live
// at the busiest point.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_COMPILER_REGISTERREMARKS_H
#define TILE_LIB_COMPILER_REGISTERREMARKS_H

#include "tile/Support/LLVM.h"
#include "tile/Target/AssemblerLog.h"
#include "tile/Target/KernelMetadata.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/Types.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir {
class Pass;
} // namespace mlir

namespace tile {

/// What the tile-level IR said of one kernel, kept past the lowering.
struct KernelPressureEstimate {
  struct Tensor {
    Location loc;
    Type type;
    int64_t registers;
  };
  std::string kernel;
  Location kernelLoc;
  int64_t peak = 0;
  std::optional<Location> peakLoc;
  /// The largest tensors live at the peak, largest first.
  std::vector<Tensor> tensors;
  /// The kernel fixes its own register count: a tile.warp_specialize with
  /// regs() launches with 65536 / threads registers a thread (setmaxnreg
  /// moves them between partitions), one block per SM by design.
  bool setsRegisterBudget = false;
};

/// A pass (on builtin.module) that appends one estimate per tile.kernel to
/// `estimates`, which must outlive the pass manager's run.
std::unique_ptr<Pass> createRecordRegisterPressurePass(
    std::vector<KernelPressureEstimate> &estimates);

/// Blocks of `threadsPerBlock` threads using `sharedBytes` of shared memory
/// and `registers` registers per thread that fit on one SM of `arch`: the
/// limit from registers alone, and from everything else (threads, blocks,
/// shared memory).
struct BlocksPerSM {
  unsigned byRegisters = 0;
  unsigned byOthers = 0;
};
BlocksPerSM computeBlocksPerSM(StringRef arch, unsigned threadsPerBlock,
                               uint64_t sharedBytes, unsigned registers);

/// Emits the remarks for every kernel of `kernels` whose assembler report
/// (`usages`, parseAssemblerLog's) shows spills or registers capping
/// occupancy; located at the kernel, with notes from `estimates` (matched
/// by name).
void emitRegisterRemarks(StringRef arch, ArrayRef<KernelInfo> kernels,
                         ArrayRef<KernelResourceUsage> usages,
                         ArrayRef<KernelPressureEstimate> estimates);

} // namespace tile

#endif // TILE_LIB_COMPILER_REGISTERREMARKS_H
