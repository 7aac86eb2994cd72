// RUN: tile-opt %s -split-input-file -verify-diagnostics

// layout.warp_any: an operand without a distributed layout, a layout that
// does not fit the shape, and a non-i1 operand.

func.func @no_layout(%a: tensor<128xi1>) -> i1 {
  // expected-error @+1 {{'layout.warp_any' op needs a distributed layout encoding on its operand (#layout.blocked, #layout.slice, #layout.linear, #layout.nvmma), got 'tensor<128xi1>': which elements a warp holds is the layout's}}
  %0 = layout.warp_any %a : tensor<128xi1>
  return %0 : i1
}

// -----

#shared = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>

func.func @shared_layout(%a: tensor<128xi1, #shared>) -> i1 {
  // expected-error @+1 {{'layout.warp_any' op needs a distributed layout encoding on its operand (#layout.blocked, #layout.slice, #layout.linear, #layout.nvmma), got 'tensor<128xi1, #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>>': which elements a warp holds is the layout's}}
  %0 = layout.warp_any %a : tensor<128xi1, #shared>
  return %0 : i1
}

// -----

#blocked2 = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]>

func.func @rank_mismatch(%a: tensor<128xi1, #blocked2>) -> i1 {
  // expected-error @+1 {{'layout.warp_any' op operand layout does not fit: }}
  %0 = layout.warp_any %a : tensor<128xi1, #blocked2>
  return %0 : i1
}

// -----

#blocked = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

func.func @not_i1(%a: tensor<128xi32, #blocked>) -> i1 {
  // expected-error @+1 {{'layout.warp_any' op operand #0 must be tensor of 1-bit signless integer values, but got 'tensor<128xi32, #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>'}}
  %0 = layout.warp_any %a : tensor<128xi32, #blocked>
  return %0 : i1
}
