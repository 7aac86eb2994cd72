// RUN: tile-opt %s -split-input-file --tile-assign-layouts --convert-tile-to-llvm | FileCheck %s

// A store from a layout whose elements several threads hold writes each
// element once: CuTe's tutorial TV layout of 8 threads,
// ((2,4),(2,2)):((8,1),(4,16)), in a kernel of 4 warps has copies in lanes
// 8..31 (lane bits 3 and 4: mask 24) and warps 1..3 (warp bits 0 and 1:
// mask 3). Only the thread with (lane & 24) | (warp & 3) == 0 stores; that
// predicate guards the vector stores (v2: registers 0,1 are columns 2 t0,
// 2 t0 + 1 of row t1).

// CHECK-LABEL: llvm.func @tutorial_tv
// CHECK: %[[C24:.*]] = llvm.mlir.constant(24 : i32) : i32
// CHECK-NEXT: %[[L:.*]] = llvm.and %{{.*}}, %[[C24]] : i32
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[W:.*]] = llvm.and %{{.*}}, %[[C3]] : i32
// CHECK-NEXT: %[[LW:.*]] = llvm.or %[[L]], %[[W]] : i32
// CHECK-NEXT: %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[FIRST:.*]] = llvm.icmp "eq" %[[LW]], %[[Z]] : i32
// CHECK: scf.if
// CHECK: llvm.inline_asm has_side_effects "@$3 st.global.v2.b32 [$0], {$1, $2};", "l,r,r,b" %{{.*}}, %{{.*}}, %{{.*}}, %[[FIRST]] :
// CHECK: llvm.inline_asm has_side_effects "@$3 st.global.v2.b32 [$0], {$1, $2};", "l,r,r,b" %{{.*}}, %{{.*}}, %{{.*}}, %[[FIRST]] :
// CHECK-NEXT: } else {
// CHECK: %[[OK:.*]] = llvm.and %{{.*}}, %[[FIRST]] : i1
// CHECK-NEXT: llvm.and %[[OK]], %[[FIRST]] : i1
tile.kernel @tutorial_tv(%a: !tile.ptr<f32>, %out: !tile.ptr<f32>)
    attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %A = tile.make_view %a, shape [4, 8] : !tile.ptr<f32> -> !tile.view<4x8xf32, #layout.strided<(4,8):(8,1)>>
  %O = tile.make_view %out, shape [4, 8] : !tile.ptr<f32> -> !tile.view<4x8xf32, #layout.strided<(4,8):(8,1)>>
  %v = tile.load_tile %A[%c0, %c0] : !tile.view<4x8xf32, #layout.strided<(4,8):(8,1)>> -> tensor<4x8xf32, #layout.tv<tile = (4,8), tv = ((2,4),(2,2)):((8,1),(4,16))>>
  tile.store_tile %v, %O[%c0, %c0] : tensor<4x8xf32, #layout.tv<tile = (4,8), tv = ((2,4),(2,2)):((8,1),(4,16))>>, !tile.view<4x8xf32, #layout.strided<(4,8):(8,1)>>
  tile.return
}

// -----

// A layout without copies stores unguarded: no lane or warp test.
// CHECK-LABEL: llvm.func @no_copies
// CHECK-NOT: llvm.mlir.constant(24 : i32)
// CHECK-NOT: llvm.or
// CHECK: st.global
tile.kernel @no_copies(%a: !tile.ptr<f32>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %A = tile.make_view %a, shape [16, 16] : !tile.ptr<f32> -> !tile.view<16x16xf32>
  %v = tile.load_tile %A[%c0, %c0] : !tile.view<16x16xf32> -> tensor<16x16xf32, #layout.tv<threads = (8,4):(4,1), values = (1,4)>>
  tile.store_tile %v, %A[%c0, %c0] : tensor<16x16xf32, #layout.tv<threads = (8,4):(4,1), values = (1,4)>>, !tile.view<16x16xf32>
  tile.return
}
