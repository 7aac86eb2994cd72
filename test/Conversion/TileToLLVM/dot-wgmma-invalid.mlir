// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm="arch=sm_90" -verify-diagnostics

// Dots the lowering refuses that dot-invalid.mlir does not reach, each with
// the reason at the dot: wgmma operands in shared memory whose layout the
// descriptors cannot take, an instruction shape that does not match the
// inputs, a register A the wgmma cannot read, and dots on the CUDA cores
// that cannot be one.

#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]>
#s = #layout.nvmma_shared<swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16>
tile.kernel @unswizzled(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %x = layout.local_alloc : !layout.memdesc<64x64xf16, #s>
  %y = layout.local_alloc : !layout.memdesc<64x64xf16, #s>
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  // expected-error @below {{tile.dot: wgmma needs a swizzled #layout.nvmma_shared (swizzlingByteWidth = 32, 64 or 128) for operand A}}
  %d = tile.dot %x, %y, %z : !layout.memdesc<64x64xf16, #s>, !layout.memdesc<64x64xf16, #s> -> tensor<64x64xf32, #mma>
  tile.return
}

// -----

#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]>
#s8 = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8>
#s16 = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
tile.kernel @element_bits(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %x = layout.local_alloc : !layout.memdesc<64x128xf16, #s8>
  %y = layout.local_alloc : !layout.memdesc<128x64xf16, #s16>
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  // expected-error @below {{tile.dot: operand A holds 16-bit elements but its layout says elementBitWidth = 8}}
  %d = tile.dot %x, %y, %z : !layout.memdesc<64x128xf16, #s8>, !layout.memdesc<128x64xf16, #s16> -> tensor<64x64xf32, #mma>
  tile.return
}

// -----

#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]>
#s = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
tile.kernel @instr_k(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %x = layout.local_alloc : !layout.memdesc<64x64xf16, #s>
  %y = layout.local_alloc : !layout.memdesc<64x64xf16, #s>
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  // expected-error @below {{tile.dot: instrShape K = 32 does not match the inputs; 16-bit inputs need K = 16}}
  %d = tile.dot %x, %y, %z : !layout.memdesc<64x64xf16, #s>, !layout.memdesc<64x64xf16, #s> -> tensor<64x64xf32, #mma>
  tile.return
}

// -----

// A in registers must be in the mma.sync A fragment of each warp's rows.
#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]>
#s = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#bl = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
tile.kernel @register_a(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %x = arith.constant dense<0.0> : tensor<64x64xf16, #bl>
  %y = layout.local_alloc : !layout.memdesc<64x64xf16, #s>
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  // expected-error @below {{tile.dot with wgmma: operand A: lane bit 2 moves to [0, 32], the instruction needs [1, 0]}}
  %d = tile.dot %x, %y, %z : tensor<64x64xf16, #bl>, !layout.memdesc<64x64xf16, #s> -> tensor<64x64xf32, #mma>
  tile.return
}

// -----

#s = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#bl = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
tile.kernel @shared_operand_on_cuda_cores(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %x = layout.local_alloc : !layout.memdesc<64x64xf16, #s>
  %y = layout.local_alloc : !layout.memdesc<64x64xf16, #s>
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #bl>
  // expected-error @below {{tile.dot: operand A in shared memory needs a version 3 #layout.nvmma accumulator (wgmma)}}
  %d = tile.dot %x, %y, %z : !layout.memdesc<64x64xf16, #s>, !layout.memdesc<64x64xf16, #s> -> tensor<64x64xf32, #bl>
  tile.return
}

// -----

#bl = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
tile.kernel @fp8_on_cuda_cores(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %x = arith.constant dense<0.0> : tensor<32x32xf8E4M3FN, #bl>
  %y = arith.constant dense<0.0> : tensor<32x32xf8E4M3FN, #bl>
  %z = arith.constant dense<0.0> : tensor<32x32xf32, #bl>
  // expected-error @below {{tile.dot: fp8 inputs need tensor cores; give the result an #layout.nvmma layout}}
  %d = tile.dot %x, %y, %z : tensor<32x32xf8E4M3FN, #bl>, tensor<32x32xf8E4M3FN, #bl> -> tensor<32x32xf32, #bl>
  tile.return
}

// -----

// On the CUDA cores each thread must hold whole rows of A and columns of B
// of the accumulator elements it owns: operands in the accumulator's own
// blocked layout do not.
#bl = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
tile.kernel @fma_operand_layouts(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %x = arith.constant dense<0.0> : tensor<32x32xf16, #bl>
  %y = arith.constant dense<0.0> : tensor<32x32xf16, #bl>
  %z = arith.constant dense<0.0> : tensor<32x32xf32, #bl>
  // expected-error @below {{tile.dot on CUDA cores: operand A: lane bit 0 does not follow the accumulator (each thread must hold whole rows of A and columns of B); use #layout.dot_operand layouts whose parent is the result's layout}}
  %d = tile.dot %x, %y, %z : tensor<32x32xf16, #bl>, tensor<32x32xf16, #bl> -> tensor<32x32xf32, #bl>
  tile.return
}
