"""GPU cases of the TMA flash attention kernels (examples/attention_tma.mlir)
against torch.nn.functional.scaled_dot_product_attention in float32 on the
same (f16 or bf16) inputs.

Every case draws fresh q, k, v of shape [B, H, N, d], poisons the output,
launches one program per (block of 128 query rows, batch * head) and checks:
every output element written, the elementwise and relative errors within the
input type's bounds (cases_attention.attention_checks), and the memory around the output
still poisoned. The kernels read q, k, v as [rows, d] matrices through TMA
descriptors (head (b, h) at row b * sb / sn + h * sh / sn); the memory
orders exercise that:
  - contig: [B, H, N, d] contiguous (a block past N reads the next head);
  - padded: rows of d + 8 elements and 5 spare rows after each head's N
    (a block past N reads the spare rows: random values the mask must hide),
    the output with padding too.
N covers 1, a partial block, exact blocks and a long sequence; B * H > 1.
"""

import math

import torch
import torch.nn.functional as F

from cases_attention import attention_checks
from gpu_cases import DEV, poisoned


def _input(shape, dtype, order, gen):
    b, h, n, d = shape
    if order == "padded":
        buf = torch.randn((b, h, n + 5, d + 8), generator=gen, device=DEV).to(dtype)
        return buf[:, :, :n, :d]
    return torch.randn((b, h, n, d), generator=gen, device=DEV).to(dtype)


def _rows(t):
    """The rows of `t` seen as a [rows, d] matrix with row stride t.stride(2):
    one past the last row of the last head."""
    b, h, n, _ = t.shape
    sb, sh, sn, sd = t.stride()
    assert sd == 1 and sb % sn == 0 and sh % sn == 0, "the TMA kernels' layout contract"
    return (b - 1) * (sb // sn) + (h - 1) * (sh // sn) + n


def run_attention_tma(kernel, shape, gen):
    b, h, n, d, causal, dtype, order = shape
    q, k, v = (_input((b, h, n, d), dtype, order, gen) for _ in range(3))
    buf = poisoned((b, h, n + 3, d + 8), dtype)
    outside = torch.ones(buf.shape, dtype=torch.bool, device=DEV)
    outside[:, :, :n, :d] = False
    o = buf[:, :, :n, :d]
    scale = 1.0 / math.sqrt(d)
    strides = [x for t in (q, k, v, o) for x in t.stride()[:3]]
    kernel[((n + 127) // 128, b * h)](q, k, v, o, scale, n, h, int(causal), *strides,
                                      _rows(q), _rows(k), _rows(v))
    ref = F.scaled_dot_product_attention(q.float(), k.float(), v.float(), is_causal=causal,
                                         scale=scale)
    return attention_checks(o, ref, dtype, buf, outside)


def _shapes(d, dtype):
    """N in {1, 17, 100, 128, 300, 1000, 4096}, causal and not, the two
    memory orders in turn; B * H small except at N = 4096."""
    shapes = []
    for i, n in enumerate([1, 17, 100, 128, 300, 1000, 4096]):
        bh = (2, 8) if n == 4096 else (2, 3)
        for causal in (False, True):
            order = ("contig", "padded")[(i + causal) % 2]
            shapes.append((*bh, n, d, causal, dtype, order))
    return shapes


CASES = []
for _t, _dtype in (("f16", torch.float16), ("bf16", torch.bfloat16)):
    for _d in (64, 128):
        CASES.append(("attention_tma", f"attention_tma_{_t}_d{_d}", run_attention_tma,
                      _shapes(_d, _dtype)))
