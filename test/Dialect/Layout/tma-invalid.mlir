// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Every diagnostic of !layout.tensordesc, tile.make_tensor_desc, the
// mbarrier ops and the TMA copies.

// More dims than a TMA tensor map has (5).
// expected-error @+1 {{!layout.tensordesc has rank 2 to 5 (the dims of a TMA tensor map), got rank 6; merge contiguous dims of the view, or copy with ordinary loads}}
func.func private @f(!layout.tensordesc<1x1x1x1x64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>)

// -----

// expected-error @+1 {{!layout.tensordesc has rank 2 to 5 (the dims of a TMA tensor map), got rank 1}}
func.func private @f(!layout.tensordesc<64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>)

// -----

// A box over 256 in an outer dim of a rank-4 block.
// expected-error @+1 {{dim 1 of the block has 512 elements, more than the 256 a TMA box can have per dim; use at most 256 (and several copies)}}
func.func private @f(!layout.tensordesc<1x512x1x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>)

// -----

// A rank-3 block whose flattened rows (2 x 2) are fewer than one swizzle
// core tile.
// expected-error @+1 {{the layout #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16> does not fit the block (in shared memory) 4x64: the per-CTA shape 4x64 is smaller than one core tile}}
func.func private @f(!layout.tensordesc<2x2x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>)

// -----

// expected-error @+1 {{!layout.tensordesc holds 8-, 16- or 32-bit integer or float elements, not 'f64'}}
func.func private @f(!layout.tensordesc<64x64xf64, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>)

// -----

// expected-error @+1 {{the layout of !layout.tensordesc must be #layout.nvmma_shared (the layout TMA writes), got #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>}}
func.func private @f(!layout.tensordesc<64x64xf16, #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>>)

// -----

// expected-error @+1 {{TMA writes blocks with the view's last dim contiguous: use transposed = false (and layout.memdesc_trans for a transposed operand)}}
func.func private @f(!layout.tensordesc<64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16>>)

// -----

// expected-error @+1 {{the layout's elementBitWidth is 32 but the elements of 'f16' have 16 bits}}
func.func private @f(!layout.tensordesc<64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32>>)

// -----

// expected-error @+1 {{the block has 512 rows, more than the 256 a TMA box can have; use at most 256 rows (and several copies)}}
func.func private @f(!layout.tensordesc<512x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>)

// -----

// expected-error @+1 {{the block's inner dim has 512 elements, more than the 256 of an unswizzled TMA box; use a swizzled layout (each box then takes swizzlingByteWidth bytes of the inner dim)}}
func.func private @f(!layout.tensordesc<64x512xi8, #layout.nvmma_shared<swizzlingByteWidth = 0, transposed = false, elementBitWidth = 8>>)

// -----

// expected-error @+1 {{the block's inner dim is 24 bytes; TMA boxes need a multiple of 16 bytes}}
func.func private @f(!layout.tensordesc<64x12xf16, #layout.nvmma_shared<swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16>>)

// -----

// A swizzle wider than the block's rows: the message names one that fits.
// expected-error @+1 {{the block's inner dim is 64 bytes, not a multiple of the 128-byte swizzle the TMA box fills; use swizzlingByteWidth = 64}}
func.func private @f(!layout.tensordesc<64x32xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>)

// -----

// expected-error @+1 {{the block's inner dim is 48 bytes, not a multiple of the 32-byte swizzle the TMA box fills; use swizzlingByteWidth = 0}}
func.func private @f(!layout.tensordesc<64x24xf16, #layout.nvmma_shared<swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16>>)

// -----

// Fewer than the 8 rows of one swizzle core tile.
// expected-error @+1 {{the layout #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16> does not fit the block 4x64: the per-CTA shape 4x64 is smaller than one core tile of #layout.nvmma_shared with swizzlingByteWidth = 128 and elementBitWidth = 16 (8 rows of 64 contiguous elements); use a smaller swizzlingByteWidth or a larger tile}}
func.func private @f(!layout.tensordesc<4x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>)

// -----

#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
tile.kernel @k(%p: !tile.ptr<f32>, %m: i32) {
  %v = tile.make_view %p, shape [%m, 64] : !tile.ptr<f32> -> !tile.view<?x64xf32>
  // expected-error @+1 {{'tile.make_tensor_desc' op the view holds 'f32' but the descriptor's block holds 'f16'}}
  %d = tile.make_tensor_desc %v : !tile.view<?x64xf32> -> !layout.tensordesc<64x64xf16, #nv>
  tile.return
}

// -----

#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
tile.kernel @k(%p: !tile.ptr<f16>, %m: i32) {
  %v = tile.make_view %p, shape [%m] : !tile.ptr<f16> -> !tile.view<?xf16>
  // expected-error @+1 {{'tile.make_tensor_desc' op the view has rank 1 but the descriptor's block has rank 2; the block has one extent per dim of the view (1 on dims a copy does not walk)}}
  %d = tile.make_tensor_desc %v : !tile.view<?xf16> -> !layout.tensordesc<64x64xf16, #nv>
  tile.return
}

// -----

// A CuTe layout with nested modes has no one-stride-per-dim descriptor.
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
!blk = !tile.view<128x128xf16, #layout.strided<((8,16),(4,32)):((4,512),(1,32))>>
tile.kernel @k(%p: !tile.ptr<f16>) {
  %v = tile.make_view %p, shape [128, 128] : !tile.ptr<f16> -> !blk
  // expected-error @+1 {{'tile.make_tensor_desc' op the view's layout #layout.strided<((8,16),(4,32)):((4,512),(1,32))> has no TMA descriptor: a descriptor takes one stride per dim, and this layout has nested modes or a swizzle; copy through a view whose modes coalesce to one stride each (or without allow_tma)}}
  %d = tile.make_tensor_desc %v : !blk -> !layout.tensordesc<64x64xf16, #nv>
  tile.return
}

// -----

#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
func.func @f(%b: !layout.memdesc<2x1xi64, #bl>) {
  // expected-error @+1 {{'layout.init_barrier' op takes an mbarrier, a !layout.memdesc<1xi64, ...> (one slot of an i64 buffer), not '!layout.memdesc<2x1xi64, #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>>'; take one slot with layout.memdesc_index}}
  layout.init_barrier %b, 1 : !layout.memdesc<2x1xi64, #bl>
  return
}

// -----

#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
func.func @f(%b: !layout.memdesc<1xi32, #bl>, %phase: i32) {
  // expected-error @+1 {{'layout.wait_barrier' op takes an mbarrier, a !layout.memdesc<1xi64, ...> (one slot of an i64 buffer), not '!layout.memdesc<1xi32, #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>>'}}
  layout.wait_barrier %b, %phase : !layout.memdesc<1xi32, #bl>
  return
}

// -----

#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
func.func @f(%b: !layout.memdesc<1xi64, #bl>) {
  // expected-error @+1 {{'layout.init_barrier' op count must be in 1..1048575 (2^20 - 1), got 0}}
  layout.init_barrier %b, 0 : !layout.memdesc<1xi64, #bl>
  return
}

// -----

#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
func.func @f(%b: !layout.memdesc<1xi64, #bl>) {
  // expected-error @+1 {{'layout.arrive_barrier' op count must be in 1..1048575 (2^20 - 1), got 1048576}}
  layout.arrive_barrier %b, 1048576 : !layout.memdesc<1xi64, #bl>
  return
}

// -----

#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
func.func @f(%b: !layout.memdesc<1xi64, #bl>) {
  // expected-error @+1 {{'layout.barrier_expect' op bytes must be below 2^20 (the tx-count range of an mbarrier), got 1048576}}
  layout.barrier_expect %b, 1048576 : !layout.memdesc<1xi64, #bl>
  return
}

// -----

#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
func.func @f(%b: !layout.memdesc<1xf64, #bl>) {
  // expected-error @+1 {{'layout.inval_barrier' op takes an mbarrier, a !layout.memdesc<1xi64, ...> (one slot of an i64 buffer), not '!layout.memdesc<1xf64, #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>>'}}
  layout.inval_barrier %b : !layout.memdesc<1xf64, #bl>
  return
}

// -----

#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
func.func @f(%d: !layout.tensordesc<64x64xf16, #nv>, %s: !layout.memdesc<64x64xf16, #nv>, %b: !layout.memdesc<1xi64, #bl>, %i: i32) {
  // expected-error @+1 {{'layout.async_tma_copy_global_to_local' op takes one coordinate per dim of the descriptor (2), got 1}}
  layout.async_tma_copy_global_to_local %d[%i] %s, %b : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
  return
}

// -----

#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
func.func @f(%d: !layout.tensordesc<64x64xf16, #nv>, %s: !layout.memdesc<2x64x64xf16, #nv>, %b: !layout.memdesc<1xi64, #bl>, %i: i32) {
  // expected-error @+1 {{'layout.async_tma_copy_global_to_local' op the destination must be one slot of the descriptor's block shape and element type: expected !layout.memdesc<64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>, got '!layout.memdesc<2x64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>'}}
  layout.async_tma_copy_global_to_local %d[%i, %i] %s, %b : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<2x64x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
  return
}

// -----

#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#nv64 = #layout.nvmma_shared<swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16>
func.func @f(%d: !layout.tensordesc<64x64xf16, #nv>, %s: !layout.memdesc<64x64xf16, #nv64>, %b: !layout.memdesc<1xi64, #bl>, %i: i32) {
  // expected-error @+1 {{'layout.async_tma_copy_global_to_local' op the destination's layout #layout.nvmma_shared<swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16> places the block otherwise than the descriptor's #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>, which the TMA writes}}
  layout.async_tma_copy_global_to_local %d[%i, %i] %s, %b : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv64>, !layout.memdesc<1xi64, #bl>
  return
}

// -----

#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
func.func @f(%d: !layout.tensordesc<64x64xf16, #nv>, %s: !layout.memdesc<64x64xf16, #nv>, %b: !layout.memdesc<2x1xi64, #bl>, %i: i32) {
  // expected-error @+1 {{'layout.async_tma_copy_global_to_local' op takes an mbarrier, a !layout.memdesc<1xi64, ...> (one slot of an i64 buffer), not '!layout.memdesc<2x1xi64, #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>>'; take one slot with layout.memdesc_index}}
  layout.async_tma_copy_global_to_local %d[%i, %i] %s, %b : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<2x1xi64, #bl>
  return
}

// -----

#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
func.func @f(%d: !layout.tensordesc<64x64xf16, #nv>, %s: !layout.memdesc<64x128xf16, #nv>, %i: i32) {
  // expected-error @+1 {{'layout.async_tma_copy_local_to_global' op the source must be one slot of the descriptor's block shape and element type: expected !layout.memdesc<64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>, got '!layout.memdesc<64x128xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>'}}
  layout.async_tma_copy_local_to_global %d[%i, %i] %s : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<64x128xf16, #nv>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'layout.async_tma_store_wait' op attribute 'pendings' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
  layout.async_tma_store_wait {pendings = -1 : i32}
  return
}

// -----

#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
// expected-error @+1 {{'tile.kernel' op parameter #0 is a !layout.tensordesc without tile.tma; make descriptors with tile.make_tensor_desc}}
tile.kernel @k(%d: !layout.tensordesc<64x64xf16, #nv>) {
  tile.return
}

// -----

// A rank-4 block lands as the matrix of its outer dims' product x its
// inner dim: 1x128x1x64 is a 128x64 buffer, not a 4-D one.
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
func.func @f(%d: !layout.tensordesc<1x128x1x64xf16, #nv>, %s: !layout.memdesc<64x64xf16, #nv>, %b: !layout.memdesc<1xi64, #bl>, %i: i32) {
  // expected-error @+1 {{'layout.async_tma_copy_global_to_local' op the destination must be one slot of the descriptor's block shape (its outer dims flattened into rows) and element type: expected !layout.memdesc<128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>, got '!layout.memdesc<64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>'}}
  layout.async_tma_copy_global_to_local %d[%i, %i, %i, %i] %s, %b : !layout.tensordesc<1x128x1x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
  return
}

// -----

#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
func.func @f(%d: !layout.tensordesc<2x64x64xf16, #nv>, %s: !layout.memdesc<128x64xf16, #nv>, %i: i32) {
  // expected-error @+1 {{'layout.async_tma_copy_local_to_global' op takes one coordinate per dim of the descriptor (3), got 2}}
  layout.async_tma_copy_local_to_global %d[%i, %i] %s : !layout.tensordesc<2x64x64xf16, #nv>, !layout.memdesc<128x64xf16, #nv>
  return
}

// -----

// The cluster operands need a kernel with clusters, and constants naming
// programs of the cluster.
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
func.func @f(%d: !layout.tensordesc<64x64xf16, #nv>, %s: !layout.memdesc<64x64xf16, #nv>, %b: !layout.memdesc<1xi64, #bl>, %i: i32) {
  // expected-error @+1 {{'layout.async_tma_copy_global_to_local' op has a multicast mask but its kernel has no cluster of several programs; give the tile.kernel `cluster_dims` (e.g. array<i32: 2, 1, 1>)}}
  layout.async_tma_copy_global_to_local %d[%i, %i] %s, %b multicast %i : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
  return
}

// -----

#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
tile.kernel @one(%i: i32) attributes {cluster_dims = array<i32: 1, 1, 1>} {
  %b = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  // expected-error @+1 {{'layout.arrive_barrier' op has a peer rank (`cta`) but its kernel has no cluster of several programs; give the tile.kernel `cluster_dims` (e.g. array<i32: 2, 1, 1>)}}
  layout.arrive_barrier %b, 1 cta %i : !layout.memdesc<1xi64, #bl>
  tile.return
}

// -----

#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
tile.kernel @mask(%p: !tile.ptr<f16>, %m: i32) attributes {cluster_dims = array<i32: 2, 1, 1>} {
  %v = tile.make_view %p, shape [%m, 64], strides [%m, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %d = tile.make_tensor_desc %v : !tile.view<?x64xf16> -> !layout.tensordesc<64x64xf16, #nv>
  %b = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  %s = layout.local_alloc : !layout.memdesc<64x64xf16, #nv>
  %c4 = arith.constant 4 : i32
  // expected-error @+1 {{'layout.async_tma_copy_global_to_local' op multicast mask 4 names no program or one outside the 2-program cluster; use a mask in [1, 4)}}
  layout.async_tma_copy_global_to_local %d[%m, %m] %s, %b multicast %c4 : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
  tile.return
}

// -----

#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
tile.kernel @rank() attributes {cluster_dims = array<i32: 2, 2, 1>} {
  %b = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  %c4 = arith.constant 4 : i32
  // expected-error @+1 {{'layout.arrive_barrier' op peer rank 4 is outside the 4-program cluster; use 0 to 3}}
  layout.arrive_barrier %b, 1 nosync cta %c4 : !layout.memdesc<1xi64, #bl>
  tile.return
}

// -----

#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
tile.kernel @per_warpgroup_not_remote() attributes {num_warps = 8 : i32, cluster_dims = array<i32: 2, 1, 1>} {
  %b = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{'layout.arrive_barrier' op per_warpgroup arrivals are on this program's own mbarrier; drop 'cta' or 'per_warpgroup'}}
  layout.arrive_barrier %b, 1 nosync per_warpgroup cta %c1 : !layout.memdesc<1xi64, #bl>
  tile.return
}

// -----

// barrier_expect against the TMA loads that complete on the same mbarrier
// before its next wait: too many bytes hang the waiters.
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
func.func @f(%d: !layout.tensordesc<64x64xf16, #nv>, %s: !layout.memdesc<64x64xf16, #nv>, %b: !layout.memdesc<1xi64, #bl>, %i: i32) {
  // expected-error @+1 {{'layout.barrier_expect' op expects 16384 transaction bytes, but the TMA loads that complete on this mbarrier after it bring 8192 bytes (a 64x64xf16 block); expect 8192: the waiters would hang}}
  layout.barrier_expect %b, 16384 : !layout.memdesc<1xi64, #bl>
  // expected-note @+1 {{a TMA load of 8192 bytes}}
  layout.async_tma_copy_global_to_local %d[%i, %i] %s, %b : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
  layout.wait_barrier %b, %i : !layout.memdesc<1xi64, #bl>
  return
}

// -----

// Too few: the waiters pass before the second copy has landed.
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
func.func @f(%da: !layout.tensordesc<128x64xf16, #nv>, %db: !layout.tensordesc<1x64x256xf16, #nv>,
             %sa: !layout.memdesc<128x64xf16, #nv>, %sb: !layout.memdesc<64x256xf16, #nv>,
             %full: !layout.memdesc<3x1xi64, #bl>, %i: i32) {
  %b = layout.memdesc_index %full[%i] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
  // expected-error @+1 {{'layout.barrier_expect' op expects 32768 transaction bytes, but the TMA loads that complete on this mbarrier after it bring 16384 (128x64xf16) + 32768 (1x64x256xf16) = 49152 bytes; expect 49152: the waiters would read the buffers before the copies land}}
  layout.barrier_expect %b, 32768 : !layout.memdesc<1xi64, #bl>
  // expected-note @+1 {{a TMA load of 16384 bytes}}
  layout.async_tma_copy_global_to_local %da[%i, %i] %sa, %b : !layout.tensordesc<128x64xf16, #nv>, !layout.memdesc<128x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
  // expected-note @+1 {{a TMA load of 32768 bytes}}
  layout.async_tma_copy_global_to_local %db[%i, %i, %i] %sb, %b : !layout.tensordesc<1x64x256xf16, #nv>, !layout.memdesc<64x256xf16, #nv>, !layout.memdesc<1xi64, #bl>
  return
}

// -----

// Not checked (no diagnostic) where other copies may complete on the same
// barrier in the phase: one under an scf.if after the expect, one on
// another slot value of the same buffer (which may be the same slot) after
// it, one on the same value before it.
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
func.func @nested(%d: !layout.tensordesc<64x64xf16, #nv>, %s: !layout.memdesc<64x64xf16, #nv>,
                  %b: !layout.memdesc<1xi64, #bl>, %i: i32, %p: i1) {
  layout.barrier_expect %b, 16384 : !layout.memdesc<1xi64, #bl>
  layout.async_tma_copy_global_to_local %d[%i, %i] %s, %b : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
  scf.if %p {
    layout.async_tma_copy_global_to_local %d[%i, %i] %s, %b : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
  }
  return
}
func.func @alias(%d: !layout.tensordesc<64x64xf16, #nv>, %s: !layout.memdesc<64x64xf16, #nv>,
                 %full: !layout.memdesc<2x1xi64, #bl>, %i: i32, %j: i32) {
  %b = layout.memdesc_index %full[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
  %c = layout.memdesc_index %full[%j] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
  layout.barrier_expect %b, 16384 : !layout.memdesc<1xi64, #bl>
  layout.async_tma_copy_global_to_local %d[%i, %i] %s, %b : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
  layout.async_tma_copy_global_to_local %d[%j, %j] %s, %c : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
  return
}
func.func @before(%d: !layout.tensordesc<64x64xf16, #nv>, %s: !layout.memdesc<64x64xf16, #nv>,
                  %b: !layout.memdesc<1xi64, #bl>, %i: i32) {
  layout.async_tma_copy_global_to_local %d[%i, %i] %s, %b : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
  layout.barrier_expect %b, 16384 : !layout.memdesc<1xi64, #bl>
  layout.async_tma_copy_global_to_local %d[%i, %i] %s, %b : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
  return
}

// -----

// A ring's prologue and steady state take their slots through different
// memdesc_index values of one buffer; each expect is checked against its
// own copies (the prologue's is right, the loop's counts one block twice).
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
func.func @ring(%d: !layout.tensordesc<64x64xf16, #nv>, %s: !layout.memdesc<64x64xf16, #nv>,
                %full: !layout.memdesc<2x1xi64, #bl>, %i: i32, %n: index) {
  %b = layout.memdesc_index %full[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
  layout.barrier_expect %b, 8192 : !layout.memdesc<1xi64, #bl>
  layout.async_tma_copy_global_to_local %d[%i, %i] %s, %b : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %k = %c0 to %n step %c1 {
    %c = layout.memdesc_index %full[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.wait_barrier %c, %i : !layout.memdesc<1xi64, #bl>
    // expected-error @+1 {{'layout.barrier_expect' op expects 16384 transaction bytes, but the TMA loads that complete on this mbarrier after it bring 8192 bytes (a 64x64xf16 block); expect 8192: the waiters would hang}}
    layout.barrier_expect %c, 16384 : !layout.memdesc<1xi64, #bl>
    // expected-note @+1 {{a TMA load of 8192 bytes}}
    layout.async_tma_copy_global_to_local %d[%i, %i] %s, %c : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
  }
  return
}

// -----

// A wait on an mbarrier that nothing initializes never returns (here the
// ring's `empty` barriers were allocated and waited on, but only `full`
// was initialized).
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
tile.kernel @uninitialized(%i: i32) attributes {num_warps = 4 : i32} {
  %full = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  // expected-note @+1 {{the mbarrier is allocated here}}
  %empty = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  %f = layout.memdesc_index %full[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
  layout.init_barrier %f, 1 : !layout.memdesc<1xi64, #bl>
  %e = layout.memdesc_index %empty[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
  // expected-error @+1 {{'layout.wait_barrier' op waits on an mbarrier that no layout.init_barrier initializes: an uninitialized mbarrier never completes a phase and the wait hangs; initialize each slot (layout.init_barrier %bar, COUNT) before tile.warp_specialize or the barrier's first use}}
  layout.wait_barrier %e, %i : !layout.memdesc<1xi64, #bl>
  layout.wait_barrier %f, %i : !layout.memdesc<1xi64, #bl>
  tile.return
}
