// Row sums of an m x n f16 matrix (n <= 4096) in f32: out[r] = sum_c x[r, c].
// Launch: grid (cdiv(m, 1)), 8 warps.
#L = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]>
#R = #layout.slice<dim = 1, parent = #L>

tile.kernel @row_sum_f16_w8(%xp: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %op: !tile.ptr<f32>,
                         %m: i32, %n: i32 {tile.divisibility = 16 : i64}) attributes {num_warps = 8 : i32} {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %xv = tile.make_view %xp, shape [%m, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %ov = tile.make_view %op, shape [%m] : !tile.ptr<f32> -> !tile.view<?xf32>
  %x = tile.load_tile %xv[%i, %c0] padding = zero : !tile.view<?x?xf16> -> tensor<1x4096xf16, #L>
  %xf = arith.extf %x : tensor<1x4096xf16, #L> to tensor<1x4096xf32, #L>
  %s = tile.reduce sum %xf {axis = 1 : i32} : tensor<1x4096xf32, #L> -> tensor<1xf32, #R>
  tile.store_tile %s, %ov[%i] : tensor<1xf32, #R>, !tile.view<?xf32>
  tile.return
}
