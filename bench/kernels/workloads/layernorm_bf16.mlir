// LayerNorm of the rows of an m x n bf16 matrix (n <= 4096, n % 16 == 0), in f32:
// y = (x - mean) * rsqrt(var + eps) * w + b, eps = 1e-5.
// Launch: grid (m), 4 warps: one program per row.
#L = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#R = #layout.slice<dim = 1, parent = #L>
#C = #layout.slice<dim = 0, parent = #L>

tile.kernel @layernorm_bf16(%xp: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %wp: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %bp: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %yp: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
                        %m: i32, %n: i32 {tile.divisibility = 16 : i64}) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %xv = tile.make_view %xp, shape [%m, %n] : !tile.ptr<bf16> -> !tile.view<?x?xbf16>
  %yv = tile.make_view %yp, shape [%m, %n] : !tile.ptr<bf16> -> !tile.view<?x?xbf16>
  %wv = tile.make_view %wp, shape [1, %n] : !tile.ptr<bf16> -> !tile.view<1x?xbf16>
  %bv = tile.make_view %bp, shape [1, %n] : !tile.ptr<bf16> -> !tile.view<1x?xbf16>
  %nf = arith.sitofp %n : i32 to f32
  %nv = tile.splat %nf : f32 -> tensor<1xf32, #R>
  %x = tile.load_tile %xv[%i, %c0] padding = zero : !tile.view<?x?xbf16> -> tensor<1x4096xbf16, #L>
  %w = tile.load_tile %wv[%c0, %c0] padding = zero : !tile.view<1x?xbf16> -> tensor<1x4096xbf16, #L>
  %b = tile.load_tile %bv[%c0, %c0] padding = zero : !tile.view<1x?xbf16> -> tensor<1x4096xbf16, #L>
  %xf = arith.extf %x : tensor<1x4096xbf16, #L> to tensor<1x4096xf32, #L>
  %wf = arith.extf %w : tensor<1x4096xbf16, #L> to tensor<1x4096xf32, #L>
  %bf = arith.extf %b : tensor<1x4096xbf16, #L> to tensor<1x4096xf32, #L>
  %s = tile.reduce sum %xf {axis = 1 : i32} : tensor<1x4096xf32, #L> -> tensor<1xf32, #R>
  %mean = arith.divf %s, %nv : tensor<1xf32, #R>
  %mean2 = tile.expand_dims %mean {axis = 1 : i32} : tensor<1xf32, #R> -> tensor<1x1xf32, #L>
  %meanb = tile.broadcast %mean2 : tensor<1x1xf32, #L> -> tensor<1x4096xf32, #L>
  %d0 = arith.subf %xf, %meanb : tensor<1x4096xf32, #L>
  %cols = tile.arange 0, 4096 : tensor<4096xi32, #C>
  %cols2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<4096xi32, #C> -> tensor<1x4096xi32, #L>
  %nb = tile.splat %n : i32 -> tensor<1x4096xi32, #L>
  %inrow = arith.cmpi slt, %cols2, %nb : tensor<1x4096xi32, #L>
  %zeros = arith.constant dense<0.0> : tensor<1x4096xf32, #L>
  %d = arith.select %inrow, %d0, %zeros : tensor<1x4096xi1, #L>, tensor<1x4096xf32, #L>
  %sq = arith.mulf %d, %d : tensor<1x4096xf32, #L>
  %ss = tile.reduce sum %sq {axis = 1 : i32} : tensor<1x4096xf32, #L> -> tensor<1xf32, #R>
  %ms = arith.divf %ss, %nv : tensor<1xf32, #R>
  %eps = arith.constant dense<1.0e-5> : tensor<1xf32, #R>
  %mse = arith.addf %ms, %eps : tensor<1xf32, #R>
  %r = math.rsqrt %mse : tensor<1xf32, #R>
  %r2 = tile.expand_dims %r {axis = 1 : i32} : tensor<1xf32, #R> -> tensor<1x1xf32, #L>
  %rb = tile.broadcast %r2 : tensor<1x1xf32, #L> -> tensor<1x4096xf32, #L>
  %xn = arith.mulf %d, %rb : tensor<1x4096xf32, #L>
  %yw = arith.mulf %xn, %wf : tensor<1x4096xf32, #L>
  %yb = arith.addf %yw, %bf : tensor<1x4096xf32, #L>
  %yo = arith.truncf %yb : tensor<1x4096xf32, #L> to tensor<1x4096xbf16, #L>
  tile.store_tile %yo, %yv[%i, %c0] : tensor<1x4096xbf16, #L>, !tile.view<?x?xbf16>
  tile.return
}
