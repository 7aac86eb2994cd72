// RUN: tile-opt %s -split-input-file | tile-opt -split-input-file | FileCheck %s
// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s --check-prefix=LLVM

// tile.assume_multiple and tile.ptr_to_int (what tile-version-strides
// writes) round-trip and lower: the promise to the value itself, the
// address to llvm.ptrtoint.

// CHECK-LABEL: tile.kernel @assume
// CHECK: %[[P:.*]] = tile.assume_multiple %arg0, 16 : !tile.ptr<f16>
// CHECK: %[[S:.*]] = tile.assume_multiple %arg1, 8 : i32
// CHECK: %[[A:.*]] = tile.ptr_to_int %[[P]] : !tile.ptr<f16>
// LLVM-LABEL: llvm.func @assume
// LLVM-NOT: assume_multiple
// LLVM: %[[A:.*]] = llvm.ptrtoint %arg0 : !llvm.ptr<1> to i64
// LLVM: llvm.and %[[A]]
tile.kernel @assume(%p: !tile.ptr<f16>, %s: i32, %out: !tile.ptr<i64>) {
  %p16 = tile.assume_multiple %p, 16 : !tile.ptr<f16>
  %s8 = tile.assume_multiple %s, 8 : i32
  %addr = tile.ptr_to_int %p16 : !tile.ptr<f16>
  %c15 = arith.constant 15 : i64
  %low = arith.andi %addr, %c15 : i64
  %v = tile.make_view %out, shape [1] : !tile.ptr<i64> -> !tile.view<1xi64>
  %c0 = arith.constant 0 : i32
  tile.store_tile %low, %v[%c0] : i64, !tile.view<1xi64>
  tile.return
}

// -----

// The promise proves 16-byte vectors: a tile-space copy of 8-element f16
// rows from a view whose base and row stride are promised aligned moves
// 16 bytes a cp.async (without the promises, 2-byte elements one by one:
// async-copy.mlir).
#nvmma = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#ld = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
// LLVM-LABEL: llvm.func @promised
// LLVM-COUNT-2: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg
// LLVM-NOT: nvvm.cp.async.shared.global
tile.kernel @promised(%a: !tile.ptr<f16>, %m: i32, %k: i32, %ld: i32) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %a16 = tile.assume_multiple %a, 16 : !tile.ptr<f16>
  %ld8 = tile.assume_multiple %ld, 8 : i32
  %v = tile.make_view %a16, shape [%m, %k], strides [%ld8, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %buf = layout.local_alloc : !layout.memdesc<8x64xf16, #nvmma>
  tile.async_load_tile %v[%c0, %c0] padding = zero, %buf {layout = #ld} : !tile.view<?x?xf16> -> !layout.memdesc<8x64xf16, #nvmma>
  layout.async_commit_group
  layout.async_wait {num = 0 : i32}
  tile.return
}
