// RUN: tile-opt %s -split-input-file -verify-diagnostics

// One case per diagnostic of tile.dot and tile.dot_wait.

func.func @shapes(%a: tensor<16x32xf16>, %b: tensor<16x8xf16>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{'tile.dot' op shapes do not multiply: A is 16x32, B is 16x8, C is 16x8; A must be MxK, B KxN and C MxN}}
  %d = tile.dot %a, %b, %c : tensor<16x32xf16>, tensor<16x8xf16> -> tensor<16x8xf32>
  return
}

// -----

func.func @batch(%a: tensor<2x16x16xf16>, %b: tensor<3x16x8xf16>, %c: tensor<2x16x8xf32>) {
  // expected-error @+1 {{'tile.dot' op shapes do not multiply: A is 2x16x16, B is 3x16x8, C is 2x16x8; A must be BxMxK, B BxKxN and C BxMxN}}
  %d = tile.dot %a, %b, %c : tensor<2x16x16xf16>, tensor<3x16x8xf16> -> tensor<2x16x8xf32>
  return
}

// -----

func.func @rank(%a: tensor<16xf16>, %b: tensor<16xf16>, %c: tensor<16xf32>) {
  // expected-error @+1 {{'tile.dot' op multiplies matrices of rank 2, or 3 with a leading batch dim; the accumulator has rank 1}}
  %d = tile.dot %a, %b, %c : tensor<16xf16>, tensor<16xf16> -> tensor<16xf32>
  return
}

// -----

func.func @rank_mismatch(%a: tensor<1x16x16xf16>, %b: tensor<16x8xf16>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{'tile.dot' op A (rank 3), B (rank 2) and C (rank 2) must have the same rank}}
  %d = tile.dot %a, %b, %c : tensor<1x16x16xf16>, tensor<16x8xf16> -> tensor<16x8xf32>
  return
}

// -----

func.func @f64(%a: tensor<16x16xf64>, %b: tensor<16x8xf64>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{'tile.dot' op multiplies f16, bf16, f32, f8E4M3FN, f8E5M2 or i8 elements, not 'f64'; convert the operand with arith.extf/truncf}}
  %d = tile.dot %a, %b, %c : tensor<16x16xf64>, tensor<16x8xf64> -> tensor<16x8xf32>
  return
}

// -----

func.func @mixed(%a: tensor<16x16xf16>, %b: tensor<16x8xbf16>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{'tile.dot' op A and B must have the same element type (two fp8 kinds may differ), got 'f16' and 'bf16'; convert one of them}}
  %d = tile.dot %a, %b, %c : tensor<16x16xf16>, tensor<16x8xbf16> -> tensor<16x8xf32>
  return
}

// -----

func.func @fp8_mixed_ok(%a: tensor<16x32xf8E4M3FN>, %b: tensor<32x8xf8E5M2>, %c: tensor<16x8xf32>) {
  %d = tile.dot %a, %b, %c : tensor<16x32xf8E4M3FN>, tensor<32x8xf8E5M2> -> tensor<16x8xf32>
  return
}

// -----

func.func @f16_acc(%a: tensor<16x16xf16>, %b: tensor<16x8xf16>, %c: tensor<16x8xf16>) {
  // expected-error @+1 {{'tile.dot' op float inputs accumulate in f32, not 'f16'; truncate the result after the dot}}
  %d = tile.dot %a, %b, %c : tensor<16x16xf16>, tensor<16x8xf16> -> tensor<16x8xf16>
  return
}

// -----

func.func @i8_acc(%a: tensor<16x32xi8>, %b: tensor<32x8xi8>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{'tile.dot' op i8 inputs accumulate in i32, not 'f32'}}
  %d = tile.dot %a, %b, %c : tensor<16x32xi8>, tensor<32x8xi8> -> tensor<16x8xf32>
  return
}

// -----

func.func @precision(%a: tensor<16x16xf16>, %b: tensor<16x8xf16>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{'tile.dot' op input_precision applies to f32 inputs only; remove it for 'f16'}}
  %d = tile.dot %a, %b, %c input_precision = ieee : tensor<16x16xf16>, tensor<16x8xf16> -> tensor<16x8xf32>
  return
}

// -----

func.func @operand_kind(%a: f16, %b: tensor<16x8xf16>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{'tile.dot' op operand A must be a ranked tensor or a !layout.memdesc, got 'f16'}}
  %d = tile.dot %a, %b, %c : f16, tensor<16x8xf16> -> tensor<16x8xf32>
  return
}

// -----

#l = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>
func.func @partial_layouts(%a: tensor<16x16xf16, #l>, %b: tensor<16x8xf16>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{'tile.dot' op give layouts to all of A, B and C or to none (layout assignment chooses them)}}
  %d = tile.dot %a, %b, %c : tensor<16x16xf16, #l>, tensor<16x8xf16> -> tensor<16x8xf32>
  return
}

// -----

func.func @wait(%d: tensor<16x8xf32>) {
  // expected-error @+1 {{'tile.dot_wait' op pendings must be >= 0, got -1}}
  %r = tile.dot_wait %d {pendings = -1 : i32} : tensor<16x8xf32>
  return
}

// -----

// Shared-memory operands always carry a layout, so "none" is no option:
// the message names the accumulator layout to write.
#s = #layout.nvmma_shared<swizzlingByteWidth = 128, elementBitWidth = 16>
func.func @memdesc_without_acc_layout(%a: !layout.memdesc<128x64xf16, #s>, %b: !layout.memdesc<64x128xf16, #s>, %c: tensor<128x128xf32>) {
  // expected-error @+1 {{'tile.dot' op an operand in shared memory needs an accumulator with a layout: give C (and the result) a wgmma accumulator layout such as #layout.nvmma<versionMajor = 3, ...>, or load the operand into registers (layout.local_load) and leave every layout to layout assignment}}
  %d = tile.dot %a, %b, %c : !layout.memdesc<128x64xf16, #s>, !layout.memdesc<64x128xf16, #s> -> tensor<128x128xf32>
  return
}

// -----

// What may take an asynchronous dot's result: a tile.dot_wait, the
// accumulator of the next dot (wgmma chains on it) and scf.yield (a wait
// in the next iteration or after the loop). No diagnostic.
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]>
func.func @async_allowed_uses(%sa: !layout.memdesc<64x64xf16, #nv>, %sb: !layout.memdesc<64x64xf16, #nv>,
                              %z: tensor<64x64xf32, #mma>, %n: index) -> tensor<64x64xf32, #mma> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<64x64xf32, #mma>) {
    %d = tile.dot %sa, %sb, %acc async : !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv> -> tensor<64x64xf32, #mma>
    %e = tile.dot %sa, %sb, %d async : !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv> -> tensor<64x64xf32, #mma>
    scf.yield %e : tensor<64x64xf32, #mma>
  }
  %w = tile.dot_wait %r {pendings = 0 : i32} : tensor<64x64xf32, #mma>
  return %w : tensor<64x64xf32, #mma>
}

// -----

// Through scf.yield: the loop's result is the last asynchronous dot's, and
// reading it after the loop without a wait is the same mistake.
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]>
func.func @async_loop_result_read(%sa: !layout.memdesc<64x64xf16, #nv>, %sb: !layout.memdesc<64x64xf16, #nv>,
                                  %z: tensor<64x64xf32, #mma>, %n: index) -> tensor<64x64xf16, #mma> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<64x64xf32, #mma>) {
    // expected-error @+1 {{'tile.dot' op result is read by 'arith.truncf' before a tile.dot_wait: an asynchronous dot may still be writing it; pass it through tile.dot_wait (pendings = 0) and use the value tile.dot_wait returns, or drop 'async'}}
    %d = tile.dot %sa, %sb, %acc async : !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  }
  // expected-note @+1 {{read here}}
  %h = arith.truncf %r : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
  return %h : tensor<64x64xf16, #mma>
}
