// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm="arch=sm_90" -verify-diagnostics

// What convert-tile-to-llvm cannot lower that invalid.mlir does not reach:
// each is a located error saying what to write instead, before any
// rewriting. And a TMA descriptor whose view the launcher cannot describe,
// and a TMA op outside a kernel.

#bl = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
tile.kernel @index_tensor(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  // expected-error @below {{tensors of index cannot be lowered; use i32 or i64 elements}}
  %x = arith.constant dense<1> : tensor<128xindex, #bl>
  tile.return
}

// -----

#bl = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
tile.kernel @non_splat(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  // expected-error @below {{only splat tensor constants can be lowered; build other tensors with tile.arange and elementwise ops}}
  %x = arith.constant dense<[1.0, 2.0]> : tensor<2xf32, #bl>
  tile.return
}

// -----

#bl = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
tile.kernel @f64_math(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %x = arith.constant dense<1.0> : tensor<128xf64, #bl>
  // expected-error @below {{'math.exp' on f64 is not supported by the NVPTX lowering (f32, f16 and bf16 have exp, exp2, expm1, log, log2, log10, sin, cos, tanh, erf, sqrt, rsqrt, abs, fma, rounding and copysign)}}
  %y = math.exp %x : tensor<128xf64, #bl>
  tile.return
}

// -----

#bl = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
tile.kernel @integer_math(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %x = arith.constant dense<3> : tensor<128xi32, #bl>
  // expected-error @below {{'math.ipowi' is not supported by the NVPTX lowering}}
  %y = math.ipowi %x, %x : tensor<128xi32, #bl>
  tile.return
}

// -----

#bl = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
tile.kernel @unranked(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %x = arith.constant dense<3> : tensor<128xi32, #bl>
  // expected-error @below {{unranked tensors cannot be lowered}}
  %y = tensor.cast %x : tensor<128xi32, #bl> to tensor<*xi32>
  tile.return
}

// -----

#sh = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
tile.kernel @shared_layout_tensor(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  // expected-error @below {{the layout of tensor<128xf32, #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>> is not a distributed layout that fits its shape}}
  %x = arith.constant dense<1.0> : tensor<128xf32, #sh>
  tile.return
}

// -----

// The view is chosen at run time between two: the launcher could not tell
// which one to describe.
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
tile.kernel @selected_view(%p: !tile.ptr<f16>, %q: !tile.ptr<f16>, %m: i32, %c: i1) {
  %v = tile.make_view %p, shape [%m, 64] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %w = tile.make_view %q, shape [%m, 64] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %s = arith.select %c, %v, %w : !tile.view<?x64xf16>
  // expected-error @below {{the view of a TMA descriptor must be made by tile.make_view in this kernel (the launcher builds the descriptor from its pointer, extents and strides)}}
  %d = tile.make_tensor_desc %s : !tile.view<?x64xf16> -> !layout.tensordesc<64x64xf16, #nv>
  tile.return
}

// -----

#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
tile.kernel @huge_extent(%p: !tile.ptr<f16>) {
  %v = tile.make_view %p, shape [8589934592, 64] : !tile.ptr<f16> -> !tile.view<8589934592x64xf16>
  // expected-error @below {{the view's dim 0 has extent 8589934592; TMA extents must be in 1..2^32}}
  %d = tile.make_tensor_desc %v : !tile.view<8589934592x64xf16> -> !layout.tensordesc<64x64xf16, #nv>
  tile.return
}

// -----

// expected-error @below {{'layout.fence_async_shared' must be inside a tile.kernel}}
layout.fence_async_shared
