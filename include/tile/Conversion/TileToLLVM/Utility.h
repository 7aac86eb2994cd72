//===- Utility.h - Code generation helpers for tile to LLVM -----*- C++ -*-===//
//
// Helpers shared by the patterns of convert-tile-to-llvm: the thread's
// hardware indices, applying a linear layout to them, packing registers into
// the struct that stands for a tensor, shared memory, barriers, shuffles and
// predicated global memory accesses. Everything emits LLVM and NVVM dialect
// ops directly.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSION_TILETOLLVM_UTILITY_H
#define TILE_CONVERSION_TILETOLLVM_UTILITY_H

#include "tile/LinearLayout/LinearLayout.h"
#include "tile/Support/LLVM.h"

#include "mlir/IR/Builders.h"
#include "mlir/Transforms/DialectConversion.h"

#include <optional>
#include <string>
#include <utility>

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace tile {

/// Names of the input dims of a distributed layout's linear form.
inline constexpr llvm::StringLiteral kRegister = "register";
inline constexpr llvm::StringLiteral kLane = "lane";
inline constexpr llvm::StringLiteral kWarp = "warp";
inline constexpr llvm::StringLiteral kBlock = "block";

/// Threads per warp on every target we support.
inline constexpr int kWarpSize = 32;

/// Symbol of the dynamic shared memory of the module.
inline constexpr llvm::StringLiteral kSharedMemorySymbol = "global_smem";

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

/// The constant value of `v` if it is an integer constant (llvm or arith).
std::optional<int64_t> getConstantIntValue(Value v);

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

/// The compile-time coordinates of register `reg` at lane = warp = block = 0
/// (in output-dim order).
SmallVector<int32_t> getRegisterCoords(const LinearLayout &layout,
                                       int32_t reg);

/// The layout restricted to its thread inputs (lane, warp, block).
LinearLayout getThreadPart(const LinearLayout &layout);

/// For every register of `dst`, a register of `src` holding the same element
/// in every thread, when both layouts have the same output dims and the same
/// thread part; std::nullopt otherwise. Broadcast registers of `src` are
/// never needed twice, and registers that `dst` duplicates map to the same
/// source register.
std::optional<SmallVector<unsigned>>
matchRegisters(const LinearLayout &src, const LinearLayout &dst);

/// Per input dim of `layout` (by name), the mask of bits that are broadcast
/// copies: their basis is in the span of the bases before them (in input
/// dim and bit order).
llvm::StringMap<int32_t> getBroadcastMasks(const LinearLayout &layout);

//===----------------------------------------------------------------------===//
// Structs of registers
//===----------------------------------------------------------------------===//

SmallVector<Value> unpackStruct(OpBuilder &b, Location loc, Value llStruct);
Value packStruct(OpBuilder &b, Location loc, Type structType,
                 ValueRange elements);
/// Replaces `op`, whose converted result type is `llResultType`, with the
/// registers it produced: packed into the struct for a tensor result, the
/// single value for a scalar one.
void replaceWithRegisters(ConversionPatternRewriter &rewriter, Operation *op,
                          Type llResultType, ValueRange values);

//===----------------------------------------------------------------------===//
// Constants and integer arithmetic (LLVM dialect)
//===----------------------------------------------------------------------===//

Value intConst(OpBuilder &b, Location loc, Type type, int64_t value);
Value i32Const(OpBuilder &b, Location loc, int64_t value);
Value i64Const(OpBuilder &b, Location loc, int64_t value);
Value i1Const(OpBuilder &b, Location loc, bool value);
/// A zero (or the given float value) of a scalar LLVM-compatible type.
Value scalarConst(OpBuilder &b, Location loc, Type type, double value);
/// Sign-extends or truncates an integer to `type`.
Value intCast(OpBuilder &b, Location loc, Value v, Type type,
              bool isSigned = true);

//===----------------------------------------------------------------------===//
// Shared memory, barriers, shuffles
//===----------------------------------------------------------------------===//

/// Declares the dynamic shared memory global of `module` if it is not there.
void declareSharedMemory(OpBuilder &b, ModuleOp module);
/// The address (!llvm.ptr<3>) of byte `offset` of the dynamic shared memory.
Value getSharedMemoryPtr(OpBuilder &b, Location loc, int64_t offset = 0);
void emitBarrier(OpBuilder &b, Location loc);
/// `shfl.sync.bfly` of `value` with the lane `lane ^ laneMask`, for any
/// scalar type of up to 64 bits.
Value emitShuffleXor(OpBuilder &b, Location loc, Value value,
                     unsigned laneMask);

/// Size in bytes of a scalar in memory (i1 takes one byte, pointers 8).
int64_t getElementBytes(Type type);
/// A scalar as the integer it is stored as (i1 -> i8, f32 -> i32,
/// pointer -> i64, ...), and back.
Value toMemoryInt(OpBuilder &b, Location loc, Value v);
Value fromMemoryInt(OpBuilder &b, Location loc, Value v, Type type);

//===----------------------------------------------------------------------===//
// Memory accesses
//===----------------------------------------------------------------------===//

/// Loads a `valueType` from `ptr` (global or shared). With a mask (i1), the
/// access happens only where it is true and the result is `other` (or zero
/// when null) elsewhere. i1 values live in memory as one byte.
Value emitLoad(OpBuilder &b, Location loc, Type valueType, Value ptr,
               Value mask = {}, Value other = {});
/// Stores `value` to `ptr` where `mask` (when given) is true.
void emitStore(OpBuilder &b, Location loc, Value value, Value ptr,
               Value mask = {});

//===----------------------------------------------------------------------===//
// Vector accesses
//===----------------------------------------------------------------------===//

/// The number of consecutive registers (a power of two, at most `maxWidth`)
/// that hold consecutive elements along output dim `dim`, starting at an
/// element whose coordinate along `dim` is a multiple of it, in every
/// thread: registers r, r+1, ..., r+v-1 (r a multiple of v) hold x, x+1,
/// ..., x+v-1 along `dim` and equal coordinates elsewhere.
int getVectorWidth(const LinearLayout &layout, int dim, int maxWidth);

/// Loads `masks.size()` consecutive elements of `elemType` starting at the
/// global address `ptr`: one vector access where `vectorOk` is true (the
/// caller has checked that every element is in bounds and `ptr` is aligned
/// to the vector size), else one predicated access per element j where
/// `masks[j]` (null: true) holds; elements not read are `others[j]` (null:
/// zero). Element types of 16, 32 or 64 bits; 2 or 4 elements of at most 16
/// bytes in all. One inline-asm block of predicated instructions without a
/// branch, so that ptxas schedules it with its neighbours.
SmallVector<Value> emitVectorLoad(OpBuilder &b, Location loc, Type elemType,
                                  Value ptr, Value vectorOk,
                                  ArrayRef<Value> masks,
                                  ArrayRef<Value> others);
/// The store counterpart of emitVectorLoad.
void emitVectorStore(OpBuilder &b, Location loc, ArrayRef<Value> values,
                     Value ptr, Value vectorOk, ArrayRef<Value> masks);
/// True (i1) when `ptr` is a multiple of `bytes` (a power of two).
Value emitIsAligned(OpBuilder &b, Location loc, Value ptr, int64_t bytes);

/// Loads `n` consecutive elements of `elemType` from the global address
/// `ptr`, which the caller has proven aligned to the whole vector: a plain
/// LLVM vector load without `mask`, else one predicated vector access
/// (`@mask ld.global.vN`) whose elements are `others[j]` (null: zero) where
/// the mask is false. Same element types and widths as emitVectorLoad.
SmallVector<Value> emitAlignedVectorLoad(OpBuilder &b, Location loc,
                                         Type elemType, Value ptr, unsigned n,
                                         Value mask, ArrayRef<Value> others);
/// The store counterpart of emitAlignedVectorLoad.
void emitAlignedVectorStore(OpBuilder &b, Location loc, ArrayRef<Value> values,
                            Value ptr, Value mask);

/// One vector group of a versioned access: its first element's address,
/// the predicate of its vector access in the fast version (null: true), the
/// condition of its vector access in the slow version, and the predicates
/// of its per-element accesses in the slow version (null: true).
struct VersionedGroup {
  Value ptr;
  Value fastMask;
  Value slowVectorOk;
  SmallVector<Value> slowMasks;
};

/// Loads the groups of `width` consecutive `elemType` elements (global
/// memory) in one inline-asm block with a single branch: where `fastOk`
/// holds (every group aligned and its mask uniform, checked once by the
/// caller), one predicated vector access per group, all in one basic block
/// that ptxas can schedule; else each group as in emitVectorLoad (vector
/// when `slowVectorOk`, per-element accesses otherwise, no branch). Elements
/// not read are `others[i]` (null: zero), one per element of all groups.
SmallVector<Value> emitVersionedVectorLoad(OpBuilder &b, Location loc,
                                           Type elemType, unsigned width,
                                           Value fastOk,
                                           ArrayRef<VersionedGroup> groups,
                                           ArrayRef<Value> others);
/// The store counterpart of emitVersionedVectorLoad (`values`: one per
/// element of all groups).
void emitVersionedVectorStore(OpBuilder &b, Location loc, unsigned width,
                              Value fastOk, ArrayRef<VersionedGroup> groups,
                              ArrayRef<Value> values);

} // namespace tile

#endif // TILE_CONVERSION_TILETOLLVM_UTILITY_H
