// Cumulative sum along the rows of an m x n f32 matrix (n <= 1024).
// Launch: grid (cdiv(m, 4)), 4 warps: one warp per row.

tile.kernel @cumsum_f32(%xp: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %yp: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                        %m: i32, %n: i32 {tile.divisibility = 16 : i64}) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %xv = tile.make_view %xp, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %yv = tile.make_view %yp, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %x = tile.load_tile %xv[%i, %c0] padding = zero : !tile.view<?x?xf32> -> tensor<4x1024xf32>
  %c = tile.scan sum %x {axis = 1 : i32} : tensor<4x1024xf32>
  tile.store_tile %c, %yv[%i, %c0] : tensor<4x1024xf32>, !tile.view<?x?xf32>
  tile.return
}
