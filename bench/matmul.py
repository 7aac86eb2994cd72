#!/usr/bin/env python3
"""GEMM on tensor cores: tile's matmul examples against torch.matmul (cuBLAS)
and a Triton tl.dot kernel, in one run on the same GPU, fp16 in / fp16 out.

    python3 test/gpu/build_artifacts.py --out .device-carry/artifacts   # compiler machine
    python3 bench/matmul.py --artifacts .device-carry/artifacts          # GPU machine

Every result is checked against torch.matmul before it is timed. Times are
medians of triton.testing.do_bench; TFLOP/s = 2 M N K / time. The kernels:
`matmul` (examples/matmul.mlir: mma.sync, 64x64x32 tiles, 4 warps),
`matmul_wgmma` (examples/matmul_wgmma.mlir: wgmma from shared memory,
128x128x64, 8 warps), `auto_matmul` (examples/auto/matmul.mlir, no layouts
written), `matmul_tma` (examples/matmul_tma.mlir: TMA loads into a 3-slot
ring with one mbarrier per slot, asynchronous wgmma, 128x128x64, 8 warps),
`matmul_ws` (examples/matmul_ws.mlir: warp-specialized, a TMA producer
warpgroup and two wgmma consumer warpgroups, 128x256x64, 4-slot ring;
`matmul_ws_split` in test/gpu/kernels: each consumer its own partition;
`matmul_ws_grouped`: tiles in groups of 8 rows for L2 reuse;
`matmul_ws_persistent`: grouped and persistent, one program per SM;
`matmul_ws_pingpong`: two producer/consumer lanes of 128x128 tiles a
program, persistent),
and the hand-pipelined cp.async + async wgmma GEMMs
`matmul_pipelined` (examples/matmul_pipelined.mlir: 128x256x64, 3 stages,
8 warps) and `matmul_pipelined_128` (test/gpu/kernels: 128x128x64, 4
stages) and `matmul_pipelined_1bar` (test/gpu/kernels: 128x256x64, 4 slots
filled 2 ahead, one barrier a k-step). `auto_matmul_rm` and
`matmul_wgmma_rm` (test/gpu/kernels: the two examples with row-major
16-byte rows, the hand-pipelined kernels' arguments) are pipelined by
tile-pipeline: at the default stage count and, as `_sN`, compiled with
--num-stages N (1: not pipelined), the sweep behind the default rule in
docs/Passes.md. "x Triton" is the same untuned 128x128x64 tl.dot loop, "x
Tr.pipe" Triton's pipelined 128x256x64 (num_stages=3, 8 warps).

`matmul_persistent` (examples/matmul_persistent.mlir: 128x256x64, 3-slot
TMA ring carried across tiles, grouped tile order, TMA-store epilogue),
`matmul_persistent_128` (test/gpu/kernels: 128x128x64, 4 slots)
and `matmul_ws_coop` (examples/matmul_ws_coop.mlir: warp-specialized, a
TMA producer warpgroup and two consumer warpgroups on the halves of
128x256 tiles) run a 1-D grid of P = ceil(tiles / ceil(tiles / #SMs))
programs: as many waves as #SMs programs, each program the same number
of tiles (128 on an H100 at 4096^3: 4 tiles each instead of 3 or 4 on
132; h13gemm measured +0.3 to +1.2 % interleaved; TILE_BENCH_PROGRAMS=P
launches P);
`matmul_ws_cluster` (examples/matmul_ws_cluster.mlir: matmul_ws_coop in
2-program clusters that multicast A) 2 Q programs, Q = ceil(pairs /
ceil(pairs / (#SMs / 2))) clusters (the same waves as #SMs / 2, each
cluster the same number of tile pairs: 64 on an H100 at 4096^3 and
8192^3, measured 1.8 % and 5.9 % faster than 66).

Clocks: an H100 under these GEMMs sits at its power limit and its clock
drifts down over a run, so the kernel timed first gains: the GPU runs a
2-second cuBLAS GEMM loop before the first timing, and each size's table
ends with cuBLAS timed again ("cuBLAS again"), after all the others
(bench/RESULTS.md, h11gemm: fp16 4096^3 cuBLAS 757.5 TFLOP/s first, 711.6
last, even after the warm-up).

`--dtypes f16,bf16` adds bf16 rows
(cuBLAS, Triton's pipelined loop, the persistent kernels' bf16 forms);
`--dtypes fp8` adds fp8 e4m3 rows with per-tensor scales and a bf16
result: torch._scaled_mm (cuBLASLt, also with use_fast_accum=True) and
the persistent fp8 kernels (examples/matmul_fp8_persistent.mlir), B given
N x K (K-major) to both, each also timed as GPU time alone (a CUDA graph
of launches after L2 flushes, minus the flushes) and with its host launch
time (tile's Python launcher takes 150-280 us a launch, which do_bench's
per-launch events count whenever it exceeds the ~85 us flush);
`--odd` times the small and odd shapes (M = 1, 2, 4, ..., 128 with N = K =
4096, and 4095^3) for cuBLAS, Triton, matmul_tma, the persistent kernels
and the split-K kernels (examples/matmul_splitk.mlir, S = 1, 2, 4, 8):
operands with rows padded to a multiple of 8 elements (TMA needs 16-byte
row strides), viewed at the shape; cuBLAS is timed on those views and on
contiguous copies; every row also as GPU time, and a last table gives the
best tile kernel of each shape by GPU time. `--kernels REGEX` keeps the
tile kernels whose name matches (cuBLAS and Triton always run).
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "python"))


# The persistent GEMMs: (kernel, artifact, tile columns); 128-row tiles, the
# bf16 form is the kernel's name + "_bf16".
PERSISTENT = (("matmul_persistent", "matmul_persistent", 256),
              ("matmul_persistent_128", "matmul_persistent_128", 128),
              ("matmul_ws_coop", "matmul_ws_coop", 256),
              ("matmul_ws_cluster", "matmul_ws_cluster", 256))

# Kernels compiled with cluster_dims = 2 x 1 x 1: an even grid of 2 Q
# programs, Q clusters balanced over the tile pairs: the fewest that keep the
# waves of #SMs / 2 clusters, ceil(pairs / ceil(pairs / (#SMs / 2))) (64 on
# 132 SMs at 4096^3 and 8192^3; TILE_BENCH_CLUSTERS=Q launches Q).
CLUSTERED = ("matmul_ws_cluster",)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--artifacts", default=os.path.join(ROOT, ".device-carry", "artifacts"))
    ap.add_argument("--sizes", default="4096,8192")
    ap.add_argument("--dtypes", default="f16", help="f16, bf16 and/or fp8, comma separated")
    ap.add_argument("--odd", action="store_true", help="also the small and odd shapes")
    ap.add_argument("--kernels", default="", help="regex: only these tile kernels")
    ap.add_argument("--also", default="",
                    help="more persistent rows, KERNEL:ARTIFACT,... (a kernel of "
                    "PERSISTENT from another artifact, e.g. an earlier build's), "
                    "labelled KERNEL@ARTIFACT")
    args = ap.parse_args()
    bn_of = {name: bn for name, _, bn in PERSISTENT}
    persistent_rows = list(PERSISTENT) + [
        (f"{k}@{art}", art, bn_of[k])
        for k, art in (item.split(":") for item in args.also.split(",") if item)]
    import re
    import torch
    if not torch.cuda.is_available():
        print("SKIP: no CUDA GPU visible to torch")
        return 0
    import triton
    from triton.testing import do_bench
    import tile.runtime as rt

    sys.path.insert(0, HERE)
    from triton_kernels import _matmul_kernel as tl_matmul
    import graph_timing

    def bench(fn):
        fn()
        torch.cuda.synchronize()
        return do_bench(fn, warmup=25, rep=200, return_mode="median")

    flush_buf = torch.empty(256 * 1024 * 1024, dtype=torch.int8, device="cuda")

    def graph_time(fn, n=10):
        return graph_timing.graph_time(fn, flush_buf, n)

    def kernel(name, kname):
        return rt.load(os.path.join(args.artifacts, f"{name}.cubin.json"))[kname]

    sms = torch.cuda.get_device_properties(0).multi_processor_count
    wanted = lambda name: re.search(args.kernels, name) is not None

    def persistent(name, kname, bn, m, n, a, b, c):
        """A launcher of a persistent GEMM: the fewest programs that keep the
        waves of #SMs programs, so that every program gets the same count."""
        k = kernel(name, kname)
        tiles = ((m + 127) // 128) * ((n + bn - 1) // bn)
        grid = int(os.environ.get("TILE_BENCH_PROGRAMS", 0) or -(-tiles // -(-tiles // sms)))
        if kname.removesuffix("_bf16") in CLUSTERED:
            pairs = ((m + 127) // 128) * ((n + 2 * bn - 1) // (2 * bn))
            waves = -(-pairs // (sms // 2))
            grid = 2 * int(os.environ.get("TILE_BENCH_CLUSTERS", 0) or -(-pairs // waves))
        kk = a.shape[1]
        return lambda: k[(grid,)](a, b, c, m, n, kk, a.stride(0), b.stride(0), c.stride(0))

    # Warm the GPU up to its steady clock (see the docstring).
    wa = torch.randn((8192, 8192), device="cuda", dtype=torch.float16)
    import time as _time
    t_end = _time.time() + 2.0
    while _time.time() < t_end:
        for _ in range(10):
            torch.matmul(wa, wa)
        torch.cuda.synchronize()
    del wa
    print(f"device: {torch.cuda.get_device_name()}")
    print(f"{'GEMM fp16':<41}{'TFLOP/s':>9}{'x cuBLAS':>10}{'x Triton':>10}{'x Tr.pipe':>10}")
    sizes = [int(x) for x in args.sizes.split(",")]
    for s in (sizes if "f16" in args.dtypes.split(",") else []):
        a = torch.randn((s, s), device="cuda", dtype=torch.float16)
        b = torch.randn((s, s), device="cuda", dtype=torch.float16)
        c = torch.empty((s, s), device="cuda", dtype=torch.float16)
        ref = torch.matmul(a, b)
        flops = 2 * s ** 3
        t_cublas = bench(lambda: torch.matmul(a, b, out=c))
        # Triton: the same 128x128x64 untuned tl.dot loop as tile's, plus its
        # pipelined best (num_stages=3, 8 warps) for reference.
        t_triton = {}
        for stages, warps, bn in ((1, 4, 128), (3, 8, 256)):
            grid = (triton.cdiv(s, 128), triton.cdiv(s, bn))
            fn = lambda: tl_matmul[grid](a, b, c, s, s, s, s, 1, s, 1, s, 1,
                                         BM=128, BN=bn, BK=64, num_stages=stages,
                                         num_warps=warps)
            fn()
            err = ((c.double() - ref.double()).norm() / ref.double().norm()).item()
            assert err < 2e-3, f"triton wrong: {err}"
            t_triton[(stages, warps, bn)] = bench(fn)
        rows = [("cuBLAS (torch.matmul)", t_cublas)]
        rows += [(f"Triton 128x{bn}x64 stages={st} warps={w}", t) for (st, w, bn), t in t_triton.items()]
        full_args = (s, s, s, s, 1, s, 1, s, 1)  # m n k sam sak sbk sbn scm scn
        lead_args = (s, s, s, s, s, s, 1)        # m n k sam sbk scm scn
        for name, kname, bm, bn, kargs in (
                ("matmul", "matmul", 64, 64, full_args),
                ("matmul_wgmma", "matmul_wgmma", 128, 128, full_args),
                ("auto_matmul", "matmul_auto", 128, 128, full_args),
                ("matmul_pipelined", "matmul_pipelined", 128, 256, lead_args),
                ("matmul_pipelined_128", "matmul_pipelined_128", 128, 128, lead_args),
                ("matmul_pipelined_1bar", "matmul_pipelined_1bar", 128, 256, lead_args),
                # tile-pipeline: the row-major GEMMs at the default stage
                # count and at --num-stages 1 (off) to 5.
                ("auto_matmul_rm", "auto_matmul_rm", 128, 128, lead_args),
                ("matmul_wgmma_rm", "matmul_wgmma_rm", 128, 128, lead_args),
                *[(f"{stem}_s{st}", stem, 128, 128, lead_args)
                  for stem in ("auto_matmul_rm", "matmul_wgmma_rm")
                  for st in (1, 2, 3, 4, 5)]):
            if not wanted(name):
                continue
            try:
                k = kernel(name, kname)
            except Exception as e:  # an artifact set without this kernel
                print(f"{name}: not available ({type(e).__name__}: {e})")
                continue
            grid = ((s + bm - 1) // bm, (s + bn - 1) // bn)
            c.fill_(float("nan"))
            fn = lambda: k[grid](a, b, c, *kargs)
            fn()
            torch.cuda.synchronize()
            err = ((c.double() - ref.double()).norm() / ref.double().norm()).item()
            if not err < 2e-3:
                print(f"{name}: WRONG RESULT, relative error {err:.3e}")
                continue
            rows.append((f"tile {name}", bench(fn)))
        # examples/matmul_tma.mlir: TMA loads, 3 stages, async wgmma; and
        # the persistent kernels (examples/matmul_persistent.mlir).
        k = kernel("matmul_tma", "matmul_tma")
        grid = ((s + 127) // 128, (s + 127) // 128)
        launchers = [("matmul_tma", lambda: k[grid](a, b, c, s, s, s, s, s, s))]
        for name, stem, bn in persistent_rows:
            try:
                launchers.append((name, persistent(stem, name.split("@")[0], bn, s, s, a, b,
                                                   c)))
            except Exception as e:
                print(f"{name}: not available ({type(e).__name__}: {e})")
        # examples/matmul_ws.mlir: warp-specialized, TMA producer warpgroup
        # and two wgmma consumer warpgroups, 128x256x64, 4 slots;
        # matmul_ws_split (test/gpu/kernels): each consumer its own partition;
        # matmul_ws_grouped: grouped tile order; _persistent and _pingpong:
        # one program per SM.
        for ws_name in ("matmul_ws", "matmul_ws_split", "matmul_ws_grouped",
                        "matmul_ws_persistent", "matmul_ws_pingpong"):
            try:
                kw = kernel(ws_name, ws_name)
            except Exception as e:
                print(f"{ws_name}: not available ({type(e).__name__}: {e})")
                continue
            g = ((s + 127) // 128, (s + 255) // 256)
            if ws_name in ("matmul_ws_persistent", "matmul_ws_pingpong"):
                g = (torch.cuda.get_device_properties(0).multi_processor_count, 1)
            launchers.append((ws_name, lambda kw=kw, g=g: kw[g](a, b, c, s, s, s, s, s, s)))
        for name, fn in launchers:
            if not wanted(name):
                continue
            c.fill_(float("nan"))
            fn()
            torch.cuda.synchronize()
            err = ((c.double() - ref.double()).norm() / ref.double().norm()).item()
            if err < 2e-3:
                rows.append((f"tile {name}", bench(fn)))
            else:
                print(f"{name}: WRONG RESULT, relative error {err:.3e}")
        rows.append(("cuBLAS again", bench(lambda: torch.matmul(a, b, out=c))))
        t_tri_same = t_triton[(1, 4, 128)]
        t_tri_best = t_triton[(3, 8, 256)]
        for name, t in rows:
            tf = flops / (t * 1e-3) / 1e12
            print(f"{s}^3 {name:<36}{tf:9.1f}{t_cublas / t:10.2f}{t_tri_same / t:10.2f}"
                  f"{t_tri_best / t:10.2f}")

    # bf16 in, bf16 out, f32 accumulation.
    if "bf16" in args.dtypes.split(","):
        print(f"{'GEMM bf16':<41}{'TFLOP/s':>9}{'x cuBLAS':>10}{'x Tr.pipe':>10}")
    for s in (sizes if "bf16" in args.dtypes.split(",") else []):
        a = torch.randn((s, s), device="cuda", dtype=torch.bfloat16)
        b = torch.randn((s, s), device="cuda", dtype=torch.bfloat16)
        c = torch.empty((s, s), device="cuda", dtype=torch.bfloat16)
        ref = torch.matmul(a, b).double()
        flops = 2 * s ** 3
        rows = [("cuBLAS (torch.matmul)", bench(lambda: torch.matmul(a, b, out=c)))]
        grid = (triton.cdiv(s, 128), triton.cdiv(s, 256))
        fn = lambda: tl_matmul[grid](a, b, c, s, s, s, s, 1, s, 1, s, 1, BM=128, BN=256,
                                     BK=64, num_stages=3, num_warps=8)
        fn()
        rows.append(("Triton 128x256x64 stages=3 warps=8", bench(fn)))
        for name, stem, bn in persistent_rows:
            if not wanted(name):
                continue
            try:
                fn = persistent(stem, name.split("@")[0] + "_bf16", bn, s, s, a, b, c)
            except Exception as e:
                print(f"{name}_bf16: not available ({type(e).__name__}: {e})")
                continue
            c.fill_(float("nan"))
            fn()
            torch.cuda.synchronize()
            err = ((c.double() - ref).norm() / ref.norm()).item()
            if not err < 1e-2:
                print(f"{name}_bf16: WRONG RESULT, relative error {err:.3e}")
                continue
            rows.append((f"tile {name}_bf16", bench(fn)))
        rows.append(("cuBLAS again", bench(lambda: torch.matmul(a, b, out=c))))
        for name, t in rows:
            print(f"{s}^3 {name:<36}{flops / (t * 1e-3) / 1e12:9.1f}{rows[0][1] / t:10.2f}"
                  f"{rows[1][1] / t:10.2f}")

    # fp8 e4m3 in, bf16 out, per-tensor scales: torch._scaled_mm (cuBLASLt)
    # against the persistent fp8 kernels (examples/matmul_fp8_persistent.mlir);
    # B is N x K (K-major), as both take it.
    fp8_fns = {}
    if "fp8" in args.dtypes.split(","):
        print(f"{'GEMM fp8 e4m3 -> bf16, scaled':<41}{'TFLOP/s':>9}{'x cuBLAS':>10}{'% peak':>8}")
    for s in (sizes if "fp8" in args.dtypes.split(",") else []):
        a = (torch.randn((s, s), device="cuda") * 2).to(torch.float8_e4m3fn)
        bnk = (torch.randn((s, s), device="cuda") * 2).to(torch.float8_e4m3fn)
        c = torch.empty((s, s), device="cuda", dtype=torch.bfloat16)
        sa = torch.tensor(0.75, device="cuda")
        sb = torch.tensor(1.5, device="cuda")
        ref = torch._scaled_mm(a, bnk.t(), scale_a=sa, scale_b=sb,
                               out_dtype=torch.bfloat16).double()
        flops = 2 * s ** 3
        rows = [("cuBLASLt (torch._scaled_mm)",
                 bench(lambda: torch._scaled_mm(a, bnk.t(), scale_a=sa, scale_b=sb,
                                                out_dtype=torch.bfloat16))),
                ("cuBLASLt, use_fast_accum=True",
                 bench(lambda: torch._scaled_mm(a, bnk.t(), scale_a=sa, scale_b=sb,
                                                out_dtype=torch.bfloat16,
                                                use_fast_accum=True)))]
        fns = {"cuBLASLt (torch._scaled_mm)": lambda: torch._scaled_mm(
            a, bnk.t(), scale_a=sa, scale_b=sb, out_dtype=torch.bfloat16),
               "cuBLASLt, use_fast_accum=True": lambda: torch._scaled_mm(
            a, bnk.t(), scale_a=sa, scale_b=sb, out_dtype=torch.bfloat16,
            use_fast_accum=True)}
        # (row name, artifact, kernel, tile width); auto_matmul_fp8_persistent
        # is the layout-free kernel (examples/auto/matmul_fp8_persistent.mlir).
        for name, art, kname, bn in (
                ("matmul_fp8_persistent", "matmul_fp8_persistent", "matmul_fp8_persistent", 256),
                ("matmul_fp8_persistent_128", "matmul_fp8_persistent",
                 "matmul_fp8_persistent_128", 128),
                ("matmul_fp8_persistent_128_s6", "matmul_fp8_persistent",
                 "matmul_fp8_persistent_128_s6", 128),
                ("matmul_fp8_persistent_k64", "matmul_fp8_persistent",
                 "matmul_fp8_persistent_k64", 256),
                ("matmul_fp8_persistent_s4", "matmul_fp8_persistent",
                 "matmul_fp8_persistent_s4", 256),
                ("auto_matmul_fp8_persistent", "auto_matmul_fp8_persistent",
                 "auto_matmul_fp8_persistent", 256)):
            if not wanted(name):
                continue
            try:
                k = kernel(art, kname)
            except Exception as e:
                print(f"{name}: not available ({type(e).__name__}: {e})")
                continue
            tiles = ((s + 127) // 128) * ((s + bn - 1) // bn)
            fn = lambda k=k, tiles=tiles: k[(min(sms, tiles),)](
                a, bnk, c, 0.75, 1.5, s, s, s, a.stride(0), bnk.stride(0), c.stride(0))
            c.fill_(float("nan"))
            fn()
            torch.cuda.synchronize()
            err = ((c.double() - ref).norm() / ref.norm()).item()
            if not err < 2e-2:
                print(f"{name}: WRONG RESULT, relative difference to _scaled_mm {err:.3e}")
                continue
            rows.append((f"tile {name}", bench(fn)))
            fns[f"tile {name}"] = fn
        for name, t in rows:
            tf = flops / (t * 1e-3) / 1e12
            print(f"{s}^3 {name:<36}{tf:9.1f}{rows[0][1] / t:10.2f}{100 * tf / 1979:8.1f}")
        fp8_fns[s] = fns
        # The same launches timed on the GPU alone (CUDA graph, L2 flushed
        # before each): the host's launch time no longer counts.
        gt = {name: graph_time(fn) for name, fn in fns.items()}
        base = gt.get("cuBLASLt (torch._scaled_mm)")
        for name, t in gt.items():
            if t is None:
                continue
            tf = flops / (t * 1e-3) / 1e12
            ratio = f"{base / t:10.2f}" if base else f"{'-':>10}"
            print(f"{s}^3 graph {name:<30}{tf:9.1f}{ratio}{100 * tf / 1979:8.1f}")

    # The host side of a launch (Python argument packing and, for TMA
    # kernels, cuTensorMapEncodeTiled per descriptor) against the GPU time:
    # do_bench times each launch between events after an L2 flush, so a
    # launch that takes the host longer than the flush leaves the GPU idle
    # inside the timed interval. "back-to-back" is 20 launches between two
    # events with no flush (the queue hides the host time when it is shorter
    # than the kernel).
    if fp8_fns:
        import time
        print(f"{'fp8 launch overhead':<41}{'host us':>9}{'b2b TFLOP/s':>13}")
    for s, fns in fp8_fns.items():
        for name, fn in fns.items():
            host = []
            for _ in range(20):
                torch.cuda.synchronize()
                t0 = time.perf_counter()
                fn()
                host.append((time.perf_counter() - t0) * 1e6)
            torch.cuda.synchronize()
            e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            e0.record()
            for _ in range(20):
                fn()
            e1.record()
            torch.cuda.synchronize()
            t = e0.elapsed_time(e1) / 20
            print(f"{s}^3 {name:<36}{sorted(host)[10]:9.1f}{2 * s ** 3 / (t * 1e-3) / 1e12:13.1f}")

    # Small and odd shapes, fp16: rows padded to 8 elements for TMA. Every
    # tile kernel that takes the shape, then the best of them.
    if args.odd:
        print(f"{'GEMM fp16, small/odd shapes':<41}{'TFLOP/s':>9}{'x cuBLAS':>10}"
              f"{'graph us':>9}{'x cuBLAS':>9}")
    odd_shapes = [(mm, 4096, 4096) for mm in (1, 2, 4, 8, 16, 32, 64, 96, 128)]
    odd_shapes.append((4095, 4095, 4095))
    best_rows = []
    for m, n, kk in (odd_shapes if args.odd else []):
        up = lambda x: (x + 7) // 8 * 8
        a = torch.randn((m, up(kk)), device="cuda", dtype=torch.float16)[:, :kk]
        b = torch.randn((kk, up(n)), device="cuda", dtype=torch.float16)[:, :n]
        c = torch.empty((m, up(n)), device="cuda", dtype=torch.float16)
        ac, bc = a.contiguous(), b.contiguous()
        ref = (a.double() @ b.double())
        flops = 2 * m * n * kk
        cublas_fn = lambda: torch.matmul(ac, bc)
        rows = [("cuBLAS (torch.matmul), contiguous", bench(cublas_fn))]
        graph = {rows[0][0]: graph_time(cublas_fn)}
        if (ac.stride(0), bc.stride(0)) != (a.stride(0), b.stride(0)):
            rows.append(("cuBLAS on the padded views", bench(lambda: torch.matmul(a, b))))
            graph[rows[-1][0]] = graph_time(lambda: torch.matmul(a, b))
        cc = c[:, :n]
        fn = lambda: tl_matmul[(triton.cdiv(m, 128), triton.cdiv(n, 256))](
            a, b, cc, m, n, kk, a.stride(0), 1, b.stride(0), 1, c.stride(0), 1,
            BM=128, BN=256, BK=64, num_stages=3, num_warps=8)
        fn()
        rows.append(("Triton 128x256x64 stages=3 warps=8", bench(fn)))
        graph[rows[-1][0]] = graph_time(fn)
        n_lib = len(rows)
        k = kernel("matmul_tma", "matmul_tma")
        launchers = [("matmul_tma", lambda: k[((m + 127) // 128, (n + 127) // 128)](
            a, b, c, m, n, kk, a.stride(0), b.stride(0), c.stride(0)))]
        for name, bn in (("matmul_persistent", 256), ("matmul_persistent_128", 128)):
            launchers.append((name, persistent(name, name, bn, m, n, a, b, c)))
        # examples/matmul_splitk.mlir: 64x128 tiles, K cut into S splits
        # (S = 1, 2, 4, 8 up to 4 programs per SM, to show the choice, and
        # the rule's S marked "auto"); scratch and counters allocated once
        # per shape.
        try:
            ksks = [(kn, kernel("matmul_splitk", kn))
                    for kn in ("matmul_splitk", "matmul_splitk_w8")]
            tm, tn = (m + 63) // 64, (n + 127) // 128
            ktiles = (kk + 63) // 64
            # The rule: as many splits as fill the SMs once, sms // tiles.
            s_auto = max(1, min(ktiles, sms // (tm * tn)))
            cnt = torch.zeros((tm * tn,), device="cuda", dtype=torch.int32)
            sweep = {sp for sp in (1, 2, 4, 8) if sp <= ktiles and tm * tn * sp <= 4 * sms}
            for sp in sorted(sweep | {s_auto}):
                ws = torch.empty((sp * m * n,), device="cuda", dtype=torch.float32)
                for kn, ksk in ksks:
                    launchers.append((f"{kn} S={sp}" + (" (auto)" if sp == s_auto else ""),
                                      lambda sp=sp, ws=ws, ksk=ksk: ksk[(tn, tm, sp)](
                                          a, b, c, ws, cnt, m, n, kk, a.stride(0),
                                          b.stride(0), c.stride(0))))
        except Exception as e:
            print(f"matmul_splitk: not available ({type(e).__name__}: {e})")
        for name, fn in launchers:
            if not wanted(name):
                continue
            c.fill_(float("nan"))
            fn()
            torch.cuda.synchronize()
            err = ((c[:, :n].double() - ref).norm() / ref.norm()).item()
            if not err < 2e-3:
                print(f"{m}x{n}x{kk} {name}: WRONG RESULT, relative error {err:.3e}")
                continue
            t = bench(fn)
            # A second check after the timed launches: the counters must
            # have come back to zero and C still be right.
            err = ((c[:, :n].double() - ref).norm() / ref.norm()).item()
            if not err < 2e-3:
                print(f"{m}x{n}x{kk} {name}: WRONG RESULT after repeated launches, {err:.3e}")
                continue
            rows.append((f"tile {name}", t))
            graph[f"tile {name}"] = graph_time(fn)
        g0 = graph[rows[0][0]]
        for name, t in rows:
            g = graph.get(name)
            gcols = (f"{g * 1e3:9.1f}{g0 / g:9.2f}" if g and g0 else f"{'-':>9}{'-':>9}")
            print(f"{m}x{n}x{kk} {name:<36}{flops / (t * 1e-3) / 1e12:9.2f}"
                  f"{rows[0][1] / t:10.2f}{gcols}")
        tiles_rows = [(nm, graph.get(nm) or t) for nm, t in rows[n_lib:]]
        if tiles_rows:
            name, t = min(tiles_rows, key=lambda r: r[1])
            best_rows.append((f"{m}x{n}x{kk}", g0 or rows[0][1], name, t, flops))
    if best_rows:
        print(f"{'best tile kernel per shape (GPU time)':<23}{'cuBLAS us':>10}{'tile us':>9}"
              f"{'x cuBLAS':>9}  kernel")
        for shape, tc, name, t, flops in best_rows:
            print(f"{shape:<23}{tc * 1e3:10.1f}{t * 1e3:9.1f}{tc / t:9.2f}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
