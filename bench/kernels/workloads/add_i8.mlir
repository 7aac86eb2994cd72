// i8 add (wrapping): 16 bytes = 16 elements per vector.
// n % 16 == 0; launch: grid (cdiv(n, 2048)), 4 warps.
#V = #layout.blocked<sizePerThread = [16], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

tile.kernel @add_i8(%ap: !tile.ptr<i8> {tile.divisibility = 16 : i64}, %bp: !tile.ptr<i8> {tile.divisibility = 16 : i64}, %yp: !tile.ptr<i8> {tile.divisibility = 16 : i64},
                        %n: i32 {tile.divisibility = 16 : i64}) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %av = tile.make_view %ap, shape [%n] : !tile.ptr<i8> -> !tile.view<?xi8>
  %bv = tile.make_view %bp, shape [%n] : !tile.ptr<i8> -> !tile.view<?xi8>
  %yv = tile.make_view %yp, shape [%n] : !tile.ptr<i8> -> !tile.view<?xi8>
  %a = tile.load_tile %av[%i] : !tile.view<?xi8> -> tensor<2048xi8, #V>
  %b = tile.load_tile %bv[%i] : !tile.view<?xi8> -> tensor<2048xi8, #V>
  %r = arith.addi %a, %b : tensor<2048xi8, #V>
  tile.store_tile %r, %yv[%i] : tensor<2048xi8, #V>, !tile.view<?xi8>
  tile.return
}
