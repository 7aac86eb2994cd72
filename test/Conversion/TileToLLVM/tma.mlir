// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm="arch=sm_90" | FileCheck %s

// The TMA and mbarrier lowering: the hidden descriptor parameter (byval 128
// bytes, 64-byte aligned, grid_constant, with its recipe), the bulk-tensor
// copies (coordinates innermost first, one per swizzle-width box at its
// byte offset, the mbarrier address), the tx bytes, the parity wait, and the
// fence/barrier/commit/wait sequence of a TMA store.

#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>

// CHECK-LABEL: llvm.func @load
// CHECK-SAME: %[[K:arg3]]: i32, %[[N:arg4]]: i32, %[[LD:arg5]]: i32, %[[DESC:arg6]]: !llvm.ptr
// CHECK-SAME: {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant,
// CHECK-SAME: tile.tma = {box = array<i64: 64, 64>, element_type = f16, global = 0 : i64, shape = array<i64: 0, 0>, shape_args = array<i64: 3, 4>, stride_args = array<i64: 5, -1>, strides = array<i64: 0, 1>, swizzle = 128 : i64}}
// CHECK-SAME: tile.arg_types = ["ptr<f16>", "i32", "i32", "i32", "i32", "i32", "tma_descriptor"]
// The barrier is the first allocation (offset 0), the buffer the second
// (1024, aligned for the 128-byte swizzle).
// CHECK: %[[BAR:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK: %[[BUF0:.*]] = llvm.mlir.addressof @global_smem
// CHECK: %[[BUF:.*]] = llvm.getelementptr %[[BUF0]][1024] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[P0:.*]] = llvm.icmp "eq" %[[TID]], %{{.*}}
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i32)
// CHECK: nvvm.mbarrier.init %[[BAR]], %[[ONE]], predicate = %[[P0]]
// CHECK-NEXT: nvvm.fence.mbarrier.init
// CHECK-NEXT: nvvm.barrier0
// CHECK: %[[TX:.*]] = llvm.mlir.constant(16384 : i32)
// CHECK: nvvm.mbarrier.arrive.expect_tx %[[BAR]], %[[TX]], predicate = %{{.*}} : !llvm.ptr<3>, i32, i1
// Block 64x128 = two 64x64 boxes: the second 8192 bytes further, 64 columns
// to the right; coordinates innermost (column) first.
// CHECK: %[[BUF1:.*]] = llvm.getelementptr %[[BUF]][8192] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: %[[C64:.*]] = llvm.mlir.constant(64 : i32)
// CHECK: %[[COL1:.*]] = llvm.add %[[COL:arg2]], %[[C64]]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[BUF]], %[[DESC]], %[[BAR]], box[%[[COL]], %[[ROW:arg1]]] predicate = %{{.*}}
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[BUF1]], %[[DESC]], %[[BAR]], box[%[[COL1]], %[[ROW]]] predicate = %{{.*}}
// CHECK: %[[PAR:.*]] = llvm.and %[[PHASE:.*]], %{{.*}} : i32
// CHECK: %[[TICKS:.*]] = llvm.mlir.constant(10000000 : i32)
// CHECK: nvvm.mbarrier.try_wait.parity %[[BAR]], %[[PAR]], %[[TICKS]]
// CHECK: nvvm.barrier0
// CHECK: %[[C3:.*]] = llvm.mlir.constant(3 : i32)
// CHECK: llvm.inline_asm has_side_effects "@$0 mbarrier.arrive.shared::cta.b64 _, [$1], $2;", "b,r,r" %{{.*}}, %{{.*}}, %[[C3]]
// `nosync`: the arrival (count 2) with no barrier before it.
// CHECK-NOT: nvvm.barrier0
// CHECK: %[[C2:.*]] = llvm.mlir.constant(2 : i32)
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.inline_asm has_side_effects "@$0 mbarrier.arrive.shared::cta.b64 _, [$1], $2;", "b,r,r" %{{.*}}, %{{.*}}, %[[C2]]
// `per_warpgroup`: no barrier; the first thread of each warpgroup
// (tid.x & 127 == 0) arrives.
// CHECK-NOT: nvvm.barrier0
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK-NEXT: %[[C127:.*]] = llvm.mlir.constant(127 : i32)
// CHECK-NEXT: %[[LANE:.*]] = llvm.and %[[TID]], %[[C127]]
// CHECK-NEXT: %[[C0:.*]] = llvm.mlir.constant(0 : i32)
// CHECK-NEXT: %[[LEAD:.*]] = llvm.icmp "eq" %[[LANE]], %[[C0]]
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.inline_asm has_side_effects "@$0 mbarrier.arrive.shared::cta.b64 _, [$1], $2;", "b,r,r" %[[LEAD]], %{{.*}}, %{{.*}}
// CHECK: nvvm.barrier0
// CHECK: llvm.inline_asm has_side_effects "@$0 mbarrier.inval.shared::cta.b64 [$1];", "b,r"
tile.kernel @load(%p: !tile.ptr<f16>, %row: i32, %col: i32, %k: i32, %n: i32, %ld: i32) {
  %v = tile.make_view %p, shape [%k, %n], strides [%ld, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %d = tile.make_tensor_desc %v : !tile.view<?x?xf16> -> !layout.tensordesc<64x128xf16, #nv>
  %bar = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  %buf = layout.local_alloc : !layout.memdesc<64x128xf16, #nv>
  layout.init_barrier %bar, 1 : !layout.memdesc<1xi64, #bl>
  layout.barrier_expect %bar, 16384 : !layout.memdesc<1xi64, #bl>
  layout.async_tma_copy_global_to_local %d[%row, %col] %buf, %bar
      : !layout.tensordesc<64x128xf16, #nv>, !layout.memdesc<64x128xf16, #nv>, !layout.memdesc<1xi64, #bl>
  layout.wait_barrier %bar, %k : !layout.memdesc<1xi64, #bl>
  layout.arrive_barrier %bar, 3 : !layout.memdesc<1xi64, #bl>
  layout.arrive_barrier %bar, 2 nosync : !layout.memdesc<1xi64, #bl>
  layout.arrive_barrier %bar, 1 per_warpgroup : !layout.memdesc<1xi64, #bl>
  layout.inval_barrier %bar : !layout.memdesc<1xi64, #bl>
  tile.return
}

// -----

#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>

// Two descriptors of one view and type share a parameter; a compact view
// takes its row stride from the extent of dim 1 (parameter 2 here); a
// constant extent is recorded as a value.
// CHECK-LABEL: llvm.func @store
// CHECK-SAME: %[[DESC:arg3]]: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant,
// CHECK-SAME: tile.tma = {box = array<i64: 64, 64>, element_type = f16, global = 0 : i64, shape = array<i64: 64, 0>, shape_args = array<i64: -1, 2>, stride_args = array<i64: 2, -1>, strides = array<i64: 0, 1>, swizzle = 128 : i64}})
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: nvvm.barrier0
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %[[DESC]], %[[SRC:.*]], box[%arg2, %arg1], predicate = %{{.*}} : !llvm.ptr, <3>
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %[[DESC]], %[[SRC]], box[%arg1, %arg2], predicate
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 1 {read}
// CHECK-NEXT: nvvm.barrier0
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
tile.kernel @store(%p: !tile.ptr<f16>, %row: i32, %n: i32) {
  %v = tile.make_view %p, shape [64, %n] : !tile.ptr<f16> -> !tile.view<64x?xf16>
  %d = tile.make_tensor_desc %v : !tile.view<64x?xf16> -> !layout.tensordesc<64x64xf16, #nv>
  %e = tile.make_tensor_desc %v : !tile.view<64x?xf16> -> !layout.tensordesc<64x64xf16, #nv>
  %buf = layout.local_alloc : !layout.memdesc<64x64xf16, #nv>
  layout.async_tma_copy_local_to_global %d[%row, %n] %buf
      : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>
  layout.async_tma_copy_local_to_global %e[%n, %row] %buf
      : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>
  layout.async_tma_store_wait {pendings = 1 : i32}
  layout.fence_async_shared
  tile.return
}

// -----

#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>

// A [B, N, H, 128] view (rows of one head H * 128 elements apart): the
// recipe has one entry per dim in the view's order, the box 1x64x1x64 (two
// 128-byte swizzle boxes per 1x64x1x128 block); each copy is a 4-D bulk
// tensor copy with the coordinates innermost first: {col, h, n, b}.
// CHECK-LABEL: llvm.func @load4d
// CHECK-SAME: %[[DESC:arg10]]: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant,
// CHECK-SAME: tile.tma = {box = array<i64: 1, 64, 1, 64>, element_type = f16, global = 0 : i64, shape = array<i64: 0, 0, 0, 128>, shape_args = array<i64: 1, 2, 3, -1>, stride_args = array<i64: 4, 5, -1, -1>, strides = array<i64: 0, 0, 128, 1>, swizzle = 128 : i64}}
// CHECK: %[[TX:.*]] = llvm.mlir.constant(16384 : i32)
// CHECK: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %[[TX]]
// CHECK: %[[BUF1:.*]] = llvm.getelementptr %[[BUF:.*]][8192] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: %[[C64:.*]] = llvm.mlir.constant(64 : i32)
// CHECK: %[[COL1:.*]] = llvm.add %[[COL:arg9]], %[[C64]]
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[BUF]], %[[DESC]], %[[BAR:.*]], box[%[[COL]], %[[H:arg8]], %[[N:arg7]], %[[B:arg6]]] predicate = %{{.*}}
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[BUF1]], %[[DESC]], %[[BAR]], box[%[[COL1]], %[[H]], %[[N]], %[[B]]] predicate = %{{.*}}
tile.kernel @load4d(%p: !tile.ptr<f16>, %nb: i32, %nn: i32, %nh: i32, %sb: i32, %sn: i32,
                    %b: i32, %n: i32, %h: i32, %col: i32) {
  %v = tile.make_view %p, shape [%nb, %nn, %nh, 128], strides [%sb, %sn, 128, 1] : !tile.ptr<f16> -> !tile.view<?x?x?x128xf16>
  %d = tile.make_tensor_desc %v : !tile.view<?x?x?x128xf16> -> !layout.tensordesc<1x64x1x128xf16, #nv>
  %bar = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  %buf = layout.local_alloc : !layout.memdesc<64x128xf16, #nv>
  layout.init_barrier %bar, 1 : !layout.memdesc<1xi64, #bl>
  layout.barrier_expect %bar, 16384 : !layout.memdesc<1xi64, #bl>
  layout.async_tma_copy_global_to_local %d[%b, %n, %h, %col] %buf, %bar
      : !layout.tensordesc<1x64x1x128xf16, #nv>, !layout.memdesc<64x128xf16, #nv>, !layout.memdesc<1xi64, #bl>
  tile.return
}

// -----

#nv = #layout.nvmma_shared<swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16>

// A compact [M, K, 32] view: the stride of dim 1 is the constant 32, that
// of dim 0 parameter K times 32 (stride_scales); a 2x64x32 block (two
// batches of 64 rows, a 128x32 buffer) is one 3-D box, stored with
// coordinates {col, row, batch}.
// CHECK-LABEL: llvm.func @store3d
// CHECK-SAME: %[[DESC:arg6]]: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant,
// CHECK-SAME: tile.tma = {box = array<i64: 2, 64, 32>, element_type = f16, global = 0 : i64, shape = array<i64: 0, 0, 32>, shape_args = array<i64: 1, 2, -1>, stride_args = array<i64: 2, -1, -1>, stride_scales = array<i64: 32, 1, 1>, strides = array<i64: 0, 32, 1>, swizzle = 64 : i64}}
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %[[DESC]], %{{.*}}, box[%arg5, %arg4, %arg3], predicate = %{{.*}} : !llvm.ptr, <3>
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
tile.kernel @store3d(%p: !tile.ptr<f16>, %m: i32, %k: i32, %b: i32, %r: i32, %c: i32) {
  %v = tile.make_view %p, shape [%m, %k, 32] : !tile.ptr<f16> -> !tile.view<?x?x32xf16>
  %d = tile.make_tensor_desc %v : !tile.view<?x?x32xf16> -> !layout.tensordesc<2x64x32xf16, #nv>
  %buf = layout.local_alloc : !layout.memdesc<128x32xf16, #nv>
  layout.async_tma_copy_local_to_global %d[%b, %r, %c] %buf
      : !layout.tensordesc<2x64x32xf16, #nv>, !layout.memdesc<128x32xf16, #nv>
  tile.return
}

// -----

#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>

// Rank 5, the most a tensor map has: one 5-D copy, coordinates reversed.
// CHECK-LABEL: llvm.func @load5d
// CHECK-SAME: tile.tma = {box = array<i64: 1, 1, 2, 32, 64>, element_type = f16, global = 0 : i64, shape = array<i64: 0, 0, 0, 0, 64>, shape_args = array<i64: 1, 1, 1, 1, -1>, stride_args = array<i64: 2, 2, 2, 2, -1>, strides = array<i64: 0, 0, 0, 0, 1>, swizzle = 128 : i64}
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%arg7, %arg6, %arg5, %arg4, %arg3] predicate = %{{.*}}
// CHECK-NOT: nvvm.cp.async.bulk.tensor
tile.kernel @load5d(%p: !tile.ptr<f16>, %e: i32, %s: i32, %i0: i32, %i1: i32, %i2: i32, %i3: i32, %i4: i32) {
  %v = tile.make_view %p, shape [%e, %e, %e, %e, 64], strides [%s, %s, %s, %s, 1] : !tile.ptr<f16> -> !tile.view<?x?x?x?x64xf16>
  %d = tile.make_tensor_desc %v : !tile.view<?x?x?x?x64xf16> -> !layout.tensordesc<1x1x2x32x64xf16, #nv>
  %bar = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  %buf = layout.local_alloc : !layout.memdesc<64x64xf16, #nv>
  layout.async_tma_copy_global_to_local %d[%i0, %i1, %i2, %i3, %i4] %buf, %bar
      : !layout.tensordesc<1x1x2x32x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
  tile.return
}
