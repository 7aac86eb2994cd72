// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s

// fp8 (e4m3) wgmma with both operands in shared memory, one warpgroup,
// 64x64x128: four m64n64k32 instructions (K 32 a step for 8-bit types).
// 8-bit operands must both be K-major: A (M x K) with K contiguous
// (transposed = false) and B stored N x K (K contiguous, as
// torch._scaled_mm's K-major B) and read K x N through layout.memdesc_trans,
// whose result layout is transposed = true. Both descriptors have the same
// constant part: 128-byte swizzle (mode 1 << 62) and stride byte offset
// 1024 (8 rows of 128 bytes) >> 4 << 32 = 4611686293305294848 in the high
// word, leading byte offset 8192 (128 B x 64 rows) >> 4 << 16 = 33554432
// in the low word, or-ed into each operand's start address >> 4 once per
// dot (A at byte 0, then B, the second buffer, at byte 8192). Per k-step s
// both tiles start 32 s bytes into the row (K contiguous, one byte an
// element): + 2 s in each low word. wgmma takes no transpose flag for
// 8-bit types: layoutA = row and layoutB = col are the K-major forms.

#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]>
#s = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8>
#st = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8>
// CHECK-LABEL: llvm.func @wgmma_fp8_ss
// CHECK-SAME: tile.shared_bytes = 16384
// CHECK: %[[A:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK: %[[BB:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK: %[[B:.*]] = llvm.getelementptr %[[BB]][8192] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: llvm.ptrtoint %[[A]] : !llvm.ptr<3> to i32
// CHECK: llvm.mlir.constant(33554432 : i32) : i32
// CHECK-NEXT: %[[LA:.*]] = llvm.or
// CHECK: llvm.ptrtoint %[[B]] : !llvm.ptr<3> to i32
// CHECK: llvm.mlir.constant(33554432 : i32) : i32
// CHECK-NEXT: %[[LB:.*]] = llvm.or
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: nvvm.wgmma.fence.aligned
// CHECK: llvm.zext %[[LB]] : i32 to i64
// CHECK-NEXT: llvm.mlir.constant(4611686293305294848 : i64) : i64
// CHECK: llvm.zext %[[LA]] : i32 to i64
// CHECK-NEXT: llvm.mlir.constant(4611686293305294848 : i64) : i64
// CHECK: nvvm.wgmma.mma_async %{{.*}}, %{{.*}}, %{{.*}}, <m = 64, n = 64, k = 32>, D[<f32>, <one>], A[<e4m3>, <one>, <row>], B[<e4m3>, <one>, <col>]
// CHECK: llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: llvm.add %[[LB]], %{{.*}} : i32
// CHECK: llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: llvm.add %[[LA]], %{{.*}} : i32
// CHECK: nvvm.wgmma.mma_async %{{.*}}, %{{.*}}, %{{.*}}, <m = 64, n = 64, k = 32>, D[<f32>, <one>], A[<e4m3>, <one>, <row>], B[<e4m3>, <one>, <col>]
// CHECK: llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: llvm.add %[[LB]], %{{.*}} : i32
// CHECK: llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: llvm.add %[[LA]], %{{.*}} : i32
// CHECK: nvvm.wgmma.mma_async
// CHECK: llvm.mlir.constant(6 : i32) : i32
// CHECK-NEXT: llvm.add %[[LB]], %{{.*}} : i32
// CHECK: llvm.mlir.constant(6 : i32) : i32
// CHECK-NEXT: llvm.add %[[LA]], %{{.*}} : i32
// CHECK: nvvm.wgmma.mma_async
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: llvm.inline_asm has_side_effects "wgmma.wait_group.sync.aligned 0;"
tile.kernel @wgmma_fp8_ss(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %x = layout.local_alloc : !layout.memdesc<64x128xf8E4M3FN, #s>
  %y = layout.local_alloc : !layout.memdesc<64x128xf8E4M3FN, #s>
  %yt = layout.memdesc_trans %y {order = array<i32: 1, 0>} : !layout.memdesc<64x128xf8E4M3FN, #s> -> !layout.memdesc<128x64xf8E4M3FN, #st>
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %d = tile.dot %x, %yt, %z : !layout.memdesc<64x128xf8E4M3FN, #s>, !layout.memdesc<128x64xf8E4M3FN, #st> -> tensor<64x64xf32, #mma>
  %v = tile.make_view %p, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  %c0 = arith.constant 0 : i32
  tile.store_tile %d, %v[%c0, %c0] : tensor<64x64xf32, #mma>, !tile.view<64x64xf32>
  tile.return
}
