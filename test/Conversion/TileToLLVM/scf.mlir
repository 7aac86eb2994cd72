// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s

// Tensors carried by scf.for and scf.if become structs of registers; the
// scf ops stay (convert-scf-to-cf lowers them afterwards).

#l = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// CHECK-LABEL: llvm.func @accumulate
// CHECK: %[[T:.*]] = llvm.insertvalue %{{.*}}, %{{.*}}[1] : !llvm.struct<(f32, f32)>
// CHECK: %[[ZERO:.*]] = llvm.insertvalue %{{.*}}, %{{.*}}[1] : !llvm.struct<(f32, f32)>
// CHECK: %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (!llvm.struct<(f32, f32)>) : i32
// CHECK: %[[A0:.*]] = llvm.extractvalue %[[ACC]][0] : !llvm.struct<(f32, f32)>
// CHECK: %[[A1:.*]] = llvm.extractvalue %[[ACC]][1] : !llvm.struct<(f32, f32)>
// CHECK: %[[T0:.*]] = llvm.extractvalue %[[T]][0] : !llvm.struct<(f32, f32)>
// CHECK: %[[T1:.*]] = llvm.extractvalue %[[T]][1] : !llvm.struct<(f32, f32)>
// CHECK: %[[S0:.*]] = llvm.fadd %[[A0]], %[[T0]] : f32
// CHECK: %[[S1:.*]] = llvm.fadd %[[A1]], %[[T1]] : f32
// CHECK: %[[N0:.*]] = llvm.insertvalue %[[S0]], %{{.*}}[0] : !llvm.struct<(f32, f32)>
// CHECK: %[[N1:.*]] = llvm.insertvalue %[[S1]], %[[N0]][1] : !llvm.struct<(f32, f32)>
// CHECK: scf.yield %[[N1]] : !llvm.struct<(f32, f32)>
// CHECK: scf.if %{{.*}} -> (!llvm.struct<(f32, f32)>)
// CHECK: %[[R0:.*]] = llvm.extractvalue %[[R]][0] : !llvm.struct<(f32, f32)>
// CHECK: llvm.fneg %[[R0]] : f32
// CHECK: } else {
// CHECK: scf.yield %[[R]] : !llvm.struct<(f32, f32)>
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
