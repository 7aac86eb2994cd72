// Row sum of an m x n row-major matrix, any n.
//
//   out[r] = sum_c x[r, c]
//
// Launch: grid (cdiv(m, 4)), 4 warps: one program per block of 4 rows. The
// program walks the columns in tiles of 4 x 256 (scf.for carrying the
// running tile), zero padding the last one, and reduces across the row once
// at the end. Rows past m are never stored.

#r = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#rs = #layout.slice<dim = 1, parent = #r>

tile.kernel @row_sum(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                     %out: !tile.ptr<f32>, %m: i32, %n: i32)
    attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c255 = arith.constant 255 : i32
  %c256 = arith.constant 256 : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %sums = tile.make_view %out, shape [%m] : !tile.ptr<f32> -> !tile.view<?xf32>
  // Number of column tiles: cdiv(n, 256).
  %np = arith.addi %n, %c255 : i32
  %ntiles = arith.divsi %np, %c256 : i32
  %zero = arith.constant dense<0.0> : tensor<4x256xf32, #r>
  %acc = scf.for %j = %c0 to %ntiles step %c1 iter_args(%a = %zero) -> (tensor<4x256xf32, #r>) : i32 {
    %t = tile.load_tile %in[%i, %j] padding = zero
         : !tile.view<?x?xf32> -> tensor<4x256xf32, #r>
    %a2 = arith.addf %a, %t : tensor<4x256xf32, #r>
    scf.yield %a2 : tensor<4x256xf32, #r>
  }
  %s = tile.reduce sum %acc {axis = 1 : i32} : tensor<4x256xf32, #r> -> tensor<4xf32, #rs>
  tile.store_tile %s, %sums[%i] : tensor<4xf32, #rs>, !tile.view<?xf32>
  tile.return
}
