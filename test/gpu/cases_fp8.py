"""GPU cases of the persistent fp8 GEMMs (examples/matmul_fp8_persistent.mlir,
written by test/gpu/gen_fp8_kernels.py, and its layout-free twin
examples/auto/matmul_fp8_persistent.mlir): e4m3 A (M x K) and B (N x K, K
contiguous), f32 accumulation, scaled by scale_a * scale_b, bf16 C.

Inputs are drawn as 2 * randn rounded to e4m3 (exact in float64), the
scales are not 1 (0.75 and 1.5, so a kernel that forgets one is caught),
and C is checked against:
  - the float64 product of the same fp8 values times the scales, with the
    fp8 tolerances of cases_matmul.py (Frobenius 2e-2; elementwise
    rtol = atol = 7e-2 on values normalized by rms(ref), torch's
    test_scaled_mm_vs_emulated), and
  - torch._scaled_mm (cuBLASLt) on the same operands where it takes them
    (M, N, K multiples of 16), within the same Frobenius bound;
every element written, and nothing outside C: the rows past M and the
columns past N rounded up to 16 bytes stay poisoned (the TMA store writes
whole 16-byte chunks).

A shape is (m, n, k, programs); programs 0 is min(#SMs, tiles). The shapes
cover M, N, K that are not tile multiples (1, 17, 100, 1000, 4095 and K of
1, 17, 48, 200, 1008, 4095), K shorter than the ring (one k-step, and fewer k-steps
than slots: the ring's prologue issues the next tile's loads), more
programs than tiles, one program walking every tile, and a program count
that does not divide the tile count. Rows are padded to 16 elements (fp8:
16 bytes; bf16 C: 8 elements), as TMA needs.
"""

import torch

from cases_matmul import TOLERANCES, _close_check, _err_check, _unwritten_check
from gpu_cases import DEV, is_poison, poisoned

SCALE_A, SCALE_B = 0.75, 1.5


def _up(x, m):
    return (x + m - 1) // m * m


def _fp8_rows(rows, cols, gen):
    """A rows x cols e4m3 matrix whose row stride is cols rounded up to 16
    elements (16 bytes), viewed at its shape."""
    buf = (torch.randn((rows, _up(cols, 16)), generator=gen, device=DEV) * 2)
    return buf.to(torch.float8_e4m3fn)[:, :cols]


def make_fp8_runner(block_n):
    frob, rtol, atol = TOLERANCES["fp8"]

    def run(k, shape, gen):
        m, n, kk, programs = shape
        a = _fp8_rows(m, kk, gen)
        b = _fp8_rows(n, kk, gen)  # N x K, K contiguous
        n8 = _up(n, 8)
        c_buf = poisoned((m + 2, n8 + 8), torch.bfloat16)
        tiles = _up(m, 128) // 128 * (_up(n, block_n) // block_n)
        sms = torch.cuda.get_device_properties(0).multi_processor_count
        grid = programs or min(sms, tiles)
        k[(grid,)](a, b, c_buf, SCALE_A, SCALE_B, m, n, kk, a.stride(0), b.stride(0),
                   c_buf.stride(0))
        c = c_buf[:m, :n]
        ref = (a.double() @ b.double().t()) * (SCALE_A * SCALE_B)
        checks = [_unwritten_check(c), _err_check(c, ref, frob), _close_check(c, ref, rtol, atol),
                  ("columns past N (rounded up to 16 bytes) untouched",
                   bool(is_poison(c_buf[:, n8:]).all().item()), True),
                  ("rows past M untouched", bool(is_poison(c_buf[m:]).all().item()), True)]
        if m % 16 == 0 and n % 16 == 0 and kk % 16 == 0:
            sa = torch.tensor(SCALE_A, device=DEV)
            sb = torch.tensor(SCALE_B, device=DEV)
            cublas = torch._scaled_mm(a.contiguous(), b.contiguous().t(), scale_a=sa,
                                      scale_b=sb, out_dtype=torch.bfloat16)
            err = ((c.double() - cublas.double()).norm() /
                   max(cublas.double().norm().item(), 1e-30)).item()
            checks.append((f"within {frob} of torch._scaled_mm (Frobenius)",
                           True if err <= frob else f"relative difference {err:.3e}", True))
        return checks

    return run


# (m, n, k, programs); 0 = min(#SMs, tiles).
SHAPES = [
    (1, 1, 1, 0), (17, 17, 17, 0), (100, 100, 48, 0), (129, 200, 4095, 0),
    (64, 1000, 16, 0),            # one k-step: shorter than the ring
    (1000, 100, 200, 0),          # two k-steps
    (129, 257, 304, 0), (17, 100, 1008, 0), (1000, 1000, 1008, 0),
    (256, 512, 4096, 0),          # multiples of 16: against torch._scaled_mm too
    (300, 300, 128, 132),         # more programs than tiles
    (1000, 1000, 1008, 1),        # one program walks every tile
    (1000, 1000, 400, 7),         # 7 programs, tile count not a multiple
    (1000, 4095, 16, 3),          # many tiles of one k-step per program
    (2048, 2048, 2048, 0), (4095, 4095, 4096, 0),
]

# The layout-free kernel promises N % 8 == 0 (its TMA store; the launcher
# refuses other N): the same shapes with N rounded up to 8.
SHAPES_N8 = [(m, _up(n, 8), k, p) for m, n, k, p in SHAPES]

CASES = [
    ("matmul_fp8_persistent", "matmul_fp8_persistent", make_fp8_runner(256), SHAPES),
    ("matmul_fp8_persistent", "matmul_fp8_persistent_128", make_fp8_runner(128), SHAPES),
    ("matmul_fp8_persistent", "matmul_fp8_persistent_128_s6", make_fp8_runner(128), SHAPES),
    ("matmul_fp8_persistent", "matmul_fp8_persistent_k64", make_fp8_runner(256), SHAPES),
    ("matmul_fp8_persistent", "matmul_fp8_persistent_s4", make_fp8_runner(256), SHAPES),
    ("auto_matmul_fp8_persistent", "auto_matmul_fp8_persistent", make_fp8_runner(256),
     SHAPES_N8),
]
