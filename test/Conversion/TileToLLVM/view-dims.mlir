// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s

// load_at/store_at with `dims` (Tilus's load_global/store_global dims): the
// tile's lane coordinate moves only the chosen view axis; the other axes
// stay at their offsets, and every axis is bounds-checked and contributes
// offset * stride to the address.

#l = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>

// A column (view axis 1) of a 3 x n x 5 view at batch b, column c.
// CHECK-LABEL: llvm.func @column
// CHECK: %[[S0:.*]] = llvm.extractvalue %{{.*}}[4] : !llvm.struct<(ptr<1>, i64, i64, i64, i64, i64, i64)>
// CHECK: %[[S1:.*]] = llvm.extractvalue %{{.*}}[5] : !llvm.struct<(ptr<1>, i64, i64, i64, i64, i64, i64)>
// CHECK: %[[S2:.*]] = llvm.extractvalue %{{.*}}[6] : !llvm.struct<(ptr<1>, i64, i64, i64, i64, i64, i64)>
// CHECK: %[[E0:.*]] = llvm.mlir.constant(3 : i64) : i64
// CHECK: %[[E2:.*]] = llvm.mlir.constant(5 : i64) : i64
// CHECK: %[[B:.*]] = llvm.sext %arg1 : i32 to i64
// CHECK: %[[R:.*]] = llvm.sext %arg2 : i32 to i64
// CHECK: %[[C:.*]] = llvm.sext %arg3 : i32 to i64
// CHECK: %[[X:.*]] = llvm.zext %{{.*}} : i32 to i64
// CHECK: %[[RX:.*]] = llvm.add %[[R]], %[[X]] : i64
// CHECK: %[[IN0:.*]] = llvm.icmp "ult" %[[B]], %[[E0]] : i64
// CHECK: %[[T0:.*]] = llvm.mul %[[B]], %[[S0]] : i64
// CHECK: %[[IN1:.*]] = llvm.icmp "ult" %[[RX]], %{{.*}} : i64
// CHECK: %[[M01:.*]] = llvm.and %[[IN0]], %[[IN1]] : i1
// CHECK: %[[T1:.*]] = llvm.mul %[[RX]], %[[S1]] : i64
// CHECK: %[[T01:.*]] = llvm.add %[[T0]], %[[T1]] : i64
// CHECK: %[[IN2:.*]] = llvm.icmp "ult" %[[C]], %[[E2]] : i64
// CHECK: %[[M:.*]] = llvm.and %[[M01]], %[[IN2]] : i1
// CHECK: %[[T2:.*]] = llvm.mul %[[C]], %[[S2]] : i64
// CHECK: %[[OFF:.*]] = llvm.add %[[T01]], %[[T2]] : i64
// CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%[[OFF]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
// CHECK: llvm.inline_asm has_side_effects "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [$1];", "=r,l,b,r" %[[P]], %[[M]], %{{.*}}
tile.kernel @column(%p: !tile.ptr<f32>, %b: i32, %r: i32, %c: i32, %n: i32) attributes {num_warps = 1 : i32} {
  %v = tile.make_view %p, shape [3, %n, 5] : !tile.ptr<f32> -> !tile.view<3x?x5xf32>
  %t = tile.load_at %v[%b, %r, %c] dims [1] : !tile.view<3x?x5xf32> -> tensor<32xf32, #l>
  tile.store_at %t, %v[%b, %r, %c] dims [1] : tensor<32xf32, #l>, !tile.view<3x?x5xf32>
  tile.return
}

// -----

// A 2-D slice along the unit-stride axis vectorizes along it: dims [0, 2]
// of a compact 4 x ? x 64 view, 4 registers per thread along tile dim 1
// (view axis 2); the fixed axis 1 adds offset * stride once.
#b = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [1, 0]>

// CHECK-LABEL: llvm.func @slice
// CHECK: %[[R:.*]] = llvm.sext %arg1 : i32 to i64
// CHECK: llvm.mul %[[R]], %{{.*}} : i64
// CHECK: @$5 ld.global.v4.b32 {$0, $1, $2, $3}, [$4];
// CHECK-NOT: ld.global
// CHECK: llvm.return
tile.kernel @slice(%p: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %r: i32, %n: i32) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [4, %n, 64] : !tile.ptr<f32> -> !tile.view<4x?x64xf32>
  %t = tile.load_at %v[%c0, %r, %c0] dims [0, 2] : !tile.view<4x?x64xf32> -> tensor<2x64xf32, #b>
  tile.return
}
