// Kernels for test/simt/cases_scan.py: tile.scan, multi-operand tile.reduce,
// tile.sort and tile.topk lowered with `tile-opt --convert-tile-to-llvm`
// and run on the CPU for every thread against Python references. Each uses
// a layout that puts the axis on another mix of registers, lanes, warps
// and register repeats.

// Rows of 64: 4 registers, then 16 lanes (lane bits 0-3) along the axis.
#rw = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
tile.kernel @cumsum_rows(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %x, shape [8, 64] : !tile.ptr<f32> -> !tile.view<8x64xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<8x64xf32> -> tensor<8x64xf32, #rw>
  %s = tile.scan sum %t {axis = 1 : i32} : tensor<8x64xf32, #rw>
  %o = tile.make_view %y, shape [8, 64] : !tile.ptr<f32> -> !tile.view<8x64xf32>
  tile.store_tile %s, %o[%c0, %c0] : tensor<8x64xf32, #rw>, !tile.view<8x64xf32>
  tile.return
}

// Columns of 64 (axis 0): lane bits 2-4, then warp bit 1, then a register
// repeat (the CTA tile is 32 x 8, so 64 rows are 2 chunks).
#cl = #layout.blocked<sizePerThread = [2, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]>
tile.kernel @cumprod_cols_rev(%x: !tile.ptr<i32>, %y: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %x, shape [64, 8] : !tile.ptr<i32> -> !tile.view<64x8xi32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<64x8xi32> -> tensor<64x8xi32, #cl>
  %s = tile.scan prod %t {axis = 0 : i32, reverse} : tensor<64x8xi32, #cl>
  %o = tile.make_view %y, shape [64, 8] : !tile.ptr<i32> -> !tile.view<64x8xi32>
  tile.store_tile %s, %o[%c0, %c0] : tensor<64x8xi32, #cl>, !tile.view<64x8xi32>
  tile.return
}

// 1-D, 512 elements: 2 registers, 32 lanes, 2 warps, then 4 chunks.
#l1 = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>
tile.kernel @cummax_excl(%x: !tile.ptr<i32>, %y: !tile.ptr<i32>) attributes {num_warps = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %x, shape [512] : !tile.ptr<i32> -> !tile.view<512xi32>
  %t = tile.load_tile %v[%c0] : !tile.view<512xi32> -> tensor<512xi32, #l1>
  %s = tile.scan max %t {axis = 0 : i32, exclusive} : tensor<512xi32, #l1>
  %o = tile.make_view %y, shape [512] : !tile.ptr<i32> -> !tile.view<512xi32>
  tile.store_tile %s, %o[%c0] : tensor<512xi32, #l1>, !tile.view<512xi32>
  tile.return
}

tile.kernel @cumsum_excl_rev(%x: !tile.ptr<i32>, %y: !tile.ptr<i32>) attributes {num_warps = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %x, shape [512] : !tile.ptr<i32> -> !tile.view<512xi32>
  %t = tile.load_tile %v[%c0] : !tile.view<512xi32> -> tensor<512xi32, #l1>
  %s = tile.scan sum %t {axis = 0 : i32, exclusive, reverse} : tensor<512xi32, #l1>
  %o = tile.make_view %y, shape [512] : !tile.ptr<i32> -> !tile.view<512xi32>
  tile.store_tile %s, %o[%c0] : tensor<512xi32, #l1>, !tile.view<512xi32>
  tile.return
}

// torch.cummax: values and the index of the last maximum, a combiner that
// does not commute, over 4 warps along the rows.
#cw = #layout.blocked<sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 0]>
tile.kernel @cummax_index(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %z: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %x, shape [4, 64] : !tile.ptr<f32> -> !tile.view<4x64xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<4x64xf32> -> tensor<4x64xf32, #cw>
  %r = tile.arange 0, 64 : tensor<64xi32, #layout.slice<dim = 0, parent = #cw>>
  %r2 = tile.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #layout.slice<dim = 0, parent = #cw>> -> tensor<1x64xi32, #cw>
  %idx = tile.broadcast %r2 : tensor<1x64xi32, #cw> -> tensor<4x64xi32, #cw>
  %m:2 = tile.scan %t, %idx {axis = 1 : i32} combiner {
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %ge = arith.cmpf oge, %b, %a : f32
    %mv = arith.select %ge, %b, %a : f32
    %mi = arith.select %ge, %bi, %ai : i32
    tile.yield %mv, %mi : f32, i32
  } : tensor<4x64xf32, #cw>, tensor<4x64xi32, #cw>
  %o = tile.make_view %y, shape [4, 64] : !tile.ptr<f32> -> !tile.view<4x64xf32>
  tile.store_tile %m#0, %o[%c0, %c0] : tensor<4x64xf32, #cw>, !tile.view<4x64xf32>
  %oi = tile.make_view %z, shape [4, 64] : !tile.ptr<i32> -> !tile.view<4x64xi32>
  tile.store_tile %m#1, %oi[%c0, %c0] : tensor<4x64xi32, #cw>, !tile.view<4x64xi32>
  tile.return
}

// argmax along rows of 128 (registers, lanes and 4 warps): value and the
// lowest index of the maximum, in one reduction.
tile.kernel @argmax_rows(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %z: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %x, shape [4, 128] : !tile.ptr<f32> -> !tile.view<4x128xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<4x128xf32> -> tensor<4x128xf32, #cw>
  %r = tile.arange 0, 128 : tensor<128xi32, #layout.slice<dim = 0, parent = #cw>>
  %r2 = tile.expand_dims %r {axis = 0 : i32} : tensor<128xi32, #layout.slice<dim = 0, parent = #cw>> -> tensor<1x128xi32, #cw>
  %idx = tile.broadcast %r2 : tensor<1x128xi32, #cw> -> tensor<4x128xi32, #cw>
  %m:2 = tile.reduce %t, %idx {axis = 1 : i32} combiner {
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %gt = arith.cmpf ogt, %a, %b : f32
    %eq = arith.cmpf oeq, %a, %b : f32
    %lt = arith.cmpi slt, %ai, %bi : i32
    %tie = arith.andi %eq, %lt : i1
    %keep = arith.ori %gt, %tie : i1
    %mv = arith.select %keep, %a, %b : f32
    %mi = arith.select %keep, %ai, %bi : i32
    tile.yield %mv, %mi : f32, i32
  } : tensor<4x128xf32, #cw>, tensor<4x128xi32, #cw> -> tensor<4xf32, #layout.slice<dim = 1, parent = #cw>>, tensor<4xi32, #layout.slice<dim = 1, parent = #cw>>
  %o = tile.make_view %y, shape [4] : !tile.ptr<f32> -> !tile.view<4xf32>
  tile.store_tile %m#0, %o[%c0] : tensor<4xf32, #layout.slice<dim = 1, parent = #cw>>, !tile.view<4xf32>
  %oi = tile.make_view %z, shape [4] : !tile.ptr<i32> -> !tile.view<4xi32>
  tile.store_tile %m#1, %oi[%c0] : tensor<4xi32, #layout.slice<dim = 1, parent = #cw>>, !tile.view<4xi32>
  tile.return
}

// argsort along rows of 128 with #cw (registers, lanes, warps through
// shared memory), descending, indices carried along.
tile.kernel @sort_rows(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %z: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %x, shape [4, 128] : !tile.ptr<f32> -> !tile.view<4x128xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<4x128xf32> -> tensor<4x128xf32, #cw>
  %r = tile.arange 0, 128 : tensor<128xi32, #layout.slice<dim = 0, parent = #cw>>
  %r2 = tile.expand_dims %r {axis = 0 : i32} : tensor<128xi32, #layout.slice<dim = 0, parent = #cw>> -> tensor<1x128xi32, #cw>
  %idx = tile.broadcast %r2 : tensor<1x128xi32, #cw> -> tensor<4x128xi32, #cw>
  %s:2 = tile.sort %t, %idx {axis = 1 : i32, descending} : tensor<4x128xf32, #cw>, tensor<4x128xi32, #cw>
  %o = tile.make_view %y, shape [4, 128] : !tile.ptr<f32> -> !tile.view<4x128xf32>
  tile.store_tile %s#0, %o[%c0, %c0] : tensor<4x128xf32, #cw>, !tile.view<4x128xf32>
  %oi = tile.make_view %z, shape [4, 128] : !tile.ptr<i32> -> !tile.view<4x128xi32>
  tile.store_tile %s#1, %oi[%c0, %c0] : tensor<4x128xi32, #cw>, !tile.view<4x128xi32>
  tile.return
}

// Ascending sort of columns (axis 0) of i32 with #cl: lanes 2-4, a warp
// bit and a register repeat.
tile.kernel @sort_cols(%x: !tile.ptr<i32>, %y: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %x, shape [64, 8] : !tile.ptr<i32> -> !tile.view<64x8xi32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<64x8xi32> -> tensor<64x8xi32, #cl>
  %s = tile.sort %t {axis = 0 : i32} : tensor<64x8xi32, #cl>
  %o = tile.make_view %y, shape [64, 8] : !tile.ptr<i32> -> !tile.view<64x8xi32>
  tile.store_tile %s, %o[%c0, %c0] : tensor<64x8xi32, #cl>, !tile.view<64x8xi32>
  tile.return
}

// The 8 largest of each row of 64 with #rw, with their indices, into
// another layout.
#k8 = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
tile.kernel @topk_rows(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %z: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %x, shape [8, 64] : !tile.ptr<f32> -> !tile.view<8x64xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<8x64xf32> -> tensor<8x64xf32, #rw>
  %r = tile.arange 0, 64 : tensor<64xi32, #layout.slice<dim = 0, parent = #rw>>
  %r2 = tile.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #layout.slice<dim = 0, parent = #rw>> -> tensor<1x64xi32, #rw>
  %idx = tile.broadcast %r2 : tensor<1x64xi32, #rw> -> tensor<8x64xi32, #rw>
  %k:2 = tile.topk %t, %idx {axis = 1 : i32, k = 8 : i32} : tensor<8x64xf32, #rw>, tensor<8x64xi32, #rw> -> tensor<8x8xf32, #k8>, tensor<8x8xi32, #k8>
  %o = tile.make_view %y, shape [8, 8] : !tile.ptr<f32> -> !tile.view<8x8xf32>
  tile.store_tile %k#0, %o[%c0, %c0] : tensor<8x8xf32, #k8>, !tile.view<8x8xf32>
  %oi = tile.make_view %z, shape [8, 8] : !tile.ptr<i32> -> !tile.view<8x8xi32>
  tile.store_tile %k#1, %oi[%c0, %c0] : tensor<8x8xi32, #k8>, !tile.view<8x8xi32>
  tile.return
}

// Rows of 128 over 32 lanes and 4 register repeats, one warp along the axis
// (the chunk totals are combined in the thread), scanned in reverse.
#ch = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
tile.kernel @cumsum_chunks_rev(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %x, shape [4, 128] : !tile.ptr<f32> -> !tile.view<4x128xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<4x128xf32> -> tensor<4x128xf32, #ch>
  %s = tile.scan sum %t {axis = 1 : i32, reverse} : tensor<4x128xf32, #ch>
  %o = tile.make_view %y, shape [4, 128] : !tile.ptr<f32> -> !tile.view<4x128xf32>
  tile.store_tile %s, %o[%c0, %c0] : tensor<4x128xf32, #ch>, !tile.view<4x128xf32>
  tile.return
}
