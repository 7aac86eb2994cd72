// The 2-D copy of vec_copy2d_div.mlir without alignment promises: every
// group of 4 columns checks its address at run time (vector when aligned
// and in bounds, else predicated scalar accesses, no branch). The GPU cases
// pass views offset by one element and odd row lengths, where only scalar
// accesses are legal.
//
//   dst[r, c] = src[r * ld + c]  for r < m, c < n (dst compact m x n)
//
// Launch: grid (cdiv(m, 32), cdiv(n, 64)), 4 warps.

#row = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>

tile.kernel @vec_copy2d_nodiv(%src: !tile.ptr<f32>,
                            %dst: !tile.ptr<f32>,
                            %m: i32,
                            %n: i32,
                            %ld: i32)
    attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %src, shape [%m, %n], strides [%ld, 1]
        : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %dst, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %in[%i, %j] padding = zero
       : !tile.view<?x?xf32> -> tensor<32x64xf32, #row>
  tile.store_tile %t, %out[%i, %j] : tensor<32x64xf32, #row>, !tile.view<?x?xf32>
  tile.return
}
