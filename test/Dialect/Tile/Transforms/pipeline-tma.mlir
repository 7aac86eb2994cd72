// RUN: tile-opt %s --split-input-file --tile-assign-layouts --tile-pipeline="remarks=true" --mlir-print-local-scope -verify-diagnostics | FileCheck %s

// The TMA ring of tile-pipeline: loads with the allow_tma hint that
// tile-use-tma could copy, whose tiles only the loop's asynchronous wgmma
// reads. A batched GEMM on rank-3 views: each 1x128x64 / 1x64x128 tile is
// reshaped to its matrix for a rank-2 tile.dot. The descriptors (blocks
// 1x128x64 and 1x64x128) are built before the loop; each slot holds the
// block's matrix (3 x 128x64, 3 x 64x128); one mbarrier per slot,
// initialized once; the prologue issues iterations 0 and 1 (expect 32768
// bytes: 16384 per block; the 3-D coordinates [z, row, col] are the tile
// indices times the tile extents); the loop waits on the read slot's
// mbarrier with its phase, the wgmma reads the slots directly (the reshapes
// and local_allocs are gone), then, after the wgmma wait and a CTA barrier,
// refills slot (i+2) mod 3 with iteration i+2; the drain waits for the
// accumulator and for the two copies issued past the last iteration.

// CHECK-LABEL: tile.kernel @batched_tma
// CHECK: %[[PM:.*]] = tile.program_id x
// CHECK: %[[PN:.*]] = tile.program_id y
// CHECK: %[[PZ:.*]] = tile.program_id z
// CHECK: %[[VA:.*]] = tile.make_view %arg0
// CHECK: %[[VB:.*]] = tile.make_view %arg1
// CHECK: %[[DA:.*]] = tile.make_tensor_desc %[[VA]] : !tile.view<?x?x?xf16> -> !layout.tensordesc<1x128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK-NEXT: %[[DB:.*]] = tile.make_tensor_desc %[[VB]] : !tile.view<?x?x?xf16> -> !layout.tensordesc<1x64x128xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK-NEXT: %[[BA:.*]] = layout.local_alloc : !layout.memdesc<3x128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK-NEXT: %[[BB:.*]] = layout.local_alloc : !layout.memdesc<3x64x128xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK-NEXT: %[[BARS:.*]] = layout.local_alloc : !layout.memdesc<3x1xi64
// CHECK-NEXT: layout.fence_async_shared
// CHECK-COUNT-3: layout.init_barrier %{{.*}}, 1
// Prologue, iteration 0 into slot 0.
// CHECK: %[[BAR0:.*]] = layout.memdesc_index %[[BARS]][%[[S0:.*]]] :
// CHECK-NEXT: layout.barrier_expect %[[BAR0]], 32768
// CHECK: %[[ROW:.*]] = arith.muli %[[PM]], %c128_i32
// CHECK: %[[K0:.*]] = arith.muli %c0_i32, %c64_i32
// CHECK-NEXT: %[[A0:.*]] = layout.memdesc_index %[[BA]][%[[S0]]]
// CHECK-NEXT: layout.async_tma_copy_global_to_local %[[DA]][%[[PZ]], %[[ROW]], %[[K0]]] %[[A0]], %[[BAR0]] : !layout.tensordesc<1x128x64xf16, {{.*}}>, !layout.memdesc<128x64xf16, {{.*}}>
// CHECK: %[[COL:.*]] = arith.muli %[[PN]], %c128_i32
// CHECK-NEXT: %[[B0:.*]] = layout.memdesc_index %[[BB]][%[[S0]]]
// CHECK-NEXT: layout.async_tma_copy_global_to_local %[[DB]][%[[PZ]], %{{.*}}, %[[COL]]] %[[B0]], %[[BAR0]] : !layout.tensordesc<1x64x128xf16, {{.*}}>, !layout.memdesc<64x128xf16, {{.*}}>
// Prologue, iteration 1 into slot 1.
// CHECK: layout.barrier_expect %{{.*}}, 32768
// CHECK-COUNT-2: layout.async_tma_copy_global_to_local
// CHECK-NOT: layout.async_tma_copy_global_to_local
// CHECK: %[[RES:.*]]:4 = scf.for %[[I:.*]] = {{.*}} iter_args(%[[ACC:[^ ]*]] = %{{.*}}, %[[RD:[^ ]*]] = %c0_i32{{.*}}, %[[WR:[^ ]*]] = %c2_i32{{.*}}, %[[PH:[^ ]*]] = %c0_i32{{.*}}) -> (tensor<128x128xf32, {{.*}}>, i32, i32, i32)
// CHECK-NEXT: %[[RBAR:.*]] = layout.memdesc_index %[[BARS]][%[[RD]]]
// CHECK-NEXT: layout.wait_barrier %[[RBAR]], %[[PH]]
// CHECK-NEXT: %[[SA:.*]] = layout.memdesc_index %[[BA]][%[[RD]]]
// CHECK-NEXT: %[[SB:.*]] = layout.memdesc_index %[[BB]][%[[RD]]]
// CHECK-NEXT: %[[D:.*]] = tile.dot %[[SA]], %[[SB]], %[[ACC]] async : !layout.memdesc<128x64xf16, {{.*}}>, !layout.memdesc<64x128xf16, {{.*}}> -> tensor<128x128xf32
// CHECK-NEXT: %[[W:.*]] = tile.dot_wait %[[D]] {pendings = 1 : i32}
// CHECK-NEXT: layout.barrier
// CHECK: %[[AHEAD:.*]] = arith.addi %[[I]], %{{.*}} : i32
// CHECK-NEXT: %[[WBAR:.*]] = layout.memdesc_index %[[BARS]][%[[WR]]]
// CHECK-NEXT: layout.barrier_expect %[[WBAR]], 32768
// CHECK: %[[KA:.*]] = arith.muli %[[AHEAD]], %c64_i32
// CHECK-NEXT: %[[WA:.*]] = layout.memdesc_index %[[BA]][%[[WR]]]
// CHECK-NEXT: layout.async_tma_copy_global_to_local %[[DA]][%[[PZ]], %{{.*}}, %[[KA]]] %[[WA]], %[[WBAR]]
// CHECK: %[[KB:.*]] = arith.muli %[[AHEAD]], %c64_i32
// CHECK: %[[WB:.*]] = layout.memdesc_index %[[BB]][%[[WR]]]
// CHECK-NEXT: layout.async_tma_copy_global_to_local %[[DB]][%[[PZ]], %[[KB]], %{{.*}}] %[[WB]], %[[WBAR]]
// The read slot's phase flips when the slot wraps to 0.
// CHECK: %[[RN:.*]] = arith.addi %[[RD]], %c1_i32
// CHECK: %[[RW:.*]] = arith.cmpi eq, %[[RN]], %c3_i32
// CHECK: %[[FLIP:.*]] = arith.xori %[[PH]], %c1_i32
// CHECK-NEXT: %[[NPH:.*]] = arith.select %{{.*}}, %[[FLIP]], %[[PH]] : i32
// CHECK-NEXT: scf.yield %[[W]], %{{.*}}, %{{.*}}, %[[NPH]]
// CHECK: tile.dot_wait %[[RES]]#0 {pendings = 0 : i32}
// CHECK-NEXT: %[[DB0:.*]] = layout.memdesc_index %[[BARS]][%[[RES]]#1]
// CHECK-NEXT: layout.wait_barrier %[[DB0]], %[[RES]]#3
// CHECK: layout.wait_barrier
// CHECK-NOT: layout.wait_barrier
// CHECK-NOT: layout.async_wait
// CHECK-NOT: tile.load_tile
// CHECK-NOT: tile.reshape
// CHECK: tile.return
tile.kernel @batched_tma(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                         %c: !tile.ptr<f32>, %bs: i32, %m: i32, %n: i32, %k: i32, %kt: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %pz = tile.program_id z : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%bs, %m, %k], strides [65536, 64, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vb = tile.make_view %b, shape [%bs, %k, %n], strides [65536, 128, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-pipeline: 3 stages of 32768 bytes: tile.load_tile 128x64xf16 in 3 slots (wgmma operand, TMA copy of 1x128x64 blocks), tile.load_tile 64x128xf16 in 3 slots (wgmma operand, TMA copy of 1x64x128 blocks); one mbarrier per slot, 32768 transaction bytes per stage; wgmma asynchronous, one group in flight}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32>) : i32 {
    %x = tile.load_tile %va[%pz, %pm, %i] padding = zero {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x128x64xf16>
    %y = tile.load_tile %vb[%pz, %i, %pn] padding = zero {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x64x128xf16>
    %mx = tile.reshape %x : tensor<1x128x64xf16> -> tensor<128x64xf16>
    %my = tile.reshape %y : tensor<1x64x128xf16> -> tensor<64x128xf16>
    %d = tile.dot %mx, %my, %s : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<128x128xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// Rank 4 (a [B, H, N, D] view, 1x1x64x64 tiles) with 4 stages asked for:
// 4-D coordinates [b, h, row, col], 8192-byte blocks.

// CHECK-LABEL: tile.kernel @bhnd_tma
// CHECK: %[[PH:.*]] = tile.program_id y
// CHECK: %[[PB:.*]] = tile.program_id z
// CHECK: tile.make_tensor_desc %{{.*}} : !tile.view<?x?x?x64xf16> -> !layout.tensordesc<1x1x64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK: layout.local_alloc : !layout.memdesc<4x64x64xf16
// CHECK: layout.local_alloc : !layout.memdesc<4x1xi64
// CHECK-COUNT-4: layout.init_barrier
// CHECK: layout.barrier_expect %{{.*}}, 16384
// CHECK: layout.async_tma_copy_global_to_local %{{.*}}[%[[PB]], %[[PH]], %{{.*}}, %{{.*}}] %{{.*}}, %{{.*}} : !layout.tensordesc<1x1x64x64xf16, {{.*}}>, !layout.memdesc<64x64xf16
// CHECK: scf.for
// CHECK: layout.wait_barrier
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} async : !layout.memdesc<64x64xf16, {{.*}}>, !layout.memdesc<64x64xf16
// CHECK-NOT: tile.reshape
// CHECK: scf.yield
// CHECK-COUNT-3: layout.wait_barrier
// CHECK-NOT: layout.wait_barrier
tile.kernel @bhnd_tma(%q: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %k: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                      %o: !tile.ptr<f32>, %bs: i32, %h: i32, %n: i32, %kt: i32,
                      %sb: i32 {tile.divisibility = 8 : i64}, %sh: i32 {tile.divisibility = 8 : i64})
    attributes {num_warps = 4 : i32, tile.num_stages = 4 : i32} {
  %pm = tile.program_id x : i32
  %ph = tile.program_id y : i32
  %pb = tile.program_id z : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %vq = tile.make_view %q, shape [%bs, %h, %n, 64], strides [%sb, %sh, 64, 1] : !tile.ptr<f16> -> !tile.view<?x?x?x64xf16>
  %vk = tile.make_view %k, shape [%bs, %h, %n, 64], strides [%sb, %sh, 64, 1] : !tile.ptr<f16> -> !tile.view<?x?x?x64xf16>
  %vo = tile.make_view %o, shape [%n, 64] : !tile.ptr<f32> -> !tile.view<?x64xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  // expected-remark @below {{tile-pipeline: 4 stages of 16384 bytes: tile.load_tile 64x64xf16 in 4 slots (wgmma operand, TMA copy of 1x1x64x64 blocks), tile.load_tile 64x64xf16 in 4 slots (wgmma operand, TMA copy of 1x1x64x64 blocks); one mbarrier per slot, 16384 transaction bytes per stage; wgmma asynchronous, one group in flight}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %x = tile.load_tile %vq[%pb, %ph, %pm, %c0] padding = zero {allow_tma} : !tile.view<?x?x?x64xf16> -> tensor<1x1x64x64xf16>
    %y = tile.load_tile %vk[%pb, %ph, %i, %c0] padding = zero {allow_tma} : !tile.view<?x?x?x64xf16> -> tensor<1x1x64x64xf16>
    %mx = tile.reshape %x : tensor<1x1x64x64xf16> -> tensor<64x64xf16>
    %my = tile.reshape %y : tensor<1x1x64x64xf16> -> tensor<64x64xf16>
    %d = tile.dot %mx, %my, %s : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  tile.store_tile %acc, %vo[%pm, %c0] : tensor<64x64xf32>, !tile.view<?x64xf32>
  tile.return
}

// -----

// Rank 2 with the hint: the same ring, 2-D blocks and coordinates.

// CHECK-LABEL: tile.kernel @rank2_tma
// CHECK: layout.async_tma_copy_global_to_local %{{.*}}[%{{.*}}, %{{.*}}] %{{.*}}, %{{.*}} : !layout.tensordesc<128x64xf16
// CHECK-NOT: tile.async_load_tile
tile.kernel @rank2_tma(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                       %c: !tile.ptr<f32>, %m: i32, %n: i32, %k: i32, %kt: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [128, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-pipeline: 3 stages of 32768 bytes: tile.load_tile 128x64xf16 in 3 slots (wgmma operand, TMA copy of 128x64 blocks), tile.load_tile 64x128xf16 in 3 slots (wgmma operand, TMA copy of 64x128 blocks); one mbarrier per slot, 32768 transaction bytes per stage; wgmma asynchronous, one group in flight}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32>) : i32 {
    %x = tile.load_tile %va[%pm, %i] padding = zero {allow_tma} : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %y = tile.load_tile %vb[%i, %pn] padding = zero {allow_tma} : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %d = tile.dot %x, %y, %s : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<128x128xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// tile.load_at with dims [1, 2] (Tilus's load_global of a 2-D slice of a
// 3-D view) joins the ring like load_tile: the copy's coordinates are the
// load's element offsets [z, row, k * 64] as they are, not tile indices
// times the tile; no tile.reshape (the tile is already the matrix).

// CHECK-LABEL: tile.kernel @batched_load_at
// CHECK: %[[PM:.*]] = tile.program_id x
// CHECK: %[[PZ:.*]] = tile.program_id z
// CHECK: %[[VA:.*]] = tile.make_view %arg0
// CHECK: %[[ROW:.*]] = arith.muli %[[PM]], %c128_i32
// CHECK: %[[DA:.*]] = tile.make_tensor_desc %[[VA]] : !tile.view<?x?x?xf16> -> !layout.tensordesc<1x128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK: %[[BA:.*]] = layout.local_alloc : !layout.memdesc<3x128x64xf16
// CHECK: %[[K0:.*]] = arith.muli %c0_i32, %c64_i32
// CHECK: layout.barrier_expect %{{.*}}, 32768
// CHECK-NEXT: %[[A0:.*]] = layout.memdesc_index %[[BA]]
// CHECK-NEXT: layout.async_tma_copy_global_to_local %[[DA]][%[[PZ]], %[[ROW]], %[[K0]]] %[[A0]], %{{.*}} : !layout.tensordesc<1x128x64xf16, {{.*}}>, !layout.memdesc<128x64xf16
// CHECK: scf.for %[[I:.*]] = {{.*}} iter_args(
// CHECK: layout.wait_barrier
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} async : !layout.memdesc<128x64xf16, {{.*}}>, !layout.memdesc<64x128xf16
// CHECK: %[[AHEAD:.*]] = arith.addi %[[I]], %{{.*}} : i32
// CHECK: %[[KA:.*]] = arith.muli %[[AHEAD]], %c64_i32
// CHECK: layout.async_tma_copy_global_to_local %[[DA]][%[[PZ]], %[[ROW]], %[[KA]]]
// CHECK-NOT: tile.load_at
// CHECK: tile.return
tile.kernel @batched_load_at(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                             %c: !tile.ptr<f32>, %bs: i32, %m: i32, %n: i32, %k: i32, %kt: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %pz = tile.program_id z : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %va = tile.make_view %a, shape [%bs, %m, %k], strides [65536, 64, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vb = tile.make_view %b, shape [%bs, %k, %n], strides [65536, 128, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %row = arith.muli %pm, %c128 : i32
  %col = arith.muli %pn, %c128 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-pipeline: 3 stages of 32768 bytes: tile.load_at 128x64xf16 in 3 slots (wgmma operand, TMA copy of 1x128x64 blocks), tile.load_at 64x128xf16 in 3 slots (wgmma operand, TMA copy of 1x64x128 blocks); one mbarrier per slot, 32768 transaction bytes per stage; wgmma asynchronous, one group in flight}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32>) : i32 {
    %kk = arith.muli %i, %c64 : i32
    %x = tile.load_at %va[%pz, %row, %kk] dims [1, 2] {allow_tma} : !tile.view<?x?x?xf16> -> tensor<128x64xf16>
    %y = tile.load_at %vb[%pz, %kk, %col] dims [1, 2] {allow_tma} : !tile.view<?x?x?xf16> -> tensor<64x128xf16>
    %d = tile.dot %x, %y, %s : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<128x128xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// tile.load_at without allow_tma: cp.async copies, as for a tile.load_tile
// without the hint: tile.async_load_at at the load's offsets into the slot,
// in the load's layout, S - 1 iterations ahead.

// CHECK-LABEL: tile.kernel @load_at_no_hint
// CHECK: %[[VA:.*]] = tile.make_view %arg0
// CHECK: %[[VB:.*]] = tile.make_view %arg1
// CHECK: %[[K0:.*]] = arith.muli %c0_i32, %c64_i32
// CHECK: tile.async_load_at %[[VA]][%c0_i32, %[[K0]]], %{{.*}} {layout = #layout.blocked<{{.*}}>} : !tile.view<?x?xf16> -> !layout.memdesc<128x64xf16
// CHECK: tile.async_load_at %[[VB]][%[[K0]], %c0_i32], %{{.*}} {layout = #layout.blocked<{{.*}}>} : !tile.view<?x?xf16> -> !layout.memdesc<64x128xf16
// CHECK: scf.for %[[I:.*]] = {{.*}} iter_args(
// CHECK: layout.async_wait {num = 1 : i32}
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} async
// CHECK: %[[AHEAD:.*]] = arith.addi %[[I]], %{{.*}} : i32
// CHECK: %[[KA:.*]] = arith.muli %[[AHEAD]], %c64_i32
// CHECK: tile.async_load_at %[[VA]][%c0_i32, %[[KA]]], %{{.*}}
// CHECK: tile.async_load_at %[[VB]][%[[KA]], %c0_i32], %{{.*}}
// CHECK-NOT: tile.load_at
// CHECK: tile.return
tile.kernel @load_at_no_hint(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                             %c: !tile.ptr<f32>, %m: i32, %n: i32, %k: i32, %kt: i32)
    attributes {num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [128, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-pipeline: 3 stages of 32768 bytes: tile.load_at 128x64xf16 in 3 slots (wgmma operand), tile.load_at 64x128xf16 in 3 slots (wgmma operand); wgmma asynchronous, one group in flight}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32>) : i32 {
    %kk = arith.muli %i, %c64 : i32
    %x = tile.load_at %va[%c0, %kk] : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %y = tile.load_at %vb[%kk, %c0] : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %d = tile.dot %x, %y, %s : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  tile.store_tile %acc, %vc[%c0, %c0] : tensor<128x128xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// allow_tma on tile.load_at ... dims [1, 2] of 3-D views whose row stride
// TMA cannot take (not proven a multiple of 16 bytes): the loads fall back
// to cp.async, tile.async_load_at with the same offsets and dims.

// CHECK-LABEL: tile.kernel @load_at_not_tma
// CHECK: %[[PZ:.*]] = tile.program_id z
// CHECK: tile.async_load_at %{{.*}}[%[[PZ]], %c0_i32, %{{.*}}] dims [1, 2], %{{.*}} {layout = {{.*}}} : !tile.view<?x?x?xf16> -> !layout.memdesc<128x64xf16
// CHECK: scf.for
// CHECK: tile.async_load_at %{{.*}}[%[[PZ]], %c0_i32, %{{.*}}] dims [1, 2], %{{.*}} {layout = {{.*}}} : !tile.view<?x?x?xf16> -> !layout.memdesc<128x64xf16
// CHECK-NOT: layout.async_tma_copy_global_to_local
// CHECK-NOT: tile.load_at
// CHECK: tile.return
tile.kernel @load_at_not_tma(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                             %c: !tile.ptr<f32>, %bs: i32, %m: i32, %n: i32, %k: i32, %kt: i32, %sa: i32)
    attributes {num_warps = 8 : i32} {
  %pz = tile.program_id z : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %va = tile.make_view %a, shape [%bs, %m, %k], strides [65536, %sa, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vb = tile.make_view %b, shape [%bs, %k, %n], strides [65536, 128, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-pipeline: 3 stages of 32768 bytes: tile.load_at 128x64xf16 in 3 slots (wgmma operand), tile.load_at 64x128xf16 in 3 slots (wgmma operand); wgmma asynchronous, one group in flight}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32>) : i32 {
    %kk = arith.muli %i, %c64 : i32
    %x = tile.load_at %va[%pz, %c0, %kk] dims [1, 2] {allow_tma} : !tile.view<?x?x?xf16> -> tensor<128x64xf16>
    %y = tile.load_at %vb[%pz, %kk, %c0] dims [1, 2] {allow_tma} : !tile.view<?x?x?xf16> -> tensor<64x128xf16>
    %d = tile.dot %x, %y, %s : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  tile.store_tile %acc, %vc[%c0, %c0] : tensor<128x128xf32>, !tile.view<?x?xf32>
  tile.return
}
