"""GPU cases of the batched GEMMs on 3-D TMA and wgmma against torch.bmm in
float64: examples/matmul_batched_persistent.mlir (persistent, 128x256
tiles numbered batch by batch, 3-slot ring carried across tiles and
matrices; f16 and bf16) and @matmul_batched_tma of
examples/auto/matmul_batched.mlir (no layouts written; allow_tma loads
of rank-3 tiles in tile-warp-specialize's 4-slot TMA ring, allow_tma
store), @matmul_batched_tma_persistent (the same, persistent with 128x256
tiles: a 3-slot ring, the TMA store's wait deferred to the next tile) and
@matmul_batched_slice of the same file (no
layouts; rank-2 views of each matrix: cp.async pipeline and wgmma), both
also as the sm_89 PTX (auto_matmul_batched_sm89: no TMA, mma.sync; the
hint's fallback gives the same result).

A, B and C are [batch, rows, cols] with rows padded to a multiple of 8
elements (16 bytes, as TMA needs) and, for some cases, extra rows between
the matrices (batch strides above rows x row stride), so that each 3-D
descriptor sees its own strides. Fresh random data every case; C's buffer
is poisoned, with two spare rows per matrix and 8 columns past N rounded
up to 16 bytes. A case shape is (batch, m, n, k, pad, programs): pad > 0
puts pad spare rows between the matrices of every operand; programs 0 is
the usual launch (min(#SMs, tiles)) of the persistent kernel.

Checks: every element of C written, the error bound of the input type
(tolerances of cases_matmul.py), and nothing written outside C[z] for any
z: the rows past M (the TMA store of an edge tile is clipped at M of its
own matrix, not at the end of the buffer) and the columns past N rounded
up to 16 bytes stay poisoned.
"""

import torch

from cases_matmul import TOLERANCES, _err_check, _unwritten_check
from gpu_cases import DEV, is_poison, poisoned


def _up(x, m):
    return (x + m - 1) // m * m


def _operand(batch, rows, cols, pad, gen, dtype):
    """[batch, rows, cols] with the row stride cols rounded up to 8 and pad
    spare rows after each matrix, viewed at its shape."""
    buf = torch.randn((batch, rows + pad, _up(cols, 8)), generator=gen, device=DEV).to(dtype)
    return buf[:, :rows, :cols]


def make_batched_runner(kind, block_m, block_n, persistent):
    dtype = {"f16": torch.float16, "bf16": torch.bfloat16}[kind]
    tol = TOLERANCES[kind][0]

    def run(k, shape, gen):
        batch, m, n, kk, pad, programs = shape
        a = _operand(batch, m, kk, pad, gen, dtype)
        b = _operand(batch, kk, n, pad, gen, dtype)
        n16 = _up(n, 8)
        c_buf = poisoned((batch, m + 2 + pad, n16 + 8), dtype)
        c = c_buf[:, :m, :n]
        if persistent:
            tiles = batch * (_up(m, block_m) // block_m) * (_up(n, block_n) // block_n)
            sms = torch.cuda.get_device_properties(0).multi_processor_count
            k[(programs or min(sms, tiles),)](
                a, b, c, batch, m, n, kk, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                c.stride(0), c.stride(1))
        else:
            k[(_up(m, block_m) // block_m, _up(n, block_n) // block_n, batch)](
                a, b, c, batch, m, n, kk, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                c.stride(0), c.stride(1))
        ref = torch.bmm(a.double(), b.double())
        return [_unwritten_check(c), _err_check(c, ref, tol),
                ("columns past N (rounded up to 16 bytes) untouched",
                 bool(is_poison(c_buf[:, :, n16:]).all().item()), True),
                ("rows past M of every matrix untouched",
                 bool(is_poison(c_buf[:, m:]).all().item()), True)]

    return run


# (batch, m, n, k, pad, programs)
SHAPES = [
    (1, 1, 1, 1, 0, 0),           # K of 1, one element
    (1, 17, 17, 17, 0, 0),
    (3, 100, 64, 100, 0, 0),
    (2, 130, 65, 200, 3, 0),      # spare rows between the matrices
    (5, 64, 300, 1, 0, 0),        # K of 1: one k-step, shorter than the ring
    (4, 256, 256, 256, 0, 0),     # tile multiples
    (8, 1000, 1000, 100, 0, 0),
    (7, 129, 257, 300, 1, 5),     # 5 programs: tiles of several matrices each
    (16, 100, 100, 17, 0, 1),     # one program walks every tile of every matrix
    (64, 17, 8, 64, 0, 0),        # many tiny matrices: a tile each
    (2, 1000, 4095, 64, 0, 0),    # N not a multiple of 8 elements (16 bytes)
    (8, 512, 512, 4096, 0, 0),
]
SHAPES_BF16 = [
    (1, 1, 1, 1, 0, 0), (3, 100, 64, 100, 0, 0), (2, 130, 65, 200, 3, 0),
    (7, 129, 257, 300, 1, 5), (16, 100, 100, 17, 0, 1), (8, 512, 512, 4096, 0, 0),
]
# The layout-free kernel: one program per tile (no programs count); it
# promises N a multiple of 8 (its TMA store writes whole 16-byte chunks).
SHAPES_AUTO = [
    (1, 1, 8, 1, 0, 0), (1, 17, 16, 17, 0, 0), (3, 100, 64, 100, 0, 0),
    (2, 130, 72, 200, 3, 0), (5, 64, 296, 1, 0, 0), (4, 256, 256, 256, 0, 0),
    (8, 1000, 1000, 100, 0, 0), (64, 17, 8, 64, 0, 0),
    # Many k-steps: the 4-slot TMA ring wraps 4 and 16 times,
    # ragged edges and spare rows between the matrices in the first.
    (2, 300, 264, 1000, 1, 0), (4, 512, 512, 4096, 0, 0),
]

# The layout-free persistent kernel (128x256 tiles; N a multiple of 8):
# the programs counts of SHAPES (several matrices a program, one program
# walking everything) and K of many rounds of its 3-slot ring.
SHAPES_AUTO_P = [
    (1, 1, 8, 1, 0, 0), (3, 100, 64, 100, 0, 0), (2, 130, 72, 200, 3, 0),
    (5, 64, 296, 1, 0, 0), (4, 256, 256, 256, 0, 0), (8, 1000, 1000, 100, 0, 0),
    (7, 129, 264, 300, 1, 5), (16, 100, 104, 17, 0, 1), (64, 17, 8, 64, 0, 0),
    (2, 300, 520, 1000, 1, 0), (4, 512, 512, 4096, 0, 0)]

# The batch-slice kernel: N of any size (its store is ordinary).
SHAPES_SLICE = [
    (1, 1, 1, 1, 0, 0), (1, 17, 17, 17, 0, 0), (3, 100, 64, 100, 0, 0),
    (2, 130, 65, 200, 3, 0), (5, 64, 300, 1, 0, 0), (4, 256, 256, 256, 0, 0),
    (8, 1000, 1000, 100, 0, 0), (64, 17, 8, 64, 0, 0), (2, 300, 4095, 129, 1, 0),
]

CASES = [
    ("matmul_batched_persistent", "matmul_batched_persistent",
     make_batched_runner("f16", 128, 256, True), SHAPES),
    ("matmul_batched_persistent", "matmul_batched_persistent_bf16",
     make_batched_runner("bf16", 128, 256, True), SHAPES_BF16),
    ("auto_matmul_batched", "matmul_batched_tma",
     make_batched_runner("f16", 128, 128, False), SHAPES_AUTO),
    ("auto_matmul_batched", "matmul_batched_slice",
     make_batched_runner("f16", 128, 128, False), SHAPES_SLICE),
    ("auto_matmul_batched", "matmul_batched_tma_persistent",
     make_batched_runner("f16", 128, 256, True), SHAPES_AUTO_P),
    ("auto_matmul_batched_sm89", "matmul_batched_tma",
     make_batched_runner("f16", 128, 128, False), SHAPES_AUTO[:5]),
    ("auto_matmul_batched_sm89", "matmul_batched_slice",
     make_batched_runner("f16", 128, 128, False), SHAPES_SLICE[:5]),
]
