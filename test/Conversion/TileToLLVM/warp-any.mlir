// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s

// layout.warp_any: each thread ORs the i1 elements it holds (two here:
// sizePerThread = [2]), then the warp votes on that bit over all 32 lanes
// (vote.sync.any with the full mask); the result is the condition of a
// branch that a warp takes or skips as a whole.

#l = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// CHECK-LABEL: llvm.func @skip_scale
// CHECK: %[[C0:.*]] = llvm.fcmp "une" %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: %[[C1:.*]] = llvm.fcmp "une" %{{.*}}, %{{.*}} : f32
// CHECK: %[[S0:.*]] = llvm.insertvalue %[[C0]], %{{.*}}[0] : !llvm.struct<(i1, i1)>
// CHECK-NEXT: %[[S1:.*]] = llvm.insertvalue %[[C1]], %[[S0]][1] : !llvm.struct<(i1, i1)>
// CHECK-NEXT: %[[P0:.*]] = llvm.extractvalue %[[S1]][0] : !llvm.struct<(i1, i1)>
// CHECK-NEXT: %[[P1:.*]] = llvm.extractvalue %[[S1]][1] : !llvm.struct<(i1, i1)>
// CHECK-NEXT: %[[OR:.*]] = llvm.or %[[P0]], %[[P1]] : i1
// CHECK-NEXT: %[[ALL:.*]] = llvm.mlir.constant(-1 : i32) : i32
// CHECK-NEXT: %[[ANY:.*]] = nvvm.vote.sync any %[[ALL]], %[[OR]] -> i1
// CHECK-NEXT: scf.if %[[ANY]] -> (!llvm.struct<(f32, f32)>)
// CHECK-COUNT-2: llvm.fmul
// CHECK: } else {
tile.kernel @skip_scale(%p: !tile.ptr<f32>, %q: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [256] : !tile.ptr<f32> -> !tile.view<256xf32>
  %w = tile.make_view %q, shape [256] : !tile.ptr<f32> -> !tile.view<256xf32>
  %x = tile.load_tile %v[%c0] : !tile.view<256xf32> -> tensor<256xf32, #l>
  %a = tile.load_tile %w[%c0] : !tile.view<256xf32> -> tensor<256xf32, #l>
  %one = arith.constant dense<1.0> : tensor<256xf32, #l>
  %moved = arith.cmpf une, %a, %one : tensor<256xf32, #l>
  %any = layout.warp_any %moved : tensor<256xi1, #l>
  %r = scf.if %any -> (tensor<256xf32, #l>) {
    %s = arith.mulf %x, %a : tensor<256xf32, #l>
    scf.yield %s : tensor<256xf32, #l>
  } else {
    scf.yield %x : tensor<256xf32, #l>
  }
  tile.store_tile %r, %v[%c0] : tensor<256xf32, #l>, !tile.view<256xf32>
  tile.return
}

// -----

// One element a thread: no OR, the element is the vote's predicate.

#one = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// CHECK-LABEL: llvm.func @single
// CHECK: %[[E:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(i1)>
// CHECK-NOT: llvm.or
// CHECK-NEXT: %[[ALL:.*]] = llvm.mlir.constant(-1 : i32) : i32
// CHECK-NEXT: %[[ANY:.*]] = nvvm.vote.sync any %[[ALL]], %[[E]] -> i1
// CHECK: llvm.select %[[ANY]], %{{.*}}, %{{.*}} : i1, i32
tile.kernel @single(%p: !tile.ptr<i32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [128] : !tile.ptr<i32> -> !tile.view<128xi32>
  %x = tile.load_tile %v[%c0] : !tile.view<128xi32> -> tensor<128xi32, #one>
  %nv = tile.splat %n : i32 -> tensor<128xi32, #one>
  %big = arith.cmpi sgt, %x, %nv : tensor<128xi32, #one>
  %any = layout.warp_any %big : tensor<128xi1, #one>
  %z = arith.constant dense<0> : tensor<128xi32, #one>
  %r = arith.select %any, %z, %x : tensor<128xi32, #one>
  tile.store_tile %r, %v[%c0] : tensor<128xi32, #one>, !tile.view<128xi32>
  tile.return
}
