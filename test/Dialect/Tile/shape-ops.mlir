// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// Round trip of tile.trans, tile.reshape, tile.join, tile.split and
// tile.cat, with and without layouts.

#l = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#t = #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>

// CHECK-LABEL: func.func @shapes
func.func @shapes(%x: tensor<16x32xf32>, %y: tensor<4x8x16xf16>, %p: tensor<16x32xf32, #l>) {
  // CHECK: tile.trans %{{.*}}, [1, 0] : tensor<16x32xf32> -> tensor<32x16xf32>
  %0 = tile.trans %x, [1, 0] : tensor<16x32xf32> -> tensor<32x16xf32>
  // CHECK: tile.trans %{{.*}}, [2, 0, 1] : tensor<4x8x16xf16> -> tensor<16x4x8xf16>
  %1 = tile.trans %y, [2, 0, 1] : tensor<4x8x16xf16> -> tensor<16x4x8xf16>
  // CHECK: tile.trans %{{.*}}, [1, 0] : tensor<16x32xf32, #{{.*}}> -> tensor<32x16xf32, #{{.*}}>
  %2 = tile.trans %p, [1, 0] : tensor<16x32xf32, #l> -> tensor<32x16xf32, #t>
  // CHECK: tile.reshape %{{.*}} : tensor<16x32xf32> -> tensor<512xf32>
  %3 = tile.reshape %x : tensor<16x32xf32> -> tensor<512xf32>
  // CHECK: tile.reshape %{{.*}} : tensor<4x8x16xf16> -> tensor<32x16xf16>
  %4 = tile.reshape %y : tensor<4x8x16xf16> -> tensor<32x16xf16>
  // CHECK: %[[J:.*]] = tile.join %{{.*}}, %{{.*}} : tensor<16x32xf32> -> tensor<16x32x2xf32>
  %5 = tile.join %x, %x : tensor<16x32xf32> -> tensor<16x32x2xf32>
  // CHECK: %{{.*}}, %{{.*}} = tile.split %[[J]] : tensor<16x32x2xf32> -> tensor<16x32xf32>
  %6:2 = tile.split %5 : tensor<16x32x2xf32> -> tensor<16x32xf32>
  // CHECK: tile.cat %{{.*}}, %{{.*}} {axis = 1 : i32} : tensor<16x32xf32> -> tensor<16x64xf32>
  %7 = tile.cat %6#0, %6#1 {axis = 1 : i32} : tensor<16x32xf32> -> tensor<16x64xf32>
  return
}
