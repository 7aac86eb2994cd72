#!/usr/bin/env python3
"""Times the example kernels against torch on large inputs (GPU only).

    python3 test/gpu/bench_examples.py --artifacts .device-carry/artifacts

Bandwidth counts bytes read plus bytes written once each; times are the
median of CUDA-event timings after warm-up. The examples are written for
clarity, not speed (no vectorization or tuning yet): these numbers are a
baseline for the performance work, measured in the same run as torch.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "python"))

DEFAULT_ARTIFACTS = os.environ.get("TILE_GPU_ARTIFACTS",
                                   os.path.join(ROOT, ".device-carry", "artifacts"))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--artifacts", default=DEFAULT_ARTIFACTS)
    args = ap.parse_args(argv)
    try:
        import torch
    except ImportError:
        print("SKIP: torch is not installed")
        return 0
    if not torch.cuda.is_available():
        print("SKIP: no CUDA GPU")
        return 0
    import tile.runtime as rt
    from gpu_cases import median_ms
    cdiv = rt.cdiv

    def kernel(stem, name=None):
        return rt.load(os.path.join(args.artifacts, f"{stem}.cubin.json"))[name or stem]

    rows = []

    def bench(name, nbytes, tile_fn, torch_fn):
        t_tile, t_torch = median_ms(tile_fn), median_ms(torch_fn)
        rows.append((name, t_tile, nbytes / t_tile / 1e9, t_torch, nbytes / t_torch / 1e9))

    f32 = torch.float32
    n = 1 << 28  # 1 GiB of f32
    src, dst = torch.randn(n, device="cuda"), torch.empty(n, device="cuda")
    k = kernel("copy1d")
    bench("copy1d 1 GiB", 2 * 4 * n, lambda: k[(cdiv(n, 1024),)](src, dst, n),
          lambda: dst.copy_(src))
    del src, dst

    n = 1 << 26
    x, y, out = (torch.randn(n, device="cuda") for _ in range(3))
    k = kernel("vector_add")
    bench("vector_add 64M", 3 * 4 * n, lambda: k[(cdiv(n, 512),)](x, y, out, n),
          lambda: torch.add(x, y, out=out))
    del x, y, out

    m = n_ = 16384
    a = torch.randn(m, n_, device="cuda")
    b = torch.empty(m * n_, device="cuda")
    k = kernel("transpose")
    bt = b.view(n_, m)
    bench("transpose 16K x 16K", 2 * 4 * m * n_, lambda: k[(cdiv(m, 64), cdiv(n_, 64))](a, b, m, n_),
          lambda: bt.copy_(a.t()))
    del a, b, bt

    m, n_ = 65536, 1024
    x, y = torch.randn(m, n_, device="cuda"), torch.empty(m, n_, device="cuda")
    k = kernel("row_softmax")
    bench("row_softmax 65536 x 1024", 2 * 4 * m * n_, lambda: k[(cdiv(m, 4),)](x, y, m, n_),
          lambda: torch.softmax(x, dim=1))
    del x, y

    m, n_ = 16384, 4096
    x, s = torch.randn(m, n_, device="cuda"), torch.empty(m, device="cuda")
    k = kernel("row_sum")
    bench("row_sum 16384 x 4096", 4 * m * n_ + 4 * m, lambda: k[(cdiv(m, 4),)](x, s, m, n_),
          lambda: torch.sum(x, dim=1, out=s))

    print(f"device: {torch.cuda.get_device_name()}  torch {torch.__version__}")
    print(f"{'workload':28} {'tile ms':>9} {'tile TB/s':>10} {'torch ms':>9} {'torch TB/s':>10}")
    for name, tt, bt_, tr, br in rows:
        print(f"{name:28} {tt:9.3f} {bt_:10.2f} {tr:9.3f} {br:10.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
