// Layout-free twin of rowsum_4096.mlir for the benchmarks: the same kernel
// with every layout left to tile-assign-layouts (and converts to
// tile-optimize-converts), so that the table shows what the passes reach.

tile.kernel @auto_rowsum_4096(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                         %out: !tile.ptr<f32>, %m: i32, %n: i32 {tile.divisibility = 16 : i64})
    attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %sums = tile.make_view %out, shape [%m] : !tile.ptr<f32> -> !tile.view<?xf32>
  %t = tile.load_tile %in[%i, %c0] padding = zero
       : !tile.view<?x?xf32> -> tensor<1x4096xf32>
  %s = tile.reduce sum %t {axis = 1 : i32} : tensor<1x4096xf32> -> tensor<1xf32>
  tile.store_tile %s, %sums[%i] : tensor<1xf32>, !tile.view<?xf32>
  tile.return
}
