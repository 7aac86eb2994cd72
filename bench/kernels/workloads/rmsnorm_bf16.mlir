// RMSNorm of the rows of an m x n bf16 matrix (n <= 4096, n % 16 == 0), in f32:
// y = x * rsqrt(mean(x^2) + eps) * w, eps = 1e-5.
// Launch: grid (m), 4 warps: one program per row.
#L = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#R = #layout.slice<dim = 1, parent = #L>
#C = #layout.slice<dim = 0, parent = #L>

tile.kernel @rmsnorm_bf16(%xp: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %wp: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %yp: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
                        %m: i32, %n: i32 {tile.divisibility = 16 : i64}) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %xv = tile.make_view %xp, shape [%m, %n] : !tile.ptr<bf16> -> !tile.view<?x?xbf16>
  %yv = tile.make_view %yp, shape [%m, %n] : !tile.ptr<bf16> -> !tile.view<?x?xbf16>
  %wv = tile.make_view %wp, shape [1, %n] : !tile.ptr<bf16> -> !tile.view<1x?xbf16>
  %nf = arith.sitofp %n : i32 to f32
  %nv = tile.splat %nf : f32 -> tensor<1xf32, #R>
  %x = tile.load_tile %xv[%i, %c0] padding = zero : !tile.view<?x?xbf16> -> tensor<1x4096xbf16, #L>
  %w = tile.load_tile %wv[%c0, %c0] padding = zero : !tile.view<1x?xbf16> -> tensor<1x4096xbf16, #L>
  %xf = arith.extf %x : tensor<1x4096xbf16, #L> to tensor<1x4096xf32, #L>
  %wf = arith.extf %w : tensor<1x4096xbf16, #L> to tensor<1x4096xf32, #L>
  %sq = arith.mulf %xf, %xf : tensor<1x4096xf32, #L>
  %ss = tile.reduce sum %sq {axis = 1 : i32} : tensor<1x4096xf32, #L> -> tensor<1xf32, #R>
  %ms = arith.divf %ss, %nv : tensor<1xf32, #R>
  %eps = arith.constant dense<1.0e-5> : tensor<1xf32, #R>
  %mse = arith.addf %ms, %eps : tensor<1xf32, #R>
  %r = math.rsqrt %mse : tensor<1xf32, #R>
  %r2 = tile.expand_dims %r {axis = 1 : i32} : tensor<1xf32, #R> -> tensor<1x1xf32, #L>
  %rb = tile.broadcast %r2 : tensor<1x1xf32, #L> -> tensor<1x4096xf32, #L>
  %xn = arith.mulf %xf, %rb : tensor<1x4096xf32, #L>
  %yw = arith.mulf %xn, %wf : tensor<1x4096xf32, #L>
  %yo = arith.truncf %yw : tensor<1x4096xf32, #L> to tensor<1x4096xbf16, #L>
  tile.store_tile %yo, %yv[%i, %c0] : tensor<1x4096xbf16, #L>, !tile.view<?x?xbf16>
  tile.return
}
