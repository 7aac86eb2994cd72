// Row scatter (index_copy): out[idx[k], :] = x[k, :] for a permutation idx.
// Launch: grid (rows), 4 warps.

tile.kernel @scatter_rows_f32(%xp: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %ip: !tile.ptr<i32>, %op: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                            %m: i32) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %xv = tile.make_view %xp, shape [%m, 1024] : !tile.ptr<f32> -> !tile.view<?x1024xf32>
  %ov = tile.make_view %op, shape [%m, 1024] : !tile.ptr<f32> -> !tile.view<?x1024xf32>
  %ipi = tile.addptr %ip, %i : !tile.ptr<i32>, i32
  %row = tile.load %ipi : !tile.ptr<i32>
  %x = tile.load_tile %xv[%i, %c0] : !tile.view<?x1024xf32> -> tensor<1x1024xf32>
  tile.store_tile %x, %ov[%row, %c0] : tensor<1x1024xf32>, !tile.view<?x1024xf32>
  tile.return
}
