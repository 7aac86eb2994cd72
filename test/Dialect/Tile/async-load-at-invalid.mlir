// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Every diagnostic of tile.async_load_at.

#nvmma = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
tile.kernel @offsets(%a: !tile.ptr<f16>, %m: i32, %i: i32) attributes {num_warps = 8 : i32} {
  %v = tile.make_view %a, shape [%m, %m] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %buf = layout.local_alloc : !layout.memdesc<128x64xf16, #nvmma>
  // expected-error @below {{'tile.async_load_at' op has 1 offsets but the view '!tile.view<?x?xf16>' has rank 2}}
  tile.async_load_at %v[%i], %buf : !tile.view<?x?xf16> -> !layout.memdesc<128x64xf16, #nvmma>
  tile.return
}

// -----

#nvmma = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
tile.kernel @slots(%a: !tile.ptr<f16>, %m: i32, %i: i32) attributes {num_warps = 8 : i32} {
  %v = tile.make_view %a, shape [%m, %m] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %buf = layout.local_alloc : !layout.memdesc<2x128x64xf16, #nvmma>
  // expected-error @below {{'tile.async_load_at' op needs one slot, but '!layout.memdesc<2x128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>' has 1 buffer dim(s); take a slot with layout.memdesc_index first}}
  tile.async_load_at %v[%i, %i], %buf : !tile.view<?x?xf16> -> !layout.memdesc<2x128x64xf16, #nvmma>
  tile.return
}

// -----

#nvmma = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
tile.kernel @element(%a: !tile.ptr<f32>, %m: i32, %i: i32) attributes {num_warps = 8 : i32} {
  %v = tile.make_view %a, shape [%m, %m] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %buf = layout.local_alloc : !layout.memdesc<128x64xf16, #nvmma>
  // expected-error @below {{element type}}
  tile.async_load_at %v[%i, %i], %buf : !tile.view<?x?xf32> -> !layout.memdesc<128x64xf16, #nvmma>
  tile.return
}

// -----

#nvmma = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
tile.kernel @dims(%a: !tile.ptr<f16>, %m: i32, %i: i32) attributes {num_warps = 8 : i32} {
  %v = tile.make_view %a, shape [%m, %m, %m] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %buf = layout.local_alloc : !layout.memdesc<128x64xf16, #nvmma>
  // expected-error @below {{'tile.async_load_at' op dims [2, 1] is not strictly increasing; tile dims keep the view's axis order (to transpose, load with tile.load_tile's `order`)}}
  tile.async_load_at %v[%i, %i, %i] dims [2, 1], %buf : !tile.view<?x?x?xf16> -> !layout.memdesc<128x64xf16, #nvmma>
  tile.return
}

// -----

#nvmma = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#blocked4 = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
tile.kernel @warps(%a: !tile.ptr<f16>, %m: i32, %i: i32) attributes {num_warps = 8 : i32} {
  %v = tile.make_view %a, shape [%m, %m] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %buf = layout.local_alloc : !layout.memdesc<128x64xf16, #nvmma>
  // expected-error @below {{has 4 warps but the kernel has num_warps = 8}}
  tile.async_load_at %v[%i, %i], %buf {layout = #blocked4} : !tile.view<?x?xf16> -> !layout.memdesc<128x64xf16, #nvmma>
  tile.return
}
