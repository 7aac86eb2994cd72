// RUN: tile-opt %s -split-input-file --pass-pipeline='builtin.module(tile.kernel(tile-assign-layouts))' --mlir-print-local-scope | FileCheck %s
// RUN: tile-opt %s -split-input-file --pass-pipeline='builtin.module(tile.kernel(tile-assign-layouts{compute-capability=80}))' --mlir-print-local-scope | FileCheck %s --check-prefix=SM80

// The epilogue of a GEMM without layouts: a store of a tensor-core
// accumulator (or an elementwise function of it) whose quads of lanes write
// runs of at least 16 bytes along the view's contiguous axis is written
// from the accumulator's layout, with no conversion through shared memory
// (f16: 2 elements a thread, 8 a quad, 16 bytes; f32: 32 bytes). Narrower
// runs (fp8: 8 bytes) and stores along the other axis (a column-major C)
// still convert to the coalesced layout.

// CHECK-LABEL: tile.kernel @f16_out
// CHECK-NOT: layout.convert
// CHECK: %[[H:.*]] = arith.truncf %{{.*}} : tensor<128x128xf32, #layout.nvmma<versionMajor = 3, {{.*}}>> to tensor<128x128xf16, #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]>>
// CHECK-NEXT: tile.store_tile %[[H]], %{{.*}} : tensor<128x128xf16, #layout.nvmma<versionMajor = 3
// SM80-LABEL: tile.kernel @f16_out
// SM80-NOT: layout.convert %{{.*}} : tensor<128x128xf16
// SM80: tile.store_tile %{{.*}} : tensor<128x128xf16, #layout.nvmma<versionMajor = 2
tile.kernel @f16_out(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f16>,
                     %m: i32, %n: i32, %k: i32, %scm: i32, %scn: i32) attributes {num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, %scn] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %i = %c0 to %k step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%c0, %i] : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%i, %c0] : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %d = tile.dot %ta, %tb, %s : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  %h = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %h, %vc[%c0, %c0] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}

// -----

// C column-major (static unit stride on axis 0): the accumulator's runs go
// along the rows, so the store converts to a layout coalesced along dim 0.

// CHECK-LABEL: tile.kernel @column_major_out
// CHECK: %[[H:.*]] = arith.truncf %{{.*}} to tensor<128x128xf16, #layout.nvmma<versionMajor = 3
// CHECK-NEXT: %[[X:.*]] = layout.convert %[[H]] : tensor<128x128xf16, #layout.nvmma<{{.*}}>> -> tensor<128x128xf16, #layout.blocked<sizePerThread = [8, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 8], order = [0, 1]>>
// CHECK-NEXT: tile.store_tile %[[X]]
tile.kernel @column_major_out(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f16>,
                              %m: i32, %n: i32, %k: i32) attributes {num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [1, %m] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %i = %c0 to %k step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%c0, %i] : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%i, %c0] : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %d = tile.dot %ta, %tb, %s : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  %h = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %h, %vc[%c0, %c0] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}

// -----

// An 8-bit result: a quad writes 8 bytes, below 16: converted.

// CHECK-LABEL: tile.kernel @i8_out
// CHECK: %[[X:.*]] = layout.convert %{{.*}} : tensor<128x128xi8, #layout.nvmma<{{.*}}>> -> tensor<128x128xi8, #layout.blocked<sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]>>
// CHECK-NEXT: tile.store_tile %[[X]]
tile.kernel @i8_out(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<i8>,
                    %m: i32, %n: i32, %k: i32) attributes {num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<i8> -> !tile.view<?x?xi8>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %i = %c0 to %k step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%c0, %i] : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%i, %c0] : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %d = tile.dot %ta, %tb, %s : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  %h = arith.fptosi %acc : tensor<128x128xf32> to tensor<128x128xi8>
  tile.store_tile %h, %vc[%c0, %c0] : tensor<128x128xi8>, !tile.view<?x?xi8>
  tile.return
}
