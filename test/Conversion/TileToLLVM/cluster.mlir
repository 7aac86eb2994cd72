// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm="arch=sm_90" | FileCheck %s

// The cluster operands of the TMA and mbarrier ops: a multicast TMA load
// carries its mask, truncated to the 16-bit CTA mask of PTX, on every box
// of the block; an arrival on a peer's mbarrier maps the barrier's address
// into the peer's window (mapa) and arrives there (default semantics:
// release at CTA scope, no GPU-wide membar), issued by one thread (the predicate inside the asm, after the
// mapa that every thread may run).

#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>

// CHECK-LABEL: llvm.func @multicast
// CHECK-SAME: %[[ROW:arg1]]: i32, %[[COL:arg2]]: i32, %[[MASK:arg3]]: i32, %[[PEER:arg4]]: i32
// CHECK-SAME: nvvm.cluster_dim = array<i32: 2, 1, 1>
// CHECK: %[[M16:.*]] = llvm.trunc %[[MASK]] : i32 to i16
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[BUF:.*]], %[[DESC:.*]], %[[BAR:.*]], box[%[[COL]], %[[ROW]]] multicast_mask = %[[M16]] predicate = %{{.*}}
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[DESC]], %[[BAR]], box[%{{.*}}, %[[ROW]]] multicast_mask = %[[M16]] predicate = %{{.*}}
// The local arrival, then the remote one (count 1) on rank %peer.
// CHECK: llvm.inline_asm has_side_effects "@$0 mbarrier.arrive.shared::cta.b64 _, [$1], $2;", "b,r,r"
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i32)
// CHECK: %[[ADDR:.*]] = llvm.ptrtoint %[[BAR]] : !llvm.ptr<3> to i32
// CHECK: llvm.inline_asm has_side_effects "{ .reg .b32 remote; mapa.shared::cluster.u32 remote, $1, $2; @$0 mbarrier.arrive.shared::cluster.b64 _, [remote], $3; }", "b,r,r,r" %{{.*}}, %[[ADDR]], %[[PEER]], %[[ONE]]
tile.kernel @multicast(%p: !tile.ptr<f16>, %row: i32, %col: i32, %mask: i32, %peer: i32,
                       %k: i32, %n: i32, %ld: i32)
    attributes {num_warps = 4 : i32, cluster_dims = array<i32: 2, 1, 1>} {
  %v = tile.make_view %p, shape [%k, %n], strides [%ld, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %d = tile.make_tensor_desc %v : !tile.view<?x?xf16> -> !layout.tensordesc<64x128xf16, #nv>
  %bar = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  %buf = layout.local_alloc : !layout.memdesc<64x128xf16, #nv>
  layout.init_barrier %bar, 1 : !layout.memdesc<1xi64, #bl>
  tile.cluster_arrive
  tile.cluster_wait
  layout.barrier_expect %bar, 16384 : !layout.memdesc<1xi64, #bl>
  layout.async_tma_copy_global_to_local %d[%row, %col] %buf, %bar multicast %mask
      : !layout.tensordesc<64x128xf16, #nv>, !layout.memdesc<64x128xf16, #nv>, !layout.memdesc<1xi64, #bl>
  layout.wait_barrier %bar, %k : !layout.memdesc<1xi64, #bl>
  layout.arrive_barrier %bar, 1 nosync : !layout.memdesc<1xi64, #bl>
  layout.arrive_barrier %bar, 1 nosync cta %peer : !layout.memdesc<1xi64, #bl>
  tile.cluster_arrive
  tile.cluster_wait
  tile.return
}
