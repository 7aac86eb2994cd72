// C = A B (bf16 in, f32 accumulation, bf16 out), layout-free, every load and
// the store marked allow_tma. Shapes need not be tile multiples: the loads
// pad with zeros, the store clips. Row strides are promised multiples of 16
// elements (32 bytes), n a multiple of 8 (a TMA store writes 16-byte chunks).
// Grid (cdiv(m, 128), cdiv(n, 128)), 4 warps.
tile.kernel @gemm_tma_bf16(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
                           %b: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
                           %c: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
                           %m: i32, %n: i32 {tile.divisibility = 8 : i64}, %k: i32,
                           %lda: i32 {tile.divisibility = 16 : i64},
                           %ldb: i32 {tile.divisibility = 16 : i64},
                           %ldc: i32 {tile.divisibility = 16 : i64})
    attributes {num_warps = 4 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%lda, 1] : !tile.ptr<bf16> -> !tile.view<?x?xbf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%ldb, 1] : !tile.ptr<bf16> -> !tile.view<?x?xbf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%ldc, 1] : !tile.ptr<bf16> -> !tile.view<?x?xbf16>
  %k63 = arith.addi %k, %c63 : i32
  %kt_n = arith.divsi %k63, %c64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %kt = %c0 to %kt_n step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero {allow_tma} : !tile.view<?x?xbf16> -> tensor<128x64xbf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero {allow_tma} : !tile.view<?x?xbf16> -> tensor<64x128xbf16>
    %d = tile.dot %ta, %tb, %sum : tensor<128x64xbf16>, tensor<64x128xbf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  %o = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xbf16>
  tile.store_tile %o, %vc[%pm, %pn] {allow_tma} : tensor<128x128xbf16>, !tile.view<?x?xbf16>
  tile.return
}
