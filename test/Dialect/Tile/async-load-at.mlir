// RUN: tile-opt %s -split-input-file | FileCheck %s
// RUN: tile-opt %s -split-input-file | tile-opt -split-input-file | FileCheck %s

// tile.async_load_at: syntax round trip (offsets, i64 offsets, dims, an
// explicit copy layout).

#blocked = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]>
#nvmma = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>

// CHECK-LABEL: tile.kernel @k
// CHECK: tile.async_load_at %[[V:.*]][%{{.*}}, %{{.*}}], %[[S:.*]] : !tile.view<?x?xf16> -> !layout.memdesc<128x64xf16, #{{.*}}>
// CHECK: tile.async_load_at %[[V]][%{{.*}} : i64, %{{.*}}], %[[S]] : !tile.view<?x?xf16> -> !layout.memdesc<128x64xf16, #{{.*}}>
// CHECK: tile.async_load_at %[[V3:.*]][%{{.*}}, %{{.*}}, %{{.*}}] dims [1, 2], %[[S]] {layout = #blocked} : !tile.view<?x?x?xf16> -> !layout.memdesc<128x64xf16, #{{.*}}>
// CHECK: layout.async_commit_group
tile.kernel @k(%a: !tile.ptr<f16>, %m: i32, %k: i32, %i: i32, %j: i32, %l: i64) attributes {num_warps = 8 : i32} {
  %v = tile.make_view %a, shape [%m, %k], strides [%k, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %v3 = tile.make_view %a, shape [%m, %m, %k] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %buf = layout.local_alloc : !layout.memdesc<128x64xf16, #nvmma>
  tile.async_load_at %v[%i, %j], %buf : !tile.view<?x?xf16> -> !layout.memdesc<128x64xf16, #nvmma>
  tile.async_load_at %v[%l : i64, %j], %buf : !tile.view<?x?xf16> -> !layout.memdesc<128x64xf16, #nvmma>
  tile.async_load_at %v3[%i, %i, %j] dims [1, 2], %buf {layout = #blocked} : !tile.view<?x?x?xf16> -> !layout.memdesc<128x64xf16, #nvmma>
  layout.async_commit_group
  layout.async_wait {num = 0 : i32}
  tile.return
}
