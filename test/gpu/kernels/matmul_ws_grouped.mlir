// examples/matmul_ws.mlir with the programs mapped to tiles in grouped
// order (as Triton's GROUP_SIZE_M): the launch is the same 2-D grid
// (cdiv(m, 128), cdiv(n, 256)), its linear index pid = x + y * gx walks
// groups of 8 tile rows column by column, so that the programs resident at
// once share A rows and B columns in L2. Arguments as matmul_ws.

#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]>
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>

tile.kernel @matmul_ws_grouped(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                       %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                       %c: !tile.ptr<f16>,
                       %m: i32, %n: i32, %k: i32,
                       %sam: i32, %sbk: i32, %scm: i32)
    attributes {num_warps = 8 : i32} {
  %px = tile.program_id x : i32
  %py = tile.program_id y : i32
  %gx = tile.num_programs x : i32
  %gy = tile.num_programs y : i32
  %c8 = arith.constant 8 : i32
  %pyx = arith.muli %py, %gx : i32
  %pid = arith.addi %px, %pyx : i32
  %ingroup = arith.muli %gy, %c8 : i32
  %group = arith.divsi %pid, %ingroup : i32
  %firstm = arith.muli %group, %c8 : i32
  %leftm = arith.subi %gx, %firstm : i32
  %gsize = arith.minsi %leftm, %c8 : i32
  %local = arith.remsi %pid, %ingroup : i32
  %lm = arith.remsi %local, %gsize : i32
  %pm = arith.addi %firstm, %lm : i32
  %pn = arith.divsi %local, %gsize : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %da = tile.make_tensor_desc %va : !tile.view<?x?xf16>
        -> !layout.tensordesc<128x64xf16, #nv>
  %db = tile.make_tensor_desc %vb : !tile.view<?x?xf16>
        -> !layout.tensordesc<64x256xf16, #nv>
  %sa = layout.local_alloc : !layout.memdesc<4x128x64xf16, #nv>
  %sb = layout.local_alloc : !layout.memdesc<4x64x256xf16, #nv>
  %full = layout.local_alloc : !layout.memdesc<4x1xi64, #bl>
  %empty = layout.local_alloc : !layout.memdesc<4x1xi64, #bl>
  scf.for %s = %c0 to %c4 step %c1 : i32 {
    %f = layout.memdesc_index %full[%s] : !layout.memdesc<4x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %f, 1 : !layout.memdesc<1xi64, #bl>
    %e = layout.memdesc_index %empty[%s] : !layout.memdesc<4x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %e, 1 : !layout.memdesc<1xi64, #bl>
  }
  %row = arith.muli %pm, %c128 : i32
  %col = arith.muli %pn, %c256 : i32
  %kr = arith.addi %k, %c63 : i32
  %ktiles = arith.divsi %kr, %c64 : i32

  tile.warp_specialize default regs(232) {
    // Consumers: wgmma only.
    %zero = arith.constant dense<0.0> : tensor<128x256xf32, #mma>
    %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
        -> (tensor<128x256xf32, #mma>) : i32 {
      %s = arith.remsi %kt, %c4 : i32
      %round = arith.divsi %kt, %c4 : i32
      %phase = arith.andi %round, %c1 : i32
      %f = layout.memdesc_index %full[%s] : !layout.memdesc<4x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %f, %phase : !layout.memdesc<1xi64, #bl>
      %ta = layout.memdesc_index %sa[%s] : !layout.memdesc<4x128x64xf16, #nv> -> !layout.memdesc<128x64xf16, #nv>
      %tb = layout.memdesc_index %sb[%s] : !layout.memdesc<4x64x256xf16, #nv> -> !layout.memdesc<64x256xf16, #nv>
      %d = tile.dot %ta, %tb, %sum async
           : !layout.memdesc<128x64xf16, #nv>, !layout.memdesc<64x256xf16, #nv>
           -> tensor<128x256xf32, #mma>
      %next = tile.dot_wait %d {pendings = 1 : i32} : tensor<128x256xf32, #mma>
      // Step kt - 1's wgmma is done in both warpgroups: release its slot.
      %started = arith.cmpi sgt, %kt, %c0 : i32
      scf.if %started {
        %kp = arith.subi %kt, %c1 : i32
        %ps = arith.remsi %kp, %c4 : i32
        %e = layout.memdesc_index %empty[%ps] : !layout.memdesc<4x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.arrive_barrier %e, 1 : !layout.memdesc<1xi64, #bl>
      }
      scf.yield %next : tensor<128x256xf32, #mma>
    }
    %done = tile.dot_wait %acc {pendings = 0 : i32} : tensor<128x256xf32, #mma>
    %out = arith.truncf %done : tensor<128x256xf32, #mma> to tensor<128x256xf16, #mma>
    tile.store_tile %out, %vc[%pm, %pn] : tensor<128x256xf16, #mma>, !tile.view<?x?xf16>
  } partition warps(4) regs(40) {
    // Producer: TMA only.
    scf.for %kt = %c0 to %ktiles step %c1 : i32 {
      %s = arith.remsi %kt, %c4 : i32
      %round = arith.divsi %kt, %c4 : i32
      %odd = arith.andi %round, %c1 : i32
      %phase = arith.xori %odd, %c1 : i32
      %e = layout.memdesc_index %empty[%s] : !layout.memdesc<4x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %e, %phase : !layout.memdesc<1xi64, #bl>
      %f = layout.memdesc_index %full[%s] : !layout.memdesc<4x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %ta = layout.memdesc_index %sa[%s] : !layout.memdesc<4x128x64xf16, #nv> -> !layout.memdesc<128x64xf16, #nv>
      %tb = layout.memdesc_index %sb[%s] : !layout.memdesc<4x64x256xf16, #nv> -> !layout.memdesc<64x256xf16, #nv>
      %kk = arith.muli %kt, %c64 : i32
      layout.barrier_expect %f, 49152 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %da[%row, %kk] %ta, %f
          : !layout.tensordesc<128x64xf16, #nv>, !layout.memdesc<128x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %db[%kk, %col] %tb, %f
          : !layout.tensordesc<64x256xf16, #nv>, !layout.memdesc<64x256xf16, #nv>, !layout.memdesc<1xi64, #bl>
    }
  }
  tile.return
}
