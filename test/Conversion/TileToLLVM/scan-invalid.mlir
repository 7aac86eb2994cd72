// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm -verify-diagnostics

// Layouts the scan and sort lowerings cannot handle say which bit is in the
// way and what to write instead.

// Lane bit 4 holds axis step 64, above the warps' 16 and 32: the lanes'
// Hillis-Steele steps would have to cross the warps.
#l = #layout.linear<register = [], lane = [[1], [2], [4], [8], [64]], warp = [[16], [32]]>
tile.kernel @scan_lane_above_warp(%p: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [128] : !tile.ptr<f32> -> !tile.view<128xf32>
  %t = tile.load_tile %v[%c0] : !tile.view<128xf32> -> tensor<128xf32, #l>
  // expected-error @below {{along the scan axis the layout puts lane bit 4 (axis step 64) above a warp bit; a scan needs the axis held by registers, then consecutive lanes, then warps, then register repeats: convert the operand to a blocked layout}}
  %s = tile.scan sum %t {axis = 0 : i32} : tensor<128xf32, #l>
  tile.store_tile %s, %v[%c0] : tensor<128xf32, #l>, !tile.view<128xf32>
  tile.return
}

// -----

// Lane bits 0 and 2 hold axis steps 1 and 2: no shuffle delta moves by one
// position.
#l = #layout.linear<register = [], lane = [[1], [0], [2], [4], [8]], warp = [[16], [32]]>
tile.kernel @scan_lanes_apart(%p: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [64] : !tile.ptr<f32> -> !tile.view<64xf32>
  %t = tile.load_tile %v[%c0] : !tile.view<64xf32> -> tensor<64xf32, #l>
  // expected-error @below {{the lanes along the scan axis are not consecutive lane bits in axis order (lane bit 2); convert the operand to a blocked layout}}
  %s = tile.scan sum %t {axis = 0 : i32} : tensor<64xf32, #l>
  tile.store_tile %s, %v[%c0] : tensor<64xf32, #l>, !tile.view<64xf32>
  tile.return
}

// -----

// A lane bit that moves along the axis and the other dim at once.
#l = #layout.linear<register = [[0, 1]], lane = [[1, 0], [2, 0], [4, 0], [8, 1], [16, 0]], warp = [[0, 0], [0, 0]]>
tile.kernel @sort_mixed_basis(%p: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [32, 2] : !tile.ptr<f32> -> !tile.view<32x2xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<32x2xf32> -> tensor<32x2xf32, #l>
  // expected-error @below {{the layout mixes the axis with other dims in one basis (lane bit 3); convert the operand to a blocked layout first}}
  %s = tile.sort %t {axis = 0 : i32} : tensor<32x2xf32, #l>
  tile.store_tile %s, %v[%c0, %c0] : tensor<32x2xf32, #l>, !tile.view<32x2xf32>
  tile.return
}
