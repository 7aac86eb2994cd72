// 2-D copy between views with arbitrary strides (in elements).
//
//   dst[r * ds0 + c * ds1] = src[r * ss0 + c * ss1]  for r < m, c < n
//
// Launch: grid (cdiv(m, 32), cdiv(n, 64)), 4 warps. Program (i, j) copies
// the 32x64 tile (i, j); edges are padded on load and dropped on store. The
// layout puts 4 consecutive columns in each thread and 8 threads along a
// row, which coalesces when the column stride is 1 and stays correct for any
// stride.

#row = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

tile.kernel @copy2d_strided(%src: !tile.ptr<f32>, %dst: !tile.ptr<f32>,
                            %m: i32, %n: i32,
                            %ss0: i32, %ss1: i32, %ds0: i32, %ds1: i32)
    attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %src, shape [%m, %n], strides [%ss0, %ss1]
        : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %dst, shape [%m, %n], strides [%ds0, %ds1]
         : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %in[%i, %j] padding = zero
       : !tile.view<?x?xf32> -> tensor<32x64xf32, #row>
  tile.store_tile %t, %out[%i, %j] : tensor<32x64xf32, #row>, !tile.view<?x?xf32>
  tile.return
}
