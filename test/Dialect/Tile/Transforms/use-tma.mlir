// RUN: tile-opt %s -split-input-file --pass-pipeline="builtin.module(tile.kernel(tile-use-tma{remarks=true}))" -verify-diagnostics | FileCheck %s
// RUN: tile-opt %s -split-input-file --pass-pipeline="builtin.module(tile.kernel(tile-use-tma{compute-capability=80}))" | FileCheck %s --check-prefix=SM80

// cuTile's allow_tma hint: a legal load and store become TMA copies (the
// sequence of ops, the descriptor type with the widest swizzle, the tx
// bytes, the element coordinates); each reason to keep an ordinary access
// is a remark, and the access is left as it was.

#b = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

// CHECK-LABEL: tile.kernel @load
// CHECK: %[[D:.*]] = tile.make_tensor_desc %[[V:.*]] : !tile.view<?x?xf16> -> !layout.tensordesc<64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK: %[[BAR:.*]] = layout.local_alloc : !layout.memdesc<1xi64, #shared>
// CHECK: %[[BUF:.*]] = layout.local_alloc : !layout.memdesc<64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK: layout.fence_async_shared
// CHECK: layout.init_barrier %[[BAR]], 1
// CHECK: layout.barrier_expect %[[BAR]], 8192
// CHECK: %[[C64:.*]] = arith.constant 64 : i32
// CHECK: %[[ROW:.*]] = arith.muli %arg5, %[[C64]] : i32
// CHECK: %[[C64B:.*]] = arith.constant 64 : i32
// CHECK: %[[COL:.*]] = arith.muli %arg6, %[[C64B]] : i32
// CHECK: layout.async_tma_copy_global_to_local %[[D]][%[[ROW]], %[[COL]]] %[[BUF]], %[[BAR]]
// CHECK: layout.wait_barrier %[[BAR]], %{{.*}}
// CHECK: %[[T:.*]] = layout.local_load %[[BUF]] : {{.*}} -> tensor<64x64xf16, #blocked>
// CHECK: layout.inval_barrier %[[BAR]]
// CHECK: tile.store_tile %[[T]]
// SM80-LABEL: tile.kernel @load
// SM80-NOT: layout.
// SM80: tile.load_tile %{{.*}} padding = zero {allow_tma}
tile.kernel @load(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %y: !tile.ptr<f16>,
                  %m: i32, %n: i32, %ld: i32 {tile.divisibility = 8 : i64}, %i: i32, %j: i32) {
  %v = tile.make_view %x, shape [%m, %n], strides [%ld, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %w = tile.make_view %y, shape [%m, %n], strides [%ld, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  // expected-remark @+1 {{allow_tma: TMA copy of 64x64 blocks, 128-byte swizzle}}
  %t = tile.load_tile %v[%i, %j] padding = zero {allow_tma} : !tile.view<?x?xf16> -> tensor<64x64xf16, #b>
  tile.store_tile %t, %w[%i, %j] : tensor<64x64xf16, #b>, !tile.view<?x?xf16>
  tile.return
}

// -----

#b = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>

// A 32-byte row: the 32-byte swizzle; a compact view with a constant row.
// CHECK-LABEL: tile.kernel @store
// CHECK: %[[D:.*]] = tile.make_tensor_desc %{{.*}} : !tile.view<?x16xf16> -> !layout.tensordesc<32x16xf16, #layout.nvmma_shared<swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16>>
// CHECK: %[[BUF:.*]] = layout.local_alloc : !layout.memdesc<32x16xf16
// CHECK: layout.local_store %{{.*}}, %[[BUF]]
// CHECK: layout.async_tma_copy_local_to_global %[[D]][%{{.*}}, %{{.*}}] %[[BUF]]
// CHECK: layout.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NOT: tile.store_tile
tile.kernel @store(%y: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %m: i32, %i: i32) {
  %w = tile.make_view %y, shape [%m, 16] : !tile.ptr<f16> -> !tile.view<?x16xf16>
  %t = arith.constant dense<1.0> : tensor<32x16xf16, #b>
  // expected-remark @+1 {{allow_tma: TMA copy of 32x16 blocks, 32-byte swizzle}}
  tile.store_tile %t, %w[%i, %i] {allow_tma} : tensor<32x16xf16, #b>, !tile.view<?x16xf16>
  tile.return
}

// -----

#b = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

// Each reason to stay ordinary.
// CHECK-LABEL: tile.kernel @ordinary
// CHECK-NOT: layout.async_tma
tile.kernel @ordinary(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %u: !tile.ptr<f16>,
                      %m: i32, %n: i32 {tile.divisibility = 8 : i64}, %ld: i32, %i: i32) {
  %v = tile.make_view %x, shape [%m, %n], strides [%ld, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  // expected-remark @+1 {{allow_tma: ordinary access: the view's row stride is not proven a multiple of 16 bytes (promise it with tile.divisibility)}}
  %a = tile.load_tile %v[%i, %i] {allow_tma} : !tile.view<?x?xf16> -> tensor<64x64xf16, #b>
  %vu = tile.make_view %u, shape [%m, %n], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  // expected-remark @+1 {{allow_tma: ordinary access: the view's pointer is not promised 16-byte aligned (tile.divisibility = 16)}}
  %b = tile.load_tile %vu[%i, %i] {allow_tma} : !tile.view<?x?xf16> -> tensor<64x64xf16, #b>
  %vc = tile.make_view %x, shape [%m, %n], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  // expected-remark @+1 {{allow_tma: ordinary access: TMA pads with zeros, not the requested padding}}
  %c = tile.load_tile %vc[%i, %i] padding = nan {allow_tma} : !tile.view<?x?xf16> -> tensor<64x64xf16, #b>
  // expected-remark @+1 {{allow_tma: ordinary access: the access permutes the view (order)}}
  %d = tile.load_tile %vc[%i, %i] order = "F" {allow_tma} : !tile.view<?x?xf16> -> tensor<64x64xf16, #b>
  %m2 = arith.addi %m, %m : i32
  %vm = tile.make_view %x, shape [%m2, %n], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  // expected-remark @+1 {{allow_tma: ordinary access: an extent of the view is computed in the kernel}}
  %e = tile.load_tile %vm[%i, %i] {allow_tma} : !tile.view<?x?xf16> -> tensor<64x64xf16, #b>
  %vs = tile.make_view %x, shape [%m, %m], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  // expected-remark @+1 {{allow_tma: ordinary access: the view's last extent is not proven a multiple of 16 bytes (a TMA store writes whole 16-byte chunks)}}
  tile.store_tile %a, %vs[%i, %i] {allow_tma} : tensor<64x64xf16, #b>, !tile.view<?x?xf16>
  tile.store_tile %b, %vc[%i, %i] : tensor<64x64xf16, #b>, !tile.view<?x?xf16>
  tile.store_tile %c, %vc[%i, %i] : tensor<64x64xf16, #b>, !tile.view<?x?xf16>
  tile.store_tile %d, %vc[%i, %i] : tensor<64x64xf16, #b>, !tile.view<?x?xf16>
  tile.store_tile %e, %vc[%i, %i] : tensor<64x64xf16, #b>, !tile.view<?x?xf16>
  tile.return
}

// -----

// Views with a CuTe layout. (128,128):(128,1) coalesces to one stride per
// mode: a strided view with static strides, so the load and the store are
// TMA copies and the descriptor is made of the CuTe view. A blocked memory
// order, 8x4 row-major tiles ((8,16),(4,32)):((4,512),(1,32)), has no
// one-stride-per-dim descriptor: an ordinary access, with the reason.

#b = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
!rm = !tile.view<128x128xf16, #layout.strided<(128,128):(128,1)>>
!blk = !tile.view<128x128xf16, #layout.strided<((8,16),(4,32)):((4,512),(1,32))>>

// CHECK-LABEL: tile.kernel @cute_views
// CHECK: %[[V:.*]] = tile.make_view %arg0, shape [128, 128]
// CHECK: %[[W:.*]] = tile.make_view %arg1, shape [128, 128]
// CHECK: %[[U:.*]] = tile.make_view %arg0, shape [128, 128]
// CHECK: %[[D:.*]] = tile.make_tensor_desc %[[V]] : {{.*}} -> !layout.tensordesc<64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK: layout.async_tma_copy_global_to_local %[[D]]
// CHECK: %[[E:.*]] = tile.make_tensor_desc %[[W]]
// CHECK: layout.async_tma_copy_local_to_global %[[E]]
// CHECK: tile.load_tile %[[U]][%arg2, %arg3] {allow_tma}
tile.kernel @cute_views(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                        %y: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %i: i32, %j: i32) {
  %v = tile.make_view %x, shape [128, 128] : !tile.ptr<f16> -> !rm
  %w = tile.make_view %y, shape [128, 128] : !tile.ptr<f16> -> !rm
  %u = tile.make_view %x, shape [128, 128] : !tile.ptr<f16> -> !blk
  // expected-remark @+1 {{allow_tma: TMA copy of 64x64 blocks, 128-byte swizzle}}
  %t = tile.load_tile %v[%i, %j] padding = zero {allow_tma} : !rm -> tensor<64x64xf16, #b>
  // expected-remark @+1 {{allow_tma: TMA copy of 64x64 blocks, 128-byte swizzle}}
  tile.store_tile %t, %w[%i, %j] {allow_tma} : tensor<64x64xf16, #b>, !rm
  // expected-remark @+1 {{allow_tma: ordinary access: the view's CuTe layout has nested modes or a swizzle (a TMA descriptor takes one stride per dim)}}
  %s = tile.load_tile %u[%i, %j] {allow_tma} : !blk -> tensor<64x64xf16, #b>
  tile.store_tile %s, %w[%i, %j] : tensor<64x64xf16, #b>, !rm
  tile.return
}

// -----

// Views of rank 3 to 5 with load_at/store_at `dims`: the block is the
// tile's extents on the axes it walks and 1 elsewhere, the coordinates are
// the element offsets, the buffer the 2-D tile. A [B, N, H, 64] view read
// 64 rows of one head at a time (dims [1, 3]); a compact [M, 4, 32] view
// written batch-major (dims [0, 2]: a 64x1x32 block, 64-byte swizzle).
#b = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

// CHECK-LABEL: tile.kernel @load_at_4d
// CHECK: %[[D:.*]] = tile.make_tensor_desc %[[V:.*]] : !tile.view<?x?x?x64xf16> -> !layout.tensordesc<1x64x1x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK: %[[BAR:.*]] = layout.local_alloc : !layout.memdesc<1xi64, #shared>
// CHECK: %[[BUF:.*]] = layout.local_alloc : !layout.memdesc<64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK: layout.barrier_expect %[[BAR]], 8192
// CHECK: layout.async_tma_copy_global_to_local %[[D]][%arg6, %arg7, %arg8, %arg9] %[[BUF]], %[[BAR]] : !layout.tensordesc<1x64x1x64xf16, {{.*}}>, !layout.memdesc<64x64xf16, {{.*}}>
// CHECK: %[[T:.*]] = layout.local_load %[[BUF]] : {{.*}} -> tensor<64x64xf16, #blocked>
// CHECK: %[[TWO:.*]] = arith.constant 2 : i32
// CHECK: %[[E:.*]] = tile.make_tensor_desc %{{.*}} : !tile.view<?x4x32xf16> -> !layout.tensordesc<64x1x32xf16, #layout.nvmma_shared<swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16>>
// CHECK: %[[SBUF:.*]] = layout.local_alloc : !layout.memdesc<64x32xf16, #layout.nvmma_shared<swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16>>
// CHECK: layout.local_store %{{.*}}, %[[SBUF]]
// CHECK: layout.async_tma_copy_local_to_global %[[E]][%arg6, %[[TWO]], %arg9] %[[SBUF]]
// CHECK: layout.async_tma_store_wait {pendings = 0 : i32}
tile.kernel @load_at_4d(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                        %y: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                        %nb: i32, %n: i32, %nh: i32, %sb: i32 {tile.divisibility = 8 : i64},
                        %b: i32, %r: i32, %h: i32, %c: i32, %m: i32) {
  %v = tile.make_view %x, shape [%nb, %n, %nh, 64], strides [%sb, 512, 64, 1] : !tile.ptr<f16> -> !tile.view<?x?x?x64xf16>
  // expected-remark @+1 {{allow_tma: TMA copy of 1x64x1x64 blocks, 128-byte swizzle}}
  %t = tile.load_at %v[%b, %r, %h, %c] dims [1, 3] {allow_tma} : !tile.view<?x?x?x64xf16> -> tensor<64x64xf16, #b>
  %w = tile.make_view %y, shape [%m, 4, 32] : !tile.ptr<f16> -> !tile.view<?x4x32xf16>
  tile.store_at %t, %v[%b, %r, %h, %c] dims [1, 3] : tensor<64x64xf16, #b>, !tile.view<?x?x?x64xf16>
  %s = arith.constant dense<1.0> : tensor<64x32xf16, #b>
  %two = arith.constant 2 : i32
  // expected-remark @+1 {{allow_tma: TMA copy of 64x1x32 blocks, 64-byte swizzle}}
  tile.store_at %s, %w[%b, %two, %c] dims [0, 2] {allow_tma} : tensor<64x32xf16, #b>, !tile.view<?x4x32xf16>
  tile.return
}

// -----

// What keeps an access of a view of rank 3 to 5 ordinary.
#b = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#b3 = #layout.blocked<sizePerThread = [1, 1, 8], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]>

// CHECK-LABEL: tile.kernel @ordinary_nd
// CHECK-NOT: layout.async_tma
tile.kernel @ordinary_nd(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                         %nb: i32, %n: i32, %nh: i32, %sb: i32 {tile.divisibility = 8 : i64},
                         %sn: i32, %i: i32) {
  %v = tile.make_view %x, shape [%nb, %n, %nh, 64], strides [%sb, %sn, 64, 1] : !tile.ptr<f16> -> !tile.view<?x?x?x64xf16>
  // expected-remark @+1 {{allow_tma: ordinary access: the view's stride of dim 1 is not proven a multiple of 16 bytes (promise it with tile.divisibility)}}
  %a = tile.load_at %v[%i, %i, %i, %i] dims [1, 3] {allow_tma} : !tile.view<?x?x?x64xf16> -> tensor<64x64xf16, #b>
  // expected-remark @+1 {{allow_tma: ordinary access: the tile's last dim does not walk the view's last dim (TMA boxes are contiguous along it)}}
  %c = tile.load_at %v[%i, %i, %i, %i] dims [1, 2] {allow_tma} : !tile.view<?x?x?x64xf16> -> tensor<64x64xf16, #b>
  %w = tile.make_view %x, shape [%nb, %n, 64] : !tile.ptr<f16> -> !tile.view<?x?x64xf16>
  // expected-remark @+1 {{allow_tma: ordinary access: the tile has extent 2 on dim 0; TMA copies a 2-D tile (extent 1 on every dim but the last two)}}
  %d = tile.load_tile %w[%i, %i, %i] {allow_tma} : !tile.view<?x?x64xf16> -> tensor<2x64x64xf16, #b3>
  %u = tile.make_view %x, shape [%nb, %n, %nh, 64] : !tile.ptr<f16> -> !tile.view<?x?x?x64xf16>
  // expected-remark @+1 {{allow_tma: ordinary access: a stride of the compact view is a product of several run-time extents (give tile.make_view explicit strides)}}
  %e = tile.load_at %u[%i, %i, %i, %i] dims [1, 3] {allow_tma} : !tile.view<?x?x?x64xf16> -> tensor<64x64xf16, #b>
  %s = tile.make_view %x, shape [%nb, %nb, %nb, %nb, %n, 64], strides [%sb, %sb, %sb, %sb, %sb, 1] : !tile.ptr<f16> -> !tile.view<?x?x?x?x?x64xf16>
  // expected-remark @+1 {{allow_tma: ordinary access: the view has rank 6; a TMA descriptor has at most 5 dims}}
  %f = tile.load_at %s[%i, %i, %i, %i, %i, %i] dims [4, 5] {allow_tma} : !tile.view<?x?x?x?x?x64xf16> -> tensor<64x64xf16, #b>
  tile.store_at %a, %v[%i, %i, %i, %i] dims [1, 3] : tensor<64x64xf16, #b>, !tile.view<?x?x?x64xf16>
  tile.store_at %c, %v[%i, %i, %i, %i] dims [1, 3] : tensor<64x64xf16, #b>, !tile.view<?x?x?x64xf16>
  tile.store_tile %d, %w[%i, %i, %i] : tensor<2x64x64xf16, #b3>, !tile.view<?x?x64xf16>
  tile.store_at %e, %v[%i, %i, %i, %i] dims [1, 3] : tensor<64x64xf16, #b>, !tile.view<?x?x?x64xf16>
  tile.store_at %f, %v[%i, %i, %i, %i] dims [1, 3] : tensor<64x64xf16, #b>, !tile.view<?x?x?x64xf16>
  tile.return
}


// -----

#b = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

// A store in a loop (a persistent kernel's tile loop, with a branch inside
// it): its wait moves before the next write of its buffer (the
// local_store), so the copy overlaps the rest of the iteration, and one
// wait follows the outermost loop (the program does not leave while a
// copy reads its buffer); none after the copy itself. Two stores in the
// loop share the wait after it.
// CHECK-LABEL: tile.kernel @store_in_loop
// CHECK:      scf.for
// CHECK:        scf.if
// CHECK:          %[[BUF:.*]] = layout.local_alloc : !layout.memdesc<64x64xf16
// CHECK-NEXT:     layout.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT:     layout.local_store %{{.*}}, %[[BUF]]
// CHECK:          layout.async_tma_copy_local_to_global %{{.*}} %[[BUF]]
// CHECK-NEXT:   }
// CHECK:        %[[BUF2:.*]] = layout.local_alloc : !layout.memdesc<64x64xf16
// CHECK-NEXT:   layout.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT:   layout.local_store %{{.*}}, %[[BUF2]]
// CHECK:        layout.async_tma_copy_local_to_global %{{.*}} %[[BUF2]]
// CHECK-NEXT: }
// CHECK-NEXT: layout.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: tile.return
tile.kernel @store_in_loop(%y: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %m: i32,
                           %n: i32 {tile.divisibility = 8 : i64}, %s: i32 {tile.divisibility = 8 : i64},
                           %lo: i32, %hi: i32, %step: i32, %odd: i1) {
  %w = tile.make_view %y, shape [%m, %n], strides [%s, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %t = arith.constant dense<1.0> : tensor<64x64xf16, #b>
  scf.for %i = %lo to %hi step %step : i32 {
    scf.if %odd {
      // expected-remark @+1 {{allow_tma: TMA copy of 64x64 blocks, 128-byte swizzle}}
      tile.store_tile %t, %w[%i, %i] {allow_tma} : tensor<64x64xf16, #b>, !tile.view<?x?xf16>
    }
    // expected-remark @+1 {{allow_tma: TMA copy of 64x64 blocks, 128-byte swizzle}}
    tile.store_tile %t, %w[%i, %lo] {allow_tma} : tensor<64x64xf16, #b>, !tile.view<?x?xf16>
  }
  tile.return
}

// -----

#b = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>

// The budget: the kernel's buffers (here 192 KiB), each TMA buffer with
// 1 KiB of alignment, within the 227 KiB of a CTA: the first 64x256 store
// (32 KiB) fits, the second does not.
// CHECK-LABEL: tile.kernel @budget
// CHECK-COUNT-1: layout.async_tma_copy_local_to_global
// CHECK-NOT: layout.async_tma_copy_local_to_global
tile.kernel @budget(%y: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %m: i32,
                    %n: i32 {tile.divisibility = 8 : i64}, %s: i32 {tile.divisibility = 8 : i64},
                    %i: i32) {
  %big = layout.local_alloc : !layout.memdesc<6x64x256xf16, #nv>
  %w = tile.make_view %y, shape [%m, %n], strides [%s, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %t = arith.constant dense<1.0> : tensor<64x256xf16, #b>
  // expected-remark @+1 {{allow_tma: TMA copy of 64x256 blocks, 128-byte swizzle}}
  tile.store_tile %t, %w[%i, %i] {allow_tma} : tensor<64x256xf16, #b>, !tile.view<?x?xf16>
  // expected-remark @+1 {{allow_tma: ordinary access: the kernel's shared memory with the TMA buffer (264192 bytes, its other buffers and layout-conversion scratch included) would exceed the 232448 (227 KiB) of a CTA}}
  tile.store_tile %t, %w[%i, %i] {allow_tma} : tensor<64x256xf16, #b>, !tile.view<?x?xf16>
  tile.return
}

// -----

#a = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#b = #layout.blocked<sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>

// The stored value is a layout.convert's result used only by the store:
// the TMA store's local_store takes the convert's source (any distributed
// layout goes into the buffer), and the convert, a trip through shared
// memory, is gone. A convert with another use stays.
// CHECK-LABEL: tile.kernel @store_convert
// CHECK: %[[T:.*]] = tile.load_tile %{{.*}} : !tile.view<?x?xf16> -> tensor<64x64xf16, #[[A:[a-z]+]]>
// CHECK-NOT: layout.convert
// CHECK: layout.local_store %[[T]], %{{.*}} : tensor<64x64xf16, #[[A]]>
// CHECK: %[[U:.*]] = layout.convert %[[T]]
// CHECK: layout.local_store %[[U]]
// CHECK: tile.store_tile %[[U]]
tile.kernel @store_convert(%y: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                           %m: i32, %n: i32 {tile.divisibility = 8 : i64},
                           %s: i32 {tile.divisibility = 8 : i64}, %i: i32) {
  %w = tile.make_view %y, shape [%m, %n], strides [%s, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %t = tile.load_tile %w[%n, %n] : !tile.view<?x?xf16> -> tensor<64x64xf16, #a>
  %c = layout.convert %t : tensor<64x64xf16, #a> -> tensor<64x64xf16, #b>
  // expected-remark @+1 {{allow_tma: TMA copy of 64x64 blocks, 128-byte swizzle}}
  tile.store_tile %c, %w[%i, %i] {allow_tma} : tensor<64x64xf16, #b>, !tile.view<?x?xf16>
  %u = layout.convert %t : tensor<64x64xf16, #a> -> tensor<64x64xf16, #b>
  // expected-remark @+1 {{allow_tma: TMA copy of 64x64 blocks, 128-byte swizzle}}
  tile.store_tile %u, %w[%i, %n] {allow_tma} : tensor<64x64xf16, #b>, !tile.view<?x?xf16>
  tile.store_tile %u, %w[%n, %i] : tensor<64x64xf16, #b>, !tile.view<?x?xf16>
  tile.return
}
