// Fused chain max(2x + 1, 0) * z - 0.5, bf16.
// n % 16 == 0; launch: grid (cdiv(n, 2048)), 4 warps.
#V = #layout.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

tile.kernel @chain_bf16(%xp: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %zp: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %yp: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
                        %n: i32 {tile.divisibility = 16 : i64}) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %xv = tile.make_view %xp, shape [%n] : !tile.ptr<bf16> -> !tile.view<?xbf16>
  %zv = tile.make_view %zp, shape [%n] : !tile.ptr<bf16> -> !tile.view<?xbf16>
  %yv = tile.make_view %yp, shape [%n] : !tile.ptr<bf16> -> !tile.view<?xbf16>
  %x = tile.load_tile %xv[%i] : !tile.view<?xbf16> -> tensor<2048xbf16, #V>
  %z = tile.load_tile %zv[%i] : !tile.view<?xbf16> -> tensor<2048xbf16, #V>
  %xf = arith.extf %x : tensor<2048xbf16, #V> to tensor<2048xf32, #V>
  %zf = arith.extf %z : tensor<2048xbf16, #V> to tensor<2048xf32, #V>
  %two = arith.constant dense<2.0> : tensor<2048xf32, #V>
  %one = arith.constant dense<1.0> : tensor<2048xf32, #V>
  %zero = arith.constant dense<0.0> : tensor<2048xf32, #V>
  %half = arith.constant dense<0.5> : tensor<2048xf32, #V>
  %a = arith.mulf %xf, %two : tensor<2048xf32, #V>
  %b = arith.addf %a, %one : tensor<2048xf32, #V>
  %c = arith.maximumf %b, %zero : tensor<2048xf32, #V>
  %d = arith.mulf %c, %zf : tensor<2048xf32, #V>
  %r = arith.subf %d, %half : tensor<2048xf32, #V>
  %ro = arith.truncf %r : tensor<2048xf32, #V> to tensor<2048xbf16, #V>
  tile.store_tile %ro, %yv[%i] : tensor<2048xbf16, #V>, !tile.view<?xbf16>
  tile.return
}
