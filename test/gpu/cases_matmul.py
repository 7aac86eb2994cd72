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
