// Row sum with one program per row of up to 65536 f32 (4 warps): the
// 1 x 65536 tile (512 registers per thread) becomes one loop over 1 x 8192
// chunks accumulated in registers and one reduction after it
// (tile-split-tiles in the default pipeline).
//
//   out[r] = sum_c x[r, c]
//
// Launch: grid (m), n <= 65536; columns past n load as zero.

tile.kernel @split_row_sum(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                           %out: !tile.ptr<f32>, %m: i32, %n: i32)
    attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %sums = tile.make_view %out, shape [%m] : !tile.ptr<f32> -> !tile.view<?xf32>
  %t = tile.load_tile %in[%i, %c0] padding = zero : !tile.view<?x?xf32> -> tensor<1x65536xf32>
  %s = tile.reduce sum %t {axis = 1 : i32} : tensor<1x65536xf32> -> tensor<1xf32>
  tile.store_tile %s, %sums[%i] : tensor<1xf32>, !tile.view<?xf32>
  tile.return
}
