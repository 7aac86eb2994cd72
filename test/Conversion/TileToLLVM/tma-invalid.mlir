// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm="arch=sm_90" -verify-diagnostics
// RUN: not tile-opt %s -split-input-file --convert-tile-to-llvm="arch=sm_80" 2>&1 | FileCheck %s --check-prefix=SM80

// What a TMA descriptor's view must be for the launcher to build it, and
// the architecture TMA needs.

#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
tile.kernel @computed_extent(%p: !tile.ptr<f16>, %m: i32) {
  // expected-note @+1 {{computed here}}
  %m2 = arith.addi %m, %m : i32
  %v = tile.make_view %p, shape [%m2, 64] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  // expected-error @+1 {{the extent of dim 0 of this TMA descriptor's view is computed in the kernel; the launcher builds the descriptor from the kernel's arguments, so each extent and stride must be a kernel parameter or a constant}}
  %d = tile.make_tensor_desc %v : !tile.view<?x64xf16> -> !layout.tensordesc<64x64xf16, #nv>
  tile.return
}

// -----

#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
tile.kernel @unaligned_stride(%p: !tile.ptr<f16>, %m: i32) {
  %v = tile.make_view %p, shape [%m, 100], strides [100, 1] : !tile.ptr<f16> -> !tile.view<?x100xf16>
  // expected-error @+1 {{the view's dim 0 has stride 100 elements (200 bytes), which is not a multiple of 16 bytes as TMA requires; pad the rows to a multiple of 8 elements or use ordinary loads}}
  %d = tile.make_tensor_desc %v : !tile.view<?x100xf16> -> !layout.tensordesc<64x64xf16, #nv>
  tile.return
}

// -----

#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
tile.kernel @compact_unaligned(%p: !tile.ptr<f16>, %m: i32) {
  %v = tile.make_view %p, shape [%m, 17] : !tile.ptr<f16> -> !tile.view<?x17xf16>
  // expected-error @+1 {{the view's dim 0 has stride 17 elements (34 bytes), which is not a multiple of 16 bytes as TMA requires; pad the rows to a multiple of 8 elements or use ordinary loads}}
  %d = tile.make_tensor_desc %v : !tile.view<?x17xf16> -> !layout.tensordesc<64x64xf16, #nv>
  tile.return
}

// -----

#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
tile.kernel @strided_inner(%p: !tile.ptr<f16>, %m: i32, %ld: i32) {
  %v = tile.make_view %p, shape [%m, 64], strides [%ld, 2] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  // expected-error @+1 {{the view's last dim has stride 2; TMA copies need it contiguous (stride 1): use ordinary loads, or view the data with its contiguous dim last}}
  %d = tile.make_tensor_desc %v : !tile.view<?x64xf16> -> !layout.tensordesc<64x64xf16, #nv>
  tile.return
}

// -----

#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
tile.kernel @pointer_not_param(%p: !tile.ptr<f16>, %m: i32) {
  %q = tile.addptr %p, %m : !tile.ptr<f16>, i32
  // expected-note @+1 {{the view is made here}}
  %v = tile.make_view %q, shape [%m, 64], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  // expected-error @+1 {{the pointer of this TMA descriptor's view must be a kernel parameter (the launcher builds the descriptor from it); make the view from the parameter and move the offset into the copies' coordinates (a view of one more dim for a batch or head slice, copied at [b, row, col])}}
  %d = tile.make_tensor_desc %v : !tile.view<?x64xf16> -> !layout.tensordesc<64x64xf16, #nv>
  tile.return
}

// -----

#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
// SM80: error: 'layout.init_barrier' needs sm_90 or newer (TMA and mbarrier transaction counts); compile with --arch=sm_90
tile.kernel @arch(%p: !tile.ptr<f16>, %m: i32) {
  %bar = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  layout.init_barrier %bar, 1 : !layout.memdesc<1xi64, #bl>
  tile.return
}

// -----

// Views of rank 3 to 5: every stride but the last a 16-byte multiple.
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
tile.kernel @unaligned_stride_4d(%p: !tile.ptr<f16>, %b: i32, %n: i32, %sb: i32) {
  %v = tile.make_view %p, shape [%b, %n, 12, 64], strides [%sb, 780, 64, 1] : !tile.ptr<f16> -> !tile.view<?x?x12x64xf16>
  // expected-error @+1 {{the view's dim 1 has stride 780 elements (1560 bytes), which is not a multiple of 16 bytes as TMA requires; pad the rows to a multiple of 8 elements or use ordinary loads}}
  %d = tile.make_tensor_desc %v : !tile.view<?x?x12x64xf16> -> !layout.tensordesc<1x64x1x64xf16, #nv>
  tile.return
}

// -----

// A compact view whose outer stride is a product of two extent parameters.
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
tile.kernel @compact_two_params(%p: !tile.ptr<f16>, %b: i32, %n: i32, %h: i32) {
  %v = tile.make_view %p, shape [%b, %n, %h, 64] : !tile.ptr<f16> -> !tile.view<?x?x?x64xf16>
  // expected-error @+1 {{the stride of dim 0 of this compact TMA descriptor's view is a product of several extent parameters, which a descriptor recipe cannot say; give tile.make_view explicit strides}}
  %d = tile.make_tensor_desc %v : !tile.view<?x?x?x64xf16> -> !layout.tensordesc<1x64x1x64xf16, #nv>
  tile.return
}
