// Tutorial step 6 (docs/Tutorial.md): the transposing copy of step 5 with
// no layouts written.
//
//   dst[c * m + r] = src[r * n + c]  for r < m, c < n
//
// tile-assign-layouts gives the load a layout coalesced along the input's
// rows and the store one coalesced along the output's columns (the view axis
// with stride 1), and inserts the layout.convert between them, which moves
// the tile through shared memory. Launch: grid (cdiv(m, 64), cdiv(n, 64)),
// 4 warps.

tile.kernel @transpose_convert(%src: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                               %dst: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                               %m: i32, %n: i32) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %src, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  // The output viewed with the input's axes: element (r, c) at dst + c * m + r.
  %out = tile.make_view %dst, shape [%m, %n], strides [1, %m]
         : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %in[%i, %j] : !tile.view<?x?xf32> -> tensor<64x64xf32>
  tile.store_tile %t, %out[%i, %j] : tensor<64x64xf32>, !tile.view<?x?xf32>
  tile.return
}
