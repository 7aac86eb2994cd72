// RUN: tile-opt %s -split-input-file -verify-diagnostics

// One case per diagnostic of tile.warp_specialize, and the layout check of
// the tensors in a partition.

func.func @not_in_kernel() {
  // expected-error @+1 {{'tile.warp_specialize' op must be directly in the body of a tile.kernel (not nested in a loop, a branch or another partition): it splits the program's warps once}}
  tile.warp_specialize default {
  } partition warps(4) {
  }
  return
}

// -----

tile.kernel @not_last(%n: i32) attributes {num_warps = 4 : i32} {
  // expected-error @+1 {{'tile.warp_specialize' op must be the kernel's last op before tile.return: the worker warps leave the kernel when their partition ends; move the code that follows into the default partition}}
  tile.warp_specialize default {
  } partition warps(4) {
  }
  %i = tile.program_id x : i32
  tile.return
}

// -----

tile.kernel @no_worker(%n: i32) attributes {num_warps = 4 : i32} {
  // expected-error @+1 {{'tile.warp_specialize' op needs at least one `partition warps(N) { ... }` region after the default one}}
  tile.warp_specialize default {
  }
  tile.return
}

// -----

tile.kernel @zero_warps(%n: i32) attributes {num_warps = 4 : i32} {
  // expected-error @+1 {{'tile.warp_specialize' op partition #1 has 0 warps; give it at least 1}}
  tile.warp_specialize default {
  } partition warps(0) {
  }
  tile.return
}

// -----

tile.kernel @too_many_warps(%n: i32) attributes {num_warps = 16 : i32} {
  // expected-error @+1 {{'tile.warp_specialize' op the partitions have 36 warps in all (the kernel's num_warps = 16 and the workers'); a program has at most 32 warps (1024 threads)}}
  tile.warp_specialize default {
  } partition warps(16) {
  } partition warps(4) {
  }
  tile.return
}

// -----

tile.kernel @regs_not_multiple_of_8(%n: i32) attributes {num_warps = 8 : i32} {
  // expected-error @+1 {{'tile.warp_specialize' op regs(100) of partition #1 is not a setmaxnreg count; use a multiple of 8 from 24 to 256}}
  tile.warp_specialize default {
  } partition warps(4) regs(100) {
  }
  tile.return
}

// -----

tile.kernel @regs_too_low(%n: i32) attributes {num_warps = 8 : i32} {
  // expected-error @+1 {{'tile.warp_specialize' op regs(16) of the default partition is not a setmaxnreg count; use a multiple of 8 from 24 to 256}}
  tile.warp_specialize default regs(16) {
  } partition warps(4) {
  }
  tile.return
}

// -----

tile.kernel @regs_too_high(%n: i32) attributes {num_warps = 4 : i32} {
  // expected-error @+1 {{'tile.warp_specialize' op regs(264) of partition #1 is not a setmaxnreg count; use a multiple of 8 from 24 to 256}}
  tile.warp_specialize default {
  } partition warps(4) regs(264) {
  }
  tile.return
}

// -----

tile.kernel @not_warpgroups(%n: i32) attributes {num_warps = 8 : i32} {
  // expected-error @+1 {{'tile.warp_specialize' op partition #1 has 1 warps, but setmaxnreg sets the registers of whole warpgroups: give every partition a multiple of 4 warps (the default one: the kernel's num_warps), or drop regs()}}
  tile.warp_specialize default regs(232) {
  } partition warps(1) regs(40) {
  }
  tile.return
}

// -----

tile.kernel @default_not_warpgroups(%n: i32) attributes {num_warps = 2 : i32} {
  // expected-error @+1 {{'tile.warp_specialize' op the default partition has 2 warps, but setmaxnreg sets the registers of whole warpgroups}}
  tile.warp_specialize default {
  } partition warps(4) regs(40) {
  }
  tile.return
}

// -----

tile.kernel @over_budget(%n: i32) attributes {num_warps = 8 : i32} {
  // expected-error @+1 {{'tile.warp_specialize' op the register budgets need 67584 registers (240 x 256 + 48 x 128 threads) but a CTA has 65536; lower regs() (a partition without regs() keeps the 168 it is launched with)}}
  tile.warp_specialize default regs(240) {
  } partition warps(4) regs(48) {
  }
  tile.return
}

// -----

tile.kernel @over_budget_launch(%n: i32) attributes {num_warps = 8 : i32} {
  // A partition without regs() keeps the launch count (65536 / 384 -> 168).
  // expected-error @+1 {{'tile.warp_specialize' op the register budgets need 73728 registers (168 x 256 + 240 x 128 threads)}}
  tile.warp_specialize default {
  } partition warps(4) regs(240) {
  }
  tile.return
}

// -----

#b8 = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>
#b4 = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
tile.kernel @tensor_crosses(%n: i32) attributes {num_warps = 8 : i32} {
  // expected-note @+1 {{defined here}}
  %v = arith.constant dense<1.0> : tensor<256xf32, #b8>
  tile.warp_specialize default {
    %w = arith.constant dense<1.0> : tensor<256xf32, #b8>
    // expected-error @+1 {{'arith.addf' op uses the register tensor 'tensor<256xf32, #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>>' from outside the default partition; tensors stay in the registers of the warps that computed them: compute it inside the partition, or pass it through shared memory (layout.local_alloc) ordered by an mbarrier}}
    %x = arith.addf %v, %w : tensor<256xf32, #b8>
  } partition warps(4) {
  }
  tile.return
}

// -----

#b8 = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>
tile.kernel @tensor_before(%n: i32) attributes {num_warps = 8 : i32} {
  // expected-note @+1 {{computed here}}
  %v = arith.constant dense<1.0> : tensor<256xf32, #b8>
  // expected-error @+1 {{'tile.warp_specialize' op the kernel computes the register tensor 'tensor<256xf32, #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>>' outside the partitions; every warp runs the code before tile.warp_specialize, but tensor layouts name only the default partition's warps: move it into a partition}}
  tile.warp_specialize default {
  } partition warps(4) {
  }
  tile.return
}

// -----

#b8 = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>
tile.kernel @worker_layout(%n: i32) attributes {num_warps = 8 : i32} {
  tile.warp_specialize default {
  } partition warps(4) {
    // expected-error @+1 {{'arith.constant' op layout #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]> of 'tensor<256xf32, #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>>' spans 8 warps but its partition #1 of tile.warp_specialize has 4; make the product of warpsPerCTA equal 4 (or change the partition's warps)}}
    %v = arith.constant dense<1.0> : tensor<256xf32, #b8>
  }
  tile.return
}

// -----

tile.kernel @two(%n: i32) attributes {num_warps = 4 : i32} {
  // expected-error @+1 {{'tile.warp_specialize' op a kernel has at most one tile.warp_specialize; merge the partitions into one op}}
  tile.warp_specialize default {
    tile.warp_specialize default {
    } partition warps(4) {
    }
  } partition warps(4) {
  }
  tile.return
}

// -----

tile.kernel @bad_syntax(%n: i32) attributes {num_warps = 4 : i32} {
  tile.warp_specialize default {
  // expected-error @+1 {{expected 'warps'}}
  } partition regs(40) {
  }
  tile.return
}

// -----

func.func @warp_id_not_in_kernel() -> i32 {
  // expected-error @+1 {{'tile.warp_id' op must be inside a tile.kernel (it counts the warps of the program, or of its warp_specialize partition)}}
  %w = tile.warp_id : i32
  return %w : i32
}

// -----

// A CTA barrier reached by some warps only: under an scf.if on the warp
// index (through an arith.cmpi) ...
tile.kernel @barrier_under_warp_if() attributes {num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  // expected-note @+1 {{tile.warp_id is here}}
  %w = tile.warp_id : i32
  %lead = arith.cmpi eq, %w, %c0 : i32
  // expected-note @+1 {{this scf.if depends on tile.warp_id}}
  scf.if %lead {
    // expected-error @+1 {{layout.barrier under a branch on tile.warp_id: the warps that skip the branch never arrive and the kernel hangs; move the barrier out of the branch, or synchronize the warps in it with an mbarrier (layout.arrive_barrier / layout.wait_barrier)}}
    layout.barrier
  }
  tile.return
}

// -----

// ... also with a barrier in each arm: bar.sync is aligned (every thread at
// the same instruction), so the error names the first one.
tile.kernel @barrier_in_both_warp_arms() attributes {num_warps = 8 : i32} {
  %c4 = arith.constant 4 : i32
  // expected-note @+1 {{tile.warp_id is here}}
  %w = tile.warp_id : i32
  %low = arith.cmpi ult, %w, %c4 : i32
  // expected-note @+1 {{this scf.if depends on tile.warp_id}}
  scf.if %low {
    // expected-error @+1 {{layout.barrier under a branch on tile.warp_id}}
    layout.barrier
  } else {
    layout.barrier
  }
  tile.return
}

// -----

// ... or in a loop whose trip count differs between warps.
tile.kernel @barrier_in_warp_loop() attributes {num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-note @+1 {{tile.warp_id is here}}
  %w = tile.warp_id : i32
  %n = arith.addi %w, %c1 : i32
  // expected-note @+1 {{this scf.for depends on tile.warp_id}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    // expected-error @+1 {{layout.barrier under a branch on tile.warp_id}}
    layout.barrier
  }
  tile.return
}

// -----

// ... in a case of an scf.index_switch on it ...
tile.kernel @barrier_in_warp_switch() attributes {num_warps = 8 : i32} {
  // expected-note @+1 {{tile.warp_id is here}}
  %w = tile.warp_id : i32
  %i = arith.index_cast %w : i32 to index
  // expected-note @+1 {{this scf.index_switch depends on tile.warp_id}}
  scf.index_switch %i
  case 0 {
    // expected-error @+1 {{layout.barrier under a branch on tile.warp_id}}
    layout.barrier
    scf.yield
  }
  default {
  }
  tile.return
}

// -----

// ... or in an scf.while whose condition uses it.
tile.kernel @barrier_in_warp_while() attributes {num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-note @+1 {{tile.warp_id is here}}
  %w = tile.warp_id : i32
  // expected-note @+1 {{this scf.while depends on tile.warp_id}}
  %r = scf.while (%k = %c0) : (i32) -> i32 {
    %more = arith.cmpi slt, %k, %w : i32
    scf.condition(%more) %k : i32
  } do {
  ^bb0(%k: i32):
    // expected-error @+1 {{layout.barrier under a branch on tile.warp_id}}
    layout.barrier
    %k1 = arith.addi %k, %c1 : i32
    scf.yield %k1 : i32
  }
  tile.return
}

// -----

// Not a branch: the warp index as a loop-carried value (data), and a
// barrier beside the branch, not in it.
tile.kernel @barrier_beside_warp_if() attributes {num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %w = tile.warp_id : i32
  %lead = arith.cmpi eq, %w, %c0 : i32
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%s = %w) -> (i32) : i32 {
    layout.barrier
    %t = arith.addi %s, %i : i32
    scf.yield %t : i32
  }
  layout.barrier
  scf.if %lead {
    %u = arith.addi %r, %c1 : i32
  }
  tile.return
}

// -----

// An mbarrier shared by two partitions, initialized inside one of them: the
// other may arrive on it before the initialization (a hang or a lost
// arrival). Initialized before the op, the same kernel is accepted.
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
tile.kernel @init_in_partition(%n: i32) attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %ring = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  tile.warp_specialize default {
    %bar = layout.memdesc_index %ring[%c0] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    // expected-error @+1 {{'layout.init_barrier' op initializes, in the default partition, an mbarrier that partition #1 uses too: it may arrive on it or wait on it before the initialization; initialize it before tile.warp_specialize (the CTA barrier after layout.init_barrier then orders it for every warp)}}
    layout.init_barrier %bar, 1 : !layout.memdesc<1xi64, #bl>
    layout.wait_barrier %bar, %c0 : !layout.memdesc<1xi64, #bl>
  } partition warps(1) {
    %bar = layout.memdesc_index %ring[%c0] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    // expected-note @+1 {{used here, in partition #1}}
    layout.arrive_barrier %bar, 1 : !layout.memdesc<1xi64, #bl>
  }
  tile.return
}

// -----

// Accepted: a barrier made and initialized inside the one partition that
// uses it, and a shared one initialized before the op.
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
tile.kernel @init_ok(%n: i32) attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %shared = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  layout.init_barrier %shared, 1 : !layout.memdesc<1xi64, #bl>
  tile.warp_specialize default {
    %own = layout.local_alloc : !layout.memdesc<1xi64, #bl>
    layout.init_barrier %own, 1 : !layout.memdesc<1xi64, #bl>
    layout.wait_barrier %shared, %c0 : !layout.memdesc<1xi64, #bl>
  } partition warps(1) {
    layout.arrive_barrier %shared, 1 : !layout.memdesc<1xi64, #bl>
  }
  tile.return
}

// -----

tile.kernel @zero_replicas() attributes {num_warps = 4 : i32} {
  // expected-error @+1 {{'tile.warp_specialize' op replicas(0) of partition #1 is not a replica count; give 1 to 15 (each replica takes a named barrier)}}
  tile.warp_specialize default {
  } partition warps(4) replicas(0) {
  }
  tile.return
}

// -----

// Barriers 1 (default) and 2 .. 16 (the replicas): one too many.
tile.kernel @too_many_barriers() attributes {num_warps = 1 : i32} {
  // expected-error @+1 {{'tile.warp_specialize' op the partitions and their replicas need 16 named barriers (one each, from 1) but the hardware has barriers 1 .. 15 besides the CTA's; use fewer replicas or partitions}}
  tile.warp_specialize default {
  } partition warps(1) replicas(15) {
  }
  tile.return
}

// -----

// Every replica's threads count: 24 x 128 + 240 x 2 x 128 + 240 x 128.
tile.kernel @replicas_over_budget() attributes {num_warps = 4 : i32} {
  // expected-error @+1 {{'tile.warp_specialize' op the register budgets need 95232 registers (24 x 128 + 240 x 256 + 240 x 128 threads) but a CTA has 65536}}
  tile.warp_specialize default regs(24) {
  } partition warps(4) replicas(2) regs(240) {
  } partition warps(4) regs(240) {
  }
  tile.return
}

// -----

tile.kernel @replica_entries() attributes {num_warps = 4 : i32} {
  // expected-error @+1 {{'tile.warp_specialize' op partition_replicas has 2 entries for 1 worker partitions; give one per partition}}
  tile.warp_specialize default {
  } partition warps(4) {
  } {partition_replicas = array<i32: 2, 2>}
  tile.return
}

// -----

func.func @replica_id_outside() -> i32 {
  // expected-error @+1 {{'tile.replica_id' op must be inside a tile.kernel (it numbers the replicas of a `partition warps(W) replicas(N)` region)}}
  %r = tile.replica_id : i32
  return %r : i32
}

// -----

// Counts are bounded before they are summed (no wrap-around).
tile.kernel @huge_replicas() attributes {num_warps = 4 : i32} {
  // expected-error @+1 {{'tile.warp_specialize' op replicas(2147483647) of partition #1 is not a replica count; give 1 to 15 (each replica takes a named barrier)}}
  tile.warp_specialize default {
  } partition warps(1) replicas(2147483647) {
  }
  tile.return
}

// -----

tile.kernel @huge_warps() attributes {num_warps = 4 : i32} {
  // expected-error @+1 {{'tile.warp_specialize' op partition #1 has 1073741824 warps; a program has at most 32 warps (1024 threads)}}
  tile.warp_specialize default {
  } partition warps(1073741824) replicas(4) {
  }
  tile.return
}

// -----

#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
tile.kernel @init_outside_buffer_in_replicas() attributes {num_warps = 4 : i32} {
  %bar = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  tile.warp_specialize default {
  } partition warps(4) replicas(2) {
    // expected-error @+1 {{'layout.init_barrier' op initializes, in the replicated partition #1, an mbarrier allocated outside it: every replica would initialize it while the others may already use it; allocate it in the partition (each replica then has its own) or initialize it before tile.warp_specialize}}
    layout.init_barrier %bar, 1 : !layout.memdesc<1xi64, #bl>
  }
  tile.return
}

// -----

tile.kernel @replicas_on_default() attributes {num_warps = 4 : i32} {
  // expected-error @+1 {{replicas(N) is only for worker partitions (`partition warps(W) replicas(N)`): the default region runs the kernel's num_warps warps once}}
  tile.warp_specialize default replicas(2) {
  } partition warps(4) {
  }
  tile.return
}

// -----

tile.kernel @replicas_twice() attributes {num_warps = 4 : i32} {
  tile.warp_specialize default {
  // expected-error @+1 {{replicas(N) given twice}}
  } partition warps(4) replicas(2) replicas(3) {
  }
  tile.return
}

// -----

tile.kernel @regs_twice() attributes {num_warps = 4 : i32} {
  tile.warp_specialize default {
  // expected-error @+1 {{regs(R) given twice}}
  } partition warps(4) regs(24) replicas(2) regs(32) {
  }
  tile.return
}
