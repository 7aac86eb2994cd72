// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm -verify-diagnostics

// A kernel over the 227 KiB of shared memory a CTA can have: a located
// error with one note per buffer.
#s = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
// expected-error @+1 {{the kernel needs 262144 bytes of shared memory, more than the 232448 (227 KiB) a CTA can have: 0 bytes of scratch for layout conversions and reductions, and 2 layout.local_alloc buffer(s); use fewer slots or smaller tiles}}
tile.kernel @too_big() attributes {num_warps = 4 : i32} {
  // expected-note @+1 {{this buffer takes 196608 bytes (at offset 0)}}
  %a = layout.local_alloc : !layout.memdesc<3x128x128xf32, #s>
  // expected-note @+1 {{this buffer takes 65536 bytes (at offset 196608)}}
  %b = layout.local_alloc : !layout.memdesc<128x128xf32, #s>
  tile.return
}

// -----

#s = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
llvm.func @outside() {
  // expected-error @+1 {{layout.local_alloc must be inside a tile.kernel (shared memory is allocated per kernel)}}
  %a = layout.local_alloc : !layout.memdesc<32xf32, #s>
  llvm.return
}
