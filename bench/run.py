#!/usr/bin/env python3
"""Benchmarks tile's kernels against Triton and torch on the same GPU, in one
run, on random data, checking every result before timing it.

    bash bench/build.sh                  # where the compiler lives
    python3 bench/run.py [--artifacts .device-carry/bench]   # on the GPU

Times are medians of triton.testing.do_bench; bandwidth counts bytes read
plus bytes written. Prints one table with TB/s and the ratios tile/anchor.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, HERE)


def cdiv(a, b):
    return (a + b - 1) // b


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--artifacts",
                    default=os.path.join(ROOT, ".device-carry", "bench"))
    ap.add_argument("--quick", action="store_true",
                    help="smaller problems (a smoke test, not a measurement)")
    args = ap.parse_args()

    import torch
    if not torch.cuda.is_available():
        print("SKIP: no CUDA GPU visible to torch; the benchmarks need one")
        return 0
    import triton
    from triton.testing import do_bench
    import tile.runtime as rt
    import triton_kernels as tk

    def kernel(name):
        return rt.load(os.path.join(args.artifacts, f"{name}.cubin.json"))[name]

    def bench(fn):
        fn()
        torch.cuda.synchronize()
        return do_bench(fn, warmup=100, rep=500, return_mode="median")  # ms

    def check(name, got, ref, tol=1e-5):
        err = ((got.double() - ref.double()).norm() /
               max(ref.double().norm().item(), 1e-30)).item()
        if not err <= tol:  # NaN fails too
            raise SystemExit(f"{name}: wrong result, relative error {err:.3e}")
        return err

    gen = torch.Generator(device="cuda")
    gen.manual_seed(int.from_bytes(os.urandom(4), "little"))

    def randn(*shape):
        return torch.randn(*shape, device="cuda", generator=gen)

    def poison(t):
        t.fill_(float("nan"))
        return t

    def label(name):
        # The layout-free twins (bench/kernels/auto_*.mlir) share the anchors.
        return " (layout-free)" if name.startswith("auto_") else ""

    rows = []
    scale = 16 if args.quick else 1

    # memcpy fp32, 1 GiB.
    n = (1 << 28) // scale
    src, dst = randn(n), poison(torch.empty(n, device="cuda"))
    k = kernel("copy1d")
    ours = lambda: k[(cdiv(n, 1024),)](src, dst, n)
    ours(); torch.cuda.synchronize(); check("copy1d", dst, src, 0)
    poison(dst); tri = lambda: tk.run_copy(src, dst)
    tri(); check("triton copy", dst, src, 0)
    rows.append(("memcpy fp32 %d MiB" % (n * 4 >> 20), 2 * n * 4,
                 bench(ours), {"torch": bench(lambda: dst.copy_(src)),
                               "triton": bench(tri)}))
    del src, dst

    # elementwise add fp32, 3 x 1 GiB.
    x, y, out = randn(n), randn(n), poison(torch.empty(n, device="cuda"))
    anchors = None
    for name in ("vector_add", "auto_vector_add"):
        k = kernel(name)
        poison(out)
        ours = lambda: k[(cdiv(n, 512),)](x, y, out, n)
        ours(); torch.cuda.synchronize(); check(name, out, x + y)
        anchors = anchors or {"torch": bench(lambda: torch.add(x, y, out=out)),
                              "triton": bench(lambda: tk.run_add(x, y, out))}
        rows.append(("add fp32 3 x %d MiB%s" % (n * 4 >> 20, label(name)), 3 * n * 4,
                     bench(ours), anchors))
    del x, y, out

    # transposing copy fp32 16K x 16K: row-major in, column-major out.
    m = nn = 16384 // (4 if args.quick else 1)
    src, dst = randn(m, nn), poison(torch.empty(m * nn, device="cuda"))
    dview = dst.view(nn, m)
    anchors = None
    for name in ("transpose", "auto_transpose"):
        k = kernel(name)
        poison(dst)
        ours = lambda: k[(cdiv(m, 64), cdiv(nn, 64))](src, dst, m, nn)
        ours(); torch.cuda.synchronize(); check(name, dview, src.t(), 0)
        if anchors is None:
            anchors = {"torch": bench(lambda: dview.copy_(src.t())),
                       "triton": bench(lambda: tk.run_transpose(src, dst))}
            try:  # Gluon's two-layout version with a convert_layout
                poison(dst); tk.run_gluon_transpose(src, dst)
                torch.cuda.synchronize(); check("gluon transpose", dview, src.t(), 0)
                anchors["gluon"] = bench(lambda: tk.run_gluon_transpose(src, dst))
            except (ImportError, AttributeError) as e:
                print(f"note: no Gluon anchor ({type(e).__name__}: {e})")
        rows.append(("transpose fp32 %dx%d%s" % (m, nn, label(name)), 2 * m * nn * 4,
                     bench(ours), anchors))
    del src, dst, dview

    # softmax fp32 16384 x 4096 and 4096 x 16384.
    for (m, nn, name) in ((16384, 4096, "softmax_4096"),
                          (4096, 16384, "softmax_16384")):
        m //= scale
        x, yv = randn(m, nn), poison(torch.empty(m, nn, device="cuda"))
        ty = torch.empty_like(x)
        anchors = {"torch": bench(lambda: torch.softmax(x, dim=1)),
                   "triton": bench(lambda: tk.run_softmax(x, ty))}
        for kname in (name, "auto_" + name):
            k = kernel(kname)
            poison(yv)
            ours = lambda: k[(m,)](x, yv, m, nn)
            ours(); torch.cuda.synchronize()
            check(kname, yv, torch.softmax(x.double(), dim=1), 1e-5)
            rows.append(("softmax fp32 %dx%d%s" % (m, nn, label(kname)), 2 * m * nn * 4,
                         bench(ours), anchors))
        del x, yv, ty

    # row sum fp32 16384 x 4096: one row per program, and the looping example.
    m, nn = 16384 // scale, 4096
    x = randn(m, nn)
    ref = x.double().sum(dim=1)
    to = torch.empty(m, device="cuda")
    anchors = {"torch": bench(lambda: torch.sum(x, dim=1)),
               "triton": bench(lambda: tk.run_rowsum(x, to))}
    for name, grid in (("rowsum_4096", (m,)), ("auto_rowsum_4096", (m,)),
                       ("row_sum", (cdiv(m, 4),))):
        o = poison(torch.empty(m, device="cuda"))
        k = kernel(name)
        ours = lambda: k[grid](x, o, m, nn)
        ours(); torch.cuda.synchronize(); check(name, o, ref, 1e-5)
        rows.append(("row sum fp32 %dx%d (%s)" % (m, nn, name), m * nn * 4 + m * 4,
                     bench(ours), anchors))

    print(f"device: {torch.cuda.get_device_name()}  torch {torch.__version__}  "
          f"triton {triton.__version__}")
    hdr = (f"{'workload':44} {'tile TB/s':>10} {'torch TB/s':>10} "
           f"{'triton TB/s':>11} {'tile/torch':>10} {'tile/triton':>11}")
    print(hdr)
    print("-" * len(hdr))
    for name, nbytes, ms, anchors in rows:
        tbs = lambda t: nbytes / (t * 1e-3) / 1e12
        print(f"{name:44} {tbs(ms):10.3f} {tbs(anchors['torch']):10.3f} "
              f"{tbs(anchors['triton']):11.3f} {anchors['torch'] / ms:10.3f} "
              f"{anchors['triton'] / ms:11.3f}")
    extra = [(name, nbytes, ms, a["gluon"]) for name, nbytes, ms, a in rows if "gluon" in a]
    for name, nbytes, ms, gms in extra:
        print(f"{name}: Gluon {nbytes / (gms * 1e-3) / 1e12:.3f} TB/s, "
              f"tile/gluon {gms / ms:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
