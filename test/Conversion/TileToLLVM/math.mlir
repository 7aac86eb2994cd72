// RUN: tile-opt %s --convert-tile-to-llvm | FileCheck %s

// The f32 functions the NVPTX back end lacks use the PTX approximations;
// f16 computes in f32.

#l = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>

// CHECK-LABEL: llvm.func @funcs
// exp(x) = ex2(x * log2 e), log2 e = 1.44269502 in f32
// CHECK: %[[LOG2E:.*]] = llvm.mlir.constant(1.44269502 : f32) : f32
// CHECK: %[[E:.*]] = llvm.fmul %[[X:.*]], %[[LOG2E]] : f32
// CHECK: llvm.intr.exp2(%[[E]]) : (f32) -> f32
// log(x) = lg2(x) * ln 2, ln 2 = 0.693147182 in f32
// CHECK: %[[LN2:.*]] = llvm.mlir.constant(0.693147182 : f32) : f32
// CHECK: %[[LG:.*]] = llvm.call_intrinsic "llvm.nvvm.lg2.approx.f"(%{{.*}}) : (f32) -> f32
// CHECK: llvm.fmul %[[LG]], %[[LN2]] : f32
// sin(x) = sin.approx(x - k * 2pi), k = rint(x / 2pi), 2pi = 6.28125 + 0.00193530717
// CHECK: %[[INV2PI:.*]] = llvm.mlir.constant(0.159154937 : f32) : f32
// CHECK: %[[Q:.*]] = llvm.fmul %[[SINX:.*]], %[[INV2PI]] : f32
// CHECK: %[[K:.*]] = llvm.intr.roundeven(%[[Q]]) : (f32) -> f32
// CHECK: %[[NEGK:.*]] = llvm.fneg %[[K]] : f32
// CHECK: %[[HI:.*]] = llvm.mlir.constant(6.281250e+00 : f32) : f32
// CHECK: %[[R1:.*]] = llvm.intr.fma(%[[NEGK]], %[[HI]], %[[SINX]]) : (f32, f32, f32) -> f32
// CHECK: %[[LO:.*]] = llvm.mlir.constant(0.00193530717 : f32) : f32
// CHECK: %[[R2:.*]] = llvm.intr.fma(%[[NEGK]], %[[LO]], %[[R1]]) : (f32, f32, f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.sin.approx.f"(%[[R2]]) : (f32) -> f32
// CHECK: %[[H:.*]] = llvm.fpext %{{.*}} : f16 to f32
// CHECK: %[[LOG2E_H:.*]] = llvm.mlir.constant(1.44269502 : f32) : f32
// CHECK: %[[EH:.*]] = llvm.fmul %[[H]], %[[LOG2E_H]] : f32
// CHECK: %[[EXPH:.*]] = llvm.intr.exp2(%[[EH]]) : (f32) -> f32
// CHECK: llvm.fptrunc %[[EXPH]] : f32 to f16
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
