// Layout-free twin of softmax_4096.mlir for the benchmarks: the same kernel
// with every layout left to tile-assign-layouts (and converts to
// tile-optimize-converts), so that the table shows what the passes reach.

tile.kernel @auto_softmax_4096(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                   %y: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                   %m: i32, %n: i32 {tile.divisibility = 16 : i64}) attributes {num_warps = 8 : i32} {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %y, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %in[%i, %c0] padding = neg_inf
       : !tile.view<?x?xf32> -> tensor<1x4096xf32>
  %mx = tile.reduce max %t {axis = 1 : i32} : tensor<1x4096xf32> -> tensor<1xf32>
  %mx2 = tile.expand_dims %mx {axis = 1 : i32} : tensor<1xf32> -> tensor<1x1xf32>
  %mxb = tile.broadcast %mx2 : tensor<1x1xf32> -> tensor<1x4096xf32>
  %d = arith.subf %t, %mxb : tensor<1x4096xf32>
  %e = math.exp %d : tensor<1x4096xf32>
  %s = tile.reduce sum %e {axis = 1 : i32} : tensor<1x4096xf32> -> tensor<1xf32>
  // One division per row, then a multiply per element.
  %one = arith.constant dense<1.0> : tensor<1xf32>
  %inv = arith.divf %one, %s : tensor<1xf32>
  %s2 = tile.expand_dims %inv {axis = 1 : i32} : tensor<1xf32> -> tensor<1x1xf32>
  %sb = tile.broadcast %s2 : tensor<1x1xf32> -> tensor<1x4096xf32>
  %p = arith.mulf %e, %sb : tensor<1x4096xf32>
  tile.store_tile %p, %out[%i, %c0] : tensor<1x4096xf32>, !tile.view<?x?xf32>
  tile.return
}
