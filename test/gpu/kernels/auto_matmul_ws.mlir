// test/gpu/kernels/auto_matmul_rm.mlir asking for warp specialization with
// the loop's attribute (tile-warp-specialize in the default compile, no
// option): budgets 232 / 40 given, a 2-slot ring (the phase parities flip
// every other step), and a loop over element offsets that starts at 64
// with step 64 (k-step i loads tile ko / 64 - 1), so that the producer
// runs the index arithmetic and the consumer's "not the first step" test
// compares with a lower bound that is not 0.
//
//   c[i * scm + j * scn] = sum_k a[i * sam + k] * b[k * sbk + j]
//
// Launch: grid (cdiv(m, 128), cdiv(n, 128)), 8 warps (12 with the
// producer).

tile.kernel @auto_matmul_ws(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                            %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                            %c: !tile.ptr<f16>,
                            %m: i32, %n: i32, %k: i32,
                            %sam: i32 {tile.divisibility = 8 : i64},
                            %sbk: i32 {tile.divisibility = 8 : i64},
                            %scm: i32, %scn: i32) attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, %scn]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %kend = arith.addi %k, %c64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %ko = %c64 to %kend step %c64 iter_args(%sum = %zero)
      -> (tensor<128x128xf32>) : i32 {
    %q = arith.divsi %ko, %c64 : i32
    %kt = arith.subi %q, %c1 : i32
    %ta = tile.load_tile %va[%pm, %kt] padding = zero
          : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero
          : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %sum
            : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  } {tile.warp_specialize = array<i32: 232, 40>, tile.num_stages = 2 : i32}
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}
