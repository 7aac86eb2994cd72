// CuTe's partitioning patterns (cute tutorial 03, "partition tensor") on
// an 8x32 tensor A with 4x8 tiles, as in
//
//   Tensor tiled_a = zipped_divide(A, Shape<_4,_8>{});   // ((_4,_8),(2,4))
//   Tensor cta_a = local_tile(A, Shape<_4,_8>{}, make_coord(bx, by));  // inner
//   Tensor thr_a = local_partition(cta_a, Layout<Shape<_4,_8>>{}, threadIdx.x);
//
// Inner partition (local_tile): program (bx, by) takes the tile (bx, by):
// tile.load_tile with a 4x8 tile. Outer partition (local_partition with
// the column-major thread layout (4,8):(1,4)): thread t owns element t of
// the tile, (t % 4, t / 4): #layout.tv<threads = (4,8):(1,4), values =
// (1,1)>. The thread-value partition of a larger tile uses a TV layout
// (thread, value) -> tile coordinate, here the tutorial's
// ((2,4),(2,2)):((8,1),(4,16)) scaled to a warp of 32 threads on an 8x16
// tile: ((4,8),(2,2)):((16,1),(8,64)), thread (t0, t1) owns row t1 and the
// columns 2 t0 + v0 + 8 v1.
//
//   tiles[i, j]  = A[i, j] + 1          (local_tile + local_partition)
//   tv[i, j]     = A[i, j] * A[i, j]    (8x16 tiles, TV partition)
//
// Launch: grid (2, 4), 1 warp; A, tiles and tv are row-major 8x32 (CuTe
// view (8,32):(32,1)).

#outer = #layout.tv<threads = (4,8):(1,4), values = (1,1)>
#tv = #layout.tv<tile = (8,16), tv = ((4,8),(2,2)):((16,1),(8,64))>
!A = !tile.view<8x32xf32, #layout.strided<(8,32):(32,1)>>

tile.kernel @cute_partition(%a: !tile.ptr<f32>, %tiles: !tile.ptr<f32>, %tvout: !tile.ptr<f32>)
    attributes {num_warps = 1 : i32} {
  %bx = tile.program_id x : i32
  %by = tile.program_id y : i32
  %A = tile.make_view %a, shape [8, 32] : !tile.ptr<f32> -> !A
  %T = tile.make_view %tiles, shape [8, 32] : !tile.ptr<f32> -> !A
  %V = tile.make_view %tvout, shape [8, 32] : !tile.ptr<f32> -> !A
  // thr_a = local_partition(local_tile(A, (4,8), (bx, by)), (4,8):(1,4), tid)
  %thr_a = tile.load_tile %A[%bx, %by] : !A -> tensor<4x8xf32, #outer>
  %one = arith.constant dense<1.0> : tensor<4x8xf32, #outer>
  %plus = arith.addf %thr_a, %one : tensor<4x8xf32, #outer>
  tile.store_tile %plus, %T[%bx, %by] : tensor<4x8xf32, #outer>, !A
  // The TV partition of the 8x16 tiles: programs (0, 0) and (0, 1).
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %first = arith.cmpi eq, %bx, %c0 : i32
  %low = arith.cmpi slt, %by, %c2 : i32
  %go = arith.andi %first, %low : i1
  scf.if %go {
    %v = tile.load_tile %A[%c0, %by] : !A -> tensor<8x16xf32, #tv>
    %sq = arith.mulf %v, %v : tensor<8x16xf32, #tv>
    tile.store_tile %sq, %V[%c0, %by] : tensor<8x16xf32, #tv>, !A
  }
  tile.return
}
