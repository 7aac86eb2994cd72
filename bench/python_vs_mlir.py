#!/usr/bin/env python3
"""The Python-written kernels beside the same kernels written as MLIR text
(issue 12's bench: within 2 %), in one run on the GPU.

    PYTHONPATH=build/python python3 bench/python_vs_mlir.py --populate DIR   # here: compile
    TILE_CACHE_DIR=DIR PYTHONPATH=python python3 bench/python_vs_mlir.py DIR # on the GPU

Pairs (same algorithm, tile and warps):
  - row softmax, 4 rows of 1024 per program, 4 warps: the @tile.jit
    `softmax` of test/python/frontend_gpu.py against examples/row_softmax.mlir;
  - f16 GEMM, 128x128x64 tiles, 8 warps, no layouts written, pipelined by
    tile-pipeline: tutorial 4's `matmul_kernel` (docs/python/t04_matmul.py,
    unit strides specialized as constants) against
    test/gpu/kernels/auto_matmul_rm.mlir.
--populate compiles both sides here (the Python side into the disk cache,
the MLIR side with tile.compile_file into DIR); the GPU machine needs no
compiler. Each result is checked against torch before it is timed
(triton.testing.do_bench, median).
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(ROOT, "test", "python"))
sys.path.insert(0, os.path.join(ROOT, "docs", "python"))

import tile  # noqa: E402
from frontend_gpu import Stand, softmax  # noqa: E402
from t04_matmul import matmul_kernel  # noqa: E402

SOFTMAX_ROWS = 16384
GEMM_SIZES = (4096, 8192)
MLIR = {"row_softmax": os.path.join(ROOT, "examples", "row_softmax.mlir"),
        "auto_matmul_rm": os.path.join(ROOT, "test", "gpu", "kernels", "auto_matmul_rm.mlir")}


def gemm_args(a, b, c, s):
    return (a, b, c, s, s, s, s, 1, s, 1, s, 1)


def populate(directory):
    os.environ["TILE_CACHE_DIR"] = directory
    f32, f16 = Stand("torch.float32"), Stand("torch.float16")
    softmax.bind(f32, f32, SOFTMAX_ROWS, N=1024, ROWS=4)
    for s in GEMM_SIZES:
        matmul_kernel.bind(*gemm_args(f16, f16, f16, s), BM=128, BN=128, BK=64)
    for name, path in MLIR.items():
        tile.compile_file(path).save(os.path.join(directory, name + ".cubin"))
    print(f"populated {directory}")


def run(directory):
    import torch
    from triton.testing import do_bench
    from tile import runtime
    mods = {name: runtime.load(os.path.join(directory, name + ".cubin.json")) for name in MLIR}
    rows = []
    m, n = SOFTMAX_ROWS, 1024
    x = torch.randn(m, n, device="cuda")
    y_py, y_mlir = torch.full_like(x, float("nan")), torch.full_like(x, float("nan"))
    py = lambda: softmax[(m // 4,)](x, y_py, m, N=1024, ROWS=4)  # noqa: E731
    ml = lambda: mods["row_softmax"]["row_softmax"][(m // 4,)](x, y_mlir, m, n)  # noqa: E731
    py(), ml()
    ref = torch.softmax(x.double(), dim=1).float()
    assert torch.allclose(y_py, ref, atol=1e-6) and torch.allclose(y_mlir, ref, atol=1e-6)
    t_py, t_ml = do_bench(py), do_bench(ml)
    rows.append((f"row softmax {m}x{n} f32", t_py, t_ml, 2 * 4 * m * n / 1e6, "GB/s"))
    for s in GEMM_SIZES:
        a = torch.randn(s, s, device="cuda", dtype=torch.float16)
        b = torch.randn(s, s, device="cuda", dtype=torch.float16)
        c_py = torch.full((s, s), float("nan"), device="cuda", dtype=torch.float16)
        c_ml = torch.full_like(c_py, float("nan"))
        grid = (tile.cdiv(s, 128), tile.cdiv(s, 128))
        py = lambda: matmul_kernel[grid](*gemm_args(a, b, c_py, s), BM=128, BN=128, BK=64)  # noqa: E731
        ml = lambda: mods["auto_matmul_rm"]["auto_matmul_rm"][grid](  # noqa: E731
            a, b, c_ml, s, s, s, s, s, s, 1)
        py(), ml()
        ref = (a.float() @ b.float())
        for c in (c_py, c_ml):
            assert torch.allclose(c.float(), ref, rtol=2e-2, atol=0.1 + 1e-3 * s ** 0.5)
        t_py, t_ml = do_bench(py), do_bench(ml)
        rows.append((f"GEMM f16 {s}^3", t_py, t_ml, 2 * s ** 3 / 1e9, "TFLOP/s"))
    print("| kernel | Python (@tile.jit) | MLIR text | MLIR time / Python time |")
    print("| --- | ---: | ---: | ---: |")
    for name, t_py, t_ml, work, unit in rows:
        print(f"| {name} | {t_py * 1e3:.1f} us ({work / t_py:.0f} {unit}) | "
              f"{t_ml * 1e3:.1f} us ({work / t_ml:.0f} {unit}) | {t_ml / t_py:.3f} |")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--populate":
        populate(os.path.abspath(sys.argv[2]))
    elif len(sys.argv) == 2:
        run(os.path.abspath(sys.argv[1]))
    else:
        sys.exit(__doc__)
