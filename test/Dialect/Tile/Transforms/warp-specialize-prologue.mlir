// RUN: tile-opt %s -split-input-file --tile-assign-layouts --tile-warp-specialize --canonicalize --cse --mlir-print-local-scope | FileCheck %s
// RUN: tile-opt %s -split-input-file --tile-assign-layouts --tile-warp-specialize="prologue-copies=false last-iteration-yields=false" --canonicalize --cse --mlir-print-local-scope | FileCheck %s --check-prefix=OFF

// What tile-warp-specialize does besides the ring for an attention kernel
// written software-pipelined by one key block (utils/
// gen_auto_attention_contig.py --sp p; docs/Passes.md): prologue copies
// (the tiles loaded before the loop that only wgmma read become TMA copies
// the producer issues once, before its loop; warp-specialize-attention-sp
// .mlir pins the copies and the wait) and last-iteration yields.

// The softmax of block j + 1 runs only when there is one (j + 1 < n); the
// else branch, taken only in the last iteration, yields P's iteration
// argument instead of the zeros written there (nothing reads P after the
// loop): no register is zeroed in every step.
// CHECK-LABEL: tile.kernel @last_iteration
// CHECK: tile.warp_specialize default
// CHECK: scf.for %{{.*}} iter_args(%{{.*}} = %{{.*}}, %[[P:[^ ]*]] = %{{.*}}, %{{.*}} = %c0_i32, %{{.*}} = %c0_i32)
// CHECK: %[[MORE:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : i32
// CHECK: scf.if %[[MORE]]
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[P]] :
// OFF-LABEL: tile.kernel @last_iteration
// OFF: scf.for
// OFF: } else {
// OFF-NEXT: scf.yield %cst{{.*}} : tensor<128x64xf16
tile.kernel @last_iteration(%q: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %kt: !tile.ptr<f16> {tile.divisibility = 16 : i64},
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
  %zp = arith.constant dense<0.0> : tensor<128x64xf16>
  %acc, %pl = scf.for %j = %c0 to %n step %c1 iter_args(%acc_i = %zs, %pt_i = %pt0)
      -> (tensor<128x64xf32>, tensor<128x64xf16>) : i32 {
    %j1 = arith.addi %j, %c1 : i32
    %tkt = tile.load_tile %vk[%c0, %j1] padding = zero : !tile.view<64x?xf16> -> tensor<64x64xf16>
    %tv = tile.load_tile %vv[%j, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
    %s = tile.dot %tq, %tkt, %zs : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    %acc_n = tile.dot %pt_i, %tv, %acc_i : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    %more = arith.cmpi slt, %j1, %n : i32
    %pt = scf.if %more -> (tensor<128x64xf16>) {
      %p = math.exp2 %s : tensor<128x64xf32>
      %ptn = arith.truncf %p : tensor<128x64xf32> to tensor<128x64xf16>
      scf.yield %ptn : tensor<128x64xf16>
    } else {
      scf.yield %zp : tensor<128x64xf16>
    }
    %acc_s = arith.addf %acc_n, %s : tensor<128x64xf32>
    scf.yield %acc_s, %pt : tensor<128x64xf32>, tensor<128x64xf16>
  } {tile.warp_specialize = true}
  tile.store_tile %acc, %vo[%pm, %c0] : tensor<128x64xf32>, !tile.view<?x64xf32>
  tile.return
}


// -----

// P is stored after the loop: the last iteration's zeros are read.
// CHECK-LABEL: tile.kernel @last_iteration_read_after
// CHECK: scf.for
// CHECK: } else {
// CHECK-NEXT: scf.yield %cst{{.*}} : tensor<128x64xf16
tile.kernel @last_iteration_read_after(%q: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %kt: !tile.ptr<f16> {tile.divisibility = 16 : i64},
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
  %zp = arith.constant dense<0.0> : tensor<128x64xf16>
  %acc, %pl = scf.for %j = %c0 to %n step %c1 iter_args(%acc_i = %zs, %pt_i = %pt0)
      -> (tensor<128x64xf32>, tensor<128x64xf16>) : i32 {
    %j1 = arith.addi %j, %c1 : i32
    %tkt = tile.load_tile %vk[%c0, %j1] padding = zero : !tile.view<64x?xf16> -> tensor<64x64xf16>
    %tv = tile.load_tile %vv[%j, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
    %s = tile.dot %tq, %tkt, %zs : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    %acc_n = tile.dot %pt_i, %tv, %acc_i : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    %more = arith.cmpi slt, %j1, %n : i32
    %pt = scf.if %more -> (tensor<128x64xf16>) {
      %p = math.exp2 %s : tensor<128x64xf32>
      %ptn = arith.truncf %p : tensor<128x64xf32> to tensor<128x64xf16>
      scf.yield %ptn : tensor<128x64xf16>
    } else {
      scf.yield %zp : tensor<128x64xf16>
    }
    %acc_s = arith.addf %acc_n, %s : tensor<128x64xf32>
    scf.yield %acc_s, %pt : tensor<128x64xf32>, tensor<128x64xf16>
  } {tile.warp_specialize = true}
  tile.store_tile %acc, %vo[%pm, %c0] : tensor<128x64xf32>, !tile.view<?x64xf32>
  %vp = tile.make_view %kt, shape [%n, 64], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  tile.store_tile %pl, %vp[%pm, %c0] : tensor<128x64xf16>, !tile.view<?x64xf16>
  tile.return
}


// -----

// Q is also read in registers (added to the output): it stays an ordinary
// load copied into shared memory by the consumers; K_0 still is a
// prologue copy.
// CHECK-LABEL: tile.kernel @q_in_registers
// CHECK: %[[K0:.*]] = layout.local_alloc : !layout.memdesc<64x64xf16
// CHECK-NEXT: %[[PRE:.*]] = layout.local_alloc : !layout.memdesc<1xi64
// CHECK: tile.warp_specialize default
// CHECK: %[[TQ:.*]] = tile.load_tile %{{.*}} : !tile.view<?x64xf16> -> tensor<128x64xf16
// CHECK: %[[Q:.*]] = layout.local_alloc %[[TQ]]
// CHECK: layout.wait_barrier %[[PRE]], %c0_i32
// CHECK-NEXT: tile.dot %[[Q]], %[[K0]]
// CHECK: partition warps(4)
// CHECK: layout.barrier_expect %[[PRE]], 8192 :
// CHECK-NEXT: layout.async_tma_copy_global_to_local %{{.*}}[%c0_i32, %c0_i32] %[[K0]], %[[PRE]] :
// CHECK-NEXT: scf.for
// OFF-LABEL: tile.kernel @q_in_registers
// OFF: partition warps(4)
// OFF-NOT: layout.barrier_expect %{{.*}}, 8192
// OFF: layout.barrier_expect %{{.*}}, 16384
tile.kernel @q_in_registers(%q: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %kt: !tile.ptr<f16> {tile.divisibility = 16 : i64},
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
  } {tile.warp_specialize = true}
  %qf = arith.extf %tq : tensor<128x64xf16> to tensor<128x64xf32>
  %out = arith.addf %acc, %qf : tensor<128x64xf32>
  tile.store_tile %out, %vo[%pm, %c0] : tensor<128x64xf32>, !tile.view<?x64xf32>
  tile.return
}


// -----

// K_0 read transposed (order = [1, 0]) from a [n, d] view: its copy lands
// in view order ([64 keys, 64] of the non-transposed swizzle) and S_0's
// wgmma reads it through layout.memdesc_trans, as it reads the ring's K
// slots.
// CHECK-LABEL: tile.kernel @k0_transposed
// CHECK: %[[K0:.*]] = layout.local_alloc : !layout.memdesc<64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false
// CHECK-NEXT: %[[K0T:.*]] = layout.memdesc_trans %[[K0]] {order = array<i32: 1, 0>} : {{.*}} -> !layout.memdesc<64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = true
// CHECK-NEXT: %[[PRE:.*]] = layout.local_alloc : !layout.memdesc<1xi64
// CHECK: layout.wait_barrier %[[PRE]], %c0_i32
// CHECK-NEXT: tile.dot %{{.*}}, %[[K0T]],
// CHECK: partition warps(4)
// CHECK: layout.barrier_expect %[[PRE]], 24576 :
// CHECK: layout.async_tma_copy_global_to_local %{{.*}}[%c0_i32, %c0_i32] %[[K0]], %[[PRE]] :
tile.kernel @k0_transposed(%q: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %kt: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                      %v: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %o: !tile.ptr<f32>, %n: i32 {tile.divisibility = 16 : i64})
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %vq = tile.make_view %q, shape [%n, 64], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vk = tile.make_view %kt, shape [%n, 64], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vv = tile.make_view %v, shape [%n, 64], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vo = tile.make_view %o, shape [%n, 64], strides [64, 1] : !tile.ptr<f32> -> !tile.view<?x64xf32>
  %tq = tile.load_tile %vq[%pm, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<128x64xf16>
  %zs = arith.constant dense<0.0> : tensor<128x64xf32>
  %tk0 = tile.load_tile %vk[%c0, %c0] order = [1, 0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
  %s0 = tile.dot %tq, %tk0, %zs : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
  %p0 = math.exp2 %s0 : tensor<128x64xf32>
  %pt0 = arith.truncf %p0 : tensor<128x64xf32> to tensor<128x64xf16>
  %acc, %pl = scf.for %j = %c0 to %n step %c1 iter_args(%acc_i = %zs, %pt_i = %pt0)
      -> (tensor<128x64xf32>, tensor<128x64xf16>) : i32 {
    %j1 = arith.addi %j, %c1 : i32
    %tkt = tile.load_tile %vk[%c0, %j1] order = [1, 0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
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
  } {tile.warp_specialize = true}
  tile.store_tile %acc, %vo[%pm, %c0] : tensor<128x64xf32>, !tile.view<?x64xf32>
  tile.return
}

