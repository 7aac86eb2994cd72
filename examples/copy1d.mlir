// 1-D copy through views and tile-space loads (cuTile style).
//
//   dst[i] = src[i]  for 0 <= i < n
//
// Launch: grid (cdiv(n, 1024)), 4 warps. Program p copies tile p of 1024
// elements: the layout covers 512 elements (4 per thread), so each thread
// holds two groups of 4. The last tile is padded on load and its
// out-of-range elements are dropped on store.

#l1 = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

tile.kernel @copy1d(%src: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                    %dst: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                    %n: i32) attributes {num_warps = 4 : i32} {
  %pid = tile.program_id x : i32
  %in = tile.make_view %src, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %out = tile.make_view %dst, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %t = tile.load_tile %in[%pid] padding = zero : !tile.view<?xf32> -> tensor<1024xf32, #l1>
  tile.store_tile %t, %out[%pid] : tensor<1024xf32, #l1>, !tile.view<?xf32>
  tile.return
}
