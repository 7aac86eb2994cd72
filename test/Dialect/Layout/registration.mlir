// RUN: tile-opt --help | FileCheck %s --check-prefix=HELP
// RUN: tile-opt %s | FileCheck %s

// tile-opt knows the layout dialect, its pass, and the upstream dialects
// kernels use.
// HELP: --layout-to-linear

// CHECK-LABEL: func.func @upstream
// CHECK: scf.for
// CHECK: math.exp
// CHECK: layout.convert
#b = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#c = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @upstream(%x: tensor<512xf32, #b>, %n: index) -> tensor<512xf32, #c> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<512xf32, #b>) {
    %e = math.exp %acc : tensor<512xf32, #b>
    scf.yield %e : tensor<512xf32, #b>
  }
  %y = layout.convert %r : tensor<512xf32, #b> -> tensor<512xf32, #c>
  return %y : tensor<512xf32, #c>
}
