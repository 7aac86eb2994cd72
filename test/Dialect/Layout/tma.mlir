// RUN: tile-opt %s -split-input-file | FileCheck %s
// RUN: tile-opt %s -split-input-file | tile-opt -split-input-file | FileCheck %s

// The TMA descriptor type, tile.make_tensor_desc, the mbarrier ops, the
// async-proxy fence and the TMA copies: syntax round trip.

#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>

// CHECK-LABEL: tile.kernel @tma_ops
// CHECK: %[[V:.*]] = tile.make_view
// CHECK: %[[D:.*]] = tile.make_tensor_desc %[[V]] : !tile.view<?x?xf16> -> !layout.tensordesc<128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK: %[[BARS:.*]] = layout.local_alloc : !layout.memdesc<2x1xi64, #shared>
// CHECK: %[[BAR:.*]] = layout.memdesc_index %[[BARS]][%{{.*}}] : !layout.memdesc<2x1xi64, #shared> -> !layout.memdesc<1xi64, #shared>
// CHECK: layout.init_barrier %[[BAR]], 1 : !layout.memdesc<1xi64, #shared>
// CHECK: layout.barrier_expect %[[BAR]], 16384 : !layout.memdesc<1xi64, #shared>
// CHECK: layout.async_tma_copy_global_to_local %[[D]][%[[R:.*]], %[[C:.*]]] %[[BUF:.*]], %[[BAR]] : !layout.tensordesc<128x64xf16, {{.*}}>, !layout.memdesc<128x64xf16, {{.*}}>, !layout.memdesc<1xi64, #shared>
// CHECK: layout.wait_barrier %[[BAR]], %[[R]] : !layout.memdesc<1xi64, #shared>
// CHECK: layout.arrive_barrier %[[BAR]], 2 : !layout.memdesc<1xi64, #shared>
// CHECK: layout.arrive_barrier %[[BAR]], 1 nosync : !layout.memdesc<1xi64, #shared>
// CHECK: layout.arrive_barrier %[[BAR]], 1 per_warpgroup : !layout.memdesc<1xi64, #shared>
// CHECK: layout.fence_async_shared
// CHECK: layout.async_tma_copy_local_to_global %[[D]][%[[R]], %[[C]]] %[[BUF]] : !layout.tensordesc<128x64xf16, {{.*}}>, !layout.memdesc<128x64xf16, {{.*}}>
// CHECK: layout.async_tma_store_wait {pendings = 0 : i32}
// CHECK: layout.inval_barrier %[[BAR]] : !layout.memdesc<1xi64, #shared>
tile.kernel @tma_ops(%p: !tile.ptr<f16>, %m: i32, %n: i32, %ld: i32) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [%m, %n], strides [%ld, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %d = tile.make_tensor_desc %v : !tile.view<?x?xf16> -> !layout.tensordesc<128x64xf16, #nv>
  %bars = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  %bar = layout.memdesc_index %bars[%c0] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
  %buf = layout.local_alloc : !layout.memdesc<128x64xf16, #nv>
  layout.init_barrier %bar, 1 : !layout.memdesc<1xi64, #bl>
  layout.barrier_expect %bar, 16384 : !layout.memdesc<1xi64, #bl>
  layout.async_tma_copy_global_to_local %d[%c0, %ld] %buf, %bar
      : !layout.tensordesc<128x64xf16, #nv>, !layout.memdesc<128x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
  layout.wait_barrier %bar, %c0 : !layout.memdesc<1xi64, #bl>
  layout.arrive_barrier %bar, 2 : !layout.memdesc<1xi64, #bl>
  layout.arrive_barrier %bar, 1 nosync : !layout.memdesc<1xi64, #bl>
  layout.arrive_barrier %bar, 1 per_warpgroup : !layout.memdesc<1xi64, #bl>
  layout.fence_async_shared
  layout.async_tma_copy_local_to_global %d[%c0, %ld] %buf
      : !layout.tensordesc<128x64xf16, #nv>, !layout.memdesc<128x64xf16, #nv>
  layout.async_tma_store_wait {pendings = 0 : i32}
  layout.inval_barrier %bar : !layout.memdesc<1xi64, #bl>
  tile.return
}

// -----

// Unswizzled and narrower swizzles, 8- and 32-bit elements.
// CHECK-LABEL: func.func private @types
// CHECK-SAME: !layout.tensordesc<256x16xf32, #layout.nvmma_shared<swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32>>
// CHECK-SAME: !layout.tensordesc<64x64xi8, #layout.nvmma_shared<swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8>>
// CHECK-SAME: !layout.tensordesc<8x32xbf16, #layout.nvmma_shared<swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16>>
func.func private @types(
    !layout.tensordesc<256x16xf32, #layout.nvmma_shared<swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32>>,
    !layout.tensordesc<64x64xi8, #layout.nvmma_shared<swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8>>,
    !layout.tensordesc<8x32xbf16, #layout.nvmma_shared<swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16>>)

// -----

// Descriptors of views of rank 3 to 5: one extent per dim (1 on the dims a
// copy does not walk), the buffer the matrix of the outer dims' product x
// the inner dim.
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
// CHECK-LABEL: tile.kernel @tma_rank4
// CHECK: %[[D:.*]] = tile.make_tensor_desc %{{.*}} : !tile.view<?x?x?x64xf16> -> !layout.tensordesc<1x128x1x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK: layout.async_tma_copy_global_to_local %[[D]][%arg1, %arg2, %arg3, %{{.*}}] %{{.*}}, %{{.*}} : !layout.tensordesc<1x128x1x64xf16, {{.*}}>, !layout.memdesc<128x64xf16, {{.*}}>, !layout.memdesc<1xi64, #shared>
// CHECK: layout.async_tma_copy_local_to_global %[[D]][%arg1, %arg2, %arg3, %{{.*}}] %{{.*}} : !layout.tensordesc<1x128x1x64xf16, {{.*}}>, !layout.memdesc<128x64xf16, {{.*}}>
// CHECK-LABEL: func.func private @types_rank
// CHECK-SAME: !layout.tensordesc<2x64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK-SAME: !layout.tensordesc<1x1x2x8x256xf32, #layout.nvmma_shared<swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32>>
tile.kernel @tma_rank4(%p: !tile.ptr<f16>, %b: i32, %n: i32, %h: i32, %sb: i32, %sn: i32) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [%b, %n, %h, 64], strides [%sb, %sn, 64, 1] : !tile.ptr<f16> -> !tile.view<?x?x?x64xf16>
  %d = tile.make_tensor_desc %v : !tile.view<?x?x?x64xf16> -> !layout.tensordesc<1x128x1x64xf16, #nv>
  %bar = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  %buf = layout.local_alloc : !layout.memdesc<128x64xf16, #nv>
  layout.async_tma_copy_global_to_local %d[%b, %n, %h, %c0] %buf, %bar
      : !layout.tensordesc<1x128x1x64xf16, #nv>, !layout.memdesc<128x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
  layout.async_tma_copy_local_to_global %d[%b, %n, %h, %c0] %buf
      : !layout.tensordesc<1x128x1x64xf16, #nv>, !layout.memdesc<128x64xf16, #nv>
  tile.return
}
func.func private @types_rank(
    !layout.tensordesc<2x64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>,
    !layout.tensordesc<1x1x2x8x256xf32, #layout.nvmma_shared<swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32>>)

// -----

// The cluster operands: a multicast TMA load and an arrival on a peer
// program's mbarrier (in a kernel with cluster_dims).
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
// CHECK-LABEL: tile.kernel @cluster_operands
// CHECK: layout.async_tma_copy_global_to_local %{{.*}}[%{{.*}}, %{{.*}}] %{{.*}}, %{{.*}} multicast %[[MASK:.*]] : !layout.tensordesc<64x64xf16
// CHECK: layout.arrive_barrier %{{.*}}, 1 nosync cta %[[PEER:.*]] : !layout.memdesc<1xi64
// CHECK: layout.arrive_barrier %{{.*}}, 2 cta %[[PEER]] : !layout.memdesc<1xi64
tile.kernel @cluster_operands(%p: !tile.ptr<f16>, %m: i32, %ld: i32, %mask: i32, %peer: i32)
    attributes {num_warps = 4 : i32, cluster_dims = array<i32: 2, 1, 1>} {
  %v = tile.make_view %p, shape [%m, 64], strides [%ld, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %d = tile.make_tensor_desc %v : !tile.view<?x64xf16> -> !layout.tensordesc<64x64xf16, #nv>
  %bar = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  %buf = layout.local_alloc : !layout.memdesc<64x64xf16, #nv>
  layout.async_tma_copy_global_to_local %d[%m, %m] %buf, %bar multicast %mask
      : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
  layout.arrive_barrier %bar, 1 nosync cta %peer : !layout.memdesc<1xi64, #bl>
  layout.arrive_barrier %bar, 2 cta %peer : !layout.memdesc<1xi64, #bl>
  tile.return
}
