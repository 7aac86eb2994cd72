// RUN: tile-opt %s --split-input-file --tile-assign-layouts --tile-split-tiles="remarks=true" -verify-diagnostics | FileCheck %s

// With remarks=true: one remark per split (chunk, loops), and one for each
// tensor above the budget that stays, saying why. What stays is unchanged.

#r = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>

// CHECK-LABEL: tile.kernel @split
// CHECK-COUNT-3: scf.for
tile.kernel @split(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %y, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  // expected-remark @below {{'tensor<1x65536xf32, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>>' needs 512 registers per thread, above the budget of 64; split along dim 1 into 32 chunks of 2048 (16 registers per thread) in 3 loops (each loop re-reads its loads)}}
  %t = tile.load_tile %in[%i, %c0] padding = neg_inf : !tile.view<?x?xf32> -> tensor<1x65536xf32, #r>
  %mx = tile.reduce max %t {axis = 1 : i32} : tensor<1x65536xf32, #r> -> tensor<1xf32, #layout.slice<dim = 1, parent = #r>>
  %mx2 = tile.expand_dims %mx {axis = 1 : i32} : tensor<1xf32, #layout.slice<dim = 1, parent = #r>> -> tensor<1x1xf32, #r>
  %mxb = tile.broadcast %mx2 : tensor<1x1xf32, #r> -> tensor<1x65536xf32, #r>
  %d = arith.subf %t, %mxb : tensor<1x65536xf32, #r>
  %e = math.exp %d : tensor<1x65536xf32, #r>
  %s = tile.reduce sum %e {axis = 1 : i32} : tensor<1x65536xf32, #r> -> tensor<1xf32, #layout.slice<dim = 1, parent = #r>>
  %s2 = tile.expand_dims %s {axis = 1 : i32} : tensor<1xf32, #layout.slice<dim = 1, parent = #r>> -> tensor<1x1xf32, #r>
  %sb = tile.broadcast %s2 : tensor<1x1xf32, #r> -> tensor<1x65536xf32, #r>
  %p = arith.divf %e, %sb : tensor<1x65536xf32, #r>
  tile.store_tile %p, %out[%i, %c0] : tensor<1x65536xf32, #r>, !tile.view<?x?xf32>
  tile.return
}

// -----

// A store between the loops that the split would need (the row sums,
// written before the normalized row is re-read) may write the memory the
// row is read from: not split.
#r = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
// CHECK-LABEL: tile.kernel @store_between
// CHECK-NOT:     scf.for
// CHECK:         tile.load_tile {{.*}} -> tensor<1x16384xf32
tile.kernel @store_between(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %z: !tile.ptr<f32>, %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %y, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %sums = tile.make_view %z, shape [%m] : !tile.ptr<f32> -> !tile.view<?xf32>
  // expected-remark @below {{needs 128 registers per thread, above the budget of 64; not split: the loops would reorder its loads or stores with the 'tile.store_tile' at line 48, which may access the same memory}}
  %t = tile.load_tile %in[%i, %c0] padding = zero : !tile.view<?x?xf32> -> tensor<1x16384xf32, #r>
  %s = tile.reduce sum %t {axis = 1 : i32} : tensor<1x16384xf32, #r> -> tensor<1xf32, #layout.slice<dim = 1, parent = #r>>
  tile.store_tile %s, %sums[%i] : tensor<1xf32, #layout.slice<dim = 1, parent = #r>>, !tile.view<?xf32>
  %s2 = tile.expand_dims %s {axis = 1 : i32} : tensor<1xf32, #layout.slice<dim = 1, parent = #r>> -> tensor<1x1xf32, #r>
  // expected-remark @below {{not split: the loops would reorder}}
  %sb = tile.broadcast %s2 : tensor<1x1xf32, #r> -> tensor<1x16384xf32, #r>
  // expected-remark @below {{needs 128 registers per thread, above the budget of 64; not split: the loops would reorder}}
  %p = arith.divf %t, %sb : tensor<1x16384xf32, #r>
  tile.store_tile %p, %out[%i, %c0] : tensor<1x16384xf32, #r>, !tile.view<?x?xf32>
  tile.return
}

// -----

// Used inside an scf.for: not split.
#r = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
// CHECK-LABEL: tile.kernel @used_in_loop
// CHECK:         tile.load_tile {{.*}} -> tensor<1x16384xf32
// CHECK:         scf.for
tile.kernel @used_in_loop(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %m: i32, %n: i32, %steps: i32) {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %y, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  // expected-remark @below {{not split: a tensor on its way is used inside a region by 'arith.addf'}}
  %t = tile.load_tile %in[%i, %c0] : !tile.view<?x?xf32> -> tensor<1x16384xf32, #r>
  // expected-remark @below {{not split: a tensor on its way is produced by 'scf.for', which the pass cannot split}}
  %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%a = %t) -> (tensor<1x16384xf32, #r>) : i32 {
    // expected-remark @below {{not split: it is inside a region (a loop, a condition or a combiner); only tensors directly in the kernel body are split}}
    %a2 = arith.addf %a, %t : tensor<1x16384xf32, #r>
    scf.yield %a2 : tensor<1x16384xf32, #r>
  }
  tile.store_tile %acc, %out[%i, %c0] : tensor<1x16384xf32, #r>, !tile.view<?x?xf32>
  tile.return
}

// -----

// The registers hold 128 consecutive elements and the lanes the rest of the
// row: a smaller chunk would leave lanes idle (copies), so it stays.
#w = #layout.blocked<sizePerThread = [1, 128], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: tile.kernel @lanes_cover_the_axis
// CHECK-NOT:     scf.for
tile.kernel @lanes_cover_the_axis(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %y, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  // expected-remark @below {{needs 128 registers per thread, above the budget of 64; not split: no smaller chunk along dim 1 fits the layouts on its way with all lanes and warps busy}}
  %t = tile.load_tile %in[%i, %c0] : !tile.view<?x?xf32> -> tensor<4x4096xf32, #w>
  tile.store_tile %t, %out[%i, %c0] : tensor<4x4096xf32, #w>, !tile.view<?x?xf32>
  tile.return
}

// -----

// 32 consecutive elements per thread: the smallest chunk that keeps every
// lane busy is 1 x 4096 (32 registers), above chunk-registers (16) but within
// the budget: split into such chunks.
#v = #layout.blocked<sizePerThread = [1, 32], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
// CHECK-LABEL: tile.kernel @wide_threads
// CHECK:         scf.for
// CHECK:           tile.load_tile {{.*}} -> tensor<1x4096xf32
tile.kernel @wide_threads(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %y, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  // expected-remark @below {{needs 128 registers per thread, above the budget of 64; split along dim 1 into 4 chunks of 4096 (32 registers per thread) in 1 loop; above chunk-registers (16): no smaller chunk spreads over all lanes and warps}}
  %t = tile.load_tile %in[%i, %c0] : !tile.view<?x?xf32> -> tensor<1x16384xf32, #v>
  tile.store_tile %t, %out[%i, %c0] : tensor<1x16384xf32, #v>, !tile.view<?x?xf32>
  tile.return
}

// -----

// A combiner that uses a value from outside its region cannot be applied to
// chunks elementwise: not split.
#r = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
// CHECK-LABEL: tile.kernel @combiner_captures
// CHECK-NOT:     scf.for
tile.kernel @combiner_captures(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %m: i32, %n: i32, %w: f32) {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %sums = tile.make_view %y, shape [%m] : !tile.ptr<f32> -> !tile.view<?xf32>
  // expected-remark @below {{needs 128 registers per thread, above the budget of 64; not split: its reduction cannot be split: its combiner uses a value defined outside it}}
  %t = tile.load_tile %in[%i, %c0] padding = zero : !tile.view<?x?xf32> -> tensor<1x16384xf32, #r>
  %s = tile.reduce %t {axis = 1 : i32} combiner {
  ^bb0(%a: f32, %b: f32):
    %c = arith.addf %a, %b : f32
    %d = arith.mulf %c, %w : f32
    tile.yield %d : f32
  } : tensor<1x16384xf32, #r> -> tensor<1xf32, #layout.slice<dim = 1, parent = #r>>
  tile.store_tile %s, %sums[%i] : tensor<1xf32, #layout.slice<dim = 1, parent = #r>>, !tile.view<?xf32>
  tile.return
}

// -----

// A load after a store of the same component: the store's loop comes first,
// and the loop for the second store would re-read %t after the first store
// (which may have overwritten it): not split. Independent rows, each with its
// own store, are split one after the other (@copy_then_reread below).
#r = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
// CHECK-LABEL: tile.kernel @store_then_load
// CHECK-NOT:     scf.for
tile.kernel @store_then_load(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %z: !tile.ptr<f32>, %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %vx = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %vy = tile.make_view %y, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %vz = tile.make_view %z, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  // expected-remark @below {{not split: the loops would reorder its loads or stores with the 'tile.store_tile' at line}}
  %t = tile.load_tile %vx[%i, %c0] : !tile.view<?x?xf32> -> tensor<1x16384xf32, #r>
  tile.store_tile %t, %vy[%i, %c0] : tensor<1x16384xf32, #r>, !tile.view<?x?xf32>
  // expected-remark @below {{not split: the loops would reorder}}
  %u = tile.load_tile %vy[%i, %c0] : !tile.view<?x?xf32> -> tensor<1x16384xf32, #r>
  // expected-remark @below {{not split: the loops would reorder}}
  %w = arith.addf %t, %u : tensor<1x16384xf32, #r>
  tile.store_tile %w, %vz[%i, %c0] : tensor<1x16384xf32, #r>, !tile.view<?x?xf32>
  tile.return
}

// -----

#r = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
// CHECK-LABEL: tile.kernel @copy_then_reread
// CHECK:         scf.for
// CHECK:           tile.load_tile %[[VX:.*]][{{.*}}] : {{.*}} -> tensor<1x2048xf32
// CHECK:           tile.store_tile %{{.*}}, %[[VY:.*]][{{.*}}] : tensor<1x2048xf32
// CHECK:         scf.for
// CHECK:           tile.load_tile %[[VY]][{{.*}}] : {{.*}} -> tensor<1x2048xf32
// CHECK:           tile.store_tile
tile.kernel @copy_then_reread(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %z: !tile.ptr<f32>, %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %vx = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %vy = tile.make_view %y, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %vz = tile.make_view %z, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  // expected-remark @below {{split along dim 1 into 8 chunks of 2048 (16 registers per thread) in 1 loop}}
  %t = tile.load_tile %vx[%i, %c0] : !tile.view<?x?xf32> -> tensor<1x16384xf32, #r>
  tile.store_tile %t, %vy[%i, %c0] : tensor<1x16384xf32, #r>, !tile.view<?x?xf32>
  // expected-remark @below {{split along dim 1 into 8 chunks of 2048 (16 registers per thread) in 1 loop}}
  %u = tile.load_tile %vy[%i, %c0] : !tile.view<?x?xf32> -> tensor<1x16384xf32, #r>
  tile.store_tile %u, %vz[%i, %c0] : tensor<1x16384xf32, #r>, !tile.view<?x?xf32>
  tile.return
}
