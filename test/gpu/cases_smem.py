"""GPU cases of shared memory in the language (docs/TileLanguage.md,
"Shared memory"): kernels in test/gpu/kernels/smem_*.mlir that round-trip
tiles through !layout.memdesc buffers.

- smem_roundtrip: f16 tile stored by rows into slot (pid % 3) of a
  three-slot swizzled buffer, barrier, read back by columns;
- smem_transpose: f32 tile stored by rows, read through a transposed view
  (memdesc_trans) in the same layout: a transposing copy;
- smem_ldmatrix / smem_ldmatrix_trans: f16 32x32 tiles loaded with ldmatrix
  (x4, and x4.trans through a transposed view) into the mma v2 operand-A
  layout, stored from it.
Outputs are poisoned first (f16 poison is NaN); f16 results are compared
bit for bit.
"""

import torch

from gpu_cases import DEV, cdiv, poisoned, randn


def randh(shape, gen):
    return torch.randn(shape, generator=gen, device=DEV, dtype=torch.float32).half()


def bits(t):
    # The 16 bits of each half as a non-negative int32: no f16 value can
    # equal the integer poison, and an unwritten (NaN-poisoned) element
    # differs from every finite reference.
    return t.contiguous().view(torch.int16).to(torch.int32) & 0xFFFF


def run_smem_roundtrip(k, m, gen):
    x = randh((m, 64), gen)
    out = poisoned((m, 64), torch.float16)
    k[(cdiv(m, 64),)](x, out, m)
    return [("out", bits(out), bits(x))]


def run_smem_transpose(k, n, gen):
    x = randn((n, n), gen)
    out = poisoned((n, n), torch.float32)
    k[(cdiv(n, 64), cdiv(n, 64))](x, out, n)
    return [("out", out, x.t().double())]


def run_smem_ldmatrix(k, n, gen):
    x = randh((n, n), gen)
    out = poisoned((n, n), torch.float16)
    k[(cdiv(n, 32), cdiv(n, 32))](x, out, n)
    return [("out", bits(out), bits(x))]


def run_smem_ldmatrix_trans(k, n, gen):
    x = randh((n, n), gen)
    out = poisoned((n, n), torch.float16)
    k[(cdiv(n, 32), cdiv(n, 32))](x, out, n)
    return [("out", bits(out), bits(x.t()))]


CASES = [
    ("smem_roundtrip", "smem_roundtrip", run_smem_roundtrip, [64, 100, 4096]),
    ("smem_transpose", "smem_transpose", run_smem_transpose, [64, 100, 1024]),
    ("smem_ldmatrix", "smem_ldmatrix", run_smem_ldmatrix, [32, 50, 256]),
    ("smem_ldmatrix", "smem_ldmatrix_trans", run_smem_ldmatrix_trans, [32, 50, 256]),
]
