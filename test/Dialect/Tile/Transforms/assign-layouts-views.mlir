// RUN: tile-opt %s -split-input-file --tile-assign-layouts -mlir-print-local-scope | FileCheck %s

// Row-major view (no strides): coalesced along the last axis, 4 f32 per
// thread (16 bytes), lanes along the row first.
// CHECK-LABEL: tile.kernel @row_major
// CHECK: tile.load_tile {{.*}} -> tensor<64x64xf32, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>
// CHECK-NOT: layout.convert
// CHECK: tile.store_tile {{.*}} : tensor<64x64xf32, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>
tile.kernel @row_major(%p: !tile.ptr<f32>, %q: !tile.ptr<f32>, %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %v = tile.make_view %p, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %w = tile.make_view %q, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %v[%i, %i] : !tile.view<?x?xf32> -> tensor<64x64xf32>
  tile.store_tile %t, %w[%i, %i] : tensor<64x64xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// Column-major view (static stride 1 on axis 0): coalesced along axis 0.
// CHECK-LABEL: tile.kernel @column_major
// CHECK: tile.load_tile {{.*}} -> tensor<64x64xf32, #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]>>
tile.kernel @column_major(%p: !tile.ptr<f32>, %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %v = tile.make_view %p, shape [%m, %n], strides [1, %m] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %v[%i, %i] : !tile.view<?x?xf32> -> tensor<64x64xf32>
  tile.store_tile %t, %v[%i, %i] : tensor<64x64xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// Dynamic strides only: the last axis is assumed contiguous.
// CHECK-LABEL: tile.kernel @dynamic_strides
// CHECK: tile.load_at {{.*}} -> tensor<32x128xf32, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>
tile.kernel @dynamic_strides(%p: !tile.ptr<f32>, %m: i32, %n: i32, %s0: i32, %s1: i32) {
  %i = tile.program_id x : i32
  %v = tile.make_view %p, shape [%m, %n], strides [%s0, %s1] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_at %v[%i, %i] : !tile.view<?x?xf32> -> tensor<32x128xf32>
  tile.store_at %t, %v[%i, %i] : tensor<32x128xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// order = "F" permutes the tile axes: view axis 1 (contiguous) is tile dim 0.
// CHECK-LABEL: tile.kernel @fortran_order
// CHECK: tile.load_tile {{.*}} order = [1, 0] {{.*}} -> tensor<64x32xf32, #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]>>
tile.kernel @fortran_order(%p: !tile.ptr<f32>, %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %v = tile.make_view %p, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %v[%i, %i] order = "F" : !tile.view<?x?xf32> -> tensor<64x32xf32>
  tile.store_tile %t, %v[%i, %i] order = "F" : tensor<64x32xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// 16 bytes per thread: 8 f16; 2 f64; and 8 warps.
// CHECK-LABEL: tile.kernel @element_sizes
// CHECK: -> tensor<16x256xf16, #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]>>
// CHECK: -> tensor<16x256xf64, #layout.blocked<sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [2, 4], order = [1, 0]>>
tile.kernel @element_sizes(%p: !tile.ptr<f16>, %q: !tile.ptr<f64>, %m: i32)
    attributes {num_warps = 8 : i32} {
  %i = tile.program_id x : i32
  %v = tile.make_view %p, shape [%m, 256] : !tile.ptr<f16> -> !tile.view<?x256xf16>
  %w = tile.make_view %q, shape [%m, 256] : !tile.ptr<f64> -> !tile.view<?x256xf64>
  %a = tile.load_tile %v[%i, %i] : !tile.view<?x256xf16> -> tensor<16x256xf16>
  %b = tile.load_tile %w[%i, %i] : !tile.view<?x256xf64> -> tensor<16x256xf64>
  tile.store_tile %a, %v[%i, %i] : tensor<16x256xf16>, !tile.view<?x256xf16>
  tile.store_tile %b, %w[%i, %i] : tensor<16x256xf64>, !tile.view<?x256xf64>
  tile.return
}

// -----

// Too few elements for 4 per thread: 128 elements over 128 threads give 1;
// an explicit 4-byte alignment of the base pointer limits f32 to 1 as well.
// CHECK-LABEL: tile.kernel @narrow
// CHECK: -> tensor<128xf32, #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
// CHECK: -> tensor<2048xf32, #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
// CHECK: -> tensor<2048xf32, #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
tile.kernel @narrow(%p: !tile.ptr<f32>, %q: !tile.ptr<f32> {tile.divisibility = 4 : i64},
                    %r: !tile.ptr<f32> {tile.divisibility = 8 : i64}, %n: i32) {
  %i = tile.program_id x : i32
  %v = tile.make_view %p, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %w = tile.make_view %q, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %u = tile.make_view %r, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %a = tile.load_tile %v[%i] : !tile.view<?xf32> -> tensor<128xf32>
  %b = tile.load_tile %w[%i] : !tile.view<?xf32> -> tensor<2048xf32>
  %c = tile.load_tile %u[%i] : !tile.view<?xf32> -> tensor<2048xf32>
  tile.store_tile %a, %v[%i] : tensor<128xf32>, !tile.view<?xf32>
  tile.store_tile %b, %w[%i] : tensor<2048xf32>, !tile.view<?xf32>
  tile.store_tile %c, %u[%i] : tensor<2048xf32>, !tile.view<?xf32>
  tile.return
}

// -----

// Transposing copy: load coalesced along the input rows, store along the
// output's contiguous axis; one convert between them.
// CHECK-LABEL: tile.kernel @transpose
// CHECK: %[[T:.+]] = tile.load_tile {{.*}} -> tensor<64x64xf32, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>
// CHECK: %[[U:.+]] = layout.convert %[[T]] : tensor<64x64xf32, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<64x64xf32, #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]>>
// CHECK: tile.store_tile %[[U]], {{.*}} : tensor<64x64xf32, #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]>>
tile.kernel @transpose(%src: !tile.ptr<f32>, %dst: !tile.ptr<f32>, %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %src, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %dst, shape [%m, %n], strides [1, %m] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %in[%i, %j] : !tile.view<?x?xf32> -> tensor<64x64xf32>
  tile.store_tile %t, %out[%i, %j] : tensor<64x64xf32>, !tile.view<?x?xf32>
  tile.return
}
