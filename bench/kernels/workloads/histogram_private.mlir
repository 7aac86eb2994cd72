// Histogram of n i32 values in [0, 256) in two kernels: @histogram_private
// adds 1 per element with relaxed atomics into one of 64 private copies of
// the bins (copy = program id % 64: 64 times fewer programs contend for
// an address than with one copy, which runs at 15 GB/s), then
// @histogram_sum adds the copies. The copies are zeroed first.
// Launch: grid (cdiv(n, 2048)), then grid (1); 4 warps.
#V = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#L = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#C = #layout.slice<dim = 0, parent = #L>

tile.kernel @histogram_private(%xp: !tile.ptr<i32> {tile.divisibility = 16 : i64},
                               %cp: !tile.ptr<i32> {tile.divisibility = 16 : i64},
                               %n: i32 {tile.divisibility = 16 : i64}) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %xv = tile.make_view %xp, shape [%n] : !tile.ptr<i32> -> !tile.view<?xi32>
  %x = tile.load_tile %xv[%i] : !tile.view<?xi32> -> tensor<2048xi32, #V>
  %cB = arith.constant 2048 : i32
  %cP = arith.constant 64 : i32
  %cNB = arith.constant 256 : i32
  %start = arith.muli %i, %cB : i32
  %copy = arith.remsi %i, %cP : i32
  %coff = arith.muli %copy, %cNB : i32
  %ar = tile.arange 0, 2048 : tensor<2048xi32, #V>
  %sv = tile.splat %start : i32 -> tensor<2048xi32, #V>
  %offs = arith.addi %sv, %ar : tensor<2048xi32, #V>
  %nv = tile.splat %n : i32 -> tensor<2048xi32, #V>
  %mask = arith.cmpi slt, %offs, %nv : tensor<2048xi32, #V>
  %base = tile.addptr %cp, %coff : !tile.ptr<i32>, i32
  %bb = tile.splat %base : !tile.ptr<i32> -> tensor<2048x!tile.ptr<i32>, #V>
  %bps = tile.addptr %bb, %x : tensor<2048x!tile.ptr<i32>, #V>, tensor<2048xi32, #V>
  %ones = arith.constant dense<1> : tensor<2048xi32, #V>
  %old = tile.atomic_rmw add %bps, %ones, %mask sem = relaxed : tensor<2048x!tile.ptr<i32>, #V>
  tile.return
}

tile.kernel @histogram_sum(%cp: !tile.ptr<i32> {tile.divisibility = 16 : i64},
                           %bp: !tile.ptr<i32> {tile.divisibility = 16 : i64}) attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %cv = tile.make_view %cp, shape [64, 256] : !tile.ptr<i32> -> !tile.view<64x256xi32>
  %bv = tile.make_view %bp, shape [256] : !tile.ptr<i32> -> !tile.view<256xi32>
  %c = tile.load_tile %cv[%c0, %c0] : !tile.view<64x256xi32> -> tensor<64x256xi32, #L>
  %s = tile.reduce sum %c {axis = 0 : i32} : tensor<64x256xi32, #L> -> tensor<256xi32, #C>
  tile.store_tile %s, %bv[%c0] : tensor<256xi32, #C>, !tile.view<256xi32>
  tile.return
}
