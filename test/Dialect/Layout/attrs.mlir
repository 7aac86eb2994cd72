// RUN: tile-opt -allow-unregistered-dialect -mlir-print-local-scope %s | FileCheck %s
// RUN: tile-opt -allow-unregistered-dialect %s | tile-opt -allow-unregistered-dialect -mlir-print-local-scope | FileCheck %s
// RUN: tile-opt -allow-unregistered-dialect -mlir-print-op-generic %s | tile-opt -allow-unregistered-dialect -mlir-print-local-scope | FileCheck %s
// RUN: tile-opt -allow-unregistered-dialect %s | FileCheck %s --check-prefix=ALIAS

// The printer names layouts by kind.
// ALIAS-DAG: #blocked = #layout.blocked<
// ALIAS-DAG: #slice = #layout.slice<
// ALIAS-DAG: #linear = #layout.linear<
// ALIAS-DAG: #shared = #layout.swizzled_shared<
// ALIAS-DAG: #strided = #layout.strided<

// Round trips of every layout attribute: keys in any order, defaults left
// out when printing, canonical order restored.

// CHECK-LABEL: func.func @blocked
// CHECK-SAME: #layout.blocked<sizePerThread = [2, 4], threadsPerWarp = [16, 2], warpsPerCTA = [2, 2], order = [1, 0]>
func.func @blocked(%arg0: tensor<64x16xf32, #layout.blocked<sizePerThread = [2, 4], threadsPerWarp = [16, 2], warpsPerCTA = [2, 2], order = [1, 0]>>) {
  return
}

// Keys in another order; explicit single-CTA fields are the defaults.
// CHECK-LABEL: func.func @blocked_reordered
// CHECK-SAME: #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
func.func @blocked_reordered(%arg0: tensor<128xf32, #layout.blocked<order = [0], warpsPerCTA = [4], threadsPerWarp = [32], sizePerThread = [1], CTAsPerCGA = [1], CTASplitNum = [1], CTAOrder = [0]>>) {
  return
}

// CHECK-LABEL: func.func @blocked_cluster
// CHECK-SAME: #layout.blocked<sizePerThread = [2, 2], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0], CTAsPerCGA = [2, 4], CTASplitNum = [2, 2], CTAOrder = [0, 1]>
func.func @blocked_cluster(%arg0: tensor<1024x128xf32, #layout.blocked<sizePerThread = [2, 2], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0], CTAsPerCGA = [2, 4], CTASplitNum = [2, 2], CTAOrder = [0, 1]>>) {
  return
}

// Any power of two threads per warp is accepted (64-lane warps here).
// CHECK-LABEL: func.func @blocked_wave64
// CHECK-SAME: threadsPerWarp = [8, 8]
func.func @blocked_wave64(%arg0: tensor<64x64xf16, #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 8], warpsPerCTA = [1, 1], order = [0, 1]>>) {
  return
}

// CHECK-LABEL: func.func @slice
// CHECK-SAME: #layout.slice<dim = 1, parent = #layout.blocked<sizePerThread = [2, 4], threadsPerWarp = [16, 2], warpsPerCTA = [2, 2], order = [1, 0]>>
func.func @slice(%arg0: tensor<64xf32, #layout.slice<parent = #layout.blocked<sizePerThread = [2, 4], threadsPerWarp = [16, 2], warpsPerCTA = [2, 2], order = [1, 0]>, dim = 1>>) {
  return
}

// A slice of a slice.
// CHECK-LABEL: func.func @slice_of_slice
// CHECK-SAME: #layout.slice<dim = 0, parent = #layout.slice<dim = 2, parent = #layout.blocked<sizePerThread = [1, 1, 4], threadsPerWarp = [2, 4, 4], warpsPerCTA = [1, 2, 2], order = [2, 1, 0]>>>
func.func @slice_of_slice(%arg0: tensor<16xf32, #layout.slice<dim = 0, parent = #layout.slice<dim = 2, parent = #layout.blocked<sizePerThread = [1, 1, 4], threadsPerWarp = [2, 4, 4], warpsPerCTA = [1, 2, 2], order = [2, 1, 0]>>>>) {
  return
}

// CHECK-LABEL: func.func @linear
// CHECK-SAME: #layout.linear<register = {{\[\[}}0, 1], [8, 0]], lane = {{\[\[}}0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = {{\[\[}}16, 0], [32, 0]]>
func.func @linear(%arg0: tensor<64x8xf16, #layout.linear<register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []>>) {
  return
}

// Broadcast (zero) bases and a non-empty block.
// CHECK-LABEL: func.func @linear_broadcast
// CHECK-SAME: #layout.linear<register = [], lane = {{\[\[}}1], [2], [0], [4], [8]], warp = {{\[\[}}0]], block = {{\[\[}}16]]>
func.func @linear_broadcast(%arg0: tensor<32xi32, #layout.linear<lane = [[1], [2], [0], [4], [8]], register = [], warp = [[0]], block = [[16]]>>) {
  return
}

// Without any basis the rank is printed.
// CHECK-LABEL: func.func @linear_scalar
// CHECK-SAME: #layout.linear<register = [], lane = [], warp = [], rank = 2>
func.func @linear_scalar(%arg0: tensor<1x1xf32, #layout.linear<register = [], lane = [], warp = [], rank = 2>>) {
  return
}

// CHECK-LABEL: func.func @shared
// CHECK: "test.use"() {a = #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
// CHECK-SAME: b = #layout.swizzled_shared<vec = 1, perPhase = 2, maxPhase = 4, order = [0, 1, 2], CTAsPerCGA = [2, 1, 1], CTASplitNum = [2, 1, 1], CTAOrder = [2, 1, 0]>
// CHECK-SAME: c = #layout.swizzled_shared<vec = 4, perPhase = 1, maxPhase = 1, order = [0]>
func.func @shared() {
  "test.use"() {a = #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>,
                b = #layout.swizzled_shared<order = [0, 1, 2], maxPhase = 4, perPhase = 2, vec = 1, CTAsPerCGA = [2, 1, 1], CTASplitNum = [2, 1, 1]>,
                c = #layout.swizzled_shared<vec = 4, perPhase = 1, maxPhase = 1, order = [0]>} : () -> ()
  return
}

// CuTe layouts: canonical notation, swizzles, strides that are not powers
// of two (no linear form, but a valid attribute).
// CHECK-LABEL: func.func @strided
// CHECK: "test.use"() {a = #layout.strided<(4,(2,3)):(2,(1,8))>
// CHECK-SAME: b = #layout.strided<(8,64):(64,1)>
// CHECK-SAME: c = #layout.strided<Sw<3,4,3> o (8,64):(64,1)>
// CHECK-SAME: d = #layout.strided<8:1>
func.func @strided() {
  "test.use"() {a = #layout.strided<(4,(2,3)):(2,(1,8))>,
                b = #layout.strided<(8,64):(64,1)>,
                c = #layout.strided<Sw<3,4,3> o (8,64):(64,1)>,
                d = #layout.strided<8:1>} : () -> ()
  return
}



