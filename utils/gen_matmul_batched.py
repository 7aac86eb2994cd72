"""Writes examples/matmul_batched_persistent.mlir, the persistent batched
GEMMs on 3-D TMA and wgmma (@matmul_batched_persistent, f16, and
@matmul_batched_persistent_bf16), from one template:

    python3 utils/gen_matmul_batched.py examples/matmul_batched_persistent.mlir

test/tile-compile/matmul-batched-generated.test checks that the checked-in
file is what this script writes and pins the descriptors and copies.
`--config DTYPE,BM,BN,BK,SLOTS,GROUP` writes one kernel with other tile
sizes, ring depth or group height (for tuning; not checked in), named
@matmul_batched_persistent[_bf16]_BMxBNxBK_sSLOTS_gGROUP.
"""
import sys

HEADER = """// Persistent batched GEMMs on Hopper: C[z] = A[z] * B[z] for z < batch, A
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
"""


class Config:
    def __init__(self, dtype="f16", bm=128, bn=256, bk=64, slots=3, group=16, suffix=""):
        self.dtype, self.bm, self.bn, self.bk = dtype, bm, bn, bk
        self.slots, self.group, self.suffix = slots, group, suffix

    @property
    def name(self):
        return "matmul_batched_persistent" + ("" if self.dtype == "f16" else "_" + self.dtype) + self.suffix


def decode(p, tile, o):
    """The ops that turn tile number `tile` (an SSA name) into (z, row, col):
    %{p}z, %{p}row, %{p}col."""
    return f"""{o}%{p}_t = arith.minsi {tile}, %lasttile : i32
{o}%{p}z = arith.divsi %{p}_t, %permat : i32
{o}%{p}_i = arith.remsi %{p}_t, %permat : i32
{o}%{p}_grp = arith.divsi %{p}_i, %ingroup : i32
{o}%{p}_first = arith.muli %{p}_grp, %cgm : i32
{o}%{p}_left = arith.subi %tm, %{p}_first : i32
{o}%{p}_gm = arith.minsi %{p}_left, %cgm : i32
{o}%{p}_r = arith.remsi %{p}_i, %ingroup : i32
{o}%{p}_rm = arith.remsi %{p}_r, %{p}_gm : i32
{o}%{p}_pm = arith.addi %{p}_first, %{p}_rm : i32
{o}%{p}_pn = arith.divsi %{p}_r, %{p}_gm : i32
{o}%{p}row = arith.muli %{p}_pm, %cbm : i32
{o}%{p}col = arith.muli %{p}_pn, %cbn : i32
"""


def kernel(c):
    t = c.dtype
    bm, bn, bk, s = c.bm, c.bn, c.bk, c.slots
    wn = bn if bn <= 256 else 256
    assert bm == 128 and bn in (128, 256) and bk == 64
    nv = "#nv"
    da = f"!layout.tensordesc<1x{bm}x{bk}x{t}, {nv}>"
    db = f"!layout.tensordesc<1x{bk}x{bn}x{t}, {nv}>"
    dc = f"!layout.tensordesc<1x{bm}x{bn}x{t}, {nv}>"
    ma = f"!layout.memdesc<{bm}x{bk}x{t}, {nv}>"
    mb = f"!layout.memdesc<{bk}x{bn}x{t}, {nv}>"
    mc = f"!layout.memdesc<{bm}x{bn}x{t}, {nv}>"
    sa = f"!layout.memdesc<{s}x{bm}x{bk}x{t}, {nv}>"
    sb = f"!layout.memdesc<{s}x{bk}x{bn}x{t}, {nv}>"
    bars = f"!layout.memdesc<{s}x1xi64, #bl>"
    bar = "!layout.memdesc<1xi64, #bl>"
    acc = f"tensor<{bm}x{bn}xf32, #mma{wn}>"
    out = f"tensor<{bm}x{bn}x{t}, #mma{wn}>"
    tx = (bm * bk + bk * bn) * 2
    v3 = f"!tile.view<?x?x?x{t}>"
    pt = f"!tile.ptr<{t}>"

    def issue(p, slot, kt, z, row, col, o):
        return f"""{o}%{p}bar = layout.memdesc_index %bars[{slot}] : {bars} -> {bar}
{o}%{p}ta = layout.memdesc_index %sa[{slot}] : {sa} -> {ma}
{o}%{p}tb = layout.memdesc_index %sb[{slot}] : {sb} -> {mb}
{o}%{p}kk = arith.muli {kt}, %cbk : i32
{o}layout.barrier_expect %{p}bar, {tx} : {bar}
{o}layout.async_tma_copy_global_to_local %da[{z}, {row}, %{p}kk] %{p}ta, %{p}bar
{o}    : {da}, {ma}, {bar}
{o}layout.async_tma_copy_global_to_local %db[{z}, %{p}kk, {col}] %{p}tb, %{p}bar
{o}    : {db}, {mb}, {bar}
"""

    def advance(p, kt, tl, z, row, col, o):
        """The load side's next (k-step, tile, z, row, col)."""
        return f"""{o}%{p}kt1 = arith.addi {kt}, %c1 : i32
{o}%{p}wrap = arith.cmpi eq, %{p}kt1, %ktiles : i32
{o}%{p}st:5 = scf.if %{p}wrap -> (i32, i32, i32, i32, i32) {{
{o}  %{p}tl1 = arith.addi {tl}, %c1 : i32
{o}  %{p}tid0 = arith.muli %{p}tl1, %np : i32
{o}  %{p}tid = arith.addi %pid, %{p}tid0 : i32
{decode(p + "n", "%" + p + "tid", o + "  ")}{o}  scf.yield %c0, %{p}tl1, %{p}nz, %{p}nrow, %{p}ncol : i32, i32, i32, i32, i32
{o}}} else {{
{o}  scf.yield %{p}kt1, {tl}, {z}, {row}, {col} : i32, i32, i32, i32, i32
{o}}}
"""

    i5 = "i32, i32, i32, i32, i32"
    return f"""
tile.kernel @{c.name}(%a: {pt} {{tile.divisibility = 16 : i64}},
    %b: {pt} {{tile.divisibility = 16 : i64}},
    %c: {pt} {{tile.divisibility = 16 : i64}},
    %batch: i32, %m: i32, %n: i32, %k: i32, %sab: i32, %sam: i32,
    %sbb: i32, %sbk: i32, %scb: i32, %scm: i32)
    attributes {{num_warps = 8 : i32}} {{
  %pid = tile.program_id x : i32
  %np = tile.num_programs x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cS = arith.constant {s} : i32
  %cbm = arith.constant {bm} : i32
  %cbn = arith.constant {bn} : i32
  %cbk = arith.constant {bk} : i32
  %cgm = arith.constant {c.group} : i32
  %cbm1 = arith.constant {bm - 1} : i32
  %cbn1 = arith.constant {bn - 1} : i32
  %cbk1 = arith.constant {bk - 1} : i32
  %cS1 = arith.constant {s - 1} : i32
  %va = tile.make_view %a, shape [%batch, %m, %k], strides [%sab, %sam, 1]
        : {pt} -> {v3}
  %vb = tile.make_view %b, shape [%batch, %k, %n], strides [%sbb, %sbk, 1]
        : {pt} -> {v3}
  %vc = tile.make_view %c, shape [%batch, %m, %n], strides [%scb, %scm, 1]
        : {pt} -> {v3}
  %da = tile.make_tensor_desc %va : {v3} -> {da}
  %db = tile.make_tensor_desc %vb : {v3} -> {db}
  %dc = tile.make_tensor_desc %vc : {v3} -> {dc}
  %sa = layout.local_alloc : {sa}
  %sb = layout.local_alloc : {sb}
  %sc = layout.local_alloc : {mc}
  %bars = layout.local_alloc : {bars}
  scf.for %i = %c0 to %cS step %c1 : i32 {{
    %ib = layout.memdesc_index %bars[%i] : {bars} -> {bar}
    layout.init_barrier %ib, 1 : {bar}
  }}

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
{decode("p0", "%pid", "  ")}  %pro:5 = scf.for %g = %c0 to %cS1 step %c1
      iter_args(%kt = %c0, %tl = %c0, %z = %p0z, %row = %p0row, %col = %p0col)
      -> ({i5}) : i32 {{
    %exists = arith.cmpi slt, %g, %total : i32
    %st:5 = scf.if %exists -> ({i5}) {{
      %ls = arith.remsi %g, %cS : i32
{issue("l", "%ls", "%kt", "%z", "%row", "%col", "      ")}{advance("a", "%kt", "%tl", "%z", "%row", "%col", "      ")}      scf.yield %ast#0, %ast#1, %ast#2, %ast#3, %ast#4 : {i5}
    }} else {{
      scf.yield %kt, %tl, %z, %row, %col : {i5}
    }}
    scf.yield %st#0, %st#1, %st#2, %st#3, %st#4 : {i5}
  }}

  %zero = arith.constant dense<0.0> : {acc}
  %res:5 = scf.for %t = %c0 to %mine step %c1
      iter_args(%okt = %pro#0, %otl = %pro#1, %oz = %pro#2, %orow = %pro#3, %ocol = %pro#4)
      -> ({i5}) : i32 {{
    %gbase = arith.muli %t, %ktiles : i32
    %in:6 = scf.for %kt = %c0 to %ktiles step %c1
        iter_args(%sum = %zero, %lkt = %okt, %ltl = %otl, %lz = %oz, %lrow = %orow, %lcol = %ocol)
        -> ({acc}, {i5}) : i32 {{
      %g = arith.addi %gbase, %kt : i32
      %s = arith.remsi %g, %cS : i32
      %round = arith.divsi %g, %cS : i32
      %phase = arith.andi %round, %c1 : i32
      %bar = layout.memdesc_index %bars[%s] : {bars} -> {bar}
      layout.wait_barrier %bar, %phase : {bar}
      %ta = layout.memdesc_index %sa[%s] : {sa} -> {ma}
      %tb = layout.memdesc_index %sb[%s] : {sb} -> {mb}
      %d = tile.dot %ta, %tb, %sum async : {ma}, {mb} -> {acc}
      %next = tile.dot_wait %d {{pendings = 1 : i32}} : {acc}
      // Refill the slot step g - 1 read with step g + S - 1 (maybe of the
      // next tile).
      %gn = arith.addi %g, %cS1 : i32
      %more = arith.cmpi slt, %gn, %total : i32
      %ld:5 = scf.if %more -> ({i5}) {{
        layout.barrier
        %rs = arith.remsi %gn, %cS : i32
{issue("r", "%rs", "%lkt", "%lz", "%lrow", "%lcol", "        ")}{advance("b", "%lkt", "%ltl", "%lz", "%lrow", "%lcol", "        ")}        scf.yield %bst#0, %bst#1, %bst#2, %bst#3, %bst#4 : {i5}
      }} else {{
        scf.yield %lkt, %ltl, %lz, %lrow, %lcol : {i5}
      }}
      scf.yield %next, %ld#0, %ld#1, %ld#2, %ld#3, %ld#4 : {acc}, {i5}
    }}
    // Epilogue through shared memory and a 3-D TMA store, waited for only
    // before the next tile's epilogue writes the buffer again.
    %done = tile.dot_wait %in#0 {{pendings = 0 : i32}} : {acc}
    %o = arith.truncf %done : {acc} to {out}
    %eid0 = arith.muli %t, %np : i32
    %eid = arith.addi %pid, %eid0 : i32
{decode("e", "%eid", "    ")}    layout.async_tma_store_wait {{pendings = 0 : i32}}
    layout.local_store %o, %sc : {out} -> {mc}
    layout.async_tma_copy_local_to_global %dc[%ez, %erow, %ecol] %sc : {dc}, {mc}
    scf.yield %in#1, %in#2, %in#3, %in#4, %in#5 : {i5}
  }}
  layout.async_tma_store_wait {{pendings = 0 : i32}}
  tile.return
}}
"""


def attrs(configs):
    widths = sorted({min(c.bn, 256) for c in configs})
    lines = [f"#mma{w} = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], "
             f"instrShape = [16, {w}, 16]>" for w in widths]
    lines += ["#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, "
              "elementBitWidth = 16>",
              "#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>"]
    return "\n".join(lines) + "\n"


def main(argv):
    args = list(argv)
    configs = [Config("f16"), Config("bf16")]
    if "--config" in args:
        i = args.index("--config")
        configs = []
        for spec in args[i + 1].split(";"):
            dtype, bm, bn, bk, slots, group = spec.split(",")
            bm, bn, bk, slots, group = int(bm), int(bn), int(bk), int(slots), int(group)
            configs.append(Config(dtype, bm, bn, bk, slots, group,
                                  f"_{bm}x{bn}x{bk}_s{slots}_g{group}"))
        del args[i:i + 2]
    if len(args) != 1:
        sys.exit(__doc__)
    text = HEADER + "\n" + attrs(configs) + "".join(kernel(c) for c in configs)
    with open(args[0], "w") as f:
        f.write(text)


if __name__ == "__main__":
    main(sys.argv[1:])
