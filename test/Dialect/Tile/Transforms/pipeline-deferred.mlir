// RUN: tile-opt %s -split-input-file --tile-assign-layouts --tile-pipeline="remarks=true" --canonicalize --cse --mlir-print-local-scope -verify-diagnostics | FileCheck %s

// A loop with two wgmma (attention's S = Q K^T, then O = O * alpha + P V):
// the first stays synchronous; the last, whose result only leaves the body
// through the yield, is issued asynchronously with no wait in its own
// iteration. The next iteration waits for it (dot_wait {pendings = 0} on
// the iteration argument) right before the first op that reads the
// argument (the rescale), after the first dot and the softmax, so that it
// runs beside the loop's back edge and the next Q K^T. The copies of
// iteration i + 2 go into slot (i - 1) mod 3, which the deferred wgmma of
// iteration i - 1 reads: they follow that wait and a barrier (every
// warpgroup's wait). After the loop one more wait.

// CHECK-LABEL: tile.kernel @attn
// CHECK: %[[K:.*]] = tile.make_view %arg1
// CHECK: %[[V:.*]] = tile.make_view %arg2
// CHECK: %[[KBUF:.*]] = layout.local_alloc : !layout.memdesc<3x64x64xf16
// CHECK: %[[VBUF:.*]] = layout.local_alloc : !layout.memdesc<3x64x64xf16
// CHECK: %[[LOOP:.*]]:4 = scf.for %[[J:.*]] = {{.*}} iter_args(%[[ACC:[^ ]*]] = %{{.*}}, %{{[^ ]*}} = %{{.*}}, %[[RD:[^ ]*]] = %{{.*}}, %[[WR:[^ ]*]] = %{{.*}})
// CHECK-NEXT: layout.async_wait {num = 1 : i32}
// CHECK-NOT: layout.async_commit_group
// CHECK: %[[VS:.*]] = layout.memdesc_index %[[VBUF]][%[[RD]]]
// CHECK-NEXT: %[[S:.*]] = tile.dot %{{.*}}, %{{.*}}, %{{.*}} : !layout.memdesc<128x64xf16
// CHECK-NOT: tile.dot
// CHECK: math.exp2
// CHECK-NEXT: %[[ACCW:.*]] = tile.dot_wait %[[ACC]] {pendings = 0 : i32}
// CHECK-NEXT: layout.barrier
// CHECK-NEXT: %[[AHEAD:.*]] = arith.addi %[[J]], %c2_i32
// CHECK-NEXT: %[[KW:.*]] = layout.memdesc_index %[[KBUF]][%[[WR]]]
// CHECK-NEXT: tile.async_load_tile %[[K]][%[[AHEAD]], %c0_i32] padding = zero, %[[KW]]
// CHECK-NEXT: %[[VW:.*]] = layout.memdesc_index %[[VBUF]][%[[WR]]]
// CHECK-NEXT: tile.async_load_tile %[[V]][%[[AHEAD]], %c0_i32] padding = zero, %[[VW]]
// CHECK-NEXT: layout.async_commit_group
// CHECK-NEXT: %[[SCALED:.*]] = arith.mulf %[[ACCW]], %{{.*}}
// CHECK: %[[PV:.*]] = tile.dot %{{.*}}, %[[VS]], %[[SCALED]] async :
// CHECK-NOT: tile.dot_wait
// CHECK: scf.yield %[[PV]],
// CHECK: %[[DONE:.*]] = tile.dot_wait %[[LOOP]]#0 {pendings = 0 : i32}
// CHECK-NEXT: layout.async_wait {num = 0 : i32}
// CHECK-NEXT: tile.store_tile %[[DONE]]
tile.kernel @attn(%q: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %k: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                  %v: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %o: !tile.ptr<f32>, %n: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %vq = tile.make_view %q, shape [%n, 64], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vk = tile.make_view %k, shape [%n, 64], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vv = tile.make_view %v, shape [%n, 64], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vo = tile.make_view %o, shape [%n, 64], strides [64, 1] : !tile.ptr<f32> -> !tile.view<?x64xf32>
  %tq = tile.load_tile %vq[%pm, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<128x64xf16>
  %zs = arith.constant dense<0.0> : tensor<128x64xf32>
  %m0 = arith.constant dense<0.0> : tensor<128xf32>
  // expected-remark @below {{tile-pipeline: 3 stages of 16384 bytes: tile.load_tile 64x64xf16 in 3 slots (wgmma operand, read transposed), tile.load_tile 64x64xf16 in 3 slots (wgmma operand); the last wgmma asynchronous, waited for in the next iteration before arith.mulf reads its iteration argument #0; the other dots synchronous}}
  %acc, %mi = scf.for %j = %c0 to %n step %c1 iter_args(%acc_i = %zs, %m_i = %m0)
      -> (tensor<128x64xf32>, tensor<128xf32>) : i32 {
    %tkt = tile.load_tile %vk[%c0, %j] order = [1, 0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
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
  }
  tile.store_tile %acc, %vo[%pm, %c0] : tensor<128x64xf32>, !tile.view<?x64xf32>
  tile.return
}

// -----

// The last wgmma's result is also read in its own iteration (a reduction
// of O): it stays synchronous, and so does every dot (a remark says why).

// CHECK-LABEL: tile.kernel @attn_used
// CHECK: scf.for
// CHECK-NOT: tile.dot_wait
// CHECK: tile.dot %{{[^ ]*}}, %{{[^ ]*}}, %{{[^ ]*}} : !layout.memdesc
// CHECK-NOT: tile.dot_wait
// CHECK: tile.dot %{{[^ ]*}}, %{{[^ ]*}}, %{{[^ ]*}} : tensor
// CHECK-NOT: tile.dot_wait
// CHECK: tile.return
tile.kernel @attn_used(%q: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %k: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                  %v: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %o: !tile.ptr<f32>, %n: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %vq = tile.make_view %q, shape [%n, 64], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vk = tile.make_view %k, shape [%n, 64], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vv = tile.make_view %v, shape [%n, 64], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vo = tile.make_view %o, shape [%n, 64], strides [64, 1] : !tile.ptr<f32> -> !tile.view<?x64xf32>
  %tq = tile.load_tile %vq[%pm, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<128x64xf16>
  %zs = arith.constant dense<0.0> : tensor<128x64xf32>
  %m0 = arith.constant dense<0.0> : tensor<128xf32>
  // expected-remark @below {{tile-pipeline: every dot stays synchronous: the last wgmma's result is used in the loop body, not only yielded}}
  // expected-remark @below {{tile-pipeline: 3 stages of 16384 bytes: tile.load_tile 64x64xf16 in 3 slots (wgmma operand, read transposed), tile.load_tile 64x64xf16 in 3 slots (wgmma operand); dots synchronous}}
  %acc, %mi = scf.for %j = %c0 to %n step %c1 iter_args(%acc_i = %zs, %m_i = %m0)
      -> (tensor<128x64xf32>, tensor<128xf32>) : i32 {
    %tkt = tile.load_tile %vk[%c0, %j] order = [1, 0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
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
    %am = tile.reduce max %acc_n {axis = 1 : i32} : tensor<128x64xf32> -> tensor<128xf32>
    %m_out = arith.maximumf %m_new, %am : tensor<128xf32>
    scf.yield %acc_n, %m_out : tensor<128x64xf32>, tensor<128xf32>
  }
  tile.store_tile %acc, %vo[%pm, %c0] : tensor<128x64xf32>, !tile.view<?x64xf32>
  tile.return
}

// -----

// The last wgmma's iteration argument is not read in the body (each block
// overwrites O): there is no point to wait before, so every dot stays
// synchronous.

// CHECK-LABEL: tile.kernel @attn_unread
// CHECK: scf.for
// CHECK-NOT: tile.dot_wait
// CHECK: tile.return
tile.kernel @attn_unread(%q: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %k: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                  %v: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %o: !tile.ptr<f32>, %n: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %vq = tile.make_view %q, shape [%n, 64], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vk = tile.make_view %k, shape [%n, 64], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vv = tile.make_view %v, shape [%n, 64], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vo = tile.make_view %o, shape [%n, 64], strides [64, 1] : !tile.ptr<f32> -> !tile.view<?x64xf32>
  %tq = tile.load_tile %vq[%pm, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<128x64xf16>
  %zs = arith.constant dense<0.0> : tensor<128x64xf32>
  %m0 = arith.constant dense<0.0> : tensor<128xf32>
  // expected-remark @below {{tile-pipeline: every dot stays synchronous: the last wgmma's iteration argument is not read in the loop body}}
  // expected-remark @below {{tile-pipeline: 3 stages of 16384 bytes: tile.load_tile 64x64xf16 in 3 slots (wgmma operand, read transposed), tile.load_tile 64x64xf16 in 3 slots (wgmma operand); dots synchronous}}
  %acc, %mi = scf.for %j = %c0 to %n step %c1 iter_args(%acc_i = %zs, %m_i = %m0)
      -> (tensor<128x64xf32>, tensor<128xf32>) : i32 {
    %tkt = tile.load_tile %vk[%c0, %j] order = [1, 0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
    %tv = tile.load_tile %vv[%j, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
    %s = tile.dot %tq, %tkt, %zs : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    %mx = tile.reduce max %s {axis = 1 : i32} : tensor<128x64xf32> -> tensor<128xf32>
    %m_new = arith.maximumf %m_i, %mx : tensor<128xf32>
    %mb2 = tile.expand_dims %m_new {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %mb = tile.broadcast %mb2 : tensor<128x1xf32> -> tensor<128x64xf32>
    %sd = arith.subf %s, %mb : tensor<128x64xf32>
    %p = math.exp2 %sd : tensor<128x64xf32>
    %pt = arith.truncf %p : tensor<128x64xf32> to tensor<128x64xf16>
    %acc_n = tile.dot %pt, %tv, %zs : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    scf.yield %acc_n, %m_new : tensor<128x64xf32>, tensor<128xf32>
  }
  tile.store_tile %acc, %vo[%pm, %c0] : tensor<128x64xf32>, !tile.view<?x64xf32>
  tile.return
}
