// RUN: tile-opt %s --convert-tile-to-llvm | FileCheck %s

// The f32 functions the NVPTX back end lacks use the PTX approximations;
// f16 computes in f32.

#l = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>

// CHECK-LABEL: llvm.func @funcs
// exp(x) = ex2(x * log2 e)
// CHECK: %[[E:.*]] = llvm.fmul %{{.*}}, %{{.*}} : f32
// CHECK: llvm.intr.exp2(%[[E]]) : (f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.lg2.approx.f"
// CHECK: llvm.intr.roundeven
// CHECK: llvm.call_intrinsic "llvm.nvvm.sin.approx.f"
// CHECK: llvm.fpext %{{.*}} : f16 to f32
// CHECK: llvm.intr.exp2
// CHECK: llvm.fptrunc %{{.*}} : f32 to f16
// CHECK: llvm.intr.sqrt
tile.kernel @funcs(%p: !tile.ptr<f32>, %q: !tile.ptr<f16>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [32] : !tile.ptr<f32> -> !tile.view<32xf32>
  %w = tile.make_view %q, shape [32] : !tile.ptr<f16> -> !tile.view<32xf16>
  %t = tile.load_tile %v[%c0] : !tile.view<32xf32> -> tensor<32xf32, #l>
  %h = tile.load_tile %w[%c0] : !tile.view<32xf16> -> tensor<32xf16, #l>
  %a = math.exp %t : tensor<32xf32, #l>
  %b = math.log %a : tensor<32xf32, #l>
  %c = math.sin %b : tensor<32xf32, #l>
  %d = math.exp %h : tensor<32xf16, #l>
  %e = math.sqrt %c : tensor<32xf32, #l>
  tile.store_tile %e, %v[%c0] : tensor<32xf32, #l>, !tile.view<32xf32>
  tile.store_tile %d, %w[%c0] : tensor<32xf16, #l>, !tile.view<32xf16>
  tile.return
}
