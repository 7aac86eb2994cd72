// Row sum for the benchmarks: one program per row of at most 4096 columns,
// 4 warps, each thread summing 32 columns (8 vectors of 4) before the
// cross-lane and cross-warp steps.
//
// Launch: grid (m), 4 warps.
// %n promises tile.divisibility = 16 (every row starts 16-byte aligned, so
// the loads are unconditional ld.global.v4); the launcher refuses other n.
// Triton specializes its kernels for integer arguments divisible by 16 the
// same way.

#r = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#rs = #layout.slice<dim = 1, parent = #r>

tile.kernel @rowsum_4096(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                         %out: !tile.ptr<f32>, %m: i32, %n: i32 {tile.divisibility = 16 : i64})
    attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %sums = tile.make_view %out, shape [%m] : !tile.ptr<f32> -> !tile.view<?xf32>
  %t = tile.load_tile %in[%i, %c0] padding = zero
       : !tile.view<?x?xf32> -> tensor<1x4096xf32, #r>
  %s = tile.reduce sum %t {axis = 1 : i32} : tensor<1x4096xf32, #r> -> tensor<1xf32, #rs>
  tile.store_tile %s, %sums[%i] : tensor<1xf32, #rs>, !tile.view<?xf32>
  tile.return
}
