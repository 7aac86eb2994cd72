// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Every diagnostic of layout.async_copy_global_to_local and async_wait.

#blocked = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>

func.func @f(%p: tensor<64x64xi64, #blocked>, %s: !layout.memdesc<64x64xf16, #shared>) {
  // expected-error @+1 {{'layout.async_copy_global_to_local' op the pointers 'tensor<64x64xi64, #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>' must be a tensor of typed pointers to global memory, for example tensor<64x64x!tile.ptr<f16>>}}
  layout.async_copy_global_to_local %p, %s : tensor<64x64xi64, #blocked> -> !layout.memdesc<64x64xf16, #shared>
  return
}

// -----

#blocked = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>

func.func @f(%p: tensor<64x64x!tile.ptr<f32>, #blocked>, %s: !layout.memdesc<64x64xf16, #shared>) {
  // expected-error @+1 {{'layout.async_copy_global_to_local' op the pointers 'tensor<64x64x!tile.ptr<f32>, #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>' must point to 'f16' elements and have the shape of the buffer '!layout.memdesc<64x64xf16, #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>>'}}
  layout.async_copy_global_to_local %p, %s : tensor<64x64x!tile.ptr<f32>, #blocked> -> !layout.memdesc<64x64xf16, #shared>
  return
}

// -----

#blocked = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>

func.func @f(%p: tensor<64x64x!tile.ptr<f16>, #blocked>, %s: !layout.memdesc<2x64x64xf16, #shared>) {
  // expected-error @+1 {{'layout.async_copy_global_to_local' op needs one slot, but '!layout.memdesc<2x64x64xf16, #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>>' has 1 buffer dim(s); take a slot with layout.memdesc_index first}}
  layout.async_copy_global_to_local %p, %s : tensor<64x64x!tile.ptr<f16>, #blocked> -> !layout.memdesc<2x64x64xf16, #shared>
  return
}

// -----

#shared = #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>

func.func @f(%p: tensor<64x64x!tile.ptr<f16>>, %s: !layout.memdesc<64x64xf16, #shared>) {
  // expected-error @+1 {{'layout.async_copy_global_to_local' op the copy needs a distributed layout (#layout.blocked, #layout.linear, ...) that says which thread copies which element, not <<NULL ATTRIBUTE>>}}
  layout.async_copy_global_to_local %p, %s : tensor<64x64x!tile.ptr<f16>> -> !layout.memdesc<64x64xf16, #shared>
  return
}

// -----

// 4 warps x 32 lanes x 8 elements = 1024 elements for a 16x16 tile: the
// layout wraps and threads share elements.
#blocked = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>

func.func @f(%p: tensor<16x16x!tile.ptr<f16>, #blocked>, %s: !layout.memdesc<16x16xf16, #shared>) {
  // expected-error @+1 {{'layout.async_copy_global_to_local' op the copy layout #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]> gives elements of the 16x16 tile to several lanes (bit 1 of the lane id moves to no other element), so two threads would copy the same element; use a layout with fewer lanes along the dims, or a larger tile}}
  layout.async_copy_global_to_local %p, %s : tensor<16x16x!tile.ptr<f16>, #blocked> -> !layout.memdesc<16x16xf16, #shared>
  return
}

// -----

#blocked = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>

// expected-note @+1 {{prior use here}}
func.func @f(%p: tensor<64x64x!tile.ptr<f16>, #blocked>, %m: tensor<64x64xi1>, %s: !layout.memdesc<64x64xf16, #shared>) {
  // expected-error @+1 {{use of value '%m' expects different type than prior uses: 'tensor<64x64xi1, #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>' vs 'tensor<64x64xi1>'}}
  layout.async_copy_global_to_local %p, %s mask %m : tensor<64x64x!tile.ptr<f16>, #blocked> -> !layout.memdesc<64x64xf16, #shared>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'layout.async_wait' op attribute 'num' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
  layout.async_wait {num = -1 : i32}
  return
}
