"""GPU cases of tile-split-tiles: kernels whose tiles are far above the
register budget (test/gpu/kernels/split_*.mlir, compiled by tile-compile's
default pipeline, which splits them into loops over chunks), checked against
torch on fresh random data with poisoned outputs, with row lengths that are
not multiples of the chunk (8192) so that the padding of partial and
entirely-outside chunks matters.

RUNTIME_CASES also times the split 1 x 65536 softmax on 4096 rows against
torch.softmax (and against the same kernel compiled with the split turned
off, when build_artifacts' caller compiled split_softmax_nosplit): the
numbers are printed, informational; the check is the result.
"""

import os

import torch

from gpu_cases import DEV, is_poison, median_ms, poisoned, randn


def run_split_softmax(k, shape, gen):
    m, n = shape
    x = randn((m, n), gen) * 4
    y = poisoned((m, n), torch.float32)
    k[(m,)](x, y, m, n)
    return [("y", y, torch.softmax(x.double(), dim=1))]


def run_split_row_sum(k, shape, gen):
    m, n = shape
    x = randn((m, n), gen)
    out = poisoned(m, torch.float32)
    k[(m,)](x, out, m, n)
    return [("out", out, x.double().sum(dim=1))]


TILE_AT = 32768


def run_split_scale_at(k, shape, gen):
    m, n, off = shape
    x = randn((m, n), gen)
    y = poisoned((m, n), torch.float32)
    k[(m,)](x, y, m, n, off)
    lo, hi = max(off, 0), min(off + TILE_AT, n)
    checks = [("y[:, window]", y[:, lo:hi], 2 * x[:, lo:hi].double() + 1)]
    outside = torch.ones((m, n), dtype=torch.bool, device=DEV)
    outside[:, lo:hi] = False
    checks.append(("untouched outside the window", is_poison(y)[outside].all(), True))
    return checks


def run_split_col_sum(k, shape, gen):
    m, n = shape
    x = randn((m, n), gen)
    out = poisoned(n, torch.float32)
    k[((n + 16383) // 16384,)](x, out, m, n)
    return [("out", out, x.double().sum(dim=0))]


def run_split_absmax(k, shape, gen):
    m, n = shape
    x = randn((m, n), gen)
    y = poisoned((m, n), torch.float32)
    k[(m,)](x, y, n)
    ref = x.double() / x.double().abs().amax(dim=1, keepdim=True)
    return [("y", y, ref)]


# (artifact, kernel, runner, shapes); the chunks are 1 x 8192.
CASES = [
    ("split_softmax", "split_softmax", run_split_softmax,
     [(1, 1), (2, 1000), (3, 8193), (5, 50000), (4, 65535), (7, 65536), (64, 40000)]),
    ("split_row_sum", "split_row_sum", run_split_row_sum,
     [(1, 1), (3, 777), (5, 16385), (4, 65535), (9, 65536), (128, 30000)]),
    ("split_col_sum", "split_col_sum", run_split_col_sum,
     [(1, 1), (4, 16384), (3, 16385), (4, 40000), (2, 100000)]),
    ("split_scale", "split_scale_at", run_split_scale_at,
     [(1, 1, 0), (3, 40000, 5000), (2, 30000, -100), (4, 32768, 0), (5, 70000, 37000)]),
    ("split_scale", "split_absmax", run_split_absmax,
     [(1, 1), (3, 32768), (5, 10000), (4, 32767), (6, 8191)]),
]


def runtime_split_softmax_timing(artifacts, gen):
    import tile.runtime as rt
    m, n = 4096, 65536
    x = randn((m, n), gen)
    y = poisoned((m, n), torch.float32)
    k = rt.load(os.path.join(artifacts, "split_softmax.cubin.json"))["split_softmax"]
    k[(m,)](x, y, m, n)
    checks = [("y (4096 x 65536)", y, torch.softmax(x.double(), dim=1))]
    gb = 2 * m * n * 4 / 1e9
    t_split = median_ms(lambda: k[(m,)](x, y, m, n))
    t_torch = median_ms(lambda: torch.softmax(x, dim=1))
    line = (f"split softmax 4096 x 65536 f32: {t_split:.3f} ms ({gb / t_split:.2f} TB/s); "
            f"torch.softmax {t_torch:.3f} ms ({gb / t_torch:.2f} TB/s); "
            f"speed split/torch {t_torch / t_split:.3f}")
    nosplit = os.path.join(artifacts, "split_softmax_nosplit.cubin.json")
    if os.path.exists(nosplit):
        k0 = rt.load(nosplit)["split_softmax"]
        y0 = poisoned((m, n), torch.float32)
        k0[(m,)](x, y0, m, n)
        checks.append(("y without the split", y0, torch.softmax(x.double(), dim=1)))
        t0 = median_ms(lambda: k0[(m,)](x, y0, m, n), reps=5)
        line += f"; without the split {t0:.3f} ms ({gb / t0:.2f} TB/s)"
    print("TIMING " + line)
    return checks


RUNTIME_CASES = [
    ("split.softmax_4096x65536_timing", runtime_split_softmax_timing),
]
