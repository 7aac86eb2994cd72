// RUN: tile-opt %s -split-input-file --tile-warp-specialize -verify-diagnostics | FileCheck %s

// Loops with layouts written by hand (as tile-assign-layouts would give a
// GEMM, but for one change each) that ask for warp specialization and
// cannot have it: the producer's TMA copies must write exactly the wgmma
// operand's shared buffer, and only the wgmma may read it.

#ba = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]>
#bb = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]>
#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]>
#s64 = #layout.nvmma_shared<swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16>
#s128 = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>

// A's buffer has a 64-byte swizzle; a TMA box of a 128x64 f16 tile (128-byte
// rows) is written with the 128-byte swizzle.
// CHECK-LABEL: tile.kernel @swizzle
// CHECK-NOT: tile.warp_specialize default
tile.kernel @swizzle(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32, %sam: i32 {tile.divisibility = 8 : i64},
      %sbk: i32 {tile.divisibility = 8 : i64}, %scm: i32) attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
  // expected-remark @below {{tile-warp-specialize: loop left as it is: the wgmma operand's shared layout #layout.nvmma_shared<swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16> is not the layout a TMA box of the tile writes (#layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>)}}
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16, #ba>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16, #bb>
    layout.barrier
    %sa = layout.local_alloc %ta : tensor<128x64xf16, #ba> -> !layout.memdesc<128x64xf16, #s64>
    %sb = layout.local_alloc %tb : tensor<64x128xf16, #bb> -> !layout.memdesc<64x128xf16, #s128>
    %next = tile.dot %sa, %sb, %sum : !layout.memdesc<128x64xf16, #s64>, !layout.memdesc<64x128xf16, #s128> -> tensor<128x128xf32, #mma>
    scf.yield %next : tensor<128x128xf32, #mma>
  } {tile.warp_specialize = true}
  %out = arith.truncf %acc : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16, #mma>, !tile.view<?x?xf16>
  tile.return
}

// -----

#ba = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]>
#bb = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]>
#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]>
#s64 = #layout.nvmma_shared<swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16>
#s128 = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>

// A's buffer is also read back into registers: the consumers release a
// slot when their wgmma are done, not when other readers are.
// CHECK-LABEL: tile.kernel @other_reader
// CHECK-NOT: tile.warp_specialize default
tile.kernel @other_reader(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32, %sam: i32 {tile.divisibility = 8 : i64},
      %sbk: i32 {tile.divisibility = 8 : i64}, %scm: i32) attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
  // expected-remark @below {{tile-warp-specialize: loop left as it is: the shared-memory copy of a loaded tile is also read by layout.local_load (the consumer releases a slot when its wgmma are done)}}
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16, #ba>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16, #bb>
    layout.barrier
    %sa = layout.local_alloc %ta : tensor<128x64xf16, #ba> -> !layout.memdesc<128x64xf16, #s128>
    %sb = layout.local_alloc %tb : tensor<64x128xf16, #bb> -> !layout.memdesc<64x128xf16, #s128>
    %back = layout.local_load %sa : !layout.memdesc<128x64xf16, #s128> -> tensor<128x64xf16, #ba>
    %next = tile.dot %sa, %sb, %sum : !layout.memdesc<128x64xf16, #s128>, !layout.memdesc<64x128xf16, #s128> -> tensor<128x128xf32, #mma>
    scf.yield %next : tensor<128x128xf32, #mma>
  } {tile.warp_specialize = true}
  %out = arith.truncf %acc : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16, #mma>, !tile.view<?x?xf16>
  tile.return
}
