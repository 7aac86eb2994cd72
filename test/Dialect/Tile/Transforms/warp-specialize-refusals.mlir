// RUN: tile-opt %s -split-input-file --tile-assign-layouts --tile-warp-specialize -verify-diagnostics | FileCheck %s

// Loops that ask for warp specialization and cannot have it, for the
// reasons warp-specialize-remarks.mlir does not reach: each is left as it
// is, with a remark saying why (the pass's own refusals; the pipeline
// schedule's are pipeline-*.mlir's). And the plan of a loop whose dots stay
// synchronous.

// The loop is already in the default partition of a tile.warp_specialize
// (written by hand): one split per kernel. (The op's verifier keeps every
// tensor of such a kernel inside its partitions, so the loop is always
// inside the op too: the pass says what the user did, not where the loop
// is.)
// CHECK-LABEL: tile.kernel @already
// CHECK: tile.warp_specialize default {
// CHECK: scf.for
// CHECK: } partition warps(4) {
// CHECK-NEXT: tile.program_id x
// CHECK-NEXT: }
// CHECK-NEXT: tile.return
tile.kernel @already(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32,
      %sam: i32 {tile.divisibility = 8 : i64},
      %sbk: i32 {tile.divisibility = 8 : i64}, %scm: i32)
    attributes {num_warps = 8 : i32} {
  tile.warp_specialize default {
    %pm = tile.program_id x : i32
    %pn = tile.program_id y : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
    %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
    %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
    %zero = arith.constant dense<0.0> : tensor<128x128xf32>
    // expected-remark @below {{tile-warp-specialize: loop left as it is: the kernel is already warp-specialized (one tile.warp_specialize per kernel)}}
    %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
      %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
      %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
      %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
      scf.yield %next : tensor<128x128xf32>
    } {tile.warp_specialize = true}
    %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
    tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  } partition warps(4) {
    %i = tile.program_id x : i32
  }
  tile.return
}

// -----

// B's padding is NaN, which no asynchronous copy fills: B stays a
// synchronous load, which the producer warps cannot issue.
// CHECK-LABEL: tile.kernel @synchronous_load
// CHECK-NOT: tile.warp_specialize default
tile.kernel @synchronous_load(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32,
      %sam: i32 {tile.divisibility = 8 : i64},
      %sbk: i32 {tile.divisibility = 8 : i64}, %scm: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-warp-specialize: loop left as it is: the tile.load_tile feeding a dot stays synchronous: its padding is nan (asynchronous copies fill with zeros only) (every load feeding a dot must be a TMA copy of the producer)}}
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = nan : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  } {tile.warp_specialize = true}
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}

// -----

// A's tile is also carried to the next iteration: only the local_alloc
// into the wgmma operand may read a slot.
// CHECK-LABEL: tile.kernel @tile_also_used
// CHECK-NOT: tile.warp_specialize default
tile.kernel @tile_also_used(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32,
      %sam: i32 {tile.divisibility = 8 : i64},
      %sbk: i32 {tile.divisibility = 8 : i64}, %scm: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %za = arith.constant dense<0.0> : tensor<128x64xf16>
  // expected-remark @below {{tile-warp-specialize: loop left as it is: the tile of a load feeding a dot is also used by scf.yield (only its local_alloc into the wgmma operand layout can read the slot)}}
  %acc, %last = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero, %l = %za) -> (tensor<128x128xf32>, tensor<128x64xf16>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next, %ta : tensor<128x128xf32>, tensor<128x64xf16>
  } {tile.warp_specialize = true}
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}

// -----

// The loop is inside an scf.while, which the producer cannot repeat.
// CHECK-LABEL: tile.kernel @in_while
// CHECK-NOT: tile.warp_specialize default
tile.kernel @in_while(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32,
      %sam: i32 {tile.divisibility = 8 : i64},
      %sbk: i32 {tile.divisibility = 8 : i64}, %scm: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %w = scf.while (%j = %c0) : (i32) -> i32 {
    %go = arith.cmpi slt, %j, %c1 : i32
    scf.condition(%go) %j : i32
  } do {
  ^bb0(%j: i32):
    // expected-remark @below {{tile-warp-specialize: loop left as it is: the loop is inside scf.while (the producer repeats only the scf.if and scf.for ops around the loop)}}
    %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
      %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
      %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
      %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
      scf.yield %next : tensor<128x128xf32>
    } {tile.warp_specialize = true}
    %o = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
    tile.store_tile %o, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
    %jn = arith.addi %j, %c1 : i32
    scf.yield %jn : i32
  }
  tile.return
}

// -----

// The wgmma does not accumulate across iterations (a fresh zero each time,
// the sum an arith.addf): the consumers run it synchronously and release
// each slot at the end of the step.
// CHECK-LABEL: tile.kernel @synchronous_dots
// CHECK: tile.warp_specialize default regs(232) {
// CHECK: scf.for
// CHECK: layout.wait_barrier
// CHECK: tile.dot
// CHECK-NOT: async
// CHECK: arith.addf
// CHECK: layout.arrive_barrier
// CHECK: } partition warps(4) regs(40) {
// CHECK: layout.async_tma_copy_global_to_local
tile.kernel @synchronous_dots(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32,
      %sam: i32 {tile.divisibility = 8 : i64},
      %sbk: i32 {tile.divisibility = 8 : i64}, %scm: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-warp-specialize: producer warpgroup (regs 40) issues 2 TMA copies a step (32768 bytes) into a 4-slot ring; default partition (8 warps, regs 232) runs the synchronous dots (slot released at the end of the step)}}
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %zero : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    %t = arith.addf %sum, %next : tensor<128x128xf32>
    scf.yield %t : tensor<128x128xf32>
  } {tile.warp_specialize = true}
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}

// -----

// Triton-style pointer tensors carried as iteration arguments and bumped
// every iteration (pipeline-pointers.mlir's GEMM): the producer issues TMA
// copies of views, addressed by the induction variable.
// CHECK-LABEL: tile.kernel @carried_pointers
// CHECK-NOT: tile.warp_specialize default
tile.kernel @carried_pointers(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>,
                      %k: i32) attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c31 = arith.constant 31 : i32
  %kr = arith.addi %k, %c31 : i32
  %ktiles = arith.divsi %kr, %c32 : i32
  %r64 = tile.arange 0, 64 : tensor<64xi32>
  %r32 = tile.arange 0, 32 : tensor<32xi32>
  %rm = tile.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %kv = tile.splat %k : i32 -> tensor<64x1xi32>
  %rowoff = arith.muli %rm, %kv : tensor<64x1xi32>
  %rowb = tile.broadcast %rowoff : tensor<64x1xi32> -> tensor<64x32xi32>
  %rk = tile.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %rkb = tile.broadcast %rk : tensor<1x32xi32> -> tensor<64x32xi32>
  %offa = arith.addi %rowb, %rkb : tensor<64x32xi32>
  %as = tile.splat %a : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>>
  %pa0 = tile.addptr %as, %offa : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
  %kcol = tile.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %c64t = arith.constant dense<64> : tensor<32x1xi32>
  %brow = arith.muli %kcol, %c64t : tensor<32x1xi32>
  %browb = tile.broadcast %brow : tensor<32x1xi32> -> tensor<32x64xi32>
  %rn = tile.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rnb = tile.broadcast %rn : tensor<1x64xi32> -> tensor<32x64xi32>
  %offb = arith.addi %browb, %rnb : tensor<32x64xi32>
  %bs = tile.splat %b : !tile.ptr<f16> -> tensor<32x64x!tile.ptr<f16>>
  %pb0 = tile.addptr %bs, %offb : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
  %kcolb = tile.broadcast %kcol : tensor<32x1xi32> -> tensor<32x64xi32>
  %kb = tile.splat %k : i32 -> tensor<32x64xi32>
  %stepa = arith.constant dense<32> : tensor<64x32xi32>
  %stepb = arith.constant dense<2048> : tensor<32x64xi32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  // expected-remark @below {{tile-warp-specialize: loop left as it is: the loads are addressed through iteration arguments (carried pointers); the producer copies tiles of views indexed by the induction variable and loop-invariant values}}
  %r:3 = scf.for %kt = %c0 to %ktiles step %c1
      iter_args(%acc = %zero, %pa = %pa0, %pb = %pb0)
      -> (tensor<64x64xf32>, tensor<64x32x!tile.ptr<f16>>, tensor<32x64x!tile.ptr<f16>>) : i32 {
    %x = tile.load %pa : tensor<64x32x!tile.ptr<f16>>
    %base = arith.muli %kt, %c32 : i32
    %bsp = tile.splat %base : i32 -> tensor<32x64xi32>
    %kidx = arith.addi %bsp, %kcolb : tensor<32x64xi32>
    %mb = arith.cmpi slt, %kidx, %kb : tensor<32x64xi32>
    %y = tile.load %pb, %mb : tensor<32x64x!tile.ptr<f16>>
    %d = tile.dot %x, %y, %acc : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    %pa2 = tile.addptr %pa, %stepa : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
    %pb2 = tile.addptr %pb, %stepb : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
    scf.yield %d, %pa2, %pb2 : tensor<64x64xf32>, tensor<64x32x!tile.ptr<f16>>, tensor<32x64x!tile.ptr<f16>>
  } {tile.warp_specialize = true}
  %vc = tile.make_view %c, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  tile.store_tile %r#0, %vc[%c0, %c0] : tensor<64x64xf32>, !tile.view<64x64xf32>
  tile.return
}

// -----

// Pointer tensors computed from the induction variable: no carried
// addresses, but a tile.load of pointers is no TMA copy.
// CHECK-LABEL: tile.kernel @pointer_loads
// CHECK-NOT: tile.warp_specialize default
tile.kernel @pointer_loads(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>,
                      %k: i32) attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c31 = arith.constant 31 : i32
  %kr = arith.addi %k, %c31 : i32
  %ktiles = arith.divsi %kr, %c32 : i32
  %r64 = tile.arange 0, 64 : tensor<64xi32>
  %r32 = tile.arange 0, 32 : tensor<32xi32>
  %rm = tile.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %kv = tile.splat %k : i32 -> tensor<64x1xi32>
  %rowoff = arith.muli %rm, %kv : tensor<64x1xi32>
  %rowb = tile.broadcast %rowoff : tensor<64x1xi32> -> tensor<64x32xi32>
  %rk = tile.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %rkb = tile.broadcast %rk : tensor<1x32xi32> -> tensor<64x32xi32>
  %offa = arith.addi %rowb, %rkb : tensor<64x32xi32>
  %as = tile.splat %a : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>>
  %pa0 = tile.addptr %as, %offa : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
  %kcol = tile.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %c64t = arith.constant dense<64> : tensor<32x1xi32>
  %brow = arith.muli %kcol, %c64t : tensor<32x1xi32>
  %browb = tile.broadcast %brow : tensor<32x1xi32> -> tensor<32x64xi32>
  %rn = tile.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rnb = tile.broadcast %rn : tensor<1x64xi32> -> tensor<32x64xi32>
  %offb = arith.addi %browb, %rnb : tensor<32x64xi32>
  %bs = tile.splat %b : !tile.ptr<f16> -> tensor<32x64x!tile.ptr<f16>>
  %pb0 = tile.addptr %bs, %offb : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
  %kcolb = tile.broadcast %kcol : tensor<32x1xi32> -> tensor<32x64xi32>
  %kb = tile.splat %k : i32 -> tensor<32x64xi32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  // expected-remark @below {{tile-warp-specialize: loop left as it is: a tile.load of a pointer tensor feeds a dot; TMA copies tiles of views (tile.load_tile, tile.load_at)}}
  %r = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32>) : i32 {
    %base = arith.muli %kt, %c32 : i32
    %basea = tile.splat %base : i32 -> tensor<64x32xi32>
    %pa = tile.addptr %pa0, %basea : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
    %x = tile.load %pa : tensor<64x32x!tile.ptr<f16>>
    %c64 = arith.constant 64 : i32
    %baseb = arith.muli %base, %c64 : i32
    %bsb = tile.splat %baseb : i32 -> tensor<32x64xi32>
    %pb = tile.addptr %pb0, %bsb : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
    %bsp = tile.splat %base : i32 -> tensor<32x64xi32>
    %kidx = arith.addi %bsp, %kcolb : tensor<32x64xi32>
    %mb = arith.cmpi slt, %kidx, %kb : tensor<32x64xi32>
    %y = tile.load %pb, %mb : tensor<32x64x!tile.ptr<f16>>
    %d = tile.dot %x, %y, %acc : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  } {tile.warp_specialize = true}
  %vc = tile.make_view %c, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  tile.store_tile %r, %vc[%c0, %c0] : tensor<64x64xf32>, !tile.view<64x64xf32>
  tile.return
}

// -----

// The loop's bound comes from an scf.if that also yields the accumulator's
// initial tensor: the producer would have to repeat an op that computes a
// register tensor.
// CHECK-LABEL: tile.kernel @bound_beside_tensor
// CHECK-NOT: tile.warp_specialize default
tile.kernel @bound_beside_tensor(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32,
      %sam: i32 {tile.divisibility = 8 : i64},
      %sbk: i32 {tile.divisibility = 8 : i64}, %scm: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %pos = arith.cmpi sgt, %k, %c0 : i32
  %kb, %init = scf.if %pos -> (i32, tensor<128x128xf32>) {
    scf.yield %k, %zero : i32, tensor<128x128xf32>
  } else {
    scf.yield %c0, %zero : i32, tensor<128x128xf32>
  }
  // expected-remark @below {{tile-warp-specialize: loop left as it is: the producer reads a value computed from the register tensor of scf.if (the producer warps hold no tensors)}}
  %acc = scf.for %kt = %c0 to %kb step %c1 iter_args(%sum = %init) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  } {tile.warp_specialize = true}
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}

// -----

// The column index of A's tile goes through a tensor (tile.splat, then
// tensor.extract): the producer warps, which hold no tensors, could not
// compute it.
// CHECK-LABEL: tile.kernel @index_through_tensor
// CHECK-NOT: tile.warp_specialize default
tile.kernel @index_through_tensor(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32,
      %sam: i32 {tile.divisibility = 8 : i64},
      %sbk: i32 {tile.divisibility = 8 : i64}, %scm: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-warp-specialize: loop left as it is: the address computation of the loads computes tensors (tile.splat); the producer warps hold no tensors}}
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %kv = tile.splat %kt : i32 -> tensor<1xi32>
    %i0 = arith.constant 0 : index
    %ki = tensor.extract %kv[%i0] : tensor<1xi32>
    %ta = tile.load_tile %va[%pm, %ki] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  } {tile.warp_specialize = true}
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}
