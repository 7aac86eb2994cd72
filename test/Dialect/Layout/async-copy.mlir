// RUN: tile-opt %s -split-input-file | FileCheck %s
// RUN: tile-opt %s -split-input-file | tile-opt -split-input-file | FileCheck %s

// The asynchronous-copy ops: syntax round trip, with and without a mask,
// into a slot of a multi-buffered nvmma_shared buffer.

#blocked = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]>
#nvmma = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>

// CHECK-LABEL: func.func @ops
// CHECK: %[[S:.*]] = layout.memdesc_index
// CHECK: layout.async_copy_global_to_local %{{.*}}, %[[S]] : tensor<128x64x!tile.ptr<f16>, #blocked> -> !layout.memdesc<128x64xf16, #{{.*}}>
// CHECK: layout.async_copy_global_to_local %{{.*}}, %[[S]] mask %{{.*}} : tensor<128x64x!tile.ptr<f16>, #blocked> -> !layout.memdesc<128x64xf16, #{{.*}}>
// CHECK: layout.async_commit_group
// CHECK: layout.async_wait {num = 2 : i32}
// CHECK: layout.async_wait {num = 0 : i32}
func.func @ops(%p: tensor<128x64x!tile.ptr<f16>, #blocked>, %m: tensor<128x64xi1, #blocked>, %i: i32) {
  %a = layout.local_alloc : !layout.memdesc<3x128x64xf16, #nvmma>
  %s = layout.memdesc_index %a[%i] : !layout.memdesc<3x128x64xf16, #nvmma> -> !layout.memdesc<128x64xf16, #nvmma>
  layout.async_copy_global_to_local %p, %s : tensor<128x64x!tile.ptr<f16>, #blocked> -> !layout.memdesc<128x64xf16, #nvmma>
  layout.async_copy_global_to_local %p, %s mask %m : tensor<128x64x!tile.ptr<f16>, #blocked> -> !layout.memdesc<128x64xf16, #nvmma>
  layout.async_commit_group
  layout.async_wait {num = 2 : i32}
  layout.async_wait {num = 0 : i32}
  return
}
