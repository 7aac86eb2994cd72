// RUN: tile-opt %s -split-input-file --tile-assign-layouts --tile-warp-specialize | FileCheck %s

// An attention loop as examples/auto/attention_contig.mlir has it: the views
// are head slices (the pointer advanced by b * sb + h * sh) and K^T is read
// with its axes swapped. The producer's descriptors are 4-D views of the
// parameters (dims b, h of extent INT32_MAX and strides sb, sh, then n and
// d), K's box is 64 key rows in view order (not transposed), the consumer
// reads that slot through layout.memdesc_trans, and the copies' coordinates
// are (b, h, 64 j, 0) for K^T (indices [0, j] swapped) and V. The two
// consumer warpgroups hand slots back one by one (empty[s] counts 2).

// CHECK-LABEL: tile.kernel @attention_heads
// CHECK-SAME: (%[[Q:.*]]: !tile.ptr<f16> {{.*}}, %[[K:.*]]: !tile.ptr<f16> {{.*}}, %[[V:.*]]: !tile.ptr<f16> {{.*}}, %[[O:.*]]: !tile.ptr<f16> {{.*}}, %[[N:.*]]: i32, %[[H:.*]]: i32, %[[SB:.*]]: i32 {{.*}}, %[[SH:.*]]: i32 {{.*}}, %[[SN:.*]]: i32 {{.*}})
// CHECK: %[[BH:.*]] = tile.program_id y
// CHECK: %[[BI:.*]] = arith.divsi %[[BH]], %[[H]]
// CHECK: %[[HI:.*]] = arith.remsi %[[BH]], %[[H]]
// CHECK: %[[B64:.*]] = arith.extsi %[[BI]]
// CHECK: %[[H64:.*]] = arith.extsi %[[HI]]
// CHECK: %[[BIG:.*]] = arith.constant 2147483647 : i32
// CHECK: %[[KV:.*]] = tile.make_view %[[K]], shape [%[[BIG]], %[[BIG]], %[[N]], 64], strides [%[[SB]], %[[SH]], %[[SN]], 1] : !tile.ptr<f16> -> !tile.view<?x?x?x64xf16>
// CHECK: %[[KD:.*]] = tile.make_tensor_desc %[[KV]] : !tile.view<?x?x?x64xf16> -> !layout.tensordesc<1x1x64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK: %[[BIG2:.*]] = arith.constant 2147483647 : i32
// CHECK: %[[VV:.*]] = tile.make_view %[[V]], shape [%[[BIG2]], %[[BIG2]], %[[N]], 64], strides [%[[SB]], %[[SH]], %[[SN]], 1]
// CHECK: %[[VD:.*]] = tile.make_tensor_desc %[[VV]] : !tile.view<?x?x?x64xf16> -> !layout.tensordesc<1x1x64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK: %[[KR:.*]] = layout.local_alloc : !layout.memdesc<4x64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK: %[[VR:.*]] = layout.local_alloc : !layout.memdesc<4x64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK: %[[FULL:.*]] = layout.local_alloc : !layout.memdesc<4x1xi64
// CHECK: %[[EMPTY:.*]] = layout.local_alloc : !layout.memdesc<4x1xi64
// full[s] expects the producer's one arrival, empty[s] one per consumer
// warpgroup (2).
// CHECK: scf.for %[[I:.*]] =
// CHECK: %[[FI:.*]] = layout.memdesc_index %[[FULL]][%[[I]]]
// CHECK: layout.init_barrier %[[FI]], 1
// CHECK: %[[EI:.*]] = layout.memdesc_index %[[EMPTY]][%[[I]]]
// CHECK: layout.init_barrier %[[EI]], 2
// CHECK: tile.warp_specialize default regs(232)
// The consumer: K's slot read transposed by the Q K^T wgmma.
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}}, %[[CSLOT:.*]] = %{{.*}}, %{{.*}} = %{{.*}})
// CHECK: layout.wait_barrier
// CHECK: %[[KS:.*]] = layout.memdesc_index %[[KR]][%[[CSLOT]]]
// CHECK: %[[KT:.*]] = layout.memdesc_trans %[[KS]] {order = array<i32: 1, 0>} : !layout.memdesc<64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>> -> !layout.memdesc<64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16>>
// CHECK: %[[VS:.*]] = layout.memdesc_index %[[VR]][%[[CSLOT]]]
// CHECK: tile.dot %{{.*}}, %[[KT]], %{{.*}} : !layout.memdesc<128x64xf16, {{.*}}>, !layout.memdesc<64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16>>
// Each warpgroup releases the previous slot after the wait for its own
// deferred P V (no partition barrier), then issues this step's P V.
// CHECK: tile.dot_wait %{{.*}} {pendings = 0 : i32}
// CHECK: layout.arrive_barrier %{{.*}}, 1 per_warpgroup
// CHECK: tile.dot %{{.*}}, %[[VS]], %{{.*}} async
// The producer: 16384 bytes a step, coordinates (b, h, 64 j, 64 * 0).
// CHECK: } partition warps(4) regs(40) {
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[PSLOT:.*]] = %{{.*}}, %{{.*}} = %{{.*}})
// CHECK: %[[PF:.*]] = layout.memdesc_index %[[FULL]][%[[PSLOT]]]
// CHECK: layout.barrier_expect %[[PF]], 16384
// CHECK: %[[KB:.*]] = arith.trunci %[[B64]] : i64 to i32
// CHECK: %[[KH:.*]] = arith.trunci %[[H64]] : i64 to i32
// CHECK: %[[C64:.*]] = arith.constant 64 : i32
// CHECK: %[[KROW:.*]] = arith.muli %[[J]], %[[C64]] : i32
// CHECK: %[[KCOL:.*]] = arith.muli %[[ZERO:.*]], %{{.*}} : i32
// CHECK: %[[KDST:.*]] = layout.memdesc_index %[[KR]][%[[PSLOT]]]
// CHECK: layout.async_tma_copy_global_to_local %[[KD]][%[[KB]], %[[KH]], %[[KROW]], %[[KCOL]]] %[[KDST]], %[[PF]]
// CHECK: %[[VB:.*]] = arith.trunci %[[B64]] : i64 to i32
// CHECK: %[[VH:.*]] = arith.trunci %[[H64]] : i64 to i32
// CHECK: %[[VROW:.*]] = arith.muli %[[J]], %{{.*}} : i32
// CHECK: %[[VCOL:.*]] = arith.muli %[[ZERO]], %{{.*}} : i32
// CHECK: %[[VDST:.*]] = layout.memdesc_index %[[VR]][%[[PSLOT]]]
// CHECK: layout.async_tma_copy_global_to_local %[[VD]][%[[VB]], %[[VH]], %[[VROW]], %[[VCOL]]] %[[VDST]], %[[PF]]

tile.kernel @attention_heads(
    %q: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %k: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %v: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %o: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %n: i32, %heads: i32,
    %sb: i32 {tile.divisibility = 8 : i64}, %sh: i32 {tile.divisibility = 8 : i64},
    %sn: i32 {tile.divisibility = 8 : i64})
    attributes {num_warps = 8 : i32, tile.warp_specialize = true} {
  %pm = tile.program_id x : i32
  %bh = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %b = arith.divsi %bh, %heads : i32
  %h = arith.remsi %bh, %heads : i32
  %b64 = arith.extsi %b : i32 to i64
  %h64 = arith.extsi %h : i32 to i64
  %sb64 = arith.extsi %sb : i32 to i64
  %sh64 = arith.extsi %sh : i32 to i64
  %ob = arith.muli %b64, %sb64 : i64
  %oh = arith.muli %h64, %sh64 : i64
  %off = arith.addi %ob, %oh : i64
  %qp = tile.addptr %q, %off : !tile.ptr<f16>, i64
  %kp = tile.addptr %k, %off : !tile.ptr<f16>, i64
  %vp = tile.addptr %v, %off : !tile.ptr<f16>, i64
  %op = tile.addptr %o, %off : !tile.ptr<f16>, i64
  %vq = tile.make_view %qp, shape [%n, 64], strides [%sn, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vk = tile.make_view %kp, shape [%n, 64], strides [%sn, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vv = tile.make_view %vp, shape [%n, 64], strides [%sn, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vo = tile.make_view %op, shape [%n, 64], strides [%sn, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %tq = tile.load_tile %vq[%pm, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<128x64xf16>
  %zs = arith.constant dense<0.0> : tensor<128x64xf32>
  %nb = arith.divsi %n, %c1 : i32
  %acc = scf.for %j = %c0 to %nb step %c1 iter_args(%acc_i = %zs) -> (tensor<128x64xf32>) : i32 {
    %tkt = tile.load_tile %vk[%c0, %j] order = [1, 0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
    %tv = tile.load_tile %vv[%j, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
    %s = tile.dot %tq, %tkt, %zs : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    %p = math.exp2 %s fastmath<afn> : tensor<128x64xf32>
    %pt = arith.truncf %p : tensor<128x64xf32> to tensor<128x64xf16>
    %acc_n = tile.dot %pt, %tv, %acc_i : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    scf.yield %acc_n : tensor<128x64xf32>
  }
  %out = arith.truncf %acc : tensor<128x64xf32> to tensor<128x64xf16>
  tile.store_tile %out, %vo[%pm, %c0] : tensor<128x64xf16>, !tile.view<?x64xf16>
  tile.return
}
