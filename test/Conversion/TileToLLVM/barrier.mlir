// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s
// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm=elide-barriers=false | FileCheck %s --check-prefix=ALL

// Barrier elision (docs/Lowering.md): a barrier stays only where shared
// memory may have been touched since the previous barrier on some path. The
// converts below cross warps, so they go through the scratch area:
// barrier, stores, barrier, loads; the first barrier of the kernel guards
// nothing.

#row = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#col = #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>

// Two converts in a row: 3 barriers, not 4.

#row2 = #layout.blocked<sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>

// CHECK-LABEL: llvm.func @two_converts
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK-COUNT-1: nvvm.barrier0
// CHECK-NOT: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: llvm.load {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-NEXT: nvvm.read.ptx.sreg.tid.x
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
// ALL-LABEL: llvm.func @two_converts
// ALL-COUNT-4: nvvm.barrier0
// ALL-NOT: nvvm.barrier0
// ALL: llvm.return
tile.kernel @two_converts(%p: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [32, 32] : !tile.ptr<f32> -> !tile.view<32x32xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<32x32xf32> -> tensor<32x32xf32, #row>
  %u = layout.convert %t : tensor<32x32xf32, #row> -> tensor<32x32xf32, #col>
  %w = layout.convert %u : tensor<32x32xf32, #col> -> tensor<32x32xf32, #row2>
  tile.store_tile %w, %v[%c0, %c0] : tensor<32x32xf32, #row2>, !tile.view<32x32xf32>
  tile.return
}

// -----

// A convert and a cross-warp reduction share the scratch area (the larger
// need, 4096 bytes): 3 barriers; the reduction's first one orders its
// stores after the convert's loads.

#row = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#col = #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>

// CHECK-LABEL: llvm.func @convert_then_reduce
// CHECK-SAME: tile.shared_bytes = 4096 : i64
// CHECK-COUNT-3: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
// ALL-LABEL: llvm.func @convert_then_reduce
// ALL-COUNT-4: nvvm.barrier0
// ALL-NOT: nvvm.barrier0
// ALL: llvm.return
tile.kernel @convert_then_reduce(%p: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [32, 32] : !tile.ptr<f32> -> !tile.view<32x32xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<32x32xf32> -> tensor<32x32xf32, #row>
  %u = layout.convert %t : tensor<32x32xf32, #row> -> tensor<32x32xf32, #col>
  %s = tile.reduce sum %u {axis = 1 : i32} : tensor<32x32xf32, #col> -> tensor<32xf32, #layout.slice<dim = 1, parent = #col>>
  %o = tile.make_view %p, shape [32] : !tile.ptr<f32> -> !tile.view<32xf32>
  tile.store_tile %s, %o[%c0] : tensor<32xf32, #layout.slice<dim = 1, parent = #col>>, !tile.view<32xf32>
  tile.return
}

// -----

// A convert at the top of a loop body follows the previous iteration's
// loads: its first barrier stays (2 in the body), even though nothing
// touched shared memory before the loop.

#row = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#col = #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>

// CHECK-LABEL: llvm.func @in_loop
// CHECK: scf.for
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load {{.*}} !llvm.ptr<3>
// CHECK-NOT: nvvm.barrier0
// CHECK: scf.yield
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
tile.kernel @in_loop(%p: !tile.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %v = tile.make_view %p, shape [32, 32] : !tile.ptr<f32> -> !tile.view<32x32xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<32x32xf32> -> tensor<32x32xf32, #row>
  %zero = arith.constant dense<0.0> : tensor<32x32xf32, #col>
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32, #col>) : i32 {
    %u = layout.convert %t : tensor<32x32xf32, #row> -> tensor<32x32xf32, #col>
    %next = arith.addf %acc, %u : tensor<32x32xf32, #col>
    scf.yield %next : tensor<32x32xf32, #col>
  }
  tile.store_tile %sum, %v[%c0, %c0] : tensor<32x32xf32, #col>, !tile.view<32x32xf32>
  tile.return
}

// -----

// A loop whose body touches no shared memory keeps the state clean: the
// convert after it needs no leading barrier. One before the loop makes the
// state dirty for the one after it.

#row = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#col = #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>

// CHECK-LABEL: llvm.func @after_clean_loop
// CHECK: scf.for
// CHECK-NOT: nvvm.barrier0
// CHECK: scf.yield
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
tile.kernel @after_clean_loop(%p: !tile.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %v = tile.make_view %p, shape [32, 32] : !tile.ptr<f32> -> !tile.view<32x32xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<32x32xf32> -> tensor<32x32xf32, #row>
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> (tensor<32x32xf32, #row>) : i32 {
    %next = arith.addf %acc, %t : tensor<32x32xf32, #row>
    scf.yield %next : tensor<32x32xf32, #row>
  }
  %u = layout.convert %sum : tensor<32x32xf32, #row> -> tensor<32x32xf32, #col>
  tile.store_tile %u, %v[%c0, %c0] : tensor<32x32xf32, #col>, !tile.view<32x32xf32>
  tile.return
}

// -----

// Two converts in one branch of an scf.if (3 barriers: the first one of
// the kernel's first convert is elided) make the state after the if dirty:
// the convert after it keeps its leading barrier (2 barriers).

#row = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#col = #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>

// CHECK-LABEL: llvm.func @after_if
// CHECK: scf.if
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: } else {
// CHECK-NOT: nvvm.barrier0
// CHECK: scf.yield
// CHECK: }
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
tile.kernel @after_if(%p: !tile.ptr<f32>, %flip: i1) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [32, 32] : !tile.ptr<f32> -> !tile.view<32x32xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<32x32xf32> -> tensor<32x32xf32, #row>
  %r = scf.if %flip -> (tensor<32x32xf32, #row>) {
    %u = layout.convert %t : tensor<32x32xf32, #row> -> tensor<32x32xf32, #col>
    %n = arith.negf %u : tensor<32x32xf32, #col>
    %b = layout.convert %n : tensor<32x32xf32, #col> -> tensor<32x32xf32, #row>
    scf.yield %b : tensor<32x32xf32, #row>
  } else {
    scf.yield %t : tensor<32x32xf32, #row>
  }
  %w = layout.convert %r : tensor<32x32xf32, #row> -> tensor<32x32xf32, #col>
  tile.store_tile %w, %v[%c0, %c0] : tensor<32x32xf32, #col>, !tile.view<32x32xf32>
  tile.return
}

// -----

// The same with the converts in the else branch: the state after the if is
// dirty on that path too, so the last convert keeps its leading barrier.

#row = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#col = #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>

// CHECK-LABEL: llvm.func @after_if_else
// CHECK: scf.if
// CHECK-NOT: nvvm.barrier0
// CHECK: scf.yield
// CHECK: } else {
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: scf.yield
// CHECK: }
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
tile.kernel @after_if_else(%p: !tile.ptr<f32>, %flip: i1) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [32, 32] : !tile.ptr<f32> -> !tile.view<32x32xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<32x32xf32> -> tensor<32x32xf32, #row>
  %r = scf.if %flip -> (tensor<32x32xf32, #row>) {
    scf.yield %t : tensor<32x32xf32, #row>
  } else {
    %u = layout.convert %t : tensor<32x32xf32, #row> -> tensor<32x32xf32, #col>
    %n = arith.negf %u : tensor<32x32xf32, #col>
    %b = layout.convert %n : tensor<32x32xf32, #col> -> tensor<32x32xf32, #row>
    scf.yield %b : tensor<32x32xf32, #row>
  }
  %w = layout.convert %r : tensor<32x32xf32, #row> -> tensor<32x32xf32, #col>
  tile.store_tile %w, %v[%c0, %c0] : tensor<32x32xf32, #col>, !tile.view<32x32xf32>
  tile.return
}
