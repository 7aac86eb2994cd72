// The named pipelines run in Debian's stock mlir-opt through the plugin.
// RUN: mlir-opt --load-dialect-plugin=%tile_libs/libTilePlugin%shlibext \
// RUN:   --load-pass-plugin=%tile_libs/libTilePlugin%shlibext \
// RUN:   --pass-pipeline='builtin.module(tile-to-ptx{arch=sm_90})' %s | FileCheck %s

// CHECK: module attributes {tile.ptx = "{{.*}}.target sm_90{{.*}}.visible .entry scale(
// CHECK: llvm.func @scale(
// CHECK-SAME: nvvm.kernel

#l = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>
tile.kernel @scale(%p: !tile.ptr<f32>) attributes {num_warps = 2 : i32} {
  %offs = tile.arange 0, 256 : tensor<256xi32, #l>
  %b = tile.splat %p : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>, #l>
  %ptrs = tile.addptr %b, %offs : tensor<256x!tile.ptr<f32>, #l>, tensor<256xi32, #l>
  %v = tile.load %ptrs : tensor<256x!tile.ptr<f32>, #l>
  %two = arith.constant dense<2.0> : tensor<256xf32, #l>
  %w = arith.mulf %v, %two : tensor<256xf32, #l>
  tile.store %ptrs, %w : tensor<256x!tile.ptr<f32>, #l>
  tile.return
}
