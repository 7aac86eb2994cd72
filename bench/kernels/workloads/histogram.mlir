// Histogram of n i32 values in [0, bins): bins[v] += 1 (bins zeroed first),
// with relaxed atomic adds, one per element.
// Launch: grid (cdiv(n, 2048)), 4 warps.
#V = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

tile.kernel @histogram(%xp: !tile.ptr<i32> {tile.divisibility = 16 : i64}, %bp: !tile.ptr<i32>,
                       %n: i32 {tile.divisibility = 16 : i64}) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %xv = tile.make_view %xp, shape [%n] : !tile.ptr<i32> -> !tile.view<?xi32>
  %x = tile.load_tile %xv[%i] : !tile.view<?xi32> -> tensor<2048xi32, #V>
  %cB = arith.constant 2048 : i32
  %start = arith.muli %i, %cB : i32
  %ar = tile.arange 0, 2048 : tensor<2048xi32, #V>
  %sv = tile.splat %start : i32 -> tensor<2048xi32, #V>
  %offs = arith.addi %sv, %ar : tensor<2048xi32, #V>
  %nv = tile.splat %n : i32 -> tensor<2048xi32, #V>
  %mask = arith.cmpi slt, %offs, %nv : tensor<2048xi32, #V>
  %bb = tile.splat %bp : !tile.ptr<i32> -> tensor<2048x!tile.ptr<i32>, #V>
  %bps = tile.addptr %bb, %x : tensor<2048x!tile.ptr<i32>, #V>, tensor<2048xi32, #V>
  %ones = arith.constant dense<1> : tensor<2048xi32, #V>
  %old = tile.atomic_rmw add %bps, %ones, %mask sem = relaxed : tensor<2048x!tile.ptr<i32>, #V>
  tile.return
}
