// RUN: tile-opt %s -split-input-file --pass-pipeline='builtin.module(tile.kernel(tile-assign-layouts))' | FileCheck %s --check-prefix=SM90
// RUN: tile-opt %s -split-input-file --pass-pipeline='builtin.module(tile.kernel(tile-assign-layouts{compute-capability=80}))' | FileCheck %s --check-prefix=SM80

// Matmul acceleration in layout assignment: a dot without layouts gets a
// tensor-core accumulator layout (wgmma on sm_90 when M is a multiple of 64
// and num_warps of 4; mma.sync otherwise), loop-carried as is; its operands
// are stored into nvmma_shared buffers after a barrier (wgmma) or converted
// to dot-operand layouts (mma.sync).

// SM90-LABEL: tile.kernel @gemm
// SM90: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]>>
// SM90: scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[Z]]) -> (tensor<128x128xf32, #layout.nvmma<versionMajor = 3
// SM90: layout.barrier
// SM90-NEXT: %[[SA:.*]] = layout.local_alloc %{{.*}} : tensor<128x64xf16, #{{.*}}> -> !layout.memdesc<128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// SM90-NEXT: %[[SB:.*]] = layout.local_alloc %{{.*}} : tensor<64x128xf16, #{{.*}}> -> !layout.memdesc<64x128xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// SM90-NEXT: tile.dot %[[SA]], %[[SB]], %[[ACC]]
// SM80-LABEL: tile.kernel @gemm
// SM80: arith.constant dense<0.000000e+00> : tensor<128x128xf32, #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 4], instrShape = [16, 8]>>
// SM80: layout.convert %{{.*}} -> tensor<128x64xf16, #layout.dot_operand<opIdx = 0, parent = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 4], instrShape = [16, 8]>, kWidth = 2>>
// SM80: layout.convert %{{.*}} -> tensor<64x128xf16, #layout.dot_operand<opIdx = 1, parent = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 4], instrShape = [16, 8]>, kWidth = 2>>
// SM80-NOT: layout.local_alloc
tile.kernel @gemm(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>, %k: i32) attributes {num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [128, %k] : !tile.ptr<f16> -> !tile.view<128x?xf16>
  %vb = tile.make_view %b, shape [%k, 128] : !tile.ptr<f16> -> !tile.view<?x128xf16>
  %vc = tile.make_view %c, shape [128, 128] : !tile.ptr<f32> -> !tile.view<128x128xf32>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %i = %c0 to %k step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%c0, %i] : !tile.view<128x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%i, %c0] : !tile.view<?x128xf16> -> tensor<64x128xf16>
    %n = tile.dot %ta, %tb, %s : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %n : tensor<128x128xf32>
  }
  tile.store_tile %acc, %vc[%c0, %c0] : tensor<128x128xf32>, !tile.view<128x128xf32>
  tile.return
}

// -----

// M = 32 is below one wgmma (64 rows): mma.sync even on sm_90. Exact f32
// products (input_precision = ieee) go to the CUDA cores.

// SM90-LABEL: tile.kernel @small_m
// SM90: tile.dot {{.*}} -> tensor<32x64xf32, #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]>>
// SM90: %[[C:.*]] = layout.convert %{{.*}} : tensor<32x64xf32, #layout.nvmma{{.*}}> -> tensor<32x64xf32, #[[BL:.*]]>
// SM90: tile.dot {{.*}}, %[[C]] input_precision = ieee : tensor<32x16xf32, #layout.dot_operand<opIdx = 0, parent = #[[BL]]>>, tensor<16x64xf32, #layout.dot_operand<opIdx = 1, parent = #[[BL]]>> -> tensor<32x64xf32, #[[BL]]>
tile.kernel @small_m(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %x = arith.constant dense<1.0> : tensor<32x16xf16>
  %y = arith.constant dense<1.0> : tensor<16x64xf16>
  %z = arith.constant dense<0.0> : tensor<32x64xf32>
  %u = arith.constant dense<1.0> : tensor<32x16xf32>
  %v = arith.constant dense<1.0> : tensor<16x64xf32>
  %d = tile.dot %x, %y, %z : tensor<32x16xf16>, tensor<16x64xf16> -> tensor<32x64xf32>
  %e = tile.dot %u, %v, %z input_precision = ieee : tensor<32x16xf32>, tensor<16x64xf32> -> tensor<32x64xf32>
  tile.return
}

// -----

// A chain (attention's S = Q * K^T, P = f16(S), O = P * V): on mma.sync
// both dots put all 4 warps along M (each warp owns 32 whole rows), so the
// producer's accumulator becomes the consumer's A inside each thread; an
// unchained dot of the same shape splits its warps [2, 2] (more 16x8 tiles
// per warp along M first, then N). With 8 warps, 64 rows leave fewer than
// 16 rows a warp: the chain does not force M then.

// SM80-LABEL: tile.kernel @chain
// SM80: %[[S:.*]] = tile.dot {{.*}} -> tensor<128x64xf32, #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]>>
// SM80: %[[P:.*]] = arith.truncf %[[S]] : tensor<128x64xf32, #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]>> to tensor<128x64xf16, #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]>>
// SM80: %[[PA:.*]] = layout.convert %[[P]] : {{.*}} -> tensor<128x64xf16, #layout.dot_operand<opIdx = 0, parent = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]>, kWidth = 2>>
// SM80: tile.dot %[[PA]], {{.*}} -> tensor<128x64xf32, #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]>>
// SM80: tile.dot {{.*}} -> tensor<128x64xf32, #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]>>
// On sm_90 the chain runs on wgmma, the consumer's A in registers.
// SM90-LABEL: tile.kernel @chain
// SM90: tile.dot {{.*}} -> tensor<128x64xf32, #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]>>
// SM90: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x64xf16, #layout.dot_operand<opIdx = 0, parent = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]>, kWidth = 2>>, !layout.memdesc<64x64xf16
tile.kernel @chain(%q: !tile.ptr<f16>, %o: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %vq = tile.make_view %q, shape [128, 64] : !tile.ptr<f16> -> !tile.view<128x64xf16>
  %vk = tile.make_view %q, shape [64, 64] : !tile.ptr<f16> -> !tile.view<64x64xf16>
  %vo = tile.make_view %o, shape [128, 64] : !tile.ptr<f32> -> !tile.view<128x64xf32>
  %tq = tile.load_tile %vq[%c0, %c0] : !tile.view<128x64xf16> -> tensor<128x64xf16>
  %tk = tile.load_tile %vk[%c0, %c0] : !tile.view<64x64xf16> -> tensor<64x64xf16>
  %z = arith.constant dense<0.0> : tensor<128x64xf32>
  %s = tile.dot %tq, %tk, %z : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
  %p = arith.truncf %s : tensor<128x64xf32> to tensor<128x64xf16>
  %out = tile.dot %p, %tk, %z : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
  %plain = tile.dot %tq, %tk, %z : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
  %sum = arith.addf %out, %plain : tensor<128x64xf32>
  tile.store_tile %sum, %vo[%c0, %c0] : tensor<128x64xf32>, !tile.view<128x64xf32>
  tile.return
}

// -----

// SM80-LABEL: tile.kernel @chain_short
// SM80: tile.dot {{.*}} -> tensor<64x64xf32, #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 4], instrShape = [16, 8]>>
// SM80: tile.dot {{.*}} -> tensor<64x64xf32, #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 4], instrShape = [16, 8]>>
tile.kernel @chain_short(%q: !tile.ptr<f16>, %o: !tile.ptr<f32>) attributes {num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %vq = tile.make_view %q, shape [64, 64] : !tile.ptr<f16> -> !tile.view<64x64xf16>
  %vo = tile.make_view %o, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  %tq = tile.load_tile %vq[%c0, %c0] : !tile.view<64x64xf16> -> tensor<64x64xf16>
  %z = arith.constant dense<0.0> : tensor<64x64xf32>
  %s = tile.dot %tq, %tq, %z : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
  %p = arith.truncf %s : tensor<64x64xf32> to tensor<64x64xf16>
  %out = tile.dot %p, %tq, %z : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
  tile.store_tile %out, %vo[%c0, %c0] : tensor<64x64xf32>, !tile.view<64x64xf32>
  tile.return
}
