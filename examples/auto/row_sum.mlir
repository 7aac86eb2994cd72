// Row sum of an m x 4096 row-major matrix, with no layouts.
//
//   s[r] = sum_c x[r, c]
//
// Launch: grid (m), 4 warps: one program per row. The compiler reads the
// row 4 consecutive f32 per thread and reduces within the thread, across
// lanes, then across warps.

tile.kernel @row_sum(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                     %s: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                     %m: i32) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, 4096] : !tile.ptr<f32> -> !tile.view<?x4096xf32>
  %out = tile.make_view %s, shape [%m] : !tile.ptr<f32> -> !tile.view<?xf32>
  %t = tile.load_tile %in[%i, %c0] : !tile.view<?x4096xf32> -> tensor<1x4096xf32>
  %r = tile.reduce sum %t {axis = 1 : i32} : tensor<1x4096xf32> -> tensor<1xf32>
  tile.store_tile %r, %out[%i] : tensor<1xf32>, !tile.view<?xf32>
  tile.return
}
