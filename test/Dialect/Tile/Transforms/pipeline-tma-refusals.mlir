// RUN: tile-opt %s --split-input-file --tile-assign-layouts --tile-pipeline="remarks=true" -verify-diagnostics | FileCheck %s

// Loops whose rank-3 loads with the allow_tma hint cannot fill a TMA ring,
// and loops with nothing to pipeline: each reason is a remark at the loop
// (pipeline-tma-remarks.mlir has the others), and the loads stay
// synchronous.

// The dot's operands are loaded before the loop: nothing in the loop
// feeds the dot.
// CHECK-LABEL: tile.kernel @invariant
// CHECK-NOT: layout.async_tma_copy_global_to_local
tile.kernel @invariant(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                       %c: !tile.ptr<f32>, %bs: i32, %m: i32, %n: i32, %k: i32, %kt: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %pz = tile.program_id z : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%bs, %m, %k], strides [65536, 64, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vb = tile.make_view %b, shape [%bs, %k, %n], strides [65536, 128, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %x = tile.load_tile %va[%pz, %pm, %c0] padding = zero {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x128x64xf16>
  %y = tile.load_tile %vb[%pz, %c0, %pn] padding = zero {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x64x128xf16>
  %mx = tile.reshape %x : tensor<1x128x64xf16> -> tensor<128x64xf16>
  %my = tile.reshape %y : tensor<1x64x128xf16> -> tensor<64x128xf16>
  // expected-remark @below {{tile-pipeline: loop not pipelined: no tile.load_tile, tile.load_at or tile.load in the loop feeds a tile.dot operand}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32>) : i32 {
    %d = tile.dot %mx, %my, %s : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<128x128xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// A's view is made in the loop: a ring's descriptor is built once, before
// it. B could be a TMA copy, but a ring is all TMA.
// CHECK-LABEL: tile.kernel @view_in_loop
// CHECK-NOT: layout.async_tma_copy_global_to_local
tile.kernel @view_in_loop(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                          %c: !tile.ptr<f32>, %bs: i32, %m: i32, %n: i32, %k: i32, %kt: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %pz = tile.program_id z : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %vb = tile.make_view %b, shape [%bs, %k, %n], strides [65536, 128, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-pipeline: loop not pipelined: the tile.load_tile feeding a dot stays synchronous: it cannot be a TMA copy into a ring slot: its view is made in the loop (the ring's descriptor is built once, before it)}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32>) : i32 {
    %va = tile.make_view %a, shape [%bs, %m, %k], strides [65536, 64, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
    %x = tile.load_tile %va[%pz, %pm, %i] padding = zero {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x128x64xf16>
    %y = tile.load_tile %vb[%pz, %i, %pn] padding = zero {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x64x128xf16>
    %mx = tile.reshape %x : tensor<1x128x64xf16> -> tensor<128x64xf16>
    %my = tile.reshape %y : tensor<1x64x128xf16> -> tensor<64x128xf16>
    %d = tile.dot %mx, %my, %s : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<128x128xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// A's tile is also carried to the next iteration: only the wgmma may read
// a TMA slot (it is refilled once the wgmma is done).
// CHECK-LABEL: tile.kernel @tile_also_used
// CHECK-NOT: layout.async_tma_copy_global_to_local
tile.kernel @tile_also_used(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                            %c: !tile.ptr<f32>, %bs: i32, %m: i32, %n: i32, %k: i32, %kt: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %pz = tile.program_id z : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%bs, %m, %k], strides [65536, 64, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vb = tile.make_view %b, shape [%bs, %k, %n], strides [65536, 128, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %za = arith.constant dense<0.0> : tensor<128x64xf16>
  // expected-remark @below {{tile-pipeline: loop not pipelined: the tile.load_tile feeding a dot stays synchronous: it cannot be a TMA copy into a ring slot: its tile is also used by scf.yield (only local_allocs into the wgmma operand's layout, after a tile.reshape that drops unit leading dims, read a TMA slot)}}
  %acc, %last = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero, %l = %za) -> (tensor<128x128xf32>, tensor<128x64xf16>) : i32 {
    %x = tile.load_tile %va[%pz, %pm, %i] padding = zero {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x128x64xf16>
    %y = tile.load_tile %vb[%pz, %i, %pn] padding = zero {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x64x128xf16>
    %mx = tile.reshape %x : tensor<1x128x64xf16> -> tensor<128x64xf16>
    %my = tile.reshape %y : tensor<1x64x128xf16> -> tensor<64x128xf16>
    %d = tile.dot %mx, %my, %s : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %d, %mx : tensor<128x128xf32>, tensor<128x64xf16>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<128x128xf32>, !tile.view<?x?xf32>
  %vl = tile.make_view %a, shape [%m, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  tile.store_tile %last, %vl[%pm, %c0] : tensor<128x64xf16>, !tile.view<?x?xf16>
  tile.return
}

// -----

// A could be a TMA copy, but B (padding = nan: no asynchronous copy fills
// with NaN) stays synchronous, and a TMA ring needs its wgmma asynchronous.
// CHECK-LABEL: tile.kernel @beside_synchronous
// CHECK-NOT: layout.async_tma_copy_global_to_local
tile.kernel @beside_synchronous(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                                %c: !tile.ptr<f32>, %bs: i32, %m: i32, %n: i32, %k: i32, %kt: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %pz = tile.program_id z : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%bs, %m, %k], strides [65536, 64, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [128, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-pipeline: loop not pipelined: the tile.load_tile feeding a dot stays synchronous: it could be a TMA copy, but another load feeding a dot stays synchronous, so the wgmma cannot stay asynchronous to release the TMA slots}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32>) : i32 {
    %x = tile.load_tile %va[%pz, %pm, %i] padding = zero {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x128x64xf16>
    %y = tile.load_tile %vb[%i, %pn] padding = nan : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %mx = tile.reshape %x : tensor<1x128x64xf16> -> tensor<128x64xf16>
    %d = tile.dot %mx, %y, %s : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<128x128xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// A is a TMA copy and B is computed in the loop from a tile loaded before
// it: the wgmma reads B from a buffer stored in each iteration, which is
// neither a slot nor loop-invariant, so it cannot stay asynchronous and
// release A's slots.
// CHECK-LABEL: tile.kernel @operand_not_a_slot
// CHECK-NOT: layout.async_tma_copy_global_to_local
tile.kernel @operand_not_a_slot(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                                %c: !tile.ptr<f32>, %bs: i32, %m: i32, %n: i32, %k: i32, %kt: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %pz = tile.program_id z : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%bs, %m, %k], strides [65536, 64, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [128, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %y0 = tile.load_tile %vb[%c0, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
  // expected-remark @below {{tile-pipeline: loop not pipelined: the loads feeding the wgmma could be TMA copies, but the wgmma cannot stay asynchronous (an operand in shared memory is neither a slot nor loop-invariant)}}
  %acc, %yl = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero, %yc = %y0) -> (tensor<128x128xf32>, tensor<64x128xf16>) : i32 {
    %x = tile.load_tile %va[%pz, %pm, %i] padding = zero {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x128x64xf16>
    %mx = tile.reshape %x : tensor<1x128x64xf16> -> tensor<128x64xf16>
    %y = arith.negf %yc : tensor<64x128xf16>
    %d = tile.dot %mx, %y, %s : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %d, %y : tensor<128x128xf32>, tensor<64x128xf16>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<128x128xf32>, !tile.view<?x?xf32>
  tile.return
}
