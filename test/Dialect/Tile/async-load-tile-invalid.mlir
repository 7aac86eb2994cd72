// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Every diagnostic of tile.async_load_tile.

#nvmma = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>

tile.kernel @k(%a: !tile.ptr<f16>, %m: i32, %i: i32) {
  %v = tile.make_view %a, shape [%m, %m] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %buf = layout.local_alloc : !layout.memdesc<64x64xf16, #nvmma>
  // expected-error @+1 {{'tile.async_load_tile' op padding = nan is not possible: cp.async fills elements outside the view with zeros; use padding = zero (or tile.load_tile + layout.local_store for other padding values)}}
  tile.async_load_tile %v[%i, %i] padding = nan, %buf : !tile.view<?x?xf16> -> !layout.memdesc<64x64xf16, #nvmma>
  tile.return
}

// -----

#nvmma = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>

tile.kernel @k(%a: !tile.ptr<f16>, %m: i32, %i: i32) {
  %v = tile.make_view %a, shape [%m, %m] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %buf = layout.local_alloc : !layout.memdesc<64x64xf16, #nvmma>
  // expected-error @+1 {{'tile.async_load_tile' op has 1 indices but the view '!tile.view<?x?xf16>' has rank 2; give one index per view dimension}}
  tile.async_load_tile %v[%i], %buf : !tile.view<?x?xf16> -> !layout.memdesc<64x64xf16, #nvmma>
  tile.return
}

// -----

#nvmma = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>

tile.kernel @k(%a: !tile.ptr<f32>, %m: i32, %i: i32) {
  %v = tile.make_view %a, shape [%m, %m] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %buf = layout.local_alloc : !layout.memdesc<64x64xf16, #nvmma>
  // expected-error @+1 {{'tile.async_load_tile' op the buffer '!layout.memdesc<64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>' must have the view's rank and element type ('!tile.view<?x?xf32>'): it holds one tile of the view}}
  tile.async_load_tile %v[%i, %i], %buf : !tile.view<?x?xf32> -> !layout.memdesc<64x64xf16, #nvmma>
  tile.return
}

// -----

#nvmma = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>

tile.kernel @k(%a: !tile.ptr<f16>, %m: i32, %i: i32) {
  %v = tile.make_view %a, shape [%m, %m] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %buf = layout.local_alloc : !layout.memdesc<2x64x64xf16, #nvmma>
  // expected-error @+1 {{'tile.async_load_tile' op needs one slot, but '!layout.memdesc<2x64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>' has 1 buffer dim(s); take a slot with layout.memdesc_index first}}
  tile.async_load_tile %v[%i, %i], %buf : !tile.view<?x?xf16> -> !layout.memdesc<2x64x64xf16, #nvmma>
  tile.return
}

// -----

// The default layout of 8 warps cannot cover an 8x8 tile without copies.
#shared = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>

tile.kernel @k(%a: !tile.ptr<f16>, %m: i32, %i: i32) attributes {num_warps = 8 : i32} {
  %v = tile.make_view %a, shape [%m, %m] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %buf = layout.local_alloc : !layout.memdesc<8x8xf16, #shared>
  // expected-error @+1 {{'tile.async_load_tile' op (default copy layout #layout.blocked<sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 8], order = [1, 0]>; give one with {layout = ...}) the copy layout #layout.blocked<sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 8], order = [1, 0]> gives elements of the 8x8 tile to several warps (bit 0 of the warp id moves to no other element), so two threads would copy the same element; use a layout with fewer warps along the dims, or a larger tile}}
  tile.async_load_tile %v[%i, %i], %buf : !tile.view<?x?xf16> -> !layout.memdesc<8x8xf16, #shared>
  tile.return
}

// -----

#blocked = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#nvmma = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>

tile.kernel @k(%a: !tile.ptr<f16>, %m: i32, %i: i32) attributes {num_warps = 8 : i32} {
  %v = tile.make_view %a, shape [%m, %m] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %buf = layout.local_alloc : !layout.memdesc<64x64xf16, #nvmma>
  // expected-error @+1 {{'tile.async_load_tile' op the copy layout #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]> has 4 warps but the kernel has num_warps = 8}}
  tile.async_load_tile %v[%i, %i], %buf {layout = #blocked} : !tile.view<?x?xf16> -> !layout.memdesc<64x64xf16, #nvmma>
  tile.return
}
