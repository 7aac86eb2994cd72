// Row sums of an m x n f16 matrix (n <= 4096) in f32: out[r] = sum_c x[r, c].
// Launch: grid (cdiv(m, 1)), 4 warps.

tile.kernel @row_sum_f16(%xp: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %op: !tile.ptr<f32>,
                         %m: i32, %n: i32 {tile.divisibility = 16 : i64}) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %xv = tile.make_view %xp, shape [%m, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %ov = tile.make_view %op, shape [%m] : !tile.ptr<f32> -> !tile.view<?xf32>
  %x = tile.load_tile %xv[%i, %c0] padding = zero : !tile.view<?x?xf16> -> tensor<1x4096xf16>
  %xf = arith.extf %x : tensor<1x4096xf16> to tensor<1x4096xf32>
  %s = tile.reduce sum %xf {axis = 1 : i32} : tensor<1x4096xf32> -> tensor<1xf32>
  tile.store_tile %s, %ov[%i] : tensor<1xf32>, !tile.view<?xf32>
  tile.return
}
