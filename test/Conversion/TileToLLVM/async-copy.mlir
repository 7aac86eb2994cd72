// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm -canonicalize -cse | FileCheck %s

// cp.async lowering: copy sizes and cache modes from the proven contiguity,
// the source size that zero-fills masked and out-of-bounds elements, the
// swizzled shared addresses, the synchronous fallback for 2-byte elements
// without proven alignment, and commit/wait.

// A tile-space copy of an 8x64 f16 tile into a 128-byte-swizzled buffer:
// rows are 16-byte aligned (K divisible by 8, 16-byte base), so each thread
// copies two 16-byte vectors (.cg). The thread's element offset is
// lane * 8 (row lane >> 3 at 64 halves a row, column 8 * (lane & 7)) XOR
// (lane & 24) (the swizzle: row r XORs 16-byte chunk r); the second vector
// is 4 rows down, constant offset 4 * 64 + (4 << 3) = 288. The source size
// is min(k - col, 8) * 2 bytes in bounds, 0 when the row or column is out.
#nvmma = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>

// CHECK-LABEL: llvm.func @tile_space
// CHECK-DAG: %[[C288:.*]] = llvm.mlir.constant(288 : i32) : i32
// CHECK-DAG: %[[C24:.*]] = llvm.mlir.constant(24 : i32) : i32
// CHECK-DAG: %[[C8:.*]] = llvm.mlir.constant(8 : i64) : i64
// CHECK-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-DAG: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-DAG: %[[C31:.*]] = llvm.mlir.constant(31 : i32) : i32
// CHECK-DAG: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK: %[[K:.*]] = llvm.sext %arg2 : i32 to i64
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[LANE:.*]] = llvm.and %[[TID]], %[[C31]] : i32
// CHECK: %[[ROWBITS:.*]] = llvm.and %[[LANE]], %[[C24]] : i32
// CHECK: %[[SRC0:.*]] = llvm.getelementptr %arg0[%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16
// CHECK: %[[SRC1:.*]] = llvm.getelementptr %arg0[%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16
// CHECK: %[[L:.*]] = llvm.and %[[LANE]], %[[C31]] : i32
// CHECK: %[[LIN:.*]] = llvm.shl %[[L]], %[[C3]] : i32
// CHECK: %[[OFF:.*]] = llvm.xor %[[ROWBITS]], %[[LIN]] : i32
// CHECK: %[[BYTES:.*]] = llvm.mul %[[OFF]], %[[C2]] : i32
// CHECK: %[[DST0:.*]] = llvm.getelementptr %[[SMEM]][%[[BYTES]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: %[[ROWIN:.*]] = llvm.icmp "ult" %{{.*}}, %{{.*}} : i64
// CHECK: %[[LEFT:.*]] = llvm.sub %[[K]], %[[COL:.*]] : i64
// CHECK: %[[LT:.*]] = llvm.icmp "slt" %[[LEFT]], %[[C8]] : i64
// CHECK: %[[N:.*]] = llvm.select %[[LT]], %[[LEFT]], %[[C8]] : i1, i64
// CHECK: %[[N32:.*]] = llvm.trunc %[[N]] : i64 to i32
// CHECK: %[[COLIN:.*]] = llvm.icmp "ult" %[[COL]], %[[K]] : i64
// CHECK: %[[IN:.*]] = llvm.and %[[ROWIN]], %[[COLIN]] : i1
// CHECK: %[[NB:.*]] = llvm.mul %[[N32]], %[[C2]] : i32
// CHECK: %[[SIZE0:.*]] = llvm.select %[[IN]], %[[NB]], %[[C0]] : i1, i32
// CHECK: nvvm.cp.async.shared.global %[[DST0]], %[[SRC0]], 16, cache =  cg, %[[SIZE0]] : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK: %[[OFF1:.*]] = llvm.xor %[[OFF]], %[[C288]] : i32
// CHECK: %[[BYTES1:.*]] = llvm.mul %[[OFF1]], %[[C2]] : i32
// CHECK: %[[DST1:.*]] = llvm.getelementptr %[[SMEM]][%[[BYTES1]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: %[[SIZE1:.*]] = llvm.select %{{.*}}, %[[NB]], %[[C0]] : i1, i32
// CHECK: nvvm.cp.async.shared.global %[[DST1]], %[[SRC1]], 16, cache =  cg, %[[SIZE1]] : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK-NOT: cp.async
// CHECK: llvm.return
tile.kernel @tile_space(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %m: i32, %k: i32 {tile.divisibility = 8 : i64}, %i: i32, %j: i32) attributes {num_warps = 1 : i32} {
  %v = tile.make_view %a, shape [%m, %k], strides [%k, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %buf = layout.local_alloc : !layout.memdesc<8x64xf16, #nvmma>
  tile.async_load_tile %v[%i, %j] padding = zero, %buf : !tile.view<?x?xf16> -> !layout.memdesc<8x64xf16, #nvmma>
  tile.return
}

// -----

// Pointer tensors: 4 consecutive f32 per thread from a 16-byte aligned base
// are one 16-byte copy; the mask (i < n, n a multiple of 16) is equal over
// each vector and becomes the source size select(mask, 16, 0). Without
// the divisibility of n the mask differs inside a vector: four 4-byte .ca
// copies, each with its own source size.
#l = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
#s = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>

// CHECK-LABEL: llvm.func @pointers
// CHECK-DAG: %[[C16:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK-DAG: %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: %[[M:.*]] = llvm.icmp "slt" %{{.*}}, %arg1 : i32
// CHECK: %[[SZ:.*]] = llvm.select %[[M]], %[[C16]], %[[Z]] : i1, i32
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache =  cg, %[[SZ]] : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK-NOT: nvvm.cp.async.shared.global
// CHECK: nvvm.cp.async.commit.group
// CHECK-NEXT: nvvm.cp.async.wait.group 2
// CHECK-NEXT: nvvm.barrier0
tile.kernel @pointers(%a: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %n: i32 {tile.divisibility = 16 : i64}) attributes {num_warps = 1 : i32} {
  %r = tile.arange 0, 128 : tensor<128xi32, #l>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #l>
  %q = tile.addptr %p, %r : tensor<128x!tile.ptr<f32>, #l>, tensor<128xi32, #l>
  %nn = tile.splat %n : i32 -> tensor<128xi32, #l>
  %m = arith.cmpi slt, %r, %nn : tensor<128xi32, #l>
  %buf = layout.local_alloc : !layout.memdesc<128xf32, #s>
  layout.async_copy_global_to_local %q, %buf mask %m : tensor<128x!tile.ptr<f32>, #l> -> !layout.memdesc<128xf32, #s>
  layout.async_commit_group
  layout.async_wait {num = 2 : i32}
  tile.return
}

// CHECK-LABEL: llvm.func @pointers_ragged
// CHECK-COUNT-4: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 4, cache =  ca, %{{.*}} : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK-NOT: nvvm.cp.async.shared.global
// CHECK: llvm.return
tile.kernel @pointers_ragged(%a: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %n: i32) attributes {num_warps = 1 : i32} {
  %r = tile.arange 0, 128 : tensor<128xi32, #l>
  %p = tile.splat %a : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #l>
  %q = tile.addptr %p, %r : tensor<128x!tile.ptr<f32>, #l>, tensor<128xi32, #l>
  %nn = tile.splat %n : i32 -> tensor<128xi32, #l>
  %m = arith.cmpi slt, %r, %nn : tensor<128xi32, #l>
  %buf = layout.local_alloc : !layout.memdesc<128xf32, #s>
  layout.async_copy_global_to_local %q, %buf mask %m : tensor<128x!tile.ptr<f32>, #l> -> !layout.memdesc<128xf32, #s>
  tile.return
}

// -----

// Nothing proves the f16 rows 4-byte aligned: each of the 16 elements of a
// thread is a predicated ld.global.b16 (zero when out of bounds) and a
// st.shared of 2 bytes, and no cp.async is issued.
#nvmma = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>

// CHECK-LABEL: llvm.func @unaligned
// CHECK-NOT: cp.async
// CHECK-COUNT-16: llvm.inline_asm has_side_effects "mov.b16 $0, $3;\0A\09@$2 ld.global.b16 $0, [$1];", "=h,l,b,h" {{.*}}
// CHECK-NEXT: llvm.store %{{.*}}, %{{.*}} {alignment = 2 : i64} : i16, !llvm.ptr<3>
// CHECK-NOT: cp.async
// CHECK: llvm.return
tile.kernel @unaligned(%a: !tile.ptr<f16>, %m: i32, %k: i32, %i: i32, %j: i32) attributes {num_warps = 1 : i32} {
  %v = tile.make_view %a, shape [%m, %k], strides [%k, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %buf = layout.local_alloc : !layout.memdesc<8x64xf16, #nvmma>
  tile.async_load_tile %v[%i, %j], %buf : !tile.view<?x?xf16> -> !layout.memdesc<8x64xf16, #nvmma>
  tile.return
}
