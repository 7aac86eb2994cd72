// 2-D copy through views whose parameters promise alignment: the pointers
// 16 bytes, the row length n and the input's row stride ld multiples of 4
// (elements). Every row then starts 16-byte aligned and the bounds check
// along a row is equal over each 4 consecutive columns: unconditional
// (predicated) ld.global.v4 / st.global.v4, no run-time alignment check.
//
//   dst[r, c] = src[r * ld + c]  for r < m, c < n (dst compact m x n)
//
// Launch: grid (cdiv(m, 32), cdiv(n, 64)), 4 warps.

#row = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>

tile.kernel @vec_copy2d_div(%src: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                            %dst: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                            %m: i32,
                            %n: i32 {tile.divisibility = 4 : i64},
                            %ld: i32 {tile.divisibility = 4 : i64})
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
