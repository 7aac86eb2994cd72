// RUN: tile-opt %s -canonicalize -cse | FileCheck %s

#l = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#l2 = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

// CHECK-LABEL: tile.kernel @splat_of_constant
// CHECK: %[[C:.*]] = arith.constant dense<2.500000e+00> : tensor<128xf32, #{{.*}}>
// CHECK-NOT: tile.splat %{{.*}} : f32
// CHECK: tile.store %{{.*}}, %[[C]]
tile.kernel @splat_of_constant(%p: !tile.ptr<f32>) {
  %c = arith.constant 2.5 : f32
  %s = tile.splat %c : f32 -> tensor<128xf32, #l>
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #l>
  tile.store %base, %s : tensor<128x!tile.ptr<f32>, #l>
  tile.return
}

// CHECK-LABEL: tile.kernel @splat_of_pointer_stays
// CHECK: tile.splat %{{.*}} : !tile.ptr<f32>
tile.kernel @splat_of_pointer_stays(%p: !tile.ptr<f32>, %x: f32) {
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #l>
  %v = tile.splat %x : f32 -> tensor<128xf32, #l>
  tile.store %base, %v : tensor<128x!tile.ptr<f32>, #l>
  tile.return
}

// CHECK-LABEL: tile.kernel @broadcast_same_shape
// CHECK: %[[B:.*]] = tile.broadcast %{{.*}} : tensor<1x32xi32, #{{.*}}> -> tensor<4x32xi32
// CHECK-NOT: tile.broadcast
// CHECK: tile.store %{{.*}}, %[[B]] : tensor<4x32x!tile.ptr<i32>
tile.kernel @broadcast_same_shape(%p: !tile.ptr<i32>, %x: i32) {
  %a = tile.arange 0, 32 : tensor<32xi32, #layout.slice<dim = 0, parent = #l2>>
  %e = tile.expand_dims %a {axis = 0 : i32} : tensor<32xi32, #layout.slice<dim = 0, parent = #l2>> -> tensor<1x32xi32, #l2>
  %b = tile.broadcast %e : tensor<1x32xi32, #l2> -> tensor<4x32xi32, #l2>
  %same = tile.broadcast %b : tensor<4x32xi32, #l2> -> tensor<4x32xi32, #l2>
  %ptrs = tile.splat %p : !tile.ptr<i32> -> tensor<4x32x!tile.ptr<i32>, #l2>
  tile.store %ptrs, %same : tensor<4x32x!tile.ptr<i32>, #l2>
  tile.return
}

// CHECK-LABEL: tile.kernel @broadcast_of_splat
// CHECK: %[[S:.*]] = tile.splat %{{.*}} : i32 -> tensor<4x32xi32, #{{.*}}>
// CHECK-NOT: tile.broadcast
// CHECK-NOT: tile.expand_dims
// CHECK: tile.store %{{.*}}, %[[S]]
tile.kernel @broadcast_of_splat(%p: !tile.ptr<i32>, %x: i32) {
  %s = tile.splat %x : i32 -> tensor<32xi32, #layout.slice<dim = 0, parent = #l2>>
  %e = tile.expand_dims %s {axis = 0 : i32} : tensor<32xi32, #layout.slice<dim = 0, parent = #l2>> -> tensor<1x32xi32, #l2>
  %b = tile.broadcast %e : tensor<1x32xi32, #l2> -> tensor<4x32xi32, #l2>
  %ptrs = tile.splat %p : !tile.ptr<i32> -> tensor<4x32x!tile.ptr<i32>, #l2>
  tile.store %ptrs, %b : tensor<4x32x!tile.ptr<i32>, #l2>
  tile.return
}

// CHECK-LABEL: tile.kernel @broadcast_of_constant
// CHECK: %[[C:.*]] = arith.constant dense<7> : tensor<4x32xi32, #{{.*}}>
// CHECK-NOT: tile.broadcast
// CHECK: tile.store %{{.*}}, %[[C]]
tile.kernel @broadcast_of_constant(%p: !tile.ptr<i32>) {
  %c = arith.constant dense<7> : tensor<1x32xi32, #l2>
  %b = tile.broadcast %c : tensor<1x32xi32, #l2> -> tensor<4x32xi32, #l2>
  %ptrs = tile.splat %p : !tile.ptr<i32> -> tensor<4x32x!tile.ptr<i32>, #l2>
  tile.store %ptrs, %b : tensor<4x32x!tile.ptr<i32>, #l2>
  tile.return
}

// CHECK-LABEL: tile.kernel @broadcast_of_broadcast
// CHECK: %[[E:.*]] = tile.expand_dims
// CHECK-NEXT: tile.broadcast %[[E]] : tensor<1x32xi32, #{{.*}}> -> tensor<4x32xi32, #{{.*}}>
// CHECK-NOT: tile.broadcast
tile.kernel @broadcast_of_broadcast(%p: !tile.ptr<i32>) {
  %a = tile.arange 0, 32 : tensor<32xi32, #layout.slice<dim = 0, parent = #l2>>
  %e = tile.expand_dims %a {axis = 0 : i32} : tensor<32xi32, #layout.slice<dim = 0, parent = #l2>> -> tensor<1x32xi32, #l2>
  %b1 = tile.broadcast %e : tensor<1x32xi32, #l2> -> tensor<2x32xi32, #l2>
  %b2 = tile.broadcast %b1 : tensor<2x32xi32, #l2> -> tensor<2x32xi32, #l2>
  %e2 = tile.expand_dims %a {axis = 0 : i32} : tensor<32xi32, #layout.slice<dim = 0, parent = #l2>> -> tensor<1x32xi32, #l2>
  %c = tile.broadcast %e2 : tensor<1x32xi32, #l2> -> tensor<1x32xi32, #l2>
  %d = tile.broadcast %c : tensor<1x32xi32, #l2> -> tensor<4x32xi32, #l2>
  %ptrs = tile.splat %p : !tile.ptr<i32> -> tensor<4x32x!tile.ptr<i32>, #l2>
  tile.store %ptrs, %d : tensor<4x32x!tile.ptr<i32>, #l2>
  tile.return
}

// CHECK-LABEL: tile.kernel @addptr_zero
// CHECK-NOT: tile.addptr
// CHECK: tile.load %{{.*}} : !tile.ptr<f32>
tile.kernel @addptr_zero(%p: !tile.ptr<f32>) {
  %z = arith.constant 0 : i32
  %q = tile.addptr %p, %z : !tile.ptr<f32>, i32
  %x = tile.load %q : !tile.ptr<f32>
  tile.store %p, %x : !tile.ptr<f32>
  tile.return
}

// CHECK-LABEL: tile.kernel @masks
// CHECK: %[[X:.*]] = tile.load %[[P:.*]] : tensor<128x!tile.ptr<f32>, #{{.*}}>
// CHECK-NEXT: tile.store %[[P]], %[[X]] : tensor<128x!tile.ptr<f32>, #{{.*}}>
// CHECK-NEXT: tile.return
tile.kernel @masks(%p: !tile.ptr<f32>) {
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #l>
  %true = arith.constant dense<true> : tensor<128xi1, #l>
  %false = arith.constant dense<false> : tensor<128xi1, #l>
  %other = arith.constant dense<0.0> : tensor<128xf32, #l>
  %x = tile.load %base, %true, %other : tensor<128x!tile.ptr<f32>, #l>
  tile.store %base, %x, %true : tensor<128x!tile.ptr<f32>, #l>
  tile.store %base, %x, %false : tensor<128x!tile.ptr<f32>, #l>
  tile.return
}

// CHECK-LABEL: tile.kernel @cse_program_id
// CHECK: tile.program_id x
// CHECK-NOT: tile.program_id
tile.kernel @cse_program_id(%p: !tile.ptr<i32>) {
  %a = tile.program_id x : i32
  %b = tile.program_id x : i32
  %s = arith.addi %a, %b : i32
  tile.store %p, %s : !tile.ptr<i32>
  tile.return
}

// CHECK-LABEL: tile.kernel @dead_loads
// CHECK-NOT: tile.load
// CHECK-NOT: tile.load_tile
// CHECK: tile.return
tile.kernel @dead_loads(%p: !tile.ptr<f32>, %i: i32) {
  %x = tile.load %p : !tile.ptr<f32>
  %v = tile.make_view %p, shape [64] : !tile.ptr<f32> -> !tile.view<64xf32>
  %t = tile.load_tile %v[%i] : !tile.view<64xf32> -> tensor<16xf32>
  tile.return
}
