// RUN: tile-opt %s -split-input-file --tile-assign-layouts --tile-pipeline="remarks=true" --canonicalize --cse --mlir-print-local-scope -verify-diagnostics | FileCheck %s

// tile-pipeline (cp.async ring) on the software-pipelined attention loops
// of warp-specialize-attention-sp.mlir.

// FA3's order: S_(j+1) and P_j V_j asynchronous, waited for before their
// first readers in the same iteration (S_(j+1) leaving P_j V_j in flight);
// nothing runs into the next iteration, so the copies of iteration j + 2
// go into slot (j - 1) mod 3 at the top, as with synchronous dots.

// CHECK-LABEL: tile.kernel @attn_fa3
// CHECK: scf.for %{{.*}} iter_args(%[[ACC:[^ ]*]] = %{{.*}}, %{{[^ ]*}} = %{{.*}}, %{{[^ ]*}} = %{{.*}}, %{{[^ ]*}} = %{{.*}})
// CHECK-NEXT: layout.async_wait {num = 1 : i32}
// CHECK: layout.async_commit_group
// CHECK: %[[S:.*]] = tile.dot %{{.*}}, %{{.*}}, %{{.*}} async : !layout.memdesc<128x64xf16
// CHECK: %[[O:.*]] = tile.dot %{{.*}}, %{{.*}}, %[[ACC]] async :
// CHECK-NEXT: %[[SW:.*]] = tile.dot_wait %[[S]] {pendings = 1 : i32}
// CHECK-NEXT: tile.reduce max %[[SW]]
// CHECK: %[[OW:.*]] = tile.dot_wait %[[O]] {pendings = 0 : i32}
// CHECK-NEXT: arith.mulf %[[OW]],
// CHECK-NOT: layout.async_commit_group
// CHECK: scf.yield
// CHECK-NOT: tile.dot_wait
// CHECK: layout.async_wait {num = 0 : i32}
tile.kernel @attn_fa3(%q: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %kt: !tile.ptr<f16> {tile.divisibility = 16 : i64},
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
  %tk0 = tile.load_tile %vk[%c0, %c0] padding = zero : !tile.view<64x?xf16> -> tensor<64x64xf16>
  %s0 = tile.dot %tq, %tk0, %zs : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
  %p0 = math.exp2 %s0 : tensor<128x64xf32>
  %pt0 = arith.truncf %p0 : tensor<128x64xf32> to tensor<128x64xf16>
  // expected-remark @below {{tile-pipeline: 3 stages of 16384 bytes: tile.load_tile 64x64xf16 in 3 slots (wgmma operand), tile.load_tile 64x64xf16 in 3 slots (wgmma operand); 2 wgmma asynchronous within the iteration (waited for before tile.reduce, 1 pending, waited for before arith.mulf, 0 pending)}}
  %acc, %pl = scf.for %j = %c0 to %n step %c1 iter_args(%acc_i = %zs, %pt_i = %pt0)
      -> (tensor<128x64xf32>, tensor<128x64xf16>) : i32 {
    %j1 = arith.addi %j, %c1 : i32
    %tkt = tile.load_tile %vk[%c0, %j1] padding = zero : !tile.view<64x?xf16> -> tensor<64x64xf16>
    %tv = tile.load_tile %vv[%j, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
    %s = tile.dot %tq, %tkt, %zs : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    %acc_n = tile.dot %pt_i, %tv, %acc_i : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    %mx = tile.reduce max %s {axis = 1 : i32} : tensor<128x64xf32> -> tensor<128xf32>
    %mb2 = tile.expand_dims %mx {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %mb = tile.broadcast %mb2 : tensor<128x1xf32> -> tensor<128x64xf32>
    %sd = arith.subf %s, %mb : tensor<128x64xf32>
    %p = math.exp2 %sd : tensor<128x64xf32>
    %pt = arith.truncf %p : tensor<128x64xf32> to tensor<128x64xf16>
    %acc_s = arith.mulf %acc_n, %mb : tensor<128x64xf32>
    scf.yield %acc_s, %pt : tensor<128x64xf32>, tensor<128x64xf16>
  }
  tile.store_tile %acc, %vo[%pm, %c0] : tensor<128x64xf32>, !tile.view<?x64xf32>
  tile.return
}

// -----

// S carried: S_(j+1) deferred and waited for at the end of its iteration
// ({pendings = 1}: P_j V_j, issued after it, stays in flight and is waited
// for in the next iteration before the rescale, {pendings = 0}); the copies
// into slot (j - 1) mod 3 follow that wait and a barrier.

// CHECK-LABEL: tile.kernel @attn_carried_s
// CHECK: scf.for %{{.*}} iter_args(%[[ACC:[^ ]*]] = %{{.*}}, %[[SA:[^ ]*]] = %{{.*}}, %{{[^ ]*}} = %{{.*}}, %{{[^ ]*}} = %{{.*}})
// CHECK-NEXT: layout.async_wait {num = 1 : i32}
// CHECK-NOT: layout.async_commit_group
// CHECK: %[[S:.*]] = tile.dot %{{.*}}, %{{.*}}, %{{.*}} async : !layout.memdesc<128x64xf16
// CHECK-NEXT: tile.reduce max %[[SA]]
// CHECK: %[[ACCW:.*]] = tile.dot_wait %[[ACC]] {pendings = 0 : i32}
// CHECK-NEXT: layout.barrier
// CHECK: layout.async_commit_group
// CHECK-NEXT: arith.mulf %[[ACCW]],
// CHECK: %[[PV:.*]] = tile.dot %{{.*}}, %{{.*}}, %{{.*}} async :
// CHECK-NEXT: %[[SW:.*]] = tile.dot_wait %[[S]] {pendings = 1 : i32}
// CHECK: scf.yield %[[PV]], %[[SW]],
// CHECK: tile.dot_wait %{{.*}}#0 {pendings = 0 : i32}
// CHECK-NOT: tile.dot_wait
// CHECK: layout.async_wait {num = 0 : i32}
tile.kernel @attn_carried_s(%q: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %kt: !tile.ptr<f16> {tile.divisibility = 16 : i64},
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
  %tk0 = tile.load_tile %vk[%c0, %c0] padding = zero : !tile.view<64x?xf16> -> tensor<64x64xf16>
  %s0 = tile.dot %tq, %tk0, %zs : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
  // expected-remark @below {{tile-pipeline: 3 stages of 16384 bytes: tile.load_tile 64x64xf16 in 3 slots (wgmma operand), tile.load_tile 64x64xf16 in 3 slots (wgmma operand); 2 wgmma asynchronous, each waited for in the next iteration before the first reader of its iteration argument (#1 before scf.yield, 1 pending, #0 before arith.mulf, 0 pending)}}
  %acc, %sl = scf.for %j = %c0 to %n step %c1 iter_args(%acc_i = %zs, %s_i = %s0)
      -> (tensor<128x64xf32>, tensor<128x64xf32>) : i32 {
    %j1 = arith.addi %j, %c1 : i32
    %tkt = tile.load_tile %vk[%c0, %j1] padding = zero : !tile.view<64x?xf16> -> tensor<64x64xf16>
    %tv = tile.load_tile %vv[%j, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
    %s_next = tile.dot %tq, %tkt, %zs : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    %mx = tile.reduce max %s_i {axis = 1 : i32} : tensor<128x64xf32> -> tensor<128xf32>
    %mb2 = tile.expand_dims %mx {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %mb = tile.broadcast %mb2 : tensor<128x1xf32> -> tensor<128x64xf32>
    %sd = arith.subf %s_i, %mb : tensor<128x64xf32>
    %p = math.exp2 %sd : tensor<128x64xf32>
    %acc_s = arith.mulf %acc_i, %mb : tensor<128x64xf32>
    %pt = arith.truncf %p : tensor<128x64xf32> to tensor<128x64xf16>
    %acc_n = tile.dot %pt, %tv, %acc_s : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    scf.yield %acc_n, %s_next : tensor<128x64xf32>, tensor<128x64xf32>
  }
  tile.store_tile %acc, %vo[%pm, %c0] : tensor<128x64xf32>, !tile.view<?x64xf32>
  tile.return
}
