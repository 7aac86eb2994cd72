#!/usr/bin/env python3
"""A broad workload suite: tile's kernels (bench/kernels/workloads, each with
its layouts written out and layout-free) against torch eager and
torch.compile (Inductor), in one run, on the same GPU.

    # where tile-compile lives: every kernel to a cubin + metadata
    python3 bench/workloads.py build --tile-compile build/bin/tile-compile --out DIR
    # on the GPU machine (torch, triton; no LLVM/MLIR needed)
    python3 bench/workloads.py run --artifacts DIR [--only a,b] [--json FILE]

Every result is checked against torch eager first (relative L2 error in
float64; exact for integers), then timed with triton.testing.do_bench
(median). GB/s counts the bytes a kernel must read plus write once.
Columns: tile (layouts written out), auto (layout-free), eager, compile
(Inductor, one torch.compile per workload, compiled before timing); the
ratios are torch.compile's time over tile's (> 1: tile is faster).
"""

import argparse
import json
import math
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "kernels", "workloads")


def cdiv(a, b):
    return (a + b - 1) // b


# ---------------------------------------------------------------------------
# Build (no GPU)


def build(args):
    os.makedirs(args.out, exist_ok=True)
    # The suite's sources travel with the artifacts (the GPU machine runs
    # this script from a copy next to them).
    failures = 0
    for f in sorted(os.listdir(args.kernels)):
        if not f.endswith(".mlir"):
            continue
        stem = f[:-5]
        out = os.path.join(args.out, stem + ".cubin")
        cmd = [args.tile_compile, os.path.join(args.kernels, f), "-o", out,
               "--arch=" + args.arch, "-O3"]
        t0 = time.perf_counter()
        p = subprocess.run(cmd, capture_output=True, text=True)
        ok = p.returncode == 0 and os.path.exists(out + ".json")
        print(f"{'ok  ' if ok else 'FAIL'} {stem:28s} {1000 * (time.perf_counter() - t0):7.1f} ms")
        if not ok:
            failures += 1
            print("     " + (p.stderr or p.stdout).strip().replace("\n", "\n     "))
    return 1 if failures else 0


# ---------------------------------------------------------------------------
# Workloads (GPU)


def workloads(torch, F):
    """name -> (kernel stem, setup(gen) -> case). A case holds the tile
    launch (`grid`, `args`, output tensor, `before` to run ahead of each
    launch, e.g. zeroing an accumulator), the torch function (eager; the
    same function is given to torch.compile), the bytes moved and the
    tolerance."""
    dt = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16,
          "i32": torch.int32, "i8": torch.int8}
    W = {}

    def randn(shape, t, gen, scale=1.0):
        return (torch.randn(*shape, device="cuda", generator=gen) * scale).to(dt[t])

    def tol(t):
        return 1e-5 if t == "f32" else 1e-2

    M, N = 16384, 4096
    for t in ("f32", "f16", "bf16"):
        def rms(gen, t=t):
            x, w = randn((M, N), t, gen), randn((1, N), t, gen)
            y = torch.empty_like(x)

            def ref(x=x, w=w):
                xf = x.float()
                r = torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + 1e-5)
                return (xf * r * w.float()).to(x.dtype)
            return dict(grid=(M,), args=[x, w, y, M, N], out=y, torch=ref,
                        bytes=2 * x.numel() * x.element_size(), tol=tol(t))
        W[f"rmsnorm_{t}"] = rms

        def ln(gen, t=t):
            x, w, b = randn((M, N), t, gen), randn((N,), t, gen), randn((N,), t, gen)
            y = torch.empty_like(x)

            def ref(x=x, w=w, b=b):
                return F.layer_norm(x, (N,), w, b, 1e-5)
            return dict(grid=(M,), args=[x, w, b, y, M, N], out=y, torch=ref,
                        bytes=2 * x.numel() * x.element_size(), tol=tol(t) * 10)
        W[f"layernorm_{t}"] = ln

        n = 1 << 26

        def unary(fn, t=t, n=n):
            def setup(gen):
                x = randn((n,), t, gen, 2.0)
                y = torch.empty_like(x)
                return dict(grid=(cdiv(n, 2048),), args=[x, y, n], out=y,
                            torch=lambda x=x: fn(x), bytes=2 * n * x.element_size(),
                            tol=tol(t) * 10)
            return setup
        W[f"gelu_{t}"] = unary(F.gelu)
        W[f"silu_{t}"] = unary(F.silu)

        def swiglu(gen, t=t, n=n):
            a, b = randn((n,), t, gen, 2.0), randn((n,), t, gen)
            y = torch.empty_like(a)
            return dict(grid=(cdiv(n, 2048),), args=[a, b, y, n], out=y,
                        torch=lambda a=a, b=b: F.silu(a) * b,
                        bytes=3 * n * a.element_size(), tol=tol(t) * 10)
        W[f"swiglu_{t}"] = swiglu

    for t in ("f32", "bf16"):
        def chain(gen, t=t, n=1 << 26):
            x, z = randn((n,), t, gen), randn((n,), t, gen)
            y = torch.empty_like(x)
            return dict(grid=(cdiv(n, 2048),), args=[x, z, y, n], out=y,
                        torch=lambda x=x, z=z: torch.clamp_min(x * 2 + 1, 0) * z - 0.5,
                        bytes=3 * n * x.element_size(), tol=tol(t) * 10)
        W[f"chain_{t}"] = chain

    def intops(gen, n=1 << 26):
        a = torch.randint(-1 << 30, 1 << 30, (n,), device="cuda", generator=gen, dtype=torch.int32)
        b = torch.randint(-1 << 30, 1 << 30, (n,), device="cuda", generator=gen, dtype=torch.int32)
        y = torch.empty_like(a)
        return dict(grid=(cdiv(n, 2048),), args=[a, b, y, n], out=y,
                    torch=lambda a=a, b=b: ((a * 3 + b) ^ (a >> 2)) & 65535,
                    bytes=3 * n * 4, tol=0)
    W["intops_i32"] = intops

    def add_i8(gen, n=1 << 28):
        a = torch.randint(-128, 128, (n,), device="cuda", generator=gen, dtype=torch.int8)
        b = torch.randint(-128, 128, (n,), device="cuda", generator=gen, dtype=torch.int8)
        y = torch.empty_like(a)
        return dict(grid=(cdiv(n, 2048),), args=[a, b, y, n], out=y,
                    torch=lambda a=a, b=b: a + b, bytes=3 * n, tol=0)
    W["add_i8"] = add_i8

    def embedding(gen, V=32768, D=1024, K=32768):
        table = randn((V, D), "f16", gen)
        idx = torch.randint(0, V, (K,), device="cuda", generator=gen, dtype=torch.int32)
        out = torch.empty(K, D, device="cuda", dtype=torch.float16)
        return dict(grid=(K,), args=[table, idx, out, V, K], out=out,
                    torch=lambda table=table, idx=idx: F.embedding(idx, table),
                    bytes=2 * K * D * 2 + K * 4, tol=0)
    W["embedding_f16"] = embedding

    def scatter(gen, Mr=32768, D=1024):
        x = randn((Mr, D), "f32", gen)
        idx = torch.randperm(Mr, device="cuda", generator=gen).to(torch.int32)
        idx64 = idx.long()
        out = torch.empty_like(x)

        def ref(x=x, idx64=idx64):
            o = torch.empty_like(x)
            o.index_copy_(0, idx64, x)
            return o
        return dict(grid=(Mr,), args=[x, idx, out, Mr], out=out, torch=ref,
                    bytes=2 * x.numel() * 4 + Mr * 4, tol=0)
    W["scatter_rows_f32"] = scatter

    def gather(gen, Mg=4096, Ng=4096):
        x = randn((Mg, Ng), "f32", gen)
        idx = torch.randint(0, Ng, (Mg, Ng), device="cuda", generator=gen, dtype=torch.int32)
        idx64 = idx.long()
        out = torch.empty_like(x)
        return dict(grid=(cdiv(Ng, 1024), Mg), args=[x, idx, out, Mg, Ng], out=out,
                    torch=lambda x=x, idx64=idx64: torch.gather(x, 1, idx64),
                    bytes=3 * Mg * Ng * 4, tol=0)
    W["gather_f32"] = gather

    def xent(gen, Mc=16384, V=4096):
        x = randn((Mc, V), "f32", gen, 3.0)
        tgt = torch.randint(0, V, (Mc,), device="cuda", generator=gen, dtype=torch.int32)
        tgt64 = tgt.long()
        loss = torch.empty(Mc, device="cuda")
        return dict(grid=(Mc,), args=[x, tgt, loss, Mc, V], out=loss,
                    torch=lambda x=x, t=tgt64: F.cross_entropy(x, t, reduction="none"),
                    bytes=x.numel() * 4 + Mc * 8, tol=1e-5)
    W["cross_entropy"] = xent

    def row_sum(gen, rows=1, M=M):
        x = randn((M, N), "f16", gen)
        out = torch.empty(M, device="cuda")
        return dict(grid=(cdiv(M, rows),), args=[x, out, M, N], out=out,
                    torch=lambda x=x: x.sum(1, dtype=torch.float32),
                    bytes=x.numel() * 2 + M * 4, tol=1e-4)
    W["row_sum_f16"] = row_sum
    W["row_sum_f16_w8"] = row_sum
    W["row_sum_f16_r2"] = lambda gen: row_sum(gen, 2)
    W["row_sum_f16_m64k"] = lambda gen: row_sum(gen, 1, 4 * M)

    def col_sum(gen):
        x = randn((M, N), "f32", gen)
        out = torch.empty(N, device="cuda")
        return dict(grid=(cdiv(M, 16 * 64), cdiv(N, 256)), args=[x, out, M, N], out=out,
                    before=lambda out=out: out.zero_(),
                    torch=lambda x=x: x.sum(0), bytes=x.numel() * 4 + N * 4, tol=1e-5)
    W["col_sum"] = col_sum

    for t, S in (("f32", 8192), ("f16", 16384)):
        def transpose(gen, t=t, S=S):
            x = randn((S, S), t, gen)
            y = torch.empty(S * S, device="cuda", dtype=dt[t])
            return dict(grid=(cdiv(S, 64), cdiv(S, 64)), args=[x, y, S, S],
                        out=y.view(S, S), expect=lambda x=x: x.t(),
                        torch=lambda x=x: x.t().contiguous(),
                        bytes=2 * x.numel() * x.element_size(), tol=0)
        W[f"transpose_{t}"] = transpose

    def transpose3d(gen, B=64, S=1024):
        x = randn((B, S, S), "f32", gen)
        y = torch.empty(B, S, S, device="cuda")
        return dict(grid=(cdiv(S, 64), cdiv(S, 64), B), args=[x, y, B, S, S], out=y,
                    torch=lambda x=x: x.transpose(1, 2).contiguous(),
                    bytes=2 * x.numel() * 4, tol=0)
    W["transpose3d_f32"] = transpose3d

    def strided(gen, Ms=8192, Ns=4096):
        x = randn((Ms, 2 * Ns), "f32", gen)
        y = torch.empty(Ms, Ns, device="cuda")
        return dict(grid=(cdiv(Ms, 16), cdiv(Ns, 256)), args=[x, y, Ms, Ns], out=y,
                    torch=lambda x=x: x[:, ::2].contiguous(),
                    bytes=2 * Ms * Ns * 4, tol=0)
    W["strided_f32"] = strided

    def cumsum(gen, Mc=16384, Nc=1024):
        x = randn((Mc, Nc), "f32", gen)
        y = torch.empty_like(x)
        return dict(grid=(cdiv(Mc, 4),), args=[x, y, Mc, Nc], out=y,
                    torch=lambda x=x: torch.cumsum(x, 1), bytes=2 * x.numel() * 4, tol=1e-5)
    W["cumsum_f32"] = cumsum

    def histogram(gen, n=1 << 24, bins=256):
        x = torch.randint(0, bins, (n,), device="cuda", generator=gen, dtype=torch.int32)
        out = torch.empty(bins, device="cuda", dtype=torch.int32)
        return dict(grid=(cdiv(n, 2048),), args=[x, out, n], out=out,
                    before=lambda out=out: out.zero_(),
                    torch=lambda x=x: torch.bincount(x, minlength=bins).to(torch.int32),
                    bytes=n * 4, tol=0)
    W["histogram"] = histogram

    def histogram_private(gen, n=1 << 24, bins=256, copies=64):
        x = torch.randint(0, bins, (n,), device="cuda", generator=gen, dtype=torch.int32)
        priv = torch.empty(copies * bins, device="cuda", dtype=torch.int32)
        out = torch.empty(bins, device="cuda", dtype=torch.int32)
        return dict(launches=[("histogram_private", (cdiv(n, 2048),), [x, priv, n]),
                              ("histogram_sum", (1,), [priv, out])],
                    out=out, before=lambda priv=priv: priv.zero_(),
                    torch=lambda x=x: torch.bincount(x, minlength=bins).to(torch.int32),
                    bytes=n * 4, tol=0)
    W["histogram_private"] = histogram_private
    return W


# Measured and printed, but not part of the suite's geometric mean: the
# naive histogram (one copy of the bins; the privatized one is the suite's),
# and variants of the row sum (more warps, two rows a program, 4x the rows).
EXTRA = {"histogram", "row_sum_f16_w8", "row_sum_f16_r2", "row_sum_f16_m64k"}
STEM = {"row_sum_f16_m64k": "row_sum_f16"}


def rel_error(torch, got, ref):
    g, r = got.double(), ref.double()
    return ((g - r).norm() / max(r.norm().item(), 1e-30)).item()


def run(args):
    import torch
    import torch.nn.functional as F
    if not torch.cuda.is_available():
        print("SKIP: no CUDA GPU visible to torch")
        return 0
    sys.path.insert(0, os.path.join(args.root, "python"))
    import triton
    from triton.testing import do_bench
    import tile.runtime as rt

    W = workloads(torch, F)
    names = list(W) if not args.only else args.only.split(",")
    gen = torch.Generator(device="cuda")
    gen.manual_seed(1234)

    def bench(fn):
        return do_bench(fn, warmup=args.warmup, rep=args.rep, return_mode="median")

    rows, failures = [], []
    print(f"device: {torch.cuda.get_device_name()}  torch {torch.__version__}  "
          f"triton {triton.__version__}", flush=True)
    hdr = (f"{'workload':18} {'MB':>6} {'tile GB/s':>9} {'auto GB/s':>9} {'eager GB/s':>10} "
           f"{'compile GB/s':>12} {'tile/cmp':>8} {'auto/cmp':>8} {'tile/eager':>10} {'cmp s':>6}")
    print(hdr)
    print("-" * len(hdr), flush=True)
    for name in names:
        try:
            case = W[name](gen)
            row = {"name": name, "bytes": case["bytes"]}
            out = case["out"]
            expect = case.get("expect", case["torch"])()
            before = case.get("before", lambda: None)
            times = {}
            stem0 = STEM.get(name, name)
            variants = [("tile", stem0, args.artifacts), ("auto", "auto_" + stem0, args.artifacts)]
            if args.baseline:
                variants.append(("base", stem0, args.baseline))
            for variant, stem, where in variants:
                meta = os.path.join(where, stem + ".cubin.json")
                mod = rt.load(meta)
                if "launches" in case:  # several kernels, in order
                    steps = [(mod[k][g], a) for k, g, a in case["launches"]]
                else:  # one kernel a file
                    steps = [(next(iter(mod.kernels.values()))[case["grid"]], case["args"])]

                def fn(steps=steps):
                    before()
                    for launch, a in steps:
                        launch(*a)
                if case["out"].is_floating_point():
                    out.fill_(float("nan"))
                else:
                    out.fill_(-7)
                fn()
                torch.cuda.synchronize()
                err = rel_error(torch, out, expect)
                if not err <= case["tol"]:
                    raise RuntimeError(f"{stem}: wrong result, relative error {err:.3e} "
                                       f"(tolerance {case['tol']})")
                row[variant + "_err"] = err
                times[variant] = bench(fn)
                if variant == "tile":  # host time of one launch (the Python launcher)
                    torch.cuda.synchronize()
                    t0 = time.perf_counter()
                    for _ in range(50):
                        fn()
                    row["host_launch_us"] = (time.perf_counter() - t0) / 50 * 1e6
                    torch.cuda.synchronize()
            times["eager"] = bench(case["torch"])
            t0 = time.perf_counter()
            compiled = torch.compile(case["torch"])
            got = compiled()
            torch.cuda.synchronize()
            row["compile_seconds"] = time.perf_counter() - t0
            cerr = rel_error(torch, got.reshape(expect.shape), expect)
            if not cerr <= max(case["tol"], 1e-2):
                print(f"note: {name}: torch.compile differs from eager by {cerr:.3e}")
            times["compile"] = bench(compiled)
            row.update({k + "_ms": v for k, v in times.items()})
            gbs = {k: case["bytes"] / (v * 1e-3) / 1e9 for k, v in times.items()}
            row.update({k + "_gbs": v for k, v in gbs.items()})
            rows.append(row)
            print(f"{name:18} {case['bytes'] / 1e6:6.0f} {gbs['tile']:9.0f} {gbs['auto']:9.0f} "
                  f"{gbs['eager']:10.0f} {gbs['compile']:12.0f} "
                  f"{times['compile'] / times['tile']:8.2f} {times['compile'] / times['auto']:8.2f} "
                  f"{times['eager'] / times['tile']:10.2f} {row['compile_seconds']:6.1f}"
                  + (f"  base {gbs['base']:6.0f} GB/s" if "base" in gbs else "")
                  + f"  tile {times['tile'] * 1e3:7.1f} us, host {row['host_launch_us']:5.1f} us/launch"
                  + ("  (extra)" if name in EXTRA else ""), flush=True)
            del case, expect, compiled
        except Exception as e:  # keep going: one broken workload must not hide the rest
            failures.append((name, f"{type(e).__name__}: {e}"))
            print(f"{name:18} FAILED: {type(e).__name__}: {str(e)[:300]}", flush=True)
        torch.cuda.empty_cache()
        if args.json:
            with open(args.json, "w") as f:
                json.dump({"rows": rows, "failures": failures}, f, indent=1)
    rows = [row for row in rows if row["name"] not in EXTRA]
    if rows:
        for v in ("tile", "auto"):
            r = [row["compile_ms"] / row[v + "_ms"] for row in rows]
            geo = math.exp(sum(math.log(x) for x in r) / len(r))
            worst = min(zip(r, (row["name"] for row in rows)))
            print(f"{v}: geometric mean vs torch.compile {geo:.3f} over {len(r)} workloads; "
                  f"lowest {worst[0]:.2f} ({worst[1]}); below 0.9: "
                  f"{', '.join(row['name'] for x, row in zip(r, rows) if x < 0.9) or 'none'}")
    for name, why in failures:
        print(f"FAILED {name}: {why}")
    return 1 if failures else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("--tile-compile", default=os.path.join(os.path.dirname(HERE), "build", "bin",
                                                          "tile-compile"))
    b.add_argument("--kernels", default=KERNELS)
    b.add_argument("--out", required=True)
    b.add_argument("--arch", default="sm_90")
    r = sub.add_parser("run")
    r.add_argument("--artifacts", required=True)
    r.add_argument("--root", default=os.getcwd(), help="repository root (for python/tile)")
    r.add_argument("--baseline", default="",
                   help="artifacts of the same kernels from another compiler (e.g. before a "
                        "change): timed too, as 'base' (layouts written out)")
    r.add_argument("--only", default="")
    r.add_argument("--json", default="")
    r.add_argument("--warmup", type=int, default=25)
    r.add_argument("--rep", type=int, default=100)
    args = ap.parse_args()
    return build(args) if args.cmd == "build" else run(args)


if __name__ == "__main__":
    sys.exit(main())
