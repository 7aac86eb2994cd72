#!/usr/bin/env python3
"""Flash attention forward: tile's attention kernels against SDPA (cuDNN
backend) and a Triton tl.dot FA2 kernel, in one run on the same GPU.

    python3 test/gpu/build_artifacts.py --out .device-carry/artifacts   # compiler machine
    python3 bench/attention.py --artifacts .device-carry/artifacts       # GPU machine

fp16 (--dtypes f16,bf16 for bf16 too), [B, H, N, d] contiguous, B=4 H=32
N=4096 by default, d = 128 and 64, full and causal. Every result is
checked against SDPA before it is timed;
times are medians of triton.testing.do_bench; TFLOP/s = 4 B H N^2 d / time
(halved for causal). The rows: SDPA with the cuDNN backend
(torch.nn.attention.sdpa_kernel(SDPBackend.CUDNN_ATTENTION); if torch
refuses it, the flash backend, with a printed note), SDPA's flash backend
(FA2), the Triton kernel below (best of a few block/warp/stage configs),
tile `attention` (examples/attention.mlir, layouts written, any strides),
tile `attention_contig` (examples/attention_contig.mlir: the same with
stride 1 along d and aligned rows), tile `auto_attention`
(examples/auto/attention.mlir, no layout written) and tile `attention_tma`
(examples/attention_tma.mlir: K and V by TMA into a shared-memory ring)
and tile `attention_ws` (examples/attention_ws.mlir: warp-specialized, a TMA
producer warpgroup and two consumer warpgroups in ping-pong). The TMA and
warp-specialized kernels take no d strides and the rows of q, k, v seen as
[rows, d] matrices; both launch (cdiv(N, 128), B * H).
"""

import argparse
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "python"))


def triton_attention():
    """An FA2-style Triton kernel: one program per (128 query rows, b*h),
    K/V blocks of BN, online softmax in exp2, the mask only in the blocks
    that need it (a second loop)."""
    import triton
    import triton.language as tl

    @triton.jit
    def _block(acc, m_i, l_i, q, k_base, v_base, rm, lo, hi, N, qk_scale,
               skn, skd, svn, svd, MASKED: tl.constexpr, CAUSAL: tl.constexpr,
               D: tl.constexpr, BN: tl.constexpr):
        rn = tl.arange(0, BN)
        rd = tl.arange(0, D)
        for start in range(lo, hi, BN):
            cols = start + rn
            k = tl.load(k_base + cols[None, :] * skn + rd[:, None] * skd,
                        mask=cols[None, :] < N, other=0.0)
            s = tl.dot(q, k) * qk_scale
            if MASKED:
                keep = cols[None, :] < N
                if CAUSAL:
                    keep = keep & (cols[None, :] <= rm[:, None])
                s = tl.where(keep, s, float("-inf"))
            m_new = tl.maximum(m_i, tl.max(s, 1))
            p = tl.math.exp2(s - m_new[:, None])
            alpha = tl.math.exp2(m_i - m_new)
            l_i = l_i * alpha + tl.sum(p, 1)
            acc = acc * alpha[:, None]
            v = tl.load(v_base + cols[:, None] * svn + rd[None, :] * svd,
                        mask=cols[:, None] < N, other=0.0)
            acc = tl.dot(p.to(v.dtype), v, acc)
            m_i = m_new
        return acc, m_i, l_i

    @triton.jit
    def attn(Q, K, V, O, sm_scale, N, H,
             sqb, sqh, sqn, sqd, skb, skh, skn, skd,
             svb, svh, svn, svd, sob, soh, son, sod,
             CAUSAL: tl.constexpr, D: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr):
        pm = tl.program_id(0)
        bh = tl.program_id(1)
        b = (bh // H).to(tl.int64)
        h = (bh % H).to(tl.int64)
        q_base = Q + b * sqb + h * sqh
        k_base = K + b * skb + h * skh
        v_base = V + b * svb + h * svh
        o_base = O + b * sob + h * soh
        rm = pm * BM + tl.arange(0, BM)
        rd = tl.arange(0, D)
        q = tl.load(q_base + rm[:, None] * sqn + rd[None, :] * sqd,
                    mask=rm[:, None] < N, other=0.0)
        m_i = tl.full((BM,), float("-inf"), tl.float32)
        l_i = tl.zeros((BM,), tl.float32)
        acc = tl.zeros((BM, D), tl.float32)
        qk_scale = sm_scale * 1.44269504
        if CAUSAL:
            hi = tl.minimum(N, (pm + 1) * BM)
            full = tl.minimum((N // BN) * BN, (pm * BM // BN) * BN)
        else:
            hi = N
            full = (N // BN) * BN
        acc, m_i, l_i = _block(acc, m_i, l_i, q, k_base, v_base, rm, 0, full, N, qk_scale,
                               skn, skd, svn, svd, False, CAUSAL, D, BN)
        acc, m_i, l_i = _block(acc, m_i, l_i, q, k_base, v_base, rm, full, hi, N, qk_scale,
                               skn, skd, svn, svd, True, CAUSAL, D, BN)
        acc = acc / l_i[:, None]
        tl.store(o_base + rm[:, None] * son + rd[None, :] * sod,
                 acc.to(O.dtype.element_ty), mask=rm[:, None] < N)

    return attn


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--artifacts", default=os.path.join(ROOT, ".device-carry", "artifacts"))
    ap.add_argument("--batch", type=int, default=4)
    ap.add_argument("--heads", type=int, default=32)
    ap.add_argument("--seq", type=int, default=4096)
    ap.add_argument("--dims", default="128,64")
    ap.add_argument("--dtypes", default="f16",
                    help="f16, bf16 or both (comma-separated); the tile kernel is "
                    "PREFIX_<dtype>_dD[SUFFIX]")
    ap.add_argument("--masks", default="full,causal",
                    help="full, causal or both (comma-separated)")
    ap.add_argument("--variants", default="attention:attention,attention_contig:attention_contig,"
                    "auto_attention:attention_auto,auto_attention_contig:attention_auto_contig,"
                    "attention_tma:attention_tma,"
                    "attention_ws:attention_ws",
                    help="tile kernels to time, as ARTIFACT:KERNEL_PREFIX[:SUFFIX] (the "
                    "kernel is PREFIX_<dtype>_dD[SUFFIX])")
    args = ap.parse_args()
    import torch
    import torch.nn.functional as F
    if not torch.cuda.is_available():
        print("SKIP: no CUDA GPU visible to torch")
        return 0
    import triton
    from triton.testing import do_bench
    from torch.nn.attention import SDPBackend, sdpa_kernel
    import tile.runtime as rt

    attn = triton_attention()

    def bench(fn):
        fn()
        torch.cuda.synchronize()
        return do_bench(fn, warmup=25, rep=200, return_mode="median")

    def rel_err(out, ref):
        return ((out.float() - ref.float()).norm() / ref.float().norm()).item()

    def tile_kernel(artifact, name):
        path = os.path.join(args.artifacts, f"{artifact}.cubin.json")
        return rt.load(path)[name]

    b, h, n = args.batch, args.heads, args.seq
    print(f"device: {torch.cuda.get_device_name()}  torch {torch.__version__}  triton {triton.__version__}")
    print(f"B={b} H={h} N={n}, {args.dtypes}, [B, H, N, d] contiguous")
    print(f"{'attention fwd':<44}{'TFLOP/s':>9}{'x cuDNN':>9}{'x Triton':>10}{'rel.err':>10}")
    dtypes = {"f16": torch.float16, "bf16": torch.bfloat16}
    runs = [(t, d, causal) for t in args.dtypes.split(",")
            for d in [int(x) for x in args.dims.split(",")]
            for causal in [m == "causal" for m in args.masks.split(",")]]
    for tname, d, causal in runs:
        torch.manual_seed(0)
        dt = dtypes[tname]
        q = torch.randn((b, h, n, d), device="cuda", dtype=dt)
        k = torch.randn((b, h, n, d), device="cuda", dtype=dt)
        v = torch.randn((b, h, n, d), device="cuda", dtype=dt)
        o = torch.empty_like(q)
        scale = 1.0 / math.sqrt(d)
        flops = 4 * b * h * n * n * d / (2 if causal else 1)
        label = f"{'' if tname == 'f16' else tname + ' '}d={d} {'causal' if causal else 'full'}"
        rows = []
        backend = "cuDNN"
        try:
            with sdpa_kernel(SDPBackend.CUDNN_ATTENTION):
                ref = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
                t_ref = bench(lambda: F.scaled_dot_product_attention(q, k, v, is_causal=causal))
        except RuntimeError as e:
            backend = "flash (cuDNN refused)"
            print(f"note: SDPA's cuDNN backend refused ({str(e).splitlines()[0]}); "
                  "timing the flash backend in its place")
            with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
                ref = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
                t_ref = bench(lambda: F.scaled_dot_product_attention(q, k, v, is_causal=causal))
        rows.append((f"SDPA {backend}", t_ref, 0.0))
        with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
            fa = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
            t_fa = bench(lambda: F.scaled_dot_product_attention(q, k, v, is_causal=causal))
        rows.append(("SDPA flash (FA2)", t_fa, rel_err(fa, ref)))
        # Triton: the best of a few configurations.
        best = None
        for bn, warps, stages in ((64, 8, 3), (128, 8, 3), (64, 4, 3), (128, 8, 2)):
            grid = (triton.cdiv(n, 128), b * h)
            fn = lambda: attn[grid](q, k, v, o, scale, n, h, *q.stride(), *k.stride(),
                                    *v.stride(), *o.stride(), CAUSAL=causal, D=d, BM=128,
                                    BN=bn, num_warps=warps, num_stages=stages)
            try:
                o.fill_(float("nan"))
                fn()
                torch.cuda.synchronize()
            except Exception as e:  # noqa: BLE001 (a config that does not fit)
                print(f"note: Triton BN={bn} warps={warps} stages={stages} failed: "
                      f"{str(e).splitlines()[0][:100]}")
                continue
            err = rel_err(o, ref)
            if not err < 1e-2:
                print(f"note: Triton BN={bn} warps={warps} stages={stages}: WRONG, {err:.2e}")
                continue
            t = bench(fn)
            if best is None or t < best[1]:
                best = (f"Triton tl.dot FA2 (BN={bn} w={warps} s={stages})", t, err)
        if best:
            rows.append(best)
        t_triton = best[1] if best else float("nan")
        for variant in args.variants.split(","):
            artifact, prefix, suffix = (variant.split(":") + [""])[:3]
            try:
                kern = tile_kernel(artifact, f"{prefix}_{tname}_d{d}{suffix}")
            except (KeyError, FileNotFoundError) as e:
                print(f"note: {variant} d={d}: not built ({e})")
                continue
            grid = ((n + 127) // 128, b * h)
            # The contig and TMA kernels take no d strides (1 by
            # construction); the TMA kernels take the rows of q, k, v
            # seen as [rows, d] matrices after the strides.
            tma = "tma" in prefix or "ws" in prefix
            nd = 3 if "contig" in prefix or tma else 4
            strides = [x for t in (q, k, v, o) for x in t.stride()[:nd]]
            if tma:
                strides += [b * h * n] * 3
            if any(p.name == "nbh" for p in kern.meta.params):
                # Persistent (utils/gen_attention_ws.py, or
                # gen_auto_attention_contig.py --persistent; B * H is its
                # last argument): a program per SM walks the tiles, with
                # and without the mask (the launch policy of
                # test/gpu/cases_attention_ws.py).
                tiles = -(-n // (64 * (kern.meta.num_warps // 4 - 1))) * b * h
                sms = torch.cuda.get_device_properties(0).multi_processor_count
                grid = (min(sms, tiles), 1)
                strides += [b * h]
            fn = lambda: kern[grid](q, k, v, o, scale, n, h, int(causal), *strides)
            o.fill_(float("nan"))
            fn()
            torch.cuda.synchronize()
            err = rel_err(o, ref)
            if not err < 1e-2:
                print(f"{label} tile {artifact}{suffix}: WRONG RESULT, relative error {err:.3e}")
                continue
            rows.append((f"tile {artifact}{suffix}", bench(fn), err))
        for name, t, err in rows:
            tf = flops / (t * 1e-3) / 1e12
            print(f"{label + ' ' + name:<44}{tf:9.1f}{t_ref / t:9.2f}{t_triton / t:10.2f}"
                  f"{err:10.1e}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
