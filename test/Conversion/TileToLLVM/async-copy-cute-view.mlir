// RUN: tile-opt %s --convert-tile-to-llvm -canonicalize -cse | FileCheck %s

// tile.async_load_tile from a view with a CuTe layout whose modes do not
// coalesce to one stride: 8x4 row-major tiles in row-major order,
// ((8,8),(4,16)):((4,512),(1,32)). The source address of each copy is
// crd2idx of the layout: row r = 8 i + x goes to (r % 8) * 4 + (r / 8) *
// 512, column c = 16 j + y to (c % 4) + (c / 4) * 32; the 4-element runs
// of a tile row are one 16-byte cp.async (the copy layout gives each lane
// 4 consecutive columns starting at a multiple of 4; the base is promised
// 16-byte aligned).

#smem = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
!blk = !tile.view<64x64xf32, #layout.strided<((8,8),(4,16)):((4,512),(1,32))>>

// CHECK-LABEL: llvm.func @blocked
// CHECK-DAG: %[[C4:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK-DAG: %[[C8:.*]] = llvm.mlir.constant(8 : i64) : i64
// CHECK-DAG: %[[C32:.*]] = llvm.mlir.constant(32 : i64) : i64
// CHECK-DAG: %[[C512:.*]] = llvm.mlir.constant(512 : i64) : i64
// CHECK: %[[R:.*]] = llvm.add %{{.*}}, %{{.*}} : i64
// CHECK: %[[C:.*]] = llvm.add %{{.*}}, %{{.*}} : i64
// CHECK: %[[R0:.*]] = llvm.urem %[[R]], %[[C8]] : i64
// CHECK: %[[R1:.*]] = llvm.udiv %[[R]], %[[C8]] : i64
// CHECK: %[[R0S:.*]] = llvm.mul %[[R0]], %[[C4]] : i64
// CHECK: %[[R1S:.*]] = llvm.mul %[[R1]], %[[C512]] : i64
// CHECK: %[[ROW:.*]] = llvm.add %[[R0S]], %[[R1S]] : i64
// CHECK: %[[C0:.*]] = llvm.urem %[[C]], %[[C4]] : i64
// CHECK: %[[C1:.*]] = llvm.udiv %[[C]], %[[C4]] : i64
// CHECK: %[[C1S:.*]] = llvm.mul %[[C1]], %[[C32]] : i64
// CHECK: %[[COL:.*]] = llvm.add %[[C0]], %[[C1S]] : i64
// CHECK: %[[OFF:.*]] = llvm.add %[[ROW]], %[[COL]] : i64
// CHECK: %[[SRC:.*]] = llvm.getelementptr %arg0[%[[OFF]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %[[SRC]], 16, cache =  cg
// CHECK-NOT: nvvm.cp.async.shared.global
tile.kernel @blocked(%src: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %i: i32, %j: i32) attributes {num_warps = 1 : i32} {
  %v = tile.make_view %src, shape [64, 64] : !tile.ptr<f32> -> !blk
  %buf = layout.local_alloc : !layout.memdesc<8x16xf32, #smem>
  tile.async_load_tile %v[%i, %j], %buf : !blk -> !layout.memdesc<8x16xf32, #smem>
  layout.async_commit_group
  tile.return
}
