"""GPU cases of tile.dot: the matmul examples (mma.sync and wgmma) against
torch.matmul in float64 on fresh random data.

Every case draws f16 inputs, poisons the output buffer (which is wider than
C, so that columns past N must stay poisoned), launches one program per
output tile, and checks the relative error of C against the float64 product
of the same f16 inputs (the output is f16, so the bound is set by its
rounding: 2e-3). Operands come in several memory orders: row-major,
column-major (A^T and B^T stored and viewed back through strides), and
non-contiguous (every other column of a wider tensor).
"""

import torch

from gpu_cases import DEV, is_poison, poisoned

REL_TOL_F16 = 2e-3


def _operand(rows, cols, order, gen):
    """A rows x cols f16 matrix stored in `order` ("row", "col", "strided"):
    returns (tensor view, stride0, stride1)."""
    if order == "row":
        t = torch.randn((rows, cols), generator=gen, device=DEV).half()
    elif order == "col":
        t = torch.randn((cols, rows), generator=gen, device=DEV).half().t()
    else:  # every other column of a twice-as-wide row-major tensor
        t = torch.randn((rows, 2 * cols), generator=gen, device=DEV).half()[:, ::2]
    return t, t.stride(0), t.stride(1)


def make_runner(block_m, block_n):
    def run(k, shape, gen):
        m, n, kk, a_order, b_order = shape
        a, sam, sak = _operand(m, kk, a_order, gen)
        b, sbk, sbn = _operand(kk, n, b_order, gen)
        pad = 8
        c_buf = poisoned((m, n + pad), torch.float16)
        c = c_buf[:, :n]
        grid = ((m + block_m - 1) // block_m, (n + block_n - 1) // block_n)
        k[grid](a, b, c_buf, m, n, kk, sam, sak, sbk, sbn, c_buf.stride(0), 1)
        ref = a.double() @ b.double()
        checks = []
        unwritten = is_poison(c).sum().item()
        checks.append(("every element of C written", unwritten == 0 or
                       f"{unwritten} elements still poison", True))
        err = ((c.double() - ref).norm() / max(ref.norm().item(), 1e-30)).item()
        checks.append((f"relative error <= {REL_TOL_F16}",
                       True if err <= REL_TOL_F16 else f"relative error {err:.3e}", True))
        checks.append(("columns past N untouched",
                       bool(is_poison(c_buf[:, n:]).all().item()), True))
        return checks
    return run


SHAPES = [
    (1, 1, 1, "row", "row"),
    (17, 17, 17, "row", "row"),
    (64, 64, 64, "row", "row"),
    (100, 100, 100, "row", "col"),
    (1000, 64, 100, "col", "row"),
    (64, 1000, 17, "strided", "strided"),
    (17, 100, 1000, "col", "col"),
    (1000, 1000, 1000, "row", "row"),
    (4096, 4096, 4096, "row", "row"),
    (4096, 64, 4096, "col", "strided"),
]

CASES = [
    ("matmul", "matmul", make_runner(64, 64), SHAPES),
    ("matmul_wgmma", "matmul_wgmma", make_runner(128, 128), SHAPES),
    ("auto_matmul", "matmul_auto", make_runner(128, 128), SHAPES),
]


def _rel_err(out, ref):
    return ((out.double() - ref).norm() / max(ref.norm().item(), 1e-30)).item()


def _err_check(out, ref, tol):
    err = _rel_err(out, ref)
    return (f"relative error <= {tol}", True if err <= tol else f"relative error {err:.3e}", True)


def _unwritten_check(out):
    unwritten = is_poison(out).sum().item()
    return ("every element written", unwritten == 0 or f"{unwritten} elements still poison", True)


def run_bf16_bias_relu(k, shape, gen):
    m, n, kk = shape
    a = torch.randn((m, kk), generator=gen, device=DEV).bfloat16()
    b = torch.randn((kk, n), generator=gen, device=DEV).bfloat16()
    bias = torch.randn((n,), generator=gen, device=DEV)
    c = poisoned((m, n), torch.bfloat16)
    k[((m + 127) // 128, (n + 127) // 128)](a, b, bias, c, m, n, kk)
    ref = torch.relu(a.double() @ b.double() + bias.double())
    return [_unwritten_check(c), _err_check(c, ref, 1e-2)]


def run_i8(k, shape, gen):
    m, n, kk = shape
    a = torch.randint(-128, 128, (m, kk), generator=gen, device=DEV, dtype=torch.int8)
    bt = torch.randint(-128, 128, (n, kk), generator=gen, device=DEV, dtype=torch.int8)
    c = torch.full((m, n), -0x5A5A5A5B, dtype=torch.int32, device=DEV)
    k[((m + 127) // 128, (n + 127) // 128)](a, bt, c, m, n, kk)
    ref = (a.double() @ bt.double().t()).round().int()  # exact: |sums| < 2^53
    bad = (c != ref).sum().item()
    return [("exact i32 result", True if bad == 0 else f"{bad} of {c.numel()} elements differ", True)]


def run_fp8_scaled(k, shape, gen):
    m, n, kk = shape
    a = (torch.randn((m, kk), generator=gen, device=DEV) * 2).to(torch.float8_e4m3fn)
    bt = (torch.randn((n, kk), generator=gen, device=DEV) * 2).to(torch.float8_e4m3fn)
    sa, sb = 0.5, 0.25
    c = poisoned((m, n), torch.bfloat16)
    k[((m + 127) // 128, (n + 127) // 128)](a, bt, c, sa, sb, m, n, kk)
    ref = (a.double() @ bt.double().t()) * sa * sb
    return [_unwritten_check(c), _err_check(c, ref, 1e-2)]


def run_tf32(k, shape, gen):
    m, n, kk = shape
    a = torch.randn((m, kk), generator=gen, device=DEV)
    b = torch.randn((kk, n), generator=gen, device=DEV)
    c = poisoned((m, n), torch.float32)
    k[((m + 63) // 64, (n + 63) // 64)](a, b, c, m, n, kk)
    ref = a.double() @ b.double()
    return [_unwritten_check(c), _err_check(c, ref, 5e-3)]


def run_batched(k, shape, gen):
    batch, m, n, kk = shape
    a = torch.randn((batch, m, kk), generator=gen, device=DEV).half()
    b = torch.randn((batch, kk, n), generator=gen, device=DEV).half()
    c = poisoned((batch, m, n), torch.float16)
    k[((m + 63) // 64, (n + 63) // 64, batch)](a, b, c, batch, m, n, kk)
    ref = a.double() @ b.double()
    return [_unwritten_check(c), _err_check(c, ref, REL_TOL_F16)]


SMALL_SHAPES = [(17, 17, 17), (100, 100, 100), (256, 200, 300), (1000, 1000, 1000), (128, 4096, 64)]

CASES += [
    ("auto_matmul_bf16_bias_relu", "matmul_bf16_bias_relu", run_bf16_bias_relu, SMALL_SHAPES),
    ("auto_matmul_fp8_scaled", "matmul_fp8_scaled", run_fp8_scaled, SMALL_SHAPES),
    ("auto_matmul_tf32", "matmul_tf32", run_tf32, SMALL_SHAPES),
    ("auto_matmul_batched", "matmul_batched", run_batched,
     [(1, 17, 17, 17), (3, 100, 64, 100), (2, 130, 65, 200), (4, 256, 256, 256)]),
    ("auto_matmul_i8", "matmul_i8", run_i8, SMALL_SHAPES),
]

# The same kernels compiled for sm_89 (PTX, JIT-compiled by the driver):
# mma.sync for every input type, and the fp16 kernel at every shape and
# memory order.
CASES += [
    ("auto_matmul_sm89", "matmul_auto", make_runner(128, 128), SHAPES),
    ("auto_matmul_bf16_bias_relu_sm89", "matmul_bf16_bias_relu", run_bf16_bias_relu, SMALL_SHAPES),
    ("auto_matmul_fp8_scaled_sm89", "matmul_fp8_scaled", run_fp8_scaled, SMALL_SHAPES),
    ("auto_matmul_tf32_sm89", "matmul_tf32", run_tf32, SMALL_SHAPES),
    ("auto_matmul_batched_sm89", "matmul_batched", run_batched,
     [(1, 17, 17, 17), (3, 100, 64, 100), (2, 130, 65, 200)]),
    ("auto_matmul_i8_sm89", "matmul_i8", run_i8, SMALL_SHAPES),
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


CASES += [("dot_chain", "dot_chain", run_dot_chain, [1, 100, 128, 1000])]


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
