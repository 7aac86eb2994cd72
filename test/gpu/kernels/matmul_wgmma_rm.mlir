// examples/matmul_wgmma.mlir (explicit layouts, wgmma from shared memory)
// with row-major A and B whose rows are 16-byte aligned (unit inner strides,
// leading dims multiples of 8), so that tile-pipeline's copies are 16-byte
// cp.async. Arguments as examples/matmul_pipelined.mlir.
//
//   c[i * scm + j * scn] = sum_k a[i * sam + k] * b[k * sbk + j]
//
// Launch: grid (cdiv(m, 128), cdiv(n, 128)), 8 warps.

#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]>
#sA = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#sB = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#ldA = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]>
#ldB = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]>

tile.kernel @matmul_wgmma_rm(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                             %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                             %c: !tile.ptr<f16>,
                             %m: i32, %n: i32, %k: i32,
                             %sam: i32 {tile.divisibility = 8 : i64},
                             %sbk: i32 {tile.divisibility = 8 : i64},
                             %scm: i32, %scn: i32) attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, %scn]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %kr = arith.addi %k, %c63 : i32
  %ktiles = arith.divsi %kr, %c64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
      -> (tensor<128x128xf32, #mma>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero
          : !tile.view<?x?xf16> -> tensor<128x64xf16, #ldA>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero
          : !tile.view<?x?xf16> -> tensor<64x128xf16, #ldB>
    layout.barrier
    %sa = layout.local_alloc %ta : tensor<128x64xf16, #ldA> -> !layout.memdesc<128x64xf16, #sA>
    %sb = layout.local_alloc %tb : tensor<64x128xf16, #ldB> -> !layout.memdesc<64x128xf16, #sB>
    %next = tile.dot %sa, %sb, %sum
            : !layout.memdesc<128x64xf16, #sA>, !layout.memdesc<64x128xf16, #sB>
            -> tensor<128x128xf32, #mma>
    scf.yield %next : tensor<128x128xf32, #mma>
  }
  %out = arith.truncf %acc : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16, #mma>, !tile.view<?x?xf16>
  tile.return
}
