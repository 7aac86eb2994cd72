// C = relu(A * B + bias) with no layout written: bf16 inputs, f32
// accumulation, a per-column f32 bias (contiguous), bf16 output; any M,
// N, K and any strides of A (M x K), B (K x N) and C (M x N), as in
// examples/matmul.mlir.
//
// Launch: grid (cdiv(m, 128), cdiv(n, 128)), 8 warps. The epilogue adds the
// bias broadcast down the columns and clamps at zero in the accumulator's
// layout before the cast.

tile.kernel @matmul_bf16_bias_relu(%a: !tile.ptr<bf16>, %b: !tile.ptr<bf16>,
                                   %bias: !tile.ptr<f32>, %c: !tile.ptr<bf16>,
                                   %m: i32, %n: i32, %k: i32,
                                   %sam: i32, %sak: i32, %sbk: i32, %sbn: i32,
                                   %scm: i32, %scn: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, %sak]
        : !tile.ptr<bf16> -> !tile.view<?x?xbf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, %sbn]
        : !tile.ptr<bf16> -> !tile.view<?x?xbf16>
  %vbias = tile.make_view %bias, shape [1, %n] : !tile.ptr<f32> -> !tile.view<1x?xf32>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, %scn]
        : !tile.ptr<bf16> -> !tile.view<?x?xbf16>
  %kr = arith.addi %k, %c63 : i32
  %ktiles = arith.divsi %kr, %c64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
      -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero
          : !tile.view<?x?xbf16> -> tensor<128x64xbf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero
          : !tile.view<?x?xbf16> -> tensor<64x128xbf16>
    %next = tile.dot %ta, %tb, %sum
            : tensor<128x64xbf16>, tensor<64x128xbf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  %brow = tile.load_tile %vbias[%c0, %pn] padding = zero
          : !tile.view<1x?xf32> -> tensor<1x128xf32>
  %bfull = tile.broadcast %brow : tensor<1x128xf32> -> tensor<128x128xf32>
  %biased = arith.addf %acc, %bfull : tensor<128x128xf32>
  %zeros = arith.constant dense<0.0> : tensor<128x128xf32>
  %relu = arith.maximumf %biased, %zeros : tensor<128x128xf32>
  %out = arith.truncf %relu : tensor<128x128xf32> to tensor<128x128xbf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xbf16>, !tile.view<?x?xbf16>
  tile.return
}
