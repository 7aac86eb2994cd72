#!/usr/bin/env python3
"""Runs the layout-free kernels of examples/auto on a GPU against torch, and
times each against its hand-laid-out twin on the same problem.

Build machine (has tile-compile):
    python3 test/Dialect/Tile/Transforms/Inputs/auto_gpu_check.py build \
        --tile-compile build/bin/tile-compile --out DIR \
        [--baseline-compile OLD/tile-compile]   (into DIR/baseline)
GPU machine (torch + the tile Python package on PYTHONPATH=python):
    python3 test/Dialect/Tile/Transforms/Inputs/auto_gpu_check.py run --artifacts DIR

Prints one line per kernel (max error against torch) and one per timed
variant (TB/s: bytes read + written once, over the median of CUDA-event
timings, variants interleaved over several rounds), and exits 1 if any result
is wrong. Every subdirectory of DIR holding the same artifacts (e.g. from
--baseline-compile, another tile-compile such as an older build) is timed
too, its variants labelled with the subdirectory's name.
"""

import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.abspath(__file__))
for _ in range(5):
    ROOT = os.path.dirname(ROOT)
KERNELS = ["vector_add", "row_sum", "softmax", "transpose"]
# The hand-laid-out twin of each auto kernel: (artifact stem, source).
TWINS = {
    "vector_add": ("hand_vector_add", "examples/vector_add.mlir"),
    "row_sum": ("hand_rowsum_4096", "bench/kernels/rowsum_4096.mlir"),
    "softmax": ("hand_row_softmax", "examples/row_softmax.mlir"),
    "transpose": ("hand_transpose", "examples/transpose.mlir"),
}


def sources():
    for k in KERNELS:
        yield k, os.path.join(ROOT, "examples", "auto", k + ".mlir")
        stem, src = TWINS[k]
        yield stem, os.path.join(ROOT, src)


def compile_all(tile_compile, out):
    os.makedirs(out, exist_ok=True)
    failed = 0
    for stem, src in sources():
        dst = os.path.join(out, stem + ".cubin")
        proc = subprocess.run([tile_compile, src, "-o", dst, "--emit=cubin",
                               "--arch=sm_90"], capture_output=True, text=True)
        print(("ok  " if proc.returncode == 0 else "FAIL") + " " + stem, proc.stderr.strip())
        failed += proc.returncode != 0
    return failed


def build(args):
    failed = compile_all(args.tile_compile, args.out)
    if args.baseline_compile:
        failed += compile_all(args.baseline_compile, os.path.join(args.out, "baseline"))
    return 1 if failed else 0


def time_variants(variants, rounds=7, reps=20, per_launch_sync=False):
    """variants: {label: (fn, nbytes)} -> {label: TB/s}.

    Each round times `reps` back-to-back launches between two CUDA events
    (the queue stays full, so host launch overhead is hidden); variants are
    interleaved round by round and the median round counts. With
    per_launch_sync, every launch is timed alone and synchronized (the
    method of the first measurements: it adds the host's launch latency to
    every kernel, which matters for kernels of tens of microseconds).
    """
    import torch
    for fn, _ in variants.values():
        for _ in range(5):
            fn()
    torch.cuda.synchronize()
    times = {label: [] for label in variants}
    for _ in range(rounds):
        for label, (fn, _) in variants.items():
            if per_launch_sync:
                for _ in range(reps):
                    start = torch.cuda.Event(enable_timing=True)
                    end = torch.cuda.Event(enable_timing=True)
                    start.record()
                    fn()
                    end.record()
                    end.synchronize()
                    times[label].append(start.elapsed_time(end))
                continue
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            for _ in range(reps):
                fn()
            end.record()
            end.synchronize()
            times[label].append(start.elapsed_time(end) / reps)
    result = {}
    for label, (_, nbytes) in variants.items():
        t = sorted(times[label])
        result[label] = nbytes / (t[len(t) // 2] * 1e-3) / 1e12
    return result


def run(args):
    import torch
    import tile.runtime as rt

    gen = torch.Generator(device="cuda").manual_seed(0)

    def load_dir(d):
        if not os.path.isdir(d):
            return None
        mods = {}
        for stem, _ in sources():
            mods[stem] = rt.load(os.path.join(d, stem + ".cubin.json"))
        return mods

    mods = load_dir(args.artifacts)
    extra = {}
    for sub in sorted(os.listdir(args.artifacts)):
        d = os.path.join(args.artifacts, sub)
        if os.path.isdir(d) and os.path.exists(os.path.join(d, "vector_add.cubin.json")):
            extra[sub] = load_dir(d)
    bad = 0

    def check(name, err, tol):
        nonlocal bad
        ok = err <= tol
        bad += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {name:22s} max error {err:.3g}")

    def kernel(m, stem, name):
        return m[stem][name]

    rows = []

    def timed(title, make, nbytes, **kw):
        """make(mods, "auto" or "hand") -> launch fn."""
        variants = {}
        for suffix, m in [("", mods)] + [(" " + k, v) for k, v in extra.items()]:
            for kind in ("auto", "hand"):
                variants[kind + suffix] = (make(m, kind), nbytes)
        res = time_variants(variants, **kw)
        for label, tbs in res.items():
            print(f"time {title:40s} {label:14s} {tbs:6.3f} TB/s")
        rows.append((title, res))

    # --- vector add, n = 2^28 (3 x 1 GiB) ---------------------------------
    n = 1 << 28
    x = torch.randn(n, device="cuda", generator=gen)
    y = torch.randn(n, device="cuda", generator=gen)
    ref = x + y
    for label, stem, name, block in (("auto", "vector_add", "vector_add", 1024),
                                     ("hand", "hand_vector_add", "vector_add", 512)):
        out = torch.full_like(x, float("nan"))
        kernel(mods, stem, name)[(rt.cdiv(n - 3, block),)](x, y, out, n - 3)
        check(f"vector_add {label} n-3", (out[:n - 3] - ref[:n - 3]).abs().max().item(), 0.0)
        check(f"vector_add {label} tail", 0.0 if torch.isnan(out[n - 3:]).all() else 1.0, 0.0)
    out = torch.empty_like(x)

    def make_add(m, kind):
        if kind == "auto":
            k = kernel(m, "vector_add", "vector_add")
            return lambda: k[(rt.cdiv(n, 1024),)](x, y, out, n)
        k = kernel(m, "hand_vector_add", "vector_add")
        return lambda: k[(rt.cdiv(n, 512),)](x, y, out, n)
    timed("vector_add fp32 2^28", make_add, 3 * 4 * n)
    del x, y, ref, out

    # --- row sum, 16384 x 4096 -------------------------------------------
    m, c = 16384, 4096
    a = torch.randn(m, c, device="cuda", generator=gen)
    s = torch.full((m,), float("nan"), device="cuda")
    kernel(mods, "row_sum", "row_sum")[(m,)](a, s, m)
    check("row_sum auto", (s - a.double().sum(1)).abs().max().item(), 1e-2)
    s.fill_(float("nan"))
    kernel(mods, "hand_rowsum_4096", "rowsum_4096")[(m,)](a, s, m, c)
    check("row_sum hand", (s - a.double().sum(1)).abs().max().item(), 1e-2)

    def make_sum(mm, kind):
        if kind == "auto":
            k = kernel(mm, "row_sum", "row_sum")
            return lambda: k[(m,)](a, s, m)
        k = kernel(mm, "hand_rowsum_4096", "rowsum_4096")
        return lambda: k[(m,)](a, s, m, c)
    timed("row_sum fp32 16384x4096", make_sum, 4 * m * c + 4 * m)
    del a, s

    # --- softmax, 65534 x 1024 (m not a multiple of 4) ---------------------
    m, c = 65534, 1024
    a = torch.randn(m, c, device="cuda", generator=gen)
    o = torch.full_like(a, float("nan"))
    ref = torch.softmax(a.double(), 1)
    kernel(mods, "softmax", "softmax")[(rt.cdiv(m, 4),)](a, o, m)
    check("softmax auto", (o - ref).abs().max().item(), 1e-5)
    o.fill_(float("nan"))
    kernel(mods, "hand_row_softmax", "row_softmax")[(rt.cdiv(m, 4),)](a, o, m, c)
    check("softmax hand", (o - ref).abs().max().item(), 1e-5)
    del ref

    def make_softmax(mm, kind):
        if kind == "auto":
            k = kernel(mm, "softmax", "softmax")
            return lambda: k[(rt.cdiv(m, 4),)](a, o, m)
        k = kernel(mm, "hand_row_softmax", "row_softmax")
        return lambda: k[(rt.cdiv(m, 4),)](a, o, m, c)
    timed("softmax fp32 65534x1024", make_softmax, 2 * 4 * m * c)
    del a, o

    # --- transposing copy: 8192 x 8190 (odd rows) and 16384 x 16384 --------
    for m, c in ((8192, 8190), (16384, 16384)):
        a = torch.randn(m, c, device="cuda", generator=gen)
        d = torch.full((c * m,), float("nan"), device="cuda")
        for label, stem in (("auto", "transpose"), ("hand", "hand_transpose")):
            d.fill_(float("nan"))
            kernel(mods, stem, "transpose")[(rt.cdiv(m, 64), rt.cdiv(c, 64))](a, d, m, c)
            check(f"transpose {label} {m}x{c}", (d.view(c, m) - a.t()).abs().max().item(), 0.0)

        def make_t(mm, kind, m=m, c=c, a=a, d=d):
            k = kernel(mm, "transpose" if kind == "auto" else "hand_transpose", "transpose")
            return lambda: k[(rt.cdiv(m, 64), rt.cdiv(c, 64))](a, d, m, c)
        timed(f"transpose fp32 {m}x{c}", make_t, 2 * 4 * m * c)
        del a, d

    # --- the first measurement's problems and method ----------------------
    # (vector add 2^26 + 3, softmax 16382 x 1024, each launch timed alone).
    n = (1 << 26) + 3
    x = torch.randn(n, device="cuda", generator=gen)
    y = torch.randn(n, device="cuda", generator=gen)
    out = torch.empty_like(x)
    for sync in (True, False):
        timed(f"vector_add 2^26+3 {'per-launch sync' if sync else 'back-to-back'}",
              make_add, 3 * 4 * n, per_launch_sync=sync)
    del x, y, out
    m, c = 16382, 1024
    a = torch.randn(m, c, device="cuda", generator=gen)
    o = torch.empty_like(a)
    for sync in (True, False):
        timed(f"softmax 16382x1024 {'per-launch sync' if sync else 'back-to-back'}",
              make_softmax, 2 * 4 * m * c, per_launch_sync=sync)
    del a, o

    print()
    print("| workload | " + " | ".join(rows[0][1].keys()) + " |")
    print("| --- |" + " ---: |" * len(rows[0][1]))
    for title, res in rows:
        print(f"| {title} | " + " | ".join(f"{v:.3f}" for v in res.values()) + " |")
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("--tile-compile", required=True)
    b.add_argument("--baseline-compile")
    b.add_argument("--out", required=True)
    r = sub.add_parser("run")
    r.add_argument("--artifacts", required=True)
    args = ap.parse_args()
    return build(args) if args.cmd == "build" else run(args)


if __name__ == "__main__":
    sys.exit(main())
