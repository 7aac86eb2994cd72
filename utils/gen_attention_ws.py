"""Writes examples/attention_ws.mlir, the warp-specialized (FA3-structured)
flash attention kernels (f16/bf16 x d = 64/128), from one template:

    python3 utils/gen_attention_ws.py examples/attention_ws.mlir

test/tile-compile/attention-generated.test checks that the checked-in file is
what this script writes. docs/Attention.md ("The warp-specialized kernel")
walks through the kernel. `--config 'T,D,BN,S[,FLAGS];...' FILE` writes
kernels with other key blocks or ring depths and the schedule options of
kernel() as FLAGS joined by '+' (nopp: no ping-pong, mr: merged
releases (needs nodw), ra: rescale after, fwd: row blocks in order (not
persistent), sync: arrivals after a warpgroup barrier, nodw: the wait for
P V in its own iteration, pers: persistent, nc3: three consumer
warpgroups (needs pers), l1: the row sums reduced across the quad in
every block (not per thread), m3: the mask by three compares a score
(not one against a per-row limit), qr: Q in registers for Q K^T, e1/e2/e3:
1/2, 1/4 or 1/8 of P by an FMA polynomial instead of MUFU.EX2, lc: P
rounded and packed after the wait for P V, pin: the wait for P V pinned
below the exponentials by a store of the row sums (needs nodw), u2: the
unmasked loop's iterations two at a time, cr / cr4: the conditional
rescale of O with a lazy running max, threshold 8 / 4 (log2 units), sep:
one region per consumer instead of one replicated region, two: an
unmasked loop and a masked one instead of one loop masking under an
scf.if), named
attention_ws_T_dD_bnBN_sS[_FLAG...] (for tuning; not checked in).
"""
import re
import sys

from attention_softmax import online_softmax, p_operand, quad_layouts

HEADER = """// Flash attention forward, warp-specialized as FlashAttention-3: a producer
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
"""

# (type, d) -> kernel() options: two consumers, persistent, P V waited for
# in its own iteration (the fastest in the same-run comparisons of
# bench/RESULTS.md). d = 128: 2-slot rings, 32 KiB of Q + 2 x (32 + 32) KiB
# of ring = 160 KiB, O rescaled right after the wait for P V (ptxas places
# that wait after 4 of the 66 exponentials; pinning it below all of them
# measured 2 - 4 % slower there); d = 64: 3-slot rings, 16 KiB + 3 x (16 +
# 16) KiB = 112 KiB, the wait pinned below the exponentials and O rescaled
# before the P V issue (+2.5 - 4.5 % against the d = 128 schedule, h13attn),
# and the conditional rescale of O (a lazy running max, threshold 8, and
# layout.warp_any around the multiply: +1.1 - 2.0 % at d = 64, none at
# d = 128, h14attn).
# Three consumers at d = 64 (nc=3) are faster without the mask but much
# slower with it, and spill (RESULTS.md). One loop over blocks 1 .. hi - 1
# (the mask under an scf.if) at d = 128: 28 % less compile time, the same
# speed (-0.7 % on average over two runs, inside the spread); at d = 64 it
# measured 3 - 5 % slower in both runs, so d = 64 keeps an unmasked loop
# and a masked one (bench/RESULTS.md, eleventh session).
_D128 = dict(bn=128, ns=2, nc=2, persistent=True, deferred=False, rescale_after=True,
             one_loop=True)
_D64 = dict(bn=128, ns=3, nc=2, persistent=True, deferred=False, rescale_after=False, pin=True,
            cond_rescale=8.0, one_loop=False)
CONFIGS = {
    ("f16", 64): _D64,
    ("f16", 128): _D128,
    ("bf16", 64): _D64,
    ("bf16", 128): _D128,
}
VARIANTS = [("f16", 64), ("f16", 128), ("bf16", 64), ("bf16", 128)]
CONSUMER_REGS = 240
# Marks a line that an option leaves out (removed from the output).
DROP = "@drop@"
PRODUCER_REGS = 24


def layouts(sfx, d, bn, quad, qregs=False):
    return (quad_layouts(sfx, 64, bn) if quad else "") + f"""
#mmaS{sfx} = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, {bn}, 16]>
#mmaO{sfx} = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, {d}, 16]>
#opP{sfx} = #layout.dot_operand<opIdx = 0, parent = #mmaO{sfx}, kWidth = 2>
{f"#opQ{sfx} = #layout.dot_operand<opIdx = 0, parent = #mmaS{sfx}, kWidth = 2>{chr(10)}" if qregs else ""}#rowS{sfx} = #layout.slice<dim = 1, parent = #mmaS{sfx}>
#colS{sfx} = #layout.slice<dim = 0, parent = #mmaS{sfx}>
#rowO{sfx} = #layout.slice<dim = 1, parent = #mmaO{sfx}>
"""


def kernel(t, d, bn, ns, pingpong=True, merged=False, rescale_after=False,
           reverse=True, nosync=True, deferred=True, nc=2, persistent=False, regs=None,
           quad=True, rowlim=True, qregs=False, poly=0, late_cvt=False, pin=False,
           unroll2=False, cond_rescale=0.0, replicated=True, one_loop=True, name=None):
    """One kernel. pingpong: the turn barriers between the consumers;
    merged: release K_(j+1)'s slot with V_j's, after P_j V_j (one
    warpgroup barrier less an iteration); rescale_after: O = O alpha_(j+1)
    right after P_j V_j is done instead of after S_(j+2) is issued;
    reverse: programs take row blocks last first (causal: the longest
    first); nosync: the consumers' arrivals (slot releases, turns) without
    a warpgroup barrier first (`nosync`: one thread arrives after its
    tile.dot_wait, which covers the warpgroup's wgmma); deferred: the
    wait for P_j V_j (and V_j's release) at the top of iteration j + 1
    instead of after the softmax of block j + 1 (ptxas does not schedule
    the wait across the loop's back edge, so all of the softmax overlaps
    P_j V_j); nc: consumer warpgroups (64 query rows each, 64 nc rows a
    tile); persistent: programs looping over the tiles (an extra
    argument nbh = B * H, grid (P, 1) for any P >= 1; the launchers take
    one per SM); regs: (consumer, producer) registers
    a thread (default 240 / 24 for two consumers, 160 / 32 for three);
    quad: the row sums l kept per thread ([64, 4], one per row and quad
    lane, summed over the quad once after the last block: no shuffle in
    the loops); rowlim: the mask as one compare a score against a per-row
    column limit (attention_softmax.online_softmax); qregs: Q loaded
    from its slot into registers once a tile (the A operand of Q K^T:
    the tensor cores then read only K from shared memory); poly: the last
    bn / 2^poly columns of each P by a polynomial on the FMA pipes instead
    of MUFU.EX2 (attention_softmax.exp2_split); late_cvt: P_(j+1) rounded
    to T and packed into the wgmma A registers after the wait for P_j V_j
    (FlashAttention-3's order) instead of at the end of its softmax: the
    packed P_(j+1) takes the registers P_j V_j reads, so ptxas places the
    wait before the first pack, and with the packs inside the softmax that
    is before most of its exponentials; pin: each consumer stores its row
    sums l (which depend on every exponential of the block) to a scratch
    slot of shared memory right before the wait for P_j V_j, so that
    ptxas, which does not move the wait above a store, keeps the
    exponentials ahead of it; unroll2: the unmasked loop's iterations two
    at a time (P of consecutive blocks in distinct registers: with pin,
    ptxas otherwise copies P into the wgmma's A registers every block);
    cond_rescale: FlashAttention-4's conditional rescale with this
    threshold (log2 units; 0: off): a row's running max moves only when a
    block's max exceeds it by more than the threshold (P <= 2^threshold),
    and each warp rescales its rows of O only when one of them moved
    (`layout.warp_any` of alpha != 1 and an scf.if around the multiply;
    after the first block that is rare); replicated: the consumers are one
    `partition warps(4) replicas(nc)` region that finds its warpgroup with
    tile.replica_id, and the producer is the default region (false: one
    region per consumer, consumer 0 the default one: nc copies of the
    consumer's code for ptxas to assemble); one_loop: blocks 1 .. hi - 1
    in one loop whose softmax masks a block (an scf.if around the
    compare and select) only from nfull on (false: an unmasked loop and
    a masked one, two copies of the loop body)."""
    assert not (deferred and merged), "mr needs nodw"
    # u2 unrolls the unmasked loop; m3's mask has no scf.if form.
    one_loop = one_loop and not unroll2 and rowlim
    assert not (deferred and late_cvt), "late_cvt needs nodw"
    assert not (deferred and pin), "pin needs nodw"
    assert quad or not pin, "pin stores the per-thread row sums"
    assert persistent or nc == 2, "the non-persistent grid assumes 128-row tiles"
    ns_ = " nosync" if nosync else ""
    sfx = f"_ws_{t}_{d}" if name is None else "_" + name
    T = t
    name = name or f"attention_ws_{t}_d{d}"
    bm = 64 * nc
    creg, preg = regs or ((CONSUMER_REGS, PRODUCER_REGS) if nc == 2 else (160, 32))
    assert creg * 128 * nc + preg * 128 <= 65536, "register budget"
    P = "{tile.divisibility = 16 : i64}"
    S = "{tile.divisibility = 8 : i64}"
    S_ = f"tensor<64x{bn}xf32, #mmaS{sfx}>"
    O_ = f"tensor<64x{d}xf32, #mmaO{sfx}>"
    row_ = f"tensor<64xf32, #rowS{sfx}>"
    l_ = f"tensor<64x4xf32, #lq{sfx}>" if quad else row_
    kbuf = f"!layout.memdesc<{bn}x{d}x{T}, #sw>"
    ring = f"!layout.memdesc<{ns}x{bn}x{d}x{T}, #sw>"
    ktbuf = f"!layout.memdesc<{d}x{bn}x{T}, #swT>"
    qbuf = f"!layout.memdesc<64x{d}x{T}, #sw>"
    qset = f"!layout.memdesc<{nc}x64x{d}x{T}, #sw>"
    bar = "!layout.memdesc<1xi64, #bl>"
    bars = f"!layout.memdesc<{ns}x1xi64, #bl>"
    barsc = f"!layout.memdesc<{nc}x1xi64, #bl>"
    kdesc = f"!layout.tensordesc<{bn}x{d}x{T}, #sw>"
    qdesc = f"!layout.tensordesc<64x{d}x{T}, #sw>"
    view = f"!tile.view<?x{d}x{T}>"
    PA_ = f"tensor<64x{bn}x{T}, #opP{sfx}>"
    QA_ = f"tensor<64x{d}x{T}, #opQ{sfx}>"
    qa, qa_t = ("%qreg", QA_) if qregs else ("%sqw", qbuf)
    blk_bytes = bn * d * 2
    lines = []
    a = lines.append
    a(layouts(sfx, d, bn, quad, qregs))
    if pin:
        a(f"#pin{sfx} = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>")
    extra = ",\n    %nbh: i32" if persistent else ""
    a(f"""tile.kernel @{name}(
    %q: !tile.ptr<{T}> {P}, %k: !tile.ptr<{T}> {P}, %v: !tile.ptr<{T}> {P}, %o: !tile.ptr<{T}> {P},
    %sm_scale: f32, %n: i32, %heads: i32, %causal: i32,
    %sqb: i32 {S}, %sqh: i32 {S}, %sqn: i32 {S},
    %skb: i32 {S}, %skh: i32 {S}, %skn: i32 {S},
    %svb: i32 {S}, %svh: i32 {S}, %svn: i32 {S},
    %sob: i32 {S}, %soh: i32 {S}, %son: i32 {S},
    %rq: i32, %rk: i32, %rv: i32{extra}) attributes {{num_warps = 4 : i32}} {{
  %pid = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cS = arith.constant {ns} : i32
  %cBN = arith.constant {bn} : i32
  %cBN1 = arith.constant {bn - 1} : i32
  %cBM = arith.constant {bm} : i32
  %cBM1 = arith.constant {bm - 1} : i32
  %cNC = arith.constant {nc} : i32
  // q, k, v as [rows, d] matrices (TMA); head (b, h) starts at row
  // b * (sb / sn) + h * (sh / sn) of each.""")
    for x, rows in (("q", "%rq"), ("k", "%rk"), ("v", "%rv")):
        a(f"""  %f{x} = tile.make_view %{x}, shape [{rows}, {d}], strides [%s{x}n, 1]
        : !tile.ptr<{T}> -> {view}
  %{x}bn = arith.divsi %s{x}b, %s{x}n : i32
  %{x}hn = arith.divsi %s{x}h, %s{x}n : i32""")
    a(f"""  %dq = tile.make_tensor_desc %fq : {view} -> {qdesc}
  %dk = tile.make_tensor_desc %fk : {view} -> {kdesc}
  %dv = tile.make_tensor_desc %fv : {view} -> {kdesc}

  // Shared memory: Q (a slot per consumer), the K and V rings, mbarriers.
  %sq = layout.local_alloc : {qset}
  %sk = layout.local_alloc : {ring}
  %sv = layout.local_alloc : {ring}
  %bq = layout.local_alloc : {barsc}
  %qfree = layout.local_alloc : {barsc}
  %turn = layout.local_alloc : {barsc}
  %fullk = layout.local_alloc : {bars}
  %fullv = layout.local_alloc : {bars}
  %emptyk = layout.local_alloc : {bars}
  %emptyv = layout.local_alloc : {bars}
{f"  %lpins = layout.local_alloc : !layout.memdesc<{nc}x64x4xf32, #pin{sfx}>" if pin else DROP}
  scf.for %i = %c0 to %cNC step %c1 : i32 {{
    %ib = layout.memdesc_index %bq[%i] : {barsc} -> {bar}
    layout.init_barrier %ib, 1 : {bar}
    %iq = layout.memdesc_index %qfree[%i] : {barsc} -> {bar}
    layout.init_barrier %iq, 1 : {bar}
    %it = layout.memdesc_index %turn[%i] : {barsc} -> {bar}
    layout.init_barrier %it, 1 : {bar}
  }}
  scf.for %i = %c0 to %cS step %c1 : i32 {{
    %ifk = layout.memdesc_index %fullk[%i] : {bars} -> {bar}
    layout.init_barrier %ifk, 1 : {bar}
    %ifv = layout.memdesc_index %fullv[%i] : {bars} -> {bar}
    layout.init_barrier %ifv, 1 : {bar}
    %iek = layout.memdesc_index %emptyk[%i] : {bars} -> {bar}
    layout.init_barrier %iek, {nc} : {bar}
    %iev = layout.memdesc_index %emptyv[%i] : {bars} -> {bar}
    layout.init_barrier %iev, {nc} : {bar}
  }}
  // Key blocks: ceil(n / BN), the first n / BN of them whole.
  %nr = arith.addi %n, %cBN1 : i32
  %nblocks = arith.divsi %nr, %cBN : i32
  %nfull0 = arith.divsi %n, %cBN : i32
  %is_causal = arith.cmpi ne, %causal, %c0 : i32""")
    if persistent:
        a(f"""  // Tiles: (row block, head) pairs in the order u = row blocks of head 0
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
  %count = arith.divsi %tleftr1, %G : i32""")
    else:
        a("""  %bh = tile.program_id y : i32""")

    def tile_of(tag, kidx, ind):
        """(pm, b, h) of this program's tile number `kidx` (persistent) or
        of the program: defines %pm<tag>, %b<tag>, %h<tag>."""
        if persistent:
            return f"""{ind}%tk{tag} = arith.muli {kidx}, %G : i32
{ind}%tt{tag} = arith.addi %pid, %tk{tag} : i32
{ind}%tf{tag} = arith.addi %tk{tag}, %pidr : i32
{ind}%ko{tag} = arith.andi {kidx}, %c1 : i32
{ind}%kodd{tag} = arith.cmpi ne, %ko{tag}, %c0 : i32
{ind}%kin{tag} = arith.cmpi slt, {kidx}, %fullw : i32
{ind}%flip{tag} = arith.andi %kodd{tag}, %kin{tag} : i1
{ind}%u{tag} = arith.select %flip{tag}, %tf{tag}, %tt{tag} : i32
{ind}%bh{tag} = arith.divsi %u{tag}, %nrb : i32
{ind}%ri{tag} = arith.remsi %u{tag}, %nrb : i32
{ind}%pmr{tag} = arith.subi %nrb, %ri{tag} : i32
{ind}%pm{tag} = arith.subi %pmr{tag}, %c1 : i32
{ind}%b{tag} = arith.divsi %bh{tag}, %heads : i32
{ind}%h{tag} = arith.remsi %bh{tag}, %heads : i32"""
        pm = (f"""{ind}// Row blocks last first: with a causal mask the longest programs start
{ind}// first and the short ones fill the tail.
{ind}%npx{tag} = tile.num_programs x : i32
{ind}%pidr{tag} = arith.subi %npx{tag}, %pid : i32
{ind}%pm{tag} = arith.subi %pidr{tag}, %c1 : i32""" if reverse else
              f"{ind}%pm{tag} = arith.addi %pid, %c0 : i32")
        return f"""{pm}
{ind}%b{tag} = arith.divsi %bh, %heads : i32
{ind}%h{tag} = arith.remsi %bh, %heads : i32"""

    def row0(x, tag, ind):
        """The first row of this tile's head in q, k or v: %<x>row0<tag>."""
        return f"""{ind}%{x}rb{tag} = arith.muli %b{tag}, %{x}bn : i32
{ind}%{x}rh{tag} = arith.muli %h{tag}, %{x}hn : i32
{ind}%{x}row0{tag} = arith.addi %{x}rb{tag}, %{x}rh{tag} : i32"""

    def bounds(ind):
        """Key blocks [0, hi) of the tile: all, or, when causal, those left of
        the end of the diagonal; blocks below nfull need no mask."""
        return f"""{ind}%pm1 = arith.addi %pm, %c1 : i32
{ind}%rend = arith.muli %pm1, %cBM : i32
{ind}%rendr = arith.addi %rend, %cBN1 : i32
{ind}%diag = arith.divsi %rendr, %cBN : i32
{ind}%cdiag = arith.minsi %nblocks, %diag : i32
{ind}%hi = arith.select %is_causal, %cdiag, %nblocks : i32
{ind}%rfirst = arith.muli %pm, %cBM : i32
{ind}%first = arith.divsi %rfirst, %cBN : i32
{ind}%cfull = arith.minsi %nfull0, %first : i32
{ind}%nfull = arith.select %is_causal, %cfull, %nfull0 : i32
{ind}%hi1 = arith.subi %hi, %c1 : i32"""

    def slot_phase(g, tag, ind):
        return f"""{ind}%ws_{tag} = arith.remsi {g}, %cS : i32
{ind}%wr_{tag} = arith.divsi {g}, %cS : i32
{ind}%wp_{tag} = arith.andi %wr_{tag}, %c1 : i32"""

    def gblk(blk, tag, ind):
        """The running block number (slots and phases carry over tiles)."""
        if not persistent:
            return "", blk
        return f"{ind}%g_{tag} = arith.addi %base, {blk} : i32\n", f"%g_{tag}"

    def wait(bars_, blk, tag, ind):
        """Waits for the full barrier of key block `blk`."""
        pre, g = gblk(blk, tag, ind)
        return f"""{pre}{slot_phase(g, tag, ind)}
{ind}%wb_{tag} = layout.memdesc_index {bars_}[%ws_{tag}] : {bars} -> {bar}
{ind}layout.wait_barrier %wb_{tag}, %wp_{tag} : {bar}"""

    def release(bars_, blk, tag, ind):
        """Arrives on the empty barrier of key block `blk`'s slot."""
        pre, g = gblk(blk, "r" + tag, ind)
        return f"""{pre}{ind}%rs_{tag} = arith.remsi {g}, %cS : i32
{ind}%rb_{tag} = layout.memdesc_index {bars_}[%rs_{tag}] : {bars} -> {bar}
{ind}layout.arrive_barrier %rb_{tag}, 1{ns_} : {bar}"""

    def turn_wait(t_, tag, ind):
        if not pingpong:
            return f"{ind}// (no ping-pong)"
        if persistent:
            return f"""{ind}%tg_{tag} = arith.addi %tbase, {t_} : i32
{ind}%tp_{tag} = arith.andi %tg_{tag}, %c1 : i32
{ind}layout.wait_barrier %myturn, %tp_{tag} : {bar}"""
        return f"""{ind}%tp_{tag} = arith.andi {t_}, %c1 : i32
{ind}layout.wait_barrier %myturn, %tp_{tag} : {bar}"""

    def turn_pass(ind):
        if not pingpong:
            return f"{ind}// (no ping-pong)"
        return f"{ind}layout.arrive_barrier %nextturn, 1{ns_} : {bar}"

    def softmax(tag, qk, blk, m_i, l_i, masked, ind, convert=True):
        return online_softmax(tag, qk, blk, m_i, l_i, masked, ind, rows=64, bn=bn, sfx=sfx,
                              T=T, S_=S_, row_=row_, PA_=PA_, rowlim=rowlim, quad=quad,
                              poly=poly, convert=convert, thresh=cond_rescale)

    def scale_o(tag, acc, alpha, ind, moved=None):
        """O alpha; defines %accs_<tag>. cond_rescale: only in the warps
        where some row has alpha != 1 (elsewhere O alpha = O), read off
        the row maxes `moved` = (new, old) when given (known before alpha's
        exp2), else off alpha."""
        conv = f"{ind}%alphao_{tag} = layout.convert {alpha} : {row_} -> tensor<64xf32, #rowO{sfx}>"
        mul = f"""%ab2_{tag} = tile.expand_dims %alphao_{tag} {{axis = 1 : i32}} : tensor<64xf32, #rowO{sfx}> -> tensor<64x1xf32, #mmaO{sfx}>
%ab_{tag} = tile.broadcast %ab2_{tag} : tensor<64x1xf32, #mmaO{sfx}> -> {O_}
%accs_{tag} = arith.mulf {acc}, %ab_{tag} : {O_}"""
        if not cond_rescale:
            return conv + "\n" + "\n".join(ind + x for x in mul.splitlines())
        if moved:
            vote = f"""{ind}%moved_{tag} = arith.cmpf une, {moved[0]}, {moved[1]} : {row_}
{ind}%anym_{tag} = layout.warp_any %moved_{tag} : {row_.replace("xf32,", "xi1,")}"""
        else:
            vote = f"""{ind}%one_{tag} = arith.constant dense<1.0> : tensor<64xf32, #rowO{sfx}>
{ind}%moved_{tag} = arith.cmpf une, %alphao_{tag}, %one_{tag} : tensor<64xf32, #rowO{sfx}>
{ind}%anym_{tag} = layout.warp_any %moved_{tag} : tensor<64xi1, #rowO{sfx}>"""
        i2 = ind + "  "
        body = "\n".join(i2 + x for x in mul.replace(f"%accs_{tag} =", f"%accm_{tag} =").splitlines())
        return f"""{conv}
{ind}// Rescale O only in a warp where some row's max moved (alpha != 1).
{vote}
{ind}%accs_{tag} = scf.if %anym_{tag} -> ({O_}) {{
{body}
{i2}scf.yield %accm_{tag} : {O_}
{ind}}} else {{
{i2}scf.yield {acc} : {O_}
{ind}}}"""

    def pv(tag, acc, alpha, pa, blk, ind, scaled_already=False):
        """O = O alpha + P V_blk (O as it is when already rescaled),
        asynchronous; defines %acc_<tag>."""
        if scaled_already:
            scaled = acc
            pre = f"{ind}// (O is rescaled already)"
        else:
            scaled = f"%accs_{tag}"
            pre = scale_o(tag, acc, alpha, ind)
        pre2, g = gblk(blk, "pv" + tag, ind)
        return f"""{pre}
{wait("%fullv", blk, "v" + tag, ind)}
{pre2}{ind}%vsl_{tag} = arith.remsi {g}, %cS : i32
{ind}%svc_{tag} = layout.memdesc_index %sv[%vsl_{tag}] : {ring} -> {kbuf}
{ind}%acc_{tag} = tile.dot {pa}, %svc_{tag}, {scaled} async : {PA_}, {kbuf} -> {O_}"""

    def deferred_top(ind):
        """deferred: the wait for P_(j-1) V_(j-1), in flight across the
        back edge, and V_(j-1)'s release (j > 0: block 0's softmax
        issued no P V)."""
        if not deferred:
            return ""
        scale = ""
        if rescale_after:
            scale = scale_o("top", "%acc_iw", "%alpha_i", ind) + "\n"
        return f"""{ind}// P_(j-1) V_(j-1), issued in the previous iteration, is done: V_(j-1)'s
{ind}// slot is free.
{ind}%acc_iw = tile.dot_wait %acc_i {{pendings = 0 : i32}} : {O_}
{ind}%jpos = arith.cmpi sgt, %j, %c0 : i32
{ind}scf.if %jpos {{
{ind}  %jm1 = arith.subi %j, %c1 : i32
{release("%emptyv", "%jm1", "vp", ind + "  ")}
{ind}}}
{scale}"""

    def tail(ind):
        if deferred:
            return f"{ind}// 3. (P_j V_j stays in flight into the next iteration.)"
        pin_ = f"""{ind}// Pins the wait below every exponential (ptxas keeps it after a store).
{ind}layout.local_store %l_n, %lpin : {l_} -> !layout.memdesc<64x4xf32, #pin{sfx}>
""" if pin else ""
        return f"""{pin_}{ind}// 3. P_j V_j done: V_j's slot is free{" (and K_(j+1)'s)" if merged else ""}.
{ind}%acc_w = tile.dot_wait %acc_j {{pendings = 0 : i32}} : {O_}
{release("%emptyk", "%j1", "k", ind) if merged else DROP}
{release("%emptyv", "%j", "v", ind)}
{scale_o("n", "%acc_w", "%alpha_n", ind, moved=("%m_n", "%m_i")) if rescale_after else DROP}"""

    def late(ind):
        """late_cvt: P_(j+1) into the A registers, after P_j V_j is done."""
        if not late_cvt:
            return ""
        return f"""
{ind}// P_j V_j no longer reads the A registers: P_(j+1) goes into them.
{p_operand("n", ind, rows=64, bn=bn, sfx=sfx, T=T, S_=S_, PA_=PA_)}"""

    def loop(tag, lo, hi_, init, masked, ind):
        """Iterations j = lo .. hi_ - 1; masked: True, False or "cond" (the
        mask where block j + 1 >= nfull)."""
        i2 = ind + "  "
        cond_mask = ""
        if masked == "cond":
            cond_mask = f"\n{i2}%needmask = arith.cmpi sge, %j1, %nfull : i32"
            masked = "%needmask"
        if deferred:
            pv_acc = "%accs_top" if rescale_after else "%acc_iw"
        else:
            pv_acc = "%acc_i"
        pre, gk = gblk("%j1", "ks1", i2)
        types = f"{O_}, {row_}, {l_}, {row_}, {PA_}"
        body = f"""{i2}// 1. My turn: S_(j+1) = Q K_(j+1)^T and O = O alpha_j + P_j V_j,
{i2}// both asynchronous; then the next consumer's turn.
{i2}%j1 = arith.addi %j, %c1 : i32{cond_mask}
{deferred_top(i2)}{wait("%fullk", "%j1", "k", i2)}
{pre}{i2}%ks1 = arith.remsi {gk}, %cS : i32
{i2}%sknx = layout.memdesc_index %sk[%ks1] : {ring} -> {kbuf}
{i2}%sktn = layout.memdesc_trans %sknx {{order = array<i32: 1, 0>}} : {kbuf} -> {ktbuf}
{turn_wait("%j1", "l", i2)}
{i2}%qk_next = tile.dot {qa}, %sktn, %zs async : {qa_t}, {ktbuf} -> {S_}
{pv("j", pv_acc, "%alpha_i", "%pa_i", "%j", i2, scaled_already=rescale_after)}
{turn_pass(i2)}
{i2}// 2. S_(j+1) done (P_j V_j may still run): K_(j+1)'s slot is free,
{i2}// and its softmax overlaps P_j V_j and the other consumers' wgmmas.
{i2}%qk = tile.dot_wait %qk_next {{pendings = 1 : i32}} : {S_}
{DROP if merged else release("%emptyk", "%j1", "k", i2)}
{softmax("n", "%qk", "%j1", "%m_i", "%l_i", masked, i2, convert=not late_cvt)}
{tail(i2)}{late(i2)}"""
        yields = ["%acc_j" if deferred else "%accs_n" if rescale_after else "%acc_w",
                  "%m_n", "%l_n", "%alpha_n", "%pa_n"]
        args = ["%acc_i", "%m_i", "%l_i", "%alpha_i", "%pa_i"]
        if not (unroll2 and masked is False):
            return f"""{ind}%{tag}:5 = scf.for %j = {lo} to {hi_} step %c1
{ind}    iter_args({", ".join(f"{x} = {y}" for x, y in zip(args, init))})
{ind}    -> ({types}) : i32 {{
{body}
{i2}scf.yield {", ".join(yields)} : {types}
{ind}}}"""
        # unroll2: the iteration twice a loop step (an odd first iteration
        # peeled into an scf.if), so that P_j and P_(j+1) are distinct
        # values that ptxas keeps in distinct registers: no copy of P at
        # the back edge, whose registers P_j V_j may still read.
        def copy(sfx_, j, ins_):
            sub = {"%j": j, **dict(zip(args, ins_))}
            text = body.replace("\n" + i2, "\n" + i2 + "  ")
            text = i2 + "  " + text[len(i2):]
            defined = set(re.findall(r"^\s*(%[A-Za-z_][\w]*)(?::\d+)? = ", text, re.M))
            def ren(m):
                n = m.group(0)
                if n in sub:
                    return sub[n]
                return n + sfx_ if n in defined else n
            return re.sub(r"%[A-Za-z_][\w]*", ren, text), [ren(re.match(r".*", y)) if False else
                                                           (sub.get(y) or (y + sfx_ if y in defined else y))
                                                           for y in yields]
        odd_text, odd_out = copy("_o", lo, list(init))
        a_text, a_out = copy("_a", "%j", args)
        b_j = f"%jb_{tag}"
        b_text, b_out = copy("_b", b_j, a_out)
        return f"""{ind}// Iterations two at a time (the first one alone when their count is odd).
{ind}%cnt_{tag} = arith.subi {hi_}, {lo} : i32
{ind}%odd_{tag} = arith.andi %cnt_{tag}, %c1 : i32
{ind}%hasodd_{tag} = arith.cmpi ne, %odd_{tag}, %c0 : i32
{ind}%pre_{tag}:5 = scf.if %hasodd_{tag} -> ({types}) {{
{odd_text}
{i2}scf.yield {", ".join(odd_out)} : {types}
{ind}}} else {{
{i2}scf.yield {", ".join(init)} : {types}
{ind}}}
{ind}%lo2_{tag} = arith.addi {lo}, %odd_{tag} : i32
{ind}%c2_{tag} = arith.constant 2 : i32
{ind}%{tag}:5 = scf.for %j = %lo2_{tag} to {hi_} step %c2_{tag}
{ind}    iter_args({", ".join(f"{x} = %pre_{tag}#{k}" for k, x in enumerate(args))})
{ind}    -> ({types}) : i32 {{
{a_text}
{i2}{b_j} = arith.addi %j, %c1 : i32
{b_text}
{i2}scf.yield {", ".join(b_out)} : {types}
{ind}}}"""

    def lsum(ind):
        """l as a row vector of the O layout: %lo."""
        if not quad:
            return f"{ind}%lo = layout.convert %part#2 : {row_} -> tensor<64xf32, #rowO{sfx}>"
        return f"""{ind}// The row sums: the four partial sums of each row's quad.
{ind}%lq = tile.reduce sum %part#2 {{axis = 1 : i32}} : {l_} -> tensor<64xf32, #lqr{sfx}>
{ind}%lo = layout.convert %lq : tensor<64xf32, #lqr{sfx}> -> tensor<64xf32, #rowO{sfx}>"""

    def mask_rows(ind):
        """The row operands of the mask: %rows (the row indices over the
        score block) or, rowlim, %lim: each row's column limit."""
        head = f"""{ind}// Row indices of the score block, for the mask.
{ind}%row0v = tile.splat %qr0 : i32 -> tensor<64xi32, #rowS{sfx}>
{ind}%rows1 = arith.addi %rowi, %row0v : tensor<64xi32, #rowS{sfx}>"""
        if rowlim:
            return f"""{head}
{ind}// Columns below lim are kept: n, or min(n, row + 1) when causal.
{ind}%rowsp1 = arith.addi %rows1, %onev : tensor<64xi32, #rowS{sfx}>
{ind}%limc = arith.minsi %rowsp1, %nrv : tensor<64xi32, #rowS{sfx}>
{ind}%lim = arith.select %causalr, %limc, %nrv : tensor<64xi1, #rowS{sfx}>, tensor<64xi32, #rowS{sfx}>"""
        return f"""{head}
{ind}%rows2 = tile.expand_dims %rows1 {{axis = 1 : i32}} : tensor<64xi32, #rowS{sfx}> -> tensor<64x1xi32, #mmaS{sfx}>
{ind}%rows = tile.broadcast %rows2 : tensor<64x1xi32, #mmaS{sfx}> -> tensor<64x{bn}xi32, #mmaS{sfx}>"""

    def loops(ind):
        """Blocks 1 .. hi - 1: one loop masking where needed, or an unmasked
        loop and a masked one; the last one's results are %part."""
        init = ("%zo", "%m_p0", "%l_p0", "%alpha_p0", "%pa_p0")
        if one_loop:
            return loop("part", "%c0", "%hi1", init, "cond", ind)
        return f"""{ind}%nfull1 = arith.subi %nfull, %c1 : i32
{ind}%mid0 = arith.maxsi %nfull1, %c0 : i32
{ind}%mid = arith.minsi %mid0, %hi1 : i32
{loop("full", "%c0", "%mid", init, False, ind)}
{loop("part", "%mid", "%hi1", ("%full#0", "%full#1", "%full#2", "%full#3", "%full#4"), True, ind)}"""

    def consumer_tile(w, ind):
        """The body of one tile for consumer w (uses %pm, %b, %h, %base,
        %tbase, %kq: the tile's number among this program's)."""
        i2 = ind
        if rescale_after and deferred:
            epi = scale_o("e", "%accl", "%part#3", ind) + "\n"
            last_acc, last_scaled = "%accs_e", True
        elif rescale_after:
            epi, last_acc, last_scaled = "", "%part#0", True
        elif deferred:
            epi, last_acc, last_scaled = "", "%accl", False
        else:
            epi, last_acc, last_scaled = "", "%part#0", False
        epi_wait = f"""{ind}%accl = tile.dot_wait %part#0 {{pendings = 0 : i32}} : {O_}
{ind}%hpos = arith.cmpi sgt, %hi1, %c0 : i32
{ind}scf.if %hpos {{
{ind}  %hi2 = arith.subi %hi1, %c1 : i32
{release("%emptyv", "%hi2", "ve", ind + "  ")}
{ind}}}
""" if deferred else ""
        if persistent:
            qwait = f"""{ind}%qph = arith.andi %kq, %c1 : i32
{ind}layout.wait_barrier %qbw, %qph : {bar}"""
        else:
            qwait = f"{ind}layout.wait_barrier %qbw, %c0 : {bar}"
        if qregs:
            qwait += f"""
{ind}// Q in registers for the tile (every warp has loaded it by the first
{ind}// wgmma, which reads the registers: the slot is released as before).
{ind}%qreg = layout.local_load %sqw : {qbuf} -> {QA_}"""
        qnext = f"""{ind}// The last S has been waited for: the producer may load the next Q.
{ind}layout.arrive_barrier %qfw, 1{ns_} : {bar}
"""
        return f"""{bounds(ind)}
{ind}%qr0 = arith.addi %rfirst, %crow : i32
{ind}// O: the [n, d] slice of this head, stored from registers (the store
{ind}// drops rows past n).
{ind}%b64 = arith.extsi %b : i32 to i64
{ind}%h64 = arith.extsi %h : i32 to i64
{ind}%oob = arith.muli %b64, %osb : i64
{ind}%ooh = arith.muli %h64, %osh : i64
{ind}%ooff = arith.addi %oob, %ooh : i64
{ind}%op = tile.addptr %o, %ooff : !tile.ptr<{T}>, i64
{ind}%vo = tile.make_view %op, shape [%n, {d}], strides [%son, 1]
{ind}      : !tile.ptr<{T}> -> {view}
{mask_rows(ind)}

{ind}// Turn 0: S_0 = Q K_0^T.
{qwait}
{wait("%fullk", "%c0", "k0", ind)}
{gblk("%c0", "k0s", ind)[0]}{ind}%k0s = arith.remsi {gblk("%c0", "k0s", ind)[1]}, %cS : i32
{ind}%sk0 = layout.memdesc_index %sk[%k0s] : {ring} -> {kbuf}
{ind}%skt0 = layout.memdesc_trans %sk0 {{order = array<i32: 1, 0>}} : {kbuf} -> {ktbuf}
{turn_wait("%c0", "p", ind)}
{ind}%qk0a = tile.dot {qa}, %skt0, %zs async : {qa_t}, {ktbuf} -> {S_}
{turn_pass(ind)}
{ind}%qk0 = tile.dot_wait %qk0a {{pendings = 0 : i32}} : {S_}
{release("%emptyk", "%c0", "k0", ind)}
{ind}// Block 0's softmax (masked: it may be the diagonal or the last block).
{softmax("p0", "%qk0", "%c0", "%m0", "%l0", True, ind)}

{ind}// Iteration j: P_j V_j and the softmax of block j + 1, for j + 1 < hi.
{ind}// Blocks 1 .. nfull - 1 need no mask, nfull .. hi - 1 do.
{loops(ind)}
{qnext}{ind}// Turn hi: the last block's P V, then O / l.
{epi_wait}{epi}{turn_wait("%hi", "e", ind)}
{pv("last", last_acc, "%part#3", "%part#4", "%hi1", ind, scaled_already=last_scaled)}
{turn_pass(ind)}
{ind}%acc = tile.dot_wait %acc_last {{pendings = 0 : i32}} : {O_}
{release("%emptyv", "%hi1", "vl", ind)}
{lsum(ind)}
{ind}// O / l as O (1 / l): a division a row, not one an element.
{ind}%onel = arith.constant dense<1.0> : tensor<64xf32, #rowO{sfx}>
{ind}%rl = arith.divf %onel, %lo : tensor<64xf32, #rowO{sfx}>
{ind}%lb2 = tile.expand_dims %rl {{axis = 1 : i32}} : tensor<64xf32, #rowO{sfx}> -> tensor<64x1xf32, #mmaO{sfx}>
{ind}%lb = tile.broadcast %lb2 : tensor<64x1xf32, #mmaO{sfx}> -> {O_}
{ind}%out = arith.mulf %acc, %lb : {O_}
{ind}%outt = arith.truncf %out : {O_} to tensor<64x{d}x{T}, #mmaO{sfx}>
{ind}%pmc = arith.muli %pm, %cNC : i32
{ind}%ot = arith.addi %pmc, %cw : i32
{ind}tile.store_tile %outt, %vo[%ot, %c0] : tensor<64x{d}x{T}, #mmaO{sfx}>, {view}"""

    def mask_consts():
        if rowlim:
            return f"""    %cols2 = tile.expand_dims %coli {{axis = 0 : i32}} : tensor<{bn}xi32, #colS{sfx}> -> tensor<1x{bn}xi32, #mmaS{sfx}>
    %colsb = tile.broadcast %cols2 : tensor<1x{bn}xi32, #mmaS{sfx}> -> tensor<64x{bn}xi32, #mmaS{sfx}>
    %nrv = tile.splat %n : i32 -> tensor<64xi32, #rowS{sfx}>
    %onev = arith.constant dense<1> : tensor<64xi32, #rowS{sfx}>
    %causalr = tile.splat %is_causal : i1 -> tensor<64xi1, #rowS{sfx}>"""
        return f"""    %nv = tile.splat %n : i32 -> tensor<64x{bn}xi32, #mmaS{sfx}>
    %notcausal = arith.cmpi eq, %causal, %c0 : i32
    %notcausalv = tile.splat %notcausal : i1 -> tensor<64x{bn}xi1, #mmaS{sfx}>"""

    def consumer(w):
        """Consumer w's region, or (w None) the region of every consumer,
        which reads its index from tile.replica_id."""
        ind = "    "
        if w is None:
            first = "" if not pingpong else f"""    // Consumer 0 takes the first turn.
    %cNC1 = arith.constant {nc - 1} : i32
    %lastw = arith.cmpi eq, %cw, %cNC1 : i32
    scf.if %lastw {{
      layout.arrive_barrier %nextturn, 1{ns_} : {bar}
    }}
"""
            ids = f"""    // Consumer w = tile.replica_id: query rows [{bm} pm + 64 w, {bm} pm + 64 w + 64) of each tile.
    %cw = tile.replica_id : i32
    %cw1 = arith.addi %cw, %c1 : i32
    %cwr = arith.cmpi eq, %cw1, %cNC : i32
    %cwn = arith.select %cwr, %c0, %cw1 : i32
    %c64w = arith.constant 64 : i32
    %crow = arith.muli %cw, %c64w : i32"""
        else:
            first = "" if w != nc - 1 or not pingpong else f"""    // Consumer 0 takes the first turn.
    layout.arrive_barrier %nextturn, 1{ns_} : {bar}
"""
            ids = f"""    // Consumer {w}: query rows [{bm} pm + {64 * w}, {bm} pm + {64 * w + 64}) of each tile.
    %cw = arith.constant {w} : i32
    %cwn = arith.constant {(w + 1) % nc} : i32
    %crow = arith.constant {64 * w} : i32"""
        head = f"""{ids}
    %qbw = layout.memdesc_index %bq[%cw] : {barsc} -> {bar}
    %qfw = layout.memdesc_index %qfree[%cw] : {barsc} -> {bar}
    %myturn = layout.memdesc_index %turn[%cw] : {barsc} -> {bar}
    %nextturn = layout.memdesc_index %turn[%cwn] : {barsc} -> {bar}
    %sqw = layout.memdesc_index %sq[%cw] : {qset} -> {qbuf}
{f"    %lpin = layout.memdesc_index %lpins[%cw] : !layout.memdesc<{nc}x64x4xf32, #pin{sfx}> -> !layout.memdesc<64x4xf32, #pin{sfx}>" if pin else DROP}
    %osb = arith.extsi %sob : i32 to i64
    %osh = arith.extsi %soh : i32 to i64
{first}
    // Scores are scaled by sm_scale * log2(e), so that exp2 gives exp.
    %log2e = arith.constant 1.44269504 : f32
    %qk_scale = arith.mulf %sm_scale, %log2e : f32
    %scale = tile.splat %qk_scale : f32 -> {S_}
    %scale_r = tile.splat %qk_scale : f32 -> {row_}
    // Row and column indices of the score block, for the mask.
    %rowi = tile.arange 0, 64 : tensor<64xi32, #rowS{sfx}>
    %coli = tile.arange 0, {bn} : tensor<{bn}xi32, #colS{sfx}>
{mask_consts()}
    %ninf = arith.constant dense<0xFF800000> : {S_}
    %zs = arith.constant dense<0.0> : {S_}
    %zo = arith.constant dense<0.0> : {O_}
    %m0 = arith.constant dense<0xFF800000> : {row_}
    %l0 = arith.constant dense<0.0> : {l_}
"""
        if not persistent:
            return head + f"""{tile_of("", None, ind)}
{consumer_tile(w, ind)}"""
        i2 = ind + "  "
        return head + f"""    // Tiles: %base key blocks and %base + kq turns came before tile kq.
    %tiles = scf.for %kq = %c0 to %count step %c1 iter_args(%base = %c0) -> (i32) : i32 {{
{tile_of("", "%kq", i2)}
      %tbase = arith.addi %base, %kq : i32
{consumer_tile(w, i2)}
      %nbase = arith.addi %base, %hi : i32
      scf.yield %nbase : i32
    }}"""

    def load(x, blk, tag, ind):
        """The producer's load of key block `blk` of K or V."""
        pre, g = gblk(blk, "l" + tag, ind)
        return f"""{pre}{ind}%ls_{tag} = arith.remsi {g}, %cS : i32
{ind}%lr_{tag} = arith.divsi {g}, %cS : i32
{ind}%lo_{tag} = arith.andi %lr_{tag}, %c1 : i32
{ind}%lp_{tag} = arith.xori %lo_{tag}, %c1 : i32
{ind}%le_{tag} = layout.memdesc_index %empty{x}[%ls_{tag}] : {bars} -> {bar}
{ind}layout.wait_barrier %le_{tag}, %lp_{tag} : {bar}
{ind}%lf_{tag} = layout.memdesc_index %full{x}[%ls_{tag}] : {bars} -> {bar}
{ind}%lb_{tag} = layout.memdesc_index %s{x}[%ls_{tag}] : {ring} -> {kbuf}
{ind}%lk_{tag} = arith.muli {blk}, %cBN : i32
{ind}%lrow_{tag} = arith.addi %{x}row0, %lk_{tag} : i32
{ind}layout.barrier_expect %lf_{tag}, {blk_bytes} : {bar}
{ind}layout.async_tma_copy_global_to_local %d{x}[%lrow_{tag}, %c0] %lb_{tag}, %lf_{tag}
{ind}    : {kdesc}, {kbuf}, {bar}"""

    def q_loads(ind):
        """The producer's loads of the consumers' Q slots: each waits for
        the slot's qfree (the consumer's last S of the previous tile)."""
        kq = "%kq" if persistent else "%c0"
        out = [f"""{row0("q", "", ind)}
{ind}%qrf = arith.muli %pm, %cBM : i32
{ind}%qt = arith.addi %qrow0, %qrf : i32
{ind}%qo = arith.andi {kq}, %c1 : i32
{ind}%qp = arith.xori %qo, %c1 : i32"""]
        for w in range(nc):
            out.append(f"""{ind}%qf{w} = layout.memdesc_index %qfree[%c{w}q] : {barsc} -> {bar}
{ind}layout.wait_barrier %qf{w}, %qp : {bar}
{ind}%qb{w} = layout.memdesc_index %bq[%c{w}q] : {barsc} -> {bar}
{ind}%qs{w} = layout.memdesc_index %sq[%c{w}q] : {qset} -> {qbuf}
{ind}%qr{w} = arith.addi %qt, %c{64 * w}r : i32
{ind}layout.barrier_expect %qb{w}, {64 * d * 2} : {bar}
{ind}layout.async_tma_copy_global_to_local %dq[%qr{w}, %c0] %qs{w}, %qb{w}
{ind}    : {qdesc}, {qbuf}, {bar}""")
        return "\n".join(out)

    def producer_tile(ind):
        return f"""{row0("k", "", ind)}
{row0("v", "", ind)}
{bounds(ind)}
{load("k", "%c0", "k0", ind)}
{q_loads(ind)}
{ind}scf.for %j = %c0 to %hi step %c1 : i32 {{
{ind}  %j1 = arith.addi %j, %c1 : i32
{ind}  %more = arith.cmpi slt, %j1, %hi : i32
{ind}  scf.if %more {{
{load("k", "%j1", "k", ind + "    ")}
{ind}  }}
{load("v", "%j", "v", ind + "  ")}
{ind}}}"""

    def producer():
        ind = "    "
        consts = "".join(f"""    %c{w}q = arith.constant {w} : i32
    %c{64 * w}r = arith.constant {64 * w} : i32
""" for w in range(nc))
        if not persistent:
            return consts + f"""{tile_of("", None, ind)}
{producer_tile(ind)}"""
        i2 = ind + "  "
        return consts + f"""    %ptiles = scf.for %kq = %c0 to %count step %c1 iter_args(%base = %c0) -> (i32) : i32 {{
{tile_of("", "%kq", i2)}
{producer_tile(i2)}
      %nbase = arith.addi %base, %hi : i32
      scf.yield %nbase : i32
    }}"""

    producer_region = f"""    // Producer: K_0, Q, then K_(j+1) and V_j for each block j of each tile.
{producer()}"""
    if replicated:
        parts = [f"""  tile.warp_specialize default regs({preg}) {{
{producer_region}
  }} partition warps(4) replicas({nc}) regs({creg}) {{
{consumer(None)}
  }}
  tile.return
}}"""]
    else:
        parts = [f"""  tile.warp_specialize default regs({creg}) {{
{consumer(0)}"""]
        for w in range(1, nc):
            parts.append(f"""  }} partition warps(4) regs({creg}) {{
{consumer(w)}""")
        parts.append(f"""  }} partition warps(4) regs({preg}) {{
{producer_region}
  }}
  tile.return
}}""")
    a("\n".join(parts))
    text = "\n".join(lines) + "\n"
    return "".join(l for l in text.splitlines(True) if l.strip() != DROP)


FLAGS = {"nopp", "mr", "ra", "fwd", "sync", "nodw", "pers", "nc3", "l1", "m3", "qr", "e1", "e2", "e3",
         "lc", "pin", "u2", "cr", "cr4", "sep", "two"}


def main(argv):
    if len(argv) == 3 and argv[0] == "--config":
        parts = [HEADER]
        for config in argv[1].split(";"):
            fields = config.split(",")
            t, d, bn, ns = fields[:4]
            flags = fields[4].split("+") if len(fields) > 4 and fields[4] else []
            unknown = set(flags) - FLAGS
            if unknown:
                sys.exit(f"unknown flags {sorted(unknown)}; use {', '.join(sorted(FLAGS))}")
            if "nc3" in flags and "pers" not in flags:
                sys.exit("nc3 needs pers (the non-persistent launch assumes 128-row tiles)")
            for f in ("pin", "lc", "mr"):
                if f in flags and "nodw" not in flags:
                    sys.exit(f"{f} needs nodw (the wait for P V in its own iteration)")
            if "pin" in flags and "l1" in flags:
                sys.exit("pin stores the per-thread row sums: it cannot go with l1")
            tag = "".join("_" + f for f in flags)
            parts.append(kernel(t, int(d), int(bn), int(ns), pingpong="nopp" not in flags,
                                merged="mr" in flags, rescale_after="ra" in flags,
                                reverse="fwd" not in flags, nosync="sync" not in flags,
                                deferred="nodw" not in flags, persistent="pers" in flags,
                                nc=3 if "nc3" in flags else 2, quad="l1" not in flags,
                                rowlim="m3" not in flags, qregs="qr" in flags,
                                late_cvt="lc" in flags, pin="pin" in flags,
                                unroll2="u2" in flags, replicated="sep" not in flags,
                                one_loop="two" not in flags,
                                cond_rescale=8.0 if "cr" in flags else 4.0 if "cr4" in flags else 0.0,
                                poly=max([int(f[1]) for f in flags if f in ("e1", "e2", "e3")] or [0]),
                                name=f"attention_ws_{t}_d{d}_bn{bn}_s{ns}{tag}"))
        open(argv[0 + 2], "w").write("".join(parts))
        return
    if len(argv) != 1:
        sys.exit(__doc__)
    parts = [HEADER]
    for t, d in VARIANTS:
        parts.append(kernel(t, d, **CONFIGS[(t, d)]))
    open(argv[0], "w").write("".join(parts))


if __name__ == "__main__":
    main(sys.argv[1:])
