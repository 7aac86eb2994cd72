// cuTile's ct.load examples (from cuTile's documentation of ct.load), one kernel each,
// with the printed tiles stored to an output tensor instead. Launch each with
// grid (1), 1 warp; the inputs are torch.arange tensors (int64) as in the
// seed, and the outputs must read:
//
//   @cutile_load_padding (x = arange(10), n = 10; out has 12 elements):
//     [0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 0, 0]
//   @cutile_load_order_f (x = arange(16).reshape(4, 4); out 4 x 4):
//     [[0, 4, 8, 12]], [[1, 5, 9, 13]], [[2, 6, 10, 14]], [[3, 7, 11, 15]]
//   @cutile_load_3d_order (x = arange(8).reshape(2, 2, 2); out 2 x 2 x 2):
//     [[[0, 2], [1, 3]]], [[[4, 6], [5, 7]]]
//   @cutile_load_scalar (x = arange(10), n = 10; out has 10 elements):
//     0 1 2 3 4 5 6 7 8 9

#b1 = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
#b2 = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>
#b3 = #layout.blocked<sizePerThread = [1, 1, 1], threadsPerWarp = [8, 2, 2], warpsPerCTA = [1, 1, 1], order = [2, 1, 0]>

// ct.load(x, (k,), shape=4) for k = 0, 1, 2; the last tile is padded with
// zeros. out[4k : 4k + 4] = tile k.
tile.kernel @cutile_load_padding(%x: !tile.ptr<i64>, %out: !tile.ptr<i64>, %n: i32)
    attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %in = tile.make_view %x, shape [%n] : !tile.ptr<i64> -> !tile.view<?xi64>
  %o = tile.make_view %out, shape [12] : !tile.ptr<i64> -> !tile.view<12xi64>
  %t0 = tile.load_tile %in[%c0] : !tile.view<?xi64> -> tensor<4xi64, #b1>
  %t1 = tile.load_tile %in[%c1] : !tile.view<?xi64> -> tensor<4xi64, #b1>
  %t2 = tile.load_tile %in[%c2] padding = zero : !tile.view<?xi64> -> tensor<4xi64, #b1>
  tile.store_tile %t0, %o[%c0] : tensor<4xi64, #b1>, !tile.view<12xi64>
  tile.store_tile %t1, %o[%c1] : tensor<4xi64, #b1>, !tile.view<12xi64>
  tile.store_tile %t2, %o[%c2] : tensor<4xi64, #b1>, !tile.view<12xi64>
  tile.return
}

// ct.load(x, (k, 0), shape=(1, 4), order='F') for k = 0..3: t[0, y] = x[y, k].
// out[k, :] = tile k.
tile.kernel @cutile_load_order_f(%x: !tile.ptr<i64>, %out: !tile.ptr<i64>)
    attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %in = tile.make_view %x, shape [4, 4] : !tile.ptr<i64> -> !tile.view<4x4xi64>
  %o = tile.make_view %out, shape [4, 4] : !tile.ptr<i64> -> !tile.view<4x4xi64>
  scf.for %k = %c0 to %c4 step %c1 : i32 {
    %t = tile.load_tile %in[%k, %c0] order = "F" : !tile.view<4x4xi64> -> tensor<1x4xi64, #b2>
    tile.store_tile %t, %o[%k, %c0] : tensor<1x4xi64, #b2>, !tile.view<4x4xi64>
  }
  tile.return
}

// ct.load(x, (k, 0, 0), shape=(1, 2, 2), order=(0, 2, 1)) for k = 0, 1:
// t[0, a, b] = x[k, b, a]. out[k, :, :] = tile k.
tile.kernel @cutile_load_3d_order(%x: !tile.ptr<i64>, %out: !tile.ptr<i64>)
    attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %in = tile.make_view %x, shape [2, 2, 2] : !tile.ptr<i64> -> !tile.view<2x2x2xi64>
  %o = tile.make_view %out, shape [2, 2, 2] : !tile.ptr<i64> -> !tile.view<2x2x2xi64>
  %t0 = tile.load_tile %in[%c0, %c0, %c0] order = [0, 2, 1]
        : !tile.view<2x2x2xi64> -> tensor<1x2x2xi64, #b3>
  %t1 = tile.load_tile %in[%c1, %c0, %c0] order = [0, 2, 1]
        : !tile.view<2x2x2xi64> -> tensor<1x2x2xi64, #b3>
  tile.store_tile %t0, %o[%c0, %c0, %c0] : tensor<1x2x2xi64, #b3>, !tile.view<2x2x2xi64>
  tile.store_tile %t1, %o[%c1, %c0, %c0] : tensor<1x2x2xi64, #b3>, !tile.view<2x2x2xi64>
  tile.return
}

// ct.load(x, (i,), shape=()) for i = 0..n-1: one element at a time.
// out[i] = x[i].
tile.kernel @cutile_load_scalar(%x: !tile.ptr<i64>, %out: !tile.ptr<i64>, %n: i32)
    attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %in = tile.make_view %x, shape [%n] : !tile.ptr<i64> -> !tile.view<?xi64>
  %o = tile.make_view %out, shape [%n] : !tile.ptr<i64> -> !tile.view<?xi64>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %s = tile.load_tile %in[%i] : !tile.view<?xi64> -> i64
    tile.store_tile %s, %o[%i] : i64, !tile.view<?xi64>
  }
  tile.return
}
