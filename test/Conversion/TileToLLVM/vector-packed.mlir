// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s
// The PTX of the first and the unmasked case: test/tile-compile/vector-packed.test.

// 16-byte vectors of 8- and 16-bit elements (docs/Vectorization.md): PTX
// has no v8.b16 / v16.b8, so eight halves or sixteen bytes move as
// ld/st.global.v4.b32 of packed 32-bit words, unpacked into the element
// registers under the same predicate (mov.b32 {lo, hi}; bytes: the high
// byte of each half shifted down) and packed before a store (bytes: prmt
// 0x6420 takes the low byte of four halves). Where only 8 bytes are proven
// the narrower forms stay (v4.b16; i8: v2.b32).

// load_at at an offset promised a multiple of 8 halves of a 16-byte aligned
// base: one 16-byte vector per 8 registers, proven, mask uniform (1024 = 8
// * 128).
// CHECK-LABEL: llvm.func @load_at_f16_16B
// CHECK-NOT: llvm.ptrtoint
// CHECK: llvm.inline_asm has_side_effects "mov.b16 $0, $10;{{.*}}mov.b16 $7, $17;\0A\09{ .reg .b32 %tile_w<4>;\0A\09@$9 ld.global.v4.b32 {%tile_w0, %tile_w1, %tile_w2, %tile_w3}, [$8];\0A\09@$9 mov.b32 {$0, $1}, %tile_w0;\0A\09@$9 mov.b32 {$2, $3}, %tile_w1;\0A\09@$9 mov.b32 {$4, $5}, %tile_w2;\0A\09@$9 mov.b32 {$6, $7}, %tile_w3;\0A\09}", "=h,=h,=h,=h,=h,=h,=h,=h,l,b,h,h,h,h,h,h,h,h"
// CHECK: llvm.inline_asm has_side_effects "{ .reg .b32 %tile_w<4>;\0A\09mov.b32 %tile_w0, {$1, $2};\0A\09mov.b32 %tile_w1, {$3, $4};\0A\09mov.b32 %tile_w2, {$5, $6};\0A\09mov.b32 %tile_w3, {$7, $8};\0A\09@$9 st.global.v4.b32 [$0], {%tile_w0, %tile_w1, %tile_w2, %tile_w3};\0A\09}", "l,h,h,h,h,h,h,h,h,b"
// CHECK-NOT: v4.b16
// CHECK: llvm.return
#l8 = #layout.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
tile.kernel @load_at_f16_16B(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                             %off: i32 {tile.divisibility = 8 : i64}) {
  %in = tile.make_view %x, shape [1024] : !tile.ptr<f16> -> !tile.view<1024xf16>
  %t = tile.load_at %in[%off] : !tile.view<1024xf16> -> tensor<1024xf16, #l8>
  tile.store_at %t, %in[%off] : tensor<1024xf16, #l8>, !tile.view<1024xf16>
  tile.return
}

// -----

// The same with the offset a multiple of 4 halves only: 8 bytes proven,
// two v4.b16 per 8 registers (not the packed form).
// CHECK-LABEL: llvm.func @load_at_f16_8B
// CHECK-NOT: %tile_w
// CHECK: "mov.b16 $0, $6;\0A\09mov.b16 $1, $7;\0A\09mov.b16 $2, $8;\0A\09mov.b16 $3, $9;\0A\09@$5 ld.global.v4.b16 {$0, $1, $2, $3}, [$4];", "=h,=h,=h,=h,l,b,h,h,h,h"
// CHECK: "@$5 st.global.v4.b16 [$0], {$1, $2, $3, $4};", "l,h,h,h,h,b"
// CHECK-NOT: %tile_w
// CHECK: llvm.return
#l8 = #layout.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
tile.kernel @load_at_f16_8B(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                            %off: i32 {tile.divisibility = 4 : i64}) {
  %in = tile.make_view %x, shape [1024] : !tile.ptr<f16> -> !tile.view<1024xf16>
  %t = tile.load_at %in[%off] : !tile.view<1024xf16> -> tensor<1024xf16, #l8>
  tile.store_at %t, %in[%off] : tensor<1024xf16, #l8>, !tile.view<1024xf16>
  tile.return
}

// -----

// i8 pointer tensors, 16-byte aligned, n a multiple of 16: sixteen bytes
// per vector, one predicate; each word unpacked into four 16-bit registers
// (then truncated to i8), and four registers packed with prmt per word.
// CHECK-LABEL: llvm.func @i8_uniform
// CHECK: llvm.inline_asm has_side_effects "mov.b16 $0, $18;{{.*}}mov.b16 $15, $33;\0A\09{ .reg .b32 %tile_w<4>; .reg .b16 %tile_lo, %tile_hi;\0A\09@$17 ld.global.v4.b32 {%tile_w0, %tile_w1, %tile_w2, %tile_w3}, [$16];\0A\09@$17 mov.b32 {%tile_lo, %tile_hi}, %tile_w0;\0A\09@$17 mov.b16 $0, %tile_lo;\0A\09@$17 shr.u16 $1, %tile_lo, 8;\0A\09@$17 mov.b16 $2, %tile_hi;\0A\09@$17 shr.u16 $3, %tile_hi, 8;{{.*}}@$17 shr.u16 $15, %tile_hi, 8;\0A\09}", "=h,=h,=h,=h,=h,=h,=h,=h,=h,=h,=h,=h,=h,=h,=h,=h,l,b,h,h,h,h,h,h,h,h,h,h,h,h,h,h,h,h"
// CHECK-SAME: -> !llvm.struct<(i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16)>
// CHECK: llvm.trunc %{{.*}} : i16 to i8
// CHECK: llvm.inline_asm has_side_effects "{ .reg .b32 %tile_w<4>; .reg .b32 %tile_x, %tile_y;\0A\09mov.b32 %tile_x, {$1, $2};\0A\09mov.b32 %tile_y, {$3, $4};\0A\09prmt.b32 %tile_w0, %tile_x, %tile_y, 0x6420;{{.*}}prmt.b32 %tile_w3, %tile_x, %tile_y, 0x6420;\0A\09@$17 st.global.v4.b32 [$0], {%tile_w0, %tile_w1, %tile_w2, %tile_w3};\0A\09}", "l,h,h,h,h,h,h,h,h,h,h,h,h,h,h,h,h,b"
// CHECK-NOT: st.global.b8
// CHECK: llvm.return
#l = #layout.blocked<sizePerThread = [16], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
tile.kernel @i8_uniform(%x: !tile.ptr<i8> {tile.divisibility = 16 : i64},
                        %out: !tile.ptr<i8> {tile.divisibility = 16 : i64},
                        %n: i32 {tile.divisibility = 16 : i64}) {
  %pid = tile.program_id x : i32
  %c = arith.constant 2048 : i32
  %start = arith.muli %pid, %c : i32
  %offs0 = tile.arange 0, 2048 : tensor<2048xi32, #l>
  %startv = tile.splat %start : i32 -> tensor<2048xi32, #l>
  %offs = arith.addi %startv, %offs0 : tensor<2048xi32, #l>
  %nv = tile.splat %n : i32 -> tensor<2048xi32, #l>
  %mask = arith.cmpi slt, %offs, %nv : tensor<2048xi32, #l>
  %xb = tile.splat %x : !tile.ptr<i8> -> tensor<2048x!tile.ptr<i8>, #l>
  %xp = tile.addptr %xb, %offs : tensor<2048x!tile.ptr<i8>, #l>, tensor<2048xi32, #l>
  %ob = tile.splat %out : !tile.ptr<i8> -> tensor<2048x!tile.ptr<i8>, #l>
  %op = tile.addptr %ob, %offs : tensor<2048x!tile.ptr<i8>, #l>, tensor<2048xi32, #l>
  %a = tile.load %xp, %mask : tensor<2048x!tile.ptr<i8>, #l>
  tile.store %op, %a, %mask : tensor<2048x!tile.ptr<i8>, #l>
  tile.return
}

// -----

// i8 pointers promised 8-byte aligned, n unknown: 8 bytes proven (v2.b32
// of two words), the mask not uniform: @all vector, else one ld.global.b8
// per element.
// CHECK-LABEL: llvm.func @i8_align8
// CHECK: "{{.*}}{ .reg .b32 %tile_w<2>; .reg .b16 %tile_lo, %tile_hi;\0A\09@$9 ld.global.v2.b32 {%tile_w0, %tile_w1}, [$8];{{.*}}\0A\09}\0A\09@$10 ld.global.b8 $0, [$8+0];{{.*}}@$17 ld.global.b8 $7, [$8+7];"
// CHECK: "{ .reg .b32 %tile_w<2>;{{.*}}@$9 st.global.v2.b32 [$0], {%tile_w0, %tile_w1};\0A\09}\0A\09@$10 st.global.b8 [$0+0], $1;{{.*}}@$17 st.global.b8 [$0+7], $8;"
// CHECK-NOT: v4.b32
// CHECK: llvm.return
#l = #layout.blocked<sizePerThread = [16], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
tile.kernel @i8_align8(%x: !tile.ptr<i8> {tile.divisibility = 8 : i64},
                       %out: !tile.ptr<i8> {tile.divisibility = 8 : i64},
                       %n: i32) {
  %pid = tile.program_id x : i32
  %c = arith.constant 2048 : i32
  %start = arith.muli %pid, %c : i32
  %offs0 = tile.arange 0, 2048 : tensor<2048xi32, #l>
  %startv = tile.splat %start : i32 -> tensor<2048xi32, #l>
  %offs = arith.addi %startv, %offs0 : tensor<2048xi32, #l>
  %nv = tile.splat %n : i32 -> tensor<2048xi32, #l>
  %mask = arith.cmpi slt, %offs, %nv : tensor<2048xi32, #l>
  %xb = tile.splat %x : !tile.ptr<i8> -> tensor<2048x!tile.ptr<i8>, #l>
  %xp = tile.addptr %xb, %offs : tensor<2048x!tile.ptr<i8>, #l>, tensor<2048xi32, #l>
  %ob = tile.splat %out : !tile.ptr<i8> -> tensor<2048x!tile.ptr<i8>, #l>
  %op = tile.addptr %ob, %offs : tensor<2048x!tile.ptr<i8>, #l>, tensor<2048xi32, #l>
  %a = tile.load %xp, %mask : tensor<2048x!tile.ptr<i8>, #l>
  tile.store %op, %a, %mask : tensor<2048x!tile.ptr<i8>, #l>
  tile.return
}

// -----

// No mask: plain LLVM loads of vector<8xi16>, which the NVPTX back end
// selects as ld.global.v4.b32 of packed pairs.
// CHECK-LABEL: llvm.func @bf16_unmasked
// CHECK-NOT: llvm.inline_asm
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<8xi16>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xi16>, !llvm.ptr<1>
// CHECK: llvm.return
#l = #layout.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
tile.kernel @bf16_unmasked(%x: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
                           %out: !tile.ptr<bf16> {tile.divisibility = 16 : i64}) {
  %pid = tile.program_id x : i32
  %c = arith.constant 1024 : i32
  %start = arith.muli %pid, %c : i32
  %offs0 = tile.arange 0, 1024 : tensor<1024xi32, #l>
  %startv = tile.splat %start : i32 -> tensor<1024xi32, #l>
  %offs = arith.addi %startv, %offs0 : tensor<1024xi32, #l>
  %xb = tile.splat %x : !tile.ptr<bf16> -> tensor<1024x!tile.ptr<bf16>, #l>
  %xp = tile.addptr %xb, %offs : tensor<1024x!tile.ptr<bf16>, #l>, tensor<1024xi32, #l>
  %ob = tile.splat %out : !tile.ptr<bf16> -> tensor<1024x!tile.ptr<bf16>, #l>
  %op = tile.addptr %ob, %offs : tensor<1024x!tile.ptr<bf16>, #l>, tensor<1024xi32, #l>
  %a = tile.load %xp : tensor<1024x!tile.ptr<bf16>, #l>
  tile.store %op, %a : tensor<1024x!tile.ptr<bf16>, #l>
  tile.return
}

// -----

// Nothing promised: versioned; the fast version and each group of the slow
// one move 8 bf16 as one ld.global.v4.b32 (st) of words. The store's two
// versions are the branches of an scf.if: the fast one a predicated vector
// per group, the slow one the vector or, failing its condition, 8 elements.
// CHECK-LABEL: llvm.func @bf16_versioned
// CHECK: "mov.b16 $0, $20;{{.*}}@!$8 bra TILE_SLOW_${:uid};\0A\09{ .reg .b32 %tile_w<4>;\0A\09@$10 ld.global.v4.b32 {%tile_w0, %tile_w1, %tile_w2, %tile_w3}, [$9];\0A\09@$10 mov.b32 {$0, $1}, %tile_w0;{{.*}}bra TILE_DONE_${:uid};\0A\09TILE_SLOW_${:uid}:\0A\09{ .reg .b32 %tile_w<4>;\0A\09@$11 ld.global.v4.b32 {%tile_w0, %tile_w1, %tile_w2, %tile_w3}, [$9];{{.*}}@$12 ld.global.b16 $0, [$9+0];{{.*}}TILE_DONE_${:uid}:"
// CHECK: scf.if %{{.*}} {
// CHECK: "{ .reg .b32 %tile_w<4>;\0A\09mov.b32 %tile_w0, {$1, $2};{{.*}}@$9 st.global.v4.b32 [$0], {%tile_w0, %tile_w1, %tile_w2, %tile_w3};\0A\09}", "l,h,h,h,h,h,h,h,h,b"
// CHECK-NEXT: } else {
// CHECK: "{ .reg .b32 %tile_w<4>;\0A\09mov.b32 %tile_w0, {$1, $2};{{.*}}@$9 st.global.v4.b32 [$0], {%tile_w0, %tile_w1, %tile_w2, %tile_w3};\0A\09}\0A\09@$10 st.global.b16 [$0+0], $1;{{.*}}@$17 st.global.b16 [$0+14], $8;", "l,h,h,h,h,h,h,h,h,b,b,b,b,b,b,b,b,b"
// CHECK-NEXT: }
// CHECK: llvm.return
#l = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
tile.kernel @bf16_versioned(%x: !tile.ptr<bf16>, %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<bf16> -> !tile.view<?x?xbf16>
  %t = tile.load_tile %in[%i, %c0] : !tile.view<?x?xbf16> -> tensor<16x64xbf16, #l>
  tile.store_tile %t, %in[%i, %c0] : tensor<16x64xbf16, #l>, !tile.view<?x?xbf16>
  tile.return
}
