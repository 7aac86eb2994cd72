// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s

// Views typed with a CuTe layout (#layout.strided): each element's offset is
// crd2idx over the coalesced mode of each axis, leaf by leaf (urem/udiv by
// the leaf sizes, the last leaf unbounded), plus the other axes' terms.

// ((4,3),8):((1,32),4): row i is (i % 4) * 1 + (i / 4) * 32, column j is
// j * 4; both are checked against the extents 12 and 8.
// CHECK-LABEL: llvm.func @nested
// CHECK: %[[I:.*]] = llvm.sext %arg2 : i32 to i64
// CHECK: %[[J:.*]] = llvm.sext %arg3 : i32 to i64
// CHECK: %[[INI:.*]] = llvm.icmp "ult" %[[I]], %{{.*}} : i64
// CHECK: %[[FOUR:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK: %[[I0:.*]] = llvm.urem %[[I]], %[[FOUR]] : i64
// CHECK: %[[I1:.*]] = llvm.udiv %[[I]], %[[FOUR]] : i64
// CHECK: %[[C32:.*]] = llvm.mlir.constant(32 : i64) : i64
// CHECK: %[[I1S:.*]] = llvm.mul %[[I1]], %[[C32]] : i64
// CHECK: %[[ROW:.*]] = llvm.add %[[I0]], %[[I1S]] : i64
// CHECK: %[[INJ:.*]] = llvm.icmp "ult" %[[J]], %{{.*}} : i64
// CHECK: %[[M:.*]] = llvm.and %[[INI]], %[[INJ]] : i1
// CHECK: %[[C4:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK: %[[COL:.*]] = llvm.mul %[[J]], %[[C4]] : i64
// CHECK: %[[OFF:.*]] = llvm.add %[[ROW]], %[[COL]] : i64
// CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%[[OFF]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
// CHECK: llvm.inline_asm has_side_effects "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [$1];", "=r,l,b,r" %[[P]], %[[M]]
tile.kernel @nested(%src: !tile.ptr<f32>, %dst: !tile.ptr<f32>, %i: i32, %j: i32) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %src, shape [12, 8] : !tile.ptr<f32> -> !tile.view<12x8xf32, #layout.strided<((4,3),8):((1,32),4)>>
  %x = tile.load_at %v[%i, %j] : !tile.view<12x8xf32, #layout.strided<((4,3),8):((1,32),4)>> -> f32
  %w = tile.make_view %dst, shape [1] : !tile.ptr<f32> -> !tile.view<1xf32>
  tile.store_at %x, %w[%c0] : f32, !tile.view<1xf32>
  tile.return
}

// -----

// Vectors read off the layout. Source (64,(2,32)):(128,(1,4)): columns run
// in pairs (leaf 2:1, then 32:4), so the widest aligned vector is 2
// elements: v2 loads, aligned to 8 bytes, at (j % 2) + (j / 2) * 4 +
// i * 128. Destination (64,(4,16)):(64,(1,4)) coalesces to the row-major
// (64,64):(64,1): plain strided addresses, v4 stores aligned to 16 bytes.
// The extents are static multiples of the tile: no masks.

#b = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>

// CHECK-LABEL: llvm.func @runs
// CHECK-NOT: llvm.icmp "ult"
// CHECK: llvm.zext
// CHECK: %[[C128:.*]] = llvm.mlir.constant(128 : i64) : i64
// CHECK-NEXT: %[[R:.*]] = llvm.mul %{{.*}}, %[[C128]] : i64
// CHECK: %[[TWO:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK: %[[J0:.*]] = llvm.urem %[[J:.*]], %[[TWO]] : i64
// CHECK: %[[J1:.*]] = llvm.udiv %[[J]], %[[TWO]] : i64
// CHECK: %[[C4:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK: %[[J1S:.*]] = llvm.mul %[[J1]], %[[C4]] : i64
// CHECK: %[[COL:.*]] = llvm.add %[[J0]], %[[J1S]] : i64
// CHECK: %[[OFF:.*]] = llvm.add %[[R]], %[[COL]] : i64
// CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%[[OFF]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
// CHECK: llvm.load %[[P]] {alignment = 8 : i64} : !llvm.ptr<1> -> vector<2xi32>
// CHECK-NOT: llvm.load {{.*}} vector<4xi32>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>
// CHECK-NOT: llvm.urem
// CHECK: llvm.return
tile.kernel @runs(%src: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %dst: !tile.ptr<f32> {tile.divisibility = 16 : i64}) {
  %i = tile.program_id x : i32
  %v = tile.make_view %src, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32, #layout.strided<(64,(2,32)):(128,(1,4))>>
  %w = tile.make_view %dst, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32, #layout.strided<(64,(4,16)):(64,(1,4))>>
  %t = tile.load_tile %v[%i, %i] : !tile.view<64x64xf32, #layout.strided<(64,(2,32)):(128,(1,4))>> -> tensor<32x16xf32, #b>
  tile.store_tile %t, %w[%i, %i] : tensor<32x16xf32, #b>, !tile.view<64x64xf32, #layout.strided<(64,(4,16)):(64,(1,4))>>
  tile.return
}

// -----

// A swizzled layout: Sw<3,4,3> o (8,64):(64,1) maps (i, j) to
// x ^ ((x & 0b1110000000) >> 3) with x = i * 64 + j. A broadcast mode
// ((4,2,8)):((0,1,2)) coalesces to (4,16):(0,1): element k is at k / 4
// (the stride-0 leaf only divides); its extent is dynamic.
// CHECK-LABEL: llvm.func @swizzle_broadcast
// CHECK: %[[I:.*]] = llvm.sext %arg2 : i32 to i64
// CHECK: %[[J:.*]] = llvm.sext %arg3 : i32 to i64
// CHECK: %[[C64:.*]] = llvm.mlir.constant(64 : i64) : i64
// CHECK: %[[R:.*]] = llvm.mul %[[I]], %[[C64]] : i64
// CHECK: %[[X:.*]] = llvm.add %[[R]], %[[J]] : i64
// CHECK: %[[Y:.*]] = llvm.mlir.constant(896 : i64) : i64
// CHECK: %[[SEL:.*]] = llvm.and %[[X]], %[[Y]] : i64
// CHECK: %[[S:.*]] = llvm.mlir.constant(3 : i64) : i64
// CHECK: %[[MOVED:.*]] = llvm.lshr %[[SEL]], %[[S]] : i64
// CHECK: %[[SW:.*]] = llvm.xor %[[X]], %[[MOVED]] : i64
// CHECK: llvm.getelementptr %{{.*}}[%[[SW]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16
// CHECK: %[[K:.*]] = llvm.sext %arg2 : i32 to i64
// CHECK: %[[IN:.*]] = llvm.icmp "ult" %[[K]], %{{.*}} : i64
// CHECK: %[[C4:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK: %[[Q:.*]] = llvm.udiv %[[K]], %[[C4]] : i64
// CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%[[Q]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16
// CHECK: llvm.inline_asm has_side_effects "@$2 st.global.b16 [$0], $1;", "l,h,b" %[[P]], %{{.*}}, %[[IN]]
tile.kernel @swizzle_broadcast(%src: !tile.ptr<f16>, %dst: !tile.ptr<f16>, %i: i32, %j: i32) {
  %v = tile.make_view %src, shape [8, 64] : !tile.ptr<f16> -> !tile.view<8x64xf16, #layout.strided<Sw<3,4,3> o (8,64):(64,1)>>
  %x = tile.load_at %v[%i, %j] : !tile.view<8x64xf16, #layout.strided<Sw<3,4,3> o (8,64):(64,1)>> -> f16
  %w = tile.make_view %dst, shape [%j] : !tile.ptr<f16> -> !tile.view<?xf16, #layout.strided<((4,2,8)):((0,1,2))>>
  tile.store_at %x, %w[%i] : f16, !tile.view<?xf16, #layout.strided<((4,2,8)):((0,1,2))>>
  tile.return
}

// -----

// load_at at an arbitrary offset through 8x4 row-major tiles
// ((8,8),(4,16)):((4,512),(1,32)): a group of 4 columns is consecutive only
// when it starts at a multiple of 4, which nothing proves here (the base
// may be misaligned too), so every element is loaded on its own, at its own
// address: no vector loads.
#b = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: llvm.func @unproven_split_axis
// CHECK-NOT: ld.global.v
// CHECK: llvm.urem
// CHECK: ld.global.b32
// CHECK-NOT: ld.global.v
// CHECK: llvm.return
tile.kernel @unproven_split_axis(%src: !tile.ptr<f32>, %dst: !tile.ptr<f32>, %r: i32, %c: i32) {
  %v = tile.make_view %src, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32, #layout.strided<((8,8),(4,16)):((4,512),(1,32))>>
  %o = tile.make_view %dst, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  %t = tile.load_at %v[%r, %c] : !tile.view<64x64xf32, #layout.strided<((8,8),(4,16)):((4,512),(1,32))>> -> tensor<32x32xf32, #b>
  tile.store_at %t, %o[%r, %c] : tensor<32x32xf32, #b>, !tile.view<64x64xf32>
  tile.return
}
