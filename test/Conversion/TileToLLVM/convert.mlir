// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s

// Two spellings of the same layout: the conversion is free.

#a = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b = #layout.linear<register = [[1], [2]], lane = [[4], [8], [16], [32], [64]], warp = [[128], [256]], block = []>

// CHECK-LABEL: llvm.func @same
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: llvm.mlir.addressof
// CHECK: llvm.return
tile.kernel @same(%p: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [512] : !tile.ptr<f32> -> !tile.view<512xf32>
  %t = tile.load_tile %v[%c0] : !tile.view<512xf32> -> tensor<512xf32, #a>
  %u = layout.convert %t : tensor<512xf32, #a> -> tensor<512xf32, #b>
  tile.store_tile %u, %v[%c0] : tensor<512xf32, #b>, !tile.view<512xf32>
  tile.return
}

// -----

// Only the register order differs: a permutation of the struct members.

#a = #layout.linear<register = [[1], [2]], lane = [[4], [8], [16], [32], [64]], warp = [], block = []>
#b = #layout.linear<register = [[2], [1]], lane = [[4], [8], [16], [32], [64]], warp = [], block = []>

// CHECK-LABEL: llvm.func @permute
// CHECK-SAME: tile.shared_bytes = 0 : i64
// CHECK: %[[R0:.*]] = llvm.extractvalue %[[S:.*]][0] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK: %[[R1:.*]] = llvm.extractvalue %[[S]][1] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK: %[[R2:.*]] = llvm.extractvalue %[[S]][2] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK: %[[R3:.*]] = llvm.extractvalue %[[S]][3] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK: llvm.insertvalue %[[R0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[R2]], %{{.*}}[1]
// CHECK: llvm.insertvalue %[[R1]], %{{.*}}[2]
// CHECK: llvm.insertvalue %[[R3]], %{{.*}}[3]
// CHECK-NOT: nvvm.barrier0
tile.kernel @permute(%p: !tile.ptr<f32>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [128] : !tile.ptr<f32> -> !tile.view<128xf32>
  %t = tile.load_tile %v[%c0] : !tile.view<128xf32> -> tensor<128xf32, #a>
  %u = layout.convert %t {assert_trivial} : tensor<128xf32, #a> -> tensor<128xf32, #b>
  tile.store_tile %u, %v[%c0] : tensor<128xf32, #b>, !tile.view<128xf32>
  tile.return
}

// -----

// Row-major to column-major for a transposing copy: through shared memory
// (64 x 64 x 4 bytes) laid out by the conversion planner: the stores (two
// registers per vector here, the width both layouts allow), a barrier, the
// loads. The barrier before the stores is elided: nothing touched shared
// memory before them.

#row = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#col = #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]>

// CHECK-LABEL: llvm.func @transpose
// CHECK-SAME: tile.shared_bytes = 16384 : i64
// CHECK-NOT: nvvm.barrier0
// CHECK: nvvm.read.ptx.sreg.tid.x
// CHECK-COUNT-16: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xi32>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-32: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
tile.kernel @transpose(%src: !tile.ptr<f32>, %dst: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %vin = tile.make_view %src, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  %vout = tile.make_view %dst, shape [64, 64], strides [1, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  %t = tile.load_tile %vin[%c0, %c0] : !tile.view<64x64xf32> -> tensor<64x64xf32, #row>
  %u = layout.convert %t : tensor<64x64xf32, #row> -> tensor<64x64xf32, #col>
  tile.store_tile %u, %vout[%c0, %c0] : tensor<64x64xf32, #col>, !tile.view<64x64xf32>
  tile.return
}
