// Kernels for test/simt/cases_lowering.py, lowered with
// `tile-opt --convert-tile-to-llvm` and run on the CPU against Python
// references. Each mirrors a test of test/Conversion/TileToLLVM whose IR is
// too long to pin by hand, with separate inputs and outputs so that every
// element is checked.

// reduce.mlir @row_sum_warp: registers, then 16 lanes by butterflies.
#rw = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
tile.kernel @row_sum_warp(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %x, shape [8, 64] : !tile.ptr<f32> -> !tile.view<8x64xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<8x64xf32> -> tensor<8x64xf32, #rw>
  %s = tile.reduce sum %t {axis = 1 : i32} : tensor<8x64xf32, #rw> -> tensor<8xf32, #layout.slice<dim = 1, parent = #rw>>
  %o = tile.make_view %y, shape [8] : !tile.ptr<f32> -> !tile.view<8xf32>
  tile.store_tile %s, %o[%c0] : tensor<8xf32, #layout.slice<dim = 1, parent = #rw>>, !tile.view<8xf32>
  tile.return
}

// reduce.mlir @row_max_cta: warps split the axis; 4 warp partials per row
// through shared memory.
#rc = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
tile.kernel @row_max_cta(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %x, shape [4, 128] : !tile.ptr<f32> -> !tile.view<4x128xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<4x128xf32> -> tensor<4x128xf32, #rc>
  %s = tile.reduce max %t {axis = 1 : i32} : tensor<4x128xf32, #rc> -> tensor<4xf32, #layout.slice<dim = 1, parent = #rc>>
  %o = tile.make_view %y, shape [4] : !tile.ptr<f32> -> !tile.view<4xf32>
  tile.store_tile %s, %o[%c0] : tensor<4xf32, #layout.slice<dim = 1, parent = #rc>>, !tile.view<4xf32>
  tile.return
}

// reduce.mlir @min_all: a combiner region, a scalar result over 2 warps.
#m1 = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>
tile.kernel @min_all(%x: !tile.ptr<i32>, %y: !tile.ptr<i32>) attributes {num_warps = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %x, shape [128] : !tile.ptr<i32> -> !tile.view<128xi32>
  %t = tile.load_tile %v[%c0] : !tile.view<128xi32> -> tensor<128xi32, #m1>
  %s = tile.reduce %t {axis = 0 : i32} combiner {
  ^bb0(%a: i32, %b: i32):
    %m = arith.minsi %a, %b : i32
    tile.yield %m : i32
  } : tensor<128xi32, #m1> -> i32
  tile.store %y, %s : !tile.ptr<i32>
  tile.return
}

// reduce.mlir @col_sum: the axis over a register, a lane and two warp bits.
#cs = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
tile.kernel @col_sum(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %x, shape [16, 64] : !tile.ptr<f32> -> !tile.view<16x64xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<16x64xf32> -> tensor<16x64xf32, #cs>
  %s = tile.reduce sum %t {axis = 0 : i32} : tensor<16x64xf32, #cs> -> tensor<64xf32, #layout.slice<dim = 0, parent = #cs>>
  %o = tile.make_view %y, shape [64] : !tile.ptr<f32> -> !tile.view<64xf32>
  tile.store_tile %s, %o[%c0] : tensor<64xf32, #layout.slice<dim = 0, parent = #cs>>, !tile.view<64xf32>
  tile.return
}

// view.mlir @order_f with non-zero tile indices: a 4 x 32 tile read with
// order = "F" (tile dim 0 walks view axis 1) at tile (i, j) of an m x n view,
// stored to an m x n output in C order at tile (j, i): out = in^T blockwise.
#of = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
tile.kernel @order_f(%src: !tile.ptr<f32>, %dst: !tile.ptr<f32>, %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %vin = tile.make_view %src, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %vout = tile.make_view %dst, shape [%n, %m] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %vin[%i, %j] order = "F" padding = zero : !tile.view<?x?xf32> -> tensor<4x32xf32, #of>
  tile.store_tile %t, %vout[%i, %j] : tensor<4x32xf32, #of>, !tile.view<?x?xf32>
  tile.return
}

// math.mlir: every f32 function, and exp on f16 (computed in f32).
#ml = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
tile.kernel @math_f32(%x: !tile.ptr<f32>, %pos: !tile.ptr<f32>, %y: !tile.ptr<f32>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c5 = arith.constant 5 : i32
  %c6 = arith.constant 6 : i32
  %c7 = arith.constant 7 : i32
  %c8 = arith.constant 8 : i32
  %c9 = arith.constant 9 : i32
  %c10 = arith.constant 10 : i32
  %vx = tile.make_view %x, shape [32] : !tile.ptr<f32> -> !tile.view<32xf32>
  %vp = tile.make_view %pos, shape [32] : !tile.ptr<f32> -> !tile.view<32xf32>
  %vy = tile.make_view %y, shape [352] : !tile.ptr<f32> -> !tile.view<352xf32>
  %t = tile.load_tile %vx[%c0] : !tile.view<32xf32> -> tensor<32xf32, #ml>
  %p = tile.load_tile %vp[%c0] : !tile.view<32xf32> -> tensor<32xf32, #ml>
  %r0 = math.exp %t : tensor<32xf32, #ml>
  %r1 = math.exp2 %t : tensor<32xf32, #ml>
  %r2 = math.expm1 %t : tensor<32xf32, #ml>
  %r3 = math.log %p : tensor<32xf32, #ml>
  %r4 = math.log2 %p : tensor<32xf32, #ml>
  %r5 = math.log10 %p : tensor<32xf32, #ml>
  %r6 = math.sin %t : tensor<32xf32, #ml>
  %r7 = math.cos %t : tensor<32xf32, #ml>
  %r8 = math.tanh %t : tensor<32xf32, #ml>
  %r9 = math.erf %t : tensor<32xf32, #ml>
  %r10 = math.rsqrt %p : tensor<32xf32, #ml>
  tile.store_tile %r0, %vy[%c0] : tensor<32xf32, #ml>, !tile.view<352xf32>
  tile.store_tile %r1, %vy[%c1] : tensor<32xf32, #ml>, !tile.view<352xf32>
  tile.store_tile %r2, %vy[%c2] : tensor<32xf32, #ml>, !tile.view<352xf32>
  tile.store_tile %r3, %vy[%c3] : tensor<32xf32, #ml>, !tile.view<352xf32>
  tile.store_tile %r4, %vy[%c4] : tensor<32xf32, #ml>, !tile.view<352xf32>
  tile.store_tile %r5, %vy[%c5] : tensor<32xf32, #ml>, !tile.view<352xf32>
  tile.store_tile %r6, %vy[%c6] : tensor<32xf32, #ml>, !tile.view<352xf32>
  tile.store_tile %r7, %vy[%c7] : tensor<32xf32, #ml>, !tile.view<352xf32>
  tile.store_tile %r8, %vy[%c8] : tensor<32xf32, #ml>, !tile.view<352xf32>
  tile.store_tile %r9, %vy[%c9] : tensor<32xf32, #ml>, !tile.view<352xf32>
  tile.store_tile %r10, %vy[%c10] : tensor<32xf32, #ml>, !tile.view<352xf32>
  tile.return
}

tile.kernel @exp_f16(%x: !tile.ptr<f16>, %y: !tile.ptr<f16>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %vx = tile.make_view %x, shape [32] : !tile.ptr<f16> -> !tile.view<32xf16>
  %vy = tile.make_view %y, shape [32] : !tile.ptr<f16> -> !tile.view<32xf16>
  %t = tile.load_tile %vx[%c0] : !tile.view<32xf16> -> tensor<32xf16, #ml>
  %e = math.exp %t : tensor<32xf16, #ml>
  tile.store_tile %e, %vy[%c0] : tensor<32xf16, #ml>, !tile.view<32xf16>
  tile.return
}

// A 3-D reduction whose result is 2-D: the scratch slot of a partial is its
// row-major result index, with dim 0 (a register, a constant in the IR)
// scaled by 2.
#r3 = #layout.blocked<sizePerThread = [4, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 2, 2], order = [2, 1, 0]>
tile.kernel @sum3d(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %x, shape [4, 2, 64] : !tile.ptr<f32> -> !tile.view<4x2x64xf32>
  %t = tile.load_tile %v[%c0, %c0, %c0] : !tile.view<4x2x64xf32> -> tensor<4x2x64xf32, #r3>
  %s = tile.reduce sum %t {axis = 2 : i32} : tensor<4x2x64xf32, #r3> -> tensor<4x2xf32, #layout.slice<dim = 2, parent = #r3>>
  %o = tile.make_view %y, shape [4, 2] : !tile.ptr<f32> -> !tile.view<4x2xf32>
  tile.store_tile %s, %o[%c0, %c0] : tensor<4x2xf32, #layout.slice<dim = 2, parent = #r3>>, !tile.view<4x2xf32>
  tile.return
}

// tile.arange with a non-zero start, and a static extent (100) that the
// tile (64) does not divide: the second tile is partial and masked.
#a1 = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
tile.kernel @arange_static(%y: !tile.ptr<i32>, %x: !tile.ptr<f32>, %z: !tile.ptr<f32>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = tile.arange 5, 69 : tensor<64xi32, #a1>
  %vy = tile.make_view %y, shape [64] : !tile.ptr<i32> -> !tile.view<64xi32>
  tile.store_tile %r, %vy[%c0] : tensor<64xi32, #a1>, !tile.view<64xi32>
  %vx = tile.make_view %x, shape [100] : !tile.ptr<f32> -> !tile.view<100xf32>
  %vz = tile.make_view %z, shape [100] : !tile.ptr<f32> -> !tile.view<100xf32>
  %t = tile.load_tile %vx[%c1] padding = zero : !tile.view<100xf32> -> tensor<64xf32, #a1>
  tile.store_tile %t, %vz[%c1] : tensor<64xf32, #a1>, !tile.view<100xf32>
  tile.return
}
