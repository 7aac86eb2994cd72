// RUN: tile-opt %s --convert-tile-to-llvm -canonicalize -cse | FileCheck %s

// tile.async_load_at of an 8x64 f16 tile of a 3-D [b, m, k] view, dims
// [1, 2] (matrix z of a batch, rows r.., columns c..): the coordinates are
// the offsets themselves (sign-extended, not multiplied by the tile) plus
// the thread's row and column, the fixed axis z stays at its offset. Every
// axis is checked: z < b and the row < m gate the copy, the columns left
// before k give its byte count. c and k are multiples of 8 and the base is
// 16-byte aligned, so each thread copies two 16-byte vectors (.cg), the
// second 4 rows down (shared offset XOR 288), as tile.async_load_tile does.
#nvmma = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>

// CHECK-LABEL: llvm.func @load_at_dims
// CHECK-DAG: %[[C288:.*]] = llvm.mlir.constant(288 : i32) : i32
// CHECK-DAG: %[[C8:.*]] = llvm.mlir.constant(8 : i64) : i64
// CHECK-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-DAG: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK: %[[B:.*]] = llvm.sext %arg1 : i32 to i64
// CHECK: %[[M:.*]] = llvm.sext %arg2 : i32 to i64
// CHECK: %[[K:.*]] = llvm.sext %arg3 : i32 to i64
// CHECK: %[[S1:.*]] = llvm.mul %[[K]], %[[ONE]] : i64
// CHECK: %[[S0:.*]] = llvm.mul %[[S1]], %[[M]] : i64
// CHECK: %[[Z:.*]] = llvm.sext %arg4 : i32 to i64
// CHECK: %[[R:.*]] = llvm.sext %arg5 : i32 to i64
// CHECK: %[[C:.*]] = llvm.sext %arg6 : i32 to i64
// CHECK: %[[ROW:.*]] = llvm.add %[[R]], %{{.*}} : i64
// CHECK: %[[COL:.*]] = llvm.add %[[C]], %{{.*}} : i64
// CHECK: %[[ZOFF:.*]] = llvm.mul %[[Z]], %[[S0]] : i64
// CHECK: %[[ROWOFF:.*]] = llvm.mul %[[ROW]], %[[S1]] : i64
// CHECK: %[[ZR:.*]] = llvm.add %[[ZOFF]], %[[ROWOFF]] : i64
// CHECK: %[[COLOFF:.*]] = llvm.mul %[[COL]], %[[ONE]] : i64
// CHECK: %[[OFF0:.*]] = llvm.add %[[ZR]], %[[COLOFF]] : i64
// CHECK: %[[SRC0:.*]] = llvm.getelementptr %arg0[%[[OFF0]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16
// CHECK: %[[SRC1:.*]] = llvm.getelementptr %arg0[%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16
// CHECK: %[[DST0:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: %[[ZIN:.*]] = llvm.icmp "ult" %[[Z]], %[[B]] : i64
// CHECK: %[[ROWIN:.*]] = llvm.icmp "ult" %[[ROW]], %[[M]] : i64
// CHECK: %[[ZROWIN:.*]] = llvm.and %[[ZIN]], %[[ROWIN]] : i1
// CHECK: %[[LEFT:.*]] = llvm.sub %[[K]], %[[COL]] : i64
// CHECK: %[[LT:.*]] = llvm.icmp "slt" %[[LEFT]], %[[C8]] : i64
// CHECK: %[[N:.*]] = llvm.select %[[LT]], %[[LEFT]], %[[C8]] : i1, i64
// CHECK: %[[N32:.*]] = llvm.trunc %[[N]] : i64 to i32
// CHECK: %[[COLIN:.*]] = llvm.icmp "ult" %[[COL]], %[[K]] : i64
// CHECK: %[[IN:.*]] = llvm.and %[[ZROWIN]], %[[COLIN]] : i1
// CHECK: %[[NB:.*]] = llvm.mul %[[N32]], %[[C2]] : i32
// CHECK: %[[SIZE0:.*]] = llvm.select %[[IN]], %[[NB]], %[[C0]] : i1, i32
// CHECK: nvvm.cp.async.shared.global %[[DST0]], %[[SRC0]], 16, cache =  cg, %[[SIZE0]] : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK: llvm.xor %{{.*}}, %[[C288]] : i32
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %[[SRC1]], 16, cache =  cg, %{{.*}} : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK-NOT: cp.async
// CHECK: llvm.return
tile.kernel @load_at_dims(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: i32, %m: i32, %k: i32 {tile.divisibility = 8 : i64},
                          %z: i32, %r: i32, %c: i32 {tile.divisibility = 8 : i64}) attributes {num_warps = 1 : i32} {
  %v = tile.make_view %a, shape [%b, %m, %k] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %buf = layout.local_alloc : !layout.memdesc<8x64xf16, #nvmma>
  tile.async_load_at %v[%z, %r, %c] dims [1, 2], %buf : !tile.view<?x?x?xf16> -> !layout.memdesc<8x64xf16, #nvmma>
  tile.return
}
