// Row softmax with one program per row of up to 65536 f32 (4 warps): the
// 1 x 65536 tile needs 512 registers per thread; tile-split-tiles (default
// pipeline) turns it into three loops over 1 x 8192 chunks (maximum, sum of
// exponentials, normalized row), each re-reading the row.
//
//   y[r, c] = exp(x[r, c] - max_c' x[r, c']) / sum_c' exp(x[r, c'] - max_c' x[r, c'])
//
// Launch: grid (m), n <= 65536. Columns past n load as -inf (exp gives 0)
// and are not stored.

tile.kernel @split_softmax(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                           %y: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                           %m: i32, %n: i32) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %y, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %in[%i, %c0] padding = neg_inf : !tile.view<?x?xf32> -> tensor<1x65536xf32>
  %mx = tile.reduce max %t {axis = 1 : i32} : tensor<1x65536xf32> -> tensor<1xf32>
  %mx2 = tile.expand_dims %mx {axis = 1 : i32} : tensor<1xf32> -> tensor<1x1xf32>
  %mxb = tile.broadcast %mx2 : tensor<1x1xf32> -> tensor<1x65536xf32>
  %d = arith.subf %t, %mxb : tensor<1x65536xf32>
  %e = math.exp %d : tensor<1x65536xf32>
  %s = tile.reduce sum %e {axis = 1 : i32} : tensor<1x65536xf32> -> tensor<1xf32>
  %s2 = tile.expand_dims %s {axis = 1 : i32} : tensor<1xf32> -> tensor<1x1xf32>
  %sb = tile.broadcast %s2 : tensor<1x1xf32> -> tensor<1x65536xf32>
  %p = arith.divf %e, %sb : tensor<1x65536xf32>
  tile.store_tile %p, %out[%i, %c0] : tensor<1x65536xf32>, !tile.view<?x?xf32>
  tile.return
}
