// REQUIRES: ptxas
// The PTX of cuTile's load/store hints (docs/TileLanguage.md, "Hints and
// memory ordering"), one kernel per band and order; then ptxas assembles
// every form.
// RUN: tile-compile %s --emit=ptx -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas --gpu-name sm_90 %t.ptx -o %t.cubin

// 128 x f32 with 1 warp: 4 consecutive registers per thread, one v4 access
// (the base is 16-byte aligned and the extent 256 static: no masks).

// No hint, latency 4..7: the plain access.
// CHECK-LABEL: .entry medium(
// CHECK-NOT: createpolicy
// CHECK-NOT: L1::
// CHECK: ld.global.v4.{{[bf]}}32
// CHECK-NOT: L1::
// CHECK: st.global.v4.{{[bf]}}32
// CHECK: ret;
tile.kernel @medium(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                    %y: !tile.ptr<f32> {tile.divisibility = 16 : i64})
    attributes {num_warps = 1 : i32} {
  %i = tile.program_id x : i32
  %vx = tile.make_view %x, shape [256] : !tile.ptr<f32> -> !tile.view<256xf32>
  %vy = tile.make_view %y, shape [256] : !tile.ptr<f32> -> !tile.view<256xf32>
  %t = tile.load_tile %vx[%i] latency = 5 : !tile.view<256xf32> -> tensor<128xf32>
  tile.store_tile %t, %vy[%i] latency = 7 : tensor<128xf32>, !tile.view<256xf32>
  tile.return
}

// Latency 1..3: loads keep their L1 lines and mark L2 evict-last; stores
// mark L2 evict-last.
// CHECK-LABEL: .entry low(
// CHECK: createpolicy.fractional.L2::evict_last.b64 %tile_l2pol, 1.0;
// CHECK-NEXT: ld.global.L1::evict_last.L2::cache_hint.v4.b32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}], %tile_l2pol;
// CHECK: createpolicy.fractional.L2::evict_last.b64 %tile_l2pol, 1.0;
// CHECK-NEXT: st.global.L2::cache_hint.v4.b32 [%rd{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %tile_l2pol;
tile.kernel @low(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                 %y: !tile.ptr<f32> {tile.divisibility = 16 : i64})
    attributes {num_warps = 1 : i32} {
  %i = tile.program_id x : i32
  %vx = tile.make_view %x, shape [256] : !tile.ptr<f32> -> !tile.view<256xf32>
  %vy = tile.make_view %y, shape [256] : !tile.ptr<f32> -> !tile.view<256xf32>
  %t = tile.load_tile %vx[%i] latency = 1 : !tile.view<256xf32> -> tensor<128xf32>
  tile.store_tile %t, %vy[%i] latency = 3 : tensor<128xf32>, !tile.view<256xf32>
  tile.return
}

// Latency 8..10: L1 bypassed, L2 evict-first, loads and stores.
// CHECK-LABEL: .entry high(
// CHECK: createpolicy.fractional.L2::evict_first.b64 %tile_l2pol, 1.0;
// CHECK-NEXT: ld.global.L1::no_allocate.L2::cache_hint.v4.b32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}], %tile_l2pol;
// CHECK: createpolicy.fractional.L2::evict_first.b64 %tile_l2pol, 1.0;
// CHECK-NEXT: st.global.L1::no_allocate.L2::cache_hint.v4.b32 [%rd{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %tile_l2pol;
tile.kernel @high(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                  %y: !tile.ptr<f32> {tile.divisibility = 16 : i64})
    attributes {num_warps = 1 : i32} {
  %i = tile.program_id x : i32
  %vx = tile.make_view %x, shape [256] : !tile.ptr<f32> -> !tile.view<256xf32>
  %vy = tile.make_view %y, shape [256] : !tile.ptr<f32> -> !tile.view<256xf32>
  %t = tile.load_tile %vx[%i] latency = 8 : !tile.view<256xf32> -> tensor<128xf32>
  tile.store_tile %t, %vy[%i] latency = 10 : tensor<128xf32>, !tile.view<256xf32>
  tile.return
}

// Memory orders: vectors keep their width (PTX has .v4 for every order);
// the scope is cta/gpu/sys for block/device/system, device by default.
// CHECK-LABEL: .entry ordered(
// CHECK: ld.acquire.gpu.global.v4.b32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}];
// CHECK: ld.relaxed.cta.global.v4.b32
// A release store waits for the whole program first.
// CHECK: bar.sync 0;
// CHECK: st.release.sys.global.v4.b32 [%rd{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
// CHECK: st.relaxed.gpu.global.v4.b32
tile.kernel @ordered(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                     %y: !tile.ptr<f32> {tile.divisibility = 16 : i64})
    attributes {num_warps = 1 : i32} {
  %i = tile.program_id x : i32
  %vx = tile.make_view %x, shape [256] : !tile.ptr<f32> -> !tile.view<256xf32>
  %vy = tile.make_view %y, shape [256] : !tile.ptr<f32> -> !tile.view<256xf32>
  %a = tile.load_tile %vx[%i] memory_order = acquire : !tile.view<256xf32> -> tensor<128xf32>
  %b = tile.load_at %vx[%i] memory_order = relaxed memory_scope = block : !tile.view<256xf32> -> tensor<128xf32>
  %s = arith.addf %a, %b : tensor<128xf32>
  tile.store_tile %s, %vy[%i] memory_order = release memory_scope = system : tensor<128xf32>, !tile.view<256xf32>
  tile.store_at %s, %vy[%i] memory_order = relaxed : tensor<128xf32>, !tile.view<256xf32>
  tile.return
}

// A masked access (run-time extent) qualifies the predicated asm the same
// way, with the hint and the order together.
// CHECK-LABEL: .entry masked(
// CHECK: createpolicy.fractional.L2::evict_first.b64 %tile_l2pol, 1.0;
// CHECK: @%p{{[0-9]+}} ld.acquire.gpu.global.L1::no_allocate.L2::cache_hint.b32 %r{{[0-9]+}}, [%rd{{[0-9]+}}], %tile_l2pol;
// CHECK: bar.sync 0;
// CHECK: @%p{{[0-9]+}} st.release.cta.global.b32 [%rd{{[0-9]+}}], %r{{[0-9]+}};
// A scalar (one element, all threads) and an i8 element.
// CHECK: ld.relaxed.sys.global.b8 %rs{{[0-9]+}}, [%rd{{[0-9]+}}];
tile.kernel @masked(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %f: !tile.ptr<i8>,
                    %n: i32) attributes {num_warps = 1 : i32} {
  %i = tile.program_id x : i32
  %vx = tile.make_view %x, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %vy = tile.make_view %y, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %vf = tile.make_view %f, shape [%n] : !tile.ptr<i8> -> !tile.view<?xi8>
  %t = tile.load_tile %vx[%i] latency = 9 memory_order = acquire : !tile.view<?xf32> -> tensor<32xf32>
  tile.store_tile %t, %vy[%i] memory_order = release memory_scope = block : tensor<32xf32>, !tile.view<?xf32>
  %s = tile.load_tile %vf[%i] memory_order = relaxed memory_scope = system : !tile.view<?xi8> -> i8
  %sv = tile.splat %s : i8 -> tensor<32xi8>
  %sw = arith.extsi %sv : tensor<32xi8> to tensor<32xi32>
  %sf = arith.sitofp %sw : tensor<32xi32> to tensor<32xf32>
  tile.store_tile %sf, %vy[%i] : tensor<32xf32>, !tile.view<?xf32>
  tile.return
}
