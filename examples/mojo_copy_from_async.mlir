// Mojo's LayoutTensor example `copy_from_async_example` written with Mojo's
// layouts: the tensor is a CuTe view of Layout.row_major(128, 128), and
// the fragments vectorize[1, simd_width]().distribute[thread_layout] are
// the TV layout #layout.tv<threads = (8,4):(4,1), values = (1,4)>
// (examples/copy_from_async.mlir is the same kernel with a blocked layout).
// As in (copy_from_async +
// async_copy_wait_all): a 16x16 tile of a 128x128 f32 tensor is copied
// asynchronously into shared memory by the lanes of a warp, 4 elements
// (16 bytes) at a time, 8 x 4 lanes (Mojo's thread_layout
// row_major(WARP_SIZE // simd_width, simd_width) over the tile vectorized
// by [1, simd_width]); after the wait, the shared tile is overwritten with
// each element's global index and copied back, so the tensor ends up
// holding t[i, j] = i * 128 + j.
//
//   copy[i, j] = t[i, j] (the asynchronously copied tile, read back after
//                the wait; not in Mojo's example, it checks the copy)
//   t[i, j]    = i * 128 + j
//
// Launch: grid (8, 8) (num_blocks x num_blocks), 1 warp: Mojo distributes
// the copy over lane_id(), so one warp's lanes do it.

#thr = #layout.tv<threads = (8,4):(4,1), values = (1,4)>
!tensor = !tile.view<128x128xf32, #layout.strided<(128,128):(128,1)>>
#rows = #layout.slice<dim = 1, parent = #thr>
#cols = #layout.slice<dim = 0, parent = #thr>
// Layout.row_major(block_size, block_size) in shared memory.
#smem = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>

tile.kernel @mojo_copy_from_async(%t: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                             %copy: !tile.ptr<f32> {tile.divisibility = 16 : i64})
    attributes {num_warps = 1 : i32} {
  %bx = tile.program_id x : i32
  %by = tile.program_id y : i32
  %tensor = tile.make_view %t, shape [128, 128] : !tile.ptr<f32> -> !tensor
  %check = tile.make_view %copy, shape [128, 128] : !tile.ptr<f32> -> !tensor
  %shared_tile = layout.local_alloc : !layout.memdesc<16x16xf32, #smem>
  // shared_fragment.copy_from_async(global_fragment); async_copy_wait_all()
  tile.async_load_tile %tensor[%bx, %by], %shared_tile {layout = #thr}
      : !tensor -> !layout.memdesc<16x16xf32, #smem>
  layout.async_commit_group
  layout.async_wait {num = 0 : i32}
  %copied = layout.local_load %shared_tile : !layout.memdesc<16x16xf32, #smem> -> tensor<16x16xf32, #thr>
  tile.store_tile %copied, %check[%bx, %by] : tensor<16x16xf32, #thr>, !tensor
  layout.barrier
  // shared_tile[i, j] = global_idx.x * in_size + global_idx.y
  %c16 = arith.constant 16 : i32
  %i0 = arith.muli %bx, %c16 : i32
  %j0 = arith.muli %by, %c16 : i32
  %ri = tile.arange 0, 16 : tensor<16xi32, #rows>
  %cj = tile.arange 0, 16 : tensor<16xi32, #cols>
  %i0s = tile.splat %i0 : i32 -> tensor<16xi32, #rows>
  %j0s = tile.splat %j0 : i32 -> tensor<16xi32, #cols>
  %gi = arith.addi %ri, %i0s : tensor<16xi32, #rows>
  %gj = arith.addi %cj, %j0s : tensor<16xi32, #cols>
  %c128 = arith.constant dense<128> : tensor<16xi32, #rows>
  %gi128 = arith.muli %gi, %c128 : tensor<16xi32, #rows>
  %gi2 = tile.expand_dims %gi128 {axis = 1 : i32} : tensor<16xi32, #rows> -> tensor<16x1xi32, #thr>
  %gj2 = tile.expand_dims %gj {axis = 0 : i32} : tensor<16xi32, #cols> -> tensor<1x16xi32, #thr>
  %gib = tile.broadcast %gi2 : tensor<16x1xi32, #thr> -> tensor<16x16xi32, #thr>
  %gjb = tile.broadcast %gj2 : tensor<1x16xi32, #thr> -> tensor<16x16xi32, #thr>
  %idx = arith.addi %gib, %gjb : tensor<16x16xi32, #thr>
  %val = arith.sitofp %idx : tensor<16x16xi32, #thr> to tensor<16x16xf32, #thr>
  layout.local_store %val, %shared_tile : tensor<16x16xf32, #thr> -> !layout.memdesc<16x16xf32, #smem>
  layout.barrier
  // global_fragment.copy_from(shared_fragment)
  %back = layout.local_load %shared_tile : !layout.memdesc<16x16xf32, #smem> -> tensor<16x16xf32, #thr>
  tile.store_tile %back, %tensor[%bx, %by] : tensor<16x16xf32, #thr>, !tensor
  tile.return
}
