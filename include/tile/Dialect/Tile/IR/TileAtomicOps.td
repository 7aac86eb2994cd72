//===- TileAtomicOps.td - Atomics on global memory ---------*- tablegen -*-===//
//
// Triton's tl.atomic_*: read-modify-write and compare-and-swap through a
// pointer or a tensor of pointers, returning the old values. The exact
// syntax, the element types of each kind and the PTX they become are in
// docs/TileLanguage.md ("Atomics").
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_TILEATOMICOPS_TD
#define TILE_DIALECT_TILE_IR_TILEATOMICOPS_TD

class Tile_AtomicOp<string mnemonic, list<Trait> traits = []>
    : Tile_Op<mnemonic, !listconcat(traits, [
        MemoryEffects<[MemRead, MemWrite]>, Elementwise
      ])> {
  code atomicDecls = [{
    /// The pointee type (the element type of the values and the result).
    ::mlir::Type getElementType();
  }];
}

def Tile_AtomicRMWOp : Tile_AtomicOp<"atomic_rmw"> {
  let summary = "atomic read-modify-write through pointers, returning the old values";
  let description = [{
    For each pointer where `mask` (when given) is true, atomically replaces
    the element `old` it points to with `old KIND val` and returns `old`
    (undetermined where the mask is false; memory there is not touched).
    Kinds: `add`, `max`, `min` (signed integers, floats), `umax`, `umin`
    (unsigned integers), `and`, `or`, `xor` (integers), `xchg`. `sem` is
    the memory ordering (`relaxed`, `acquire`, `release`, `acq_rel`, the
    default) and `scope` the threads it orders with (`cta`, `gpu`, the
    default, `sys`), as in Triton.

    ```mlir
    %old = tile.atomic_rmw add %ptrs, %vals, %mask : tensor<128x!tile.ptr<f32>, #l>
    %o = tile.atomic_rmw max %p, %x sem = relaxed scope = cta : !tile.ptr<i32>
    ```
  }];
  let arguments = (ins Tile_AtomicRMWKindAttr:$kind, Tile_PtrLike:$ptr,
                       AnyType:$val, Optional<Tile_BoolLike>:$mask,
                       DefaultValuedAttr<Tile_MemSemanticAttr,
                           "::tile::tl::MemSemantic::acq_rel">:$sem,
                       DefaultValuedAttr<Tile_MemScopeAttr,
                           "::tile::tl::MemScope::gpu">:$scope);
  let results = (outs AnyType:$result);
  let extraClassDeclaration = atomicDecls;
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Tile_AtomicCASOp : Tile_AtomicOp<"atomic_cas"> {
  let summary = "atomic compare-and-swap through pointers, returning the old values";
  let description = [{
    For each pointer, atomically: `old = *ptr; if (old == cmp) *ptr = val;`
    and returns `old` (bitwise comparison; 16, 32 or 64-bit elements).
    `sem` and `scope` as for `tile.atomic_rmw`.

    ```mlir
    %old = tile.atomic_cas %lock, %c0, %c1 sem = acquire : !tile.ptr<i32>
    ```
  }];
  let arguments = (ins Tile_PtrLike:$ptr, AnyType:$cmp, AnyType:$val,
                       DefaultValuedAttr<Tile_MemSemanticAttr,
                           "::tile::tl::MemSemantic::acq_rel">:$sem,
                       DefaultValuedAttr<Tile_MemScopeAttr,
                           "::tile::tl::MemScope::gpu">:$scope);
  let results = (outs AnyType:$result);
  let extraClassDeclaration = atomicDecls;
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

#endif // TILE_DIALECT_TILE_IR_TILEATOMICOPS_TD
