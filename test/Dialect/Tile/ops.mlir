// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-opt %s | FileCheck %s --strict-whitespace --check-prefix=EXACT

// Round trip of every type and op of the tile dialect.

// CHECK-DAG: #blocked = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #slice = #layout.slice<dim = 0, parent = #blocked>
// CHECK-DAG: #slice1 = #layout.slice<dim = 1, parent = #blocked>
// CHECK-DAG: #strided = #layout.strided<(4,(2,3)):(2,(1,8))>

#l = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#l2 = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

// CHECK-LABEL: tile.kernel @signature
// CHECK-SAME: (%{{.*}}: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %{{.*}}: !tile.ptr<bf16>, %{{.*}}: i32, %{{.*}}: i64, %{{.*}}: f32)
// CHECK-SAME: attributes {num_warps = 8 : i32}
// CHECK: tile.return
tile.kernel @signature(%a: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                       %b: !tile.ptr<bf16>, %n: i32, %m: i64, %s: f32)
    attributes {num_warps = 8 : i32} {
  tile.return
}

// CHECK-LABEL: tile.kernel @default_num_warps()
// CHECK-SAME: attributes {num_warps = 4 : i32}
tile.kernel @default_num_warps() {
  tile.return
}

// An untyped num_warps is read as i32.
// CHECK-LABEL: tile.kernel @untyped_num_warps()
// CHECK-SAME: attributes {num_warps = 2 : i32}
tile.kernel @untyped_num_warps() attributes {num_warps = 2} {
  tile.return
}

// CHECK-LABEL: tile.kernel @program_ids
// CHECK: tile.program_id x : i32
// CHECK: tile.program_id y : i32
// CHECK: tile.program_id z : i32
// CHECK: tile.num_programs x : i32
// CHECK: tile.num_programs z : i32
tile.kernel @program_ids() {
  %0 = tile.program_id x : i32
  %1 = tile.program_id y : i32
  %2 = tile.program_id z : i32
  %3 = tile.num_programs x : i32
  %4 = tile.num_programs z : i32
  tile.return
}

// CHECK-LABEL: tile.kernel @views
// CHECK-SAME: (%[[P:.*]]: !tile.ptr<f32>, %[[M:.*]]: i32, %[[LD:.*]]: i32, %[[K:.*]]: i64, %[[I:.*]]: index)
// CHECK: tile.make_view %[[P]], shape [%[[M]], 128], strides [%[[LD]], 1] : !tile.ptr<f32> -> !tile.view<?x128xf32>
// CHECK: tile.make_view %[[P]], shape [%[[K]] : i64, %[[I]] : index] : !tile.ptr<f32> -> !tile.view<?x?xf32>
// CHECK: tile.make_view %[[P]], shape [64, 32] : !tile.ptr<f32> -> !tile.view<64x32xf32>
// CHECK: tile.make_view %[[P]], shape [4, 4, %[[M]]], strides [%[[K]] : i64, 1, 16] : !tile.ptr<f32> -> !tile.view<4x4x?xf32>
tile.kernel @views(%p: !tile.ptr<f32>, %m: i32, %ld: i32, %k: i64, %i: index) {
  %0 = tile.make_view %p, shape [%m, 128], strides [%ld, 1]
       : !tile.ptr<f32> -> !tile.view<?x128xf32>
  %1 = tile.make_view %p, shape [%k : i64, %i : index]
       : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %2 = tile.make_view %p, shape [64, 32] : !tile.ptr<f32> -> !tile.view<64x32xf32>
  %3 = tile.make_view %p, shape [4, 4, %m], strides [%k : i64, 1, 16]
       : !tile.ptr<f32> -> !tile.view<4x4x?xf32>
  tile.return
}

// CHECK-LABEL: tile.kernel @tile_space
// CHECK: %[[T:.*]] = tile.load_tile %[[V:.*]][%[[I:.*]], %[[J:.*]]] order = [1, 0] padding = zero : !tile.view<?x?xf32> -> tensor<32x64xf32, #{{.*}}>
// CHECK: tile.load_tile %[[V]][%[[I]], %[[J]]] : !tile.view<?x?xf32> -> tensor<64x32xf32>
// CHECK: tile.load_tile %[[V]][%[[I]], %[[J]]] order = [1, 0] : !tile.view<?x?xf32> -> tensor<32x64xf32>
// CHECK: tile.load_tile %[[V]][%[[I]], %[[J]]] padding = neg_inf : !tile.view<?x?xf32> -> tensor<64x32xf32>
// CHECK: tile.load_tile %[[V]][%[[I]], %[[J]]] padding = nan : !tile.view<?x?xf32> -> f32
// CHECK: tile.load_tile %[[V]][%[[I]], %[[J]]] padding = pos_inf : !tile.view<?x?xf32> -> tensor<64x32xf32>
// CHECK: tile.load_tile %[[V3:.*]][%{{.*}}, %{{.*}} : index, %{{.*}} : i64] order = [0, 2, 1] : !tile.view<?x?x?xi32> -> tensor<1x2x2xi32>
// CHECK: tile.store_tile %[[T]], %[[V]][%[[I]], %[[J]]] order = [1, 0] : tensor<32x64xf32, #{{.*}}>, !tile.view<?x?xf32>
// CHECK: tile.store_tile %{{.*}}, %[[V]][%[[I]], %[[J]]] : f32, !tile.view<?x?xf32>
tile.kernel @tile_space(%p: !tile.ptr<f32>, %q: !tile.ptr<i32>, %m: i32,
                        %n: i32, %i: i32, %j: i32, %k: index, %l: i64) {
  %v = tile.make_view %p, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %v[%i, %j] order = "F" padding = zero
       : !tile.view<?x?xf32> -> tensor<32x64xf32, #l2>
  %c = tile.load_tile %v[%i, %j] order = "C" : !tile.view<?x?xf32> -> tensor<64x32xf32>
  %f = tile.load_tile %v[%i, %j] order = [1, 0] : !tile.view<?x?xf32> -> tensor<32x64xf32>
  %u = tile.load_tile %v[%i, %j] padding = neg_inf : !tile.view<?x?xf32> -> tensor<64x32xf32>
  %s = tile.load_tile %v[%i, %j] padding = nan : !tile.view<?x?xf32> -> f32
  %w = tile.load_tile %v[%i, %j] padding = pos_inf : !tile.view<?x?xf32> -> tensor<64x32xf32>
  %v3 = tile.make_view %q, shape [%m, %n, %n] : !tile.ptr<i32> -> !tile.view<?x?x?xi32>
  %x = tile.load_tile %v3[%i, %k : index, %l : i64] order = [0, 2, 1]
       : !tile.view<?x?x?xi32> -> tensor<1x2x2xi32>
  tile.store_tile %t, %v[%i, %j] order = [1, 0]
      : tensor<32x64xf32, #l2>, !tile.view<?x?xf32>
  tile.store_tile %s, %v[%i, %j] : f32, !tile.view<?x?xf32>
  tile.return
}

// CHECK-LABEL: tile.kernel @offsets
// CHECK: %[[T:.*]] = tile.load_at %[[V:.*]][%[[R:.*]], %[[C:.*]]] : !tile.view<?x?xf16> -> tensor<64x32xf16, #{{.*}}>
// CHECK: tile.load_at %[[V]][%[[R]], %{{.*}} : index] : !tile.view<?x?xf16> -> f16
// CHECK: tile.store_at %[[T]], %[[V]][%[[R]], %[[C]]] : tensor<64x32xf16, #{{.*}}>, !tile.view<?x?xf16>
tile.kernel @offsets(%p: !tile.ptr<f16>, %m: i32, %n: i32, %r: i32, %c: i32,
                     %ci: index) {
  %v = tile.make_view %p, shape [%m, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %t = tile.load_at %v[%r, %c] : !tile.view<?x?xf16> -> tensor<64x32xf16, #l2>
  %s = tile.load_at %v[%r, %ci : index] : !tile.view<?x?xf16> -> f16
  tile.store_at %t, %v[%r, %c] : tensor<64x32xf16, #l2>, !tile.view<?x?xf16>
  tile.return
}

// CHECK-LABEL: tile.kernel @pointers
// CHECK: %[[OFFS:.*]] = tile.arange 0, 128 : tensor<128xi32, #{{.*}}>
// CHECK: %[[N:.*]] = tile.splat %{{.*}} : i32 -> tensor<128xi32, #{{.*}}>
// CHECK: %[[BASE:.*]] = tile.splat %{{.*}} : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #{{.*}}>
// CHECK: %[[PTRS:.*]] = tile.addptr %[[BASE]], %[[OFFS]] : tensor<128x!tile.ptr<f32>, #{{.*}}>, tensor<128xi32, #{{.*}}>
// CHECK: %[[MASK:.*]] = arith.cmpi slt
// CHECK: %[[X:.*]] = tile.load %[[PTRS]], %[[MASK]], %{{.*}} : tensor<128x!tile.ptr<f32>, #{{.*}}>
// CHECK: tile.load %[[PTRS]], %[[MASK]] : tensor<128x!tile.ptr<f32>, #{{.*}}>
// CHECK: tile.load %[[PTRS]] : tensor<128x!tile.ptr<f32>, #{{.*}}>
// CHECK: tile.store %[[PTRS]], %[[X]], %[[MASK]] : tensor<128x!tile.ptr<f32>, #{{.*}}>
// CHECK: tile.store %[[PTRS]], %[[X]] : tensor<128x!tile.ptr<f32>, #{{.*}}>
// CHECK: %[[P1:.*]] = tile.addptr %{{.*}}, %{{.*}} : !tile.ptr<f32>, i64
// CHECK: %[[S:.*]] = tile.load %[[P1]] : !tile.ptr<f32>
// CHECK: tile.store %[[P1]], %[[S]] : !tile.ptr<f32>
tile.kernel @pointers(%p: !tile.ptr<f32>, %n: i32, %k: i64) {
  %offs = tile.arange 0, 128 : tensor<128xi32, #l>
  %ns = tile.splat %n : i32 -> tensor<128xi32, #l>
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #l>
  %ptrs = tile.addptr %base, %offs : tensor<128x!tile.ptr<f32>, #l>, tensor<128xi32, #l>
  %mask = arith.cmpi slt, %offs, %ns : tensor<128xi32, #l>
  %other = arith.constant dense<0.0> : tensor<128xf32, #l>
  %x = tile.load %ptrs, %mask, %other : tensor<128x!tile.ptr<f32>, #l>
  %y = tile.load %ptrs, %mask : tensor<128x!tile.ptr<f32>, #l>
  %z = tile.load %ptrs : tensor<128x!tile.ptr<f32>, #l>
  tile.store %ptrs, %x, %mask : tensor<128x!tile.ptr<f32>, #l>
  tile.store %ptrs, %x : tensor<128x!tile.ptr<f32>, #l>
  %p1 = tile.addptr %p, %k : !tile.ptr<f32>, i64
  %s = tile.load %p1 : !tile.ptr<f32>
  tile.store %p1, %s : !tile.ptr<f32>
  tile.return
}

// CHECK-LABEL: tile.kernel @shapes
// CHECK: %[[ROW:.*]] = tile.expand_dims %{{.*}} {axis = 0 : i32} : tensor<128xi32, #slice> -> tensor<1x128xi32, #blocked>
// CHECK: tile.broadcast %[[ROW]] : tensor<1x128xi32, #{{.*}}> -> tensor<32x128xi32, #{{.*}}>
// CHECK: %[[COL:.*]] = tile.expand_dims %{{.*}} {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
// CHECK: tile.broadcast %[[COL]] : tensor<32x1xi32> -> tensor<32x128xi32>
tile.kernel @shapes() {
  %r = tile.arange 0, 128 : tensor<128xi32, #layout.slice<dim = 0, parent = #l2>>
  %row = tile.expand_dims %r {axis = 0 : i32}
         : tensor<128xi32, #layout.slice<dim = 0, parent = #l2>> -> tensor<1x128xi32, #l2>
  %full = tile.broadcast %row : tensor<1x128xi32, #l2> -> tensor<32x128xi32, #l2>
  %c = tile.arange 0, 32 : tensor<32xi32>
  %col = tile.expand_dims %c {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %cfull = tile.broadcast %col : tensor<32x1xi32> -> tensor<32x128xi32>
  tile.return
}

// CHECK-LABEL: tile.kernel @reductions
// CHECK: tile.reduce sum %[[T:.*]] {axis = 1 : i32} : tensor<32x128xf32, #blocked> -> tensor<32xf32, #slice1>
// CHECK: tile.reduce max %[[T]] {axis = 0 : i32} : tensor<32x128xf32, #blocked> -> tensor<128xf32, #slice>
// CHECK: tile.reduce min %{{.*}} {axis = 0 : i32} : tensor<128xi32, #{{.*}}> -> i32
// CHECK: tile.reduce %[[T]] {axis = 0 : i32} combiner {
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
// CHECK-NEXT:   %[[MX:.*]] = arith.maximumf %[[A]], %[[B]] : f32
// CHECK-NEXT:   tile.yield %[[MX]] : f32
// CHECK-NEXT: } : tensor<32x128xf32, #blocked> -> tensor<128xf32, #slice>
// CHECK: tile.reduce sum %{{.*}} {axis = 1 : i32} : tensor<32x128xf32> -> tensor<32xf32>
tile.kernel @reductions() {
  %t = arith.constant dense<1.0> : tensor<32x128xf32, #l2>
  %s = tile.reduce sum %t {axis = 1 : i32}
       : tensor<32x128xf32, #l2> -> tensor<32xf32, #layout.slice<dim = 1, parent = #l2>>
  %m = tile.reduce max %t {axis = 0 : i32}
       : tensor<32x128xf32, #l2> -> tensor<128xf32, #layout.slice<dim = 0, parent = #l2>>
  %i = tile.arange 0, 128 : tensor<128xi32, #l>
  %n = tile.reduce min %i {axis = 0 : i32} : tensor<128xi32, #l> -> i32
  %r = tile.reduce %t {axis = 0 : i32} combiner {
  ^bb0(%a: f32, %b: f32):
    %mx = arith.maximumf %a, %b : f32
    tile.yield %mx : f32
  } : tensor<32x128xf32, #l2> -> tensor<128xf32, #layout.slice<dim = 0, parent = #l2>>
  %plain = arith.constant dense<1.0> : tensor<32x128xf32>
  %ps = tile.reduce sum %plain {axis = 1 : i32} : tensor<32x128xf32> -> tensor<32xf32>
  tile.return
}

// A view whose layout fixes the strides.
// CHECK-LABEL: tile.kernel @view_with_layout
// CHECK: tile.make_view %{{.*}}, shape [16, 16] : !tile.ptr<f32> -> !tile.view<16x16xf32, #{{.*}}>
tile.kernel @view_with_layout(%p: !tile.ptr<f32>) {
  %v = tile.make_view %p, shape [16, 16]
       : !tile.ptr<f32> -> !tile.view<16x16xf32, #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>>
  tile.return
}

// CHECK-LABEL: tile.kernel @view_with_strided_layout
// CHECK: tile.make_view %{{.*}}, shape [4, %{{.*}}] : !tile.ptr<f32> -> !tile.view<4x?xf32, #strided>
tile.kernel @view_with_strided_layout(%p: !tile.ptr<f32>, %n: i32) {
  %v = tile.make_view %p, shape [4, %n]
       : !tile.ptr<f32> -> !tile.view<4x?xf32, #layout.strided<(4,(2,3)):(2,(1,8))>>
  tile.return
}

// Types on their own.
// CHECK-LABEL: func.func private @types
// CHECK-SAME: !tile.ptr<i8>, !tile.ptr<f64>, !tile.view<?x128xf32>, !tile.view<4x4x4xbf16>, tensor<16x!tile.ptr<f16>>
func.func private @types(!tile.ptr<i8>, !tile.ptr<f64>, !tile.view<?x128xf32>,
                         !tile.view<4x4x4xbf16>, tensor<16x!tile.ptr<f16>>)

// CHECK-LABEL: func.func @dot_ops
// CHECK: %[[D:.*]] = tile.dot %arg0, %arg1, %arg2 : tensor<16x16xf16>, tensor<16x8xf16> -> tensor<16x8xf32>
// CHECK: tile.dot %arg3, %arg4, %arg5 input_precision = ieee async : tensor<16x8xf32>, tensor<8x8xf32> -> tensor<16x8xf32>
// CHECK: tile.dot_wait %[[D]] {pendings = 1 : i32} : tensor<16x8xf32>
// The printed form, spaces included (it once read `input_precision =  ieee`).
// EXACT: {{^}}    %1 = tile.dot %arg3, %arg4, %arg5 input_precision = ieee async : tensor<16x8xf32>, tensor<8x8xf32> -> tensor<16x8xf32>{{$}}
func.func @dot_ops(%a: tensor<16x16xf16>, %b: tensor<16x8xf16>, %c: tensor<16x8xf32>,
                   %x: tensor<16x8xf32>, %y: tensor<8x8xf32>, %z: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %d = tile.dot %a, %b, %c : tensor<16x16xf16>, tensor<16x8xf16> -> tensor<16x8xf32>
  %e = tile.dot %x, %y, %z input_precision = ieee async : tensor<16x8xf32>, tensor<8x8xf32> -> tensor<16x8xf32>
  %w = tile.dot_wait %d {pendings = 1 : i32} : tensor<16x8xf32>
  return %w : tensor<16x8xf32>
}
