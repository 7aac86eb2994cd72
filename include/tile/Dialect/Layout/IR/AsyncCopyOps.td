//===- AsyncCopyOps.td - Asynchronous copies to shared memory -*- tablegen -*-===//
//
// cp.async: every thread copies the elements its registers hold in a
// distributed layout from global memory into a shared-memory buffer without
// waiting for them; commit groups bundle the copies a thread has issued, and
// a wait blocks until all but the newest N groups have landed. Included from
// LayoutOps.td. The tile dialect adds tile.async_load_tile, the same copy
// addressed by a tile-space index of a view.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_LAYOUT_IR_ASYNCCOPYOPS_TD
#define TILE_DIALECT_LAYOUT_IR_ASYNCCOPYOPS_TD

include "mlir/Interfaces/SideEffectInterfaces.td"
include "tile/Dialect/Layout/IR/LayoutBase.td"
include "tile/Dialect/Layout/IR/LayoutTypes.td"

def Layout_AsyncCopyGlobalToLocalOp
    : Layout_Op<"async_copy_global_to_local", [
        OptionalTypesMatchWith<"the mask is i1 with the pointers' shape and "
                               "layout", "ptrs", "mask",
                               "::mlir::RankedTensorType::get("
                               "::llvm::cast<::mlir::RankedTensorType>($_self).getShape(), "
                               "::mlir::IntegerType::get($_self.getContext(), 1), "
                               "::llvm::cast<::mlir::RankedTensorType>($_self).getEncoding())">]> {
  let summary = "Copies global memory into a shared buffer asynchronously";
  let description = [{
    Gluon's `async_copy_global_to_shared`. `ptrs` is a tensor of pointers to
    global memory (`!tile.ptr<T>`, or any pointer type implementing
    `PtrLikeTypeInterface` with element type `T`) in a distributed layout,
    of the buffer's shape; `dst` is one slot of `T` elements. Every thread
    starts copying the elements its registers hold to the places the
    buffer's shared layout gives them (`cp.async`), and goes on at once: the
    data is there only after a `layout.async_wait` that covers the commit
    group of the copy (`layout.async_commit_group`).

    Where `mask` is false, nothing is read and the element is set to zero
    (cp.async's source size). The copies are 4, 8 or 16 bytes: as many
    consecutive registers as are consecutive and aligned in global memory
    (the contiguity and divisibility the compiler proves for the pointers,
    as for `tile.load`) and in the buffer, with a mask equal over them.
    16-byte copies bypass L1 (`.cg`), narrower ones do not (`.ca`). Where
    the copy cannot be 4 bytes wide (elements narrower than 4 bytes that are
    not proven aligned in pairs), those elements are loaded and stored
    synchronously instead: the result is the same.

    The layout must hold each element in one thread only (no broadcast
    across lanes or warps): two threads copying one element would race.

    ```mlir
    layout.async_copy_global_to_local %ptrs, %buf mask %m
        : tensor<64x64x!tile.ptr<f16>, #blocked> -> !layout.memdesc<64x64xf16, #shared>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$ptrs,
                       Arg<Layout_MemDescType, "", [MemWrite]>:$dst,
                       Optional<RankedTensorOf<[I1]>>:$mask);
  let assemblyFormat = [{
    $ptrs `,` $dst (`mask` $mask^)? attr-dict `:` type($ptrs) `->`
    qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def Layout_AsyncCommitGroupOp : Layout_Op<"async_commit_group", [
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Closes the group of this thread's pending async copies";
  let description = [{
    Bundles the asynchronous copies this thread has issued since the
    previous commit into one group (`cp.async.commit_group`);
    `layout.async_wait` counts groups. A commit with no copies makes an
    empty group, which completes at once: every thread may commit the same
    number of groups whether or not it copied anything.

    ```mlir
    layout.async_commit_group
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def Layout_AsyncWaitOp : Layout_Op<"async_wait", [
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Waits for all but the newest `num` copy groups, then a barrier";
  let description = [{
    Blocks until at most `num` of the commit groups this thread has issued
    are still pending (`cp.async.wait_group num`), then waits at a CTA
    barrier (`bar.sync 0`), so that the copies of every thread in the
    completed groups are visible to every thread after it. Unlike Gluon's
    `async_copy.wait_group` (which leaves the barrier to the author) and like
    Triton's lowering (which inserts one), the barrier is part of the op:
    all threads of the CTA must reach it. `num = 0` waits for everything
    (Mojo's `async_copy_wait_all`).

    ```mlir
    layout.async_wait {num = 2 : i32}
    ```
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative]>:$num);
  let assemblyFormat = "attr-dict";
}

#endif // TILE_DIALECT_LAYOUT_IR_ASYNCCOPYOPS_TD
