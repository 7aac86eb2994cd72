// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s

// A wgmma whose shared operands only cp.async writes needs no
// fence.proxy.async (as in Triton, which fences only after stores from
// registers); one stored with layout.local_store keeps it.

#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]>
#s = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#blocked = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

// CHECK-LABEL: llvm.func @async_only
// CHECK: nvvm.cp.async.wait.group 0
// CHECK-NEXT: nvvm.barrier0
// CHECK-NOT: nvvm.fence.proxy
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: nvvm.wgmma.mma_async
tile.kernel @async_only(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %c: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %va = tile.make_view %a, shape [64, 64] : !tile.ptr<f16> -> !tile.view<64x64xf16>
  %vc = tile.make_view %c, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  %bufs = layout.local_alloc : !layout.memdesc<2x64x64xf16, #s>
  %sa = layout.memdesc_index %bufs[%c0] : !layout.memdesc<2x64x64xf16, #s> -> !layout.memdesc<64x64xf16, #s>
  %b = layout.local_alloc : !layout.memdesc<64x64xf16, #s>
  tile.async_load_tile %va[%c0, %c0], %sa : !tile.view<64x64xf16> -> !layout.memdesc<64x64xf16, #s>
  tile.async_load_tile %va[%c0, %c0], %b : !tile.view<64x64xf16> -> !layout.memdesc<64x64xf16, #s>
  layout.async_commit_group
  layout.async_wait {num = 0 : i32}
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %d = tile.dot %sa, %b, %zero : !layout.memdesc<64x64xf16, #s>, !layout.memdesc<64x64xf16, #s> -> tensor<64x64xf32, #mma>
  tile.store_tile %d, %vc[%c0, %c0] : tensor<64x64xf32, #mma>, !tile.view<64x64xf32>
  tile.return
}

// -----

#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]>
#s = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#blocked = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

// CHECK-LABEL: llvm.func @with_store
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: nvvm.wgmma.fence.aligned
tile.kernel @with_store(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %c: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %va = tile.make_view %a, shape [64, 64] : !tile.ptr<f16> -> !tile.view<64x64xf16>
  %vc = tile.make_view %c, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  %sa = layout.local_alloc : !layout.memdesc<64x64xf16, #s>
  %b = layout.local_alloc : !layout.memdesc<64x64xf16, #s>
  tile.async_load_tile %va[%c0, %c0], %sa : !tile.view<64x64xf16> -> !layout.memdesc<64x64xf16, #s>
  %t = tile.load_tile %va[%c0, %c0] : !tile.view<64x64xf16> -> tensor<64x64xf16, #blocked>
  layout.local_store %t, %b : tensor<64x64xf16, #blocked> -> !layout.memdesc<64x64xf16, #s>
  layout.async_commit_group
  layout.async_wait {num = 0 : i32}
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %d = tile.dot %sa, %b, %zero : !layout.memdesc<64x64xf16, #s>, !layout.memdesc<64x64xf16, #s> -> tensor<64x64xf32, #mma>
  tile.store_tile %d, %vc[%c0, %c0] : tensor<64x64xf32, #mma>, !tile.view<64x64xf32>
  tile.return
}

// -----

#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]>
#s = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
#blocked = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

// Buffers written only by TMA loads (async proxy, ordered by the mbarrier)
// need no fence either; a TMA load into a buffer also stored from registers
// keeps it (the second kernel).
// CHECK-LABEL: llvm.func @tma_only
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK-NOT: nvvm.fence.proxy
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: nvvm.wgmma.mma_async
tile.kernel @tma_only(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %c: !tile.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %va = tile.make_view %a, shape [64, 64] : !tile.ptr<f16> -> !tile.view<64x64xf16>
  %vc = tile.make_view %c, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  %d = tile.make_tensor_desc %va : !tile.view<64x64xf16> -> !layout.tensordesc<64x64xf16, #s>
  %bufs = layout.local_alloc : !layout.memdesc<2x64x64xf16, #s>
  %sa = layout.memdesc_index %bufs[%c0] : !layout.memdesc<2x64x64xf16, #s> -> !layout.memdesc<64x64xf16, #s>
  %bar = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  layout.init_barrier %bar, 1 : !layout.memdesc<1xi64, #bl>
  layout.barrier_expect %bar, 8192 : !layout.memdesc<1xi64, #bl>
  layout.async_tma_copy_global_to_local %d[%c0, %c0] %sa, %bar
      : !layout.tensordesc<64x64xf16, #s>, !layout.memdesc<64x64xf16, #s>, !layout.memdesc<1xi64, #bl>
  layout.wait_barrier %bar, %c0 : !layout.memdesc<1xi64, #bl>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %r = tile.dot %sa, %sa, %zero : !layout.memdesc<64x64xf16, #s>, !layout.memdesc<64x64xf16, #s> -> tensor<64x64xf32, #mma>
  tile.store_tile %r, %vc[%c0, %c0] : tensor<64x64xf32, #mma>, !tile.view<64x64xf32>
  tile.return
}

// CHECK-LABEL: llvm.func @tma_and_store
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: nvvm.wgmma.fence.aligned
tile.kernel @tma_and_store(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %c: !tile.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %va = tile.make_view %a, shape [64, 64] : !tile.ptr<f16> -> !tile.view<64x64xf16>
  %vc = tile.make_view %c, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  %d = tile.make_tensor_desc %va : !tile.view<64x64xf16> -> !layout.tensordesc<64x64xf16, #s>
  %sa = layout.local_alloc : !layout.memdesc<64x64xf16, #s>
  %bar = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  layout.init_barrier %bar, 1 : !layout.memdesc<1xi64, #bl>
  layout.barrier_expect %bar, 8192 : !layout.memdesc<1xi64, #bl>
  layout.async_tma_copy_global_to_local %d[%c0, %c0] %sa, %bar
      : !layout.tensordesc<64x64xf16, #s>, !layout.memdesc<64x64xf16, #s>, !layout.memdesc<1xi64, #bl>
  layout.wait_barrier %bar, %c0 : !layout.memdesc<1xi64, #bl>
  %h = arith.constant dense<1.0> : tensor<64x64xf16, #blocked>
  layout.local_store %h, %sa : tensor<64x64xf16, #blocked> -> !layout.memdesc<64x64xf16, #s>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %r = tile.dot %sa, %sa, %zero : !layout.memdesc<64x64xf16, #s>, !layout.memdesc<64x64xf16, #s> -> tensor<64x64xf32, #mma>
  tile.store_tile %r, %vc[%c0, %c0] : tensor<64x64xf32, #mma>, !tile.view<64x64xf32>
  tile.return
}
