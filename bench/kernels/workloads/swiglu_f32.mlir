// SwiGLU silu(a) * b, f32, f32 inside.
// n % 16 == 0; launch: grid (cdiv(n, 2048)), 4 warps.
#V = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

tile.kernel @swiglu_f32(%ap: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %bp: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %yp: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                        %n: i32 {tile.divisibility = 16 : i64}) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %av = tile.make_view %ap, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %bv = tile.make_view %bp, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %yv = tile.make_view %yp, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %a = tile.load_tile %av[%i] : !tile.view<?xf32> -> tensor<2048xf32, #V>
  %b = tile.load_tile %bv[%i] : !tile.view<?xf32> -> tensor<2048xf32, #V>
  %one = arith.constant dense<1.0> : tensor<2048xf32, #V>
  %nx = arith.negf %a : tensor<2048xf32, #V>
  %ex = math.exp %nx : tensor<2048xf32, #V>
  %den = arith.addf %ex, %one : tensor<2048xf32, #V>
  %s = arith.divf %a, %den : tensor<2048xf32, #V>
  %r = arith.mulf %s, %b : tensor<2048xf32, #V>
  tile.store_tile %r, %yv[%i] : tensor<2048xf32, #V>, !tile.view<?xf32>
  tile.return
}
