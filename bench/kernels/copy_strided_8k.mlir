// The anchor of bench/cute_copy.py: an 8192 x 8192 f32 copy through views
// with explicit static strides [8192, 1]. 64x64 tiles, 4 warps.

#row = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
!v = !tile.view<8192x8192xf32>

tile.kernel @copy_strided_8k(%src: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                             %dst: !tile.ptr<f32> {tile.divisibility = 16 : i64}) {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %src, shape [8192, 8192], strides [8192, 1] : !tile.ptr<f32> -> !v
  %out = tile.make_view %dst, shape [8192, 8192], strides [8192, 1] : !tile.ptr<f32> -> !v
  %t = tile.load_tile %in[%i, %j] : !v -> tensor<64x64xf32, #row>
  tile.store_tile %t, %out[%i, %j] : tensor<64x64xf32, #row>, !v
  tile.return
}
