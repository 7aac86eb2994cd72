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

import torch

from gpu_cases import DEV, is_poison, poisoned, randint, randn

TILE_LINES = 4
ART = "scan_ops"
DTYPES = {"f32": torch.float32, "f16": torch.float16, "i32": torch.int32}


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
    return ("tail untouched", bool(is_poison(out.view(-1)[n_written:]).all()), True)


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


# Shapes (m lines, n along the axis): n <= 128 (the tile), m not a
# multiple of 4 in most.
SHAPES = [(1, 1), (3, 77), (4, 128), (9, 100), (130, 128)]
SORT_SHAPES = [(1, 2), (3, 77), (4, 128), (9, 100), (130, 128)]
TOPK_SHAPES = [(1, 16), (3, 77), (9, 128), (130, 100)]

CASES = [
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
