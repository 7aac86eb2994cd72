"""Writes the warp-specialized persistent GEMMs (f16 and bf16; a TMA
producer warpgroup and two wgmma consumer warpgroups) from one template:

    python3 utils/gen_matmul_ws.py coop examples/matmul_ws_coop.mlir
    python3 utils/gen_matmul_ws.py cluster examples/matmul_ws_cluster.mlir

  - coop (cooperative, @matmul_ws_coop[_bf16], checked in): the two
    consumers compute the two 64-row halves of each 128 x 256 tile
    together, each storing its own half;
  - cluster (@matmul_ws_cluster[_bf16], checked in): coop in 2-program
    thread-block clusters along N; the two programs of a cluster compute
    neighbouring tiles (the same rows of A) and each loads one of A's two
    64-row halves, multicast to both;
  - pp (ping-pong, --config only): each consumer computes whole tiles
    (128 x 128, or 64 x 256), a program's i-th tile goes to consumer i % 2,
    and `turn` mbarriers (count 1) order their main loops: a consumer waits
    for its turn (consumer w's n-th tile, parity n & 1 of turn[w];
    consumer 1 hands consumer 0 the first turn), issues its tile's wgmmas,
    hands the turn over (after a barrier of its warpgroup) and runs its
    epilogue while the other's wgmmas use the tensor cores. One consumer
    reads a slot, so empty[s] counts 1 arrival. Measured 4-13 % slower than
    coop on the H100 (it loads 1.5 x the bytes from L2 for the same math),
    and two tuning runs of an earlier form, whose hand-off was a one-thread
    `nosync` arrival, stopped in one case (M = N = 1000, K = 100, 7
    programs): not checked in, its GPU cases not registered, until that is
    understood (bench/RESULTS.md, h11gemm).

test/tile-compile/matmul-ws-generated.test checks that the checked-in file
is what this script writes. `--config 'MODE,BM,BN,S,G[,DTYPE[,FLAG...]];...'
FILE` (MODE pp, coop or cluster) writes other variants (for tuning; not checked in), named
matmul_ws2_MODE_BMxBN_sS_gG[_FLAG...][_bf16]: BM the rows a consumer
computes (coop: 64; pp: 64 or 128), BN the tile's columns, S the ring
depth, G the group size (tile rows) of the tile order; FLAG sub: an
epilogue through 64 x 64 pieces (coop, BN 256), which leaves room for
S = 4; ov: a coop epilogue stored after the next tile's first wgmmas are
issued; stepdiv: the coop consumers' and the producer's earlier slot
arithmetic (g % S and (g / S) & 1 each k-step, the release behind an
scf.if) instead of the carried ring position; allwarps: the producer's
loop in all 4 warps of its partition instead of warp 0 alone; sep: one
region per consumer instead of one region run by two replicas.
bench/RESULTS.md (2026-11-24, h11gemm and h13gemm) has the measurements.
"""
import sys

COMMON = """\
// Arguments and contract those of examples/matmul_persistent.mlir: any M,
// N, K >= 1; A, B and C row major with row strides (sam, sbk, scm, in
// elements) that are multiples of 8 (16 bytes, as TMA needs; the launcher
// refuses others) and 16-byte aligned bases; the TMA loads zero-fill past
// M, N and K and the TMA stores write nothing outside M x N (but whole
// 16-byte chunks, docs/TileLanguage.md).
//
//   c[i * scm + j] = sum_k a[i * sam + k] * b[k * sbk + j]
//
// Launch: a 1-D grid of P programs, normally min(#SMs, tiles); any P >= 1
// is correct. 12 warps a program: the kernel's 4 (the producer, the
// default region) and the consumers' region, `partition warps(4)
// replicas(2)`, whose two warpgroups find their index w with
// tile.replica_id (the consumer's code is compiled once). Registers
// (setmaxnreg): 232 a thread for each consumer (a 128-register
// accumulator), 40 for the producer: 232 x 256 + 40 x 128 = 64512 of
// 65536.
//
// Program p takes the tiles p, p + P, p + 2P, ... of C, numbered in groups
// of G tile rows (Triton's GROUP_SIZE_M, as matmul_persistent).
//
// The loads run through a ring of S slots numbered by a step counter
// g = i * ktiles + kt over the program's (tile i, k-step kt) pairs, so slot
// g % S and parity (g / S) & 1 carry on from one tile to the next:
//   - full[s] (count 1: the producer's expect-tx) completes when the slot's
//     loads have landed;
//   - empty[s] completes when the consumers reading the slot are done: each
//     arrives once, with `nosync` (one thread, no barrier: a consumer is
//     one warpgroup and its arrival follows the tile.dot_wait that covers
//     the warpgroup's wgmmas that read the slot).
// No CTA-wide barrier runs after the prologue: the consumers never wait for
// each other's k-steps, only for data.
//
// Producer: for each tile of the program and each k-step, waits for
// empty[s] (parity ((g / S) & 1) ^ 1: the first round passes at once),
// expects the slot's bytes on full[s] and starts the loads. It runs up to
// S k-steps ahead of the consumers, into the next tile, so the next tile's
// first slots fill during this tile's last k-steps and its epilogue. Its
// TMA and mbarrier ops are issued by the partition's first thread, so only
// warp 0 of the producer warpgroup runs the loop (tile.warp_id); the other
// three leave at once instead of stepping through it (h13gemm: 44 % fewer
// instructions in the kernel).
//
// Producer and consumers carry the ring position (slot g % S, parity
// (g / S) & 1) in their loops' iter_args instead of dividing g each
// k-step; a consumer peels a tile's k-step 0, which has no earlier step to
// release.
"""

HEADERS = {
    "coop": """\
// Generated by utils/gen_matmul_ws.py; do not edit.
//
// Persistent, warp-specialized GEMMs on Hopper, CUTLASS's "cooperative"
// schedule: C = A * B, f32 accumulation; @matmul_ws_coop takes f16 (f16
// out), @matmul_ws_coop_bf16 bf16 (bf16 out). C is cut into 128 x 256
// tiles; the two consumer warpgroups compute the two 64-row halves of
// each tile together (consumer w rows 64 w .. 64 w + 63).
//
""" + COMMON + """\
//
// A slot holds A's two 64 x 64 halves (one TMA box each, so consumer w
// reads its own) and B's 64 x 256 block: 48 KiB, 3 slots. empty[s] counts
// 2 arrivals (both consumers read B).
//
// Consumer w, for each tile: per k-step waits for full[s], issues its
// 64 x 256 x 64 wgmmas (four m64n256k16) asynchronously, waits until only
// those are in flight and releases the previous step's slot; after the
// last k-step waits for its wgmmas, releases the last slot, converts,
// waits for its previous TMA store to have read its C buffer (64 x 256,
// 32 KiB a consumer), stores its half there and starts the TMA store,
// which then overlaps the next tile's main loop.
//
// The consumers stop the tensor cores for the epilogue (the producer goes
// on loading the next tile). Moving it behind the next tile's first
// wgmmas (utils/gen_matmul_ws.py --config '...,ov': the converted tile,
// 64 registers, carried into the next iteration) measured no faster on the
// H100 and spills 8 bytes; the ping-pong schedule (--config 'pp,...')
// hides it entirely but loads 1.5 x the bytes and was slower.
//
// Shared memory: 3 x 48 + 2 x 32 KiB + barriers = 208 KiB, one program
// an SM. bench/RESULTS.md (2026-11-24, h11gemm) compares it with the
// non-specialized examples/matmul_persistent.mlir, the ping-pong schedule
// and cuBLAS.
""",
}


HEADERS["cluster"] = """\
// Generated by utils/gen_matmul_ws.py; do not edit.
//
// Persistent, warp-specialized GEMMs on Hopper in thread-block clusters of
// two programs (cluster_dims = 2 x 1 x 1), CUTLASS's "cooperative" schedule
// with TMA multicast: C = A * B, f32 accumulation; @matmul_ws_cluster
// takes f16 (f16 out), @matmul_ws_cluster_bf16 bf16 (bf16 out). C is cut
// into 128 x 256 tiles; the two consumer warpgroups of a program compute
// the two 64-row halves of each tile together (consumer w rows 64 w ..
// 64 w + 63), as in examples/matmul_ws_coop.mlir.
//
""" + COMMON.replace("""// Launch: a 1-D grid of P programs, normally min(#SMs, tiles); any P >= 1
// is correct.""", """// Launch: a 1-D grid of P = 2 Q programs (the launcher refuses an odd P);
// any Q >= 1 is correct. bench/matmul.py launches Q = ceil(pairs /
// ceil(pairs / (#SMs / 2))) clusters: the waves of #SMs / 2, every cluster
// the same number of pairs (64 on 132 SMs at 4096^3: 1.8 % faster than 66).
//""").replace(
    """// Program p takes the tiles p, p + P, p + 2P, ... of C, numbered in groups
// of G tile rows (Triton's GROUP_SIZE_M, as matmul_persistent).""",
    """// The two programs of a cluster (rank r = 0, 1) compute the tiles of one
// pair of neighbouring tile columns: C is numbered in 128 x 512 pair tiles
// (groups of G tile rows, Triton's GROUP_SIZE_M), cluster q takes the
// pairs q, q + Q, q + 2Q, ... and its program r the tile at columns
// 512 pn + 256 r .. + 255 of each. Both programs of a cluster walk the same
// pairs and k-steps in step (a program whose tile lies past N, when the
// tile columns are odd, computes zeros and stores nothing).""") + """\
//
// A slot holds A's two 64 x 64 halves (one TMA box each, so consumer w
// reads its own) and B's 64 x 256 block: 48 KiB, 3 slots. The two tiles
// of a cluster share their rows of A: program r's producer loads A half r
// once and multicasts it into the slot of both programs (`multicast` mask
// 0b11), each completing on its own full[s]: a program's full[s] receives
// one A half from each producer and its own B (48 KiB expected by its own
// producer). The L2 serves 40 KiB a k-step a program instead of 48.
//
// Since a producer writes into its peer's slot, a slot is empty when the
// consumers of both programs have released it: empty[s] counts 4 arrivals,
// each consumer arriving on its own program's empty[s] and on its peer's
// (`layout.arrive_barrier ... cta %peer`: mapa + an arrival there). A cluster barrier after the mbarrier initialization (no
// multicast or remote arrival before the peer's barriers exist) and one at
// the end of every partition (no program leaves while its peer may still
// write into its shared memory) are the only other synchronization.
//
// Consumer w, for each tile: per k-step waits for full[s], issues its
// 64 x 256 x 64 wgmmas (four m64n256k16) asynchronously, waits until only
// those are in flight and releases the previous step's slot in both
// programs; after the last k-step the epilogue of matmul_ws_coop (a TMA
// store of its half from its own 32 KiB C buffer).
//
// Shared memory: 3 x 48 + 2 x 32 KiB + barriers = 208 KiB, one program
// an SM. bench/RESULTS.md (2026-11-24, h12cluster) compares it with
// matmul_ws_coop and cuBLAS (whose kernel runs 2-program clusters too).
"""


def kname(mode, bm, bn, s, g, dtype, flags=()):
    suffix = "".join("_" + f for f in flags) + ("" if dtype == "f16" else "_bf16")
    return f"matmul_ws2_{mode}_{bm}x{bn}_s{s}_g{g}{suffix}"


def indent(text, n):
    pad = " " * n
    return "".join(pad + line if line.strip() else line for line in text.splitlines(True))


class Replica:
    """The consumer index of the replicated consumer region: a value of
    tile.replica_id instead of a constant. Formats as the suffix of the
    i32 constants the region defines first (REPLICA_IDS), so that the
    templates' `%c{w}`, `%c{1 - w}`, `%c{64 * w}` and `%c{2 * w + j % 2}`
    name them."""

    def __init__(self, name="w"):
        self.name = name

    def __str__(self):
        return self.name

    def __rsub__(self, one):
        assert one == 1
        return Replica("wo")

    def __rmul__(self, k):
        assert self.name == "w" and k in (2, 64)
        return Replica(f"w{k}")

    def __add__(self, j):
        assert self.name == "w2" and j in (0, 1)
        return self if j == 0 else Replica("w2p1")


REPLICA_IDS = """\
%cw = tile.replica_id : i32
%cwo = arith.subi %c1, %cw : i32
%cw64 = arith.muli %cw, %c64 : i32
%cw2 = arith.muli %cw, %c2 : i32
%cw2p1 = arith.addi %cw2, %c1 : i32
"""


def kernel(name, mode, bm, bn, slots, gm, dtype, sub=False, ov=False, regs=232, pregs=40,
           comment=True, allwarps=False, stepdiv=False, replicated=True):
    """One kernel. mode pp: each consumer a whole bm x bn tile, turns; coop:
    the consumers the two 64-row halves of a 128 x bn tile. sub: the
    epilogue stores 64-column pieces through two 64 x 64 buffers a consumer
    (coop, bn 256 only). allwarps: the producer's loop in all 4 warps of
    its partition (before h13gemm; now warp 0 alone). stepdiv: the coop
    consumers compute slot and parity from the step counter each k-step
    (g % S, (g / S) & 1) and release behind an scf.if (before h13gemm; now
    both carried in iter_args and k-step 0 peeled). replicated: the two
    consumers are one `partition warps(4) replicas(2)` region (its index
    from tile.replica_id) after the producer, the default region; false:
    consumer 0 the default region, consumer 1 and the producer partitions
    (two copies of the consumer's code for ptxas)."""
    assert mode in ("pp", "coop", "cluster")
    cluster = mode == "cluster"
    if cluster:
        assert not sub and not ov
        mode = "coop"
    assert not sub or (mode == "coop" and bn == 256)
    assert not ov or (mode == "coop" and not sub)
    T = dtype
    if mode == "coop":
        assert bm == 64
    tm_rows = bm if mode == "pp" else 2 * bm  # rows of a tile of C
    na = 1 if mode == "pp" else 2             # A boxes a slot
    mma = f"#mma{bn}"
    acc = f"tensor<{bm}x{bn}xf32, {mma}>"
    acct = f"tensor<{bm}x{bn}x{T}, {mma}>"
    ta = f"{bm}x64x{T}"
    tb = f"64x{bn}x{T}"
    tc = f"{bm}x64x{T}" if sub else f"{bm}x{bn}x{T}"
    sa = f"!layout.memdesc<{slots * na}x{ta}, #nv>"
    sb = f"!layout.memdesc<{slots}x{tb}, #nv>"
    sc = f"!layout.memdesc<{4 if sub else 2}x{tc}, #nv>"
    ma = f"!layout.memdesc<{ta}, #nv>"
    mb = f"!layout.memdesc<{tb}, #nv>"
    mc = f"!layout.memdesc<{tc}, #nv>"
    da = f"!layout.tensordesc<{ta}, #nv>"
    db = f"!layout.tensordesc<{tb}, #nv>"
    dc = f"!layout.tensordesc<{tc}, #nv>"
    bars = f"!layout.memdesc<{slots}x1xi64, #bl>"
    bar2 = "!layout.memdesc<2x1xi64, #bl>"
    bar1 = "!layout.memdesc<1xi64, #bl>"
    txbytes = (na * bm * 64 + 64 * bn) * 2
    cbytes = 4 * bm * 64 * 2 if sub else 2 * bm * bn * 2
    smem = slots * txbytes + cbytes
    ecount = 1 if mode == "pp" else 4 if cluster else 2

    def coords(p, i):
        """(row, col) of the program's i-th tile as %<p>row, %<p>col."""
        return f"""\
%{p}t0 = arith.muli {i}, %np : i32
%{p}t = arith.addi %pid, %{p}t0 : i32
%{p}grp = arith.divsi %{p}t, %ingroup : i32
%{p}first = arith.muli %{p}grp, %cgm : i32
%{p}left = arith.subi %tm, %{p}first : i32
%{p}gsize = arith.minsi %{p}left, %cgm : i32
%{p}loc = arith.remsi %{p}t, %ingroup : i32
%{p}lm = arith.remsi %{p}loc, %{p}gsize : i32
%{p}pm = arith.addi %{p}first, %{p}lm : i32
%{p}pn = arith.divsi %{p}loc, %{p}gsize : i32
%{p}row = arith.muli %{p}pm, %cbm : i32
""" + (f"""\
%{p}col0 = arith.muli %{p}pn, %cpair : i32
%{p}col = arith.addi %{p}col0, %rcol : i32
""" if cluster else f"""\
%{p}col = arith.muli %{p}pn, %cbn : i32
""")

    def peer_release(bar, n):
        """In a cluster: the same release on the peer program's barrier."""
        if not cluster:
            return ""
        return " " * n + f"layout.arrive_barrier {bar}, 1 nosync cta %peer : {bar1}\n"

    cluster_exit = """\
// No program leaves while its peer may still write into its shared memory.
tile.cluster_arrive
tile.cluster_wait
""" if cluster else ""

    def wait_full(g, sfx, pad):
        """Wait until the slot of k-step `g` is full: %s<sfx> is the slot."""
        return indent(f"""\
%s{sfx} = arith.remsi {g}, %cS : i32
%round{sfx} = arith.divsi {g}, %cS : i32
%phase{sfx} = arith.andi %round{sfx}, %c1 : i32
%f{sfx} = layout.memdesc_index %full[%s{sfx}] : {bars} -> {bar1}
layout.wait_barrier %f{sfx}, %phase{sfx} : {bar1}
""", pad)

    def advance(s, ph, sfx, pad):
        """The ring position after slot `s`, parity `ph`: %s<sfx>, %ph<sfx>
        (the parity flips when the slot wraps to 0)."""
        return indent(f"""\
%sn{sfx} = arith.addi {s}, %c1 : i32
%wrap{sfx} = arith.cmpi eq, %sn{sfx}, %cS : i32
%s{sfx} = arith.select %wrap{sfx}, %c0, %sn{sfx} : i32
%flip{sfx} = arith.xori {ph}, %c1 : i32
%ph{sfx} = arith.select %wrap{sfx}, %flip{sfx}, {ph} : i32
""", pad)

    def release(s, sfx, pad):
        """Release slot `s` (this program's, and the peer's in a cluster)."""
        return indent(f"""\
%e{sfx} = layout.memdesc_index %empty[{s}] : {bars} -> {bar1}
layout.arrive_barrier %e{sfx}, 1 nosync : {bar1}
""", pad) + peer_release(f"%e{sfx}", pad)

    def slot_dot(w, sfx, acc_in, pad, a_slot=None):
        """The wgmmas of slot %s<sfx> on `acc_in` (consumer w's 64-row half
        of A, unless `a_slot` names A's slot), asynchronous: %d<sfx>."""
        a_index = "" if a_slot else f"""\
%s2{sfx} = arith.muli %s{sfx}, %c2 : i32
%sa2{sfx} = arith.addi %s2{sfx}, %c{w} : i32
"""
        return indent(f"""\
{a_index}%ta{sfx} = layout.memdesc_index %sa[{a_slot or "%sa2" + sfx}] : {sa} -> {ma}
%tb{sfx} = layout.memdesc_index %sb[%s{sfx}] : {sb} -> {mb}
%d{sfx} = tile.dot %ta{sfx}, %tb{sfx}, {acc_in} async : {ma}, {mb} -> {acc}
""", pad)

    def release_last():
        """After a tile's k-loop: release the slot of its last k-step."""
        return f"""\
  %gend = arith.addi %gbase, %ktiles : i32
  %gl = arith.subi %gend, %c1 : i32
  %ls = arith.remsi %gl, %cS : i32
  %le = layout.memdesc_index %empty[%ls] : {bars} -> {bar1}
  layout.arrive_barrier %le, 1 nosync : {bar1}
{peer_release("%le", 2)}"""

    def consumer(w):
        other = 1 - w
        if mode == "pp":
            tiles = f"""\
// My tiles: i = 2 j + {w}, j < (mine - {w} + 1) / 2.
%cnt0 = arith.subi %mine, %c{w} : i32
%cnt1 = arith.addi %cnt0, %c1 : i32
%cnt = arith.divsi %cnt1, %c2 : i32
%myturn = layout.memdesc_index %turn[%c{w}] : {bar2} -> {bar1}
%otherturn = layout.memdesc_index %turn[%c{other}] : {bar2} -> {bar1}
"""
            if isinstance(w, Replica):
                tiles += f"""\
// Consumer 0 takes the first turn.
%second = arith.cmpi eq, %cw, %c1 : i32
scf.if %second {{
  layout.arrive_barrier %otherturn, 1 nosync : {bar1}
}}
"""
            elif w == 1:
                tiles += f"""\
// Consumer 0 takes the first turn.
layout.arrive_barrier %otherturn, 1 nosync : {bar1}
"""
            loop_head = "scf.for %j = %c0 to %cnt step %c1 : i32 {\n"
            tile_index = f"""\
  %j2 = arith.muli %j, %c2 : i32
  %i = arith.addi %j2, %c{w} : i32
"""
            turn_wait = f"""\
  %tph = arith.andi %j, %c1 : i32
  layout.wait_barrier %myturn, %tph : {bar1}
"""
            turn_pass = f"""\
  // The tile's last wgmmas are issued: the other consumer's turn, once
  // all four warps are here (a one-thread arrival could let a lagging
  // warp of this consumer still be waiting for this tile's turn when the
  // other consumer hands it back, two phases on: parity aliasing).
  layout.arrive_barrier %otherturn, 1 : {bar1}
"""
            a_slot = "%s"
            row_off = ""
        else:
            tiles = ""
            loop_head = "scf.for %i = %c0 to %mine step %c1 : i32 {\n"
            tile_index = ""
            turn_wait = ""
            turn_pass = ""
            a_slot = None
            row_off = f"""\
  %erow = arith.addi %erow0, %c{64 * w} : i32
"""
        erow = "%erow" if mode == "coop" else "%erow0"
        if not sub:
            mysc = f"%mysc = layout.memdesc_index %sc[%c{w}] : {sc} -> {mc}\n"
            epilogue = f"""\
  // The previous TMA store from my C buffer has read it.
  layout.async_tma_store_wait {{pendings = 0 : i32}}
  layout.local_store %o, %mysc : {acct} -> {mc}
  layout.async_tma_copy_local_to_global %dc[{erow}, %ecol] %mysc : {dc}, {mc}
"""
        else:
            # The 64 x 256 half as four 64 x 64 pieces (column bits 6 and 7
            # are register bits of the accumulator layout: relabelings, no
            # data moves), stored through my two buffers in turn: before
            # piece j, the store of piece j - 2 (this tile's or the previous
            # one's) has read the buffer.
            mysc = ""
            p4 = f"tensor<{bm}x4x64x{T}, #sub3a>"
            p4t = f"tensor<{bm}x64x4x{T}, #sub3b>"
            p22 = f"tensor<{bm}x64x2x2x{T}, #sub4>"
            p2 = f"tensor<{bm}x64x2x{T}, #sub3c>"
            p1 = f"tensor<{bm}x64x{T}, #sub2>"
            epilogue = f"""\
  %o4 = tile.reshape %o : {acct} -> {p4}
  %o4t = tile.trans %o4, [0, 2, 1] : {p4} -> {p4t}
  %o22 = tile.reshape %o4t : {p4t} -> {p22}
  %oe, %oo = tile.split %o22 : {p22} -> {p2}
  %piece0, %piece2 = tile.split %oe : {p2} -> {p1}
  %piece1, %piece3 = tile.split %oo : {p2} -> {p1}
"""
            for j in range(4):
                epilogue += f"""\
  %cb{j} = layout.memdesc_index %sc[%c{2 * w + j % 2}] : {sc} -> {mc}
  %ecol{j} = arith.addi %ecol, %c{64 * j} : i32
  layout.async_tma_store_wait {{pendings = 1 : i32}}
  layout.local_store %piece{j}, %cb{j} : {p1} -> {mc}
  layout.async_tma_copy_local_to_global %dc[{erow}, %ecol{j}] %cb{j} : {dc}, {mc}
"""
        if mode == "coop" and not stepdiv:
            return f"""\
// Consumer {w}.
{mysc}%zero = arith.constant dense<0.0> : {acc}
// The ring position of my next k-step, carried from tile to tile: slot %s0
// and the parity %ph0 of its full barrier's phase.
%ring:2 = scf.for %i = %c0 to %mine step %c1 iter_args(%s0 = %c0, %ph0 = %c0)
    -> (i32, i32) : i32 {{
  // k-step 0: no earlier step of this tile to release.
  %f0 = layout.memdesc_index %full[%s0] : {bars} -> {bar1}
  layout.wait_barrier %f0, %ph0 : {bar1}
{slot_dot(w, "0", "%zero", 2)}  %first = tile.dot_wait %d0 {{pendings = 1 : i32}} : {acc}
{advance("%s0", "%ph0", "x", 2)}  %acc:4 = scf.for %kt = %c1 to %ktiles step %c1
      iter_args(%sum = %first, %s = %sx, %ph = %phx, %prev = %s0) -> ({acc}, i32, i32, i32) : i32 {{
    %f = layout.memdesc_index %full[%s] : {bars} -> {bar1}
    layout.wait_barrier %f, %ph : {bar1}
{slot_dot(w, "", "%sum", 4)}    %next = tile.dot_wait %d {{pendings = 1 : i32}} : {acc}
    // The previous k-step's wgmmas are done: release its slot.
{release("%prev", "", 4)}{advance("%s", "%ph", "y", 4)}    scf.yield %next, %sy, %phy, %s : {acc}, i32, i32, i32
  }}
  %done = tile.dot_wait %acc#0 {{pendings = 0 : i32}} : {acc}
  // Release the slot of the tile's last k-step.
{release("%acc#3", "l", 2)}  %o = arith.truncf %done : {acc} to {acct}
{indent(coords("e", "%i"), 2).replace("%erow =", "%erow0 =")}{row_off}{epilogue}  scf.yield %acc#1, %acc#2 : i32, i32
}}
layout.async_tma_store_wait {{pendings = 0 : i32}}
{cluster_exit}"""
        return f"""\
// Consumer {w}.
{tiles}{mysc}%zero = arith.constant dense<0.0> : {acc}
{loop_head}{tile_index}  %gbase = arith.muli %i, %ktiles : i32
{turn_wait}  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero) -> ({acc}) : i32 {{
    %g = arith.addi %gbase, %kt : i32
{wait_full("%g", "", 4)}{slot_dot(w, "", "%sum", 4, a_slot)}    %next = tile.dot_wait %d {{pendings = 1 : i32}} : {acc}
    // Step g - 1's wgmmas are done: release its slot.
    %started = arith.cmpi sgt, %kt, %c0 : i32
    scf.if %started {{
      %gp = arith.subi %g, %c1 : i32
      %ps = arith.remsi %gp, %cS : i32
      %e = layout.memdesc_index %empty[%ps] : {bars} -> {bar1}
      layout.arrive_barrier %e, 1 nosync : {bar1}
{peer_release("%e", 6)}    }}
    scf.yield %next : {acc}
  }}
{turn_pass}  %done = tile.dot_wait %acc {{pendings = 0 : i32}} : {acc}
{release_last()}  %o = arith.truncf %done : {acc} to {acct}
{indent(coords("e", "%i"), 2).replace("%erow =", "%erow0 =")}{row_off}{epilogue}}}
layout.async_tma_store_wait {{pendings = 0 : i32}}
{cluster_exit}"""

    def consumer_ov(w):
        """coop (flag ov) with the epilogue of tile i - 1 after issuing tile i's first
        k-step: its wgmmas run while the consumer stores the previous tile."""

        def store(value, row, col):
            return f"""\
layout.async_tma_store_wait {{pendings = 0 : i32}}
layout.local_store {value}, %mysc : {acct} -> {mc}
layout.async_tma_copy_local_to_global %dc[{row}, {col}] %mysc : {dc}, {mc}
"""
        return f"""\
// Consumer {w}.
%mysc = layout.memdesc_index %sc[%c{w}] : {sc} -> {mc}
%zero = arith.constant dense<0.0> : {acc}
%zo = arith.constant dense<0.0> : {acct}
// Carried from tile to tile: the previous tile's result, converted, and
// where it goes; stored after this tile's first wgmmas are issued.
%last:3 = scf.for %i = %c0 to %mine step %c1 iter_args(%po = %zo, %prow = %c0, %pcol = %c0)
    -> ({acct}, i32, i32) : i32 {{
  %gbase = arith.muli %i, %ktiles : i32
  // k-step 0.
{wait_full("%gbase", "0", 2)}{slot_dot(w, "0", "%zero", 2)}  %first = tile.dot_wait %d0 {{pendings = 1 : i32}} : {acc}
  // Tile i - 1's epilogue, while those wgmmas run.
  %after = arith.cmpi sgt, %i, %c0 : i32
  scf.if %after {{
{indent(store("%po", "%prow", "%pcol"), 4)}  }}
  // k-steps 1 ..
  %acc = scf.for %kt = %c1 to %ktiles step %c1 iter_args(%sum = %first) -> ({acc}) : i32 {{
    %g = arith.addi %gbase, %kt : i32
{wait_full("%g", "", 4)}{slot_dot(w, "", "%sum", 4)}    %next = tile.dot_wait %d {{pendings = 1 : i32}} : {acc}
    // Step g - 1's wgmmas are done: release its slot.
    %gp = arith.subi %g, %c1 : i32
    %ps = arith.remsi %gp, %cS : i32
    %e = layout.memdesc_index %empty[%ps] : {bars} -> {bar1}
    layout.arrive_barrier %e, 1 nosync : {bar1}
    scf.yield %next : {acc}
  }}
  %done = tile.dot_wait %acc {{pendings = 0 : i32}} : {acc}
{release_last()}  %o = arith.truncf %done : {acc} to {acct}
{indent(coords("e", "%i"), 2).replace("%erow =", "%erow0 =")}  %erow = arith.addi %erow0, %c{64 * w} : i32
  scf.yield %o, %erow, %ecol : {acct}, i32, i32
}}
// The last tile's epilogue.
%any = arith.cmpi sgt, %mine, %c0 : i32
scf.if %any {{
{indent(store("%last#0", "%last#1", "%last#2"), 2)}}}
layout.async_tma_store_wait {{pendings = 0 : i32}}
"""

    if ov:
        consumer = consumer_ov
    if cluster:
        loads = f"""\
    // My half of A, into the slot of both programs of the cluster.
    %s2 = arith.muli %s, %c2 : i32
    %sar = arith.addi %s2, %rank : i32
    %ta = layout.memdesc_index %sa[%sar] : {sa} -> {ma}
    %arow = arith.addi %lrow, %rrow : i32
    layout.async_tma_copy_global_to_local %da[%arow, %kk] %ta, %f multicast %c3 : {da}, {ma}, {bar1}
"""
    elif mode == "pp":
        loads = f"""\
    %ta = layout.memdesc_index %sa[%s] : {sa} -> {ma}
    layout.async_tma_copy_global_to_local %da[%lrow, %kk] %ta, %f : {da}, {ma}, {bar1}
"""
    else:
        loads = f"""\
    %s2 = arith.muli %s, %c2 : i32
    %ta0 = layout.memdesc_index %sa[%s2] : {sa} -> {ma}
    layout.async_tma_copy_global_to_local %da[%lrow, %kk] %ta0, %f : {da}, {ma}, {bar1}
    %s21 = arith.addi %s2, %c1 : i32
    %ta1 = layout.memdesc_index %sa[%s21] : {sa} -> {ma}
    %lrow1 = arith.addi %lrow, %c64 : i32
    layout.async_tma_copy_global_to_local %da[%lrow1, %kk] %ta1, %f : {da}, {ma}, {bar1}
"""
    if stepdiv:
        producer = f"""\
// Producer: TMA only, tile after tile, k-step after k-step.
scf.for %i = %c0 to %mine step %c1 : i32 {{
{indent(coords("l", "%i"), 2)}  %gbase = arith.muli %i, %ktiles : i32
  scf.for %kt = %c0 to %ktiles step %c1 : i32 {{
    %g = arith.addi %gbase, %kt : i32
    %s = arith.remsi %g, %cS : i32
    %round = arith.divsi %g, %cS : i32
    %odd = arith.andi %round, %c1 : i32
    %phase = arith.xori %odd, %c1 : i32
    %e = layout.memdesc_index %empty[%s] : {bars} -> {bar1}
    layout.wait_barrier %e, %phase : {bar1}
    %f = layout.memdesc_index %full[%s] : {bars} -> {bar1}
    %kk = arith.muli %kt, %c64 : i32
    layout.barrier_expect %f, {txbytes} : {bar1}
{loads}    %tb = layout.memdesc_index %sb[%s] : {sb} -> {mb}
    layout.async_tma_copy_global_to_local %db[%kk, %lcol] %tb, %f : {db}, {mb}, {bar1}
  }}
}}
"""
    else:
        producer = f"""\
// Producer: TMA only, tile after tile, k-step after k-step; slot %s and
// the parity %ph of its full barrier carried from step to step (empty[s]
// is waited with the other parity: the first round passes at once).
%ring:2 = scf.for %i = %c0 to %mine step %c1 iter_args(%s0 = %c0, %ph0 = %c0)
    -> (i32, i32) : i32 {{
{indent(coords("l", "%i"), 2)}  %r:2 = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%s = %s0, %ph = %ph0)
      -> (i32, i32) : i32 {{
    %phase = arith.xori %ph, %c1 : i32
    %e = layout.memdesc_index %empty[%s] : {bars} -> {bar1}
    layout.wait_barrier %e, %phase : {bar1}
    %f = layout.memdesc_index %full[%s] : {bars} -> {bar1}
    %kk = arith.muli %kt, %c64 : i32
    layout.barrier_expect %f, {txbytes} : {bar1}
{loads}    %tb = layout.memdesc_index %sb[%s] : {sb} -> {mb}
    layout.async_tma_copy_global_to_local %db[%kk, %lcol] %tb, %f : {db}, {mb}, {bar1}
{advance("%s", "%ph", "y", 4)}    scf.yield %sy, %phy : i32, i32
  }}
  scf.yield %r#0, %r#1 : i32, i32
}}
"""
    if not allwarps:
        # The program-level ops above are issued by the partition's first
        # thread: warps 1-3 would only step through the same loop.
        producer = f"""\
// Only warp 0 of the partition runs the producer (its first thread issues
// the TMA and mbarrier ops); warps 1-3 go straight to the end.
%pwarp = tile.warp_id : i32
%plead = arith.cmpi eq, %pwarp, %c0 : i32
scf.if %plead {{
{indent(producer, 2)}}}
"""
    producer += cluster_exit
    turn_alloc = f"  %turn = layout.local_alloc : {bar2}\n" if mode == "pp" else ""
    if cluster:
        kattrs = "num_warps = 4 : i32, cluster_dims = array<i32: 2, 1, 1>"
        grid_ids = """\
  // The cluster's index among the clusters, and this program's rank in it.
  %pid = tile.cluster_id x : i32
  %np = tile.num_clusters x : i32
  %rank = tile.cluster_cta_rank : i32
"""
        cluster_consts = """\
  %c3 = arith.constant 3 : i32
  %peer = arith.xori %rank, %c1 : i32
  %rrow = arith.muli %rank, %c64 : i32
"""
        pair_consts = f"""\
  %cpair = arith.constant {2 * bn} : i32
  %cpair1 = arith.constant {2 * bn - 1} : i32
  %rcol = arith.muli %rank, %cbn : i32
"""
        cluster_init = """\
  // Both programs' barriers are initialized (and the init fenced at
  // cluster scope) before either multicasts or arrives into the other.
  tile.cluster_arrive
  tile.cluster_wait
"""
        tile_cols = """\
  // Tile columns in pairs: a cluster computes the two tiles of a pair.
  %tn0 = arith.addi %n, %cpair1 : i32
  %tn = arith.divsi %tn0, %cpair : i32
"""
        tiles_comment = f"""\
  // Tiles: tm x tn pairs of tiles in groups of {gm} tile rows; this cluster
  // (pid of np) takes pairs pid, pid + np, ...: mine of them, ktiles k-steps
  // each; this program the tile of rank r in each pair.
"""
    else:
        tiles_comment = f"""\
  // Tiles: tm x tn in groups of {gm} tile rows; this program takes tiles
  // pid, pid + np, ...: mine of them, ktiles k-steps each.
"""
        kattrs = "num_warps = 4 : i32"
        grid_ids = """\
  %pid = tile.program_id x : i32
  %np = tile.num_programs x : i32
"""
        cluster_consts = pair_consts = cluster_init = ""
        tile_cols = """\
  %tn0 = arith.addi %n, %cbn1 : i32
  %tn = arith.divsi %tn0, %cbn : i32
"""
    turn_init = f"""\
  scf.for %w = %c0 to %c2 step %c1 : i32 {{
    %t = layout.memdesc_index %turn[%w] : {bar2} -> {bar1}
    layout.init_barrier %t, 1 : {bar1}
  }}
""" if mode == "pp" else ""
    extra_consts = ("  %c3 = arith.constant 3 : i32\n  %c128 = arith.constant 128 : i32\n"
                    "  %c192 = arith.constant 192 : i32\n") if sub else ""
    if replicated:
        partitions = f"""\
  tile.warp_specialize default regs({pregs}) {{
{indent(producer, 4)}  }} partition warps(4) replicas(2) regs({regs}) {{
{indent(REPLICA_IDS + consumer(Replica()), 4)}  }}"""
    else:
        partitions = f"""\
  tile.warp_specialize default regs({regs}) {{
{indent(consumer(0), 4)}  }} partition warps(4) regs({regs}) {{
{indent(consumer(1), 4)}  }} partition warps(4) regs({pregs}) {{
{indent(producer, 4)}  }}"""
    what = (f"ping-pong, {bm}x{bn} tiles a consumer" if mode == "pp"
            else f"cooperative, 128x{bn} tiles in 64-row halves")
    if cluster:
        what += ", 2-program clusters sharing A by multicast"
    head = (f"// {name}: {what};\n// {slots}-slot ring ({slots} x {txbytes // 1024} KiB"
            f" + {cbytes // 1024} KiB C buffers = {smem // 1024} KiB), groups of {gm}"
            f" tile rows.\n") if comment else ""
    return f"""\
{head}tile.kernel @{name}(%a: !tile.ptr<{T}> {{tile.divisibility = 16 : i64}},
    %b: !tile.ptr<{T}> {{tile.divisibility = 16 : i64}},
    %c: !tile.ptr<{T}> {{tile.divisibility = 16 : i64}},
    %m: i32, %n: i32, %k: i32, %sam: i32, %sbk: i32, %scm: i32)
    attributes {{{kattrs}}} {{
{grid_ids}  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c64 = arith.constant 64 : i32
{extra_consts}{cluster_consts}  %c63 = arith.constant 63 : i32
  %cS = arith.constant {slots} : i32
  %cbm = arith.constant {tm_rows} : i32
  %cbm1 = arith.constant {tm_rows - 1} : i32
  %cbn = arith.constant {bn} : i32
  %cbn1 = arith.constant {bn - 1} : i32
{pair_consts}  %cgm = arith.constant {gm} : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1]
        : !tile.ptr<{T}> -> !tile.view<?x?x{T}>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1]
        : !tile.ptr<{T}> -> !tile.view<?x?x{T}>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1]
        : !tile.ptr<{T}> -> !tile.view<?x?x{T}>
  %da = tile.make_tensor_desc %va : !tile.view<?x?x{T}> -> {da}
  %db = tile.make_tensor_desc %vb : !tile.view<?x?x{T}> -> {db}
  %dc = tile.make_tensor_desc %vc : !tile.view<?x?x{T}> -> {dc}
  %sa = layout.local_alloc : {sa}
  %sb = layout.local_alloc : {sb}
  %sc = layout.local_alloc : {sc}
  %full = layout.local_alloc : {bars}
  %empty = layout.local_alloc : {bars}
{turn_alloc}  scf.for %s = %c0 to %cS step %c1 : i32 {{
    %f = layout.memdesc_index %full[%s] : {bars} -> {bar1}
    layout.init_barrier %f, 1 : {bar1}
    %e = layout.memdesc_index %empty[%s] : {bars} -> {bar1}
    layout.init_barrier %e, {ecount} : {bar1}
  }}
{turn_init}{cluster_init}
{tiles_comment}  %tm0 = arith.addi %m, %cbm1 : i32
  %tm = arith.divsi %tm0, %cbm : i32
{tile_cols}  %ntiles = arith.muli %tm, %tn : i32
  %ingroup = arith.muli %tn, %cgm : i32
  %kt0 = arith.addi %k, %c63 : i32
  %ktiles = arith.divsi %kt0, %c64 : i32
  %my0 = arith.subi %ntiles, %pid : i32
  %my1 = arith.addi %my0, %np : i32
  %my2 = arith.subi %my1, %c1 : i32
  %mine = arith.divsi %my2, %np : i32

{partitions}
  tile.return
}}
"""


# The layouts of the sub-tiled epilogue's relabelings of a 64 x 256
# accumulator (#mma256 on 4 warps): column bit 6 + i is register bit 5 + i.
SUB_LAYOUTS = """\
#sub3a = #layout.linear<register = [[0, 0, 1], [8, 0, 0], [0, 0, 8], [0, 0, 16], [0, 0, 32], [0, 1, 0], [0, 2, 0]], lane = [[0, 0, 2], [0, 0, 4], [1, 0, 0], [2, 0, 0], [4, 0, 0]], warp = [[16, 0, 0], [32, 0, 0]]>
#sub3b = #layout.linear<register = [[0, 1, 0], [8, 0, 0], [0, 8, 0], [0, 16, 0], [0, 32, 0], [0, 0, 1], [0, 0, 2]], lane = [[0, 2, 0], [0, 4, 0], [1, 0, 0], [2, 0, 0], [4, 0, 0]], warp = [[16, 0, 0], [32, 0, 0]]>
#sub4 = #layout.linear<register = [[0, 1, 0, 0], [8, 0, 0, 0], [0, 8, 0, 0], [0, 16, 0, 0], [0, 32, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]], lane = [[0, 2, 0, 0], [0, 4, 0, 0], [1, 0, 0, 0], [2, 0, 0, 0], [4, 0, 0, 0]], warp = [[16, 0, 0, 0], [32, 0, 0, 0]]>
#sub3c = #layout.linear<register = [[0, 1, 0], [8, 0, 0], [0, 8, 0], [0, 16, 0], [0, 32, 0], [0, 0, 1]], lane = [[0, 2, 0], [0, 4, 0], [1, 0, 0], [2, 0, 0], [4, 0, 0]], warp = [[16, 0, 0], [32, 0, 0]]>
#sub2 = #layout.linear<register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]]>
"""


def attrs(bns, sub):
    out = ""
    for bn in sorted(set(bns)):
        out += (f"#mma{bn} = #layout.nvmma<versionMajor = 3, versionMinor = 0, "
                f"warpsPerCTA = [4, 1], instrShape = [16, {bn}, 16]>\n")
    out += ("#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, "
            "elementBitWidth = 16>\n")
    out += "#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>\n"
    if sub:
        out += SUB_LAYOUTS
    return out


# The checked-in kernels: (name, mode, bm, bn, slots, group, dtype, flags).
DEFAULT = {
    "coop": [
        ("matmul_ws_coop", "coop", 64, 256, 3, 16, "f16", ()),
        ("matmul_ws_coop_bf16", "coop", 64, 256, 3, 16, "bf16", ()),
    ],
    "cluster": [
        ("matmul_ws_cluster", "cluster", 64, 256, 3, 16, "f16", ()),
        ("matmul_ws_cluster_bf16", "cluster", 64, 256, 3, 16, "bf16", ()),
    ],
}


def main(argv):
    configs = None
    if len(argv) >= 3 and argv[1] == "--config":
        configs = []
        for item in argv[2].split(";"):
            f = item.split(",")
            mode, bm, bn, s, g = f[0], int(f[1]), int(f[2]), int(f[3]), int(f[4])
            dtype = f[5] if len(f) > 5 else "f16"
            flags = tuple(f[6:])
            assert all(x in ("sub", "ov", "allwarps", "stepdiv", "sep") for x in flags), flags
            name = kname(mode, bm, bn, s, g, dtype, flags)
            configs.append((name, mode, bm, bn, s, g, dtype, flags))
        argv = [argv[0]] + argv[3:]
    if configs:
        if len(argv) != 2:
            print(__doc__, file=sys.stderr)
            return 2
        ks = configs
        text = ("// Generated by utils/gen_matmul_ws.py --config; tuning variants.\n//\n"
                + COMMON)
    else:
        if len(argv) != 3 or argv[1] not in DEFAULT:
            print(__doc__, file=sys.stderr)
            return 2
        ks = DEFAULT[argv[1]]
        text = HEADERS[argv[1]]
        argv = [argv[0], argv[2]]
    text += "\n" + attrs([k[3] for k in ks], any("sub" in k[7] for k in ks))
    for name, mode, bm, bn, s, g, dtype, flags in ks:
        text += "\n" + kernel(name, mode, bm, bn, s, g, dtype, "sub" in flags, "ov" in flags,
                               allwarps="allwarps" in flags, stepdiv="stepdiv" in flags,
                               replicated="sep" not in flags)
    with open(argv[1], "w") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
