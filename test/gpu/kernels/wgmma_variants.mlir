// wgmma operand variants the matmul examples do not reach: 64- and 32-byte
// swizzles, and a K-major B obtained as a transposed view
// (layout.memdesc_trans) of a buffer holding B^T. C = A * B^T, f16 in, f32
// out; a is m x k row-major, bt is n x k row-major, c is m x n.
//
// Launch: grid (cdiv(m, 64), cdiv(n, 64)), 4 warps (one warpgroup).

#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]>
#ld = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#ld16 = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]>
#s64 = #layout.nvmma_shared<swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16>
#s64t = #layout.nvmma_shared<swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16>
#s32 = #layout.nvmma_shared<swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16>
#s32t = #layout.nvmma_shared<swizzlingByteWidth = 32, transposed = true, elementBitWidth = 16>

// BK = 32: 64-byte swizzle.
tile.kernel @wgmma_sw64_trans(%a: !tile.ptr<f16>, %bt: !tile.ptr<f16>, %c: !tile.ptr<f32>,
                              %m: i32, %n: i32, %k: i32) attributes {num_warps = 4 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c31 = arith.constant 31 : i32
  %c32 = arith.constant 32 : i32
  %va = tile.make_view %a, shape [%m, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vbt = tile.make_view %bt, shape [%n, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %kr = arith.addi %k, %c31 : i32
  %ktiles = arith.divsi %kr, %c32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
      -> (tensor<64x64xf32, #mma>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<64x32xf16, #ld>
    %tbt = tile.load_tile %vbt[%pn, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<64x32xf16, #ld>
    layout.barrier
    %sa = layout.local_alloc %ta : tensor<64x32xf16, #ld> -> !layout.memdesc<64x32xf16, #s64>
    %sbt = layout.local_alloc %tbt : tensor<64x32xf16, #ld> -> !layout.memdesc<64x32xf16, #s64>
    %sb = layout.memdesc_trans %sbt {order = array<i32: 1, 0>}
          : !layout.memdesc<64x32xf16, #s64> -> !layout.memdesc<32x64xf16, #s64t>
    %next = tile.dot %sa, %sb, %sum
            : !layout.memdesc<64x32xf16, #s64>, !layout.memdesc<32x64xf16, #s64t> -> tensor<64x64xf32, #mma>
    scf.yield %next : tensor<64x64xf32, #mma>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<64x64xf32, #mma>, !tile.view<?x?xf32>
  tile.return
}

// BK = 16: 32-byte swizzle.
tile.kernel @wgmma_sw32_trans(%a: !tile.ptr<f16>, %bt: !tile.ptr<f16>, %c: !tile.ptr<f32>,
                              %m: i32, %n: i32, %k: i32) attributes {num_warps = 4 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c15 = arith.constant 15 : i32
  %c16 = arith.constant 16 : i32
  %va = tile.make_view %a, shape [%m, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vbt = tile.make_view %bt, shape [%n, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %kr = arith.addi %k, %c15 : i32
  %ktiles = arith.divsi %kr, %c16 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
      -> (tensor<64x64xf32, #mma>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<64x16xf16, #ld16>
    %tbt = tile.load_tile %vbt[%pn, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<64x16xf16, #ld16>
    layout.barrier
    %sa = layout.local_alloc %ta : tensor<64x16xf16, #ld16> -> !layout.memdesc<64x16xf16, #s32>
    %sbt = layout.local_alloc %tbt : tensor<64x16xf16, #ld16> -> !layout.memdesc<64x16xf16, #s32>
    %sb = layout.memdesc_trans %sbt {order = array<i32: 1, 0>}
          : !layout.memdesc<64x16xf16, #s32> -> !layout.memdesc<16x64xf16, #s32t>
    %next = tile.dot %sa, %sb, %sum
            : !layout.memdesc<64x16xf16, #s32>, !layout.memdesc<16x64xf16, #s32t> -> tensor<64x64xf32, #mma>
    scf.yield %next : tensor<64x64xf32, #mma>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<64x64xf32, #mma>, !tile.view<?x?xf32>
  tile.return
}
