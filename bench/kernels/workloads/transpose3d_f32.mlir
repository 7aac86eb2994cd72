// Batched transpose: y[b, c, r] = x[b, r, c], x of shape (bs, m, n), f32.
// The output is written through a view of y with strides (m * n, 1, m).
// Launch: grid (cdiv(m, 64), cdiv(n, 64), bs), 4 warps.
#ROW = #layout.blocked<sizePerThread = [1, 1, 4], threadsPerWarp = [1, 2, 16], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]>
#COL = #layout.blocked<sizePerThread = [1, 4, 1], threadsPerWarp = [1, 16, 2], warpsPerCTA = [1, 1, 4], order = [1, 2, 0]>

tile.kernel @transpose3d_f32(%src: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %dst: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                           %bs: i32, %m: i32 {tile.divisibility = 16 : i64}, %n: i32 {tile.divisibility = 16 : i64})
    attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %b = tile.program_id z : i32
  %mn = arith.muli %m, %n : i32
  %in = tile.make_view %src, shape [%bs, %m, %n] : !tile.ptr<f32> -> !tile.view<?x?x?xf32>
  %out = tile.make_view %dst, shape [%bs, %m, %n], strides [%mn, 1, %m] : !tile.ptr<f32> -> !tile.view<?x?x?xf32>
  %a = tile.load_tile %in[%b, %i, %j] : !tile.view<?x?x?xf32> -> tensor<1x64x64xf32, #ROW>
  %bb = layout.convert %a : tensor<1x64x64xf32, #ROW> -> tensor<1x64x64xf32, #COL>
  tile.store_tile %bb, %out[%b, %i, %j] : tensor<1x64x64xf32, #COL>, !tile.view<?x?x?xf32>
  tile.return
}
