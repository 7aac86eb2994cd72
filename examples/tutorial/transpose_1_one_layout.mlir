// Tutorial step 5 (docs/Tutorial.md): a transposing copy with one layout.
//
//   dst[c * m + r] = src[r * n + c]  for r < m, c < n
//
// (the m x n row-major input written column-major). One layout, #row, for
// the load and the store: the load is coalesced (a thread reads 4
// consecutive columns of a row, 16 threads cover 64 columns), but the store
// is not: the 4 elements a thread holds are m elements apart in dst, and
// neighbouring lanes write addresses m * 4 bytes apart.
// Launch: grid (cdiv(m, 64), cdiv(n, 64)), 4 warps.

#row = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>

tile.kernel @transpose_one_layout(%src: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                                  %dst: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                                  %m: i32, %n: i32) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %src, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  // The output viewed with the input's axes: element (r, c) at dst + c * m + r.
  %out = tile.make_view %dst, shape [%m, %n], strides [1, %m]
         : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %in[%i, %j] : !tile.view<?x?xf32> -> tensor<64x64xf32, #row>
  tile.store_tile %t, %out[%i, %j] : tensor<64x64xf32, #row>, !tile.view<?x?xf32>
  tile.return
}
