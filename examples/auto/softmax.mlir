// Row softmax of an m x 1024 row-major matrix, with no layouts.
//
//   y[r, c] = exp(x[r, c] - max_c' x[r, c']) / sum_c' exp(x[r, c'] - max_c' x[r, c'])
//
// Launch: grid (cdiv(m, 4)), 4 warps: one program per block of 4 rows.
// Columns are read 4 consecutive f32 per thread; the reductions give slice
// layouts and expand_dims/broadcast bring them back without conversions.

tile.kernel @softmax(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                     %y: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                     %m: i32) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, 1024] : !tile.ptr<f32> -> !tile.view<?x1024xf32>
  %out = tile.make_view %y, shape [%m, 1024] : !tile.ptr<f32> -> !tile.view<?x1024xf32>
  %t = tile.load_tile %in[%i, %c0] padding = neg_inf : !tile.view<?x1024xf32> -> tensor<4x1024xf32>
  %mx = tile.reduce max %t {axis = 1 : i32} : tensor<4x1024xf32> -> tensor<4xf32>
  %mx2 = tile.expand_dims %mx {axis = 1 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  %mxb = tile.broadcast %mx2 : tensor<4x1xf32> -> tensor<4x1024xf32>
  %d = arith.subf %t, %mxb : tensor<4x1024xf32>
  %e = math.exp %d : tensor<4x1024xf32>
  %s = tile.reduce sum %e {axis = 1 : i32} : tensor<4x1024xf32> -> tensor<4xf32>
  %s2 = tile.expand_dims %s {axis = 1 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  %sb = tile.broadcast %s2 : tensor<4x1xf32> -> tensor<4x1024xf32>
  %p = arith.divf %e, %sb : tensor<4x1024xf32>
  tile.store_tile %p, %out[%i, %c0] : tensor<4x1024xf32>, !tile.view<?x1024xf32>
  tile.return
}
