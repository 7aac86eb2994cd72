// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm="arch=sm_90" | FileCheck %s

// setmaxnreg exists only on the architecture-specific target (sm_90a), as
// wgmma does: a warp-specialized kernel with regs() and no wgmma (a TMA
// producer feeding consumers that read the slots with ordinary loads) asks
// for it too; plain sm_90 made the NVPTX back end fail ("Cannot select:
// intrinsic %llvm.nvvm.setmaxnreg.dec.sync.aligned.u32") with no location.

#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>

// CHECK-LABEL: module attributes {tile.target_arch = "sm_90a"}
// CHECK: llvm.func @regs_without_wgmma
// CHECK: nvvm.setmaxregister {{ *}}decrease 240
// CHECK: nvvm.setmaxregister {{ *}}decrease 48
tile.kernel @regs_without_wgmma(%n: i32) attributes {num_warps = 4 : i32} {
  %bar = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  layout.init_barrier %bar, 1 : !layout.memdesc<1xi64, #bl>
  tile.warp_specialize default regs(240) {
    layout.barrier
  } partition warps(4) regs(48) {
    layout.barrier_expect %bar, 1024 : !layout.memdesc<1xi64, #bl>
  }
  tile.return
}

// -----

// Without regs() no setmaxnreg is emitted and the requested sm_90 stands.

#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>

// CHECK-LABEL: module {
// CHECK: llvm.func @no_regs
// CHECK-NOT: setmaxregister
// CHECK: llvm.return
tile.kernel @no_regs(%n: i32) attributes {num_warps = 4 : i32} {
  %bar = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  layout.init_barrier %bar, 1 : !layout.memdesc<1xi64, #bl>
  tile.warp_specialize default {
    layout.barrier
  } partition warps(1) {
    layout.barrier_expect %bar, 1024 : !layout.memdesc<1xi64, #bl>
  }
  tile.return
}
