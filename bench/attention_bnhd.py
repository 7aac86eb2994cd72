#!/usr/bin/env python3
"""Flash attention on [B, N, H, d] inputs by 4-D TMA beside the [B, H, N, d]
kernel, and SDPA (cuDNN backend) on each layout, in one run.

    python3 test/gpu/build_artifacts.py --out .device-carry/artifacts   # compiler machine
    python3 bench/attention_bnhd.py --artifacts .device-carry/artifacts  # GPU machine

fp16, B=4 H=32 N=4096 by default, d = 128 and 64, full and causal. Rows:
  - SDPA cuDNN on contiguous [B, H, N, d] q, k, v;
  - SDPA cuDNN on contiguous [B, N, H, d] q, k, v (passed transposed, as a
    model that does not transpose them does);
  - tile attention_tma (examples/attention_tma.mlir) on [B, H, N, d];
  - tile attention_tma_bnhd (examples/attention_tma_bnhd.mlir) on
    [B, N, H, d]: the same kernel with 4-D TMA descriptors;
  - for reference, transpose + attention_tma: what a [B, N, H, d] model
    pays without 4-D TMA (three .contiguous() copies of q, k, v).
Every tile result is checked against SDPA before it is timed; times are
medians of triton.testing.do_bench; TFLOP/s = 4 B H N^2 d / time (halved for
causal).
"""

import argparse
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "python"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--artifacts", default=os.path.join(ROOT, ".device-carry", "artifacts"))
    ap.add_argument("--batch", type=int, default=4)
    ap.add_argument("--heads", type=int, default=32)
    ap.add_argument("--seq", type=int, default=4096)
    ap.add_argument("--dims", default="128,64")
    args = ap.parse_args()
    import torch
    import torch.nn.functional as F
    if not torch.cuda.is_available():
        print("SKIP: no CUDA GPU visible to torch")
        return 0
    from triton.testing import do_bench
    from torch.nn.attention import SDPBackend, sdpa_kernel
    import tile.runtime as rt

    def bench(fn):
        fn()
        torch.cuda.synchronize()
        return do_bench(fn, warmup=25, rep=200, return_mode="median")

    def rel_err(out, ref):
        return ((out.float() - ref.float()).norm() / ref.float().norm()).item()

    def kernel(artifact, name):
        return rt.load(os.path.join(args.artifacts, f"{artifact}.cubin.json"))[name]

    def sdpa(q, k, v, causal):
        try:
            with sdpa_kernel(SDPBackend.CUDNN_ATTENTION):
                return F.scaled_dot_product_attention(q, k, v, is_causal=causal)
        except RuntimeError:
            with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
                return F.scaled_dot_product_attention(q, k, v, is_causal=causal)

    b, h, n = args.batch, args.heads, args.seq
    print(f"device: {torch.cuda.get_device_name()}  torch {torch.__version__}")
    print(f"B={b} H={h} N={n}, fp16")
    print(f"{'attention fwd':<52}{'TFLOP/s':>9}{'ms':>9}{'rel.err':>10}")
    for d in [int(x) for x in args.dims.split(",")]:
        for causal in (False, True):
            torch.manual_seed(0)
            scale = 1.0 / math.sqrt(d)
            flops = 4 * b * h * n * n * d / (2 if causal else 1)
            label = f"d={d} {'causal' if causal else 'full'}"
            grid = ((n + 127) // 128, b * h)
            # [B, H, N, d] contiguous.
            q1, k1, v1 = (torch.randn((b, h, n, d), device="cuda", dtype=torch.float16)
                          for _ in range(3))
            o1 = torch.empty_like(q1)
            # [B, N, H, d] contiguous.
            q2, k2, v2 = (torch.randn((b, n, h, d), device="cuda", dtype=torch.float16)
                          for _ in range(3))
            o2 = torch.empty_like(q2)
            ref1 = sdpa(q1, k1, v1, causal)
            ref2 = sdpa(q2.transpose(1, 2), k2.transpose(1, 2), v2.transpose(1, 2),
                        causal).transpose(1, 2)
            rows = [
                ("SDPA cuDNN [B, H, N, d]", bench(lambda: sdpa(q1, k1, v1, causal)), 0.0),
                ("SDPA cuDNN [B, N, H, d] (transposed views)",
                 bench(lambda: sdpa(q2.transpose(1, 2), k2.transpose(1, 2),
                                    v2.transpose(1, 2), causal)), 0.0),
            ]
            k_bhnd = kernel("attention_tma", f"attention_tma_f16_d{d}")
            k_bnhd = kernel("attention_tma_bnhd", f"attention_tma_bnhd_f16_d{d}")
            st1 = [x for t in (q1, k1, v1, o1) for x in t.stride()[:3]] + [b * h * n] * 3
            f1 = lambda: k_bhnd[grid](q1, k1, v1, o1, scale, n, h, int(causal), *st1)
            st2 = [x for t in (q2, k2, v2, o2) for x in (t.stride(0), t.stride(2), t.stride(1))]
            f2 = lambda: k_bnhd[grid](q2, k2, v2, o2, scale, n, h, int(causal), *st2, b)

            def f3():
                qt, kt, vt = (t.transpose(1, 2).contiguous() for t in (q2, k2, v2))
                st = [x for t in (qt, kt, vt, o1) for x in t.stride()[:3]] + [b * h * n] * 3
                k_bhnd[grid](qt, kt, vt, o1, scale, n, h, int(causal), *st)

            for name, fn, out, ref in (
                    ("tile attention_tma [B, H, N, d]", f1, o1, ref1),
                    ("tile attention_tma_bnhd [B, N, H, d] (4-D TMA)", f2, o2, ref2),
                    ("transpose + tile attention_tma", f3, o1, ref2.transpose(1, 2))):
                out.fill_(float("nan"))
                fn()
                torch.cuda.synchronize()
                err = rel_err(out, ref)
                if not err < 1e-2:
                    print(f"{label} {name}: WRONG RESULT, relative error {err:.3e}")
                    continue
                rows.append((name, bench(fn), err))
            for name, t, err in rows:
                tf = flops / (t * 1e-3) / 1e12
                print(f"{label + ' ' + name:<52}{tf:9.1f}{t:9.3f}{err:10.1e}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
