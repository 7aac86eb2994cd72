//===- MemoryAccess.h - Global and shared memory accesses -------*- C++ -*-===//
//
// Loads and stores: how a scalar is laid out in memory (its size, the
// integer it travels as), scalar accesses of global or shared memory
// predicated by a mask, and the vector accesses of global memory (aligned,
// with a per-element fallback, or versioned with one branch), emitted as
// predicated PTX in inline asm where a mask is not known at compile time.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSION_TILETOLLVM_MEMORYACCESS_H
#define TILE_CONVERSION_TILETOLLVM_MEMORYACCESS_H

#include "tile/Support/LLVM.h"

#include "mlir/IR/Builders.h"

namespace tile {

/// Size in bytes of a scalar in memory (i1 takes one byte, pointers 8).
int64_t getElementBytes(Type type);
/// The most elements of `elemType` one vector access of global memory
/// moves: 16 bytes of 8-, 16-, 32- or 64-bit integers or floats (16, 8, 4,
/// 2); 1 for anything else (i1, pointers), which moves one at a time.
int getMaxVectorElements(Type elemType);
/// A scalar as the integer it is stored as (i1 -> i8, f32 -> i32,
/// pointer -> i64, ...), and back.
Value toMemoryInt(OpBuilder &b, Location loc, Value v);
Value fromMemoryInt(OpBuilder &b, Location loc, Value v, Type type);

/// The parts of a lowered `!tile.view` of static shape `shape` (dynamic
/// extents as ShapedType::kDynamic): its base pointer, and its sizes and
/// strides as i64 (static sizes as constants).
struct ViewParts {
  Value base;
  SmallVector<Value> sizes;
  SmallVector<Value> strides;
};
/// Unpacks a lowered view (the struct {base, sizes..., strides...}); fails
/// when the struct does not have 1 + 2 * rank fields.
FailureOr<ViewParts> unpackView(OpBuilder &b, Location loc, Value view,
                                ArrayRef<int64_t> shape);

//===----------------------------------------------------------------------===//
// Scalar accesses
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

/// Loads `masks.size()` consecutive elements of `elemType` starting at the
/// global address `ptr`: one vector access where `vectorOk` is true (the
/// caller has checked that every element is in bounds and `ptr` is aligned
/// to the vector size), else one predicated access per element j where
/// `masks[j]` (null: true) holds; elements not read are `others[j]` (null:
/// zero). Element types of 8, 16, 32 or 64 bits; 2 to 16 elements of at
/// most 16 bytes in all (more than four as packed 32-bit words). One inline-asm
/// block of predicated instructions without a branch, so that ptxas schedules
/// it with its neighbours.
SmallVector<Value> emitVectorLoad(OpBuilder &b, Location loc, Type elemType,
                                  Value ptr, Value vectorOk,
                                  ArrayRef<Value> masks,
                                  ArrayRef<Value> others);
/// The store counterpart of emitVectorLoad. `elementStrideBytes` (i64,
/// null: the element size) is the distance between the elements of the
/// per-element fallback (a view whose vector axis has a run-time stride:
/// `vectorOk` then includes "the stride is 1").
void emitVectorStore(OpBuilder &b, Location loc, ArrayRef<Value> values,
                     Value ptr, Value vectorOk, ArrayRef<Value> masks,
                     Value elementStrideBytes = {});
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
/// `elementStrideBytes` (i64, null: the element size) is the distance
/// between the elements of a group in the slow version: a group is
/// consecutive in memory only where `fastOk` / `slowVectorOk` say so when
/// the view's stride is a run-time value.
SmallVector<Value> emitVersionedVectorLoad(
    OpBuilder &b, Location loc, Type elemType, unsigned width, Value fastOk,
    ArrayRef<VersionedGroup> groups, ArrayRef<Value> others,
    Value elementStrideBytes = {});

} // namespace tile

#endif // TILE_CONVERSION_TILETOLLVM_MEMORYACCESS_H
