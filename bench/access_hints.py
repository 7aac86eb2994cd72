#!/usr/bin/env python3
"""Times y = x + 1 over an 8192 x 8192 f32 matrix (256 MiB each way) with
and without cuTile's latency / memory_order hints
(test/gpu/kernels/access_hints.mlir; bench/RESULTS.md).

    python3 bench/access_hints.py --artifacts DIR

DIR holds access_hints.cubin(.json) from tile-compile (build_artifacts.py
builds it with the other kernels).
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "test", "gpu"))

import torch  # noqa: E402

import tile.runtime as rt  # noqa: E402
from gpu_cases import median_ms  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--artifacts", default=os.path.join(ROOT, ".device-carry", "artifacts"))
    args = ap.parse_args()
    mod = rt.load(os.path.join(args.artifacts, "access_hints.cubin.json"))
    m = n = 8192
    x = torch.randn(m, n, device="cuda")
    y = torch.empty_like(x)
    grid = (m // 32, n // 64)
    for name in ("plain_copy", "hinted_copy_low", "hinted_copy_high", "ordered_copy"):
        k = mod[name]
        ms = median_ms(lambda: k[grid](x, y, m, n))
        assert torch.equal(y, x + 1), name
        print(f"{name:18s} {ms:8.3f} ms  {2 * m * n * 4 / ms / 1e6:8.1f} GB/s")


if __name__ == "__main__":
    main()
