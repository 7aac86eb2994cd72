#!/usr/bin/env python3
"""Batched GEMM C[z] = A[z] B[z] against torch.bmm (cuBLAS), in one run.

    python3 test/gpu/build_artifacts.py --out .device-carry/artifacts   # compiler machine
    python3 bench/matmul_batched.py --artifacts .device-carry/artifacts  # GPU machine

Shapes are BxMxNxK (default: 8 matrices of 2048^3, the work of one 4096^3
GEMM; 64 of 1024^3; 8 of 4096^3; 16 of 1000^3, not tile multiples), f16
and bf16 (out in the input type, f32 accumulation). Rows: cuBLAS
(torch.bmm, timed first and again after the tile rows: the clock drifts
down under sustained GEMMs, bench/RESULTS.md); tile
matmul_batched_persistent(_bf16) (examples/matmul_batched_persistent.mlir:
3-D TMA, wgmma, 128x256x64 tiles, 3-slot ring, persistent over (batch,
tile) in grouped order), and the --variants from the generator's
--config; for f16, the layout-free kernels of
examples/auto/matmul_batched.mlir: @matmul_batched_tma_persistent (the
hand kernel's tiles, order and launch without layouts or partitions:
tile-warp-specialize's 3-slot TMA ring, two consumer warpgroups),
@matmul_batched_tma (allow_tma 3-D TMA, wgmma, one program per 128x128
tile, tile-warp-specialize's 4-slot TMA ring),
test/gpu/kernels/bmm_load_at.mlir (the same 128x128 tiles through
tile.load_at dims [1, 2], 4 warps: tile-warp-specialize's ring, and
tile-pipeline's TMA ring as bmm_load_at_nows), @matmul_batched_slice
(rank-2 views of each matrix: cp.async pipeline, wgmma) and
@matmul_batched (any strides, rank-3 dot on mma.sync). A shape with B = 1
(e.g. 1x4096x4096x4096, the work of 8x2048^3) also times the 2-D
layout-free GEMMs with the same 128x128x64 tile, test/gpu/kernels/
auto_matmul_rm (cp.async pipeline) and auto_matmul_rm_tma (allow_tma: the
TMA ring), for the comparison at equal FLOPs. Every result is checked against torch.bmm
before it is timed. Two times per row: the median of
triton.testing.do_bench (host launch included) and the GPU time alone
(bench/graph_timing.py: a CUDA graph of 10 launches after L2 flushes,
minus the flushes); TFLOP/s = 2 B M N K / GPU time, "x cuBLAS" against
the first cuBLAS row.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "python"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--artifacts", default=os.path.join(ROOT, ".device-carry", "artifacts"))
    ap.add_argument("--shapes", default="8x2048x2048x2048,64x1024x1024x1024,"
                                        "8x4096x4096x4096,16x1000x1000x1000")
    ap.add_argument("--dtypes", default="f16,bf16")
    ap.add_argument("--variants", default="",
                    help="more persistent kernels, ARTIFACT:KERNEL:BLOCK_N,... (from "
                         "utils/gen_matmul_batched.py --config; timed for the dtype "
                         "their name says)")
    args = ap.parse_args()
    import torch
    if not torch.cuda.is_available():
        print("SKIP: no CUDA GPU visible to torch")
        return 0
    from triton.testing import do_bench
    import tile.runtime as rt

    sys.path.insert(0, HERE)
    import graph_timing

    flush = torch.empty(256 * 1024 * 1024, dtype=torch.int8, device="cuda")
    sms = torch.cuda.get_device_properties(0).multi_processor_count

    def kernel(name, kname):
        return rt.load(os.path.join(args.artifacts, f"{name}.cubin.json"))[kname]

    def cdiv(x, y):
        return (x + y - 1) // y

    print(f"device: {torch.cuda.get_device_name()}")
    print(f"{'batched GEMM':<68}{'do_bench ms':>12}{'GPU ms':>9}{'TFLOP/s':>9}{'x cuBLAS':>10}")
    for dt in args.dtypes.split(","):
        dtype = {"f16": torch.float16, "bf16": torch.bfloat16}[dt]
        suffix = "" if dt == "f16" else "_bf16"
        for spec in args.shapes.split(","):
            bs, m, n, k = (int(x) for x in spec.split("x"))
            a = torch.randn((bs, m, k), device="cuda").to(dtype)
            b = torch.randn((bs, k, n), device="cuda").to(dtype)
            c = torch.empty((bs, m, n), device="cuda", dtype=dtype)
            ref = torch.bmm(a.float(), b.float()).double()
            strides = (a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                       c.stride(0), c.stride(1))
            cublas = ("cuBLAS (torch.bmm)", lambda: torch.bmm(a, b, out=c))
            rows = [cublas]
            candidates = [("matmul_batched_persistent", "matmul_batched_persistent" + suffix,
                           (min(sms, bs * cdiv(m, 128) * cdiv(n, 256)),),
                           (a, b, c, bs, m, n, k) + strides)]
            for variant in filter(None, args.variants.split(",")):
                vname, vkernel, vbn = variant.split(":")
                if vkernel.startswith("matmul_batched_persistent_bf16_") == (dt == "bf16"):
                    candidates.append((vname, vkernel,
                                       (min(sms, bs * cdiv(m, 128) * cdiv(n, int(vbn))),),
                                       (a, b, c, bs, m, n, k) + strides))
            if dt == "f16":
                candidates += [
                    ("auto_matmul_batched", "matmul_batched_tma_persistent",
                     (min(sms, bs * cdiv(m, 128) * cdiv(n, 256)),),
                     (a, b, c, bs, m, n, k) + strides),
                    ("auto_matmul_batched", "matmul_batched_tma",
                     (cdiv(m, 128), cdiv(n, 128), bs), (a, b, c, bs, m, n, k) + strides),
                    # test/gpu/kernels/bmm_load_at.mlir: the same tiles
                    # through tile.load_at dims [1, 2], warp-specialized
                    # (default) and in tile-pipeline's TMA ring (_nows).
                    ("bmm_load_at", "bmm_load_at",
                     (cdiv(m, 128), cdiv(n, 128), bs), (a, b, c, bs, m, n, k) + strides),
                    ("bmm_load_at_nows", "bmm_load_at",
                     (cdiv(m, 128), cdiv(n, 128), bs), (a, b, c, bs, m, n, k) + strides),
                    ("auto_matmul_batched", "matmul_batched_slice",
                     (cdiv(m, 128), cdiv(n, 128), bs), (a, b, c, bs, m, n, k) + strides),
                    ("auto_matmul_batched", "matmul_batched",
                     (cdiv(m, 64), cdiv(n, 64), bs),
                     (a, b, c, bs, m, n, k, *a.stride(), *b.stride(), *c.stride()))]
            if dt == "f16" and bs == 1:
                # m n k sam sbk scm scn of the 2-D layout-free GEMMs.
                lead = (a[0], b[0], c[0], m, n, k, a.stride(1), b.stride(1), c.stride(1), 1)
                candidates += [(stem, stem, (cdiv(m, 128), cdiv(n, 128)), lead)
                               for stem in ("auto_matmul_rm", "auto_matmul_rm_tma")]
            for name, kname, grid, kargs in candidates:
                try:
                    kern = kernel(name, kname)
                except Exception as e:  # noqa: BLE001
                    print(f"{kname}: not available ({type(e).__name__}: {e})")
                    continue
                fn = lambda kern=kern, grid=grid, kargs=kargs: kern[grid](*kargs)
                c.fill_(float("nan"))
                try:
                    fn()
                    torch.cuda.synchronize()
                except Exception as e:  # noqa: BLE001
                    print(f"{kname}: launch failed ({type(e).__name__}: {e})")
                    continue
                err = ((c.double() - ref).norm() / ref.norm()).item()
                if not err < (2e-3 if dt == "f16" else 1e-2):
                    print(f"{kname}: WRONG RESULT, relative error {err:.3e}")
                    continue
                label = f"tile {kname}" + (" (--warp-specialize=false)"
                                           if name.endswith("_nows") else "")
                rows.append((label, fn))
            rows.append(("cuBLAS again", cublas[1]))
            t_cublas = None
            for name, fn in rows:
                fn()
                torch.cuda.synchronize()
                t = do_bench(fn, warmup=25, rep=200, return_mode="median")
                g = graph_timing.graph_time(fn, flush)
                if g is None:
                    g = t
                if t_cublas is None:
                    t_cublas = g
                tf = 2 * bs * m * n * k / (g * 1e-3) / 1e12
                print(f"{dt:<4} {spec:<18} {name:<44}{t:12.3f}{g:9.3f}{tf:9.1f}{t_cublas / g:10.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
