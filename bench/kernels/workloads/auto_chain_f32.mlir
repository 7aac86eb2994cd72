// Fused chain max(2x + 1, 0) * z - 0.5, f32.
// n % 16 == 0; launch: grid (cdiv(n, 2048)), 4 warps.

tile.kernel @chain_f32(%xp: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %zp: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %yp: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                        %n: i32 {tile.divisibility = 16 : i64}) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %xv = tile.make_view %xp, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %zv = tile.make_view %zp, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %yv = tile.make_view %yp, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %x = tile.load_tile %xv[%i] : !tile.view<?xf32> -> tensor<2048xf32>
  %z = tile.load_tile %zv[%i] : !tile.view<?xf32> -> tensor<2048xf32>
  %two = arith.constant dense<2.0> : tensor<2048xf32>
  %one = arith.constant dense<1.0> : tensor<2048xf32>
  %zero = arith.constant dense<0.0> : tensor<2048xf32>
  %half = arith.constant dense<0.5> : tensor<2048xf32>
  %a = arith.mulf %x, %two : tensor<2048xf32>
  %b = arith.addf %a, %one : tensor<2048xf32>
  %c = arith.maximumf %b, %zero : tensor<2048xf32>
  %d = arith.mulf %c, %z : tensor<2048xf32>
  %r = arith.subf %d, %half : tensor<2048xf32>
  tile.store_tile %r, %yv[%i] : tensor<2048xf32>, !tile.view<?xf32>
  tile.return
}
