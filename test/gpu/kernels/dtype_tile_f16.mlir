// f16 tiles by tile-space index with masked edges: dst = 2 * src on an
// m x n view (row stride ld), 32 x 64 tiles; a tile past the edge reads
// padding and writes nothing there (test/gpu/cases_dtypes.py).
// Launch: grid (cdiv(m, 32), cdiv(n, 64)), 4 warps.

#r = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

tile.kernel @tile_f16(%src: !tile.ptr<f16>, %dst: !tile.ptr<f16>, %m: i32, %n: i32, %ld: i32) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %src, shape [%m, %n], strides [%ld, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %out = tile.make_view %dst, shape [%m, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %t = tile.load_tile %in[%i, %j] padding = zero : !tile.view<?x?xf16> -> tensor<32x64xf16, #r>
  %two = arith.constant dense<2.0> : tensor<32x64xf16, #r>
  %d = arith.mulf %t, %two : tensor<32x64xf16, #r>
  tile.store_tile %d, %out[%i, %j] : tensor<32x64xf16, #r>, !tile.view<?x?xf16>
  tile.return
}
