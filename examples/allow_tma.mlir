// cuTile's allow_tma hint (tile-use-tma): the same 2-D copy twice, y = x for
// an m x n f16 matrix, 64x64 tiles, grid (cdiv(m, 64), cdiv(n, 64)), 4 warps.
//
// @copy_tma: the pointers are promised 16-byte aligned and the row strides
// and n multiples of 8 elements (16 bytes), so the load and the store both
// become TMA copies (the launcher checks those promises).
// @copy_plain: the same kernel without the promises: the hint cannot be
// honoured and both accesses stay ordinary; the result is the same.

tile.kernel @copy_tma(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                      %y: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                      %m: i32, %n: i32 {tile.divisibility = 8 : i64},
                      %sx: i32 {tile.divisibility = 8 : i64},
                      %sy: i32 {tile.divisibility = 8 : i64}) {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %vx = tile.make_view %x, shape [%m, %n], strides [%sx, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vy = tile.make_view %y, shape [%m, %n], strides [%sy, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %t = tile.load_tile %vx[%pm, %pn] padding = zero {allow_tma} : !tile.view<?x?xf16> -> tensor<64x64xf16>
  tile.store_tile %t, %vy[%pm, %pn] {allow_tma} : tensor<64x64xf16>, !tile.view<?x?xf16>
  tile.return
}

tile.kernel @copy_plain(%x: !tile.ptr<f16>, %y: !tile.ptr<f16>,
                        %m: i32, %n: i32, %sx: i32, %sy: i32) {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %vx = tile.make_view %x, shape [%m, %n], strides [%sx, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vy = tile.make_view %y, shape [%m, %n], strides [%sy, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %t = tile.load_tile %vx[%pm, %pn] padding = zero {allow_tma} : !tile.view<?x?xf16> -> tensor<64x64xf16>
  tile.store_tile %t, %vy[%pm, %pn] {allow_tma} : tensor<64x64xf16>, !tile.view<?x?xf16>
  tile.return
}
