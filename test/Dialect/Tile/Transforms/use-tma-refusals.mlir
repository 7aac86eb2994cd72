// RUN: tile-opt %s -split-input-file --pass-pipeline="builtin.module(tile.kernel(tile-use-tma{remarks=true}))" -verify-diagnostics | FileCheck %s

// The reasons of tile-use-tma to keep an access with the allow_tma hint
// ordinary that use-tma.mlir and use-tma-nd.mlir do not reach: each is a
// remark at the access, which stays as it was.

#b = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#b1 = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b4 = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]>
!zero = !tile.view<64x64xf16, #layout.strided<(64,64):(0,1)>>

// CHECK-LABEL: tile.kernel @ordinary
// CHECK-NOT: layout.async_tma
// CHECK-NOT: tile.make_tensor_desc
tile.kernel @ordinary(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                      %y: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                      %f: !tile.ptr<f64> {tile.divisibility = 16 : i64},
                      %m: i32 {tile.divisibility = 16 : i64}, %n: i32 {tile.divisibility = 16 : i64},
                      %ld: i32 {tile.divisibility = 16 : i64}, %i: i32, %c: i1) {
  %v = tile.make_view %x, shape [%m, %n], strides [%ld, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %v1 = tile.make_view %x, shape [%m] : !tile.ptr<f16> -> !tile.view<?xf16>
  // expected-remark @+1 {{allow_tma: ordinary access: TMA copies tiles of rank 2 or more with a layout}}
  %a = tile.load_tile %v1[%i] {allow_tma} : !tile.view<?xf16> -> tensor<256xf16, #b1>
  // expected-remark @+1 {{allow_tma: ordinary access: TMA copies tiles of rank 2 or more with a layout}}
  %a2 = tile.load_tile %v[%i, %i] {allow_tma} : !tile.view<?x?xf16> -> tensor<64x64xf16>
  %vf = tile.make_view %f, shape [%m, %n], strides [%ld, 1] : !tile.ptr<f64> -> !tile.view<?x?xf64>
  // expected-remark @+1 {{allow_tma: ordinary access: TMA copies 8-, 16- and 32-bit elements}}
  %b = tile.load_tile %vf[%i, %i] {allow_tma} : !tile.view<?x?xf64> -> tensor<64x64xf64, #b>
  // Rows of 4 f16 elements: 8 bytes.
  // expected-remark @+1 {{allow_tma: ordinary access: the tile's rows are not a multiple of 16 bytes}}
  %d = tile.load_tile %v[%i, %i] {allow_tma} : !tile.view<?x?xf16> -> tensor<128x4xf16, #b4>
  %w = tile.make_view %y, shape [%m, %n], strides [%ld, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vs = arith.select %c, %v, %w : !tile.view<?x?xf16>
  // expected-remark @+1 {{allow_tma: ordinary access: the view is not made by tile.make_view in the kernel}}
  %e = tile.load_tile %vs[%i, %i] {allow_tma} : !tile.view<?x?xf16> -> tensor<64x64xf16, #b>
  %p = arith.select %c, %x, %y : !tile.ptr<f16>
  %vp = tile.make_view %p, shape [%m, %n], strides [%ld, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  // expected-remark @+1 {{allow_tma: ordinary access: the view's pointer is not a kernel parameter}}
  %g = tile.load_tile %vp[%i, %i] {allow_tma} : !tile.view<?x?xf16> -> tensor<64x64xf16, #b>
  %vz = tile.make_view %x, shape [64, 64] : !tile.ptr<f16> -> !zero
  // expected-remark @+1 {{allow_tma: ordinary access: the view's CuTe layout has a stride that is not positive}}
  %h = tile.load_tile %vz[%i, %i] {allow_tma} : !zero -> tensor<64x64xf16, #b>
  %vt = tile.make_view %x, shape [%m, %n], strides [1, %ld] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  // expected-remark @+1 {{allow_tma: ordinary access: the view's last stride is not the constant 1}}
  %k = tile.load_tile %vt[%i, %i] {allow_tma} : !tile.view<?x?xf16> -> tensor<64x64xf16, #b>
  %ld2 = arith.addi %ld, %ld : i32
  %vr = tile.make_view %x, shape [%m, %n], strides [%ld2, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  // expected-remark @+1 {{allow_tma: ordinary access: the view's row stride is computed in the kernel}}
  %r = tile.load_tile %vr[%i, %i] {allow_tma} : !tile.view<?x?xf16> -> tensor<64x64xf16, #b>
  %ldv = arith.muli %ld, %ld : i32
  %v3 = tile.make_view %x, shape [%m, %m, %n], strides [%ldv, %ld, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  // expected-remark @+1 {{allow_tma: ordinary access: the view's stride of dim 0 is computed in the kernel}}
  %s = tile.load_tile %v3[%i, %i, %i] {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x64x64xf16, #layout.blocked<sizePerThread = [1, 1, 8], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]>>
  tile.return
}

// -----

#b = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>

// TMA blocks of one kernel share the 227 KiB (232448 bytes) of shared
// memory with its other buffers and scratch (none here), each with 1 KiB of
// alignment slack: six 64x256 f16 blocks (33792 bytes each with it) fit,
// the seventh is an ordinary load.
// CHECK-LABEL: tile.kernel @budget
// CHECK-COUNT-6: layout.async_tma_copy_global_to_local
// CHECK-NOT: layout.async_tma_copy_global_to_local
// CHECK: tile.load_tile %{{.*}} {allow_tma}
tile.kernel @budget(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                    %m: i32, %n: i32, %ld: i32 {tile.divisibility = 16 : i64}, %i: i32) {
  %v = tile.make_view %x, shape [%m, %n], strides [%ld, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  // expected-remark @+1 {{allow_tma: TMA copy of 64x256 blocks, 128-byte swizzle}}
  %a = tile.load_tile %v[%i, %i] {allow_tma} : !tile.view<?x?xf16> -> tensor<64x256xf16, #b>
  // expected-remark @+1 {{allow_tma: TMA copy of 64x256 blocks, 128-byte swizzle}}
  %b = tile.load_tile %v[%i, %i] {allow_tma} : !tile.view<?x?xf16> -> tensor<64x256xf16, #b>
  // expected-remark @+1 {{allow_tma: TMA copy of 64x256 blocks, 128-byte swizzle}}
  %c = tile.load_tile %v[%i, %i] {allow_tma} : !tile.view<?x?xf16> -> tensor<64x256xf16, #b>
  // expected-remark @+1 {{allow_tma: TMA copy of 64x256 blocks, 128-byte swizzle}}
  %d = tile.load_tile %v[%i, %i] {allow_tma} : !tile.view<?x?xf16> -> tensor<64x256xf16, #b>
  // expected-remark @+1 {{allow_tma: TMA copy of 64x256 blocks, 128-byte swizzle}}
  %e = tile.load_tile %v[%i, %i] {allow_tma} : !tile.view<?x?xf16> -> tensor<64x256xf16, #b>
  // expected-remark @+1 {{allow_tma: TMA copy of 64x256 blocks, 128-byte swizzle}}
  %f = tile.load_tile %v[%i, %i] {allow_tma} : !tile.view<?x?xf16> -> tensor<64x256xf16, #b>
  // expected-remark @+1 {{allow_tma: ordinary access: the kernel's shared memory with the TMA buffer (236544 bytes, its other buffers and layout-conversion scratch included) would exceed the 232448 (227 KiB) of a CTA}}
  %g = tile.load_tile %v[%i, %i] {allow_tma} : !tile.view<?x?xf16> -> tensor<64x256xf16, #b>
  tile.return
}
