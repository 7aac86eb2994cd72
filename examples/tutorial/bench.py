#!/usr/bin/env python3
"""Times the tutorial's kernels (docs/Tutorial.md) against torch on one GPU.

    # where the compiler and the GPU are on one machine (PYTHONPATH=build/python):
    python3 examples/tutorial/bench.py
    # where they are not: compile here, carry DIR to the GPU machine, run there
    python3 test/gpu/build_artifacts.py --out DIR
    python3 examples/tutorial/bench.py --artifacts DIR      # PYTHONPATH=python

Prints, per kernel, the median time of 20 launches timed with CUDA events,
the bandwidth (bytes read once + written once) and the speed relative to
torch doing the same work, after checking the result against torch. Timings
depend on the GPU, the clocks and the sizes: compare the ratios on your
machine, not these numbers with someone else's.
"""

import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# (stem, kernel, elements per program) of the vector adds.
ADDS = [("add_1_first", 1024), ("add_2_aligned", 1024), ("add_3_divisible", 1024),
        ("add_4_tuned", 4096)]
TRANSPOSES = ["transpose_1_one_layout", "transpose_2_convert"]


def load_kernels(artifacts=None):
    """{stem: kernel} from DIR/tutorial_<stem>.cubin.json, or compiled now."""
    stems = [s for s, _ in ADDS] + TRANSPOSES
    kernels = {}
    for stem in stems:
        name = re.sub(r"_\d_", "_", stem)          # add_1_first -> add_first
        if artifacts:
            import tile.runtime as rt
            for fmt in ("cubin", "ptx"):
                meta = os.path.join(artifacts, f"tutorial_{stem}.{fmt}.json")
                if os.path.exists(meta):
                    kernels[stem] = rt.load(meta)[name]
                    break
            else:
                sys.exit(f"error: no tutorial_{stem}.cubin.json in {artifacts}")
        else:
            import tile
            k = tile.compile_file(os.path.join(HERE, stem + ".mlir"))
            kernels[stem] = k.load()[name]
    return kernels


def median_ms(fn, warmup=3, reps=20):
    import torch
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    times.sort()
    return times[len(times) // 2]


def cdiv(a, b):
    return (a + b - 1) // b


def bench(kernels, n=1 << 26, m=8192, k=8192):
    """Rows (what, ms, TB/s, speed relative to torch); checks every result."""
    import torch
    rows = []
    x, y = torch.randn(n, device="cuda"), torch.randn(n, device="cuda")
    out = torch.empty_like(x)
    t_ref = median_ms(lambda: torch.add(x, y, out=out))
    gb = 3 * n * 4 / 1e9
    rows.append((f"torch.add, {n} f32", t_ref, gb / t_ref, 1.0))
    for stem, block in ADDS:
        kern = kernels[stem]
        out.zero_()
        kern[(cdiv(n, block),)](x, y, out, n)
        if not torch.equal(out, x + y):
            raise SystemExit(f"error: {stem} computed a wrong sum")
        t = median_ms(lambda: kern[(cdiv(n, block),)](x, y, out, n))
        rows.append((stem, t, gb / t, t_ref / t))
    src = torch.randn(m, k, device="cuda")
    dst = torch.empty(k, m, device="cuda")
    t_ref = median_ms(lambda: dst.copy_(src.t()))
    gb = 2 * m * k * 4 / 1e9
    rows.append((f"dst.copy_(src.t()), {m} x {k} f32", t_ref, gb / t_ref, 1.0))
    for stem in TRANSPOSES:
        kern = kernels[stem]
        dst.zero_()
        kern[(cdiv(m, 64), cdiv(k, 64))](src, dst, m, k)
        if not torch.equal(dst, src.t()):
            raise SystemExit(f"error: {stem} computed a wrong transpose")
        t = median_ms(lambda: kern[(cdiv(m, 64), cdiv(k, 64))](src, dst, m, k))
        rows.append((stem, t, gb / t, t_ref / t))
    return rows


def format_rows(rows):
    import torch
    lines = [f"{torch.cuda.get_device_name()}, torch {torch.__version__}",
             f"{'kernel':34s} {'ms':>8s} {'TB/s':>6s}  speed vs torch"]
    for what, ms, tbs, ratio in rows:
        lines.append(f"{what:34s} {ms:8.3f} {tbs:6.2f}  {ratio:.2f}x")
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--artifacts", help="directory written by test/gpu/build_artifacts.py "
                    "(default: compile the kernels now with the tile package)")
    args = ap.parse_args(argv)
    sys.path.insert(0, os.path.join(ROOT, "python"))
    print(format_rows(bench(load_kernels(args.artifacts))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
