"""GPU cases of asynchronous copies (cp.async; docs/TileLanguage.md,
"Asynchronous copies"):

- copy_from_async (examples/copy_from_async.mlir): Mojo's copy_from_async +
  async_copy_wait_all example. The 128x128 f32 tensor must end up holding
  i * 128 + j, and the tile read back from shared memory after the wait
  (written to a second, poisoned buffer) must equal the original input,
  bit for bit.
- matmul_pipelined (examples/matmul_pipelined.mlir, 128x256x64, 3 stages)
  matmul_pipelined_128 (test/gpu/kernels, 128x128x64, 4 stages) and
  matmul_pipelined_1bar (test/gpu/kernels, 128x256x64, 4 slots, one
  barrier a k-step): the
  hand-pipelined wgmma GEMMs against the float64 product of the same f16
  inputs. A and B are row-major with leading dims padded to a multiple of
  8 (the kernels' stated requirement), so that K need not be; C is
  poisoned and wider than N (the extra columns must stay poisoned), and one
  case stores C column-major. Shapes cover K below the stage count
  (K <= 64 and K <= 128: k-tiles past K are all zero-fill), ragged M, N and
  K, and exact multiples of the tiles.
"""

import torch

from cases_matmul import REL_TOL_F16, _err_check, _unwritten_check
from gpu_cases import DEV, is_poison, poisoned


def run_copy_from_async(k, _shape, gen):
    t = torch.randn((128, 128), generator=gen, device=DEV)
    orig = t.clone()
    copy = poisoned((128, 128), torch.float32)
    k[(8, 8)](t, copy)
    expected = torch.arange(128 * 128, device=DEV, dtype=torch.float32).view(128, 128)
    bits = lambda x: x.contiguous().view(torch.int32)
    return [("copied tile (bits)", bits(copy), bits(orig)),
            ("tensor = i * 128 + j", bits(t), bits(expected))]


def _padded(rows, cols, gen):
    """A rows x cols f16 row-major matrix whose leading dim is cols rounded
    up to a multiple of 8, plus 8 (never compact)."""
    ld = (cols + 7) // 8 * 8 + 8
    full = torch.randn((rows, ld), generator=gen, device=DEV).half()
    return full[:, :cols]


def make_runner(block_m, block_n):
    def run(k, shape, gen):
        m, n, kk, c_order = shape
        a = _padded(m, kk, gen)
        b = _padded(kk, n, gen)
        pad = 8
        if c_order == "row":
            c_buf = poisoned((m, n + pad), torch.float16)
            c = c_buf[:, :n]
        else:  # column-major C: rows of the buffer are columns of C
            c_buf = poisoned((n + pad, m), torch.float16).t()
            c = c_buf[:, :n]
        grid = ((m + block_m - 1) // block_m, (n + block_n - 1) // block_n)
        k[grid](a, b, c, m, n, kk, a.stride(0), b.stride(0), c.stride(0), c.stride(1))
        ref = a.double() @ b.double()
        checks = [_unwritten_check(c), _err_check(c, ref, REL_TOL_F16)]
        checks.append(("columns past N untouched",
                       bool(is_poison(c_buf[:, n:]).all().item()), True))
        return checks
    return run


SHAPES = [
    (1, 1, 1, "row"),
    (17, 17, 17, "row"),
    (64, 64, 64, "row"),        # one k-tile: fewer than the stages
    (100, 300, 100, "row"),     # two k-tiles, ragged everywhere
    (128, 256, 192, "row"),     # exactly one output tile, three k-tiles
    (300, 200, 8, "col"),       # K = 8, C column-major
    (1000, 1000, 1000, "row"),
    (257, 513, 4095, "row"),
    (4096, 4096, 4096, "row"),
]

CASES = [
    ("copy_from_async", "copy_from_async", run_copy_from_async, ["128x128"]),
    ("matmul_pipelined", "matmul_pipelined", make_runner(128, 256), SHAPES),
    ("matmul_pipelined_128", "matmul_pipelined_128", make_runner(128, 128), SHAPES),
    ("matmul_pipelined_1bar", "matmul_pipelined_1bar", make_runner(128, 256), SHAPES),
]
