// RUN: tile-opt %s --split-input-file --tile-assign-layouts --tile-pipeline="remarks=true" -verify-diagnostics | FileCheck %s

// Loads of rank 3 that feed a wgmma through a tile.reshape and stay
// synchronous, with the reason.

// Without the allow_tma hint: cp.async stages rank-2 tiles only.
// CHECK-LABEL: tile.kernel @no_hint
// CHECK: scf.for
// CHECK: tile.load_tile
// CHECK-NOT: layout.async_tma_copy_global_to_local
tile.kernel @no_hint(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
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
  // expected-remark @below {{tile-pipeline: loop not pipelined: the tile.load_tile feeding a dot stays synchronous: its tile has rank 3 (cp.async stages rank 2 only; a tile of rank 3 to 5 with unit leading dims reshaped to a wgmma operand is staged by TMA when its load has allow_tma)}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32>) : i32 {
    %x = tile.load_tile %va[%pz, %pm, %i] padding = zero : !tile.view<?x?x?xf16> -> tensor<1x128x64xf16>
    %y = tile.load_tile %vb[%pz, %i, %pn] padding = zero : !tile.view<?x?x?xf16> -> tensor<1x64x128xf16>
    %mx = tile.reshape %x : tensor<1x128x64xf16> -> tensor<128x64xf16>
    %my = tile.reshape %y : tensor<1x64x128xf16> -> tensor<64x128xf16>
    %d = tile.dot %mx, %my, %s : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<128x128xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// TMA is not legal: the pointer of A's view is not promised 16-byte
// aligned. B alone is not a ring either (a ring is all TMA or all cp.async
// and A cannot be either): both stay synchronous.
// CHECK-LABEL: tile.kernel @unaligned
// CHECK-NOT: layout.async_tma_copy_global_to_local
// CHECK: scf.for
// CHECK-COUNT-2: tile.load_tile
// CHECK-COUNT-2: tile.reshape
tile.kernel @unaligned(%a: !tile.ptr<f16>, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
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
  // expected-remark @below {{tile-pipeline: loop not pipelined: the tile.load_tile feeding a dot stays synchronous: it cannot be a TMA copy into a ring slot: the view's pointer is not promised 16-byte aligned (tile.divisibility = 16)}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32>) : i32 {
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

// The wgmma does not accumulate across iterations (its accumulator is a
// zero each time, the sum an arith.addf): no slot could be released by an
// asynchronous wgmma.
tile.kernel @not_accumulating(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
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
  // expected-remark @below {{tile-pipeline: loop not pipelined: the tile.load_tile feeding a dot stays synchronous: it cannot be a TMA copy into a ring slot: the loop's dots are not one wgmma accumulating across iterations (a TMA ring refills a slot once the asynchronous wgmma that read it is done)}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32>) : i32 {
    %x = tile.load_tile %va[%pz, %pm, %i] padding = zero {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x128x64xf16>
    %y = tile.load_tile %vb[%pz, %i, %pn] padding = zero {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x64x128xf16>
    %mx = tile.reshape %x : tensor<1x128x64xf16> -> tensor<128x64xf16>
    %my = tile.reshape %y : tensor<1x64x128xf16> -> tensor<64x128xf16>
    %d = tile.dot %mx, %my, %zero : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    %t = arith.addf %s, %d : tensor<128x128xf32>
    scf.yield %t : tensor<128x128xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<128x128xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// A rank-3 load with the hint beside a rank-2 load without it (a cp.async
// copy): the ring is cp.async, and the rank-3 tile stays synchronous.
// CHECK-LABEL: tile.kernel @mixed
// CHECK: layout.local_alloc : !layout.memdesc<3x64x128xf16
// CHECK-NOT: layout.async_tma_copy_global_to_local
// CHECK: scf.for
// CHECK: layout.async_wait
// CHECK: tile.async_load_tile
// CHECK: tile.load_tile %{{.*}} padding = zero {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x128x64xf16
// CHECK: tile.reshape
tile.kernel @mixed(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
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
  // expected-remark @below {{tile-pipeline: 3 stages of 16384 bytes: tile.load_tile 64x128xf16 in 3 slots (wgmma operand); dots synchronous (the wgmma reads A from a shared buffer the loop makes (not a pipeline slot)); the tile.load_tile feeding a dot stays synchronous: it could be a TMA copy, but another load feeding a dot is copied by threads (cp.async), and a ring is all TMA or all cp.async}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32>) : i32 {
    %x = tile.load_tile %va[%pz, %pm, %i] padding = zero {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x128x64xf16>
    %y = tile.load_tile %vb[%i, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %mx = tile.reshape %x : tensor<1x128x64xf16> -> tensor<128x64xf16>
    %d = tile.dot %mx, %y, %s : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<128x128xf32>, !tile.view<?x?xf32>
  tile.return
}
