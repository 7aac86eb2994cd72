"""Writes examples/attention_tma.mlir, the TMA flash attention kernels
(f16/bf16 x d = 64/128), from one template:

    python3 utils/gen_attention_tma.py examples/attention_tma.mlir

and, with --bnhd, examples/attention_tma_bnhd.mlir: the same kernels
(@attention_tma_bnhd_*) reading q, k, v in torch's [B, N, H, d] layout
through 4-D TMA descriptors (test/tile-compile/attention-tma-bnhd.test
checks that file):

    python3 utils/gen_attention_tma.py --bnhd examples/attention_tma_bnhd.mlir

test/tile-compile/attention-generated.test checks that the checked-in file is
what this script writes. docs/Attention.md ("The TMA kernel") walks through
the kernel. `--config T,D,BN,SK,SV` writes one kernel with another block
size or ring depth (for tuning; not checked in).
"""
import sys

from attention_softmax import online_softmax

HEADER = """// Flash attention forward with TMA: K and V stream from global memory
// straight into shared memory (the TMA engine, completing on mbarriers),
// both dots read their shared operands there, and no thread moves a K or V
// element. o = softmax(q k^T * sm_scale [+ causal mask]) v, f16 or bf16 in,
// f32 accumulation, output in the input type.
// Kernels: @attention_tma_f16_d64, ..._f16_d128, ..._bf16_d64, ..._bf16_d128.
//
// Arguments: q, k, v, o, sm_scale (f32), n (sequence length), heads (H),
// causal (0 or 1), the (b, h, n) strides of q, k, v and o (in elements; the
// d stride is 1), then rq, rk, rv: the number of rows of q, k and v seen as
// [rows, d] matrices (B * H * N for contiguous [B, H, N, d] tensors).
// A TMA descriptor describes a matrix given by kernel parameters, so the
// kernel reads q, k and v as one [rows, d] matrix each, row stride the n
// stride, and finds head (b, h) at row b * (sb / sn) + h * (sh / sn):
//   - the b and h strides must be multiples of the n stride (true for
//     contiguous [B, H, N, d] and for padded rows; not for [B, N, H, d]
//     storage, which takes examples/attention_tma_bnhd.mlir (4-D TMA) or
//     examples/attention_contig.mlir);
//   - the n stride a multiple of 8 elements and the bases 16-byte aligned
//     (the launcher refuses others, with the reason).
// A block of K or V rows that crosses the end of a head reads the next
// head's first rows (zeros past the last row): their scores are masked to
// -inf and their P is 0, so they add 0 * v = 0 to O (finite inputs, as
// softmax needs anyway). Q rows past n give rows the store drops.
//
// Launch: grid (cdiv(n, 128), B * H), 8 warps (two warpgroups, 64 query rows
// each). Program (i, bh) computes rows [128 i, 128 i + 128) of head bh:
//   - Q (128 x d) comes once by TMA;
//   - K and V blocks of BN keys (128 at d = 128, 64 at d = 64) run through
//     two-slot rings, one mbarrier per slot with an expect-tx of the
//     block's bytes: block b sits in slot b % 2, phase parity (b / 2) & 1;
//   - iteration j starts with P_j (the register A operand of the second
//     wgmma), alpha_j and O complete (FA3's intra-warpgroup overlap):
//       1. wait for K_(j+1), issue S_(j+1) = Q K_(j+1)^T (async wgmma);
//       2. O = O alpha_j, wait for V_j, issue O += P_j V_j (async wgmma);
//       3. wait for S_(j+1) only (P_j V_j keeps running) and compute its
//          online softmax: m' = max(m, c rowmax(S)), P = exp2(c S - m')
//          (flush-to-zero ex2), alpha = exp2(m - m'), l = l alpha + rowsum P;
//       4. wait for P_j V_j; synchronize the CTA: K_(j+1)'s and V_j's slots
//          are free, and one thread starts the TMA loads of K_(j+3) and
//          V_(j+2) into them (only of blocks that exist: no load is in
//          flight at the exit).
//     No wgmma is in flight across the back edge (ptxas keeps them async).
//   - block 0's softmax is in the prologue and the last block's P V after
//     the loop; the loop is split in two: blocks 1 .. nfull - 1 need no mask
//     (inside the sequence and, when causal, left of the program's first
//     row), the rest (the last partial block, the diagonal) are masked.
//   - O / l is stored from registers; rows past n are dropped by the store.

#sw = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#swT = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16>
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
"""

HEADER_BNHD = """// Flash attention forward with TMA on [B, N, H, d] inputs (torch's
// layout for q, k, v before the head transpose): the kernels of
// examples/attention_tma.mlir (same schedule, same blocks; see its header),
// except that q, k and v are 4-D views [B, N, H, d] with strides
// (sb, sn, sh, 1), read through 4-D TMA descriptors whose boxes are
// 1 x 128 x 1 x d (Q) and 1 x BN x 1 x d (K, V): rows of one head, H * d
// elements apart in memory, land in shared memory as a 128 x d (BN x d)
// matrix, as the 2-D kernels' blocks do. A block past N reads zeros (the
// descriptor's N bound, not the next head's rows). Any strides work where
// TMA can express them: sb, sn, sh multiples of 8 elements, the d stride 1,
// bases 16-byte aligned (the launcher refuses others, with the reason);
// [B, H, N, d] storage works too (pass its strides).
// Kernels: @attention_tma_bnhd_f16_d64, ..._f16_d128, ..._bf16_d64,
// ..._bf16_d128.
//
// Arguments: q, k, v, o, sm_scale (f32), n (sequence length), heads (H),
// causal (0 or 1), the (b, h, n) strides of q, k, v and o (in elements),
// then batch (B).
// Launch: grid (cdiv(n, 128), B * H), 8 warps.
// Generated by utils/gen_attention_tma.py --bnhd.

#sw = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#swT = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16>
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
"""

# (type, d) -> (BN, SK, SV): keys per block, K ring slots, V ring slots.
# d = 128: 128 keys (216 registers, 160 KiB: one program per SM). d = 64:
# 64 keys (114 registers, 48 KiB: two programs per SM, whose softmax and
# wgmmas interleave; 128 keys would take 185 registers and one program).
CONFIGS = {
    ("f16", 64): (64, 2, 2),
    ("f16", 128): (128, 2, 2),
    ("bf16", 64): (64, 2, 2),
    ("bf16", 128): (128, 2, 2),
}
VARIANTS = [("f16", 64), ("f16", 128), ("bf16", 64), ("bf16", 128)]


def layouts(sfx, d, bn):
    return f"""
#mmaS{sfx} = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, {bn}, 16]>
#mmaO{sfx} = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, {d}, 16]>
#opP{sfx} = #layout.dot_operand<opIdx = 0, parent = #mmaO{sfx}, kWidth = 2>
#rowS{sfx} = #layout.slice<dim = 1, parent = #mmaS{sfx}>
#colS{sfx} = #layout.slice<dim = 0, parent = #mmaS{sfx}>
#rowO{sfx} = #layout.slice<dim = 1, parent = #mmaO{sfx}>
"""


def kernel(t, d, bn, sk, sv, name=None, bnhd=False):
    """One kernel; with `bnhd`, q, k, v are [B, N, H, d] views read by 4-D
    TMA (boxes of 1 on B and H)."""
    sfx = f"_tma{'_bnhd' if bnhd else ''}_{t}_{d}"
    T = t
    name = name or f"attention_tma{'_bnhd' if bnhd else ''}_{t}_d{d}"
    P = "{tile.divisibility = 16 : i64}"
    S = "{tile.divisibility = 8 : i64}"
    r = 128 // bn
    S_ = f"tensor<128x{bn}xf32, #mmaS{sfx}>"
    O_ = f"tensor<128x{d}xf32, #mmaO{sfx}>"
    row_ = f"tensor<128xf32, #rowS{sfx}>"
    kbuf = f"!layout.memdesc<{bn}x{d}x{T}, #sw>"
    kring = f"!layout.memdesc<{sk}x{bn}x{d}x{T}, #sw>"
    vring = f"!layout.memdesc<{sv}x{bn}x{d}x{T}, #sw>"
    ktbuf = f"!layout.memdesc<{d}x{bn}x{T}, #swT>"
    qbuf = f"!layout.memdesc<128x{d}x{T}, #sw>"
    bar = "!layout.memdesc<1xi64, #bl>"
    kdesc = f"!layout.tensordesc<{bn}x{d}x{T}, #sw>"
    qdesc = f"!layout.tensordesc<128x{d}x{T}, #sw>"
    view = f"!tile.view<?x{d}x{T}>"
    view4 = f"!tile.view<?x?x?x{d}x{T}>"
    if bnhd:
        kdesc = f"!layout.tensordesc<1x{bn}x1x{d}x{T}, #sw>"
        qdesc = f"!layout.tensordesc<1x128x1x{d}x{T}, #sw>"
    PA_ = f"tensor<128x{bn}x{T}, #opP{sfx}>"
    blk_bytes = bn * d * 2
    lines = []
    a = lines.append
    a(layouts(sfx, d, bn))
    a(f"""tile.kernel @{name}(
    %q: !tile.ptr<{T}> {P}, %k: !tile.ptr<{T}> {P}, %v: !tile.ptr<{T}> {P}, %o: !tile.ptr<{T}> {P},
    %sm_scale: f32, %n: i32, %heads: i32, %causal: i32,
    %sqb: i32 {S}, %sqh: i32 {S}, %sqn: i32 {S},
    %skb: i32 {S}, %skh: i32 {S}, %skn: i32 {S},
    %svb: i32 {S}, %svh: i32 {S}, %svn: i32 {S},
    %sob: i32 {S}, %soh: i32 {S}, %son: i32 {S},
    {"%batch: i32" if bnhd else "%rq: i32, %rk: i32, %rv: i32"}) attributes {{num_warps = 8 : i32}} {{
  %pm = tile.program_id x : i32
  %bh = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %cSK = arith.constant {sk} : i32
  %cSV = arith.constant {sv} : i32
  %cBN = arith.constant {bn} : i32
  %cBN1 = arith.constant {bn - 1} : i32
  %cR = arith.constant {r} : i32
  %c128 = arith.constant 128 : i32
  %b = arith.divsi %bh, %heads : i32
  %h = arith.remsi %bh, %heads : i32""")
    if bnhd:
        a("  // q, k, v as [B, N, H, d] views (4-D TMA descriptors).")
        for x in ("q", "k", "v"):
            a(f"""  %f{x} = tile.make_view %{x}, shape [%batch, %n, %heads, {d}], strides [%s{x}b, %s{x}n, %s{x}h, 1]
        : !tile.ptr<{T}> -> {view4}""")
        a(f"""  %dq = tile.make_tensor_desc %fq : {view4} -> {qdesc}
  %dk = tile.make_tensor_desc %fk : {view4} -> {kdesc}
  %dv = tile.make_tensor_desc %fv : {view4} -> {kdesc}""")
    else:
        a("""  // q, k, v as [rows, d] matrices (TMA), and the first row of this head in
  // each: b * (sb / sn) + h * (sh / sn).""")
    for x, rows in (() if bnhd else (("q", "%rq"), ("k", "%rk"), ("v", "%rv"))):
        a(f"""  %f{x} = tile.make_view %{x}, shape [{rows}, {d}], strides [%s{x}n, 1]
        : !tile.ptr<{T}> -> {view}
  %{x}bn = arith.divsi %s{x}b, %s{x}n : i32
  %{x}hn = arith.divsi %s{x}h, %s{x}n : i32
  %{x}rb = arith.muli %b, %{x}bn : i32
  %{x}rh = arith.muli %h, %{x}hn : i32
  %{x}row0 = arith.addi %{x}rb, %{x}rh : i32""")
    if not bnhd:
        a(f"""  %dq = tile.make_tensor_desc %fq : {view} -> {qdesc}
  %dk = tile.make_tensor_desc %fk : {view} -> {kdesc}
  %dv = tile.make_tensor_desc %fv : {view} -> {kdesc}""")
    a(f"""  // O: the [n, d] slice of this head, stored from registers (the store
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

  // Shared memory: Q, the K and V rings, one mbarrier per buffer slot.
  %sq = layout.local_alloc : {qbuf}
  %sk = layout.local_alloc : {kring}
  %sv = layout.local_alloc : {vring}
  %bq = layout.local_alloc : {bar}
  %bk = layout.local_alloc : !layout.memdesc<{sk}x1xi64, #bl>
  %bv = layout.local_alloc : !layout.memdesc<{sv}x1xi64, #bl>
  layout.init_barrier %bq, 1 : {bar}
  scf.for %i = %c0 to %cSK step %c1 : i32 {{
    %ib = layout.memdesc_index %bk[%i] : !layout.memdesc<{sk}x1xi64, #bl> -> {bar}
    layout.init_barrier %ib, 1 : {bar}
  }}
  scf.for %i = %c0 to %cSV step %c1 : i32 {{
    %ib = layout.memdesc_index %bv[%i] : !layout.memdesc<{sv}x1xi64, #bl> -> {bar}
    layout.init_barrier %ib, 1 : {bar}
  }}

  // Key blocks [0, hi): all ceil(n / BN), or, when causal, those left of
  // the end of the diagonal ({r} (i + 1)); blocks below nfull need no mask.
  %nr = arith.addi %n, %cBN1 : i32
  %nblocks = arith.divsi %nr, %cBN : i32
  %pm1 = arith.addi %pm, %c1 : i32
  %diag = arith.muli %pm1, %cR : i32
  %cdiag = arith.minsi %nblocks, %diag : i32
  %is_causal = arith.cmpi ne, %causal, %c0 : i32
  %hi = arith.select %is_causal, %cdiag, %nblocks : i32
  %nfull0 = arith.divsi %n, %cBN : i32
  %first = arith.muli %pm, %cR : i32
  %cfull = arith.minsi %nfull0, %first : i32
  %nfull = arith.select %is_causal, %cfull, %nfull0 : i32
""")

    def load(x, ring, bars, slots, desc, blk, indent="  "):
        """One thread starts the TMA load of block `blk` of K or V into its
        slot, if the block exists."""
        i = indent
        if bnhd:
            coords, at = f"{i}  // (b, key row, h, 0) of the [B, N, H, d] view.", f"%b, %{x}r0, %h, %c0"
        else:
            coords = f"{i}  %{x}r = arith.addi %{x}row0, %{x}r0 : i32"
            at = f"%{x}r, %c0"
        return f"""{i}%{x}has{blk[1:]} = arith.cmpi slt, {blk}, %hi : i32
{i}scf.if %{x}has{blk[1:]} {{
{i}  %{x}s = arith.remsi {blk}, %cS{x.upper()} : i32
{i}  %{x}b = layout.memdesc_index {bars}[%{x}s] : !layout.memdesc<{slots}x1xi64, #bl> -> {bar}
{i}  %{x}buf = layout.memdesc_index {ring}[%{x}s] : !layout.memdesc<{slots}x{bn}x{d}x{T}, #sw> -> {kbuf}
{i}  %{x}r0 = arith.muli {blk}, %cBN : i32
{coords}
{i}  layout.barrier_expect %{x}b, {blk_bytes} : {bar}
{i}  layout.async_tma_copy_global_to_local {desc}[{at}] %{x}buf, %{x}b
{i}      : {kdesc}, {kbuf}, {bar}
{i}}}"""

    def wait(x, bars, slots, blk, indent="  "):
        i = indent
        return f"""{i}%{x}ws{blk[1:]} = arith.remsi {blk}, %cS{x.upper()} : i32
{i}%{x}wr{blk[1:]} = arith.divsi {blk}, %cS{x.upper()} : i32
{i}%{x}wp{blk[1:]} = arith.andi %{x}wr{blk[1:]}, %c1 : i32
{i}%{x}wb{blk[1:]} = layout.memdesc_index {bars}[%{x}ws{blk[1:]}] : !layout.memdesc<{slots}x1xi64, #bl> -> {bar}
{i}layout.wait_barrier %{x}wb{blk[1:]}, %{x}wp{blk[1:]} : {bar}"""

    a(f"""  // Prologue: Q, K_0 .. K_(SK-1), V_0 .. V_(SV-1); S_0 = Q K_0^T; then
  // K_SK into the slot S_0 read.
  %qr0 = arith.muli %pm, %c128 : i32
{"  // (b, query row, h, 0) of the [B, N, H, d] view." if bnhd else "  %qr = arith.addi %qrow0, %qr0 : i32"}
  layout.barrier_expect %bq, {128 * d * 2} : {bar}
  layout.async_tma_copy_global_to_local %dq[{"%b, %qr0, %h, %c0" if bnhd else "%qr, %c0"}] %sq, %bq
      : {qdesc}, {qbuf}, {bar}
  scf.for %pb = %c0 to %cSK step %c1 : i32 {{
{load("k", "%sk", "%bk", sk, "%dk", "%pb", "    ")}
  }}
  scf.for %pb = %c0 to %cSV step %c1 : i32 {{
{load("v", "%sv", "%bv", sv, "%dv", "%pb", "    ")}
  }}
  layout.wait_barrier %bq, %c0 : {bar}
  %bk0 = layout.memdesc_index %bk[%c0] : !layout.memdesc<{sk}x1xi64, #bl> -> {bar}
  layout.wait_barrier %bk0, %c0 : {bar}
  %sk0 = layout.memdesc_index %sk[%c0] : {kring} -> {kbuf}
  %skt0 = layout.memdesc_trans %sk0 {{order = array<i32: 1, 0>}} : {kbuf} -> {ktbuf}
  %zs = arith.constant dense<0.0> : {S_}
  %qk0 = tile.dot %sq, %skt0, %zs : {qbuf}, {ktbuf} -> {S_}
  layout.barrier
{load("k", "%sk", "%bk", sk, "%dk", "%cSK", "  ")}

  // Scores are scaled by sm_scale * log2(e), so that exp2 gives exp.
  %log2e = arith.constant 1.44269504 : f32
  %qk_scale = arith.mulf %sm_scale, %log2e : f32
  %scale = tile.splat %qk_scale : f32 -> {S_}
  %scale_r = tile.splat %qk_scale : f32 -> {row_}
  // Row and column indices of the score block, for the mask.
  %rowi = tile.arange 0, 128 : tensor<128xi32, #rowS{sfx}>
  %row0v = tile.splat %qr0 : i32 -> tensor<128xi32, #rowS{sfx}>
  %rows1 = arith.addi %rowi, %row0v : tensor<128xi32, #rowS{sfx}>
  %rows2 = tile.expand_dims %rows1 {{axis = 1 : i32}} : tensor<128xi32, #rowS{sfx}> -> tensor<128x1xi32, #mmaS{sfx}>
  %rows = tile.broadcast %rows2 : tensor<128x1xi32, #mmaS{sfx}> -> tensor<128x{bn}xi32, #mmaS{sfx}>
  %coli = tile.arange 0, {bn} : tensor<{bn}xi32, #colS{sfx}>
  %nv = tile.splat %n : i32 -> tensor<128x{bn}xi32, #mmaS{sfx}>
  %notcausal = arith.cmpi eq, %causal, %c0 : i32
  %notcausalv = tile.splat %notcausal : i1 -> tensor<128x{bn}xi1, #mmaS{sfx}>
  %ninf = arith.constant dense<0xFF800000> : {S_}
  %zo = arith.constant dense<0.0> : {O_}
  %m0 = arith.constant dense<0xFF800000> : {row_}
  %l0 = arith.constant dense<0.0> : {row_}
""")

    def softmax(tag, qk, blk, m_i, l_i, masked, ind="    "):
        return online_softmax(tag, qk, blk, m_i, l_i, masked, ind, rows=128, bn=bn, sfx=sfx,
                              T=T, S_=S_, row_=row_, PA_=PA_)

    def pv(tag, acc, alpha, pa, blk, ind="    "):
        """O = O alpha + P V_blk, asynchronous; defines %acc_<tag>."""
        return f"""{ind}%alphao_{tag} = layout.convert {alpha} : {row_} -> tensor<128xf32, #rowO{sfx}>
{ind}%ab2_{tag} = tile.expand_dims %alphao_{tag} {{axis = 1 : i32}} : tensor<128xf32, #rowO{sfx}> -> tensor<128x1xf32, #mmaO{sfx}>
{ind}%ab_{tag} = tile.broadcast %ab2_{tag} : tensor<128x1xf32, #mmaO{sfx}> -> {O_}
{ind}%accs_{tag} = arith.mulf {acc}, %ab_{tag} : {O_}
{wait("v", "%bv", sv, blk, ind)}
{ind}%vsl{blk[1:]} = arith.remsi {blk}, %cSV : i32
{ind}%svc{blk[1:]} = layout.memdesc_index %sv[%vsl{blk[1:]}] : {vring} -> {kbuf}
{ind}%acc_{tag} = tile.dot {pa}, %svc{blk[1:]}, %accs_{tag} async : {PA_}, {kbuf} -> {O_}"""

    a("  // Block 0's softmax (masked: it may be the diagonal or the last block).")
    a(softmax("p0", "%qk0", "%c0", "%m0", "%l0", True, "  "))

    def loop(tag, lo, hi_, init, masked):
        return f"""  %{tag}:5 = scf.for %j = {lo} to {hi_} step %c1
      iter_args(%acc_i = {init[0]}, %m_i = {init[1]}, %l_i = {init[2]}, %alpha_i = {init[3]}, %pa_i = {init[4]})
      -> ({O_}, {row_}, {row_}, {row_}, {PA_}) : i32 {{
    // 1. S_(j+1) = Q K_(j+1)^T, asynchronous.
    %j1 = arith.addi %j, %c1 : i32
{wait("k", "%bk", sk, "%j1", "    ")}
    %ks1 = arith.remsi %j1, %cSK : i32
    %sknx = layout.memdesc_index %sk[%ks1] : {kring} -> {kbuf}
    %sktn = layout.memdesc_trans %sknx {{order = array<i32: 1, 0>}} : {kbuf} -> {ktbuf}
    %qk_next = tile.dot %sq, %sktn, %zs async : {qbuf}, {ktbuf} -> {S_}
    // 2. O = O alpha_j + P_j V_j, asynchronous (P from registers).
{pv("j", "%acc_i", "%alpha_i", "%pa_i", "%j")}
    // 3. S_(j+1) done (P_j V_j may still run): its softmax overlaps P_j V_j.
    %qk = tile.dot_wait %qk_next {{pendings = 1 : i32}} : {S_}
{softmax("n", "%qk", "%j1", "%m_i", "%l_i", masked)}
    // 4. P_j V_j done; after the CTA barrier no warpgroup reads K_(j+1)'s or
    // V_j's slot: one thread refills them with K_(j+1+SK) and V_(j+SV).
    %acc_n = tile.dot_wait %acc_j {{pendings = 0 : i32}} : {O_}
    layout.barrier
    %jk = arith.addi %j1, %cSK : i32
{load("k", "%sk", "%bk", sk, "%dk", "%jk", "    ")}
    %jv = arith.addi %j, %cSV : i32
{load("v", "%sv", "%bv", sv, "%dv", "%jv", "    ")}
    scf.yield %acc_n, %m_n, %l_n, %alpha_n, %pa_n : {O_}, {row_}, {row_}, {row_}, {PA_}
  }}"""

    a(f"""  // Iteration j computes P_j V_j and the softmax of block j + 1, for
  // j + 1 < hi. Blocks 1 .. nfull - 1 need no mask, nfull .. hi - 1 do.
  %hi1 = arith.subi %hi, %c1 : i32
  %nfull1 = arith.subi %nfull, %c1 : i32
  %mid0 = arith.maxsi %nfull1, %c0 : i32
  %mid = arith.minsi %mid0, %hi1 : i32""")
    a(loop("full", "%c0", "%mid", ("%zo", "%m_p0", "%l_p0", "%alpha_p0", "%pa_p0"), False))
    a(loop("part", "%mid", "%hi1", ("%full#0", "%full#1", "%full#2", "%full#3", "%full#4"), True))
    a(f"""  // The last block's P V, then O / l.
{pv("last", "%part#0", "%part#3", "%part#4", "%hi1", "  ")}
  %acc = tile.dot_wait %acc_last {{pendings = 0 : i32}} : {O_}
  %lo = layout.convert %part#2 : {row_} -> tensor<128xf32, #rowO{sfx}>
  %lb2 = tile.expand_dims %lo {{axis = 1 : i32}} : tensor<128xf32, #rowO{sfx}> -> tensor<128x1xf32, #mmaO{sfx}>
  %lb = tile.broadcast %lb2 : tensor<128x1xf32, #mmaO{sfx}> -> {O_}
  %out = arith.divf %acc, %lb : {O_}
  %outt = arith.truncf %out : {O_} to tensor<128x{d}x{T}, #mmaO{sfx}>
  tile.store_tile %outt, %vo[%pm, %c0] : tensor<128x{d}x{T}, #mmaO{sfx}>, {view}
  tile.return
}}""")
    return "\n".join(lines) + "\n"


def main(argv):
    if len(argv) == 3 and argv[0] == "--config":
        t, d, bn, sk, sv = argv[1].split(",")
        open(argv[2], "w").write(HEADER + kernel(t, int(d), int(bn), int(sk), int(sv),
                                                 name=f"attention_tma_{t}_d{d}_bn{bn}_k{sk}v{sv}"))
        return
    bnhd = len(argv) == 2 and argv[0] == "--bnhd"
    if bnhd:
        argv = argv[1:]
    if len(argv) != 1:
        sys.exit(__doc__)
    parts = [HEADER_BNHD if bnhd else HEADER]
    for t, d in VARIANTS:
        parts.append(kernel(t, d, *CONFIGS[(t, d)], bnhd=bnhd))
    open(argv[0], "w").write("".join(parts))


if __name__ == "__main__":
    main(sys.argv[1:])
