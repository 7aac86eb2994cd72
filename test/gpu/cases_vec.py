"""GPU cases of the compile-time vectorization (docs/Vectorization.md).

Kernels in test/gpu/kernels/vec_*.mlir:
- vec_add_div / vec_copy2d_div: parameters with tile.divisibility, so the
  accesses are unconditional 128-bit vectors; run with inputs that keep the
  promises.
- vec_add_nodiv / vec_copy2d_nodiv: no promises, run-time checked vectors;
  run with inputs offset by one element and odd sizes, where only scalar
  accesses are legal, and with aligned ones.
Every output region is poisoned first; what lies around it must stay
poisoned.
"""

import torch

from gpu_cases import cdiv, is_poison, poisoned, randn


def run_vec_add_div(k, n, gen):
    assert n % 16 == 0
    x, y = randn(n, gen), randn(n, gen)
    out = poisoned(n + 16, torch.float32)
    k[(cdiv(n, 512),)](x, y, out, n)
    return [("out", out[:n], x.double() + y.double()),
            ("past n untouched", bool(is_poison(out[n:]).all()), True)]


def run_vec_add_nodiv(k, shape, gen):
    n, offset = shape
    bx, by = randn(n + offset, gen), randn(n + offset, gen)
    x, y = bx[offset:], by[offset:]
    big = poisoned(n + offset + 8, torch.float32)
    out = big[offset:offset + n]
    k[(cdiv(n, 512),)](x, y, out, n)
    return [("out", out, x.double() + y.double()),
            ("around out untouched",
             bool(is_poison(big[:offset]).all() and is_poison(big[offset + n:]).all()),
             True)]


def _copy2d(k, m, n, ld, src_offset, dst_offset, gen):
    base = randn(src_offset + max(m, 1) * ld, gen)
    src = base[src_offset:]
    big = poisoned(dst_offset + m * n + 8, torch.float32)
    dst = big[dst_offset:dst_offset + m * n]
    k[(cdiv(m, 32), cdiv(n, 64))](src, dst, m, n, ld)
    ref = src[:m * ld].view(m, ld)[:, :n]
    return [("dst", dst.view(m, n), ref.double()),
            ("around dst untouched",
             bool(is_poison(big[:dst_offset]).all() and is_poison(big[dst_offset + m * n:]).all()),
             True)]


def run_vec_copy2d_div(k, shape, gen):
    m, n, ld = shape
    assert n % 4 == 0 and ld % 4 == 0
    return _copy2d(k, m, n, ld, 0, 0, gen)


def run_vec_copy2d_nodiv(k, shape, gen):
    m, n, ld, src_offset, dst_offset = shape
    return _copy2d(k, m, n, ld, src_offset, dst_offset, gen)


CASES = [
    ("vec_add_div", "vec_add_div", run_vec_add_div,
     [16, 512, 1008, 4096, (1 << 20) + 16]),
    ("vec_add_nodiv", "vec_add_nodiv", run_vec_add_nodiv,
     [(1, 0), (5, 1), (1000, 1), (4099, 3), (4096, 0), ((1 << 20) + 3, 1)]),
    ("vec_copy2d_div", "vec_copy2d_div", run_vec_copy2d_div,
     [(1, 4, 4), (33, 100, 104), (100, 256, 260), (64, 64, 64)]),
    ("vec_copy2d_nodiv", "vec_copy2d_nodiv", run_vec_copy2d_nodiv,
     [(33, 65, 67, 1, 1), (100, 37, 37, 1, 0), (64, 64, 64, 0, 0),
      (7, 5, 9, 3, 2), (40, 128, 129, 0, 1)]),
]
