// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-to-llvm{arch=sm_90})' | FileCheck %s
// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-to-llvm{opt-level=0})' | FileCheck %s

// The named pipeline leaves only LLVM and NVVM ops: the scf loop is
// control flow, the arith on the loop index is llvm, and the tensors are
// registers.

#l = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>

// CHECK-LABEL: llvm.func @loop_sum
// CHECK-SAME: nvvm.kernel
// CHECK: llvm.br
// CHECK: llvm.cond_br
// CHECK: llvm.fadd
// CHECK: llvm.return
// CHECK-NOT: scf.
// CHECK-NOT: arith.
// CHECK-NOT: tile.load
// CHECK-NOT: builtin.unrealized_conversion_cast
tile.kernel @loop_sum(%p: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %v = tile.make_view %p, shape [%n, 512] : !tile.ptr<f32> -> !tile.view<?x512xf32>
  %zero = arith.constant dense<0.0> : tensor<1x512xf32, #l>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (tensor<1x512xf32, #l>) : i32 {
    %t = tile.load_tile %v[%i, %c0] : !tile.view<?x512xf32> -> tensor<1x512xf32, #l>
    %s = arith.addf %a, %t : tensor<1x512xf32, #l>
    scf.yield %s : tensor<1x512xf32, #l>
  }
  tile.store_tile %acc, %v[%c0, %c0] : tensor<1x512xf32, #l>, !tile.view<?x512xf32>
  tile.return
}
