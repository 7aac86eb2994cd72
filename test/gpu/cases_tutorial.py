"""GPU cases of the tutorial's kernels (examples/tutorial, docs/Tutorial.md).

build_artifacts.py compiles examples/tutorial/<name>.mlir as
tutorial_<name>. Every vector add runs on sizes with a tail (except step 3,
which promises n % 16 == 0) and on inputs offset by an element where the
kernel allows it; the transposes on shapes that are not multiples of the
64 x 64 tile. Outputs are poisoned first; memory past them must stay
poisoned. The `tutorial.timing` runtime case prints the tutorial's
benchmark (examples/tutorial/bench.py) after checking it.
"""

import os
import sys

import torch

from gpu_cases import cdiv, is_poison, poisoned, randn

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "examples", "tutorial"))


def _add(block, aligned_only):
    def run(k, n, gen):
        if aligned_only:
            assert n % 16 == 0
        x, y = randn(n, gen), randn(n, gen)
        big = poisoned(n + 16, torch.float32)
        out = big[:n]
        k[(cdiv(n, block),)](x, y, out, n)
        return [("out", out, x.double() + y.double()),
                ("past n untouched", bool(is_poison(big[n:]).all()), True)]
    return run


def run_add_unaligned(k, shape, gen):
    # Step 1 promises nothing: pointers one element past a 16-byte boundary.
    n, offset = shape
    bx, by = randn(n + offset, gen), randn(n + offset, gen)
    big = poisoned(n + offset + 8, torch.float32)
    out = big[offset:offset + n]
    k[(cdiv(n, 1024),)](bx[offset:], by[offset:], out, n)
    return [("out", out, bx[offset:].double() + by[offset:].double()),
            ("around out untouched",
             bool(is_poison(big[:offset]).all() and is_poison(big[offset + n:]).all()), True)]


def run_transpose(k, shape, gen):
    m, n = shape
    src = randn((m, n), gen)
    big = poisoned(m * n + 64, torch.float32)
    k[(cdiv(m, 64), cdiv(n, 64))](src, big, m, n)
    return [("dst", big[:m * n].view(n, m), src.t().double()),
            ("past dst untouched", bool(is_poison(big[m * n:]).all()), True)]


SIZES = [1, 100, 1000, 1024, 4097, (1 << 20) + 3]

CASES = [
    ("tutorial_add_1_first", "add_first", _add(1024, False), SIZES),
    ("tutorial_add_1_first", "add_first", run_add_unaligned, [(1000, 1), (4099, 3)]),
    ("tutorial_add_2_aligned", "add_aligned", _add(1024, False), SIZES),
    ("tutorial_add_3_divisible", "add_divisible", _add(1024, True), [16, 1008, 1024, 4096, (1 << 20) + 16]),
    ("tutorial_add_4_tuned", "add_tuned", _add(4096, False), SIZES + [4096 * 3 + 5]),
    ("tutorial_transpose_1_one_layout", "transpose_one_layout", run_transpose,
     [(1, 1), (64, 64), (100, 37), (129, 257), (1024, 512)]),
    ("tutorial_transpose_2_convert", "transpose_convert", run_transpose,
     [(1, 1), (64, 64), (100, 37), (129, 257), (1024, 512)]),
]


def runtime_tutorial_timing(artifacts, gen):
    import bench
    rows = bench.bench(bench.load_kernels(artifacts))  # checks every result itself
    print("TIMING tutorial (examples/tutorial/bench.py):\n" + bench.format_rows(rows))
    return [("tutorial kernels timed", len(rows), len(bench.ADDS) + len(bench.TRANSPOSES) + 2)]


RUNTIME_CASES = [
    ("tutorial.timing", runtime_tutorial_timing),
]
