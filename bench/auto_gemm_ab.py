#!/usr/bin/env python3
"""The layout-free persistent GEMMs against the hand-written ones, timed in
turn: each round times every kernel of a shape once (GPU time of a CUDA
graph after L2 flushes, bench/graph_timing.py), the order reversed every
other round, so that the clock's drift under sustained GEMMs falls on all
of them alike; the table gives each kernel's median over the rounds and
its ratio to each hand-written kernel (the median of the per-round
ratios). fp16 (or bf16, `--dtypes`) in and out.

    python3 bench/auto_gemm_ab.py --artifacts .device-carry/artifacts [--rounds 5]

2-D (M = N = K): examples/auto/matmul_persistent_256.mlir (no
layouts, no partitions; `_bar` if built: the same with
tile-warp-specialize{warpgroup-release=false}) against
examples/matmul_ws_coop.mlir and matmul_persistent.mlir, and cuBLAS; in
bf16 their `_bf16` kernels.
Batched (B x M x N x K): @matmul_batched_tma_persistent of
examples/auto/matmul_batched.mlir against
examples/matmul_batched_persistent.mlir, and torch.bmm. fp8 e4m3 with
per-tensor scales to bf16 (`--fp8-sizes`, M = N = K, B given N x K):
examples/auto/matmul_fp8_persistent.mlir (no layouts; `_anyn` if built:
the same without the N % 8 promise, so with an ordinary store) against
examples/matmul_fp8_persistent.mlir and torch._scaled_mm (cuBLASLt).
Every result is checked against torch before it is timed.
"""

import argparse
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "python"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--artifacts", default=os.path.join(ROOT, ".device-carry", "artifacts"))
    ap.add_argument("--sizes", default="4096,8192")
    ap.add_argument("--dtypes", default="f16,bf16", help="2-D GEMMs: f16 and/or bf16")
    ap.add_argument("--batched", default="8x2048x2048x2048,8x4096x4096x4096")
    ap.add_argument("--fp8-sizes", default="4096,8192")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    import torch
    if not torch.cuda.is_available():
        print("SKIP: no CUDA GPU visible to torch")
        return 0
    import tile.runtime as rt

    sys.path.insert(0, HERE)
    import graph_timing

    flush = torch.empty(256 * 1024 * 1024, dtype=torch.int8, device="cuda")
    sms = torch.cuda.get_device_properties(0).multi_processor_count

    def kernel(name, kname):
        try:
            return rt.load(os.path.join(args.artifacts, f"{name}.cubin.json"))[kname]
        except Exception as e:  # noqa: BLE001
            print(f"{name}: not available ({type(e).__name__})")
            return None

    def add_checked(rows, name, art, kname, grid, kargs, c, ref, tol):
        """Appends (name, a launch of kernel kname of artifact art on grid and
        kargs) to rows when the artifact exists and the kernel's result,
        written over a NaN-filled c, is within tol of ref (relative
        Frobenius)."""
        kern = kernel(art, kname)
        if kern is None:
            return
        fn = lambda: kern[grid](*kargs)
        c.fill_(float("nan"))
        fn()
        torch.cuda.synchronize()
        err = ((c.double() - ref).norm() / ref.norm()).item()
        if not err < tol:
            print(f"{name}: WRONG RESULT, relative error {err:.3e}")
            return
        rows.append((name, fn))

    def cdiv(x, y):
        return (x + y - 1) // y

    def measure(label, rows, hands, flops):
        rows = [(n, f) for n, f in rows if f is not None]
        times = {n: [] for n, _ in rows}
        for r in range(args.rounds):
            order = rows if r % 2 == 0 else rows[::-1]
            for name, fn in order:
                g = graph_timing.graph_time(fn, flush)
                times[name].append(g)
        print(f"{label}: median GPU ms over {args.rounds} rounds, TFLOP/s, "
              + ", ".join(f"x {h}" for h in hands))
        for name, _ in rows:
            t = statistics.median(times[name])
            ratios = []
            for h in hands:
                if h in times:
                    ratios.append(statistics.median(
                        [th / tn for th, tn in zip(times[h], times[name])]))
            print(f"  {name:<40}{t:9.3f}{flops / (t * 1e-3) / 1e12:9.1f}"
                  + "".join(f"{x:8.3f}" for x in ratios))

    print(f"device: {torch.cuda.get_device_name()}")
    for dt, size in ((dt, int(s)) for dt in args.dtypes.split(",") if dt
                     for s in args.sizes.split(",") if s):
        m = n = k = size
        dtype = {"f16": torch.float16, "bf16": torch.bfloat16}[dt]
        sfx = "" if dt == "f16" else "_" + dt  # the hand kernels' bf16 forms: NAME_bf16
        a = torch.randn((m, k), device="cuda", dtype=dtype)
        b = torch.randn((k, n), device="cuda", dtype=dtype)
        c = torch.empty((m, n), device="cuda", dtype=dtype)
        ref = torch.matmul(a, b).double()
        grid = (min(sms, cdiv(m, 128) * cdiv(n, 256)),)
        kargs = (a, b, c, m, n, k, k, n, n)
        rows = [("cuBLAS", lambda: torch.matmul(a, b, out=c))]
        for art in ("matmul_ws_coop", "matmul_persistent", "auto_matmul_persistent_256",
                    "auto_matmul_persistent_256_bar"):
            kname = (art[:-4] if art.endswith("_bar") else art) + sfx
            add_checked(rows, art + sfx, art, kname, grid, kargs, c, ref,
                        2e-3 if dt == "f16" else 1e-2)
        measure(f"{dt} {size}^3", rows, ["matmul_ws_coop" + sfx, "matmul_persistent" + sfx,
                                          "cuBLAS"], 2 * m * n * k)
    for spec in (s for s in args.batched.split(",") if s):
        bs, m, n, k = (int(x) for x in spec.split("x"))
        a = torch.randn((bs, m, k), device="cuda").to(torch.float16)
        b = torch.randn((bs, k, n), device="cuda").to(torch.float16)
        c = torch.empty((bs, m, n), device="cuda", dtype=torch.float16)
        ref = torch.bmm(a.float(), b.float()).double()
        grid = (min(sms, bs * cdiv(m, 128) * cdiv(n, 256)),)
        kargs = (a, b, c, bs, m, n, k, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                 c.stride(0), c.stride(1))
        rows = [("cuBLAS", lambda: torch.bmm(a, b, out=c))]
        for name, kname in (("matmul_batched_persistent", "matmul_batched_persistent"),
                            ("auto_matmul_batched", "matmul_batched_tma_persistent")):
            add_checked(rows, kname, name, kname, grid, kargs, c, ref, 2e-3)
        measure(spec, rows, ["matmul_batched_persistent", "cuBLAS"], 2 * bs * m * n * k)
    for size in (int(s) for s in args.fp8_sizes.split(",") if s):
        m = n = k = size
        a = (torch.randn((m, k), device="cuda") * 2).to(torch.float8_e4m3fn)
        bnk = (torch.randn((n, k), device="cuda") * 2).to(torch.float8_e4m3fn)
        c = torch.empty((m, n), device="cuda", dtype=torch.bfloat16)
        sa = torch.tensor(0.75, device="cuda")
        sb = torch.tensor(1.5, device="cuda")
        ref = torch._scaled_mm(a, bnk.t(), scale_a=sa, scale_b=sb,
                               out_dtype=torch.bfloat16).double()
        grid = (min(sms, cdiv(m, 128) * cdiv(n, 256)),)
        kargs = (a, bnk, c, 0.75, 1.5, m, n, k, a.stride(0), bnk.stride(0), c.stride(0))
        rows = [("cuBLASLt", lambda: torch._scaled_mm(a, bnk.t(), scale_a=sa, scale_b=sb,
                                                      out_dtype=torch.bfloat16))]
        for name, art, kname in (
                ("matmul_fp8_persistent", "matmul_fp8_persistent", "matmul_fp8_persistent"),
                ("auto_matmul_fp8_persistent", "auto_matmul_fp8_persistent",
                 "auto_matmul_fp8_persistent"),
                ("auto_matmul_fp8_persistent_anyn", "auto_matmul_fp8_persistent_anyn",
                 "auto_matmul_fp8_persistent")):
            add_checked(rows, name, art, kname, grid, kargs, c, ref, 2e-2)
        measure(f"fp8 {size}^3", rows, ["matmul_fp8_persistent", "cuBLASLt"], 2 * m * n * k)
    return 0


if __name__ == "__main__":
    sys.exit(main())
