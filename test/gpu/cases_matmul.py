"""GPU cases of tile.dot: every matmul kernel, per input type, against
torch.matmul in float64 on fresh random data.

Every case draws its inputs, poisons the output buffer (which is larger than
C, so that elements outside C must stay poisoned), launches one program per
output tile, and compares C with the float64 product of the same inputs
(for fp8 and i8 the inputs are exact in float64, so the reference is exact).

Operands come in several memory orders, passed to the kernels as strides:
row-major, column-major (a transposed view of a contiguous tensor), strided
(every other column: inner stride 2) and pitched (the top-left corner of a
larger row-major tensor: leading stride above the row length); C is written
row-major or column-major, pitched. M, N and K each take every value of
{1, 17, 64, 100, 1000, 4096} in the shape list (not every combination).

Float results pass two checks: the relative Frobenius error, and torch's
elementwise tolerances |C - ref| <= atol * rms(ref) + rtol * |ref| (atol on
values normalized by the RMS of the reference, since torch's tolerances are
meant for entries of unit size and ours grow as sqrt(K)):
  f16 out:  rtol 2e-3,   atol 1e-3   torch's test_cublas_addmm_alignment (f16)
  bf16 out: rtol 1.6e-2, atol 1e-3   assert_close's bf16 rtol, the atol above
  fp8 in, bf16 out: rtol = atol = 7e-2  torch's test_scaled_mm_vs_emulated
  tf32:     rtol = atol = 5e-3       torch's tf32_on_and_off(0.005) precision
(assert_close's default atol, 1e-5, is below what f32 accumulation on the
tensor cores loses at K = 4096: one f16 element of 16M reached it on the
H100.) i8 results (i32) must be exact. With TILE_GPU_TOL_REPORT set, every
float case prints its Frobenius error and its worst element relative to the
elementwise bound.
"""

import os

import torch

from gpu_cases import DEV, is_poison, poisoned

REL_TOL_F16 = 2e-3

# (Frobenius bound, rtol, atol) per input type. The Frobenius bounds are
# ours: a few times the output rounding (f16, bf16), the tf32 rounding of
# the inputs, and for fp8 the reduced-precision accumulation of fp8 tensor
# cores (DeepSeek-V3 reports errors near 2% at K = 4096 on Hopper).
TOLERANCES = {
    "f16": (REL_TOL_F16, 2e-3, 1e-3),
    "bf16": (1e-2, 1.6e-2, 1e-3),
    "fp8": (2e-2, 7e-2, 7e-2),
    "tf32": (5e-3, 5e-3, 5e-3),
}

I32_POISON = -0x5A5A5A5B


def _draw(kind, shape, gen):
    """A contiguous tensor of the input type of `kind`."""
    if kind == "i8":
        return torch.randint(-128, 128, shape, generator=gen, device=DEV, dtype=torch.int8)
    t = torch.randn(shape, generator=gen, device=DEV)
    if kind == "f16":
        return t.half()
    if kind == "bf16":
        return t.bfloat16()
    if kind == "fp8":
        return (t * 2).to(torch.float8_e4m3fn)
    return t  # tf32: f32 inputs


def _operand(kind, rows, cols, order, gen):
    """A rows x cols input stored in `order` ("row", "col", "strided",
    "pitched", "shifted"); returns the view (its strides are what the kernel
    gets)."""
    if order == "row":
        t = _draw(kind, (rows, cols), gen)
    elif order == "col":  # column-major: a transposed view
        t = _draw(kind, (cols, rows), gen).t()
    elif order == "strided":  # every other column of a twice-as-wide tensor
        t = _draw(kind, (rows, 2 * cols), gen)[:, ::2]
    elif order == "pitched":  # the corner of a larger row-major tensor
        t = _draw(kind, (rows + 3, cols + 7), gen)[:rows, :cols]
    else:  # shifted: rows 16-byte apart, but the base one element past 16 bytes
        flat = _draw(kind, ((rows + 1) * (cols + 16),), gen)
        t = flat[1:1 + rows * (cols + 16)].view(rows, cols + 16)[:, :cols]
    assert t.shape == (rows, cols)
    return t


def _output(dtype, m, n, order):
    """A poisoned buffer larger than C and the m x n view C of it, row- or
    column-major; returns (buffer, C, mask of the buffer outside C)."""
    def fill(shape):
        if dtype == torch.int32:
            return torch.full(shape, I32_POISON, dtype=dtype, device=DEV)
        return poisoned(shape, dtype)
    if order == "row":
        buf = fill((m + 2, n + 8))
        c = buf[:m, :n]
        outside = torch.ones(buf.shape, dtype=torch.bool, device=DEV)
        outside[:m, :n] = False
    else:
        buf = fill((n + 8, m + 2))
        c = buf[:n, :m].t()
        outside = torch.ones(buf.shape, dtype=torch.bool, device=DEV)
        outside[:n, :m] = False
    return buf, c, outside


def _unwritten(t):
    if t.dtype == torch.int32:
        return t == I32_POISON
    return is_poison(t)


def _rel_err(out, ref):
    return ((out.double() - ref).norm() / max(ref.norm().item(), 1e-30)).item()


def _err_check(out, ref, tol):
    err = _rel_err(out, ref)
    return (f"relative error <= {tol}", True if err <= tol else f"relative error {err:.3e}", True)


def _close_check(out, ref, rtol, atol):
    """torch's elementwise tolerances on values normalized by rms(ref)."""
    o = out.double()
    rms = max(ref.pow(2).mean().sqrt().item(), 1e-30)
    excess = (o - ref).abs() - (atol * rms + rtol * ref.abs())
    bad = (excess > 0) | torch.isnan(o)
    nbad = bad.sum().item()
    label = f"|C - ref| <= {atol:g} * rms(ref) + {rtol:g} * |ref| elementwise"
    worst = ((o - ref).abs() / (atol * rms + rtol * ref.abs())).nan_to_num(float("inf")).max().item()
    if os.environ.get("TILE_GPU_TOL_REPORT"):
        print(f"tol: {tuple(out.shape)} {out.dtype} frobenius {_rel_err(out, ref):.2e} "
              f"worst element {worst:.3f}x the bound")
    if nbad == 0:
        return (label, True, True)
    return (label, f"{nbad} of {o.numel()} elements outside (worst at {worst:.2f}x the bound)", True)


def _unwritten_check(out):
    unwritten = _unwritten(out).sum().item()
    return ("every element written", unwritten == 0 or f"{unwritten} elements still poison", True)


def make_runner(kind, block_m, block_n, epilogue=None):
    """A runner for a matmul kernel with examples/matmul.mlir's arguments
    (a, b, c, m, n, k, sam, sak, sbk, sbn, scm, scn) and inputs of `kind`
    ("f16", "bf16", "fp8", "tf32", "i8"); `epilogue` adds the extra
    arguments: "bias_relu" (a per-column f32 bias after b, then relu),
    "scales" (per-tensor scale_a, scale_b after c)."""
    out_dtype = {"f16": torch.float16, "bf16": torch.bfloat16, "fp8": torch.bfloat16,
                 "tf32": torch.float32, "i8": torch.int32}[kind]

    def run(k, shape, gen):
        m, n, kk, a_order, b_order, c_order = shape
        a = _operand(kind, m, kk, a_order, gen)
        b = _operand(kind, kk, n, b_order, gen)
        buf, c, outside = _output(out_dtype, m, n, c_order)
        grid = ((m + block_m - 1) // block_m, (n + block_n - 1) // block_n)
        dims = (m, n, kk, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                c.stride(0), c.stride(1))
        ref = a.double() @ b.double()
        if epilogue == "bias_relu":
            bias = torch.randn((n,), generator=gen, device=DEV)
            k[grid](a, b, bias, c, *dims)
            ref = torch.relu(ref + bias.double())
        elif epilogue == "scales":
            sa, sb = 0.5, 0.25
            k[grid](a, b, c, sa, sb, *dims)
            ref = ref * sa * sb
        else:
            k[grid](a, b, c, *dims)
        checks = [_unwritten_check(c),
                  ("elements outside C untouched", bool(_unwritten(buf)[outside].all().item()), True)]
        if kind == "i8":
            bad = (c.long() != ref.round().long()).sum().item()  # exact: |sums| < 2^31
            checks.append(("exact i32 result", True if bad == 0 else f"{bad} of {c.numel()} elements differ", True))
            return checks
        frobenius, rtol, atol = TOLERANCES[kind]
        checks.append(_err_check(c, ref, frobenius))
        checks.append(_close_check(c, ref, rtol, atol))
        return checks
    return run


# (M, N, K, order of A, order of B, order of C): every size in each of M, N
# and K, every operand order for A and B, both orders for C.
SHAPES = [
    (1, 1, 1, "row", "row", "row"),
    (17, 17, 17, "row", "col", "row"),
    (64, 64, 64, "col", "row", "col"),
    (100, 100, 100, "strided", "col", "row"),
    (1000, 64, 100, "col", "row", "row"),
    (64, 1000, 17, "strided", "pitched", "row"),
    (17, 100, 1000, "col", "col", "col"),
    (100, 17, 64, "pitched", "strided", "row"),
    (1000, 1000, 1000, "row", "row", "row"),
    (4096, 4096, 4096, "row", "col", "row"),
    (4096, 64, 4096, "col", "strided", "row"),
    (1, 4096, 100, "pitched", "col", "col"),
    # Unit inner strides and aligned row strides, but a misaligned base:
    # the general version of a loop versioned on unit strides.
    (136, 200, 80, "shifted", "row", "row"),
    (64, 128, 256, "row", "shifted", "row"),
]

# (artifact, kernel, runner): f16 with layouts written (mma.sync and wgmma),
# and the layout-free kernel of every input type.
MATMULS = [
    ("matmul", "matmul", make_runner("f16", 64, 64)),
    ("matmul_wgmma", "matmul_wgmma", make_runner("f16", 128, 128)),
    ("auto_matmul", "matmul_auto", make_runner("f16", 128, 128)),
    ("auto_matmul_bf16_bias_relu", "matmul_bf16_bias_relu", make_runner("bf16", 128, 128, "bias_relu")),
    ("auto_matmul_fp8_scaled", "matmul_fp8_scaled", make_runner("fp8", 128, 128, "scales")),
    ("auto_matmul_tf32", "matmul_tf32", make_runner("tf32", 64, 64)),
    ("auto_matmul_i8", "matmul_i8", make_runner("i8", 128, 128)),
]

CASES = [(artifact, kernel, runner, SHAPES) for artifact, kernel, runner in MATMULS]

# fp8 on mma.sync compiled for sm_90 (layouts written; the layout-free fp8
# kernel takes wgmma there): PTX ISA 8.4 in an sm_90 cubin.
CASES += [("matmul_fp8_mma", "matmul_fp8_mma", make_runner("fp8", 64, 64, "scales"), SHAPES)]

# The layout-free kernels compiled for sm_89 (PTX, JIT-compiled by the
# driver): mma.sync for every input type on a Hopper GPU too.
CASES += [(artifact + "_sm89", kernel, runner, SHAPES)
          for artifact, kernel, runner in MATMULS if artifact.startswith("auto_")]


def _batched_operand(batch, rows, cols, order, gen):
    """A batch x rows x cols f16 input stored in `order`: "row", "col"
    (each matrix column-major), "strided" (every other column), "pitched"
    (the corner of a larger tensor, batches apart), "inner" (the batch index
    fastest: batches interleaved)."""
    def draw(shape):
        return torch.randn(shape, generator=gen, device=DEV).half()
    if order == "row":
        t = draw((batch, rows, cols))
    elif order == "col":
        t = draw((batch, cols, rows)).transpose(1, 2)
    elif order == "strided":
        t = draw((batch, rows, 2 * cols))[:, :, ::2]
    elif order == "pitched":
        t = draw((batch + 1, rows + 3, cols + 7))[:batch, :rows, :cols]
    else:  # inner
        t = draw((rows, cols, batch)).permute(2, 0, 1)
    assert t.shape == (batch, rows, cols)
    return t


def run_batched(k, shape, gen):
    batch, m, n, kk, oa, ob, oc = shape
    a = _batched_operand(batch, m, kk, oa, gen)
    b = _batched_operand(batch, kk, n, ob, gen)
    if oc == "row":
        buf = poisoned((batch, m + 2, n + 8), torch.float16)
        c = buf[:, :m, :n]
    else:
        buf = poisoned((batch, n + 8, m + 2), torch.float16)
        c = buf[:, :n, :m].transpose(1, 2)
    k[((m + 63) // 64, (n + 63) // 64, batch)](a, b, c, batch, m, n, kk,
                                                *a.stride(), *b.stride(), *c.stride())
    ref = a.double() @ b.double()
    outside = torch.ones(buf.shape, dtype=torch.bool, device=DEV)
    if oc == "row":
        outside[:, :m, :n] = False
    else:
        outside[:, :n, :m] = False
    kept = bool(is_poison(buf)[outside].all()) if outside.any() else True
    return [_unwritten_check(c), _err_check(c, ref, REL_TOL_F16),
            ("elements outside C untouched", kept or "elements outside C were written", True)]


SMALL_SHAPES = [(17, 17, 17), (100, 100, 100), (256, 200, 300), (1000, 1000, 1000), (128, 4096, 64)]

CASES += [
    ("auto_matmul_batched", "matmul_batched", run_batched,
     [(1, 17, 17, 17, "row", "row", "row"), (3, 100, 64, 100, "col", "row", "col"),
      (2, 130, 65, 200, "strided", "col", "row"), (4, 256, 256, 256, "pitched", "inner", "row"),
      (5, 64, 100, 17, "inner", "pitched", "col"), (2, 1000, 1, 64, "row", "strided", "row")]),
    ("auto_matmul_batched_sm89", "matmul_batched", run_batched,
     [(1, 17, 17, 17, "row", "row", "row"), (3, 100, 64, 100, "col", "col", "col"),
      (2, 130, 65, 200, "pitched", "strided", "row")]),
]


def run_dot_chain(k, m, gen):
    q = torch.randn((m, 64), generator=gen, device=DEV).half()
    kt = (torch.randn((64, 64), generator=gen, device=DEV) / 8).half()
    v = torch.randn((64, 64), generator=gen, device=DEV).half()
    o = poisoned((m, 64), torch.float32)
    k[((m + 127) // 128,)](q, kt, v, o, m)
    # The scores are rounded to f16 between the dots, as in the kernel.
    p = (q.double() @ kt.double()).half().double()
    ref = p @ v.double()
    return [_unwritten_check(o), _err_check(o, ref, 2e-3)]


# On wgmma (sm_90, A of the second dot in registers) and on mma.sync (sm_80
# PTX: all warps along M, the scores converted within registers).
CASES += [("dot_chain", "dot_chain", run_dot_chain, [1, 100, 128, 1000]),
          ("dot_chain_sm80", "dot_chain", run_dot_chain, [1, 100, 128, 1000])]


def run_wgmma_variant(k, shape, gen):
    m, n, kk = shape
    a = torch.randn((m, kk), generator=gen, device=DEV).half()
    bt = torch.randn((n, kk), generator=gen, device=DEV).half()
    c = poisoned((m, n), torch.float32)
    k[((m + 63) // 64, (n + 63) // 64)](a, bt, c, m, n, kk)
    ref = a.double() @ bt.double().t()
    return [_unwritten_check(c), _err_check(c, ref, 1e-5)]


# 64- and 32-byte swizzles, K-major B through a transposed view.
CASES += [
    ("wgmma_variants", "wgmma_sw64_trans", run_wgmma_variant, SMALL_SHAPES),
    ("wgmma_variants", "wgmma_sw32_trans", run_wgmma_variant, SMALL_SHAPES),
]
