// Transposing copy: a row-major m x n input to a column-major output.
//
//   dst[c * m + r] = src[r * n + c]  for r < m, c < n
//
// i.e. the output is the same m x n matrix stored column-major (equivalently
// the row-major n x m transpose). Launch: grid (cdiv(m, 64), cdiv(n, 64)),
// 4 warps.
//
// One layout for each side: #row reads the input coalesced along its rows
// (4 consecutive columns per thread, 8 threads along a row); #col writes the
// output coalesced along its columns (4 consecutive rows per thread, 8
// threads down a column). layout.convert moves the tile between the two.

#row = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#col = #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>

tile.kernel @transpose(%src: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                       %dst: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                       %m: i32, %n: i32) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %src, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  // The output viewed with the input's axes: element (r, c) at dst + c * m + r.
  %out = tile.make_view %dst, shape [%m, %n], strides [1, %m]
         : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %in[%i, %j] : !tile.view<?x?xf32> -> tensor<64x64xf32, #row>
  %u = layout.convert %t : tensor<64x64xf32, #row> -> tensor<64x64xf32, #col>
  tile.store_tile %u, %out[%i, %j] : tensor<64x64xf32, #col>, !tile.view<?x?xf32>
  tile.return
}
