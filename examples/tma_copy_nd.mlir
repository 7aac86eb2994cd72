// TMA copies of views of rank 3 and 4 (sm_90), 64x64 f16 blocks, 4 warps.
// The descriptors have one box extent per dim of the view, 1 on the dims a
// copy does not walk; the block lands in shared memory as a 64x64 matrix.
//
// @tma_load3d: y[b, i, j] = x[b, i, j] for a batched [B, M, K] x (strides
// (sb, sm, 1), multiples of 8 elements), read by 3-D TMA (box 1x64x64)
// into a 128-byte swizzled buffer, then stored from registers into y of
// shape [B, mp, kp] (M, K rounded up to 64): the TMA zero-fills the parts
// of the edge blocks outside x. Grid (cdiv(M, 64), cdiv(K, 64), B).
//
// @tma_load4d: y[b, h, i, j] = x[b, i, h, j] for x in torch's [B, N, H, D]
// layout (strides (sb, sn, sh, 1)), read by 4-D TMA (box 1x64x1x64: 64
// rows of one head, H * D elements apart), y of shape [B, H, np, dp]
// (N, D rounded up to 64), zeros outside x. Grid (cdiv(N, 64),
// cdiv(D, 64), B * H).
//
// @tma_store4d: the inverse: y[b, i, h, j] = x[b, h, i, j] for a [B, H, N,
// D] x (ordinary loads), stored by 4-D TMA into y of shape [B, N, H, D]
// (strides (sb, sn, sh, 1)): the TMA writes nothing outside y's view.
// Grid (cdiv(N, 64), cdiv(D, 64), B * H).
//
// @bnhd_to_bhnd_auto: what @tma_load4d and an ordinary store do, written
// with tile.load_at/store_at `dims` and the allow_tma hint and no layouts:
// tile-use-tma makes both accesses 4-D TMA copies (the pointers, strides
// and D are promised 16-byte multiples). y[b, h, i, j] = x[b, i, h, j]
// inside [B, H, N, D]. Grid (cdiv(N, 64), cdiv(D, 64), B * H).

#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
#blocked = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

tile.kernel @tma_load3d(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                        %y: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                        %nb: i32, %m: i32, %k: i32,
                        %sb: i32 {tile.divisibility = 8 : i64},
                        %sm: i32 {tile.divisibility = 8 : i64},
                        %mp: i32, %kp: i32, %syb: i32, %sym: i32)
    attributes {num_warps = 4 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %b = tile.program_id z : i32
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %vx = tile.make_view %x, shape [%nb, %m, %k], strides [%sb, %sm, 1]
        : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vy = tile.make_view %y, shape [%nb, %mp, %kp], strides [%syb, %sym, 1]
        : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %dx = tile.make_tensor_desc %vx : !tile.view<?x?x?xf16>
        -> !layout.tensordesc<1x64x64xf16, #nv>
  %bar = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  %buf = layout.local_alloc : !layout.memdesc<64x64xf16, #nv>
  layout.init_barrier %bar, 1 : !layout.memdesc<1xi64, #bl>
  layout.barrier_expect %bar, 8192 : !layout.memdesc<1xi64, #bl>
  %row = arith.muli %pm, %c64 : i32
  %col = arith.muli %pn, %c64 : i32
  layout.async_tma_copy_global_to_local %dx[%b, %row, %col] %buf, %bar
      : !layout.tensordesc<1x64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>,
        !layout.memdesc<1xi64, #bl>
  layout.wait_barrier %bar, %c0 : !layout.memdesc<1xi64, #bl>
  %t = layout.local_load %buf : !layout.memdesc<64x64xf16, #nv>
       -> tensor<64x64xf16, #blocked>
  tile.store_at %t, %vy[%b, %row, %col] dims [1, 2]
      : tensor<64x64xf16, #blocked>, !tile.view<?x?x?xf16>
  layout.inval_barrier %bar : !layout.memdesc<1xi64, #bl>
  tile.return
}

tile.kernel @tma_load4d(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                        %y: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                        %nb: i32, %n: i32, %nh: i32, %d: i32,
                        %sb: i32 {tile.divisibility = 8 : i64},
                        %sn: i32 {tile.divisibility = 8 : i64},
                        %sh: i32 {tile.divisibility = 8 : i64},
                        %np: i32, %dp: i32, %syb: i32, %syh: i32, %syn: i32)
    attributes {num_warps = 4 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %bh = tile.program_id z : i32
  %b = arith.divsi %bh, %nh : i32
  %h = arith.remsi %bh, %nh : i32
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %vx = tile.make_view %x, shape [%nb, %n, %nh, %d], strides [%sb, %sn, %sh, 1]
        : !tile.ptr<f16> -> !tile.view<?x?x?x?xf16>
  %vy = tile.make_view %y, shape [%nb, %nh, %np, %dp], strides [%syb, %syh, %syn, 1]
        : !tile.ptr<f16> -> !tile.view<?x?x?x?xf16>
  %dx = tile.make_tensor_desc %vx : !tile.view<?x?x?x?xf16>
        -> !layout.tensordesc<1x64x1x64xf16, #nv>
  %bar = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  %buf = layout.local_alloc : !layout.memdesc<64x64xf16, #nv>
  layout.init_barrier %bar, 1 : !layout.memdesc<1xi64, #bl>
  layout.barrier_expect %bar, 8192 : !layout.memdesc<1xi64, #bl>
  %row = arith.muli %pm, %c64 : i32
  %col = arith.muli %pn, %c64 : i32
  layout.async_tma_copy_global_to_local %dx[%b, %row, %h, %col] %buf, %bar
      : !layout.tensordesc<1x64x1x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>,
        !layout.memdesc<1xi64, #bl>
  layout.wait_barrier %bar, %c0 : !layout.memdesc<1xi64, #bl>
  %t = layout.local_load %buf : !layout.memdesc<64x64xf16, #nv>
       -> tensor<64x64xf16, #blocked>
  tile.store_at %t, %vy[%b, %h, %row, %col] dims [2, 3]
      : tensor<64x64xf16, #blocked>, !tile.view<?x?x?x?xf16>
  layout.inval_barrier %bar : !layout.memdesc<1xi64, #bl>
  tile.return
}

tile.kernel @tma_store4d(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                         %y: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                         %nb: i32, %n: i32, %nh: i32, %d: i32,
                         %sxb: i32, %sxh: i32, %sxn: i32,
                         %sb: i32 {tile.divisibility = 8 : i64},
                         %sn: i32 {tile.divisibility = 8 : i64},
                         %sh: i32 {tile.divisibility = 8 : i64})
    attributes {num_warps = 4 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %bh = tile.program_id z : i32
  %b = arith.divsi %bh, %nh : i32
  %h = arith.remsi %bh, %nh : i32
  %c64 = arith.constant 64 : i32
  %vx = tile.make_view %x, shape [%nb, %nh, %n, %d], strides [%sxb, %sxh, %sxn, 1]
        : !tile.ptr<f16> -> !tile.view<?x?x?x?xf16>
  %vy = tile.make_view %y, shape [%nb, %n, %nh, %d], strides [%sb, %sn, %sh, 1]
        : !tile.ptr<f16> -> !tile.view<?x?x?x?xf16>
  %dy = tile.make_tensor_desc %vy : !tile.view<?x?x?x?xf16>
        -> !layout.tensordesc<1x64x1x64xf16, #nv>
  %row = arith.muli %pm, %c64 : i32
  %col = arith.muli %pn, %c64 : i32
  %t = tile.load_at %vx[%b, %h, %row, %col] dims [2, 3]
       : !tile.view<?x?x?x?xf16> -> tensor<64x64xf16, #blocked>
  %buf = layout.local_alloc : !layout.memdesc<64x64xf16, #nv>
  layout.local_store %t, %buf : tensor<64x64xf16, #blocked> -> !layout.memdesc<64x64xf16, #nv>
  layout.async_tma_copy_local_to_global %dy[%b, %row, %h, %col] %buf
      : !layout.tensordesc<1x64x1x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>
  layout.async_tma_store_wait {pendings = 0 : i32}
  tile.return
}

tile.kernel @bnhd_to_bhnd_auto(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                               %y: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                               %nb: i32, %n: i32, %nh: i32,
                               %d: i32 {tile.divisibility = 8 : i64},
                               %sb: i32 {tile.divisibility = 8 : i64},
                               %sn: i32 {tile.divisibility = 8 : i64},
                               %sh: i32 {tile.divisibility = 8 : i64},
                               %syb: i32 {tile.divisibility = 8 : i64},
                               %syh: i32 {tile.divisibility = 8 : i64},
                               %syn: i32 {tile.divisibility = 8 : i64})
    attributes {num_warps = 4 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %bh = tile.program_id z : i32
  %b = arith.divsi %bh, %nh : i32
  %h = arith.remsi %bh, %nh : i32
  %c64 = arith.constant 64 : i32
  %vx = tile.make_view %x, shape [%nb, %n, %nh, %d], strides [%sb, %sn, %sh, 1]
        : !tile.ptr<f16> -> !tile.view<?x?x?x?xf16>
  %vy = tile.make_view %y, shape [%nb, %nh, %n, %d], strides [%syb, %syh, %syn, 1]
        : !tile.ptr<f16> -> !tile.view<?x?x?x?xf16>
  %row = arith.muli %pm, %c64 : i32
  %col = arith.muli %pn, %c64 : i32
  %t = tile.load_at %vx[%b, %row, %h, %col] dims [1, 3] {allow_tma}
       : !tile.view<?x?x?x?xf16> -> tensor<64x64xf16>
  tile.store_at %t, %vy[%b, %h, %row, %col] dims [2, 3] {allow_tma}
      : tensor<64x64xf16>, !tile.view<?x?x?x?xf16>
  tile.return
}

// @copy_tile4d_auto: y[b, h, i, j] = x[b, h, i, j] for 4-D views of any
// strides promised multiples of 8 elements, written with
// tile.load_tile/store_tile of 1 x 1 x 64 x 64 tiles, the allow_tma hint
// and no layouts: tile-use-tma makes both accesses 4-D TMA copies with
// boxes 1x1x64x64 (the tiles' unit batch dims), the block in shared
// memory the 64x64 matrix. Grid (cdiv(N, 64), cdiv(D, 64), B * H).
tile.kernel @copy_tile4d_auto(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                              %y: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                              %nb: i32, %nh: i32, %n: i32,
                              %d: i32 {tile.divisibility = 8 : i64},
                              %sb: i32 {tile.divisibility = 8 : i64},
                              %sh: i32 {tile.divisibility = 8 : i64},
                              %sn: i32 {tile.divisibility = 8 : i64},
                              %syb: i32 {tile.divisibility = 8 : i64},
                              %syh: i32 {tile.divisibility = 8 : i64},
                              %syn: i32 {tile.divisibility = 8 : i64})
    attributes {num_warps = 4 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %bh = tile.program_id z : i32
  %b = arith.divsi %bh, %nh : i32
  %h = arith.remsi %bh, %nh : i32
  %vx = tile.make_view %x, shape [%nb, %nh, %n, %d], strides [%sb, %sh, %sn, 1]
        : !tile.ptr<f16> -> !tile.view<?x?x?x?xf16>
  %vy = tile.make_view %y, shape [%nb, %nh, %n, %d], strides [%syb, %syh, %syn, 1]
        : !tile.ptr<f16> -> !tile.view<?x?x?x?xf16>
  %t = tile.load_tile %vx[%b, %h, %pm, %pn] padding = zero {allow_tma}
       : !tile.view<?x?x?x?xf16> -> tensor<1x1x64x64xf16>
  tile.store_tile %t, %vy[%b, %h, %pm, %pn] {allow_tma}
      : tensor<1x1x64x64xf16>, !tile.view<?x?x?x?xf16>
  tile.return
}
