// RUN: tile-opt %s | tile-opt | FileCheck %s

// cuTile's ct.load/ct.store keywords and Tilus's rank-reducing slices
// round-trip: the clauses print in the order latency, memory_order,
// memory_scope after order/padding (any order parses), `memory_order =
// weak` is the default and prints nothing, a scope prints in cuTile's
// words (block, device, system), and `dims` follows the offsets.

// CHECK-LABEL: tile.kernel @hints
tile.kernel @hints(%p: !tile.ptr<f32>, %f: !tile.ptr<i32>, %i: i32, %n: i32) {
  %v = tile.make_view %p, shape [%n, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %g = tile.make_view %f, shape [%n] : !tile.ptr<i32> -> !tile.view<?xi32>
  // CHECK: tile.load_tile %{{.*}}[%{{.*}}, %{{.*}}] order = [1, 0] padding = zero latency = 9 : !tile.view<?x?xf32> -> tensor<16x32xf32>
  %a = tile.load_tile %v[%i, %i] order = "F" padding = zero latency = 9 : !tile.view<?x?xf32> -> tensor<16x32xf32>
  // CHECK: tile.load_tile %{{.*}}[%{{.*}}] latency = 1 memory_order = acquire memory_scope = system : !tile.view<?xi32> -> i32
  %s = tile.load_tile %g[%i] memory_scope = system memory_order = acquire latency = 1 : !tile.view<?xi32> -> i32
  // CHECK: tile.load_tile %{{.*}}[%{{.*}}] memory_order = relaxed : !tile.view<?xi32> -> i32
  %r = tile.load_tile %g[%i] memory_order = relaxed : !tile.view<?xi32> -> i32
  // CHECK: tile.load_tile %{{.*}}[%{{.*}}] : !tile.view<?xi32> -> i32
  %w = tile.load_tile %g[%i] memory_order = weak : !tile.view<?xi32> -> i32
  // CHECK: tile.store_tile %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] order = [1, 0] latency = 10 memory_order = release memory_scope = block : tensor<16x32xf32>, !tile.view<?x?xf32>
  tile.store_tile %a, %v[%i, %i] order = "F" latency = 10 memory_order = release memory_scope = block : tensor<16x32xf32>, !tile.view<?x?xf32>
  // CHECK: tile.load_tile %{{.*}}[%{{.*}}, %{{.*}}] padding = zero {allow_tma} : !tile.view<?x?xf32> -> tensor<16x32xf32>
  %t = tile.load_tile %v[%i, %i] padding = zero {allow_tma} : !tile.view<?x?xf32> -> tensor<16x32xf32>
  tile.return
}

// CHECK-LABEL: tile.kernel @slices
tile.kernel @slices(%p: !tile.ptr<f32>, %b: i32, %r: i32, %c: i32, %n: i32) {
  %v = tile.make_view %p, shape [%n, %n, %n] : !tile.ptr<f32> -> !tile.view<?x?x?xf32>
  // CHECK: tile.load_at %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] dims [1, 2] : !tile.view<?x?x?xf32> -> tensor<64x32xf32>
  %t = tile.load_at %v[%b, %r, %c] dims [1, 2] : !tile.view<?x?x?xf32> -> tensor<64x32xf32>
  // CHECK: tile.load_at %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] dims [0] latency = 5 memory_order = acquire memory_scope = device : !tile.view<?x?x?xf32> -> tensor<8xf32>
  %col = tile.load_at %v[%b, %r, %c] dims [0] latency = 5 memory_order = acquire memory_scope = device : !tile.view<?x?x?xf32> -> tensor<8xf32>
  // CHECK: tile.store_at %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] dims [0, 2] memory_order = relaxed memory_scope = device : tensor<64x32xf32>, !tile.view<?x?x?xf32>
  tile.store_at %t, %v[%b, %r, %c] dims [0, 2] memory_order = relaxed memory_scope = device : tensor<64x32xf32>, !tile.view<?x?x?xf32>
  // A scalar takes `dims []`.
  // CHECK: tile.load_at %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] dims [] : !tile.view<?x?x?xf32> -> f32
  %s = tile.load_at %v[%b, %r, %c] dims [] : !tile.view<?x?x?xf32> -> f32
  tile.return
}
