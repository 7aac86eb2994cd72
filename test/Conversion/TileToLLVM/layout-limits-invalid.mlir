// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm="arch=sm_90" -verify-diagnostics

// Layouts the reductions, scans, sorts, shared-memory accesses and
// asynchronous copies cannot lower that their own invalid tests do not
// reach: each is a located error at the op, saying what to change.

#s = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]>
#bl = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
tile.kernel @shared_over_ctas(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %x = layout.local_alloc : !layout.memdesc<128x64xf16, #s>
  // expected-error @below {{cannot access the shared buffer !layout.memdesc<128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]>> from registers of this layout: layouts spread over several CTAs are not supported}}
  %t = layout.local_load %x : !layout.memdesc<128x64xf16, #s> -> tensor<128x64xf16, #bl>
  tile.return
}

// -----

#bl = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]>
tile.kernel @reduce_over_cluster(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %x = arith.constant dense<1.0> : tensor<32x8xf32, #bl>
  // expected-error @below {{reductions across blocks of a cluster are not supported}}
  %r = tile.reduce sum %x {axis = 0 : i32} : tensor<32x8xf32, #bl> -> tensor<8xf32, #layout.slice<dim = 0, parent = #bl>>
  tile.return
}

// -----

// Register bit 0 steps along both dims at once.
#l = #layout.linear<register = [[1, 1]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = []>
tile.kernel @reduce_mixed_basis(%p: !tile.ptr<f32>) attributes {num_warps = 1 : i32} {
  %x = arith.constant dense<1.0> : tensor<2x32xf32, #l>
  // expected-error @below {{the layout mixes the reduction axis with other dims in one basis (register bit 0); convert the operand to a blocked layout first}}
  %r = tile.reduce sum %x {axis = 0 : i32} : tensor<2x32xf32, #l> -> tensor<32xf32, #layout.slice<dim = 0, parent = #l>>
  tile.return
}

// -----

// Register bit 0 and lane bit 0 both step by 1 along the axis (two threads
// hold each element).
#l = #layout.linear<register = [[1]], lane = [[1], [2], [4], [8], [16]], warp = []>
tile.kernel @scan_repeated_step(%p: !tile.ptr<f32>) attributes {num_warps = 1 : i32} {
  %t = arith.constant dense<1.0> : tensor<32xf32, #l>
  // expected-error @below {{lane bit 0 repeats an axis step of another bit; convert the operand to a blocked layout first}}
  %s = tile.scan sum %t {axis = 0 : i32} : tensor<32xf32, #l>
  tile.return
}

// -----

#bl = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAsPerCGA = [2], CTASplitNum = [2], CTAOrder = [0]>
tile.kernel @scan_over_cluster(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %t = arith.constant dense<1.0> : tensor<256xf32, #bl>
  // expected-error @below {{the axis is split across the blocks of a cluster; keep it within one program}}
  %s = tile.scan sum %t {axis = 0 : i32} : tensor<256xf32, #bl>
  tile.return
}

// -----

#bl = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAsPerCGA = [2], CTASplitNum = [2], CTAOrder = [0]>
tile.kernel @sort_over_cluster(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %t = arith.constant dense<1.0> : tensor<256xf32, #bl>
  // expected-error @below {{the axis is split across the blocks of a cluster; keep it within one program}}
  %s = tile.sort %t {axis = 0 : i32} : tensor<256xf32, #bl>
  tile.return
}

// -----

#s = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]>
tile.kernel @copy_over_ctas(%p: !tile.ptr<f16>) attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [128, 64] : !tile.ptr<f16> -> !tile.view<128x64xf16>
  %b = layout.local_alloc : !layout.memdesc<128x64xf16, #s>
  // expected-error @below {{cannot copy into the shared buffer from this layout: layouts spread over several CTAs are not supported}}
  tile.async_load_tile %v[%c0, %c0], %b : !tile.view<128x64xf16> -> !layout.memdesc<128x64xf16, #s>
  tile.return
}
