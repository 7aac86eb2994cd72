// RUN: tile-opt %s --tile-assign-layouts --mlir-print-local-scope | FileCheck %s

// A Q K^T before the loop and one in it (software-pipelined attention: S
// of the next key block computed in the iteration, carried as an iteration
// argument, its softmax and P V in the next iteration).
//  - Q: both dots read one shared buffer, stored once right after the load
//    (the dot before the loop shares the loop's hoisted buffer; no second
//    store, so no later write can land under a wgmma reading it).
//  - P = exp(S_i - m) comes from a dot through the loop-carried S: P V is a
//    chained dot, A stays in registers (dot_operand opIdx = 0 of the
//    accumulator layout, warps along M), no shared-memory round trip.

// CHECK-LABEL: tile.kernel @attn_carried_s
// CHECK: %[[TQ:.*]] = tile.load_tile %{{.*}} -> tensor<128x64xf16
// CHECK-NEXT: %[[Q:.*]] = layout.local_alloc %[[TQ]] : tensor<128x64xf16, {{.*}}> -> !layout.memdesc<128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK-NOT: layout.local_alloc %[[TQ]]
// CHECK-NOT: layout.local_store
// CHECK: %[[S0:.*]] = tile.dot %[[Q]], %{{.*}}, %{{.*}} : !layout.memdesc<128x64xf16, {{.*}}>, !layout.memdesc<64x64xf16, {{.*}}> -> tensor<128x64xf32, #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]>>
// CHECK: scf.for {{.*}} iter_args(%{{[^ ]*}} = %{{[^ ]*}}, %[[SI:[^ ]*]] = %[[S0]])
// CHECK-NOT: layout.local_alloc %[[TQ]]
// CHECK: tile.dot %[[Q]], %{{.*}}, %{{.*}} : !layout.memdesc<128x64xf16
// CHECK: arith.subf %[[SI]],
// CHECK: %[[PT:.*]] = arith.truncf %{{.*}} to tensor<128x64xf16, #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]>>
// CHECK-NEXT: %[[PA:.*]] = layout.convert %[[PT]] : {{.*}} -> tensor<128x64xf16, #layout.dot_operand<opIdx = 0, parent = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]>, kWidth = 2>>
// CHECK-NOT: layout.local_alloc %[[PT]]
// CHECK-NOT: layout.local_alloc %[[PA]]
// CHECK: tile.dot %[[PA]], %{{.*}}, %{{.*}} : tensor<128x64xf16, #layout.dot_operand<opIdx = 0


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

