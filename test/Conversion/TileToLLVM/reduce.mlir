// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s

// Within a warp: 4 registers along the axis are added in the thread (a
// tree of adjacent pairs: (r0 + r1) + (r2 + r3)), then the 16 lanes along
// the axis by 4 butterfly shuffles. No shared memory.

#l = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>

// CHECK-LABEL: llvm.func @row_sum_warp
// CHECK-SAME: tile.shared_bytes = 0 : i64
// CHECK: %[[R0:.*]] = llvm.extractvalue %[[V:.*]][0] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK: %[[R1:.*]] = llvm.extractvalue %[[V]][1]
// CHECK: %[[R2:.*]] = llvm.extractvalue %[[V]][2]
// CHECK: %[[R3:.*]] = llvm.extractvalue %[[V]][3]
// CHECK: %[[A:.*]] = llvm.fadd %[[R0]], %[[R1]] : f32
// CHECK: %[[B:.*]] = llvm.fadd %[[R2]], %[[R3]] : f32
// CHECK: %[[C:.*]] = llvm.fadd %[[A]], %[[B]] : f32
// CHECK: %[[S1:.*]] = nvvm.shfl.sync bfly %{{.*}}, %[[C]], %[[ONE:.*]], %{{.*}} : f32 -> f32
// CHECK: %[[D:.*]] = llvm.fadd %[[C]], %[[S1]] : f32
// CHECK: nvvm.shfl.sync bfly
// CHECK: nvvm.shfl.sync bfly
// CHECK: nvvm.shfl.sync bfly
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
tile.kernel @row_sum_warp(%p: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [8, 64] : !tile.ptr<f32> -> !tile.view<8x64xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<8x64xf32> -> tensor<8x64xf32, #l>
  %s = tile.reduce sum %t {axis = 1 : i32} : tensor<8x64xf32, #l> -> tensor<8xf32, #layout.slice<dim = 1, parent = #l>>
  %o = tile.make_view %p, shape [8] : !tile.ptr<f32> -> !tile.view<8xf32>
  tile.store_tile %s, %o[%c0] : tensor<8xf32, #layout.slice<dim = 1, parent = #l>>, !tile.view<8xf32>
  tile.return
}

// -----

// Warps split the axis: 5 shuffles, then the partials of the 4 warps go
// through shared memory (4 warps x 4 rows x 4 bytes) between barriers.

#l = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>

// Thread t stores the partial of row r to byte 4 * (4 * w + r) where w is
// its warp (warp bits 0 and 1 -> slot bits 0 and 1); after the barrier row
// r is max(max(slot(0, r), slot(1, r)), max(slot(2, r), slot(3, r))), the
// same tree of adjacent pairs as within a thread.
// (test/simt/cases_lowering.py runs this reduction for every thread.)

// CHECK: llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
// CHECK-LABEL: llvm.func @row_max_cta
// CHECK-SAME: tile.shared_bytes = 64 : i64
// CHECK-COUNT-20: nvvm.shfl.sync bfly
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[FIVE:.*]] = llvm.mlir.constant(5 : i32) : i32
// CHECK: %[[WARP:.*]] = llvm.lshr %[[TID]], %[[FIVE]] : i32
// CHECK: %[[ONE_A:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[ZERO_A:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: %[[SH0:.*]] = llvm.lshr %[[WARP]], %[[ZERO_A]] : i32
// CHECK: %[[WB0:.*]] = llvm.and %[[SH0]], %[[ONE_A]] : i32
// CHECK: %[[ONE_B:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[ONE_C:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[SH1:.*]] = llvm.lshr %[[WARP]], %[[ONE_C]] : i32
// CHECK: %[[WB1:.*]] = llvm.and %[[SH1]], %[[ONE_B]] : i32
// CHECK: %[[ONE_D:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[WB1S:.*]] = llvm.shl %[[WB1]], %[[ONE_D]] : i32
// CHECK: %[[W:.*]] = llvm.or %[[WB0]], %[[WB1S]] : i32
// CHECK-NOT: nvvm.barrier0
// Row 0: slot 4 * w + 0.
// CHECK: %[[FOUR_A:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: %[[WBASE0:.*]] = llvm.mul %[[W]], %[[FOUR_A]] : i32
// CHECK: %[[SLOT0:.*]] = llvm.add %[[WBASE0]], %{{.*}} : i32
// CHECK: %[[BYTES_A:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: %[[OFF0:.*]] = llvm.mul %[[SLOT0]], %[[BYTES_A]] : i32
// CHECK: %[[P0:.*]] = llvm.getelementptr %[[SMEM]][%[[OFF0]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: llvm.store %{{.*}}, %[[P0]] {alignment = 4 : i64} : f32, !llvm.ptr<3>
// Row 1: slot 4 * w + 1 (rows 2 and 3 likewise).
// CHECK: %[[R1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[FOUR_B:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: %[[WBASE1:.*]] = llvm.mul %[[W]], %[[FOUR_B]] : i32
// CHECK: %[[SLOT1:.*]] = llvm.add %[[WBASE1]], %[[R1]] : i32
// CHECK: %[[BYTES_B:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: %[[OFF1:.*]] = llvm.mul %[[SLOT1]], %[[BYTES_B]] : i32
// CHECK: %[[P1:.*]] = llvm.getelementptr %[[SMEM]][%[[OFF1]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: llvm.store %{{.*}}, %[[P1]] {alignment = 4 : i64} : f32, !llvm.ptr<3>
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// The result of row 0: slots 0, 4, 8, 12 (bytes 0, 16, 32, 48).
// CHECK: %[[BYTES_C:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: %[[Q0OFF:.*]] = llvm.mul %[[ROW:.*]], %[[BYTES_C]] : i32
// CHECK: %[[Q0:.*]] = llvm.getelementptr %[[SMEM]][%[[Q0OFF]]]
// CHECK: %[[L0:.*]] = llvm.load %[[Q0]] {alignment = 4 : i64} : !llvm.ptr<3> -> f32
// CHECK: %[[J1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[N1:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: %[[J1BASE:.*]] = llvm.mul %[[J1]], %[[N1]] : i32
// CHECK: %[[J1SLOT:.*]] = llvm.add %[[J1BASE]], %[[ROW]] : i32
// CHECK: %[[J1B:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: %[[J1OFF:.*]] = llvm.mul %[[J1SLOT]], %[[J1B]] : i32
// CHECK: %[[Q1:.*]] = llvm.getelementptr %[[SMEM]][%[[J1OFF]]]
// CHECK: %[[L1:.*]] = llvm.load %[[Q1]] {alignment = 4 : i64} : !llvm.ptr<3> -> f32
// CHECK: %[[J2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: %[[N2:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: %[[J2BASE:.*]] = llvm.mul %[[J2]], %[[N2]] : i32
// CHECK: %[[J2SLOT:.*]] = llvm.add %[[J2BASE]], %[[ROW]] : i32
// CHECK: %[[L2:.*]] = llvm.load
// CHECK: %[[J3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK: %[[N3:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: %[[J3BASE:.*]] = llvm.mul %[[J3]], %[[N3]] : i32
// CHECK: %[[J3SLOT:.*]] = llvm.add %[[J3BASE]], %[[ROW]] : i32
// CHECK: %[[L3:.*]] = llvm.load
// CHECK: %[[M01:.*]] = llvm.intr.maximum(%[[L0]], %[[L1]]) : (f32, f32) -> f32
// CHECK: %[[M23:.*]] = llvm.intr.maximum(%[[L2]], %[[L3]]) : (f32, f32) -> f32
// CHECK: llvm.intr.maximum(%[[M01]], %[[M23]]) : (f32, f32) -> f32
tile.kernel @row_max_cta(%p: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [4, 128] : !tile.ptr<f32> -> !tile.view<4x128xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<4x128xf32> -> tensor<4x128xf32, #l>
  %s = tile.reduce max %t {axis = 1 : i32} : tensor<4x128xf32, #l> -> tensor<4xf32, #layout.slice<dim = 1, parent = #l>>
  %o = tile.make_view %p, shape [4] : !tile.ptr<f32> -> !tile.view<4xf32>
  tile.store_tile %s, %o[%c0] : tensor<4xf32, #layout.slice<dim = 1, parent = #l>>, !tile.view<4xf32>
  tile.return
}

// -----

// A 1-D reduction with a combiner region gives a scalar; the region is
// inlined for every pair (arith.minsi -> llvm.intr.smin).

#l = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>

// The region is called as combiner(partial so far, next value): %a is the
// running partial, %b the next register, shuffled partial or warp partial
// (the order is unspecified for programs, which must use commutative
// combiners, but pinned here).

// CHECK-LABEL: llvm.func @min_all
// CHECK-SAME: tile.shared_bytes = 16 : i64
// CHECK: llvm.mlir.undef : !llvm.struct<(i32, i32)>
// CHECK: %[[R0:.*]] = llvm.extractvalue %[[V:.*]][0] : !llvm.struct<(i32, i32)>
// CHECK: %[[R1:.*]] = llvm.extractvalue %[[V]][1] : !llvm.struct<(i32, i32)>
// CHECK: %[[M0:.*]] = llvm.intr.smin(%[[R0]], %[[R1]]) : (i32, i32) -> i32
// CHECK: %[[S1:.*]] = nvvm.shfl.sync bfly %{{.*}}, %[[M0]], %{{.*}}, %{{.*}} : i32 -> i32
// CHECK: %[[M1:.*]] = llvm.intr.smin(%[[M0]], %[[S1]]) : (i32, i32) -> i32
// CHECK: %[[S2:.*]] = nvvm.shfl.sync bfly %{{.*}}, %[[M1]], %{{.*}}, %{{.*}} : i32 -> i32
// CHECK: %[[M2:.*]] = llvm.intr.smin(%[[M1]], %[[S2]]) : (i32, i32) -> i32
// CHECK-COUNT-3: nvvm.shfl.sync bfly {{.*}} : i32 -> i32
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: %[[W0:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
// CHECK: %[[W1:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
// CHECK: llvm.intr.smin(%[[W0]], %[[W1]]) : (i32, i32) -> i32
tile.kernel @min_all(%p: !tile.ptr<i32>) attributes {num_warps = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [128] : !tile.ptr<i32> -> !tile.view<128xi32>
  %t = tile.load_tile %v[%c0] : !tile.view<128xi32> -> tensor<128xi32, #l>
  %s = tile.reduce %t {axis = 0 : i32} combiner {
  ^bb0(%a: i32, %b: i32):
    %m = arith.minsi %a, %b : i32
    tile.yield %m : i32
  } : tensor<128xi32, #l> -> i32
  tile.store %p, %s : !tile.ptr<i32>
  tile.return
}

// -----

// Column sums: the reduced dim0 is spread over a register bit (8), a lane
// bit (lane 16 -> row 1) and two warp bits (rows 2, 4). Pairs of registers
// are added in the thread, one butterfly with lane 16 per column group, then
// 4 warp partials per column through 4 x 64 x 4 bytes of shared memory.

#l = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>

// CHECK-LABEL: llvm.func @col_sum
// CHECK-SAME: tile.shared_bytes = 1024 : i64
// CHECK-COUNT-4: llvm.fadd
// CHECK: %[[SIXTEEN:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %[[SIXTEEN]], %{{.*}} : f32 -> f32
// CHECK-COUNT-3: nvvm.shfl.sync bfly
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
tile.kernel @col_sum(%p: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [16, 64] : !tile.ptr<f32> -> !tile.view<16x64xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<16x64xf32> -> tensor<16x64xf32, #l>
  %s = tile.reduce sum %t {axis = 0 : i32} : tensor<16x64xf32, #l> -> tensor<64xf32, #layout.slice<dim = 0, parent = #l>>
  %o = tile.make_view %p, shape [64] : !tile.ptr<f32> -> !tile.view<64xf32>
  tile.store_tile %s, %o[%c0] : tensor<64xf32, #layout.slice<dim = 0, parent = #l>>, !tile.view<64xf32>
  tile.return
}

// -----

// Per-thread partial row sums of a wgmma accumulator: the 64 x 128 block
// reshaped to [64, 16, 4, 2] (column 8 j + 2 t + r: register r, quad lane t,
// register group j) and summed over axes 3 and 1 stays in the thread (the
// slices of the #layout.linear take its own extents along the sliced dims);
// 31 adds for each of the thread's 2 rows; only the last sum over the quad
// (axis 1 of [64, 4]) shuffles: 2 butterfly steps for each of the 2 rows.

#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]>
#p4 = #layout.linear<register = [[0, 0, 0, 1], [8, 0, 0, 0], [0, 1, 0, 0], [0, 2, 0, 0], [0, 4, 0, 0], [0, 8, 0, 0]], lane = [[0, 0, 1, 0], [0, 0, 2, 0], [1, 0, 0, 0], [2, 0, 0, 0], [4, 0, 0, 0]], warp = [[16, 0, 0, 0], [32, 0, 0, 0]]>
#p3 = #layout.slice<dim = 3, parent = #p4>
#lq = #layout.slice<dim = 1, parent = #p3>

// CHECK-LABEL: llvm.func @quad_partial_sums
// CHECK-SAME: tile.shared_bytes = 0 : i64
// CHECK-COUNT-62: llvm.fadd
// CHECK-NOT: nvvm.shfl.sync
// CHECK-COUNT-4: nvvm.shfl.sync bfly
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return
tile.kernel @quad_partial_sums(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [64, 128] : !tile.ptr<f32> -> !tile.view<64x128xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<64x128xf32> -> tensor<64x128xf32, #mma>
  %r = tile.reshape %t : tensor<64x128xf32, #mma> -> tensor<64x16x4x2xf32, #p4>
  %a = tile.reduce sum %r {axis = 3 : i32} : tensor<64x16x4x2xf32, #p4> -> tensor<64x16x4xf32, #p3>
  %b = tile.reduce sum %a {axis = 1 : i32} : tensor<64x16x4xf32, #p3> -> tensor<64x4xf32, #lq>
  %s = tile.reduce sum %b {axis = 1 : i32} : tensor<64x4xf32, #lq> -> tensor<64xf32, #layout.slice<dim = 1, parent = #lq>>
  %o = tile.make_view %p, shape [64] : !tile.ptr<f32> -> !tile.view<64xf32>
  tile.store_tile %s, %o[%c0] : tensor<64xf32, #layout.slice<dim = 1, parent = #lq>>, !tile.view<64xf32>
  tile.return
}
