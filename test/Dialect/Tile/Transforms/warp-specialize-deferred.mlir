// RUN: tile-opt %s --tile-assign-layouts --tile-warp-specialize --canonicalize --cse --mlir-print-local-scope -verify-diagnostics | FileCheck %s

// An attention-shaped loop (S = Q K^T, a softmax, O = O * alpha + P V; K
// stored as K^T [d, n] so that both tiles are TMA copies of parameter
// views) asked to be warp-specialized: the consumer loop keeps Q K^T
// synchronous and issues P V asynchronously with no wait in its step
// (tile-pipeline's deferred wgmma, docs/Passes.md); the next step waits for
// it before O is rescaled and only then releases the previous step's slot
// (its V is read by that P V), each of the two warpgroups on its own (no
// partition barrier); no release at the end of a step; one more wait after
// the loop.

// CHECK-LABEL: tile.kernel @attn
// CHECK: %[[RINGK:.*]] = layout.local_alloc : !layout.memdesc<4x64x64xf16
// CHECK: %[[RINGV:.*]] = layout.local_alloc : !layout.memdesc<4x64x64xf16
// CHECK: %[[FULL:.*]] = layout.local_alloc : !layout.memdesc<4x1xi64
// CHECK: %[[EMPTY:.*]] = layout.local_alloc : !layout.memdesc<4x1xi64
// CHECK: tile.warp_specialize default regs(232)
// CHECK: %[[LOOP:.*]]:4 = scf.for %[[I:.*]] = %c0_i32 to %{{.*}} iter_args(%[[ACC:[^ ]*]] = %{{.*}}, %{{[^ ]*}} = %{{.*}}, %[[SLOT:[^ ]*]] = %c0_i32, %[[PH:[^ ]*]] = %c0_i32)
// CHECK: layout.wait_barrier %{{.*}}, %[[PH]]
// CHECK: %[[VS:.*]] = layout.memdesc_index %[[RINGV]][%[[SLOT]]]
// CHECK-NEXT: tile.dot %{{[^ ]*}}, %{{[^ ]*}}, %{{[^ ]*}} : !layout.memdesc<128x64xf16
// CHECK: math.exp2
// CHECK-NEXT: %[[ACCW:.*]] = tile.dot_wait %[[ACC]] {pendings = 0 : i32}
// CHECK-NEXT: %[[STARTED:.*]] = arith.cmpi ne, %[[I]], %c0_i32
// CHECK-NEXT: scf.if %[[STARTED]] {
// CHECK-NEXT: %[[FIRST:.*]] = arith.cmpi eq, %[[SLOT]], %c0_i32
// CHECK-NEXT: %[[BEFORE:.*]] = arith.subi %[[SLOT]], %c1_i32
// CHECK-NEXT: %[[PREV:.*]] = arith.select %[[FIRST]], %c3_i32, %[[BEFORE]]
// CHECK-NEXT: %[[E:.*]] = layout.memdesc_index %[[EMPTY]][%[[PREV]]]
// CHECK-NEXT: layout.arrive_barrier %[[E]], 1 per_warpgroup :
// CHECK-NEXT: }
// CHECK-NEXT: %[[SCALED:.*]] = arith.mulf %[[ACCW]],
// CHECK: %[[PV:.*]] = tile.dot %{{.*}}, %[[VS]], %[[SCALED]] async :
// CHECK-NOT: layout.arrive_barrier
// CHECK: scf.yield %[[PV]],
// CHECK: %[[DONE:.*]] = tile.dot_wait %[[LOOP]]#0 {pendings = 0 : i32}
// CHECK-NEXT: tile.store_tile %[[DONE]]
// CHECK: partition warps(4) regs(40)
tile.kernel @attn(%q: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %kt: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                  %v: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %o: !tile.ptr<f32>, %n: i32 {tile.divisibility = 16 : i64})
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %vq = tile.make_view %q, shape [%n, 64], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vk = tile.make_view %kt, shape [64, %n], strides [%n, 1] : !tile.ptr<f16> -> !tile.view<64x?xf16>
  %vv = tile.make_view %v, shape [%n, 64], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vo = tile.make_view %o, shape [%n, 64], strides [64, 1] : !tile.ptr<f32> -> !tile.view<?x64xf32>
  %tq = tile.load_tile %vq[%pm, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<128x64xf16>
  %zs = arith.constant dense<0.0> : tensor<128x64xf32>
  %m0 = arith.constant dense<0.0> : tensor<128xf32>
  // expected-remark @below {{tile-warp-specialize: producer warpgroup (regs 40) issues 2 TMA copies a step (16384 bytes) into a 4-slot ring; default partition (8 warps, regs 232) runs the dots, the last one asynchronous and waited for in the next step (slot released then)}}
  %acc, %mi = scf.for %j = %c0 to %n step %c1 iter_args(%acc_i = %zs, %m_i = %m0)
      -> (tensor<128x64xf32>, tensor<128xf32>) : i32 {
    %tkt = tile.load_tile %vk[%c0, %j] padding = zero : !tile.view<64x?xf16> -> tensor<64x64xf16>
    %tv = tile.load_tile %vv[%j, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
    %s = tile.dot %tq, %tkt, %zs : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    %mx = tile.reduce max %s {axis = 1 : i32} : tensor<128x64xf32> -> tensor<128xf32>
    %m_new = arith.maximumf %m_i, %mx : tensor<128xf32>
    %mb2 = tile.expand_dims %m_new {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %mb = tile.broadcast %mb2 : tensor<128x1xf32> -> tensor<128x64xf32>
    %sd = arith.subf %s, %mb : tensor<128x64xf32>
    %p = math.exp2 %sd : tensor<128x64xf32>
    %acc_s = arith.mulf %acc_i, %mb : tensor<128x64xf32>
    %pt = arith.truncf %p : tensor<128x64xf32> to tensor<128x64xf16>
    %acc_n = tile.dot %pt, %tv, %acc_s : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    scf.yield %acc_n, %m_new : tensor<128x64xf32>, tensor<128xf32>
  } {tile.warp_specialize = true}
  tile.store_tile %acc, %vo[%pm, %c0] : tensor<128x64xf32>, !tile.view<?x64xf32>
  tile.return
}
