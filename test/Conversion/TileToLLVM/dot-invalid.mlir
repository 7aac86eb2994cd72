// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm="arch=sm_90" -verify-diagnostics

// Dots the lowering refuses, each with the reason at the dot.

#mma = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]>
#a = #layout.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#b8 = #layout.dot_operand<opIdx = 1, parent = #mma, kWidth = 8>
tile.kernel @kwidth_mismatch(%p: !tile.ptr<f32>) attributes {num_warps = 1 : i32} {
  %x = arith.constant dense<0.0> : tensor<16x32xf16, #a>
  %y = arith.constant dense<0.0> : tensor<32x8xf16, #b8>
  %z = arith.constant dense<0.0> : tensor<16x8xf32, #mma>
  // expected-error @below {{tile.dot with mma.sync: A and B distribute K differently over the lanes (lane 0, element 2); give both the same kWidth}}
  %d = tile.dot %x, %y, %z : tensor<16x32xf16, #a>, tensor<32x8xf16, #b8> -> tensor<16x8xf32, #mma>
  tile.return
}

// -----

#mma = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]>
#a = #layout.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#b = #layout.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
tile.kernel @short_k(%p: !tile.ptr<f32>) attributes {num_warps = 1 : i32} {
  %x = arith.constant dense<0.0> : tensor<16x8xf16, #a>
  %y = arith.constant dense<0.0> : tensor<8x8xf16, #b>
  %z = arith.constant dense<0.0> : tensor<16x8xf32, #mma>
  // expected-error @below {{tile.dot with mma.sync: K = 8 is not covered by whole mma.sync k-steps of 16 (each thread must hold 2 elements of each row of A); pad K to a multiple of 16}}
  %d = tile.dot %x, %y, %z : tensor<16x8xf16, #a>, tensor<8x8xf16, #b> -> tensor<16x8xf32, #mma>
  tile.return
}

// -----

#mma = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]>
#a = #layout.dot_operand<opIdx = 0, parent = #mma, kWidth = 1>
#b = #layout.dot_operand<opIdx = 1, parent = #mma, kWidth = 1>
tile.kernel @ieee_on_tensor_cores(%p: !tile.ptr<f32>) attributes {num_warps = 1 : i32} {
  %x = arith.constant dense<0.0> : tensor<16x8xf32, #a>
  %y = arith.constant dense<0.0> : tensor<8x8xf32, #b>
  %z = arith.constant dense<0.0> : tensor<16x8xf32, #mma>
  // expected-error @below {{tile.dot: input_precision = ieee multiplies on the CUDA cores; give the result a blocked layout (tensor cores round f32 inputs to tf32)}}
  %d = tile.dot %x, %y, %z input_precision = ieee : tensor<16x8xf32, #a>, tensor<8x8xf32, #b> -> tensor<16x8xf32, #mma>
  tile.return
}

// -----

#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]>
#s = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#bl = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
tile.kernel @wgmma_b_in_registers(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %x = layout.local_alloc : !layout.memdesc<64x64xf16, #s>
  %y = arith.constant dense<0.0> : tensor<64x64xf16, #bl>
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  // expected-error @below {{tile.dot: wgmma reads B from shared memory; pass a !layout.memdesc (layout.local_alloc) in a #layout.nvmma_shared layout}}
  %d = tile.dot %x, %y, %z : !layout.memdesc<64x64xf16, #s>, tensor<64x64xf16, #bl> -> tensor<64x64xf32, #mma>
  tile.return
}

// -----

#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]>
#s = #layout.nvmma_shared<swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8>
tile.kernel @fp8_mn_major_b(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %x = layout.local_alloc : !layout.memdesc<64x64xf8E4M3FN, #s>
  %y = layout.local_alloc : !layout.memdesc<64x64xf8E4M3FN, #s>
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  // expected-error @below {{tile.dot: wgmma reads 8-bit operand B only K-major (transposed = true); the tensor cores transpose 16-bit types only}}
  %d = tile.dot %x, %y, %z : !layout.memdesc<64x64xf8E4M3FN, #s>, !layout.memdesc<64x64xf8E4M3FN, #s> -> tensor<64x64xf32, #mma>
  tile.return
}

// -----

#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]>
#s = #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
tile.kernel @wgmma_not_nvmma_shared(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %x = layout.local_alloc : !layout.memdesc<64x64xf16, #s>
  %y = layout.local_alloc : !layout.memdesc<64x64xf16, #s>
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  // expected-error @below {{tile.dot: wgmma reads operand A from shared memory in a #layout.nvmma_shared layout}}
  %d = tile.dot %x, %y, %z : !layout.memdesc<64x64xf16, #s>, !layout.memdesc<64x64xf16, #s> -> tensor<64x64xf32, #mma>
  tile.return
}
