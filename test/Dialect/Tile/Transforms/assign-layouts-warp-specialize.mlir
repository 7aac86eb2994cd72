// RUN: tile-opt %s --tile-assign-layouts -mlir-print-local-scope | FileCheck %s

// Tensors in a tile.warp_specialize partition get layouts for the
// partition's warps: 8 in the default partition (the kernel's num_warps),
// 2 in the worker.
// CHECK-LABEL: tile.kernel @partitions
// CHECK: tile.warp_specialize default {
// CHECK: tile.load_tile {{.*}} -> tensor<64x64xf32, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]>>
// CHECK: } partition warps(2) {
// CHECK: tile.load_tile {{.*}} -> tensor<64x64xf32, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [2, 1], order = [1, 0]>>
tile.kernel @partitions(%p: !tile.ptr<f32>, %q: !tile.ptr<f32>, %m: i32, %n: i32)
    attributes {num_warps = 8 : i32} {
  %i = tile.program_id x : i32
  %v = tile.make_view %p, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %w = tile.make_view %q, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  tile.warp_specialize default {
    %t = tile.load_tile %v[%i, %i] : !tile.view<?x?xf32> -> tensor<64x64xf32>
    tile.store_tile %t, %w[%i, %i] : tensor<64x64xf32>, !tile.view<?x?xf32>
  } partition warps(2) {
    %t = tile.load_tile %w[%i, %i] : !tile.view<?x?xf32> -> tensor<64x64xf32>
    tile.store_tile %t, %v[%i, %i] : tensor<64x64xf32>, !tile.view<?x?xf32>
  }
  tile.return
}
