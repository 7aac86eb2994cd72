// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --canonicalize | FileCheck %s --check-prefix=CANON

// Round trip: the default region (regs printed only when given), worker
// partitions with their warps and registers, values captured from above.

#bl = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>
#b4 = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#sh = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>

// CHECK-LABEL: tile.kernel @ws
// CHECK: %[[BUF:.*]] = layout.local_alloc
// CHECK: tile.warp_specialize default regs(128) {
// CHECK:   arith.constant dense<1.000000e+00> : tensor<256xf32, #{{.*}}>
// CHECK: } partition warps(4) regs(40) {
// CHECK:   layout.local_load %[[BUF]]
// CHECK: } partition warps(4) {
// CHECK:   tile.program_id x
// CHECK:   tile.warp_id : i32
// CHECK: }
// CHECK-NEXT: tile.return
tile.kernel @ws(%p: !tile.ptr<f32>, %n: i32) attributes {num_warps = 8 : i32} {
  %buf = layout.local_alloc : !layout.memdesc<128xf32, #sh>
  tile.warp_specialize default regs(128) {
    %v = arith.constant dense<1.0> : tensor<256xf32, #bl>
  } partition warps(4) regs(40) {
    %t = layout.local_load %buf : !layout.memdesc<128xf32, #sh> -> tensor<128xf32, #b4>
  } partition warps(4) {
    %i = tile.program_id x : i32
    %w = tile.warp_id : i32
  }
  tile.return
}

// replicas(N) prints between warps and regs; tile.replica_id.
// CHECK-LABEL: tile.kernel @replicas
// CHECK: tile.warp_specialize default regs(24) {
// CHECK: } partition warps(4) replicas(2) regs(232) {
// CHECK-NEXT: %{{.*}} = tile.replica_id : i32
// CHECK: } partition warps(4) regs(24) {
// CHECK-NOT: partition_replicas
// CHECK: tile.return
tile.kernel @replicas(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  tile.warp_specialize default regs(24) {
  } partition warps(4) replicas(2) regs(232) {
    %r = tile.replica_id : i32
    %v = arith.constant dense<1.0> : tensor<128xf32, #b4>
  } partition warps(4) regs(24) {
  }
  tile.return
}

// regs(R) may come before replicas(N); printed replicas first.
// CHECK-LABEL: tile.kernel @regs_then_replicas
// CHECK: } partition warps(4) replicas(2) regs(232) {
tile.kernel @regs_then_replicas() attributes {num_warps = 4 : i32} {
  tile.warp_specialize default regs(24) {
  } partition warps(4) regs(232) replicas(2) {
  } partition warps(4) regs(24) {
  }
  tile.return
}

// Constants folded inside a partition stay in it (the tile dialect's fold
// interface) instead of moving to the kernel's entry.
// CANON-LABEL: tile.kernel @keep_constants
// CANON: layout.wait_barrier %{{.*}}, %c7_i32
// CANON: tile.warp_specialize default {
// CANON-NEXT: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<128xf32
// CANON-NEXT: layout.local_store %[[Z]]
// CANON: } partition warps(4) {
// CANON-NEXT: %[[C3:.*]] = arith.constant 3 : i32
// CANON-NEXT: layout.wait_barrier %{{.*}}, %[[C3]]
tile.kernel @keep_constants(%p: !tile.ptr<i32>) attributes {num_warps = 4 : i32} {
  %c7 = arith.constant 7 : i32
  %bar = layout.local_alloc : !layout.memdesc<1xi64, #sh>
  %buf = layout.local_alloc : !layout.memdesc<128xf32, #sh>
  layout.init_barrier %bar, 1 : !layout.memdesc<1xi64, #sh>
  layout.wait_barrier %bar, %c7 : !layout.memdesc<1xi64, #sh>
  tile.warp_specialize default {
    %z = arith.constant dense<0.0> : tensor<128xf32, #b4>
    layout.local_store %z, %buf : tensor<128xf32, #b4> -> !layout.memdesc<128xf32, #sh>
  } partition warps(4) {
    %a = arith.constant 1 : i32
    %b = arith.constant 2 : i32
    %s = arith.addi %a, %b : i32
    layout.wait_barrier %bar, %s : !layout.memdesc<1xi64, #sh>
  }
  tile.return
}
