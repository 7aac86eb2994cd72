// RUN: tile-opt %s -split-input-file | FileCheck %s
// RUN: tile-opt %s -split-input-file | tile-opt -split-input-file | FileCheck %s
// RUN: tile-opt %s -split-input-file -canonicalize | FileCheck %s --check-prefix=FOLD

// The shared-memory descriptor type and the ops on it: syntax round trip,
// transposed views of each shared layout, and the folds.

#blocked = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#shared = #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>

// CHECK-LABEL: func.func @ops
// CHECK: %[[A:.*]] = layout.local_alloc : !layout.memdesc<3x64x64xf16, #shared>
// CHECK: %[[S:.*]] = layout.memdesc_index %[[A]][%{{.*}}] : !layout.memdesc<3x64x64xf16, #shared> -> !layout.memdesc<64x64xf16, #shared>
// CHECK: layout.local_store %{{.*}}, %[[S]] : tensor<64x64xf16, #blocked> -> !layout.memdesc<64x64xf16, #shared>
// CHECK: layout.barrier
// CHECK: layout.local_load %[[S]] : !layout.memdesc<64x64xf16, #shared> -> tensor<64x64xf16, #blocked>
// CHECK: layout.local_alloc %{{.*}} : tensor<64x64xf16, #blocked> -> !layout.memdesc<64x64xf16, #shared>
func.func @ops(%t: tensor<64x64xf16, #blocked>, %i: i32) -> tensor<64x64xf16, #blocked> {
  %a = layout.local_alloc : !layout.memdesc<3x64x64xf16, #shared>
  %s = layout.memdesc_index %a[%i] : !layout.memdesc<3x64x64xf16, #shared> -> !layout.memdesc<64x64xf16, #shared>
  layout.local_store %t, %s : tensor<64x64xf16, #blocked> -> !layout.memdesc<64x64xf16, #shared>
  layout.barrier
  %r = layout.local_load %s : !layout.memdesc<64x64xf16, #shared> -> tensor<64x64xf16, #blocked>
  %b = layout.local_alloc %t : tensor<64x64xf16, #blocked> -> !layout.memdesc<64x64xf16, #shared>
  return %r : tensor<64x64xf16, #blocked>
}

// -----

// A transposed swizzled view permutes `order`; the fold removes a
// transpose of a transpose and an identity one.
#row = #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
#col = #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]>
// CHECK-LABEL: func.func @trans
// CHECK: layout.memdesc_trans %{{.*}} {order = array<i32: 1, 0>} : !layout.memdesc<64x32xf16, #shared> -> !layout.memdesc<32x64xf16, #shared1>
// FOLD-LABEL: func.func @trans
// FOLD-NOT: layout.memdesc_trans
// FOLD: return %arg0, %arg0
func.func @trans(%m: !layout.memdesc<64x32xf16, #row>) -> (!layout.memdesc<64x32xf16, #row>, !layout.memdesc<64x32xf16, #row>) {
  %t = layout.memdesc_trans %m {order = array<i32: 1, 0>} : !layout.memdesc<64x32xf16, #row> -> !layout.memdesc<32x64xf16, #col>
  %u = layout.memdesc_trans %t {order = array<i32: 1, 0>} : !layout.memdesc<32x64xf16, #col> -> !layout.memdesc<64x32xf16, #row>
  %v = layout.memdesc_trans %m {order = array<i32: 0, 1>} : !layout.memdesc<64x32xf16, #row> -> !layout.memdesc<64x32xf16, #row>
  return %u, %v : !layout.memdesc<64x32xf16, #row>, !layout.memdesc<64x32xf16, #row>
}

// -----

// A multi-buffered view keeps its buffer dim; a strided layout permutes its
// modes (the swizzle stays).
#shared = #layout.swizzled_shared<vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0]>
#strided = #layout.strided<Sw<3,4,3> o (8,64):(64,1)>
// CHECK-LABEL: func.func @trans_more
// CHECK: layout.memdesc_trans %{{.*}} {order = array<i32: 0, 2, 1>} : !layout.memdesc<2x16x32xf32, #shared> -> !layout.memdesc<2x32x16xf32, #shared1>
// CHECK: layout.memdesc_trans %{{.*}} {order = array<i32: 1, 0>} : !layout.memdesc<8x64xf16, #strided> -> !layout.memdesc<64x8xf16, #strided1>
func.func @trans_more(%m: !layout.memdesc<2x16x32xf32, #shared>, %n: !layout.memdesc<8x64xf16, #strided>) {
  %t = layout.memdesc_trans %m {order = array<i32: 0, 2, 1>} : !layout.memdesc<2x16x32xf32, #shared> -> !layout.memdesc<2x32x16xf32, #layout.swizzled_shared<vec = 4, perPhase = 2, maxPhase = 4, order = [0, 1]>>
  %u = layout.memdesc_trans %n {order = array<i32: 1, 0>} : !layout.memdesc<8x64xf16, #strided> -> !layout.memdesc<64x8xf16, #layout.strided<Sw<3,4,3> o (64,8):(1,64)>>
  return
}

// -----

// The type alone, with every shared layout, and a 1-D buffer of 4 slots.
// CHECK-LABEL: func.func @types
// CHECK-SAME: !layout.memdesc<4x128xi8, #shared>
// CHECK-SAME: !layout.memdesc<16x16xbf16, #strided>
func.func @types(%a: !layout.memdesc<4x128xi8, #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>>,
                 %b: !layout.memdesc<16x16xbf16, #layout.strided<(16,16):(16,1)>>) {
  return
}
