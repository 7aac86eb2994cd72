// Persistent batched GEMMs on Hopper: C[z] = A[z] * B[z] for z < batch, A
// [batch, M, K], B [batch, K, N], C [batch, M, N], each read and written by
// 3-D TMA, asynchronous wgmma, f32 accumulation; @matmul_batched_persistent
// takes f16 (f16 out), @matmul_batched_persistent_bf16 bf16 (bf16 out).
// Written by utils/gen_matmul_batched.py (edit it, then regenerate).
//
//   c[z*scb + i*scm + j] = sum_k a[z*sab + i*sam + k] * b[z*sbb + k*sbk + j]
//
// Any batch, M, N, K >= 1; the matrices row major (unit inner stride), the
// batch and row strides (sab, sam, sbb, sbk, scb, scm, in elements)
// multiples of 8 (16 bytes, as TMA needs; the launcher refuses others),
// bases 16-byte aligned: torch.bmm's contiguous operands with N and K
// multiples of 8, or any padding of them.
//
// Launch: a 1-D grid of P programs, normally min(#SMs, tiles), 8 warps (two
// warpgroups, each 64 rows of the tile), on sm_90 (compiled for sm_90a);
// any P >= 1 is correct. The kernel reads P with tile.num_programs.
//
// The output tiles (BM x BN of one C[z]) are numbered batch by batch, and
// inside a batch in groups of GROUP tile rows (the next tile moves down the
// group's rows before it moves right, as in examples/matmul_persistent.mlir):
// the programs in flight at once work on one or two matrices, and on a
// block of each whose A rows and B columns stay in L2. Program p computes
// tiles p, p + P, p + 2P, ...
//
// A 3-D descriptor per operand (boxes 1 x BM x BK, 1 x BK x BN, 1 x BM x
// BN; the block lands in shared memory as the 2-D tile): a box that runs
// past M, N or K of matrix z is zero filled (loads) or clipped (stores) at
// that matrix's edge, never reaching into matrix z + 1, so no rows of
// padding are needed between the matrices and the TMA store of an edge
// tile writes nothing outside C[z] but whole 16-byte chunks of its rows.
//
// The loads run through a SLOTS-slot ring (slot: A BM x BK and B BK x BN,
// one mbarrier with their transaction bytes), numbered by a step counter g
// that runs over all (tile, k-step) pairs of the program, so the ring and
// its barrier phases (g / SLOTS) & 1 carry on from one tile to the next:
//   - the prologue issues the loads of steps 0 .. SLOTS - 2;
//   - step g waits for its slot, issues its wgmma asynchronously, waits
//     until only that one is in flight, synchronizes the CTA and refills
//     the slot step g - 1 read with step g + SLOTS - 1, which near the end
//     of a tile is a k-step of the program's next tile (maybe of the next
//     matrix): the loads of the next tile are in flight while this one
//     finishes and during its epilogue. The load side keeps its own
//     (k-step, tile, z, row, col) state, advanced one step per refill;
//   - after a tile's last k-step: wait for its wgmmas, convert, wait for
//     the previous tile's TMA store to have read the C buffer (deferred to
//     here, so that store overlaps this tile's loads and math), store the
//     accumulator to the swizzled C buffer and start its TMA store. The
//     last store is waited for before the exit.

#mma256 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]>
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>

tile.kernel @matmul_batched_persistent(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %c: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %batch: i32, %m: i32, %n: i32, %k: i32, %sab: i32, %sam: i32,
    %sbb: i32, %sbk: i32, %scb: i32, %scm: i32)
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
  %va = tile.make_view %a, shape [%batch, %m, %k], strides [%sab, %sam, 1]
        : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vb = tile.make_view %b, shape [%batch, %k, %n], strides [%sbb, %sbk, 1]
        : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vc = tile.make_view %c, shape [%batch, %m, %n], strides [%scb, %scm, 1]
        : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %da = tile.make_tensor_desc %va : !tile.view<?x?x?xf16> -> !layout.tensordesc<1x128x64xf16, #nv>
  %db = tile.make_tensor_desc %vb : !tile.view<?x?x?xf16> -> !layout.tensordesc<1x64x256xf16, #nv>
  %dc = tile.make_tensor_desc %vc : !tile.view<?x?x?xf16> -> !layout.tensordesc<1x128x256xf16, #nv>
  %sa = layout.local_alloc : !layout.memdesc<3x128x64xf16, #nv>
  %sb = layout.local_alloc : !layout.memdesc<3x64x256xf16, #nv>
  %sc = layout.local_alloc : !layout.memdesc<128x256xf16, #nv>
  %bars = layout.local_alloc : !layout.memdesc<3x1xi64, #bl>
  scf.for %i = %c0 to %cS step %c1 : i32 {
    %ib = layout.memdesc_index %bars[%i] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %ib, 1 : !layout.memdesc<1xi64, #bl>
  }

  // Tiles: batch x tm x tn, batch-major, grouped inside a batch; this
  // program takes tiles pid, pid + np, ...
  %tm0 = arith.addi %m, %cbm1 : i32
  %tm = arith.divsi %tm0, %cbm : i32
  %tn0 = arith.addi %n, %cbn1 : i32
  %tn = arith.divsi %tn0, %cbn : i32
  %permat = arith.muli %tm, %tn : i32
  %ntiles = arith.muli %permat, %batch : i32
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
  %p0_t = arith.minsi %pid, %lasttile : i32
  %p0z = arith.divsi %p0_t, %permat : i32
  %p0_i = arith.remsi %p0_t, %permat : i32
  %p0_grp = arith.divsi %p0_i, %ingroup : i32
  %p0_first = arith.muli %p0_grp, %cgm : i32
  %p0_left = arith.subi %tm, %p0_first : i32
  %p0_gm = arith.minsi %p0_left, %cgm : i32
  %p0_r = arith.remsi %p0_i, %ingroup : i32
  %p0_rm = arith.remsi %p0_r, %p0_gm : i32
  %p0_pm = arith.addi %p0_first, %p0_rm : i32
  %p0_pn = arith.divsi %p0_r, %p0_gm : i32
  %p0row = arith.muli %p0_pm, %cbm : i32
  %p0col = arith.muli %p0_pn, %cbn : i32
  %pro:5 = scf.for %g = %c0 to %cS1 step %c1
      iter_args(%kt = %c0, %tl = %c0, %z = %p0z, %row = %p0row, %col = %p0col)
      -> (i32, i32, i32, i32, i32) : i32 {
    %exists = arith.cmpi slt, %g, %total : i32
    %st:5 = scf.if %exists -> (i32, i32, i32, i32, i32) {
      %ls = arith.remsi %g, %cS : i32
      %lbar = layout.memdesc_index %bars[%ls] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %lta = layout.memdesc_index %sa[%ls] : !layout.memdesc<3x128x64xf16, #nv> -> !layout.memdesc<128x64xf16, #nv>
      %ltb = layout.memdesc_index %sb[%ls] : !layout.memdesc<3x64x256xf16, #nv> -> !layout.memdesc<64x256xf16, #nv>
      %lkk = arith.muli %kt, %cbk : i32
      layout.barrier_expect %lbar, 49152 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %da[%z, %row, %lkk] %lta, %lbar
          : !layout.tensordesc<1x128x64xf16, #nv>, !layout.memdesc<128x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %db[%z, %lkk, %col] %ltb, %lbar
          : !layout.tensordesc<1x64x256xf16, #nv>, !layout.memdesc<64x256xf16, #nv>, !layout.memdesc<1xi64, #bl>
      %akt1 = arith.addi %kt, %c1 : i32
      %awrap = arith.cmpi eq, %akt1, %ktiles : i32
      %ast:5 = scf.if %awrap -> (i32, i32, i32, i32, i32) {
        %atl1 = arith.addi %tl, %c1 : i32
        %atid0 = arith.muli %atl1, %np : i32
        %atid = arith.addi %pid, %atid0 : i32
        %an_t = arith.minsi %atid, %lasttile : i32
        %anz = arith.divsi %an_t, %permat : i32
        %an_i = arith.remsi %an_t, %permat : i32
        %an_grp = arith.divsi %an_i, %ingroup : i32
        %an_first = arith.muli %an_grp, %cgm : i32
        %an_left = arith.subi %tm, %an_first : i32
        %an_gm = arith.minsi %an_left, %cgm : i32
        %an_r = arith.remsi %an_i, %ingroup : i32
        %an_rm = arith.remsi %an_r, %an_gm : i32
        %an_pm = arith.addi %an_first, %an_rm : i32
        %an_pn = arith.divsi %an_r, %an_gm : i32
        %anrow = arith.muli %an_pm, %cbm : i32
        %ancol = arith.muli %an_pn, %cbn : i32
        scf.yield %c0, %atl1, %anz, %anrow, %ancol : i32, i32, i32, i32, i32
      } else {
        scf.yield %akt1, %tl, %z, %row, %col : i32, i32, i32, i32, i32
      }
      scf.yield %ast#0, %ast#1, %ast#2, %ast#3, %ast#4 : i32, i32, i32, i32, i32
    } else {
      scf.yield %kt, %tl, %z, %row, %col : i32, i32, i32, i32, i32
    }
    scf.yield %st#0, %st#1, %st#2, %st#3, %st#4 : i32, i32, i32, i32, i32
  }

  %zero = arith.constant dense<0.0> : tensor<128x256xf32, #mma256>
  %res:5 = scf.for %t = %c0 to %mine step %c1
      iter_args(%okt = %pro#0, %otl = %pro#1, %oz = %pro#2, %orow = %pro#3, %ocol = %pro#4)
      -> (i32, i32, i32, i32, i32) : i32 {
    %gbase = arith.muli %t, %ktiles : i32
    %in:6 = scf.for %kt = %c0 to %ktiles step %c1
        iter_args(%sum = %zero, %lkt = %okt, %ltl = %otl, %lz = %oz, %lrow = %orow, %lcol = %ocol)
        -> (tensor<128x256xf32, #mma256>, i32, i32, i32, i32, i32) : i32 {
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
      %ld:5 = scf.if %more -> (i32, i32, i32, i32, i32) {
        layout.barrier
        %rs = arith.remsi %gn, %cS : i32
        %rbar = layout.memdesc_index %bars[%rs] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        %rta = layout.memdesc_index %sa[%rs] : !layout.memdesc<3x128x64xf16, #nv> -> !layout.memdesc<128x64xf16, #nv>
        %rtb = layout.memdesc_index %sb[%rs] : !layout.memdesc<3x64x256xf16, #nv> -> !layout.memdesc<64x256xf16, #nv>
        %rkk = arith.muli %lkt, %cbk : i32
        layout.barrier_expect %rbar, 49152 : !layout.memdesc<1xi64, #bl>
        layout.async_tma_copy_global_to_local %da[%lz, %lrow, %rkk] %rta, %rbar
            : !layout.tensordesc<1x128x64xf16, #nv>, !layout.memdesc<128x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
        layout.async_tma_copy_global_to_local %db[%lz, %rkk, %lcol] %rtb, %rbar
            : !layout.tensordesc<1x64x256xf16, #nv>, !layout.memdesc<64x256xf16, #nv>, !layout.memdesc<1xi64, #bl>
        %bkt1 = arith.addi %lkt, %c1 : i32
        %bwrap = arith.cmpi eq, %bkt1, %ktiles : i32
        %bst:5 = scf.if %bwrap -> (i32, i32, i32, i32, i32) {
          %btl1 = arith.addi %ltl, %c1 : i32
          %btid0 = arith.muli %btl1, %np : i32
          %btid = arith.addi %pid, %btid0 : i32
          %bn_t = arith.minsi %btid, %lasttile : i32
          %bnz = arith.divsi %bn_t, %permat : i32
          %bn_i = arith.remsi %bn_t, %permat : i32
          %bn_grp = arith.divsi %bn_i, %ingroup : i32
          %bn_first = arith.muli %bn_grp, %cgm : i32
          %bn_left = arith.subi %tm, %bn_first : i32
          %bn_gm = arith.minsi %bn_left, %cgm : i32
          %bn_r = arith.remsi %bn_i, %ingroup : i32
          %bn_rm = arith.remsi %bn_r, %bn_gm : i32
          %bn_pm = arith.addi %bn_first, %bn_rm : i32
          %bn_pn = arith.divsi %bn_r, %bn_gm : i32
          %bnrow = arith.muli %bn_pm, %cbm : i32
          %bncol = arith.muli %bn_pn, %cbn : i32
          scf.yield %c0, %btl1, %bnz, %bnrow, %bncol : i32, i32, i32, i32, i32
        } else {
          scf.yield %bkt1, %ltl, %lz, %lrow, %lcol : i32, i32, i32, i32, i32
        }
        scf.yield %bst#0, %bst#1, %bst#2, %bst#3, %bst#4 : i32, i32, i32, i32, i32
      } else {
        scf.yield %lkt, %ltl, %lz, %lrow, %lcol : i32, i32, i32, i32, i32
      }
      scf.yield %next, %ld#0, %ld#1, %ld#2, %ld#3, %ld#4 : tensor<128x256xf32, #mma256>, i32, i32, i32, i32, i32
    }
    // Epilogue through shared memory and a 3-D TMA store, waited for only
    // before the next tile's epilogue writes the buffer again.
    %done = tile.dot_wait %in#0 {pendings = 0 : i32} : tensor<128x256xf32, #mma256>
    %o = arith.truncf %done : tensor<128x256xf32, #mma256> to tensor<128x256xf16, #mma256>
    %eid0 = arith.muli %t, %np : i32
    %eid = arith.addi %pid, %eid0 : i32
    %e_t = arith.minsi %eid, %lasttile : i32
    %ez = arith.divsi %e_t, %permat : i32
    %e_i = arith.remsi %e_t, %permat : i32
    %e_grp = arith.divsi %e_i, %ingroup : i32
    %e_first = arith.muli %e_grp, %cgm : i32
    %e_left = arith.subi %tm, %e_first : i32
    %e_gm = arith.minsi %e_left, %cgm : i32
    %e_r = arith.remsi %e_i, %ingroup : i32
    %e_rm = arith.remsi %e_r, %e_gm : i32
    %e_pm = arith.addi %e_first, %e_rm : i32
    %e_pn = arith.divsi %e_r, %e_gm : i32
    %erow = arith.muli %e_pm, %cbm : i32
    %ecol = arith.muli %e_pn, %cbn : i32
    layout.async_tma_store_wait {pendings = 0 : i32}
    layout.local_store %o, %sc : tensor<128x256xf16, #mma256> -> !layout.memdesc<128x256xf16, #nv>
    layout.async_tma_copy_local_to_global %dc[%ez, %erow, %ecol] %sc : !layout.tensordesc<1x128x256xf16, #nv>, !layout.memdesc<128x256xf16, #nv>
    scf.yield %in#1, %in#2, %in#3, %in#4, %in#5 : i32, i32, i32, i32, i32
  }
  layout.async_tma_store_wait {pendings = 0 : i32}
  tile.return
}

tile.kernel @matmul_batched_persistent_bf16(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
    %b: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
    %c: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
    %batch: i32, %m: i32, %n: i32, %k: i32, %sab: i32, %sam: i32,
    %sbb: i32, %sbk: i32, %scb: i32, %scm: i32)
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
  %va = tile.make_view %a, shape [%batch, %m, %k], strides [%sab, %sam, 1]
        : !tile.ptr<bf16> -> !tile.view<?x?x?xbf16>
  %vb = tile.make_view %b, shape [%batch, %k, %n], strides [%sbb, %sbk, 1]
        : !tile.ptr<bf16> -> !tile.view<?x?x?xbf16>
  %vc = tile.make_view %c, shape [%batch, %m, %n], strides [%scb, %scm, 1]
        : !tile.ptr<bf16> -> !tile.view<?x?x?xbf16>
  %da = tile.make_tensor_desc %va : !tile.view<?x?x?xbf16> -> !layout.tensordesc<1x128x64xbf16, #nv>
  %db = tile.make_tensor_desc %vb : !tile.view<?x?x?xbf16> -> !layout.tensordesc<1x64x256xbf16, #nv>
  %dc = tile.make_tensor_desc %vc : !tile.view<?x?x?xbf16> -> !layout.tensordesc<1x128x256xbf16, #nv>
  %sa = layout.local_alloc : !layout.memdesc<3x128x64xbf16, #nv>
  %sb = layout.local_alloc : !layout.memdesc<3x64x256xbf16, #nv>
  %sc = layout.local_alloc : !layout.memdesc<128x256xbf16, #nv>
  %bars = layout.local_alloc : !layout.memdesc<3x1xi64, #bl>
  scf.for %i = %c0 to %cS step %c1 : i32 {
    %ib = layout.memdesc_index %bars[%i] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %ib, 1 : !layout.memdesc<1xi64, #bl>
  }

  // Tiles: batch x tm x tn, batch-major, grouped inside a batch; this
  // program takes tiles pid, pid + np, ...
  %tm0 = arith.addi %m, %cbm1 : i32
  %tm = arith.divsi %tm0, %cbm : i32
  %tn0 = arith.addi %n, %cbn1 : i32
  %tn = arith.divsi %tn0, %cbn : i32
  %permat = arith.muli %tm, %tn : i32
  %ntiles = arith.muli %permat, %batch : i32
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
  %p0_t = arith.minsi %pid, %lasttile : i32
  %p0z = arith.divsi %p0_t, %permat : i32
  %p0_i = arith.remsi %p0_t, %permat : i32
  %p0_grp = arith.divsi %p0_i, %ingroup : i32
  %p0_first = arith.muli %p0_grp, %cgm : i32
  %p0_left = arith.subi %tm, %p0_first : i32
  %p0_gm = arith.minsi %p0_left, %cgm : i32
  %p0_r = arith.remsi %p0_i, %ingroup : i32
  %p0_rm = arith.remsi %p0_r, %p0_gm : i32
  %p0_pm = arith.addi %p0_first, %p0_rm : i32
  %p0_pn = arith.divsi %p0_r, %p0_gm : i32
  %p0row = arith.muli %p0_pm, %cbm : i32
  %p0col = arith.muli %p0_pn, %cbn : i32
  %pro:5 = scf.for %g = %c0 to %cS1 step %c1
      iter_args(%kt = %c0, %tl = %c0, %z = %p0z, %row = %p0row, %col = %p0col)
      -> (i32, i32, i32, i32, i32) : i32 {
    %exists = arith.cmpi slt, %g, %total : i32
    %st:5 = scf.if %exists -> (i32, i32, i32, i32, i32) {
      %ls = arith.remsi %g, %cS : i32
      %lbar = layout.memdesc_index %bars[%ls] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %lta = layout.memdesc_index %sa[%ls] : !layout.memdesc<3x128x64xbf16, #nv> -> !layout.memdesc<128x64xbf16, #nv>
      %ltb = layout.memdesc_index %sb[%ls] : !layout.memdesc<3x64x256xbf16, #nv> -> !layout.memdesc<64x256xbf16, #nv>
      %lkk = arith.muli %kt, %cbk : i32
      layout.barrier_expect %lbar, 49152 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %da[%z, %row, %lkk] %lta, %lbar
          : !layout.tensordesc<1x128x64xbf16, #nv>, !layout.memdesc<128x64xbf16, #nv>, !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %db[%z, %lkk, %col] %ltb, %lbar
          : !layout.tensordesc<1x64x256xbf16, #nv>, !layout.memdesc<64x256xbf16, #nv>, !layout.memdesc<1xi64, #bl>
      %akt1 = arith.addi %kt, %c1 : i32
      %awrap = arith.cmpi eq, %akt1, %ktiles : i32
      %ast:5 = scf.if %awrap -> (i32, i32, i32, i32, i32) {
        %atl1 = arith.addi %tl, %c1 : i32
        %atid0 = arith.muli %atl1, %np : i32
        %atid = arith.addi %pid, %atid0 : i32
        %an_t = arith.minsi %atid, %lasttile : i32
        %anz = arith.divsi %an_t, %permat : i32
        %an_i = arith.remsi %an_t, %permat : i32
        %an_grp = arith.divsi %an_i, %ingroup : i32
        %an_first = arith.muli %an_grp, %cgm : i32
        %an_left = arith.subi %tm, %an_first : i32
        %an_gm = arith.minsi %an_left, %cgm : i32
        %an_r = arith.remsi %an_i, %ingroup : i32
        %an_rm = arith.remsi %an_r, %an_gm : i32
        %an_pm = arith.addi %an_first, %an_rm : i32
        %an_pn = arith.divsi %an_r, %an_gm : i32
        %anrow = arith.muli %an_pm, %cbm : i32
        %ancol = arith.muli %an_pn, %cbn : i32
        scf.yield %c0, %atl1, %anz, %anrow, %ancol : i32, i32, i32, i32, i32
      } else {
        scf.yield %akt1, %tl, %z, %row, %col : i32, i32, i32, i32, i32
      }
      scf.yield %ast#0, %ast#1, %ast#2, %ast#3, %ast#4 : i32, i32, i32, i32, i32
    } else {
      scf.yield %kt, %tl, %z, %row, %col : i32, i32, i32, i32, i32
    }
    scf.yield %st#0, %st#1, %st#2, %st#3, %st#4 : i32, i32, i32, i32, i32
  }

  %zero = arith.constant dense<0.0> : tensor<128x256xf32, #mma256>
  %res:5 = scf.for %t = %c0 to %mine step %c1
      iter_args(%okt = %pro#0, %otl = %pro#1, %oz = %pro#2, %orow = %pro#3, %ocol = %pro#4)
      -> (i32, i32, i32, i32, i32) : i32 {
    %gbase = arith.muli %t, %ktiles : i32
    %in:6 = scf.for %kt = %c0 to %ktiles step %c1
        iter_args(%sum = %zero, %lkt = %okt, %ltl = %otl, %lz = %oz, %lrow = %orow, %lcol = %ocol)
        -> (tensor<128x256xf32, #mma256>, i32, i32, i32, i32, i32) : i32 {
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
      %ld:5 = scf.if %more -> (i32, i32, i32, i32, i32) {
        layout.barrier
        %rs = arith.remsi %gn, %cS : i32
        %rbar = layout.memdesc_index %bars[%rs] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        %rta = layout.memdesc_index %sa[%rs] : !layout.memdesc<3x128x64xbf16, #nv> -> !layout.memdesc<128x64xbf16, #nv>
        %rtb = layout.memdesc_index %sb[%rs] : !layout.memdesc<3x64x256xbf16, #nv> -> !layout.memdesc<64x256xbf16, #nv>
        %rkk = arith.muli %lkt, %cbk : i32
        layout.barrier_expect %rbar, 49152 : !layout.memdesc<1xi64, #bl>
        layout.async_tma_copy_global_to_local %da[%lz, %lrow, %rkk] %rta, %rbar
            : !layout.tensordesc<1x128x64xbf16, #nv>, !layout.memdesc<128x64xbf16, #nv>, !layout.memdesc<1xi64, #bl>
        layout.async_tma_copy_global_to_local %db[%lz, %rkk, %lcol] %rtb, %rbar
            : !layout.tensordesc<1x64x256xbf16, #nv>, !layout.memdesc<64x256xbf16, #nv>, !layout.memdesc<1xi64, #bl>
        %bkt1 = arith.addi %lkt, %c1 : i32
        %bwrap = arith.cmpi eq, %bkt1, %ktiles : i32
        %bst:5 = scf.if %bwrap -> (i32, i32, i32, i32, i32) {
          %btl1 = arith.addi %ltl, %c1 : i32
          %btid0 = arith.muli %btl1, %np : i32
          %btid = arith.addi %pid, %btid0 : i32
          %bn_t = arith.minsi %btid, %lasttile : i32
          %bnz = arith.divsi %bn_t, %permat : i32
          %bn_i = arith.remsi %bn_t, %permat : i32
          %bn_grp = arith.divsi %bn_i, %ingroup : i32
          %bn_first = arith.muli %bn_grp, %cgm : i32
          %bn_left = arith.subi %tm, %bn_first : i32
          %bn_gm = arith.minsi %bn_left, %cgm : i32
          %bn_r = arith.remsi %bn_i, %ingroup : i32
          %bn_rm = arith.remsi %bn_r, %bn_gm : i32
          %bn_pm = arith.addi %bn_first, %bn_rm : i32
          %bn_pn = arith.divsi %bn_r, %bn_gm : i32
          %bnrow = arith.muli %bn_pm, %cbm : i32
          %bncol = arith.muli %bn_pn, %cbn : i32
          scf.yield %c0, %btl1, %bnz, %bnrow, %bncol : i32, i32, i32, i32, i32
        } else {
          scf.yield %bkt1, %ltl, %lz, %lrow, %lcol : i32, i32, i32, i32, i32
        }
        scf.yield %bst#0, %bst#1, %bst#2, %bst#3, %bst#4 : i32, i32, i32, i32, i32
      } else {
        scf.yield %lkt, %ltl, %lz, %lrow, %lcol : i32, i32, i32, i32, i32
      }
      scf.yield %next, %ld#0, %ld#1, %ld#2, %ld#3, %ld#4 : tensor<128x256xf32, #mma256>, i32, i32, i32, i32, i32
    }
    // Epilogue through shared memory and a 3-D TMA store, waited for only
    // before the next tile's epilogue writes the buffer again.
    %done = tile.dot_wait %in#0 {pendings = 0 : i32} : tensor<128x256xf32, #mma256>
    %o = arith.truncf %done : tensor<128x256xf32, #mma256> to tensor<128x256xbf16, #mma256>
    %eid0 = arith.muli %t, %np : i32
    %eid = arith.addi %pid, %eid0 : i32
    %e_t = arith.minsi %eid, %lasttile : i32
    %ez = arith.divsi %e_t, %permat : i32
    %e_i = arith.remsi %e_t, %permat : i32
    %e_grp = arith.divsi %e_i, %ingroup : i32
    %e_first = arith.muli %e_grp, %cgm : i32
    %e_left = arith.subi %tm, %e_first : i32
    %e_gm = arith.minsi %e_left, %cgm : i32
    %e_r = arith.remsi %e_i, %ingroup : i32
    %e_rm = arith.remsi %e_r, %e_gm : i32
    %e_pm = arith.addi %e_first, %e_rm : i32
    %e_pn = arith.divsi %e_r, %e_gm : i32
    %erow = arith.muli %e_pm, %cbm : i32
    %ecol = arith.muli %e_pn, %cbn : i32
    layout.async_tma_store_wait {pendings = 0 : i32}
    layout.local_store %o, %sc : tensor<128x256xbf16, #mma256> -> !layout.memdesc<128x256xbf16, #nv>
    layout.async_tma_copy_local_to_global %dc[%ez, %erow, %ecol] %sc : !layout.tensordesc<1x128x256xbf16, #nv>, !layout.memdesc<128x256xbf16, #nv>
    scf.yield %in#1, %in#2, %in#3, %in#4, %in#5 : i32, i32, i32, i32, i32
  }
  layout.async_tma_store_wait {pendings = 0 : i32}
  tile.return
}
