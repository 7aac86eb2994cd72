// Cross-entropy loss per row (reduction='none'): loss[r] =
// logsumexp(logits[r, :]) - logits[r, target[r]], logits m x n f32, n <= 4096.
// Launch: grid (m), 4 warps: one program per row.

tile.kernel @cross_entropy(%xp: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %tp: !tile.ptr<i32>, %lp: !tile.ptr<f32>,
                           %m: i32, %n: i32 {tile.divisibility = 16 : i64}) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %xv = tile.make_view %xp, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %lv = tile.make_view %lp, shape [%m] : !tile.ptr<f32> -> !tile.view<?xf32>
  %x = tile.load_tile %xv[%i, %c0] padding = neg_inf : !tile.view<?x?xf32> -> tensor<1x4096xf32>
  %mx = tile.reduce max %x {axis = 1 : i32} : tensor<1x4096xf32> -> tensor<1xf32>
  %mx2 = tile.expand_dims %mx {axis = 1 : i32} : tensor<1xf32> -> tensor<1x1xf32>
  %mxb = tile.broadcast %mx2 : tensor<1x1xf32> -> tensor<1x4096xf32>
  %d = arith.subf %x, %mxb : tensor<1x4096xf32>
  %e = math.exp %d : tensor<1x4096xf32>
  %s = tile.reduce sum %e {axis = 1 : i32} : tensor<1x4096xf32> -> tensor<1xf32>
  %ls = math.log %s : tensor<1xf32>
  %tpi = tile.addptr %tp, %i : !tile.ptr<i32>, i32
  %tgt = tile.load %tpi : !tile.ptr<i32>
  %cols = tile.arange 0, 4096 : tensor<4096xi32>
  %cols2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<4096xi32> -> tensor<1x4096xi32>
  %tb = tile.splat %tgt : i32 -> tensor<1x4096xi32>
  %hit = arith.cmpi eq, %cols2, %tb : tensor<1x4096xi32>
  %zeros = arith.constant dense<0.0> : tensor<1x4096xf32>
  %pick = arith.select %hit, %d, %zeros : tensor<1x4096xi1>, tensor<1x4096xf32>
  %xt = tile.reduce sum %pick {axis = 1 : i32} : tensor<1x4096xf32> -> tensor<1xf32>
  %loss = arith.subf %ls, %xt : tensor<1xf32>
  tile.store_tile %loss, %lv[%i] : tensor<1xf32>, !tile.view<?xf32>
  tile.return
}
