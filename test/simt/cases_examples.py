"""The examples/ kernels (the GPU suite's cases, test/gpu/gpu_cases.py) run
on the CPU through the full tile-compile pipeline, at shapes with partial
tiles."""

import math

from cases_common import Buffer, Case, cdiv, ints, poison_kept, rng, small_floats


def vector_add(launch):
    r = rng(1)
    n = 700
    x, y = small_floats(r, n), small_floats(r, n)
    bx, by, out = Buffer("f32", data=x), Buffer("f32", data=y), Buffer("f32", n + 64)
    launch((cdiv(n, 512), 1, 1), [bx, by, out, n])
    return [("out", out.values()[:n], [a + b for a, b in zip(x, y)]),
            ("past the end untouched", poison_kept(out, range(n, n + 64)), True)]


def copy2d_transposed(launch):
    # A transposed source and a strided destination window.
    r = rng(2)
    m, n = 37, 70
    src = small_floats(r, m * n)  # element (i, j) at i + j * m
    big_m, big_n = m + 3, 2 * n + 5
    dst = Buffer("f32", big_m * big_n)  # element (i, j) at (i + 2) * big_n + 3 + 2 * j
    launch((cdiv(m, 32), cdiv(n, 64), 1),
           [Buffer("f32", data=src), dst.at(2 * big_n + 3), m, n, 1, m, big_n, 2])
    want = [None] * (big_m * big_n)
    for i in range(m):
        for j in range(n):
            want[(i + 2) * big_n + 3 + 2 * j] = src[i + j * m]
    inside = {k for k, w in enumerate(want) if w is not None}
    return [("dst", dst.values(), want),
            ("outside the window untouched",
             poison_kept(dst, [k for k in range(big_m * big_n) if k not in inside]), True)]


def transpose(launch):
    r = rng(3)
    m, n = 70, 37
    x = small_floats(r, m * n)
    out = Buffer("f32", m * n)
    launch((cdiv(m, 64), cdiv(n, 64), 1), [Buffer("f32", data=x), out, m, n])
    return [("dst", out.values(), [x[i * n + j] for j in range(n) for i in range(m)])]


def row_softmax(launch):
    r = rng(4)
    m, n = 5, 300
    x = [v / 8 for v in small_floats(r, m * n)]
    y = Buffer("f32", m * n)
    launch((cdiv(m, 4), 1, 1), [Buffer("f32", data=x), y, m, n])
    want = []
    for i in range(m):
        row = x[i * n:(i + 1) * n]
        mx = max(row)
        e = [math.exp(v - mx) for v in row]
        s = sum(e)
        want += [v / s for v in e]
    return [("y", y.values(), want, 1e-5)]


def row_sum(launch):
    r = rng(5)
    m, n = 6, 600
    x = small_floats(r, m * n)
    out = Buffer("f32", m + 8)
    launch((cdiv(m, 4), 1, 1), [Buffer("f32", data=x), out, m, n])
    return [("out", out.values()[:m], [sum(x[i * n:(i + 1) * n]) for i in range(m)]),
            ("past the end untouched", poison_kept(out, range(m, m + 8)), True)]


def cutile_padding(launch):
    x = ints(rng(6), 9)
    out = Buffer("i64", 12)
    launch((1, 1, 1), [Buffer("i64", data=x), out, 9])
    return [("tiles", out.values(), x + [0, 0, 0])]


def cutile_order_f(launch):
    x = ints(rng(7), 16)
    out = Buffer("i64", 16)
    launch((1, 1, 1), [Buffer("i64", data=x), out])
    return [("tiles", out.values(), [x[j * 4 + i] for i in range(4) for j in range(4)])]


def cutile_3d(launch):
    x = ints(rng(8), 8)
    out = Buffer("i64", 8)
    launch((1, 1, 1), [Buffer("i64", data=x), out])
    # out[a][b][c] = x[a][c][b]
    return [("tiles", out.values(),
             [x[a * 4 + c * 2 + b] for a in range(2) for b in range(2) for c in range(2)])]


def cutile_scalar(launch):
    x = ints(rng(9), 10)
    out = Buffer("i64", 10)
    launch((1, 1, 1), [Buffer("i64", data=x), out, 10])
    return [("out", out.values(), x)]


CASES = [
    Case("vector_add", "examples/vector_add.mlir", "vector_add", vector_add),
    Case("copy2d_strided", "examples/copy2d_strided.mlir", "copy2d_strided", copy2d_transposed),
    Case("transpose", "examples/transpose.mlir", "transpose", transpose),
    Case("row_softmax", "examples/row_softmax.mlir", "row_softmax", row_softmax),
    Case("row_sum", "examples/row_sum.mlir", "row_sum", row_sum),
    Case("cutile_load_padding", "examples/cutile_load.mlir", "cutile_load_padding", cutile_padding),
    Case("cutile_load_order_f", "examples/cutile_load.mlir", "cutile_load_order_f", cutile_order_f),
    Case("cutile_load_3d_order", "examples/cutile_load.mlir", "cutile_load_3d_order", cutile_3d),
    Case("cutile_load_scalar", "examples/cutile_load.mlir", "cutile_load_scalar", cutile_scalar),
]
