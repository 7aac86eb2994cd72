"""GPU cases of TMA on views of rank 3 and 4 (examples/tma_copy_nd.mlir) and
of the flash attention kernels reading [B, N, H, d] q, k, v by 4-D TMA
(examples/attention_tma_bnhd.mlir).

- tma_load3d: a batched [B, M, K] x (padded rows) by 3-D TMA boxes
  1x64x64: y = x inside, zeros in the parts of the edge blocks outside x
  (M, K not multiples of 64; the batch bound is exact).
- tma_load4d: a [B, N, H, D] x by 4-D boxes 1x64x1x64 (64 rows of one head,
  H * D elements apart): y[b, h] = x[b, :, h] inside, zeros outside.
- tma_store4d: the inverse by a 4-D TMA store into a [B, N, H, D] y that
  sits inside a poisoned buffer with spare heads and padded rows: y exact,
  nothing written outside its view (D a multiple of 8: whole 16-byte
  chunks).
- bnhd_to_bhnd_auto: the same transpose written with load_at/store_at dims
  and allow_tma (tile-use-tma made both 4-D TMA copies at compile time).
- copy_tile4d_auto: y = x for [B, H, N, D] views (x on [B, N, H, D]
  storage) by load_tile/store_tile of 1x1x64x64 tiles with allow_tma (4-D
  TMA copies of the tiles' last two dims): y exact, zeros never written
  past its view.
- attention_tma_bnhd_*: against torch SDPA (float32 on the same inputs) on
  q, k, v created as [B, N, H, d] contiguous tensors (and one case of
  [B, H, N, d] storage through its strides), the output [B, N, H, d] in a
  poisoned buffer; N not a multiple of the block, causal and not.
"""

import math

import torch
import torch.nn.functional as F

from cases_attention import attention_checks
from gpu_cases import DEV, is_poison, poisoned


def _up(x, m):
    return (x + m - 1) // m * m


def _cdiv(x, m):
    return (x + m - 1) // m


def run_tma_load3d(k, shape, gen):
    nb, m, kk = shape
    x = torch.randn((nb, m, _up(kk, 8) + 8), generator=gen, device=DEV).half()[:, :, :kk]
    mp, kp = _up(m, 64), _up(kk, 64)
    y = poisoned((nb, mp, kp), torch.float16)
    k[(mp // 64, kp // 64, nb)](x, y, nb, m, kk, x.stride(0), x.stride(1), mp, kp,
                                y.stride(0), y.stride(1))
    ref = torch.zeros((nb, mp, kp), dtype=torch.float16, device=DEV)
    ref[:, :m, :kk] = x
    return [("y = x inside, zeros outside (3-D TMA zero fill)", y, ref)]


def run_tma_load4d(k, shape, gen):
    nb, n, nh, d = shape
    x = torch.randn((nb, n, nh, d), generator=gen, device=DEV).half()
    np_, dp = _up(n, 64), _up(d, 64)
    y = poisoned((nb, nh, np_, dp), torch.float16)
    k[(np_ // 64, dp // 64, nb * nh)](x, y, nb, n, nh, d, *x.stride()[:3], np_, dp,
                                      y.stride(0), y.stride(1), y.stride(2))
    ref = torch.zeros((nb, nh, np_, dp), dtype=torch.float16, device=DEV)
    ref[:, :, :n, :d] = x.transpose(1, 2)
    return [("y[b, h] = x[b, :, h] inside, zeros outside (4-D TMA zero fill)", y, ref)]


def _bnhd_out(nb, n, nh, d):
    """A [B, N, H, D] view inside a poisoned buffer with a spare head and
    padded rows, and the mask of the buffer outside the view."""
    buf = poisoned((nb, n, nh + 1, d + 8), torch.float16)
    outside = torch.ones(buf.shape, dtype=torch.bool, device=DEV)
    outside[:, :, :nh, :d] = False
    return buf, buf[:, :, :nh, :d], outside


def run_tma_store4d(k, shape, gen):
    nb, n, nh, d = shape
    x = torch.randn((nb, nh, n, d), generator=gen, device=DEV).half()
    buf, y, outside = _bnhd_out(nb, n, nh, d)
    k[(_cdiv(n, 64), _cdiv(d, 64), nb * nh)](x, y, nb, n, nh, d, *x.stride()[:3],
                                             *y.stride()[:3])
    return [("y[b, :, h] = x[b, h] (4-D TMA store)", y.contiguous(),
             x.transpose(1, 2).contiguous()),
            ("nothing written outside y's view", bool(is_poison(buf)[outside].all().item()),
             True)]


def run_bnhd_to_bhnd_auto(k, shape, gen):
    nb, n, nh, d = shape
    x = torch.randn((nb, n, nh, d), generator=gen, device=DEV).half()
    ybuf = poisoned((nb, nh, n + 3, d + 8), torch.float16)
    outside = torch.ones(ybuf.shape, dtype=torch.bool, device=DEV)
    outside[:, :, :n, :d] = False
    y = ybuf[:, :, :n, :d]
    k[(_cdiv(n, 64), _cdiv(d, 64), nb * nh)](x, y, nb, n, nh, d, *x.stride()[:3],
                                             *y.stride()[:3])
    return [("y[b, h] = x[b, :, h] (allow_tma: 4-D TMA load and store)", y.contiguous(),
             x.transpose(1, 2).contiguous()),
            ("nothing written outside y's view", bool(is_poison(ybuf)[outside].all().item()),
             True)]


def run_copy_tile4d_auto(k, shape, gen):
    nb, n, nh, d = shape
    # x: [B, H, N, d] viewed on [B, N, H, d] storage (strides of 4 dims).
    x = torch.randn((nb, n, nh, d), generator=gen, device=DEV).half().transpose(1, 2)
    ybuf = poisoned((nb, nh, n + 3, d + 8), torch.float16)
    outside = torch.ones(ybuf.shape, dtype=torch.bool, device=DEV)
    outside[:, :, :n, :d] = False
    y = ybuf[:, :, :n, :d]
    k[(_cdiv(n, 64), _cdiv(d, 64), nb * nh)](x, y, nb, nh, n, d, *x.stride()[:3],
                                             *y.stride()[:3])
    return [("y = x (allow_tma: load_tile/store_tile of 1x1x64x64 tiles, 4-D TMA)",
             y.contiguous(), x.contiguous()),
            ("nothing written outside y's view", bool(is_poison(ybuf)[outside].all().item()),
             True)]


def run_attention_bnhd(kernel, shape, gen):
    b, h, n, d, causal, dtype, order = shape
    if order == "bnhd":
        q, k, v = (torch.randn((b, n, h, d), generator=gen, device=DEV).to(dtype)
                   for _ in range(3))
    else:  # [B, H, N, d] storage, passed through its strides
        q, k, v = (torch.randn((b, h, n, d), generator=gen, device=DEV).to(dtype).transpose(1, 2)
                   for _ in range(3))
    buf = poisoned((b, n + 3, h + 1, d + 8), dtype)
    outside = torch.ones(buf.shape, dtype=torch.bool, device=DEV)
    outside[:, :n, :h, :d] = False
    o = buf[:, :n, :h, :d]
    scale = 1.0 / math.sqrt(d)
    # (b, h, n) strides of each [B, N, H, d] tensor.
    strides = [x for t in (q, k, v, o) for x in (t.stride(0), t.stride(2), t.stride(1))]
    kernel[((n + 127) // 128, b * h)](q, k, v, o, scale, n, h, int(causal), *strides, b)
    ref = F.scaled_dot_product_attention(q.float().transpose(1, 2), k.float().transpose(1, 2),
                                         v.float().transpose(1, 2), is_causal=causal,
                                         scale=scale).transpose(1, 2)
    return attention_checks(o, ref, dtype, buf, outside)


def _attention_shapes(d, dtype):
    """N in {1, 17, 100, 128, 300, 1000, 4096}, causal and not; one case of
    [B, H, N, d] storage; B * H > 1."""
    shapes = []
    for i, n in enumerate([1, 17, 100, 128, 300, 1000, 4096]):
        bh = (2, 8) if n == 4096 else (2, 3)
        for causal in (False, True):
            order = "bhnd" if (n, causal) == (300, True) else "bnhd"
            shapes.append((*bh, n, d, causal, dtype, order))
    return shapes


SHAPES_3D = [(1, 1, 8), (3, 17, 100), (2, 64, 64), (4, 129, 257), (2, 1000, 40)]
SHAPES_4D = [(1, 1, 1, 8), (2, 17, 3, 64), (2, 100, 5, 40), (3, 129, 2, 128), (1, 300, 4, 200)]

CASES = [
    ("tma_copy_nd", "tma_load3d", run_tma_load3d, SHAPES_3D),
    ("tma_copy_nd", "tma_load4d", run_tma_load4d, SHAPES_4D),
    ("tma_copy_nd", "tma_store4d", run_tma_store4d, SHAPES_4D),
    ("tma_copy_nd", "bnhd_to_bhnd_auto", run_bnhd_to_bhnd_auto, SHAPES_4D),
    ("tma_copy_nd", "copy_tile4d_auto", run_copy_tile4d_auto, SHAPES_4D),
]
for _t, _dtype in (("f16", torch.float16), ("bf16", torch.bfloat16)):
    for _d in (64, 128):
        CASES.append(("attention_tma_bnhd", f"attention_tma_bnhd_{_t}_d{_d}", run_attention_bnhd,
                      _attention_shapes(_d, _dtype)))
