// bench/cute_copy.py: an 8192 x 8192 f32 copy between views in a blocked
// (tiled) memory order, 8x4 row-major tiles stored row-major:
// ((8,1024),(4,2048)):((4,65536),(1,32)). Addresses need the leaf split
// (shifts and masks); vectors are 4 wide (the 4:1 leaf).

#row = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
!v = !tile.view<8192x8192xf32, #layout.strided<((8,1024),(4,2048)):((4,65536),(1,32))>>

tile.kernel @copy_cute_blocked_8k(%src: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                                  %dst: !tile.ptr<f32> {tile.divisibility = 16 : i64}) {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %src, shape [8192, 8192] : !tile.ptr<f32> -> !v
  %out = tile.make_view %dst, shape [8192, 8192] : !tile.ptr<f32> -> !v
  %t = tile.load_tile %in[%i, %j] : !v -> tensor<64x64xf32, #row>
  tile.store_tile %t, %out[%i, %j] : tensor<64x64xf32, #row>, !v
  tile.return
}
