// SiLU x / (1 + exp(-x)), f32 in and out, f32 inside.
// n % 16 == 0; launch: grid (cdiv(n, 2048)), 4 warps.

tile.kernel @silu_f32(%xp: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %yp: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                        %n: i32 {tile.divisibility = 16 : i64}) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %xv = tile.make_view %xp, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %yv = tile.make_view %yp, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %x = tile.load_tile %xv[%i] : !tile.view<?xf32> -> tensor<2048xf32>
  %one = arith.constant dense<1.0> : tensor<2048xf32>
  %nx = arith.negf %x : tensor<2048xf32>
  %ex = math.exp %nx : tensor<2048xf32>
  %den = arith.addf %ex, %one : tensor<2048xf32>
  %r = arith.divf %x, %den : tensor<2048xf32>
  tile.store_tile %r, %yv[%i] : tensor<2048xf32>, !tile.view<?xf32>
  tile.return
}
