// Integer ops ((3a + b) ^ (a >> 2)) & 0xffff, i32.
// n % 16 == 0; launch: grid (cdiv(n, 2048)), 4 warps.

tile.kernel @intops_i32(%ap: !tile.ptr<i32> {tile.divisibility = 16 : i64}, %bp: !tile.ptr<i32> {tile.divisibility = 16 : i64}, %yp: !tile.ptr<i32> {tile.divisibility = 16 : i64},
                        %n: i32 {tile.divisibility = 16 : i64}) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %av = tile.make_view %ap, shape [%n] : !tile.ptr<i32> -> !tile.view<?xi32>
  %bv = tile.make_view %bp, shape [%n] : !tile.ptr<i32> -> !tile.view<?xi32>
  %yv = tile.make_view %yp, shape [%n] : !tile.ptr<i32> -> !tile.view<?xi32>
  %a = tile.load_tile %av[%i] : !tile.view<?xi32> -> tensor<2048xi32>
  %b = tile.load_tile %bv[%i] : !tile.view<?xi32> -> tensor<2048xi32>
  %c3 = arith.constant dense<3> : tensor<2048xi32>
  %c2 = arith.constant dense<2> : tensor<2048xi32>
  %cm = arith.constant dense<65535> : tensor<2048xi32>
  %p = arith.muli %a, %c3 : tensor<2048xi32>
  %q = arith.addi %p, %b : tensor<2048xi32>
  %s = arith.shrsi %a, %c2 : tensor<2048xi32>
  %x = arith.xori %q, %s : tensor<2048xi32>
  %r = arith.andi %x, %cm : tensor<2048xi32>
  tile.store_tile %r, %yv[%i] : tensor<2048xi32>, !tile.view<?xi32>
  tile.return
}
