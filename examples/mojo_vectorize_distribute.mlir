// Mojo's LayoutTensor idioms as a kernel: a 128x128 tensor with
// Layout.row_major(128, 128) (here the CuTe view #layout.strided
// <(128,128):(128,1)>), tiled 16x16 per program (tensor.tile[16, 16](bx,
// by)), each tile vectorized by [1, 4] and distributed over a warp with
// thread_layout = Layout.row_major(WARP_SIZE // 4, 4):
//
//   var fragment = tile.vectorize[1, 4]().distribute[thread_layout](lane_id())
//   elements = fragment.load[4](...); fragment.store(..., elements * 2)
//
// `#layout.tv<threads = (8,4):(4,1), values = (1,4)>` is that fragment:
// lane t owns the 1x4 vector at (t / 4, 4 * (t % 4)) of each 8x16 block,
// the 16x16 tile repeating it in registers (rows t / 4 and t / 4 + 8).
//
//   out[i, j] = 2 * in[i, j]
//
// Launch: grid (8, 8), 1 warp.

#frag = #layout.tv<threads = (8,4):(4,1), values = (1,4)>
!tensor = !tile.view<128x128xf32, #layout.strided<(128,128):(128,1)>>

tile.kernel @mojo_vectorize_distribute(%in: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                                       %out: !tile.ptr<f32> {tile.divisibility = 16 : i64})
    attributes {num_warps = 1 : i32} {
  %bx = tile.program_id x : i32
  %by = tile.program_id y : i32
  %src = tile.make_view %in, shape [128, 128] : !tile.ptr<f32> -> !tensor
  %dst = tile.make_view %out, shape [128, 128] : !tile.ptr<f32> -> !tensor
  // tensor.tile[16, 16](bx, by), distributed as #frag
  %elements = tile.load_tile %src[%bx, %by] : !tensor -> tensor<16x16xf32, #frag>
  %two = arith.constant dense<2.0> : tensor<16x16xf32, #frag>
  %doubled = arith.mulf %elements, %two : tensor<16x16xf32, #frag>
  tile.store_tile %doubled, %dst[%bx, %by] : tensor<16x16xf32, #frag>, !tensor
  tile.return
}
