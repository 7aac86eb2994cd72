"""The kernels of Inputs/lowering.mlir (reductions at every level, a
permuted-order load_tile at non-zero tile indices, the math functions) run
on the CPU against Python references."""

import math

from cases_common import Buffer, Case, cdiv, floats, ints, poison_kept, rng, small_floats

SRC = "test/simt/Inputs/lowering.mlir"
PASSES = ["--convert-tile-to-llvm", "--convert-scf-to-cf", "--convert-cf-to-llvm"]


def row_sum_warp(launch):
    x = small_floats(rng(21), 8 * 64)
    y = Buffer("f32", 8)
    launch((1, 1, 1), [Buffer("f32", data=x), y])
    return [("y", y.values(), [sum(x[i * 64:(i + 1) * 64]) for i in range(8)])]


def row_max_cta(launch):
    x = small_floats(rng(22), 4 * 128, -10000, 10000)
    y = Buffer("f32", 4)
    launch((1, 1, 1), [Buffer("f32", data=x), y])
    return [("y", y.values(), [max(x[i * 128:(i + 1) * 128]) for i in range(4)])]


def min_all(launch):
    x = ints(rng(23), 128, -100000, 100000)
    y = Buffer("i32", 1)
    launch((1, 1, 1), [Buffer("i32", data=x), y])
    return [("y", y.values(), [min(x)])]


def col_sum(launch):
    x = small_floats(rng(24), 16 * 64)
    y = Buffer("f32", 64)
    launch((1, 1, 1), [Buffer("f32", data=x), y])
    return [("y", y.values(), [sum(x[i * 64 + j] for i in range(16)) for j in range(64)])]


def order_f(launch):
    m, n = 70, 10  # in: m x n; out: n x m = in^T
    x = small_floats(rng(25), m * n)
    y = Buffer("f32", n * m)
    launch((cdiv(n, 4), cdiv(m, 32), 1), [Buffer("f32", data=x), y, m, n])
    return [("out", y.values(), [x[q * n + p] for p in range(n) for q in range(m)])]


def sum3d(launch):
    x = small_floats(rng(28), 4 * 2 * 64)
    y = Buffer("f32", 8)
    launch((1, 1, 1), [Buffer("f32", data=x), y])
    return [("y", y.values(), [sum(x[k * 64:(k + 1) * 64]) for k in range(8)])]


def arange_static(launch):
    x = small_floats(rng(29), 100)
    y, z = Buffer("i32", 64), Buffer("f32", 100)
    launch((1, 1, 1), [y, Buffer("f32", data=x), z])
    return [("arange", y.values(), list(range(5, 69))),
            ("second tile", z.values(), [None] * 64 + x[64:]),
            ("first tile untouched", poison_kept(z, range(64)), True)]


def erf(x):
    return math.erf(x)


MATH = [math.exp, lambda v: 2.0 ** v, math.expm1, math.log, math.log2, math.log10,
        math.sin, math.cos, math.tanh, erf, lambda v: 1 / math.sqrt(v)]
POSITIVE = {3, 4, 5, 10}


def math_f32(launch):
    r = rng(26)
    x = floats(r, 32, 4.0)
    # The small-argument branches (expm1 below 1e-3, tanh below 2^-6) and
    # values just above them.
    x[:6] = [0.0, 1e-4, -3e-4, 0.01, 0.05, -0.08]
    pos = [v * v * 10 + 1e-3 for v in floats(r, 32, 3.0)]
    y = Buffer("f32", 11 * 32)
    launch((1, 1, 1), [Buffer("f32", data=x), Buffer("f32", data=pos), y])
    got = y.values()
    out = []
    for k, f in enumerate(MATH):
        args = pos if k in POSITIVE else x
        # Relative error 2e-6 above 1, absolute below; expm1 (whose result
        # is small where it matters) within 2e-7 + 2e-6 relative.
        want = [f(v) for v in args]
        g = got[k * 32:(k + 1) * 32]
        if f is math.expm1:
            bad = [i for i in range(32) if abs(g[i] - want[i]) > 2e-7 + 2e-6 * abs(want[i])]
        else:
            bad = [i for i in range(32) if abs(g[i] - want[i]) > 2e-6 * max(1.0, abs(want[i]))]
        out.append(("function #%d at %s" % (k, [args[i] for i in bad[:1]]),
                    [g[i] for i in bad[:1]], [want[i] for i in bad[:1]]))
    return out


def exp_f16(launch):
    x = [v / 16 for v in small_floats(rng(27), 32, -64, 64)]
    y = Buffer("f16", 32)
    launch((1, 1, 1), [Buffer("f16", data=x), y])
    hx = Buffer("f16", data=x).values()
    return [("y", y.values(), [Buffer("f16", data=[math.exp(v)]).get(0) for v in hx], 1e-3)]


CASES = [Case(name, SRC, name, fn, opt_passes=PASSES) for name, fn in [
    ("row_sum_warp", row_sum_warp), ("row_max_cta", row_max_cta), ("min_all", min_all),
    ("col_sum", col_sum), ("order_f", order_f), ("math_f32", math_f32), ("exp_f16", exp_f16), ("sum3d", sum3d),
    ("arange_static", arange_static)]]
