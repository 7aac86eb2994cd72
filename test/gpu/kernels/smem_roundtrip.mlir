// A tile through a multi-buffered, swizzled shared-memory buffer: stored by
// rows (16-byte vectors), read back by columns after a barrier. The slot is
// the program id mod 3 (a dynamic memdesc_index).
//
//   dst[r, c] = src[r, c]  for r < m, c < 64
//
// Launch: grid (cdiv(m, 64),), 4 warps.

#row = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#cols = #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]>
#shared = #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>

tile.kernel @smem_roundtrip(%src: !tile.ptr<f16>, %dst: !tile.ptr<f16>, %m: i32)
    attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  %c64 = arith.constant 64 : i32
  %in = tile.make_view %src, shape [%m, %c64] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %out = tile.make_view %dst, shape [%m, %c64] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %t = tile.load_tile %in[%i, %c0] padding = zero
       : !tile.view<?x?xf16> -> tensor<64x64xf16, #row>
  %a = layout.local_alloc : !layout.memdesc<3x64x64xf16, #shared>
  %slot = arith.remui %i, %c3 : i32
  %s = layout.memdesc_index %a[%slot] : !layout.memdesc<3x64x64xf16, #shared> -> !layout.memdesc<64x64xf16, #shared>
  layout.local_store %t, %s : tensor<64x64xf16, #row> -> !layout.memdesc<64x64xf16, #shared>
  layout.barrier
  %r = layout.local_load %s : !layout.memdesc<64x64xf16, #shared> -> tensor<64x64xf16, #cols>
  tile.store_tile %r, %out[%i, %c0] : tensor<64x64xf16, #cols>, !tile.view<?x?xf16>
  tile.return
}
