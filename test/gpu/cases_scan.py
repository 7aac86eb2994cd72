"""GPU cases of tile.scan, multi-operand tile.reduce, tile.sort and
tile.topk (test/gpu/kernels/scan_ops.mlir, written by gen_scan_kernels.py)
against torch.cumsum / cumprod / cummax / cummin, argmax / argmin, sort
and topk, on fresh random data with poisoned outputs. Each kernel covers
one layout (A: registers and lanes along the axis; B: lanes, warps and
register repeats; C: axis 0 over registers, lanes, a warp and register
repeats), one axis and one element type (f32, f16, i32); the shapes have
line counts that are not multiples of a program's 4 lines and axis lengths
below the tile's (masked, padded with the identity).
"""

import os

import torch

from gpu_cases import DEV, is_poison, median_ms, randint, randn
from gpu_cases import poisoned as poisoned_float

TILE_LINES = 4
ART = "scan_ops"
DTYPES = {"f32": torch.float32, "f16": torch.float16, "i32": torch.int32}


INT_POISON_BYTE = 0xA5


def poisoned(shape, dtype):
    """gpu_cases.poisoned, but with every byte 0xA5 for integers (its integer
    poison does not fit in i32). An unwritten element fails the exact
    comparison with the reference."""
    if dtype.is_floating_point:
        return poisoned_float(shape, dtype)
    t = torch.empty(shape, dtype=dtype, device=DEV)
    t.view(torch.uint8).fill_(INT_POISON_BYTE)
    return t


def _data(shape, ty, gen, lo=-8, hi=8):
    """f32: normal values; f16 and i32: small integers (exact sums, ties)."""
    if ty == "f32":
        return randn(shape, gen)
    return randint(shape, gen, lo, hi).to(DTYPES[ty])


def _grid(m):
    return ((m + TILE_LINES - 1) // TILE_LINES,)


def _global(axis, m, n):
    """The tensor's shape: m lines across the axis, n along it."""
    return (m, n) if axis == 1 else (n, m)


def _untouched(out, n_written):
    """The poisoned tail beyond the written part must stay poisoned."""
    tail = out.view(-1)[n_written:]
    if tail.is_floating_point():
        return ("tail untouched", bool(is_poison(tail).all()), True)
    return ("tail untouched", bool((tail.view(torch.uint8) == INT_POISON_BYTE).all()), True)


def _ref_scan(x, axis, kind, reverse, exclusive):
    d = x.double() if x.is_floating_point() else x.long()
    if reverse:
        d = d.flip(axis)
    if exclusive:
        ident = {"sum": 0, "prod": 1, "max": float("-inf"), "min": float("inf")}[kind]
        if not d.is_floating_point():
            ident = {"max": -2**31, "min": 2**31 - 1}.get(kind, ident)
        pad = torch.full_like(d.narrow(axis, 0, 1), ident)
        d = torch.cat([pad, d.narrow(axis, 0, d.shape[axis] - 1)], dim=axis)
    if kind == "sum":
        r = d.cumsum(axis)
    elif kind == "prod":
        r = d.cumprod(axis)
    elif kind == "max":
        r = d.cummax(axis).values
    else:
        r = d.cummin(axis).values
    if reverse:
        r = r.flip(axis)
    if not x.is_floating_point():
        r = ((r + 2**31) % 2**32 - 2**31).to(torch.int32)
    return r


def scan_runner(axis, ty, kind, reverse=False, exclusive=False):
    def run(k, shape, gen):
        m, n = shape
        x = _data(_global(axis, m, n), ty, gen)
        if kind == "prod":
            x = 1 + 0.01 * x  # a product of 128 values near 1 stays finite
        y = poisoned(x.numel() + 64, DTYPES[ty])
        k[_grid(m)](x, y, m, n)
        out = y[:x.numel()].view(x.shape)
        ref = _ref_scan(x, axis, kind, reverse, exclusive)
        if ty == "f16":
            ref = ref.to(torch.float16).double()
        checks = [_untouched(y, x.numel())]
        if ref.is_floating_point():
            # An exclusive max/min starts at +-inf: compare those exactly
            # and the finite rest by the relative error.
            inf = torch.isinf(ref)
            checks.append(("infinities", bool((out.double()[inf] == ref[inf]).all()), True))
            out, ref = out.double()[~inf], ref[~inf]
        return [("y", out, ref)] + checks
    return run


def cummax_runner(axis, ty):
    def run(k, shape, gen):
        m, n = shape
        x = _data(_global(axis, m, n), ty, gen, -4, 4)  # many ties
        y = poisoned(x.numel(), DTYPES[ty])
        z = poisoned(x.numel(), torch.int32)
        k[_grid(m)](x, y, z, m, n)
        # torch.cummax on the GPU reports the last index of the maximum
        # (ties go to the later element), as the kernel's combiner does.
        ref = (x.double() if ty == "f32" else x.long()).cpu().cummax(axis)
        rv = ref.values.to(DEV)
        return [("values", y.view(x.shape), rv if ty == "f32" else rv.to(torch.int32)),
                ("indices", z.view(x.shape), ref.indices.to(DEV).to(torch.int32))]
    return run


def arg_runner(axis, ty, largest):
    def run(k, shape, gen):
        m, n = shape
        x = _data(_global(axis, m, n), ty, gen, -20, 20)  # ties: lowest index wins
        y = poisoned(m, DTYPES[ty])
        z = poisoned(m, torch.int32)
        k[_grid(m)](x, y, z, m, n)
        xd = x.double() if ty != "i32" else x.long()
        idx = (xd.argmax if largest else xd.argmin)(dim=axis)
        val = (xd.amax if largest else xd.amin)(dim=axis)
        if ty == "i32":
            val = val.to(torch.int32)
        return [("values", y, val), ("indices", z, idx.to(torch.int32))]
    return run


def sort_runner(axis, ty, descending, with_index=False):
    def run(k, shape, gen):
        m, n = shape
        x = _data(_global(axis, m, n), ty, gen, -50, 50)
        y = poisoned(x.numel(), DTYPES[ty])
        args = [x, y]
        if with_index:
            z = poisoned(x.numel(), torch.int32)
            args.append(z)
        k[_grid(m)](*args, m, n)
        out = y.view(x.shape)
        ref = torch.sort(x.double() if ty != "i32" else x, dim=axis, descending=descending)
        checks = [("values", out, ref.values if ty != "f16" else ref.values.to(torch.float16).double())]
        if with_index:
            idx = z.view(x.shape).long().clamp(0, n - 1)
            perm_ok = bool((torch.sort(idx, dim=axis).values ==
                            torch.arange(n, device=DEV).view(
                                (1, n) if axis == 1 else (n, 1)).expand(x.shape)).all())
            checks += [("indices are a permutation", perm_ok, True),
                       ("x[indices] == values", bool((x.gather(axis, idx) == out).all()), True)]
        return checks
    return run


def topk_runner(axis, ty, kk):
    def run(k, shape, gen):
        m, n = shape
        x = _data(_global(axis, m, n), ty, gen, -1000, 1000)
        rshape = _global(axis, m, kk)
        y = poisoned(m * kk, DTYPES[ty])
        z = poisoned(m * kk, torch.int32)
        k[_grid(m)](x, y, z, m, n)
        vals, idx = y.view(rshape), z.view(rshape).long()
        ref = torch.topk(x.double() if ty != "i32" else x, kk, dim=axis)
        return [("values", vals, ref.values),
                ("indices in range", bool(((idx >= 0) & (idx < n)).all()), True),
                ("x[indices] == values", bool((x.gather(axis, idx.clamp(0, n - 1)) == vals).all()), True)]
    return run


def run_auto_row_ops(k, m, gen):
    """scan_auto.mlir (no layouts written): cumsum, argmax, descending sort
    of m rows of 256, 8 rows per program."""
    x = randn((m, 256), gen)
    y = poisoned((m, 256), torch.float32)
    z = poisoned(m, torch.int32)
    s = poisoned((m, 256), torch.float32)
    k[((m + 7) // 8,)](x, y, z, s, m)
    xd = x.double()
    return [("cumsum", y, xd.cumsum(1)), ("argmax", z, xd.argmax(1).to(torch.int32)),
            ("sort", s, torch.sort(xd, dim=1, descending=True).values)]


# Shapes (m lines, n along the axis): n <= 128 (the tile), m not a
# multiple of 4 in most.
SHAPES = [(1, 1), (3, 77), (4, 128), (9, 100), (130, 128)]
SORT_SHAPES = [(1, 2), (3, 77), (4, 128), (9, 100), (130, 128)]
TOPK_SHAPES = [(1, 16), (3, 77), (9, 128), (130, 100)]

CASES = [
    ("scan_auto", "auto_row_ops", run_auto_row_ops, [1, 13, 1000]),
    (ART, "cumsum_f32_A", scan_runner(1, "f32", "sum"), SHAPES),
    (ART, "cumsum_f16_B", scan_runner(1, "f16", "sum"), SHAPES),
    (ART, "cumsum_i32_C", scan_runner(0, "i32", "sum"), SHAPES),
    (ART, "cumprod_f32_B", scan_runner(1, "f32", "prod"), SHAPES),
    (ART, "cumsum_rev_f32_C", scan_runner(0, "f32", "sum", reverse=True), SHAPES),
    (ART, "cumsum_excl_i32_A", scan_runner(1, "i32", "sum", exclusive=True), SHAPES),
    (ART, "cummin_rev_excl_f32_B", scan_runner(1, "f32", "min", reverse=True, exclusive=True),
     SHAPES),
    (ART, "cummax_f32_A", cummax_runner(1, "f32"), SHAPES),
    (ART, "cummax_i32_C", cummax_runner(0, "i32"), SHAPES),
    (ART, "argmax_f32_B", arg_runner(1, "f32", True), SHAPES),
    (ART, "argmin_f16_A", arg_runner(1, "f16", False), SHAPES),
    (ART, "argmax_i32_C", arg_runner(0, "i32", True), SHAPES),
    (ART, "sort_f32_A", sort_runner(1, "f32", False), SORT_SHAPES),
    (ART, "sort_desc_f16_B", sort_runner(1, "f16", True), SORT_SHAPES),
    (ART, "sort_i32_C", sort_runner(0, "i32", False), SORT_SHAPES),
    (ART, "argsort_desc_f32_B", sort_runner(1, "f32", True, with_index=True), SORT_SHAPES),
    (ART, "topk_f32_A", topk_runner(1, "f32", 8), TOPK_SHAPES),
    (ART, "topk_i32_C", topk_runner(0, "i32", 16), TOPK_SHAPES),
]


def runtime_scan_timing(artifacts, gen):
    """Informational: rows of 128 f32 (65536 rows, 4 per program) through
    cumsum_f32_A, sort_f32_A and topk_f32_A against torch.cumsum, torch.sort
    and torch.topk in the same run (times printed; the check is the result)."""
    import tile.runtime as rt
    kernels = rt.load(os.path.join(artifacts, ART + ".cubin.json"))
    m, n = 65536, 128
    x = randn((m, n), gen)
    grid = _grid(m)
    y = poisoned((m, n), torch.float32)
    vals = poisoned((m, 8), torch.float32)
    idx = poisoned((m, 8), torch.int32)
    cumsum, sort, topk = (kernels[name] for name in ("cumsum_f32_A", "sort_f32_A", "topk_f32_A"))
    cumsum[grid](x, y, m, n)
    checks = [("cumsum 65536 x 128", y, x.double().cumsum(1))]
    ys = poisoned((m, n), torch.float32)
    sort[grid](x, ys, m, n)
    checks.append(("sort 65536 x 128", ys, torch.sort(x.double(), dim=1).values))
    topk[grid](x, vals, idx, m, n)
    checks.append(("topk 8 of 65536 x 128", vals, torch.topk(x.double(), 8, dim=1).values))
    parts = []
    for label, ours, theirs in (
            ("cumsum", lambda: cumsum[grid](x, y, m, n), lambda: torch.cumsum(x, dim=1)),
            ("sort", lambda: sort[grid](x, ys, m, n), lambda: torch.sort(x, dim=1)),
            ("topk 8", lambda: topk[grid](x, vals, idx, m, n), lambda: torch.topk(x, 8, dim=1))):
        t_ours, t_torch = median_ms(ours), median_ms(theirs)
        parts.append(f"{label} {t_ours:.3f} ms vs torch {t_torch:.3f} ms "
                     f"(speed {t_torch / t_ours:.2f}x)")
    print("TIMING rows of 128 f32, 65536 rows: " + "; ".join(parts))
    return checks


RUNTIME_CASES = [("scan_ops.timing", runtime_scan_timing)]
