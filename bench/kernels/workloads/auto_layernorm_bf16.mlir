// LayerNorm of the rows of an m x n bf16 matrix (n <= 4096, n % 16 == 0), in f32:
// y = (x - mean) * rsqrt(var + eps) * w + b, eps = 1e-5.
// Launch: grid (m), 4 warps: one program per row.

tile.kernel @layernorm_bf16(%xp: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %wp: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %bp: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %yp: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
                        %m: i32, %n: i32 {tile.divisibility = 16 : i64}) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %xv = tile.make_view %xp, shape [%m, %n] : !tile.ptr<bf16> -> !tile.view<?x?xbf16>
  %yv = tile.make_view %yp, shape [%m, %n] : !tile.ptr<bf16> -> !tile.view<?x?xbf16>
  %wv = tile.make_view %wp, shape [1, %n] : !tile.ptr<bf16> -> !tile.view<1x?xbf16>
  %bv = tile.make_view %bp, shape [1, %n] : !tile.ptr<bf16> -> !tile.view<1x?xbf16>
  %nf = arith.sitofp %n : i32 to f32
  %nv = tile.splat %nf : f32 -> tensor<1xf32>
  %x = tile.load_tile %xv[%i, %c0] padding = zero : !tile.view<?x?xbf16> -> tensor<1x4096xbf16>
  %w = tile.load_tile %wv[%c0, %c0] padding = zero : !tile.view<1x?xbf16> -> tensor<1x4096xbf16>
  %b = tile.load_tile %bv[%c0, %c0] padding = zero : !tile.view<1x?xbf16> -> tensor<1x4096xbf16>
  %xf = arith.extf %x : tensor<1x4096xbf16> to tensor<1x4096xf32>
  %wf = arith.extf %w : tensor<1x4096xbf16> to tensor<1x4096xf32>
  %bf = arith.extf %b : tensor<1x4096xbf16> to tensor<1x4096xf32>
  %s = tile.reduce sum %xf {axis = 1 : i32} : tensor<1x4096xf32> -> tensor<1xf32>
  %mean = arith.divf %s, %nv : tensor<1xf32>
  %mean2 = tile.expand_dims %mean {axis = 1 : i32} : tensor<1xf32> -> tensor<1x1xf32>
  %meanb = tile.broadcast %mean2 : tensor<1x1xf32> -> tensor<1x4096xf32>
  %d0 = arith.subf %xf, %meanb : tensor<1x4096xf32>
  %cols = tile.arange 0, 4096 : tensor<4096xi32>
  %cols2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<4096xi32> -> tensor<1x4096xi32>
  %nb = tile.splat %n : i32 -> tensor<1x4096xi32>
  %inrow = arith.cmpi slt, %cols2, %nb : tensor<1x4096xi32>
  %zeros = arith.constant dense<0.0> : tensor<1x4096xf32>
  %d = arith.select %inrow, %d0, %zeros : tensor<1x4096xi1>, tensor<1x4096xf32>
  %sq = arith.mulf %d, %d : tensor<1x4096xf32>
  %ss = tile.reduce sum %sq {axis = 1 : i32} : tensor<1x4096xf32> -> tensor<1xf32>
  %ms = arith.divf %ss, %nv : tensor<1xf32>
  %eps = arith.constant dense<1.0e-5> : tensor<1xf32>
  %mse = arith.addf %ms, %eps : tensor<1xf32>
  %r = math.rsqrt %mse : tensor<1xf32>
  %r2 = tile.expand_dims %r {axis = 1 : i32} : tensor<1xf32> -> tensor<1x1xf32>
  %rb = tile.broadcast %r2 : tensor<1x1xf32> -> tensor<1x4096xf32>
  %xn = arith.mulf %d, %rb : tensor<1x4096xf32>
  %yw = arith.mulf %xn, %wf : tensor<1x4096xf32>
  %yb = arith.addf %yw, %bf : tensor<1x4096xf32>
  %yo = arith.truncf %yb : tensor<1x4096xf32> to tensor<1x4096xbf16>
  tile.store_tile %yo, %yv[%i, %c0] : tensor<1x4096xbf16>, !tile.view<?x?xbf16>
  tile.return
}
