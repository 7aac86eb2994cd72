#!/usr/bin/env python3
"""Writes examples/matmul_fp8_persistent.mlir: persistent fp8 e4m3 GEMMs
with per-tensor scales and a bf16 result (torch._scaled_mm's contract).

    python3 test/gpu/gen_fp8_kernels.py > examples/matmul_fp8_persistent.mlir

Each kernel is examples/matmul_persistent.mlir's loop (a TMA ring carried
across the tiles of a persistent program, grouped tile order, asynchronous
wgmma, a TMA-store epilogue) for 8-bit inputs: B is given as N x K with K
contiguous (K-major, torch._scaled_mm's `b.t()` of a row-major N x K
tensor), the only order in which wgmma reads 8-bit operands, so the B slots
are N x K buffers and the dot reads them through layout.memdesc_trans; a
k-step is 128 deep (128 bytes: one 128-byte swizzle row, and the same bytes
per slot as the 16-bit kernels' 64). The family differs in the tile width
BN, the number of ring slots S, the k-step depth BK (128, or 64 with a
64-byte swizzle) and the epilogue (a TMA store through a bf16 C buffer, or
masked stores from registers); shared memory: S x (128 + BN) x BK bytes +
128 x BN x 2 bytes for the C buffer. bench/RESULTS.md compares them;
matmul_fp8_persistent (128x256, 3 slots, TMA store) is the fastest.
"""

import sys

# (kernel name, BN, slots, BK[, TMA-store epilogue])
KERNELS = [
    ("matmul_fp8_persistent", 256, 3, 128),
    ("matmul_fp8_persistent_128", 128, 5, 128),
    ("matmul_fp8_persistent_128_s6", 128, 6, 128),
    # 64-deep k-steps (64-byte swizzle): twice the slots in the same bytes.
    ("matmul_fp8_persistent_k64", 256, 6, 64),
    # No C buffer (the epilogue stores from registers): a 4th slot fits.
    ("matmul_fp8_persistent_s4", 256, 4, 128, False),
]


def tile_coords(p, tile, out_row, out_col):
    """The grouped-order coordinates of tile number `tile` (clamped to the
    last tile; programs past the end reload it, harmlessly), as %<p>row and
    %<p>col."""
    return f"""\
  %{p}id = arith.minsi {tile}, %lasttile : i32
  %{p}grp = arith.divsi %{p}id, %ingroup : i32
  %{p}first = arith.muli %{p}grp, %cgm : i32
  %{p}left = arith.subi %tm, %{p}first : i32
  %{p}gm = arith.minsi %{p}left, %cgm : i32
  %{p}r = arith.remsi %{p}id, %ingroup : i32
  %{p}rm = arith.remsi %{p}r, %{p}gm : i32
  %{p}pm = arith.addi %{p}first, %{p}rm : i32
  %{p}pn = arith.divsi %{p}r, %{p}gm : i32
  %{out_row} = arith.muli %{p}pm, %cbm : i32
  %{out_col} = arith.muli %{p}pn, %cbn : i32
"""


def indent(text, n):
    pad = " " * n
    return "".join(pad + line if line.strip() else line for line in text.splitlines(True))


def kernel(name, bn, slots, bk, tma_store=True):
    bm = 128
    nv8 = "#nv8" if bk == 128 else "#nv8s64"
    nv8t = "#nv8t" if bk == 128 else "#nv8ts64"
    f8 = "f8E4M3FN"
    ta = f"{bm}x{bk}x{f8}"
    tb = f"{bn}x{bk}x{f8}"
    tbt = f"{bk}x{bn}x{f8}"
    acc = f"tensor<{bm}x{bn}xf32, #mma{bn}>"
    accb = f"tensor<{bm}x{bn}xbf16, #mma{bn}>"
    bars = f"!layout.memdesc<{slots}x1xi64, #bl>"
    bar1 = "!layout.memdesc<1xi64, #bl>"
    txbytes = (bm + bn) * bk
    sa = f"!layout.memdesc<{slots}x{ta}, {nv8}>"
    sb = f"!layout.memdesc<{slots}x{tb}, {nv8}>"
    da = f"!layout.tensordesc<{ta}, {nv8}>"
    db = f"!layout.tensordesc<{tb}, {nv8}>"
    dc = f"!layout.tensordesc<{bm}x{bn}xbf16, #nv16>"

    def load(p, slot, kt, row, col):
        """Issue the TMA loads of one k-step into ring slot `slot`."""
        return f"""\
%{p}bar = layout.memdesc_index %bars[{slot}] : {bars} -> {bar1}
%{p}ta = layout.memdesc_index %sa[{slot}] : {sa} -> !layout.memdesc<{ta}, {nv8}>
%{p}tb = layout.memdesc_index %sb[{slot}] : {sb} -> !layout.memdesc<{tb}, {nv8}>
%{p}kk = arith.muli {kt}, %cbk : i32
layout.barrier_expect %{p}bar, {txbytes} : {bar1}
layout.async_tma_copy_global_to_local %da[{row}, %{p}kk] %{p}ta, %{p}bar
    : {da}, !layout.memdesc<{ta}, {nv8}>, {bar1}
layout.async_tma_copy_global_to_local %db[{col}, %{p}kk] %{p}tb, %{p}bar
    : {db}, !layout.memdesc<{tb}, {nv8}>, {bar1}
"""

    def advance(p, kt, tl, row, col):
        """The load side's next (k-step, tile, row, col) as %<p>st:4."""
        coords = tile_coords(p + "n", f"%{p}nid1", p + "nrow", p + "ncol")
        return f"""\
%{p}kt1 = arith.addi {kt}, %c1 : i32
%{p}wrap = arith.cmpi eq, %{p}kt1, %ktiles : i32
%{p}st:4 = scf.if %{p}wrap -> (i32, i32, i32, i32) {{
  %{p}tl1 = arith.addi {tl}, %c1 : i32
  %{p}nid0 = arith.muli %{p}tl1, %np : i32
  %{p}nid1 = arith.addi %pid, %{p}nid0 : i32
{indent(coords, 0)}  scf.yield %c0, %{p}tl1, %{p}nrow, %{p}ncol : i32, i32, i32, i32
}} else {{
  scf.yield %{p}kt1, {tl}, {row}, {col} : i32, i32, i32, i32
}}
"""

    cbytes = bm * bn * 2 if tma_store else 0
    smem = slots * txbytes + cbytes
    if tma_store:
        c_setup = f"""\
  %dc = tile.make_tensor_desc %vc : !tile.view<?x?xbf16> -> {dc}
  %scb = layout.local_alloc : !layout.memdesc<{bm}x{bn}xbf16, #nv16>
"""
        c_store = f"""\
    layout.async_tma_store_wait {{pendings = 0 : i32}}
    layout.local_store %o, %scb : {accb} -> !layout.memdesc<{bm}x{bn}xbf16, #nv16>
    layout.async_tma_copy_local_to_global %dc[%erow, %ecol] %scb : {dc}, !layout.memdesc<{bm}x{bn}xbf16, #nv16>
"""
        c_end = "  layout.async_tma_store_wait {pendings = 0 : i32}\n"
        c_text = "store through shared memory and a TMA store, waited for only before the next tile's epilogue writes the buffer again"
    else:
        c_setup = ""
        c_store = f"""\
    tile.store_tile %o, %vc[%epm, %epn] : {accb}, !tile.view<?x?xbf16>
"""
        c_end = ""
        c_text = "store from registers (masked at M and N)"
    return f"""\
// {name}: 128x{bn} tiles, {bk}-deep k-steps, {slots}-slot ring
// ({slots} x {txbytes // 1024} KiB + {cbytes // 1024} KiB C buffer = {smem // 1024} KiB), 8 warps.
tile.kernel @{name}(%a: !tile.ptr<{f8}> {{tile.divisibility = 16 : i64}},
    %b: !tile.ptr<{f8}> {{tile.divisibility = 16 : i64}},
    %c: !tile.ptr<bf16> {{tile.divisibility = 16 : i64}},
    %scale_a: f32, %scale_b: f32,
    %m: i32, %n: i32, %k: i32, %sam: i32, %sbn: i32, %scm: i32)
    attributes {{num_warps = 8 : i32}} {{
  %pid = tile.program_id x : i32
  %np = tile.num_programs x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cS = arith.constant {slots} : i32
  %cS1 = arith.constant {slots - 1} : i32
  %cbm = arith.constant {bm} : i32
  %cbn = arith.constant {bn} : i32
  %cbk = arith.constant {bk} : i32
  %cgm = arith.constant 8 : i32
  %cbm1 = arith.constant {bm - 1} : i32
  %cbn1 = arith.constant {bn - 1} : i32
  %cbk1 = arith.constant {bk - 1} : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1]
        : !tile.ptr<{f8}> -> !tile.view<?x?x{f8}>
  %vb = tile.make_view %b, shape [%n, %k], strides [%sbn, 1]
        : !tile.ptr<{f8}> -> !tile.view<?x?x{f8}>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1]
        : !tile.ptr<bf16> -> !tile.view<?x?xbf16>
  %da = tile.make_tensor_desc %va : !tile.view<?x?x{f8}> -> {da}
  %db = tile.make_tensor_desc %vb : !tile.view<?x?x{f8}> -> {db}
{c_setup}\
  %sa = layout.local_alloc : {sa}
  %sb = layout.local_alloc : {sb}
  %bars = layout.local_alloc : {bars}
  scf.for %i = %c0 to %cS step %c1 : i32 {{
    %ib = layout.memdesc_index %bars[%i] : {bars} -> {bar1}
    layout.init_barrier %ib, 1 : {bar1}
  }}
  %s = arith.mulf %scale_a, %scale_b : f32
  %sv = tile.splat %s : f32 -> {acc}

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
{tile_coords("p0", "%pid", "p0row", "p0col")}\
  %pro:4 = scf.for %g = %c0 to %cS1 step %c1
      iter_args(%kt = %c0, %tl = %c0, %row = %p0row, %col = %p0col)
      -> (i32, i32, i32, i32) : i32 {{
    %exists = arith.cmpi slt, %g, %total : i32
    %st:4 = scf.if %exists -> (i32, i32, i32, i32) {{
      %ls = arith.remsi %g, %cS : i32
{indent(load("l", "%ls", "%kt", "%row", "%col"), 6)}\
{indent(advance("a", "%kt", "%tl", "%row", "%col"), 6)}\
      scf.yield %ast#0, %ast#1, %ast#2, %ast#3 : i32, i32, i32, i32
    }} else {{
      scf.yield %kt, %tl, %row, %col : i32, i32, i32, i32
    }}
    scf.yield %st#0, %st#1, %st#2, %st#3 : i32, i32, i32, i32
  }}

  %zero = arith.constant dense<0.0> : {acc}
  %res:4 = scf.for %t = %c0 to %mine step %c1
      iter_args(%okt = %pro#0, %otl = %pro#1, %orow = %pro#2, %ocol = %pro#3)
      -> (i32, i32, i32, i32) : i32 {{
    %gbase = arith.muli %t, %ktiles : i32
    %in:5 = scf.for %kt = %c0 to %ktiles step %c1
        iter_args(%sum = %zero, %lkt = %okt, %ltl = %otl, %lrow = %orow, %lcol = %ocol)
        -> ({acc}, i32, i32, i32, i32) : i32 {{
      %g = arith.addi %gbase, %kt : i32
      %sl = arith.remsi %g, %cS : i32
      %round = arith.divsi %g, %cS : i32
      %phase = arith.andi %round, %c1 : i32
      %bar = layout.memdesc_index %bars[%sl] : {bars} -> {bar1}
      layout.wait_barrier %bar, %phase : {bar1}
      %ta = layout.memdesc_index %sa[%sl] : {sa} -> !layout.memdesc<{ta}, {nv8}>
      %tb = layout.memdesc_index %sb[%sl] : {sb} -> !layout.memdesc<{tb}, {nv8}>
      // B is N x K in shared memory; the dot reads it as K x N (K-major).
      %tbt = layout.memdesc_trans %tb {{order = array<i32: 1, 0>}}
          : !layout.memdesc<{tb}, {nv8}> -> !layout.memdesc<{tbt}, {nv8t}>
      %d = tile.dot %ta, %tbt, %sum async : !layout.memdesc<{ta}, {nv8}>, !layout.memdesc<{tbt}, {nv8t}> -> {acc}
      %next = tile.dot_wait %d {{pendings = 1 : i32}} : {acc}
      // Refill the slot step g - 1 read with step g + S - 1 (maybe of the
      // next tile).
      %gn = arith.addi %g, %cS1 : i32
      %more = arith.cmpi slt, %gn, %total : i32
      %ld:4 = scf.if %more -> (i32, i32, i32, i32) {{
        layout.barrier
        %rs = arith.remsi %gn, %cS : i32
{indent(load("r", "%rs", "%lkt", "%lrow", "%lcol"), 8)}\
{indent(advance("b", "%lkt", "%ltl", "%lrow", "%lcol"), 8)}\
        scf.yield %bst#0, %bst#1, %bst#2, %bst#3 : i32, i32, i32, i32
      }} else {{
        scf.yield %lkt, %ltl, %lrow, %lcol : i32, i32, i32, i32
      }}
      scf.yield %next, %ld#0, %ld#1, %ld#2, %ld#3 : {acc}, i32, i32, i32, i32
    }}
    // Epilogue: scale by scale_a * scale_b, round to bf16, {c_text}.
    %done = tile.dot_wait %in#0 {{pendings = 0 : i32}} : {acc}
    %scaled = arith.mulf %done, %sv : {acc}
    %o = arith.truncf %scaled : {acc} to {accb}
    %eid0 = arith.muli %t, %np : i32
    %eid1 = arith.addi %pid, %eid0 : i32
{indent(tile_coords("e", "%eid1", "erow", "ecol"), 2)}\
{c_store}\
    scf.yield %in#1, %in#2, %in#3, %in#4 : i32, i32, i32, i32
  }}
{c_end}\
  tile.return
}}
"""


HEADER = """\
// Generated by test/gpu/gen_fp8_kernels.py; do not edit.
//
// Persistent fp8 GEMMs on Hopper, torch._scaled_mm's contract:
//
//   c[i * scm + j] = bf16(scale_a * scale_b *
//                         sum_k f32(a[i * sam + k]) * f32(b[j * sbn + k]))
//
// A is M x K and B is N x K, both f8E4M3FN with K contiguous (B is
// K-major: torch._scaled_mm(a, b_nk.t(), ...)), C is M x N bf16, row
// major; row strides (in elements) multiples of 16 bytes and 16-byte
// aligned bases, as TMA needs (the launcher refuses others); any M, N,
// K >= 1. f32 accumulation on wgmma m64nBNk32 .e4m3.e4m3, both operands
// read from 128-byte swizzled shared memory (8-bit types have no
// transposed wgmma: the B slots are N x K, read through memdesc_trans).
//
// Launch: a 1-D grid of P programs, normally min(#SMs, tiles), 8 warps
// (two warpgroups, each 64 rows of the tile); any P >= 1 is correct.
// The loop is examples/matmul_persistent.mlir's: a ring of S slots
// numbered by a step counter that runs over every (tile, k-step) of the
// program, so the loads of a program's next tile are in flight during the
// last k-steps and the epilogue of this one; grouped (8 tile rows) order;
// the TMA store of a tile is waited for before the next tile's epilogue
// writes the C buffer.

#mma256 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 32]>
#mma128 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 32]>
#nv8 = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8>
#nv8t = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8>
#nv8s64 = #layout.nvmma_shared<swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8>
#nv8ts64 = #layout.nvmma_shared<swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8>
#nv16 = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
"""


def main():
    out = [HEADER]
    for spec in KERNELS:
        out.append("\n" + kernel(*spec))
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main()
