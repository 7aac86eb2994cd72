// Two warp-specialized GEMMs in one program, "ping-pong" without an
// ordering barrier: lane j (j = 0, 1) has a consumer warpgroup (216
// registers a thread), a producer warpgroup (40) and its own 3-slot ring
// (A 128x64 and B 64x128 a slot), and walks the 128x128 tiles
// t = 2 pid + j, 2 (pid + P) + j, ... in grouped order (8 tile rows a
// group), P programs persistent. While one consumer stores a tile the
// other's wgmmas keep the tensor cores busy. 16 warps:
// 216 x 256 + 40 x 256 = 65536 registers. Arguments as matmul_ws; launch
// (P, 1).

#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]>
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>

tile.kernel @matmul_ws_pingpong(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                                %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                                %c: !tile.ptr<f16>,
                                %m: i32, %n: i32, %k: i32,
                                %sam: i32, %sbk: i32, %scm: i32)
    attributes {num_warps = 4 : i32} {
  %pid = tile.program_id x : i32
  %nprog = tile.num_programs x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c8 = arith.constant 8 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %c127 = arith.constant 127 : i32
  %c128 = arith.constant 128 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %da = tile.make_tensor_desc %va : !tile.view<?x?xf16>
        -> !layout.tensordesc<128x64xf16, #nv>
  %db = tile.make_tensor_desc %vb : !tile.view<?x?xf16>
        -> !layout.tensordesc<64x128xf16, #nv>
  %sa0 = layout.local_alloc : !layout.memdesc<3x128x64xf16, #nv>
  %sb0 = layout.local_alloc : !layout.memdesc<3x64x128xf16, #nv>
  %full0 = layout.local_alloc : !layout.memdesc<3x1xi64, #bl>
  %empty0 = layout.local_alloc : !layout.memdesc<3x1xi64, #bl>
  %sa1 = layout.local_alloc : !layout.memdesc<3x128x64xf16, #nv>
  %sb1 = layout.local_alloc : !layout.memdesc<3x64x128xf16, #nv>
  %full1 = layout.local_alloc : !layout.memdesc<3x1xi64, #bl>
  %empty1 = layout.local_alloc : !layout.memdesc<3x1xi64, #bl>
  scf.for %s = %c0 to %c3 step %c1 : i32 {
    %f0 = layout.memdesc_index %full0[%s] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %f0, 1 : !layout.memdesc<1xi64, #bl>
    %e0 = layout.memdesc_index %empty0[%s] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %e0, 1 : !layout.memdesc<1xi64, #bl>
    %f1 = layout.memdesc_index %full1[%s] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %f1, 1 : !layout.memdesc<1xi64, #bl>
    %e1 = layout.memdesc_index %empty1[%s] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %e1, 1 : !layout.memdesc<1xi64, #bl>
  }
  %kr = arith.addi %k, %c63 : i32
  %ktiles = arith.divsi %kr, %c64 : i32
  %mr = arith.addi %m, %c127 : i32
  %tm = arith.divsi %mr, %c128 : i32
  %nr = arith.addi %n, %c127 : i32
  %tn = arith.divsi %nr, %c128 : i32
  %ntiles = arith.muli %tm, %tn : i32
  %ingroup = arith.muli %tn, %c8 : i32
  %step = arith.muli %nprog, %c2 : i32
  %first0 = arith.muli %pid, %c2 : i32
  %first1 = arith.addi %first0, %c1 : i32

  tile.warp_specialize default regs(216) {
    // Consumer of lane 0.
    %last = scf.for %t = %first0 to %ntiles step %step iter_args(%base = %c0) -> (i32) : i32 {
      %group = arith.divsi %t, %ingroup : i32
      %firstm = arith.muli %group, %c8 : i32
      %leftm = arith.subi %tm, %firstm : i32
      %gsize = arith.minsi %leftm, %c8 : i32
      %local = arith.remsi %t, %ingroup : i32
      %lm = arith.remsi %local, %gsize : i32
      %pm = arith.addi %firstm, %lm : i32
      %pn = arith.divsi %local, %gsize : i32
      %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
      %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
          -> (tensor<128x128xf32, #mma>) : i32 {
        %g = arith.addi %base, %kt : i32
        %s = arith.remsi %g, %c3 : i32
        %round = arith.divsi %g, %c3 : i32
        %phase = arith.andi %round, %c1 : i32
        %f = layout.memdesc_index %full0[%s] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.wait_barrier %f, %phase : !layout.memdesc<1xi64, #bl>
        %ta = layout.memdesc_index %sa0[%s] : !layout.memdesc<3x128x64xf16, #nv> -> !layout.memdesc<128x64xf16, #nv>
        %tb = layout.memdesc_index %sb0[%s] : !layout.memdesc<3x64x128xf16, #nv> -> !layout.memdesc<64x128xf16, #nv>
        %d = tile.dot %ta, %tb, %sum async
             : !layout.memdesc<128x64xf16, #nv>, !layout.memdesc<64x128xf16, #nv>
             -> tensor<128x128xf32, #mma>
        %next = tile.dot_wait %d {pendings = 1 : i32} : tensor<128x128xf32, #mma>
        %started = arith.cmpi sgt, %kt, %c0 : i32
        scf.if %started {
          %gp = arith.subi %g, %c1 : i32
          %ps = arith.remsi %gp, %c3 : i32
          %e = layout.memdesc_index %empty0[%ps] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
          layout.arrive_barrier %e, 1 : !layout.memdesc<1xi64, #bl>
        }
        scf.yield %next : tensor<128x128xf32, #mma>
      }
      %done = tile.dot_wait %acc {pendings = 0 : i32} : tensor<128x128xf32, #mma>
      %end = arith.addi %base, %ktiles : i32
      %any = arith.cmpi sgt, %ktiles, %c0 : i32
      scf.if %any {
        %gl = arith.subi %end, %c1 : i32
        %ls = arith.remsi %gl, %c3 : i32
        %e = layout.memdesc_index %empty0[%ls] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.arrive_barrier %e, 1 : !layout.memdesc<1xi64, #bl>
      }
      %out = arith.truncf %done : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
      tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16, #mma>, !tile.view<?x?xf16>
      scf.yield %end : i32
    }
  } partition warps(4) regs(216) {
    // Consumer of lane 1.
    %last = scf.for %t = %first1 to %ntiles step %step iter_args(%base = %c0) -> (i32) : i32 {
      %group = arith.divsi %t, %ingroup : i32
      %firstm = arith.muli %group, %c8 : i32
      %leftm = arith.subi %tm, %firstm : i32
      %gsize = arith.minsi %leftm, %c8 : i32
      %local = arith.remsi %t, %ingroup : i32
      %lm = arith.remsi %local, %gsize : i32
      %pm = arith.addi %firstm, %lm : i32
      %pn = arith.divsi %local, %gsize : i32
      %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
      %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
          -> (tensor<128x128xf32, #mma>) : i32 {
        %g = arith.addi %base, %kt : i32
        %s = arith.remsi %g, %c3 : i32
        %round = arith.divsi %g, %c3 : i32
        %phase = arith.andi %round, %c1 : i32
        %f = layout.memdesc_index %full1[%s] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.wait_barrier %f, %phase : !layout.memdesc<1xi64, #bl>
        %ta = layout.memdesc_index %sa1[%s] : !layout.memdesc<3x128x64xf16, #nv> -> !layout.memdesc<128x64xf16, #nv>
        %tb = layout.memdesc_index %sb1[%s] : !layout.memdesc<3x64x128xf16, #nv> -> !layout.memdesc<64x128xf16, #nv>
        %d = tile.dot %ta, %tb, %sum async
             : !layout.memdesc<128x64xf16, #nv>, !layout.memdesc<64x128xf16, #nv>
             -> tensor<128x128xf32, #mma>
        %next = tile.dot_wait %d {pendings = 1 : i32} : tensor<128x128xf32, #mma>
        %started = arith.cmpi sgt, %kt, %c0 : i32
        scf.if %started {
          %gp = arith.subi %g, %c1 : i32
          %ps = arith.remsi %gp, %c3 : i32
          %e = layout.memdesc_index %empty1[%ps] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
          layout.arrive_barrier %e, 1 : !layout.memdesc<1xi64, #bl>
        }
        scf.yield %next : tensor<128x128xf32, #mma>
      }
      %done = tile.dot_wait %acc {pendings = 0 : i32} : tensor<128x128xf32, #mma>
      %end = arith.addi %base, %ktiles : i32
      %any = arith.cmpi sgt, %ktiles, %c0 : i32
      scf.if %any {
        %gl = arith.subi %end, %c1 : i32
        %ls = arith.remsi %gl, %c3 : i32
        %e = layout.memdesc_index %empty1[%ls] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.arrive_barrier %e, 1 : !layout.memdesc<1xi64, #bl>
      }
      %out = arith.truncf %done : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
      tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16, #mma>, !tile.view<?x?xf16>
      scf.yield %end : i32
    }
  } partition warps(4) regs(40) {
    // Producer of lane 0.
    %last = scf.for %t = %first0 to %ntiles step %step iter_args(%base = %c0) -> (i32) : i32 {
      %group = arith.divsi %t, %ingroup : i32
      %firstm = arith.muli %group, %c8 : i32
      %leftm = arith.subi %tm, %firstm : i32
      %gsize = arith.minsi %leftm, %c8 : i32
      %local = arith.remsi %t, %ingroup : i32
      %lm = arith.remsi %local, %gsize : i32
      %pm = arith.addi %firstm, %lm : i32
      %pn = arith.divsi %local, %gsize : i32
      %row = arith.muli %pm, %c128 : i32
      %col = arith.muli %pn, %c128 : i32
      scf.for %kt = %c0 to %ktiles step %c1 : i32 {
        %g = arith.addi %base, %kt : i32
        %s = arith.remsi %g, %c3 : i32
        %round = arith.divsi %g, %c3 : i32
        %odd = arith.andi %round, %c1 : i32
        %phase = arith.xori %odd, %c1 : i32
        %e = layout.memdesc_index %empty0[%s] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.wait_barrier %e, %phase : !layout.memdesc<1xi64, #bl>
        %f = layout.memdesc_index %full0[%s] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        %ta = layout.memdesc_index %sa0[%s] : !layout.memdesc<3x128x64xf16, #nv> -> !layout.memdesc<128x64xf16, #nv>
        %tb = layout.memdesc_index %sb0[%s] : !layout.memdesc<3x64x128xf16, #nv> -> !layout.memdesc<64x128xf16, #nv>
        %kk = arith.muli %kt, %c64 : i32
        layout.barrier_expect %f, 32768 : !layout.memdesc<1xi64, #bl>
        layout.async_tma_copy_global_to_local %da[%row, %kk] %ta, %f
            : !layout.tensordesc<128x64xf16, #nv>, !layout.memdesc<128x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
        layout.async_tma_copy_global_to_local %db[%kk, %col] %tb, %f
            : !layout.tensordesc<64x128xf16, #nv>, !layout.memdesc<64x128xf16, #nv>, !layout.memdesc<1xi64, #bl>
      }
      %end = arith.addi %base, %ktiles : i32
      scf.yield %end : i32
    }
  } partition warps(4) regs(40) {
    // Producer of lane 1.
    %last = scf.for %t = %first1 to %ntiles step %step iter_args(%base = %c0) -> (i32) : i32 {
      %group = arith.divsi %t, %ingroup : i32
      %firstm = arith.muli %group, %c8 : i32
      %leftm = arith.subi %tm, %firstm : i32
      %gsize = arith.minsi %leftm, %c8 : i32
      %local = arith.remsi %t, %ingroup : i32
      %lm = arith.remsi %local, %gsize : i32
      %pm = arith.addi %firstm, %lm : i32
      %pn = arith.divsi %local, %gsize : i32
      %row = arith.muli %pm, %c128 : i32
      %col = arith.muli %pn, %c128 : i32
      scf.for %kt = %c0 to %ktiles step %c1 : i32 {
        %g = arith.addi %base, %kt : i32
        %s = arith.remsi %g, %c3 : i32
        %round = arith.divsi %g, %c3 : i32
        %odd = arith.andi %round, %c1 : i32
        %phase = arith.xori %odd, %c1 : i32
        %e = layout.memdesc_index %empty1[%s] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.wait_barrier %e, %phase : !layout.memdesc<1xi64, #bl>
        %f = layout.memdesc_index %full1[%s] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        %ta = layout.memdesc_index %sa1[%s] : !layout.memdesc<3x128x64xf16, #nv> -> !layout.memdesc<128x64xf16, #nv>
        %tb = layout.memdesc_index %sb1[%s] : !layout.memdesc<3x64x128xf16, #nv> -> !layout.memdesc<64x128xf16, #nv>
        %kk = arith.muli %kt, %c64 : i32
        layout.barrier_expect %f, 32768 : !layout.memdesc<1xi64, #bl>
        layout.async_tma_copy_global_to_local %da[%row, %kk] %ta, %f
            : !layout.tensordesc<128x64xf16, #nv>, !layout.memdesc<128x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
        layout.async_tma_copy_global_to_local %db[%kk, %col] %tb, %f
            : !layout.tensordesc<64x128xf16, #nv>, !layout.memdesc<64x128xf16, #nv>, !layout.memdesc<1xi64, #bl>
      }
      %end = arith.addi %base, %ktiles : i32
      scf.yield %end : i32
    }
  }
  tile.return
}
