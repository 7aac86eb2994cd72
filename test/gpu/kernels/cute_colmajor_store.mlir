// store_tile into a column-major CuTe view (64,64):(1,64) with dynamic
// extents: out[r + 64 * c] = x[r, c] for r < m, c < n (x row-major m x n).
// Grid (cdiv(m, 32), cdiv(n, 32)).

#b = #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
!out = !tile.view<?x?xf32, #layout.strided<(64,64):(1,64)>>

tile.kernel @cute_colmajor_store(%src: !tile.ptr<f32>, %dst: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %v = tile.make_view %src, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %o = tile.make_view %dst, shape [%m, %n] : !tile.ptr<f32> -> !out
  %t = tile.load_tile %v[%i, %j] padding = zero : !tile.view<?x?xf32> -> tensor<32x32xf32, #b>
  tile.store_tile %t, %o[%i, %j] : tensor<32x32xf32, #b>, !out
  tile.return
}
