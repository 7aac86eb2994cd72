// Hand-written warp specialization outside a GEMM: one producer warp streams
// 64x64 f16 tiles of x into a 2-slot shared-memory ring with TMA; the
// kernel's 4 warps read each slot into registers, hand it back, and store
// y = 2 x + 1 in f32. Each program owns 64 rows and walks all columns; n
// need not be a multiple of 64 (TMA zero-fills past the view, the store
// clips). Grid (cdiv(m, 64)); x's row stride a multiple of 8 elements.
// @ws_stream_regs is the same with a producer warpgroup and setmaxnreg
// budgets (regs(240) / regs(48)): no wgmma in the kernel, yet setmaxnreg
// needs the sm_90a target (the lowering used to leave sm_90 and the NVPTX
// back end failed with "Cannot select: intrinsic
// %llvm.nvvm.setmaxnreg.dec.sync.aligned.u32").
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
#blk = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
tile.kernel @ws_stream(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                       %y: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                       %m: i32, %n: i32, %ldx: i32, %ldy: i32)
    attributes {num_warps = 4 : i32} {
  %pid = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %vx = tile.make_view %x, shape [%m, %n], strides [%ldx, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vy = tile.make_view %y, shape [%m, %n], strides [%ldy, 1] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %dx = tile.make_tensor_desc %vx : !tile.view<?x?xf16> -> !layout.tensordesc<64x64xf16, #nv>
  %ring = layout.local_alloc : !layout.memdesc<2x64x64xf16, #nv>
  %full = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  %empty = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  scf.for %i = %c0 to %c2 step %c1 : i32 {
    %f = layout.memdesc_index %full[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    %e = layout.memdesc_index %empty[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %f, 1 : !layout.memdesc<1xi64, #bl>
    layout.init_barrier %e, 1 : !layout.memdesc<1xi64, #bl>
  }
  %n63 = arith.addi %n, %c63 : i32
  %nt = arith.divsi %n63, %c64 : i32
  %row = arith.muli %pid, %c64 : i32
  tile.warp_specialize default {
    %two = arith.constant dense<2.0> : tensor<64x64xf32, #blk>
    %one = arith.constant dense<1.0> : tensor<64x64xf32, #blk>
    scf.for %t = %c0 to %nt step %c1 : i32 {
      %s = arith.remsi %t, %c2 : i32
      %round = arith.divsi %t, %c2 : i32
      %ph = arith.andi %round, %c1 : i32
      %f = layout.memdesc_index %full[%s] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %f, %ph : !layout.memdesc<1xi64, #bl>
      %slot = layout.memdesc_index %ring[%s] : !layout.memdesc<2x64x64xf16, #nv> -> !layout.memdesc<64x64xf16, #nv>
      %v = layout.local_load %slot : !layout.memdesc<64x64xf16, #nv> -> tensor<64x64xf16, #blk>
      // Order the reads before the producer's next TMA write into the slot.
      layout.fence_async_shared
      %e = layout.memdesc_index %empty[%s] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.arrive_barrier %e, 1 : !layout.memdesc<1xi64, #bl>
      %w = arith.extf %v : tensor<64x64xf16, #blk> to tensor<64x64xf32, #blk>
      %w2 = arith.mulf %w, %two : tensor<64x64xf32, #blk>
      %w3 = arith.addf %w2, %one : tensor<64x64xf32, #blk>
      tile.store_tile %w3, %vy[%pid, %t] : tensor<64x64xf32, #blk>, !tile.view<?x?xf32>
    }
  } partition warps(1) {
    scf.for %t = %c0 to %nt step %c1 : i32 {
      %s = arith.remsi %t, %c2 : i32
      %round = arith.divsi %t, %c2 : i32
      %ph = arith.andi %round, %c1 : i32
      %ph1 = arith.xori %ph, %c1 : i32
      %e = layout.memdesc_index %empty[%s] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %e, %ph1 : !layout.memdesc<1xi64, #bl>
      %f = layout.memdesc_index %full[%s] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.barrier_expect %f, 8192 : !layout.memdesc<1xi64, #bl>
      %col = arith.muli %t, %c64 : i32
      %slot = layout.memdesc_index %ring[%s] : !layout.memdesc<2x64x64xf16, #nv> -> !layout.memdesc<64x64xf16, #nv>
      layout.async_tma_copy_global_to_local %dx[%row, %col] %slot, %f
          : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
    }
  }
  tile.return
}

tile.kernel @ws_stream_regs(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                       %y: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                       %m: i32, %n: i32, %ldx: i32, %ldy: i32)
    attributes {num_warps = 4 : i32} {
  %pid = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %vx = tile.make_view %x, shape [%m, %n], strides [%ldx, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vy = tile.make_view %y, shape [%m, %n], strides [%ldy, 1] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %dx = tile.make_tensor_desc %vx : !tile.view<?x?xf16> -> !layout.tensordesc<64x64xf16, #nv>
  %ring = layout.local_alloc : !layout.memdesc<2x64x64xf16, #nv>
  %full = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  %empty = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  scf.for %i = %c0 to %c2 step %c1 : i32 {
    %f = layout.memdesc_index %full[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    %e = layout.memdesc_index %empty[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %f, 1 : !layout.memdesc<1xi64, #bl>
    layout.init_barrier %e, 1 : !layout.memdesc<1xi64, #bl>
  }
  %n63 = arith.addi %n, %c63 : i32
  %nt = arith.divsi %n63, %c64 : i32
  %row = arith.muli %pid, %c64 : i32
  tile.warp_specialize default regs(240) {
    %two = arith.constant dense<2.0> : tensor<64x64xf32, #blk>
    %one = arith.constant dense<1.0> : tensor<64x64xf32, #blk>
    scf.for %t = %c0 to %nt step %c1 : i32 {
      %s = arith.remsi %t, %c2 : i32
      %round = arith.divsi %t, %c2 : i32
      %ph = arith.andi %round, %c1 : i32
      %f = layout.memdesc_index %full[%s] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %f, %ph : !layout.memdesc<1xi64, #bl>
      %slot = layout.memdesc_index %ring[%s] : !layout.memdesc<2x64x64xf16, #nv> -> !layout.memdesc<64x64xf16, #nv>
      %v = layout.local_load %slot : !layout.memdesc<64x64xf16, #nv> -> tensor<64x64xf16, #blk>
      // Order the reads before the producer's next TMA write into the slot.
      layout.fence_async_shared
      %e = layout.memdesc_index %empty[%s] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.arrive_barrier %e, 1 : !layout.memdesc<1xi64, #bl>
      %w = arith.extf %v : tensor<64x64xf16, #blk> to tensor<64x64xf32, #blk>
      %w2 = arith.mulf %w, %two : tensor<64x64xf32, #blk>
      %w3 = arith.addf %w2, %one : tensor<64x64xf32, #blk>
      tile.store_tile %w3, %vy[%pid, %t] : tensor<64x64xf32, #blk>, !tile.view<?x?xf32>
    }
  } partition warps(4) regs(48) {
    scf.for %t = %c0 to %nt step %c1 : i32 {
      %s = arith.remsi %t, %c2 : i32
      %round = arith.divsi %t, %c2 : i32
      %ph = arith.andi %round, %c1 : i32
      %ph1 = arith.xori %ph, %c1 : i32
      %e = layout.memdesc_index %empty[%s] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %e, %ph1 : !layout.memdesc<1xi64, #bl>
      %f = layout.memdesc_index %full[%s] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.barrier_expect %f, 8192 : !layout.memdesc<1xi64, #bl>
      %col = arith.muli %t, %c64 : i32
      %slot = layout.memdesc_index %ring[%s] : !layout.memdesc<2x64x64xf16, #nv> -> !layout.memdesc<64x64xf16, #nv>
      layout.async_tma_copy_global_to_local %dx[%row, %col] %slot, %f
          : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
    }
  }
  tile.return
}
