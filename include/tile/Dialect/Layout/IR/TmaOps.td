//===- TmaOps.td - mbarriers, TMA copies, async-proxy fence -*- tablegen -*-===//
//
// The Hopper (sm_90) asynchronous data movement of the layout dialect, named
// as in Gluon / Triton's TritonNvidiaGPU dialect:
//   mbarriers       init_barrier, barrier_expect, arrive_barrier,
//                   wait_barrier, inval_barrier
//   fence           fence_async_shared
//   TMA             async_tma_copy_global_to_local (completes on an
//                   mbarrier; optionally multicast to a cluster),
//                   async_tma_copy_local_to_global (completes
//                   through bulk groups), async_tma_store_wait
//
// An mbarrier is an 8-byte object in shared memory: a one-element buffer
// `!layout.memdesc<1xi64, L>` (any shared layout L, e.g.
// `#layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>`),
// allocated with layout.local_alloc; `!layout.memdesc<Sx1xi64, L>` holds one
// per slot of a multi-buffered pipeline (take one with layout.memdesc_index).
//
// These ops are program-level, like every op of the language: an op that
// issues one hardware operation (init, expect, arrive, a TMA copy) is issued
// by one thread of the CTA; a wait is executed by every thread.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_LAYOUT_IR_TMAOPS_TD
#define TILE_DIALECT_LAYOUT_IR_TMAOPS_TD

include "mlir/Interfaces/SideEffectInterfaces.td"
include "tile/Dialect/Layout/IR/LayoutBase.td"
include "tile/Dialect/Layout/IR/LayoutTypes.td"

//===----------------------------------------------------------------------===//
// mbarriers
//===----------------------------------------------------------------------===//

class Layout_BarrierOpBase<string mnemonic, list<Trait> traits = []>
    : Layout_Op<mnemonic, traits> {
  let hasVerifier = 1;
}

def Layout_InitBarrierOp : Layout_BarrierOpBase<"init_barrier"> {
  let summary = "Initializes an mbarrier";
  let description = [{
    Initializes the mbarrier with an expected arrival count of `count`
    (1 to 2^20 - 1): phase 0 completes when `count` arrivals
    (`layout.arrive_barrier`, `layout.barrier_expect`) have happened and
    every expected transaction byte has arrived. One thread initializes it
    and a CTA barrier follows, so every thread may use it afterwards.

    ```mlir
    layout.init_barrier %bar, 1 : !layout.memdesc<1xi64, #bl>
    ```
  }];
  let arguments = (ins Arg<Layout_MemDescType, "", [MemWrite]>:$barrier,
                       I32Attr:$count);
  let assemblyFormat = [{
    $barrier `,` $count attr-dict `:` qualified(type($barrier))
  }];
}

def Layout_BarrierExpectOp : Layout_BarrierOpBase<"barrier_expect"> {
  let summary = "Arrives on an mbarrier expecting transaction bytes";
  let description = [{
    One arrival on the mbarrier that also expects `bytes` more bytes of
    asynchronous copies (TMA loads naming this barrier) in the current
    phase (`mbarrier.arrive.expect_tx`): the phase completes once the
    arrivals are in and the bytes have landed. A TMA load of a
    `!layout.tensordesc<R x C x T, ...>` block delivers `R * C * sizeof(T)`
    bytes, also for the parts of the block outside the view (zero filled).

    ```mlir
    layout.barrier_expect %bar, 32768 : !layout.memdesc<1xi64, #bl>
    ```
  }];
  let arguments = (ins Arg<Layout_MemDescType, "", [MemWrite]>:$barrier,
                       I32Attr:$bytes);
  let assemblyFormat = [{
    $barrier `,` $bytes attr-dict `:` qualified(type($barrier))
  }];
}

def Layout_ArriveBarrierOp : Layout_BarrierOpBase<"arrive_barrier"> {
  let summary = "Arrives on an mbarrier";
  let description = [{
    `count` arrivals (default 1) on the mbarrier, with release semantics
    for the shared-memory accesses of the CTA before it. Issued by one
    thread after a CTA barrier, so that the arrival stands for the whole
    program.

    With `nosync` there is no CTA (partition) barrier first: the issuing
    thread (the first of the program or partition) arrives as soon as it
    gets there, with release semantics for its own accesses only. For
    handing back a buffer that asynchronous wgmmas read, after the
    `tile.dot_wait` that waited for them, in a program or partition of one
    warpgroup (the wait covers the warpgroup's wgmma, so its reads are
    complete when any of its threads passes the wait), and for signals
    that order no memory (whose turn it is); not when other threads read
    the buffer with ordinary loads or other warpgroups use it.

    With `per_warpgroup` there is no barrier either, and the first thread
    of every warpgroup of the program or partition arrives (`count` each,
    so the mbarrier's count is the warpgroups times `count`): for handing
    back a buffer that the asynchronous wgmmas of several warpgroups read,
    each warpgroup arriving once its own `tile.dot_wait` has retired its
    own wgmma, so that no warpgroup waits for the others' (what
    tile-warp-specialize's consumers do; `nosync` is implied). Each
    warpgroup's thread arrives on the barrier its warpgroup holds, which
    may differ between warpgroups when it is computed from `tile.warp_id`
    (tile-warp-specialize's ping-pong turns: warpgroup w arrives on
    `turn[(w + 1) mod W]`, each barrier then counting one arrival).

    With `cta %rank` (i32; a kernel with `cluster_dims`) the arrival is on
    the mbarrier at the same shared-memory offset in the program of rank
    `%rank` of the cluster (`mapa.shared::cluster`, then
    `mbarrier.arrive.shared::cluster`: release semantics at CTA scope, as
    CUTLASS's cluster barrier arrives; enough for handing back a buffer
    whose readers, wgmma or TMA, completed before the arrival, not for
    publishing ordinary stores to the peer: a cluster-scope release would
    cost a GPU-wide memory barrier before each arrival), e.g. to hand a
    ring slot back to a peer program
    whose producer multicasts into this program's copy of the slot. The
    rank may be the program's own (`tile.cluster_cta_rank`).

    ```mlir
    layout.arrive_barrier %bar, 1 : !layout.memdesc<1xi64, #bl>
    layout.arrive_barrier %bar, 1 nosync : !layout.memdesc<1xi64, #bl>
    layout.arrive_barrier %bar, 1 nosync cta %peer : !layout.memdesc<1xi64, #bl>
    layout.arrive_barrier %bar, 1 per_warpgroup : !layout.memdesc<1xi64, #bl>
    ```
  }];
  let arguments = (ins Arg<Layout_MemDescType, "", [MemWrite]>:$barrier,
                       I32Attr:$count, UnitAttr:$nosync,
                       UnitAttr:$per_warpgroup, Optional<I32>:$cta);
  let assemblyFormat = [{
    $barrier `,` $count (`nosync` $nosync^)? (`per_warpgroup` $per_warpgroup^)?
    (`cta` $cta^)? attr-dict `:` qualified(type($barrier))
  }];
  let builders = [OpBuilder<(ins "::mlir::Value":$barrier, "uint32_t":$count,
                                 CArg<"bool", "false">:$nosync,
                                 CArg<"bool", "false">:$perWarpgroup), [{
    build($_builder, $_state, barrier, count, nosync, perWarpgroup,
          /*cta=*/::mlir::Value());
  }]>];
}

def Layout_WaitBarrierOp : Layout_BarrierOpBase<"wait_barrier"> {
  let summary = "Waits for a phase of an mbarrier to complete";
  let description = [{
    Every thread waits until the phase of parity `phase` (i32, 0 or 1; only
    bit 0 is used) of the mbarrier has completed
    (`mbarrier.try_wait.parity` in a loop). A freshly initialized barrier is
    in phase 0: the first wait is on parity 0, the next on parity 1, and so
    on. Data delivered by TMA loads completing that phase is visible after
    the wait.

    ```mlir
    layout.wait_barrier %bar, %phase : !layout.memdesc<1xi64, #bl>
    ```
  }];
  let arguments = (ins Arg<Layout_MemDescType, "", [MemRead, MemWrite]>:$barrier,
                       I32:$phase);
  let assemblyFormat = [{
    $barrier `,` $phase attr-dict `:` qualified(type($barrier))
  }];
}

def Layout_InvalBarrierOp : Layout_BarrierOpBase<"inval_barrier"> {
  let summary = "Invalidates an mbarrier";
  let description = [{
    After a CTA barrier (so that no thread still waits on it), one thread
    invalidates the mbarrier (`mbarrier.inval`); its 8 bytes may then be
    reused or initialized again.

    ```mlir
    layout.inval_barrier %bar : !layout.memdesc<1xi64, #bl>
    ```
  }];
  let arguments = (ins Arg<Layout_MemDescType, "", [MemWrite]>:$barrier);
  let assemblyFormat = "$barrier attr-dict `:` qualified(type($barrier))";
}

//===----------------------------------------------------------------------===//
// Fence
//===----------------------------------------------------------------------===//

def Layout_FenceAsyncSharedOp : Layout_Op<"fence_async_shared",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Orders generic shared-memory accesses with the async proxy";
  let description = [{
    `fence.proxy.async.shared::cta`: the shared-memory accesses of this
    thread before the fence (ordinary stores, `layout.local_store`) are
    ordered with the async-proxy accesses after it (TMA stores reading the
    buffer, wgmma reading it, TMA loads overwriting it). Write it after the
    stores and before the CTA barrier that precedes a TMA store.

    ```mlir
    layout.fence_async_shared
    ```
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// TMA
//===----------------------------------------------------------------------===//

def Layout_AsyncTmaCopyGlobalToLocalOp
    : Layout_Op<"async_tma_copy_global_to_local", [AttrSizedOperandSegments]> {
  let summary = "A TMA load of one block into shared memory";
  let description = [{
    Starts the asynchronous copy of the block of the descriptor's view whose
    first element is at `coords` (element coordinates, in the view's dim
    order; i32) into the shared-memory buffer `dst` (a slot of the
    descriptor's block shape and layout; for a block of rank 3 to 5 the
    matrix of its outer dims' product x its inner dim, see
    `!layout.tensordesc`). Elements outside the view read as
    zero. The copy completes on the mbarrier `barrier` by delivering
    `R * C * sizeof(T)` transaction bytes: expect them with
    `layout.barrier_expect` in the same phase, and read the buffer after
    `layout.wait_barrier`. One thread issues it, without synchronizing:
    when other threads read `dst` before (an earlier use of the slot),
    order those reads first with `layout.fence_async_shared` and
    `layout.barrier`.

    With `multicast %mask` (i32; a kernel with `cluster_dims`) the block
    lands in every program of the cluster whose rank is a set bit of
    `%mask` (`.multicast::cluster`), at the same shared-memory offset as
    `dst`, each completing on its own mbarrier at `barrier`'s offset: each
    receiving program expects the bytes on its barrier, and a program
    multicasts into a slot only when every receiver has released it (e.g.
    an empty barrier that counts the consumers of all the receivers, see
    `layout.arrive_barrier ... cta`).

    ```mlir
    layout.async_tma_copy_global_to_local %desc[%row, %col] %buf, %bar
        : !layout.tensordesc<128x64xf16, #nvmma>,
          !layout.memdesc<128x64xf16, #nvmma>, !layout.memdesc<1xi64, #bl>
    // The same block into this program and its peer of a 2-CTA cluster.
    layout.async_tma_copy_global_to_local %desc[%row, %col] %buf, %bar multicast %c3
        : !layout.tensordesc<128x64xf16, #nvmma>,
          !layout.memdesc<128x64xf16, #nvmma>, !layout.memdesc<1xi64, #bl>
    // Rows [%n, %n + 128) of head %h of batch %b of a [B, N, H, 64] view.
    layout.async_tma_copy_global_to_local %dq[%b, %n, %h, %c0] %buf, %bar
        : !layout.tensordesc<1x128x1x64xf16, #nvmma>,
          !layout.memdesc<128x64xf16, #nvmma>, !layout.memdesc<1xi64, #bl>
    ```
  }];
  // Reads global memory through the descriptor.
  let arguments = (ins Arg<Layout_TensorDescType, "", [MemRead]>:$desc,
                       Variadic<I32>:$coords,
                       Arg<Layout_MemDescType, "", [MemWrite]>:$dst,
                       Arg<Layout_MemDescType, "", [MemWrite]>:$barrier,
                       Optional<I32>:$multicast);
  let assemblyFormat = [{
    $desc `[` $coords `]` $dst `,` $barrier (`multicast` $multicast^)?
    attr-dict `:` qualified(type($desc)) `,` qualified(type($dst)) `,`
    qualified(type($barrier))
  }];
  let builders = [OpBuilder<(ins "::mlir::Value":$desc,
                                 "::mlir::ValueRange":$coords,
                                 "::mlir::Value":$dst,
                                 "::mlir::Value":$barrier), [{
    build($_builder, $_state, desc, coords, dst, barrier,
          /*multicast=*/::mlir::Value());
  }]>];
  let hasVerifier = 1;
}

def Layout_AsyncTmaCopyLocalToGlobalOp
    : Layout_Op<"async_tma_copy_local_to_global"> {
  let summary = "A TMA store of one block from shared memory";
  let description = [{
    Starts the asynchronous copy of the shared-memory buffer `src` (a slot
    of the descriptor's block shape and layout, as for the load) to the
    block of the view at
    `coords` (element coordinates in the view's dim order; i32). Elements
    outside the view are not written. Every thread first fences its
    shared-memory stores against the async proxy and the CTA synchronizes
    (the op does both: the stores that filled `src` need nothing more), then
    one thread issues the copy and commits it as one bulk group. Overwrite
    `src` only after `layout.async_tma_store_wait`.

    ```mlir
    layout.async_tma_copy_local_to_global %desc[%row, %col] %buf
        : !layout.tensordesc<128x64xf16, #nvmma>, !layout.memdesc<128x64xf16, #nvmma>
    ```
  }];
  // Writes global memory through the descriptor.
  let arguments = (ins Arg<Layout_TensorDescType, "", [MemWrite]>:$desc,
                       Variadic<I32>:$coords,
                       Arg<Layout_MemDescType, "", [MemRead]>:$src);
  let assemblyFormat = [{
    $desc `[` $coords `]` $src attr-dict `:` qualified(type($desc)) `,`
    qualified(type($src))
  }];
  let hasVerifier = 1;
}

def Layout_AsyncTmaStoreWaitOp : Layout_Op<"async_tma_store_wait",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Waits for TMA stores to finish reading shared memory";
  let description = [{
    Waits until at most `pendings` TMA store groups of this program are
    still reading their shared-memory sources
    (`cp.async.bulk.wait_group.read`), then a CTA barrier: afterwards every
    thread may overwrite the buffers of the completed stores. The stores'
    writes to global memory are visible to later kernels.

    ```mlir
    layout.async_tma_store_wait {pendings = 0 : i32}
    ```
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative]>:$pendings);
  let assemblyFormat = "attr-dict";
}

#endif // TILE_DIALECT_LAYOUT_IR_TMAOPS_TD
