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

// Attention's inner loop: Q is loop-invariant, so it is stored into shared
// memory once, before the loop (no barrier there: nothing read the buffer
// before); K^T is read from K's rows (order = [1, 0]: its registers run
// along K), so its buffer is K-major (transposed = true) and the store
// writes vectors; P comes from the first dot through an scf.if (a mask in
// some iterations) and stays in registers (register-A wgmma).

// SM90-LABEL: tile.kernel @attention_step
// SM90: %[[TQ:.*]] = tile.load_tile %{{.*}} : !tile.view<?x64xf16> -> tensor<128x64xf16, #[[LDQ:.*]]>
// SM90-NOT: layout.barrier
// SM90-NEXT: %[[SQ:.*]] = layout.local_alloc %[[TQ]] : tensor<128x64xf16, #[[LDQ]]> -> !layout.memdesc<128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// SM90: scf.for
// SM90: %[[TKT:.*]] = tile.load_tile {{.*}} order = [1, 0] {{.*}} -> tensor<64x64xf16, #[[LDK:.*]]>
// SM90: layout.barrier
// SM90-NEXT: %[[SKT:.*]] = layout.local_alloc %[[TKT]] : tensor<64x64xf16, #[[LDK]]> -> !layout.memdesc<64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16>>
// SM90-NEXT: tile.dot %[[SQ]], %[[SKT]], %{{.*}} : !layout.memdesc<128x64xf16, {{.*}}>, !layout.memdesc<64x64xf16, {{.*}}> -> tensor<128x64xf32, #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]>>
// SM90: scf.if
// SM90: %[[P:.*]] = layout.convert %{{.*}} : tensor<128x64xf16, #layout.nvmma<{{.*}}>> -> tensor<128x64xf16, #layout.dot_operand<opIdx = 0, parent = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]>, kWidth = 2>>
// SM90-NEXT: layout.barrier
// SM90-NEXT: %[[SV:.*]] = layout.local_alloc %{{.*}} -> !layout.memdesc<64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// SM90-NEXT: tile.dot %[[P]], %[[SV]]
// SM90-NOT: layout.local_alloc
tile.kernel @attention_step(%q: !tile.ptr<f16>, %k: !tile.ptr<f16>, %v: !tile.ptr<f16>,
                            %o: !tile.ptr<f32>, %n: i32) attributes {num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %vq = tile.make_view %q, shape [%n, 64] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vk = tile.make_view %k, shape [%n, 64] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vv = tile.make_view %v, shape [%n, 64] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vo = tile.make_view %o, shape [%n, 64] : !tile.ptr<f32> -> !tile.view<?x64xf32>
  %tq = tile.load_tile %vq[%c0, %c0] : !tile.view<?x64xf16> -> tensor<128x64xf16>
  %z = arith.constant dense<0.0> : tensor<128x64xf32>
  %ninf = arith.constant dense<0xFF800000> : tensor<128x64xf32>
  %acc = scf.for %j = %c0 to %n step %c1 iter_args(%a = %z) -> (tensor<128x64xf32>) : i32 {
    %tkt = tile.load_tile %vk[%c0, %j] order = [1, 0] : !tile.view<?x64xf16> -> tensor<64x64xf16>
    %tv = tile.load_tile %vv[%j, %c0] : !tile.view<?x64xf16> -> tensor<64x64xf16>
    %s = tile.dot %tq, %tkt, %z : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    %first = arith.cmpi eq, %j, %c0 : i32
    %sm = scf.if %first -> (tensor<128x64xf32>) {
      scf.yield %ninf : tensor<128x64xf32>
    } else {
      scf.yield %s : tensor<128x64xf32>
    }
    %p = arith.truncf %sm : tensor<128x64xf32> to tensor<128x64xf16>
    %a2 = tile.dot %p, %tv, %a : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    scf.yield %a2 : tensor<128x64xf32>
  }
  tile.store_tile %acc, %vo[%c0, %c0] : tensor<128x64xf32>, !tile.view<?x64xf32>
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

// An operand invariant in the inner loop but defined in an outer one is
// stored once per outer iteration, right after its definition and after a
// barrier (the previous outer iteration's dots read the same buffer).

// SM90-LABEL: tile.kernel @invariant_in_inner_loop
// SM90: scf.for
// SM90: %[[TA:.*]] = tile.load_tile %{{.*}} -> tensor<64x64xf16, #{{.*}}>
// SM90-NEXT: layout.barrier
// SM90-NEXT: %[[SA:.*]] = layout.local_alloc %[[TA]]
// SM90: scf.for
// SM90: layout.barrier
// SM90-NEXT: %[[SB:.*]] = layout.local_alloc
// SM90-NEXT: tile.dot %[[SA]], %[[SB]]
tile.kernel @invariant_in_inner_loop(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>,
                                     %n: i32) attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%n, 64] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vb = tile.make_view %b, shape [%n, 64] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vc = tile.make_view %c, shape [%n, 64] : !tile.ptr<f32> -> !tile.view<?x64xf32>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %ta = tile.load_tile %va[%i, %c0] : !tile.view<?x64xf16> -> tensor<64x64xf16>
    %z = arith.constant dense<0.0> : tensor<64x64xf32>
    %acc = scf.for %j = %c0 to %n step %c1 iter_args(%s = %z) -> (tensor<64x64xf32>) : i32 {
      %tb = tile.load_tile %vb[%j, %c0] : !tile.view<?x64xf16> -> tensor<64x64xf16>
      %d = tile.dot %ta, %tb, %s : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
      scf.yield %d : tensor<64x64xf32>
    }
    tile.store_tile %acc, %vc[%i, %c0] : tensor<64x64xf32>, !tile.view<?x64xf32>
  }
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

// -----

// On mma.sync the producer of a chain puts its warps along M when its
// result reaches the next dot's A through an scf.if (attention's mask in
// some iterations): S is 64 x 128 (more 16x8 tiles along N, [1, 4] when
// unchained), but its accumulator must be P's A rows in the same threads.

// SM80-LABEL: tile.kernel @chain_through_if
// SM80: tile.dot {{.*}} -> tensor<64x128xf32, #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]>>
// SM80: scf.if
// SM80: tile.dot {{.*}} -> tensor<64x64xf32, #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]>>
tile.kernel @chain_through_if(%q: !tile.ptr<f16>, %o: !tile.ptr<f32>, %flag: i1) attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %vq = tile.make_view %q, shape [128, 64] : !tile.ptr<f16> -> !tile.view<128x64xf16>
  %vo = tile.make_view %o, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  %tq = tile.load_tile %vq[%c0, %c0] : !tile.view<128x64xf16> -> tensor<64x64xf16>
  %tkt = tile.load_tile %vq[%c0, %c0] order = [1, 0] : !tile.view<128x64xf16> -> tensor<64x128xf16>
  %tv = tile.load_tile %vq[%c0, %c0] : !tile.view<128x64xf16> -> tensor<128x64xf16>
  %zs = arith.constant dense<0.0> : tensor<64x128xf32>
  %z = arith.constant dense<0.0> : tensor<64x64xf32>
  %ninf = arith.constant dense<0xFF800000> : tensor<64x128xf32>
  %s = tile.dot %tq, %tkt, %zs : tensor<64x64xf16>, tensor<64x128xf16> -> tensor<64x128xf32>
  %sm = scf.if %flag -> (tensor<64x128xf32>) {
    scf.yield %ninf : tensor<64x128xf32>
  } else {
    scf.yield %s : tensor<64x128xf32>
  }
  %p = arith.truncf %sm : tensor<64x128xf32> to tensor<64x128xf16>
  %out = tile.dot %p, %tv, %z : tensor<64x128xf16>, tensor<128x64xf16> -> tensor<64x64xf32>
  tile.store_tile %out, %vo[%c0, %c0] : tensor<64x64xf32>, !tile.view<64x64xf32>
  tile.return
}
