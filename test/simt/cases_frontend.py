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
import tutorials_gpu as tg  # noqa: E402  (the feature kernels and tutorials of its GPU run)
import t05_gluon_layouts as t05  # noqa: E402  (found through tutorials_gpu's path)
import t08_tilus_global_views as t08  # noqa: E402

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


def argmax_rows(launch):
    """Rows with ties (the lower index wins) and a masked tail."""
    r = rng(16)
    m, n = 3, 100
    x = small_floats(r, m * n, -4, 4)
    vals, idx = Buffer("f32", m + 8), Buffer("i32", 2 * m + 8)
    launch((m, 1, 1), [Buffer("f32", data=x), vals, idx, m, n])
    rows = [x[i * n:(i + 1) * n] for i in range(m)]
    return [("max", vals.values()[:m], [max(row) for row in rows]),
            ("argmax", idx.values()[:m], [row.index(max(row)) for row in rows]),
            ("argmin", idx.values()[m:2 * m], [row.index(min(row)) for row in rows]),
            ("past the end untouched", poison_kept(idx, range(2 * m, 2 * m + 8)), True)]


def scans(launch):
    r = rng(17)
    m, n = 2, 100
    x = small_floats(r, m * n, -4, 4)
    cs, cm, ci = Buffer("f32", m * n + 8), Buffer("f32", m * n + 8), Buffer("i32", m * n + 8)
    launch((m, 1, 1), [Buffer("f32", data=x), cs, cm, ci, n])
    want_s, want_m, want_i = [], [], []
    for i in range(m):
        acc, best, at = 0.0, None, 0
        for j in range(n):
            v = x[i * n + j]
            acc += v
            if best is None or v >= best:   # cummax: the last index of the maximum
                best, at = v, j
            want_s.append(acc)
            want_m.append(best)
            want_i.append(at)
    return [("cumsum", cs.values()[:m * n], want_s), ("cummax", cm.values()[:m * n], want_m),
            ("cummax index", ci.values()[:m * n], want_i),
            ("past the end untouched", poison_kept(ci, range(m * n, m * n + 8)), True)]


def smem_transpose(launch):
    r = rng(18)
    n = 70
    x = small_floats(r, n * n)
    out = Buffer("f32", n * n + 16)
    launch((cdiv(n, 64), cdiv(n, 64), 1), [Buffer("f32", data=x), out, n])
    return [("out", out.values()[:n * n], [x[j * n + i] for i in range(n) for j in range(n)]),
            ("past the end untouched", poison_kept(out, range(n * n, n * n + 16)), True)]


def memcpy_2d_inout(launch):
    """Input transposed (column major), output row major: two layouts and a
    convert between them."""
    r = rng(19)
    xn, yn = 40, 30
    x = small_floats(r, xn * yn)             # element (i, j) at j * xn + i
    out = Buffer("f32", xn * yn + 16)
    launch((cdiv(xn, 32), cdiv(yn, 32), 1), [Buffer("f32", data=x), out, xn, yn, 1, xn, yn, 1])
    return [("out", out.values()[:xn * yn], [x[j * xn + i] for i in range(xn) for j in range(yn)]),
            ("past the end untouched", poison_kept(out, range(xn * yn, xn * yn + 16)), True)]


def shift_rows(launch):
    r = rng(20)
    m, n, stride = 5, 40, 43
    x = small_floats(r, m * stride)
    y = Buffer("f32", m * n + 16)
    launch((cdiv(m, 4), cdiv(n, 32), 1), [Buffer("f32", data=x), y, m, n, stride])
    want = [0.0 if j == 0 else x[i * stride + j - 1] for i in range(m) for j in range(n)]
    return [("y", y.values()[:m * n], want),
            ("past the end untouched", poison_kept(y, range(m * n, m * n + 16)), True)]


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
    Case("frontend_argmax_argmin", generated(tg.argmax_rows, dict(x="*f32", vals="*f32",
                                                                  idx="*i32", m="i32", n="i32"),
                                             {"BN": 128}, PTR),
         "argmax_rows", argmax_rows),
    Case("frontend_cumsum_cummax", generated(tg.scans, dict(x="*f32", csum="*f32", cmax="*f32",
                                                            cidx="*i32", n="i32"),
                                             {"BN": 128}, PTR),
         "scans", scans),
    Case("frontend_smem_transpose", generated(tg.smem_transpose, dict(src="*f32", dst="*f32",
                                                                      n="i32"), {}, PTR),
         "smem_transpose", smem_transpose),
    Case("frontend_gluon_memcpy_2d_inout", generated(
        t05.memcpy_2d_inout_kernel,
        dict(in_ptr="*f32", out_ptr="*f32", xnumel="i32", ynumel="i32", xstride_in="i32",
             ystride_in="i32", xstride_out="i32", ystride_out="i32"),
        {"layout_in": t05.COL_MAJOR, "layout_out": t05.ROW_MAJOR, "XBLOCK": 32, "YBLOCK": 32},
        {"in_ptr": 16, "out_ptr": 16}),
         "memcpy_2d_inout_kernel", memcpy_2d_inout),
    Case("frontend_tilus_shift_rows", generated(t08.shift_rows, dict(x="*f32", y="*f32", m="i32",
                                                                    n="i32", x_stride="i32"),
                                                {"BM": 4, "BN": 32}, PTR),
         "shift_rows", shift_rows),
]
