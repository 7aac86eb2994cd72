// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm="arch=sm_80" -verify-diagnostics

// Instructions the target lacks.

#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]>
#s = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
tile.kernel @wgmma_on_sm80(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %x = layout.local_alloc : !layout.memdesc<64x64xf16, #s>
  %y = layout.local_alloc : !layout.memdesc<64x64xf16, #s>
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  // expected-error @below {{tile.dot: wgmma (#layout.nvmma version 3) exists on sm_90 only; the target is sm_80; use version 2 (mma.sync)}}
  %d = tile.dot %x, %y, %z : !layout.memdesc<64x64xf16, #s>, !layout.memdesc<64x64xf16, #s> -> tensor<64x64xf32, #mma>
  tile.return
}

// -----

#mma = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]>
#a = #layout.dot_operand<opIdx = 0, parent = #mma, kWidth = 4>
#b = #layout.dot_operand<opIdx = 1, parent = #mma, kWidth = 4>
tile.kernel @fp8_on_sm80(%p: !tile.ptr<f32>) attributes {num_warps = 1 : i32} {
  %x = arith.constant dense<0.0> : tensor<16x32xf8E4M3FN, #a>
  %y = arith.constant dense<0.0> : tensor<32x8xf8E4M3FN, #b>
  %z = arith.constant dense<0.0> : tensor<16x8xf32, #mma>
  // expected-error @below {{tile.dot: fp8 tensor-core products need sm_89 or newer; the target is sm_80}}
  %d = tile.dot %x, %y, %z : tensor<16x32xf8E4M3FN, #a>, tensor<32x8xf8E4M3FN, #b> -> tensor<16x8xf32, #mma>
  tile.return
}
