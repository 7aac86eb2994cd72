// Embedding lookup: out[k, :] = table[idx[k], :] for a (v x 1024) f16 table.
// Launch: grid (tokens), 4 warps: one program per token; the row is one
// tile of the table's view at tile index (idx, 0).

tile.kernel @embedding_f16(%tp: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %ip: !tile.ptr<i32>, %op: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                         %v: i32, %k: i32) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %tv = tile.make_view %tp, shape [%v, 1024] : !tile.ptr<f16> -> !tile.view<?x1024xf16>
  %ov = tile.make_view %op, shape [%k, 1024] : !tile.ptr<f16> -> !tile.view<?x1024xf16>
  %ipi = tile.addptr %ip, %i : !tile.ptr<i32>, i32
  %row = tile.load %ipi : !tile.ptr<i32>
  %e = tile.load_tile %tv[%row, %c0] : !tile.view<?x1024xf16> -> tensor<1x1024xf16>
  tile.store_tile %e, %ov[%i, %c0] : tensor<1x1024xf16>, !tile.view<?x1024xf16>
  tile.return
}
