// RUN: tile-opt %s | tile-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: tile-opt %s --convert-tile-to-llvm | FileCheck %s --check-prefix=LLVM

// `tile.divisibility` on integer parameters: a promise that the value is a
// multiple of N (a power of two), kept through the round trip and used by
// the vectorization facts. Here the row stride %ld (a multiple of 8) keeps
// every row of the view 16-byte aligned, so the 4-wide groups load without
// a run-time alignment test.

#r = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

// ROUNDTRIP-LABEL: tile.kernel @rows
// ROUNDTRIP-SAME: !tile.ptr<f32> {tile.divisibility = 16 : i64}
// ROUNDTRIP-SAME: i32 {tile.divisibility = 8 : i64}
// ROUNDTRIP-SAME: i64 {tile.divisibility = 1024 : i64}
// LLVM-LABEL: llvm.func @rows
// LLVM-NOT: llvm.ptrtoint
// LLVM: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xi32>
// LLVM-NOT: llvm.ptrtoint
// LLVM: llvm.return
tile.kernel @rows(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                  %ld: i32 {tile.divisibility = 8 : i64},
                  %big: i64 {tile.divisibility = 1024 : i64},
                  %out: !tile.ptr<f32> {tile.divisibility = 16 : i64}) {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [64, 64], strides [%ld, 1] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  %t = tile.load_tile %in[%c0, %c0] : !tile.view<64x64xf32> -> tensor<64x64xf32, #r>
  %o = tile.make_view %out, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  tile.store_tile %t, %o[%c0, %c0] : tensor<64x64xf32, #r>, !tile.view<64x64xf32>
  tile.return
}
