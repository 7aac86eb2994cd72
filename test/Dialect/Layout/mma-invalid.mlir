// RUN: tile-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

// Every diagnostic of #layout.nvmma, #layout.dot_operand and
// #layout.nvmma_shared, one case each.

//===----------------------------------------------------------------------===//
// nvmma
//===----------------------------------------------------------------------===//

// expected-error @+1 {{versionMajor = 1 is not supported: use 2 (mma.sync, sm_80 and later) or 3 (wgmma, sm_90a)}}
"test.use"() {a = #layout.nvmma<versionMajor = 1, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]>} : () -> ()

// -----

// expected-error @+1 {{versionMinor = 1 is not supported: use versionMinor = 0}}
"test.use"() {a = #layout.nvmma<versionMajor = 2, versionMinor = 1, warpsPerCTA = [4, 1], instrShape = [16, 8]>} : () -> ()

// -----

// expected-error @+1 {{#layout.nvmma needs 'instrShape = [...]'}}
"test.use"() {a = #layout.nvmma<versionMajor = 2, warpsPerCTA = [4, 1]>} : () -> ()

// -----

// expected-error @+1 {{unknown key 'instr' in #layout.nvmma; expected one of: versionMajor, versionMinor, warpsPerCTA, instrShape, CTAsPerCGA, CTASplitNum, CTAOrder}}
"test.use"() {a = #layout.nvmma<versionMajor = 2, warpsPerCTA = [4, 1], instr = [16, 8]>} : () -> ()

// -----

// expected-error @+1 {{warpsPerCTA has 4 entries: #layout.nvmma with versionMajor = 2 has rank 2, or 3 with a leading batch dim}}
"test.use"() {a = #layout.nvmma<versionMajor = 2, warpsPerCTA = [1, 1, 2, 2], instrShape = [1, 1, 16, 8]>} : () -> ()

// -----

// expected-error @+1 {{warpsPerCTA has 3 entries: #layout.nvmma with versionMajor = 3 has rank 2 (batched dots use versionMajor = 2)}}
"test.use"() {a = #layout.nvmma<versionMajor = 3, warpsPerCTA = [1, 4, 1], instrShape = [16, 64, 16]>} : () -> ()

// -----

// expected-error @+1 {{warpsPerCTA[1] = 3 is not a power of two (1, 2, 4, ...)}}
"test.use"() {a = #layout.nvmma<versionMajor = 2, warpsPerCTA = [4, 3], instrShape = [16, 8]>} : () -> ()

// -----

// expected-error @+1 {{instrShape = [16, 16] is not the mma.sync tile: versionMajor = 2 needs instrShape = [16, 8]}}
"test.use"() {a = #layout.nvmma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 16]>} : () -> ()

// -----

// expected-error @+1 {{instrShape = [16, 8] is not the mma.sync tile: versionMajor = 2 needs instrShape = [1, 16, 8]}}
"test.use"() {a = #layout.nvmma<versionMajor = 2, warpsPerCTA = [2, 2, 1], instrShape = [16, 8]>} : () -> ()

// -----

// expected-error @+1 {{instrShape = [16, 64] has 2 entries: versionMajor = 3 needs [16, N, K] (wgmma m64nNkK, 16 rows per warp)}}
"test.use"() {a = #layout.nvmma<versionMajor = 3, warpsPerCTA = [4, 1], instrShape = [16, 64]>} : () -> ()

// -----

// expected-error @+1 {{instrShape[0] = 64 must be 16 (each warp of a warpgroup holds 16 rows of the wgmma's 64)}}
"test.use"() {a = #layout.nvmma<versionMajor = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>} : () -> ()

// -----

// expected-error @+1 {{instrShape[1] = 12 is not a wgmma N: use a multiple of 8 from 8 to 256}}
"test.use"() {a = #layout.nvmma<versionMajor = 3, warpsPerCTA = [4, 1], instrShape = [16, 12, 16]>} : () -> ()

// -----

// expected-error @+1 {{instrShape[1] = 512 is not a wgmma N: use a multiple of 8 from 8 to 256}}
"test.use"() {a = #layout.nvmma<versionMajor = 3, warpsPerCTA = [4, 1], instrShape = [16, 512, 16]>} : () -> ()

// -----

// expected-error @+1 {{instrShape[2] = 64 is not a wgmma K: use 256 / input bits: 8 (tf32), 16 (f16, bf16) or 32 (fp8, i8)}}
"test.use"() {a = #layout.nvmma<versionMajor = 3, warpsPerCTA = [4, 1], instrShape = [16, 64, 64]>} : () -> ()

// -----

// expected-error @+1 {{warpsPerCTA = [2, 2]: wgmma runs on warpgroups of 4 warps stacked along M, so warpsPerCTA[0] must be a multiple of 4 (e.g. [4, 1])}}
"test.use"() {a = #layout.nvmma<versionMajor = 3, warpsPerCTA = [2, 2], instrShape = [16, 64, 16]>} : () -> ()

// -----

// expected-error @+1 {{CTASplitNum has 1 entries but warpsPerCTA has 2: give one entry per tensor dim}}
"test.use"() {a = #layout.nvmma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8], CTAsPerCGA = [2, 1], CTASplitNum = [2], CTAOrder = [1, 0]>} : () -> ()

// -----

//===----------------------------------------------------------------------===//
// dot_operand
//===----------------------------------------------------------------------===//

// expected-error @+1 {{opIdx = 2 is not an operand of a dot: use 0 (A, M x K) or 1 (B, K x N)}}
"test.use"() {a = #layout.dot_operand<opIdx = 2, parent = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]>, kWidth = 2>} : () -> ()

// -----

// expected-error @+1 {{#layout.dot_operand needs 'opIdx = 0|1'}}
"test.use"() {a = #layout.dot_operand<parent = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]>, kWidth = 2>} : () -> ()

// -----

// expected-error @+1 {{#layout.dot_operand needs 'parent = <#layout.nvmma or #layout.blocked>'}}
"test.use"() {a = #layout.dot_operand<opIdx = 0, kWidth = 2>} : () -> ()

// -----

// expected-error @+1 {{#layout.dot_operand with a #layout.nvmma parent needs 'kWidth = N' (32 / bits of the mma input type: 2 for f16/bf16, 4 for fp8/i8, 1 for tf32)}}
"test.use"() {a = #layout.dot_operand<opIdx = 0, parent = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]>>} : () -> ()

// -----

// expected-error @+1 {{kWidth = 0: a dot operand of #layout.nvmma needs kWidth = 32 / bits of the mma input type (2 for f16/bf16, 4 for fp8/i8, 1 for tf32)}}
"test.use"() {a = #layout.dot_operand<opIdx = 0, parent = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]>, kWidth = 0>} : () -> ()

// -----

// expected-error @+1 {{kWidth = 3 is not a power of two from 1 to 64 (2 for f16/bf16, 4 for fp8/i8, 1 for tf32)}}
"test.use"() {a = #layout.dot_operand<opIdx = 0, parent = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]>, kWidth = 3>} : () -> ()

// -----

// expected-error @+1 {{operand B of a wgmma (parent versionMajor = 3) is read from shared memory, not registers: keep B in a #layout.nvmma_shared buffer (only opIdx = 0 has a register layout)}}
"test.use"() {a = #layout.dot_operand<opIdx = 1, parent = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]>, kWidth = 2>} : () -> ()

// -----

// expected-error @+1 {{kWidth = 2 is not used with a #layout.blocked parent (the FMA path holds all of K per thread): omit kWidth}}
"test.use"() {a = #layout.dot_operand<opIdx = 0, parent = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>, kWidth = 2>} : () -> ()

// -----

// expected-error @+1 {{the #layout.blocked parent has rank 1; a dot operand has rank 2, or 3 with a leading batch dim}}
"test.use"() {a = #layout.dot_operand<opIdx = 0, parent = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>} : () -> ()

// -----

// expected-error @+1 {{the parent of #layout.dot_operand must be #layout.nvmma or #layout.blocked, got #layout.slice<dim = 0, parent = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>}}
"test.use"() {a = #layout.dot_operand<opIdx = 0, parent = #layout.slice<dim = 0, parent = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>>} : () -> ()

// -----

// expected-error @+1 {{the parent of #layout.dot_operand must be #layout.nvmma or #layout.blocked, got #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>}}
"test.use"() {a = #layout.dot_operand<opIdx = 0, parent = #layout.nvmma_shared<swizzlingByteWidth = 128, elementBitWidth = 16>, kWidth = 2>} : () -> ()

// -----

//===----------------------------------------------------------------------===//
// nvmma_shared
//===----------------------------------------------------------------------===//

// expected-error @+1 {{swizzlingByteWidth = 16 is not supported: use 0 (no swizzle), 32, 64 or 128}}
"test.use"() {a = #layout.nvmma_shared<swizzlingByteWidth = 16, transposed = false, elementBitWidth = 16>} : () -> ()

// -----

// expected-error @+1 {{elementBitWidth = 4 is not supported: use 8, 16 or 32 (the bits of the element type)}}
"test.use"() {a = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 4>} : () -> ()

// -----

// expected-error @+1 {{transposed must be 'true' or 'false'}}
"test.use"() {a = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = 1, elementBitWidth = 16>} : () -> ()

// -----

// expected-error @+1 {{#layout.nvmma_shared needs 'elementBitWidth = 8|16|32'}}
"test.use"() {a = #layout.nvmma_shared<swizzlingByteWidth = 128>} : () -> ()

// -----

// expected-error @+1 {{CTAOrder has 3 entries but #layout.nvmma_shared describes 2-D tiles: give two entries per CTA field}}
"test.use"() {a = #layout.nvmma_shared<swizzlingByteWidth = 128, elementBitWidth = 16, CTAsPerCGA = [2, 1, 1], CTASplitNum = [2, 1, 1], CTAOrder = [2, 1, 0]>} : () -> ()
