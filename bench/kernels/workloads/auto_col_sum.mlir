// Column sums of an m x n f32 matrix: out[c] = sum_r x[r, c] (out zeroed
// first). Each program sums 64 tiles of 16 x 256 down the rows in a loop,
// reduces them, and adds its 256 partial sums with atomics.
// Launch: grid (cdiv(m, 1024), cdiv(n, 256)), 4 warps.

tile.kernel @col_sum(%xp: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %op: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                     %m: i32, %n: i32 {tile.divisibility = 16 : i64}) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cK = arith.constant 64 : i32
  %cTN = arith.constant 256 : i32
  %xv = tile.make_view %xp, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %first = arith.muli %i, %cK : i32
  %last = arith.addi %first, %cK : i32
  %zero = arith.constant dense<0.0> : tensor<16x256xf32>
  %acc = scf.for %k = %first to %last step %c1 iter_args(%a = %zero) -> (tensor<16x256xf32>) : i32 {
    %t = tile.load_tile %xv[%k, %j] padding = zero : !tile.view<?x?xf32> -> tensor<16x256xf32>
    %a2 = arith.addf %a, %t : tensor<16x256xf32>
    scf.yield %a2 : tensor<16x256xf32>
  }
  %s = tile.reduce sum %acc {axis = 0 : i32} : tensor<16x256xf32> -> tensor<256xf32>
  %coff = arith.muli %j, %cTN : i32
  %ar = tile.arange 0, 256 : tensor<256xi32>
  %cv = tile.splat %coff : i32 -> tensor<256xi32>
  %cols = arith.addi %cv, %ar : tensor<256xi32>
  %nv = tile.splat %n : i32 -> tensor<256xi32>
  %mask = arith.cmpi slt, %cols, %nv : tensor<256xi32>
  %ob = tile.splat %op : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>>
  %ops = tile.addptr %ob, %cols : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  %old = tile.atomic_rmw add %ops, %s, %mask sem = relaxed : tensor<256x!tile.ptr<f32>>
  tile.return
}
