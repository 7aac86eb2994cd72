// Column sums of an m x n row-major matrix, m <= 4, with 4 x 16384 tiles
// (512 registers per thread): tile-split-tiles (default pipeline) loops over
// 4 x 2048 chunks, each reduced over its rows (a reduction over the other
// axis, inside the loop) and stored.
//
//   out[c] = sum_r x[r, c]
//
// Launch: grid (cdiv(n, 16384)); rows past m and columns past n load as
// zero, columns past n are not stored.

tile.kernel @split_col_sum(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                           %out: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                           %m: i32, %n: i32) attributes {num_warps = 4 : i32} {
  %j = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %sums = tile.make_view %out, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %t = tile.load_tile %in[%c0, %j] padding = zero : !tile.view<?x?xf32> -> tensor<4x16384xf32>
  %s = tile.reduce sum %t {axis = 0 : i32} : tensor<4x16384xf32> -> tensor<16384xf32>
  tile.store_tile %s, %sums[%j] : tensor<16384xf32>, !tile.view<?xf32>
  tile.return
}
