// RUN: tile-opt %s -split-input-file | FileCheck %s

// layout.warp_any: the syntax, an i1 result from an i1 tensor in a
// distributed layout (blocked, slice, the wgmma accumulator's).

#blocked = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]>
#row = #layout.slice<dim = 1, parent = #mma>

// CHECK-LABEL: func.func @votes
// CHECK: %[[A:.*]] = layout.warp_any %arg0 : tensor<256xi1, #blocked>
// CHECK-NEXT: %[[B:.*]] = layout.warp_any %arg1 : tensor<64xi1, #slice>
// CHECK-NEXT: %[[C:.*]] = layout.warp_any %arg2 : tensor<64x128xi1, #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]>>
// CHECK-NEXT: return %[[A]], %[[B]], %[[C]] : i1, i1, i1
func.func @votes(%a: tensor<256xi1, #blocked>, %b: tensor<64xi1, #row>,
                 %c: tensor<64x128xi1, #mma>) -> (i1, i1, i1) {
  %0 = layout.warp_any %a : tensor<256xi1, #blocked>
  %1 = layout.warp_any %b : tensor<64xi1, #row>
  %2 = layout.warp_any %c : tensor<64x128xi1, #mma>
  return %0, %1, %2 : i1, i1, i1
}
