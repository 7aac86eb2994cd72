// RUN: tile-opt %s -split-input-file --tile-pipeline="remarks=true" -verify-diagnostics | FileCheck %s

// Rank-3 loads with the allow_tma hint, with layouts written by hand (as
// tile-assign-layouts gives them, but for one change each), whose tiles
// cannot fill a TMA ring: the copy must write exactly the wgmma operand's
// buffer, and only the wgmma may read it. Each is a remark at the loop, and
// the loads stay synchronous.

#ba = #layout.blocked<sizePerThread = [1, 1, 8], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 8, 1], order = [2, 1, 0]>
#bb = #layout.blocked<sizePerThread = [1, 1, 8], threadsPerWarp = [1, 2, 16], warpsPerCTA = [1, 8, 1], order = [2, 1, 0]>
#la = #layout.linear<register = [[0, 1], [0, 2], [0, 4], [32, 0], [64, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0], [16, 0]]>
#lb = #layout.linear<register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [0, 64], [1, 0]], warp = [[2, 0], [4, 0], [8, 0]]>
#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]>
#s64 = #layout.nvmma_shared<swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16>
#s128 = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>

// A's buffer has a 64-byte swizzle; the TMA box of its 128x64 f16 block
// (128-byte rows) is written with the 128-byte swizzle.
// CHECK-LABEL: tile.kernel @swizzle
// CHECK-NOT: layout.async_tma_copy_global_to_local
tile.kernel @swizzle(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %c: !tile.ptr<f32>, %bs: i32, %m: i32, %n: i32, %k: i32, %kt: i32) attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %pz = tile.program_id z : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%bs, %m, %k], strides [65536, 64, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vb = tile.make_view %b, shape [%bs, %k, %n], strides [65536, 128, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
  // expected-remark @below {{tile-pipeline: loop not pipelined: the tile.load_tile feeding a dot stays synchronous: it cannot be a TMA copy into a ring slot: its local_alloc's buffer !layout.memdesc<128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16>> is not the block a TMA copy writes (!layout.memdesc<128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>)}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
    %x = tile.load_tile %va[%pz, %pm, %i] padding = zero {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x128x64xf16, #ba>
    %y = tile.load_tile %vb[%pz, %i, %pn] padding = zero {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x64x128xf16, #bb>
    %mx = tile.reshape %x : tensor<1x128x64xf16, #ba> -> tensor<128x64xf16, #la>
    %my = tile.reshape %y : tensor<1x64x128xf16, #bb> -> tensor<64x128xf16, #lb>
    layout.barrier
    %sa = layout.local_alloc %mx : tensor<128x64xf16, #la> -> !layout.memdesc<128x64xf16, #s64>
    %sb = layout.local_alloc %my : tensor<64x128xf16, #lb> -> !layout.memdesc<64x128xf16, #s128>
    %d = tile.dot %sa, %sb, %s : !layout.memdesc<128x64xf16, #s64>, !layout.memdesc<64x128xf16, #s128> -> tensor<128x128xf32, #mma>
    scf.yield %d : tensor<128x128xf32, #mma>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<128x128xf32, #mma>, !tile.view<?x?xf32>
  tile.return
}

// -----

#ba = #layout.blocked<sizePerThread = [1, 1, 8], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 8, 1], order = [2, 1, 0]>
#bb = #layout.blocked<sizePerThread = [1, 1, 8], threadsPerWarp = [1, 2, 16], warpsPerCTA = [1, 8, 1], order = [2, 1, 0]>
#la = #layout.linear<register = [[0, 1], [0, 2], [0, 4], [32, 0], [64, 0]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0], [16, 0]]>
#lb = #layout.linear<register = [[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = [[0, 8], [0, 16], [0, 32], [0, 64], [1, 0]], warp = [[2, 0], [4, 0], [8, 0]]>
#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]>
#s64 = #layout.nvmma_shared<swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16>
#s128 = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>

// A's buffer is also read back into registers: a TMA slot is refilled once
// the wgmma is done with it, whoever else still reads it.
// CHECK-LABEL: tile.kernel @other_reader
// CHECK-NOT: layout.async_tma_copy_global_to_local
tile.kernel @other_reader(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %c: !tile.ptr<f32>, %bs: i32, %m: i32, %n: i32, %k: i32, %kt: i32) attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %pz = tile.program_id z : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%bs, %m, %k], strides [65536, 64, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vb = tile.make_view %b, shape [%bs, %k, %n], strides [65536, 128, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
  // expected-remark @below {{tile-pipeline: loop not pipelined: the tile.load_tile feeding a dot stays synchronous: it cannot be a TMA copy into a ring slot: the shared-memory copy of its tile is read by layout.local_load, not only by the loop's wgmma (a TMA slot is refilled once that wgmma is done)}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
    %x = tile.load_tile %va[%pz, %pm, %i] padding = zero {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x128x64xf16, #ba>
    %y = tile.load_tile %vb[%pz, %i, %pn] padding = zero {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x64x128xf16, #bb>
    %mx = tile.reshape %x : tensor<1x128x64xf16, #ba> -> tensor<128x64xf16, #la>
    %my = tile.reshape %y : tensor<1x64x128xf16, #bb> -> tensor<64x128xf16, #lb>
    layout.barrier
    %sa = layout.local_alloc %mx : tensor<128x64xf16, #la> -> !layout.memdesc<128x64xf16, #s128>
    %sb = layout.local_alloc %my : tensor<64x128xf16, #lb> -> !layout.memdesc<64x128xf16, #s128>
    %back = layout.local_load %sa : !layout.memdesc<128x64xf16, #s128> -> tensor<128x64xf16, #la>
    %d = tile.dot %sa, %sb, %s : !layout.memdesc<128x64xf16, #s128>, !layout.memdesc<64x128xf16, #s128> -> tensor<128x128xf32, #mma>
    scf.yield %d : tensor<128x128xf32, #mma>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<128x128xf32, #mma>, !tile.view<?x?xf32>
  tile.return
}
