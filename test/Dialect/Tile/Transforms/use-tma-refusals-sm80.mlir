// RUN: tile-opt %s --pass-pipeline="builtin.module(tile.kernel(tile-use-tma{compute-capability=80 remarks=true}))" -verify-diagnostics | FileCheck %s

// Before Hopper there is no TMA: the hinted access stays ordinary, with
// the reason.

#b = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

// CHECK-LABEL: tile.kernel @sm80
// CHECK-NOT: layout.
// CHECK: tile.load_tile %{{.*}} padding = zero {allow_tma}
tile.kernel @sm80(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                  %m: i32, %n: i32, %ld: i32 {tile.divisibility = 8 : i64}, %i: i32) {
  %v = tile.make_view %x, shape [%m, %n], strides [%ld, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  // expected-remark @+1 {{allow_tma: ordinary access: TMA needs sm_90 or newer}}
  %t = tile.load_tile %v[%i, %i] padding = zero {allow_tma} : !tile.view<?x?xf16> -> tensor<64x64xf16, #b>
  tile.store_tile %t, %v[%i, %i] : tensor<64x64xf16, #b>, !tile.view<?x?xf16>
  tile.return
}
