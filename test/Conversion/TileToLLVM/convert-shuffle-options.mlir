// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm=convert-strategy=shuffle -verify-diagnostics | FileCheck %s
// RUN: not tile-opt %s -split-input-file --convert-tile-to-llvm=convert-strategy=fast 2>&1 | FileCheck %s --check-prefix=BADOPT

// BADOPT: error: convert-tile-to-llvm: convert-strategy must be auto, shared or shuffle, not 'fast'

// Forced shuffles where data crosses warps: shared memory, with a remark.

#row = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#col = #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>

// CHECK-LABEL: llvm.func @cannot_shuffle
// CHECK-SAME: tile.shared_bytes = 4096 : i64
// CHECK-NOT: nvvm.shfl.sync
// CHECK: nvvm.barrier0
tile.kernel @cannot_shuffle(%p: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [32, 32] : !tile.ptr<f32> -> !tile.view<32x32xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<32x32xf32> -> tensor<32x32xf32, #row>
  // expected-remark @below {{convert-strategy=shuffle: no warp-shuffle lowering for this conversion (the conversion moves data between warps (shared-memory)); it goes through shared memory}}
  %u = layout.convert %t : tensor<32x32xf32, #row> -> tensor<32x32xf32, #col>
  tile.store_tile %u, %v[%c0, %c0] : tensor<32x32xf32, #col>, !tile.view<32x32xf32>
  tile.return
}

// -----

// A kernel's tile.convert_strategy overrides the option: this conversion
// would shuffle (one round), but the kernel asks for shared memory.

#row = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>
#col = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [0, 1]>

// CHECK-LABEL: llvm.func @kernel_says_shared
// CHECK-SAME: tile.shared_bytes = 128 : i64
// CHECK-NOT: nvvm.shfl.sync
// CHECK: nvvm.barrier0
// CHECK-LABEL: llvm.func @option_says_shuffle
// CHECK-SAME: tile.shared_bytes = 0 : i64
// CHECK: nvvm.shfl.sync idx
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
tile.kernel @kernel_says_shared(%p: !tile.ptr<f32>) attributes {num_warps = 1 : i32, tile.convert_strategy = "shared"} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [8, 4] : !tile.ptr<f32> -> !tile.view<8x4xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<8x4xf32> -> tensor<8x4xf32, #row>
  %u = layout.convert %t : tensor<8x4xf32, #row> -> tensor<8x4xf32, #col>
  tile.store_tile %u, %v[%c0, %c0] : tensor<8x4xf32, #col>, !tile.view<8x4xf32>
  tile.return
}
tile.kernel @option_says_shuffle(%p: !tile.ptr<f32>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [8, 4] : !tile.ptr<f32> -> !tile.view<8x4xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<8x4xf32> -> tensor<8x4xf32, #row>
  %u = layout.convert %t : tensor<8x4xf32, #row> -> tensor<8x4xf32, #col>
  tile.store_tile %u, %v[%c0, %c0] : tensor<8x4xf32, #col>, !tile.view<8x4xf32>
  tile.return
}

// -----

// expected-error @below {{tile.convert_strategy must be "auto", "shared" or "shuffle"}}
tile.kernel @bad_attr(%p: !tile.ptr<f32>) attributes {tile.convert_strategy = "fastest"} {
  tile.return
}
