// Asynchronous copies (cp.async) and TMA from views with a CuTe layout.
//
// @cute_async_blocked: tile.async_load_tile of 32x32 tiles from a blocked
// (tiled) memory order, 8x4 row-major tiles in row-major order,
// ((8,8),(4,16)):((4,512),(1,32)): the addresses are crd2idx of the layout
// and the 4-element runs of the tiles are 16-byte cp.async. The extents
// m, n (at most 64) are run-time bounds: masked vectors read zeros.
// out = the m x n row-major copy, read back from shared memory.
// Grid (2, 2), 4 warps.
//
// @cute_async_swizzled: the same from a swizzled row-major 64x64,
// Sw<3,2,3> o (64,64):(64,1) (CuTe's swizzle keeps the 2 low bits: runs of
// 4 f32, 16 bytes). Grid (2, 2).
//
// @cute_tma_plain: allow_tma on views whose CuTe layout coalesces to one
// stride per mode, (128,128):(128,1) f16: both the load and the store
// become TMA copies (tile-use-tma); out = 2 x. Grid (2, 2).

#smem = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
#b = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
!blk = !tile.view<?x?xf32, #layout.strided<((8,8),(4,16)):((4,512),(1,32))>>
!sw = !tile.view<64x64xf32, #layout.strided<Sw<3,2,3> o (64,64):(64,1)>>
!rm = !tile.view<128x128xf16, #layout.strided<(128,128):(128,1)>>

tile.kernel @cute_async_blocked(%src: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                                %dst: !tile.ptr<f32>, %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %v = tile.make_view %src, shape [%m, %n] : !tile.ptr<f32> -> !blk
  %o = tile.make_view %dst, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %buf = layout.local_alloc : !layout.memdesc<32x32xf32, #smem>
  tile.async_load_tile %v[%i, %j] padding = zero, %buf : !blk -> !layout.memdesc<32x32xf32, #smem>
  layout.async_commit_group
  layout.async_wait {num = 0 : i32}
  %t = layout.local_load %buf : !layout.memdesc<32x32xf32, #smem> -> tensor<32x32xf32, #b>
  tile.store_tile %t, %o[%i, %j] : tensor<32x32xf32, #b>, !tile.view<?x?xf32>
  tile.return
}

tile.kernel @cute_async_swizzled(%src: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                                 %dst: !tile.ptr<f32>) {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %v = tile.make_view %src, shape [64, 64] : !tile.ptr<f32> -> !sw
  %o = tile.make_view %dst, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  %buf = layout.local_alloc : !layout.memdesc<32x32xf32, #smem>
  tile.async_load_tile %v[%i, %j], %buf : !sw -> !layout.memdesc<32x32xf32, #smem>
  layout.async_commit_group
  layout.async_wait {num = 0 : i32}
  %t = layout.local_load %buf : !layout.memdesc<32x32xf32, #smem> -> tensor<32x32xf32, #b>
  tile.store_tile %t, %o[%i, %j] : tensor<32x32xf32, #b>, !tile.view<64x64xf32>
  tile.return
}

tile.kernel @cute_tma_plain(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                            %y: !tile.ptr<f16> {tile.divisibility = 16 : i64}) {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %vx = tile.make_view %x, shape [128, 128] : !tile.ptr<f16> -> !rm
  %vy = tile.make_view %y, shape [128, 128] : !tile.ptr<f16> -> !rm
  %t = tile.load_tile %vx[%pm, %pn] padding = zero {allow_tma} : !rm -> tensor<64x64xf16>
  %t2 = arith.addf %t, %t : tensor<64x64xf16>
  tile.store_tile %t2, %vy[%pm, %pn] {allow_tma} : tensor<64x64xf16>, !rm
  tile.return
}
