#!/usr/bin/env python3
"""Attention forward timed interleaved: per row, SDPA's cuDNN backend and
each tile kernel in turn, ROUNDS rounds (default 3; the order reversed
every other round), the median of the rounds' do_bench medians. The GPU's
clock drifts within a run, so kernels timed one after the other in
bench/attention.py differ by 2 - 4 % when they are the same cubin; this
spreads the drift over all of them.

    ROUNDS=6 python3 bench/attention_interleaved.py ARTIFACTS \
        'f16:128:full:attention_ws/attention_ws_T_dD/sm,other/attention_ws_T_dD/sm;f16:64:causal:...'

A row is DTYPE:D:MASK:SPECS (f16 or bf16, 64 or 128, full or causal), a
spec ARTIFACT/KERNEL[/LAUNCH]: the kernel KERNEL (T and D replaced by the
dtype and d) of ARTIFACT.cubin.json, a persistent kernel of
utils/gen_attention_ws.py (the last argument B * H), launched with one
program per SM (`sm`, the default, as bench/attention.py) or one per
tile (`tile`), or a layout-free kernel of examples/auto/attention_contig.mlir
(`auto`: one program per 128 rows and b * h, the (b, h, n) strides; a
persistent one, examples/auto/attention_contig_persistent.mlir, one
program per SM with B * H appended).
Every kernel is checked against cuDNN first. B=4 H=32 N=4096.
"""
import math, os, sys, statistics
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "python"))
import torch, torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel
from triton.testing import do_bench
import tile.runtime as rt
A = sys.argv[1]
ROUNDS = int(os.environ.get("ROUNDS", "3"))
rows = [r.split(":") for r in sys.argv[2].split(";")]   # dtype:d:mask:spec,spec...  spec=ART/KERNEL[/pl]
b, h, n = 4, 32, 4096
sms = torch.cuda.get_device_properties(0).multi_processor_count
print(torch.cuda.get_device_name(), "rounds", ROUNDS)
for tname, d, mask, specs in rows:
    d = int(d)
    causal = mask == "causal"
    dt = torch.bfloat16 if tname == "bf16" else torch.float16
    torch.manual_seed(0)
    q, k, v = (torch.randn((b, h, n, d), device="cuda", dtype=dt) for _ in range(3))
    o = torch.empty_like(q)
    flops = 4 * b * h * n * n * d / (2 if causal else 1)
    with sdpa_kernel(SDPBackend.CUDNN_ATTENTION):
        ref = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
    fns = {}
    def cudnn():
        with sdpa_kernel(SDPBackend.CUDNN_ATTENTION):
            F.scaled_dot_product_attention(q, k, v, is_causal=causal)
    fns["cuDNN"] = cudnn
    strides = [x for t in (q, k, v, o) for x in t.stride()[:3]] + [b * h * n] * 3
    for spec in specs.split(","):
        parts = spec.split("/")
        art, kname = parts[0], parts[1].replace("T", tname).replace("D", str(d))
        launch = parts[2] if len(parts) > 2 else "sm"
        try:
            kern = rt.load(os.path.join(A, f"{art}.cubin.json"))[kname]
        except Exception as e:
            print("missing", art, kname, e)
            continue
        if launch == "auto":
            # A layout-free kernel of examples/auto/attention_contig.mlir:
            # one program per (128 rows, b * h), the (b, h, n) strides.
            grid = ((n + 127) // 128, b * h)
            extra = []
            if any(p.name == "nbh" for p in kern.meta.params):
                # Persistent (examples/auto/attention_contig_persistent.mlir):
                # one program per SM walks the work items; B * H last.
                grid = (min(sms, grid[0] * grid[1]), 1)
                extra = [b * h]
            fn = (lambda kern=kern, grid=grid, extra=extra: kern[grid](
                q, k, v, o, 1 / math.sqrt(d), n, h, int(causal), *strides[:12], *extra))
        else:
            tiles = -(-n // (64 * (kern.meta.num_warps // 4 - 1))) * b * h
            grid = (tiles if launch == "tile" else min(sms, tiles), 1)
            fn = (lambda kern=kern, grid=grid: kern[grid](q, k, v, o, 1 / math.sqrt(d), n, h, int(causal), *strides, b * h))
        o.fill_(float("nan")); fn(); torch.cuda.synchronize()
        err = ((o.float() - ref.float()).norm() / ref.float().norm()).item()
        if not err < 1e-2:
            print(f"WRONG {spec} {err}")
            continue
        fns[f"{art}/{kname}/{launch}"] = fn
    times = {k: [] for k in fns}
    for r in range(ROUNDS):
        items = list(fns.items())
        for name, fn in (items if r % 2 == 0 else items[:1] + items[1:][::-1]):
            times[name].append(do_bench(fn, warmup=10, rep=120, return_mode="median"))
    tref = statistics.median(times["cuDNN"])
    print(f"== {tname} d={d} {mask}")
    for name, ts in times.items():
        t = statistics.median(ts)
        print(f"{name:<70} {flops / t / 1e9:8.1f} TFLOP/s  x cuDNN {tref / t:5.3f}  (rounds {' '.join(f'{x:.4f}' for x in ts)})")
    sys.stdout.flush()
