// torch._scaled_mm's contract, layout-free: A (m x k) and B (n x k) in
// f8E4M3FN with k contiguous, per-tensor scales read from device memory
// (one f32 each, as torch passes them), f32 accumulation, bf16 out:
// C = bf16(scale_a * scale_b * A B^T). B's K x N tiles are read from the
// N x K view with order = [1, 0] (K-major, what wgmma takes for fp8).
// Grid (cdiv(m, 128), cdiv(n, 128)); row strides multiples of 16 bytes.
tile.kernel @fp8_scaled_gemm(%a: !tile.ptr<f8E4M3FN> {tile.divisibility = 16 : i64},
                             %b: !tile.ptr<f8E4M3FN> {tile.divisibility = 16 : i64},
                             %c: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
                             %scale_a: !tile.ptr<f32>, %scale_b: !tile.ptr<f32>,
                             %m: i32, %n: i32, %k: i32 {tile.divisibility = 16 : i64},
                             %ldc: i32 {tile.divisibility = 16 : i64})
    attributes {num_warps = 4 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c127 = arith.constant 127 : i32
  %c128 = arith.constant 128 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%k, 1] : !tile.ptr<f8E4M3FN> -> !tile.view<?x?xf8E4M3FN>
  %vb = tile.make_view %b, shape [%n, %k], strides [%k, 1] : !tile.ptr<f8E4M3FN> -> !tile.view<?x?xf8E4M3FN>
  %vc = tile.make_view %c, shape [%m, %n], strides [%ldc, 1] : !tile.ptr<bf16> -> !tile.view<?x?xbf16>
  %k127 = arith.addi %k, %c127 : i32
  %nk = arith.divsi %k127, %c128 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %kt = %c0 to %nk step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero {allow_tma} : !tile.view<?x?xf8E4M3FN> -> tensor<128x128xf8E4M3FN>
    %tb = tile.load_tile %vb[%kt, %pn] order = [1, 0] padding = zero {allow_tma} : !tile.view<?x?xf8E4M3FN> -> tensor<128x128xf8E4M3FN>
    %d = tile.dot %ta, %tb, %sum : tensor<128x128xf8E4M3FN>, tensor<128x128xf8E4M3FN> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  %sa = tile.load %scale_a : !tile.ptr<f32>
  %sb = tile.load %scale_b : !tile.ptr<f32>
  %s = arith.mulf %sa, %sb : f32
  %sv = tile.splat %s : f32 -> tensor<128x128xf32>
  %scaled = arith.mulf %acc, %sv : tensor<128x128xf32>
  %o = arith.truncf %scaled : tensor<128x128xf32> to tensor<128x128xbf16>
  tile.store_tile %o, %vc[%pm, %pn] : tensor<128x128xbf16>, !tile.view<?x?xbf16>
  tile.return
}
