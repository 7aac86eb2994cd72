// 256 elements, but a layout that gives every thread 65536 registers.
#l = #layout.blocked<sizePerThread = [65536], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
tile.kernel @k(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64}) attributes {num_warps = 4 : i32} {
  %offs = tile.arange 0, 256 : tensor<256xi32, #l>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>, #l>
  %xp = tile.addptr %xb, %offs : tensor<256x!tile.ptr<f32>, #l>, tensor<256xi32, #l>
  %a = tile.load %xp : tensor<256x!tile.ptr<f32>, #l>
  %s = arith.addf %a, %a : tensor<256xf32, #l>
  tile.store %xp, %s : tensor<256x!tile.ptr<f32>, #l>
  tile.return
}
