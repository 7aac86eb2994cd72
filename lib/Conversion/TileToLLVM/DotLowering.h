//===- DotLowering.h - How a tile.dot is lowered ----------------*- C++ -*-===//
//
// The decision the dot patterns share with the pass: which instruction
// family lowers a dot (mma.sync, wgmma, FMA) and the register plan for it,
// computed from types alone so the pass can refuse an unlowerable dot with a
// located error before converting anything.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_CONVERSION_TILETOLLVM_DOTLOWERING_H
#define TILE_LIB_CONVERSION_TILETOLLVM_DOTLOWERING_H

#include "tile/LinearLayout/MmaPlan.h"
#include "tile/Support/LLVM.h"

#include "mlir/IR/Builders.h"
#include "mlir/Support/LLVM.h"

#include <optional>
#include <string>

namespace tile {
namespace tl {
class DotOp;
} // namespace tl
namespace layout {
class NvmmaAttr;
} // namespace layout

/// How one wgmma operand in shared memory is addressed: the descriptor's
/// constant part and where each element lives.
struct WgmmaOperandDesc {
  /// Swizzle width in bytes (32, 64 or 128).
  int swizzleBytes = 128;
  /// Whether the operand is MN-major (its contiguous dim is M or N, not K).
  bool mnMajor = false;
  /// Leading and stride byte offsets of the descriptor.
  int64_t leadingBytes = 0, strideBytes = 0;
  /// Element offset in the buffer of each (row, column) of the operand.
  LinearLayout coordsToOffset;
};

struct DotLowering {
  enum class Kind { MmaSync, Wgmma, Fma };
  Kind kind = Kind::Fma;
  int instrK = 16;
  std::optional<MmaSyncPlan> mmaSync;
  std::optional<WgmmaPlan> wgmma;
  std::optional<FmaPlan> fma;
  /// wgmma: A in shared memory (else registers) and both descriptors.
  std::optional<WgmmaOperandDesc> aDesc, bDesc;
};

/// The lowering of `op` for a target of compute capability
/// `computeCapability` (e.g. 90), or failure with the reason in `why`.
FailureOr<DotLowering> planDotLowering(tl::DotOp op, int computeCapability,
                                       std::string *why);
/// The wgmma part of planDotLowering.
FailureOr<DotLowering> planWgmmaLowering(tl::DotOp op, const LinearLayout &c,
                                         layout::NvmmaAttr nvmma,
                                         DotLowering lowering,
                                         std::string *why);
/// Emits the wgmma instructions of `lowering` for `op` (operands already
/// converted: A a struct of registers or a !llvm.ptr<3>, B a !llvm.ptr<3>);
/// `acc` holds the accumulator registers on entry and the results on exit.
LogicalResult emitWgmma(OpBuilder &b, Location loc, tl::DotOp op, Value a,
                        Value bOperand, const DotLowering &lowering,
                        SmallVectorImpl<Value> &acc);

/// wgmma.wait_group `pendings` with `values` (f32, i32 or i64 registers)
/// tied through it: use the returned values after the wait.
SmallVector<Value> emitWgmmaWait(OpBuilder &b, Location loc, int pendings,
                                 ValueRange values);

/// Why `op` cannot be lowered for the target, or "" when it can.
std::string whyDotNotLowerable(tl::DotOp op, int computeCapability);

/// The oldest PTX ISA version (84 for 8.4) the instructions that lower `op`
/// exist in, or 0 when PTX ISA 8.0 has them: fp8 mma.sync (version 2
/// accumulator, e4m3/e5m2 inputs) needs 8.4.
unsigned getDotPTXVersion(tl::DotOp op);

} // namespace tile

#endif // TILE_LIB_CONVERSION_TILETOLLVM_DOTLOWERING_H
