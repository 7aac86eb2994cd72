// RUN: tile-opt %s -split-input-file --tile-assign-layouts --tile-warp-specialize --canonicalize --cse | FileCheck %s

// tile-warp-specialize on a GEMM written without partitions (and without
// layouts): the loop's attribute asks. 128x64 + 64x128 f16 tiles, 8 warps.
//
// Outside the partitions: the two TMA descriptors (128-byte swizzle, the
// wgmma operands' layout), a 4-slot ring per tile (4 x 32768 bytes fit
// beside the 32 KiB epilogue conversion), full[4] mbarriers of one arrival
// (the producer's expect-tx) and empty[4] of two (one per consumer
// warpgroup). The producer warpgroup (regs 40) waits for empty[slot]
// on parity phase ^ 1, expects 16384 + 16384 bytes on full[slot] and copies
// A at (pm * 128, kt * 64) and B at (kt * 64, pn * 128). The default
// partition (regs 232 = (65536 - 40 x 128) / 256 rounded down to 8) waits
// for full[slot] on parity phase, runs the wgmma asynchronously, and after
// dot_wait {pendings = 1} releases the previous slot ((slot + 3) mod 4) on
// empty, except at the first step (kt != lower bound): `per_warpgroup`,
// the first thread of each warpgroup once its own wgmma are done, no
// partition barrier. Both loops carry
// (slot, phase): slot + 1 wraps to 0 at 4 and flips the phase.

// CHECK-LABEL: tile.kernel @gemm
// CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : i32
// CHECK-DAG:   %[[C1:.*]] = arith.constant 1 : i32
// CHECK-DAG:   %[[C4:.*]] = arith.constant 4 : i32
// CHECK-DAG:   %[[C64:.*]] = arith.constant 64 : i32
// CHECK-DAG:   %[[PM:.*]] = tile.program_id x
// CHECK-DAG:   %[[PN:.*]] = tile.program_id y
// CHECK-DAG:   %[[VA:.*]] = tile.make_view %arg0
// CHECK-DAG:   %[[VB:.*]] = tile.make_view %arg1
// CHECK:       %[[KT:.*]] = arith.divsi
// CHECK-NEXT:  %[[DA:.*]] = tile.make_tensor_desc %[[VA]] : !tile.view<?x?xf16> -> !layout.tensordesc<128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK-NEXT:  %[[DB:.*]] = tile.make_tensor_desc %[[VB]] : !tile.view<?x?xf16> -> !layout.tensordesc<64x128xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK-NEXT:  %[[RA:.*]] = layout.local_alloc : !layout.memdesc<4x128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK-NEXT:  %[[RB:.*]] = layout.local_alloc : !layout.memdesc<4x64x128xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK-NEXT:  %[[FULL:.*]] = layout.local_alloc : !layout.memdesc<4x1xi64, #[[BL:.*]]>
// CHECK-NEXT:  %[[EMPTY:.*]] = layout.local_alloc : !layout.memdesc<4x1xi64, #[[BL]]>
// CHECK-NEXT:  scf.for %[[S:.*]] = %[[C0]] to %[[C4]] step %[[C1]]
// CHECK-NEXT:    %[[F:.*]] = layout.memdesc_index %[[FULL]][%[[S]]]
// CHECK-NEXT:    layout.init_barrier %[[F]], 1
// CHECK-NEXT:    %[[E:.*]] = layout.memdesc_index %[[EMPTY]][%[[S]]]
// CHECK-NEXT:    layout.init_barrier %[[E]], 2
// CHECK-NEXT:  }
// CHECK-NEXT:  tile.warp_specialize default regs(232) {
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : i32
// CHECK-DAG:     %[[VC:.*]] = tile.make_view %arg2
// CHECK:         %[[R:.*]]:3 = scf.for %[[IV:.*]] = %[[C0]] to %[[KT]] step %[[C1]] iter_args(%[[ACC:.*]] = %{{.*}}, %[[SLOT:.*]] = %[[C0]], %[[PH:.*]] = %[[C0]])
// CHECK-NEXT:      %[[F:.*]] = layout.memdesc_index %[[FULL]][%[[SLOT]]]
// CHECK-NEXT:      layout.wait_barrier %[[F]], %[[PH]]
// CHECK-NEXT:      %[[SA:.*]] = layout.memdesc_index %[[RA]][%[[SLOT]]]
// CHECK-NEXT:      %[[SB:.*]] = layout.memdesc_index %[[RB]][%[[SLOT]]]
// CHECK-NEXT:      %[[D:.*]] = tile.dot %[[SA]], %[[SB]], %[[ACC]] async
// CHECK-NEXT:      %[[W:.*]] = tile.dot_wait %[[D]] {pendings = 1 : i32}
// CHECK-NEXT:      %[[STARTED:.*]] = arith.cmpi ne, %[[IV]], %[[C0]]
// CHECK-NEXT:      scf.if %[[STARTED]] {
// CHECK-NEXT:        %[[FIRST:.*]] = arith.cmpi eq, %[[SLOT]], %[[C0]]
// CHECK-NEXT:        %[[DOWN:.*]] = arith.subi %[[SLOT]], %[[C1]]
// CHECK-NEXT:        %[[PREV:.*]] = arith.select %[[FIRST]], %[[C3]], %[[DOWN]]
// CHECK-NEXT:        %[[E:.*]] = layout.memdesc_index %[[EMPTY]][%[[PREV]]]
// CHECK-NEXT:        layout.arrive_barrier %[[E]], 1 per_warpgroup :
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[S1:.*]] = arith.addi %[[SLOT]], %[[C1]]
// CHECK-NEXT:      %[[WRAP:.*]] = arith.cmpi eq, %[[S1]], %[[C4]]
// CHECK-NEXT:      %[[NS:.*]] = arith.select %[[WRAP]], %[[C0]], %[[S1]]
// CHECK-NEXT:      %[[FLIP:.*]] = arith.xori %[[PH]], %[[C1]]
// CHECK-NEXT:      %[[NP:.*]] = arith.select %[[WRAP]], %[[FLIP]], %[[PH]]
// CHECK-NEXT:      scf.yield %[[W]], %[[NS]], %[[NP]]
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[DONE:.*]] = tile.dot_wait %[[R]]#0 {pendings = 0 : i32}
// CHECK-NEXT:    %[[H:.*]] = arith.truncf %[[DONE]]
// The accumulator is stored from its own layout (16-byte runs per quad).
// CHECK-NEXT:    tile.store_tile %[[H]], %[[VC]][%[[PM]], %[[PN]]]
// The producer's loop runs in the partition's warp 0 alone.
// CHECK-NEXT:  } partition warps(4) regs(40) {
// CHECK-NEXT:    %[[C128:.*]] = arith.constant 128 : i32
// CHECK-NEXT:    %[[WID:.*]] = tile.warp_id : i32
// CHECK-NEXT:    %[[W0:.*]] = arith.cmpi eq, %[[WID]], %[[C0]] : i32
// CHECK-NEXT:    scf.if %[[W0]] {
// CHECK-NEXT:    %{{.*}}:2 = scf.for %[[PIV:.*]] = %[[C0]] to %[[KT]] step %[[C1]] iter_args(%[[PS:.*]] = %[[C0]], %[[PP:.*]] = %[[C0]])
// CHECK-NEXT:      %[[EPH:.*]] = arith.xori %[[PP]], %[[C1]]
// CHECK-NEXT:      %[[E:.*]] = layout.memdesc_index %[[EMPTY]][%[[PS]]]
// CHECK-NEXT:      layout.wait_barrier %[[E]], %[[EPH]]
// CHECK-NEXT:      %[[F:.*]] = layout.memdesc_index %[[FULL]][%[[PS]]]
// CHECK-NEXT:      layout.barrier_expect %[[F]], 32768
// CHECK-NEXT:      %[[ROW:.*]] = arith.muli %[[PM]], %[[C128]]
// CHECK-NEXT:      %[[KK:.*]] = arith.muli %[[PIV]], %[[C64]]
// CHECK-NEXT:      %[[SA:.*]] = layout.memdesc_index %[[RA]][%[[PS]]]
// CHECK-NEXT:      layout.async_tma_copy_global_to_local %[[DA]][%[[ROW]], %[[KK]]] %[[SA]], %[[F]]
// CHECK-NEXT:      %[[COL:.*]] = arith.muli %[[PN]], %[[C128]]
// CHECK-NEXT:      %[[SB:.*]] = layout.memdesc_index %[[RB]][%[[PS]]]
// CHECK-NEXT:      layout.async_tma_copy_global_to_local %[[DB]][%[[KK]], %[[COL]]] %[[SB]], %[[F]]
// CHECK-NEXT:      %[[S1:.*]] = arith.addi %[[PS]], %[[C1]]
// CHECK-NEXT:      %[[WRAP:.*]] = arith.cmpi eq, %[[S1]], %[[C4]]
// CHECK-NEXT:      %[[NS:.*]] = arith.select %[[WRAP]], %[[C0]], %[[S1]]
// CHECK-NEXT:      %[[NP:.*]] = arith.select %[[WRAP]], %[[EPH]], %[[PP]]
// CHECK-NEXT:      scf.yield %[[NS]], %[[NP]]
// CHECK-NEXT:    }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  tile.return
tile.kernel @gemm(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                  %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                  %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32,
                  %sam: i32 {tile.divisibility = 8 : i64},
                  %sbk: i32 {tile.divisibility = 8 : i64}, %scm: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %kr = arith.addi %k, %c63 : i32
  %ktiles = arith.divsi %kr, %c64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
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

// Synchronous dots: the wgmma does not accumulate into the iteration
// argument (its result is added to it), so it stays synchronous and the
// step releases its own slot on empty at its end (no "previous slot").

// CHECK-LABEL: tile.kernel @sync_dot
// CHECK:       tile.warp_specialize default regs(232) {
// CHECK:         scf.for %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[SLOT:.*]] = %{{.*}}, %[[PH:.*]] = %{{.*}})
// CHECK-NEXT:      %[[F:.*]] = layout.memdesc_index %{{.*}}[%[[SLOT]]]
// CHECK-NEXT:      layout.wait_barrier %[[F]], %[[PH]]
// CHECK:           %[[D:.*]] = tile.dot %{{.*}}, %{{.*}}, %{{.*}} :
// CHECK-NEXT:      %[[SUM:.*]] = arith.addf %[[ACC]], %[[D]]
// CHECK-NEXT:      %[[E:.*]] = layout.memdesc_index %[[EMPTY:.*]][%[[SLOT]]]
// CHECK-NEXT:      layout.arrive_barrier %[[E]], 1 per_warpgroup :
// CHECK-NOT:     tile.dot_wait
// CHECK:       } partition warps(4) regs(40) {
tile.kernel @sync_dot(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                      %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                      %c: !tile.ptr<f32>, %m: i32,
                      %n: i32 {tile.divisibility = 8 : i64},
                      %k: i32 {tile.divisibility = 8 : i64})
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%k, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%n, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%n, 1] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %p = tile.dot %ta, %tb, %zero : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    %next = arith.addf %sum, %p : tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  } {tile.warp_specialize = true}
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<128x128xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// The kernel's attribute gives the budgets (one consumer warpgroup: 240 x
// 128 + 40 x 128 threads) and its tile.num_stages the ring's 3 slots; 64x64
// operand tiles (64-byte rows: 64-byte swizzle, 8192 bytes a step). One
// warpgroup's dot_wait covers all of its wgmma, so the slot is released
// without a partition barrier (nosync). The loop runs from 2 with step 3
// (k-step i loads tile (i - 2) / 3, computed in both partitions).

// CHECK-LABEL: tile.kernel @one_warpgroup
// CHECK:       tile.make_tensor_desc %{{.*}} -> !layout.tensordesc<64x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK:       layout.local_alloc : !layout.memdesc<3x64x64xf16
// CHECK:       layout.local_alloc : !layout.memdesc<3x64x64xf16
// CHECK:       %[[FULL:.*]] = layout.local_alloc : !layout.memdesc<3x1xi64
// CHECK:       %[[EMPTY:.*]] = layout.local_alloc : !layout.memdesc<3x1xi64
// CHECK:       tile.warp_specialize default regs(240) {
// CHECK:         %[[R:.*]]:3 = scf.for %[[IV:.*]] = %[[C2:.*]] to %{{.*}} step %[[C3:.*]] iter_args(
// CHECK:           tile.dot {{.*}} async
// CHECK-NEXT:      tile.dot_wait %{{.*}} {pendings = 1 : i32}
// CHECK-NEXT:      %[[STARTED:.*]] = arith.cmpi ne, %[[IV]], %[[C2]]
// CHECK-NEXT:      scf.if %[[STARTED]] {
// CHECK:             %[[PREV:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}}
// CHECK-NEXT:        %[[E:.*]] = layout.memdesc_index %[[EMPTY]][%[[PREV]]]
// CHECK-NEXT:        layout.arrive_barrier %[[E]], 1 nosync
// CHECK:       } partition warps(4) regs(40) {
// CHECK:         scf.for %[[PIV:.*]] = %[[C2]] to %{{.*}} step %[[C3]]
// CHECK-NEXT:      %[[Q:.*]] = arith.subi %[[PIV]], %[[C2]]
// CHECK-NEXT:      %[[KT:.*]] = arith.divsi %[[Q]], %[[C3]]
// CHECK:           layout.barrier_expect %{{.*}}, 16384
// CHECK:           %[[KK:.*]] = arith.muli %[[KT]], %{{.*}}
// CHECK:           layout.async_tma_copy_global_to_local %{{.*}}[%{{.*}}, %[[KK]]]
// CHECK:           layout.async_tma_copy_global_to_local %{{.*}}[%[[KK]], %{{.*}}]
tile.kernel @one_warpgroup(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                           %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                           %c: !tile.ptr<f32>, %m: i32,
                           %n: i32 {tile.divisibility = 8 : i64},
                           %k: i32 {tile.divisibility = 8 : i64}, %steps: i32)
    attributes {num_warps = 4 : i32, tile.warp_specialize = array<i32: 240, 40>,
                tile.num_stages = 3 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%k, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%n, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%n, 1] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = scf.for %i = %c2 to %steps step %c3 iter_args(%sum = %zero) -> (tensor<64x64xf32>) : i32 {
    %q = arith.subi %i, %c2 : i32
    %kt = arith.divsi %q, %c3 : i32
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<64x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x64xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %next : tensor<64x64xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<64x64xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// A loop inside branches (the then branch of an scf.if in the else branch
// of another): the consumers keep the branches and run the consumer loop
// where the loop was; the producer repeats them, on the same conditions
// (%[[SMALL]] and %[[ODD]], computed before the partitions), around its
// loop: scf.if with an empty then branch, then scf.if without else.

// CHECK-LABEL: tile.kernel @in_branch
// CHECK:       %[[SMALL:.*]] = arith.cmpi slt, %arg5, %{{.*}} : i32
// CHECK:       %[[ODD:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i32
// CHECK:       %[[DA:.*]] = tile.make_tensor_desc
// CHECK:       %[[DB:.*]] = tile.make_tensor_desc
// CHECK:       tile.warp_specialize default regs(232) {
// CHECK:         %[[OUTER:.*]] = scf.if %[[SMALL]] -> (tensor<128x128xf32
// CHECK:         } else {
// CHECK:           %[[INNER:.*]] = scf.if %[[ODD]] -> (tensor<128x128xf32
// CHECK-NEXT:        %{{.*}}:3 = scf.for
// CHECK-NEXT:          layout.memdesc_index
// CHECK-NEXT:          layout.wait_barrier
// CHECK:             tile.dot_wait %{{.*}} {pendings = 0 : i32}
// CHECK:       } partition warps(4) regs(40) {
// CHECK-NOT:     tile.dot
// CHECK:         tile.warp_id
// CHECK:         scf.if %[[SMALL]] {
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.if %[[ODD]] {
// CHECK-NEXT:        %{{.*}}:2 = scf.for
// CHECK:               layout.barrier_expect %{{.*}}, 32768
// CHECK:               layout.async_tma_copy_global_to_local %[[DA]]
// CHECK:               layout.async_tma_copy_global_to_local %[[DB]]
// CHECK:             scf.yield
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  tile.return
tile.kernel @in_branch(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                       %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                       %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32,
                       %sam: i32 {tile.divisibility = 8 : i64},
                       %sbk: i32 {tile.divisibility = 8 : i64}, %scm: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %small = arith.cmpi slt, %k, %c1 : i32
  %rem = arith.remsi %pm, %c2 : i32
  %odd = arith.cmpi eq, %rem, %c1 : i32
  %acc = scf.if %small -> (tensor<128x128xf32>) {
    scf.yield %zero : tensor<128x128xf32>
  } else {
    %inner = scf.if %odd -> (tensor<128x128xf32>) {
      %r = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
        %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
        %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
        %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
        scf.yield %next : tensor<128x128xf32>
      } {tile.warp_specialize = true}
      scf.yield %r : tensor<128x128xf32>
    } else {
      scf.yield %zero : tensor<128x128xf32>
    }
    scf.yield %inner : tensor<128x128xf32>
  }
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}

// -----

// A loop inside a persistent tile loop (tiles %pid, %pid + P, ...; the
// tile's coordinates computed from the tile index): both partitions run
// the outer loop, the producer with its own copy of the coordinates
// (divsi/remsi of its induction variable), and both carry the ring's
// (slot, phase) through it, so the rounds go on across tiles (each inner
// loop starts from where the last one stopped, not from slot 0, phase 0).
// After each inner loop the consumers release the slot of its last step
// (when it ran at all: 0 < %k): the next inner loop's first step releases
// nothing.

// CHECK-LABEL: tile.kernel @persistent
// CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : i32
// CHECK-DAG:   %[[C1:.*]] = arith.constant 1 : i32
// CHECK-DAG:   %[[PID:.*]] = tile.program_id x
// CHECK-DAG:   %[[NP:.*]] = tile.num_programs x
// CHECK:       layout.local_alloc : !layout.memdesc<4x1xi64
// CHECK-NEXT:  %[[EMPTY:.*]] = layout.local_alloc : !layout.memdesc<4x1xi64
// CHECK:       tile.warp_specialize default regs(232) {
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : i32
// CHECK:         %{{.*}}:2 = scf.for %[[T:.*]] = %[[PID]] to %arg10 step %[[NP]] iter_args(%[[S0:.*]] = %[[C0]], %[[P0:.*]] = %[[C0]]) -> (i32, i32)
// CHECK-NEXT:      %[[PM:.*]] = arith.divsi %[[T]], %arg9
// CHECK-NEXT:      %[[PN:.*]] = arith.remsi %[[T]], %arg9
// CHECK-NEXT:      %[[IN:.*]]:3 = scf.for %{{.*}} = %[[C0]] to %arg5 step %[[C1]] iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %[[S0]], %{{.*}} = %[[P0]])
// CHECK:           %[[DONE:.*]] = tile.dot_wait %[[IN]]#0 {pendings = 0 : i32}
// CHECK-NEXT:      %[[RAN:.*]] = arith.cmpi sgt, %arg5, %[[C0]]
// CHECK-NEXT:      scf.if %[[RAN]] {
// CHECK-NEXT:        %[[FIRST:.*]] = arith.cmpi eq, %[[IN]]#1, %[[C0]]
// CHECK-NEXT:        %[[DOWN:.*]] = arith.subi %[[IN]]#1, %[[C1]]
// CHECK-NEXT:        %[[PREV:.*]] = arith.select %[[FIRST]], %[[C3]], %[[DOWN]]
// CHECK-NEXT:        %[[E:.*]] = layout.memdesc_index %[[EMPTY]][%[[PREV]]]
// CHECK-NEXT:        layout.arrive_barrier %[[E]], 1 per_warpgroup :
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[H:.*]] = arith.truncf %[[DONE]]
// CHECK-NEXT:      tile.store_tile %[[H]], %{{.*}}[%[[PM]], %[[PN]]]
// CHECK-NEXT:      scf.yield %[[IN]]#1, %[[IN]]#2 : i32, i32
// CHECK-NEXT:    }
// CHECK-NEXT:  } partition warps(4) regs(40) {
// CHECK-NOT:     tile.dot
// CHECK:         %{{.*}}:2 = scf.for %[[PT:.*]] = %[[PID]] to %arg10 step %[[NP]] iter_args(%[[PS0:.*]] = %[[C0]], %[[PP0:.*]] = %[[C0]]) -> (i32, i32)
// CHECK-NEXT:      %[[PPM:.*]] = arith.divsi %[[PT]], %arg9
// CHECK-NEXT:      %[[PPN:.*]] = arith.remsi %[[PT]], %arg9
// CHECK-NEXT:      %[[PIN:.*]]:2 = scf.for %{{.*}} = %[[C0]] to %arg5 step %[[C1]] iter_args(%{{.*}} = %[[PS0]], %{{.*}} = %[[PP0]])
// CHECK:             arith.muli %[[PPM]],
// CHECK:             layout.async_tma_copy_global_to_local
// CHECK:             arith.muli %[[PPN]],
// CHECK:             layout.async_tma_copy_global_to_local
// CHECK:           }
// CHECK-NEXT:      scf.yield %[[PIN]]#0, %[[PIN]]#1 : i32, i32
// CHECK-NEXT:    }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  tile.return
tile.kernel @persistent(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32,
      %sam: i32 {tile.divisibility = 8 : i64},
      %sbk: i32 {tile.divisibility = 8 : i64}, %scm: i32, %tn: i32, %tiles: i32)
    attributes {num_warps = 8 : i32} {
  %pid = tile.program_id x : i32
  %np = tile.num_programs x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  scf.for %t = %pid to %tiles step %np : i32 {
    %pm = arith.divsi %t, %tn : i32
    %pn = arith.remsi %t, %tn : i32
    %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
      %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
      %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
      %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
      scf.yield %next : tensor<128x128xf32>
    } {tile.warp_specialize = true}
    %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
    tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  }
  tile.return
}

// -----

// A batched GEMM whose rank-3 allow_tma tiles (1 x rows x cols) are
// reshaped to their matrices for the dot: the slots hold the matrices
// (4 x 128x64 and 4 x 64x128), the descriptors are 3-D (blocks 1x128x64
// and 1x64x128, the same 128-byte swizzle), the producer copies them at
// (z, pm * 128, kt * 64) and (z, kt * 64, pn * 128) into the 2-D slots, and
// the consumers' wgmma reads the slots: no reshape is left in either loop.

// CHECK-LABEL: tile.kernel @batched
// CHECK-DAG:   %[[PM:.*]] = tile.program_id x
// CHECK-DAG:   %[[PN:.*]] = tile.program_id y
// CHECK-DAG:   %[[PZ:.*]] = tile.program_id z
// CHECK:       %[[DA:.*]] = tile.make_tensor_desc %{{.*}} : !tile.view<?x?x?xf16> -> !layout.tensordesc<1x128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK-NEXT:  %[[DB:.*]] = tile.make_tensor_desc %{{.*}} : !tile.view<?x?x?xf16> -> !layout.tensordesc<1x64x128xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK-NEXT:  %[[RA:.*]] = layout.local_alloc : !layout.memdesc<4x128x64xf16
// CHECK-NEXT:  %[[RB:.*]] = layout.local_alloc : !layout.memdesc<4x64x128xf16
// CHECK:       tile.warp_specialize default regs(232) {
// CHECK-NOT:     tile.reshape
// CHECK:         scf.for
// CHECK:           %[[SA:.*]] = layout.memdesc_index %[[RA]][%[[SLOT:.*]]] : !layout.memdesc<4x128x64xf16, {{.*}}> -> !layout.memdesc<128x64xf16
// CHECK-NEXT:      %[[SB:.*]] = layout.memdesc_index %[[RB]][%[[SLOT]]] : !layout.memdesc<4x64x128xf16, {{.*}}> -> !layout.memdesc<64x128xf16
// CHECK-NEXT:      tile.dot %[[SA]], %[[SB]], %{{.*}} async
// CHECK:       } partition warps(4) regs(40) {
// CHECK:           layout.barrier_expect %{{.*}}, 32768
// CHECK-DAG:       %[[ROW:.*]] = arith.muli %[[PM]], %[[C128:.*]] : i32
// CHECK-DAG:       %[[K:.*]] = arith.muli %[[KT:.*]], %[[C64:.*]] : i32
// CHECK:           layout.async_tma_copy_global_to_local %[[DA]][%[[PZ]], %[[ROW]], %[[K]]] %{{.*}}, %{{.*}} : !layout.tensordesc<1x128x64xf16, {{.*}}>, !layout.memdesc<128x64xf16
// CHECK:           %[[COL:.*]] = arith.muli %[[PN]], %[[C128]] : i32
// CHECK:           layout.async_tma_copy_global_to_local %[[DB]][%[[PZ]], %[[K]], %[[COL]]] %{{.*}}, %{{.*}} : !layout.tensordesc<1x64x128xf16, {{.*}}>, !layout.memdesc<64x128xf16
// CHECK-NOT:     tile.reshape
// CHECK:       tile.return
tile.kernel @batched(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                     %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                     %c: !tile.ptr<f32>, %batch: i32, %m: i32, %n: i32, %k: i32,
                     %sab: i32 {tile.divisibility = 8 : i64},
                     %sam: i32 {tile.divisibility = 8 : i64},
                     %sbb: i32 {tile.divisibility = 8 : i64},
                     %sbk: i32 {tile.divisibility = 8 : i64})
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %pz = tile.program_id z : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%batch, %m, %k], strides [%sab, %sam, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vb = tile.make_view %b, shape [%batch, %k, %n], strides [%sbb, %sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%n, 1] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%pz, %pm, %kt] padding = zero {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x128x64xf16>
    %tb = tile.load_tile %vb[%pz, %kt, %pn] padding = zero {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x64x128xf16>
    %ma = tile.reshape %ta : tensor<1x128x64xf16> -> tensor<128x64xf16>
    %mb = tile.reshape %tb : tensor<1x64x128xf16> -> tensor<64x128xf16>
    %next = tile.dot %ma, %mb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  } {tile.warp_specialize = true}
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<128x128xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// The ring leaves room for the buffer tile-use-tma will give an allow_tma
// store: 128x64 + 64x256 f16 steps (48 KiB) beside the 64 KiB of the
// 128x256 f16 store's buffer take 3 slots (4 would need 256 KiB); without
// the hint the store keeps its registers and the ring 4 slots (@no_hint).

// CHECK-LABEL: tile.kernel @store_room
// CHECK:       layout.local_alloc : !layout.memdesc<3x128x64xf16
// CHECK-NEXT:  layout.local_alloc : !layout.memdesc<3x64x256xf16
// CHECK:       tile.store_tile {{.*}} {allow_tma}
// CHECK-LABEL: tile.kernel @no_hint
// CHECK:       layout.local_alloc : !layout.memdesc<4x128x64xf16
// CHECK-NEXT:  layout.local_alloc : !layout.memdesc<4x64x256xf16
tile.kernel @store_room(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                        %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                        %c: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                        %m: i32, %n: i32 {tile.divisibility = 8 : i64}, %k: i32,
                        %sam: i32 {tile.divisibility = 8 : i64},
                        %sbk: i32 {tile.divisibility = 8 : i64},
                        %scm: i32 {tile.divisibility = 8 : i64})
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x256xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x256xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x256xf16> -> tensor<128x256xf32>
    scf.yield %next : tensor<128x256xf32>
  } {tile.warp_specialize = true}
  %out = arith.truncf %acc : tensor<128x256xf32> to tensor<128x256xf16>
  tile.store_tile %out, %vc[%pm, %pn] {allow_tma} : tensor<128x256xf16>, !tile.view<?x?xf16>
  tile.return
}
tile.kernel @no_hint(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                     %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                     %c: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                     %m: i32, %n: i32 {tile.divisibility = 8 : i64}, %k: i32,
                     %sam: i32 {tile.divisibility = 8 : i64},
                     %sbk: i32 {tile.divisibility = 8 : i64},
                     %scm: i32 {tile.divisibility = 8 : i64})
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x256xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x256xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x256xf16> -> tensor<128x256xf32>
    scf.yield %next : tensor<128x256xf32>
  } {tile.warp_specialize = true}
  %out = arith.truncf %acc : tensor<128x256xf32> to tensor<128x256xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x256xf16>, !tile.view<?x?xf16>
  tile.return
}

// -----

// A batched A read by tile.load_at (dims [1, 2], no hint) and B written
// as tl.trans(k): the trans is folded into K's load (order = [1, 0]), both
// loads are TMA copies of the producer: A at the load's element offsets
// [z, pm * 128, kt * 64], B in view order at [pn * 128, kt * 64] (a
// 128x64 box), which the consumers read through layout.memdesc_trans.

// CHECK-LABEL: tile.kernel @gemm_load_at_trans
// CHECK-DAG:   %[[PM:.*]] = tile.program_id x
// CHECK-DAG:   %[[PN:.*]] = tile.program_id y
// CHECK-DAG:   %[[Z:.*]] = tile.program_id z
// CHECK:       %[[ROW:.*]] = arith.muli %[[PM]], %c128_i32
// CHECK:       %[[DA:.*]] = tile.make_tensor_desc %{{.*}} : !tile.view<?x?x?xf16> -> !layout.tensordesc<1x128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK-NEXT:  %[[DB:.*]] = tile.make_tensor_desc %{{.*}} : !tile.view<?x?xf16> -> !layout.tensordesc<128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK-NEXT:  %[[RA:.*]] = layout.local_alloc : !layout.memdesc<4x128x64xf16
// CHECK-NEXT:  %[[RB:.*]] = layout.local_alloc : !layout.memdesc<4x128x64xf16
// CHECK:       tile.warp_specialize default regs(232) {
// CHECK:         scf.for
// CHECK:           %[[SA:.*]] = layout.memdesc_index %[[RA]]
// CHECK-NEXT:      %[[SB:.*]] = layout.memdesc_index %[[RB]]
// CHECK-NEXT:      %[[T:.*]] = layout.memdesc_trans %[[SB]] {order = array<i32: 1, 0>} : !layout.memdesc<128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>> -> !layout.memdesc<64x128xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16>>
// CHECK-NEXT:      tile.dot %[[SA]], %[[T]], %{{.*}} async
// CHECK:       } partition warps(4) regs(40) {
// CHECK:         scf.for %[[PIV:[^ ]*]] =
// CHECK-NEXT:      %[[KK:.*]] = arith.muli %[[PIV]], %c64_i32
// CHECK:           layout.barrier_expect %{{.*}}, 32768
// CHECK-NEXT:      %[[WA:.*]] = layout.memdesc_index %[[RA]]
// CHECK-NEXT:      layout.async_tma_copy_global_to_local %[[DA]][%[[Z]], %[[ROW]], %[[KK]]] %[[WA]]
// CHECK-NEXT:      %[[COL:.*]] = arith.muli %[[PN]], %c128_i32
// CHECK-NEXT:      %[[WB:.*]] = layout.memdesc_index %[[RB]]
// CHECK-NEXT:      layout.async_tma_copy_global_to_local %[[DB]][%[[COL]], %[[KK]]] %[[WB]]
// CHECK-NOT:   tile.trans
// CHECK-NOT:   tile.load_at
// CHECK:       tile.return
tile.kernel @gemm_load_at_trans(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                                %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                                %c: !tile.ptr<f16>, %bs: i32, %m: i32, %n: i32, %k: i32,
                                %sab: i32 {tile.divisibility = 8 : i64},
                                %sam: i32 {tile.divisibility = 8 : i64},
                                %sbn: i32 {tile.divisibility = 8 : i64}, %scm: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %z = tile.program_id z : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %va = tile.make_view %a, shape [%bs, %m, %k], strides [%sab, %sam, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vbt = tile.make_view %b, shape [%n, %k], strides [%sbn, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %row = arith.muli %pm, %c128 : i32
  %kr = arith.addi %k, %c63 : i32
  %ktiles = arith.divsi %kr, %c64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %kk = arith.muli %kt, %c64 : i32
    %ta = tile.load_at %va[%z, %row, %kk] dims [1, 2] : !tile.view<?x?x?xf16> -> tensor<128x64xf16>
    %tbt = tile.load_tile %vbt[%pn, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.trans %tbt, [1, 0] : tensor<128x64xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  } {tile.warp_specialize = true}
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}
