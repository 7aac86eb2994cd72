// 1-D copy through views and tile-space loads (cuTile style), with its tile
// size and warp count as kernel parameters (docs/tile-compile.md, "Kernel
// parameters"):
//
//   dst[i] = src[i]  for 0 <= i < n
//
//   tile-compile examples/copy1d.mlir -o copy1d.cubin               # BLOCK=1024, 4 warps
//   tile-compile examples/copy1d.mlir -o copy1d.cubin -DBLOCK=4096 -DNUM_WARPS=8
//
// Launch: grid (cdiv(n, BLOCK)), NUM_WARPS warps. Program p copies tile p of
// BLOCK elements: the layout covers 4 * 32 * NUM_WARPS elements (4 per
// thread, one 16-byte access), and wraps over the tile when BLOCK is larger
// (with the defaults each thread holds two groups of 4). The last tile is
// padded on load and its out-of-range elements are dropped on store.

#l1 = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [${NUM_WARPS=4}], order = [0]>

tile.kernel @copy1d(%src: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                    %dst: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                    %n: i32) attributes {num_warps = ${NUM_WARPS} : i32} {
  %pid = tile.program_id x : i32
  %in = tile.make_view %src, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %out = tile.make_view %dst, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %t = tile.load_tile %in[%pid] padding = zero : !tile.view<?xf32> -> tensor<${BLOCK=1024}xf32, #l1>
  tile.store_tile %t, %out[%pid] : tensor<${BLOCK}xf32, #l1>, !tile.view<?xf32>
  tile.return
}
