#!/usr/bin/env python3
"""Python-written kernels with the issue-11 features, written from
docs/Python.md alone, launched with `kernel[grid](...)` on torch tensors
against torch.

    python3 test/python/issue11_gpu.py --populate DIR   # here: compile into DIR
    TILE_CACHE_DIR=DIR python3 test/python/issue11_gpu.py   # on the GPU machine

As test/python/frontend_gpu.py: --populate binds every launch to its
specialization with stand-in tensors (16-byte aligned, the same integers)
and fills the disk cache, and prints what each compiled into (threads,
cp.async copies, TMA loads, TMA stores, wgmma in the PTX); the GPU run
finds the binaries there. Each case poisons its output (NaN) and a guard
region past it, and checks the values and that the guard stays NaN.

- gemm_bf16: allow_tma loads and store, bf16, shapes not tile multiples
  (row strides padded to 16 elements, n a multiple of 8 for the TMA store).
- bmm: torch.bmm through 3-D views, tiles of 1 x BM x BK reshaped for
  tile.dot, allow_tma (3-D TMA boxes clipped at each matrix's edge).
- to_fp8: float32 -> float8_e4m3fn, bit for bit torch's conversion.
- fp8_scaled: torch._scaled_mm's contract in tile.float8_e4m3fn, per-tensor
  scales read from device memory, bf16 out (k a multiple of 16: TMA into
  the warp-specialized ring).
- gemm_ptr_bt: C = A B^T through masked pointer-tensor loads, B's tile
  transposed for the dot (Triton's tl.dot(a, tl.trans(b))): staged by
  tile-pipeline's cp.async (the trans folded into the load of B).
- attn_causal: causal flash attention, bf16, d = 64, K^T read with
  order=[1, 0], odd sequence lengths; with the default compile and with
  warp_specialize=True (the key loop split into a TMA producer and wgmma
  consumers).
"""

import math
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import harness  # noqa: E402

harness.setup_path()
import tile  # noqa: E402


@tile.jit(num_warps=4)
def gemm_bf16(a, b, c, m, n, k, lda, ldb, ldc,
              BM: tile.constexpr, BN: tile.constexpr, BK: tile.constexpr):
    pm, pn = tile.program_id(0), tile.program_id(1)
    va = tile.make_view(a, shape=(m, k), strides=(lda, 1))
    vb = tile.make_view(b, shape=(k, n), strides=(ldb, 1))
    vc = tile.make_view(c, shape=(m, n), strides=(ldc, 1))
    acc = tile.zeros((BM, BN), tile.float32)
    for kt in range(tile.cdiv(k, BK)):
        ta = tile.load_tile(va, (pm, kt), (BM, BK), padding="zero", allow_tma=True)
        tb = tile.load_tile(vb, (kt, pn), (BK, BN), padding="zero", allow_tma=True)
        acc = tile.dot(ta, tb, acc)
    tile.store_tile(vc, (pm, pn), acc.to(tile.bfloat16), allow_tma=True)


@tile.jit(num_warps=4)
def bmm(a, b, c, batch, m, n, k, sab, sam, sbb, sbk, scb, scm,
        BM: tile.constexpr, BN: tile.constexpr, BK: tile.constexpr):
    pm, pn, z = tile.program_id(0), tile.program_id(1), tile.program_id(2)
    va = tile.make_view(a, shape=(batch, m, k), strides=(sab, sam, 1))
    vb = tile.make_view(b, shape=(batch, k, n), strides=(sbb, sbk, 1))
    vc = tile.make_view(c, shape=(batch, m, n), strides=(scb, scm, 1))
    acc = tile.zeros((BM, BN), tile.float32)
    for kt in range(tile.cdiv(k, BK)):
        ta = tile.load_tile(va, (z, pm, kt), (1, BM, BK), padding="zero", allow_tma=True)
        tb = tile.load_tile(vb, (z, kt, pn), (1, BK, BN), padding="zero", allow_tma=True)
        acc = tile.dot(tile.reshape(ta, (BM, BK)), tile.reshape(tb, (BK, BN)), acc)
    tile.store_tile(vc, (z, pm, pn), tile.reshape(acc.to(tile.float16), (1, BM, BN)),
                    allow_tma=True)


@tile.jit(num_warps=8)
def attn_causal(q, k, v, o, qk_scale, n, D: tile.constexpr, BM: tile.constexpr,
                BN: tile.constexpr):
    pm, bh = tile.program_id(0), tile.program_id(1)
    off = bh * n * D
    vq = tile.make_view(q + off, shape=(n, D), strides=(D, 1))
    vk = tile.make_view(k + off, shape=(n, D), strides=(D, 1))
    vv = tile.make_view(v + off, shape=(n, D), strides=(D, 1))
    vo = tile.make_view(o + off, shape=(n, D), strides=(D, 1))
    tq = tile.load_tile(vq, (pm, 0), (BM, D), padding="zero")
    rows = pm * BM + tile.arange(0, BM)
    m_i = tile.full((BM,), float("-inf"), tile.float32)
    l_i = tile.zeros((BM,), tile.float32)
    acc = tile.zeros((BM, D), tile.float32)
    for j in range(tile.cdiv(tile.minimum(pm * BM + BM, n), BN)):
        kt = tile.load_tile(vk, (0, j), (D, BN), order=[1, 0], padding="zero")
        s = tile.dot(tq, kt) * qk_scale
        cols = j * BN + tile.arange(0, BN)
        keep = (cols[None, :] < n) & (cols[None, :] <= rows[:, None])
        s = tile.where(keep, s, float("-inf"))
        m_new = tile.maximum(m_i, tile.max(s, axis=1))
        p = tile.exp2(s - m_new[:, None])
        alpha = tile.exp2(m_i - m_new)
        l_i = l_i * alpha + tile.sum(p, axis=1)
        tv = tile.load_tile(vv, (j, 0), (BN, D), padding="zero")
        acc = tile.dot(p.to(tile.bfloat16), tv, acc * alpha[:, None])
        m_i = m_new
    tile.store_tile(vo, (pm, 0), (acc / l_i[:, None]).to(tile.bfloat16))


@tile.jit(num_warps=4)
def fp8_scaled(a, b, c, scale_a, scale_b, m, n, k, ldc,
               BM: tile.constexpr, BN: tile.constexpr, BK: tile.constexpr):
    """torch._scaled_mm: A (m x k) and B (n x k) in float8_e4m3fn, k
    contiguous; C = bf16(scale_a * scale_b * A B^T). B's K x N tile is read
    from the N x K view with order=[1, 0] (K-major, as wgmma takes fp8)."""
    pm, pn = tile.program_id(0), tile.program_id(1)
    va = tile.make_view(a, shape=(m, k), strides=(k, 1))
    vb = tile.make_view(b, shape=(n, k), strides=(k, 1))
    vc = tile.make_view(c, shape=(m, n), strides=(ldc, 1))
    acc = tile.zeros((BM, BN), tile.float32)
    for kt in range(tile.cdiv(k, BK)):
        ta = tile.load_tile(va, (pm, kt), (BM, BK), padding="zero", allow_tma=True)
        tb = tile.load_tile(vb, (kt, pn), (BK, BN), order=[1, 0], padding="zero",
                            allow_tma=True)
        acc = tile.dot(ta, tb, acc)
    s = tile.load(scale_a) * tile.load(scale_b)
    tile.store_tile(vc, (pm, pn), (acc * s).to(tile.bfloat16))


@tile.jit(num_warps=8)
def gemm_ptr_bt(a, b, c, m, n, k, lda, ldb, ldc,
                BM: tile.constexpr, BN: tile.constexpr, BK: tile.constexpr):
    """C = A B^T through pointer tensors, as a Triton kernel writes it: B's
    N x K tile loaded with a mask and transposed for the dot."""
    pm, pn = tile.program_id(0), tile.program_id(1)
    rm = pm * BM + tile.arange(0, BM)
    rn = pn * BN + tile.arange(0, BN)
    rk = tile.arange(0, BK)
    acc = tile.zeros((BM, BN), tile.float32)
    for kt in range(tile.cdiv(k, BK)):
        kk = kt * BK + rk
        ta = tile.load(a + rm[:, None] * lda + kk[None, :],
                       (rm[:, None] < m) & (kk[None, :] < k), other=0.0)
        tb = tile.load(b + rn[:, None] * ldb + kk[None, :],
                       (rn[:, None] < n) & (kk[None, :] < k), other=0.0)
        acc = tile.dot(ta, tile.trans(tb), acc)
    # Fresh indices for C: rn indexes B's rows above and C's columns here,
    # two layouts the compiler keeps apart.
    cm = pm * BM + tile.arange(0, BM)
    cn = pn * BN + tile.arange(0, BN)
    tile.store(c + cm[:, None] * ldc + cn[None, :], acc.to(tile.float16),
               (cm[:, None] < m) & (cn[None, :] < n))


@tile.jit
def to_fp8(x, y, n, BLOCK: tile.constexpr):
    """y = float8_e4m3fn(x): the conversion an fp8 GEMM's inputs need."""
    offs = tile.program_id(0) * BLOCK + tile.arange(0, BLOCK)
    m = offs < n
    tile.store(y + offs, tile.load(x + offs, m).to(tile.float8_e4m3fn), m)


def _up(x, m):
    return (x + m - 1) // m * m


TORCH = {"bf16": "bfloat16", "f16": "float16", "f32": "float32", "f8": "float8_e4m3fn"}
FP8 = ((100, 136, 96), (129, 264, 400))
GEMM = ((100, 136, 72), (129, 264, 191), (1000, 1000, 1000))
BMM = ((3, 100, 144, 72), (2, 129, 272, 191))
ATTN = ((2, 77, None), (3, 1000, None), (2, 1000, True), (1, 2049, True))
# k = 72 and 200: multiples of 8 but not 16; 1024: of 16 (the launcher
# specializes a multiple of 16, as Triton does).
PTR_BT = ((100, 136, 72), (129, 264, 200), (1000, 1000, 1024))


def _poisoned_c(torch, m, n, ldc, dtype):
    """C (m x n, row stride ldc) in a NaN buffer with a 4096-element guard
    after it, and a check that the guard and the columns past n are still
    NaN."""
    buf = torch.full((m * ldc + 4096,), float("nan"), device="cuda", dtype=dtype)
    c = buf[:m * ldc].view(m, ldc)[:, :n]

    def untouched():
        return bool(torch.isnan(buf[m * ldc:]).all()) and \
            bool(torch.isnan(buf[:m * ldc].view(m, ldc)[:, n:]).all())
    return c, untouched


def launches(torch=None):
    """(name, kernel, grid, make, stand-in args, constexprs) for every case."""
    cases = []
    for m, n, k in GEMM:
        lda, ldb, ldc = _up(k, 16), _up(n, 16), _up(n, 16)

        def make(m=m, n=n, k=k, lda=lda, ldb=ldb, ldc=ldc):
            a = torch.randn(m, lda, device="cuda").bfloat16()[:, :k]
            b = torch.randn(k, ldb, device="cuda").bfloat16()[:, :n]
            c, untouched = _poisoned_c(torch, m, n, ldc, torch.bfloat16)

            def check():
                ref = a.double() @ b.double()
                err = (c.double() - ref).norm() / ref.norm()
                return bool(err < 1e-2) and untouched()
            return (a, b, c, m, n, k, lda, ldb, ldc), check
        cases.append((f"gemm_bf16 {m}x{n}x{k}", gemm_bf16,
                      lambda meta, m=m, n=n: (tile.cdiv(m, 128), tile.cdiv(n, 128)), make,
                      ("bf16", "bf16", "bf16", m, n, k, lda, ldb, ldc),
                      {"BM": 128, "BN": 128, "BK": 64}))
    for batch, m, n, k in BMM:
        ka, nb = _up(k, 16), _up(n, 16)

        def make(batch=batch, m=m, n=n, k=k, ka=ka, nb=nb):
            a = torch.randn(batch, m, ka, device="cuda").half()[:, :, :k]
            b = torch.randn(batch, k, nb, device="cuda").half()[:, :, :n]
            size = batch * m * nb
            buf = torch.full((size + 4096,), float("nan"), device="cuda", dtype=torch.float16)
            c = buf[:size].view(batch, m, nb)[:, :, :n]

            def check():
                ref = a.double() @ b.double()
                err = (c.double() - ref).norm() / ref.norm()
                return bool(err < 2e-3) and bool(torch.isnan(buf[size:]).all()) and \
                    bool(torch.isnan(buf[:size].view(batch, m, nb)[:, :, n:]).all())
            return (a, b, c, batch, m, n, k, m * ka, ka, k * nb, nb, m * nb, nb), check
        cases.append((f"bmm {batch}x{m}x{n}x{k}", bmm,
                      lambda meta, b=batch, m=m, n=n: (tile.cdiv(m, 128), tile.cdiv(n, 128), b),
                      make, ("f16", "f16", "f16", batch, m, n, k, m * ka, ka, k * nb, nb,
                             m * nb, nb),
                      {"BM": 128, "BN": 128, "BK": 64}))
    for n in (1000, 4099):
        def make(n=n):
            x = torch.randn(n, device="cuda") * 8
            buf = torch.full((n + 64,), float("nan"), device="cuda").to(torch.float8_e4m3fn)
            y = buf[:n]

            def check():
                same = torch.equal(y.view(torch.uint8), x.to(torch.float8_e4m3fn).view(torch.uint8))
                return same and bool(torch.isnan(buf[n:].float()).all())
            return (x, y, n), check
        cases.append((f"to_fp8 n={n}", to_fp8, lambda meta, n=n: (tile.cdiv(n, 1024),), make,
                      ("f32", "f8", n), {"BLOCK": 1024}))
    for m, n, k in FP8:
        ldc = _up(n, 16)

        def make(m=m, n=n, k=k, ldc=ldc):
            a = (torch.randn(m, k, device="cuda") * 2).to(torch.float8_e4m3fn)
            b = (torch.randn(n, k, device="cuda") * 2).to(torch.float8_e4m3fn)
            sa = torch.tensor([0.37], device="cuda")
            sb = torch.tensor([1.9], device="cuda")
            buf = torch.full((m * ldc + 4096,), float("nan"), device="cuda",
                             dtype=torch.bfloat16)
            c = buf[:m * ldc].view(m, ldc)[:, :n]

            def check():
                ref = (a.float().double() @ b.float().double().T) * (0.37 * 1.9)
                err = (c.double() - ref).norm() / ref.norm()
                return bool(err < 2e-2) and bool(torch.isnan(buf[m * ldc:]).all())
            return (a, b, c, sa, sb, m, n, k, ldc), check
        cases.append((f"fp8_scaled {m}x{n}x{k}", fp8_scaled,
                      lambda meta, m=m, n=n: (tile.cdiv(m, 128), tile.cdiv(n, 128)), make,
                      ("f8", "f8", "bf16", "f32", "f32", m, n, k, ldc),
                      {"BM": 128, "BN": 128, "BK": 128}))
    for m, n, k in PTR_BT:
        lda, ldb, ldc = _up(k, 16), _up(k, 16), _up(n, 16)

        def make(m=m, n=n, k=k, lda=lda, ldb=ldb, ldc=ldc):
            a = torch.randn(m, lda, device="cuda").half()[:, :k]
            b = torch.randn(n, ldb, device="cuda").half()[:, :k]
            c, untouched = _poisoned_c(torch, m, n, ldc, torch.float16)

            def check():
                ref = a.double() @ b.double().T
                err = (c.double() - ref).norm() / ref.norm()
                return bool(err < 2e-3) and untouched()
            return (a, b, c, m, n, k, lda, ldb, ldc), check
        cases.append((f"gemm_ptr_bt {m}x{n}x{k}", gemm_ptr_bt,
                      lambda meta, m=m, n=n: (tile.cdiv(m, 128), tile.cdiv(n, 128)), make,
                      ("f16", "f16", "f16", m, n, k, lda, ldb, ldc),
                      {"BM": 128, "BN": 128, "BK": 64}))
    for bh, n, ws in ATTN:
        def make(bh=bh, n=n):
            q, k, v = (torch.randn(bh, n, 64, device="cuda").bfloat16() for _ in range(3))
            size = bh * n * 64
            buf = torch.full((size + 4096,), float("nan"), device="cuda", dtype=torch.bfloat16)
            o = buf[:size].view(bh, n, 64)
            scale = 1 / math.sqrt(64)

            def check():
                s = (q.double() @ k.double().transpose(1, 2)) * scale
                causal = torch.ones(n, n, dtype=torch.bool, device="cuda").tril()
                ref = torch.softmax(s.masked_fill(~causal, float("-inf")), -1) @ v.double()
                err = (o.double() - ref).norm() / ref.norm()
                return bool(err < 1e-2) and bool(torch.isnan(buf[size:]).all())
            return (q, k, v, o, scale * 1.4426950408889634, n), check
        consts = {"D": 64, "BM": 128, "BN": 64}
        if ws is not None:
            consts["warp_specialize"] = ws
        cases.append((f"attn_causal bh={bh} n={n}{'' if ws is None else ' ws=True'}",
                      attn_causal, lambda meta, bh=bh, n=n: (tile.cdiv(n, 128), bh), make,
                      ("bf16", "bf16", "bf16", "bf16", 0.18, n), consts))
    return cases


def _counts(ptx):
    return (re.search(r"\.maxntid (\d+)", ptx).group(1),
            len(re.findall(r"cp\.async\.(?:cg|ca)", ptx)),
            len(re.findall(r"cp\.async\.bulk\.tensor\.\dd\.shared", ptx)),
            len(re.findall(r"cp\.async\.bulk\.tensor\.\dd\.global", ptx)),
            len(re.findall(r"wgmma\.mma_async", ptx)))


def populate(directory):
    os.environ["TILE_CACHE_DIR"] = directory
    print("case: threads cp.async TMA-loads TMA-stores wgmma")
    for name, kernel, _, _, stand, consts in launches():
        args = [harness.Stand(f"torch.{TORCH[a]}") if isinstance(a, str) else a for a in stand]
        spec, _, _ = kernel.bind(*args, **consts)
        ptx = spec.asm.get("ptx")
        # A kernel already in the cache comes back as its cubin alone.
        print(f"{name}: " + (" ".join(str(c) for c in _counts(ptx)) if ptx else "(cached)"))


def run_gpu():
    torch = harness.gpu_torch()
    if torch is None:
        return 0
    torch.manual_seed(0)
    failed = harness.run_launches(torch, launches(torch))
    print(f"{failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--populate":
        populate(os.path.abspath(sys.argv[2]))
        sys.exit(0)
    sys.exit(run_gpu())
