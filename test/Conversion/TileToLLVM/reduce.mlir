// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s

// Within a warp: 4 registers along the axis are added in the thread, then
// the 16 lanes along the axis by 4 butterfly shuffles. No shared memory.

#l = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>

// CHECK-LABEL: llvm.func @row_sum_warp
// CHECK-SAME: tile.shared_bytes = 0 : i64
// CHECK: %[[A:.*]] = llvm.fadd %{{.*}}, %{{.*}} : f32
// CHECK: %[[B:.*]] = llvm.fadd %[[A]], %{{.*}} : f32
// CHECK: %[[C:.*]] = llvm.fadd %[[B]], %{{.*}} : f32
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

// CHECK: llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// CHECK-LABEL: llvm.func @row_max_cta
// CHECK-SAME: tile.shared_bytes = 64 : i64
// CHECK-COUNT-20: nvvm.shfl.sync bfly
// CHECK: llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
// CHECK: llvm.intr.maximum
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

// CHECK-LABEL: llvm.func @min_all
// CHECK-SAME: tile.shared_bytes = 16 : i64
// CHECK: llvm.intr.smin
// CHECK-COUNT-5: nvvm.shfl.sync bfly {{.*}} : i32 -> i32
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.intr.smin
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
