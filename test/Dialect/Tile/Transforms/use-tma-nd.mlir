// RUN: tile-opt %s -split-input-file --mlir-print-local-scope --pass-pipeline="builtin.module(tile.kernel(tile-use-tma{remarks=true}))" -verify-diagnostics | FileCheck %s


// tile.load_tile/store_tile of views of rank 3 to 5 whose tile has extent 1
// on the leading (batch) dims: a descriptor of the view's rank whose block
// is the tile (1 on those dims), the buffer the tile's last two dims, the
// coordinates the tile indices times the extents (the batch index as is);
// in registers, the matrix in the #layout.linear of which the tile's
// layout is a relabeling, and tile.reshape between them (the linear
// layout pinned: the blocked layout's bases with the unit dim dropped).
#b3 = #layout.blocked<sizePerThread = [1, 1, 8], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]>
#b5 = #layout.blocked<sizePerThread = [1, 1, 1, 1, 8], threadsPerWarp = [1, 1, 1, 4, 8], warpsPerCTA = [1, 1, 1, 4, 1], order = [4, 3, 2, 1, 0]>

// CHECK-LABEL: tile.kernel @load_tile_3d
// CHECK: %[[V:.*]] = tile.make_view %arg0, shape [%arg2, %arg3, %arg4], strides [%arg5, %arg4, 1]
// CHECK: %[[W:.*]] = tile.make_view %arg1
// CHECK: %[[D:.*]] = tile.make_tensor_desc %[[V]] : !tile.view<?x?x?xf16> -> !layout.tensordesc<1x128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK: %[[BAR:.*]] = layout.local_alloc : !layout.memdesc<1xi64, #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>>
// CHECK: %[[BUF:.*]] = layout.local_alloc : !layout.memdesc<128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK: layout.barrier_expect %[[BAR]], 16384
// CHECK: %[[C128:.*]] = arith.constant 128 : i32
// CHECK: %[[ROW:.*]] = arith.muli %arg7, %[[C128]] : i32
// CHECK: %[[C64:.*]] = arith.constant 64 : i32
// CHECK: %[[COL:.*]] = arith.muli %arg8, %[[C64]] : i32
// CHECK: layout.async_tma_copy_global_to_local %[[D]][%arg6, %[[ROW]], %[[COL]]] %[[BUF]], %[[BAR]] : !layout.tensordesc<1x128x64xf16, {{.*}}>, !layout.memdesc<128x64xf16, {{.*}}>
// CHECK: %[[M:.*]] = layout.local_load %[[BUF]] : {{.*}} -> tensor<128x64xf16, #layout.linear<register = {{\[}}[0, 1], [0, 2], [0, 4], [16, 0], [32, 0], [64, 0]], lane = {{\[}}[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = {{\[}}[4, 0], [8, 0]]>>
// CHECK: %[[T:.*]] = tile.reshape %[[M]] : tensor<128x64xf16, {{.*}}> -> tensor<1x128x64xf16, #layout.blocked<sizePerThread = [1, 1, 8], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]>>
// CHECK: %[[E:.*]] = tile.make_tensor_desc %[[W]] : !tile.view<?x?x?xf16> -> !layout.tensordesc<1x128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK: %[[SBUF:.*]] = layout.local_alloc : !layout.memdesc<128x64xf16
// CHECK: %[[SM:.*]] = tile.reshape %[[T]] : tensor<1x128x64xf16, {{.*}}> -> tensor<128x64xf16, #layout.linear<register = {{\[}}[0, 1], [0, 2], [0, 4], [16, 0], [32, 0], [64, 0]], lane = {{\[}}[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = {{\[}}[4, 0], [8, 0]]>>
// CHECK: layout.local_store %[[SM]], %[[SBUF]]
// CHECK: layout.async_tma_copy_local_to_global %[[E]][%arg6, %{{.*}}, %{{.*}}] %[[SBUF]]
// CHECK: layout.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NOT: tile.store_tile
tile.kernel @load_tile_3d(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                          %y: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                          %nb: i32, %m: i32, %k: i32 {tile.divisibility = 8 : i64},
                          %sb: i32 {tile.divisibility = 8 : i64},
                          %z: i32, %i: i32, %j: i32) {
  %v = tile.make_view %x, shape [%nb, %m, %k], strides [%sb, %k, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %w = tile.make_view %y, shape [%nb, %m, %k], strides [%sb, %k, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  // expected-remark @+1 {{allow_tma: TMA copy of 1x128x64 blocks, 128-byte swizzle}}
  %t = tile.load_tile %v[%z, %i, %j] padding = zero {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x128x64xf16, #b3>
  // expected-remark @+1 {{allow_tma: TMA copy of 1x128x64 blocks, 128-byte swizzle}}
  tile.store_tile %t, %w[%z, %i, %j] {allow_tma} : tensor<1x128x64xf16, #b3>, !tile.view<?x?x?xf16>
  tile.return
}

// A rank-5 view with static strides: a 1x1x1x64x32 block (64-byte rows:
// the 64-byte swizzle), coordinates [i, i, i, 64 i, 32 i].
// CHECK-LABEL: tile.kernel @load_tile_5d
// CHECK: %[[D:.*]] = tile.make_tensor_desc %{{.*}} : !tile.view<2x3x4x?x32xf16> -> !layout.tensordesc<1x1x1x64x32xf16, #layout.nvmma_shared<swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16>>
// CHECK: %[[BUF:.*]] = layout.local_alloc : !layout.memdesc<64x32xf16, #layout.nvmma_shared<swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16>>
// CHECK: layout.barrier_expect %{{.*}}, 4096
// CHECK: %[[C64:.*]] = arith.constant 64 : i32
// CHECK: %[[R:.*]] = arith.muli %arg2, %[[C64]] : i32
// CHECK: %[[C32:.*]] = arith.constant 32 : i32
// CHECK: %[[C:.*]] = arith.muli %arg2, %[[C32]] : i32
// CHECK: layout.async_tma_copy_global_to_local %[[D]][%arg2, %arg2, %arg2, %[[R]], %[[C]]] %[[BUF]]
// CHECK: %[[M:.*]] = layout.local_load %[[BUF]] : {{.*}} -> tensor<64x32xf16, #layout.linear<register = {{\[}}[0, 1], [0, 2], [0, 4], [16, 0], [32, 0]], lane = {{\[}}[0, 8], [0, 16], [0, 0], [1, 0], [2, 0]], warp = {{\[}}[4, 0], [8, 0]]>>
// CHECK: tile.reshape %[[M]] : tensor<64x32xf16, {{.*}}> -> tensor<1x1x1x64x32xf16, #layout.blocked<sizePerThread = [1, 1, 1, 1, 8], threadsPerWarp = [1, 1, 1, 4, 8], warpsPerCTA = [1, 1, 1, 4, 1], order = [4, 3, 2, 1, 0]>>
tile.kernel @load_tile_5d(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                          %n: i32, %i: i32) {
  %v = tile.make_view %x, shape [2, 3, 4, %n, 32], strides [49152, 16384, 4096, 32, 1] : !tile.ptr<f16> -> !tile.view<2x3x4x?x32xf16>
  // expected-remark @+1 {{allow_tma: TMA copy of 1x1x1x64x32 blocks, 64-byte swizzle}}
  %t = tile.load_tile %v[%i, %i, %i, %i, %i] {allow_tma} : !tile.view<2x3x4x?x32xf16> -> tensor<1x1x1x64x32xf16, #b5>
  tile.store_tile %t, %v[%i, %i, %i, %i, %i] : tensor<1x1x1x64x32xf16, #b5>, !tile.view<2x3x4x?x32xf16>
  tile.return
}

// -----

// What keeps a load_tile/store_tile of a view of rank 3 to 5 ordinary: the
// same rules as rank 2, located and worded per dim.
#b3 = #layout.blocked<sizePerThread = [1, 1, 8], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]>
#b4 = #layout.blocked<sizePerThread = [1, 1, 1, 8], threadsPerWarp = [1, 1, 4, 8], warpsPerCTA = [1, 1, 4, 1], order = [3, 2, 1, 0]>

// CHECK-LABEL: tile.kernel @ordinary_tile_nd
// CHECK-NOT: layout.async_tma
tile.kernel @ordinary_tile_nd(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                              %nb: i32, %m: i32, %k: i32 {tile.divisibility = 8 : i64},
                              %sb: i32, %sm: i32 {tile.divisibility = 8 : i64}, %i: i32) {
  %v = tile.make_view %x, shape [%nb, %m, %k], strides [%sb, %sm, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  // expected-remark @+1 {{allow_tma: ordinary access: the view's stride of dim 0 is not proven a multiple of 16 bytes (promise it with tile.divisibility)}}
  %a = tile.load_tile %v[%i, %i, %i] {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x64x64xf16, #b3>
  %u = tile.make_view %x, shape [%nb, %m, %k], strides [%sm, %sm, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  // expected-remark @+1 {{allow_tma: ordinary access: the tile has more than 256 rows}}
  %b = tile.load_tile %u[%i, %i, %i] {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x512x8xf16, #b3>
  // expected-remark @+1 {{allow_tma: ordinary access: the tile's rows are wider than an unswizzled TMA box}}
  %c = tile.load_tile %u[%i, %i, %i] {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x4x512xf16, #b3>
  // expected-remark @+1 {{allow_tma: ordinary access: the access permutes the view (order)}}
  %d = tile.load_tile %u[%i, %i, %i] order = [0, 2, 1] {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x64x64xf16, #b3>
  %q = tile.make_view %x, shape [%nb, %nb, %m, %k], strides [%sm, %sm, %sm, 1] : !tile.ptr<f16> -> !tile.view<?x?x?x?xf16>
  // expected-remark @+1 {{allow_tma: ordinary access: the tile has extent 4 on dim 1; TMA copies a 2-D tile (extent 1 on every dim but the last two)}}
  %e = tile.load_tile %q[%i, %i, %i, %i] {allow_tma} : !tile.view<?x?x?x?xf16> -> tensor<1x4x64x64xf16, #b4>
  %t = tile.make_view %x, shape [%nb, %m, %m], strides [%sm, %sm, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  // expected-remark @+1 {{allow_tma: ordinary access: the view's last extent is not proven a multiple of 16 bytes (a TMA store writes whole 16-byte chunks)}}
  tile.store_tile %a, %t[%i, %i, %i] {allow_tma} : tensor<1x64x64xf16, #b3>, !tile.view<?x?x?xf16>
  tile.store_tile %b, %u[%i, %i, %i] : tensor<1x512x8xf16, #b3>, !tile.view<?x?x?xf16>
  tile.store_tile %c, %u[%i, %i, %i] : tensor<1x4x512xf16, #b3>, !tile.view<?x?x?xf16>
  tile.store_tile %d, %u[%i, %i, %i] : tensor<1x64x64xf16, #b3>, !tile.view<?x?x?xf16>
  tile.store_tile %e, %q[%i, %i, %i, %i] : tensor<1x4x64x64xf16, #b4>, !tile.view<?x?x?x?xf16>
  tile.return
}
