// load_tile through a view with nested CuTe modes and dynamic extents:
// element (r, c) of the 32x32 layout ((4,8),(8,4)):((1,32),(256,2048)) is
// at (r % 4) + (r / 4) * 32 + (c % 8) * 256 + (c / 8) * 2048; the first
// m x n of it is copied to a row-major out. Grid (cdiv(m, 16), cdiv(n, 16)).

#b = #layout.blocked<sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
!in = !tile.view<?x?xf32, #layout.strided<((4,8),(8,4)):((1,32),(256,2048))>>

tile.kernel @cute_nested_load(%src: !tile.ptr<f32>, %dst: !tile.ptr<f32>, %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %v = tile.make_view %src, shape [%m, %n] : !tile.ptr<f32> -> !in
  %o = tile.make_view %dst, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %v[%i, %j] padding = zero : !in -> tensor<16x16xf32, #b>
  tile.store_tile %t, %o[%i, %j] : tensor<16x16xf32, #b>, !tile.view<?x?xf32>
  tile.return
}
