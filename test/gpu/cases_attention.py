"""GPU cases of flash attention forward: examples/attention.mlir (layouts
written) and examples/auto/attention.mlir (no layout written) against
torch.nn.functional.scaled_dot_product_attention in float32 on the same
(f16 or bf16) inputs.

Every case draws fresh q, k, v of shape [B, H, N, d], poisons the output,
launches one program per (block of 128 query rows, batch * head), and
checks: every output element written, the elementwise and relative errors
within the input type's bounds, and the memory around the output (rows past
N, columns past d of a larger buffer) still poisoned. The kernels of
examples/attention_contig.mlir (stride 1 along d, 16-byte aligned rows)
run on the contiguous and [B, N, H, d] orders, as do the layout-free
ones of examples/auto/attention_contig.mlir and their persistent variant
(examples/auto/attention_contig_persistent.mlir: 5 programs below N =
1000, so that each walks several work items). Memory orders vary
with the case: contiguous [B, H, N, d]; [B, N, H, d] storage viewed as
[B, H, N, d] (torch's transpose(1, 2), the layout of a fused QKV
projection); and k, v with every other element along d (stride 2: the
slow, element-by-element version of the loads) plus an output with
padding.
"""

import math

import torch
import torch.nn.functional as F

from gpu_cases import DEV, is_poison, poisoned

# f16 keeps 11 bits and bf16 8: the output is rounded once, P once before
# the second dot. Bounds on |out - ref| <= ATOL + RTOL |ref| per element
# and on the relative Frobenius error.
TOL = {
    torch.float16: (2e-3, 1e-2, 4e-3),
    torch.bfloat16: (1.6e-2, 5e-2, 3e-2),
}


def attention_checks(o, ref, dtype, buf=None, outside=None):
    """The checks of an attention output `o` against the float32 reference
    `ref`: every element written, |o - ref| <= atol + rtol |ref| per element
    and the relative Frobenius error within TOL[dtype], and, given the
    buffer `buf` that holds o and the mask `outside` of its other elements,
    those still poisoned. Used by every attention case file."""
    atol, rtol, ftol = TOL[dtype]
    out = o.float()
    checks = []
    unwritten = is_poison(o).sum().item()
    checks.append(("every element of O written",
                   unwritten == 0 or f"{unwritten} elements still poison", True))
    bad = (~((out - ref).abs() <= atol + rtol * ref.abs())).sum().item()
    worst = (out - ref).abs().nan_to_num(float("inf")).max().item()
    checks.append((f"|err| <= {atol} + {rtol} |ref|",
                   True if bad == 0 else f"{bad} elements off (max |err| {worst:.3e})", True))
    err = ((out - ref).norm() / max(ref.norm().item(), 1e-30)).item()
    checks.append((f"relative error <= {ftol}",
                   True if err <= ftol else f"relative error {err:.3e}", True))
    if outside is not None:
        checks.append(("memory around O untouched",
                       bool(is_poison(buf)[outside].all().item()), True))
    return checks


def _tensor(shape, dtype, order, gen):
    """A [B, H, N, d] tensor of `dtype` stored in `order`."""
    b, h, n, d = shape
    if order == "bnhd":
        return torch.randn((b, n, h, d), generator=gen, device=DEV).to(dtype).transpose(1, 2)
    if order == "strided":
        return torch.randn((b, h, n, 2 * d), generator=gen, device=DEV).to(dtype)[..., ::2]
    return torch.randn((b, h, n, d), generator=gen, device=DEV).to(dtype)


def _output(shape, dtype, order):
    """(output view, the buffer it lives in, mask of the buffer's elements
    outside the view)."""
    b, h, n, d = shape
    if order == "bnhd":
        buf = poisoned((b, n, h, d), dtype)
        return buf.transpose(1, 2), buf, None
    # Rows past N and columns past d exist in memory and must stay poisoned.
    buf = poisoned((b, h, n + 3, d + 8), dtype)
    outside = torch.ones(buf.shape, dtype=torch.bool, device=DEV)
    outside[:, :, :n, :d] = False
    return buf[:, :, :n, :d], buf, outside


def _no_d_stride(strides):
    """(b, h, n) of a [B, H, N, d] tensor's strides, for the contig kernels
    (stride 1 along d, not passed)."""
    assert strides[3] == 1
    return strides[:3]


def run_attention(kernel, shape, gen, contig=False):
    b, h, n, d, causal, dtype, order = shape
    q = _tensor((b, h, n, d), dtype, "bnhd" if order == "bnhd" else "contig", gen)
    k = _tensor((b, h, n, d), dtype, order, gen)
    v = _tensor((b, h, n, d), dtype, order, gen)
    o, buf, outside = _output((b, h, n, d), dtype, order)
    scale = 1.0 / math.sqrt(d)
    strides = [t.stride() for t in (q, k, v, o)]
    if contig:
        strides = [_no_d_stride(st) for st in strides]
    kernel[((n + 127) // 128, b * h)](q, k, v, o, scale, n, h, int(causal),
                                      *[x for st in strides for x in st])
    ref = F.scaled_dot_product_attention(q.float(), k.float(), v.float(), is_causal=causal,
                                         scale=scale)
    return attention_checks(o, ref, dtype, buf, outside)


def run_attention_contig(kernel, shape, gen):
    return run_attention(kernel, shape, gen, contig=True)


def run_attention_contig_persistent(kernel, shape, gen):
    """A persistent kernel of examples/auto/attention_contig_persistent.mlir
    (B * H its last argument) behind the non-persistent launch: 5 programs
    below N = 1000 (each walks several work items, the ring's slots and
    phases carrying over), else one per SM (cases_attention_ws's policy)."""
    from cases_attention_ws import launchable
    n = shape[2]
    return run_attention(launchable(kernel, 5 if n < 1000 else None), shape, gen,
                         contig=True)


def _shapes(d, dtype, orders=("contig", "bnhd", "strided")):
    """N in {1, 17, 64, 100, 1000, 4096}, causal and not, memory orders in
    turn; B * H small except at N = 4096."""
    shapes = []
    for i, n in enumerate([1, 17, 64, 100, 1000, 4096]):
        bh = (2, 8) if n == 4096 else (2, 3)
        for causal in (False, True):
            order = orders[(i + causal) % len(orders)] if n != 4096 else "contig"
            shapes.append((*bh, n, d, causal, dtype, order))
    return shapes


CASES = []
for _artifact, _prefix in (("attention", "attention"), ("auto_attention", "attention_auto")):
    for _t, _dtype in (("f16", torch.float16), ("bf16", torch.bfloat16)):
        for _d in (64, 128):
            CASES.append((_artifact, f"{_prefix}_{_t}_d{_d}", run_attention,
                          _shapes(_d, _dtype)))
        # The head dim contiguous (examples/attention_contig.mlir): row
        # strides with 8-element alignment (the kernels promise it) in the
        # contiguous and [B, N, H, d] orders.
        for _d in (64, 128):
            if _prefix == "attention":
                CASES.append(("attention_contig", f"attention_contig_{_t}_d{_d}",
                              run_attention_contig, _shapes(_d, _dtype, ("contig", "bnhd"))))
            else:
                # examples/auto/attention_contig.mlir: the layout-free
                # kernel warp-specialized (4-D TMA descriptors of the
                # head slices, K^T read transposed from its slot).
                CASES.append(("auto_attention_contig", f"attention_auto_contig_{_t}_d{_d}",
                              run_attention_contig, _shapes(_d, _dtype, ("contig", "bnhd"))))
                # examples/auto/attention_contig_persistent.mlir: the same
                # with a persistent grid (views made per work item).
                CASES.append(("auto_attention_contig_persistent",
                              f"attention_auto_contig_{_t}_d{_d}_persistent",
                              run_attention_contig_persistent,
                              _shapes(_d, _dtype, ("contig", "bnhd"))))
