// Transposing copy with no layouts: a row-major m x n input to a
// column-major output (dst[c * m + r] = src[r * n + c]).
//
// Launch: grid (cdiv(m, 64), cdiv(n, 64)), 4 warps. The load is coalesced
// along the input's rows, the store along the output's columns (the view
// axis with stride 1); tile-assign-layouts inserts the one layout.convert
// between them.

tile.kernel @transpose(%src: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                       %dst: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                       %m: i32, %n: i32) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %src, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %dst, shape [%m, %n], strides [1, %m]
         : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %in[%i, %j] : !tile.view<?x?xf32> -> tensor<64x64xf32>
  tile.store_tile %t, %out[%i, %j] : tensor<64x64xf32>, !tile.view<?x?xf32>
  tile.return
}
