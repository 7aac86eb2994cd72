// C = (A * B) * scale_a * scale_b on mma.sync with fp8 inputs, layouts
// written: f8E4M3FN in, f32 accumulation, bf16 out, any M, N, K and any
// strides. On sm_90 the layout-free fp8 matmul takes wgmma; this kernel
// pins mma.sync m16n8k32 (inline PTX, PTX ISA 8.4 module-wide) there.
//
//   c[i * scm + j * scn] = bf16(sum_k a[i * sam + k * sak] * b[k * sbk + j * sbn]
//                               * scale_a * scale_b)
//
// Launch: grid (cdiv(m, 64), cdiv(n, 64)), 4 warps; K 64 at a time.

#mma = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]>
#opA = #layout.dot_operand<opIdx = 0, parent = #mma, kWidth = 4>
#opB = #layout.dot_operand<opIdx = 1, parent = #mma, kWidth = 4>
#ld = #layout.blocked<sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>

tile.kernel @matmul_fp8_mma(%a: !tile.ptr<f8E4M3FN>, %b: !tile.ptr<f8E4M3FN>,
                            %c: !tile.ptr<bf16>, %scale_a: f32, %scale_b: f32,
                            %m: i32, %n: i32, %k: i32,
                            %sam: i32, %sak: i32, %sbk: i32, %sbn: i32,
                            %scm: i32, %scn: i32) attributes {num_warps = 4 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, %sak]
        : !tile.ptr<f8E4M3FN> -> !tile.view<?x?xf8E4M3FN>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, %sbn]
        : !tile.ptr<f8E4M3FN> -> !tile.view<?x?xf8E4M3FN>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, %scn]
        : !tile.ptr<bf16> -> !tile.view<?x?xbf16>
  %kr = arith.addi %k, %c63 : i32
  %ktiles = arith.divsi %kr, %c64 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
      -> (tensor<64x64xf32, #mma>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero
          : !tile.view<?x?xf8E4M3FN> -> tensor<64x64xf8E4M3FN, #ld>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero
          : !tile.view<?x?xf8E4M3FN> -> tensor<64x64xf8E4M3FN, #ld>
    %xa = layout.convert %ta : tensor<64x64xf8E4M3FN, #ld> -> tensor<64x64xf8E4M3FN, #opA>
    %xb = layout.convert %tb : tensor<64x64xf8E4M3FN, #ld> -> tensor<64x64xf8E4M3FN, #opB>
    %next = tile.dot %xa, %xb, %sum
            : tensor<64x64xf8E4M3FN, #opA>, tensor<64x64xf8E4M3FN, #opB> -> tensor<64x64xf32, #mma>
    scf.yield %next : tensor<64x64xf32, #mma>
  }
  %s = arith.mulf %scale_a, %scale_b : f32
  %sv = tile.splat %s : f32 -> tensor<64x64xf32, #mma>
  %scaled = arith.mulf %acc, %sv : tensor<64x64xf32, #mma>
  %out = arith.truncf %scaled : tensor<64x64xf32, #mma> to tensor<64x64xbf16, #mma>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<64x64xbf16, #mma>, !tile.view<?x?xbf16>
  tile.return
}
