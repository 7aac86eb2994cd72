// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s
// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm="enable-asserts=true" | FileCheck %s --check-prefix=ALL

// layout.wait_barrier in a kernel with asserts enabled (tile.enable_asserts,
// or the enable-asserts option for every kernel): the try_wait loop in
// inline PTX (a first try without a timer read, then a loop) gives up once
// %globaltimer has advanced 10 s (10^10 ns) past the first failed try,
// and a thread whose wait gave up calls __assertfail with the message,
// this file and the wait's line. The barrier goes in as its 32-bit shared
// address. Without asserts the wait is NVVM's try_wait.parity loop,
// unbounded.
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>

// CHECK: llvm.mlir.global internal constant @tile_str_{{[0-9]+}}("layout.wait_barrier: the phase it waits for did not complete in 10 s (a wrong phase parity, barrier_expect bytes the copies do not deliver, or arrivals that never come)\00")
// CHECK-LABEL: llvm.func @bounded
// CHECK: %[[ADDR:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i32
// CHECK: %[[TIMEOUT:.*]] = llvm.inline_asm has_side_effects "{\0A.reg .pred P1;\0A.reg .u64 t0, t1;\0Ambarrier.try_wait.parity.shared::cta.b64 P1, [$1], $2, 10000000;\0A@P1 bra DONE;\0Amov.u64 t0, %globaltimer;\0AWAIT:\0Ambarrier.try_wait.parity.shared::cta.b64 P1, [$1], $2, 10000000;\0A@P1 bra DONE;\0Amov.u64 t1, %globaltimer;\0Asub.u64 t1, t1, t0;\0Asetp.lt.u64 P1, t1, 10000000000;\0A@P1 bra WAIT;\0Amov.u32 $0, 1;\0Abra END;\0ADONE:\0Amov.u32 $0, 0;\0AEND:\0A}", "=r,r,r" %[[ADDR]], %{{.*}} : (i32, i32) -> i32
// CHECK: %[[GAVEUP:.*]] = llvm.icmp "ne" %[[TIMEOUT]], %{{.*}} : i32
// CHECK: scf.if %[[GAVEUP]]
// CHECK: llvm.call @__assertfail(
// CHECK-NOT: nvvm.mbarrier.try_wait.parity
// ALL-LABEL: llvm.func @bounded
// ALL: %globaltimer
tile.kernel @bounded(%p: i32) attributes {tile.enable_asserts} {
  %bar = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  layout.init_barrier %bar, 1 : !layout.memdesc<1xi64, #bl>
  layout.wait_barrier %bar, %p : !layout.memdesc<1xi64, #bl>
  tile.return
}

// -----

#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>

// CHECK-LABEL: llvm.func @unbounded
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK-NOT: globaltimer
// CHECK-NOT: __assertfail
// ALL-LABEL: llvm.func @unbounded
// ALL: %globaltimer
// ALL: llvm.call @__assertfail(
tile.kernel @unbounded(%p: i32) {
  %bar = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  layout.init_barrier %bar, 1 : !layout.memdesc<1xi64, #bl>
  layout.wait_barrier %bar, %p : !layout.memdesc<1xi64, #bl>
  tile.return
}
