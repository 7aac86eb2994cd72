"""Writes examples/attention_ws.mlir, the warp-specialized (FA3-structured)
flash attention kernels (f16/bf16 x d = 64/128), from one template:

    python3 utils/gen_attention_ws.py examples/attention_ws.mlir

test/tile-compile/attention-generated.test checks that the checked-in file is
what this script writes. docs/Attention.md ("The warp-specialized kernel")
walks through the kernel. `--config 'T,D,BN,S[,FLAGS];...' FILE` writes
kernels with other key blocks or ring depths and the schedule options of
kernel() as FLAGS joined by '+' (nopp: no ping-pong, mr: merged
releases, ra: rescale after, fwd: row blocks in order, sync: arrivals
after a warpgroup barrier), named
attention_ws_T_dD_bnBN_sS[_FLAG...] (for tuning; not checked in).
"""
import sys

from attention_softmax import online_softmax

HEADER = """// Flash attention forward, warp-specialized as FlashAttention-3: a producer
// warpgroup streams K and V by TMA into a ring of shared-memory slots, two
// consumer warpgroups each own 64 query rows and take turns on the tensor
// cores. o = softmax(q k^T * sm_scale [+ causal mask]) v, f16 or bf16 in,
// f32 accumulation, output in the input type.
// Kernels: @attention_ws_f16_d64, ..._f16_d128, ..._bf16_d64, ..._bf16_d128.
//
// Arguments and layout contract: those of examples/attention_tma.mlir
// (q, k, v, o, sm_scale, n, heads, causal, the (b, h, n) strides of q, k, v
// and o, then rq, rk, rv: the rows of q, k and v seen as [rows, d]
// matrices). A key block that crosses the end of a head reads the next
// head's rows (or zeros): its scores are masked to -inf.
//
// Launch: grid (cdiv(n, 128), B * H); 12 warps: the kernel's 4 (consumer 0)
// plus two 4-warp partitions (consumer 1, the producer). Program (x, bh)
// computes rows [128 i, 128 i + 128) of head bh, i = cdiv(n, 128) - 1 - x
// (the last row block first: with a causal mask the longest programs start
// first); consumer w the 64 rows from 128 i + 64 w. Registers (setmaxnreg): 240 a thread for each
// consumer, 24 for the producer (240 x 256 + 24 x 128 = 64512 of 65536).
//
// Shared memory and mbarriers:
//   - Q: one 64 x d slot per consumer, loaded by the consumer itself
//     (bq[w], expect-tx of the slot's bytes);
//   - K and V: rings of S slots of BN keys; key block b sits in slot b % S.
//     full[s] (count 1: the producer's expect-tx) completes when the block
//     has landed, parity (b / S) & 1; empty[s] (count 2: one arrival per
//     consumer) when both consumers are done reading it;
//   - turn[w] (count 1): consumer w may issue its next wgmmas.
// The consumers arrive with `nosync` (one thread, no warpgroup barrier):
// a release follows the tile.dot_wait that covers the warpgroup's wgmma,
// and a turn orders no memory.
//
// Producer: K_0, then for each block j: K_(j+1), V_j (the order in which
// the consumers need them); each load waits for its slot's empty barrier
// (parity ((b / S) & 1) ^ 1: the first round passes at once), expects the
// block's bytes on full and starts the copy.
//
// Consumers (FA3's two overlaps):
//   - within a warpgroup, iteration j holds P_j (the register A operand),
//     alpha_j and O, and
//       1. waits for its turn, issues S_(j+1) = Q K_(j+1)^T (async),
//          rescales O by alpha_j, issues O += P_j V_j (async), hands the
//          turn to the other consumer;
//       2. waits for S_(j+1) only, releases K_(j+1)'s slot and computes the
//          online softmax of S_(j+1) while P_j V_j runs;
//       3. waits for P_j V_j and releases V_j's slot;
//   - between the warpgroups, the turn barriers order the issues
//     (ping-pong): consumer 1 hands consumer 0 the first turn, and each
//     hands the turn over after issuing its two wgmmas, so one consumer's
//     softmax runs while the other's wgmmas keep the tensor cores busy.
//     Every consumer takes hi + 1 turns (S_0, one a loop iteration, the
//     last P V), turn t waiting for parity t & 1.
//   - block 0's softmax is in the prologue and the last P V after the
//     loops; blocks 1 .. nfull - 1 need no mask, the rest (the last partial
//     block, the diagonal when causal) are masked.
//   - O / l is stored from registers; rows past n are dropped by the store.

#sw = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#swT = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16>
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
"""

# (type, d) -> (BN, S): keys per block, slots of the K and V rings.
# d = 128: 32 KiB a Q pair, 2 x (32 + 32) KiB of ring: 160 KiB.
# d = 64: 16 KiB of Q, 3 x (16 + 16) KiB of ring: 112 KiB.
CONFIGS = {
    ("f16", 64): (128, 3),
    ("f16", 128): (128, 2),
    ("bf16", 64): (128, 3),
    ("bf16", 128): (128, 2),
}
VARIANTS = [("f16", 64), ("f16", 128), ("bf16", 64), ("bf16", 128)]
CONSUMER_REGS = 240
# Marks a line that an option leaves out (removed from the output).
DROP = "@drop@"
PRODUCER_REGS = 24


def layouts(sfx, d, bn):
    return f"""
#mmaS{sfx} = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, {bn}, 16]>
#mmaO{sfx} = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, {d}, 16]>
#opP{sfx} = #layout.dot_operand<opIdx = 0, parent = #mmaO{sfx}, kWidth = 2>
#rowS{sfx} = #layout.slice<dim = 1, parent = #mmaS{sfx}>
#colS{sfx} = #layout.slice<dim = 0, parent = #mmaS{sfx}>
#rowO{sfx} = #layout.slice<dim = 1, parent = #mmaO{sfx}>
"""


def kernel(t, d, bn, ns, pingpong=True, merged=False, rescale_after=False,
           reverse=True, nosync=True, name=None):
    """One kernel. pingpong: the turn barriers between the consumers;
    merged: release K_(j+1)'s slot with V_j's, after P_j V_j (one
    warpgroup barrier less an iteration); rescale_after: O = O alpha_(j+1)
    after P_j V_j is done instead of before P_(j+1) V_(j+1) is issued;
    reverse: programs take row blocks last first (causal: the longest
    first); nosync: the consumers' arrivals (slot releases, turns) without
    a warpgroup barrier first (`nosync`: one thread arrives after its
    tile.dot_wait, which covers the warpgroup's wgmma)."""
    ns_ = " nosync" if nosync else ""
    sfx = f"_ws_{t}_{d}" if name is None else "_" + name
    T = t
    name = name or f"attention_ws_{t}_d{d}"
    P = "{tile.divisibility = 16 : i64}"
    S = "{tile.divisibility = 8 : i64}"
    S_ = f"tensor<64x{bn}xf32, #mmaS{sfx}>"
    O_ = f"tensor<64x{d}xf32, #mmaO{sfx}>"
    row_ = f"tensor<64xf32, #rowS{sfx}>"
    kbuf = f"!layout.memdesc<{bn}x{d}x{T}, #sw>"
    ring = f"!layout.memdesc<{ns}x{bn}x{d}x{T}, #sw>"
    ktbuf = f"!layout.memdesc<{d}x{bn}x{T}, #swT>"
    qbuf = f"!layout.memdesc<64x{d}x{T}, #sw>"
    qpair = f"!layout.memdesc<2x64x{d}x{T}, #sw>"
    bar = "!layout.memdesc<1xi64, #bl>"
    bars = f"!layout.memdesc<{ns}x1xi64, #bl>"
    bars2 = "!layout.memdesc<2x1xi64, #bl>"
    kdesc = f"!layout.tensordesc<{bn}x{d}x{T}, #sw>"
    qdesc = f"!layout.tensordesc<64x{d}x{T}, #sw>"
    view = f"!tile.view<?x{d}x{T}>"
    PA_ = f"tensor<64x{bn}x{T}, #opP{sfx}>"
    blk_bytes = bn * d * 2
    lines = []
    a = lines.append
    a(layouts(sfx, d, bn))
    if reverse:
        pm_def = """  // Row blocks last first: with a causal mask the longest programs start
  // first and the short ones fill the tail.
  %npx = tile.num_programs x : i32
  %pidr = arith.subi %npx, %pid : i32
  %pm = arith.subi %pidr, %c1 : i32"""
    else:
        pm_def = DROP
    a(f"""tile.kernel @{name}(
    %q: !tile.ptr<{T}> {P}, %k: !tile.ptr<{T}> {P}, %v: !tile.ptr<{T}> {P}, %o: !tile.ptr<{T}> {P},
    %sm_scale: f32, %n: i32, %heads: i32, %causal: i32,
    %sqb: i32 {S}, %sqh: i32 {S}, %sqn: i32 {S},
    %skb: i32 {S}, %skh: i32 {S}, %skn: i32 {S},
    %svb: i32 {S}, %svh: i32 {S}, %svn: i32 {S},
    %sob: i32 {S}, %soh: i32 {S}, %son: i32 {S},
    %rq: i32, %rk: i32, %rv: i32) attributes {{num_warps = 4 : i32}} {{
  %{"pid" if reverse else "pm"} = tile.program_id x : i32
  %bh = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %cS = arith.constant {ns} : i32
  %cBN = arith.constant {bn} : i32
  %cBN1 = arith.constant {bn - 1} : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
{pm_def}
  %b = arith.divsi %bh, %heads : i32
  %h = arith.remsi %bh, %heads : i32
  // q, k, v as [rows, d] matrices (TMA), and the first row of this head in
  // each: b * (sb / sn) + h * (sh / sn).""")
    for x, rows in (("q", "%rq"), ("k", "%rk"), ("v", "%rv")):
        a(f"""  %f{x} = tile.make_view %{x}, shape [{rows}, {d}], strides [%s{x}n, 1]
        : !tile.ptr<{T}> -> {view}
  %{x}bn = arith.divsi %s{x}b, %s{x}n : i32
  %{x}hn = arith.divsi %s{x}h, %s{x}n : i32
  %{x}rb = arith.muli %b, %{x}bn : i32
  %{x}rh = arith.muli %h, %{x}hn : i32
  %{x}row0 = arith.addi %{x}rb, %{x}rh : i32""")
    a(f"""  %dq = tile.make_tensor_desc %fq : {view} -> {qdesc}
  %dk = tile.make_tensor_desc %fk : {view} -> {kdesc}
  %dv = tile.make_tensor_desc %fv : {view} -> {kdesc}
  // O: the [n, d] slice of this head, stored from registers (the store
  // drops rows past n).
  %b64 = arith.extsi %b : i32 to i64
  %h64 = arith.extsi %h : i32 to i64
  %osb = arith.extsi %sob : i32 to i64
  %osh = arith.extsi %soh : i32 to i64
  %oob = arith.muli %b64, %osb : i64
  %ooh = arith.muli %h64, %osh : i64
  %ooff = arith.addi %oob, %ooh : i64
  %op = tile.addptr %o, %ooff : !tile.ptr<{T}>, i64
  %vo = tile.make_view %op, shape [%n, {d}], strides [%son, 1]
        : !tile.ptr<{T}> -> {view}

  // Shared memory: Q (a slot per consumer), the K and V rings, mbarriers.
  %sq = layout.local_alloc : {qpair}
  %sk = layout.local_alloc : {ring}
  %sv = layout.local_alloc : {ring}
  %bq = layout.local_alloc : {bars2}
  %turn = layout.local_alloc : {bars2}
  %fullk = layout.local_alloc : {bars}
  %fullv = layout.local_alloc : {bars}
  %emptyk = layout.local_alloc : {bars}
  %emptyv = layout.local_alloc : {bars}
  scf.for %i = %c0 to %c2 step %c1 : i32 {{
    %ib = layout.memdesc_index %bq[%i] : {bars2} -> {bar}
    layout.init_barrier %ib, 1 : {bar}
    %it = layout.memdesc_index %turn[%i] : {bars2} -> {bar}
    layout.init_barrier %it, 1 : {bar}
  }}
  scf.for %i = %c0 to %cS step %c1 : i32 {{
    %ifk = layout.memdesc_index %fullk[%i] : {bars} -> {bar}
    layout.init_barrier %ifk, 1 : {bar}
    %ifv = layout.memdesc_index %fullv[%i] : {bars} -> {bar}
    layout.init_barrier %ifv, 1 : {bar}
    %iek = layout.memdesc_index %emptyk[%i] : {bars} -> {bar}
    layout.init_barrier %iek, 2 : {bar}
    %iev = layout.memdesc_index %emptyv[%i] : {bars} -> {bar}
    layout.init_barrier %iev, 2 : {bar}
  }}

  // Key blocks [0, hi): all ceil(n / BN), or, when causal, those left of
  // the end of the diagonal; blocks below nfull need no mask.
  %nr = arith.addi %n, %cBN1 : i32
  %nblocks = arith.divsi %nr, %cBN : i32
  %pm1 = arith.addi %pm, %c1 : i32
  %rend = arith.muli %pm1, %c128 : i32
  %rendr = arith.addi %rend, %cBN1 : i32
  %diag = arith.divsi %rendr, %cBN : i32
  %cdiag = arith.minsi %nblocks, %diag : i32
  %is_causal = arith.cmpi ne, %causal, %c0 : i32
  %hi = arith.select %is_causal, %cdiag, %nblocks : i32
  %nfull0 = arith.divsi %n, %cBN : i32
  %rfirst = arith.muli %pm, %c128 : i32
  %first = arith.divsi %rfirst, %cBN : i32
  %cfull = arith.minsi %nfull0, %first : i32
  %nfull = arith.select %is_causal, %cfull, %nfull0 : i32
  %hi1 = arith.subi %hi, %c1 : i32
""")

    def wait(bars_, blk, tag, ind):
        """Waits for the full barrier of key block `blk`."""
        return f"""{ind}%ws_{tag} = arith.remsi {blk}, %cS : i32
{ind}%wr_{tag} = arith.divsi {blk}, %cS : i32
{ind}%wp_{tag} = arith.andi %wr_{tag}, %c1 : i32
{ind}%wb_{tag} = layout.memdesc_index {bars_}[%ws_{tag}] : {bars} -> {bar}
{ind}layout.wait_barrier %wb_{tag}, %wp_{tag} : {bar}"""

    def release(bars_, blk, tag, ind):
        """Arrives on the empty barrier of key block `blk`'s slot."""
        return f"""{ind}%rs_{tag} = arith.remsi {blk}, %cS : i32
{ind}%rb_{tag} = layout.memdesc_index {bars_}[%rs_{tag}] : {bars} -> {bar}
{ind}layout.arrive_barrier %rb_{tag}, 1{ns_} : {bar}"""

    def turn_wait(w, t, tag, ind):
        if not pingpong:
            return f"{ind}// (no ping-pong)"
        return f"""{ind}%tp_{tag} = arith.andi {t}, %c1 : i32
{ind}layout.wait_barrier %myturn, %tp_{tag} : {bar}"""

    def turn_pass(ind):
        if not pingpong:
            return f"{ind}// (no ping-pong)"
        return f"{ind}layout.arrive_barrier %otherturn, 1{ns_} : {bar}"

    def softmax(tag, qk, blk, m_i, l_i, masked, ind):
        return online_softmax(tag, qk, blk, m_i, l_i, masked, ind, rows=64, bn=bn, sfx=sfx,
                              T=T, S_=S_, row_=row_, PA_=PA_)

    def scale_o(tag, acc, alpha, ind):
        """O alpha; defines %accs_<tag>."""
        return f"""{ind}%alphao_{tag} = layout.convert {alpha} : {row_} -> tensor<64xf32, #rowO{sfx}>
{ind}%ab2_{tag} = tile.expand_dims %alphao_{tag} {{axis = 1 : i32}} : tensor<64xf32, #rowO{sfx}> -> tensor<64x1xf32, #mmaO{sfx}>
{ind}%ab_{tag} = tile.broadcast %ab2_{tag} : tensor<64x1xf32, #mmaO{sfx}> -> {O_}
{ind}%accs_{tag} = arith.mulf {acc}, %ab_{tag} : {O_}"""

    def pv(tag, acc, alpha, pa, blk, ind):
        """O = O alpha + P V_blk (O as it is with rescale_after),
        asynchronous; defines %acc_<tag>."""
        if rescale_after:
            scaled = acc
            pre = f"{ind}// (O was rescaled after the previous P V)"
        else:
            scaled = f"%accs_{tag}"
            pre = scale_o(tag, acc, alpha, ind)
        return f"""{pre}
{wait("%fullv", blk, "v" + tag, ind)}
{ind}%vsl_{tag} = arith.remsi {blk}, %cS : i32
{ind}%svc_{tag} = layout.memdesc_index %sv[%vsl_{tag}] : {ring} -> {kbuf}
{ind}%acc_{tag} = tile.dot {pa}, %svc_{tag}, {scaled} async : {PA_}, {kbuf} -> {O_}"""

    def loop(w, tag, lo, hi_, init, masked):
        ind = "      "
        return f"""    %{tag}:5 = scf.for %j = {lo} to {hi_} step %c1
        iter_args(%acc_i = {init[0]}, %m_i = {init[1]}, %l_i = {init[2]}, %alpha_i = {init[3]}, %pa_i = {init[4]})
        -> ({O_}, {row_}, {row_}, {row_}, {PA_}) : i32 {{
      // 1. My turn: S_(j+1) = Q K_(j+1)^T and O = O alpha_j + P_j V_j,
      // both asynchronous; then the other consumer's turn.
      %j1 = arith.addi %j, %c1 : i32
{wait("%fullk", "%j1", "k", ind)}
      %ks1 = arith.remsi %j1, %cS : i32
      %sknx = layout.memdesc_index %sk[%ks1] : {ring} -> {kbuf}
      %sktn = layout.memdesc_trans %sknx {{order = array<i32: 1, 0>}} : {kbuf} -> {ktbuf}
{turn_wait(w, "%j1", "l", ind)}
      %qk_next = tile.dot %sqw, %sktn, %zs async : {qbuf}, {ktbuf} -> {S_}
{pv("j", "%acc_i", "%alpha_i", "%pa_i", "%j", ind)}
{turn_pass(ind)}
      // 2. S_(j+1) done (P_j V_j may still run): K_(j+1)'s slot is free,
      // and its softmax overlaps P_j V_j and the other consumer's wgmmas.
      %qk = tile.dot_wait %qk_next {{pendings = 1 : i32}} : {S_}
{DROP if merged else release("%emptyk", "%j1", "k", ind)}
{softmax("n", "%qk", "%j1", "%m_i", "%l_i", masked, ind)}
      // 3. P_j V_j done: V_j's slot is free{" (and K_(j+1)'s)" if merged else ""}.
      %acc_w = tile.dot_wait %acc_j {{pendings = 0 : i32}} : {O_}
{release("%emptyk", "%j1", "k", ind) if merged else DROP}
{release("%emptyv", "%j", "v", ind)}
{scale_o("n", "%acc_w", "%alpha_n", ind) if rescale_after else DROP}
      scf.yield {"%accs_n" if rescale_after else "%acc_w"}, %m_n, %l_n, %alpha_n, %pa_n : {O_}, {row_}, {row_}, {row_}, {PA_}
    }}"""

    def consumer(w):
        ind = "    "
        first = "" if w == 0 else f"""    // Consumer 0 takes the first turn.
    layout.arrive_barrier %otherturn, 1{ns_} : {bar}
"""
        if not pingpong:
            first = ""
        return f"""    // Consumer {w}: query rows [128 pm + {64 * w}, 128 pm + {64 * w + 64}).
    %cw = arith.constant {w} : i32
    %cw1 = arith.constant {1 - w} : i32
    %qbw = layout.memdesc_index %bq[%cw] : {bars2} -> {bar}
    %myturn = layout.memdesc_index %turn[%cw] : {bars2} -> {bar}
    %otherturn = layout.memdesc_index %turn[%cw1] : {bars2} -> {bar}
    %sqw = layout.memdesc_index %sq[%cw] : {qpair} -> {qbuf}
    %crow = arith.constant {64 * w} : i32
    %qr0 = arith.addi %rfirst, %crow : i32
    %qr = arith.addi %qrow0, %qr0 : i32
    layout.barrier_expect %qbw, {64 * d * 2} : {bar}
    layout.async_tma_copy_global_to_local %dq[%qr, %c0] %sqw, %qbw
        : {qdesc}, {qbuf}, {bar}
{first}
    // Scores are scaled by sm_scale * log2(e), so that exp2 gives exp.
    %log2e = arith.constant 1.44269504 : f32
    %qk_scale = arith.mulf %sm_scale, %log2e : f32
    %scale = tile.splat %qk_scale : f32 -> {S_}
    %scale_r = tile.splat %qk_scale : f32 -> {row_}
    // Row and column indices of the score block, for the mask.
    %rowi = tile.arange 0, 64 : tensor<64xi32, #rowS{sfx}>
    %row0v = tile.splat %qr0 : i32 -> tensor<64xi32, #rowS{sfx}>
    %rows1 = arith.addi %rowi, %row0v : tensor<64xi32, #rowS{sfx}>
    %rows2 = tile.expand_dims %rows1 {{axis = 1 : i32}} : tensor<64xi32, #rowS{sfx}> -> tensor<64x1xi32, #mmaS{sfx}>
    %rows = tile.broadcast %rows2 : tensor<64x1xi32, #mmaS{sfx}> -> tensor<64x{bn}xi32, #mmaS{sfx}>
    %coli = tile.arange 0, {bn} : tensor<{bn}xi32, #colS{sfx}>
    %nv = tile.splat %n : i32 -> tensor<64x{bn}xi32, #mmaS{sfx}>
    %notcausal = arith.cmpi eq, %causal, %c0 : i32
    %notcausalv = tile.splat %notcausal : i1 -> tensor<64x{bn}xi1, #mmaS{sfx}>
    %ninf = arith.constant dense<0xFF800000> : {S_}
    %zs = arith.constant dense<0.0> : {S_}
    %zo = arith.constant dense<0.0> : {O_}
    %m0 = arith.constant dense<0xFF800000> : {row_}
    %l0 = arith.constant dense<0.0> : {row_}

    // Turn 0: S_0 = Q K_0^T.
    layout.wait_barrier %qbw, %c0 : {bar}
{wait("%fullk", "%c0", "k0", ind)}
    %sk0 = layout.memdesc_index %sk[%c0] : {ring} -> {kbuf}
    %skt0 = layout.memdesc_trans %sk0 {{order = array<i32: 1, 0>}} : {kbuf} -> {ktbuf}
{turn_wait(w, "%c0", "p", ind)}
    %qk0a = tile.dot %sqw, %skt0, %zs async : {qbuf}, {ktbuf} -> {S_}
{turn_pass(ind)}
    %qk0 = tile.dot_wait %qk0a {{pendings = 0 : i32}} : {S_}
{release("%emptyk", "%c0", "k0", ind)}
    // Block 0's softmax (masked: it may be the diagonal or the last block).
{softmax("p0", "%qk0", "%c0", "%m0", "%l0", True, ind)}

    // Iteration j: P_j V_j and the softmax of block j + 1, for j + 1 < hi.
    // Blocks 1 .. nfull - 1 need no mask, nfull .. hi - 1 do.
    %nfull1 = arith.subi %nfull, %c1 : i32
    %mid0 = arith.maxsi %nfull1, %c0 : i32
    %mid = arith.minsi %mid0, %hi1 : i32
{loop(w, "full", "%c0", "%mid", ("%zo", "%m_p0", "%l_p0", "%alpha_p0", "%pa_p0"), False)}
{loop(w, "part", "%mid", "%hi1", ("%full#0", "%full#1", "%full#2", "%full#3", "%full#4"), True)}
    // Turn hi: the last block's P V, then O / l.
{turn_wait(w, "%hi", "e", ind)}
{pv("last", "%part#0", "%part#3", "%part#4", "%hi1", ind)}
{turn_pass(ind)}
    %acc = tile.dot_wait %acc_last {{pendings = 0 : i32}} : {O_}
    %lo = layout.convert %part#2 : {row_} -> tensor<64xf32, #rowO{sfx}>
    %lb2 = tile.expand_dims %lo {{axis = 1 : i32}} : tensor<64xf32, #rowO{sfx}> -> tensor<64x1xf32, #mmaO{sfx}>
    %lb = tile.broadcast %lb2 : tensor<64x1xf32, #mmaO{sfx}> -> {O_}
    %out = arith.divf %acc, %lb : {O_}
    %outt = arith.truncf %out : {O_} to tensor<64x{d}x{T}, #mmaO{sfx}>
    %pm2 = arith.muli %pm, %c2 : i32
    %ot = arith.addi %pm2, %cw : i32
    tile.store_tile %outt, %vo[%ot, %c0] : tensor<64x{d}x{T}, #mmaO{sfx}>, {view}"""

    def load(x, blk, tag, ind):
        """The producer's load of key block `blk` of K or V."""
        return f"""{ind}%ls_{tag} = arith.remsi {blk}, %cS : i32
{ind}%lr_{tag} = arith.divsi {blk}, %cS : i32
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

    regs = f"regs({CONSUMER_REGS})"
    a(f"""  tile.warp_specialize default {regs} {{
{consumer(0)}
  }} partition warps(4) {regs} {{
{consumer(1)}
  }} partition warps(4) regs({PRODUCER_REGS}) {{
    // Producer: K_0, then K_(j+1) and V_j for each block j.
{load("k", "%c0", "k0", "    ")}
    scf.for %j = %c0 to %hi step %c1 : i32 {{
      %j1 = arith.addi %j, %c1 : i32
      %more = arith.cmpi slt, %j1, %hi : i32
      scf.if %more {{
{load("k", "%j1", "k", "        ")}
      }}
{load("v", "%j", "v", "      ")}
    }}
  }}
  tile.return
}}""")
    text = "\n".join(lines) + "\n"
    return "".join(l for l in text.splitlines(True) if l.strip() != DROP)


def main(argv):
    if len(argv) == 3 and argv[0] == "--config":
        parts = [HEADER]
        for config in argv[1].split(";"):
            fields = config.split(",")
            t, d, bn, ns = fields[:4]
            flags = fields[4].split("+") if len(fields) > 4 and fields[4] else []
            unknown = set(flags) - {"nopp", "mr", "ra", "fwd", "sync"}
            if unknown:
                sys.exit(f"unknown flags {sorted(unknown)}; use nopp, mr, ra, fwd, sync")
            tag = "".join("_" + f for f in flags)
            parts.append(kernel(t, int(d), int(bn), int(ns), pingpong="nopp" not in flags,
                                merged="mr" in flags, rescale_after="ra" in flags,
                                reverse="fwd" not in flags, nosync="sync" not in flags,
                                name=f"attention_ws_{t}_d{d}_bn{bn}_s{ns}{tag}"))
        open(argv[0 + 2], "w").write("".join(parts))
        return
    if len(argv) != 1:
        sys.exit(__doc__)
    parts = [HEADER]
    for t, d in VARIANTS:
        parts.append(kernel(t, d, *CONFIGS[(t, d)]))
    open(argv[0], "w").write("".join(parts))


if __name__ == "__main__":
    main(sys.argv[1:])
