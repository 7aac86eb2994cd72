"""GPU cases of TMA (examples/tma_copy.mlir, examples/matmul_tma.mlir): the
launcher builds the tensor maps from the arguments (cuTensorMapEncodeTiled)
and passes them as __grid_constant__ parameters.

- tma_load: TMA load -> mbarrier wait -> layout.local_load -> ordinary store,
  on ragged shapes: the block parts outside x must arrive as zeros (the
  output is the shape rounded up to 64, poisoned first).
- tma_store: ordinary load -> local_store -> TMA store: x copied exactly,
  nothing written past the m x n view except, when n * 2 bytes is not a
  multiple of 16, the padding up to the next 16-byte boundary (the TMA
  writes whole 16-byte chunks).
- matmul_tma: 3-stage TMA + async wgmma GEMM against the float64 product,
  on shapes that are not tile multiples, K shorter than the pipeline, and a
  row stride padded past K (strides must be 16-byte multiples; the shape
  need not be).
- runtime.tma_errors: a row stride that is not a multiple of 16 bytes and
  an unaligned base are refused by the launcher with the reason (no launch,
  no wrong answer).
"""

import torch

from cases_matmul import REL_TOL_F16, _err_check, _unwritten_check
from gpu_cases import DEV, _expect, _load, is_poison, poisoned


def _up(x, m):
    return (x + m - 1) // m * m


def _rows(rows, cols, gen, pad_to=8):
    """A rows x cols f16 matrix whose row stride is cols rounded up to
    `pad_to` elements (so that it is a multiple of 16 bytes)."""
    buf = torch.randn((rows, _up(cols, pad_to)), generator=gen, device=DEV).half()
    return buf[:, :cols]


def run_tma_load(k, shape, gen):
    m, n = shape
    x = _rows(m, n, gen)
    mp, np_ = _up(m, 64), _up(n, 64)
    y = poisoned((mp, np_), torch.float16)
    k[(mp // 64, np_ // 64)](x, y, m, n, x.stride(0), mp, np_, y.stride(0))
    ref = torch.zeros((mp, np_), dtype=torch.float16, device=DEV)
    ref[:m, :n] = x
    return [("y = x inside, zeros outside (TMA zero fill)", y, ref)]


def run_tma_store(k, shape, gen):
    m, n = shape
    x = _rows(m, n, gen)
    sy = _up(n + 8, 8)
    y_buf = poisoned((m, sy), torch.float16)
    k[(_up(m, 64) // 64, _up(n, 64) // 64)](x, y_buf, m, n, x.stride(0), sy)
    # TMA stores write whole 16-byte chunks: with n not a multiple of 8
    # f16, the padding up to the next 16-byte boundary may be overwritten
    # (a hardware limit, triton-lang/triton#11583; docs/TileLanguage.md).
    n16 = _up(n, 8)
    return [("y = x", y_buf[:, :n].contiguous(), x.contiguous()),
            ("nothing written past n rounded up to 16 bytes",
             bool(is_poison(y_buf[:, n16:]).all().item()), True)]


def run_matmul_tma(k, shape, gen):
    m, n, kk = shape
    a = _rows(m, kk, gen)
    b = _rows(kk, n, gen)
    pad = 8
    c_buf = poisoned((m, n + pad), torch.float16)
    c = c_buf[:, :n]
    k[(_up(m, 128) // 128, _up(n, 128) // 128)](a, b, c_buf, m, n, kk, a.stride(0),
                                               b.stride(0), c_buf.stride(0))
    ref = a.double() @ b.double()
    checks = [_unwritten_check(c), _err_check(c, ref, REL_TOL_F16)]
    checks.append(("columns past N untouched",
                   bool(is_poison(c_buf[:, n:]).all().item()), True))
    return checks


def runtime_tma_errors(artifacts, gen):
    import tile.runtime as rt
    k = _load(artifacts, "tma_copy")["tma_load"]
    m, n = 40, 17
    x = torch.randn((m, n), generator=gen, device=DEV).half()     # row stride 34 bytes
    y = poisoned((64, 64), torch.float16)
    xs = torch.randn((m, 32), generator=gen, device=DEV).half()
    checks = [
        _expect(rt.LaunchError, lambda: k[(1, 1)](x, y, m, n, n, 64, 64, 64),
                "not a positive multiple of 16 bytes"),
        _expect(rt.LaunchError,
                lambda: k[(1, 1)](xs.view(-1)[1:].data_ptr(), y, m, 16, 32, 64, 64, 64),
                "aligned"),
    ]
    torch.cuda.synchronize()
    checks.append(("output untouched after refused launches",
                   bool(is_poison(y).all().item()), True))
    return checks


SHAPES_COPY = [(1, 1), (17, 100), (64, 64), (100, 8), (129, 257), (1000, 1000)]
SHAPES_MATMUL = [
    (1, 1, 1), (17, 17, 17), (64, 64, 64), (100, 100, 100), (128, 128, 100),
    (1000, 64, 100), (64, 1000, 17), (129, 257, 300), (17, 100, 1000),
    (1000, 1000, 1000), (4096, 4096, 4096), (4095, 4095, 4095),
]

CASES = [
    ("tma_copy", "tma_load", run_tma_load, SHAPES_COPY),
    ("tma_copy", "tma_store", run_tma_store, SHAPES_COPY),
    ("matmul_tma", "matmul_tma", run_matmul_tma, SHAPES_MATMUL),
]

RUNTIME_CASES = [
    ("runtime.tma_errors", runtime_tma_errors),
]


def run_allow_tma(k, shape, gen):
    """examples/allow_tma.mlir: y = x through TMA (copy_tma) or ordinary
    accesses (copy_plain); n is a multiple of 8 for copy_tma's promise."""
    m, n = shape
    x = _rows(m, n, gen)
    sy = _up(n + 8, 8)
    y_buf = poisoned((m, sy), torch.float16)
    k[(_up(m, 64) // 64, _up(n, 64) // 64)](x, y_buf, m, n, x.stride(0), sy)
    return [("y = x", y_buf[:, :n].contiguous(), x.contiguous()),
            ("columns past n untouched", bool(is_poison(y_buf[:, n:]).all().item()), True)]


SHAPES_ALLOW = [(1, 8), (17, 96), (100, 200), (129, 264), (1000, 1000)]
CASES += [
    ("allow_tma", "copy_tma", run_allow_tma, SHAPES_ALLOW),
    ("allow_tma", "copy_plain", run_allow_tma, SHAPES_ALLOW + [(33, 17)]),
]
