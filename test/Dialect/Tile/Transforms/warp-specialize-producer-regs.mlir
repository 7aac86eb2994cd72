// The producer-regs option of tile-warp-specialize: a setmaxnreg count (a
// multiple of 8 from 24 to 256), else an error at each kernel and a
// non-zero exit. The largest, 256, still leaves 8 consumer warps 128
// registers a thread: 128 x 256 + 256 x 128 = 65536, the register file.
// RUN: not tile-opt %s --tile-assign-layouts --tile-warp-specialize="producer-regs=36" 2>&1 | FileCheck %s --check-prefix=ODD
// RUN: not tile-opt %s --tile-assign-layouts --tile-warp-specialize="producer-regs=16" 2>&1 | FileCheck %s --check-prefix=LOW
// RUN: not tile-opt %s --tile-assign-layouts --tile-warp-specialize="producer-regs=264" 2>&1 | FileCheck %s --check-prefix=HIGH
// RUN: tile-opt %s --tile-assign-layouts --tile-warp-specialize="producer-regs=256" 2>&1 | FileCheck %s --check-prefix=MOST
// ODD: warp-specialize-producer-regs.mlir:[[# @LINE + 6]]:1: error: tile-warp-specialize: producer-regs=36 is not a setmaxnreg count; use a multiple of 8 from 24 to 256 (default 40)
// LOW: error: tile-warp-specialize: producer-regs=16 is not a setmaxnreg count; use a multiple of 8 from 24 to 256 (default 40)
// HIGH: error: tile-warp-specialize: producer-regs=264 is not a setmaxnreg count; use a multiple of 8 from 24 to 256 (default 40)
// MOST: remark: tile-warp-specialize: producer warpgroup (regs 256)
// MOST: tile.warp_specialize default regs(128)
// MOST: } partition warps(4) regs(256)
tile.kernel @gemm(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32,
      %sam: i32 {tile.divisibility = 8 : i64},
      %sbk: i32 {tile.divisibility = 8 : i64}, %scm: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  } {tile.warp_specialize = true}
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}
