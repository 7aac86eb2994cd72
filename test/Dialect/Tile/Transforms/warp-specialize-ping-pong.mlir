// RUN: tile-opt %s -split-input-file --tile-assign-layouts --tile-warp-specialize=ping-pong=true --canonicalize --cse --mlir-print-local-scope | FileCheck %s --check-prefix=PP
// RUN: tile-opt %s -split-input-file --tile-assign-layouts --tile-warp-specialize --canonicalize --cse --mlir-print-local-scope | FileCheck %s --check-prefix=DEFAULT

// tile-warp-specialize's ping-pong (off by default): in a loop whose wgmma
// are waited for before register work on their results in the same step
// (overlapped dots: an attention loop's softmax), the consumer warpgroups
// take turns issuing them. turn[W] (one mbarrier of one arrival per
// warpgroup) is made beside the ring; warpgroup w = tile.warp_id / 4 waits
// for turn[w] right before the step's first wgmma, on parity
// (i & 1) ^ (w == 0) (i the step: (slot & 1), xor the phase when the ring
// has an odd number of slots), and hands the turn to turn[(w + 1) mod W]
// after the last (one arrival per warpgroup, per_warpgroup).

// A 4-slot ring: i & 1 is slot & 1.
// PP-LABEL: tile.kernel @pp_even
// PP: %[[TURN:.*]] = layout.local_alloc : !layout.memdesc<2x1xi64
// PP-NEXT: %[[T0:.*]] = layout.memdesc_index %[[TURN]][%c0_i32]
// PP-NEXT: layout.init_barrier %[[T0]], 1 :
// PP-NEXT: %[[T1:.*]] = layout.memdesc_index %[[TURN]][%c1_i32]
// PP-NEXT: layout.init_barrier %[[T1]], 1 :
// PP: tile.warp_specialize default regs(232)
// PP: %[[W:.*]] = tile.warp_id : i32
// PP-NEXT: %[[WG:.*]] = arith.divui %[[W]], %c4_i32 : i32
// PP-NEXT: %[[WG1:.*]] = arith.addi %[[WG]], %c1_i32 : i32
// PP-NEXT: %[[NWG:.*]] = arith.remui %[[WG1]], %c2_i32 : i32
// PP-NEXT: %[[FIRST:.*]] = arith.cmpi eq, %[[WG]], %c0_i32 : i32
// PP-NEXT: %[[FLIP:.*]] = arith.extui %[[FIRST]] : i1 to i32
// PP-NEXT: %[[MINE:.*]] = layout.memdesc_index %[[TURN]][%[[WG]]]
// PP-NEXT: %[[NEXT:.*]] = layout.memdesc_index %[[TURN]][%[[NWG]]]
// PP-NEXT: scf.for %{{.*}} iter_args(%{{.*}}, %{{.*}}, %[[SLOT:[^ ]*]] = %c0_i32, %[[PH:[^ ]*]] = %c0_i32)
// PP: %[[ODD:.*]] = arith.andi %[[SLOT]], %c1_i32 : i32
// PP-NEXT: %[[PAR:.*]] = arith.xori %[[ODD]], %[[FLIP]] : i32
// PP-NEXT: layout.wait_barrier %[[MINE]], %[[PAR]] :
// PP-NEXT: %[[S:.*]] = tile.dot %{{.*}} async
// PP-NEXT: layout.convert
// PP-NEXT: tile.dot %{{.*}} async
// PP-NEXT: layout.arrive_barrier %[[NEXT]], 1 per_warpgroup :
// PP-NEXT: tile.dot_wait %[[S]] {pendings = 1 : i32}
// PP: partition warps(4)
// PP-NOT: layout.wait_barrier %[[MINE]]
// DEFAULT-LABEL: tile.kernel @pp_even
// DEFAULT-NOT: tile.warp_id
// DEFAULT-NOT: !layout.memdesc<2x1xi64
// DEFAULT: partition warps(4)
tile.kernel @pp_even(%q: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %kt: !tile.ptr<f16> {tile.divisibility = 16 : i64},
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
  tile.store_tile %acc, %vo[%pm, %c0] : tensor<128x64xf32>, !tile.view<?x64xf32>
  tile.return
}


// -----

// A 3-slot ring: i = 3 r + slot and the phase is r & 1, so
// i & 1 = (slot & 1) ^ phase.
// PP-LABEL: tile.kernel @pp_odd
// PP: %[[FLIP:.*]] = arith.extui %{{.*}} : i1 to i32
// PP-NEXT: %[[MINE:.*]] = layout.memdesc_index
// PP: scf.for %{{.*}} iter_args(%{{.*}}, %{{.*}}, %[[SLOT:[^ ]*]] = %c0_i32, %[[PH:[^ ]*]] = %c0_i32)
// PP: %[[ODD:.*]] = arith.andi %[[SLOT]], %c1_i32 : i32
// PP-NEXT: %[[STEP:.*]] = arith.xori %[[ODD]], %[[PH]] : i32
// PP-NEXT: %[[PAR:.*]] = arith.xori %[[STEP]], %[[FLIP]] : i32
// PP-NEXT: layout.wait_barrier %[[MINE]], %[[PAR]] :
tile.kernel @pp_odd(%q: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %kt: !tile.ptr<f16> {tile.divisibility = 16 : i64},
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
  } {tile.num_stages = 3 : i32, tile.warp_specialize = true}
  tile.store_tile %acc, %vo[%pm, %c0] : tensor<128x64xf32>, !tile.view<?x64xf32>
  tile.return
}


// -----

// One consumer warpgroup (4 warps): nobody to take turns with.
// PP-LABEL: tile.kernel @pp_one_warpgroup
// PP-NOT: tile.warp_id
// PP: partition warps(4)
tile.kernel @pp_one_warpgroup(%q: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %kt: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                      %v: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %o: !tile.ptr<f32>, %n: i32 {tile.divisibility = 16 : i64})
    attributes {num_warps = 4 : i32} {
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
  tile.store_tile %acc, %vo[%pm, %c0] : tensor<128x64xf32>, !tile.view<?x64xf32>
  tile.return
}

