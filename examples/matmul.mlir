// C = A * B on tensor cores with mma.sync: f16 inputs, f32 accumulation,
// f16 output, any M, N, K and any strides (row- or column-major operands,
// transposed or non-contiguous views).
//
//   c[i * scm + j * scn] = sum_k a[i * sam + k * sak] * b[k * sbk + j * sbn]
//
// Launch: grid (cdiv(m, 64), cdiv(n, 64)), 4 warps. Program (i, j) computes
// the 64x64 tile (i, j) of C, K 32 at a time: tiles of A and B are loaded
// with coalesced blocked layouts (zero padding past the edges, so the
// padded products add nothing), converted to the mma.sync operand layouts
// and multiplied into an accumulator in the mma.sync layout; the store drops
// the rows and columns outside C.

#mma = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]>
#opA = #layout.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#opB = #layout.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
#ldA = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#ldB = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

tile.kernel @matmul(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f16>,
                    %m: i32, %n: i32, %k: i32,
                    %sam: i32, %sak: i32, %sbk: i32, %sbn: i32,
                    %scm: i32, %scn: i32) attributes {num_warps = 4 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c31 = arith.constant 31 : i32
  %c32 = arith.constant 32 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, %sak]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, %sbn]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, %scn]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %kr = arith.addi %k, %c31 : i32
  %ktiles = arith.divsi %kr, %c32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
      -> (tensor<64x64xf32, #mma>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero
          : !tile.view<?x?xf16> -> tensor<64x32xf16, #ldA>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero
          : !tile.view<?x?xf16> -> tensor<32x64xf16, #ldB>
    %xa = layout.convert %ta : tensor<64x32xf16, #ldA> -> tensor<64x32xf16, #opA>
    %xb = layout.convert %tb : tensor<32x64xf16, #ldB> -> tensor<32x64xf16, #opB>
    %next = tile.dot %xa, %xb, %sum
            : tensor<64x32xf16, #opA>, tensor<32x64xf16, #opB> -> tensor<64x64xf32, #mma>
    scf.yield %next : tensor<64x64xf32, #mma>
  }
  %out = arith.truncf %acc : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<64x64xf16, #mma>, !tile.view<?x?xf16>
  tile.return
}
