// load_at from a blocked (tiled) memory order and store_at into a
// column-major CuTe view. In: 64x64 made of 8x4 row-major tiles, the
// tiles row-major: ((8,8),(4,16)):((4,512),(1,32)) (runs of 4 along the
// columns: v4 loads). Out: (64,64):(1,64). Program (i, j) moves the 32x32
// block at element offset (32 i + r0, 32 j + c0); elements outside the
// view read zero and are not written. Grid (2, 2) plus the offsets.

#b = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
!in = !tile.view<64x64xf32, #layout.strided<((8,8),(4,16)):((4,512),(1,32))>>
!out = !tile.view<64x64xf32, #layout.strided<(64,64):(1,64)>>

tile.kernel @cute_blocked_at(%src: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %dst: !tile.ptr<f32>, %r0: i32, %c0: i32) {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %c32 = arith.constant 32 : i32
  %ri = arith.muli %i, %c32 : i32
  %cj = arith.muli %j, %c32 : i32
  %r = arith.addi %ri, %r0 : i32
  %c = arith.addi %cj, %c0 : i32
  %v = tile.make_view %src, shape [64, 64] : !tile.ptr<f32> -> !in
  %o = tile.make_view %dst, shape [64, 64] : !tile.ptr<f32> -> !out
  %t = tile.load_at %v[%r, %c] : !in -> tensor<32x32xf32, #b>
  tile.store_at %t, %o[%r, %c] : tensor<32x32xf32, #b>, !out
  tile.return
}
