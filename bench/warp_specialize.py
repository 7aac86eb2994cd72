#!/usr/bin/env python3
"""tile-warp-specialize against the same kernels without it and the
hand-written warp-specialized GEMM, fp16 in / fp16 out, in one run.

    python3 test/gpu/build_artifacts.py --out .device-carry/artifacts   # compiler machine
    python3 bench/warp_specialize.py --artifacts .device-carry/artifacts  # GPU machine

Rows: cuBLAS (torch.matmul); examples/matmul_ws.mlir (hand-written
partitions, 128x256x64, 4 slots); examples/matmul_pipelined.mlir
(hand-pipelined cp.async, 128x256x64) and matmul_tma.mlir (hand-pipelined
TMA, 128x128x64); test/gpu/kernels/auto_matmul_rm.mlir and
auto_matmul_rm_256.mlir (no layouts, no partitions) in the default compile
(the pass is on by default: 4 slots for both), with
--warp-specialize (`_ws`, the same) and `_nows`
(--warp-specialize=false: tile-pipeline, cp.async, 3 stages);
test/gpu/kernels/auto_matmul_ws.mlir (the loop's attribute: 2 slots); and
test/gpu/kernels/auto_matmul_persistent.mlir (a persistent layout-free
GEMM, one program per SM: the pass on the k-loop inside its tile loop, and
`_nows` without it); examples/auto/matmul_persistent_256.mlir (a
persistent layout-free GEMM with the tile, tile order and TMA-store
epilogue of the hand-written matmul_ws_coop: 128x256 tiles in groups of 16
tile rows; `_nows` without the pass, `_bar` with
tile-warp-specialize{warpgroup-release=false}: the consumers release each
slot after their partition barrier) beside the hand-written persistent
GEMMs examples/matmul_ws_coop.mlir and matmul_persistent.mlir (128x256,
one program per SM).
Every result is checked against torch.matmul before it is timed. Two
times per row: the median of triton.testing.do_bench (host launch
included: tile's Python launcher costs 150-280 us a launch) and the GPU
time alone (a CUDA graph of 10 launches after L2 flushes, minus the
flushes); TFLOP/s = 2 M N K / GPU time.
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
    ap.add_argument("--sizes", default="4096,8192", help="square sizes")
    ap.add_argument("--shapes", default="",
                    help="MxNxK shapes instead (e.g. 128x4096x4096,1024x1024x1024)")
    args = ap.parse_args()
    import torch
    if not torch.cuda.is_available():
        print("SKIP: no CUDA GPU visible to torch")
        return 0
    from triton.testing import do_bench
    import tile.runtime as rt

    flush = torch.empty(256 * 1024 * 1024, dtype=torch.int8, device="cuda")

    sys.path.insert(0, HERE)
    import graph_timing

    def gpu_time(fn, n=10):
        return graph_timing.graph_time(fn, flush, n)

    def kernel(name, kname):
        return rt.load(os.path.join(args.artifacts, f"{name}.cubin.json"))[kname]

    print(f"device: {torch.cuda.get_device_name()}")
    print(f"{'GEMM fp16':<34}{'do_bench ms':>12}{'GPU ms':>9}{'TFLOP/s':>9}{'x cuBLAS':>10}")
    if args.shapes:
        shapes = [tuple(int(v) for v in x.split("x")) for x in args.shapes.split(",")]
    else:
        shapes = [(int(x),) * 3 for x in args.sizes.split(",")]
    for m, n, kk in shapes:
        a = torch.randn((m, kk), device="cuda", dtype=torch.float16)
        b = torch.randn((kk, n), device="cuda", dtype=torch.float16)
        c = torch.empty((m, n), device="cuda", dtype=torch.float16)
        ref = torch.matmul(a, b).double()
        lead = (a, b, c, m, n, kk, kk, n, n, 1)   # m n k sam sbk scm scn
        short = (a, b, c, m, n, kk, kk, n, n)     # m n k sam sbk scm
        rows = [("cuBLAS (torch.matmul)", lambda: torch.matmul(a, b, out=c))]
        sms = torch.cuda.get_device_properties(0).multi_processor_count
        tiles = ((m + 127) // 128) * ((n + 127) // 128)
        label = f"{m}^3" if m == n == kk else f"{m}x{n}x{kk}"
        for name, kname, bn, kargs in (
                ("matmul_ws", "matmul_ws", 256, short),
                ("matmul_pipelined", "matmul_pipelined", 256, lead),
                ("matmul_tma", "matmul_tma", 128, short),
                ("auto_matmul_rm", "auto_matmul_rm", 128, lead),
                ("auto_matmul_rm_nows", "auto_matmul_rm", 128, lead),
                ("auto_matmul_rm_ws", "auto_matmul_rm", 128, lead),
                ("auto_matmul_rm_256", "auto_matmul_rm_256", 256, lead),
                ("auto_matmul_rm_256_nows", "auto_matmul_rm_256", 256, lead),
                ("auto_matmul_rm_256_ws", "auto_matmul_rm_256", 256, lead),
                ("auto_matmul_ws", "auto_matmul_ws", 128, lead),
                ("matmul_wgmma_rm", "matmul_wgmma_rm", 128, lead),
                ("matmul_wgmma_rm_nows", "matmul_wgmma_rm", 128, lead),
                ("auto_matmul_persistent", "auto_matmul_persistent", 0, short),
                ("auto_matmul_persistent_nows", "auto_matmul_persistent", 0, short),
                ("matmul_ws_coop", "matmul_ws_coop", -256, short),
                ("matmul_persistent", "matmul_persistent", -256, short),
                ("auto_matmul_persistent_256", "auto_matmul_persistent_256", -256, short),
                ("auto_matmul_persistent_256_bar", "auto_matmul_persistent_256", -256, short),
                ("auto_matmul_persistent_256_nows", "auto_matmul_persistent_256", -256,
                 short)):
            try:
                k = kernel(name, kname)
            except Exception as e:  # noqa: BLE001
                print(f"{name}: not available ({type(e).__name__}: {e})")
                continue
            # bn 0: persistent, one program per SM (128x128 tiles); -BN:
            # persistent with 128xBN tiles.
            if bn > 0:
                grid = ((m + 127) // 128, (n + bn - 1) // bn)
            elif bn == 0:
                grid = (min(sms, tiles),)
            else:
                grid = (min(sms, ((m + 127) // 128) * ((n - bn - 1) // -bn)),)
            fn = lambda k=k, grid=grid, kargs=kargs: k[grid](*kargs)
            c.fill_(float("nan"))
            fn()
            torch.cuda.synchronize()
            err = ((c.double() - ref).norm() / ref.norm()).item()
            if not err < 2e-3:
                print(f"{name}: WRONG RESULT, relative error {err:.3e}")
                continue
            rows.append((f"tile {name}", fn))
        t_cublas = None
        for name, fn in rows:
            fn()
            torch.cuda.synchronize()
            t = do_bench(fn, warmup=25, rep=200, return_mode="median")
            g = gpu_time(fn)
            if t_cublas is None:
                t_cublas = g
            tf = 2 * m * n * kk / (g * 1e-3) / 1e12
            print(f"{label} {name:<29}{t:12.3f}{g:9.3f}{tf:9.1f}{t_cublas / g:10.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
