// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s

// make_view packs (base, sizes, strides); load_tile computes each element's
// view coordinate index * tile + x, checks it against the size (unsigned)
// and loads with the padding value where it is outside.

#b = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>

// CHECK-LABEL: llvm.func @copy2d
// CHECK: %[[V0:.*]] = llvm.mlir.undef : !llvm.struct<(ptr<1>, i64, i64, i64, i64)>
// CHECK: llvm.insertvalue %{{.*}}, %[[V0]][0]
// CHECK: nvvm.read.ptx.sreg.tid.x
// Each group of 4 consecutive registers: bounds checks along both axes and
// the address of its first element. Nothing proves the parameters aligned,
// so the access is versioned on one run-time condition: the first address
// aligned, the row stride %ld and the extent %n multiples of 4. Where it
// holds, one vector access per group under its first element's mask;
// elsewhere each group tests its own alignment and bounds (vector, else
// per-element accesses). One branch for the whole tile; padded with +inf.
// (vector-views.mlir has the cases where alignment is proven.)
// CHECK: %[[IN0:.*]] = llvm.icmp "ult" %{{.*}}, %{{.*}} : i64
// CHECK: %[[IN1:.*]] = llvm.icmp "ult" %{{.*}}, %{{.*}} : i64
// CHECK: %[[M:.*]] = llvm.and %[[IN0]], %[[IN1]] : i1
// CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
// CHECK: %[[ADDR:.*]] = llvm.ptrtoint %[[P]] : !llvm.ptr<1> to i64
// CHECK: %[[LOW:.*]] = llvm.and %[[ADDR]], %{{.*}} : i64
// CHECK: %[[AL:.*]] = llvm.icmp "eq" %[[LOW]], %{{.*}} : i64
// CHECK: %[[LDLOW:.*]] = llvm.and %{{.*}}, %[[THREE:.*]] : i64
// CHECK: %[[LDOK:.*]] = llvm.icmp "eq" %[[LDLOW]], %{{.*}} : i64
// CHECK: %[[FAST0:.*]] = llvm.and %[[AL]], %[[LDOK]] : i1
// CHECK: %[[NLOW:.*]] = llvm.and %{{.*}}, %[[THREE]] : i64
// CHECK: %[[NOK:.*]] = llvm.icmp "eq" %[[NLOW]], %{{.*}} : i64
// CHECK: %[[FAST:.*]] = llvm.and %[[FAST0]], %[[NOK]] : i1
// CHECK: %[[INF:.*]] = llvm.mlir.constant(0x7F800000 : f32) : f32
// CHECK: %[[GAL:.*]] = llvm.icmp "eq"
// CHECK: %[[GOK0:.*]] = llvm.and %[[GAL]], %[[M]] : i1
// CHECK: %[[GOK:.*]] = llvm.and %[[GOK0]], %{{.*}} : i1
// CHECK: %[[NOT:.*]] = llvm.xor %[[GOK]], %{{.*}} : i1
// CHECK: %[[F0:.*]] = llvm.and %[[M]], %[[NOT]] : i1
// CHECK: llvm.bitcast %[[INF]] : f32 to i32
// CHECK: llvm.inline_asm has_side_effects "mov.b32 $0, $12;{{.*}}@!$4 bra TILE_SLOW_${:uid};\0A\09@$6 ld.global.v4.b32 {$0, $1, $2, $3}, [$5];\0A\09bra TILE_DONE_${:uid};\0A\09TILE_SLOW_${:uid}:\0A\09@$7 ld.global.v4.b32 {$0, $1, $2, $3}, [$5];\0A\09@$8 ld.global.b32 $0, [$5+0];{{.*}}@$11 ld.global.b32 $3, [$5+12];\0A\09TILE_DONE_${:uid}:", "=r,=r,=r,=r,b,l,b,b,b,b,b,b,r,r,r,r" %[[FAST]], %[[P]], %[[M]], %[[GOK]], %[[F0]]
// CHECK: scf.if %{{.*}} {
// CHECK: llvm.inline_asm has_side_effects "@$5 st.global.v4.b32 [$0], {$1, $2, $3, $4};", "l,r,r,r,r,b"
// CHECK-NEXT: } else {
// CHECK: llvm.inline_asm has_side_effects "@$5 st.global.v4.b32 [$0], {$1, $2, $3, $4};\0A\09@$6 st.global.b32 [$0+0], $1;{{.*}}@$9 st.global.b32 [$0+12], $4;", "l,r,r,r,r,b,b,b,b,b"
// CHECK-NEXT: }
tile.kernel @copy2d(%src: !tile.ptr<f32>, %dst: !tile.ptr<f32>, %m: i32, %n: i32, %ld: i32) {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %vin = tile.make_view %src, shape [%m, %n], strides [%ld, 1] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %vout = tile.make_view %dst, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %vin[%i, %j] padding = pos_inf : !tile.view<?x?xf32> -> tensor<32x16xf32, #b>
  tile.store_tile %t, %vout[%i, %j] : tensor<32x16xf32, #b>, !tile.view<?x?xf32>
  tile.return
}

// -----

// A static extent that the tile divides needs no bounds check: plain loads.

#l = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// CHECK-LABEL: llvm.func @static_1d
// CHECK-NOT: llvm.icmp "ult"
// CHECK-NOT: llvm.inline_asm
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> i32
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<1>
tile.kernel @static_1d(%src: !tile.ptr<i32>, %dst: !tile.ptr<i32>) {
  %i = tile.program_id x : i32
  %vin = tile.make_view %src, shape [1024] : !tile.ptr<i32> -> !tile.view<1024xi32>
  %vout = tile.make_view %dst, shape [1024] : !tile.ptr<i32> -> !tile.view<1024xi32>
  %t = tile.load_tile %vin[%i] : !tile.view<1024xi32> -> tensor<128xi32, #l>
  tile.store_tile %t, %vout[%i] : tensor<128xi32, #l>, !tile.view<1024xi32>
  tile.return
}

// -----

// order = "F": tile dim 0 walks view axis 1. A scalar load_tile reads one
// element at (index0, index1); load_at pads with zero.

#l = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>

// CHECK-LABEL: llvm.func @order_f
// CHECK: llvm.inline_asm {{.*}}ld.global.b32
// CHECK: llvm.inline_asm {{.*}}ld.global.b32
// CHECK: llvm.inline_asm {{.*}}st.global.b32
tile.kernel @order_f(%src: !tile.ptr<f32>, %dst: !tile.ptr<f32>, %m: i32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %vin = tile.make_view %src, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %vout = tile.make_view %dst, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %vin[%c0, %c0] order = "F" padding = zero : !tile.view<?x?xf32> -> tensor<1x128xf32, #l>
  %s = tile.load_tile %vin[%c0, %c0] : !tile.view<?x?xf32> -> f32
  %u = tile.load_at %vin[%c0, %c0] : !tile.view<?x?xf32> -> tensor<1x128xf32, #l>
  %sv = tile.splat %s : f32 -> tensor<1x128xf32, #l>
  %w = arith.addf %t, %sv : tensor<1x128xf32, #l>
  %x = arith.addf %w, %u : tensor<1x128xf32, #l>
  tile.store_at %x, %vout[%c0, %c0] : tensor<1x128xf32, #l>, !tile.view<?x?xf32>
  tile.return
}

// -----

// order = "F" at tile (i, j): tile dim 0 (size 4) walks view axis 1 and
// tile dim 1 (size 32) walks view axis 0, so the element at tile coordinate
// (r, c) is view element (32 j + c, 4 i + r), at base + (32 j + c) * stride0
// + (4 i + r) * stride1, masked by 32 j + c < m and 4 i + r < n.
// (test/simt/cases_lowering.py runs this kernel for every thread.)

#l = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>

// CHECK-LABEL: llvm.func @order_f_index
// CHECK: %[[I:.*]] = nvvm.read.ptx.sreg.ctaid.x : i32
// CHECK: %[[J:.*]] = nvvm.read.ptx.sreg.ctaid.y : i32
// CHECK: %[[BASE:.*]] = llvm.extractvalue %[[VIEW:.*]][0] : !llvm.struct<(ptr<1>, i64, i64, i64, i64)>
// CHECK: %[[M:.*]] = llvm.extractvalue %[[VIEW]][1]
// CHECK: %[[N:.*]] = llvm.extractvalue %[[VIEW]][2]
// CHECK: %[[STRIDE0:.*]] = llvm.extractvalue %[[VIEW]][3]
// CHECK: %[[STRIDE1:.*]] = llvm.extractvalue %[[VIEW]][4]
// CHECK: %[[I64:.*]] = llvm.sext %[[I]] : i32 to i64
// CHECK: %[[FOUR:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK: %[[ORIGIN1:.*]] = llvm.mul %[[I64]], %[[FOUR]] : i64
// CHECK: %[[J64:.*]] = llvm.sext %[[J]] : i32 to i64
// CHECK: %[[THIRTYTWO:.*]] = llvm.mlir.constant(32 : i64) : i64
// CHECK: %[[ORIGIN0:.*]] = llvm.mul %[[J64]], %[[THIRTYTWO]] : i64
// CHECK: %[[R:.*]] = llvm.zext %{{.*}} : i32 to i64
// CHECK: %[[X1:.*]] = llvm.add %[[ORIGIN1]], %[[R]] : i64
// CHECK: %[[C:.*]] = llvm.zext %{{.*}} : i32 to i64
// CHECK: %[[X0:.*]] = llvm.add %[[ORIGIN0]], %[[C]] : i64
// CHECK: %[[IN0:.*]] = llvm.icmp "ult" %[[X0]], %[[M]] : i64
// CHECK: %[[OFF0:.*]] = llvm.mul %[[X0]], %[[STRIDE0]] : i64
// CHECK: %[[IN1:.*]] = llvm.icmp "ult" %[[X1]], %[[N]] : i64
// CHECK: %[[MASK:.*]] = llvm.and %[[IN0]], %[[IN1]] : i1
// CHECK: %[[OFF1:.*]] = llvm.mul %[[X1]], %[[STRIDE1]] : i64
// CHECK: %[[OFF:.*]] = llvm.add %[[OFF0]], %[[OFF1]] : i64
// CHECK: %[[P:.*]] = llvm.getelementptr %[[BASE]][%[[OFF]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
// CHECK: llvm.inline_asm has_side_effects "mov.b32 $0, $3;\0A\09@$2 ld.global.b32 $0, [$1];", "=r,l,b,r" %[[P]], %[[MASK]], %{{.*}}
tile.kernel @order_f_index(%src: !tile.ptr<f32>, %dst: !tile.ptr<f32>, %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %vin = tile.make_view %src, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %vin[%i, %j] order = "F" padding = zero : !tile.view<?x?xf32> -> tensor<4x32xf32, #l>
  %vout = tile.make_view %dst, shape [%n, %m] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  tile.store_tile %t, %vout[%i, %j] : tensor<4x32xf32, #l>, !tile.view<?x?xf32>
  tile.return
}
