// RUN: tile-opt %s -split-input-file --tile-assign-layouts -mlir-print-local-scope | FileCheck %s

// Layout assignment through the shape ops: results take the layout derived
// from the operand's linear layout (no data movement), operands the one
// whose derived layout is the result's, and a convert goes where a written
// or coalescing-preferred layout differs.

// A transpose of the load's blocked layout: the result is the blocked layout
// with every field permuted (a relabeling); the store coalesces better
// along the rows, so a convert goes before it.
// CHECK-LABEL: tile.kernel @trans
// CHECK: tile.trans %{{.*}}, [1, 0] : tensor<64x32xf32, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<32x64xf32, #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
// CHECK: layout.convert %{{.*}} : tensor<32x64xf32, #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>> -> tensor<32x64xf32, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>
// CHECK-NOT: layout.convert
// CHECK: tile.return
tile.kernel @trans(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %y, shape [%n, %m] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %in[%i, %j] : !tile.view<?x?xf32> -> tensor<64x32xf32>
  %tt = tile.trans %t, [1, 0] : tensor<64x32xf32> -> tensor<32x64xf32>
  tile.store_tile %tt, %out[%j, %i] : tensor<32x64xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// join: the new minor dim in register bit 0 (sizePerThread 2, first in
// order); the store keeps it (8 consecutive elements per thread).
// CHECK-LABEL: tile.kernel @join
// CHECK-NOT: layout.convert
// CHECK: tile.join %{{.*}}, %{{.*}} : tensor<32x32xf32, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<32x32x2xf32, #layout.blocked<sizePerThread = [1, 4, 2], threadsPerWarp = [4, 8, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]>>
// CHECK-NOT: layout.convert
// CHECK: tile.return
tile.kernel @join(%a: !tile.ptr<f32>, %y: !tile.ptr<f32>, %m: i32) {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %va = tile.make_view %a, shape [%m, 32] : !tile.ptr<f32> -> !tile.view<?x32xf32>
  %out = tile.make_view %y, shape [%m, 32, 2] : !tile.ptr<f32> -> !tile.view<?x32x2xf32>
  %ta = tile.load_tile %va[%i, %c0] : !tile.view<?x32xf32> -> tensor<32x32xf32>
  %tb = math.exp %ta : tensor<32x32xf32>
  %j = tile.join %ta, %tb : tensor<32x32xf32> -> tensor<32x32x2xf32>
  tile.store_tile %j, %out[%i, %c0, %c0] : tensor<32x32x2xf32>, !tile.view<?x32x2xf32>
  tile.return
}

// -----

// split of a load whose last dim is one register bit: the results drop it.
// CHECK-LABEL: tile.kernel @split
// CHECK-NOT: layout.convert
// CHECK: tile.split %{{.*}} : tensor<32x32x2xf32, #layout.blocked<sizePerThread = [1, 1, 2], threadsPerWarp = [1, 32, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]>> -> tensor<32x32xf32, #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>
// CHECK-NOT: layout.convert
// CHECK: tile.return
tile.kernel @split(%x: !tile.ptr<f32>, %a: !tile.ptr<f32>, %m: i32) {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, 32, 2] : !tile.ptr<f32> -> !tile.view<?x32x2xf32>
  %va = tile.make_view %a, shape [%m, 32] : !tile.ptr<f32> -> !tile.view<?x32xf32>
  %t = tile.load_tile %in[%i, %c0, %c0] : !tile.view<?x32x2xf32> -> tensor<32x32x2xf32>
  %lo, %hi = tile.split %t : tensor<32x32x2xf32> -> tensor<32x32xf32>
  %s = arith.addf %lo, %hi : tensor<32x32xf32>
  tile.store_tile %s, %va[%i, %c0] : tensor<32x32xf32>, !tile.view<?x32xf32>
  tile.return
}

// -----

// reshape and cat: #layout.linear results. reshape flattens every basis
// row-major; cat adds a top register bit selecting the copy (1024).
// CHECK-LABEL: tile.kernel @reshape_cat
// CHECK-NOT: layout.convert
// CHECK: tile.reshape %{{.*}} : tensor<16x64xf32, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<1024xf32, #layout.linear<register = {{\[\[}}1], [2], [512]], lane = {{\[\[}}4], [8], [16], [32], [64]], warp = {{\[\[}}128], [256]]>>
// CHECK: tile.cat %{{.*}}, %{{.*}} {axis = 0 : i32} : tensor<1024xf32, #layout.linear<register = {{\[\[}}1], [2], [512]], lane = {{\[\[}}4], [8], [16], [32], [64]], warp = {{\[\[}}128], [256]]>> -> tensor<2048xf32, #layout.linear<register = {{\[\[}}1], [2], [512], [1024]], lane = {{\[\[}}4], [8], [16], [32], [64]], warp = {{\[\[}}128], [256]]>>
// CHECK-NOT: layout.convert
// CHECK: tile.return
tile.kernel @reshape_cat(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [16, 64] : !tile.ptr<f32> -> !tile.view<16x64xf32>
  %out = tile.make_view %y, shape [2048] : !tile.ptr<f32> -> !tile.view<2048xf32>
  %t = tile.load_tile %in[%c0, %c0] : !tile.view<16x64xf32> -> tensor<16x64xf32>
  %r = tile.reshape %t : tensor<16x64xf32> -> tensor<1024xf32>
  %c = tile.cat %r, %r {axis = 0 : i32} : tensor<1024xf32> -> tensor<2048xf32>
  tile.store_tile %c, %out[%c0] : tensor<2048xf32>, !tile.view<2048xf32>
  tile.return
}

// -----

#l = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#row = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
// A written result layout other than the derived one: the transpose is
// computed in the derived layout and converted after.
// CHECK-LABEL: tile.kernel @trans_written
// CHECK: tile.trans %{{.*}}, [1, 0] : tensor<64x32xf32, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<32x64xf32, #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
// CHECK: layout.convert %{{.*}} : tensor<32x64xf32, #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>> -> tensor<32x64xf32, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>
// CHECK-NOT: layout.convert
// CHECK: tile.return
tile.kernel @trans_written(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [64, 32] : !tile.ptr<f32> -> !tile.view<64x32xf32>
  %out = tile.make_view %y, shape [32, 64] : !tile.ptr<f32> -> !tile.view<32x64xf32>
  %t = tile.load_tile %in[%c0, %c0] : !tile.view<64x32xf32> -> tensor<64x32xf32, #l>
  %tt = tile.trans %t, [1, 0] : tensor<64x32xf32, #l> -> tensor<32x64xf32, #row>
  tile.store_tile %tt, %out[%c0, %c0] : tensor<32x64xf32, #row>, !tile.view<32x64xf32>
  tile.return
}

// -----

#lanes = #layout.blocked<sizePerThread = [1, 1, 1], threadsPerWarp = [2, 8, 2], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]>
#r = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// The operand holds the last dim in lanes: it is converted to the layout
// tile.join derives from the results' (sizePerThread 2 on the last dim).
// CHECK-LABEL: tile.kernel @split_lanes
// CHECK: layout.convert %{{.*}} : tensor<8x8x2xf32, #layout.blocked<sizePerThread = [1, 1, 1], threadsPerWarp = [2, 8, 2], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]>> -> tensor<8x8x2xf32, #layout.blocked<sizePerThread = [1, 1, 2], threadsPerWarp = [4, 8, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]>>
// CHECK: tile.split %{{.*}} : tensor<8x8x2xf32, #layout.blocked<sizePerThread = [1, 1, 2], threadsPerWarp = [4, 8, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]>> -> tensor<8x8xf32, #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
// CHECK-NOT: layout.convert
// CHECK: tile.return
tile.kernel @split_lanes(%x: !tile.ptr<f32>, %a: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [8, 8, 2] : !tile.ptr<f32> -> !tile.view<8x8x2xf32>
  %va = tile.make_view %a, shape [8, 8] : !tile.ptr<f32> -> !tile.view<8x8xf32>
  %t = tile.load_tile %in[%c0, %c0, %c0] : !tile.view<8x8x2xf32> -> tensor<8x8x2xf32, #lanes>
  %lo, %hi = tile.split %t : tensor<8x8x2xf32, #lanes> -> tensor<8x8xf32, #r>
  %s = arith.addf %lo, %hi : tensor<8x8xf32, #r>
  tile.store_tile %s, %va[%c0, %c0] : tensor<8x8xf32, #r>, !tile.view<8x8xf32>
  tile.return
}

// -----

// Backward: the transposed tensor meets a load in an elementwise op and
// takes the load's layout; the splat before the transpose takes the
// inverse (no convert anywhere).
// CHECK-LABEL: tile.kernel @trans_backward
// CHECK-NOT: layout.convert
// CHECK: tile.splat %{{.*}} : f32 -> tensor<16x32xf32, #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>>
// CHECK: tile.trans %{{.*}}, [1, 0] : tensor<16x32xf32, #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>> -> tensor<32x16xf32, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>
// CHECK-NOT: layout.convert
// CHECK: tile.return
tile.kernel @trans_backward(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %k: f32) {
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [32, 16] : !tile.ptr<f32> -> !tile.view<32x16xf32>
  %out = tile.make_view %y, shape [32, 16] : !tile.ptr<f32> -> !tile.view<32x16xf32>
  %s = tile.splat %k : f32 -> tensor<16x32xf32>
  %tt = tile.trans %s, [1, 0] : tensor<16x32xf32> -> tensor<32x16xf32>
  %v = tile.load_tile %in[%c0, %c0] : !tile.view<32x16xf32> -> tensor<32x16xf32>
  %r = arith.addf %tt, %v : tensor<32x16xf32>
  tile.store_tile %r, %out[%c0, %c0] : tensor<32x16xf32>, !tile.view<32x16xf32>
  tile.return
}
