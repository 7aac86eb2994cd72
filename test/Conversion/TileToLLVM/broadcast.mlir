// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s

// Row softmax pieces: the row max (slice layout) goes back to the parent by
// expand_dims and broadcast. Every thread already holds the elements it
// needs, so both are register remappings: no shared memory, no barrier.

#l = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#s = #layout.slice<dim = 1, parent = #l>

// CHECK-LABEL: llvm.func @softmax_rows
// CHECK-SAME: tile.shared_bytes = 0 : i64
// CHECK-NOT: nvvm.barrier0
// CHECK: nvvm.shfl.sync bfly
// CHECK: llvm.fsub
// CHECK: llvm.intr.exp2
// CHECK: nvvm.shfl.sync bfly
// CHECK: llvm.fdiv
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
tile.kernel @softmax_rows(%p: !tile.ptr<f32>, %q: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [8, 64] : !tile.ptr<f32> -> !tile.view<8x64xf32>
  %o = tile.make_view %q, shape [8, 64] : !tile.ptr<f32> -> !tile.view<8x64xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<8x64xf32> -> tensor<8x64xf32, #l>
  %m = tile.reduce max %t {axis = 1 : i32} : tensor<8x64xf32, #l> -> tensor<8xf32, #s>
  %m2 = tile.expand_dims %m {axis = 1 : i32} : tensor<8xf32, #s> -> tensor<8x1xf32, #l>
  %mb = tile.broadcast %m2 : tensor<8x1xf32, #l> -> tensor<8x64xf32, #l>
  %d = arith.subf %t, %mb : tensor<8x64xf32, #l>
  %e = math.exp %d : tensor<8x64xf32, #l>
  %s = tile.reduce sum %e {axis = 1 : i32} : tensor<8x64xf32, #l> -> tensor<8xf32, #s>
  %s2 = tile.expand_dims %s {axis = 1 : i32} : tensor<8xf32, #s> -> tensor<8x1xf32, #l>
  %sb = tile.broadcast %s2 : tensor<8x1xf32, #l> -> tensor<8x64xf32, #l>
  %r = arith.divf %e, %sb : tensor<8x64xf32, #l>
  tile.store_tile %r, %o[%c0, %c0] : tensor<8x64xf32, #l>, !tile.view<8x64xf32>
  tile.return
}

// -----

// An outer-product index grid: a row of column offsets (slice 0) and a
// column of row offsets (slice 1), expanded and broadcast to 64x64.

#l = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

// CHECK-LABEL: llvm.func @grid
// CHECK-SAME: tile.shared_bytes = 0 : i64
// 32 registers per thread, 4 consecutive columns at a time: 8 vector stores.
// CHECK-COUNT-8: llvm.inline_asm has_side_effects "@$5 st.global.v4.b32 [$0], {$1, $2, $3, $4};
tile.kernel @grid(%p: !tile.ptr<i32>) {
  %r = tile.arange 0, 64 : tensor<64xi32, #layout.slice<dim = 1, parent = #l>>
  %c = tile.arange 0, 64 : tensor<64xi32, #layout.slice<dim = 0, parent = #l>>
  %r2 = tile.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #layout.slice<dim = 1, parent = #l>> -> tensor<64x1xi32, #l>
  %c2 = tile.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #layout.slice<dim = 0, parent = #l>> -> tensor<1x64xi32, #l>
  %rb = tile.broadcast %r2 : tensor<64x1xi32, #l> -> tensor<64x64xi32, #l>
  %cb = tile.broadcast %c2 : tensor<1x64xi32, #l> -> tensor<64x64xi32, #l>
  %c64 = arith.constant dense<64> : tensor<64x64xi32, #l>
  %rm = arith.muli %rb, %c64 : tensor<64x64xi32, #l>
  %off = arith.addi %rm, %cb : tensor<64x64xi32, #l>
  %base = tile.splat %p : !tile.ptr<i32> -> tensor<64x64x!tile.ptr<i32>, #l>
  %ptrs = tile.addptr %base, %off : tensor<64x64x!tile.ptr<i32>, #l>, tensor<64x64xi32, #l>
  %lim = arith.constant dense<4000> : tensor<64x64xi32, #l>
  %mask = arith.cmpi slt, %off, %lim : tensor<64x64xi32, #l>
  tile.store %ptrs, %off, %mask : tensor<64x64x!tile.ptr<i32>, #l>
  tile.return
}
