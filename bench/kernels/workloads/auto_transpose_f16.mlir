// Transposing copy of an m x n f16 matrix: dst (column-major) = src.
// Launch: grid (cdiv(m, 64), cdiv(n, 64)), 4 warps.

tile.kernel @transpose_f16(%src: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %dst: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                         %m: i32 {tile.divisibility = 16 : i64}, %n: i32 {tile.divisibility = 16 : i64})
    attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %src, shape [%m, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %out = tile.make_view %dst, shape [%m, %n], strides [1, %m] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %a = tile.load_tile %in[%i, %j] : !tile.view<?x?xf16> -> tensor<64x64xf16>
  tile.store_tile %a, %out[%i, %j] : tensor<64x64xf16>, !tile.view<?x?xf16>
  tile.return
}
