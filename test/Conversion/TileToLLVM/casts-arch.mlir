// RUN: tile-opt %s --convert-tile-to-llvm=arch=sm_80 -verify-diagnostics
// RUN: not tile-opt %s --convert-tile-to-llvm=arch=sm_86 2>&1 | FileCheck %s --check-prefix=SM86
// RUN: tile-opt %s --convert-tile-to-llvm=arch=sm_89 2>&1 | FileCheck %s --check-prefix=SM89

// fp8 conversions need sm_89 (the cvt ... e4m3x2/e5m2x2 instructions);
// below it each cast is a located error naming the instruction. On sm_89
// the same kernels lower.
// SM86-COUNT-4: the target is sm_86
// SM89-NOT: error
// SM89: nvvm.convert.f32x2.to.f8x2
// SM89: nvvm.convert.f16x2.to.f8x2
// SM89: nvvm.convert.f8x2.to.f16x2
// SM89: nvvm.convert.f8x2.to.f16x2

#l = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
tile.kernel @fp8_on_sm80(%x: !tile.ptr<f32>, %e: !tile.ptr<f8E4M3FN>, %h: f16, %g: f8E5M2) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %vx = tile.make_view %x, shape [64] : !tile.ptr<f32> -> !tile.view<64xf32>
  %ve = tile.make_view %e, shape [64] : !tile.ptr<f8E4M3FN> -> !tile.view<64xf8E4M3FN>
  %t = tile.load_tile %vx[%c0] : !tile.view<64xf32> -> tensor<64xf32, #l>
  // expected-error @below {{'arith.truncf' to f8E4M3FN needs sm_89 or newer (cvt.rn.satfinite.e4m3x2.f32); the target is sm_80}}
  %q = arith.truncf %t : tensor<64xf32, #l> to tensor<64xf8E4M3FN, #l>
  tile.store_tile %q, %ve[%c0] : tensor<64xf8E4M3FN, #l>, !tile.view<64xf8E4M3FN>
  // expected-error @below {{'arith.truncf' to f8E5M2 needs sm_89 or newer (cvt.rn.satfinite.e5m2x2.f16x2); the target is sm_80}}
  %hq = arith.truncf %h : f16 to f8E5M2
  // expected-error @below {{'arith.extf' from f8E5M2 needs sm_89 or newer (cvt.rn.f16x2.e5m2x2); the target is sm_80}}
  %hf = arith.extf %hq : f8E5M2 to f32
  %sv = tile.splat %hf : f32 -> tensor<64xf32, #l>
  tile.store_tile %sv, %vx[%c0] : tensor<64xf32, #l>, !tile.view<64xf32>
  // expected-error @below {{'arith.fptosi' from f8E5M2 needs sm_89 or newer (cvt.rn.f16x2.e5m2x2); the target is sm_80}}
  %gi = arith.fptosi %g : f8E5M2 to i32
  %gv = tile.splat %gi : i32 -> tensor<64xi32, #l>
  %gf = arith.sitofp %gv : tensor<64xi32, #l> to tensor<64xf32, #l>
  tile.store_tile %gf, %vx[%c0] : tensor<64xf32, #l>, !tile.view<64xf32>
  tile.return
}
