// C[z] = A[z] * B[z] for a batch of matrices with no layout written: f16
// inputs, f32 accumulation, f16 output; 3-D views (batch, rows, columns)
// with any sizes and any strides (row- or column-major matrices, pitched
// rows, batches interleaved or apart):
//
//   c[z*scb + i*scm + j*scn] = sum_k a[z*sab + i*sam + k*sak] * b[z*sbb + k*sbk + j*sbn]
//
// Launch: grid (cdiv(m, 64), cdiv(n, 64), batch), 4 warps. Program (i, j, z)
// computes tile (i, j) of C[z] with a rank-3 dot (batch dim 1; mma.sync).

tile.kernel @matmul_batched(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f16>,
                            %batch: i32, %m: i32, %n: i32, %k: i32,
                            %sab: i32, %sam: i32, %sak: i32,
                            %sbb: i32, %sbk: i32, %sbn: i32,
                            %scb: i32, %scm: i32, %scn: i32)
    attributes {num_warps = 4 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %pz = tile.program_id z : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c31 = arith.constant 31 : i32
  %c32 = arith.constant 32 : i32
  %va = tile.make_view %a, shape [%batch, %m, %k], strides [%sab, %sam, %sak]
        : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vb = tile.make_view %b, shape [%batch, %k, %n], strides [%sbb, %sbk, %sbn]
        : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vc = tile.make_view %c, shape [%batch, %m, %n], strides [%scb, %scm, %scn]
        : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %kr = arith.addi %k, %c31 : i32
  %ktiles = arith.divsi %kr, %c32 : i32
  %zero = arith.constant dense<0.0> : tensor<1x64x64xf32>
  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
      -> (tensor<1x64x64xf32>) : i32 {
    %ta = tile.load_tile %va[%pz, %pm, %kt] padding = zero
          : !tile.view<?x?x?xf16> -> tensor<1x64x32xf16>
    %tb = tile.load_tile %vb[%pz, %kt, %pn] padding = zero
          : !tile.view<?x?x?xf16> -> tensor<1x32x64xf16>
    %next = tile.dot %ta, %tb, %sum
            : tensor<1x64x32xf16>, tensor<1x32x64xf16> -> tensor<1x64x64xf32>
    scf.yield %next : tensor<1x64x64xf32>
  }
  %out = arith.truncf %acc : tensor<1x64x64xf32> to tensor<1x64x64xf16>
  tile.store_tile %out, %vc[%pz, %pm, %pn] : tensor<1x64x64xf16>, !tile.view<?x?x?xf16>
  tile.return
}
