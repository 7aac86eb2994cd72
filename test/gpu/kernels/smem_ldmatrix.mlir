// ldmatrix into the mma v2 operand-A layout (32x32 f16, kWidth 2, one
// warp; tensor-cores.md §1.4): each 32x32 tile is stored into a swizzled
// buffer (local_alloc with an initial value), then loaded into #mmaA,
// either directly (ldmatrix x4, out = x) or through a transposed view
// (ldmatrix x4 .trans, out = x^T), and stored from #mmaA.
//
// Launch: grid (cdiv(n, 32), cdiv(n, 32)), 1 warp.

#row = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>
#sw = #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]>
#swT = #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 4, order = [0, 1]>
#mmaA = #layout.linear<register = [[0, 1], [8, 0], [0, 8], [0, 16], [16, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []>

tile.kernel @smem_ldmatrix(%src: !tile.ptr<f16>, %dst: !tile.ptr<f16>, %n: i32)
    attributes {num_warps = 1 : i32} {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %src, shape [%n, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %out = tile.make_view %dst, shape [%n, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %t = tile.load_tile %in[%i, %j] padding = zero
       : !tile.view<?x?xf16> -> tensor<32x32xf16, #row>
  %a = layout.local_alloc %t : tensor<32x32xf16, #row> -> !layout.memdesc<32x32xf16, #sw>
  %r = layout.local_load %a : !layout.memdesc<32x32xf16, #sw> -> tensor<32x32xf16, #mmaA>
  tile.store_tile %r, %out[%i, %j] : tensor<32x32xf16, #mmaA>, !tile.view<?x?xf16>
  tile.return
}

tile.kernel @smem_ldmatrix_trans(%src: !tile.ptr<f16>, %dst: !tile.ptr<f16>, %n: i32)
    attributes {num_warps = 1 : i32} {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %src, shape [%n, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %out = tile.make_view %dst, shape [%n, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %t = tile.load_tile %in[%i, %j] padding = zero
       : !tile.view<?x?xf16> -> tensor<32x32xf16, #row>
  %a = layout.local_alloc %t : tensor<32x32xf16, #row> -> !layout.memdesc<32x32xf16, #sw>
  %at = layout.memdesc_trans %a {order = array<i32: 1, 0>} : !layout.memdesc<32x32xf16, #sw> -> !layout.memdesc<32x32xf16, #swT>
  %r = layout.local_load %at : !layout.memdesc<32x32xf16, #swT> -> tensor<32x32xf16, #mmaA>
  tile.store_tile %r, %out[%j, %i] : tensor<32x32xf16, #mmaA>, !tile.view<?x?xf16>
  tile.return
}
