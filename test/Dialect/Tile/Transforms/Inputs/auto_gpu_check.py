#!/usr/bin/env python3
"""Runs the layout-free kernels of examples/auto on a GPU against torch.

Build machine (has tile-compile):
    python3 test/Dialect/Tile/Transforms/Inputs/auto_gpu_check.py build \
        --tile-compile build/bin/tile-compile --out DIR
GPU machine (torch + the tile Python package on PYTHONPATH=python):
    python3 test/Dialect/Tile/Transforms/Inputs/auto_gpu_check.py run --artifacts DIR

Prints one line per kernel (max error, GB/s of a median of 20 launches) and
exits 1 if any result is wrong.
"""

import argparse
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.abspath(__file__))
for _ in range(5):
    ROOT = os.path.dirname(ROOT)
KERNELS = ["vector_add", "row_sum", "softmax", "transpose"]


def build(args):
    os.makedirs(args.out, exist_ok=True)
    failed = 0
    for k in KERNELS:
        src = os.path.join(ROOT, "examples", "auto", k + ".mlir")
        out = os.path.join(args.out, k + ".cubin")
        proc = subprocess.run([args.tile_compile, src, "-o", out, "--emit=cubin",
                               "--arch=sm_90"], capture_output=True, text=True)
        print(("ok  " if proc.returncode == 0 else "FAIL") + " " + k, proc.stderr.strip())
        failed += proc.returncode != 0
    return 1 if failed else 0


def bench(fn, nbytes):
    import torch
    fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(20):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end))
    times.sort()
    return nbytes / (times[len(times) // 2] * 1e-3) / 1e9


def run(args):
    import torch
    import tile.runtime as rt

    gen = torch.Generator(device="cuda").manual_seed(0)
    mods = {k: rt.load(os.path.join(args.artifacts, k + ".cubin.json")) for k in KERNELS}
    bad = 0

    def report(name, err, tol, gbs):
        nonlocal bad
        ok = err <= tol
        bad += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {name:12s} max error {err:.3g}  {gbs:8.1f} GB/s")

    # vector add: n not a multiple of the block, masked tail.
    n = (1 << 26) + 3
    x = torch.randn(n, device="cuda", generator=gen)
    y = torch.randn(n, device="cuda", generator=gen)
    out = torch.full_like(x, float("nan"))
    k = mods["vector_add"]["vector_add"]
    launch = lambda: k[(rt.cdiv(n, 1024),)](x, y, out, n)
    gbs = bench(launch, 3 * 4 * n)
    report("vector_add", (out - (x + y)).abs().max().item(), 0.0, gbs)

    # row sum, m x 4096.
    m = 16384
    a = torch.randn(m, 4096, device="cuda", generator=gen)
    s = torch.full((m,), float("nan"), device="cuda")
    k = mods["row_sum"]["row_sum"]
    launch = lambda: k[(m,)](a, s, m)
    gbs = bench(launch, 4 * m * 4096 + 4 * m)
    report("row_sum", (s - a.double().sum(1)).abs().max().item(), 1e-2, gbs)

    # softmax, m x 1024 with m not a multiple of 4.
    m = 16382
    a = torch.randn(m, 1024, device="cuda", generator=gen)
    o = torch.full_like(a, float("nan"))
    k = mods["softmax"]["softmax"]
    launch = lambda: k[(rt.cdiv(m, 4),)](a, o, m)
    gbs = bench(launch, 2 * 4 * m * 1024)
    report("softmax", (o - torch.softmax(a.double(), 1)).abs().max().item(), 1e-5, gbs)

    # transposing copy, m x n row-major to column-major.
    m, n = 8192, 8190
    a = torch.randn(m, n, device="cuda", generator=gen)
    d = torch.full((n * m,), float("nan"), device="cuda")
    k = mods["transpose"]["transpose"]
    launch = lambda: k[(rt.cdiv(m, 64), rt.cdiv(n, 64))](a, d, m, n)
    gbs = bench(launch, 2 * 4 * m * n)
    report("transpose", (d.view(n, m) - a.t()).abs().max().item(), 0.0, gbs)
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("--tile-compile", required=True)
    b.add_argument("--out", required=True)
    r = sub.add_parser("run")
    r.add_argument("--artifacts", required=True)
    args = ap.parse_args()
    return build(args) if args.cmd == "build" else run(args)


if __name__ == "__main__":
    sys.exit(main())
