// Flash attention forward, warp-specialized as FlashAttention-3: a producer
// warpgroup streams Q, K and V by TMA into shared memory, consumer
// warpgroups of 64 query rows each take turns on the tensor cores.
// o = softmax(q k^T * sm_scale [+ causal mask]) v, f16 or bf16 in, f32
// accumulation, output in the input type. Persistent: each program walks
// tiles of 64 C query rows of one head (C consumers).
// Kernels (utils/gen_attention_ws.py writes this file): @attention_ws_f16_d64,
// ..._f16_d128, ..._bf16_d64, ..._bf16_d128; C = 2 consumers (128-row
// tiles), 12 warps, 240 / 24 registers a thread (setmaxnreg), 3-slot (d =
// 64) or 2-slot (d = 128) K and V rings. (The generator's nc=3 option makes
// C = 3: 192-row tiles, 16 warps, 160 / 32 registers.)
// Key blocks of 128. The producer is the default region (the kernel's 4
// warps); the consumers are one region, `partition warps(4) replicas(C)`,
// run by warpgroups 1 .. C, each finding its index w with tile.replica_id:
// the consumer's code is compiled once (half the assembler's time of one
// region per consumer).
//
// Arguments: those of examples/attention_tma.mlir (q, k, v, o, sm_scale,
// n, heads, causal, the (b, h, n) strides of q, k, v and o, then rq, rk,
// rv: the rows of q, k and v seen as [rows, d] matrices), then nbh = B * H.
// A key block that crosses the end of a head reads the next head's rows (or
// zeros): its scores are masked to -inf.
//
// Launch: grid (P, 1), 4 (C + 1) warps, any P >= 1: tiles u = 0 .. T - 1,
// T = cdiv(n, 64 C) * B * H, in the order (head, row block last first);
// program p takes its k-th tile u = k P + p, or k P + P - 1 - p for odd k
// while the whole wave k exists. bench/attention.py and
// test/gpu/cases_attention_ws.py launch P = min(SMs, T), with and without
// the mask.
//
// Shared memory and mbarriers:
//   - Q: one 64 x d slot per consumer: bq[w] (count 1, expect-tx) full for
//     tile k of the program at parity k & 1; qfree[w] (count 1) once
//     consumer w has waited for its last S of the tile;
//   - K and V: rings of S slots of BN keys; the program's b-th key block
//     (counting over its tiles) sits in slot b % S. full[s] (count 1: the
//     producer's expect-tx) completes when the block has landed, parity
//     (b / S) & 1; empty[s] (count C: one arrival per consumer) when every
//     consumer is done reading it;
//   - turn[w] (count 1): consumer w may issue its next wgmmas.
// The consumers arrive with `nosync` (one thread, no warpgroup barrier):
// a release follows the tile.dot_wait that covers the warpgroup's wgmma,
// and a turn orders no memory.
//
// Producer, per tile: K_0, each consumer's Q (after its qfree, parity
// ((k & 1) ^ 1): the first round passes at once; K_0 first, so that it
// lands while the consumers finish the previous tile), then for each block
// j: K_(j+1), V_j (the order in which the consumers need them); each K or
// V load waits for its slot's empty barrier (parity ((b / S) & 1) ^ 1),
// expects the block's bytes on full and starts the copy.
//
// Consumers (FA3's two overlaps):
//   - within a warpgroup, iteration j holds P_j (the register A operand)
//     and O, and
//       1. waits for its turn, issues S_(j+1) = Q K_(j+1)^T and
//          O += P_j V_j (both async; O was rescaled by the previous
//          iteration), hands the turn to the next consumer;
//       2. waits for S_(j+1) only, releases K_(j+1)'s slot and computes the
//          online softmax of S_(j+1) while P_j V_j runs;
//       3. waits for P_j V_j, releases V_j's slot, O = O alpha_(j+1)
//          (d = 128; at d = 64 O is rescaled in step 1, before the P V
//          issue, and a store of the thread's row sums to a scratch slot
//          right before the wait keeps ptxas from hoisting the wait above
//          the exponentials);
//   - at d = 64 the running max is lazy (FlashAttention-4's conditional
//     rescale): a row takes a block's max only when it exceeds the old
//     one by more than 8 (log2 units; P stays below 2^8), so alpha is
//     mostly exactly 1, and a warp multiplies its rows of O by alpha only
//     when one of them moved (layout.warp_any, a vote, around an scf.if);
//   - between the warpgroups, the turn barriers order the issues
//     (ping-pong): the last consumer hands consumer 0 the first turn, and
//     each hands the turn to the next after issuing its wgmmas, so one
//     consumer's softmax runs while the others' wgmmas keep the tensor
//     cores busy. Every consumer takes hi + 1 turns a tile (S_0, one a loop
//     iteration, the last P V): turn t of the program waits for parity
//     t & 1.
//   - block 0's softmax is in the tile's prologue and the last P V after
//     the loops; blocks 1 .. nfull - 1 need no mask, the rest (the last
//     partial block, the diagonal when causal) are masked.
//   - the row sums l are kept per thread ([64, 4]: P reshaped to
//     [64, BN / 8, 4, 2] and summed in-thread over axes 3 and 1) and summed
//     over each row's quad once, before O / l; the mask keeps column c of
//     block j iff c < lim - j BN, lim = n, or min(n, row + 1) when causal.
//   - O / l is stored from registers; rows past n are dropped by the store.

#sw = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#swT = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16>
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
#p4_ws_f16_64 = #layout.linear<register = [[0, 0, 0, 1], [8, 0, 0, 0], [0, 1, 0, 0], [0, 2, 0, 0], [0, 4, 0, 0], [0, 8, 0, 0]], lane = [[0, 0, 1, 0], [0, 0, 2, 0], [1, 0, 0, 0], [2, 0, 0, 0], [4, 0, 0, 0]], warp = [[16, 0, 0, 0], [32, 0, 0, 0]]>
#p3_ws_f16_64 = #layout.slice<dim = 3, parent = #p4_ws_f16_64>
#lq_ws_f16_64 = #layout.slice<dim = 1, parent = #p3_ws_f16_64>
#lqr_ws_f16_64 = #layout.slice<dim = 1, parent = #lq_ws_f16_64>

#mmaS_ws_f16_64 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]>
#mmaO_ws_f16_64 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]>
#opP_ws_f16_64 = #layout.dot_operand<opIdx = 0, parent = #mmaO_ws_f16_64, kWidth = 2>
#rowS_ws_f16_64 = #layout.slice<dim = 1, parent = #mmaS_ws_f16_64>
#colS_ws_f16_64 = #layout.slice<dim = 0, parent = #mmaS_ws_f16_64>
#rowO_ws_f16_64 = #layout.slice<dim = 1, parent = #mmaO_ws_f16_64>

#pin_ws_f16_64 = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
tile.kernel @attention_ws_f16_d64(
    %q: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %k: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %v: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %o: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %sm_scale: f32, %n: i32, %heads: i32, %causal: i32,
    %sqb: i32 {tile.divisibility = 8 : i64}, %sqh: i32 {tile.divisibility = 8 : i64}, %sqn: i32 {tile.divisibility = 8 : i64},
    %skb: i32 {tile.divisibility = 8 : i64}, %skh: i32 {tile.divisibility = 8 : i64}, %skn: i32 {tile.divisibility = 8 : i64},
    %svb: i32 {tile.divisibility = 8 : i64}, %svh: i32 {tile.divisibility = 8 : i64}, %svn: i32 {tile.divisibility = 8 : i64},
    %sob: i32 {tile.divisibility = 8 : i64}, %soh: i32 {tile.divisibility = 8 : i64}, %son: i32 {tile.divisibility = 8 : i64},
    %rq: i32, %rk: i32, %rv: i32,
    %nbh: i32) attributes {num_warps = 4 : i32} {
  %pid = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cS = arith.constant 3 : i32
  %cBN = arith.constant 128 : i32
  %cBN1 = arith.constant 127 : i32
  %cBM = arith.constant 128 : i32
  %cBM1 = arith.constant 127 : i32
  %cNC = arith.constant 2 : i32
  // q, k, v as [rows, d] matrices (TMA); head (b, h) starts at row
  // b * (sb / sn) + h * (sh / sn) of each.
  %fq = tile.make_view %q, shape [%rq, 64], strides [%sqn, 1]
        : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %qbn = arith.divsi %sqb, %sqn : i32
  %qhn = arith.divsi %sqh, %sqn : i32
  %fk = tile.make_view %k, shape [%rk, 64], strides [%skn, 1]
        : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %kbn = arith.divsi %skb, %skn : i32
  %khn = arith.divsi %skh, %skn : i32
  %fv = tile.make_view %v, shape [%rv, 64], strides [%svn, 1]
        : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vbn = arith.divsi %svb, %svn : i32
  %vhn = arith.divsi %svh, %svn : i32
  %dq = tile.make_tensor_desc %fq : !tile.view<?x64xf16> -> !layout.tensordesc<64x64xf16, #sw>
  %dk = tile.make_tensor_desc %fk : !tile.view<?x64xf16> -> !layout.tensordesc<128x64xf16, #sw>
  %dv = tile.make_tensor_desc %fv : !tile.view<?x64xf16> -> !layout.tensordesc<128x64xf16, #sw>

  // Shared memory: Q (a slot per consumer), the K and V rings, mbarriers.
  %sq = layout.local_alloc : !layout.memdesc<2x64x64xf16, #sw>
  %sk = layout.local_alloc : !layout.memdesc<3x128x64xf16, #sw>
  %sv = layout.local_alloc : !layout.memdesc<3x128x64xf16, #sw>
  %bq = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  %qfree = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  %turn = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  %fullk = layout.local_alloc : !layout.memdesc<3x1xi64, #bl>
  %fullv = layout.local_alloc : !layout.memdesc<3x1xi64, #bl>
  %emptyk = layout.local_alloc : !layout.memdesc<3x1xi64, #bl>
  %emptyv = layout.local_alloc : !layout.memdesc<3x1xi64, #bl>
  %lpins = layout.local_alloc : !layout.memdesc<2x64x4xf32, #pin_ws_f16_64>
  scf.for %i = %c0 to %cNC step %c1 : i32 {
    %ib = layout.memdesc_index %bq[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %ib, 1 : !layout.memdesc<1xi64, #bl>
    %iq = layout.memdesc_index %qfree[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %iq, 1 : !layout.memdesc<1xi64, #bl>
    %it = layout.memdesc_index %turn[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %it, 1 : !layout.memdesc<1xi64, #bl>
  }
  scf.for %i = %c0 to %cS step %c1 : i32 {
    %ifk = layout.memdesc_index %fullk[%i] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %ifk, 1 : !layout.memdesc<1xi64, #bl>
    %ifv = layout.memdesc_index %fullv[%i] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %ifv, 1 : !layout.memdesc<1xi64, #bl>
    %iek = layout.memdesc_index %emptyk[%i] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %iek, 2 : !layout.memdesc<1xi64, #bl>
    %iev = layout.memdesc_index %emptyv[%i] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %iev, 2 : !layout.memdesc<1xi64, #bl>
  }
  // Key blocks: ceil(n / BN), the first n / BN of them whole.
  %nr = arith.addi %n, %cBN1 : i32
  %nblocks = arith.divsi %nr, %cBN : i32
  %nfull0 = arith.divsi %n, %cBN : i32
  %is_causal = arith.cmpi ne, %causal, %c0 : i32
  // Tiles: (row block, head) pairs in the order u = row blocks of head 0
  // (last first: with a causal mask the longest first), then head 1, ...
  // (the programs working at the same time share K and V in L2). The
  // k-th tile of program p is u = k G + p, or k G + G - 1 - p for odd k
  // while k G + G <= tiles (a program alternates between the two ends of
  // the waves: without it, with G a multiple of the row blocks per head,
  // program p would always get the same row block and, causal, its own
  // share of the work).
  %nrbr = arith.addi %n, %cBM1 : i32
  %nrb = arith.divsi %nrbr, %cBM : i32
  %ntiles = arith.muli %nrb, %nbh : i32
  %G = tile.num_programs x : i32
  %fullw = arith.divsi %ntiles, %G : i32
  %pidg = arith.subi %G, %pid : i32
  %pidr = arith.subi %pidg, %c1 : i32
  %tleft = arith.subi %ntiles, %pid : i32
  %tleftr = arith.addi %tleft, %G : i32
  %tleftr1 = arith.subi %tleftr, %c1 : i32
  %count = arith.divsi %tleftr1, %G : i32
  tile.warp_specialize default regs(24) {
    // Producer: K_0, Q, then K_(j+1) and V_j for each block j of each tile.
    %c0q = arith.constant 0 : i32
    %c0r = arith.constant 0 : i32
    %c1q = arith.constant 1 : i32
    %c64r = arith.constant 64 : i32
    %ptiles = scf.for %kq = %c0 to %count step %c1 iter_args(%base = %c0) -> (i32) : i32 {
      %tk = arith.muli %kq, %G : i32
      %tt = arith.addi %pid, %tk : i32
      %tf = arith.addi %tk, %pidr : i32
      %ko = arith.andi %kq, %c1 : i32
      %kodd = arith.cmpi ne, %ko, %c0 : i32
      %kin = arith.cmpi slt, %kq, %fullw : i32
      %flip = arith.andi %kodd, %kin : i1
      %u = arith.select %flip, %tf, %tt : i32
      %bh = arith.divsi %u, %nrb : i32
      %ri = arith.remsi %u, %nrb : i32
      %pmr = arith.subi %nrb, %ri : i32
      %pm = arith.subi %pmr, %c1 : i32
      %b = arith.divsi %bh, %heads : i32
      %h = arith.remsi %bh, %heads : i32
      %krb = arith.muli %b, %kbn : i32
      %krh = arith.muli %h, %khn : i32
      %krow0 = arith.addi %krb, %krh : i32
      %vrb = arith.muli %b, %vbn : i32
      %vrh = arith.muli %h, %vhn : i32
      %vrow0 = arith.addi %vrb, %vrh : i32
      %pm1 = arith.addi %pm, %c1 : i32
      %rend = arith.muli %pm1, %cBM : i32
      %rendr = arith.addi %rend, %cBN1 : i32
      %diag = arith.divsi %rendr, %cBN : i32
      %cdiag = arith.minsi %nblocks, %diag : i32
      %hi = arith.select %is_causal, %cdiag, %nblocks : i32
      %rfirst = arith.muli %pm, %cBM : i32
      %first = arith.divsi %rfirst, %cBN : i32
      %cfull = arith.minsi %nfull0, %first : i32
      %nfull = arith.select %is_causal, %cfull, %nfull0 : i32
      %hi1 = arith.subi %hi, %c1 : i32
      %g_lk0 = arith.addi %base, %c0 : i32
      %ls_k0 = arith.remsi %g_lk0, %cS : i32
      %lr_k0 = arith.divsi %g_lk0, %cS : i32
      %lo_k0 = arith.andi %lr_k0, %c1 : i32
      %lp_k0 = arith.xori %lo_k0, %c1 : i32
      %le_k0 = layout.memdesc_index %emptyk[%ls_k0] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %le_k0, %lp_k0 : !layout.memdesc<1xi64, #bl>
      %lf_k0 = layout.memdesc_index %fullk[%ls_k0] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %lb_k0 = layout.memdesc_index %sk[%ls_k0] : !layout.memdesc<3x128x64xf16, #sw> -> !layout.memdesc<128x64xf16, #sw>
      %lk_k0 = arith.muli %c0, %cBN : i32
      %lrow_k0 = arith.addi %krow0, %lk_k0 : i32
      layout.barrier_expect %lf_k0, 16384 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dk[%lrow_k0, %c0] %lb_k0, %lf_k0
          : !layout.tensordesc<128x64xf16, #sw>, !layout.memdesc<128x64xf16, #sw>, !layout.memdesc<1xi64, #bl>
      %qrb = arith.muli %b, %qbn : i32
      %qrh = arith.muli %h, %qhn : i32
      %qrow0 = arith.addi %qrb, %qrh : i32
      %qrf = arith.muli %pm, %cBM : i32
      %qt = arith.addi %qrow0, %qrf : i32
      %qo = arith.andi %kq, %c1 : i32
      %qp = arith.xori %qo, %c1 : i32
      %qf0 = layout.memdesc_index %qfree[%c0q] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %qf0, %qp : !layout.memdesc<1xi64, #bl>
      %qb0 = layout.memdesc_index %bq[%c0q] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %qs0 = layout.memdesc_index %sq[%c0q] : !layout.memdesc<2x64x64xf16, #sw> -> !layout.memdesc<64x64xf16, #sw>
      %qr0 = arith.addi %qt, %c0r : i32
      layout.barrier_expect %qb0, 8192 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dq[%qr0, %c0] %qs0, %qb0
          : !layout.tensordesc<64x64xf16, #sw>, !layout.memdesc<64x64xf16, #sw>, !layout.memdesc<1xi64, #bl>
      %qf1 = layout.memdesc_index %qfree[%c1q] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %qf1, %qp : !layout.memdesc<1xi64, #bl>
      %qb1 = layout.memdesc_index %bq[%c1q] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %qs1 = layout.memdesc_index %sq[%c1q] : !layout.memdesc<2x64x64xf16, #sw> -> !layout.memdesc<64x64xf16, #sw>
      %qr1 = arith.addi %qt, %c64r : i32
      layout.barrier_expect %qb1, 8192 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dq[%qr1, %c0] %qs1, %qb1
          : !layout.tensordesc<64x64xf16, #sw>, !layout.memdesc<64x64xf16, #sw>, !layout.memdesc<1xi64, #bl>
      scf.for %j = %c0 to %hi step %c1 : i32 {
        %j1 = arith.addi %j, %c1 : i32
        %more = arith.cmpi slt, %j1, %hi : i32
        scf.if %more {
          %g_lk = arith.addi %base, %j1 : i32
          %ls_k = arith.remsi %g_lk, %cS : i32
          %lr_k = arith.divsi %g_lk, %cS : i32
          %lo_k = arith.andi %lr_k, %c1 : i32
          %lp_k = arith.xori %lo_k, %c1 : i32
          %le_k = layout.memdesc_index %emptyk[%ls_k] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
          layout.wait_barrier %le_k, %lp_k : !layout.memdesc<1xi64, #bl>
          %lf_k = layout.memdesc_index %fullk[%ls_k] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
          %lb_k = layout.memdesc_index %sk[%ls_k] : !layout.memdesc<3x128x64xf16, #sw> -> !layout.memdesc<128x64xf16, #sw>
          %lk_k = arith.muli %j1, %cBN : i32
          %lrow_k = arith.addi %krow0, %lk_k : i32
          layout.barrier_expect %lf_k, 16384 : !layout.memdesc<1xi64, #bl>
          layout.async_tma_copy_global_to_local %dk[%lrow_k, %c0] %lb_k, %lf_k
              : !layout.tensordesc<128x64xf16, #sw>, !layout.memdesc<128x64xf16, #sw>, !layout.memdesc<1xi64, #bl>
        }
        %g_lv = arith.addi %base, %j : i32
        %ls_v = arith.remsi %g_lv, %cS : i32
        %lr_v = arith.divsi %g_lv, %cS : i32
        %lo_v = arith.andi %lr_v, %c1 : i32
        %lp_v = arith.xori %lo_v, %c1 : i32
        %le_v = layout.memdesc_index %emptyv[%ls_v] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.wait_barrier %le_v, %lp_v : !layout.memdesc<1xi64, #bl>
        %lf_v = layout.memdesc_index %fullv[%ls_v] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        %lb_v = layout.memdesc_index %sv[%ls_v] : !layout.memdesc<3x128x64xf16, #sw> -> !layout.memdesc<128x64xf16, #sw>
        %lk_v = arith.muli %j, %cBN : i32
        %lrow_v = arith.addi %vrow0, %lk_v : i32
        layout.barrier_expect %lf_v, 16384 : !layout.memdesc<1xi64, #bl>
        layout.async_tma_copy_global_to_local %dv[%lrow_v, %c0] %lb_v, %lf_v
            : !layout.tensordesc<128x64xf16, #sw>, !layout.memdesc<128x64xf16, #sw>, !layout.memdesc<1xi64, #bl>
      }
      %nbase = arith.addi %base, %hi : i32
      scf.yield %nbase : i32
    }
  } partition warps(4) replicas(2) regs(240) {
    // Consumer w = tile.replica_id: query rows [128 pm + 64 w, 128 pm + 64 w + 64) of each tile.
    %cw = tile.replica_id : i32
    %cw1 = arith.addi %cw, %c1 : i32
    %cwr = arith.cmpi eq, %cw1, %cNC : i32
    %cwn = arith.select %cwr, %c0, %cw1 : i32
    %c64w = arith.constant 64 : i32
    %crow = arith.muli %cw, %c64w : i32
    %qbw = layout.memdesc_index %bq[%cw] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    %qfw = layout.memdesc_index %qfree[%cw] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    %myturn = layout.memdesc_index %turn[%cw] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    %nextturn = layout.memdesc_index %turn[%cwn] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    %sqw = layout.memdesc_index %sq[%cw] : !layout.memdesc<2x64x64xf16, #sw> -> !layout.memdesc<64x64xf16, #sw>
    %lpin = layout.memdesc_index %lpins[%cw] : !layout.memdesc<2x64x4xf32, #pin_ws_f16_64> -> !layout.memdesc<64x4xf32, #pin_ws_f16_64>
    %osb = arith.extsi %sob : i32 to i64
    %osh = arith.extsi %soh : i32 to i64
    // Consumer 0 takes the first turn.
    %cNC1 = arith.constant 1 : i32
    %lastw = arith.cmpi eq, %cw, %cNC1 : i32
    scf.if %lastw {
      layout.arrive_barrier %nextturn, 1 nosync : !layout.memdesc<1xi64, #bl>
    }

    // Scores are scaled by sm_scale * log2(e), so that exp2 gives exp.
    %log2e = arith.constant 1.44269504 : f32
    %qk_scale = arith.mulf %sm_scale, %log2e : f32
    %scale = tile.splat %qk_scale : f32 -> tensor<64x128xf32, #mmaS_ws_f16_64>
    %scale_r = tile.splat %qk_scale : f32 -> tensor<64xf32, #rowS_ws_f16_64>
    // Row and column indices of the score block, for the mask.
    %rowi = tile.arange 0, 64 : tensor<64xi32, #rowS_ws_f16_64>
    %coli = tile.arange 0, 128 : tensor<128xi32, #colS_ws_f16_64>
    %cols2 = tile.expand_dims %coli {axis = 0 : i32} : tensor<128xi32, #colS_ws_f16_64> -> tensor<1x128xi32, #mmaS_ws_f16_64>
    %colsb = tile.broadcast %cols2 : tensor<1x128xi32, #mmaS_ws_f16_64> -> tensor<64x128xi32, #mmaS_ws_f16_64>
    %nrv = tile.splat %n : i32 -> tensor<64xi32, #rowS_ws_f16_64>
    %onev = arith.constant dense<1> : tensor<64xi32, #rowS_ws_f16_64>
    %causalr = tile.splat %is_causal : i1 -> tensor<64xi1, #rowS_ws_f16_64>
    %ninf = arith.constant dense<0xFF800000> : tensor<64x128xf32, #mmaS_ws_f16_64>
    %zs = arith.constant dense<0.0> : tensor<64x128xf32, #mmaS_ws_f16_64>
    %zo = arith.constant dense<0.0> : tensor<64x64xf32, #mmaO_ws_f16_64>
    %m0 = arith.constant dense<0xFF800000> : tensor<64xf32, #rowS_ws_f16_64>
    %l0 = arith.constant dense<0.0> : tensor<64x4xf32, #lq_ws_f16_64>
    // Tiles: %base key blocks and %base + kq turns came before tile kq.
    %tiles = scf.for %kq = %c0 to %count step %c1 iter_args(%base = %c0) -> (i32) : i32 {
      %tk = arith.muli %kq, %G : i32
      %tt = arith.addi %pid, %tk : i32
      %tf = arith.addi %tk, %pidr : i32
      %ko = arith.andi %kq, %c1 : i32
      %kodd = arith.cmpi ne, %ko, %c0 : i32
      %kin = arith.cmpi slt, %kq, %fullw : i32
      %flip = arith.andi %kodd, %kin : i1
      %u = arith.select %flip, %tf, %tt : i32
      %bh = arith.divsi %u, %nrb : i32
      %ri = arith.remsi %u, %nrb : i32
      %pmr = arith.subi %nrb, %ri : i32
      %pm = arith.subi %pmr, %c1 : i32
      %b = arith.divsi %bh, %heads : i32
      %h = arith.remsi %bh, %heads : i32
      %tbase = arith.addi %base, %kq : i32
      %pm1 = arith.addi %pm, %c1 : i32
      %rend = arith.muli %pm1, %cBM : i32
      %rendr = arith.addi %rend, %cBN1 : i32
      %diag = arith.divsi %rendr, %cBN : i32
      %cdiag = arith.minsi %nblocks, %diag : i32
      %hi = arith.select %is_causal, %cdiag, %nblocks : i32
      %rfirst = arith.muli %pm, %cBM : i32
      %first = arith.divsi %rfirst, %cBN : i32
      %cfull = arith.minsi %nfull0, %first : i32
      %nfull = arith.select %is_causal, %cfull, %nfull0 : i32
      %hi1 = arith.subi %hi, %c1 : i32
      %qr0 = arith.addi %rfirst, %crow : i32
      // O: the [n, d] slice of this head, stored from registers (the store
      // drops rows past n).
      %b64 = arith.extsi %b : i32 to i64
      %h64 = arith.extsi %h : i32 to i64
      %oob = arith.muli %b64, %osb : i64
      %ooh = arith.muli %h64, %osh : i64
      %ooff = arith.addi %oob, %ooh : i64
      %op = tile.addptr %o, %ooff : !tile.ptr<f16>, i64
      %vo = tile.make_view %op, shape [%n, 64], strides [%son, 1]
            : !tile.ptr<f16> -> !tile.view<?x64xf16>
      // Row indices of the score block, for the mask.
      %row0v = tile.splat %qr0 : i32 -> tensor<64xi32, #rowS_ws_f16_64>
      %rows1 = arith.addi %rowi, %row0v : tensor<64xi32, #rowS_ws_f16_64>
      // Columns below lim are kept: n, or min(n, row + 1) when causal.
      %rowsp1 = arith.addi %rows1, %onev : tensor<64xi32, #rowS_ws_f16_64>
      %limc = arith.minsi %rowsp1, %nrv : tensor<64xi32, #rowS_ws_f16_64>
      %lim = arith.select %causalr, %limc, %nrv : tensor<64xi1, #rowS_ws_f16_64>, tensor<64xi32, #rowS_ws_f16_64>

      // Turn 0: S_0 = Q K_0^T.
      %qph = arith.andi %kq, %c1 : i32
      layout.wait_barrier %qbw, %qph : !layout.memdesc<1xi64, #bl>
      %g_k0 = arith.addi %base, %c0 : i32
      %ws_k0 = arith.remsi %g_k0, %cS : i32
      %wr_k0 = arith.divsi %g_k0, %cS : i32
      %wp_k0 = arith.andi %wr_k0, %c1 : i32
      %wb_k0 = layout.memdesc_index %fullk[%ws_k0] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %wb_k0, %wp_k0 : !layout.memdesc<1xi64, #bl>
      %g_k0s = arith.addi %base, %c0 : i32
      %k0s = arith.remsi %g_k0s, %cS : i32
      %sk0 = layout.memdesc_index %sk[%k0s] : !layout.memdesc<3x128x64xf16, #sw> -> !layout.memdesc<128x64xf16, #sw>
      %skt0 = layout.memdesc_trans %sk0 {order = array<i32: 1, 0>} : !layout.memdesc<128x64xf16, #sw> -> !layout.memdesc<64x128xf16, #swT>
      %tg_p = arith.addi %tbase, %c0 : i32
      %tp_p = arith.andi %tg_p, %c1 : i32
      layout.wait_barrier %myturn, %tp_p : !layout.memdesc<1xi64, #bl>
      %qk0a = tile.dot %sqw, %skt0, %zs async : !layout.memdesc<64x64xf16, #sw>, !layout.memdesc<64x128xf16, #swT> -> tensor<64x128xf32, #mmaS_ws_f16_64>
      layout.arrive_barrier %nextturn, 1 nosync : !layout.memdesc<1xi64, #bl>
      %qk0 = tile.dot_wait %qk0a {pendings = 0 : i32} : tensor<64x128xf32, #mmaS_ws_f16_64>
      %g_rk0 = arith.addi %base, %c0 : i32
      %rs_k0 = arith.remsi %g_rk0, %cS : i32
      %rb_k0 = layout.memdesc_index %emptyk[%rs_k0] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.arrive_barrier %rb_k0, 1 nosync : !layout.memdesc<1xi64, #bl>
      // Block 0's softmax (masked: it may be the diagonal or the last block).
      // The mask: column c of the block is kept iff c < lim - blk BN.
      %col0_p0 = arith.muli %c0, %cBN : i32
      %col0v_p0 = tile.splat %col0_p0 : i32 -> tensor<64xi32, #rowS_ws_f16_64>
      %limc_p0 = arith.subi %lim, %col0v_p0 : tensor<64xi32, #rowS_ws_f16_64>
      %lim2_p0 = tile.expand_dims %limc_p0 {axis = 1 : i32} : tensor<64xi32, #rowS_ws_f16_64> -> tensor<64x1xi32, #mmaS_ws_f16_64>
      %limb_p0 = tile.broadcast %lim2_p0 : tensor<64x1xi32, #mmaS_ws_f16_64> -> tensor<64x128xi32, #mmaS_ws_f16_64>
      %keep_p0 = arith.cmpi slt, %colsb, %limb_p0 : tensor<64x128xi32, #mmaS_ws_f16_64>
      %s_p0 = arith.select %keep_p0, %qk0, %ninf : tensor<64x128xi1, #mmaS_ws_f16_64>, tensor<64x128xf32, #mmaS_ws_f16_64>
      // Online softmax in units of the scaled scores (block 0 always has a
      // kept column, so m' is finite from the first block on).
      %mx_p0 = tile.reduce max %s_p0 {axis = 1 : i32} : tensor<64x128xf32, #mmaS_ws_f16_64> -> tensor<64xf32, #rowS_ws_f16_64>
      %mxs_p0 = arith.mulf %mx_p0, %scale_r : tensor<64xf32, #rowS_ws_f16_64>
      // Lazy max: m moves only when the block's max exceeds it by 8.
      %thr_p0 = arith.constant dense<8.0> : tensor<64xf32, #rowS_ws_f16_64>
      %mthr_p0 = arith.addf %m0, %thr_p0 : tensor<64xf32, #rowS_ws_f16_64>
      %grow_p0 = arith.cmpf ogt, %mxs_p0, %mthr_p0 : tensor<64xf32, #rowS_ws_f16_64>
      %m_p0 = arith.select %grow_p0, %mxs_p0, %m0 : tensor<64xi1, #rowS_ws_f16_64>, tensor<64xf32, #rowS_ws_f16_64>
      %negm_p0 = arith.negf %m_p0 : tensor<64xf32, #rowS_ws_f16_64>
      %mb2_p0 = tile.expand_dims %negm_p0 {axis = 1 : i32} : tensor<64xf32, #rowS_ws_f16_64> -> tensor<64x1xf32, #mmaS_ws_f16_64>
      %mb_p0 = tile.broadcast %mb2_p0 : tensor<64x1xf32, #mmaS_ws_f16_64> -> tensor<64x128xf32, #mmaS_ws_f16_64>
      %sd_p0 = math.fma %s_p0, %scale, %mb_p0 : tensor<64x128xf32, #mmaS_ws_f16_64>
      %p_p0 = math.exp2 %sd_p0 fastmath<afn> : tensor<64x128xf32, #mmaS_ws_f16_64>
      %md_p0 = arith.subf %m0, %m_p0 : tensor<64xf32, #rowS_ws_f16_64>
      %alpha_p0 = math.exp2 %md_p0 fastmath<afn> : tensor<64xf32, #rowS_ws_f16_64>
      // l per thread: P summed over this thread's columns only (no shuffle).
      %pr_p0 = tile.reshape %p_p0 : tensor<64x128xf32, #mmaS_ws_f16_64> -> tensor<64x16x4x2xf32, #p4_ws_f16_64>
      %ps3_p0 = tile.reduce sum %pr_p0 {axis = 3 : i32} : tensor<64x16x4x2xf32, #p4_ws_f16_64> -> tensor<64x16x4xf32, #p3_ws_f16_64>
      %ps_p0 = tile.reduce sum %ps3_p0 {axis = 1 : i32} : tensor<64x16x4xf32, #p3_ws_f16_64> -> tensor<64x4xf32, #lq_ws_f16_64>
      %ab1_p0 = tile.expand_dims %alpha_p0 {axis = 1 : i32} : tensor<64xf32, #rowS_ws_f16_64> -> tensor<64x1xf32, #mmaS_ws_f16_64>
      %abs_p0 = tile.broadcast %ab1_p0 : tensor<64x1xf32, #mmaS_ws_f16_64> -> tensor<64x128xf32, #mmaS_ws_f16_64>
      %abr_p0 = tile.reshape %abs_p0 : tensor<64x128xf32, #mmaS_ws_f16_64> -> tensor<64x16x4x2xf32, #p4_ws_f16_64>
      %ab3_p0 = tile.reduce max %abr_p0 {axis = 3 : i32} : tensor<64x16x4x2xf32, #p4_ws_f16_64> -> tensor<64x16x4xf32, #p3_ws_f16_64>
      %alq_p0 = tile.reduce max %ab3_p0 {axis = 1 : i32} : tensor<64x16x4xf32, #p3_ws_f16_64> -> tensor<64x4xf32, #lq_ws_f16_64>
      %la_p0 = arith.mulf %l0, %alq_p0 : tensor<64x4xf32, #lq_ws_f16_64>
      %l_p0 = arith.addf %la_p0, %ps_p0 : tensor<64x4xf32, #lq_ws_f16_64>
      %pt_p0 = arith.truncf %p_p0 : tensor<64x128xf32, #mmaS_ws_f16_64> to tensor<64x128xf16, #mmaS_ws_f16_64>
      %pa_p0 = layout.convert %pt_p0 : tensor<64x128xf16, #mmaS_ws_f16_64> -> tensor<64x128xf16, #opP_ws_f16_64>

      // Iteration j: P_j V_j and the softmax of block j + 1, for j + 1 < hi.
      // Blocks 1 .. nfull - 1 need no mask, nfull .. hi - 1 do.
      %nfull1 = arith.subi %nfull, %c1 : i32
      %mid0 = arith.maxsi %nfull1, %c0 : i32
      %mid = arith.minsi %mid0, %hi1 : i32
      %full:5 = scf.for %j = %c0 to %mid step %c1
          iter_args(%acc_i = %zo, %m_i = %m_p0, %l_i = %l_p0, %alpha_i = %alpha_p0, %pa_i = %pa_p0)
          -> (tensor<64x64xf32, #mmaO_ws_f16_64>, tensor<64xf32, #rowS_ws_f16_64>, tensor<64x4xf32, #lq_ws_f16_64>, tensor<64xf32, #rowS_ws_f16_64>, tensor<64x128xf16, #opP_ws_f16_64>) : i32 {
        // 1. My turn: S_(j+1) = Q K_(j+1)^T and O = O alpha_j + P_j V_j,
        // both asynchronous; then the next consumer's turn.
        %j1 = arith.addi %j, %c1 : i32
        %g_k = arith.addi %base, %j1 : i32
        %ws_k = arith.remsi %g_k, %cS : i32
        %wr_k = arith.divsi %g_k, %cS : i32
        %wp_k = arith.andi %wr_k, %c1 : i32
        %wb_k = layout.memdesc_index %fullk[%ws_k] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.wait_barrier %wb_k, %wp_k : !layout.memdesc<1xi64, #bl>
        %g_ks1 = arith.addi %base, %j1 : i32
        %ks1 = arith.remsi %g_ks1, %cS : i32
        %sknx = layout.memdesc_index %sk[%ks1] : !layout.memdesc<3x128x64xf16, #sw> -> !layout.memdesc<128x64xf16, #sw>
        %sktn = layout.memdesc_trans %sknx {order = array<i32: 1, 0>} : !layout.memdesc<128x64xf16, #sw> -> !layout.memdesc<64x128xf16, #swT>
        %tg_l = arith.addi %tbase, %j1 : i32
        %tp_l = arith.andi %tg_l, %c1 : i32
        layout.wait_barrier %myturn, %tp_l : !layout.memdesc<1xi64, #bl>
        %qk_next = tile.dot %sqw, %sktn, %zs async : !layout.memdesc<64x64xf16, #sw>, !layout.memdesc<64x128xf16, #swT> -> tensor<64x128xf32, #mmaS_ws_f16_64>
        %alphao_j = layout.convert %alpha_i : tensor<64xf32, #rowS_ws_f16_64> -> tensor<64xf32, #rowO_ws_f16_64>
        // Rescale O only in a warp where some row's max moved (alpha != 1).
        %one_j = arith.constant dense<1.0> : tensor<64xf32, #rowO_ws_f16_64>
        %moved_j = arith.cmpf une, %alphao_j, %one_j : tensor<64xf32, #rowO_ws_f16_64>
        %anym_j = layout.warp_any %moved_j : tensor<64xi1, #rowO_ws_f16_64>
        %accs_j = scf.if %anym_j -> (tensor<64x64xf32, #mmaO_ws_f16_64>) {
          %ab2_j = tile.expand_dims %alphao_j {axis = 1 : i32} : tensor<64xf32, #rowO_ws_f16_64> -> tensor<64x1xf32, #mmaO_ws_f16_64>
          %ab_j = tile.broadcast %ab2_j : tensor<64x1xf32, #mmaO_ws_f16_64> -> tensor<64x64xf32, #mmaO_ws_f16_64>
          %accm_j = arith.mulf %acc_i, %ab_j : tensor<64x64xf32, #mmaO_ws_f16_64>
          scf.yield %accm_j : tensor<64x64xf32, #mmaO_ws_f16_64>
        } else {
          scf.yield %acc_i : tensor<64x64xf32, #mmaO_ws_f16_64>
        }
        %g_vj = arith.addi %base, %j : i32
        %ws_vj = arith.remsi %g_vj, %cS : i32
        %wr_vj = arith.divsi %g_vj, %cS : i32
        %wp_vj = arith.andi %wr_vj, %c1 : i32
        %wb_vj = layout.memdesc_index %fullv[%ws_vj] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.wait_barrier %wb_vj, %wp_vj : !layout.memdesc<1xi64, #bl>
        %g_pvj = arith.addi %base, %j : i32
        %vsl_j = arith.remsi %g_pvj, %cS : i32
        %svc_j = layout.memdesc_index %sv[%vsl_j] : !layout.memdesc<3x128x64xf16, #sw> -> !layout.memdesc<128x64xf16, #sw>
        %acc_j = tile.dot %pa_i, %svc_j, %accs_j async : tensor<64x128xf16, #opP_ws_f16_64>, !layout.memdesc<128x64xf16, #sw> -> tensor<64x64xf32, #mmaO_ws_f16_64>
        layout.arrive_barrier %nextturn, 1 nosync : !layout.memdesc<1xi64, #bl>
        // 2. S_(j+1) done (P_j V_j may still run): K_(j+1)'s slot is free,
        // and its softmax overlaps P_j V_j and the other consumers' wgmmas.
        %qk = tile.dot_wait %qk_next {pendings = 1 : i32} : tensor<64x128xf32, #mmaS_ws_f16_64>
        %g_rk = arith.addi %base, %j1 : i32
        %rs_k = arith.remsi %g_rk, %cS : i32
        %rb_k = layout.memdesc_index %emptyk[%rs_k] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.arrive_barrier %rb_k, 1 nosync : !layout.memdesc<1xi64, #bl>
        // Online softmax in units of the scaled scores (block 0 always has a
        // kept column, so m' is finite from the first block on).
        %mx_n = tile.reduce max %qk {axis = 1 : i32} : tensor<64x128xf32, #mmaS_ws_f16_64> -> tensor<64xf32, #rowS_ws_f16_64>
        %mxs_n = arith.mulf %mx_n, %scale_r : tensor<64xf32, #rowS_ws_f16_64>
        // Lazy max: m moves only when the block's max exceeds it by 8.
        %thr_n = arith.constant dense<8.0> : tensor<64xf32, #rowS_ws_f16_64>
        %mthr_n = arith.addf %m_i, %thr_n : tensor<64xf32, #rowS_ws_f16_64>
        %grow_n = arith.cmpf ogt, %mxs_n, %mthr_n : tensor<64xf32, #rowS_ws_f16_64>
        %m_n = arith.select %grow_n, %mxs_n, %m_i : tensor<64xi1, #rowS_ws_f16_64>, tensor<64xf32, #rowS_ws_f16_64>
        %negm_n = arith.negf %m_n : tensor<64xf32, #rowS_ws_f16_64>
        %mb2_n = tile.expand_dims %negm_n {axis = 1 : i32} : tensor<64xf32, #rowS_ws_f16_64> -> tensor<64x1xf32, #mmaS_ws_f16_64>
        %mb_n = tile.broadcast %mb2_n : tensor<64x1xf32, #mmaS_ws_f16_64> -> tensor<64x128xf32, #mmaS_ws_f16_64>
        %sd_n = math.fma %qk, %scale, %mb_n : tensor<64x128xf32, #mmaS_ws_f16_64>
        %p_n = math.exp2 %sd_n fastmath<afn> : tensor<64x128xf32, #mmaS_ws_f16_64>
        %md_n = arith.subf %m_i, %m_n : tensor<64xf32, #rowS_ws_f16_64>
        %alpha_n = math.exp2 %md_n fastmath<afn> : tensor<64xf32, #rowS_ws_f16_64>
        // l per thread: P summed over this thread's columns only (no shuffle).
        %pr_n = tile.reshape %p_n : tensor<64x128xf32, #mmaS_ws_f16_64> -> tensor<64x16x4x2xf32, #p4_ws_f16_64>
        %ps3_n = tile.reduce sum %pr_n {axis = 3 : i32} : tensor<64x16x4x2xf32, #p4_ws_f16_64> -> tensor<64x16x4xf32, #p3_ws_f16_64>
        %ps_n = tile.reduce sum %ps3_n {axis = 1 : i32} : tensor<64x16x4xf32, #p3_ws_f16_64> -> tensor<64x4xf32, #lq_ws_f16_64>
        %ab1_n = tile.expand_dims %alpha_n {axis = 1 : i32} : tensor<64xf32, #rowS_ws_f16_64> -> tensor<64x1xf32, #mmaS_ws_f16_64>
        %abs_n = tile.broadcast %ab1_n : tensor<64x1xf32, #mmaS_ws_f16_64> -> tensor<64x128xf32, #mmaS_ws_f16_64>
        %abr_n = tile.reshape %abs_n : tensor<64x128xf32, #mmaS_ws_f16_64> -> tensor<64x16x4x2xf32, #p4_ws_f16_64>
        %ab3_n = tile.reduce max %abr_n {axis = 3 : i32} : tensor<64x16x4x2xf32, #p4_ws_f16_64> -> tensor<64x16x4xf32, #p3_ws_f16_64>
        %alq_n = tile.reduce max %ab3_n {axis = 1 : i32} : tensor<64x16x4xf32, #p3_ws_f16_64> -> tensor<64x4xf32, #lq_ws_f16_64>
        %la_n = arith.mulf %l_i, %alq_n : tensor<64x4xf32, #lq_ws_f16_64>
        %l_n = arith.addf %la_n, %ps_n : tensor<64x4xf32, #lq_ws_f16_64>
        %pt_n = arith.truncf %p_n : tensor<64x128xf32, #mmaS_ws_f16_64> to tensor<64x128xf16, #mmaS_ws_f16_64>
        %pa_n = layout.convert %pt_n : tensor<64x128xf16, #mmaS_ws_f16_64> -> tensor<64x128xf16, #opP_ws_f16_64>
        // Pins the wait below every exponential (ptxas keeps it after a store).
        layout.local_store %l_n, %lpin : tensor<64x4xf32, #lq_ws_f16_64> -> !layout.memdesc<64x4xf32, #pin_ws_f16_64>
        // 3. P_j V_j done: V_j's slot is free.
        %acc_w = tile.dot_wait %acc_j {pendings = 0 : i32} : tensor<64x64xf32, #mmaO_ws_f16_64>
        %g_rv = arith.addi %base, %j : i32
        %rs_v = arith.remsi %g_rv, %cS : i32
        %rb_v = layout.memdesc_index %emptyv[%rs_v] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.arrive_barrier %rb_v, 1 nosync : !layout.memdesc<1xi64, #bl>
        scf.yield %acc_w, %m_n, %l_n, %alpha_n, %pa_n : tensor<64x64xf32, #mmaO_ws_f16_64>, tensor<64xf32, #rowS_ws_f16_64>, tensor<64x4xf32, #lq_ws_f16_64>, tensor<64xf32, #rowS_ws_f16_64>, tensor<64x128xf16, #opP_ws_f16_64>
      }
      %part:5 = scf.for %j = %mid to %hi1 step %c1
          iter_args(%acc_i = %full#0, %m_i = %full#1, %l_i = %full#2, %alpha_i = %full#3, %pa_i = %full#4)
          -> (tensor<64x64xf32, #mmaO_ws_f16_64>, tensor<64xf32, #rowS_ws_f16_64>, tensor<64x4xf32, #lq_ws_f16_64>, tensor<64xf32, #rowS_ws_f16_64>, tensor<64x128xf16, #opP_ws_f16_64>) : i32 {
        // 1. My turn: S_(j+1) = Q K_(j+1)^T and O = O alpha_j + P_j V_j,
        // both asynchronous; then the next consumer's turn.
        %j1 = arith.addi %j, %c1 : i32
        %g_k = arith.addi %base, %j1 : i32
        %ws_k = arith.remsi %g_k, %cS : i32
        %wr_k = arith.divsi %g_k, %cS : i32
        %wp_k = arith.andi %wr_k, %c1 : i32
        %wb_k = layout.memdesc_index %fullk[%ws_k] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.wait_barrier %wb_k, %wp_k : !layout.memdesc<1xi64, #bl>
        %g_ks1 = arith.addi %base, %j1 : i32
        %ks1 = arith.remsi %g_ks1, %cS : i32
        %sknx = layout.memdesc_index %sk[%ks1] : !layout.memdesc<3x128x64xf16, #sw> -> !layout.memdesc<128x64xf16, #sw>
        %sktn = layout.memdesc_trans %sknx {order = array<i32: 1, 0>} : !layout.memdesc<128x64xf16, #sw> -> !layout.memdesc<64x128xf16, #swT>
        %tg_l = arith.addi %tbase, %j1 : i32
        %tp_l = arith.andi %tg_l, %c1 : i32
        layout.wait_barrier %myturn, %tp_l : !layout.memdesc<1xi64, #bl>
        %qk_next = tile.dot %sqw, %sktn, %zs async : !layout.memdesc<64x64xf16, #sw>, !layout.memdesc<64x128xf16, #swT> -> tensor<64x128xf32, #mmaS_ws_f16_64>
        %alphao_j = layout.convert %alpha_i : tensor<64xf32, #rowS_ws_f16_64> -> tensor<64xf32, #rowO_ws_f16_64>
        // Rescale O only in a warp where some row's max moved (alpha != 1).
        %one_j = arith.constant dense<1.0> : tensor<64xf32, #rowO_ws_f16_64>
        %moved_j = arith.cmpf une, %alphao_j, %one_j : tensor<64xf32, #rowO_ws_f16_64>
        %anym_j = layout.warp_any %moved_j : tensor<64xi1, #rowO_ws_f16_64>
        %accs_j = scf.if %anym_j -> (tensor<64x64xf32, #mmaO_ws_f16_64>) {
          %ab2_j = tile.expand_dims %alphao_j {axis = 1 : i32} : tensor<64xf32, #rowO_ws_f16_64> -> tensor<64x1xf32, #mmaO_ws_f16_64>
          %ab_j = tile.broadcast %ab2_j : tensor<64x1xf32, #mmaO_ws_f16_64> -> tensor<64x64xf32, #mmaO_ws_f16_64>
          %accm_j = arith.mulf %acc_i, %ab_j : tensor<64x64xf32, #mmaO_ws_f16_64>
          scf.yield %accm_j : tensor<64x64xf32, #mmaO_ws_f16_64>
        } else {
          scf.yield %acc_i : tensor<64x64xf32, #mmaO_ws_f16_64>
        }
        %g_vj = arith.addi %base, %j : i32
        %ws_vj = arith.remsi %g_vj, %cS : i32
        %wr_vj = arith.divsi %g_vj, %cS : i32
        %wp_vj = arith.andi %wr_vj, %c1 : i32
        %wb_vj = layout.memdesc_index %fullv[%ws_vj] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.wait_barrier %wb_vj, %wp_vj : !layout.memdesc<1xi64, #bl>
        %g_pvj = arith.addi %base, %j : i32
        %vsl_j = arith.remsi %g_pvj, %cS : i32
        %svc_j = layout.memdesc_index %sv[%vsl_j] : !layout.memdesc<3x128x64xf16, #sw> -> !layout.memdesc<128x64xf16, #sw>
        %acc_j = tile.dot %pa_i, %svc_j, %accs_j async : tensor<64x128xf16, #opP_ws_f16_64>, !layout.memdesc<128x64xf16, #sw> -> tensor<64x64xf32, #mmaO_ws_f16_64>
        layout.arrive_barrier %nextturn, 1 nosync : !layout.memdesc<1xi64, #bl>
        // 2. S_(j+1) done (P_j V_j may still run): K_(j+1)'s slot is free,
        // and its softmax overlaps P_j V_j and the other consumers' wgmmas.
        %qk = tile.dot_wait %qk_next {pendings = 1 : i32} : tensor<64x128xf32, #mmaS_ws_f16_64>
        %g_rk = arith.addi %base, %j1 : i32
        %rs_k = arith.remsi %g_rk, %cS : i32
        %rb_k = layout.memdesc_index %emptyk[%rs_k] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.arrive_barrier %rb_k, 1 nosync : !layout.memdesc<1xi64, #bl>
        // The mask: column c of the block is kept iff c < lim - blk BN.
        %col0_n = arith.muli %j1, %cBN : i32
        %col0v_n = tile.splat %col0_n : i32 -> tensor<64xi32, #rowS_ws_f16_64>
        %limc_n = arith.subi %lim, %col0v_n : tensor<64xi32, #rowS_ws_f16_64>
        %lim2_n = tile.expand_dims %limc_n {axis = 1 : i32} : tensor<64xi32, #rowS_ws_f16_64> -> tensor<64x1xi32, #mmaS_ws_f16_64>
        %limb_n = tile.broadcast %lim2_n : tensor<64x1xi32, #mmaS_ws_f16_64> -> tensor<64x128xi32, #mmaS_ws_f16_64>
        %keep_n = arith.cmpi slt, %colsb, %limb_n : tensor<64x128xi32, #mmaS_ws_f16_64>
        %s_n = arith.select %keep_n, %qk, %ninf : tensor<64x128xi1, #mmaS_ws_f16_64>, tensor<64x128xf32, #mmaS_ws_f16_64>
        // Online softmax in units of the scaled scores (block 0 always has a
        // kept column, so m' is finite from the first block on).
        %mx_n = tile.reduce max %s_n {axis = 1 : i32} : tensor<64x128xf32, #mmaS_ws_f16_64> -> tensor<64xf32, #rowS_ws_f16_64>
        %mxs_n = arith.mulf %mx_n, %scale_r : tensor<64xf32, #rowS_ws_f16_64>
        // Lazy max: m moves only when the block's max exceeds it by 8.
        %thr_n = arith.constant dense<8.0> : tensor<64xf32, #rowS_ws_f16_64>
        %mthr_n = arith.addf %m_i, %thr_n : tensor<64xf32, #rowS_ws_f16_64>
        %grow_n = arith.cmpf ogt, %mxs_n, %mthr_n : tensor<64xf32, #rowS_ws_f16_64>
        %m_n = arith.select %grow_n, %mxs_n, %m_i : tensor<64xi1, #rowS_ws_f16_64>, tensor<64xf32, #rowS_ws_f16_64>
        %negm_n = arith.negf %m_n : tensor<64xf32, #rowS_ws_f16_64>
        %mb2_n = tile.expand_dims %negm_n {axis = 1 : i32} : tensor<64xf32, #rowS_ws_f16_64> -> tensor<64x1xf32, #mmaS_ws_f16_64>
        %mb_n = tile.broadcast %mb2_n : tensor<64x1xf32, #mmaS_ws_f16_64> -> tensor<64x128xf32, #mmaS_ws_f16_64>
        %sd_n = math.fma %s_n, %scale, %mb_n : tensor<64x128xf32, #mmaS_ws_f16_64>
        %p_n = math.exp2 %sd_n fastmath<afn> : tensor<64x128xf32, #mmaS_ws_f16_64>
        %md_n = arith.subf %m_i, %m_n : tensor<64xf32, #rowS_ws_f16_64>
        %alpha_n = math.exp2 %md_n fastmath<afn> : tensor<64xf32, #rowS_ws_f16_64>
        // l per thread: P summed over this thread's columns only (no shuffle).
        %pr_n = tile.reshape %p_n : tensor<64x128xf32, #mmaS_ws_f16_64> -> tensor<64x16x4x2xf32, #p4_ws_f16_64>
        %ps3_n = tile.reduce sum %pr_n {axis = 3 : i32} : tensor<64x16x4x2xf32, #p4_ws_f16_64> -> tensor<64x16x4xf32, #p3_ws_f16_64>
        %ps_n = tile.reduce sum %ps3_n {axis = 1 : i32} : tensor<64x16x4xf32, #p3_ws_f16_64> -> tensor<64x4xf32, #lq_ws_f16_64>
        %ab1_n = tile.expand_dims %alpha_n {axis = 1 : i32} : tensor<64xf32, #rowS_ws_f16_64> -> tensor<64x1xf32, #mmaS_ws_f16_64>
        %abs_n = tile.broadcast %ab1_n : tensor<64x1xf32, #mmaS_ws_f16_64> -> tensor<64x128xf32, #mmaS_ws_f16_64>
        %abr_n = tile.reshape %abs_n : tensor<64x128xf32, #mmaS_ws_f16_64> -> tensor<64x16x4x2xf32, #p4_ws_f16_64>
        %ab3_n = tile.reduce max %abr_n {axis = 3 : i32} : tensor<64x16x4x2xf32, #p4_ws_f16_64> -> tensor<64x16x4xf32, #p3_ws_f16_64>
        %alq_n = tile.reduce max %ab3_n {axis = 1 : i32} : tensor<64x16x4xf32, #p3_ws_f16_64> -> tensor<64x4xf32, #lq_ws_f16_64>
        %la_n = arith.mulf %l_i, %alq_n : tensor<64x4xf32, #lq_ws_f16_64>
        %l_n = arith.addf %la_n, %ps_n : tensor<64x4xf32, #lq_ws_f16_64>
        %pt_n = arith.truncf %p_n : tensor<64x128xf32, #mmaS_ws_f16_64> to tensor<64x128xf16, #mmaS_ws_f16_64>
        %pa_n = layout.convert %pt_n : tensor<64x128xf16, #mmaS_ws_f16_64> -> tensor<64x128xf16, #opP_ws_f16_64>
        // Pins the wait below every exponential (ptxas keeps it after a store).
        layout.local_store %l_n, %lpin : tensor<64x4xf32, #lq_ws_f16_64> -> !layout.memdesc<64x4xf32, #pin_ws_f16_64>
        // 3. P_j V_j done: V_j's slot is free.
        %acc_w = tile.dot_wait %acc_j {pendings = 0 : i32} : tensor<64x64xf32, #mmaO_ws_f16_64>
        %g_rv = arith.addi %base, %j : i32
        %rs_v = arith.remsi %g_rv, %cS : i32
        %rb_v = layout.memdesc_index %emptyv[%rs_v] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.arrive_barrier %rb_v, 1 nosync : !layout.memdesc<1xi64, #bl>
        scf.yield %acc_w, %m_n, %l_n, %alpha_n, %pa_n : tensor<64x64xf32, #mmaO_ws_f16_64>, tensor<64xf32, #rowS_ws_f16_64>, tensor<64x4xf32, #lq_ws_f16_64>, tensor<64xf32, #rowS_ws_f16_64>, tensor<64x128xf16, #opP_ws_f16_64>
      }
      // The last S has been waited for: the producer may load the next Q.
      layout.arrive_barrier %qfw, 1 nosync : !layout.memdesc<1xi64, #bl>
      // Turn hi: the last block's P V, then O / l.
      %tg_e = arith.addi %tbase, %hi : i32
      %tp_e = arith.andi %tg_e, %c1 : i32
      layout.wait_barrier %myturn, %tp_e : !layout.memdesc<1xi64, #bl>
      %alphao_last = layout.convert %part#3 : tensor<64xf32, #rowS_ws_f16_64> -> tensor<64xf32, #rowO_ws_f16_64>
      // Rescale O only in a warp where some row's max moved (alpha != 1).
      %one_last = arith.constant dense<1.0> : tensor<64xf32, #rowO_ws_f16_64>
      %moved_last = arith.cmpf une, %alphao_last, %one_last : tensor<64xf32, #rowO_ws_f16_64>
      %anym_last = layout.warp_any %moved_last : tensor<64xi1, #rowO_ws_f16_64>
      %accs_last = scf.if %anym_last -> (tensor<64x64xf32, #mmaO_ws_f16_64>) {
        %ab2_last = tile.expand_dims %alphao_last {axis = 1 : i32} : tensor<64xf32, #rowO_ws_f16_64> -> tensor<64x1xf32, #mmaO_ws_f16_64>
        %ab_last = tile.broadcast %ab2_last : tensor<64x1xf32, #mmaO_ws_f16_64> -> tensor<64x64xf32, #mmaO_ws_f16_64>
        %accm_last = arith.mulf %part#0, %ab_last : tensor<64x64xf32, #mmaO_ws_f16_64>
        scf.yield %accm_last : tensor<64x64xf32, #mmaO_ws_f16_64>
      } else {
        scf.yield %part#0 : tensor<64x64xf32, #mmaO_ws_f16_64>
      }
      %g_vlast = arith.addi %base, %hi1 : i32
      %ws_vlast = arith.remsi %g_vlast, %cS : i32
      %wr_vlast = arith.divsi %g_vlast, %cS : i32
      %wp_vlast = arith.andi %wr_vlast, %c1 : i32
      %wb_vlast = layout.memdesc_index %fullv[%ws_vlast] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %wb_vlast, %wp_vlast : !layout.memdesc<1xi64, #bl>
      %g_pvlast = arith.addi %base, %hi1 : i32
      %vsl_last = arith.remsi %g_pvlast, %cS : i32
      %svc_last = layout.memdesc_index %sv[%vsl_last] : !layout.memdesc<3x128x64xf16, #sw> -> !layout.memdesc<128x64xf16, #sw>
      %acc_last = tile.dot %part#4, %svc_last, %accs_last async : tensor<64x128xf16, #opP_ws_f16_64>, !layout.memdesc<128x64xf16, #sw> -> tensor<64x64xf32, #mmaO_ws_f16_64>
      layout.arrive_barrier %nextturn, 1 nosync : !layout.memdesc<1xi64, #bl>
      %acc = tile.dot_wait %acc_last {pendings = 0 : i32} : tensor<64x64xf32, #mmaO_ws_f16_64>
      %g_rvl = arith.addi %base, %hi1 : i32
      %rs_vl = arith.remsi %g_rvl, %cS : i32
      %rb_vl = layout.memdesc_index %emptyv[%rs_vl] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.arrive_barrier %rb_vl, 1 nosync : !layout.memdesc<1xi64, #bl>
      // The row sums: the four partial sums of each row's quad.
      %lq = tile.reduce sum %part#2 {axis = 1 : i32} : tensor<64x4xf32, #lq_ws_f16_64> -> tensor<64xf32, #lqr_ws_f16_64>
      %lo = layout.convert %lq : tensor<64xf32, #lqr_ws_f16_64> -> tensor<64xf32, #rowO_ws_f16_64>
      // O / l as O (1 / l): a division a row, not one an element.
      %onel = arith.constant dense<1.0> : tensor<64xf32, #rowO_ws_f16_64>
      %rl = arith.divf %onel, %lo : tensor<64xf32, #rowO_ws_f16_64>
      %lb2 = tile.expand_dims %rl {axis = 1 : i32} : tensor<64xf32, #rowO_ws_f16_64> -> tensor<64x1xf32, #mmaO_ws_f16_64>
      %lb = tile.broadcast %lb2 : tensor<64x1xf32, #mmaO_ws_f16_64> -> tensor<64x64xf32, #mmaO_ws_f16_64>
      %out = arith.mulf %acc, %lb : tensor<64x64xf32, #mmaO_ws_f16_64>
      %outt = arith.truncf %out : tensor<64x64xf32, #mmaO_ws_f16_64> to tensor<64x64xf16, #mmaO_ws_f16_64>
      %pmc = arith.muli %pm, %cNC : i32
      %ot = arith.addi %pmc, %cw : i32
      tile.store_tile %outt, %vo[%ot, %c0] : tensor<64x64xf16, #mmaO_ws_f16_64>, !tile.view<?x64xf16>
      %nbase = arith.addi %base, %hi : i32
      scf.yield %nbase : i32
    }
  }
  tile.return
}
#p4_ws_f16_128 = #layout.linear<register = [[0, 0, 0, 1], [8, 0, 0, 0], [0, 1, 0, 0], [0, 2, 0, 0], [0, 4, 0, 0], [0, 8, 0, 0]], lane = [[0, 0, 1, 0], [0, 0, 2, 0], [1, 0, 0, 0], [2, 0, 0, 0], [4, 0, 0, 0]], warp = [[16, 0, 0, 0], [32, 0, 0, 0]]>
#p3_ws_f16_128 = #layout.slice<dim = 3, parent = #p4_ws_f16_128>
#lq_ws_f16_128 = #layout.slice<dim = 1, parent = #p3_ws_f16_128>
#lqr_ws_f16_128 = #layout.slice<dim = 1, parent = #lq_ws_f16_128>

#mmaS_ws_f16_128 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]>
#mmaO_ws_f16_128 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]>
#opP_ws_f16_128 = #layout.dot_operand<opIdx = 0, parent = #mmaO_ws_f16_128, kWidth = 2>
#rowS_ws_f16_128 = #layout.slice<dim = 1, parent = #mmaS_ws_f16_128>
#colS_ws_f16_128 = #layout.slice<dim = 0, parent = #mmaS_ws_f16_128>
#rowO_ws_f16_128 = #layout.slice<dim = 1, parent = #mmaO_ws_f16_128>

tile.kernel @attention_ws_f16_d128(
    %q: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %k: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %v: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %o: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %sm_scale: f32, %n: i32, %heads: i32, %causal: i32,
    %sqb: i32 {tile.divisibility = 8 : i64}, %sqh: i32 {tile.divisibility = 8 : i64}, %sqn: i32 {tile.divisibility = 8 : i64},
    %skb: i32 {tile.divisibility = 8 : i64}, %skh: i32 {tile.divisibility = 8 : i64}, %skn: i32 {tile.divisibility = 8 : i64},
    %svb: i32 {tile.divisibility = 8 : i64}, %svh: i32 {tile.divisibility = 8 : i64}, %svn: i32 {tile.divisibility = 8 : i64},
    %sob: i32 {tile.divisibility = 8 : i64}, %soh: i32 {tile.divisibility = 8 : i64}, %son: i32 {tile.divisibility = 8 : i64},
    %rq: i32, %rk: i32, %rv: i32,
    %nbh: i32) attributes {num_warps = 4 : i32} {
  %pid = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cS = arith.constant 2 : i32
  %cBN = arith.constant 128 : i32
  %cBN1 = arith.constant 127 : i32
  %cBM = arith.constant 128 : i32
  %cBM1 = arith.constant 127 : i32
  %cNC = arith.constant 2 : i32
  // q, k, v as [rows, d] matrices (TMA); head (b, h) starts at row
  // b * (sb / sn) + h * (sh / sn) of each.
  %fq = tile.make_view %q, shape [%rq, 128], strides [%sqn, 1]
        : !tile.ptr<f16> -> !tile.view<?x128xf16>
  %qbn = arith.divsi %sqb, %sqn : i32
  %qhn = arith.divsi %sqh, %sqn : i32
  %fk = tile.make_view %k, shape [%rk, 128], strides [%skn, 1]
        : !tile.ptr<f16> -> !tile.view<?x128xf16>
  %kbn = arith.divsi %skb, %skn : i32
  %khn = arith.divsi %skh, %skn : i32
  %fv = tile.make_view %v, shape [%rv, 128], strides [%svn, 1]
        : !tile.ptr<f16> -> !tile.view<?x128xf16>
  %vbn = arith.divsi %svb, %svn : i32
  %vhn = arith.divsi %svh, %svn : i32
  %dq = tile.make_tensor_desc %fq : !tile.view<?x128xf16> -> !layout.tensordesc<64x128xf16, #sw>
  %dk = tile.make_tensor_desc %fk : !tile.view<?x128xf16> -> !layout.tensordesc<128x128xf16, #sw>
  %dv = tile.make_tensor_desc %fv : !tile.view<?x128xf16> -> !layout.tensordesc<128x128xf16, #sw>

  // Shared memory: Q (a slot per consumer), the K and V rings, mbarriers.
  %sq = layout.local_alloc : !layout.memdesc<2x64x128xf16, #sw>
  %sk = layout.local_alloc : !layout.memdesc<2x128x128xf16, #sw>
  %sv = layout.local_alloc : !layout.memdesc<2x128x128xf16, #sw>
  %bq = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  %qfree = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  %turn = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  %fullk = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  %fullv = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  %emptyk = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  %emptyv = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  scf.for %i = %c0 to %cNC step %c1 : i32 {
    %ib = layout.memdesc_index %bq[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %ib, 1 : !layout.memdesc<1xi64, #bl>
    %iq = layout.memdesc_index %qfree[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %iq, 1 : !layout.memdesc<1xi64, #bl>
    %it = layout.memdesc_index %turn[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %it, 1 : !layout.memdesc<1xi64, #bl>
  }
  scf.for %i = %c0 to %cS step %c1 : i32 {
    %ifk = layout.memdesc_index %fullk[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %ifk, 1 : !layout.memdesc<1xi64, #bl>
    %ifv = layout.memdesc_index %fullv[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %ifv, 1 : !layout.memdesc<1xi64, #bl>
    %iek = layout.memdesc_index %emptyk[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %iek, 2 : !layout.memdesc<1xi64, #bl>
    %iev = layout.memdesc_index %emptyv[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %iev, 2 : !layout.memdesc<1xi64, #bl>
  }
  // Key blocks: ceil(n / BN), the first n / BN of them whole.
  %nr = arith.addi %n, %cBN1 : i32
  %nblocks = arith.divsi %nr, %cBN : i32
  %nfull0 = arith.divsi %n, %cBN : i32
  %is_causal = arith.cmpi ne, %causal, %c0 : i32
  // Tiles: (row block, head) pairs in the order u = row blocks of head 0
  // (last first: with a causal mask the longest first), then head 1, ...
  // (the programs working at the same time share K and V in L2). The
  // k-th tile of program p is u = k G + p, or k G + G - 1 - p for odd k
  // while k G + G <= tiles (a program alternates between the two ends of
  // the waves: without it, with G a multiple of the row blocks per head,
  // program p would always get the same row block and, causal, its own
  // share of the work).
  %nrbr = arith.addi %n, %cBM1 : i32
  %nrb = arith.divsi %nrbr, %cBM : i32
  %ntiles = arith.muli %nrb, %nbh : i32
  %G = tile.num_programs x : i32
  %fullw = arith.divsi %ntiles, %G : i32
  %pidg = arith.subi %G, %pid : i32
  %pidr = arith.subi %pidg, %c1 : i32
  %tleft = arith.subi %ntiles, %pid : i32
  %tleftr = arith.addi %tleft, %G : i32
  %tleftr1 = arith.subi %tleftr, %c1 : i32
  %count = arith.divsi %tleftr1, %G : i32
  tile.warp_specialize default regs(24) {
    // Producer: K_0, Q, then K_(j+1) and V_j for each block j of each tile.
    %c0q = arith.constant 0 : i32
    %c0r = arith.constant 0 : i32
    %c1q = arith.constant 1 : i32
    %c64r = arith.constant 64 : i32
    %ptiles = scf.for %kq = %c0 to %count step %c1 iter_args(%base = %c0) -> (i32) : i32 {
      %tk = arith.muli %kq, %G : i32
      %tt = arith.addi %pid, %tk : i32
      %tf = arith.addi %tk, %pidr : i32
      %ko = arith.andi %kq, %c1 : i32
      %kodd = arith.cmpi ne, %ko, %c0 : i32
      %kin = arith.cmpi slt, %kq, %fullw : i32
      %flip = arith.andi %kodd, %kin : i1
      %u = arith.select %flip, %tf, %tt : i32
      %bh = arith.divsi %u, %nrb : i32
      %ri = arith.remsi %u, %nrb : i32
      %pmr = arith.subi %nrb, %ri : i32
      %pm = arith.subi %pmr, %c1 : i32
      %b = arith.divsi %bh, %heads : i32
      %h = arith.remsi %bh, %heads : i32
      %krb = arith.muli %b, %kbn : i32
      %krh = arith.muli %h, %khn : i32
      %krow0 = arith.addi %krb, %krh : i32
      %vrb = arith.muli %b, %vbn : i32
      %vrh = arith.muli %h, %vhn : i32
      %vrow0 = arith.addi %vrb, %vrh : i32
      %pm1 = arith.addi %pm, %c1 : i32
      %rend = arith.muli %pm1, %cBM : i32
      %rendr = arith.addi %rend, %cBN1 : i32
      %diag = arith.divsi %rendr, %cBN : i32
      %cdiag = arith.minsi %nblocks, %diag : i32
      %hi = arith.select %is_causal, %cdiag, %nblocks : i32
      %rfirst = arith.muli %pm, %cBM : i32
      %first = arith.divsi %rfirst, %cBN : i32
      %cfull = arith.minsi %nfull0, %first : i32
      %nfull = arith.select %is_causal, %cfull, %nfull0 : i32
      %hi1 = arith.subi %hi, %c1 : i32
      %g_lk0 = arith.addi %base, %c0 : i32
      %ls_k0 = arith.remsi %g_lk0, %cS : i32
      %lr_k0 = arith.divsi %g_lk0, %cS : i32
      %lo_k0 = arith.andi %lr_k0, %c1 : i32
      %lp_k0 = arith.xori %lo_k0, %c1 : i32
      %le_k0 = layout.memdesc_index %emptyk[%ls_k0] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %le_k0, %lp_k0 : !layout.memdesc<1xi64, #bl>
      %lf_k0 = layout.memdesc_index %fullk[%ls_k0] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %lb_k0 = layout.memdesc_index %sk[%ls_k0] : !layout.memdesc<2x128x128xf16, #sw> -> !layout.memdesc<128x128xf16, #sw>
      %lk_k0 = arith.muli %c0, %cBN : i32
      %lrow_k0 = arith.addi %krow0, %lk_k0 : i32
      layout.barrier_expect %lf_k0, 32768 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dk[%lrow_k0, %c0] %lb_k0, %lf_k0
          : !layout.tensordesc<128x128xf16, #sw>, !layout.memdesc<128x128xf16, #sw>, !layout.memdesc<1xi64, #bl>
      %qrb = arith.muli %b, %qbn : i32
      %qrh = arith.muli %h, %qhn : i32
      %qrow0 = arith.addi %qrb, %qrh : i32
      %qrf = arith.muli %pm, %cBM : i32
      %qt = arith.addi %qrow0, %qrf : i32
      %qo = arith.andi %kq, %c1 : i32
      %qp = arith.xori %qo, %c1 : i32
      %qf0 = layout.memdesc_index %qfree[%c0q] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %qf0, %qp : !layout.memdesc<1xi64, #bl>
      %qb0 = layout.memdesc_index %bq[%c0q] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %qs0 = layout.memdesc_index %sq[%c0q] : !layout.memdesc<2x64x128xf16, #sw> -> !layout.memdesc<64x128xf16, #sw>
      %qr0 = arith.addi %qt, %c0r : i32
      layout.barrier_expect %qb0, 16384 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dq[%qr0, %c0] %qs0, %qb0
          : !layout.tensordesc<64x128xf16, #sw>, !layout.memdesc<64x128xf16, #sw>, !layout.memdesc<1xi64, #bl>
      %qf1 = layout.memdesc_index %qfree[%c1q] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %qf1, %qp : !layout.memdesc<1xi64, #bl>
      %qb1 = layout.memdesc_index %bq[%c1q] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %qs1 = layout.memdesc_index %sq[%c1q] : !layout.memdesc<2x64x128xf16, #sw> -> !layout.memdesc<64x128xf16, #sw>
      %qr1 = arith.addi %qt, %c64r : i32
      layout.barrier_expect %qb1, 16384 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dq[%qr1, %c0] %qs1, %qb1
          : !layout.tensordesc<64x128xf16, #sw>, !layout.memdesc<64x128xf16, #sw>, !layout.memdesc<1xi64, #bl>
      scf.for %j = %c0 to %hi step %c1 : i32 {
        %j1 = arith.addi %j, %c1 : i32
        %more = arith.cmpi slt, %j1, %hi : i32
        scf.if %more {
          %g_lk = arith.addi %base, %j1 : i32
          %ls_k = arith.remsi %g_lk, %cS : i32
          %lr_k = arith.divsi %g_lk, %cS : i32
          %lo_k = arith.andi %lr_k, %c1 : i32
          %lp_k = arith.xori %lo_k, %c1 : i32
          %le_k = layout.memdesc_index %emptyk[%ls_k] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
          layout.wait_barrier %le_k, %lp_k : !layout.memdesc<1xi64, #bl>
          %lf_k = layout.memdesc_index %fullk[%ls_k] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
          %lb_k = layout.memdesc_index %sk[%ls_k] : !layout.memdesc<2x128x128xf16, #sw> -> !layout.memdesc<128x128xf16, #sw>
          %lk_k = arith.muli %j1, %cBN : i32
          %lrow_k = arith.addi %krow0, %lk_k : i32
          layout.barrier_expect %lf_k, 32768 : !layout.memdesc<1xi64, #bl>
          layout.async_tma_copy_global_to_local %dk[%lrow_k, %c0] %lb_k, %lf_k
              : !layout.tensordesc<128x128xf16, #sw>, !layout.memdesc<128x128xf16, #sw>, !layout.memdesc<1xi64, #bl>
        }
        %g_lv = arith.addi %base, %j : i32
        %ls_v = arith.remsi %g_lv, %cS : i32
        %lr_v = arith.divsi %g_lv, %cS : i32
        %lo_v = arith.andi %lr_v, %c1 : i32
        %lp_v = arith.xori %lo_v, %c1 : i32
        %le_v = layout.memdesc_index %emptyv[%ls_v] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.wait_barrier %le_v, %lp_v : !layout.memdesc<1xi64, #bl>
        %lf_v = layout.memdesc_index %fullv[%ls_v] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        %lb_v = layout.memdesc_index %sv[%ls_v] : !layout.memdesc<2x128x128xf16, #sw> -> !layout.memdesc<128x128xf16, #sw>
        %lk_v = arith.muli %j, %cBN : i32
        %lrow_v = arith.addi %vrow0, %lk_v : i32
        layout.barrier_expect %lf_v, 32768 : !layout.memdesc<1xi64, #bl>
        layout.async_tma_copy_global_to_local %dv[%lrow_v, %c0] %lb_v, %lf_v
            : !layout.tensordesc<128x128xf16, #sw>, !layout.memdesc<128x128xf16, #sw>, !layout.memdesc<1xi64, #bl>
      }
      %nbase = arith.addi %base, %hi : i32
      scf.yield %nbase : i32
    }
  } partition warps(4) replicas(2) regs(240) {
    // Consumer w = tile.replica_id: query rows [128 pm + 64 w, 128 pm + 64 w + 64) of each tile.
    %cw = tile.replica_id : i32
    %cw1 = arith.addi %cw, %c1 : i32
    %cwr = arith.cmpi eq, %cw1, %cNC : i32
    %cwn = arith.select %cwr, %c0, %cw1 : i32
    %c64w = arith.constant 64 : i32
    %crow = arith.muli %cw, %c64w : i32
    %qbw = layout.memdesc_index %bq[%cw] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    %qfw = layout.memdesc_index %qfree[%cw] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    %myturn = layout.memdesc_index %turn[%cw] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    %nextturn = layout.memdesc_index %turn[%cwn] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    %sqw = layout.memdesc_index %sq[%cw] : !layout.memdesc<2x64x128xf16, #sw> -> !layout.memdesc<64x128xf16, #sw>
    %osb = arith.extsi %sob : i32 to i64
    %osh = arith.extsi %soh : i32 to i64
    // Consumer 0 takes the first turn.
    %cNC1 = arith.constant 1 : i32
    %lastw = arith.cmpi eq, %cw, %cNC1 : i32
    scf.if %lastw {
      layout.arrive_barrier %nextturn, 1 nosync : !layout.memdesc<1xi64, #bl>
    }

    // Scores are scaled by sm_scale * log2(e), so that exp2 gives exp.
    %log2e = arith.constant 1.44269504 : f32
    %qk_scale = arith.mulf %sm_scale, %log2e : f32
    %scale = tile.splat %qk_scale : f32 -> tensor<64x128xf32, #mmaS_ws_f16_128>
    %scale_r = tile.splat %qk_scale : f32 -> tensor<64xf32, #rowS_ws_f16_128>
    // Row and column indices of the score block, for the mask.
    %rowi = tile.arange 0, 64 : tensor<64xi32, #rowS_ws_f16_128>
    %coli = tile.arange 0, 128 : tensor<128xi32, #colS_ws_f16_128>
    %cols2 = tile.expand_dims %coli {axis = 0 : i32} : tensor<128xi32, #colS_ws_f16_128> -> tensor<1x128xi32, #mmaS_ws_f16_128>
    %colsb = tile.broadcast %cols2 : tensor<1x128xi32, #mmaS_ws_f16_128> -> tensor<64x128xi32, #mmaS_ws_f16_128>
    %nrv = tile.splat %n : i32 -> tensor<64xi32, #rowS_ws_f16_128>
    %onev = arith.constant dense<1> : tensor<64xi32, #rowS_ws_f16_128>
    %causalr = tile.splat %is_causal : i1 -> tensor<64xi1, #rowS_ws_f16_128>
    %ninf = arith.constant dense<0xFF800000> : tensor<64x128xf32, #mmaS_ws_f16_128>
    %zs = arith.constant dense<0.0> : tensor<64x128xf32, #mmaS_ws_f16_128>
    %zo = arith.constant dense<0.0> : tensor<64x128xf32, #mmaO_ws_f16_128>
    %m0 = arith.constant dense<0xFF800000> : tensor<64xf32, #rowS_ws_f16_128>
    %l0 = arith.constant dense<0.0> : tensor<64x4xf32, #lq_ws_f16_128>
    // Tiles: %base key blocks and %base + kq turns came before tile kq.
    %tiles = scf.for %kq = %c0 to %count step %c1 iter_args(%base = %c0) -> (i32) : i32 {
      %tk = arith.muli %kq, %G : i32
      %tt = arith.addi %pid, %tk : i32
      %tf = arith.addi %tk, %pidr : i32
      %ko = arith.andi %kq, %c1 : i32
      %kodd = arith.cmpi ne, %ko, %c0 : i32
      %kin = arith.cmpi slt, %kq, %fullw : i32
      %flip = arith.andi %kodd, %kin : i1
      %u = arith.select %flip, %tf, %tt : i32
      %bh = arith.divsi %u, %nrb : i32
      %ri = arith.remsi %u, %nrb : i32
      %pmr = arith.subi %nrb, %ri : i32
      %pm = arith.subi %pmr, %c1 : i32
      %b = arith.divsi %bh, %heads : i32
      %h = arith.remsi %bh, %heads : i32
      %tbase = arith.addi %base, %kq : i32
      %pm1 = arith.addi %pm, %c1 : i32
      %rend = arith.muli %pm1, %cBM : i32
      %rendr = arith.addi %rend, %cBN1 : i32
      %diag = arith.divsi %rendr, %cBN : i32
      %cdiag = arith.minsi %nblocks, %diag : i32
      %hi = arith.select %is_causal, %cdiag, %nblocks : i32
      %rfirst = arith.muli %pm, %cBM : i32
      %first = arith.divsi %rfirst, %cBN : i32
      %cfull = arith.minsi %nfull0, %first : i32
      %nfull = arith.select %is_causal, %cfull, %nfull0 : i32
      %hi1 = arith.subi %hi, %c1 : i32
      %qr0 = arith.addi %rfirst, %crow : i32
      // O: the [n, d] slice of this head, stored from registers (the store
      // drops rows past n).
      %b64 = arith.extsi %b : i32 to i64
      %h64 = arith.extsi %h : i32 to i64
      %oob = arith.muli %b64, %osb : i64
      %ooh = arith.muli %h64, %osh : i64
      %ooff = arith.addi %oob, %ooh : i64
      %op = tile.addptr %o, %ooff : !tile.ptr<f16>, i64
      %vo = tile.make_view %op, shape [%n, 128], strides [%son, 1]
            : !tile.ptr<f16> -> !tile.view<?x128xf16>
      // Row indices of the score block, for the mask.
      %row0v = tile.splat %qr0 : i32 -> tensor<64xi32, #rowS_ws_f16_128>
      %rows1 = arith.addi %rowi, %row0v : tensor<64xi32, #rowS_ws_f16_128>
      // Columns below lim are kept: n, or min(n, row + 1) when causal.
      %rowsp1 = arith.addi %rows1, %onev : tensor<64xi32, #rowS_ws_f16_128>
      %limc = arith.minsi %rowsp1, %nrv : tensor<64xi32, #rowS_ws_f16_128>
      %lim = arith.select %causalr, %limc, %nrv : tensor<64xi1, #rowS_ws_f16_128>, tensor<64xi32, #rowS_ws_f16_128>

      // Turn 0: S_0 = Q K_0^T.
      %qph = arith.andi %kq, %c1 : i32
      layout.wait_barrier %qbw, %qph : !layout.memdesc<1xi64, #bl>
      %g_k0 = arith.addi %base, %c0 : i32
      %ws_k0 = arith.remsi %g_k0, %cS : i32
      %wr_k0 = arith.divsi %g_k0, %cS : i32
      %wp_k0 = arith.andi %wr_k0, %c1 : i32
      %wb_k0 = layout.memdesc_index %fullk[%ws_k0] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %wb_k0, %wp_k0 : !layout.memdesc<1xi64, #bl>
      %g_k0s = arith.addi %base, %c0 : i32
      %k0s = arith.remsi %g_k0s, %cS : i32
      %sk0 = layout.memdesc_index %sk[%k0s] : !layout.memdesc<2x128x128xf16, #sw> -> !layout.memdesc<128x128xf16, #sw>
      %skt0 = layout.memdesc_trans %sk0 {order = array<i32: 1, 0>} : !layout.memdesc<128x128xf16, #sw> -> !layout.memdesc<128x128xf16, #swT>
      %tg_p = arith.addi %tbase, %c0 : i32
      %tp_p = arith.andi %tg_p, %c1 : i32
      layout.wait_barrier %myturn, %tp_p : !layout.memdesc<1xi64, #bl>
      %qk0a = tile.dot %sqw, %skt0, %zs async : !layout.memdesc<64x128xf16, #sw>, !layout.memdesc<128x128xf16, #swT> -> tensor<64x128xf32, #mmaS_ws_f16_128>
      layout.arrive_barrier %nextturn, 1 nosync : !layout.memdesc<1xi64, #bl>
      %qk0 = tile.dot_wait %qk0a {pendings = 0 : i32} : tensor<64x128xf32, #mmaS_ws_f16_128>
      %g_rk0 = arith.addi %base, %c0 : i32
      %rs_k0 = arith.remsi %g_rk0, %cS : i32
      %rb_k0 = layout.memdesc_index %emptyk[%rs_k0] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.arrive_barrier %rb_k0, 1 nosync : !layout.memdesc<1xi64, #bl>
      // Block 0's softmax (masked: it may be the diagonal or the last block).
      // The mask: column c of the block is kept iff c < lim - blk BN.
      %col0_p0 = arith.muli %c0, %cBN : i32
      %col0v_p0 = tile.splat %col0_p0 : i32 -> tensor<64xi32, #rowS_ws_f16_128>
      %limc_p0 = arith.subi %lim, %col0v_p0 : tensor<64xi32, #rowS_ws_f16_128>
      %lim2_p0 = tile.expand_dims %limc_p0 {axis = 1 : i32} : tensor<64xi32, #rowS_ws_f16_128> -> tensor<64x1xi32, #mmaS_ws_f16_128>
      %limb_p0 = tile.broadcast %lim2_p0 : tensor<64x1xi32, #mmaS_ws_f16_128> -> tensor<64x128xi32, #mmaS_ws_f16_128>
      %keep_p0 = arith.cmpi slt, %colsb, %limb_p0 : tensor<64x128xi32, #mmaS_ws_f16_128>
      %s_p0 = arith.select %keep_p0, %qk0, %ninf : tensor<64x128xi1, #mmaS_ws_f16_128>, tensor<64x128xf32, #mmaS_ws_f16_128>
      // Online softmax in units of the scaled scores (block 0 always has a
      // kept column, so m' is finite from the first block on).
      %mx_p0 = tile.reduce max %s_p0 {axis = 1 : i32} : tensor<64x128xf32, #mmaS_ws_f16_128> -> tensor<64xf32, #rowS_ws_f16_128>
      %mxs_p0 = arith.mulf %mx_p0, %scale_r : tensor<64xf32, #rowS_ws_f16_128>
      %m_p0 = arith.maximumf %m0, %mxs_p0 : tensor<64xf32, #rowS_ws_f16_128>
      %negm_p0 = arith.negf %m_p0 : tensor<64xf32, #rowS_ws_f16_128>
      %mb2_p0 = tile.expand_dims %negm_p0 {axis = 1 : i32} : tensor<64xf32, #rowS_ws_f16_128> -> tensor<64x1xf32, #mmaS_ws_f16_128>
      %mb_p0 = tile.broadcast %mb2_p0 : tensor<64x1xf32, #mmaS_ws_f16_128> -> tensor<64x128xf32, #mmaS_ws_f16_128>
      %sd_p0 = math.fma %s_p0, %scale, %mb_p0 : tensor<64x128xf32, #mmaS_ws_f16_128>
      %p_p0 = math.exp2 %sd_p0 fastmath<afn> : tensor<64x128xf32, #mmaS_ws_f16_128>
      %md_p0 = arith.subf %m0, %m_p0 : tensor<64xf32, #rowS_ws_f16_128>
      %alpha_p0 = math.exp2 %md_p0 fastmath<afn> : tensor<64xf32, #rowS_ws_f16_128>
      // l per thread: P summed over this thread's columns only (no shuffle).
      %pr_p0 = tile.reshape %p_p0 : tensor<64x128xf32, #mmaS_ws_f16_128> -> tensor<64x16x4x2xf32, #p4_ws_f16_128>
      %ps3_p0 = tile.reduce sum %pr_p0 {axis = 3 : i32} : tensor<64x16x4x2xf32, #p4_ws_f16_128> -> tensor<64x16x4xf32, #p3_ws_f16_128>
      %ps_p0 = tile.reduce sum %ps3_p0 {axis = 1 : i32} : tensor<64x16x4xf32, #p3_ws_f16_128> -> tensor<64x4xf32, #lq_ws_f16_128>
      %ab1_p0 = tile.expand_dims %alpha_p0 {axis = 1 : i32} : tensor<64xf32, #rowS_ws_f16_128> -> tensor<64x1xf32, #mmaS_ws_f16_128>
      %abs_p0 = tile.broadcast %ab1_p0 : tensor<64x1xf32, #mmaS_ws_f16_128> -> tensor<64x128xf32, #mmaS_ws_f16_128>
      %abr_p0 = tile.reshape %abs_p0 : tensor<64x128xf32, #mmaS_ws_f16_128> -> tensor<64x16x4x2xf32, #p4_ws_f16_128>
      %ab3_p0 = tile.reduce max %abr_p0 {axis = 3 : i32} : tensor<64x16x4x2xf32, #p4_ws_f16_128> -> tensor<64x16x4xf32, #p3_ws_f16_128>
      %alq_p0 = tile.reduce max %ab3_p0 {axis = 1 : i32} : tensor<64x16x4xf32, #p3_ws_f16_128> -> tensor<64x4xf32, #lq_ws_f16_128>
      %la_p0 = arith.mulf %l0, %alq_p0 : tensor<64x4xf32, #lq_ws_f16_128>
      %l_p0 = arith.addf %la_p0, %ps_p0 : tensor<64x4xf32, #lq_ws_f16_128>
      %pt_p0 = arith.truncf %p_p0 : tensor<64x128xf32, #mmaS_ws_f16_128> to tensor<64x128xf16, #mmaS_ws_f16_128>
      %pa_p0 = layout.convert %pt_p0 : tensor<64x128xf16, #mmaS_ws_f16_128> -> tensor<64x128xf16, #opP_ws_f16_128>

      // Iteration j: P_j V_j and the softmax of block j + 1, for j + 1 < hi.
      // Blocks 1 .. nfull - 1 need no mask, nfull .. hi - 1 do.
      %part:5 = scf.for %j = %c0 to %hi1 step %c1
          iter_args(%acc_i = %zo, %m_i = %m_p0, %l_i = %l_p0, %alpha_i = %alpha_p0, %pa_i = %pa_p0)
          -> (tensor<64x128xf32, #mmaO_ws_f16_128>, tensor<64xf32, #rowS_ws_f16_128>, tensor<64x4xf32, #lq_ws_f16_128>, tensor<64xf32, #rowS_ws_f16_128>, tensor<64x128xf16, #opP_ws_f16_128>) : i32 {
        // 1. My turn: S_(j+1) = Q K_(j+1)^T and O = O alpha_j + P_j V_j,
        // both asynchronous; then the next consumer's turn.
        %j1 = arith.addi %j, %c1 : i32
        %needmask = arith.cmpi sge, %j1, %nfull : i32
        %g_k = arith.addi %base, %j1 : i32
        %ws_k = arith.remsi %g_k, %cS : i32
        %wr_k = arith.divsi %g_k, %cS : i32
        %wp_k = arith.andi %wr_k, %c1 : i32
        %wb_k = layout.memdesc_index %fullk[%ws_k] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.wait_barrier %wb_k, %wp_k : !layout.memdesc<1xi64, #bl>
        %g_ks1 = arith.addi %base, %j1 : i32
        %ks1 = arith.remsi %g_ks1, %cS : i32
        %sknx = layout.memdesc_index %sk[%ks1] : !layout.memdesc<2x128x128xf16, #sw> -> !layout.memdesc<128x128xf16, #sw>
        %sktn = layout.memdesc_trans %sknx {order = array<i32: 1, 0>} : !layout.memdesc<128x128xf16, #sw> -> !layout.memdesc<128x128xf16, #swT>
        %tg_l = arith.addi %tbase, %j1 : i32
        %tp_l = arith.andi %tg_l, %c1 : i32
        layout.wait_barrier %myturn, %tp_l : !layout.memdesc<1xi64, #bl>
        %qk_next = tile.dot %sqw, %sktn, %zs async : !layout.memdesc<64x128xf16, #sw>, !layout.memdesc<128x128xf16, #swT> -> tensor<64x128xf32, #mmaS_ws_f16_128>
        // (O is rescaled already)
        %g_vj = arith.addi %base, %j : i32
        %ws_vj = arith.remsi %g_vj, %cS : i32
        %wr_vj = arith.divsi %g_vj, %cS : i32
        %wp_vj = arith.andi %wr_vj, %c1 : i32
        %wb_vj = layout.memdesc_index %fullv[%ws_vj] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.wait_barrier %wb_vj, %wp_vj : !layout.memdesc<1xi64, #bl>
        %g_pvj = arith.addi %base, %j : i32
        %vsl_j = arith.remsi %g_pvj, %cS : i32
        %svc_j = layout.memdesc_index %sv[%vsl_j] : !layout.memdesc<2x128x128xf16, #sw> -> !layout.memdesc<128x128xf16, #sw>
        %acc_j = tile.dot %pa_i, %svc_j, %acc_i async : tensor<64x128xf16, #opP_ws_f16_128>, !layout.memdesc<128x128xf16, #sw> -> tensor<64x128xf32, #mmaO_ws_f16_128>
        layout.arrive_barrier %nextturn, 1 nosync : !layout.memdesc<1xi64, #bl>
        // 2. S_(j+1) done (P_j V_j may still run): K_(j+1)'s slot is free,
        // and its softmax overlaps P_j V_j and the other consumers' wgmmas.
        %qk = tile.dot_wait %qk_next {pendings = 1 : i32} : tensor<64x128xf32, #mmaS_ws_f16_128>
        %g_rk = arith.addi %base, %j1 : i32
        %rs_k = arith.remsi %g_rk, %cS : i32
        %rb_k = layout.memdesc_index %emptyk[%rs_k] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.arrive_barrier %rb_k, 1 nosync : !layout.memdesc<1xi64, #bl>
        // The mask, when %needmask: column c of the block is kept iff c < lim - blk BN.
        %s_n = scf.if %needmask -> (tensor<64x128xf32, #mmaS_ws_f16_128>) {
          %col0_n = arith.muli %j1, %cBN : i32
          %col0v_n = tile.splat %col0_n : i32 -> tensor<64xi32, #rowS_ws_f16_128>
          %limc_n = arith.subi %lim, %col0v_n : tensor<64xi32, #rowS_ws_f16_128>
          %lim2_n = tile.expand_dims %limc_n {axis = 1 : i32} : tensor<64xi32, #rowS_ws_f16_128> -> tensor<64x1xi32, #mmaS_ws_f16_128>
          %limb_n = tile.broadcast %lim2_n : tensor<64x1xi32, #mmaS_ws_f16_128> -> tensor<64x128xi32, #mmaS_ws_f16_128>
          %keep_n = arith.cmpi slt, %colsb, %limb_n : tensor<64x128xi32, #mmaS_ws_f16_128>
          %sm_n = arith.select %keep_n, %qk, %ninf : tensor<64x128xi1, #mmaS_ws_f16_128>, tensor<64x128xf32, #mmaS_ws_f16_128>
          scf.yield %sm_n : tensor<64x128xf32, #mmaS_ws_f16_128>
        } else {
          scf.yield %qk : tensor<64x128xf32, #mmaS_ws_f16_128>
        }
        // Online softmax in units of the scaled scores (block 0 always has a
        // kept column, so m' is finite from the first block on).
        %mx_n = tile.reduce max %s_n {axis = 1 : i32} : tensor<64x128xf32, #mmaS_ws_f16_128> -> tensor<64xf32, #rowS_ws_f16_128>
        %mxs_n = arith.mulf %mx_n, %scale_r : tensor<64xf32, #rowS_ws_f16_128>
        %m_n = arith.maximumf %m_i, %mxs_n : tensor<64xf32, #rowS_ws_f16_128>
        %negm_n = arith.negf %m_n : tensor<64xf32, #rowS_ws_f16_128>
        %mb2_n = tile.expand_dims %negm_n {axis = 1 : i32} : tensor<64xf32, #rowS_ws_f16_128> -> tensor<64x1xf32, #mmaS_ws_f16_128>
        %mb_n = tile.broadcast %mb2_n : tensor<64x1xf32, #mmaS_ws_f16_128> -> tensor<64x128xf32, #mmaS_ws_f16_128>
        %sd_n = math.fma %s_n, %scale, %mb_n : tensor<64x128xf32, #mmaS_ws_f16_128>
        %p_n = math.exp2 %sd_n fastmath<afn> : tensor<64x128xf32, #mmaS_ws_f16_128>
        %md_n = arith.subf %m_i, %m_n : tensor<64xf32, #rowS_ws_f16_128>
        %alpha_n = math.exp2 %md_n fastmath<afn> : tensor<64xf32, #rowS_ws_f16_128>
        // l per thread: P summed over this thread's columns only (no shuffle).
        %pr_n = tile.reshape %p_n : tensor<64x128xf32, #mmaS_ws_f16_128> -> tensor<64x16x4x2xf32, #p4_ws_f16_128>
        %ps3_n = tile.reduce sum %pr_n {axis = 3 : i32} : tensor<64x16x4x2xf32, #p4_ws_f16_128> -> tensor<64x16x4xf32, #p3_ws_f16_128>
        %ps_n = tile.reduce sum %ps3_n {axis = 1 : i32} : tensor<64x16x4xf32, #p3_ws_f16_128> -> tensor<64x4xf32, #lq_ws_f16_128>
        %ab1_n = tile.expand_dims %alpha_n {axis = 1 : i32} : tensor<64xf32, #rowS_ws_f16_128> -> tensor<64x1xf32, #mmaS_ws_f16_128>
        %abs_n = tile.broadcast %ab1_n : tensor<64x1xf32, #mmaS_ws_f16_128> -> tensor<64x128xf32, #mmaS_ws_f16_128>
        %abr_n = tile.reshape %abs_n : tensor<64x128xf32, #mmaS_ws_f16_128> -> tensor<64x16x4x2xf32, #p4_ws_f16_128>
        %ab3_n = tile.reduce max %abr_n {axis = 3 : i32} : tensor<64x16x4x2xf32, #p4_ws_f16_128> -> tensor<64x16x4xf32, #p3_ws_f16_128>
        %alq_n = tile.reduce max %ab3_n {axis = 1 : i32} : tensor<64x16x4xf32, #p3_ws_f16_128> -> tensor<64x4xf32, #lq_ws_f16_128>
        %la_n = arith.mulf %l_i, %alq_n : tensor<64x4xf32, #lq_ws_f16_128>
        %l_n = arith.addf %la_n, %ps_n : tensor<64x4xf32, #lq_ws_f16_128>
        %pt_n = arith.truncf %p_n : tensor<64x128xf32, #mmaS_ws_f16_128> to tensor<64x128xf16, #mmaS_ws_f16_128>
        %pa_n = layout.convert %pt_n : tensor<64x128xf16, #mmaS_ws_f16_128> -> tensor<64x128xf16, #opP_ws_f16_128>
        // 3. P_j V_j done: V_j's slot is free.
        %acc_w = tile.dot_wait %acc_j {pendings = 0 : i32} : tensor<64x128xf32, #mmaO_ws_f16_128>
        %g_rv = arith.addi %base, %j : i32
        %rs_v = arith.remsi %g_rv, %cS : i32
        %rb_v = layout.memdesc_index %emptyv[%rs_v] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.arrive_barrier %rb_v, 1 nosync : !layout.memdesc<1xi64, #bl>
        %alphao_n = layout.convert %alpha_n : tensor<64xf32, #rowS_ws_f16_128> -> tensor<64xf32, #rowO_ws_f16_128>
        %ab2_n = tile.expand_dims %alphao_n {axis = 1 : i32} : tensor<64xf32, #rowO_ws_f16_128> -> tensor<64x1xf32, #mmaO_ws_f16_128>
        %ab_n = tile.broadcast %ab2_n : tensor<64x1xf32, #mmaO_ws_f16_128> -> tensor<64x128xf32, #mmaO_ws_f16_128>
        %accs_n = arith.mulf %acc_w, %ab_n : tensor<64x128xf32, #mmaO_ws_f16_128>
        scf.yield %accs_n, %m_n, %l_n, %alpha_n, %pa_n : tensor<64x128xf32, #mmaO_ws_f16_128>, tensor<64xf32, #rowS_ws_f16_128>, tensor<64x4xf32, #lq_ws_f16_128>, tensor<64xf32, #rowS_ws_f16_128>, tensor<64x128xf16, #opP_ws_f16_128>
      }
      // The last S has been waited for: the producer may load the next Q.
      layout.arrive_barrier %qfw, 1 nosync : !layout.memdesc<1xi64, #bl>
      // Turn hi: the last block's P V, then O / l.
      %tg_e = arith.addi %tbase, %hi : i32
      %tp_e = arith.andi %tg_e, %c1 : i32
      layout.wait_barrier %myturn, %tp_e : !layout.memdesc<1xi64, #bl>
      // (O is rescaled already)
      %g_vlast = arith.addi %base, %hi1 : i32
      %ws_vlast = arith.remsi %g_vlast, %cS : i32
      %wr_vlast = arith.divsi %g_vlast, %cS : i32
      %wp_vlast = arith.andi %wr_vlast, %c1 : i32
      %wb_vlast = layout.memdesc_index %fullv[%ws_vlast] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %wb_vlast, %wp_vlast : !layout.memdesc<1xi64, #bl>
      %g_pvlast = arith.addi %base, %hi1 : i32
      %vsl_last = arith.remsi %g_pvlast, %cS : i32
      %svc_last = layout.memdesc_index %sv[%vsl_last] : !layout.memdesc<2x128x128xf16, #sw> -> !layout.memdesc<128x128xf16, #sw>
      %acc_last = tile.dot %part#4, %svc_last, %part#0 async : tensor<64x128xf16, #opP_ws_f16_128>, !layout.memdesc<128x128xf16, #sw> -> tensor<64x128xf32, #mmaO_ws_f16_128>
      layout.arrive_barrier %nextturn, 1 nosync : !layout.memdesc<1xi64, #bl>
      %acc = tile.dot_wait %acc_last {pendings = 0 : i32} : tensor<64x128xf32, #mmaO_ws_f16_128>
      %g_rvl = arith.addi %base, %hi1 : i32
      %rs_vl = arith.remsi %g_rvl, %cS : i32
      %rb_vl = layout.memdesc_index %emptyv[%rs_vl] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.arrive_barrier %rb_vl, 1 nosync : !layout.memdesc<1xi64, #bl>
      // The row sums: the four partial sums of each row's quad.
      %lq = tile.reduce sum %part#2 {axis = 1 : i32} : tensor<64x4xf32, #lq_ws_f16_128> -> tensor<64xf32, #lqr_ws_f16_128>
      %lo = layout.convert %lq : tensor<64xf32, #lqr_ws_f16_128> -> tensor<64xf32, #rowO_ws_f16_128>
      // O / l as O (1 / l): a division a row, not one an element.
      %onel = arith.constant dense<1.0> : tensor<64xf32, #rowO_ws_f16_128>
      %rl = arith.divf %onel, %lo : tensor<64xf32, #rowO_ws_f16_128>
      %lb2 = tile.expand_dims %rl {axis = 1 : i32} : tensor<64xf32, #rowO_ws_f16_128> -> tensor<64x1xf32, #mmaO_ws_f16_128>
      %lb = tile.broadcast %lb2 : tensor<64x1xf32, #mmaO_ws_f16_128> -> tensor<64x128xf32, #mmaO_ws_f16_128>
      %out = arith.mulf %acc, %lb : tensor<64x128xf32, #mmaO_ws_f16_128>
      %outt = arith.truncf %out : tensor<64x128xf32, #mmaO_ws_f16_128> to tensor<64x128xf16, #mmaO_ws_f16_128>
      %pmc = arith.muli %pm, %cNC : i32
      %ot = arith.addi %pmc, %cw : i32
      tile.store_tile %outt, %vo[%ot, %c0] : tensor<64x128xf16, #mmaO_ws_f16_128>, !tile.view<?x128xf16>
      %nbase = arith.addi %base, %hi : i32
      scf.yield %nbase : i32
    }
  }
  tile.return
}
#p4_ws_bf16_64 = #layout.linear<register = [[0, 0, 0, 1], [8, 0, 0, 0], [0, 1, 0, 0], [0, 2, 0, 0], [0, 4, 0, 0], [0, 8, 0, 0]], lane = [[0, 0, 1, 0], [0, 0, 2, 0], [1, 0, 0, 0], [2, 0, 0, 0], [4, 0, 0, 0]], warp = [[16, 0, 0, 0], [32, 0, 0, 0]]>
#p3_ws_bf16_64 = #layout.slice<dim = 3, parent = #p4_ws_bf16_64>
#lq_ws_bf16_64 = #layout.slice<dim = 1, parent = #p3_ws_bf16_64>
#lqr_ws_bf16_64 = #layout.slice<dim = 1, parent = #lq_ws_bf16_64>

#mmaS_ws_bf16_64 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]>
#mmaO_ws_bf16_64 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]>
#opP_ws_bf16_64 = #layout.dot_operand<opIdx = 0, parent = #mmaO_ws_bf16_64, kWidth = 2>
#rowS_ws_bf16_64 = #layout.slice<dim = 1, parent = #mmaS_ws_bf16_64>
#colS_ws_bf16_64 = #layout.slice<dim = 0, parent = #mmaS_ws_bf16_64>
#rowO_ws_bf16_64 = #layout.slice<dim = 1, parent = #mmaO_ws_bf16_64>

#pin_ws_bf16_64 = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
tile.kernel @attention_ws_bf16_d64(
    %q: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %k: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %v: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %o: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
    %sm_scale: f32, %n: i32, %heads: i32, %causal: i32,
    %sqb: i32 {tile.divisibility = 8 : i64}, %sqh: i32 {tile.divisibility = 8 : i64}, %sqn: i32 {tile.divisibility = 8 : i64},
    %skb: i32 {tile.divisibility = 8 : i64}, %skh: i32 {tile.divisibility = 8 : i64}, %skn: i32 {tile.divisibility = 8 : i64},
    %svb: i32 {tile.divisibility = 8 : i64}, %svh: i32 {tile.divisibility = 8 : i64}, %svn: i32 {tile.divisibility = 8 : i64},
    %sob: i32 {tile.divisibility = 8 : i64}, %soh: i32 {tile.divisibility = 8 : i64}, %son: i32 {tile.divisibility = 8 : i64},
    %rq: i32, %rk: i32, %rv: i32,
    %nbh: i32) attributes {num_warps = 4 : i32} {
  %pid = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cS = arith.constant 3 : i32
  %cBN = arith.constant 128 : i32
  %cBN1 = arith.constant 127 : i32
  %cBM = arith.constant 128 : i32
  %cBM1 = arith.constant 127 : i32
  %cNC = arith.constant 2 : i32
  // q, k, v as [rows, d] matrices (TMA); head (b, h) starts at row
  // b * (sb / sn) + h * (sh / sn) of each.
  %fq = tile.make_view %q, shape [%rq, 64], strides [%sqn, 1]
        : !tile.ptr<bf16> -> !tile.view<?x64xbf16>
  %qbn = arith.divsi %sqb, %sqn : i32
  %qhn = arith.divsi %sqh, %sqn : i32
  %fk = tile.make_view %k, shape [%rk, 64], strides [%skn, 1]
        : !tile.ptr<bf16> -> !tile.view<?x64xbf16>
  %kbn = arith.divsi %skb, %skn : i32
  %khn = arith.divsi %skh, %skn : i32
  %fv = tile.make_view %v, shape [%rv, 64], strides [%svn, 1]
        : !tile.ptr<bf16> -> !tile.view<?x64xbf16>
  %vbn = arith.divsi %svb, %svn : i32
  %vhn = arith.divsi %svh, %svn : i32
  %dq = tile.make_tensor_desc %fq : !tile.view<?x64xbf16> -> !layout.tensordesc<64x64xbf16, #sw>
  %dk = tile.make_tensor_desc %fk : !tile.view<?x64xbf16> -> !layout.tensordesc<128x64xbf16, #sw>
  %dv = tile.make_tensor_desc %fv : !tile.view<?x64xbf16> -> !layout.tensordesc<128x64xbf16, #sw>

  // Shared memory: Q (a slot per consumer), the K and V rings, mbarriers.
  %sq = layout.local_alloc : !layout.memdesc<2x64x64xbf16, #sw>
  %sk = layout.local_alloc : !layout.memdesc<3x128x64xbf16, #sw>
  %sv = layout.local_alloc : !layout.memdesc<3x128x64xbf16, #sw>
  %bq = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  %qfree = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  %turn = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  %fullk = layout.local_alloc : !layout.memdesc<3x1xi64, #bl>
  %fullv = layout.local_alloc : !layout.memdesc<3x1xi64, #bl>
  %emptyk = layout.local_alloc : !layout.memdesc<3x1xi64, #bl>
  %emptyv = layout.local_alloc : !layout.memdesc<3x1xi64, #bl>
  %lpins = layout.local_alloc : !layout.memdesc<2x64x4xf32, #pin_ws_bf16_64>
  scf.for %i = %c0 to %cNC step %c1 : i32 {
    %ib = layout.memdesc_index %bq[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %ib, 1 : !layout.memdesc<1xi64, #bl>
    %iq = layout.memdesc_index %qfree[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %iq, 1 : !layout.memdesc<1xi64, #bl>
    %it = layout.memdesc_index %turn[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %it, 1 : !layout.memdesc<1xi64, #bl>
  }
  scf.for %i = %c0 to %cS step %c1 : i32 {
    %ifk = layout.memdesc_index %fullk[%i] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %ifk, 1 : !layout.memdesc<1xi64, #bl>
    %ifv = layout.memdesc_index %fullv[%i] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %ifv, 1 : !layout.memdesc<1xi64, #bl>
    %iek = layout.memdesc_index %emptyk[%i] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %iek, 2 : !layout.memdesc<1xi64, #bl>
    %iev = layout.memdesc_index %emptyv[%i] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %iev, 2 : !layout.memdesc<1xi64, #bl>
  }
  // Key blocks: ceil(n / BN), the first n / BN of them whole.
  %nr = arith.addi %n, %cBN1 : i32
  %nblocks = arith.divsi %nr, %cBN : i32
  %nfull0 = arith.divsi %n, %cBN : i32
  %is_causal = arith.cmpi ne, %causal, %c0 : i32
  // Tiles: (row block, head) pairs in the order u = row blocks of head 0
  // (last first: with a causal mask the longest first), then head 1, ...
  // (the programs working at the same time share K and V in L2). The
  // k-th tile of program p is u = k G + p, or k G + G - 1 - p for odd k
  // while k G + G <= tiles (a program alternates between the two ends of
  // the waves: without it, with G a multiple of the row blocks per head,
  // program p would always get the same row block and, causal, its own
  // share of the work).
  %nrbr = arith.addi %n, %cBM1 : i32
  %nrb = arith.divsi %nrbr, %cBM : i32
  %ntiles = arith.muli %nrb, %nbh : i32
  %G = tile.num_programs x : i32
  %fullw = arith.divsi %ntiles, %G : i32
  %pidg = arith.subi %G, %pid : i32
  %pidr = arith.subi %pidg, %c1 : i32
  %tleft = arith.subi %ntiles, %pid : i32
  %tleftr = arith.addi %tleft, %G : i32
  %tleftr1 = arith.subi %tleftr, %c1 : i32
  %count = arith.divsi %tleftr1, %G : i32
  tile.warp_specialize default regs(24) {
    // Producer: K_0, Q, then K_(j+1) and V_j for each block j of each tile.
    %c0q = arith.constant 0 : i32
    %c0r = arith.constant 0 : i32
    %c1q = arith.constant 1 : i32
    %c64r = arith.constant 64 : i32
    %ptiles = scf.for %kq = %c0 to %count step %c1 iter_args(%base = %c0) -> (i32) : i32 {
      %tk = arith.muli %kq, %G : i32
      %tt = arith.addi %pid, %tk : i32
      %tf = arith.addi %tk, %pidr : i32
      %ko = arith.andi %kq, %c1 : i32
      %kodd = arith.cmpi ne, %ko, %c0 : i32
      %kin = arith.cmpi slt, %kq, %fullw : i32
      %flip = arith.andi %kodd, %kin : i1
      %u = arith.select %flip, %tf, %tt : i32
      %bh = arith.divsi %u, %nrb : i32
      %ri = arith.remsi %u, %nrb : i32
      %pmr = arith.subi %nrb, %ri : i32
      %pm = arith.subi %pmr, %c1 : i32
      %b = arith.divsi %bh, %heads : i32
      %h = arith.remsi %bh, %heads : i32
      %krb = arith.muli %b, %kbn : i32
      %krh = arith.muli %h, %khn : i32
      %krow0 = arith.addi %krb, %krh : i32
      %vrb = arith.muli %b, %vbn : i32
      %vrh = arith.muli %h, %vhn : i32
      %vrow0 = arith.addi %vrb, %vrh : i32
      %pm1 = arith.addi %pm, %c1 : i32
      %rend = arith.muli %pm1, %cBM : i32
      %rendr = arith.addi %rend, %cBN1 : i32
      %diag = arith.divsi %rendr, %cBN : i32
      %cdiag = arith.minsi %nblocks, %diag : i32
      %hi = arith.select %is_causal, %cdiag, %nblocks : i32
      %rfirst = arith.muli %pm, %cBM : i32
      %first = arith.divsi %rfirst, %cBN : i32
      %cfull = arith.minsi %nfull0, %first : i32
      %nfull = arith.select %is_causal, %cfull, %nfull0 : i32
      %hi1 = arith.subi %hi, %c1 : i32
      %g_lk0 = arith.addi %base, %c0 : i32
      %ls_k0 = arith.remsi %g_lk0, %cS : i32
      %lr_k0 = arith.divsi %g_lk0, %cS : i32
      %lo_k0 = arith.andi %lr_k0, %c1 : i32
      %lp_k0 = arith.xori %lo_k0, %c1 : i32
      %le_k0 = layout.memdesc_index %emptyk[%ls_k0] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %le_k0, %lp_k0 : !layout.memdesc<1xi64, #bl>
      %lf_k0 = layout.memdesc_index %fullk[%ls_k0] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %lb_k0 = layout.memdesc_index %sk[%ls_k0] : !layout.memdesc<3x128x64xbf16, #sw> -> !layout.memdesc<128x64xbf16, #sw>
      %lk_k0 = arith.muli %c0, %cBN : i32
      %lrow_k0 = arith.addi %krow0, %lk_k0 : i32
      layout.barrier_expect %lf_k0, 16384 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dk[%lrow_k0, %c0] %lb_k0, %lf_k0
          : !layout.tensordesc<128x64xbf16, #sw>, !layout.memdesc<128x64xbf16, #sw>, !layout.memdesc<1xi64, #bl>
      %qrb = arith.muli %b, %qbn : i32
      %qrh = arith.muli %h, %qhn : i32
      %qrow0 = arith.addi %qrb, %qrh : i32
      %qrf = arith.muli %pm, %cBM : i32
      %qt = arith.addi %qrow0, %qrf : i32
      %qo = arith.andi %kq, %c1 : i32
      %qp = arith.xori %qo, %c1 : i32
      %qf0 = layout.memdesc_index %qfree[%c0q] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %qf0, %qp : !layout.memdesc<1xi64, #bl>
      %qb0 = layout.memdesc_index %bq[%c0q] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %qs0 = layout.memdesc_index %sq[%c0q] : !layout.memdesc<2x64x64xbf16, #sw> -> !layout.memdesc<64x64xbf16, #sw>
      %qr0 = arith.addi %qt, %c0r : i32
      layout.barrier_expect %qb0, 8192 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dq[%qr0, %c0] %qs0, %qb0
          : !layout.tensordesc<64x64xbf16, #sw>, !layout.memdesc<64x64xbf16, #sw>, !layout.memdesc<1xi64, #bl>
      %qf1 = layout.memdesc_index %qfree[%c1q] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %qf1, %qp : !layout.memdesc<1xi64, #bl>
      %qb1 = layout.memdesc_index %bq[%c1q] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %qs1 = layout.memdesc_index %sq[%c1q] : !layout.memdesc<2x64x64xbf16, #sw> -> !layout.memdesc<64x64xbf16, #sw>
      %qr1 = arith.addi %qt, %c64r : i32
      layout.barrier_expect %qb1, 8192 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dq[%qr1, %c0] %qs1, %qb1
          : !layout.tensordesc<64x64xbf16, #sw>, !layout.memdesc<64x64xbf16, #sw>, !layout.memdesc<1xi64, #bl>
      scf.for %j = %c0 to %hi step %c1 : i32 {
        %j1 = arith.addi %j, %c1 : i32
        %more = arith.cmpi slt, %j1, %hi : i32
        scf.if %more {
          %g_lk = arith.addi %base, %j1 : i32
          %ls_k = arith.remsi %g_lk, %cS : i32
          %lr_k = arith.divsi %g_lk, %cS : i32
          %lo_k = arith.andi %lr_k, %c1 : i32
          %lp_k = arith.xori %lo_k, %c1 : i32
          %le_k = layout.memdesc_index %emptyk[%ls_k] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
          layout.wait_barrier %le_k, %lp_k : !layout.memdesc<1xi64, #bl>
          %lf_k = layout.memdesc_index %fullk[%ls_k] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
          %lb_k = layout.memdesc_index %sk[%ls_k] : !layout.memdesc<3x128x64xbf16, #sw> -> !layout.memdesc<128x64xbf16, #sw>
          %lk_k = arith.muli %j1, %cBN : i32
          %lrow_k = arith.addi %krow0, %lk_k : i32
          layout.barrier_expect %lf_k, 16384 : !layout.memdesc<1xi64, #bl>
          layout.async_tma_copy_global_to_local %dk[%lrow_k, %c0] %lb_k, %lf_k
              : !layout.tensordesc<128x64xbf16, #sw>, !layout.memdesc<128x64xbf16, #sw>, !layout.memdesc<1xi64, #bl>
        }
        %g_lv = arith.addi %base, %j : i32
        %ls_v = arith.remsi %g_lv, %cS : i32
        %lr_v = arith.divsi %g_lv, %cS : i32
        %lo_v = arith.andi %lr_v, %c1 : i32
        %lp_v = arith.xori %lo_v, %c1 : i32
        %le_v = layout.memdesc_index %emptyv[%ls_v] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.wait_barrier %le_v, %lp_v : !layout.memdesc<1xi64, #bl>
        %lf_v = layout.memdesc_index %fullv[%ls_v] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        %lb_v = layout.memdesc_index %sv[%ls_v] : !layout.memdesc<3x128x64xbf16, #sw> -> !layout.memdesc<128x64xbf16, #sw>
        %lk_v = arith.muli %j, %cBN : i32
        %lrow_v = arith.addi %vrow0, %lk_v : i32
        layout.barrier_expect %lf_v, 16384 : !layout.memdesc<1xi64, #bl>
        layout.async_tma_copy_global_to_local %dv[%lrow_v, %c0] %lb_v, %lf_v
            : !layout.tensordesc<128x64xbf16, #sw>, !layout.memdesc<128x64xbf16, #sw>, !layout.memdesc<1xi64, #bl>
      }
      %nbase = arith.addi %base, %hi : i32
      scf.yield %nbase : i32
    }
  } partition warps(4) replicas(2) regs(240) {
    // Consumer w = tile.replica_id: query rows [128 pm + 64 w, 128 pm + 64 w + 64) of each tile.
    %cw = tile.replica_id : i32
    %cw1 = arith.addi %cw, %c1 : i32
    %cwr = arith.cmpi eq, %cw1, %cNC : i32
    %cwn = arith.select %cwr, %c0, %cw1 : i32
    %c64w = arith.constant 64 : i32
    %crow = arith.muli %cw, %c64w : i32
    %qbw = layout.memdesc_index %bq[%cw] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    %qfw = layout.memdesc_index %qfree[%cw] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    %myturn = layout.memdesc_index %turn[%cw] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    %nextturn = layout.memdesc_index %turn[%cwn] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    %sqw = layout.memdesc_index %sq[%cw] : !layout.memdesc<2x64x64xbf16, #sw> -> !layout.memdesc<64x64xbf16, #sw>
    %lpin = layout.memdesc_index %lpins[%cw] : !layout.memdesc<2x64x4xf32, #pin_ws_bf16_64> -> !layout.memdesc<64x4xf32, #pin_ws_bf16_64>
    %osb = arith.extsi %sob : i32 to i64
    %osh = arith.extsi %soh : i32 to i64
    // Consumer 0 takes the first turn.
    %cNC1 = arith.constant 1 : i32
    %lastw = arith.cmpi eq, %cw, %cNC1 : i32
    scf.if %lastw {
      layout.arrive_barrier %nextturn, 1 nosync : !layout.memdesc<1xi64, #bl>
    }

    // Scores are scaled by sm_scale * log2(e), so that exp2 gives exp.
    %log2e = arith.constant 1.44269504 : f32
    %qk_scale = arith.mulf %sm_scale, %log2e : f32
    %scale = tile.splat %qk_scale : f32 -> tensor<64x128xf32, #mmaS_ws_bf16_64>
    %scale_r = tile.splat %qk_scale : f32 -> tensor<64xf32, #rowS_ws_bf16_64>
    // Row and column indices of the score block, for the mask.
    %rowi = tile.arange 0, 64 : tensor<64xi32, #rowS_ws_bf16_64>
    %coli = tile.arange 0, 128 : tensor<128xi32, #colS_ws_bf16_64>
    %cols2 = tile.expand_dims %coli {axis = 0 : i32} : tensor<128xi32, #colS_ws_bf16_64> -> tensor<1x128xi32, #mmaS_ws_bf16_64>
    %colsb = tile.broadcast %cols2 : tensor<1x128xi32, #mmaS_ws_bf16_64> -> tensor<64x128xi32, #mmaS_ws_bf16_64>
    %nrv = tile.splat %n : i32 -> tensor<64xi32, #rowS_ws_bf16_64>
    %onev = arith.constant dense<1> : tensor<64xi32, #rowS_ws_bf16_64>
    %causalr = tile.splat %is_causal : i1 -> tensor<64xi1, #rowS_ws_bf16_64>
    %ninf = arith.constant dense<0xFF800000> : tensor<64x128xf32, #mmaS_ws_bf16_64>
    %zs = arith.constant dense<0.0> : tensor<64x128xf32, #mmaS_ws_bf16_64>
    %zo = arith.constant dense<0.0> : tensor<64x64xf32, #mmaO_ws_bf16_64>
    %m0 = arith.constant dense<0xFF800000> : tensor<64xf32, #rowS_ws_bf16_64>
    %l0 = arith.constant dense<0.0> : tensor<64x4xf32, #lq_ws_bf16_64>
    // Tiles: %base key blocks and %base + kq turns came before tile kq.
    %tiles = scf.for %kq = %c0 to %count step %c1 iter_args(%base = %c0) -> (i32) : i32 {
      %tk = arith.muli %kq, %G : i32
      %tt = arith.addi %pid, %tk : i32
      %tf = arith.addi %tk, %pidr : i32
      %ko = arith.andi %kq, %c1 : i32
      %kodd = arith.cmpi ne, %ko, %c0 : i32
      %kin = arith.cmpi slt, %kq, %fullw : i32
      %flip = arith.andi %kodd, %kin : i1
      %u = arith.select %flip, %tf, %tt : i32
      %bh = arith.divsi %u, %nrb : i32
      %ri = arith.remsi %u, %nrb : i32
      %pmr = arith.subi %nrb, %ri : i32
      %pm = arith.subi %pmr, %c1 : i32
      %b = arith.divsi %bh, %heads : i32
      %h = arith.remsi %bh, %heads : i32
      %tbase = arith.addi %base, %kq : i32
      %pm1 = arith.addi %pm, %c1 : i32
      %rend = arith.muli %pm1, %cBM : i32
      %rendr = arith.addi %rend, %cBN1 : i32
      %diag = arith.divsi %rendr, %cBN : i32
      %cdiag = arith.minsi %nblocks, %diag : i32
      %hi = arith.select %is_causal, %cdiag, %nblocks : i32
      %rfirst = arith.muli %pm, %cBM : i32
      %first = arith.divsi %rfirst, %cBN : i32
      %cfull = arith.minsi %nfull0, %first : i32
      %nfull = arith.select %is_causal, %cfull, %nfull0 : i32
      %hi1 = arith.subi %hi, %c1 : i32
      %qr0 = arith.addi %rfirst, %crow : i32
      // O: the [n, d] slice of this head, stored from registers (the store
      // drops rows past n).
      %b64 = arith.extsi %b : i32 to i64
      %h64 = arith.extsi %h : i32 to i64
      %oob = arith.muli %b64, %osb : i64
      %ooh = arith.muli %h64, %osh : i64
      %ooff = arith.addi %oob, %ooh : i64
      %op = tile.addptr %o, %ooff : !tile.ptr<bf16>, i64
      %vo = tile.make_view %op, shape [%n, 64], strides [%son, 1]
            : !tile.ptr<bf16> -> !tile.view<?x64xbf16>
      // Row indices of the score block, for the mask.
      %row0v = tile.splat %qr0 : i32 -> tensor<64xi32, #rowS_ws_bf16_64>
      %rows1 = arith.addi %rowi, %row0v : tensor<64xi32, #rowS_ws_bf16_64>
      // Columns below lim are kept: n, or min(n, row + 1) when causal.
      %rowsp1 = arith.addi %rows1, %onev : tensor<64xi32, #rowS_ws_bf16_64>
      %limc = arith.minsi %rowsp1, %nrv : tensor<64xi32, #rowS_ws_bf16_64>
      %lim = arith.select %causalr, %limc, %nrv : tensor<64xi1, #rowS_ws_bf16_64>, tensor<64xi32, #rowS_ws_bf16_64>

      // Turn 0: S_0 = Q K_0^T.
      %qph = arith.andi %kq, %c1 : i32
      layout.wait_barrier %qbw, %qph : !layout.memdesc<1xi64, #bl>
      %g_k0 = arith.addi %base, %c0 : i32
      %ws_k0 = arith.remsi %g_k0, %cS : i32
      %wr_k0 = arith.divsi %g_k0, %cS : i32
      %wp_k0 = arith.andi %wr_k0, %c1 : i32
      %wb_k0 = layout.memdesc_index %fullk[%ws_k0] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %wb_k0, %wp_k0 : !layout.memdesc<1xi64, #bl>
      %g_k0s = arith.addi %base, %c0 : i32
      %k0s = arith.remsi %g_k0s, %cS : i32
      %sk0 = layout.memdesc_index %sk[%k0s] : !layout.memdesc<3x128x64xbf16, #sw> -> !layout.memdesc<128x64xbf16, #sw>
      %skt0 = layout.memdesc_trans %sk0 {order = array<i32: 1, 0>} : !layout.memdesc<128x64xbf16, #sw> -> !layout.memdesc<64x128xbf16, #swT>
      %tg_p = arith.addi %tbase, %c0 : i32
      %tp_p = arith.andi %tg_p, %c1 : i32
      layout.wait_barrier %myturn, %tp_p : !layout.memdesc<1xi64, #bl>
      %qk0a = tile.dot %sqw, %skt0, %zs async : !layout.memdesc<64x64xbf16, #sw>, !layout.memdesc<64x128xbf16, #swT> -> tensor<64x128xf32, #mmaS_ws_bf16_64>
      layout.arrive_barrier %nextturn, 1 nosync : !layout.memdesc<1xi64, #bl>
      %qk0 = tile.dot_wait %qk0a {pendings = 0 : i32} : tensor<64x128xf32, #mmaS_ws_bf16_64>
      %g_rk0 = arith.addi %base, %c0 : i32
      %rs_k0 = arith.remsi %g_rk0, %cS : i32
      %rb_k0 = layout.memdesc_index %emptyk[%rs_k0] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.arrive_barrier %rb_k0, 1 nosync : !layout.memdesc<1xi64, #bl>
      // Block 0's softmax (masked: it may be the diagonal or the last block).
      // The mask: column c of the block is kept iff c < lim - blk BN.
      %col0_p0 = arith.muli %c0, %cBN : i32
      %col0v_p0 = tile.splat %col0_p0 : i32 -> tensor<64xi32, #rowS_ws_bf16_64>
      %limc_p0 = arith.subi %lim, %col0v_p0 : tensor<64xi32, #rowS_ws_bf16_64>
      %lim2_p0 = tile.expand_dims %limc_p0 {axis = 1 : i32} : tensor<64xi32, #rowS_ws_bf16_64> -> tensor<64x1xi32, #mmaS_ws_bf16_64>
      %limb_p0 = tile.broadcast %lim2_p0 : tensor<64x1xi32, #mmaS_ws_bf16_64> -> tensor<64x128xi32, #mmaS_ws_bf16_64>
      %keep_p0 = arith.cmpi slt, %colsb, %limb_p0 : tensor<64x128xi32, #mmaS_ws_bf16_64>
      %s_p0 = arith.select %keep_p0, %qk0, %ninf : tensor<64x128xi1, #mmaS_ws_bf16_64>, tensor<64x128xf32, #mmaS_ws_bf16_64>
      // Online softmax in units of the scaled scores (block 0 always has a
      // kept column, so m' is finite from the first block on).
      %mx_p0 = tile.reduce max %s_p0 {axis = 1 : i32} : tensor<64x128xf32, #mmaS_ws_bf16_64> -> tensor<64xf32, #rowS_ws_bf16_64>
      %mxs_p0 = arith.mulf %mx_p0, %scale_r : tensor<64xf32, #rowS_ws_bf16_64>
      // Lazy max: m moves only when the block's max exceeds it by 8.
      %thr_p0 = arith.constant dense<8.0> : tensor<64xf32, #rowS_ws_bf16_64>
      %mthr_p0 = arith.addf %m0, %thr_p0 : tensor<64xf32, #rowS_ws_bf16_64>
      %grow_p0 = arith.cmpf ogt, %mxs_p0, %mthr_p0 : tensor<64xf32, #rowS_ws_bf16_64>
      %m_p0 = arith.select %grow_p0, %mxs_p0, %m0 : tensor<64xi1, #rowS_ws_bf16_64>, tensor<64xf32, #rowS_ws_bf16_64>
      %negm_p0 = arith.negf %m_p0 : tensor<64xf32, #rowS_ws_bf16_64>
      %mb2_p0 = tile.expand_dims %negm_p0 {axis = 1 : i32} : tensor<64xf32, #rowS_ws_bf16_64> -> tensor<64x1xf32, #mmaS_ws_bf16_64>
      %mb_p0 = tile.broadcast %mb2_p0 : tensor<64x1xf32, #mmaS_ws_bf16_64> -> tensor<64x128xf32, #mmaS_ws_bf16_64>
      %sd_p0 = math.fma %s_p0, %scale, %mb_p0 : tensor<64x128xf32, #mmaS_ws_bf16_64>
      %p_p0 = math.exp2 %sd_p0 fastmath<afn> : tensor<64x128xf32, #mmaS_ws_bf16_64>
      %md_p0 = arith.subf %m0, %m_p0 : tensor<64xf32, #rowS_ws_bf16_64>
      %alpha_p0 = math.exp2 %md_p0 fastmath<afn> : tensor<64xf32, #rowS_ws_bf16_64>
      // l per thread: P summed over this thread's columns only (no shuffle).
      %pr_p0 = tile.reshape %p_p0 : tensor<64x128xf32, #mmaS_ws_bf16_64> -> tensor<64x16x4x2xf32, #p4_ws_bf16_64>
      %ps3_p0 = tile.reduce sum %pr_p0 {axis = 3 : i32} : tensor<64x16x4x2xf32, #p4_ws_bf16_64> -> tensor<64x16x4xf32, #p3_ws_bf16_64>
      %ps_p0 = tile.reduce sum %ps3_p0 {axis = 1 : i32} : tensor<64x16x4xf32, #p3_ws_bf16_64> -> tensor<64x4xf32, #lq_ws_bf16_64>
      %ab1_p0 = tile.expand_dims %alpha_p0 {axis = 1 : i32} : tensor<64xf32, #rowS_ws_bf16_64> -> tensor<64x1xf32, #mmaS_ws_bf16_64>
      %abs_p0 = tile.broadcast %ab1_p0 : tensor<64x1xf32, #mmaS_ws_bf16_64> -> tensor<64x128xf32, #mmaS_ws_bf16_64>
      %abr_p0 = tile.reshape %abs_p0 : tensor<64x128xf32, #mmaS_ws_bf16_64> -> tensor<64x16x4x2xf32, #p4_ws_bf16_64>
      %ab3_p0 = tile.reduce max %abr_p0 {axis = 3 : i32} : tensor<64x16x4x2xf32, #p4_ws_bf16_64> -> tensor<64x16x4xf32, #p3_ws_bf16_64>
      %alq_p0 = tile.reduce max %ab3_p0 {axis = 1 : i32} : tensor<64x16x4xf32, #p3_ws_bf16_64> -> tensor<64x4xf32, #lq_ws_bf16_64>
      %la_p0 = arith.mulf %l0, %alq_p0 : tensor<64x4xf32, #lq_ws_bf16_64>
      %l_p0 = arith.addf %la_p0, %ps_p0 : tensor<64x4xf32, #lq_ws_bf16_64>
      %pt_p0 = arith.truncf %p_p0 : tensor<64x128xf32, #mmaS_ws_bf16_64> to tensor<64x128xbf16, #mmaS_ws_bf16_64>
      %pa_p0 = layout.convert %pt_p0 : tensor<64x128xbf16, #mmaS_ws_bf16_64> -> tensor<64x128xbf16, #opP_ws_bf16_64>

      // Iteration j: P_j V_j and the softmax of block j + 1, for j + 1 < hi.
      // Blocks 1 .. nfull - 1 need no mask, nfull .. hi - 1 do.
      %nfull1 = arith.subi %nfull, %c1 : i32
      %mid0 = arith.maxsi %nfull1, %c0 : i32
      %mid = arith.minsi %mid0, %hi1 : i32
      %full:5 = scf.for %j = %c0 to %mid step %c1
          iter_args(%acc_i = %zo, %m_i = %m_p0, %l_i = %l_p0, %alpha_i = %alpha_p0, %pa_i = %pa_p0)
          -> (tensor<64x64xf32, #mmaO_ws_bf16_64>, tensor<64xf32, #rowS_ws_bf16_64>, tensor<64x4xf32, #lq_ws_bf16_64>, tensor<64xf32, #rowS_ws_bf16_64>, tensor<64x128xbf16, #opP_ws_bf16_64>) : i32 {
        // 1. My turn: S_(j+1) = Q K_(j+1)^T and O = O alpha_j + P_j V_j,
        // both asynchronous; then the next consumer's turn.
        %j1 = arith.addi %j, %c1 : i32
        %g_k = arith.addi %base, %j1 : i32
        %ws_k = arith.remsi %g_k, %cS : i32
        %wr_k = arith.divsi %g_k, %cS : i32
        %wp_k = arith.andi %wr_k, %c1 : i32
        %wb_k = layout.memdesc_index %fullk[%ws_k] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.wait_barrier %wb_k, %wp_k : !layout.memdesc<1xi64, #bl>
        %g_ks1 = arith.addi %base, %j1 : i32
        %ks1 = arith.remsi %g_ks1, %cS : i32
        %sknx = layout.memdesc_index %sk[%ks1] : !layout.memdesc<3x128x64xbf16, #sw> -> !layout.memdesc<128x64xbf16, #sw>
        %sktn = layout.memdesc_trans %sknx {order = array<i32: 1, 0>} : !layout.memdesc<128x64xbf16, #sw> -> !layout.memdesc<64x128xbf16, #swT>
        %tg_l = arith.addi %tbase, %j1 : i32
        %tp_l = arith.andi %tg_l, %c1 : i32
        layout.wait_barrier %myturn, %tp_l : !layout.memdesc<1xi64, #bl>
        %qk_next = tile.dot %sqw, %sktn, %zs async : !layout.memdesc<64x64xbf16, #sw>, !layout.memdesc<64x128xbf16, #swT> -> tensor<64x128xf32, #mmaS_ws_bf16_64>
        %alphao_j = layout.convert %alpha_i : tensor<64xf32, #rowS_ws_bf16_64> -> tensor<64xf32, #rowO_ws_bf16_64>
        // Rescale O only in a warp where some row's max moved (alpha != 1).
        %one_j = arith.constant dense<1.0> : tensor<64xf32, #rowO_ws_bf16_64>
        %moved_j = arith.cmpf une, %alphao_j, %one_j : tensor<64xf32, #rowO_ws_bf16_64>
        %anym_j = layout.warp_any %moved_j : tensor<64xi1, #rowO_ws_bf16_64>
        %accs_j = scf.if %anym_j -> (tensor<64x64xf32, #mmaO_ws_bf16_64>) {
          %ab2_j = tile.expand_dims %alphao_j {axis = 1 : i32} : tensor<64xf32, #rowO_ws_bf16_64> -> tensor<64x1xf32, #mmaO_ws_bf16_64>
          %ab_j = tile.broadcast %ab2_j : tensor<64x1xf32, #mmaO_ws_bf16_64> -> tensor<64x64xf32, #mmaO_ws_bf16_64>
          %accm_j = arith.mulf %acc_i, %ab_j : tensor<64x64xf32, #mmaO_ws_bf16_64>
          scf.yield %accm_j : tensor<64x64xf32, #mmaO_ws_bf16_64>
        } else {
          scf.yield %acc_i : tensor<64x64xf32, #mmaO_ws_bf16_64>
        }
        %g_vj = arith.addi %base, %j : i32
        %ws_vj = arith.remsi %g_vj, %cS : i32
        %wr_vj = arith.divsi %g_vj, %cS : i32
        %wp_vj = arith.andi %wr_vj, %c1 : i32
        %wb_vj = layout.memdesc_index %fullv[%ws_vj] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.wait_barrier %wb_vj, %wp_vj : !layout.memdesc<1xi64, #bl>
        %g_pvj = arith.addi %base, %j : i32
        %vsl_j = arith.remsi %g_pvj, %cS : i32
        %svc_j = layout.memdesc_index %sv[%vsl_j] : !layout.memdesc<3x128x64xbf16, #sw> -> !layout.memdesc<128x64xbf16, #sw>
        %acc_j = tile.dot %pa_i, %svc_j, %accs_j async : tensor<64x128xbf16, #opP_ws_bf16_64>, !layout.memdesc<128x64xbf16, #sw> -> tensor<64x64xf32, #mmaO_ws_bf16_64>
        layout.arrive_barrier %nextturn, 1 nosync : !layout.memdesc<1xi64, #bl>
        // 2. S_(j+1) done (P_j V_j may still run): K_(j+1)'s slot is free,
        // and its softmax overlaps P_j V_j and the other consumers' wgmmas.
        %qk = tile.dot_wait %qk_next {pendings = 1 : i32} : tensor<64x128xf32, #mmaS_ws_bf16_64>
        %g_rk = arith.addi %base, %j1 : i32
        %rs_k = arith.remsi %g_rk, %cS : i32
        %rb_k = layout.memdesc_index %emptyk[%rs_k] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.arrive_barrier %rb_k, 1 nosync : !layout.memdesc<1xi64, #bl>
        // Online softmax in units of the scaled scores (block 0 always has a
        // kept column, so m' is finite from the first block on).
        %mx_n = tile.reduce max %qk {axis = 1 : i32} : tensor<64x128xf32, #mmaS_ws_bf16_64> -> tensor<64xf32, #rowS_ws_bf16_64>
        %mxs_n = arith.mulf %mx_n, %scale_r : tensor<64xf32, #rowS_ws_bf16_64>
        // Lazy max: m moves only when the block's max exceeds it by 8.
        %thr_n = arith.constant dense<8.0> : tensor<64xf32, #rowS_ws_bf16_64>
        %mthr_n = arith.addf %m_i, %thr_n : tensor<64xf32, #rowS_ws_bf16_64>
        %grow_n = arith.cmpf ogt, %mxs_n, %mthr_n : tensor<64xf32, #rowS_ws_bf16_64>
        %m_n = arith.select %grow_n, %mxs_n, %m_i : tensor<64xi1, #rowS_ws_bf16_64>, tensor<64xf32, #rowS_ws_bf16_64>
        %negm_n = arith.negf %m_n : tensor<64xf32, #rowS_ws_bf16_64>
        %mb2_n = tile.expand_dims %negm_n {axis = 1 : i32} : tensor<64xf32, #rowS_ws_bf16_64> -> tensor<64x1xf32, #mmaS_ws_bf16_64>
        %mb_n = tile.broadcast %mb2_n : tensor<64x1xf32, #mmaS_ws_bf16_64> -> tensor<64x128xf32, #mmaS_ws_bf16_64>
        %sd_n = math.fma %qk, %scale, %mb_n : tensor<64x128xf32, #mmaS_ws_bf16_64>
        %p_n = math.exp2 %sd_n fastmath<afn> : tensor<64x128xf32, #mmaS_ws_bf16_64>
        %md_n = arith.subf %m_i, %m_n : tensor<64xf32, #rowS_ws_bf16_64>
        %alpha_n = math.exp2 %md_n fastmath<afn> : tensor<64xf32, #rowS_ws_bf16_64>
        // l per thread: P summed over this thread's columns only (no shuffle).
        %pr_n = tile.reshape %p_n : tensor<64x128xf32, #mmaS_ws_bf16_64> -> tensor<64x16x4x2xf32, #p4_ws_bf16_64>
        %ps3_n = tile.reduce sum %pr_n {axis = 3 : i32} : tensor<64x16x4x2xf32, #p4_ws_bf16_64> -> tensor<64x16x4xf32, #p3_ws_bf16_64>
        %ps_n = tile.reduce sum %ps3_n {axis = 1 : i32} : tensor<64x16x4xf32, #p3_ws_bf16_64> -> tensor<64x4xf32, #lq_ws_bf16_64>
        %ab1_n = tile.expand_dims %alpha_n {axis = 1 : i32} : tensor<64xf32, #rowS_ws_bf16_64> -> tensor<64x1xf32, #mmaS_ws_bf16_64>
        %abs_n = tile.broadcast %ab1_n : tensor<64x1xf32, #mmaS_ws_bf16_64> -> tensor<64x128xf32, #mmaS_ws_bf16_64>
        %abr_n = tile.reshape %abs_n : tensor<64x128xf32, #mmaS_ws_bf16_64> -> tensor<64x16x4x2xf32, #p4_ws_bf16_64>
        %ab3_n = tile.reduce max %abr_n {axis = 3 : i32} : tensor<64x16x4x2xf32, #p4_ws_bf16_64> -> tensor<64x16x4xf32, #p3_ws_bf16_64>
        %alq_n = tile.reduce max %ab3_n {axis = 1 : i32} : tensor<64x16x4xf32, #p3_ws_bf16_64> -> tensor<64x4xf32, #lq_ws_bf16_64>
        %la_n = arith.mulf %l_i, %alq_n : tensor<64x4xf32, #lq_ws_bf16_64>
        %l_n = arith.addf %la_n, %ps_n : tensor<64x4xf32, #lq_ws_bf16_64>
        %pt_n = arith.truncf %p_n : tensor<64x128xf32, #mmaS_ws_bf16_64> to tensor<64x128xbf16, #mmaS_ws_bf16_64>
        %pa_n = layout.convert %pt_n : tensor<64x128xbf16, #mmaS_ws_bf16_64> -> tensor<64x128xbf16, #opP_ws_bf16_64>
        // Pins the wait below every exponential (ptxas keeps it after a store).
        layout.local_store %l_n, %lpin : tensor<64x4xf32, #lq_ws_bf16_64> -> !layout.memdesc<64x4xf32, #pin_ws_bf16_64>
        // 3. P_j V_j done: V_j's slot is free.
        %acc_w = tile.dot_wait %acc_j {pendings = 0 : i32} : tensor<64x64xf32, #mmaO_ws_bf16_64>
        %g_rv = arith.addi %base, %j : i32
        %rs_v = arith.remsi %g_rv, %cS : i32
        %rb_v = layout.memdesc_index %emptyv[%rs_v] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.arrive_barrier %rb_v, 1 nosync : !layout.memdesc<1xi64, #bl>
        scf.yield %acc_w, %m_n, %l_n, %alpha_n, %pa_n : tensor<64x64xf32, #mmaO_ws_bf16_64>, tensor<64xf32, #rowS_ws_bf16_64>, tensor<64x4xf32, #lq_ws_bf16_64>, tensor<64xf32, #rowS_ws_bf16_64>, tensor<64x128xbf16, #opP_ws_bf16_64>
      }
      %part:5 = scf.for %j = %mid to %hi1 step %c1
          iter_args(%acc_i = %full#0, %m_i = %full#1, %l_i = %full#2, %alpha_i = %full#3, %pa_i = %full#4)
          -> (tensor<64x64xf32, #mmaO_ws_bf16_64>, tensor<64xf32, #rowS_ws_bf16_64>, tensor<64x4xf32, #lq_ws_bf16_64>, tensor<64xf32, #rowS_ws_bf16_64>, tensor<64x128xbf16, #opP_ws_bf16_64>) : i32 {
        // 1. My turn: S_(j+1) = Q K_(j+1)^T and O = O alpha_j + P_j V_j,
        // both asynchronous; then the next consumer's turn.
        %j1 = arith.addi %j, %c1 : i32
        %g_k = arith.addi %base, %j1 : i32
        %ws_k = arith.remsi %g_k, %cS : i32
        %wr_k = arith.divsi %g_k, %cS : i32
        %wp_k = arith.andi %wr_k, %c1 : i32
        %wb_k = layout.memdesc_index %fullk[%ws_k] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.wait_barrier %wb_k, %wp_k : !layout.memdesc<1xi64, #bl>
        %g_ks1 = arith.addi %base, %j1 : i32
        %ks1 = arith.remsi %g_ks1, %cS : i32
        %sknx = layout.memdesc_index %sk[%ks1] : !layout.memdesc<3x128x64xbf16, #sw> -> !layout.memdesc<128x64xbf16, #sw>
        %sktn = layout.memdesc_trans %sknx {order = array<i32: 1, 0>} : !layout.memdesc<128x64xbf16, #sw> -> !layout.memdesc<64x128xbf16, #swT>
        %tg_l = arith.addi %tbase, %j1 : i32
        %tp_l = arith.andi %tg_l, %c1 : i32
        layout.wait_barrier %myturn, %tp_l : !layout.memdesc<1xi64, #bl>
        %qk_next = tile.dot %sqw, %sktn, %zs async : !layout.memdesc<64x64xbf16, #sw>, !layout.memdesc<64x128xbf16, #swT> -> tensor<64x128xf32, #mmaS_ws_bf16_64>
        %alphao_j = layout.convert %alpha_i : tensor<64xf32, #rowS_ws_bf16_64> -> tensor<64xf32, #rowO_ws_bf16_64>
        // Rescale O only in a warp where some row's max moved (alpha != 1).
        %one_j = arith.constant dense<1.0> : tensor<64xf32, #rowO_ws_bf16_64>
        %moved_j = arith.cmpf une, %alphao_j, %one_j : tensor<64xf32, #rowO_ws_bf16_64>
        %anym_j = layout.warp_any %moved_j : tensor<64xi1, #rowO_ws_bf16_64>
        %accs_j = scf.if %anym_j -> (tensor<64x64xf32, #mmaO_ws_bf16_64>) {
          %ab2_j = tile.expand_dims %alphao_j {axis = 1 : i32} : tensor<64xf32, #rowO_ws_bf16_64> -> tensor<64x1xf32, #mmaO_ws_bf16_64>
          %ab_j = tile.broadcast %ab2_j : tensor<64x1xf32, #mmaO_ws_bf16_64> -> tensor<64x64xf32, #mmaO_ws_bf16_64>
          %accm_j = arith.mulf %acc_i, %ab_j : tensor<64x64xf32, #mmaO_ws_bf16_64>
          scf.yield %accm_j : tensor<64x64xf32, #mmaO_ws_bf16_64>
        } else {
          scf.yield %acc_i : tensor<64x64xf32, #mmaO_ws_bf16_64>
        }
        %g_vj = arith.addi %base, %j : i32
        %ws_vj = arith.remsi %g_vj, %cS : i32
        %wr_vj = arith.divsi %g_vj, %cS : i32
        %wp_vj = arith.andi %wr_vj, %c1 : i32
        %wb_vj = layout.memdesc_index %fullv[%ws_vj] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.wait_barrier %wb_vj, %wp_vj : !layout.memdesc<1xi64, #bl>
        %g_pvj = arith.addi %base, %j : i32
        %vsl_j = arith.remsi %g_pvj, %cS : i32
        %svc_j = layout.memdesc_index %sv[%vsl_j] : !layout.memdesc<3x128x64xbf16, #sw> -> !layout.memdesc<128x64xbf16, #sw>
        %acc_j = tile.dot %pa_i, %svc_j, %accs_j async : tensor<64x128xbf16, #opP_ws_bf16_64>, !layout.memdesc<128x64xbf16, #sw> -> tensor<64x64xf32, #mmaO_ws_bf16_64>
        layout.arrive_barrier %nextturn, 1 nosync : !layout.memdesc<1xi64, #bl>
        // 2. S_(j+1) done (P_j V_j may still run): K_(j+1)'s slot is free,
        // and its softmax overlaps P_j V_j and the other consumers' wgmmas.
        %qk = tile.dot_wait %qk_next {pendings = 1 : i32} : tensor<64x128xf32, #mmaS_ws_bf16_64>
        %g_rk = arith.addi %base, %j1 : i32
        %rs_k = arith.remsi %g_rk, %cS : i32
        %rb_k = layout.memdesc_index %emptyk[%rs_k] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.arrive_barrier %rb_k, 1 nosync : !layout.memdesc<1xi64, #bl>
        // The mask: column c of the block is kept iff c < lim - blk BN.
        %col0_n = arith.muli %j1, %cBN : i32
        %col0v_n = tile.splat %col0_n : i32 -> tensor<64xi32, #rowS_ws_bf16_64>
        %limc_n = arith.subi %lim, %col0v_n : tensor<64xi32, #rowS_ws_bf16_64>
        %lim2_n = tile.expand_dims %limc_n {axis = 1 : i32} : tensor<64xi32, #rowS_ws_bf16_64> -> tensor<64x1xi32, #mmaS_ws_bf16_64>
        %limb_n = tile.broadcast %lim2_n : tensor<64x1xi32, #mmaS_ws_bf16_64> -> tensor<64x128xi32, #mmaS_ws_bf16_64>
        %keep_n = arith.cmpi slt, %colsb, %limb_n : tensor<64x128xi32, #mmaS_ws_bf16_64>
        %s_n = arith.select %keep_n, %qk, %ninf : tensor<64x128xi1, #mmaS_ws_bf16_64>, tensor<64x128xf32, #mmaS_ws_bf16_64>
        // Online softmax in units of the scaled scores (block 0 always has a
        // kept column, so m' is finite from the first block on).
        %mx_n = tile.reduce max %s_n {axis = 1 : i32} : tensor<64x128xf32, #mmaS_ws_bf16_64> -> tensor<64xf32, #rowS_ws_bf16_64>
        %mxs_n = arith.mulf %mx_n, %scale_r : tensor<64xf32, #rowS_ws_bf16_64>
        // Lazy max: m moves only when the block's max exceeds it by 8.
        %thr_n = arith.constant dense<8.0> : tensor<64xf32, #rowS_ws_bf16_64>
        %mthr_n = arith.addf %m_i, %thr_n : tensor<64xf32, #rowS_ws_bf16_64>
        %grow_n = arith.cmpf ogt, %mxs_n, %mthr_n : tensor<64xf32, #rowS_ws_bf16_64>
        %m_n = arith.select %grow_n, %mxs_n, %m_i : tensor<64xi1, #rowS_ws_bf16_64>, tensor<64xf32, #rowS_ws_bf16_64>
        %negm_n = arith.negf %m_n : tensor<64xf32, #rowS_ws_bf16_64>
        %mb2_n = tile.expand_dims %negm_n {axis = 1 : i32} : tensor<64xf32, #rowS_ws_bf16_64> -> tensor<64x1xf32, #mmaS_ws_bf16_64>
        %mb_n = tile.broadcast %mb2_n : tensor<64x1xf32, #mmaS_ws_bf16_64> -> tensor<64x128xf32, #mmaS_ws_bf16_64>
        %sd_n = math.fma %s_n, %scale, %mb_n : tensor<64x128xf32, #mmaS_ws_bf16_64>
        %p_n = math.exp2 %sd_n fastmath<afn> : tensor<64x128xf32, #mmaS_ws_bf16_64>
        %md_n = arith.subf %m_i, %m_n : tensor<64xf32, #rowS_ws_bf16_64>
        %alpha_n = math.exp2 %md_n fastmath<afn> : tensor<64xf32, #rowS_ws_bf16_64>
        // l per thread: P summed over this thread's columns only (no shuffle).
        %pr_n = tile.reshape %p_n : tensor<64x128xf32, #mmaS_ws_bf16_64> -> tensor<64x16x4x2xf32, #p4_ws_bf16_64>
        %ps3_n = tile.reduce sum %pr_n {axis = 3 : i32} : tensor<64x16x4x2xf32, #p4_ws_bf16_64> -> tensor<64x16x4xf32, #p3_ws_bf16_64>
        %ps_n = tile.reduce sum %ps3_n {axis = 1 : i32} : tensor<64x16x4xf32, #p3_ws_bf16_64> -> tensor<64x4xf32, #lq_ws_bf16_64>
        %ab1_n = tile.expand_dims %alpha_n {axis = 1 : i32} : tensor<64xf32, #rowS_ws_bf16_64> -> tensor<64x1xf32, #mmaS_ws_bf16_64>
        %abs_n = tile.broadcast %ab1_n : tensor<64x1xf32, #mmaS_ws_bf16_64> -> tensor<64x128xf32, #mmaS_ws_bf16_64>
        %abr_n = tile.reshape %abs_n : tensor<64x128xf32, #mmaS_ws_bf16_64> -> tensor<64x16x4x2xf32, #p4_ws_bf16_64>
        %ab3_n = tile.reduce max %abr_n {axis = 3 : i32} : tensor<64x16x4x2xf32, #p4_ws_bf16_64> -> tensor<64x16x4xf32, #p3_ws_bf16_64>
        %alq_n = tile.reduce max %ab3_n {axis = 1 : i32} : tensor<64x16x4xf32, #p3_ws_bf16_64> -> tensor<64x4xf32, #lq_ws_bf16_64>
        %la_n = arith.mulf %l_i, %alq_n : tensor<64x4xf32, #lq_ws_bf16_64>
        %l_n = arith.addf %la_n, %ps_n : tensor<64x4xf32, #lq_ws_bf16_64>
        %pt_n = arith.truncf %p_n : tensor<64x128xf32, #mmaS_ws_bf16_64> to tensor<64x128xbf16, #mmaS_ws_bf16_64>
        %pa_n = layout.convert %pt_n : tensor<64x128xbf16, #mmaS_ws_bf16_64> -> tensor<64x128xbf16, #opP_ws_bf16_64>
        // Pins the wait below every exponential (ptxas keeps it after a store).
        layout.local_store %l_n, %lpin : tensor<64x4xf32, #lq_ws_bf16_64> -> !layout.memdesc<64x4xf32, #pin_ws_bf16_64>
        // 3. P_j V_j done: V_j's slot is free.
        %acc_w = tile.dot_wait %acc_j {pendings = 0 : i32} : tensor<64x64xf32, #mmaO_ws_bf16_64>
        %g_rv = arith.addi %base, %j : i32
        %rs_v = arith.remsi %g_rv, %cS : i32
        %rb_v = layout.memdesc_index %emptyv[%rs_v] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.arrive_barrier %rb_v, 1 nosync : !layout.memdesc<1xi64, #bl>
        scf.yield %acc_w, %m_n, %l_n, %alpha_n, %pa_n : tensor<64x64xf32, #mmaO_ws_bf16_64>, tensor<64xf32, #rowS_ws_bf16_64>, tensor<64x4xf32, #lq_ws_bf16_64>, tensor<64xf32, #rowS_ws_bf16_64>, tensor<64x128xbf16, #opP_ws_bf16_64>
      }
      // The last S has been waited for: the producer may load the next Q.
      layout.arrive_barrier %qfw, 1 nosync : !layout.memdesc<1xi64, #bl>
      // Turn hi: the last block's P V, then O / l.
      %tg_e = arith.addi %tbase, %hi : i32
      %tp_e = arith.andi %tg_e, %c1 : i32
      layout.wait_barrier %myturn, %tp_e : !layout.memdesc<1xi64, #bl>
      %alphao_last = layout.convert %part#3 : tensor<64xf32, #rowS_ws_bf16_64> -> tensor<64xf32, #rowO_ws_bf16_64>
      // Rescale O only in a warp where some row's max moved (alpha != 1).
      %one_last = arith.constant dense<1.0> : tensor<64xf32, #rowO_ws_bf16_64>
      %moved_last = arith.cmpf une, %alphao_last, %one_last : tensor<64xf32, #rowO_ws_bf16_64>
      %anym_last = layout.warp_any %moved_last : tensor<64xi1, #rowO_ws_bf16_64>
      %accs_last = scf.if %anym_last -> (tensor<64x64xf32, #mmaO_ws_bf16_64>) {
        %ab2_last = tile.expand_dims %alphao_last {axis = 1 : i32} : tensor<64xf32, #rowO_ws_bf16_64> -> tensor<64x1xf32, #mmaO_ws_bf16_64>
        %ab_last = tile.broadcast %ab2_last : tensor<64x1xf32, #mmaO_ws_bf16_64> -> tensor<64x64xf32, #mmaO_ws_bf16_64>
        %accm_last = arith.mulf %part#0, %ab_last : tensor<64x64xf32, #mmaO_ws_bf16_64>
        scf.yield %accm_last : tensor<64x64xf32, #mmaO_ws_bf16_64>
      } else {
        scf.yield %part#0 : tensor<64x64xf32, #mmaO_ws_bf16_64>
      }
      %g_vlast = arith.addi %base, %hi1 : i32
      %ws_vlast = arith.remsi %g_vlast, %cS : i32
      %wr_vlast = arith.divsi %g_vlast, %cS : i32
      %wp_vlast = arith.andi %wr_vlast, %c1 : i32
      %wb_vlast = layout.memdesc_index %fullv[%ws_vlast] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %wb_vlast, %wp_vlast : !layout.memdesc<1xi64, #bl>
      %g_pvlast = arith.addi %base, %hi1 : i32
      %vsl_last = arith.remsi %g_pvlast, %cS : i32
      %svc_last = layout.memdesc_index %sv[%vsl_last] : !layout.memdesc<3x128x64xbf16, #sw> -> !layout.memdesc<128x64xbf16, #sw>
      %acc_last = tile.dot %part#4, %svc_last, %accs_last async : tensor<64x128xbf16, #opP_ws_bf16_64>, !layout.memdesc<128x64xbf16, #sw> -> tensor<64x64xf32, #mmaO_ws_bf16_64>
      layout.arrive_barrier %nextturn, 1 nosync : !layout.memdesc<1xi64, #bl>
      %acc = tile.dot_wait %acc_last {pendings = 0 : i32} : tensor<64x64xf32, #mmaO_ws_bf16_64>
      %g_rvl = arith.addi %base, %hi1 : i32
      %rs_vl = arith.remsi %g_rvl, %cS : i32
      %rb_vl = layout.memdesc_index %emptyv[%rs_vl] : !layout.memdesc<3x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.arrive_barrier %rb_vl, 1 nosync : !layout.memdesc<1xi64, #bl>
      // The row sums: the four partial sums of each row's quad.
      %lq = tile.reduce sum %part#2 {axis = 1 : i32} : tensor<64x4xf32, #lq_ws_bf16_64> -> tensor<64xf32, #lqr_ws_bf16_64>
      %lo = layout.convert %lq : tensor<64xf32, #lqr_ws_bf16_64> -> tensor<64xf32, #rowO_ws_bf16_64>
      // O / l as O (1 / l): a division a row, not one an element.
      %onel = arith.constant dense<1.0> : tensor<64xf32, #rowO_ws_bf16_64>
      %rl = arith.divf %onel, %lo : tensor<64xf32, #rowO_ws_bf16_64>
      %lb2 = tile.expand_dims %rl {axis = 1 : i32} : tensor<64xf32, #rowO_ws_bf16_64> -> tensor<64x1xf32, #mmaO_ws_bf16_64>
      %lb = tile.broadcast %lb2 : tensor<64x1xf32, #mmaO_ws_bf16_64> -> tensor<64x64xf32, #mmaO_ws_bf16_64>
      %out = arith.mulf %acc, %lb : tensor<64x64xf32, #mmaO_ws_bf16_64>
      %outt = arith.truncf %out : tensor<64x64xf32, #mmaO_ws_bf16_64> to tensor<64x64xbf16, #mmaO_ws_bf16_64>
      %pmc = arith.muli %pm, %cNC : i32
      %ot = arith.addi %pmc, %cw : i32
      tile.store_tile %outt, %vo[%ot, %c0] : tensor<64x64xbf16, #mmaO_ws_bf16_64>, !tile.view<?x64xbf16>
      %nbase = arith.addi %base, %hi : i32
      scf.yield %nbase : i32
    }
  }
  tile.return
}
#p4_ws_bf16_128 = #layout.linear<register = [[0, 0, 0, 1], [8, 0, 0, 0], [0, 1, 0, 0], [0, 2, 0, 0], [0, 4, 0, 0], [0, 8, 0, 0]], lane = [[0, 0, 1, 0], [0, 0, 2, 0], [1, 0, 0, 0], [2, 0, 0, 0], [4, 0, 0, 0]], warp = [[16, 0, 0, 0], [32, 0, 0, 0]]>
#p3_ws_bf16_128 = #layout.slice<dim = 3, parent = #p4_ws_bf16_128>
#lq_ws_bf16_128 = #layout.slice<dim = 1, parent = #p3_ws_bf16_128>
#lqr_ws_bf16_128 = #layout.slice<dim = 1, parent = #lq_ws_bf16_128>

#mmaS_ws_bf16_128 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]>
#mmaO_ws_bf16_128 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]>
#opP_ws_bf16_128 = #layout.dot_operand<opIdx = 0, parent = #mmaO_ws_bf16_128, kWidth = 2>
#rowS_ws_bf16_128 = #layout.slice<dim = 1, parent = #mmaS_ws_bf16_128>
#colS_ws_bf16_128 = #layout.slice<dim = 0, parent = #mmaS_ws_bf16_128>
#rowO_ws_bf16_128 = #layout.slice<dim = 1, parent = #mmaO_ws_bf16_128>

tile.kernel @attention_ws_bf16_d128(
    %q: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %k: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %v: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %o: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
    %sm_scale: f32, %n: i32, %heads: i32, %causal: i32,
    %sqb: i32 {tile.divisibility = 8 : i64}, %sqh: i32 {tile.divisibility = 8 : i64}, %sqn: i32 {tile.divisibility = 8 : i64},
    %skb: i32 {tile.divisibility = 8 : i64}, %skh: i32 {tile.divisibility = 8 : i64}, %skn: i32 {tile.divisibility = 8 : i64},
    %svb: i32 {tile.divisibility = 8 : i64}, %svh: i32 {tile.divisibility = 8 : i64}, %svn: i32 {tile.divisibility = 8 : i64},
    %sob: i32 {tile.divisibility = 8 : i64}, %soh: i32 {tile.divisibility = 8 : i64}, %son: i32 {tile.divisibility = 8 : i64},
    %rq: i32, %rk: i32, %rv: i32,
    %nbh: i32) attributes {num_warps = 4 : i32} {
  %pid = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cS = arith.constant 2 : i32
  %cBN = arith.constant 128 : i32
  %cBN1 = arith.constant 127 : i32
  %cBM = arith.constant 128 : i32
  %cBM1 = arith.constant 127 : i32
  %cNC = arith.constant 2 : i32
  // q, k, v as [rows, d] matrices (TMA); head (b, h) starts at row
  // b * (sb / sn) + h * (sh / sn) of each.
  %fq = tile.make_view %q, shape [%rq, 128], strides [%sqn, 1]
        : !tile.ptr<bf16> -> !tile.view<?x128xbf16>
  %qbn = arith.divsi %sqb, %sqn : i32
  %qhn = arith.divsi %sqh, %sqn : i32
  %fk = tile.make_view %k, shape [%rk, 128], strides [%skn, 1]
        : !tile.ptr<bf16> -> !tile.view<?x128xbf16>
  %kbn = arith.divsi %skb, %skn : i32
  %khn = arith.divsi %skh, %skn : i32
  %fv = tile.make_view %v, shape [%rv, 128], strides [%svn, 1]
        : !tile.ptr<bf16> -> !tile.view<?x128xbf16>
  %vbn = arith.divsi %svb, %svn : i32
  %vhn = arith.divsi %svh, %svn : i32
  %dq = tile.make_tensor_desc %fq : !tile.view<?x128xbf16> -> !layout.tensordesc<64x128xbf16, #sw>
  %dk = tile.make_tensor_desc %fk : !tile.view<?x128xbf16> -> !layout.tensordesc<128x128xbf16, #sw>
  %dv = tile.make_tensor_desc %fv : !tile.view<?x128xbf16> -> !layout.tensordesc<128x128xbf16, #sw>

  // Shared memory: Q (a slot per consumer), the K and V rings, mbarriers.
  %sq = layout.local_alloc : !layout.memdesc<2x64x128xbf16, #sw>
  %sk = layout.local_alloc : !layout.memdesc<2x128x128xbf16, #sw>
  %sv = layout.local_alloc : !layout.memdesc<2x128x128xbf16, #sw>
  %bq = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  %qfree = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  %turn = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  %fullk = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  %fullv = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  %emptyk = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  %emptyv = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  scf.for %i = %c0 to %cNC step %c1 : i32 {
    %ib = layout.memdesc_index %bq[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %ib, 1 : !layout.memdesc<1xi64, #bl>
    %iq = layout.memdesc_index %qfree[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %iq, 1 : !layout.memdesc<1xi64, #bl>
    %it = layout.memdesc_index %turn[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %it, 1 : !layout.memdesc<1xi64, #bl>
  }
  scf.for %i = %c0 to %cS step %c1 : i32 {
    %ifk = layout.memdesc_index %fullk[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %ifk, 1 : !layout.memdesc<1xi64, #bl>
    %ifv = layout.memdesc_index %fullv[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %ifv, 1 : !layout.memdesc<1xi64, #bl>
    %iek = layout.memdesc_index %emptyk[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %iek, 2 : !layout.memdesc<1xi64, #bl>
    %iev = layout.memdesc_index %emptyv[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %iev, 2 : !layout.memdesc<1xi64, #bl>
  }
  // Key blocks: ceil(n / BN), the first n / BN of them whole.
  %nr = arith.addi %n, %cBN1 : i32
  %nblocks = arith.divsi %nr, %cBN : i32
  %nfull0 = arith.divsi %n, %cBN : i32
  %is_causal = arith.cmpi ne, %causal, %c0 : i32
  // Tiles: (row block, head) pairs in the order u = row blocks of head 0
  // (last first: with a causal mask the longest first), then head 1, ...
  // (the programs working at the same time share K and V in L2). The
  // k-th tile of program p is u = k G + p, or k G + G - 1 - p for odd k
  // while k G + G <= tiles (a program alternates between the two ends of
  // the waves: without it, with G a multiple of the row blocks per head,
  // program p would always get the same row block and, causal, its own
  // share of the work).
  %nrbr = arith.addi %n, %cBM1 : i32
  %nrb = arith.divsi %nrbr, %cBM : i32
  %ntiles = arith.muli %nrb, %nbh : i32
  %G = tile.num_programs x : i32
  %fullw = arith.divsi %ntiles, %G : i32
  %pidg = arith.subi %G, %pid : i32
  %pidr = arith.subi %pidg, %c1 : i32
  %tleft = arith.subi %ntiles, %pid : i32
  %tleftr = arith.addi %tleft, %G : i32
  %tleftr1 = arith.subi %tleftr, %c1 : i32
  %count = arith.divsi %tleftr1, %G : i32
  tile.warp_specialize default regs(24) {
    // Producer: K_0, Q, then K_(j+1) and V_j for each block j of each tile.
    %c0q = arith.constant 0 : i32
    %c0r = arith.constant 0 : i32
    %c1q = arith.constant 1 : i32
    %c64r = arith.constant 64 : i32
    %ptiles = scf.for %kq = %c0 to %count step %c1 iter_args(%base = %c0) -> (i32) : i32 {
      %tk = arith.muli %kq, %G : i32
      %tt = arith.addi %pid, %tk : i32
      %tf = arith.addi %tk, %pidr : i32
      %ko = arith.andi %kq, %c1 : i32
      %kodd = arith.cmpi ne, %ko, %c0 : i32
      %kin = arith.cmpi slt, %kq, %fullw : i32
      %flip = arith.andi %kodd, %kin : i1
      %u = arith.select %flip, %tf, %tt : i32
      %bh = arith.divsi %u, %nrb : i32
      %ri = arith.remsi %u, %nrb : i32
      %pmr = arith.subi %nrb, %ri : i32
      %pm = arith.subi %pmr, %c1 : i32
      %b = arith.divsi %bh, %heads : i32
      %h = arith.remsi %bh, %heads : i32
      %krb = arith.muli %b, %kbn : i32
      %krh = arith.muli %h, %khn : i32
      %krow0 = arith.addi %krb, %krh : i32
      %vrb = arith.muli %b, %vbn : i32
      %vrh = arith.muli %h, %vhn : i32
      %vrow0 = arith.addi %vrb, %vrh : i32
      %pm1 = arith.addi %pm, %c1 : i32
      %rend = arith.muli %pm1, %cBM : i32
      %rendr = arith.addi %rend, %cBN1 : i32
      %diag = arith.divsi %rendr, %cBN : i32
      %cdiag = arith.minsi %nblocks, %diag : i32
      %hi = arith.select %is_causal, %cdiag, %nblocks : i32
      %rfirst = arith.muli %pm, %cBM : i32
      %first = arith.divsi %rfirst, %cBN : i32
      %cfull = arith.minsi %nfull0, %first : i32
      %nfull = arith.select %is_causal, %cfull, %nfull0 : i32
      %hi1 = arith.subi %hi, %c1 : i32
      %g_lk0 = arith.addi %base, %c0 : i32
      %ls_k0 = arith.remsi %g_lk0, %cS : i32
      %lr_k0 = arith.divsi %g_lk0, %cS : i32
      %lo_k0 = arith.andi %lr_k0, %c1 : i32
      %lp_k0 = arith.xori %lo_k0, %c1 : i32
      %le_k0 = layout.memdesc_index %emptyk[%ls_k0] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %le_k0, %lp_k0 : !layout.memdesc<1xi64, #bl>
      %lf_k0 = layout.memdesc_index %fullk[%ls_k0] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %lb_k0 = layout.memdesc_index %sk[%ls_k0] : !layout.memdesc<2x128x128xbf16, #sw> -> !layout.memdesc<128x128xbf16, #sw>
      %lk_k0 = arith.muli %c0, %cBN : i32
      %lrow_k0 = arith.addi %krow0, %lk_k0 : i32
      layout.barrier_expect %lf_k0, 32768 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dk[%lrow_k0, %c0] %lb_k0, %lf_k0
          : !layout.tensordesc<128x128xbf16, #sw>, !layout.memdesc<128x128xbf16, #sw>, !layout.memdesc<1xi64, #bl>
      %qrb = arith.muli %b, %qbn : i32
      %qrh = arith.muli %h, %qhn : i32
      %qrow0 = arith.addi %qrb, %qrh : i32
      %qrf = arith.muli %pm, %cBM : i32
      %qt = arith.addi %qrow0, %qrf : i32
      %qo = arith.andi %kq, %c1 : i32
      %qp = arith.xori %qo, %c1 : i32
      %qf0 = layout.memdesc_index %qfree[%c0q] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %qf0, %qp : !layout.memdesc<1xi64, #bl>
      %qb0 = layout.memdesc_index %bq[%c0q] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %qs0 = layout.memdesc_index %sq[%c0q] : !layout.memdesc<2x64x128xbf16, #sw> -> !layout.memdesc<64x128xbf16, #sw>
      %qr0 = arith.addi %qt, %c0r : i32
      layout.barrier_expect %qb0, 16384 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dq[%qr0, %c0] %qs0, %qb0
          : !layout.tensordesc<64x128xbf16, #sw>, !layout.memdesc<64x128xbf16, #sw>, !layout.memdesc<1xi64, #bl>
      %qf1 = layout.memdesc_index %qfree[%c1q] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %qf1, %qp : !layout.memdesc<1xi64, #bl>
      %qb1 = layout.memdesc_index %bq[%c1q] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %qs1 = layout.memdesc_index %sq[%c1q] : !layout.memdesc<2x64x128xbf16, #sw> -> !layout.memdesc<64x128xbf16, #sw>
      %qr1 = arith.addi %qt, %c64r : i32
      layout.barrier_expect %qb1, 16384 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dq[%qr1, %c0] %qs1, %qb1
          : !layout.tensordesc<64x128xbf16, #sw>, !layout.memdesc<64x128xbf16, #sw>, !layout.memdesc<1xi64, #bl>
      scf.for %j = %c0 to %hi step %c1 : i32 {
        %j1 = arith.addi %j, %c1 : i32
        %more = arith.cmpi slt, %j1, %hi : i32
        scf.if %more {
          %g_lk = arith.addi %base, %j1 : i32
          %ls_k = arith.remsi %g_lk, %cS : i32
          %lr_k = arith.divsi %g_lk, %cS : i32
          %lo_k = arith.andi %lr_k, %c1 : i32
          %lp_k = arith.xori %lo_k, %c1 : i32
          %le_k = layout.memdesc_index %emptyk[%ls_k] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
          layout.wait_barrier %le_k, %lp_k : !layout.memdesc<1xi64, #bl>
          %lf_k = layout.memdesc_index %fullk[%ls_k] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
          %lb_k = layout.memdesc_index %sk[%ls_k] : !layout.memdesc<2x128x128xbf16, #sw> -> !layout.memdesc<128x128xbf16, #sw>
          %lk_k = arith.muli %j1, %cBN : i32
          %lrow_k = arith.addi %krow0, %lk_k : i32
          layout.barrier_expect %lf_k, 32768 : !layout.memdesc<1xi64, #bl>
          layout.async_tma_copy_global_to_local %dk[%lrow_k, %c0] %lb_k, %lf_k
              : !layout.tensordesc<128x128xbf16, #sw>, !layout.memdesc<128x128xbf16, #sw>, !layout.memdesc<1xi64, #bl>
        }
        %g_lv = arith.addi %base, %j : i32
        %ls_v = arith.remsi %g_lv, %cS : i32
        %lr_v = arith.divsi %g_lv, %cS : i32
        %lo_v = arith.andi %lr_v, %c1 : i32
        %lp_v = arith.xori %lo_v, %c1 : i32
        %le_v = layout.memdesc_index %emptyv[%ls_v] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.wait_barrier %le_v, %lp_v : !layout.memdesc<1xi64, #bl>
        %lf_v = layout.memdesc_index %fullv[%ls_v] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        %lb_v = layout.memdesc_index %sv[%ls_v] : !layout.memdesc<2x128x128xbf16, #sw> -> !layout.memdesc<128x128xbf16, #sw>
        %lk_v = arith.muli %j, %cBN : i32
        %lrow_v = arith.addi %vrow0, %lk_v : i32
        layout.barrier_expect %lf_v, 32768 : !layout.memdesc<1xi64, #bl>
        layout.async_tma_copy_global_to_local %dv[%lrow_v, %c0] %lb_v, %lf_v
            : !layout.tensordesc<128x128xbf16, #sw>, !layout.memdesc<128x128xbf16, #sw>, !layout.memdesc<1xi64, #bl>
      }
      %nbase = arith.addi %base, %hi : i32
      scf.yield %nbase : i32
    }
  } partition warps(4) replicas(2) regs(240) {
    // Consumer w = tile.replica_id: query rows [128 pm + 64 w, 128 pm + 64 w + 64) of each tile.
    %cw = tile.replica_id : i32
    %cw1 = arith.addi %cw, %c1 : i32
    %cwr = arith.cmpi eq, %cw1, %cNC : i32
    %cwn = arith.select %cwr, %c0, %cw1 : i32
    %c64w = arith.constant 64 : i32
    %crow = arith.muli %cw, %c64w : i32
    %qbw = layout.memdesc_index %bq[%cw] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    %qfw = layout.memdesc_index %qfree[%cw] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    %myturn = layout.memdesc_index %turn[%cw] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    %nextturn = layout.memdesc_index %turn[%cwn] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    %sqw = layout.memdesc_index %sq[%cw] : !layout.memdesc<2x64x128xbf16, #sw> -> !layout.memdesc<64x128xbf16, #sw>
    %osb = arith.extsi %sob : i32 to i64
    %osh = arith.extsi %soh : i32 to i64
    // Consumer 0 takes the first turn.
    %cNC1 = arith.constant 1 : i32
    %lastw = arith.cmpi eq, %cw, %cNC1 : i32
    scf.if %lastw {
      layout.arrive_barrier %nextturn, 1 nosync : !layout.memdesc<1xi64, #bl>
    }

    // Scores are scaled by sm_scale * log2(e), so that exp2 gives exp.
    %log2e = arith.constant 1.44269504 : f32
    %qk_scale = arith.mulf %sm_scale, %log2e : f32
    %scale = tile.splat %qk_scale : f32 -> tensor<64x128xf32, #mmaS_ws_bf16_128>
    %scale_r = tile.splat %qk_scale : f32 -> tensor<64xf32, #rowS_ws_bf16_128>
    // Row and column indices of the score block, for the mask.
    %rowi = tile.arange 0, 64 : tensor<64xi32, #rowS_ws_bf16_128>
    %coli = tile.arange 0, 128 : tensor<128xi32, #colS_ws_bf16_128>
    %cols2 = tile.expand_dims %coli {axis = 0 : i32} : tensor<128xi32, #colS_ws_bf16_128> -> tensor<1x128xi32, #mmaS_ws_bf16_128>
    %colsb = tile.broadcast %cols2 : tensor<1x128xi32, #mmaS_ws_bf16_128> -> tensor<64x128xi32, #mmaS_ws_bf16_128>
    %nrv = tile.splat %n : i32 -> tensor<64xi32, #rowS_ws_bf16_128>
    %onev = arith.constant dense<1> : tensor<64xi32, #rowS_ws_bf16_128>
    %causalr = tile.splat %is_causal : i1 -> tensor<64xi1, #rowS_ws_bf16_128>
    %ninf = arith.constant dense<0xFF800000> : tensor<64x128xf32, #mmaS_ws_bf16_128>
    %zs = arith.constant dense<0.0> : tensor<64x128xf32, #mmaS_ws_bf16_128>
    %zo = arith.constant dense<0.0> : tensor<64x128xf32, #mmaO_ws_bf16_128>
    %m0 = arith.constant dense<0xFF800000> : tensor<64xf32, #rowS_ws_bf16_128>
    %l0 = arith.constant dense<0.0> : tensor<64x4xf32, #lq_ws_bf16_128>
    // Tiles: %base key blocks and %base + kq turns came before tile kq.
    %tiles = scf.for %kq = %c0 to %count step %c1 iter_args(%base = %c0) -> (i32) : i32 {
      %tk = arith.muli %kq, %G : i32
      %tt = arith.addi %pid, %tk : i32
      %tf = arith.addi %tk, %pidr : i32
      %ko = arith.andi %kq, %c1 : i32
      %kodd = arith.cmpi ne, %ko, %c0 : i32
      %kin = arith.cmpi slt, %kq, %fullw : i32
      %flip = arith.andi %kodd, %kin : i1
      %u = arith.select %flip, %tf, %tt : i32
      %bh = arith.divsi %u, %nrb : i32
      %ri = arith.remsi %u, %nrb : i32
      %pmr = arith.subi %nrb, %ri : i32
      %pm = arith.subi %pmr, %c1 : i32
      %b = arith.divsi %bh, %heads : i32
      %h = arith.remsi %bh, %heads : i32
      %tbase = arith.addi %base, %kq : i32
      %pm1 = arith.addi %pm, %c1 : i32
      %rend = arith.muli %pm1, %cBM : i32
      %rendr = arith.addi %rend, %cBN1 : i32
      %diag = arith.divsi %rendr, %cBN : i32
      %cdiag = arith.minsi %nblocks, %diag : i32
      %hi = arith.select %is_causal, %cdiag, %nblocks : i32
      %rfirst = arith.muli %pm, %cBM : i32
      %first = arith.divsi %rfirst, %cBN : i32
      %cfull = arith.minsi %nfull0, %first : i32
      %nfull = arith.select %is_causal, %cfull, %nfull0 : i32
      %hi1 = arith.subi %hi, %c1 : i32
      %qr0 = arith.addi %rfirst, %crow : i32
      // O: the [n, d] slice of this head, stored from registers (the store
      // drops rows past n).
      %b64 = arith.extsi %b : i32 to i64
      %h64 = arith.extsi %h : i32 to i64
      %oob = arith.muli %b64, %osb : i64
      %ooh = arith.muli %h64, %osh : i64
      %ooff = arith.addi %oob, %ooh : i64
      %op = tile.addptr %o, %ooff : !tile.ptr<bf16>, i64
      %vo = tile.make_view %op, shape [%n, 128], strides [%son, 1]
            : !tile.ptr<bf16> -> !tile.view<?x128xbf16>
      // Row indices of the score block, for the mask.
      %row0v = tile.splat %qr0 : i32 -> tensor<64xi32, #rowS_ws_bf16_128>
      %rows1 = arith.addi %rowi, %row0v : tensor<64xi32, #rowS_ws_bf16_128>
      // Columns below lim are kept: n, or min(n, row + 1) when causal.
      %rowsp1 = arith.addi %rows1, %onev : tensor<64xi32, #rowS_ws_bf16_128>
      %limc = arith.minsi %rowsp1, %nrv : tensor<64xi32, #rowS_ws_bf16_128>
      %lim = arith.select %causalr, %limc, %nrv : tensor<64xi1, #rowS_ws_bf16_128>, tensor<64xi32, #rowS_ws_bf16_128>

      // Turn 0: S_0 = Q K_0^T.
      %qph = arith.andi %kq, %c1 : i32
      layout.wait_barrier %qbw, %qph : !layout.memdesc<1xi64, #bl>
      %g_k0 = arith.addi %base, %c0 : i32
      %ws_k0 = arith.remsi %g_k0, %cS : i32
      %wr_k0 = arith.divsi %g_k0, %cS : i32
      %wp_k0 = arith.andi %wr_k0, %c1 : i32
      %wb_k0 = layout.memdesc_index %fullk[%ws_k0] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %wb_k0, %wp_k0 : !layout.memdesc<1xi64, #bl>
      %g_k0s = arith.addi %base, %c0 : i32
      %k0s = arith.remsi %g_k0s, %cS : i32
      %sk0 = layout.memdesc_index %sk[%k0s] : !layout.memdesc<2x128x128xbf16, #sw> -> !layout.memdesc<128x128xbf16, #sw>
      %skt0 = layout.memdesc_trans %sk0 {order = array<i32: 1, 0>} : !layout.memdesc<128x128xbf16, #sw> -> !layout.memdesc<128x128xbf16, #swT>
      %tg_p = arith.addi %tbase, %c0 : i32
      %tp_p = arith.andi %tg_p, %c1 : i32
      layout.wait_barrier %myturn, %tp_p : !layout.memdesc<1xi64, #bl>
      %qk0a = tile.dot %sqw, %skt0, %zs async : !layout.memdesc<64x128xbf16, #sw>, !layout.memdesc<128x128xbf16, #swT> -> tensor<64x128xf32, #mmaS_ws_bf16_128>
      layout.arrive_barrier %nextturn, 1 nosync : !layout.memdesc<1xi64, #bl>
      %qk0 = tile.dot_wait %qk0a {pendings = 0 : i32} : tensor<64x128xf32, #mmaS_ws_bf16_128>
      %g_rk0 = arith.addi %base, %c0 : i32
      %rs_k0 = arith.remsi %g_rk0, %cS : i32
      %rb_k0 = layout.memdesc_index %emptyk[%rs_k0] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.arrive_barrier %rb_k0, 1 nosync : !layout.memdesc<1xi64, #bl>
      // Block 0's softmax (masked: it may be the diagonal or the last block).
      // The mask: column c of the block is kept iff c < lim - blk BN.
      %col0_p0 = arith.muli %c0, %cBN : i32
      %col0v_p0 = tile.splat %col0_p0 : i32 -> tensor<64xi32, #rowS_ws_bf16_128>
      %limc_p0 = arith.subi %lim, %col0v_p0 : tensor<64xi32, #rowS_ws_bf16_128>
      %lim2_p0 = tile.expand_dims %limc_p0 {axis = 1 : i32} : tensor<64xi32, #rowS_ws_bf16_128> -> tensor<64x1xi32, #mmaS_ws_bf16_128>
      %limb_p0 = tile.broadcast %lim2_p0 : tensor<64x1xi32, #mmaS_ws_bf16_128> -> tensor<64x128xi32, #mmaS_ws_bf16_128>
      %keep_p0 = arith.cmpi slt, %colsb, %limb_p0 : tensor<64x128xi32, #mmaS_ws_bf16_128>
      %s_p0 = arith.select %keep_p0, %qk0, %ninf : tensor<64x128xi1, #mmaS_ws_bf16_128>, tensor<64x128xf32, #mmaS_ws_bf16_128>
      // Online softmax in units of the scaled scores (block 0 always has a
      // kept column, so m' is finite from the first block on).
      %mx_p0 = tile.reduce max %s_p0 {axis = 1 : i32} : tensor<64x128xf32, #mmaS_ws_bf16_128> -> tensor<64xf32, #rowS_ws_bf16_128>
      %mxs_p0 = arith.mulf %mx_p0, %scale_r : tensor<64xf32, #rowS_ws_bf16_128>
      %m_p0 = arith.maximumf %m0, %mxs_p0 : tensor<64xf32, #rowS_ws_bf16_128>
      %negm_p0 = arith.negf %m_p0 : tensor<64xf32, #rowS_ws_bf16_128>
      %mb2_p0 = tile.expand_dims %negm_p0 {axis = 1 : i32} : tensor<64xf32, #rowS_ws_bf16_128> -> tensor<64x1xf32, #mmaS_ws_bf16_128>
      %mb_p0 = tile.broadcast %mb2_p0 : tensor<64x1xf32, #mmaS_ws_bf16_128> -> tensor<64x128xf32, #mmaS_ws_bf16_128>
      %sd_p0 = math.fma %s_p0, %scale, %mb_p0 : tensor<64x128xf32, #mmaS_ws_bf16_128>
      %p_p0 = math.exp2 %sd_p0 fastmath<afn> : tensor<64x128xf32, #mmaS_ws_bf16_128>
      %md_p0 = arith.subf %m0, %m_p0 : tensor<64xf32, #rowS_ws_bf16_128>
      %alpha_p0 = math.exp2 %md_p0 fastmath<afn> : tensor<64xf32, #rowS_ws_bf16_128>
      // l per thread: P summed over this thread's columns only (no shuffle).
      %pr_p0 = tile.reshape %p_p0 : tensor<64x128xf32, #mmaS_ws_bf16_128> -> tensor<64x16x4x2xf32, #p4_ws_bf16_128>
      %ps3_p0 = tile.reduce sum %pr_p0 {axis = 3 : i32} : tensor<64x16x4x2xf32, #p4_ws_bf16_128> -> tensor<64x16x4xf32, #p3_ws_bf16_128>
      %ps_p0 = tile.reduce sum %ps3_p0 {axis = 1 : i32} : tensor<64x16x4xf32, #p3_ws_bf16_128> -> tensor<64x4xf32, #lq_ws_bf16_128>
      %ab1_p0 = tile.expand_dims %alpha_p0 {axis = 1 : i32} : tensor<64xf32, #rowS_ws_bf16_128> -> tensor<64x1xf32, #mmaS_ws_bf16_128>
      %abs_p0 = tile.broadcast %ab1_p0 : tensor<64x1xf32, #mmaS_ws_bf16_128> -> tensor<64x128xf32, #mmaS_ws_bf16_128>
      %abr_p0 = tile.reshape %abs_p0 : tensor<64x128xf32, #mmaS_ws_bf16_128> -> tensor<64x16x4x2xf32, #p4_ws_bf16_128>
      %ab3_p0 = tile.reduce max %abr_p0 {axis = 3 : i32} : tensor<64x16x4x2xf32, #p4_ws_bf16_128> -> tensor<64x16x4xf32, #p3_ws_bf16_128>
      %alq_p0 = tile.reduce max %ab3_p0 {axis = 1 : i32} : tensor<64x16x4xf32, #p3_ws_bf16_128> -> tensor<64x4xf32, #lq_ws_bf16_128>
      %la_p0 = arith.mulf %l0, %alq_p0 : tensor<64x4xf32, #lq_ws_bf16_128>
      %l_p0 = arith.addf %la_p0, %ps_p0 : tensor<64x4xf32, #lq_ws_bf16_128>
      %pt_p0 = arith.truncf %p_p0 : tensor<64x128xf32, #mmaS_ws_bf16_128> to tensor<64x128xbf16, #mmaS_ws_bf16_128>
      %pa_p0 = layout.convert %pt_p0 : tensor<64x128xbf16, #mmaS_ws_bf16_128> -> tensor<64x128xbf16, #opP_ws_bf16_128>

      // Iteration j: P_j V_j and the softmax of block j + 1, for j + 1 < hi.
      // Blocks 1 .. nfull - 1 need no mask, nfull .. hi - 1 do.
      %part:5 = scf.for %j = %c0 to %hi1 step %c1
          iter_args(%acc_i = %zo, %m_i = %m_p0, %l_i = %l_p0, %alpha_i = %alpha_p0, %pa_i = %pa_p0)
          -> (tensor<64x128xf32, #mmaO_ws_bf16_128>, tensor<64xf32, #rowS_ws_bf16_128>, tensor<64x4xf32, #lq_ws_bf16_128>, tensor<64xf32, #rowS_ws_bf16_128>, tensor<64x128xbf16, #opP_ws_bf16_128>) : i32 {
        // 1. My turn: S_(j+1) = Q K_(j+1)^T and O = O alpha_j + P_j V_j,
        // both asynchronous; then the next consumer's turn.
        %j1 = arith.addi %j, %c1 : i32
        %needmask = arith.cmpi sge, %j1, %nfull : i32
        %g_k = arith.addi %base, %j1 : i32
        %ws_k = arith.remsi %g_k, %cS : i32
        %wr_k = arith.divsi %g_k, %cS : i32
        %wp_k = arith.andi %wr_k, %c1 : i32
        %wb_k = layout.memdesc_index %fullk[%ws_k] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.wait_barrier %wb_k, %wp_k : !layout.memdesc<1xi64, #bl>
        %g_ks1 = arith.addi %base, %j1 : i32
        %ks1 = arith.remsi %g_ks1, %cS : i32
        %sknx = layout.memdesc_index %sk[%ks1] : !layout.memdesc<2x128x128xbf16, #sw> -> !layout.memdesc<128x128xbf16, #sw>
        %sktn = layout.memdesc_trans %sknx {order = array<i32: 1, 0>} : !layout.memdesc<128x128xbf16, #sw> -> !layout.memdesc<128x128xbf16, #swT>
        %tg_l = arith.addi %tbase, %j1 : i32
        %tp_l = arith.andi %tg_l, %c1 : i32
        layout.wait_barrier %myturn, %tp_l : !layout.memdesc<1xi64, #bl>
        %qk_next = tile.dot %sqw, %sktn, %zs async : !layout.memdesc<64x128xbf16, #sw>, !layout.memdesc<128x128xbf16, #swT> -> tensor<64x128xf32, #mmaS_ws_bf16_128>
        // (O is rescaled already)
        %g_vj = arith.addi %base, %j : i32
        %ws_vj = arith.remsi %g_vj, %cS : i32
        %wr_vj = arith.divsi %g_vj, %cS : i32
        %wp_vj = arith.andi %wr_vj, %c1 : i32
        %wb_vj = layout.memdesc_index %fullv[%ws_vj] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.wait_barrier %wb_vj, %wp_vj : !layout.memdesc<1xi64, #bl>
        %g_pvj = arith.addi %base, %j : i32
        %vsl_j = arith.remsi %g_pvj, %cS : i32
        %svc_j = layout.memdesc_index %sv[%vsl_j] : !layout.memdesc<2x128x128xbf16, #sw> -> !layout.memdesc<128x128xbf16, #sw>
        %acc_j = tile.dot %pa_i, %svc_j, %acc_i async : tensor<64x128xbf16, #opP_ws_bf16_128>, !layout.memdesc<128x128xbf16, #sw> -> tensor<64x128xf32, #mmaO_ws_bf16_128>
        layout.arrive_barrier %nextturn, 1 nosync : !layout.memdesc<1xi64, #bl>
        // 2. S_(j+1) done (P_j V_j may still run): K_(j+1)'s slot is free,
        // and its softmax overlaps P_j V_j and the other consumers' wgmmas.
        %qk = tile.dot_wait %qk_next {pendings = 1 : i32} : tensor<64x128xf32, #mmaS_ws_bf16_128>
        %g_rk = arith.addi %base, %j1 : i32
        %rs_k = arith.remsi %g_rk, %cS : i32
        %rb_k = layout.memdesc_index %emptyk[%rs_k] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.arrive_barrier %rb_k, 1 nosync : !layout.memdesc<1xi64, #bl>
        // The mask, when %needmask: column c of the block is kept iff c < lim - blk BN.
        %s_n = scf.if %needmask -> (tensor<64x128xf32, #mmaS_ws_bf16_128>) {
          %col0_n = arith.muli %j1, %cBN : i32
          %col0v_n = tile.splat %col0_n : i32 -> tensor<64xi32, #rowS_ws_bf16_128>
          %limc_n = arith.subi %lim, %col0v_n : tensor<64xi32, #rowS_ws_bf16_128>
          %lim2_n = tile.expand_dims %limc_n {axis = 1 : i32} : tensor<64xi32, #rowS_ws_bf16_128> -> tensor<64x1xi32, #mmaS_ws_bf16_128>
          %limb_n = tile.broadcast %lim2_n : tensor<64x1xi32, #mmaS_ws_bf16_128> -> tensor<64x128xi32, #mmaS_ws_bf16_128>
          %keep_n = arith.cmpi slt, %colsb, %limb_n : tensor<64x128xi32, #mmaS_ws_bf16_128>
          %sm_n = arith.select %keep_n, %qk, %ninf : tensor<64x128xi1, #mmaS_ws_bf16_128>, tensor<64x128xf32, #mmaS_ws_bf16_128>
          scf.yield %sm_n : tensor<64x128xf32, #mmaS_ws_bf16_128>
        } else {
          scf.yield %qk : tensor<64x128xf32, #mmaS_ws_bf16_128>
        }
        // Online softmax in units of the scaled scores (block 0 always has a
        // kept column, so m' is finite from the first block on).
        %mx_n = tile.reduce max %s_n {axis = 1 : i32} : tensor<64x128xf32, #mmaS_ws_bf16_128> -> tensor<64xf32, #rowS_ws_bf16_128>
        %mxs_n = arith.mulf %mx_n, %scale_r : tensor<64xf32, #rowS_ws_bf16_128>
        %m_n = arith.maximumf %m_i, %mxs_n : tensor<64xf32, #rowS_ws_bf16_128>
        %negm_n = arith.negf %m_n : tensor<64xf32, #rowS_ws_bf16_128>
        %mb2_n = tile.expand_dims %negm_n {axis = 1 : i32} : tensor<64xf32, #rowS_ws_bf16_128> -> tensor<64x1xf32, #mmaS_ws_bf16_128>
        %mb_n = tile.broadcast %mb2_n : tensor<64x1xf32, #mmaS_ws_bf16_128> -> tensor<64x128xf32, #mmaS_ws_bf16_128>
        %sd_n = math.fma %s_n, %scale, %mb_n : tensor<64x128xf32, #mmaS_ws_bf16_128>
        %p_n = math.exp2 %sd_n fastmath<afn> : tensor<64x128xf32, #mmaS_ws_bf16_128>
        %md_n = arith.subf %m_i, %m_n : tensor<64xf32, #rowS_ws_bf16_128>
        %alpha_n = math.exp2 %md_n fastmath<afn> : tensor<64xf32, #rowS_ws_bf16_128>
        // l per thread: P summed over this thread's columns only (no shuffle).
        %pr_n = tile.reshape %p_n : tensor<64x128xf32, #mmaS_ws_bf16_128> -> tensor<64x16x4x2xf32, #p4_ws_bf16_128>
        %ps3_n = tile.reduce sum %pr_n {axis = 3 : i32} : tensor<64x16x4x2xf32, #p4_ws_bf16_128> -> tensor<64x16x4xf32, #p3_ws_bf16_128>
        %ps_n = tile.reduce sum %ps3_n {axis = 1 : i32} : tensor<64x16x4xf32, #p3_ws_bf16_128> -> tensor<64x4xf32, #lq_ws_bf16_128>
        %ab1_n = tile.expand_dims %alpha_n {axis = 1 : i32} : tensor<64xf32, #rowS_ws_bf16_128> -> tensor<64x1xf32, #mmaS_ws_bf16_128>
        %abs_n = tile.broadcast %ab1_n : tensor<64x1xf32, #mmaS_ws_bf16_128> -> tensor<64x128xf32, #mmaS_ws_bf16_128>
        %abr_n = tile.reshape %abs_n : tensor<64x128xf32, #mmaS_ws_bf16_128> -> tensor<64x16x4x2xf32, #p4_ws_bf16_128>
        %ab3_n = tile.reduce max %abr_n {axis = 3 : i32} : tensor<64x16x4x2xf32, #p4_ws_bf16_128> -> tensor<64x16x4xf32, #p3_ws_bf16_128>
        %alq_n = tile.reduce max %ab3_n {axis = 1 : i32} : tensor<64x16x4xf32, #p3_ws_bf16_128> -> tensor<64x4xf32, #lq_ws_bf16_128>
        %la_n = arith.mulf %l_i, %alq_n : tensor<64x4xf32, #lq_ws_bf16_128>
        %l_n = arith.addf %la_n, %ps_n : tensor<64x4xf32, #lq_ws_bf16_128>
        %pt_n = arith.truncf %p_n : tensor<64x128xf32, #mmaS_ws_bf16_128> to tensor<64x128xbf16, #mmaS_ws_bf16_128>
        %pa_n = layout.convert %pt_n : tensor<64x128xbf16, #mmaS_ws_bf16_128> -> tensor<64x128xbf16, #opP_ws_bf16_128>
        // 3. P_j V_j done: V_j's slot is free.
        %acc_w = tile.dot_wait %acc_j {pendings = 0 : i32} : tensor<64x128xf32, #mmaO_ws_bf16_128>
        %g_rv = arith.addi %base, %j : i32
        %rs_v = arith.remsi %g_rv, %cS : i32
        %rb_v = layout.memdesc_index %emptyv[%rs_v] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.arrive_barrier %rb_v, 1 nosync : !layout.memdesc<1xi64, #bl>
        %alphao_n = layout.convert %alpha_n : tensor<64xf32, #rowS_ws_bf16_128> -> tensor<64xf32, #rowO_ws_bf16_128>
        %ab2_n = tile.expand_dims %alphao_n {axis = 1 : i32} : tensor<64xf32, #rowO_ws_bf16_128> -> tensor<64x1xf32, #mmaO_ws_bf16_128>
        %ab_n = tile.broadcast %ab2_n : tensor<64x1xf32, #mmaO_ws_bf16_128> -> tensor<64x128xf32, #mmaO_ws_bf16_128>
        %accs_n = arith.mulf %acc_w, %ab_n : tensor<64x128xf32, #mmaO_ws_bf16_128>
        scf.yield %accs_n, %m_n, %l_n, %alpha_n, %pa_n : tensor<64x128xf32, #mmaO_ws_bf16_128>, tensor<64xf32, #rowS_ws_bf16_128>, tensor<64x4xf32, #lq_ws_bf16_128>, tensor<64xf32, #rowS_ws_bf16_128>, tensor<64x128xbf16, #opP_ws_bf16_128>
      }
      // The last S has been waited for: the producer may load the next Q.
      layout.arrive_barrier %qfw, 1 nosync : !layout.memdesc<1xi64, #bl>
      // Turn hi: the last block's P V, then O / l.
      %tg_e = arith.addi %tbase, %hi : i32
      %tp_e = arith.andi %tg_e, %c1 : i32
      layout.wait_barrier %myturn, %tp_e : !layout.memdesc<1xi64, #bl>
      // (O is rescaled already)
      %g_vlast = arith.addi %base, %hi1 : i32
      %ws_vlast = arith.remsi %g_vlast, %cS : i32
      %wr_vlast = arith.divsi %g_vlast, %cS : i32
      %wp_vlast = arith.andi %wr_vlast, %c1 : i32
      %wb_vlast = layout.memdesc_index %fullv[%ws_vlast] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %wb_vlast, %wp_vlast : !layout.memdesc<1xi64, #bl>
      %g_pvlast = arith.addi %base, %hi1 : i32
      %vsl_last = arith.remsi %g_pvlast, %cS : i32
      %svc_last = layout.memdesc_index %sv[%vsl_last] : !layout.memdesc<2x128x128xbf16, #sw> -> !layout.memdesc<128x128xbf16, #sw>
      %acc_last = tile.dot %part#4, %svc_last, %part#0 async : tensor<64x128xbf16, #opP_ws_bf16_128>, !layout.memdesc<128x128xbf16, #sw> -> tensor<64x128xf32, #mmaO_ws_bf16_128>
      layout.arrive_barrier %nextturn, 1 nosync : !layout.memdesc<1xi64, #bl>
      %acc = tile.dot_wait %acc_last {pendings = 0 : i32} : tensor<64x128xf32, #mmaO_ws_bf16_128>
      %g_rvl = arith.addi %base, %hi1 : i32
      %rs_vl = arith.remsi %g_rvl, %cS : i32
      %rb_vl = layout.memdesc_index %emptyv[%rs_vl] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.arrive_barrier %rb_vl, 1 nosync : !layout.memdesc<1xi64, #bl>
      // The row sums: the four partial sums of each row's quad.
      %lq = tile.reduce sum %part#2 {axis = 1 : i32} : tensor<64x4xf32, #lq_ws_bf16_128> -> tensor<64xf32, #lqr_ws_bf16_128>
      %lo = layout.convert %lq : tensor<64xf32, #lqr_ws_bf16_128> -> tensor<64xf32, #rowO_ws_bf16_128>
      // O / l as O (1 / l): a division a row, not one an element.
      %onel = arith.constant dense<1.0> : tensor<64xf32, #rowO_ws_bf16_128>
      %rl = arith.divf %onel, %lo : tensor<64xf32, #rowO_ws_bf16_128>
      %lb2 = tile.expand_dims %rl {axis = 1 : i32} : tensor<64xf32, #rowO_ws_bf16_128> -> tensor<64x1xf32, #mmaO_ws_bf16_128>
      %lb = tile.broadcast %lb2 : tensor<64x1xf32, #mmaO_ws_bf16_128> -> tensor<64x128xf32, #mmaO_ws_bf16_128>
      %out = arith.mulf %acc, %lb : tensor<64x128xf32, #mmaO_ws_bf16_128>
      %outt = arith.truncf %out : tensor<64x128xf32, #mmaO_ws_bf16_128> to tensor<64x128xbf16, #mmaO_ws_bf16_128>
      %pmc = arith.muli %pm, %cNC : i32
      %ot = arith.addi %pmc, %cw : i32
      tile.store_tile %outt, %vo[%ot, %c0] : tensor<64x128xbf16, #mmaO_ws_bf16_128>, !tile.view<?x128xbf16>
      %nbase = arith.addi %base, %hi : i32
      scf.yield %nbase : i32
    }
  }
  tile.return
}
