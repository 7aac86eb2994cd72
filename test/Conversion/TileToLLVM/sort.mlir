// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm --canonicalize | FileCheck %s

// Lowering of tile.sort and tile.topk (canonicalized, so that the shuffle
// masks are the named constants at the top of each function).

// Bitonic sort of 8 floats: axis bit 0 in registers, bits 1 and 2 in lanes
// 0 and 1 (lanes 2-31 hold copies). Stages 1..3 have steps j = 0; 1, 0;
// 2, 1, 0: the lane steps are butterflies with masks 1, then 2 and 1, one
// per register; every exchange compares with `olt` both ways and keeps the
// partner's value only when it strictly belongs on this side.

// CHECK-LABEL: llvm.func @sort8
// CHECK-SAME: tile.shared_bytes = 0 : i64
// CHECK-DAG: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-DAG: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG: %[[CLAMP:.*]] = llvm.mlir.constant(31 : i32) : i32
// CHECK: llvm.fcmp "olt" %[[A:.*]], %[[B:.*]] : f32
// CHECK: llvm.fcmp "olt" %[[B]], %[[A]] : f32
// CHECK: nvvm.shfl.sync  bfly %{{.*}}, %{{.*}}, %[[ONE]], %[[CLAMP]] : f32 -> f32
// CHECK-NEXT: nvvm.shfl.sync  bfly %{{.*}}, %{{.*}}, %[[ONE]], %[[CLAMP]] : f32 -> f32
// CHECK: nvvm.shfl.sync  bfly %{{.*}}, %{{.*}}, %[[TWO]], %[[CLAMP]] : f32 -> f32
// CHECK-NEXT: nvvm.shfl.sync  bfly %{{.*}}, %{{.*}}, %[[TWO]], %[[CLAMP]] : f32 -> f32
// CHECK: nvvm.shfl.sync  bfly %{{.*}}, %{{.*}}, %[[ONE]], %[[CLAMP]] : f32 -> f32
// CHECK-NEXT: nvvm.shfl.sync  bfly %{{.*}}, %{{.*}}, %[[ONE]], %[[CLAMP]] : f32 -> f32
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#s = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
tile.kernel @sort8(%p: !tile.ptr<f32>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [8] : !tile.ptr<f32> -> !tile.view<8xf32>
  %t = tile.load_tile %v[%c0] : !tile.view<8xf32> -> tensor<8xf32, #s>
  %s = tile.sort %t {axis = 0 : i32} : tensor<8xf32, #s>
  tile.store_tile %s, %v[%c0] : tensor<8xf32, #s>, !tile.view<8xf32>
  tile.return
}

// -----

// Top 4 of rows of 64 whose axis is split over 2 lanes... and 4 warps: the
// warp steps of the network go through shared memory (the whole 2 x 64 f32
// tensor, 512 bytes, and the i32 payload after it), and the 4 largest are
// read back in the result layout from the same scratch.

#w = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [1, 0]>
#r = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: llvm.func @topk_warps
// CHECK-SAME: tile.shared_bytes = 1024 : i64
// CHECK: nvvm.barrier0
// CHECK: llvm.store %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
// CHECK: llvm.return
tile.kernel @topk_warps(%p: !tile.ptr<f32>, %q: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [2, 64] : !tile.ptr<f32> -> !tile.view<2x64xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<2x64xf32> -> tensor<2x64xf32, #w>
  %vi = tile.make_view %q, shape [2, 64] : !tile.ptr<i32> -> !tile.view<2x64xi32>
  %i = tile.load_tile %vi[%c0, %c0] : !tile.view<2x64xi32> -> tensor<2x64xi32, #w>
  %k:2 = tile.topk %t, %i {axis = 1 : i32, k = 4 : i32} : tensor<2x64xf32, #w>, tensor<2x64xi32, #w> -> tensor<2x4xf32, #r>, tensor<2x4xi32, #r>
  %o = tile.make_view %p, shape [2, 4] : !tile.ptr<f32> -> !tile.view<2x4xf32>
  tile.store_tile %k#0, %o[%c0, %c0] : tensor<2x4xf32, #r>, !tile.view<2x4xf32>
  %oi = tile.make_view %q, shape [2, 4] : !tile.ptr<i32> -> !tile.view<2x4xi32>
  tile.store_tile %k#1, %oi[%c0, %c0] : tensor<2x4xi32, #r>, !tile.view<2x4xi32>
  tile.return
}
