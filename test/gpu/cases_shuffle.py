"""GPU cases for layout.convert through warp shuffles (against shared memory).

The kernels of test/gpu/kernels/shfl_convert.mlir convert a tile between two
layouts of one warp (the warp-shuffle path of convert-tile-to-llvm); those
of shfl_convert_smem.mlir are the same kernels forced to shared memory
(tile.convert_strategy = "shared"). Both are checked element by element
against torch, with poisoned outputs and sizes that are not multiples of the
tile. shfl_bench.mlir holds convert-heavy loops, checked here for a few
iterations and timed by running this file as a script:

    python3 test/gpu/cases_shuffle.py --artifacts DIR [--iters 256]
"""

import argparse
import os
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if os.path.join(_ROOT, "python") not in sys.path:  # run as a script
    sys.path.insert(0, os.path.join(_ROOT, "python"))

import torch  # noqa: E402

from gpu_cases import DEV, median_ms, poisoned, randint, randn  # noqa: E402
from tile.runtime import cdiv  # noqa: E402

# (kernel stem, element dtype, tile (TM, TN))
COPY_KERNELS = [
    ("rows_f32", torch.float32, (4, 128)),
    ("rows_f16", torch.float16, (4, 256)),
    ("rows_i64", torch.int64, (4, 128)),
    ("t8x4_f32", torch.float32, (32, 4)),
    ("t16_f32", torch.float32, (16, 16)),
    ("t16_f16", torch.float16, (16, 16)),
]

SHAPES = [(1, 1), (16, 256), (37, 300), (257, 129), (1000, 513)]


def _random(shape, dtype, gen):
    if dtype == torch.int64:
        # Values that use both 32-bit halves, negative ones too.
        return randint(shape, gen, -(1 << 62), 1 << 62)
    return randn(shape, gen).to(dtype)


def make_copy_runner(dtype, tile):
    tm, tn = tile

    def run(k, shape, gen):
        m, n = shape
        src = _random((m, n), dtype, gen)
        dst = poisoned((m, n), dtype)
        k[(cdiv(m, tm), cdiv(n, tn))](src, dst, m, n)
        ref = src if dtype == torch.int64 else src.double()
        return [("dst", dst, ref)]

    return run


# (kernel stem, tile)
BENCH_KERNELS = [("bench_t8x4", (32, 8)), ("bench_rows", (4, 128)), ("bench_t16", (16, 16))]


def bench_inputs(m, n, gen):
    x = randn((m, n), gen)
    # |w| < 0.5 keeps acc = acc * w + w bounded over many iterations.
    w = (torch.rand((m, n), generator=gen, device=DEV) - 0.5).float()
    return x, w


def bench_reference(x, w, iters):
    acc, wd = x.double(), w.double()
    for _ in range(iters):
        acc = acc * wd + wd
    return acc


def make_bench_runner(tile, iters=3):
    tm, tn = tile

    def run(k, shape, gen):
        m, n = shape
        x, w = bench_inputs(m, n, gen)
        out = poisoned((m, n), torch.float32)
        k[(cdiv(m, tm), cdiv(n, tn))](x, w, out, m, n, iters)
        return [("out", out, bench_reference(x, w, iters))]

    return run


CASES = []
for stem, dtype, tile in COPY_KERNELS:
    CASES.append(("shfl_convert", stem, make_copy_runner(dtype, tile), SHAPES))
    CASES.append(("shfl_convert_smem", stem + "_smem", make_copy_runner(dtype, tile), SHAPES))
for stem, tile in BENCH_KERNELS:
    for variant in ("shfl", "smem"):
        CASES.append(("shfl_bench", f"{stem}_{variant}", make_bench_runner(tile),
                      [(1, 1), (37, 300), (512, 512)]))


def bench(artifacts, m, n, iters):
    import tile.runtime as rt
    mod = rt.load(os.path.join(artifacts, "shfl_bench.cubin.json"))
    gen = torch.Generator(device=DEV)
    gen.manual_seed(0)
    x, w = bench_inputs(m, n, gen)
    ref = bench_reference(x, w, iters)
    print(f"convert-heavy loop: {m} x {n} f32, {iters} iterations of 2 converts, "
          f"{torch.cuda.get_device_name()}")
    print(f"{'kernel':18} {'ms':>8}  check")
    for stem, (tm, tn) in BENCH_KERNELS:
        for variant in ("shfl", "smem"):
            k = mod[f"{stem}_{variant}"]
            out = poisoned((m, n), torch.float32)
            grid = (cdiv(m, tm), cdiv(n, tn))
            ms = median_ms(lambda: k[grid](x, w, out, m, n, iters))
            err = ((out.double() - ref).norm() / ref.norm()).item()
            print(f"{stem + '_' + variant:18} {ms:8.3f}  rel.err {err:.1e}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--artifacts", required=True)
    ap.add_argument("--m", type=int, default=4096)
    ap.add_argument("--n", type=int, default=4096)
    ap.add_argument("--iters", type=int, default=256)
    args = ap.parse_args(argv)
    bench(args.artifacts, args.m, args.n, args.iters)
    return 0


if __name__ == "__main__":
    sys.exit(main())
