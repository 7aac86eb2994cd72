// A persistent GEMM on Hopper: C = A * B with TMA loads, asynchronous wgmma
// and a TMA-store epilogue, f32 accumulation; @matmul_persistent takes f16
// (f16 out), @matmul_persistent_bf16 bf16 (bf16 out). Any M, N, K >= 1; A, B
// and C row major with row strides (sam, sbk, scm, in elements) that are
// multiples of 8 (16 bytes, as TMA needs; the launcher refuses others) and
// 16-byte aligned bases.
//
//   c[i * scm + j] = sum_k a[i * sam + k] * b[k * sbk + j]
//
// Launch: a 1-D grid of P programs, normally min(#SMs, tiles), 8 warps (two
// warpgroups, each 64 x 256 of the tile), on sm_90 (compiled for sm_90a);
// any P >= 1 is correct. The kernel reads P with tile.num_programs.
//
// C is cut into 128x256 tiles, numbered in groups of 16 tile rows (the next
// tile moves down the group's rows before it moves right, as Triton's
// GROUP_SIZE_M: the A rows and B columns a group needs stay in L2); program
// p computes tiles p, p + P, p + 2P, ... The 132 tiles in flight at once
// then cover about 16 x 8 tiles, 2048 x 2048 of C, the squarest block for
// 128x256 tiles (with groups of 8 at 4096^3: 1024 rows by the whole
// width), so they read fewer distinct A and B bytes (bench/RESULTS.md).
//
// The loads run through a 3-slot ring (slot: A 128x64 and B 64x256, 48 KiB,
// one mbarrier with 49152 transaction bytes), numbered by a step counter g
// that runs over all (tile, k-step) pairs of the program, so the ring and
// its barrier phases (g / 3) & 1 carry on from one tile to the next:
//
//   - the prologue issues the loads of steps 0 and 1;
//   - step g waits for its slot, issues its wgmma asynchronously, waits
//     until only that one is in flight, synchronizes the CTA, and refills
//     the slot step g - 1 read with step g + 2, which near the end of a
//     tile is a k-step of the program's next tile: the loads of the next
//     tile are in flight while this one finishes and during its epilogue.
//     The load side keeps its own (k-step, tile, row, col) state, advanced
//     one step per refill, so tile coordinates are computed once per tile;
//   - after a tile's last k-step: wait for its wgmmas, convert, wait for
//     the previous tile's TMA store to have read the C buffer (deferred to
//     here, so that store overlaps this tile's loads and math), store the
//     accumulator to the 128-byte swizzled C buffer (64 KiB) and start its
//     TMA store (which writes nothing outside M x N but whole 16-byte chunks;
//     docs/TileLanguage.md). The last store is waited for before the exit.
//
// Shared memory: 3 x 48 + 64 KiB + barriers = 208 KiB, one CTA per SM;
// test/gpu/kernels/matmul_persistent_128.mlir is the same loop with 128x128
// tiles and 4 slots. The two kernels differ only in their element types.

#mma256 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]>
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>

tile.kernel @matmul_persistent(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %c: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %m: i32, %n: i32, %k: i32, %sam: i32, %sbk: i32, %scm: i32)
    attributes {num_warps = 8 : i32} {
  %pid = tile.program_id x : i32
  %np = tile.num_programs x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cS = arith.constant 3 : i32
  %cbm = arith.constant 128 : i32
  %cbn = arith.constant 256 : i32
  %cbk = arith.constant 64 : i32
  %cgm = arith.constant 16 : i32
  %cbm1 = arith.constant 127 : i32
  %cbn1 = arith.constant 255 : i32
  %cbk1 = arith.constant 63 : i32
  %cS1 = arith.constant 2 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %da = tile.make_tensor_desc %va : !tile.view<?x?xf16> -> !layout.tensordesc<128x64xf16, #nv>
  %db = tile.make_tensor_desc %vb : !tile.view<?x?xf16> -> !layout.tensordesc<64x256xf16, #nv>
  %dc = tile.make_tensor_desc %vc : !tile.view<?x?xf16> -> !layout.tensordesc<128x256xf16, #nv>
  %sa = layout.local_alloc : !layout.memdesc<3x128x64xf16, #nv>
  %sb = layout.local_alloc : !layout.memdesc<3x64x256xf16, #nv>
  %scb = layout.local_alloc : !layout.memdesc<128x256xf16, #nv>
  %bars = layout.local_alloc : !layout.memdesc<3x1xi64, #bl>
  scf.for %i = %c0 to %cS step %c1 : i32 {
    %ib = layout.memdesc_index %bars[%i] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %ib, 1 : !layout.memdesc<1xi64, #bl>
  }

  // Tiles: tm x tn, grouped; this program takes tiles pid, pid + np, ...
  %tm0 = arith.addi %m, %cbm1 : i32
  %tm = arith.divsi %tm0, %cbm : i32
  %tn0 = arith.addi %n, %cbn1 : i32
  %tn = arith.divsi %tn0, %cbn : i32
  %ntiles = arith.muli %tm, %tn : i32
  %lasttile = arith.subi %ntiles, %c1 : i32
  %ingroup = arith.muli %tn, %cgm : i32
  %kt0 = arith.addi %k, %cbk1 : i32
  %ktiles = arith.divsi %kt0, %cbk : i32
  %my0 = arith.subi %ntiles, %pid : i32
  %my1 = arith.addi %my0, %np : i32
  %my2 = arith.subi %my1, %c1 : i32
  %mine = arith.divsi %my2, %np : i32
  %total = arith.muli %mine, %ktiles : i32

  // Prologue: the loads of steps 0 .. S-2 (those that exist).
  %p0id0 = arith.muli %c0, %np : i32
  %p0id1 = arith.addi %pid, %p0id0 : i32
  %p0id = arith.minsi %p0id1, %lasttile : i32
  %p0grp = arith.divsi %p0id, %ingroup : i32
  %p0first = arith.muli %p0grp, %cgm : i32
  %p0left = arith.subi %tm, %p0first : i32
  %p0gm = arith.minsi %p0left, %cgm : i32
  %p0r = arith.remsi %p0id, %ingroup : i32
  %p0rm = arith.remsi %p0r, %p0gm : i32
  %p0pm = arith.addi %p0first, %p0rm : i32
  %p0pn = arith.divsi %p0r, %p0gm : i32
  %p0row = arith.muli %p0pm, %cbm : i32
  %p0col = arith.muli %p0pn, %cbn : i32
  %pro:4 = scf.for %g = %c0 to %cS1 step %c1
      iter_args(%kt = %c0, %tl = %c0, %row = %p0row, %col = %p0col)
      -> (i32, i32, i32, i32) : i32 {
    %exists = arith.cmpi slt, %g, %total : i32
    %st:4 = scf.if %exists -> (i32, i32, i32, i32) {
      %ls = arith.remsi %g, %cS : i32
      %lbar = layout.memdesc_index %bars[%ls] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %lta = layout.memdesc_index %sa[%ls] : !layout.memdesc<3x128x64xf16, #nv> -> !layout.memdesc<128x64xf16, #nv>
      %ltb = layout.memdesc_index %sb[%ls] : !layout.memdesc<3x64x256xf16, #nv> -> !layout.memdesc<64x256xf16, #nv>
      %lkk = arith.muli %kt, %cbk : i32
      layout.barrier_expect %lbar, 49152 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %da[%row, %lkk] %lta, %lbar
          : !layout.tensordesc<128x64xf16, #nv>, !layout.memdesc<128x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %db[%lkk, %col] %ltb, %lbar
          : !layout.tensordesc<64x256xf16, #nv>, !layout.memdesc<64x256xf16, #nv>, !layout.memdesc<1xi64, #bl>
      %akt1 = arith.addi %kt, %c1 : i32
      %awrap = arith.cmpi eq, %akt1, %ktiles : i32
      %ast:4 = scf.if %awrap -> (i32, i32, i32, i32) {
        %atl1 = arith.addi %tl, %c1 : i32
        %anid0 = arith.muli %atl1, %np : i32
        %anid1 = arith.addi %pid, %anid0 : i32
        %anid = arith.minsi %anid1, %lasttile : i32
        %angrp = arith.divsi %anid, %ingroup : i32
        %anfirst = arith.muli %angrp, %cgm : i32
        %anleft = arith.subi %tm, %anfirst : i32
        %angm = arith.minsi %anleft, %cgm : i32
        %anr = arith.remsi %anid, %ingroup : i32
        %anrm = arith.remsi %anr, %angm : i32
        %anpm = arith.addi %anfirst, %anrm : i32
        %anpn = arith.divsi %anr, %angm : i32
        %anrow = arith.muli %anpm, %cbm : i32
        %ancol = arith.muli %anpn, %cbn : i32
        scf.yield %c0, %atl1, %anrow, %ancol : i32, i32, i32, i32
      } else {
        scf.yield %akt1, %tl, %row, %col : i32, i32, i32, i32
      }
      scf.yield %ast#0, %ast#1, %ast#2, %ast#3 : i32, i32, i32, i32
    } else {
      scf.yield %kt, %tl, %row, %col : i32, i32, i32, i32
    }
    scf.yield %st#0, %st#1, %st#2, %st#3 : i32, i32, i32, i32
  }

  %zero = arith.constant dense<0.0> : tensor<128x256xf32, #mma256>
  %res:4 = scf.for %t = %c0 to %mine step %c1
      iter_args(%okt = %pro#0, %otl = %pro#1, %orow = %pro#2, %ocol = %pro#3)
      -> (i32, i32, i32, i32) : i32 {
    %gbase = arith.muli %t, %ktiles : i32
    %in:5 = scf.for %kt = %c0 to %ktiles step %c1
        iter_args(%sum = %zero, %lkt = %okt, %ltl = %otl, %lrow = %orow, %lcol = %ocol)
        -> (tensor<128x256xf32, #mma256>, i32, i32, i32, i32) : i32 {
      %g = arith.addi %gbase, %kt : i32
      %s = arith.remsi %g, %cS : i32
      %round = arith.divsi %g, %cS : i32
      %phase = arith.andi %round, %c1 : i32
      %bar = layout.memdesc_index %bars[%s] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %bar, %phase : !layout.memdesc<1xi64, #bl>
      %ta = layout.memdesc_index %sa[%s] : !layout.memdesc<3x128x64xf16, #nv> -> !layout.memdesc<128x64xf16, #nv>
      %tb = layout.memdesc_index %sb[%s] : !layout.memdesc<3x64x256xf16, #nv> -> !layout.memdesc<64x256xf16, #nv>
      %d = tile.dot %ta, %tb, %sum async : !layout.memdesc<128x64xf16, #nv>, !layout.memdesc<64x256xf16, #nv> -> tensor<128x256xf32, #mma256>
      %next = tile.dot_wait %d {pendings = 1 : i32} : tensor<128x256xf32, #mma256>
      // Refill the slot step g - 1 read with step g + S - 1 (maybe of the
      // next tile).
      %gn = arith.addi %g, %cS1 : i32
      %more = arith.cmpi slt, %gn, %total : i32
      %ld:4 = scf.if %more -> (i32, i32, i32, i32) {
        layout.barrier
        %rs = arith.remsi %gn, %cS : i32
        %rbar = layout.memdesc_index %bars[%rs] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        %rta = layout.memdesc_index %sa[%rs] : !layout.memdesc<3x128x64xf16, #nv> -> !layout.memdesc<128x64xf16, #nv>
        %rtb = layout.memdesc_index %sb[%rs] : !layout.memdesc<3x64x256xf16, #nv> -> !layout.memdesc<64x256xf16, #nv>
        %rkk = arith.muli %lkt, %cbk : i32
        layout.barrier_expect %rbar, 49152 : !layout.memdesc<1xi64, #bl>
        layout.async_tma_copy_global_to_local %da[%lrow, %rkk] %rta, %rbar
            : !layout.tensordesc<128x64xf16, #nv>, !layout.memdesc<128x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
        layout.async_tma_copy_global_to_local %db[%rkk, %lcol] %rtb, %rbar
            : !layout.tensordesc<64x256xf16, #nv>, !layout.memdesc<64x256xf16, #nv>, !layout.memdesc<1xi64, #bl>
        %bkt1 = arith.addi %lkt, %c1 : i32
        %bwrap = arith.cmpi eq, %bkt1, %ktiles : i32
        %bst:4 = scf.if %bwrap -> (i32, i32, i32, i32) {
          %btl1 = arith.addi %ltl, %c1 : i32
          %bnid0 = arith.muli %btl1, %np : i32
          %bnid1 = arith.addi %pid, %bnid0 : i32
          %bnid = arith.minsi %bnid1, %lasttile : i32
          %bngrp = arith.divsi %bnid, %ingroup : i32
          %bnfirst = arith.muli %bngrp, %cgm : i32
          %bnleft = arith.subi %tm, %bnfirst : i32
          %bngm = arith.minsi %bnleft, %cgm : i32
          %bnr = arith.remsi %bnid, %ingroup : i32
          %bnrm = arith.remsi %bnr, %bngm : i32
          %bnpm = arith.addi %bnfirst, %bnrm : i32
          %bnpn = arith.divsi %bnr, %bngm : i32
          %bnrow = arith.muli %bnpm, %cbm : i32
          %bncol = arith.muli %bnpn, %cbn : i32
          scf.yield %c0, %btl1, %bnrow, %bncol : i32, i32, i32, i32
        } else {
          scf.yield %bkt1, %ltl, %lrow, %lcol : i32, i32, i32, i32
        }
        scf.yield %bst#0, %bst#1, %bst#2, %bst#3 : i32, i32, i32, i32
      } else {
        scf.yield %lkt, %ltl, %lrow, %lcol : i32, i32, i32, i32
      }
      scf.yield %next, %ld#0, %ld#1, %ld#2, %ld#3 : tensor<128x256xf32, #mma256>, i32, i32, i32, i32
    }
    // Epilogue through shared memory and a TMA store, waited for only
    // before the next tile's epilogue writes the buffer again.
    %done = tile.dot_wait %in#0 {pendings = 0 : i32} : tensor<128x256xf32, #mma256>
    %o = arith.truncf %done : tensor<128x256xf32, #mma256> to tensor<128x256xf16, #mma256>
    %eid0 = arith.muli %t, %np : i32
    %eid1 = arith.addi %pid, %eid0 : i32
    %eid = arith.minsi %eid1, %lasttile : i32
    %egrp = arith.divsi %eid, %ingroup : i32
    %efirst = arith.muli %egrp, %cgm : i32
    %eleft = arith.subi %tm, %efirst : i32
    %egm = arith.minsi %eleft, %cgm : i32
    %er = arith.remsi %eid, %ingroup : i32
    %erm = arith.remsi %er, %egm : i32
    %epm = arith.addi %efirst, %erm : i32
    %epn = arith.divsi %er, %egm : i32
    %erow = arith.muli %epm, %cbm : i32
    %ecol = arith.muli %epn, %cbn : i32
    layout.async_tma_store_wait {pendings = 0 : i32}
    layout.local_store %o, %scb : tensor<128x256xf16, #mma256> -> !layout.memdesc<128x256xf16, #nv>
    layout.async_tma_copy_local_to_global %dc[%erow, %ecol] %scb : !layout.tensordesc<128x256xf16, #nv>, !layout.memdesc<128x256xf16, #nv>
    scf.yield %in#1, %in#2, %in#3, %in#4 : i32, i32, i32, i32
  }
  layout.async_tma_store_wait {pendings = 0 : i32}
  tile.return
}

tile.kernel @matmul_persistent_bf16(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
    %b: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
    %c: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
    %m: i32, %n: i32, %k: i32, %sam: i32, %sbk: i32, %scm: i32)
    attributes {num_warps = 8 : i32} {
  %pid = tile.program_id x : i32
  %np = tile.num_programs x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cS = arith.constant 3 : i32
  %cbm = arith.constant 128 : i32
  %cbn = arith.constant 256 : i32
  %cbk = arith.constant 64 : i32
  %cgm = arith.constant 16 : i32
  %cbm1 = arith.constant 127 : i32
  %cbn1 = arith.constant 255 : i32
  %cbk1 = arith.constant 63 : i32
  %cS1 = arith.constant 2 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1]
        : !tile.ptr<bf16> -> !tile.view<?x?xbf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1]
        : !tile.ptr<bf16> -> !tile.view<?x?xbf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1]
        : !tile.ptr<bf16> -> !tile.view<?x?xbf16>
  %da = tile.make_tensor_desc %va : !tile.view<?x?xbf16> -> !layout.tensordesc<128x64xbf16, #nv>
  %db = tile.make_tensor_desc %vb : !tile.view<?x?xbf16> -> !layout.tensordesc<64x256xbf16, #nv>
  %dc = tile.make_tensor_desc %vc : !tile.view<?x?xbf16> -> !layout.tensordesc<128x256xbf16, #nv>
  %sa = layout.local_alloc : !layout.memdesc<3x128x64xbf16, #nv>
  %sb = layout.local_alloc : !layout.memdesc<3x64x256xbf16, #nv>
  %scb = layout.local_alloc : !layout.memdesc<128x256xbf16, #nv>
  %bars = layout.local_alloc : !layout.memdesc<3x1xi64, #bl>
  scf.for %i = %c0 to %cS step %c1 : i32 {
    %ib = layout.memdesc_index %bars[%i] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %ib, 1 : !layout.memdesc<1xi64, #bl>
  }

  // Tiles: tm x tn, grouped; this program takes tiles pid, pid + np, ...
  %tm0 = arith.addi %m, %cbm1 : i32
  %tm = arith.divsi %tm0, %cbm : i32
  %tn0 = arith.addi %n, %cbn1 : i32
  %tn = arith.divsi %tn0, %cbn : i32
  %ntiles = arith.muli %tm, %tn : i32
  %lasttile = arith.subi %ntiles, %c1 : i32
  %ingroup = arith.muli %tn, %cgm : i32
  %kt0 = arith.addi %k, %cbk1 : i32
  %ktiles = arith.divsi %kt0, %cbk : i32
  %my0 = arith.subi %ntiles, %pid : i32
  %my1 = arith.addi %my0, %np : i32
  %my2 = arith.subi %my1, %c1 : i32
  %mine = arith.divsi %my2, %np : i32
  %total = arith.muli %mine, %ktiles : i32

  // Prologue: the loads of steps 0 .. S-2 (those that exist).
  %p0id0 = arith.muli %c0, %np : i32
  %p0id1 = arith.addi %pid, %p0id0 : i32
  %p0id = arith.minsi %p0id1, %lasttile : i32
  %p0grp = arith.divsi %p0id, %ingroup : i32
  %p0first = arith.muli %p0grp, %cgm : i32
  %p0left = arith.subi %tm, %p0first : i32
  %p0gm = arith.minsi %p0left, %cgm : i32
  %p0r = arith.remsi %p0id, %ingroup : i32
  %p0rm = arith.remsi %p0r, %p0gm : i32
  %p0pm = arith.addi %p0first, %p0rm : i32
  %p0pn = arith.divsi %p0r, %p0gm : i32
  %p0row = arith.muli %p0pm, %cbm : i32
  %p0col = arith.muli %p0pn, %cbn : i32
  %pro:4 = scf.for %g = %c0 to %cS1 step %c1
      iter_args(%kt = %c0, %tl = %c0, %row = %p0row, %col = %p0col)
      -> (i32, i32, i32, i32) : i32 {
    %exists = arith.cmpi slt, %g, %total : i32
    %st:4 = scf.if %exists -> (i32, i32, i32, i32) {
      %ls = arith.remsi %g, %cS : i32
      %lbar = layout.memdesc_index %bars[%ls] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %lta = layout.memdesc_index %sa[%ls] : !layout.memdesc<3x128x64xbf16, #nv> -> !layout.memdesc<128x64xbf16, #nv>
      %ltb = layout.memdesc_index %sb[%ls] : !layout.memdesc<3x64x256xbf16, #nv> -> !layout.memdesc<64x256xbf16, #nv>
      %lkk = arith.muli %kt, %cbk : i32
      layout.barrier_expect %lbar, 49152 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %da[%row, %lkk] %lta, %lbar
          : !layout.tensordesc<128x64xbf16, #nv>, !layout.memdesc<128x64xbf16, #nv>, !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %db[%lkk, %col] %ltb, %lbar
          : !layout.tensordesc<64x256xbf16, #nv>, !layout.memdesc<64x256xbf16, #nv>, !layout.memdesc<1xi64, #bl>
      %akt1 = arith.addi %kt, %c1 : i32
      %awrap = arith.cmpi eq, %akt1, %ktiles : i32
      %ast:4 = scf.if %awrap -> (i32, i32, i32, i32) {
        %atl1 = arith.addi %tl, %c1 : i32
        %anid0 = arith.muli %atl1, %np : i32
        %anid1 = arith.addi %pid, %anid0 : i32
        %anid = arith.minsi %anid1, %lasttile : i32
        %angrp = arith.divsi %anid, %ingroup : i32
        %anfirst = arith.muli %angrp, %cgm : i32
        %anleft = arith.subi %tm, %anfirst : i32
        %angm = arith.minsi %anleft, %cgm : i32
        %anr = arith.remsi %anid, %ingroup : i32
        %anrm = arith.remsi %anr, %angm : i32
        %anpm = arith.addi %anfirst, %anrm : i32
        %anpn = arith.divsi %anr, %angm : i32
        %anrow = arith.muli %anpm, %cbm : i32
        %ancol = arith.muli %anpn, %cbn : i32
        scf.yield %c0, %atl1, %anrow, %ancol : i32, i32, i32, i32
      } else {
        scf.yield %akt1, %tl, %row, %col : i32, i32, i32, i32
      }
      scf.yield %ast#0, %ast#1, %ast#2, %ast#3 : i32, i32, i32, i32
    } else {
      scf.yield %kt, %tl, %row, %col : i32, i32, i32, i32
    }
    scf.yield %st#0, %st#1, %st#2, %st#3 : i32, i32, i32, i32
  }

  %zero = arith.constant dense<0.0> : tensor<128x256xf32, #mma256>
  %res:4 = scf.for %t = %c0 to %mine step %c1
      iter_args(%okt = %pro#0, %otl = %pro#1, %orow = %pro#2, %ocol = %pro#3)
      -> (i32, i32, i32, i32) : i32 {
    %gbase = arith.muli %t, %ktiles : i32
    %in:5 = scf.for %kt = %c0 to %ktiles step %c1
        iter_args(%sum = %zero, %lkt = %okt, %ltl = %otl, %lrow = %orow, %lcol = %ocol)
        -> (tensor<128x256xf32, #mma256>, i32, i32, i32, i32) : i32 {
      %g = arith.addi %gbase, %kt : i32
      %s = arith.remsi %g, %cS : i32
      %round = arith.divsi %g, %cS : i32
      %phase = arith.andi %round, %c1 : i32
      %bar = layout.memdesc_index %bars[%s] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %bar, %phase : !layout.memdesc<1xi64, #bl>
      %ta = layout.memdesc_index %sa[%s] : !layout.memdesc<3x128x64xbf16, #nv> -> !layout.memdesc<128x64xbf16, #nv>
      %tb = layout.memdesc_index %sb[%s] : !layout.memdesc<3x64x256xbf16, #nv> -> !layout.memdesc<64x256xbf16, #nv>
      %d = tile.dot %ta, %tb, %sum async : !layout.memdesc<128x64xbf16, #nv>, !layout.memdesc<64x256xbf16, #nv> -> tensor<128x256xf32, #mma256>
      %next = tile.dot_wait %d {pendings = 1 : i32} : tensor<128x256xf32, #mma256>
      // Refill the slot step g - 1 read with step g + S - 1 (maybe of the
      // next tile).
      %gn = arith.addi %g, %cS1 : i32
      %more = arith.cmpi slt, %gn, %total : i32
      %ld:4 = scf.if %more -> (i32, i32, i32, i32) {
        layout.barrier
        %rs = arith.remsi %gn, %cS : i32
        %rbar = layout.memdesc_index %bars[%rs] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        %rta = layout.memdesc_index %sa[%rs] : !layout.memdesc<3x128x64xbf16, #nv> -> !layout.memdesc<128x64xbf16, #nv>
        %rtb = layout.memdesc_index %sb[%rs] : !layout.memdesc<3x64x256xbf16, #nv> -> !layout.memdesc<64x256xbf16, #nv>
        %rkk = arith.muli %lkt, %cbk : i32
        layout.barrier_expect %rbar, 49152 : !layout.memdesc<1xi64, #bl>
        layout.async_tma_copy_global_to_local %da[%lrow, %rkk] %rta, %rbar
            : !layout.tensordesc<128x64xbf16, #nv>, !layout.memdesc<128x64xbf16, #nv>, !layout.memdesc<1xi64, #bl>
        layout.async_tma_copy_global_to_local %db[%rkk, %lcol] %rtb, %rbar
            : !layout.tensordesc<64x256xbf16, #nv>, !layout.memdesc<64x256xbf16, #nv>, !layout.memdesc<1xi64, #bl>
        %bkt1 = arith.addi %lkt, %c1 : i32
        %bwrap = arith.cmpi eq, %bkt1, %ktiles : i32
        %bst:4 = scf.if %bwrap -> (i32, i32, i32, i32) {
          %btl1 = arith.addi %ltl, %c1 : i32
          %bnid0 = arith.muli %btl1, %np : i32
          %bnid1 = arith.addi %pid, %bnid0 : i32
          %bnid = arith.minsi %bnid1, %lasttile : i32
          %bngrp = arith.divsi %bnid, %ingroup : i32
          %bnfirst = arith.muli %bngrp, %cgm : i32
          %bnleft = arith.subi %tm, %bnfirst : i32
          %bngm = arith.minsi %bnleft, %cgm : i32
          %bnr = arith.remsi %bnid, %ingroup : i32
          %bnrm = arith.remsi %bnr, %bngm : i32
          %bnpm = arith.addi %bnfirst, %bnrm : i32
          %bnpn = arith.divsi %bnr, %bngm : i32
          %bnrow = arith.muli %bnpm, %cbm : i32
          %bncol = arith.muli %bnpn, %cbn : i32
          scf.yield %c0, %btl1, %bnrow, %bncol : i32, i32, i32, i32
        } else {
          scf.yield %bkt1, %ltl, %lrow, %lcol : i32, i32, i32, i32
        }
        scf.yield %bst#0, %bst#1, %bst#2, %bst#3 : i32, i32, i32, i32
      } else {
        scf.yield %lkt, %ltl, %lrow, %lcol : i32, i32, i32, i32
      }
      scf.yield %next, %ld#0, %ld#1, %ld#2, %ld#3 : tensor<128x256xf32, #mma256>, i32, i32, i32, i32
    }
    // Epilogue through shared memory and a TMA store, waited for only
    // before the next tile's epilogue writes the buffer again.
    %done = tile.dot_wait %in#0 {pendings = 0 : i32} : tensor<128x256xf32, #mma256>
    %o = arith.truncf %done : tensor<128x256xf32, #mma256> to tensor<128x256xbf16, #mma256>
    %eid0 = arith.muli %t, %np : i32
    %eid1 = arith.addi %pid, %eid0 : i32
    %eid = arith.minsi %eid1, %lasttile : i32
    %egrp = arith.divsi %eid, %ingroup : i32
    %efirst = arith.muli %egrp, %cgm : i32
    %eleft = arith.subi %tm, %efirst : i32
    %egm = arith.minsi %eleft, %cgm : i32
    %er = arith.remsi %eid, %ingroup : i32
    %erm = arith.remsi %er, %egm : i32
    %epm = arith.addi %efirst, %erm : i32
    %epn = arith.divsi %er, %egm : i32
    %erow = arith.muli %epm, %cbm : i32
    %ecol = arith.muli %epn, %cbn : i32
    layout.async_tma_store_wait {pendings = 0 : i32}
    layout.local_store %o, %scb : tensor<128x256xbf16, #mma256> -> !layout.memdesc<128x256xbf16, #nv>
    layout.async_tma_copy_local_to_global %dc[%erow, %ecol] %scb : !layout.tensordesc<128x256xbf16, #nv>, !layout.memdesc<128x256xbf16, #nv>
    scf.yield %in#1, %in#2, %in#3, %in#4 : i32, i32, i32, i32
  }
  layout.async_tma_store_wait {pendings = 0 : i32}
  tile.return
}

