// RUN: tile-opt %s --split-input-file --tile-assign-layouts --tile-split-tiles | FileCheck %s
// RUN: tile-opt %s --split-input-file --tile-assign-layouts --tile-split-tiles="register-budget=512" | FileCheck %s --check-prefix=BIG
// RUN: tile-opt %s --split-input-file --tile-assign-layouts --tile-split-tiles="chunk-registers=64" | FileCheck %s --check-prefix=C64
// RUN: tile-opt %s --split-input-file --tile-assign-layouts --tile-split-tiles="register-budget=8 chunk-registers=8" | FileCheck %s --check-prefix=LOW

// Each tile.kernel below holds a tensor above the default budget of 64
// 32-bit registers per thread (4 warps): the pass recomputes it in chunks in
// scf.for loops. With a budget of 512 nothing is split.

// An elementwise chain load_tile -> mulf -> store_tile on a 1 x 16384 f32
// row (128 registers): eight chunks of 1 x 2048 (16 registers, the
// default chunk-registers), the tile-space index along the split axis
// becomes index * 8 + k.
// CHECK-LABEL: tile.kernel @scaled_copy
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : i32
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : i32
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : i32
// CHECK:         scf.for %[[K:[^ ]*]] = %[[C0]] to %[[C8]] step %[[C1]]  : i32 {
// CHECK:           %[[S:.*]] = arith.muli %[[J:.*]], %{{.*}} : i32
// CHECK:           %[[IDX:.*]] = arith.addi %[[S]], %[[K]] : i32
// CHECK:           %[[T:.*]] = tile.load_tile %{{.*}}[%{{.*}}, %[[IDX]]] padding = zero : !tile.view<?x?xf32> -> tensor<1x2048xf32, #[[BL:.*]]>
// CHECK:           %[[TWO:.*]] = arith.constant dense<2.000000e+00> : tensor<1x2048xf32, #[[BL]]>
// CHECK:           %[[E:.*]] = arith.mulf %[[T]], %[[TWO]] : tensor<1x2048xf32, #[[BL]]>
// CHECK:           %[[IDX2:.*]] = arith.addi %{{.*}}, %[[K]] : i32
// CHECK:           tile.store_tile %[[E]], %{{.*}}[%{{.*}}, %[[IDX2]]] : tensor<1x2048xf32, #[[BL]]>
// CHECK-NEXT:    }
// CHECK-NOT:     16384
// CHECK:         tile.return
// With chunk-registers=64, two chunks of 1 x 8192.
// C64-LABEL: tile.kernel @scaled_copy
// C64:         %[[C2:.*]] = arith.constant 2 : i32
// C64:         scf.for %{{.*}} = %{{.*}} to %[[C2]]
// C64:           tile.load_tile {{.*}} -> tensor<1x8192xf32
// BIG-LABEL: tile.kernel @scaled_copy
// BIG-NOT:   scf.for
// BIG:       tensor<1x16384xf32
tile.kernel @scaled_copy(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %m: i32, %n: i32, %j: i32) {
  %i = tile.program_id x : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %y, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %in[%i, %j] padding = zero : !tile.view<?x?xf32> -> tensor<1x16384xf32>
  %two = arith.constant dense<2.0> : tensor<1x16384xf32>
  %e = arith.mulf %t, %two : tensor<1x16384xf32>
  tile.store_tile %e, %out[%i, %j] : tensor<1x16384xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// A row sum of 1 x 65536 (512 registers): 32 chunks of 1 x 2048 added
// into an accumulator that starts at zero, one reduction after the loop.
// CHECK-LABEL: tile.kernel @row_sum
// CHECK:         %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<1x2048xf32, #[[BL:.*]]>
// CHECK:         %[[C32:.*]] = arith.constant 32 : i32
// CHECK:         %[[ACC:.*]] = scf.for %[[K:[^ ]*]] = %{{.*}} to %[[C32]] step %{{.*}} iter_args(%[[A:.*]] = %[[ZERO]]) -> (tensor<1x2048xf32, #[[BL]]>)  : i32 {
// CHECK:           %[[T:.*]] = tile.load_tile {{.*}} padding = zero : !tile.view<?x?xf32> -> tensor<1x2048xf32, #[[BL]]>
// CHECK:           %[[A2:.*]] = arith.addf %[[A]], %[[T]] : tensor<1x2048xf32, #[[BL]]>
// CHECK:           scf.yield %[[A2]]
// CHECK:         }
// CHECK:         %[[S:.*]] = tile.reduce sum %[[ACC]] {axis = 1 : i32} : tensor<1x2048xf32, #[[BL]]> -> tensor<1xf32, #[[SL:.*]]>
// CHECK:         tile.store_tile %[[S]], %{{.*}}[%{{.*}}] : tensor<1xf32, #[[SL]]>
tile.kernel @row_sum(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %sums = tile.make_view %y, shape [%m] : !tile.ptr<f32> -> !tile.view<?xf32>
  %t = tile.load_tile %in[%i, %c0] padding = zero : !tile.view<?x?xf32> -> tensor<1x65536xf32>
  %s = tile.reduce sum %t {axis = 1 : i32} : tensor<1x65536xf32> -> tensor<1xf32>
  tile.store_tile %s, %sums[%i] : tensor<1xf32>, !tile.view<?xf32>
  tile.return
}

// -----

// Softmax of a 1 x 65536 row: three loops, each re-reading the row: the
// maximum (accumulator at -inf, maximumf), the sum of exp(x - max)
// (accumulator at 0, addf), and the normalized row, stored chunk by chunk.
// CHECK-LABEL: tile.kernel @softmax
// CHECK:         %[[NINF:.*]] = arith.constant dense<0xFF800000> : tensor<1x2048xf32, #[[BL:.*]]>
// CHECK:         %[[MAXACC:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %[[NINF]])
// CHECK:           %[[T:.*]] = tile.load_tile {{.*}} padding = neg_inf {{.*}} -> tensor<1x2048xf32, #[[BL]]>
// CHECK:           %[[M:.*]] = arith.maximumf %[[A]], %[[T]]
// CHECK:           scf.yield %[[M]]
// CHECK:         %[[MX:.*]] = tile.reduce max %[[MAXACC]] {axis = 1 : i32}
// CHECK:         %[[MX2:.*]] = tile.expand_dims %[[MX]]
// CHECK:         %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<1x2048xf32, #[[BL]]>
// CHECK:         %[[SUMACC:.*]] = scf.for {{.*}} iter_args(%[[B:.*]] = %[[ZERO]])
// CHECK:           %[[T2:.*]] = tile.load_tile {{.*}} padding = neg_inf {{.*}} -> tensor<1x2048xf32, #[[BL]]>
// CHECK:           %[[MXB:.*]] = tile.broadcast %[[MX2]] : tensor<1x1xf32, #[[BL]]> -> tensor<1x2048xf32, #[[BL]]>
// CHECK:           %[[D:.*]] = arith.subf %[[T2]], %[[MXB]]
// CHECK:           %[[E:.*]] = math.exp %[[D]]
// CHECK:           %[[B2:.*]] = arith.addf %[[B]], %[[E]]
// CHECK:           scf.yield %[[B2]]
// CHECK:         %[[S:.*]] = tile.reduce sum %[[SUMACC]] {axis = 1 : i32}
// CHECK:         %[[S2:.*]] = tile.expand_dims %[[S]]
// CHECK:         scf.for
// CHECK:           %[[T3:.*]] = tile.load_tile {{.*}} padding = neg_inf {{.*}} -> tensor<1x2048xf32, #[[BL]]>
// CHECK:           tile.broadcast %[[MX2]]
// CHECK:           %[[E3:.*]] = math.exp
// CHECK:           %[[SB:.*]] = tile.broadcast %[[S2]]
// CHECK:           %[[P:.*]] = arith.divf %[[E3]], %[[SB]]
// CHECK:           tile.store_tile %[[P]]
// CHECK:         }
// CHECK-NEXT:    tile.return
tile.kernel @softmax(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %y, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %in[%i, %c0] padding = neg_inf : !tile.view<?x?xf32> -> tensor<1x65536xf32>
  %mx = tile.reduce max %t {axis = 1 : i32} : tensor<1x65536xf32> -> tensor<1xf32>
  %mx2 = tile.expand_dims %mx {axis = 1 : i32} : tensor<1xf32> -> tensor<1x1xf32>
  %mxb = tile.broadcast %mx2 : tensor<1x1xf32> -> tensor<1x65536xf32>
  %d = arith.subf %t, %mxb : tensor<1x65536xf32>
  %e = math.exp %d : tensor<1x65536xf32>
  %s = tile.reduce sum %e {axis = 1 : i32} : tensor<1x65536xf32> -> tensor<1xf32>
  %s2 = tile.expand_dims %s {axis = 1 : i32} : tensor<1xf32> -> tensor<1x1xf32>
  %sb = tile.broadcast %s2 : tensor<1x1xf32> -> tensor<1x65536xf32>
  %p = arith.divf %e, %sb : tensor<1x65536xf32>
  tile.store_tile %p, %out[%i, %c0] : tensor<1x65536xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// tile.load_at / tile.store_at: the element offset along the split axis
// advances by the chunk (2048) each iteration, in the offset's type (i64).
// CHECK-LABEL: tile.kernel @at_offsets
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : i32
// CHECK:         scf.for %[[K:[^ ]*]] = %{{.*}} to %[[C16]] step %{{.*}}  : i32 {
// CHECK:           %[[K64:.*]] = arith.extsi %[[K]] : i32 to i64
// CHECK:           %[[STEP:.*]] = arith.muli %[[K64]], %{{.*}} : i64
// CHECK:           %[[OFF:.*]] = arith.addi %[[O:.*]], %[[STEP]] : i64
// CHECK:           %[[T:.*]] = tile.load_at %{{.*}}[%{{.*}}, %[[OFF]] : i64] : !tile.view<?x?xf16> -> tensor<1x2048xf16
// CHECK:           arith.extf %[[T]]
// CHECK:           %[[H:.*]] = arith.truncf
// CHECK:           tile.store_at %[[H]], %{{.*}}[%{{.*}}, %[[OFF2:.*]] : i64] : tensor<1x2048xf16
tile.kernel @at_offsets(%x: !tile.ptr<f16>, %y: !tile.ptr<f16>, %m: i32, %n: i32, %off: i64) {
  %i = tile.program_id x : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %out = tile.make_view %y, shape [%m, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %t = tile.load_at %in[%i, %off : i64] : !tile.view<?x?xf16> -> tensor<1x32768xf16>
  %e = arith.extf %t : tensor<1x32768xf16> to tensor<1x32768xf32>
  %x2 = arith.mulf %e, %e : tensor<1x32768xf32>
  %h = arith.truncf %x2 : tensor<1x32768xf32> to tensor<1x32768xf16>
  tile.store_at %h, %out[%i, %off : i64] : tensor<1x32768xf16>, !tile.view<?x?xf16>
  tile.return
}

// -----

// A rank-reducing slice (`dims [2]`): tile dim 0 walks view axis 2, so the
// offset that advances by the chunk is the third one; the fixed offsets
// (batch %b, row %i) stay.
// CHECK-LABEL: tile.kernel @at_dims
// CHECK:         scf.for %[[K:[^ ]*]] = %{{.*}} to %{{.*}} step %{{.*}}  : i32 {
// CHECK:           %[[K64:.*]] = arith.extsi %[[K]] : i32 to i64
// CHECK:           %[[STEP:.*]] = arith.muli %[[K64]], %{{.*}} : i64
// CHECK:           %[[OFF:.*]] = arith.addi %arg5, %[[STEP]] : i64
// CHECK:           tile.load_at %{{.*}}[%arg2, %[[I:.*]], %[[OFF]] : i64] dims [2] : !tile.view<4x?x?xf16> -> tensor<2048xf16
// CHECK:           %[[OFF2:.*]] = arith.addi %arg5, %{{.*}} : i64
// CHECK:           tile.store_at %{{.*}}, %{{.*}}[%[[I]], %arg2, %[[OFF2]] : i64] dims [2] : tensor<2048xf16
tile.kernel @at_dims(%x: !tile.ptr<f16>, %y: !tile.ptr<f16>, %b: i32, %m: i32, %n: i32, %off: i64) {
  %i = tile.program_id x : i32
  %in = tile.make_view %x, shape [4, %m, %n] : !tile.ptr<f16> -> !tile.view<4x?x?xf16>
  %out = tile.make_view %y, shape [%m, 4, %n] : !tile.ptr<f16> -> !tile.view<?x4x?xf16>
  %t = tile.load_at %in[%b, %i, %off : i64] dims [2] : !tile.view<4x?x?xf16> -> tensor<32768xf16>
  %e = arith.extf %t : tensor<32768xf16> to tensor<32768xf32>
  %x2 = arith.mulf %e, %e : tensor<32768xf32>
  %h = arith.truncf %x2 : tensor<32768xf32> to tensor<32768xf16>
  tile.store_at %h, %out[%i, %b, %off : i64] dims [2] : tensor<32768xf16>, !tile.view<?x4x?xf16>
  tile.return
}

// -----

// Pointer tensors (arange, splat, addptr, masks) and a combiner region
// without a known identity: the first chunk is peeled (its value starts the
// accumulator), the loop runs from chunk 1, the combiner is applied to the
// chunks elementwise. The aranges of later chunks are arange(0, C) plus
// k * C.
// CHECK-LABEL: tile.kernel @pointers_combiner
// CHECK:         %[[R0:.*]] = tile.arange 0, 1024 : tensor<1024xi32, #[[BL:.*]]>
// CHECK:         %[[P0:.*]] = tile.addptr %{{.*}}, %{{.*}} : tensor<1024x!tile.ptr<f32>, #[[BL]]>
// CHECK:         %[[M0:.*]] = arith.cmpi slt
// CHECK:         %[[V0:.*]] = tile.load %[[P0]], %[[M0]], %{{.*}} : tensor<1024x!tile.ptr<f32>, #[[BL]]>
// CHECK:         %[[C1:.*]] = arith.constant 1 : i32
// CHECK:         %[[C32:.*]] = arith.constant 32 : i32
// CHECK:         %[[ACC:.*]] = scf.for %[[K:[^ ]*]] = %[[C1]] to %[[C32]] step %{{.*}} iter_args(%[[A:.*]] = %[[V0]])
// CHECK:           %[[R:.*]] = tile.arange 0, 1024
// CHECK:           %[[KC:.*]] = arith.muli %[[K]], %{{.*}} : i32
// CHECK:           %[[KCV:.*]] = tile.splat %{{.*}} : i32 -> tensor<1024xi32, #[[BL]]>
// CHECK:           %[[OFFS:.*]] = arith.addi %[[R]], %[[KCV]]
// CHECK:           %[[V:.*]] = tile.load
// CHECK:           %[[AA:.*]] = math.absf %[[A]] : tensor<1024xf32, #[[BL]]>
// CHECK:           %[[VV:.*]] = math.absf %[[V]] : tensor<1024xf32, #[[BL]]>
// CHECK:           %[[MAX:.*]] = arith.maximumf %[[AA]], %[[VV]] : tensor<1024xf32, #[[BL]]>
// CHECK:           scf.yield %[[MAX]]
// CHECK:         %[[S:.*]] = tile.reduce %[[ACC]] {axis = 0 : i32} combiner {
// CHECK:         } : tensor<1024xf32, #[[BL]]> -> f32
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[C32]]
// CHECK:           tile.splat %[[S]] : f32 -> tensor<1024xf32, #[[BL]]>
// CHECK:           tile.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tile.ptr<f32>, #[[BL]]>
tile.kernel @pointers_combiner(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %n: i32) {
  %i = tile.program_id x : i32
  %row = arith.muli %i, %n : i32
  %xr = tile.addptr %x, %row : !tile.ptr<f32>, i32
  %yr = tile.addptr %y, %row : !tile.ptr<f32>, i32
  %offs = tile.arange 0, 32768 : tensor<32768xi32>
  %nv = tile.splat %n : i32 -> tensor<32768xi32>
  %mask = arith.cmpi slt, %offs, %nv : tensor<32768xi32>
  %xb = tile.splat %xr : !tile.ptr<f32> -> tensor<32768x!tile.ptr<f32>>
  %xp = tile.addptr %xb, %offs : tensor<32768x!tile.ptr<f32>>, tensor<32768xi32>
  %zero = arith.constant dense<0.0> : tensor<32768xf32>
  %v = tile.load %xp, %mask, %zero : tensor<32768x!tile.ptr<f32>>
  // The largest magnitude: the pass knows no identity for this combiner.
  %s = tile.reduce %v {axis = 0 : i32} combiner {
  ^bb0(%a: f32, %b: f32):
    %aa = math.absf %a : f32
    %bb = math.absf %b : f32
    %c = arith.maximumf %aa, %bb : f32
    tile.yield %c : f32
  } : tensor<32768xf32> -> f32
  %sv = tile.splat %s : f32 -> tensor<32768xf32>
  %w = arith.subf %v, %sv : tensor<32768xf32>
  %yb = tile.splat %yr : !tile.ptr<f32> -> tensor<32768x!tile.ptr<f32>>
  %yp = tile.addptr %yb, %offs : tensor<32768x!tile.ptr<f32>>, tensor<32768xi32>
  tile.store %yp, %w, %mask : tensor<32768x!tile.ptr<f32>>
  tile.return
}

// -----

// A reduction over the other axis keeps the split axis: each chunk of the
// 4 x 16384 tile is reduced over its 4 rows and stored (no accumulator).
// CHECK-LABEL: tile.kernel @column_sums
// CHECK:         scf.for
// CHECK:           %[[T:.*]] = tile.load_tile {{.*}} -> tensor<4x512xf32
// CHECK:           %[[S:.*]] = tile.reduce sum %[[T]] {axis = 0 : i32} : tensor<4x512xf32, {{.*}} -> tensor<512xf32
// CHECK:           tile.store_tile %[[S]]
tile.kernel @column_sums(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %y, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %t = tile.load_tile %in[%c0, %i] padding = zero : !tile.view<?x?xf32> -> tensor<4x16384xf32>
  %s = tile.reduce sum %t {axis = 0 : i32} : tensor<4x16384xf32> -> tensor<16384xf32>
  tile.store_tile %s, %out[%i] : tensor<16384xf32>, !tile.view<?xf32>
  tile.return
}

// -----

// order = "F": tile dim 0 walks view axis 1; the split is along tile dim 0
// and the index of tile dim 0 (the first one) is the one that advances.
// CHECK-LABEL: tile.kernel @order_f
// CHECK:         scf.for %[[K:[^ ]*]] = {{.*}} -> (tensor<2048x1xf32
// CHECK:           %[[IDX:.*]] = arith.addi %{{.*}}, %[[K]] : i32
// CHECK:           tile.load_tile %{{.*}}[%[[IDX]], %{{.*}}] order = [1, 0] padding = zero : !tile.view<?x?xf32> -> tensor<2048x1xf32
tile.kernel @order_f(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %sums = tile.make_view %y, shape [%m] : !tile.ptr<f32> -> !tile.view<?xf32>
  %t = tile.load_tile %in[%c0, %i] order = "F" padding = zero : !tile.view<?x?xf32> -> tensor<16384x1xf32>
  %s = tile.reduce sum %t {axis = 0 : i32} : tensor<16384x1xf32> -> tensor<1xf32>
  tile.store_tile %s, %sums[%i] : tensor<1xf32>, !tile.view<?xf32>
  tile.return
}

// -----

// The identities of integer max and float min: the smallest i32 and +inf.
// CHECK-LABEL: tile.kernel @identities
// CHECK-DAG:     %[[IMIN:.*]] = arith.constant dense<-2147483648> : tensor<1x2048xi32
// CHECK-DAG:     %[[INF:.*]] = arith.constant dense<0x7F800000> : tensor<1x2048xf32
// CHECK:         scf.for {{.*}} iter_args(%[[A:.*]] = %[[IMIN]], %[[B:.*]] = %[[INF]])
// CHECK:           %[[T:.*]] = tile.load_tile
// CHECK:           %[[I:.*]] = arith.fptosi %[[T]]
// CHECK:           arith.maxsi %[[A]], %[[I]]
// CHECK:           arith.minimumf %[[B]], %[[T]]
// CHECK:         tile.reduce max %{{.*}} {axis = 1 : i32} : tensor<1x2048xi32
// CHECK:         tile.reduce min %{{.*}} {axis = 1 : i32} : tensor<1x2048xf32
tile.kernel @identities(%x: !tile.ptr<f32>, %y: !tile.ptr<i32>, %z: !tile.ptr<f32>, %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %maxs = tile.make_view %y, shape [%m] : !tile.ptr<i32> -> !tile.view<?xi32>
  %mins = tile.make_view %z, shape [%m] : !tile.ptr<f32> -> !tile.view<?xf32>
  %t = tile.load_tile %in[%i, %c0] padding = zero : !tile.view<?x?xf32> -> tensor<1x16384xf32>
  %ti = arith.fptosi %t : tensor<1x16384xf32> to tensor<1x16384xi32>
  %mx = tile.reduce max %ti {axis = 1 : i32} : tensor<1x16384xi32> -> tensor<1xi32>
  %mn = tile.reduce min %t {axis = 1 : i32} : tensor<1x16384xf32> -> tensor<1xf32>
  tile.store_tile %mx, %maxs[%i] : tensor<1xi32>, !tile.view<?xi32>
  tile.store_tile %mn, %mins[%i] : tensor<1xf32>, !tile.view<?xf32>
  tile.return
}

// -----

// A 64 x 256 block (128 registers) with a budget of 8: the rows are spread
// over warps and registers, the columns over registers and lanes; the
// longest dim (columns) is split as far as the lanes allow (2 chunks of
// 64 x 128, still above the budget). The reduction's result (64 rows, above
// a budget of 8 too) was replaced, not split again.
// LOW-LABEL: tile.kernel @block_row_sum
// LOW:         %[[ACC:.*]] = scf.for {{.*}} -> (tensor<64x128xf32
// LOW:           tile.load_tile {{.*}} -> tensor<64x128xf32
// LOW:         %[[S:.*]] = tile.reduce sum %[[ACC]] {axis = 1 : i32} : tensor<64x128xf32, {{.*}}> -> tensor<64xf32
// LOW:         tile.store_tile
// LOW-NEXT:    tile.return
tile.kernel @block_row_sum(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %m: i32) {
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

// Within the budget (1 x 4096 f32: 32 registers): left alone.
// CHECK-LABEL: tile.kernel @small
// CHECK-NOT:     scf.for
// CHECK:         tile.load_tile {{.*}} -> tensor<1x4096xf32
// CHECK:         tile.store_tile {{.*}} : tensor<1x4096xf32
tile.kernel @small(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %y, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %in[%i, %c0] : !tile.view<?x?xf32> -> tensor<1x4096xf32>
  tile.store_tile %t, %out[%i, %c0] : tensor<1x4096xf32>, !tile.view<?x?xf32>
  tile.return
}
