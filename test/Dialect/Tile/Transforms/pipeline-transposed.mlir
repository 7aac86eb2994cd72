// RUN: tile-opt %s --tile-assign-layouts --tile-pipeline="remarks=true" --mlir-print-local-scope -verify-diagnostics | FileCheck %s

// A wgmma operand loaded with order = [1, 0] (B^T stored as N x K rows,
// attention's K^T): the copy takes the tile in view order (128 x 64, the
// view-order indices [pn, i]) with its default copy layout into a slot
// whose nvmma_shared layout is the dot's operand layout with `transposed`
// flipped, and the dot reads the slot through layout.memdesc_trans; the
// wgmma stays asynchronous.

// CHECK-LABEL: tile.kernel @transposed_b
// CHECK: %[[PN:.*]] = tile.program_id y
// CHECK: %[[VBT:.*]] = tile.make_view %arg1
// CHECK: layout.local_alloc : !layout.memdesc<3x128x64xf16
// CHECK-NEXT: %[[BUF:.*]] = layout.local_alloc : !layout.memdesc<3x128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK: %[[S0:.*]] = layout.memdesc_index %[[BUF]][%{{.*}}]
// CHECK-NOT: layout.memdesc_index
// CHECK: tile.async_load_tile %[[VBT]][%[[PN]], %{{.*}}] padding = zero, %[[S0]] : !tile.view<?x?xf16> -> !layout.memdesc<128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK: scf.for %[[I:.*]] = {{.*}} iter_args(%[[ACC:[^ ]*]] = %{{.*}}, %[[RD:[^ ]*]] = %{{.*}}, %[[WR:[^ ]*]] = %{{.*}})
// CHECK: layout.async_wait {num = 1 : i32}
// CHECK: %[[SB:.*]] = layout.memdesc_index %[[BUF]][%[[RD]]]
// CHECK-NEXT: %[[T:.*]] = layout.memdesc_trans %[[SB]] {order = array<i32: 1, 0>} : !layout.memdesc<128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>> -> !layout.memdesc<64x128xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16>>
// CHECK-NEXT: tile.dot %{{.*}}, %[[T]], %[[ACC]] async
// CHECK: %[[NEXT:.*]] = arith.addi %[[I]], %{{.*}} : i32
// CHECK: %[[SW:.*]] = layout.memdesc_index %[[BUF]][%[[WR]]]
// CHECK-NEXT: tile.async_load_tile %[[VBT]][%[[PN]], %[[NEXT]]] padding = zero, %[[SW]] :
// CHECK-NOT: tile.load_tile
tile.kernel @transposed_b(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                          %c: !tile.ptr<f32>, %m: i32, %n: i32, %k: i32, %kt: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vbt = tile.make_view %b, shape [%n, %k], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-pipeline: 3 stages of 32768 bytes: tile.load_tile 128x64xf16 in 3 slots (wgmma operand), tile.load_tile 128x64xf16 in 3 slots (wgmma operand, read transposed); wgmma asynchronous, one group in flight}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32>) : i32 {
    %x = tile.load_tile %va[%pm, %i] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %y = tile.load_tile %vbt[%i, %pn] order = [1, 0] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %d = tile.dot %x, %y, %s : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<128x128xf32>, !tile.view<?x?xf32>
  tile.return
}

// The same B written as Triton's tl.trans(k): a tile.trans of the view-order
// load. The trans is folded into the load (order = [1, 0], indices
// swapped) before the schedule, so the loop is pipelined exactly as above:
// the copy takes [pn, i] in view order and the dot reads the slot through
// layout.memdesc_trans; no tile.trans or tile.load_tile is left.

// CHECK-LABEL: tile.kernel @trans_of_load_b
// CHECK: %[[PN:.*]] = tile.program_id y
// CHECK: %[[VBT:.*]] = tile.make_view %arg1
// CHECK: layout.local_alloc : !layout.memdesc<3x128x64xf16
// CHECK-NEXT: %[[BUF:.*]] = layout.local_alloc : !layout.memdesc<3x128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK: tile.async_load_tile %[[VBT]][%[[PN]], %{{.*}}] padding = zero, %{{.*}} : !tile.view<?x?xf16> -> !layout.memdesc<128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK: scf.for %[[I:.*]] = {{.*}} iter_args(%[[ACC:[^ ]*]] = %{{.*}}, %[[RD:[^ ]*]] = %{{.*}}, %[[WR:[^ ]*]] = %{{.*}})
// CHECK: %[[SB:.*]] = layout.memdesc_index %[[BUF]][%[[RD]]]
// CHECK-NEXT: %[[T:.*]] = layout.memdesc_trans %[[SB]] {order = array<i32: 1, 0>}
// CHECK-NEXT: tile.dot %{{.*}}, %[[T]], %[[ACC]] async
// CHECK: %[[NEXT:.*]] = arith.addi %[[I]], %{{.*}} : i32
// CHECK: tile.async_load_tile %[[VBT]][%[[PN]], %[[NEXT]]] padding = zero,
// CHECK-NOT: tile.trans
// CHECK-NOT: tile.load_tile
// CHECK: tile.return
tile.kernel @trans_of_load_b(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                             %c: !tile.ptr<f32>, %m: i32, %n: i32, %k: i32, %kt: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vbt = tile.make_view %b, shape [%n, %k], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-pipeline: 3 stages of 32768 bytes: tile.load_tile 128x64xf16 in 3 slots (wgmma operand), tile.load_tile 128x64xf16 in 3 slots (wgmma operand, read transposed); wgmma asynchronous, one group in flight}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32>) : i32 {
    %x = tile.load_tile %va[%pm, %i] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %kb = tile.load_tile %vbt[%pn, %i] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %y = tile.trans %kb, [1, 0] : tensor<128x64xf16> -> tensor<64x128xf16>
    %d = tile.dot %x, %y, %s : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<128x128xf32>, !tile.view<?x?xf32>
  tile.return
}

// One tile.trans feeding both A and B (two local_allocs in different
// layouts): no single slot layout serves both, so it is not folded; the
// trans and its load stay, and the remark says why.
// CHECK-LABEL: tile.kernel @trans_feeds_a_and_b
// CHECK: scf.for
// CHECK: tile.load_tile
// CHECK-NEXT: tile.trans
tile.kernel @trans_feeds_a_and_b(%b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                                 %c: !tile.ptr<f32>, %n: i32, %k: i32, %kt: i32)
    attributes {num_warps = 8 : i32} {
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %vb = tile.make_view %b, shape [%n, %k], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%n, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-pipeline: loop not pipelined: no tile.load_tile, tile.load_at or tile.load in the loop feeds a tile.dot operand; a dot's A is a tile.trans of tile.load_tile, which stays an ordinary load each step (not staged; a tile.trans of a tile.load_tile or of a pointer-tensor tile.load is folded into the load only when it is one wgmma operand): load the tile from a view with the axes swapped instead (tile.make_view with its shape and strides exchanged)}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32>) : i32 {
    %kb = tile.load_tile %vb[%pn, %i] padding = zero : !tile.view<?x?xf16> -> tensor<128x128xf16>
    %t = tile.trans %kb, [1, 0] : tensor<128x128xf16> -> tensor<128x128xf16>
    %d = tile.dot %t, %t, %s : tensor<128x128xf16>, tensor<128x128xf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  tile.store_tile %acc, %vc[%pn, %pn] : tensor<128x128xf32>, !tile.view<?x?xf32>
  tile.return
}

// A tile.trans of a pointer-tensor tile.load (Triton's
// tl.trans(tl.load(k_ptrs))) feeding wgmma B: folded into a load of the
// transposed pointers (the zero `other` stays a constant), which becomes
// cp.async copies of those pointers into slots of B's layout; the wgmma is
// asynchronous.
// CHECK-LABEL: tile.kernel @trans_of_ptr_load_b
// CHECK: %[[BUF:.*]] = layout.local_alloc : !layout.memdesc<3x64x128xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16>>
// CHECK: %[[TP:.*]] = tile.trans %{{.*}}, [1, 0] : tensor<128x64x!tile.ptr<f16>, {{.*}}> -> tensor<64x128x!tile.ptr<f16>
// CHECK: %[[S:.*]] = layout.memdesc_index %[[BUF]][%{{.*}}]
// CHECK: layout.async_copy_global_to_local %[[TP]], %[[S]] mask %{{.*}} : tensor<64x128x!tile.ptr<f16>
// CHECK: scf.for
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} async
// CHECK: layout.async_copy_global_to_local
// CHECK-NOT: tile.load %
tile.kernel @trans_of_ptr_load_b(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                                 %c: !tile.ptr<f32>, %n: i32, %kt: i32)
    attributes {num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %va = tile.make_view %a, shape [128, %n], strides [%n, 1] : !tile.ptr<f16> -> !tile.view<128x?xf16>
  %vc = tile.make_view %c, shape [128, 128] : !tile.ptr<f32> -> !tile.view<128x128xf32>
  // B is N x K (row stride 64): pointers to rows rn, columns k0 + rk.
  %rn = tile.arange 0, 128 : tensor<128xi32>
  %rk = tile.arange 0, 64 : tensor<64xi32>
  %rn2 = tile.expand_dims %rn {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %c64v = arith.constant dense<64> : tensor<128x1xi32>
  %ro = arith.muli %rn2, %c64v : tensor<128x1xi32>
  %rob = tile.broadcast %ro : tensor<128x1xi32> -> tensor<128x64xi32>
  %rk2 = tile.expand_dims %rk {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rkb = tile.broadcast %rk2 : tensor<1x64xi32> -> tensor<128x64xi32>
  %off = arith.addi %rob, %rkb : tensor<128x64xi32>
  %bp0 = tile.splat %b : !tile.ptr<f16> -> tensor<128x64x!tile.ptr<f16>>
  %bp = tile.addptr %bp0, %off : tensor<128x64x!tile.ptr<f16>>, tensor<128x64xi32>
  %zb = arith.constant dense<0.0> : tensor<128x64xf16>
  %true = arith.constant dense<true> : tensor<128x64xi1>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-pipeline: 3 stages of 32768 bytes: tile.load_tile 128x64xf16 in 3 slots (wgmma operand), tile.load 64x128xf16 in 3 slots (wgmma operand); wgmma asynchronous, one group in flight}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%c0, %i] padding = zero : !tile.view<128x?xf16> -> tensor<128x64xf16>
    %k0 = arith.muli %i, %c64 : i32
    %k0v = tile.splat %k0 : i32 -> tensor<128x64xi32>
    %p = tile.addptr %bp, %k0v : tensor<128x64x!tile.ptr<f16>>, tensor<128x64xi32>
    %tbn = tile.load %p, %true, %zb : tensor<128x64x!tile.ptr<f16>>
    %tb = tile.trans %tbn, [1, 0] : tensor<128x64xf16> -> tensor<64x128xf16>
    %d = tile.dot %ta, %tb, %s : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  tile.store_tile %acc, %vc[%c0, %c0] : tensor<128x128xf32>, !tile.view<128x128xf32>
  tile.return
}
