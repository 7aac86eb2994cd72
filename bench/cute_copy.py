#!/usr/bin/env python3
"""A copy through a CuTe-layout view against the same copy through an
explicit-stride view (issue 13: within 2 %), on the same GPU in one run.

    bash bench/build.sh                       # where the compiler lives
    python3 bench/cute_copy.py [--artifacts .device-carry/bench]

Kernels (bench/kernels/): copy_strided_8k (strides [8192, 1]),
copy_cute_8k (the same row-major order written with nested CuTe modes),
copy_cute_blocked_8k (a blocked memory order, 8x4 tiles; informational:
other addresses, same bytes). 8192 x 8192 f32; bandwidth counts bytes read
plus written; medians of triton.testing.do_bench, alternated over 3 rounds.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "python"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--artifacts", default=os.path.join(ROOT, ".device-carry", "bench"))
    args = ap.parse_args()
    import torch
    from triton.testing import do_bench
    import tile.runtime as rt

    def kernel(name):
        return rt.load(os.path.join(args.artifacts, f"{name}.cubin.json"))[name]

    n = 8192
    src = torch.randn(n * n, device="cuda")
    dst = torch.empty(n * n, device="cuda")
    names = ["copy_strided_8k", "copy_cute_8k", "copy_cute_blocked_8k"]
    runs = {}
    for name in names:
        k = kernel(name)
        dst.fill_(float("nan"))
        fn = (lambda k=k: k[(n // 64, n // 64)](src, dst))
        fn()
        torch.cuda.synchronize()
        if not torch.equal(dst, src):
            raise SystemExit(f"{name}: wrong result")
        runs[name] = fn
    times = {name: [] for name in names}
    for _ in range(3):
        for name in names:
            times[name].append(do_bench(runs[name], warmup=50, rep=300, return_mode="median"))
    nbytes = 2 * n * n * 4
    base = sorted(times["copy_strided_8k"])[1]
    print(f"device: {torch.cuda.get_device_name()}")
    print(f"{'kernel':24} {'ms':>8} {'TB/s':>7} {'strided/this':>12}")
    for name in names:
        ms = sorted(times[name])[1]
        print(f"{name:24} {ms:8.4f} {nbytes / (ms * 1e-3) / 1e12:7.3f} {base / ms:12.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
