// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// Round trip of tile.scan, tile.sort, tile.topk and multi-operand
// tile.reduce, with and without layouts.

#l = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#k = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

// CHECK-LABEL: func.func @scans
func.func @scans(%x: tensor<8x64xf32, #l>, %i: tensor<8x64xi32, #l>, %u: tensor<128xi32>) {
  // CHECK: tile.scan sum %{{.*}} {axis = 1 : i32} : tensor<8x64xf32, #{{.*}}>
  %0 = tile.scan sum %x {axis = 1 : i32} : tensor<8x64xf32, #l>
  // CHECK: tile.scan prod %{{.*}} {axis = 0 : i32, reverse} : tensor<8x64xf32, #{{.*}}>
  %1 = tile.scan prod %x {axis = 0 : i32, reverse} : tensor<8x64xf32, #l>
  // CHECK: tile.scan max %{{.*}} {axis = 0 : i32, exclusive, reverse} : tensor<128xi32>
  %2 = tile.scan max %u {axis = 0 : i32, reverse, exclusive} : tensor<128xi32>
  // CHECK: tile.scan min %{{.*}} {axis = 0 : i32, exclusive} : tensor<128xi32>
  %3 = tile.scan min %u {axis = 0 : i32, exclusive} : tensor<128xi32>
  // CHECK: %{{.*}}:2 = tile.scan %{{.*}}, %{{.*}} {axis = 1 : i32} combiner {
  // CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[AI:.*]]: i32, %[[B:.*]]: f32, %[[BI:.*]]: i32):
  // CHECK: tile.yield %{{.*}}, %{{.*}} : f32, i32
  // CHECK-NEXT: } : tensor<8x64xf32, #{{.*}}>, tensor<8x64xi32, #{{.*}}>
  %4:2 = tile.scan %x, %i {axis = 1 : i32} combiner {
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %ge = arith.cmpf oge, %b, %a : f32
    %v = arith.select %ge, %b, %a : f32
    %j = arith.select %ge, %bi, %ai : i32
    tile.yield %v, %j : f32, i32
  } : tensor<8x64xf32, #l>, tensor<8x64xi32, #l>
  return
}

// CHECK-LABEL: func.func @argmax
func.func @argmax(%x: tensor<8x64xf32, #l>, %i: tensor<8x64xi32, #l>, %y: tensor<64xf16>, %j: tensor<64xi32>) {
  // CHECK: %{{.*}}:2 = tile.reduce %{{.*}}, %{{.*}} {axis = 1 : i32} combiner {
  // CHECK: } : tensor<8x64xf32, #{{.*}}>, tensor<8x64xi32, #{{.*}}> -> tensor<8xf32, #{{.*}}>, tensor<8xi32, #{{.*}}>
  %0:2 = tile.reduce %x, %i {axis = 1 : i32} combiner {
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %gt = arith.cmpf ogt, %a, %b : f32
    %v = arith.select %gt, %a, %b : f32
    %k = arith.select %gt, %ai, %bi : i32
    tile.yield %v, %k : f32, i32
  } : tensor<8x64xf32, #l>, tensor<8x64xi32, #l> -> tensor<8xf32, #layout.slice<dim = 1, parent = #l>>, tensor<8xi32, #layout.slice<dim = 1, parent = #l>>
  // A 1-D pair reduces to two scalars.
  // CHECK: } : tensor<64xf16>, tensor<64xi32> -> f16, i32
  %1:2 = tile.reduce %y, %j {axis = 0 : i32} combiner {
  ^bb0(%a: f16, %ai: i32, %b: f16, %bi: i32):
    %lt = arith.cmpf olt, %a, %b : f16
    %v = arith.select %lt, %a, %b : f16
    %k = arith.select %lt, %ai, %bi : i32
    tile.yield %v, %k : f16, i32
  } : tensor<64xf16>, tensor<64xi32> -> f16, i32
  return
}

// CHECK-LABEL: func.func @sorts
func.func @sorts(%x: tensor<8x64xf32, #l>, %i: tensor<8x64xi32, #l>, %u: tensor<128xi32>) {
  // CHECK: tile.sort %{{.*}} {axis = 0 : i32} : tensor<128xi32>
  %0 = tile.sort %u {axis = 0 : i32} : tensor<128xi32>
  // CHECK: %{{.*}}:2 = tile.sort %{{.*}}, %{{.*}} {axis = 1 : i32, descending} : tensor<8x64xf32, #{{.*}}>, tensor<8x64xi32, #{{.*}}>
  %1:2 = tile.sort %x, %i {axis = 1 : i32, descending} : tensor<8x64xf32, #l>, tensor<8x64xi32, #l>
  // CHECK: %{{.*}}:2 = tile.topk %{{.*}}, %{{.*}} {axis = 1 : i32, k = 8 : i32} : tensor<8x64xf32, #{{.*}}>, tensor<8x64xi32, #{{.*}}> -> tensor<8x8xf32, #{{.*}}>, tensor<8x8xi32, #{{.*}}>
  %2:2 = tile.topk %x, %i {axis = 1 : i32, k = 8 : i32} : tensor<8x64xf32, #l>, tensor<8x64xi32, #l> -> tensor<8x8xf32, #k>, tensor<8x8xi32, #k>
  // CHECK: tile.topk %{{.*}} {axis = 0 : i32, k = 1 : i32} : tensor<128xi32> -> tensor<1xi32>
  %3 = tile.topk %u {axis = 0 : i32, k = 1 : i32} : tensor<128xi32> -> tensor<1xi32>
  return
}
