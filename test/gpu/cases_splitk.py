"""GPU cases of the split-K GEMMs (examples/matmul_splitk.mlir, 4 and 8
warps): f16 in, f16 out, 64x128 tiles, K cut into S splits reduced through an f32 scratch and a
ticket counter per tile, against the float64 product.

A shape is (m, n, k, S), the grid (cdiv(n, 128), cdiv(m, 64), S). The
shapes cover M of 1..129 beside large N and K (the shapes the kernel is
for), M, N, K that are not tile multiples, S = 1 (no reduction), S that
does not divide the k-steps, S above the number of k-steps (splits with no
k-step contribute zeros) and a square shape.

Each case launches the kernel twice on the same counters and checks after
each launch: the counters are zero again (the last program of a tile
resets its counter, so the next launch needs no memset), every element of
C written and within the f16 bound, nothing written past M or N (the
output buffer is larger than C and poisoned).
"""

import torch

from cases_matmul import TOLERANCES, _err_check, _unwritten_check
from gpu_cases import DEV, is_poison, poisoned


def _up(x, m):
    return (x + m - 1) // m * m


def _rows(rows, cols, gen):
    buf = torch.randn((rows, _up(cols, 8)), generator=gen, device=DEV).half()
    return buf[:, :cols]


def run_splitk(k, shape, gen):
    m, n, kk, splits = shape
    a = _rows(m, kk, gen)
    b = _rows(kk, n, gen)
    tm, tn = _up(m, 64) // 64, _up(n, 128) // 128
    ws = poisoned((splits * m * n,), torch.float32)
    cnt = torch.zeros((tm * tn,), device=DEV, dtype=torch.int32)
    ref = a.double() @ b.double()
    checks = []
    for launch in (1, 2):
        c_buf = poisoned((m + 2, n + 8), torch.float16)
        k[(tn, tm, splits)](a, b, c_buf, ws, cnt, m, n, kk, a.stride(0), b.stride(0),
                            c_buf.stride(0))
        c = c_buf[:m, :n]
        label = f"launch {launch}: "
        unwritten = _unwritten_check(c)
        err = _err_check(c, ref, TOLERANCES["f16"][0])
        checks += [(label + unwritten[0], unwritten[1], True), (label + err[0], err[1], True),
                   (label + "counters back to zero", bool((cnt == 0).all().item()), True),
                   (label + "columns past N untouched",
                    bool(is_poison(c_buf[:, n:]).all().item()), True),
                   (label + "rows past M untouched",
                    bool(is_poison(c_buf[m:]).all().item()), True)]
    return checks


SHAPES = [
    (1, 1, 1, 1), (1, 4096, 4096, 8), (16, 4096, 4096, 4), (100, 4096, 4096, 4),
    (128, 4096, 4096, 2), (129, 257, 300, 8),   # 5 k-steps in 8 splits: three empty
    (17, 100, 1000, 3),                         # 16 k-steps in 3 splits of 6
    (100, 1000, 17, 4),                         # one k-step, three empty splits
    (65, 300, 700, 1),                          # no reduction
    (1000, 1000, 1000, 2),
]

CASES = [("matmul_splitk", "matmul_splitk", run_splitk, SHAPES),
         ("matmul_splitk", "matmul_splitk_w8", run_splitk, SHAPES)]
