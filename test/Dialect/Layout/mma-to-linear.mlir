// RUN: tile-opt %s -split-input-file -layout-to-linear -mlir-print-local-scope -allow-unregistered-dialect -verify-diagnostics | FileCheck %s

// The linear forms of the tensor-core layouts (Triton's
// LinearLayoutConversions test vectors; GoogleTests in
// test/unit/LinearLayout/MmaLayoutsTest.cpp check many more).

#v2 = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]>
#v3 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 16, 8]>

// CHECK-LABEL: func.func @accumulators
func.func @accumulators() {
  // Warps [2, 2] (row-major for v2): the second warp along N holds columns
  // 8..15, the warp along M is a broadcast (the 4 warps span 32x16).
  // CHECK: tensor<16x16xf32, #layout.linear<register = {{\[\[}}0, 1], [8, 0]], lane = {{\[\[}}0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = {{\[\[}}0, 8], [0, 0]]>>
  %0 = "test.make"() : () -> tensor<16x16xf32, #v2>
  // MMAv3_128x16: M repeats in registers.
  // CHECK: tensor<128x16xf32, #layout.linear<register = {{\[\[}}0, 1], [8, 0], [0, 8], [64, 0]], lane = {{\[\[}}0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = {{\[\[}}16, 0], [32, 0]]>>
  %1 = "test.make"() : () -> tensor<128x16xf32, #v3>
  return
}

// -----

#v2 = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]>

// SliceOfMmaV2: slices keep lane and warp broadcasts, drop zero registers.
// CHECK-LABEL: func.func @slices
func.func @slices() {
  // CHECK: tensor<16xf32, #layout.linear<register = {{\[\[}}1]], lane = {{\[\[}}2], [4], [0], [0], [0]], warp = {{\[\[}}8], [0]]>>
  %0 = "test.make"() : () -> tensor<16xf32, #layout.slice<dim = 0, parent = #v2>>
  // CHECK: tensor<128xf32, #layout.linear<register = {{\[\[}}8], [32], [64]], lane = {{\[\[}}0], [0], [1], [2], [4]], warp = {{\[\[}}0], [16]]>>
  %1 = "test.make"() : () -> tensor<128xf32, #layout.slice<dim = 1, parent = #v2>>
  // SliceDot: a slice of a dot operand.
  // CHECK: tensor<16xf16, #layout.linear<register = {{\[\[}}8]], lane = {{\[\[}}0], [0], [1], [2], [4]], warp = []>>
  %2 = "test.make"() : () -> tensor<16xf16, #layout.slice<dim = 1, parent = #layout.dot_operand<opIdx = 0, parent = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]>, kWidth = 8>>>
  return
}

// -----

#v2 = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]>
#v3 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 16, 8]>

// CHECK-LABEL: func.func @dot_operands
func.func @dot_operands() {
  // DotMMAv2_tile_kwidth8, A and B.
  // CHECK: tensor<16x64xf16, #layout.linear<register = {{\[\[}}0, 1], [0, 2], [0, 4], [8, 0], [0, 32]], lane = {{\[\[}}0, 8], [0, 16], [1, 0], [2, 0], [4, 0]], warp = []>>
  %0 = "test.make"() : () -> tensor<16x64xf16, #layout.dot_operand<opIdx = 0, parent = #v2, kWidth = 8>>
  // CHECK: tensor<64x8xf16, #layout.linear<register = {{\[\[}}1, 0], [2, 0], [4, 0], [32, 0]], lane = {{\[\[}}8, 0], [16, 0], [0, 1], [0, 2], [0, 4]], warp = []>>
  %1 = "test.make"() : () -> tensor<64x8xf16, #layout.dot_operand<opIdx = 1, parent = #v2, kWidth = 8>>
  // DotMMAv3_mixed_warp_kwidth4: the N-direction warp is a broadcast.
  // CHECK: tensor<128x64xf8E4M3FN, #layout.linear<register = {{\[\[}}0, 1], [0, 2], [8, 0], [0, 16], [0, 32], [64, 0]], lane = {{\[\[}}0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = {{\[\[}}16, 0], [32, 0], [0, 0]]>>
  %2 = "test.make"() : () -> tensor<128x64xf8E4M3FN, #layout.dot_operand<opIdx = 0, parent = #v3, kWidth = 4>>
  // BlockedDotOperandLhs: every thread holds all of K.
  // CHECK: tensor<32x16xf32, #layout.linear<register = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [1, 0]], lane = {{\[\[}}0, 0], [0, 0], [2, 0], [4, 0], [8, 0]], warp = {{\[\[}}0, 0], [0, 0], [16, 0]]>>
  %3 = "test.make"() : () -> tensor<32x16xf32, #layout.dot_operand<opIdx = 0, parent = #layout.blocked<sizePerThread = [2, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 4], order = [1, 0]>>>
  return
}

// -----

#v3 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 24, 16]>
func.func @n_not_a_power_of_two() {
  // expected-error @+1 {{'test.make' op cannot convert the layout of 'tensor<64x48xf32, #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 24, 16]>>': dim 1 of the shape 64x48 is 48: layouts need power-of-two sizes (at most 2^30)}}
  %0 = "test.make"() : () -> tensor<64x48xf32, #v3>
  return
}

// -----

#v3 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 24, 16]>
func.func @n_not_a_power_of_two_2() {
  // expected-error @+1 {{'test.make' op cannot convert the layout of 'tensor<64x64xf32, #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 24, 16]>>': instrShape N = 24 is not a power of two: the linear form needs one; use N in {8, 16, 32, 64, 128, 256}}}
  %0 = "test.make"() : () -> tensor<64x64xf32, #v3>
  return
}
