// Layout-free twin of transpose.mlir for the benchmarks: the same kernel
// with every layout left to tile-assign-layouts (and converts to
// tile-optimize-converts), so that the table shows what the passes reach.

tile.kernel @auto_transpose(%src: !tile.ptr<f32> {tile.divisibility = 16 : i64},
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
