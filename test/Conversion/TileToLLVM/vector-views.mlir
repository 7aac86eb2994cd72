// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s

// Vector accesses of views decided at compile time (docs/Vectorization.md):
// a group of registers consecutive along the view axis with stride 1 is
// aligned when the base pointer, the strides of the other axes and the
// tile origin along that axis all are; its bounds check is one predicate
// when the extent of that axis is a multiple of the vector width.

#r = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>

// Rows of 1024 f32 from a 16-byte aligned base: the column extent is static
// and divided by the tile (no column check), the row check is equal over a
// vector. One predicated ld.global.v4 / st.global.v4 per group.
// CHECK-LABEL: llvm.func @softmax_rows
// CHECK-NOT: llvm.ptrtoint
// CHECK: llvm.inline_asm has_side_effects "{{.*}}@$5 ld.global.v4.b32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l,b,r,r,r,r"
// CHECK: llvm.inline_asm has_side_effects "@$5 st.global.v4.b32 [$0], {$1, $2, $3, $4};", "l,r,r,r,r,b"
// CHECK-NOT: ld.global.b32
// CHECK: llvm.return
tile.kernel @softmax_rows(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                          %y: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                          %m: i32) {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, 1024] : !tile.ptr<f32> -> !tile.view<?x1024xf32>
  %out = tile.make_view %y, shape [%m, 1024] : !tile.ptr<f32> -> !tile.view<?x1024xf32>
  %t = tile.load_tile %in[%i, %c0] padding = neg_inf : !tile.view<?x1024xf32> -> tensor<4x1024xf32, #r>
  tile.store_tile %t, %out[%i, %c0] : tensor<4x1024xf32, #r>, !tile.view<?x1024xf32>
  tile.return
}

// -----

// A static view the tile divides: no bounds check at all, plain LLVM vector
// loads and stores.
#r = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

// CHECK-LABEL: llvm.func @static_tiles
// CHECK-NOT: llvm.inline_asm
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xi32>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>
// CHECK-NOT: llvm.inline_asm
// CHECK: llvm.return
tile.kernel @static_tiles(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                          %y: !tile.ptr<f32> {tile.divisibility = 16 : i64}) {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %x, shape [256, 256] : !tile.ptr<f32> -> !tile.view<256x256xf32>
  %out = tile.make_view %y, shape [256, 256] : !tile.ptr<f32> -> !tile.view<256x256xf32>
  %t = tile.load_tile %in[%i, %j] : !tile.view<256x256xf32> -> tensor<64x64xf32, #r>
  tile.store_tile %t, %out[%i, %j] : tensor<64x64xf32, #r>, !tile.view<256x256xf32>
  tile.return
}

// -----

// Dynamic extent n and row stride ld promised multiples of 4 (integer
// tile.divisibility): rows start aligned and the column check is uniform
// over each group; the output view is compact, its row stride n.
#r = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>

// CHECK-LABEL: llvm.func @divisible_extent
// CHECK-NOT: llvm.ptrtoint
// CHECK: llvm.inline_asm has_side_effects "{{.*}}@$5 ld.global.v4.b32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l,b,r,r,r,r"
// CHECK: llvm.inline_asm has_side_effects "@$5 st.global.v4.b32 [$0], {$1, $2, $3, $4};", "l,r,r,r,r,b"
// CHECK-NOT: ld.global.b32
// CHECK: llvm.return
tile.kernel @divisible_extent(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                              %y: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                              %m: i32, %n: i32 {tile.divisibility = 4 : i64},
                              %ld: i32 {tile.divisibility = 4 : i64}) {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %x, shape [%m, %n], strides [%ld, 1] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %y, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %in[%i, %j] padding = zero : !tile.view<?x?xf32> -> tensor<32x64xf32, #r>
  tile.store_tile %t, %out[%i, %j] : tensor<32x64xf32, #r>, !tile.view<?x?xf32>
  tile.return
}

// -----

// The row stride is promised (aligned rows) but the extent n is not: the
// access is versioned on "n is a multiple of 4" (one branch for the whole
// tile). The fast version has one vector per group under its first mask;
// the slow one a vector when the group's last element is in bounds (the
// coordinates only grow along it), else per-element accesses. No alignment
// test anywhere.
#r = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>

// CHECK-LABEL: llvm.func @ragged_extent
// CHECK-NOT: llvm.ptrtoint
// CHECK: %[[NLOW:.*]] = llvm.and %{{.*}}, %{{.*}} : i64
// CHECK: %[[FAST:.*]] = llvm.icmp "eq" %[[NLOW]], %{{.*}} : i64
// CHECK: llvm.inline_asm has_side_effects "{{.*}}@!$16 bra TILE_SLOW_${:uid};\0A\09@$18 ld.global.v4.b32 {$0, $1, $2, $3}, [$17];{{.*}}bra TILE_DONE_${:uid};\0A\09TILE_SLOW_${:uid}:\0A\09@$19 ld.global.v4.b32 {$0, $1, $2, $3}, [$17];\0A\09@$20 ld.global.b32 $0, [$17+0];{{.*}}TILE_DONE_${:uid}:", "{{.*}}" %[[FAST]]
// CHECK-NOT: llvm.ptrtoint
// CHECK: scf.if %{{.*}} {
// CHECK: llvm.inline_asm has_side_effects "@$5 st.global.v4.b32 [$0], {$1, $2, $3, $4};", "l,r,r,r,r,b"
// CHECK: } else {
// CHECK: llvm.inline_asm has_side_effects "@$5 st.global.v4.b32 [$0], {$1, $2, $3, $4};\0A\09@$6 st.global.b32 [$0+0], $1;{{.*}}", "l,r,r,r,r,b,b,b,b,b"
// CHECK-NOT: llvm.ptrtoint
// CHECK: llvm.return
tile.kernel @ragged_extent(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                           %m: i32, %n: i32, %ld: i32 {tile.divisibility = 4 : i64}) {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %x, shape [%m, %n], strides [%ld, 1] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %in[%i, %j] padding = zero : !tile.view<?x?xf32> -> tensor<32x64xf32, #r>
  %out = tile.make_view %x, shape [%m, %n], strides [%ld, 1] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  tile.store_tile %t, %out[%i, %j] : tensor<32x64xf32, #r>, !tile.view<?x?xf32>
  tile.return
}

// -----

// Nothing promised about the row stride: rows may start anywhere. The
// access is versioned on one run-time test (first address aligned, row
// stride a multiple of 4); the slow version tests each group's address.
#r = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>

// CHECK-LABEL: llvm.func @unknown_stride
// CHECK: %[[ADDR:.*]] = llvm.ptrtoint
// CHECK: %[[LOW:.*]] = llvm.and %[[ADDR]], %{{.*}} : i64
// CHECK: %[[AL:.*]] = llvm.icmp "eq" %[[LOW]], %{{.*}} : i64
// CHECK: %[[LDLOW:.*]] = llvm.and %{{.*}}, %{{.*}} : i64
// CHECK: %[[LDOK:.*]] = llvm.icmp "eq" %[[LDLOW]], %{{.*}} : i64
// CHECK: %[[FAST:.*]] = llvm.and %[[AL]], %[[LDOK]] : i1
// CHECK: llvm.inline_asm has_side_effects "{{.*}}@!$16 bra TILE_SLOW_${:uid};\0A\09@$18 ld.global.v4.b32 {$0, $1, $2, $3}, [$17];{{.*}}TILE_SLOW_${:uid}:\0A\09@$19 ld.global.v4.b32 {$0, $1, $2, $3}, [$17];\0A\09@$20 ld.global.b32 $0, [$17+0];{{.*}}", "{{.*}}" %[[FAST]]
// CHECK: llvm.return
tile.kernel @unknown_stride(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                            %m: i32, %n: i32 {tile.divisibility = 4 : i64}, %ld: i32) {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %x, shape [%m, %n], strides [%ld, 1] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %in[%i, %j] padding = zero : !tile.view<?x?xf32> -> tensor<32x64xf32, #r>
  tile.store_tile %t, %in[%i, %j] : tensor<32x64xf32, #r>, !tile.view<?x?xf32>
  tile.return
}

// -----

// An 8-byte aligned base proves only pairs: unconditional 64-bit vectors
// (v2), narrower than the layout's 4.
#r = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

// CHECK-LABEL: llvm.func @half_aligned
// CHECK-NOT: llvm.inline_asm
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<1> -> vector<2xi32>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xi32>, !llvm.ptr<1>
// CHECK: llvm.return
tile.kernel @half_aligned(%x: !tile.ptr<f32> {tile.divisibility = 8 : i64}) {
  %i = tile.program_id x : i32
  %in = tile.make_view %x, shape [256, 64] : !tile.ptr<f32> -> !tile.view<256x64xf32>
  %c0 = arith.constant 0 : i32
  %t = tile.load_tile %in[%i, %c0] : !tile.view<256x64xf32> -> tensor<64x64xf32, #r>
  tile.store_tile %t, %in[%i, %c0] : tensor<64x64xf32, #r>, !tile.view<256x64xf32>
  tile.return
}

// -----

// load_at at an offset promised a multiple of 8 elements, f16 elements:
// 4 x 16 bits = 8 bytes per vector, aligned. The bounds check of the
// 1000-element view is uniform over groups of 4 (1000 = 8 * 125).
#l = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// CHECK-LABEL: llvm.func @load_at_f16
// CHECK-NOT: llvm.ptrtoint
// CHECK: llvm.inline_asm has_side_effects "{{.*}}@$5 ld.global.v4.b16 {$0, $1, $2, $3}, [$4];", "=h,=h,=h,=h,l,b,h,h,h,h"
// CHECK: llvm.inline_asm has_side_effects "@$5 st.global.v4.b16 [$0], {$1, $2, $3, $4};", "l,h,h,h,h,b"
// CHECK: llvm.return
tile.kernel @load_at_f16(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                         %off: i32 {tile.divisibility = 8 : i64}) {
  %in = tile.make_view %x, shape [1000] : !tile.ptr<f16> -> !tile.view<1000xf16>
  %t = tile.load_at %in[%off] : !tile.view<1000xf16> -> tensor<512xf16, #l>
  tile.store_at %t, %in[%off] : tensor<512xf16, #l>, !tile.view<1000xf16>
  tile.return
}

// -----

// No axis has a static stride of 1: the axis the layout's vectors run
// along (the last) is tested at run time. Its stride == 1 joins the version
// condition and each group's vector condition of the slow version; there,
// a group's elements are `stride` apart (%tile_elt = stride * j + first),
// so a column-major or strided view still reads the right elements.
#r = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>

// CHECK-LABEL: llvm.func @runtime_unit_stride
// CHECK: %[[S:.*]] = llvm.extractvalue %{{.*}}[4] : !llvm.struct<(ptr<1>, i64, i64, i64, i64)>
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %[[UNIT:.*]] = llvm.icmp "eq" %[[S]], %[[ONE]] : i64
// CHECK-NEXT: %[[FOUR:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK-NEXT: %[[SBYTES:.*]] = llvm.mul %[[S]], %[[FOUR]] : i64
// CHECK: %[[AL:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i64
// CHECK-NEXT: %{{.*}} = llvm.and %[[UNIT]], %[[AL]] : i1
// CHECK: %{{.*}} = llvm.and %{{.*}}, %[[UNIT]] : i1
// CHECK: llvm.inline_asm has_side_effects "{{.*}}@!$16 bra TILE_SLOW_${:uid};\0A\09@$18 ld.global.v4.b32 {$0, $1, $2, $3}, [$17];{{.*}}TILE_SLOW_${:uid}:\0A\09{ .reg .b64 %tile_elt;\0A\09@$19 ld.global.v4.b32 {$0, $1, $2, $3}, [$17];\0A\09@$20 ld.global.b32 $0, [$17];\0A\09mad.lo.s64 %tile_elt, $45, 1, $17;\0A\09@$21 ld.global.b32 $1, [%tile_elt];\0A\09mad.lo.s64 %tile_elt, $45, 2, $17;\0A\09@$22 ld.global.b32 $2, [%tile_elt];{{.*}}}\0A\09TILE_DONE_${:uid}:", "{{.*}}" {{.*}}, %[[SBYTES]], {{.*}} : (
// CHECK: %[[SUNIT:.*]] = llvm.icmp "eq" %[[SS:[0-9]+]], %{{[0-9]+}} : i64
// CHECK-NEXT: %[[FOUR2:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK-NEXT: %[[SBYTES:.*]] = llvm.mul %[[SS]], %[[FOUR2]] : i64
// CHECK: scf.if %{{.*}} {
// CHECK: llvm.inline_asm has_side_effects "@$5 st.global.v4.b32 [$0], {$1, $2, $3, $4};", "l,r,r,r,r,b"
// CHECK: } else {
// CHECK: %[[GAL:.*]] = llvm.icmp "eq"
// CHECK-NEXT: llvm.and %[[GAL]], %[[SUNIT]] : i1
// CHECK: llvm.inline_asm has_side_effects "@$5 st.global.v4.b32 [$0], {$1, $2, $3, $4};\0A\09{ .reg .b64 %tile_elt;\0A\09@$6 st.global.b32 [$0], $1;\0A\09mad.lo.s64 %tile_elt, $10, 1, $0;\0A\09@$7 st.global.b32 [%tile_elt], $2;\0A\09mad.lo.s64 %tile_elt, $10, 2, $0;\0A\09@$8 st.global.b32 [%tile_elt], $3;\0A\09mad.lo.s64 %tile_elt, $10, 3, $0;\0A\09@$9 st.global.b32 [%tile_elt], $4;\0A\09}", "l,r,r,r,r,b,b,b,b,b,l" %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[SBYTES]] :
// CHECK: llvm.return
tile.kernel @runtime_unit_stride(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                                 %m: i32, %n: i32 {tile.divisibility = 4 : i64},
                                 %ld: i32 {tile.divisibility = 4 : i64}, %s: i32) {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %x, shape [%m, %n], strides [%ld, %s] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %in[%i, %j] padding = zero : !tile.view<?x?xf32> -> tensor<32x64xf32, #r>
  tile.store_tile %t, %in[%i, %j] : tensor<32x64xf32, #r>, !tile.view<?x?xf32>
  tile.return
}
