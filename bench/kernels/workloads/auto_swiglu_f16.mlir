// SwiGLU silu(a) * b, f16, f32 inside.
// n % 16 == 0; launch: grid (cdiv(n, 2048)), 4 warps.

tile.kernel @swiglu_f16(%ap: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %bp: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %yp: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                        %n: i32 {tile.divisibility = 16 : i64}) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %av = tile.make_view %ap, shape [%n] : !tile.ptr<f16> -> !tile.view<?xf16>
  %bv = tile.make_view %bp, shape [%n] : !tile.ptr<f16> -> !tile.view<?xf16>
  %yv = tile.make_view %yp, shape [%n] : !tile.ptr<f16> -> !tile.view<?xf16>
  %a = tile.load_tile %av[%i] : !tile.view<?xf16> -> tensor<2048xf16>
  %b = tile.load_tile %bv[%i] : !tile.view<?xf16> -> tensor<2048xf16>
  %af = arith.extf %a : tensor<2048xf16> to tensor<2048xf32>
  %bf = arith.extf %b : tensor<2048xf16> to tensor<2048xf32>
  %one = arith.constant dense<1.0> : tensor<2048xf32>
  %nx = arith.negf %af : tensor<2048xf32>
  %ex = math.exp %nx : tensor<2048xf32>
  %den = arith.addf %ex, %one : tensor<2048xf32>
  %s = arith.divf %af, %den : tensor<2048xf32>
  %r = arith.mulf %s, %bf : tensor<2048xf32>
  %ro = arith.truncf %r : tensor<2048xf32> to tensor<2048xf16>
  tile.store_tile %ro, %yv[%i] : tensor<2048xf16>, !tile.view<?xf16>
  tile.return
}
