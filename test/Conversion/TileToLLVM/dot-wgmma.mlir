// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s

// wgmma from shared memory, one warpgroup, 64x64x64 f16: four
// m64n64k16 instructions. A is K-major and B N-major (transposed = false on
// both), 128-byte swizzle. Descriptor constant part (both operands): mode 1
// (128 B) << 62 | stride byte offset 1024 (8 rows x 128 B) >> 4 << 32
// = 4611686293305294848 in the high word, leading byte offset 8192 (128 B x
// 64 rows) >> 4 << 16 = 33554432 in the low word. The low word (start
// address >> 4, masked to 14 bits, | the leading byte offset) is computed
// once per operand, before the fences; per k-step s the tile starts at
// element 16 s of A (K contiguous: 32 s bytes, + 2 s in the low word) and at
// element 1024 s of B (K rows of 64 elements: 2048 s bytes, + 128 s).
// B being N-major sets layoutB = row (imm-trans-b = 1). The sequence is
// proxy fence, wgmma fence, the four wgmmas chained on the accumulator,
// commit, and a wait that passes the 32 accumulator registers through
// itself.

#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]>
#s = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
// CHECK-LABEL: llvm.func @wgmma_ss
// CHECK-SAME: tile.shared_bytes = 16384
// CHECK: %[[A:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK: %[[BB:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK: %[[B:.*]] = llvm.getelementptr %[[BB]][8192] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: %[[AI:.*]] = llvm.ptrtoint %[[A]] : !llvm.ptr<3> to i32
// CHECK: %[[AADDR:.*]] = llvm.add %[[AI]], %{{.*}} : i32
// CHECK: %[[MASK:.*]] = llvm.mlir.constant(16383 : i32) : i32
// CHECK: %[[FOUR:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: %[[ASH:.*]] = llvm.lshr %[[AADDR]], %[[FOUR]] : i32
// CHECK: %[[AF:.*]] = llvm.and %[[ASH]], %[[MASK]] : i32
// CHECK: %[[LBO:.*]] = llvm.mlir.constant(33554432 : i32) : i32
// CHECK: %[[LA:.*]] = llvm.or %[[AF]], %[[LBO]] : i32
// CHECK: llvm.ptrtoint %[[B]] : !llvm.ptr<3> to i32
// CHECK: llvm.mlir.constant(33554432 : i32) : i32
// CHECK: %[[LB:.*]] = llvm.or %{{.*}}, %{{.*}} : i32
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: nvvm.wgmma.fence.aligned
// CHECK: %[[B0W:.*]] = llvm.zext %[[LB]] : i32 to i64
// CHECK-NEXT: %[[HI:.*]] = llvm.mlir.constant(4611686293305294848 : i64) : i64
// CHECK-NEXT: %[[B0:.*]] = llvm.or %[[B0W]], %[[HI]] : i64
// CHECK-NEXT: %[[A0W:.*]] = llvm.zext %[[LA]] : i32 to i64
// CHECK-NEXT: llvm.mlir.constant(4611686293305294848 : i64) : i64
// CHECK-NEXT: %[[A0:.*]] = llvm.or %[[A0W]], %{{.*}} : i64
// CHECK-NEXT: nvvm.wgmma.mma_async %[[A0]], %[[B0]], %{{.*}}, <m = 64, n = 64, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>]
// CHECK: llvm.mlir.constant(128 : i32) : i32
// CHECK-NEXT: %[[B1L:.*]] = llvm.add %[[LB]], %{{.*}} : i32
// CHECK-NEXT: %[[B1W:.*]] = llvm.zext %[[B1L]] : i32 to i64
// CHECK-NEXT: llvm.mlir.constant(4611686293305294848 : i64) : i64
// CHECK-NEXT: %[[B1:.*]] = llvm.or %[[B1W]], %{{.*}} : i64
// CHECK-NEXT: llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[A1L:.*]] = llvm.add %[[LA]], %{{.*}} : i32
// CHECK-NEXT: %[[A1W:.*]] = llvm.zext %[[A1L]] : i32 to i64
// CHECK-NEXT: llvm.mlir.constant(4611686293305294848 : i64) : i64
// CHECK-NEXT: %[[A1:.*]] = llvm.or %[[A1W]], %{{.*}} : i64
// CHECK-NEXT: nvvm.wgmma.mma_async %[[A1]], %[[B1]], %{{.*}}, <m = 64, n = 64, k = 16>
// CHECK: llvm.mlir.constant(256 : i32) : i32
// CHECK-NEXT: llvm.add %[[LB]], %{{.*}} : i32
// CHECK: llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: llvm.add %[[LA]], %{{.*}} : i32
// CHECK: nvvm.wgmma.mma_async
// CHECK: llvm.mlir.constant(384 : i32) : i32
// CHECK-NEXT: llvm.add %[[LB]], %{{.*}} : i32
// CHECK: llvm.mlir.constant(6 : i32) : i32
// CHECK-NEXT: llvm.add %[[LA]], %{{.*}} : i32
// CHECK: nvvm.wgmma.mma_async
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: llvm.inline_asm has_side_effects "wgmma.wait_group.sync.aligned 0;", "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,
tile.kernel @wgmma_ss(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %x = layout.local_alloc : !layout.memdesc<64x64xf16, #s>
  %y = layout.local_alloc : !layout.memdesc<64x64xf16, #s>
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %d = tile.dot %x, %y, %z : !layout.memdesc<64x64xf16, #s>, !layout.memdesc<64x64xf16, #s> -> tensor<64x64xf32, #mma>
  %v = tile.make_view %p, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  %c0 = arith.constant 0 : i32
  tile.store_tile %d, %v[%c0, %c0] : tensor<64x64xf32, #mma>, !tile.view<64x64xf32>
  tile.return
}

// -----

// Register A (the chained-dot form): inline PTX, since nvvm.wgmma.mma_async
// takes A only as a descriptor. Per instruction the 32 accumulators are
// tied in and out, A is four b32 registers (pairs of f16 packed in register
// order), B a descriptor; B is N-major, so imm-trans-b is 1. Every A
// register is packed before the wgmma.fence (4 instructions x 4 registers):
// none is written between the fence and the wgmmas that read it (ptxas
// would inject a warpgroup.arrive before each, its C7519 remark).

#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]>
#a = #layout.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#s = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>

// CHECK-LABEL: llvm.func @wgmma_rs
// CHECK-COUNT-16: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK-NOT: llvm.bitcast
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-NOT: llvm.bitcast
// CHECK: llvm.inline_asm has_side_effects "{\0A.reg .pred p;\0Asetp.ne.b32 p, 1, 0;\0Awgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, {{.*}}, $31}, {$64, $65, $66, $67}, $68, p, 1, 1, 1;\0A}", "=f,{{.*}},31,r,r,r,r,l"
// CHECK-NOT: llvm.bitcast
// CHECK-COUNT-3: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-NOT: llvm.bitcast
// CHECK: nvvm.wgmma.commit.group.sync.aligned
tile.kernel @wgmma_rs(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %x = arith.constant dense<1.0> : tensor<64x64xf16, #a>
  %y = layout.local_alloc : !layout.memdesc<64x64xf16, #s>
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %d = tile.dot %x, %y, %z : tensor<64x64xf16, #a>, !layout.memdesc<64x64xf16, #s> -> tensor<64x64xf32, #mma>
  %v = tile.make_view %p, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  %c0 = arith.constant 0 : i32
  tile.store_tile %d, %v[%c0, %c0] : tensor<64x64xf32, #mma>, !tile.view<64x64xf32>
  tile.return
}
