//===- SharedMemoryAccess.h - Shared-memory buffers in LLVM -----*- C++ -*-===//
//
// Internal to the TileToLLVM library (and the lowerings that read operands
// from shared memory, such as tile.dot): moving a tensor between the
// registers of a distributed layout and a `!layout.memdesc` buffer, and the
// allocation of the buffers in the kernel's dynamic shared memory.
//
// A memdesc lowers to `!llvm.ptr<3>`, the address of its first slot.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_TILETOLLVM_SHAREDMEMORYACCESS_H
#define LIB_CONVERSION_TILETOLLVM_SHAREDMEMORYACCESS_H

#include "tile/Conversion/TileToLLVM/LayoutIndexing.h"
#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/LinearLayout/ConversionPlan.h"
#include "tile/LinearLayout/LinearLayout.h"
#include "tile/Support/LLVM.h"

#include "mlir/IR/Builders.h"

#include <optional>
#include <string>

namespace tile {

/// Kernel-wide shared-memory limit of an H100 CTA: 227 KiB.
inline constexpr int64_t kMaxSharedBytes = 232448;

/// Discardable attribute of layout.local_alloc: its byte offset in the
/// dynamic shared memory (set by convert-tile-to-llvm before lowering).
inline constexpr llvm::StringLiteral kSharedOffsetAttr = "tile.shared_offset";
/// On a layout.local_alloc in a replicated warp_specialize partition: the
/// bytes between the copies of its replicas (replica r's at offset + r x
/// this).
inline constexpr llvm::StringLiteral kSharedReplicaStrideAttr =
    "tile.shared_replica_stride";

/// Why the registers of `tensor` (a distributed layout of the buffer's
/// shape) cannot be moved to or from the buffer `mem` (one slot), or the
/// empty string when they can.
std::string whyLocalAccessNotLowerable(layout::MemDescType mem,
                                       RankedTensorType tensor);

/// How the threads of a distributed layout reach the elements of a buffer.
struct LocalAccessPlan {
  /// (register, lane, warp, block) -> (offset) in elements of the slot.
  LinearLayout offsetMap;
  /// The widest vectors of registers contiguous and aligned in the buffer
  /// (at most 16 bytes and the slot's alignment).
  VectorAccess vector;
};

/// Plans the access of the registers of `regs` (a distributed layout's
/// linear form for the buffer's shape) to the buffer `mem` (one slot), or
/// says why it cannot be done.
std::optional<LocalAccessPlan> planLocalAccess(layout::MemDescType mem,
                                               const LinearLayout &regs,
                                               std::string *why);

/// The offset (in elements) that register `reg` adds to its thread's part
/// of `offsetMap` (XOR of the register's bases).
int32_t getLocalRegisterOffset(const LinearLayout &offsetMap, int32_t reg);

/// The thread part of an offset map (lane, warp, block inputs), as an i32.
Value emitLocalThreadOffset(OpBuilder &b, Location loc,
                            const LinearLayout &offsetMap,
                            const HardwareIds &ids);

/// The address (!llvm.ptr<3>) of element `threadOffset ^ constOffset` of
/// `bytes`-byte elements at `base`.
Value emitLocalElementAddress(OpBuilder &b, Location loc, Value base,
                              Value threadOffset, int32_t constOffset,
                              int64_t bytes);

/// How a load of `mem` into registers of `dst` is carried out: the
/// ldmatrix form when it applies, else vectors of `vectorElems` elements.
struct LocalLoadKind {
  bool ldmatrix = false;
  int numMatrices = 0; // ldmatrix x1, x2, x4
  bool transpose = false;
  int vectorElems = 1; // plain loads
};
std::optional<LocalLoadKind> getLocalLoadKind(layout::MemDescType mem,
                                              const LinearLayout &dst);

/// Loads the buffer `mem` (one slot) whose first element is at `base`
/// (!llvm.ptr<3>) into the registers of the distributed layout `dst` (its
/// linear form for the buffer's shape). 16-bit elements go through
/// `ldmatrix` (x4/x2/x1, .trans when the buffer's contiguous dim is the
/// other one) when planLdMatrix finds a plan; otherwise vector `ld.shared`
/// of up to 16 bytes where registers are contiguous in shared memory.
/// Returns one value of `llElemType` (the converted element type) per
/// register, or failure (the check whyLocalAccessNotLowerable makes).
FailureOr<SmallVector<Value>> emitLocalLoad(OpBuilder &b, Location loc,
                                            layout::MemDescType mem, Value base,
                                            const LinearLayout &dst,
                                            Type llElemType);

/// Stores the registers `regs` of the distributed layout `src` into the
/// buffer `mem` (one slot) at `base`: one copy of each element, vector
/// `st.shared` of up to 16 bytes where registers are contiguous.
LogicalResult emitLocalStore(OpBuilder &b, Location loc,
                             layout::MemDescType mem, Value base,
                             const LinearLayout &src, ArrayRef<Value> regs);

/// One buffer of a kernel's shared memory.
struct SharedAllocation {
  Operation *op; // a layout.local_alloc
  int64_t offset;
  int64_t bytes;
};

/// Gives every layout.local_alloc of `kernel` its own byte range after the
/// `scratchBytes` of scratch at offset 0 (bump allocation, each buffer
/// aligned to its size rounded to a power of two, between 16 and 1024
/// bytes), records it in kSharedOffsetAttr, and returns the kernel's total
/// shared-memory size. Fails with a located error (one note per buffer)
/// when the total exceeds kMaxSharedBytes.
FailureOr<int64_t> allocateSharedMemory(Operation *kernel,
                                        int64_t scratchBytes);

} // namespace tile

#endif // LIB_CONVERSION_TILETOLLVM_SHAREDMEMORYACCESS_H
