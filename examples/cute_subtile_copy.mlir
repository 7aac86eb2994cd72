// Copying a tensor tile by tile: the CuTe tutorial's subtile copy loops
// (cute tutorial 03, "从gmem拷贝一个subtile到rmem") and Mojo's
// LayoutTensor.tiled_iterator.
//
// 1. A column at a time (CuTe's default layout is column major):
//
//      Tensor gmem = make_tensor(ptr, make_shape(Int<8>{}, 16)); // (8,16):(1,8)
//      Tensor rmem = make_tensor_like(gmem(_,0));                // _8
//      for (int j = 0; j < size<1>(gmem); ++j) {
//        copy(gmem(_,j), rmem);
//        do_something(rmem);
//      }
//
//    gmem(_,j) is the 8x1 tile j: tile.load_tile %g[0, j] -> tensor<8x1>.
//
// 2. With a tiler:
//
//      Tensor gmem = make_tensor(ptr, make_shape(24, 16));  // (24,16):(1,24)
//      Tensor gmem_tiled = zipped_divide(gmem, Shape<_8,_4>{});
//                                              // ((8,4),(3,4)):((1,24),(8,96))
//      Tensor rmem = make_tensor_like(gmem_tiled(_,0));     // (8,4)
//      for (int j = 0; j < size<1>(gmem_tiled); ++j) {     // 12 tiles
//        copy(gmem_tiled(_,j), rmem);
//        do_something(rmem);
//      }
//
//    gmem_tiled(_,j) is the 8x4 tile at the colex coordinate of j in the
//    rest mode (3,4): tile.load_tile %g[j % 3, j / 3] -> tensor<8x4>.
//
// 3. Mojo's tile iterator over a row-major rows x cols tensor:
//
//      for i in range(num_row_tiles):
//        var iter = tensor.tiled_iterator[tile_size, tile_size, axis=1](i, 0)
//        for _ in range(num_col_tiles):
//          tile = iter[]   # ... do something with the tile
//          iter += 1
//
//    here 32x64 with 16x16 tiles, Layout.row_major(32, 64); program i
//    takes row tile i and walks its 4 column tiles.
//
// do_something(tile) writes 2 * tile + j (j: the loop's tile number) to the
// same place of an output tensor of the same layout:
//
//   o8x16[i, j]  = 2 * g8x16[i, j] + j
//   o24x16[i, j] = 2 * g24x16[i, j] + (i / 8 + 3 * (j / 4))
//   o32x64[i, j] = 2 * m32x64[i, j] + j / 16
//
// Launch: grid (2) (Mojo's row tiles; program 0 also runs the two CuTe
// loops), 1 warp.

!g8x16 = !tile.view<8x16xf32, #layout.strided<(8,16):(1,8)>>
!g24x16 = !tile.view<24x16xf32, #layout.strided<(24,16):(1,24)>>
!m32x64 = !tile.view<32x64xf32, #layout.strided<(32,64):(64,1)>>

tile.kernel @cute_subtile_copy(%a: !tile.ptr<f32>, %oa: !tile.ptr<f32>,
                               %b: !tile.ptr<f32>, %ob: !tile.ptr<f32>,
                               %m: !tile.ptr<f32>, %om: !tile.ptr<f32>)
    attributes {num_warps = 1 : i32} {
  %pid = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c12 = arith.constant 12 : i32
  %c16 = arith.constant 16 : i32
  %first = arith.cmpi eq, %pid, %c0 : i32
  scf.if %first {
    // 1. for j < size<1>(gmem): copy(gmem(_,j), rmem); do_something(rmem)
    %g = tile.make_view %a, shape [8, 16] : !tile.ptr<f32> -> !g8x16
    %go = tile.make_view %oa, shape [8, 16] : !tile.ptr<f32> -> !g8x16
    scf.for %j = %c0 to %c16 step %c1 : i32 {
      %rmem = tile.load_tile %g[%c0, %j] : !g8x16 -> tensor<8x1xf32>
      %jf = arith.sitofp %j : i32 to f32
      %js = tile.splat %jf : f32 -> tensor<8x1xf32>
      %r2 = arith.addf %rmem, %rmem : tensor<8x1xf32>
      %r = arith.addf %r2, %js : tensor<8x1xf32>
      tile.store_tile %r, %go[%c0, %j] : tensor<8x1xf32>, !g8x16
    }
    // 2. for j < size<1>(gmem_tiled): copy(gmem_tiled(_,j), rmem); ...
    %t = tile.make_view %b, shape [24, 16] : !tile.ptr<f32> -> !g24x16
    %to = tile.make_view %ob, shape [24, 16] : !tile.ptr<f32> -> !g24x16
    scf.for %j = %c0 to %c12 step %c1 : i32 {
      %j0 = arith.remui %j, %c3 : i32
      %j1 = arith.divui %j, %c3 : i32
      %rmem = tile.load_tile %t[%j0, %j1] : !g24x16 -> tensor<8x4xf32>
      %jf = arith.sitofp %j : i32 to f32
      %js = tile.splat %jf : f32 -> tensor<8x4xf32>
      %r2 = arith.addf %rmem, %rmem : tensor<8x4xf32>
      %r = arith.addf %r2, %js : tensor<8x4xf32>
      tile.store_tile %r, %to[%j0, %j1] : tensor<8x4xf32>, !g24x16
    }
  }
  // 3. iter = tensor.tiled_iterator[16, 16, axis=1](pid, 0); 4 x iter[]
  %mt = tile.make_view %m, shape [32, 64] : !tile.ptr<f32> -> !m32x64
  %mo = tile.make_view %om, shape [32, 64] : !tile.ptr<f32> -> !m32x64
  scf.for %j = %c0 to %c4 step %c1 : i32 {
    %tile = tile.load_tile %mt[%pid, %j] : !m32x64 -> tensor<16x16xf32>
    %jf = arith.sitofp %j : i32 to f32
    %js = tile.splat %jf : f32 -> tensor<16x16xf32>
    %r2 = arith.addf %tile, %tile : tensor<16x16xf32>
    %r = arith.addf %r2, %js : tensor<16x16xf32>
    tile.store_tile %r, %mo[%pid, %j] : tensor<16x16xf32>, !m32x64
  }
  tile.return
}
