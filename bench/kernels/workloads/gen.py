#!/usr/bin/env python3
"""Writes the workload kernels of bench/workloads.py (this directory).

Every workload is one MLIR kernel written as docs/TileLanguage.md and
docs/Tutorial.md teach, in two spellings: `<name>.mlir` with the layouts
written out (`#layout.blocked`, its slices, a `layout.convert` where the
access patterns differ), and `auto_<name>.mlir` with no layout at all (the
compiler assigns them). The two are one template: `{L}` is `, #L` or
nothing, and so on for the other layouts. Rerun after editing:

    python3 bench/kernels/workloads/gen.py
"""

import os

HERE = os.path.dirname(os.path.abspath(__file__))

BYTES = {"f32": 4, "f16": 2, "bf16": 2, "i32": 4, "i8": 1}


def vec(t):
    """Elements of `t` in 16 bytes."""
    return 16 // BYTES[t]


def blocked(spt, tpw, wpc, order):
    f = lambda v: "[" + ", ".join(str(x) for x in v) + "]"
    return (f"#layout.blocked<sizePerThread = {f(spt)}, threadsPerWarp = {f(tpw)}, "
            f"warpsPerCTA = {f(wpc)}, order = {f(order)}>")


def row_layouts(t, warps=4):
    """A row tile: 16 bytes per thread along the row, warps along it."""
    return {"L": blocked([1, vec(t)], [1, 32], [1, warps], [1, 0]),
            "R": "#layout.slice<dim = 1, parent = #L>",
            "C": "#layout.slice<dim = 0, parent = #L>"}


def flat_layouts(t, warps=4):
    return {"V": blocked([vec(t)], [32], [warps], [0])}


def ext(t, src, shape, enc, name="xf"):
    """`%name` = `%src` in f32 (no op for f32)."""
    if t == "f32":
        return "", src
    return (f"  %{name} = arith.extf %{src} : tensor<{shape}x{t}{enc}> to tensor<{shape}xf32{enc}>\n",
            name)


def trunc(t, src, shape, enc, name):
    if t == "f32":
        return "", src
    return (f"  %{name} = arith.truncf %{src} : tensor<{shape}xf32{enc}> to tensor<{shape}x{t}{enc}>\n",
            name)


def ptr(t):
    """A 16-byte aligned pointer parameter of element type `t`."""
    return f"!tile.ptr<{t}> {{tile.divisibility = 16 : i64}}"


def norm(kind, t):
    """RMSNorm / LayerNorm of a row of n <= 4096 elements, in f32; one
    program per row, weight (and bias) of the row's length."""
    N = 4096
    sh = f"1x{N}"
    L = "{L}"
    x_ext, xf = ext(t, "x", sh, L)
    w_ext, wf = ext(t, "w", sh, L, "wf")
    body = ""
    if kind == "layernorm":
        body += f"""  %s = tile.reduce sum %{xf} {{axis = 1 : i32}} : tensor<{sh}xf32{L}> -> tensor<1xf32{{R}}>
  %mean = arith.divf %s, %nv : tensor<1xf32{{R}}>
  %mean2 = tile.expand_dims %mean {{axis = 1 : i32}} : tensor<1xf32{{R}}> -> tensor<1x1xf32{L}>
  %meanb = tile.broadcast %mean2 : tensor<1x1xf32{L}> -> tensor<{sh}xf32{L}>
  %d0 = arith.subf %{xf}, %meanb : tensor<{sh}xf32{L}>
  %cols = tile.arange 0, {N} : tensor<{N}xi32{{C}}>
  %cols2 = tile.expand_dims %cols {{axis = 0 : i32}} : tensor<{N}xi32{{C}}> -> tensor<{sh}xi32{L}>
  %nb = tile.splat %n : i32 -> tensor<{sh}xi32{L}>
  %inrow = arith.cmpi slt, %cols2, %nb : tensor<{sh}xi32{L}>
  %zeros = arith.constant dense<0.0> : tensor<{sh}xf32{L}>
  %d = arith.select %inrow, %d0, %zeros : tensor<{sh}xi1{L}>, tensor<{sh}xf32{L}>
"""
        sq_src = "d"
    else:
        sq_src = xf
    body += f"""  %sq = arith.mulf %{sq_src}, %{sq_src} : tensor<{sh}xf32{L}>
  %ss = tile.reduce sum %sq {{axis = 1 : i32}} : tensor<{sh}xf32{L}> -> tensor<1xf32{{R}}>
  %ms = arith.divf %ss, %nv : tensor<1xf32{{R}}>
  %eps = arith.constant dense<1.0e-5> : tensor<1xf32{{R}}>
  %mse = arith.addf %ms, %eps : tensor<1xf32{{R}}>
  %r = math.rsqrt %mse : tensor<1xf32{{R}}>
  %r2 = tile.expand_dims %r {{axis = 1 : i32}} : tensor<1xf32{{R}}> -> tensor<1x1xf32{L}>
  %rb = tile.broadcast %r2 : tensor<1x1xf32{L}> -> tensor<{sh}xf32{L}>
  %xn = arith.mulf %{sq_src}, %rb : tensor<{sh}xf32{L}>
  %yw = arith.mulf %xn, %{wf} : tensor<{sh}xf32{L}>
"""
    y = "yw"
    params = f"%xp: {ptr(t)}, %w: {ptr(t)}, "
    loads = f"""  %w = tile.load_tile %wv[%c0, %c0] padding = zero : !tile.view<1x?x{t}> -> tensor<{sh}x{t}{L}>
"""
    views = f"  %wv = tile.make_view %wp, shape [1, %n] : !tile.ptr<{t}> -> !tile.view<1x?x{t}>\n"
    if kind == "layernorm":
        b_ext, bf = ext(t, "b", sh, L, "bf")
        params += f"%bp: {ptr(t)}, "
        views += f"  %bv = tile.make_view %bp, shape [1, %n] : !tile.ptr<{t}> -> !tile.view<1x?x{t}>\n"
        loads += f"  %b = tile.load_tile %bv[%c0, %c0] padding = zero : !tile.view<1x?x{t}> -> tensor<{sh}x{t}{L}>\n"
        w_ext += b_ext
        body += f"  %yb = arith.addf %yw, %{bf} : tensor<{sh}xf32{L}>\n"
        y = "yb"
    params = params.replace("%w:", "%wp:")
    y_tr, yo = trunc(t, y, sh, L, "yo")
    return f"""// {'RMSNorm' if kind == 'rmsnorm' else 'LayerNorm'} of the rows of an m x n {t} matrix (n <= {N}, n % 16 == 0), in f32:
// {'y = x * rsqrt(mean(x^2) + eps) * w' if kind == 'rmsnorm' else 'y = (x - mean) * rsqrt(var + eps) * w + b'}, eps = 1e-5.
// Launch: grid (m), 4 warps: one program per row.
{{HEADER}}
tile.kernel @{kind}_{t}({params}%yp: {ptr(t)},
                        %m: i32, %n: i32 {{tile.divisibility = 16 : i64}}) attributes {{num_warps = 4 : i32}} {{
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %xv = tile.make_view %xp, shape [%m, %n] : !tile.ptr<{t}> -> !tile.view<?x?x{t}>
  %yv = tile.make_view %yp, shape [%m, %n] : !tile.ptr<{t}> -> !tile.view<?x?x{t}>
{views}  %nf = arith.sitofp %n : i32 to f32
  %nv = tile.splat %nf : f32 -> tensor<1xf32{{R}}>
  %x = tile.load_tile %xv[%i, %c0] padding = zero : !tile.view<?x?x{t}> -> tensor<{sh}x{t}{L}>
{loads}{x_ext}{w_ext}{body}{y_tr}  tile.store_tile %{yo}, %yv[%i, %c0] : tensor<{sh}x{t}{L}>, !tile.view<?x?x{t}>
  tile.return
}}
""", row_layouts(t)


BLOCK = 2048


def elementwise(name, t, inputs, body_f32, doc, int_body=None):
    """y = f(inputs...) over n elements (n % 16 == 0), computed in f32 for
    floats; one program per BLOCK elements."""
    V = "{V}"
    sh = f"{BLOCK}"
    params = "".join(f"%{a}p: {ptr(t)}, " for a in inputs)
    views = "".join(
        f"  %{a}v = tile.make_view %{a}p, shape [%n] : !tile.ptr<{t}> -> !tile.view<?x{t}>\n"
        for a in inputs)
    loads = "".join(
        f"  %{a} = tile.load_tile %{a}v[%i] : !tile.view<?x{t}> -> tensor<{sh}x{t}{V}>\n"
        for a in inputs)
    exts = ""
    names = {}
    if int_body is None:
        for a in inputs:
            e, nm = ext(t, a, sh, V, a + "f")
            exts += e
            names[a] = nm
        body = body_f32(names, f"tensor<{sh}xf32{V}>")
        tr, yo = trunc(t, "r", sh, V, "ro")
    else:
        body = int_body(f"tensor<{sh}x{t}{V}>")
        tr, yo = "", "r"
    return f"""// {doc}
// n % 16 == 0; launch: grid (cdiv(n, {BLOCK})), 4 warps.
{{HEADER}}
tile.kernel @{name}_{t}({params}%yp: {ptr(t)},
                        %n: i32 {{tile.divisibility = 16 : i64}}) attributes {{num_warps = 4 : i32}} {{
  %i = tile.program_id x : i32
{views}  %yv = tile.make_view %yp, shape [%n] : !tile.ptr<{t}> -> !tile.view<?x{t}>
{loads}{exts}{body}{tr}  tile.store_tile %{yo}, %yv[%i] : tensor<{sh}x{t}{V}>, !tile.view<?x{t}>
  tile.return
}}
""", flat_layouts(t)


def gelu_body(n, T):
    x = n["x"]
    return f"""  %rs2 = arith.constant dense<0.70710678118654752> : {T}
  %half = arith.constant dense<0.5> : {T}
  %one = arith.constant dense<1.0> : {T}
  %u = arith.mulf %{x}, %rs2 : {T}
  %e = math.erf %u : {T}
  %e1 = arith.addf %e, %one : {T}
  %hx = arith.mulf %{x}, %half : {T}
  %r = arith.mulf %hx, %e1 : {T}
"""


def silu_expr(x, T, p=""):
    return f"""  %{p}one = arith.constant dense<1.0> : {T}
  %{p}nx = arith.negf %{x} : {T}
  %{p}ex = math.exp %{p}nx : {T}
  %{p}den = arith.addf %{p}ex, %{p}one : {T}
"""


def silu_body(n, T):
    return silu_expr(n["x"], T) + f"  %r = arith.divf %{n['x']}, %den : {T}\n"


def swiglu_body(n, T):
    return (silu_expr(n["a"], T) +
            f"  %s = arith.divf %{n['a']}, %den : {T}\n  %r = arith.mulf %s, %{n['b']} : {T}\n")


def chain_body(n, T):
    return f"""  %two = arith.constant dense<2.0> : {T}
  %one = arith.constant dense<1.0> : {T}
  %zero = arith.constant dense<0.0> : {T}
  %half = arith.constant dense<0.5> : {T}
  %a = arith.mulf %{n['x']}, %two : {T}
  %b = arith.addf %a, %one : {T}
  %c = arith.maximumf %b, %zero : {T}
  %d = arith.mulf %c, %{n['z']} : {T}
  %r = arith.subf %d, %half : {T}
"""


def int_ops_body(T):
    return f"""  %c3 = arith.constant dense<3> : {T}
  %c2 = arith.constant dense<2> : {T}
  %cm = arith.constant dense<65535> : {T}
  %p = arith.muli %a, %c3 : {T}
  %q = arith.addi %p, %b : {T}
  %s = arith.shrsi %a, %c2 : {T}
  %x = arith.xori %q, %s : {T}
  %r = arith.andi %x, %cm : {T}
"""


def add_i8_body(T):
    return f"  %r = arith.addi %a, %b : {T}\n"


def embedding(t):
    D = 1024
    L = "{L}"
    return f"""// Embedding lookup: out[k, :] = table[idx[k], :] for a (v x {D}) {t} table.
// Launch: grid (tokens), 4 warps: one program per token; the row is one
// tile of the table's view at tile index (idx, 0).
{{HEADER}}
tile.kernel @embedding_{t}(%tp: {ptr(t)}, %ip: !tile.ptr<i32>, %op: {ptr(t)},
                         %v: i32, %k: i32) attributes {{num_warps = 4 : i32}} {{
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %tv = tile.make_view %tp, shape [%v, {D}] : !tile.ptr<{t}> -> !tile.view<?x{D}x{t}>
  %ov = tile.make_view %op, shape [%k, {D}] : !tile.ptr<{t}> -> !tile.view<?x{D}x{t}>
  %ipi = tile.addptr %ip, %i : !tile.ptr<i32>, i32
  %row = tile.load %ipi : !tile.ptr<i32>
  %e = tile.load_tile %tv[%row, %c0] : !tile.view<?x{D}x{t}> -> tensor<1x{D}x{t}{L}>
  tile.store_tile %e, %ov[%i, %c0] : tensor<1x{D}x{t}{L}>, !tile.view<?x{D}x{t}>
  tile.return
}}
""", row_layouts(t)


def scatter(t):
    D = 1024
    L = "{L}"
    return f"""// Row scatter (index_copy): out[idx[k], :] = x[k, :] for a permutation idx.
// Launch: grid (rows), 4 warps.
{{HEADER}}
tile.kernel @scatter_rows_{t}(%xp: {ptr(t)}, %ip: !tile.ptr<i32>, %op: {ptr(t)},
                            %m: i32) attributes {{num_warps = 4 : i32}} {{
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %xv = tile.make_view %xp, shape [%m, {D}] : !tile.ptr<{t}> -> !tile.view<?x{D}x{t}>
  %ov = tile.make_view %op, shape [%m, {D}] : !tile.ptr<{t}> -> !tile.view<?x{D}x{t}>
  %ipi = tile.addptr %ip, %i : !tile.ptr<i32>, i32
  %row = tile.load %ipi : !tile.ptr<i32>
  %x = tile.load_tile %xv[%i, %c0] : !tile.view<?x{D}x{t}> -> tensor<1x{D}x{t}{L}>
  tile.store_tile %x, %ov[%row, %c0] : tensor<1x{D}x{t}{L}>, !tile.view<?x{D}x{t}>
  tile.return
}}
""", row_layouts(t)


def gather_cols(t):
    B = 1024
    V = "{V}"
    return f"""// Gather along rows (torch.gather(x, 1, idx)): out[r, c] = x[r, idx[r, c]],
// x and idx m x n row-major. Pointer tensors; the loads of x are a gather.
// Launch: grid (cdiv(n, {B}), m), 4 warps: the programs of one row run
// next to each other, so the row of x they gather from is read from DRAM
// once and then hits in L2 (rows on grid x instead: 0.70x torch.compile,
// each row read once per chunk, far apart in time, after L2 evicted it).
{{HEADER}}
tile.kernel @gather_{t}(%xp: {ptr(t)}, %ip: !tile.ptr<i32> {{tile.divisibility = 16 : i64}},
                      %op: {ptr(t)}, %m: i32, %n: i32 {{tile.divisibility = 16 : i64}})
    attributes {{num_warps = 4 : i32}} {{
  %j = tile.program_id x : i32
  %r = tile.program_id y : i32
  %cB = arith.constant {B} : i32
  %rowoff = arith.muli %r, %n : i32
  %coloff = arith.muli %j, %cB : i32
  %base = arith.addi %rowoff, %coloff : i32
  %ar = tile.arange 0, {B} : tensor<{B}xi32{V}>
  %colv = tile.splat %coloff : i32 -> tensor<{B}xi32{V}>
  %cols = arith.addi %colv, %ar : tensor<{B}xi32{V}>
  %nv = tile.splat %n : i32 -> tensor<{B}xi32{V}>
  %mask = arith.cmpi slt, %cols, %nv : tensor<{B}xi32{V}>
  %basev = tile.splat %base : i32 -> tensor<{B}xi32{V}>
  %offs = arith.addi %basev, %ar : tensor<{B}xi32{V}>
  %ib = tile.splat %ip : !tile.ptr<i32> -> tensor<{B}x!tile.ptr<i32>{V}>
  %ips = tile.addptr %ib, %offs : tensor<{B}x!tile.ptr<i32>{V}>, tensor<{B}xi32{V}>
  %idx = tile.load %ips, %mask : tensor<{B}x!tile.ptr<i32>{V}>
  %rowv = tile.splat %rowoff : i32 -> tensor<{B}xi32{V}>
  %src = arith.addi %rowv, %idx : tensor<{B}xi32{V}>
  %xb = tile.splat %xp : !tile.ptr<{t}> -> tensor<{B}x!tile.ptr<{t}>{V}>
  %xps = tile.addptr %xb, %src : tensor<{B}x!tile.ptr<{t}>{V}>, tensor<{B}xi32{V}>
  %vals = tile.load %xps, %mask : tensor<{B}x!tile.ptr<{t}>{V}>
  %ob = tile.splat %op : !tile.ptr<{t}> -> tensor<{B}x!tile.ptr<{t}>{V}>
  %ops = tile.addptr %ob, %offs : tensor<{B}x!tile.ptr<{t}>{V}>, tensor<{B}xi32{V}>
  tile.store %ops, %vals, %mask : tensor<{B}x!tile.ptr<{t}>{V}>
  tile.return
}}
""", {"V": blocked([4], [32], [4], [0])}


def cross_entropy():
    N = 4096
    sh = f"1x{N}"
    L = "{L}"
    return f"""// Cross-entropy loss per row (reduction='none'): loss[r] =
// logsumexp(logits[r, :]) - logits[r, target[r]], logits m x n f32, n <= {N}.
// Launch: grid (m), 4 warps: one program per row.
{{HEADER}}
tile.kernel @cross_entropy(%xp: {ptr("f32")}, %tp: !tile.ptr<i32>, %lp: !tile.ptr<f32>,
                           %m: i32, %n: i32 {{tile.divisibility = 16 : i64}}) attributes {{num_warps = 4 : i32}} {{
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %xv = tile.make_view %xp, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %lv = tile.make_view %lp, shape [%m] : !tile.ptr<f32> -> !tile.view<?xf32>
  %x = tile.load_tile %xv[%i, %c0] padding = neg_inf : !tile.view<?x?xf32> -> tensor<{sh}xf32{L}>
  %mx = tile.reduce max %x {{axis = 1 : i32}} : tensor<{sh}xf32{L}> -> tensor<1xf32{{R}}>
  %mx2 = tile.expand_dims %mx {{axis = 1 : i32}} : tensor<1xf32{{R}}> -> tensor<1x1xf32{L}>
  %mxb = tile.broadcast %mx2 : tensor<1x1xf32{L}> -> tensor<{sh}xf32{L}>
  %d = arith.subf %x, %mxb : tensor<{sh}xf32{L}>
  %e = math.exp %d : tensor<{sh}xf32{L}>
  %s = tile.reduce sum %e {{axis = 1 : i32}} : tensor<{sh}xf32{L}> -> tensor<1xf32{{R}}>
  %ls = math.log %s : tensor<1xf32{{R}}>
  %tpi = tile.addptr %tp, %i : !tile.ptr<i32>, i32
  %tgt = tile.load %tpi : !tile.ptr<i32>
  %cols = tile.arange 0, {N} : tensor<{N}xi32{{C}}>
  %cols2 = tile.expand_dims %cols {{axis = 0 : i32}} : tensor<{N}xi32{{C}}> -> tensor<{sh}xi32{L}>
  %tb = tile.splat %tgt : i32 -> tensor<{sh}xi32{L}>
  %hit = arith.cmpi eq, %cols2, %tb : tensor<{sh}xi32{L}>
  %zeros = arith.constant dense<0.0> : tensor<{sh}xf32{L}>
  %pick = arith.select %hit, %d, %zeros : tensor<{sh}xi1{L}>, tensor<{sh}xf32{L}>
  %xt = tile.reduce sum %pick {{axis = 1 : i32}} : tensor<{sh}xf32{L}> -> tensor<1xf32{{R}}>
  %loss = arith.subf %ls, %xt : tensor<1xf32{{R}}>
  tile.store_tile %loss, %lv[%i] : tensor<1xf32{{R}}>, !tile.view<?xf32>
  tile.return
}}
""", row_layouts("f32")


def row_sum_f16(rows=1, warps=4, suffix=""):
    N = 4096
    sh = f"{rows}x{N}"
    L = "{L}"
    return f"""// Row sums of an m x n f16 matrix (n <= {N}) in f32: out[r] = sum_c x[r, c].
// Launch: grid (cdiv(m, {rows})), {warps} warps.
{{HEADER}}
tile.kernel @row_sum_f16{suffix}(%xp: {ptr("f16")}, %op: !tile.ptr<f32>,
                         %m: i32, %n: i32 {{tile.divisibility = 16 : i64}}) attributes {{num_warps = {warps} : i32}} {{
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %xv = tile.make_view %xp, shape [%m, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %ov = tile.make_view %op, shape [%m] : !tile.ptr<f32> -> !tile.view<?xf32>
  %x = tile.load_tile %xv[%i, %c0] padding = zero : !tile.view<?x?xf16> -> tensor<{sh}xf16{L}>
  %xf = arith.extf %x : tensor<{sh}xf16{L}> to tensor<{sh}xf32{L}>
  %s = tile.reduce sum %xf {{axis = 1 : i32}} : tensor<{sh}xf32{L}> -> tensor<{rows}xf32{{R}}>
  tile.store_tile %s, %ov[%i] : tensor<{rows}xf32{{R}}>, !tile.view<?xf32>
  tile.return
}}
""", {"L": blocked([1, 8], [1, 32], [rows, warps // rows], [1, 0]),
      "R": "#layout.slice<dim = 1, parent = #L>"}


def col_sum():
    TM, TN, K = 16, 256, 64
    sh = f"{TM}x{TN}"
    L = "{L}"
    return f"""// Column sums of an m x n f32 matrix: out[c] = sum_r x[r, c] (out zeroed
// first). Each program sums {K} tiles of {TM} x {TN} down the rows in a loop,
// reduces them, and adds its {TN} partial sums with atomics.
// Launch: grid (cdiv(m, {TM * K}), cdiv(n, {TN})), 4 warps.
{{HEADER}}
tile.kernel @col_sum(%xp: {ptr("f32")}, %op: {ptr("f32")},
                     %m: i32, %n: i32 {{tile.divisibility = 16 : i64}}) attributes {{num_warps = 4 : i32}} {{
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cK = arith.constant {K} : i32
  %cTN = arith.constant {TN} : i32
  %xv = tile.make_view %xp, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %first = arith.muli %i, %cK : i32
  %last = arith.addi %first, %cK : i32
  %zero = arith.constant dense<0.0> : tensor<{sh}xf32{L}>
  %acc = scf.for %k = %first to %last step %c1 iter_args(%a = %zero) -> (tensor<{sh}xf32{L}>) : i32 {{
    %t = tile.load_tile %xv[%k, %j] padding = zero : !tile.view<?x?xf32> -> tensor<{sh}xf32{L}>
    %a2 = arith.addf %a, %t : tensor<{sh}xf32{L}>
    scf.yield %a2 : tensor<{sh}xf32{L}>
  }}
  %s = tile.reduce sum %acc {{axis = 0 : i32}} : tensor<{sh}xf32{L}> -> tensor<{TN}xf32{{C}}>
  %coff = arith.muli %j, %cTN : i32
  %ar = tile.arange 0, {TN} : tensor<{TN}xi32{{C}}>
  %cv = tile.splat %coff : i32 -> tensor<{TN}xi32{{C}}>
  %cols = arith.addi %cv, %ar : tensor<{TN}xi32{{C}}>
  %nv = tile.splat %n : i32 -> tensor<{TN}xi32{{C}}>
  %mask = arith.cmpi slt, %cols, %nv : tensor<{TN}xi32{{C}}>
  %ob = tile.splat %op : !tile.ptr<f32> -> tensor<{TN}x!tile.ptr<f32>{{C}}>
  %ops = tile.addptr %ob, %cols : tensor<{TN}x!tile.ptr<f32>{{C}}>, tensor<{TN}xi32{{C}}>
  %old = tile.atomic_rmw add %ops, %s, %mask sem = relaxed : tensor<{TN}x!tile.ptr<f32>{{C}}>
  tile.return
}}
""", {"L": blocked([1, 4], [1, 32], [4, 1], [1, 0]),
      "C": "#layout.slice<dim = 0, parent = #L>"}


def transpose2d(t):
    T = 64
    v = min(vec(t), 8)
    lanes = 64 // v  # threads along the contiguous dim of a 64-wide tile
    return f"""// Transposing copy of an m x n {t} matrix: dst (column-major) = src.
// Launch: grid (cdiv(m, {T}), cdiv(n, {T})), 4 warps.
{{HEADER}}
tile.kernel @transpose_{t}(%src: {ptr(t)}, %dst: {ptr(t)},
                         %m: i32 {{tile.divisibility = 16 : i64}}, %n: i32 {{tile.divisibility = 16 : i64}})
    attributes {{num_warps = 4 : i32}} {{
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %src, shape [%m, %n] : !tile.ptr<{t}> -> !tile.view<?x?x{t}>
  %out = tile.make_view %dst, shape [%m, %n], strides [1, %m] : !tile.ptr<{t}> -> !tile.view<?x?x{t}>
  %a = tile.load_tile %in[%i, %j] : !tile.view<?x?x{t}> -> tensor<{T}x{T}x{t}{{ROW}}>
{{CONVERT}}  tile.store_tile %b, %out[%i, %j] : tensor<{T}x{T}x{t}{{COL}}>, !tile.view<?x?x{t}>
  tile.return
}}
""", {"ROW": blocked([1, v], [32 // lanes, lanes], [4, 1], [1, 0]),
      "COL": blocked([v, 1], [lanes, 32 // lanes], [1, 4], [0, 1])}


def transpose3d():
    T = 64
    t = "f32"
    return f"""// Batched transpose: y[b, c, r] = x[b, r, c], x of shape (bs, m, n), f32.
// The output is written through a view of y with strides (m * n, 1, m).
// Launch: grid (cdiv(m, {T}), cdiv(n, {T}), bs), 4 warps.
{{HEADER}}
tile.kernel @transpose3d_f32(%src: {ptr(t)}, %dst: {ptr(t)},
                           %bs: i32, %m: i32 {{tile.divisibility = 16 : i64}}, %n: i32 {{tile.divisibility = 16 : i64}})
    attributes {{num_warps = 4 : i32}} {{
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %b = tile.program_id z : i32
  %mn = arith.muli %m, %n : i32
  %in = tile.make_view %src, shape [%bs, %m, %n] : !tile.ptr<f32> -> !tile.view<?x?x?xf32>
  %out = tile.make_view %dst, shape [%bs, %m, %n], strides [%mn, 1, %m] : !tile.ptr<f32> -> !tile.view<?x?x?xf32>
  %a = tile.load_tile %in[%b, %i, %j] : !tile.view<?x?x?xf32> -> tensor<1x{T}x{T}xf32{{ROW}}>
{{CONVERT}}  tile.store_tile %bb, %out[%b, %i, %j] : tensor<1x{T}x{T}xf32{{COL}}>, !tile.view<?x?x?xf32>
  tile.return
}}
""".replace("{CONVERT}", "{CONVERT3}"), {
        "ROW": blocked([1, 1, 4], [1, 2, 16], [1, 4, 1], [2, 1, 0]),
        "COL": blocked([1, 4, 1], [1, 16, 2], [1, 1, 4], [1, 2, 0])}


def strided():
    t = "f32"
    TM, TN = 16, 256
    L = "{L}"
    return f"""// Strided view: y = x[:, ::2] for an m x 2n f32 matrix x (y m x n, compact).
// The input is a view with strides (2n, 2): no vectors on it.
// Launch: grid (cdiv(m, {TM}), cdiv(n, {TN})), 4 warps.
{{HEADER}}
tile.kernel @strided_f32(%xp: {ptr(t)}, %yp: {ptr(t)},
                         %m: i32, %n: i32 {{tile.divisibility = 16 : i64}}) attributes {{num_warps = 4 : i32}} {{
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %ld = arith.addi %n, %n : i32
  %c2 = arith.constant 2 : i32
  %xv = tile.make_view %xp, shape [%m, %n], strides [%ld, 2] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %yv = tile.make_view %yp, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %x = tile.load_tile %xv[%i, %j] : !tile.view<?x?xf32> -> tensor<{TM}x{TN}xf32{L}>
  tile.store_tile %x, %yv[%i, %j] : tensor<{TM}x{TN}xf32{L}>, !tile.view<?x?xf32>
  tile.return
}}
""", {"L": blocked([1, 4], [1, 32], [4, 1], [1, 0])}


def cumsum():
    TM, N = 4, 1024
    sh = f"{TM}x{N}"
    L = "{L}"
    return f"""// Cumulative sum along the rows of an m x n f32 matrix (n <= {N}).
// Launch: grid (cdiv(m, {TM})), 4 warps: one warp per row.
{{HEADER}}
tile.kernel @cumsum_f32(%xp: {ptr("f32")}, %yp: {ptr("f32")},
                        %m: i32, %n: i32 {{tile.divisibility = 16 : i64}}) attributes {{num_warps = 4 : i32}} {{
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %xv = tile.make_view %xp, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %yv = tile.make_view %yp, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %x = tile.load_tile %xv[%i, %c0] padding = zero : !tile.view<?x?xf32> -> tensor<{sh}xf32{L}>
  %c = tile.scan sum %x {{axis = 1 : i32}} : tensor<{sh}xf32{L}>
  tile.store_tile %c, %yv[%i, %c0] : tensor<{sh}xf32{L}>, !tile.view<?x?xf32>
  tile.return
}}
""", {"L": blocked([1, 4], [1, 32], [4, 1], [1, 0])}


def histogram_private():
    B, P, NB = 2048, 64, 256
    V = "{V}"
    return f"""// Histogram of n i32 values in [0, {NB}) in two kernels: @histogram_private
// adds 1 per element with relaxed atomics into one of {P} private copies of
// the bins (copy = program id % {P}: {P} times fewer programs contend for
// an address than with one copy, which runs at 15 GB/s), then
// @histogram_sum adds the copies. The copies are zeroed first.
// Launch: grid (cdiv(n, {B})), then grid (1); 4 warps.
{{HEADER}}
tile.kernel @histogram_private(%xp: !tile.ptr<i32> {{tile.divisibility = 16 : i64}},
                               %cp: !tile.ptr<i32> {{tile.divisibility = 16 : i64}},
                               %n: i32 {{tile.divisibility = 16 : i64}}) attributes {{num_warps = 4 : i32}} {{
  %i = tile.program_id x : i32
  %xv = tile.make_view %xp, shape [%n] : !tile.ptr<i32> -> !tile.view<?xi32>
  %x = tile.load_tile %xv[%i] : !tile.view<?xi32> -> tensor<{B}xi32{V}>
  %cB = arith.constant {B} : i32
  %cP = arith.constant {P} : i32
  %cNB = arith.constant {NB} : i32
  %start = arith.muli %i, %cB : i32
  %copy = arith.remsi %i, %cP : i32
  %coff = arith.muli %copy, %cNB : i32
  %ar = tile.arange 0, {B} : tensor<{B}xi32{V}>
  %sv = tile.splat %start : i32 -> tensor<{B}xi32{V}>
  %offs = arith.addi %sv, %ar : tensor<{B}xi32{V}>
  %nv = tile.splat %n : i32 -> tensor<{B}xi32{V}>
  %mask = arith.cmpi slt, %offs, %nv : tensor<{B}xi32{V}>
  %base = tile.addptr %cp, %coff : !tile.ptr<i32>, i32
  %bb = tile.splat %base : !tile.ptr<i32> -> tensor<{B}x!tile.ptr<i32>{V}>
  %bps = tile.addptr %bb, %x : tensor<{B}x!tile.ptr<i32>{V}>, tensor<{B}xi32{V}>
  %ones = arith.constant dense<1> : tensor<{B}xi32{V}>
  %old = tile.atomic_rmw add %bps, %ones, %mask sem = relaxed : tensor<{B}x!tile.ptr<i32>{V}>
  tile.return
}}

tile.kernel @histogram_sum(%cp: !tile.ptr<i32> {{tile.divisibility = 16 : i64}},
                           %bp: !tile.ptr<i32> {{tile.divisibility = 16 : i64}}) attributes {{num_warps = 4 : i32}} {{
  %c0 = arith.constant 0 : i32
  %cv = tile.make_view %cp, shape [{P}, {NB}] : !tile.ptr<i32> -> !tile.view<{P}x{NB}xi32>
  %bv = tile.make_view %bp, shape [{NB}] : !tile.ptr<i32> -> !tile.view<{NB}xi32>
  %c = tile.load_tile %cv[%c0, %c0] : !tile.view<{P}x{NB}xi32> -> tensor<{P}x{NB}xi32{{L}}>
  %s = tile.reduce sum %c {{axis = 0 : i32}} : tensor<{P}x{NB}xi32{{L}}> -> tensor<{NB}xi32{{C}}>
  tile.store_tile %s, %bv[%c0] : tensor<{NB}xi32{{C}}>, !tile.view<{NB}xi32>
  tile.return
}}
""", {"V": blocked([4], [32], [4], [0]),
      "L": blocked([1, 4], [1, 32], [4, 1], [1, 0]),
      "C": "#layout.slice<dim = 0, parent = #L>"}


def histogram():
    B = 2048
    V = "{V}"
    return f"""// Histogram of n i32 values in [0, bins): bins[v] += 1 (bins zeroed first),
// with relaxed atomic adds, one per element.
// Launch: grid (cdiv(n, {B})), 4 warps.
{{HEADER}}
tile.kernel @histogram(%xp: !tile.ptr<i32> {{tile.divisibility = 16 : i64}}, %bp: !tile.ptr<i32>,
                       %n: i32 {{tile.divisibility = 16 : i64}}) attributes {{num_warps = 4 : i32}} {{
  %i = tile.program_id x : i32
  %xv = tile.make_view %xp, shape [%n] : !tile.ptr<i32> -> !tile.view<?xi32>
  %x = tile.load_tile %xv[%i] : !tile.view<?xi32> -> tensor<{B}xi32{V}>
  %cB = arith.constant {B} : i32
  %start = arith.muli %i, %cB : i32
  %ar = tile.arange 0, {B} : tensor<{B}xi32{V}>
  %sv = tile.splat %start : i32 -> tensor<{B}xi32{V}>
  %offs = arith.addi %sv, %ar : tensor<{B}xi32{V}>
  %nv = tile.splat %n : i32 -> tensor<{B}xi32{V}>
  %mask = arith.cmpi slt, %offs, %nv : tensor<{B}xi32{V}>
  %bb = tile.splat %bp : !tile.ptr<i32> -> tensor<{B}x!tile.ptr<i32>{V}>
  %bps = tile.addptr %bb, %x : tensor<{B}x!tile.ptr<i32>{V}>, tensor<{B}xi32{V}>
  %ones = arith.constant dense<1> : tensor<{B}xi32{V}>
  %old = tile.atomic_rmw add %bps, %ones, %mask sem = relaxed : tensor<{B}x!tile.ptr<i32>{V}>
  tile.return
}}
""", {"V": blocked([4], [32], [4], [0])}


def workloads():
    out = {}
    for t in ("f32", "f16", "bf16"):
        out[f"rmsnorm_{t}"] = norm("rmsnorm", t)
        out[f"layernorm_{t}"] = norm("layernorm", t)
        out[f"gelu_{t}"] = elementwise("gelu", t, ["x"], gelu_body,
                                       f"GELU (erf form), {t} in and out, f32 inside.")
        out[f"silu_{t}"] = elementwise("silu", t, ["x"], silu_body,
                                       f"SiLU x / (1 + exp(-x)), {t} in and out, f32 inside.")
        out[f"swiglu_{t}"] = elementwise("swiglu", t, ["a", "b"], swiglu_body,
                                         f"SwiGLU silu(a) * b, {t}, f32 inside.")
    for t in ("f32", "bf16"):
        out[f"chain_{t}"] = elementwise("chain", t, ["x", "z"], chain_body,
                                        f"Fused chain max(2x + 1, 0) * z - 0.5, {t}.")
    out["intops_i32"] = elementwise("intops", "i32", ["a", "b"], None,
                                    "Integer ops ((3a + b) ^ (a >> 2)) & 0xffff, i32.",
                                    int_body=int_ops_body)
    out["add_i8"] = elementwise("add", "i8", ["a", "b"], None,
                                "i8 add (wrapping): 16 bytes = 16 elements per vector.",
                                int_body=add_i8_body)
    out["embedding_f16"] = embedding("f16")
    out["scatter_rows_f32"] = scatter("f32")
    out["gather_f32"] = gather_cols("f32")
    out["cross_entropy"] = cross_entropy()
    out["row_sum_f16"] = row_sum_f16()
    out["col_sum"] = col_sum()
    out["transpose_f32"] = transpose2d("f32")
    out["transpose_f16"] = transpose2d("f16")
    out["transpose3d_f32"] = transpose3d()
    out["strided_f32"] = strided()
    out["cumsum_f32"] = cumsum()
    out["histogram"] = histogram()
    out["histogram_private"] = histogram_private()
    # Variants of the row sum measured once (bench/RESULTS.md).
    out["row_sum_f16_w8"] = row_sum_f16(1, 8, "_w8")
    out["row_sum_f16_r2"] = row_sum_f16(2, 8, "_r2")
    return out


def render(text, layouts, with_layouts):
    import re
    names = [k for k in layouts if not k.startswith("_")]
    if with_layouts:
        header = "\n".join(f"#{k} = {layouts[k]}" for k in names) + "\n"
    else:
        header = ""
    text = text.replace("{HEADER}", header)
    # Transposes: the load's layout and the store's, with one convert.
    if "{CONVERT}" in text or "{CONVERT3}" in text:
        m = re.search(r"tensor<([0-9x]+)x(\w+)\{ROW\}>", text)
        ty = f"tensor<{m.group(1)}x{m.group(2)}"
        src, dst = ("a", "b") if "{CONVERT}" in text else ("a", "bb")
        if with_layouts:  # the one convert between the two layouts
            conv = f"  %{dst} = layout.convert %{src} : {ty}, #ROW> -> {ty}, #COL>\n"
        else:  # no layouts: the compiler inserts it; store the loaded tile
            conv = ""
            text = text.replace(f"%{dst}, %out", f"%{src}, %out")
        text = text.replace("{CONVERT}", conv).replace("{CONVERT3}", conv)
    for k in names:
        text = text.replace("{" + k + "}", f", #{k}" if with_layouts else "")
    return text


def main():
    for name, (text, layouts) in workloads().items():
        for with_layouts in (True, False):
            stem = name if with_layouts else "auto_" + name
            body = render(text, layouts, with_layouts)
            if not with_layouts:
                body = body.replace("\n\n\n", "\n\n")
            with open(os.path.join(HERE, stem + ".mlir"), "w") as f:
                f.write(body)
    print(f"{2 * len(workloads())} kernels written to {HERE}")


if __name__ == "__main__":
    main()
