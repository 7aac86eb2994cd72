// Strided view: y = x[:, ::2] for an m x 2n f32 matrix x (y m x n, compact).
// The input is a view with strides (2n, 2): no vectors on it.
// Launch: grid (cdiv(m, 16), cdiv(n, 256)), 4 warps.

tile.kernel @strided_f32(%xp: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %yp: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                         %m: i32, %n: i32 {tile.divisibility = 16 : i64}) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %ld = arith.addi %n, %n : i32
  %c2 = arith.constant 2 : i32
  %xv = tile.make_view %xp, shape [%m, %n], strides [%ld, 2] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %yv = tile.make_view %yp, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %x = tile.load_tile %xv[%i, %j] : !tile.view<?x?xf32> -> tensor<16x256xf32>
  tile.store_tile %x, %yv[%i, %j] : tensor<16x256xf32>, !tile.view<?x?xf32>
  tile.return
}
