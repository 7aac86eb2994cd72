"""GPU cases of kernels written from the documentation alone (docs/
TileLanguage.md, docs/Attention.md, docs/Python.md) with the issue-11
features, in ways the examples do not use them (test/gpu/kernels):

- cpasync_ring_masked: a hand-written 3-slot cp.async ring (tile.
  async_load_tile with zero padding beside layout.async_copy_global_to_local
  with a mask), row dot products of two f32 matrices; n not a multiple of
  the 64-column tile, fewer tiles than slots, m not a multiple of 32.
- gemm_tma_odd: a layout-free bf16 GEMM with allow_tma on its loads and
  its store (the default compile warp-specializes it), shapes not tile
  multiples; gemm_tma_odd_nows is the same compiled with
  --warp-specialize=false (tile-pipeline's TMA ring).
- ws_stream: a hand-written tile.warp_specialize outside a GEMM (one
  producer warp issuing TMA into a 2-slot ring, consumers reading the slots
  into registers), y = 2 x + 1; ws_stream_regs the same with a producer
  warpgroup and setmaxnreg budgets (sm_90a without wgmma); and the launcher refusing a row stride that
  is not a multiple of 16 bytes.
- ws_replicas: a `partition warps(2) replicas(3)` region: each replica's
  tile.replica_id, warp ids and thread ids counted from the replica, and a
  layout.convert through its own scratch area under its own named barrier;
  ws_replicas_buffers the same through a layout.local_alloc of the region
  (each replica's own buffer).
- fp8_scaled_auto: a layout-free f8E4M3FN GEMM with per-tensor scales read
  from device memory, bf16 out (torch._scaled_mm's contract); _nows with
  --warp-specialize=false.
- attn_causal_bf16: layout-free causal attention, bf16, d = 64, odd
  sequence lengths, K transposed in registers or read as K^T.
- bmm_load_at: a layout-free batched GEMM through tile.load_at / store_at
  with dims (3-D TMA boxes), odd shapes; warp-specialized (the default) and
  in tile-pipeline's TMA ring (_nows); @bmm_load_at_cp without allow_tma
  (_nows: cp.async copies, tile.async_load_at with dims).
- gemm_trans_b: C = A B^T with A through tile.load_at and B read as
  tile.trans of its N x K load, warp-specialized and pipelined (_nows:
  @gemm_at_trans_b in the TMA ring, @gemm_trans_b by cp.async);
  @gemm_ptr_trans_b with B through a masked pointer-tensor tile.load and
  tile.trans (folded into the load of the transposed pointers, cp.async;
  _k8 with k promised a multiple of 8: every TRANS_B shape has one).
"""

import math

from cases_matmul import _err_check, _unwritten_check
from cases_tma import _up
from gpu_cases import DEV, is_poison, poisoned

import torch


def _mat(rows, cols, gen, dtype, pad_to):
    """A rows x cols matrix whose row stride is cols rounded up to pad_to."""
    buf = torch.randn((rows, _up(cols, pad_to)), generator=gen, device=DEV).to(dtype)
    return buf[:, :cols]


def run_rowdot(k, shape, gen):
    m, n = shape
    x = _mat(m, n, gen, torch.float32, 16)
    y = torch.randn((m, x.stride(0)), generator=gen, device=DEV)[:, :n]
    out_buf = poisoned((m + 8,), torch.float32)
    out = out_buf[:m]
    k[(_up(m, 32) // 32,)](x, y, out, m, n, x.stride(0))
    ref = (x.double() * y.double()).sum(1)
    return [_unwritten_check(out), _err_check(out, ref, 1e-5),
            ("guard past m untouched", bool(is_poison(out_buf[m:]).all().item()), True)]


def run_gemm_tma_odd(k, shape, gen):
    m, n, kk = shape
    a = _mat(m, kk, gen, torch.bfloat16, 16)
    b = _mat(kk, n, gen, torch.bfloat16, 16)
    c_buf = poisoned((m, _up(n, 16)), torch.bfloat16)
    c = c_buf[:, :n]
    k[(_up(m, 128) // 128, _up(n, 128) // 128)](a, b, c, m, n, kk, a.stride(0), b.stride(0),
                                               c_buf.stride(0))
    ref = a.double() @ b.double()
    checks = [_unwritten_check(c), _err_check(c, ref, 1e-2)]
    if n % 8 == 0 and c_buf.shape[1] > n:
        checks.append(("columns past n untouched",
                       bool(is_poison(c_buf[:, n:]).all().item()), True))
    return checks


def run_ws_stream(k, shape, gen):
    m, n = shape
    x = _mat(m, n, gen, torch.float16, 8)
    y_buf = poisoned((m, n + 3), torch.float32)
    y = y_buf[:, :n]
    k[(_up(m, 64) // 64,)](x, y, m, n, x.stride(0), y_buf.stride(0))
    ref = 2 * x.double() + 1
    return [_unwritten_check(y), ("y", y, ref),
            ("columns past n untouched", bool(is_poison(y_buf[:, n:]).all().item()), True)]


def run_ws_replicas(k, shape, gen):
    """test/gpu/kernels/ws_replicas.mlir: what each replica of a
    `partition warps(2) replicas(3)` and the default warp store."""
    (programs,) = shape
    out = poisoned((programs, 256), torch.int32)
    k[(programs,)](out)
    ref = torch.full((programs, 256), 0, dtype=torch.int64)
    for r in range(3):
        ref[:, 64 * r:64 * r + 64] = 1000 * r + torch.arange(64)
        for w in range(2):
            ref[:, 193 + 2 * r + w] = 100 * r + w
    ref[:, 192] = 7
    got = out[:, :199].cpu().long()
    return [("values", bool(torch.equal(got, ref[:, :199])), True),
            ("past 199 untouched", bool(is_poison(out[:, 199:]).all().item()), True)]


def run_fp8(k, shape, gen):
    m, n, kk = shape
    a = (torch.randn((m, kk), generator=gen, device=DEV) * 2).to(torch.float8_e4m3fn)
    b = (torch.randn((n, kk), generator=gen, device=DEV) * 2).to(torch.float8_e4m3fn)
    sa = torch.tensor([0.37], device=DEV)
    sb = torch.tensor([1.9], device=DEV)
    c_buf = poisoned((m, _up(n, 16)), torch.bfloat16)
    c = c_buf[:, :n]
    k[(_up(m, 128) // 128, _up(n, 128) // 128)](a, b, c, sa, sb, m, n, kk, c_buf.stride(0))
    ref = (a.float().double() @ b.float().double().T) * (0.37 * 1.9)
    return [_unwritten_check(c), _err_check(c, ref, 2e-2),
            ("columns past n untouched", bool(is_poison(c_buf[:, n:]).all().item())
             if c_buf.shape[1] > n else True, True)]


def run_attn(k, shape, gen):
    bh, n = shape
    q, kk, v = (torch.randn((bh, n, 64), generator=gen, device=DEV).to(torch.bfloat16)
                for _ in range(3))
    o_buf = poisoned((bh * n * 64 + 64,), torch.bfloat16)
    o = o_buf[:bh * n * 64].view(bh, n, 64)
    scale = 1.0 / math.sqrt(64)
    k[(_up(n, 128) // 128, bh)](q, kk, v, o, scale * 1.4426950408889634, n)
    s = (q.double() @ kk.double().transpose(1, 2)) * scale
    causal = torch.ones((n, n), dtype=torch.bool, device=DEV).tril()
    s = s.masked_fill(~causal, float("-inf"))
    ref = torch.softmax(s, -1) @ v.double()
    return [_unwritten_check(o), _err_check(o, ref, 1e-2),
            ("guard past o untouched", bool(is_poison(o_buf[bh * n * 64:]).all().item()), True)]


def run_bmm(k, shape, gen):
    batch, m, n, kk = shape
    def bat(rows, cols):
        buf = torch.randn((batch, rows, _up(cols, 16)), generator=gen,
                          device=DEV).half()
        return buf[:, :, :cols]
    a, b = bat(m, kk), bat(kk, n)
    c_buf = poisoned((batch, m, _up(n, 16) + 16), torch.float16)
    c = c_buf[:, :, :n]
    k[(_up(m, 128) // 128, _up(n, 128) // 128, batch)](
        a, b, c, batch, m, n, kk, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
        c.stride(0), c.stride(1))
    ref = a.double() @ b.double()
    return [_unwritten_check(c), _err_check(c, ref, 2e-3),
            ("columns past n untouched", bool(is_poison(c_buf[:, :, n:]).all().item()), True)]


def run_gemm_trans_b(k, shape, gen):
    m, n, kk = shape
    a = _mat(m, kk, gen, torch.float16, 8)
    b = _mat(n, kk, gen, torch.float16, 8)
    c_buf = poisoned((m, _up(n, 8) + 8), torch.float16)
    c = c_buf[:, :n]
    k[(_up(m, 128) // 128, _up(n, 128) // 128)](a, b, c, m, n, kk, a.stride(0), b.stride(0),
                                               c_buf.stride(0))
    ref = a.double() @ b.double().t()
    return [_unwritten_check(c), _err_check(c, ref, 2e-3),
            ("columns past n untouched", bool(is_poison(c_buf[:, n:]).all().item()), True)]


def runtime_ws_stream_unaligned(artifacts, gen):
    """A row stride of 100 f16 (200 bytes) cannot be a TMA tensor map: the
    launcher refuses it before the launch, never a hang or a wrong answer."""
    import tile.runtime as rt
    from gpu_cases import _expect, _load
    k = _load(artifacts, "ws_stream")["ws_stream"]
    m, n = 64, 96
    x = torch.randn((m, 100), generator=gen, device=DEV).half()[:, :n]
    y = poisoned((m, n), torch.float32)
    checks = [_expect(rt.LaunchError, lambda: k[(1,)](x, y, m, n, x.stride(0), n),
                      "16 bytes")]
    torch.cuda.synchronize()
    checks.append(("y untouched", bool(is_poison(y).all().item()), True))
    return checks


ROWDOT = [(1, 1), (31, 63), (32, 64), (33, 65), (100, 130), (64, 192), (200, 1000),
          (1000, 17), (7, 4099)]
# n is promised a multiple of 8 (gemm_tma_odd) or 16 (bmm_load_at).
GEMM = [(1, 8, 1), (100, 136, 72), (129, 264, 191), (255, 512, 300), (1000, 1000, 1000),
        (64, 8, 2000), (2048, 2048, 2048)]
STREAM = [(1, 1), (64, 64), (65, 129), (100, 1000), (300, 77), (1000, 4096)]
FP8 = [(1, 1, 16), (100, 136, 96), (129, 257, 400), (255, 300, 1024), (1000, 1000, 1008),
       (2048, 2048, 2048)]
ATTN = [(1, 1), (2, 77), (3, 128), (2, 129), (1, 1000), (4, 1023), (2, 2049)]
# k is not a multiple of 64 in most (the last K step reads zeros past k).
TRANS_B = [(1, 1, 8), (100, 136, 72), (129, 257, 200), (300, 77, 1000), (64, 64, 64),
           (1000, 1000, 1000), (2048, 2048, 2048)]
BMM = [(1, 1, 16, 1), (3, 100, 144, 72), (2, 129, 272, 191), (5, 64, 64, 64),
       (2, 1000, 304, 500), (8, 512, 512, 512)]

CASES = [
    ("cpasync_ring_masked", "rowdot_cpasync", run_rowdot, ROWDOT),
    ("gemm_tma_odd", "gemm_tma_bf16", run_gemm_tma_odd, GEMM),
    ("gemm_tma_odd_nows", "gemm_tma_bf16", run_gemm_tma_odd, GEMM),
    ("ws_stream", "ws_stream", run_ws_stream, STREAM),
    ("ws_stream", "ws_stream_regs", run_ws_stream, STREAM),
    ("ws_replicas", "ws_replicas", run_ws_replicas, [(1,), (3,), (132,)]),
    ("ws_replicas", "ws_replicas_buffers", run_ws_replicas, [(1,), (3,), (132,)]),
    ("fp8_scaled_auto", "fp8_scaled_gemm", run_fp8, FP8),
    ("fp8_scaled_auto_nows", "fp8_scaled_gemm", run_fp8, FP8),
    ("attn_causal_bf16", "attn_causal_bf16_d64", run_attn, ATTN),
    ("attn_causal_bf16", "attn_causal_bf16_d64_kt", run_attn, ATTN),
    ("bmm_load_at", "bmm_load_at", run_bmm, BMM),
    ("bmm_load_at_nows", "bmm_load_at", run_bmm, BMM),
    ("bmm_load_at", "bmm_load_at_cp", run_bmm, BMM),
    ("bmm_load_at_nows", "bmm_load_at_cp", run_bmm, BMM),
    ("gemm_trans_b", "gemm_at_trans_b", run_gemm_trans_b, TRANS_B),
    ("gemm_trans_b", "gemm_trans_b", run_gemm_trans_b, TRANS_B),
    ("gemm_trans_b_nows", "gemm_at_trans_b", run_gemm_trans_b, TRANS_B),
    ("gemm_trans_b_nows", "gemm_trans_b", run_gemm_trans_b, TRANS_B),
    ("gemm_trans_b", "gemm_ptr_trans_b", run_gemm_trans_b, TRANS_B),
    ("gemm_trans_b_nows", "gemm_ptr_trans_b", run_gemm_trans_b, TRANS_B),
    ("gemm_trans_b", "gemm_ptr_trans_b_k8", run_gemm_trans_b, TRANS_B),
]

RUNTIME_CASES = [
    ("ws_stream_unaligned_stride", runtime_ws_stream_unaligned),
]
