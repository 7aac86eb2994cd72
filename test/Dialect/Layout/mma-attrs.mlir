// RUN: tile-opt -allow-unregistered-dialect -mlir-print-local-scope %s | FileCheck %s
// RUN: tile-opt -allow-unregistered-dialect %s | tile-opt -allow-unregistered-dialect -mlir-print-local-scope | FileCheck %s
// RUN: tile-opt -allow-unregistered-dialect -mlir-print-op-generic %s | tile-opt -allow-unregistered-dialect -mlir-print-local-scope | FileCheck %s

// Round trips of the tensor-core layouts: keys in any order, single-CTA
// fields and an unused kWidth left out when printing.

// CHECK-LABEL: func.func @nvmma_v2
// CHECK-SAME: #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]>
func.func @nvmma_v2(%arg0: tensor<64x64xf32, #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]>>) {
  return
}

// Keys in another order, versionMinor omitted, explicit single-CTA fields.
// CHECK-LABEL: func.func @nvmma_v3
// CHECK-SAME: #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]>>
func.func @nvmma_v3(%arg0: tensor<64x64xf32, #layout.nvmma<instrShape = [16, 64, 16], warpsPerCTA = [4, 1], versionMajor = 3, CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [0, 1]>>) {
  return
}

// Batched mma.sync and a cluster.
// CHECK-LABEL: func.func @nvmma_batched_cluster
// CHECK-SAME: #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [16, 1, 1], instrShape = [1, 16, 8], CTAsPerCGA = [4, 2, 2], CTASplitNum = [4, 2, 1], CTAOrder = [2, 1, 0]>
func.func @nvmma_batched_cluster(%arg0: tensor<64x128x128xf32, #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [16, 1, 1], instrShape = [1, 16, 8], CTAsPerCGA = [4, 2, 2], CTASplitNum = [4, 2, 1], CTAOrder = [2, 1, 0]>>) {
  return
}

// CHECK-LABEL: func.func @dot_operands
// CHECK-SAME: #layout.dot_operand<opIdx = 0, parent = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]>, kWidth = 2>
// CHECK-SAME: #layout.dot_operand<opIdx = 1, parent = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]>, kWidth = 8>
// CHECK-SAME: #layout.dot_operand<opIdx = 0, parent = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]>, kWidth = 2>
// CHECK-SAME: #layout.dot_operand<opIdx = 1, parent = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>
func.func @dot_operands(
    %a: tensor<64x32xf16, #layout.dot_operand<opIdx = 0, parent = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]>, kWidth = 2>>,
    %b: tensor<64x32xf16, #layout.dot_operand<kWidth = 8, parent = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]>, opIdx = 1>>,
    %p: tensor<64x64xf16, #layout.dot_operand<opIdx = 0, parent = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]>, kWidth = 2>>,
    %f: tensor<32x64xf32, #layout.dot_operand<opIdx = 1, parent = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>>) {
  return
}

// CHECK-LABEL: func.func @slice_of_nvmma
// CHECK-SAME: #layout.slice<dim = 1, parent = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]>>
func.func @slice_of_nvmma(%arg0: tensor<64xf32, #layout.slice<dim = 1, parent = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]>>>) {
  return
}

// transposed = false may be left out; single-CTA fields are dropped.
// CHECK-LABEL: func.func @nvmma_shared
// CHECK: a = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
// CHECK-SAME: #layout.nvmma_shared<swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8>
// CHECK-SAME: #layout.nvmma_shared<swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32>
// CHECK-SAME: #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]>
func.func @nvmma_shared() {
  "test.use"() {a = #layout.nvmma_shared<swizzlingByteWidth = 128, elementBitWidth = 16>,
                b = #layout.nvmma_shared<elementBitWidth = 8, transposed = true, swizzlingByteWidth = 64>,
                c = #layout.nvmma_shared<swizzlingByteWidth = 0, transposed = false, elementBitWidth = 32, CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [0, 1]>,
                d = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]>} : () -> ()
  return
}
