// RUN: tile-opt %s -split-input-file --tile-optimize-converts | FileCheck %s

#a = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// A round trip A -> B -> A disappears.
// CHECK-LABEL: tile.kernel @round_trip
// CHECK-NOT: layout.convert
tile.kernel @round_trip(%p: !tile.ptr<f32>, %n: i32) {
  %v = tile.make_view %p, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %c0 = arith.constant 0 : i32
  %t = tile.load_at %v[%c0] : !tile.view<?xf32> -> tensor<512xf32, #a>
  %u = layout.convert %t : tensor<512xf32, #a> -> tensor<512xf32, #b>
  %w = layout.convert %u : tensor<512xf32, #b> -> tensor<512xf32, #a>
  tile.store_at %w, %v[%c0] : tensor<512xf32, #a>, !tile.view<?xf32>
  tile.return
}

// -----

#a = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#l = #layout.linear<register = [[1], [2]], lane = [[4], [8], [16], [32], [64]], warp = [[128], [256]]>

// Equal linear forms: the view load produces the target spelling directly.
// CHECK-LABEL: tile.kernel @equivalent
// CHECK-NOT: layout.convert
// CHECK: tile.load_at {{.*}} -> tensor<512xf32, #linear>
// CHECK: tile.store_at {{.*}} : tensor<512xf32, #linear>
tile.kernel @equivalent(%p: !tile.ptr<f32>, %n: i32) {
  %v = tile.make_view %p, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %c0 = arith.constant 0 : i32
  %t = tile.load_at %v[%c0] : !tile.view<?xf32> -> tensor<512xf32, #a>
  %u = layout.convert %t : tensor<512xf32, #a> -> tensor<512xf32, #l>
  tile.store_at %u, %v[%c0] : tensor<512xf32, #l>, !tile.view<?xf32>
  tile.return
}

// -----

#a = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// Splats, aranges and splat constants are rebuilt in the target layout.
// CHECK-DAG: #[[$B:.+]] = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: tile.kernel @rematerialize
// CHECK-NOT: layout.convert
// CHECK-DAG: tile.splat %{{.*}} : f32 -> tensor<512xf32, #[[$B]]>
// CHECK-DAG: tile.arange 0, 512 : tensor<512xi32, #[[$B]]>
// CHECK-DAG: arith.constant dense<2.000000e+00> : tensor<512xf32, #[[$B]]>
tile.kernel @rematerialize(%p: !tile.ptr<f32>, %f: f32, %q: !tile.ptr<i32>) {
  %s = tile.splat %f : f32 -> tensor<512xf32, #a>
  %r = tile.arange 0, 512 : tensor<512xi32, #a>
  %c = arith.constant dense<2.0> : tensor<512xf32, #a>
  %s2 = layout.convert %s : tensor<512xf32, #a> -> tensor<512xf32, #b>
  %r2 = layout.convert %r : tensor<512xi32, #a> -> tensor<512xi32, #b>
  %c2 = layout.convert %c : tensor<512xf32, #a> -> tensor<512xf32, #b>
  %m = arith.mulf %s2, %c2 : tensor<512xf32, #b>
  %pb = tile.splat %p : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #b>
  %pp = tile.addptr %pb, %r2 : tensor<512x!tile.ptr<f32>, #b>, tensor<512xi32, #b>
  tile.store %pp, %m : tensor<512x!tile.ptr<f32>, #b>
  tile.return
}

// -----

#a = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// convert(x) + convert(y) from the same layout -> convert(x + y): one
// conversion instead of two. The product with a splat after it stays in the
// target layout (moving the convert past it would not remove one), and the
// identity convert folds away.
// CHECK-DAG: #[[$A:.+]] = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-DAG: #[[$B:.+]] = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: tile.kernel @elementwise
// CHECK: %[[X:.+]] = tile.load_at {{.*}} -> tensor<512xf32, #[[$A]]>
// CHECK: %[[Y:.+]] = tile.load_at {{.*}} -> tensor<512xf32, #[[$A]]>
// CHECK: %[[S:.+]] = arith.addf %[[X]], %[[Y]] : tensor<512xf32, #[[$A]]>
// CHECK: %[[C:.+]] = layout.convert %[[S]] : tensor<512xf32, #[[$A]]> -> tensor<512xf32, #[[$B]]>
// CHECK: %[[K:.+]] = tile.splat %{{.*}} : f32 -> tensor<512xf32, #[[$B]]>
// CHECK: %[[M:.+]] = arith.mulf %[[C]], %[[K]] : tensor<512xf32, #[[$B]]>
// CHECK-NOT: layout.convert
// CHECK: tile.store_at %[[M]]
tile.kernel @elementwise(%p: !tile.ptr<f32>, %n: i32, %f: f32) {
  %v = tile.make_view %p, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %c0 = arith.constant 0 : i32
  %x = tile.load_at %v[%c0] : !tile.view<?xf32> -> tensor<512xf32, #a>
  %y = tile.load_at %v[%c0] : !tile.view<?xf32> -> tensor<512xf32, #a>
  %cx = layout.convert %x : tensor<512xf32, #a> -> tensor<512xf32, #b>
  %cy = layout.convert %y : tensor<512xf32, #a> -> tensor<512xf32, #b>
  %s = arith.addf %cx, %cy : tensor<512xf32, #b>
  %k = tile.splat %f : f32 -> tensor<512xf32, #b>
  %m = arith.mulf %s, %k : tensor<512xf32, #b>
  %back = layout.convert %m : tensor<512xf32, #b> -> tensor<512xf32, #b>
  tile.store_at %back, %v[%c0] : tensor<512xf32, #b>, !tile.view<?xf32>
  tile.return
}

// -----

#a = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// An elementwise op between a convert and a convert back: computed in the
// source layout and both conversions vanish.
// CHECK-LABEL: tile.kernel @sandwich
// CHECK-NOT: layout.convert
// CHECK: math.exp {{.*}} : tensor<512xf32, #blocked>
tile.kernel @sandwich(%p: !tile.ptr<f32>, %n: i32) {
  %v = tile.make_view %p, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %c0 = arith.constant 0 : i32
  %x = tile.load_at %v[%c0] : !tile.view<?xf32> -> tensor<512xf32, #a>
  %cx = layout.convert %x : tensor<512xf32, #a> -> tensor<512xf32, #b>
  %e = math.exp %cx : tensor<512xf32, #b>
  %back = layout.convert %e : tensor<512xf32, #b> -> tensor<512xf32, #a>
  tile.store_at %back, %v[%c0] : tensor<512xf32, #a>, !tile.view<?xf32>
  tile.return
}

// -----

#a = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// A single converted operand with a loaded (not rematerializable) other
// operand is left alone: moving it would not remove a conversion.
// CHECK-LABEL: tile.kernel @no_gain
// CHECK: layout.convert
// CHECK: arith.addf {{.*}} : tensor<512xf32, #[[B:.+]]>
tile.kernel @no_gain(%p: !tile.ptr<f32>, %n: i32) {
  %v = tile.make_view %p, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %c0 = arith.constant 0 : i32
  %x = tile.load_at %v[%c0] : !tile.view<?xf32> -> tensor<512xf32, #a>
  %y = tile.load_at %v[%c0] : !tile.view<?xf32> -> tensor<512xf32, #b>
  %cx = layout.convert %x : tensor<512xf32, #a> -> tensor<512xf32, #b>
  %s = arith.addf %cx, %y : tensor<512xf32, #b>
  tile.store_at %s, %v[%c0] : tensor<512xf32, #b>, !tile.view<?xf32>
  tile.return
}

// -----

#a = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// Loops: the loop-carried value is converted at the top of the body and
// back at the bottom: it is carried in the inner layout instead (the init,
// a constant, is rebuilt in it; one convert after the loop). The convert of
// the loop-invariant %x is hoisted out of the loop.
// CHECK-DAG: #[[$A:.+]] = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-DAG: #[[$B:.+]] = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: tile.kernel @loop
// CHECK: %[[X:.+]] = tile.load_at {{.*}} -> tensor<512xf32, #[[$A]]>
// CHECK-DAG: %[[XB:.+]] = layout.convert %[[X]] : tensor<512xf32, #[[$A]]> -> tensor<512xf32, #[[$B]]>
// CHECK-DAG: %[[INIT:.+]] = arith.constant dense<0.000000e+00> : tensor<512xf32, #[[$B]]>
// CHECK: %[[R:.+]] = scf.for {{.*}} iter_args(%[[ACC:.+]] = %[[INIT]]) -> (tensor<512xf32, #[[$B]]>) {
// CHECK-NOT: layout.convert
// CHECK: %[[Y:.+]] = tile.load_at {{.*}} -> tensor<512xf32, #[[$B]]>
// CHECK: arith.addf %[[ACC]], %[[Y]] : tensor<512xf32, #[[$B]]>
// CHECK: tile.store_at %[[XB]]
// CHECK: scf.yield
// CHECK: }
// CHECK: layout.convert %[[R]] : tensor<512xf32, #[[$B]]> -> tensor<512xf32, #[[$A]]>
tile.kernel @loop(%p: !tile.ptr<f32>, %n: i32, %k: index) {
  %v = tile.make_view %p, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %c0 = arith.constant 0 : i32
  %x = tile.load_at %v[%c0] : !tile.view<?xf32> -> tensor<512xf32, #a>
  %z = arith.constant dense<0.0> : tensor<512xf32, #a>
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %r = scf.for %i = %i0 to %k step %i1 iter_args(%acc = %z) -> (tensor<512xf32, #a>) {
    %ca = layout.convert %acc : tensor<512xf32, #a> -> tensor<512xf32, #b>
    %ii = arith.index_cast %i : index to i32
    %y = tile.load_at %v[%ii] : !tile.view<?xf32> -> tensor<512xf32, #b>
    %s = arith.addf %ca, %y : tensor<512xf32, #b>
    %cx = layout.convert %x : tensor<512xf32, #a> -> tensor<512xf32, #b>
    tile.store_at %cx, %v[%ii] : tensor<512xf32, #b>, !tile.view<?xf32>
    %cb = layout.convert %s : tensor<512xf32, #b> -> tensor<512xf32, #a>
    scf.yield %cb : tensor<512xf32, #a>
  }
  tile.store_at %r, %v[%c0] : tensor<512xf32, #a>, !tile.view<?xf32>
  tile.return
}

// -----

#a = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// Both operands of the loop body's add are converts from the carried
// layout: the add is computed there and the round trip through the yield
// disappears; nothing is left to convert.
// CHECK-DAG: #[[$A:.+]] = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: tile.kernel @loop_elementwise
// CHECK-NOT: layout.convert
// CHECK: scf.for
// CHECK: arith.addf {{.*}} : tensor<512xf32, #[[$A]]>
tile.kernel @loop_elementwise(%p: !tile.ptr<f32>, %n: i32, %k: index) {
  %v = tile.make_view %p, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %c0 = arith.constant 0 : i32
  %x = tile.load_at %v[%c0] : !tile.view<?xf32> -> tensor<512xf32, #a>
  %z = arith.constant dense<0.0> : tensor<512xf32, #a>
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %r = scf.for %i = %i0 to %k step %i1 iter_args(%acc = %z) -> (tensor<512xf32, #a>) {
    %ca = layout.convert %acc : tensor<512xf32, #a> -> tensor<512xf32, #b>
    %cx = layout.convert %x : tensor<512xf32, #a> -> tensor<512xf32, #b>
    %s = arith.addf %ca, %cx : tensor<512xf32, #b>
    %cb = layout.convert %s : tensor<512xf32, #b> -> tensor<512xf32, #a>
    scf.yield %cb : tensor<512xf32, #a>
  }
  tile.store_at %r, %v[%c0] : tensor<512xf32, #a>, !tile.view<?xf32>
  tile.return
}
