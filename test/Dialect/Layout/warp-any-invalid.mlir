// RUN: tile-opt %s -split-input-file -verify-diagnostics

// layout.warp_any: an operand without a distributed layout, a layout that
// does not fit the shape, a non-i1, unranked or empty operand, and a
// barrier under a branch on the vote (some warps skip it: a hang).

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

// -----

func.func @unranked(%a: tensor<*xi1>) -> i1 {
  // expected-error @+1 {{'layout.warp_any' op needs a ranked tensor with a distributed layout, got 'tensor<*xi1>'}}
  %0 = layout.warp_any %a : tensor<*xi1>
  return %0 : i1
}

// -----

#blocked = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

func.func @empty(%a: tensor<0xi1, #blocked>) -> i1 {
  // expected-error @+1 {{'layout.warp_any' op needs at least one element, got 'tensor<0xi1, #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>'}}
  %0 = layout.warp_any %a : tensor<0xi1, #blocked>
  return %0 : i1
}

// -----

#blocked = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

func.func @barrier_under_vote(%a: tensor<128xi1, #blocked>) {
  // expected-note @+1 {{layout.warp_any is here}}
  %any = layout.warp_any %a : tensor<128xi1, #blocked>
  %none = arith.xori %any, %any : i1
  // expected-note @+1 {{this scf.if depends on layout.warp_any}}
  scf.if %none {
    // expected-error @+1 {{layout.barrier under a branch on layout.warp_any: the result differs between warps, the warps that skip the branch never arrive and the kernel hangs; move the barrier out of the branch}}
    layout.barrier
  }
  return
}

// -----

// A barrier beside the branch on the vote is legal.

#blocked = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

func.func @barrier_beside_vote(%a: tensor<128xi1, #blocked>, %x: tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked> {
  %any = layout.warp_any %a : tensor<128xi1, #blocked>
  layout.barrier
  %r = scf.if %any -> (tensor<128xf32, #blocked>) {
    %y = arith.addf %x, %x : tensor<128xf32, #blocked>
    scf.yield %y : tensor<128xf32, #blocked>
  } else {
    scf.yield %x : tensor<128xf32, #blocked>
  }
  return %r : tensor<128xf32, #blocked>
}
