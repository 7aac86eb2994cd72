// C = (A * B) * scale_a * scale_b with no layout written: f8E4M3FN inputs
// with per-tensor f32 scales (torch._scaled_mm's form), f32 accumulation,
// bf16 output; any M, N, K and any strides of A (M x K), B (K x N) and C,
// as in examples/matmul.mlir. torch._scaled_mm's usual operands are a
// row-major A and a column-major B (sbk = 1, sbn = K: K contiguous, the
// order fp8 tensor cores read); other orders are transposed on their way
// into the tensor cores' operand layouts.
//
// Launch: grid (cdiv(m, 128), cdiv(n, 128)), 8 warps; sm_89 or newer
// (wgmma on sm_90, mma.sync on sm_89).

tile.kernel @matmul_fp8_scaled(%a: !tile.ptr<f8E4M3FN>, %b: !tile.ptr<f8E4M3FN>,
                               %c: !tile.ptr<bf16>, %scale_a: f32, %scale_b: f32,
                               %m: i32, %n: i32, %k: i32,
                               %sam: i32, %sak: i32, %sbk: i32, %sbn: i32,
                               %scm: i32, %scn: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c127 = arith.constant 127 : i32
  %c128 = arith.constant 128 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, %sak]
        : !tile.ptr<f8E4M3FN> -> !tile.view<?x?xf8E4M3FN>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, %sbn]
        : !tile.ptr<f8E4M3FN> -> !tile.view<?x?xf8E4M3FN>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, %scn]
        : !tile.ptr<bf16> -> !tile.view<?x?xbf16>
  %kr = arith.addi %k, %c127 : i32
  %ktiles = arith.divsi %kr, %c128 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
      -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero
          : !tile.view<?x?xf8E4M3FN> -> tensor<128x128xf8E4M3FN>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero
          : !tile.view<?x?xf8E4M3FN> -> tensor<128x128xf8E4M3FN>
    %next = tile.dot %ta, %tb, %sum
            : tensor<128x128xf8E4M3FN>, tensor<128x128xf8E4M3FN> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  %s = arith.mulf %scale_a, %scale_b : f32
  %sv = tile.splat %s : f32 -> tensor<128x128xf32>
  %scaled = arith.mulf %acc, %sv : tensor<128x128xf32>
  %out = arith.truncf %scaled : tensor<128x128xf32> to tensor<128x128xbf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xbf16>, !tile.view<?x?xbf16>
  tile.return
}
