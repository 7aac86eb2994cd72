"""Kernels written in Python (@tile.jit, test/python/frontend_gpu.py) run on
the CPU through the full pipeline: the front end generates their tile
dialect into a scratch directory at import, tile-compile lowers it, simt.py
runs it with several programs and partial tiles. Needs `import tile` (the
build's python/ on PYTHONPATH; generation is pure Python)."""

import math
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python"))
from cases_common import Buffer, Case, cdiv, poison_kept, rng, small_floats  # noqa: E402
import frontend_gpu as fk  # noqa: E402  (the kernels the GPU run launches)

SCRATCH = tempfile.mkdtemp(prefix="tile-frontend-simt-")


def generated(kernel, types, constexprs, divisibility):
    path = os.path.join(SCRATCH, f"{kernel.__name__}_{len(os.listdir(SCRATCH))}.mlir")
    with open(path, "w") as f:
        f.write(kernel.lower(types, constexprs, divisibility))
    return path


def vector_add(launch):
    r = rng(11)
    n = 700
    x, y = small_floats(r, n), small_floats(r, n)
    out = Buffer("f32", n + 64)
    launch((cdiv(n, 256), 1, 1), [Buffer("f32", data=x), Buffer("f32", data=y), out, n])
    return [("out", out.values()[:n], [a + b for a, b in zip(x, y)]),
            ("past the end untouched", poison_kept(out, range(n, n + 64)), True)]


def softmax(launch):
    r = rng(12)
    m, n = 7, 128
    x = [v / 8 for v in small_floats(r, m * n)]
    y = Buffer("f32", m * n + 32)
    launch((cdiv(m, 4), 1, 1), [Buffer("f32", data=x), y, m])
    want = []
    for i in range(m):
        row = x[i * n:(i + 1) * n]
        e = [math.exp(v - max(row)) for v in row]
        want += [v / sum(e) for v in e]
    return [("y", y.values()[:m * n], want, 1e-5),
            ("past the end untouched", poison_kept(y, range(m * n, m * n + 32)), True)]


def row_sum(launch):
    r = rng(13)
    rows, n, stride = 3, 150, 155
    x = small_floats(r, rows * stride, -8, 8)
    out = Buffer("f32", rows + 8)
    launch((rows, 1, 1), [Buffer("f16", data=x), out, n, stride])
    return [("out", out.values()[:rows],
             [sum(x[i * stride:i * stride + n]) for i in range(rows)]),
            ("past the end untouched", poison_kept(out, range(rows, rows + 8)), True)]


def transpose(launch):
    r = rng(14)
    m, n = 37, 21
    x = small_floats(r, m * n)
    out = Buffer("f32", m * n + 16)
    launch((cdiv(m, 16), cdiv(n, 16), 1), [Buffer("f32", data=x), out, m, n])
    want = [x[i * n + j] for j in range(n) for i in range(m)]
    return [("out", out.values()[:m * n], want),
            ("past the end untouched", poison_kept(out, range(m * n, m * n + 16)), True)]


def scale_2d(launch):
    r = rng(15)
    m, n, stride = 19, 40, 43
    x = small_floats(r, m * stride)
    out = Buffer("f32", m * n + 16)
    launch((cdiv(m, 8), cdiv(n, 32), 1), [Buffer("f32", data=x), out, m, n, stride, 1.5])
    want = [1.5 * x[i * stride + j] + j for i in range(m) for j in range(n)]
    return [("out", out.values()[:m * n], want),
            ("past the end untouched", poison_kept(out, range(m * n, m * n + 16)), True)]


PTR = {"x": 16, "y": 16, "out": 16, "src": 16, "dst": 16}
CASES = [
    Case("frontend_vector_add", generated(fk.vector_add, dict(x="*f32", y="*f32", out="*f32",
                                                              n="i32"), {"BLOCK": 256}, PTR),
         "vector_add", vector_add),
    Case("frontend_softmax", generated(fk.softmax, dict(x="*f32", y="*f32", m="i32"),
                                       {"N": 128, "ROWS": 4}, PTR),
         "softmax", softmax),
    Case("frontend_row_sum_f16", generated(fk.row_sum, dict(x="*f16", out="*f32", n="i32",
                                                            stride="i32"), {"BLOCK": 64}, PTR),
         "row_sum", row_sum),
    Case("frontend_transpose", generated(fk.transpose, dict(src="*f32", dst="*f32", m="i32",
                                                            n="i32"), {"BM": 16, "BN": 16}, PTR),
         "transpose", transpose),
    Case("frontend_scale_2d", generated(fk.scale_2d, dict(x="*f32", out="*f32", m="i32", n="i32",
                                                          stride="i32", alpha="f32"),
                                        {"BM": 8, "BN": 32}, PTR),
         "scale_2d", scale_2d),
]
