// RUN: tile-opt %s -split-input-file --tile-assign-layouts --tile-warp-specialize --canonicalize --cse --mlir-print-local-scope -verify-diagnostics | FileCheck %s

// Attention loops software-pipelined by one key block in the text (the
// forms of utils/gen_auto_attention_contig.py --sp p and --sp s): S_0 =
// Q K_0^T before the loop and S_(j+1) = Q K_(j+1)^T issued at the top of
// iteration j, K as K^T [d, n] so that every tile is a TMA copy.

// FA3's order: iteration j issues S_(j+1), then O += P_j V_j on the P it
// was handed (kept in registers: the chain through the loop-carried P puts
// both dots' warps along M), then does the softmax of S_(j+1) and rescales
// O. Both wgmma are asynchronous; the consumer waits for S_(j+1) right
// before the softmax leaving P_j V_j in flight ({pendings = 1}), and for
// P_j V_j right before the rescale ({pendings = 0}); nothing is in flight
// at the end of a step, which releases its own slot there. Q is stored in
// shared memory once for the dot before the loop and the one in it.

// CHECK-LABEL: tile.kernel @attn_fa3
// CHECK: %[[DK:.*]] = tile.make_tensor_desc %{{.*}} : !tile.view<64x?xf16> -> !layout.tensordesc<64x64xf16
// CHECK: layout.local_alloc : !layout.memdesc<4x1xi64
// CHECK-NEXT: %[[EMPTY:.*]] = layout.local_alloc : !layout.memdesc<4x1xi64
// Q and K_0 are the producer's prologue copies: buffers of their own and
// one mbarrier (one arrival: the expect-tx) before the partitions.
// CHECK: %[[DQ:.*]] = tile.make_tensor_desc %{{.*}} : !tile.view<?x64xf16> -> !layout.tensordesc<128x64xf16
// CHECK-NEXT: %[[Q:.*]] = layout.local_alloc : !layout.memdesc<128x64xf16
// CHECK-NEXT: %[[K0:.*]] = layout.local_alloc : !layout.memdesc<64x64xf16
// CHECK-NEXT: %[[PRE:.*]] = layout.local_alloc : !layout.memdesc<1xi64
// CHECK-NEXT: layout.init_barrier %[[PRE]], 1 :
// CHECK: tile.warp_specialize default regs(232)
// CHECK-NOT: tile.load_tile
// The consumers wait for them (parity 0) right before S_0 = Q K_0^T.
// CHECK: layout.wait_barrier %[[PRE]], %c0_i32
// CHECK-NEXT: tile.dot %[[Q]], %[[K0]], %{{.*}} : !layout.memdesc<128x64xf16
// CHECK: scf.for %{{.*}} iter_args(%[[ACC:[^ ]*]] = %{{.*}}, %[[P:[^ ]*]] = %{{.*}}, %[[SLOT:[^ ]*]] = %c0_i32, %[[PH:[^ ]*]] = %c0_i32)
// CHECK: layout.wait_barrier %{{.*}}, %[[PH]]
// CHECK: %[[S:.*]] = tile.dot %[[Q]], %{{.*}}, %{{.*}} async : !layout.memdesc<128x64xf16
// CHECK-NEXT: %[[PA:.*]] = layout.convert %[[P]] : tensor<128x64xf16, #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], {{.*}}> -> tensor<128x64xf16, #layout.dot_operand<opIdx = 0
// CHECK-NEXT: %[[O:.*]] = tile.dot %[[PA]], %{{.*}}, %[[ACC]] async :
// CHECK-NEXT: %[[SW:.*]] = tile.dot_wait %[[S]] {pendings = 1 : i32}
// CHECK-NEXT: tile.reduce max %[[SW]]
// CHECK: math.exp2
// CHECK: %[[OW:.*]] = tile.dot_wait %[[O]] {pendings = 0 : i32}
// CHECK-NEXT: %[[SCALED:.*]] = arith.mulf %[[OW]],
// CHECK-NEXT: %[[E:.*]] = layout.memdesc_index %[[EMPTY]][%[[SLOT]]]
// CHECK-NEXT: layout.arrive_barrier %[[E]], 1 per_warpgroup :
// CHECK: scf.yield %[[SCALED]],
// CHECK-NOT: tile.dot_wait
// CHECK: tile.store_tile
// The producer (its warp 0): both copies (128 x 64 + 64 x 64 f16: 24576
// bytes) on the one barrier before its loop; Q's row block is the program's.
// CHECK: partition warps(4) regs(40)
// CHECK: %[[C128:.*]] = arith.constant 128 : i32
// CHECK-NEXT: %[[WID:.*]] = tile.warp_id : i32
// CHECK-NEXT: %[[W0:.*]] = arith.cmpi eq, %[[WID]], %c0_i32 : i32
// CHECK-NEXT: scf.if %[[W0]] {
// CHECK-NEXT: layout.barrier_expect %[[PRE]], 24576 :
// CHECK-NEXT: %[[ROW:.*]] = arith.muli %{{.*}}, %[[C128]] : i32
// CHECK-NEXT: layout.async_tma_copy_global_to_local %[[DQ]][%[[ROW]], %c0_i32] %[[Q]], %[[PRE]] :
// CHECK-NEXT: layout.async_tma_copy_global_to_local %[[DK]][%c0_i32, %c0_i32] %[[K0]], %[[PRE]] :
// CHECK-NEXT: scf.for
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
  // expected-remark @below {{tile-warp-specialize: producer warpgroup (regs 40) issues 2 TMA copies a step (16384 bytes) into a 4-slot ring; default partition (8 warps, regs 232) runs the dots, 2 asynchronous and waited for before their first reader in the step (slot released at its end); 2 tile(s) loaded before the loop copied once by the producer}}
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
  tile.store_tile %acc, %vo[%pm, %c0] : tensor<128x64xf32>, !tile.view<?x64xf32>
  tile.return
}

// -----

// S carried: iteration j issues S_(j+1) and does the softmax of the S it
// was handed. Both wgmma leave the body only through the yield (deferred):
// S_(j+1)'s argument is still read after it is issued, so its registers
// are its own and it is waited for at the end of its step, leaving P_j V_j
// in flight ({pendings = 1}) before they are copied into the argument's;
// P_j V_j is waited for in the next step before the rescale
// ({pendings = 0}: a wait with pending groups there could complete the
// wgmma carried across the back edge, and ptxas would serialize every
// wgmma), which then releases the previous step's slot.

// CHECK-LABEL: tile.kernel @attn_carried_s
// CHECK: scf.for %[[I:[^ ]*]] = %{{.*}} iter_args(%[[ACC:[^ ]*]] = %{{.*}}, %[[SA:[^ ]*]] = %{{.*}}, %[[SLOT:[^ ]*]] = %c0_i32, %[[PH:[^ ]*]] = %c0_i32)
// CHECK: layout.wait_barrier %{{.*}}, %[[PH]]
// CHECK: %[[S:.*]] = tile.dot %{{.*}}, %{{.*}}, %{{.*}} async : !layout.memdesc<128x64xf16
// CHECK-NEXT: tile.reduce max %[[SA]]
// CHECK: %[[ACCW:.*]] = tile.dot_wait %[[ACC]] {pendings = 0 : i32}
// CHECK-NEXT: %[[STARTED:.*]] = arith.cmpi ne, %[[I]], %c0_i32
// CHECK-NEXT: scf.if %[[STARTED]] {
// CHECK: layout.arrive_barrier %{{.*}}, 1 per_warpgroup :
// CHECK: %[[SCALED:.*]] = arith.mulf %[[ACCW]],
// CHECK: %[[PV:.*]] = tile.dot %{{.*}}, %{{.*}}, %[[SCALED]] async :
// CHECK-NEXT: %[[SW:.*]] = tile.dot_wait %[[S]] {pendings = 1 : i32}
// CHECK-NOT: layout.arrive_barrier
// CHECK: scf.yield %[[PV]], %[[SW]],
// CHECK: tile.dot_wait %{{.*}}#0 {pendings = 0 : i32}
// CHECK-NOT: tile.dot_wait
// CHECK: tile.store_tile
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
  // expected-remark @below {{tile-warp-specialize: producer warpgroup (regs 40) issues 2 TMA copies a step (16384 bytes) into a 4-slot ring; default partition (8 warps, regs 232) runs the dots, 2 of them asynchronous and waited for in the next step (slot released after the last wait); 2 tile(s) loaded before the loop copied once by the producer}}
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
  } {tile.warp_specialize = true}
  tile.store_tile %acc, %vo[%pm, %c0] : tensor<128x64xf32>, !tile.view<?x64xf32>
  tile.return
}
