// RUN: tile-opt %s -split-input-file --tile-assign-layouts --tile-pipeline="remarks=true" --canonicalize --cse --mlir-print-local-scope -verify-diagnostics | FileCheck %s

// Edge cases of the deferred wgmma (pipeline-deferred.mlir has the plain
// ones).

// The deferred wgmma's iteration argument (O) is read first by another
// wgmma's operand (X = bf(O) V, the body's first wgmma): the wait for the
// previous iteration's P V comes before that read, at the top of the body,
// with pendings 0; X is read after S is issued, so it is waited for before
// that reader (pendings 0: a deferred wgmma was in flight); S stays
// synchronous; P V is issued async and not waited for in its iteration;
// after the loop one more wait.

// CHECK-LABEL: tile.kernel @acc_read_by_dot
// CHECK: %[[LOOP:.*]]:4 = scf.for %{{.*}} iter_args(%[[ACC:[^ ]*]] = %{{.*}}, %{{[^ ]*}} = %{{.*}}, %{{[^ ]*}} = %{{.*}}, %{{[^ ]*}} = %{{.*}})
// CHECK-NEXT: layout.async_wait {num = 1 : i32}
// CHECK-NOT: tile.dot
// CHECK: %[[ACCW:.*]] = tile.dot_wait %[[ACC]] {pendings = 0 : i32}
// CHECK-NEXT: layout.barrier
// CHECK: layout.async_commit_group
// CHECK-NEXT: %[[A16:.*]] = arith.truncf %[[ACCW]]
// CHECK: %[[X:.*]] = tile.dot %{{.*}}, %{{.*}}, %{{.*}} async :
// CHECK: %[[S:.*]] = tile.dot %{{.*}}, %{{.*}}, %{{.*}} : !layout.memdesc<128x64xf16
// CHECK-NEXT: %[[XW:.*]] = tile.dot_wait %[[X]] {pendings = 0 : i32}
// CHECK-NEXT: arith.addf %[[S]], %[[XW]]
// CHECK: %[[PV:.*]] = tile.dot %{{.*}}, %{{.*}}, %{{.*}} async :
// CHECK-NOT: tile.dot_wait
// CHECK: scf.yield %[[PV]],
// CHECK: %[[DONE:.*]] = tile.dot_wait %[[LOOP]]#0 {pendings = 0 : i32}
// CHECK-NEXT: layout.async_wait {num = 0 : i32}
// CHECK-NEXT: tile.store_tile %[[DONE]]
tile.kernel @acc_read_by_dot(%q: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %k: !tile.ptr<f16> {tile.divisibility = 16 : i64},
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
  // expected-remark @below {{tile-pipeline: 3 stages of 16384 bytes: tile.load_tile 64x64xf16 in 3 slots (wgmma operand), tile.load_tile 64x64xf16 in 3 slots (wgmma operand, read transposed); the last wgmma asynchronous, waited for in the next iteration before arith.truncf reads its iteration argument #0; 1 wgmma asynchronous within the iteration (waited for before arith.addf, 0 pending)}}
  %acc, %mi = scf.for %j = %c0 to %n step %c1 iter_args(%acc_i = %zs, %m_i = %m0)
      -> (tensor<128x64xf32>, tensor<128xf32>) : i32 {
    %tkt = tile.load_tile %vk[%c0, %j] order = [1, 0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
    %tv = tile.load_tile %vv[%j, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
    %a16 = arith.truncf %acc_i : tensor<128x64xf32> to tensor<128x64xf16>
    %x = tile.dot %a16, %tv, %zs : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    %s0 = tile.dot %tq, %tkt, %zs : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    %s = arith.addf %s0, %x : tensor<128x64xf32>
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
