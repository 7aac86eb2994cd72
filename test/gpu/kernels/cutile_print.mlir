// cuTile's ct.load examples with their `print`s (the seed's cuda.tile.load
// page), printed with tile.print; test/gpu/cases_access.py runs them in a
// subprocess and rebuilds the seed's output from the printed lines:
//   print_padding (x = arange(10)):     [0, 1, 2, 3] [4, 5, 6, 7] [8, 9, 0, 0]
//   print_order_f (x = arange(16) 4x4): [[0, 4, 8, 12]] ... [[3, 7, 11, 15]]
//   print_3d (x = arange(8) 2x2x2):     [[[0, 2], [1, 3]]] [[[4, 6], [5, 7]]]
//   print_scalar (x = arange(10)):      0 1 2 3 4 5 6 7 8 9
// Launch each with grid (1).

tile.kernel @print_padding(%x: !tile.ptr<i64>, %n: i32)
    attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %v = tile.make_view %x, shape [%n] : !tile.ptr<i64> -> !tile.view<?xi64>
  %t0 = tile.load_tile %v[%c0] : !tile.view<?xi64> -> tensor<4xi64>
  %t1 = tile.load_tile %v[%c1] : !tile.view<?xi64> -> tensor<4xi64>
  %t2 = tile.load_tile %v[%c2] padding = zero : !tile.view<?xi64> -> tensor<4xi64>
  tile.print "t0 = " %t0 : tensor<4xi64>
  tile.print "t1 = " %t1 : tensor<4xi64>
  tile.print "t2 = " %t2 : tensor<4xi64>
  tile.return
}

tile.kernel @print_order_f(%x: !tile.ptr<i64>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %v = tile.make_view %x, shape [4, 4] : !tile.ptr<i64> -> !tile.view<4x4xi64>
  %t0 = tile.load_tile %v[%c0, %c0] order = "F" : !tile.view<4x4xi64> -> tensor<1x4xi64>
  %t1 = tile.load_tile %v[%c1, %c0] order = "F" : !tile.view<4x4xi64> -> tensor<1x4xi64>
  %t2 = tile.load_tile %v[%c2, %c0] order = "F" : !tile.view<4x4xi64> -> tensor<1x4xi64>
  %t3 = tile.load_tile %v[%c3, %c0] order = "F" : !tile.view<4x4xi64> -> tensor<1x4xi64>
  tile.print "t0 = " %t0 : tensor<1x4xi64>
  tile.print "t1 = " %t1 : tensor<1x4xi64>
  tile.print "t2 = " %t2 : tensor<1x4xi64>
  tile.print "t3 = " %t3 : tensor<1x4xi64>
  tile.return
}

tile.kernel @print_3d(%x: !tile.ptr<i64>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %v = tile.make_view %x, shape [2, 2, 2] : !tile.ptr<i64> -> !tile.view<2x2x2xi64>
  %t0 = tile.load_tile %v[%c0, %c0, %c0] order = [0, 2, 1] : !tile.view<2x2x2xi64> -> tensor<1x2x2xi64>
  %t1 = tile.load_tile %v[%c1, %c0, %c0] order = [0, 2, 1] : !tile.view<2x2x2xi64> -> tensor<1x2x2xi64>
  tile.print "t0 = " %t0 : tensor<1x2x2xi64>
  tile.print "t1 = " %t1 : tensor<1x2x2xi64>
  tile.return
}

// for i in range(10): print(ct.load(x, (i,), shape=()), end=" ")
tile.kernel @print_scalar(%x: !tile.ptr<i64>, %n: i32)
    attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c10 = arith.constant 10 : i32
  %v = tile.make_view %x, shape [%n] : !tile.ptr<i64> -> !tile.view<?xi64>
  scf.for %i = %c0 to %c10 step %c1 : i32 {
    %s = tile.load_tile %v[%i] : !tile.view<?xi64> -> i64
    tile.print "s = " %s : i64
  }
  tile.return
}
