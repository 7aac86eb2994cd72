// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s

// Tensors carried by scf.for and scf.if become structs of registers; the
// scf ops stay (convert-scf-to-cf lowers them afterwards).

#l = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// CHECK-LABEL: llvm.func @accumulate
// CHECK: %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (!llvm.struct<(f32, f32)>) : i32
// CHECK: llvm.fadd
// CHECK: llvm.fadd
// CHECK: scf.yield %{{.*}} : !llvm.struct<(f32, f32)>
// CHECK: scf.if %{{.*}} -> (!llvm.struct<(f32, f32)>)
// CHECK: llvm.fneg
tile.kernel @accumulate(%p: !tile.ptr<f32>, %n: i32, %flip: i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %v = tile.make_view %p, shape [256] : !tile.ptr<f32> -> !tile.view<256xf32>
  %t = tile.load_tile %v[%c0] : !tile.view<256xf32> -> tensor<256xf32, #l>
  %zero = arith.constant dense<0.0> : tensor<256xf32, #l>
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<256xf32, #l>) : i32 {
    %next = arith.addf %acc, %t : tensor<256xf32, #l>
    scf.yield %next : tensor<256xf32, #l>
  }
  %r = scf.if %flip -> (tensor<256xf32, #l>) {
    %neg = arith.negf %sum : tensor<256xf32, #l>
    scf.yield %neg : tensor<256xf32, #l>
  } else {
    scf.yield %sum : tensor<256xf32, #l>
  }
  tile.store_tile %r, %v[%c0] : tensor<256xf32, #l>, !tile.view<256xf32>
  tile.return
}
