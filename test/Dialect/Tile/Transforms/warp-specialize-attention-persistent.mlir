// RUN: tile-opt %s -split-input-file --tile-assign-layouts --tile-warp-specialize | FileCheck %s
// RUN: tile-opt %s -split-input-file --tile-assign-layouts --tile-warp-specialize -verify-diagnostics -o /dev/null

// The attention loop of examples/auto/attention_contig_persistent.mlir: a
// persistent tile loop over work items (row block, b * H + h) striding by
// the number of programs, the head slices' views made per item (the
// parameter advanced by b * sb + h * sh; extents and strides kernel
// parameters). The descriptors are built once, before the partitions, as
// 4-D views of the parameters (dims b, h of extent INT32_MAX and strides
// sb, sh, then n and d); the producer repeats the tile loop, recomputes b
// and h from its own induction variable and copies at (b, h, 64 j, 0).

// CHECK-LABEL: tile.kernel @attention_heads_persistent
// CHECK-SAME: (%[[Q:.*]]: !tile.ptr<f16> {{.*}}, %[[K:.*]]: !tile.ptr<f16> {{.*}}, %[[V:.*]]: !tile.ptr<f16> {{.*}}, %[[O:.*]]: !tile.ptr<f16> {{.*}}, %[[N:.*]]: i32, %[[H:.*]]: i32, %[[NBH:.*]]: i32, %[[SB:.*]]: i32 {{.*}}, %[[SH:.*]]: i32 {{.*}}, %[[SN:.*]]: i32 {{.*}})
// CHECK: %[[PID:.*]] = tile.program_id x
// CHECK: %[[NP:.*]] = tile.num_programs x
// CHECK: %[[ITEMS:.*]] = arith.muli %[[N]], %[[NBH]]
// CHECK: %[[BIG:.*]] = arith.constant 2147483647 : i32
// CHECK: %[[KV:.*]] = tile.make_view %[[K]], shape [%[[BIG]], %[[BIG]], %[[N]], 64], strides [%[[SB]], %[[SH]], %[[SN]], 1] : !tile.ptr<f16> -> !tile.view<?x?x?x64xf16>
// CHECK: %[[KD:.*]] = tile.make_tensor_desc %[[KV]] : !tile.view<?x?x?x64xf16> -> !layout.tensordesc<1x1x64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK: %[[BIG2:.*]] = arith.constant 2147483647 : i32
// CHECK: %[[VV:.*]] = tile.make_view %[[V]], shape [%[[BIG2]], %[[BIG2]], %[[N]], 64], strides [%[[SB]], %[[SH]], %[[SN]], 1]
// CHECK: %[[VD:.*]] = tile.make_tensor_desc %[[VV]] : !tile.view<?x?x?x64xf16> -> !layout.tensordesc<1x1x64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK: %[[KR:.*]] = layout.local_alloc : !layout.memdesc<4x64x64xf16
// CHECK: %[[VR:.*]] = layout.local_alloc : !layout.memdesc<4x64x64xf16
// CHECK: %[[FULL:.*]] = layout.local_alloc : !layout.memdesc<4x1xi64
// CHECK: tile.warp_specialize default regs(232)
// The consumers: the tile loop carries the ring's (slot, phase) into the
// key loop; its views stay per item (Q's load and O's store use them).
// CHECK: scf.for %[[CT:.*]] = %[[PID]] to %[[ITEMS]] step %[[NP]] iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (i32, i32)
// CHECK: tile.make_view %{{.*}}, shape [%[[N]], 64], strides [%[[SN]], 1]
// CHECK: scf.for
// CHECK: layout.wait_barrier
// The producer: the same tile loop, b and h from its induction variable.
// CHECK: } partition warps(4) regs(40) {
// CHECK: scf.for %[[T:.*]] = %[[PID]] to %[[ITEMS]] step %[[NP]] iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (i32, i32)
// CHECK: %[[BH:.*]] = arith.divsi %[[T]], %[[N]] : i32
// CHECK: %[[BI:.*]] = arith.divsi %[[BH]], %[[H]] : i32
// CHECK: %[[HI:.*]] = arith.remsi %[[BH]], %[[H]] : i32
// CHECK: %[[B64:.*]] = arith.extsi %[[BI]] : i32 to i64
// CHECK: %[[H64:.*]] = arith.extsi %[[HI]] : i32 to i64
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[PSLOT:.*]] = %{{.*}}, %{{.*}} = %{{.*}})
// CHECK: %[[PF:.*]] = layout.memdesc_index %[[FULL]][%[[PSLOT]]]
// CHECK: layout.barrier_expect %[[PF]], 16384
// CHECK: %[[KB:.*]] = arith.trunci %[[B64]] : i64 to i32
// CHECK: %[[KH:.*]] = arith.trunci %[[H64]] : i64 to i32
// CHECK: %[[C64:.*]] = arith.constant 64 : i32
// CHECK: %[[KROW:.*]] = arith.muli %[[J]], %[[C64]] : i32
// CHECK: %[[KCOL:.*]] = arith.muli %{{.*}}, %{{.*}} : i32
// CHECK: %[[KDST:.*]] = layout.memdesc_index %[[KR]][%[[PSLOT]]]
// CHECK: layout.async_tma_copy_global_to_local %[[KD]][%[[KB]], %[[KH]], %[[KROW]], %[[KCOL]]] %[[KDST]], %[[PF]]
// CHECK: %[[VB:.*]] = arith.trunci %[[B64]] : i64 to i32
// CHECK: %[[VH:.*]] = arith.trunci %[[H64]] : i64 to i32
// CHECK: %[[VROW:.*]] = arith.muli %[[J]], %{{.*}} : i32
// CHECK: %[[VDST:.*]] = layout.memdesc_index %[[VR]][%[[PSLOT]]]
// CHECK: layout.async_tma_copy_global_to_local %[[VD]][%[[VB]], %[[VH]], %[[VROW]], %{{.*}}] %[[VDST]], %[[PF]]

tile.kernel @attention_heads_persistent(
    %q: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %k: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %v: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %o: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %n: i32, %heads: i32, %nbh: i32,
    %sb: i32 {tile.divisibility = 8 : i64}, %sh: i32 {tile.divisibility = 8 : i64},
    %sn: i32 {tile.divisibility = 8 : i64})
    attributes {num_warps = 8 : i32, tile.warp_specialize = true} {
  %pid = tile.program_id x : i32
  %np = tile.num_programs x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %items = arith.muli %n, %nbh : i32
  %zs = arith.constant dense<0.0> : tensor<128x64xf32>
  scf.for %t = %pid to %items step %np : i32 {
    %bh = arith.divsi %t, %n : i32
    %pm = arith.remsi %t, %n : i32
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
    // expected-remark @below {{tile-warp-specialize: producer warpgroup (regs 40) issues 2 TMA copies a step (16384 bytes) into a 4-slot ring; default partition (8 warps, regs 232) runs the dots, the last one asynchronous and waited for in the next step (slot released then)}}
    %acc = scf.for %j = %c0 to %n step %c1 iter_args(%acc_i = %zs) -> (tensor<128x64xf32>) : i32 {
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
  }
  tile.return
}
