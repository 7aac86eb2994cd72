// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Every diagnostic of !layout.memdesc and the shared-memory ops.

#blocked = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// expected-error @+1 {{the layout of !layout.memdesc must be a shared layout (#layout.swizzled_shared, #layout.strided, ...), got #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>}}
func.func private @f(!layout.memdesc<128xf32, #blocked>)

// -----

// expected-error @+1 {{!layout.memdesc holds integer or floating-point elements, not 'index'}}
func.func private @f(!layout.memdesc<128xindex, #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>>)

// -----

// expected-error @+1 {{!layout.memdesc extents must be positive, got 0}}
func.func private @f(!layout.memdesc<0x128xf32, #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>>)

// -----

// expected-error @+1 {{the layout #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]> fits no trailing dims of the shape: }}
func.func private @f(!layout.memdesc<100xf32, #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>>)

// -----

// expected-error @+1 {{the layout #layout.strided<(4,4):(1,2)> fits no trailing dims of the shape: the strided layout (4,4):(1,2) has no linear form: to_linear_layout: (4,4):(1,2) is not F2-linear: two index bits both map to offset 2 (their sum would carry)}}
func.func private @f(!layout.memdesc<4x4xf32, #layout.strided<(4,4):(1,2)>>)

// -----

#blocked = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#shared = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
func.func @f(%t: tensor<64xf32, #blocked>) {
  // expected-error @+1 {{'layout.local_alloc' op the source 'tensor<64xf32, #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>' and the buffer '!layout.memdesc<128xf32, #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>>' must have the same shape and element type}}
  %m = layout.local_alloc %t : tensor<64xf32, #blocked> -> !layout.memdesc<128xf32, #shared>
  return
}

// -----

#shared = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
func.func @f(%t: tensor<128xf32>) {
  // expected-error @+1 {{'layout.local_alloc' op the source 'tensor<128xf32>' needs a distributed layout encoding (#layout.blocked, #layout.linear, ...)}}
  %m = layout.local_alloc %t : tensor<128xf32> -> !layout.memdesc<128xf32, #shared>
  return
}

// -----

#shared = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
func.func @f(%m: !layout.memdesc<2x128xf32, #shared>) {
  // expected-error @+1 {{'layout.local_load' op needs one slot, but '!layout.memdesc<2x128xf32, #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>>' has 1 buffer dim(s); take a slot with layout.memdesc_index first}}
  %t = layout.local_load %m : !layout.memdesc<2x128xf32, #shared> -> tensor<2x128xf32, #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>>
  return
}

// -----

#shared = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
#linear = #layout.linear<register = [], lane = [[1], [2], [4], [8], [16]], warp = [[32], [64]]>
func.func @f(%m: !layout.memdesc<128xf16, #shared>) {
  // expected-error @+1 {{'layout.local_load' op the result 'tensor<128xf32, #layout.linear<register = [], lane = [[1], [2], [4], [8], [16]], warp = [[32], [64]]>>' and the buffer '!layout.memdesc<128xf16, #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>>' must have the same shape and element type}}
  %t = layout.local_load %m : !layout.memdesc<128xf16, #shared> -> tensor<128xf32, #linear>
  return
}

// -----

#shared = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
#linear = #layout.linear<register = [], lane = [[1], [2], [4], [8], [16]], warp = [[32]]>
func.func @f(%m: !layout.memdesc<128xf32, #shared>) {
  // expected-error @+1 {{'layout.local_load' op the layout of the result does not fit: the #layout.linear bases describe a tensor of shape 64, not 128: a linear layout is defined for one shape}}
  %t = layout.local_load %m : !layout.memdesc<128xf32, #shared> -> tensor<128xf32, #linear>
  return
}

// -----

#blocked = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#shared = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
func.func @f(%t: tensor<64xf32, #blocked>, %m: !layout.memdesc<128xf32, #shared>) {
  // expected-error @+1 {{'layout.local_store' op the source 'tensor<64xf32, #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>' and the buffer '!layout.memdesc<128xf32, #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>>' must have the same shape and element type}}
  layout.local_store %t, %m : tensor<64xf32, #blocked> -> !layout.memdesc<128xf32, #shared>
  return
}

// -----

#shared = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
func.func @f(%m: !layout.memdesc<128xf32, #shared>, %i: i32) {
  // expected-error @+1 {{'layout.memdesc_index' op the source '!layout.memdesc<128xf32, #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>>' has no buffer dims (its layout describes every dim); index a buffer with a leading dim of slots, for example '!layout.memdesc<2x128xf32, #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>>'}}
  %s = layout.memdesc_index %m[%i] : !layout.memdesc<128xf32, #shared> -> !layout.memdesc<128xf32, #shared>
  return
}

// -----

#shared = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
func.func @f(%m: !layout.memdesc<2x128xf32, #shared>, %i: i32) {
  // expected-error @+1 {{'layout.memdesc_index' op the result must be the source without its first dim, '!layout.memdesc<128xf32, #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>>', not '!layout.memdesc<128xf16, #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>>'}}
  %s = layout.memdesc_index %m[%i] : !layout.memdesc<2x128xf32, #shared> -> !layout.memdesc<128xf16, #shared>
  return
}

// -----

#shared = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
func.func @f(%m: !layout.memdesc<2x128xf32, #shared>) {
  %c = arith.constant 2 : i32
  // expected-error @+1 {{'layout.memdesc_index' op slot index 2 is out of range: the buffer has 2 slots (0 to 1)}}
  %s = layout.memdesc_index %m[%c] : !layout.memdesc<2x128xf32, #shared> -> !layout.memdesc<128xf32, #shared>
  return
}

// -----

#row = #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
func.func @f(%m: !layout.memdesc<64x32xf16, #row>) {
  // expected-error @+1 {{'layout.memdesc_trans' op order must be a permutation of 0..1 (one entry per dim of '!layout.memdesc<64x32xf16, #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>>')}}
  %t = layout.memdesc_trans %m {order = array<i32: 1, 1>} : !layout.memdesc<64x32xf16, #row> -> !layout.memdesc<32x64xf16, #row>
  return
}

// -----

#row = #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
func.func @f(%m: !layout.memdesc<64x32xf16, #row>) {
  // expected-error @+1 {{'layout.memdesc_trans' op the result layout #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]> does not place the elements where the source layout does; write '!layout.memdesc<32x64xf16, #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]>>'}}
  %t = layout.memdesc_trans %m {order = array<i32: 1, 0>} : !layout.memdesc<64x32xf16, #row> -> !layout.memdesc<32x64xf16, #row>
  return
}

// -----

#row = #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
func.func @f(%m: !layout.memdesc<64x32xf16, #row>) {
  // expected-error @+1 {{'layout.memdesc_trans' op the result must have the source's element type and its dims permuted by order; write '!layout.memdesc<32x64xf16, #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]>>'}}
  %t = layout.memdesc_trans %m {order = array<i32: 1, 0>} : !layout.memdesc<64x32xf16, #row> -> !layout.memdesc<64x32xf16, #row>
  return
}

// -----

#row = #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
func.func @f(%m: !layout.memdesc<2x64x32xf16, #row>) {
  // expected-error @+1 {{'layout.memdesc_trans' op order must keep the 1 buffer dim(s) of '!layout.memdesc<2x64x32xf16, #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>>' in place; transpose the slot dims only}}
  %t = layout.memdesc_trans %m {order = array<i32: 1, 0, 2>} : !layout.memdesc<2x64x32xf16, #row> -> !layout.memdesc<64x2x32xf16, #row>
  return
}
