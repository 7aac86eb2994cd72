#!/usr/bin/env python3
"""Launches tile's and Triton's row softmax on one problem, for a profiler.

    python3 bench/profile_softmax.py [--rows 4096] [--cols 16384] [--out DIR]

Meant to run under Nsight Compute on the GPU machine (bench/profile.sh does
that): each kernel runs `--launches` times on fresh random data and is
checked against torch once. With --out, writes both cubins there (tile's is
copied from the artifacts, Triton's comes from its compiled kernel) so that
cuobjdump/nvdisasm can compare the SASS.
"""

import argparse
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, HERE)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--artifacts", default=os.path.join(ROOT, ".device-carry", "bench"))
    ap.add_argument("--kernel", default="softmax_16384")
    ap.add_argument("--rows", type=int, default=4096)
    ap.add_argument("--cols", type=int, default=16384)
    ap.add_argument("--launches", type=int, default=3)
    ap.add_argument("--out")
    args = ap.parse_args()

    import torch
    import tile.runtime as rt
    import triton_kernels as tk

    m, n = args.rows, args.cols
    x = torch.randn(m, n, device="cuda")
    ours, theirs = torch.empty_like(x), torch.empty_like(x)
    k = rt.load(os.path.join(args.artifacts, f"{args.kernel}.cubin.json"))[args.kernel]
    for _ in range(args.launches):
        ours.fill_(float("nan"))
        k[(m,)](x, ours, m, n)
    for _ in range(args.launches):
        theirs.fill_(float("nan"))
        tk.run_softmax(x, theirs)
    torch.cuda.synchronize()
    ref = torch.softmax(x.double(), dim=1)
    for name, got in (("tile", ours), ("triton", theirs)):
        err = ((got.double() - ref).norm() / ref.norm()).item()
        print(f"{name}: relative error {err:.2e}")
        if not err <= 1e-5:
            return 1
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        shutil.copy(os.path.join(args.artifacts, f"{args.kernel}.cubin"),
                    os.path.join(args.out, "tile.cubin"))
        import triton
        block = triton.next_power_of_2(n)
        warps = 4 if block <= 2048 else (8 if block <= 8192 else 16)
        compiled = tk._softmax_kernel.warmup(x, theirs, n, x.stride(0), BLOCK=block,
                                             num_warps=warps, grid=(m,))
        with open(os.path.join(args.out, "triton.cubin"), "wb") as f:
            f.write(compiled.asm["cubin"])
        with open(os.path.join(args.out, "triton.ptx"), "w") as f:
            f.write(compiled.asm["ptx"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
