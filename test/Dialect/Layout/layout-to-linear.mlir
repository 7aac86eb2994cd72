// RUN: tile-opt %s -split-input-file -layout-to-linear -mlir-print-local-scope -allow-unregistered-dialect -verify-diagnostics | FileCheck %s

// Every distributed encoding becomes its #layout.linear form for the
// tensor's shape: in signatures, op results, block arguments and type
// attributes. Shared layouts and tensors without a layout are left alone.

#blocked = #layout.blocked<sizePerThread = [2, 4], threadsPerWarp = [16, 2], warpsPerCTA = [2, 2], order = [1, 0]>
#slice = #layout.slice<dim = 1, parent = #blocked>

// CHECK-LABEL: func.func @signature
// CHECK-SAME: (%{{.*}}: tensor<64x16xf32, #layout.linear<register = {{\[\[}}0, 1], [0, 2], [1, 0]], lane = {{\[\[}}0, 4], [2, 0], [4, 0], [8, 0], [16, 0]], warp = {{\[\[}}0, 8], [32, 0]]>>,
// CHECK-SAME: %{{.*}}: tensor<64xi32, #layout.linear<register = {{\[\[}}1]], lane = {{\[\[}}0], [2], [4], [8], [16]], warp = {{\[\[}}0], [32]]>>)
// CHECK-SAME: -> tensor<128x128xf32, #layout.linear<register = {{\[\[}}0, 1], [0, 2], [1, 0], [0, 16], [0, 32], [0, 64], [64, 0]], lane = {{\[\[}}0, 4], [2, 0], [4, 0], [8, 0], [16, 0]], warp = {{\[\[}}0, 8], [32, 0]]>>
func.func @signature(%a: tensor<64x16xf32, #blocked>, %b: tensor<64xi32, #slice>) -> tensor<128x128xf32, #blocked> {
  // The same attribute gets a different linear form per shape.
  // CHECK: "test.make"() : () -> tensor<32x8xf32, #layout.linear<register = {{\[\[}}0, 1], [0, 2], [1, 0]], lane = {{\[\[}}0, 4], [2, 0], [4, 0], [8, 0], [16, 0]], warp = {{\[\[}}0, 0], [0, 0]]>>
  %0 = "test.make"() : () -> tensor<32x8xf32, #blocked>
  // CHECK: "test.make"() : () -> tensor<128x128xf32, #layout.linear<
  %1 = "test.make"() : () -> tensor<128x128xf32, #blocked>
  return %1 : tensor<128x128xf32, #blocked>
}

// -----

#b1 = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#shared = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
#linear = #layout.linear<register = [[1]], lane = [[2]], warp = []>

// Block arguments of nested regions, converts, type attributes.
// CHECK-LABEL: func.func @regions
func.func @regions(%x: tensor<128xf32, #b1>, %n: index) -> tensor<128xf32, #b1> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<128xf32, #layout.linear<register = [], lane = {{\[\[}}1], [2], [4], [8], [16]], warp = {{\[\[}}32], [64]]>>)
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<128xf32, #b1>) {
    // CHECK: arith.addf %[[ACC]], %[[ACC]] : tensor<128xf32, #layout.linear<
    %s = arith.addf %acc, %acc : tensor<128xf32, #b1>
    scf.yield %s : tensor<128xf32, #b1>
  }
  // Shared layouts, plain tensors and linear layouts stay as they are.
  // CHECK: "test.use"() {s = tensor<16x16xf16, #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>>, t = tensor<4xf32>, u = tensor<4xf32, #layout.linear<register = {{\[\[}}1]], lane = {{\[\[}}2]], warp = []>>, v = tensor<128xf32, #layout.linear<register = [], lane = {{\[\[}}1], [2], [4], [8], [16]], warp = {{\[\[}}32], [64]]>>}
  "test.use"() {s = tensor<16x16xf16, #shared>, t = tensor<4xf32>, u = tensor<4xf32, #linear>, v = tensor<128xf32, #b1>} : () -> ()
  return %r : tensor<128xf32, #b1>
}

// -----

#b1 = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// Declarations have no body: their signature is still rewritten.
// CHECK-LABEL: func.func private @declaration(tensor<256xf32, #layout.linear<register = {{\[\[}}128]], lane = {{\[\[}}1], [2], [4], [8], [16]], warp = {{\[\[}}32], [64]]>>)
func.func private @declaration(tensor<256xf32, #b1>)

// -----

#b1 = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @does_not_fit() {
  // expected-error @+1 {{'test.make' op cannot convert the layout of 'tensor<100xf32, #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>': dim 0 of the shape 100 is 100: layouts need power-of-two sizes (at most 2^30)}}
  %0 = "test.make"() : () -> tensor<100xf32, #b1>
  return
}
