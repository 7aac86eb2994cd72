// Split-K GEMM for few rows (M up to a few hundred, large N and K): C = A * B
// with f16 inputs, f32 accumulation, f16 output; A and B row major with row
// strides (sam, sbk, in elements) that are multiples of 8 (16 bytes, as TMA
// needs) and 16-byte aligned bases; any M, N, K >= 1.
//
//   c[i * scm + j] = sum_k a[i * sam + k] * b[k * sbk + j]
//
// Why: with M = 1..128 and N = 4096 a 128x256 tile grid has 16 programs for
// 132 SMs, and the work is reading B (32 MiB at N = K = 4096), which a few
// SMs cannot do at the memory's speed. Here the K range is cut into S
// splits as well: program (j, i, s) computes the 64x128 tile (i, j) over
// the k-steps s * kper .. min(ktiles, (s + 1) * kper), kper =
// cdiv(ktiles, S), so tiles x S programs stream B at once.
//
// Launch: grid (cdiv(n, 128), cdiv(m, 64), S), 4 warps (one warpgroup, 64
// rows of the tile on m64n128k16 wgmma); S >= 1 is any split count (the
// launcher picks about two programs per SM; S = 1 is a plain tiled GEMM).
// ws: S x m x n f32 of scratch (uninitialized; S m n < 2^31, as m n is
// computed in i32); cnt:
// cdiv(m, 64) x cdiv(n, 128) i32 counters, zero before the first launch
// and left zero by every launch (the last program of a tile resets its
// counter), so one allocation serves every call of a shape.
//
// The k-loop is examples/matmul_tma.mlir's: a 4-slot TMA ring (A 64x64 and
// B 64x128 a slot, 24 KiB, one mbarrier of 24576 transaction bytes; 96 KiB:
// two programs per SM), asynchronous wgmma with one group in flight, the
// slot of step kt - 1 refilled with step kt + 3 once every warp is past
// step kt's wait. The reduction is serial split-K with a ticket:
//
//   1. every program stores its f32 partial tile to ws[s] (plain stores,
//      straight from the accumulator's layout: 8-byte pairs, 32 contiguous
//      bytes per 4 lanes; the rows below m and columns below n only; a
//      layout.convert to 16-byte accesses would need 32 KiB of shared
//      memory beside the ring, one program per SM instead of two),
//   2. a CTA barrier (every thread's stores are issued), then thread 0 takes
//      a ticket: atomic add 1 on the tile's counter, acq_rel at gpu scope
//      (its release publishes the CTA's stores, its acquire makes the other
//      programs' visible to this one; the old value reaches every thread
//      through shared memory behind a barrier),
//   3. the program that draws ticket S - 1 is the last of its tile: it adds
//      the other S - 1 partials to its own (in split order), converts
//      to f16, stores C (masked), and sets the counter back to 0.
// The partial of a split with no k-step (S > ktiles) is zero.

#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]>
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#mma8 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 64, 16]>
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>

tile.kernel @matmul_splitk(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                           %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                           %c: !tile.ptr<f16>,
                           %ws: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                           %cnt: !tile.ptr<i32>,
                           %m: i32, %n: i32, %k: i32,
                           %sam: i32, %sbk: i32, %scm: i32)
    attributes {num_warps = 4 : i32} {
  %pn = tile.program_id x : i32
  %pm = tile.program_id y : i32
  %ps = tile.program_id z : i32
  %tn = tile.num_programs x : i32
  %tm = tile.num_programs y : i32
  %splits = tile.num_programs z : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  // Split s's partials: the m x n f32 matrix at ws + s m n.
  %mn32 = arith.muli %m, %n : i32
  %mn = arith.extsi %mn32 : i32 to i64
  %da = tile.make_tensor_desc %va : !tile.view<?x?xf16>
        -> !layout.tensordesc<64x64xf16, #nv>
  %db = tile.make_tensor_desc %vb : !tile.view<?x?xf16>
        -> !layout.tensordesc<64x128xf16, #nv>
  %sa = layout.local_alloc : !layout.memdesc<4x64x64xf16, #nv>
  %sb = layout.local_alloc : !layout.memdesc<4x64x128xf16, #nv>
  %bars = layout.local_alloc : !layout.memdesc<4x1xi64, #bl>
  scf.for %s = %c0 to %c4 step %c1 : i32 {
    %bar = layout.memdesc_index %bars[%s] : !layout.memdesc<4x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %bar, 1 : !layout.memdesc<1xi64, #bl>
  }
  %row = arith.muli %pm, %c64 : i32
  %col = arith.muli %pn, %c128 : i32
  // This split's k-steps: kbeg .. kbeg + nk.
  %kr = arith.addi %k, %c63 : i32
  %ktiles = arith.divsi %kr, %c64 : i32
  %kp0 = arith.addi %ktiles, %splits : i32
  %kp1 = arith.subi %kp0, %c1 : i32
  %kper = arith.divsi %kp1, %splits : i32
  %kbeg0 = arith.muli %ps, %kper : i32
  %kbeg = arith.minsi %kbeg0, %ktiles : i32
  %kend0 = arith.addi %kbeg, %kper : i32
  %kend = arith.minsi %kend0, %ktiles : i32
  %nk = arith.subi %kend, %kbeg : i32

  // Prologue: the loads of steps 0 .. 2 (those that exist).
  scf.for %s = %c0 to %c3 step %c1 : i32 {
    %exists = arith.cmpi slt, %s, %nk : i32
    scf.if %exists {
      %bar = layout.memdesc_index %bars[%s] : !layout.memdesc<4x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %ta = layout.memdesc_index %sa[%s] : !layout.memdesc<4x64x64xf16, #nv> -> !layout.memdesc<64x64xf16, #nv>
      %tb = layout.memdesc_index %sb[%s] : !layout.memdesc<4x64x128xf16, #nv> -> !layout.memdesc<64x128xf16, #nv>
      %kabs = arith.addi %kbeg, %s : i32
      %kk = arith.muli %kabs, %c64 : i32
      layout.barrier_expect %bar, 24576 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %da[%row, %kk] %ta, %bar
          : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %db[%kk, %col] %tb, %bar
          : !layout.tensordesc<64x128xf16, #nv>, !layout.memdesc<64x128xf16, #nv>, !layout.memdesc<1xi64, #bl>
    }
  }

  %zero = arith.constant dense<0.0> : tensor<64x128xf32, #mma>
  %acc = scf.for %kt = %c0 to %nk step %c1 iter_args(%sum = %zero)
      -> (tensor<64x128xf32, #mma>) : i32 {
    %s = arith.remsi %kt, %c4 : i32
    %round = arith.divsi %kt, %c4 : i32
    %phase = arith.andi %round, %c1 : i32
    %bar = layout.memdesc_index %bars[%s] : !layout.memdesc<4x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.wait_barrier %bar, %phase : !layout.memdesc<1xi64, #bl>
    %ta = layout.memdesc_index %sa[%s] : !layout.memdesc<4x64x64xf16, #nv> -> !layout.memdesc<64x64xf16, #nv>
    %tb = layout.memdesc_index %sb[%s] : !layout.memdesc<4x64x128xf16, #nv> -> !layout.memdesc<64x128xf16, #nv>
    %d = tile.dot %ta, %tb, %sum async
         : !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<64x128xf16, #nv>
         -> tensor<64x128xf32, #mma>
    %next = tile.dot_wait %d {pendings = 1 : i32} : tensor<64x128xf32, #mma>
    // Refill the slot step kt - 1 read, with step kt + 3.
    %kn = arith.addi %kt, %c3 : i32
    %more = arith.cmpi slt, %kn, %nk : i32
    scf.if %more {
      layout.barrier
      %ns = arith.remsi %kn, %c4 : i32
      %nbar = layout.memdesc_index %bars[%ns] : !layout.memdesc<4x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %na = layout.memdesc_index %sa[%ns] : !layout.memdesc<4x64x64xf16, #nv> -> !layout.memdesc<64x64xf16, #nv>
      %nb = layout.memdesc_index %sb[%ns] : !layout.memdesc<4x64x128xf16, #nv> -> !layout.memdesc<64x128xf16, #nv>
      %kabs = arith.addi %kbeg, %kn : i32
      %kk = arith.muli %kabs, %c64 : i32
      layout.barrier_expect %nbar, 24576 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %da[%row, %kk] %na, %nbar
          : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %db[%kk, %col] %nb, %nbar
          : !layout.tensordesc<64x128xf16, #nv>, !layout.memdesc<64x128xf16, #nv>, !layout.memdesc<1xi64, #bl>
    }
    scf.yield %next : tensor<64x128xf32, #mma>
  }
  %done = tile.dot_wait %acc {pendings = 0 : i32} : tensor<64x128xf32, #mma>

  %single = arith.cmpi eq, %splits, %c1 : i32
  scf.if %single {
    %out = arith.truncf %done : tensor<64x128xf32, #mma> to tensor<64x128xf16, #mma>
    tile.store_tile %out, %vc[%pm, %pn] : tensor<64x128xf16, #mma>, !tile.view<?x?xf16>
  } else {
    // 1. The partial to ws[ps]; 2. every thread's stores issued, a ticket.
    %ps64 = arith.extsi %ps : i32 to i64
    %woff = arith.muli %ps64, %mn : i64
    %wp = tile.addptr %ws, %woff : !tile.ptr<f32>, i64
    %vw = tile.make_view %wp, shape [%m, %n], strides [%n, 1]
          : !tile.ptr<f32> -> !tile.view<?x?xf32>
    tile.store_tile %done, %vw[%pm, %pn] : tensor<64x128xf32, #mma>, !tile.view<?x?xf32>
    layout.barrier
    %tid0 = arith.muli %pm, %tn : i32
    %tid = arith.addi %tid0, %pn : i32
    %cp = tile.addptr %cnt, %tid : !tile.ptr<i32>, i32
    %ticket = tile.atomic_rmw add %cp, %c1 : !tile.ptr<i32>
    %lastticket = arith.subi %splits, %c1 : i32
    %last = arith.cmpi eq, %ticket, %lastticket : i32
    // 3. The last program of the tile adds the other partials.
    scf.if %last {
      %total = scf.for %o = %c0 to %splits step %c1 iter_args(%t = %done)
          -> (tensor<64x128xf32, #mma>) : i32 {
        %other = arith.cmpi ne, %o, %ps : i32
        %t2 = scf.if %other -> (tensor<64x128xf32, #mma>) {
          %o64 = arith.extsi %o : i32 to i64
          %ooff = arith.muli %o64, %mn : i64
          %op = tile.addptr %ws, %ooff : !tile.ptr<f32>, i64
          %vo = tile.make_view %op, shape [%m, %n], strides [%n, 1]
                : !tile.ptr<f32> -> !tile.view<?x?xf32>
          %part = tile.load_tile %vo[%pm, %pn] padding = zero
                  : !tile.view<?x?xf32> -> tensor<64x128xf32, #mma>
          %t3 = arith.addf %t, %part : tensor<64x128xf32, #mma>
          scf.yield %t3 : tensor<64x128xf32, #mma>
        } else {
          scf.yield %t : tensor<64x128xf32, #mma>
        }
        scf.yield %t2 : tensor<64x128xf32, #mma>
      }
      %out = arith.truncf %total : tensor<64x128xf32, #mma> to tensor<64x128xf16, #mma>
      tile.store_tile %out, %vc[%pm, %pn] : tensor<64x128xf16, #mma>, !tile.view<?x?xf16>
      %old = tile.atomic_rmw xchg %cp, %c0 sem = relaxed : !tile.ptr<i32>
    }
  }
  tile.return
}

// @matmul_splitk_w8: the same with 8 warps, two warpgroups side by side
// along N (each 64x64 of the tile, m64n64k16): half the accumulator a
// thread, which leaves the registers to keep two partial loads in flight
// in the last program's reduction. Launch with 8 warps, same grid.

tile.kernel @matmul_splitk_w8(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                           %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                           %c: !tile.ptr<f16>,
                           %ws: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                           %cnt: !tile.ptr<i32>,
                           %m: i32, %n: i32, %k: i32,
                           %sam: i32, %sbk: i32, %scm: i32)
    attributes {num_warps = 8 : i32} {
  %pn = tile.program_id x : i32
  %pm = tile.program_id y : i32
  %ps = tile.program_id z : i32
  %tn = tile.num_programs x : i32
  %tm = tile.num_programs y : i32
  %splits = tile.num_programs z : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  // Split s's partials: the m x n f32 matrix at ws + s m n.
  %mn32 = arith.muli %m, %n : i32
  %mn = arith.extsi %mn32 : i32 to i64
  %da = tile.make_tensor_desc %va : !tile.view<?x?xf16>
        -> !layout.tensordesc<64x64xf16, #nv>
  %db = tile.make_tensor_desc %vb : !tile.view<?x?xf16>
        -> !layout.tensordesc<64x128xf16, #nv>
  %sa = layout.local_alloc : !layout.memdesc<4x64x64xf16, #nv>
  %sb = layout.local_alloc : !layout.memdesc<4x64x128xf16, #nv>
  %bars = layout.local_alloc : !layout.memdesc<4x1xi64, #bl>
  scf.for %s = %c0 to %c4 step %c1 : i32 {
    %bar = layout.memdesc_index %bars[%s] : !layout.memdesc<4x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %bar, 1 : !layout.memdesc<1xi64, #bl>
  }
  %row = arith.muli %pm, %c64 : i32
  %col = arith.muli %pn, %c128 : i32
  // This split's k-steps: kbeg .. kbeg + nk.
  %kr = arith.addi %k, %c63 : i32
  %ktiles = arith.divsi %kr, %c64 : i32
  %kp0 = arith.addi %ktiles, %splits : i32
  %kp1 = arith.subi %kp0, %c1 : i32
  %kper = arith.divsi %kp1, %splits : i32
  %kbeg0 = arith.muli %ps, %kper : i32
  %kbeg = arith.minsi %kbeg0, %ktiles : i32
  %kend0 = arith.addi %kbeg, %kper : i32
  %kend = arith.minsi %kend0, %ktiles : i32
  %nk = arith.subi %kend, %kbeg : i32

  // Prologue: the loads of steps 0 .. 2 (those that exist).
  scf.for %s = %c0 to %c3 step %c1 : i32 {
    %exists = arith.cmpi slt, %s, %nk : i32
    scf.if %exists {
      %bar = layout.memdesc_index %bars[%s] : !layout.memdesc<4x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %ta = layout.memdesc_index %sa[%s] : !layout.memdesc<4x64x64xf16, #nv> -> !layout.memdesc<64x64xf16, #nv>
      %tb = layout.memdesc_index %sb[%s] : !layout.memdesc<4x64x128xf16, #nv> -> !layout.memdesc<64x128xf16, #nv>
      %kabs = arith.addi %kbeg, %s : i32
      %kk = arith.muli %kabs, %c64 : i32
      layout.barrier_expect %bar, 24576 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %da[%row, %kk] %ta, %bar
          : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %db[%kk, %col] %tb, %bar
          : !layout.tensordesc<64x128xf16, #nv>, !layout.memdesc<64x128xf16, #nv>, !layout.memdesc<1xi64, #bl>
    }
  }

  %zero = arith.constant dense<0.0> : tensor<64x128xf32, #mma8>
  %acc = scf.for %kt = %c0 to %nk step %c1 iter_args(%sum = %zero)
      -> (tensor<64x128xf32, #mma8>) : i32 {
    %s = arith.remsi %kt, %c4 : i32
    %round = arith.divsi %kt, %c4 : i32
    %phase = arith.andi %round, %c1 : i32
    %bar = layout.memdesc_index %bars[%s] : !layout.memdesc<4x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.wait_barrier %bar, %phase : !layout.memdesc<1xi64, #bl>
    %ta = layout.memdesc_index %sa[%s] : !layout.memdesc<4x64x64xf16, #nv> -> !layout.memdesc<64x64xf16, #nv>
    %tb = layout.memdesc_index %sb[%s] : !layout.memdesc<4x64x128xf16, #nv> -> !layout.memdesc<64x128xf16, #nv>
    %d = tile.dot %ta, %tb, %sum async
         : !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<64x128xf16, #nv>
         -> tensor<64x128xf32, #mma8>
    %next = tile.dot_wait %d {pendings = 1 : i32} : tensor<64x128xf32, #mma8>
    // Refill the slot step kt - 1 read, with step kt + 3.
    %kn = arith.addi %kt, %c3 : i32
    %more = arith.cmpi slt, %kn, %nk : i32
    scf.if %more {
      layout.barrier
      %ns = arith.remsi %kn, %c4 : i32
      %nbar = layout.memdesc_index %bars[%ns] : !layout.memdesc<4x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %na = layout.memdesc_index %sa[%ns] : !layout.memdesc<4x64x64xf16, #nv> -> !layout.memdesc<64x64xf16, #nv>
      %nb = layout.memdesc_index %sb[%ns] : !layout.memdesc<4x64x128xf16, #nv> -> !layout.memdesc<64x128xf16, #nv>
      %kabs = arith.addi %kbeg, %kn : i32
      %kk = arith.muli %kabs, %c64 : i32
      layout.barrier_expect %nbar, 24576 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %da[%row, %kk] %na, %nbar
          : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %db[%kk, %col] %nb, %nbar
          : !layout.tensordesc<64x128xf16, #nv>, !layout.memdesc<64x128xf16, #nv>, !layout.memdesc<1xi64, #bl>
    }
    scf.yield %next : tensor<64x128xf32, #mma8>
  }
  %done = tile.dot_wait %acc {pendings = 0 : i32} : tensor<64x128xf32, #mma8>

  %single = arith.cmpi eq, %splits, %c1 : i32
  scf.if %single {
    %out = arith.truncf %done : tensor<64x128xf32, #mma8> to tensor<64x128xf16, #mma8>
    tile.store_tile %out, %vc[%pm, %pn] : tensor<64x128xf16, #mma8>, !tile.view<?x?xf16>
  } else {
    // 1. The partial to ws[ps]; 2. every thread's stores issued, a ticket.
    %ps64 = arith.extsi %ps : i32 to i64
    %woff = arith.muli %ps64, %mn : i64
    %wp = tile.addptr %ws, %woff : !tile.ptr<f32>, i64
    %vw = tile.make_view %wp, shape [%m, %n], strides [%n, 1]
          : !tile.ptr<f32> -> !tile.view<?x?xf32>
    tile.store_tile %done, %vw[%pm, %pn] : tensor<64x128xf32, #mma8>, !tile.view<?x?xf32>
    layout.barrier
    %tid0 = arith.muli %pm, %tn : i32
    %tid = arith.addi %tid0, %pn : i32
    %cp = tile.addptr %cnt, %tid : !tile.ptr<i32>, i32
    %ticket = tile.atomic_rmw add %cp, %c1 : !tile.ptr<i32>
    %lastticket = arith.subi %splits, %c1 : i32
    %last = arith.cmpi eq, %ticket, %lastticket : i32
    // 3. The last program of the tile adds the other partials.
    scf.if %last {
      // Two partials a step, both loads issued before either is added.
      %total = scf.for %o = %c0 to %splits step %c2 iter_args(%t = %done)
          -> (tensor<64x128xf32, #mma8>) : i32 {
        %o1a = arith.addi %o, %c1 : i32
        %o1 = arith.minsi %o1a, %lastticket : i32
        %o64 = arith.extsi %o : i32 to i64
        %ooff = arith.muli %o64, %mn : i64
        %op = tile.addptr %ws, %ooff : !tile.ptr<f32>, i64
        %vo = tile.make_view %op, shape [%m, %n], strides [%n, 1]
              : !tile.ptr<f32> -> !tile.view<?x?xf32>
        %p0 = tile.load_tile %vo[%pm, %pn] padding = zero
              : !tile.view<?x?xf32> -> tensor<64x128xf32, #mma8>
        %o164 = arith.extsi %o1 : i32 to i64
        %o1off = arith.muli %o164, %mn : i64
        %o1p = tile.addptr %ws, %o1off : !tile.ptr<f32>, i64
        %vo1 = tile.make_view %o1p, shape [%m, %n], strides [%n, 1]
               : !tile.ptr<f32> -> !tile.view<?x?xf32>
        %p1 = tile.load_tile %vo1[%pm, %pn] padding = zero
              : !tile.view<?x?xf32> -> tensor<64x128xf32, #mma8>
        %use0 = arith.cmpi ne, %o, %ps : i32
        %t1 = scf.if %use0 -> (tensor<64x128xf32, #mma8>) {
          %a0 = arith.addf %t, %p0 : tensor<64x128xf32, #mma8>
          scf.yield %a0 : tensor<64x128xf32, #mma8>
        } else {
          scf.yield %t : tensor<64x128xf32, #mma8>
        }
        %in1 = arith.cmpi slt, %o1a, %splits : i32
        %not1 = arith.cmpi ne, %o1a, %ps : i32
        %use1 = arith.andi %in1, %not1 : i1
        %t2 = scf.if %use1 -> (tensor<64x128xf32, #mma8>) {
          %a1 = arith.addf %t1, %p1 : tensor<64x128xf32, #mma8>
          scf.yield %a1 : tensor<64x128xf32, #mma8>
        } else {
          scf.yield %t1 : tensor<64x128xf32, #mma8>
        }
        scf.yield %t2 : tensor<64x128xf32, #mma8>
      }
      %out = arith.truncf %total : tensor<64x128xf32, #mma8> to tensor<64x128xf16, #mma8>
      tile.store_tile %out, %vc[%pm, %pn] : tensor<64x128xf16, #mma8>, !tile.view<?x?xf16>
      %old = tile.atomic_rmw xchg %cp, %c0 sem = relaxed : !tile.ptr<i32>
    }
  }
  tile.return
}
