#!/usr/bin/env python3
"""Times variants of one row-softmax cubin against each other and Triton,
interleaved round by round, to resolve differences smaller than the spread
between separate runs of bench/run.py.

    python3 bench/ab_softmax.py VARIANT.cubin.json [...] [--rows 4096 --cols 16384]

Each variant is tile-compile metadata for a kernel with the signature of
bench/kernels/softmax_16384.mlir (x, y, m, n; grid (m)). Every variant's
result is checked against torch first. Prints the median TB/s of each over
--rounds rounds (each round: every variant and Triton once, do_bench median).
"""

import argparse
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, HERE)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variants", nargs="+")
    ap.add_argument("--rows", type=int, default=4096)
    ap.add_argument("--cols", type=int, default=16384)
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args()

    import torch
    from triton.testing import do_bench
    import tile.runtime as rt
    import triton_kernels as tk

    m, n = args.rows, args.cols
    x = torch.randn(m, n, device="cuda")
    y = torch.empty_like(x)
    ref = torch.softmax(x.double(), dim=1)
    runs = {}
    for path in args.variants:
        module = rt.load(path)
        (kernel,) = module.kernels.values()
        label = os.path.basename(path).replace(".cubin.json", "")
        y.fill_(float("nan"))
        kernel[(m,)](x, y, m, n)
        torch.cuda.synchronize()
        err = ((y.double() - ref).norm() / ref.norm()).item()
        if not err <= 1e-5:
            raise SystemExit(f"{label}: wrong result, relative error {err:.2e}")
        runs[label] = (lambda kernel=kernel: kernel[(m,)](x, y, m, n))
    runs["triton"] = lambda: tk.run_softmax(x, y)
    times = {label: [] for label in runs}
    for _ in range(args.rounds):
        for label, fn in runs.items():
            times[label].append(do_bench(fn, warmup=50, rep=300, return_mode="median"))
    nbytes = 2 * m * n * 4
    base = statistics.median(times["triton"])
    print(f"softmax {m} x {n} f32, {args.rounds} interleaved rounds")
    for label, ts in times.items():
        med = statistics.median(ts)
        print(f"{label:32s} {nbytes / (med * 1e-3) / 1e12:7.3f} TB/s  "
              f"x triton {base / med:6.3f}  (rounds {min(ts) * 1e3:.1f}-{max(ts) * 1e3:.1f} us)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
