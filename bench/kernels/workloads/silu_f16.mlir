// SiLU x / (1 + exp(-x)), f16 in and out, f32 inside.
// n % 16 == 0; launch: grid (cdiv(n, 2048)), 4 warps.
#V = #layout.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

tile.kernel @silu_f16(%xp: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %yp: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                        %n: i32 {tile.divisibility = 16 : i64}) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %xv = tile.make_view %xp, shape [%n] : !tile.ptr<f16> -> !tile.view<?xf16>
  %yv = tile.make_view %yp, shape [%n] : !tile.ptr<f16> -> !tile.view<?xf16>
  %x = tile.load_tile %xv[%i] : !tile.view<?xf16> -> tensor<2048xf16, #V>
  %xf = arith.extf %x : tensor<2048xf16, #V> to tensor<2048xf32, #V>
  %one = arith.constant dense<1.0> : tensor<2048xf32, #V>
  %nx = arith.negf %xf : tensor<2048xf32, #V>
  %ex = math.exp %nx : tensor<2048xf32, #V>
  %den = arith.addf %ex, %one : tensor<2048xf32, #V>
  %r = arith.divf %xf, %den : tensor<2048xf32, #V>
  %ro = arith.truncf %r : tensor<2048xf32, #V> to tensor<2048xf16, #V>
  tile.store_tile %ro, %yv[%i] : tensor<2048xf16, #V>, !tile.view<?xf16>
  tile.return
}
