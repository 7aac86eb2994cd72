// RUN: tile-opt %s -split-input-file -verify-diagnostics

// The tile.warp_specialize attribute (tile-warp-specialize): where it goes
// and what it holds.

tile.kernel @on_an_op(%n: i32) {
  // expected-error @below {{'tile.program_id' op 'tile.warp_specialize' belongs on an scf.for (that loop) or a tile.kernel (every loop in it)}}
  %pm = tile.program_id x {tile.warp_specialize = true} : i32
  tile.return
}

// -----

// expected-error @below {{'tile.kernel' op 'tile.warp_specialize' must be true, false or array<i32: C, P> (the consumer and producer registers per thread), for example {tile.warp_specialize = array<i32: 232, 40>}; got 1 : i32}}
tile.kernel @not_a_flag(%n: i32) attributes {tile.warp_specialize = 1 : i32} {
  tile.return
}

// -----

// expected-error @below {{'tile.kernel' op 'tile.warp_specialize' must be true, false or array<i32: C, P> (the consumer and producer registers per thread), for example {tile.warp_specialize = array<i32: 232, 40>}; got array<i32: 232>}}
tile.kernel @one_budget(%n: i32) attributes {tile.warp_specialize = array<i32: 232>} {
  tile.return
}

// -----

tile.kernel @odd_budget(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @below {{'scf.for' op 'tile.warp_specialize' asks for 36 registers per thread, not a setmaxnreg count; use a multiple of 8 from 24 to 256}}
  scf.for %i = %c0 to %n step %c1 : i32 {
  } {tile.warp_specialize = array<i32: 232, 36>}
  tile.return
}
