// RUN: tile-opt %s -split-input-file --tile-assign-layouts --tile-warp-specialize="all-loops=true remarks=true" -verify-diagnostics | FileCheck %s

// The rule of the pipeline's default (all-loops): a loop no attribute asks
// for is taken only when the slots other than the one being read hold at
// least 98304 bytes (96 KiB), the depth with which the producer beat
// tile-pipeline on the H100 (docs/Passes.md): 4 slots of 32 KiB (128x64 +
// 64x128 f16), or 3 of 48 KiB (128x64 + 64x256); not 3 of 32 KiB. A loop
// whose attribute asks is taken with any ring of 2 slots or more.

// 128x128x64, as many slots as fit: 4 (3 x 32768 = 98304 ahead).
// CHECK-LABEL: tile.kernel @four_slots
// CHECK:       layout.local_alloc : !layout.memdesc<4x128x64xf16
// CHECK:       tile.warp_specialize default regs(232)
tile.kernel @four_slots(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32,
      %sam: i32 {tile.divisibility = 8 : i64},
      %sbk: i32 {tile.divisibility = 8 : i64}, %scm: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-warp-specialize: producer warpgroup (regs 40) issues 2 TMA copies a step (32768 bytes) into a 4-slot ring; default partition (8 warps, regs 232) runs the asynchronous wgmma (slot released one step later)}}
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}

// -----

// The same loop with tile.num_stages = 3: 2 x 32768 ahead, left to
// tile-pipeline.
// CHECK-LABEL: tile.kernel @three_small_slots
// CHECK-NOT:   tile.warp_specialize default
tile.kernel @three_small_slots(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32,
      %sam: i32 {tile.divisibility = 8 : i64},
      %sbk: i32 {tile.divisibility = 8 : i64}, %scm: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-warp-specialize: loop left as it is: a ring of 3 slots of 32768 bytes keeps 65536 bytes ahead of the slot being read, below the 98304 with which the producer beat tile-pipeline (set tile.warp_specialize to ask anyway)}}
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  } {tile.num_stages = 3 : i32}
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}

// -----

// Asked for by the attribute: taken with the same 3 slots.
// CHECK-LABEL: tile.kernel @three_small_slots_asked
// CHECK:       layout.local_alloc : !layout.memdesc<3x128x64xf16
// CHECK:       tile.warp_specialize default regs(232)
tile.kernel @three_small_slots_asked(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32,
      %sam: i32 {tile.divisibility = 8 : i64},
      %sbk: i32 {tile.divisibility = 8 : i64}, %scm: i32)
    attributes {num_warps = 8 : i32, tile.warp_specialize = true} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-warp-specialize: producer warpgroup (regs 40) issues 2 TMA copies a step (32768 bytes) into a 3-slot ring}}
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  } {tile.num_stages = 3 : i32}
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}

// -----

// 128x256x64 with tile.num_stages = 3: 48 KiB a step, 2 x 49152 = 98304
// ahead: taken (without it, 4 slots fit).
// CHECK-LABEL: tile.kernel @wide_three_slots
// CHECK:       layout.local_alloc : !layout.memdesc<3x64x256xf16
// CHECK:       tile.warp_specialize default regs(232)
tile.kernel @wide_three_slots(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32,
      %sam: i32 {tile.divisibility = 8 : i64},
      %sbk: i32 {tile.divisibility = 8 : i64}, %scm: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  // expected-remark @below {{tile-warp-specialize: producer warpgroup (regs 40) issues 2 TMA copies a step (49152 bytes) into a 3-slot ring}}
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x256xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x256xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x256xf16> -> tensor<128x256xf32>
    scf.yield %next : tensor<128x256xf32>
  } {tile.num_stages = 3 : i32}
  %out = arith.truncf %acc : tensor<128x256xf32> to tensor<128x256xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x256xf16>, !tile.view<?x?xf16>
  tile.return
}
