// RUN: tile-opt %s -split-input-file -verify-diagnostics

// One case per diagnostic of the load/store hints (latency, memory_order,
// memory_scope, allow_tma) and of load_at/store_at's `dims`.

tile.kernel @latency_range(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [64] : !tile.ptr<f32> -> !tile.view<64xf32>
  // expected-error @+1 {{'tile.load_tile' op latency 11 is out of range; the hint is an integer from 1 (little DRAM traffic) to 10 (heavy), or leave it out}}
  %t = tile.load_tile %v[%i] latency = 11 : !tile.view<64xf32> -> tensor<16xf32>
  tile.return
}

// -----

tile.kernel @latency_zero(%p: !tile.ptr<f32>, %i: i32) {
  %t = arith.constant dense<1.0> : tensor<16xf32>
  %v = tile.make_view %p, shape [64] : !tile.ptr<f32> -> !tile.view<64xf32>
  // expected-error @+1 {{'tile.store_at' op latency 0 is out of range}}
  tile.store_at %t, %v[%i] latency = 0 : tensor<16xf32>, !tile.view<64xf32>
  tile.return
}

// -----

tile.kernel @release_load(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [64] : !tile.ptr<f32> -> !tile.view<64xf32>
  // expected-error @+1 {{'tile.load_tile' op memory_order = release is for stores; a load orders with weak, relaxed or acquire}}
  %t = tile.load_tile %v[%i] memory_order = release : !tile.view<64xf32> -> tensor<16xf32>
  tile.return
}

// -----

tile.kernel @acquire_store(%p: !tile.ptr<f32>, %i: i32) {
  %t = arith.constant dense<1.0> : tensor<16xf32>
  %v = tile.make_view %p, shape [64] : !tile.ptr<f32> -> !tile.view<64xf32>
  // expected-error @+1 {{'tile.store_tile' op memory_order = acquire is for loads; a store orders with weak, relaxed or release}}
  tile.store_tile %t, %v[%i] memory_order = acquire : tensor<16xf32>, !tile.view<64xf32>
  tile.return
}

// -----

tile.kernel @acq_rel(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [64] : !tile.ptr<f32> -> !tile.view<64xf32>
  // expected-error @+1 {{memory_order must be weak, relaxed, acquire or release, got 'acq_rel'}}
  %t = tile.load_tile %v[%i] memory_order = acq_rel : !tile.view<64xf32> -> tensor<16xf32>
  tile.return
}

// -----

tile.kernel @acq_rel_generic(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [64] : !tile.ptr<f32> -> !tile.view<64xf32>
  // expected-error @+1 {{'tile.load_at' op memory_order = acq_rel is for read-modify-write atomics (tile.atomic_rmw); a load orders with relaxed or acquire}}
  %t = "tile.load_at"(%v, %i) <{memory_order = #tile<sem acq_rel>}> : (!tile.view<64xf32>, i32) -> tensor<16xf32>
  tile.return
}

// -----

tile.kernel @scope_without_order(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [64] : !tile.ptr<f32> -> !tile.view<64xf32>
  // expected-error @+1 {{'tile.load_tile' op memory_scope = system on a weak access, which has no scope; give memory_order = relaxed or acquire, or drop memory_scope}}
  %t = tile.load_tile %v[%i] memory_order = weak memory_scope = system : !tile.view<64xf32> -> tensor<16xf32>
  tile.return
}

// -----

tile.kernel @bad_scope(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [64] : !tile.ptr<f32> -> !tile.view<64xf32>
  // expected-error @+1 {{memory_scope must be block, device or system, got 'gpu'}}
  %t = tile.load_tile %v[%i] memory_order = relaxed memory_scope = gpu : !tile.view<64xf32> -> tensor<16xf32>
  tile.return
}

// -----

tile.kernel @twice(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [64] : !tile.ptr<f32> -> !tile.view<64xf32>
  // expected-error @+1 {{'latency' given twice}}
  %t = tile.load_tile %v[%i] latency = 2 latency = 3 : !tile.view<64xf32> -> tensor<16xf32>
  tile.return
}

// -----

tile.kernel @tma_ordered(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [64] : !tile.ptr<f32> -> !tile.view<64xf32>
  // expected-error @+1 {{'tile.load_tile' op allow_tma with memory_order = acquire: TMA copies are weak; drop allow_tma or the memory order}}
  %t = tile.load_tile %v[%i] memory_order = acquire {allow_tma} : !tile.view<64xf32> -> tensor<16xf32>
  tile.return
}

// -----

tile.kernel @tma_not_unit(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [64] : !tile.ptr<f32> -> !tile.view<64xf32>
  // expected-error @+1 {{'tile.load_tile' op allow_tma must be a unit attribute ({allow_tma}), got false; leave it out to forbid TMA}}
  %t = tile.load_tile %v[%i] {allow_tma = false} : !tile.view<64xf32> -> tensor<16xf32>
  tile.return
}

// -----

//===----------------------------------------------------------------------===//
// load_at / store_at dims
//===----------------------------------------------------------------------===//

tile.kernel @dims_count(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [4, 64, 64] : !tile.ptr<f32> -> !tile.view<4x64x64xf32>
  // expected-error @+1 {{'tile.load_at' op dims has 1 entries but the result 'tensor<16x16xf32>' has rank 2; give one view axis per tile dimension}}
  %t = tile.load_at %v[%i, %i, %i] dims [1] : !tile.view<4x64x64xf32> -> tensor<16x16xf32>
  tile.return
}

// -----

tile.kernel @dims_range(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [4, 64, 64] : !tile.ptr<f32> -> !tile.view<4x64x64xf32>
  // expected-error @+1 {{'tile.load_at' op dims entry #1 is 3, not a view axis; the view has rank 3 (axes 0..2)}}
  %t = tile.load_at %v[%i, %i, %i] dims [1, 3] : !tile.view<4x64x64xf32> -> tensor<16x16xf32>
  tile.return
}

// -----

tile.kernel @dims_order(%p: !tile.ptr<f32>, %i: i32) {
  %t = arith.constant dense<1.0> : tensor<16x16xf32>
  %v = tile.make_view %p, shape [4, 64, 64] : !tile.ptr<f32> -> !tile.view<4x64x64xf32>
  // expected-error @+1 {{'tile.store_at' op dims [2, 1] is not strictly increasing; tile dims keep the view's axis order (to transpose, load with tile.load_tile's `order`)}}
  tile.store_at %t, %v[%i, %i, %i] dims [2, 1] : tensor<16x16xf32>, !tile.view<4x64x64xf32>
  tile.return
}

// -----

tile.kernel @dims_repeat(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [4, 64, 64] : !tile.ptr<f32> -> !tile.view<4x64x64xf32>
  // expected-error @+1 {{'tile.load_at' op dims [1, 1] is not strictly increasing}}
  %t = tile.load_at %v[%i, %i, %i] dims [1, 1] : !tile.view<4x64x64xf32> -> tensor<16x16xf32>
  tile.return
}

// -----

tile.kernel @dims_offsets(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [4, 64, 64] : !tile.ptr<f32> -> !tile.view<4x64x64xf32>
  // expected-error @+1 {{'tile.load_at' op has 2 offsets but the view '!tile.view<4x64x64xf32>' has rank 3; give one offset per view dimension (those not in `dims` fix the slice)}}
  %t = tile.load_at %v[%i, %i] dims [1, 2] : !tile.view<4x64x64xf32> -> tensor<16x16xf32>
  tile.return
}

// -----

tile.kernel @dims_element(%p: !tile.ptr<f32>, %i: i32) {
  %v = tile.make_view %p, shape [4, 64, 64] : !tile.ptr<f32> -> !tile.view<4x64x64xf32>
  // expected-error @+1 {{'tile.load_at' op result element type 'f16' differs from the view's element type 'f32'}}
  %t = tile.load_at %v[%i, %i, %i] dims [1, 2] : !tile.view<4x64x64xf32> -> tensor<16x16xf16>
  tile.return
}
