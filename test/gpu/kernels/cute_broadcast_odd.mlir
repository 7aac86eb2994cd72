// Broadcast (stride 0) modes and odd sizes. In: the 15x14 view
// ((3,5),(2,7)):((5,1),(0,15)) (rows split 3 x 5 with strides 5 and 1, each column pair reads
// the same element: column c is at (c / 2) * 15); a 16x16 tile covers it
// with masks (static extents that 16 does not divide). Out: row-major 15x14.
// Grid (1, 1).

#b = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]>
!in = !tile.view<15x14xf32, #layout.strided<((3,5),(2,7)):((5,1),(0,15))>>

tile.kernel @cute_broadcast_odd(%src: !tile.ptr<f32>, %dst: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %src, shape [15, 14] : !tile.ptr<f32> -> !in
  %o = tile.make_view %dst, shape [15, 14] : !tile.ptr<f32> -> !tile.view<15x14xf32>
  %t = tile.load_tile %v[%c0, %c0] padding = nan : !in -> tensor<16x16xf32, #b>
  tile.store_tile %t, %o[%c0, %c0] : tensor<16x16xf32, #b>, !tile.view<15x14xf32>
  tile.return
}
