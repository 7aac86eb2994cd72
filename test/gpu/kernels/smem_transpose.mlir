// A transposing copy through a transposed view of a swizzled buffer: the
// tile is stored by rows, the view (memdesc_trans) swaps the dims, and the
// load reads the view in the same row layout.
//
//   dst[c, r] = src[r, c]  for r, c < n
//
// Launch: grid (cdiv(n, 64), cdiv(n, 64)), 4 warps.

#row = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#sw = #layout.swizzled_shared<vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]>
#swT = #layout.swizzled_shared<vec = 4, perPhase = 1, maxPhase = 8, order = [0, 1]>

tile.kernel @smem_transpose(%src: !tile.ptr<f32>, %dst: !tile.ptr<f32>, %n: i32)
    attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %src, shape [%n, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %dst, shape [%n, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %in[%i, %j] padding = zero
       : !tile.view<?x?xf32> -> tensor<64x64xf32, #row>
  %a = layout.local_alloc %t : tensor<64x64xf32, #row> -> !layout.memdesc<64x64xf32, #sw>
  %at = layout.memdesc_trans %a {order = array<i32: 1, 0>} : !layout.memdesc<64x64xf32, #sw> -> !layout.memdesc<64x64xf32, #swT>
  %r = layout.local_load %at : !layout.memdesc<64x64xf32, #swT> -> tensor<64x64xf32, #row>
  tile.store_tile %r, %out[%j, %i] : tensor<64x64xf32, #row>, !tile.view<?x?xf32>
  tile.return
}
