// GELU (erf form), f16 in and out, f32 inside.
// n % 16 == 0; launch: grid (cdiv(n, 2048)), 4 warps.
#V = #layout.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

tile.kernel @gelu_f16(%xp: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %yp: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                        %n: i32 {tile.divisibility = 16 : i64}) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %xv = tile.make_view %xp, shape [%n] : !tile.ptr<f16> -> !tile.view<?xf16>
  %yv = tile.make_view %yp, shape [%n] : !tile.ptr<f16> -> !tile.view<?xf16>
  %x = tile.load_tile %xv[%i] : !tile.view<?xf16> -> tensor<2048xf16, #V>
  %xf = arith.extf %x : tensor<2048xf16, #V> to tensor<2048xf32, #V>
  %rs2 = arith.constant dense<0.70710678118654752> : tensor<2048xf32, #V>
  %half = arith.constant dense<0.5> : tensor<2048xf32, #V>
  %one = arith.constant dense<1.0> : tensor<2048xf32, #V>
  %u = arith.mulf %xf, %rs2 : tensor<2048xf32, #V>
  %e = math.erf %u : tensor<2048xf32, #V>
  %e1 = arith.addf %e, %one : tensor<2048xf32, #V>
  %hx = arith.mulf %xf, %half : tensor<2048xf32, #V>
  %r = arith.mulf %hx, %e1 : tensor<2048xf32, #V>
  %ro = arith.truncf %r : tensor<2048xf32, #V> to tensor<2048xf16, #V>
  tile.store_tile %ro, %yv[%i] : tensor<2048xf16, #V>, !tile.view<?xf16>
  tile.return
}
