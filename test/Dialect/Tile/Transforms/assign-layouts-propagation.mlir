// RUN: tile-opt %s -split-input-file --tile-assign-layouts -mlir-print-local-scope | FileCheck %s

// Softmax: the reductions give slices of the load's layout, expand_dims
// and broadcast bring them back; no convert anywhere. The warps go to the
// rows (one warp a row) so that both reductions along the columns stay
// within a warp.
// CHECK-LABEL: tile.kernel @softmax
// CHECK-NOT: layout.convert
// CHECK: tile.reduce max {{.*}} : tensor<4x1024xf32, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<4xf32, #layout.slice<dim = 1, parent = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>>
// CHECK: tile.expand_dims {{.*}} : tensor<4xf32, #layout.slice<dim = 1, parent = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>> -> tensor<4x1xf32, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>
// CHECK: tile.broadcast {{.*}} : tensor<4x1xf32, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<4x1024xf32, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>
// CHECK: math.exp {{.*}} : tensor<4x1024xf32, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>
// CHECK: arith.divf {{.*}} : tensor<4x1024xf32, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>
// CHECK: tile.store_tile {{.*}} : tensor<4x1024xf32, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>
tile.kernel @softmax(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %m: i32) {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, 1024] : !tile.ptr<f32> -> !tile.view<?x1024xf32>
  %out = tile.make_view %y, shape [%m, 1024] : !tile.ptr<f32> -> !tile.view<?x1024xf32>
  %t = tile.load_tile %in[%i, %c0] padding = neg_inf : !tile.view<?x1024xf32> -> tensor<4x1024xf32>
  %mx = tile.reduce max %t {axis = 1 : i32} : tensor<4x1024xf32> -> tensor<4xf32>
  %mx2 = tile.expand_dims %mx {axis = 1 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  %mxb = tile.broadcast %mx2 : tensor<4x1xf32> -> tensor<4x1024xf32>
  %d = arith.subf %t, %mxb : tensor<4x1024xf32>
  %e = math.exp %d : tensor<4x1024xf32>
  %s = tile.reduce sum %e {axis = 1 : i32} : tensor<4x1024xf32> -> tensor<4xf32>
  %s2 = tile.expand_dims %s {axis = 1 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  %sb = tile.broadcast %s2 : tensor<4x1xf32> -> tensor<4x1024xf32>
  %p = arith.divf %e, %sb : tensor<4x1024xf32>
  tile.store_tile %p, %out[%i, %c0] : tensor<4x1024xf32>, !tile.view<?x1024xf32>
  tile.return
}

// -----

// Row sums stored through a 1-D view: in the slice of the load's layout
// each warp holds every other row and all lanes of a warp hold the same
// sums, which writes badly; the store converts to a coalesced 1-D layout.
// CHECK-LABEL: tile.kernel @row_sum
// CHECK: %[[S:.+]] = tile.reduce sum {{.*}} -> tensor<64xf32, #layout.slice<dim = 1, parent = #{{.+}}>>
// CHECK: %[[C:.+]] = layout.convert %[[S]] {{.*}} -> tensor<64xf32, #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
// CHECK: tile.store_tile %[[C]]
tile.kernel @row_sum(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %m: i32) {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, 256] : !tile.ptr<f32> -> !tile.view<?x256xf32>
  %out = tile.make_view %y, shape [%m] : !tile.ptr<f32> -> !tile.view<?xf32>
  %t = tile.load_tile %in[%i, %c0] : !tile.view<?x256xf32> -> tensor<64x256xf32>
  %s = tile.reduce sum %t {axis = 1 : i32} : tensor<64x256xf32> -> tensor<64xf32>
  tile.store_tile %s, %out[%i] : tensor<64xf32>, !tile.view<?xf32>
  tile.return
}

// -----

// Column sums of a row-major tile: the slice along dim 0 is spread over
// lanes along dim 1, contiguous too; kept.
// CHECK-LABEL: tile.kernel @column_sum
// CHECK-NOT: layout.convert
// CHECK: tile.store_tile {{.*}} : tensor<256xf32, #layout.slice<dim = 0, parent =
tile.kernel @column_sum(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %m: i32) {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, 256] : !tile.ptr<f32> -> !tile.view<?x256xf32>
  %out = tile.make_view %y, shape [256] : !tile.ptr<f32> -> !tile.view<256xf32>
  %t = tile.load_tile %in[%i, %c0] : !tile.view<?x256xf32> -> tensor<64x256xf32>
  %s = tile.reduce sum %t {axis = 0 : i32} : tensor<64x256xf32> -> tensor<256xf32>
  tile.store_tile %s, %out[%c0] : tensor<256xf32>, !tile.view<256xf32>
  tile.return
}

// -----

// Layouts flow through scf.for: the accumulator (a splat constant) takes
// the layout of the values added to it, and so do the iteration argument,
// the yield and the result.
// CHECK-LABEL: tile.kernel @loop
// CHECK-NOT: layout.convert
// CHECK: arith.constant dense<0.000000e+00> : tensor<512xf32, #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<512xf32, #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>)
// CHECK: tile.load_at {{.*}} -> tensor<512xf32, #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
// CHECK: scf.yield {{.*}} : tensor<512xf32, #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
// CHECK: tile.store_at {{.*}} : tensor<512xf32, #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
tile.kernel @loop(%x: !tile.ptr<f32>, %n: i32, %k: index) {
  %v = tile.make_view %x, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant dense<0.0> : tensor<512xf32>
  %acc = scf.for %j = %c0 to %k step %c1 iter_args(%a = %z) -> (tensor<512xf32>) {
    %jj = arith.index_cast %j : index to i32
    %t = tile.load_at %v[%jj] : !tile.view<?xf32> -> tensor<512xf32>
    %s = arith.addf %a, %t : tensor<512xf32>
    scf.yield %s : tensor<512xf32>
  }
  %c0i = arith.constant 0 : i32
  tile.store_at %acc, %v[%c0i] : tensor<512xf32>, !tile.view<?xf32>
  tile.return
}

// -----

// scf.if: both branches yield in the result's layout.
// CHECK-LABEL: tile.kernel @branches
// CHECK-NOT: layout.convert
// CHECK: scf.if {{.*}} -> (tensor<512xf32, #[[L:layout.blocked<[^>]+>]]>)
// CHECK: math.exp {{.*}} : tensor<512xf32, #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
// CHECK: scf.yield {{.*}} : tensor<512xf32, #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
// CHECK: arith.constant dense<1.000000e+00> : tensor<512xf32, #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
// CHECK: tile.store_at {{.*}} : tensor<512xf32, #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
tile.kernel @branches(%x: !tile.ptr<f32>, %n: i32, %c: i1) {
  %v = tile.make_view %x, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %c0 = arith.constant 0 : i32
  %t = tile.load_at %v[%c0] : !tile.view<?xf32> -> tensor<512xf32>
  %r = scf.if %c -> (tensor<512xf32>) {
    %e = math.exp %t : tensor<512xf32>
    scf.yield %e : tensor<512xf32>
  } else {
    %one = arith.constant dense<1.0> : tensor<512xf32>
    scf.yield %one : tensor<512xf32>
  }
  tile.store_at %r, %v[%c0] : tensor<512xf32>, !tile.view<?xf32>
  tile.return
}

// -----

// A layout the author wrote is kept, even where it coalesces worse than
// the default: the store of the written value keeps it. A layout-free chain
// beside it gets the coalesced layout.
#w = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: tile.kernel @author
// CHECK-NOT: layout.convert
// CHECK: tile.load_at {{.*}} -> tensor<512xf32, #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
// CHECK: tile.load_at {{.*}} -> tensor<512xf32, #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
// CHECK: tile.store_at {{.*}} : tensor<512xf32, #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
// CHECK: tile.store_at {{.*}} : tensor<512xf32, #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
tile.kernel @author(%x: !tile.ptr<f32>, %n: i32) {
  %v = tile.make_view %x, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %c0 = arith.constant 0 : i32
  %t = tile.load_at %v[%c0] : !tile.view<?xf32> -> tensor<512xf32, #w>
  %u = tile.load_at %v[%c0] : !tile.view<?xf32> -> tensor<512xf32>
  %e = math.exp %t : tensor<512xf32, #w>
  %f = math.exp %u : tensor<512xf32>
  tile.store_at %e, %v[%c0] : tensor<512xf32, #w>, !tile.view<?xf32>
  tile.store_at %f, %v[%c0] : tensor<512xf32>, !tile.view<?xf32>
  tile.return
}

// -----

// Tensors no memory access reaches get a default row-major layout, chosen
// for the highest-rank tensor first so that the 1-D pieces become slices.
// CHECK-LABEL: tile.kernel @no_anchor
// CHECK-NOT: layout.convert
// CHECK: tile.arange 0, 32 : tensor<32xi32, #layout.slice<dim = 1, parent = #[[D:layout.blocked<[^>]+>]]>>
// CHECK: tile.expand_dims {{.*}} -> tensor<32x1xi32, #[[D]]>
// CHECK: tile.broadcast {{.*}} -> tensor<32x64xi32, #[[D]]>
// CHECK: tile.reduce sum {{.*}} : tensor<32x64xi32, #[[D]]> -> tensor<32xi32, #layout.slice<dim = 1, parent = #[[D]]>>
tile.kernel @no_anchor(%p: !tile.ptr<i32>) {
  %r = tile.arange 0, 32 : tensor<32xi32>
  %e = tile.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %b = tile.broadcast %e : tensor<32x1xi32> -> tensor<32x64xi32>
  %s = tile.reduce sum %b {axis = 1 : i32} : tensor<32x64xi32> -> tensor<32xi32>
  %t = tile.reduce sum %s {axis = 0 : i32} : tensor<32xi32> -> i32
  tile.store %p, %t : !tile.ptr<i32>
  tile.return
}
