// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s

// mma.sync m16n8k16 on one warp: A's 8 registers pack pairwise, in
// register order, into a0..a3 (Triton's kWidth = 2 layout already holds the
// PTX fragment order); B's 4 registers into b0, b1; C's 4 registers are c0..c3
// and the results replace them in the same order.

#mma = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]>
#a = #layout.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#b = #layout.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>

// f16 needs no newer PTX ISA: no tile.ptx_version on the module.
// CHECK: module {
// CHECK-LABEL: llvm.func @mma_f16
// CHECK: %[[C0:.*]] = llvm.extractvalue %[[CS:.*]][0] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK: %[[C1:.*]] = llvm.extractvalue %[[CS]][1]
// CHECK: %[[C2:.*]] = llvm.extractvalue %[[CS]][2]
// CHECK: %[[C3:.*]] = llvm.extractvalue %[[CS]][3]
// CHECK: %[[A0:.*]] = llvm.extractvalue %[[AS:.*]][0] : !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16)>
// CHECK: %[[A1:.*]] = llvm.extractvalue %[[AS]][1]
// CHECK: %[[A2:.*]] = llvm.extractvalue %[[AS]][2]
// CHECK: %[[A3:.*]] = llvm.extractvalue %[[AS]][3]
// CHECK: %[[A4:.*]] = llvm.extractvalue %[[AS]][4]
// CHECK: %[[A5:.*]] = llvm.extractvalue %[[AS]][5]
// CHECK: %[[A6:.*]] = llvm.extractvalue %[[AS]][6]
// CHECK: %[[A7:.*]] = llvm.extractvalue %[[AS]][7]
// CHECK: %[[B0:.*]] = llvm.extractvalue %[[BS:.*]][0] : !llvm.struct<(f16, f16, f16, f16)>
// CHECK: %[[B1:.*]] = llvm.extractvalue %[[BS]][1]
// CHECK: %[[B2:.*]] = llvm.extractvalue %[[BS]][2]
// CHECK: %[[B3:.*]] = llvm.extractvalue %[[BS]][3]
// CHECK: %[[I0:.*]] = llvm.mlir.constant(0 : i32)
// CHECK: %[[P0L:.*]] = llvm.insertelement %[[A0]], %{{.*}}[%[[I0]] : i32] : vector<2xf16>
// CHECK: %[[I1:.*]] = llvm.mlir.constant(1 : i32)
// CHECK: %[[P0:.*]] = llvm.insertelement %[[A1]], %[[P0L]][%[[I1]] : i32]
// CHECK: %[[P1L:.*]] = llvm.insertelement %[[A2]]
// CHECK: %[[P1:.*]] = llvm.insertelement %[[A3]], %[[P1L]]
// CHECK: %[[P2L:.*]] = llvm.insertelement %[[A4]]
// CHECK: %[[P2:.*]] = llvm.insertelement %[[A5]], %[[P2L]]
// CHECK: %[[P3L:.*]] = llvm.insertelement %[[A6]]
// CHECK: %[[P3:.*]] = llvm.insertelement %[[A7]], %[[P3L]]
// CHECK: %[[Q0L:.*]] = llvm.insertelement %[[B0]]
// CHECK: %[[Q0:.*]] = llvm.insertelement %[[B1]], %[[Q0L]]
// CHECK: %[[Q1L:.*]] = llvm.insertelement %[[B2]]
// CHECK: %[[Q1:.*]] = llvm.insertelement %[[B3]], %[[Q1L]]
// CHECK: %[[D:.*]] = nvvm.mma.sync A[%[[P0]], %[[P1]], %[[P2]], %[[P3]]]  B[%[[Q0]], %[[Q1]]]  C[%[[C0]], %[[C1]], %[[C2]], %[[C3]]]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: %[[D0:.*]] = llvm.extractvalue %[[D]][0]
// CHECK: %[[D1:.*]] = llvm.extractvalue %[[D]][1]
// CHECK: %[[D2:.*]] = llvm.extractvalue %[[D]][2]
// CHECK: %[[D3:.*]] = llvm.extractvalue %[[D]][3]
// CHECK: llvm.insertvalue %[[D0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[D1]], %{{.*}}[1]
// CHECK: llvm.insertvalue %[[D2]], %{{.*}}[2]
// CHECK: llvm.insertvalue %[[D3]], %{{.*}}[3]
tile.kernel @mma_f16(%p: !tile.ptr<f32>) attributes {num_warps = 1 : i32} {
  %x = arith.constant dense<1.0> : tensor<16x16xf16, #a>
  %y = arith.constant dense<2.0> : tensor<16x8xf16, #b>
  %z = arith.constant dense<0.0> : tensor<16x8xf32, #mma>
  %d = tile.dot %x, %y, %z : tensor<16x16xf16, #a>, tensor<16x8xf16, #b> -> tensor<16x8xf32, #mma>
  %v = tile.make_view %p, shape [16, 8] : !tile.ptr<f32> -> !tile.view<16x8xf32>
  %c0 = arith.constant 0 : i32
  tile.store_tile %d, %v[%c0, %c0] : tensor<16x8xf32, #mma>, !tile.view<16x8xf32>
  tile.return
}

// -----

// kWidth = 8: each lane holds 8 consecutive K; the instruction for k-step
// 0 takes registers 0, 1 (a0) and 2, 3 (a2) of the row-g group and the same
// of the row g + 8 group (registers 8..11 with its register bit 3 = row 8);
// k-step 1 takes registers 4..7 and 12..15.

#mma = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]>
#a = #layout.dot_operand<opIdx = 0, parent = #mma, kWidth = 8>
#b = #layout.dot_operand<opIdx = 1, parent = #mma, kWidth = 8>

// CHECK-LABEL: llvm.func @mma_kwidth8
// CHECK-COUNT-16: llvm.extractvalue %[[AS:.*]][{{[0-9]+}}] : !llvm.struct<(f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16)>
// CHECK: nvvm.mma.sync
// CHECK-SAME: shape = #nvvm.shape<m = 16, n = 8, k = 16>
// CHECK: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
tile.kernel @mma_kwidth8(%p: !tile.ptr<f32>) attributes {num_warps = 1 : i32} {
  %x = arith.constant dense<1.0> : tensor<16x32xf16, #a>
  %y = arith.constant dense<2.0> : tensor<32x8xf16, #b>
  %z = arith.constant dense<0.0> : tensor<16x8xf32, #mma>
  %d = tile.dot %x, %y, %z : tensor<16x32xf16, #a>, tensor<32x8xf16, #b> -> tensor<16x8xf32, #mma>
  %v = tile.make_view %p, shape [16, 8] : !tile.ptr<f32> -> !tile.view<16x8xf32>
  %c0 = arith.constant 0 : i32
  tile.store_tile %d, %v[%c0, %c0] : tensor<16x8xf32, #mma>, !tile.view<16x8xf32>
  tile.return
}

// -----

// tf32 (m16n8k8): one f32 per 32-bit operand, bitcast to i32.

#mma = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]>
#a = #layout.dot_operand<opIdx = 0, parent = #mma, kWidth = 1>
#b = #layout.dot_operand<opIdx = 1, parent = #mma, kWidth = 1>

// CHECK-LABEL: llvm.func @mma_tf32
// CHECK: %[[T:.*]] = llvm.bitcast %{{.*}} : f32 to i32
// CHECK: nvvm.mma.sync A[%[[T]], %{{.*}}, %{{.*}}, %{{.*}}]  B[%{{.*}}, %{{.*}}]
// CHECK-SAME: multiplicandAPtxType = #nvvm.mma_type<tf32>
// CHECK-SAME: shape = #nvvm.shape<m = 16, n = 8, k = 8>
// CHECK-SAME: (i32, i32, f32)
tile.kernel @mma_tf32(%p: !tile.ptr<f32>) attributes {num_warps = 1 : i32} {
  %x = arith.constant dense<1.0> : tensor<16x8xf32, #a>
  %y = arith.constant dense<2.0> : tensor<8x8xf32, #b>
  %z = arith.constant dense<0.0> : tensor<16x8xf32, #mma>
  %d = tile.dot %x, %y, %z : tensor<16x8xf32, #a>, tensor<8x8xf32, #b> -> tensor<16x8xf32, #mma>
  %v = tile.make_view %p, shape [16, 8] : !tile.ptr<f32> -> !tile.view<16x8xf32>
  %c0 = arith.constant 0 : i32
  tile.store_tile %d, %v[%c0, %c0] : tensor<16x8xf32, #mma>, !tile.view<16x8xf32>
  tile.return
}

// -----

// i8 (m16n8k32, s32 accumulator, satfinite): four i8 per 32-bit operand.

#mma = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]>
#a = #layout.dot_operand<opIdx = 0, parent = #mma, kWidth = 4>
#b = #layout.dot_operand<opIdx = 1, parent = #mma, kWidth = 4>

// CHECK-LABEL: llvm.func @mma_i8
// CHECK: llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK: nvvm.mma.sync
// CHECK-SAME: intOverflowBehavior = #nvvm.mma_int_overflow<satfinite>
// CHECK-SAME: multiplicandAPtxType = #nvvm.mma_type<s8>
// CHECK-SAME: shape = #nvvm.shape<m = 16, n = 8, k = 32>
// CHECK-SAME: (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
tile.kernel @mma_i8(%p: !tile.ptr<i32>) attributes {num_warps = 1 : i32} {
  %x = arith.constant dense<1> : tensor<16x32xi8, #a>
  %y = arith.constant dense<2> : tensor<32x8xi8, #b>
  %z = arith.constant dense<0> : tensor<16x8xi32, #mma>
  %d = tile.dot %x, %y, %z : tensor<16x32xi8, #a>, tensor<32x8xi8, #b> -> tensor<16x8xi32, #mma>
  %v = tile.make_view %p, shape [16, 8] : !tile.ptr<i32> -> !tile.view<16x8xi32>
  %c0 = arith.constant 0 : i32
  tile.store_tile %d, %v[%c0, %c0] : tensor<16x8xi32, #mma>, !tile.view<16x8xi32>
  tile.return
}

// -----

// fp8 mma.sync m16n8k32 (inline PTX: MLIR 22's nvvm.mma.sync lacks
// e4m3/e5m2), here on the default sm_90: four fp8 registers per 32-bit
// operand, A's kind and B's kind each in the instruction name, and the
// module asks the driver for PTX ISA 8.4 (the first that has the
// instruction), which tile would not emit for sm_90 otherwise.

#mma = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]>
#a = #layout.dot_operand<opIdx = 0, parent = #mma, kWidth = 4>
#b = #layout.dot_operand<opIdx = 1, parent = #mma, kWidth = 4>

// CHECK: module attributes {tile.ptx_version = 84 : i32}
// CHECK-LABEL: llvm.func @mma_fp8
// CHECK-COUNT-6: llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK: llvm.inline_asm "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, {$10, $11, $12, $13};", "=f,=f,=f,=f,r,r,r,r,r,r,0,1,2,3"
// CHECK-SAME: (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NOT: mma.sync
tile.kernel @mma_fp8(%p: !tile.ptr<f32>) attributes {num_warps = 1 : i32} {
  %x = arith.constant dense<1.0> : tensor<16x32xf8E4M3FN, #a>
  %y = arith.constant dense<2.0> : tensor<32x8xf8E5M2, #b>
  %z = arith.constant dense<0.0> : tensor<16x8xf32, #mma>
  %d = tile.dot %x, %y, %z : tensor<16x32xf8E4M3FN, #a>, tensor<32x8xf8E5M2, #b> -> tensor<16x8xf32, #mma>
  %v = tile.make_view %p, shape [16, 8] : !tile.ptr<f32> -> !tile.view<16x8xf32>
  %c0 = arith.constant 0 : i32
  tile.store_tile %d, %v[%c0, %c0] : tensor<16x8xf32, #mma>, !tile.view<16x8xf32>
  tile.return
}

// -----

// FMA: every accumulator register is fma(a, b, acc) over K in increasing
// order, with A's and B's registers of that K (here one thread holds the
// whole 2x2 result, K = 2).

#l = #layout.blocked<sizePerThread = [2, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]>
#a = #layout.dot_operand<opIdx = 0, parent = #l>
#b = #layout.dot_operand<opIdx = 1, parent = #l>

// CHECK-LABEL: llvm.func @fma_f32
// CHECK-DAG: %[[C0:.*]] = llvm.extractvalue %[[CS:.*]][0] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK-DAG: %[[A0:.*]] = llvm.extractvalue %[[AS:.*]][0] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK-DAG: %[[A1:.*]] = llvm.extractvalue %[[AS]][1] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK-DAG: %[[B0:.*]] = llvm.extractvalue %[[BS:.*]][0] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK-DAG: %[[B2:.*]] = llvm.extractvalue %[[BS]][2] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK: %[[F0:.*]] = llvm.intr.fma(%[[A0]], %[[B0]], %[[C0]])
// CHECK: llvm.intr.fma(%[[A1]], %[[B2]], %[[F0]])
tile.kernel @fma_f32(%p: !tile.ptr<f32>) attributes {num_warps = 1 : i32} {
  %x = arith.constant dense<1.0> : tensor<2x2xf32, #a>
  %y = arith.constant dense<2.0> : tensor<2x2xf32, #b>
  %z = arith.constant dense<0.0> : tensor<2x2xf32, #l>
  %d = tile.dot %x, %y, %z input_precision = ieee : tensor<2x2xf32, #a>, tensor<2x2xf32, #b> -> tensor<2x2xf32, #l>
  %v = tile.make_view %p, shape [2, 2] : !tile.ptr<f32> -> !tile.view<2x2xf32>
  %c0 = arith.constant 0 : i32
  tile.store_tile %d, %v[%c0, %c0] : tensor<2x2xf32, #l>, !tile.view<2x2xf32>
  tile.return
}
