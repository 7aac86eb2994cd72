// Layout-free scan, argmax and sort (layout assignment chooses): rows of 256
// in tiles of 8 rows; the kernel of cases_scan.py's auto_row_ops case.
tile.kernel @auto_row_ops(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %z: !tile.ptr<i32>,
                          %s: !tile.ptr<f32>, %m: i32) {
  %c0 = arith.constant 0 : i32
  %pid = tile.program_id x : i32
  %vx = tile.make_view %x, shape [%m, 256] : !tile.ptr<f32> -> !tile.view<?x256xf32>
  %t = tile.load_tile %vx[%pid, %c0] padding = zero : !tile.view<?x256xf32> -> tensor<8x256xf32>
  %c = tile.scan sum %t {axis = 1 : i32} : tensor<8x256xf32>
  %vy = tile.make_view %y, shape [%m, 256] : !tile.ptr<f32> -> !tile.view<?x256xf32>
  tile.store_tile %c, %vy[%pid, %c0] : tensor<8x256xf32>, !tile.view<?x256xf32>
  %r = tile.arange 0, 256 : tensor<256xi32>
  %r2 = tile.expand_dims %r {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
  %idx = tile.broadcast %r2 : tensor<1x256xi32> -> tensor<8x256xi32>
  %am:2 = tile.reduce %t, %idx {axis = 1 : i32} combiner {
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %gt = arith.cmpf ogt, %a, %b : f32
    %eq = arith.cmpf oeq, %a, %b : f32
    %lt = arith.cmpi slt, %ai, %bi : i32
    %tie = arith.andi %eq, %lt : i1
    %keep = arith.ori %gt, %tie : i1
    %v = arith.select %keep, %a, %b : f32
    %i = arith.select %keep, %ai, %bi : i32
    tile.yield %v, %i : f32, i32
  } : tensor<8x256xf32>, tensor<8x256xi32> -> tensor<8xf32>, tensor<8xi32>
  %vz = tile.make_view %z, shape [%m] : !tile.ptr<i32> -> !tile.view<?xi32>
  tile.store_tile %am#1, %vz[%pid] : tensor<8xi32>, !tile.view<?xi32>
  %srt = tile.sort %t {axis = 1 : i32, descending} : tensor<8x256xf32>
  %vs = tile.make_view %s, shape [%m, 256] : !tile.ptr<f32> -> !tile.view<?x256xf32>
  tile.store_tile %srt, %vs[%pid, %c0] : tensor<8x256xf32>, !tile.view<?x256xf32>
  tile.return
}
