// Row softmax of an m x n row-major matrix, n <= 8192: 256 f32 per thread,
// too many to keep in registers (the register-remarks test).
//
//   y[r, c] = exp(x[r, c] - max_c' x[r, c']) / sum_c' exp(x[r, c'] - max_c' x[r, c'])
//
// Launch: grid (cdiv(m, 4)), 4 warps: one program per block of 4 rows, one
// warp per row, each thread 4 consecutive columns at a time. Columns past n
// load as -inf, so they add exp(-inf) = 0 to the sum; rows past m are
// computed on padding and never stored.

#r = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#rs = #layout.slice<dim = 1, parent = #r>

tile.kernel @wide_softmax(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                         %y: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                         %m: i32, %n: i32) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %y, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %in[%i, %c0] padding = neg_inf
       : !tile.view<?x?xf32> -> tensor<4x8192xf32, #r>
  %mx = tile.reduce max %t {axis = 1 : i32} : tensor<4x8192xf32, #r> -> tensor<4xf32, #rs>
  %mx2 = tile.expand_dims %mx {axis = 1 : i32} : tensor<4xf32, #rs> -> tensor<4x1xf32, #r>
  %mxb = tile.broadcast %mx2 : tensor<4x1xf32, #r> -> tensor<4x8192xf32, #r>
  %d = arith.subf %t, %mxb : tensor<4x8192xf32, #r>
  %e = math.exp %d : tensor<4x8192xf32, #r>
  %s = tile.reduce sum %e {axis = 1 : i32} : tensor<4x8192xf32, #r> -> tensor<4xf32, #rs>
  %s2 = tile.expand_dims %s {axis = 1 : i32} : tensor<4xf32, #rs> -> tensor<4x1xf32, #r>
  %sb = tile.broadcast %s2 : tensor<4x1xf32, #r> -> tensor<4x8192xf32, #r>
  %p = arith.divf %e, %sb : tensor<4x8192xf32, #r>
  tile.store_tile %p, %out[%i, %c0] : tensor<4x8192xf32, #r>, !tile.view<?x?xf32>
  tile.return
}
