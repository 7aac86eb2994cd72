"""Reference kernels in Triton (and Gluon where the anchor is Gluon) for the
benchmarks in bench/run.py. Each `run_*` function takes torch tensors and
launches the kernel; the benchmark harness times them with do_bench."""

import triton
import triton.language as tl


@triton.jit
def _copy_kernel(src, dst, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(dst + offs, tl.load(src + offs, mask=mask), mask=mask)


def run_copy(src, dst, block=4096):
    n = src.numel()
    _copy_kernel[(triton.cdiv(n, block),)](src, dst, n, BLOCK=block,
                                           num_warps=8)


@triton.jit
def _add_kernel(x, y, out, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(x + offs, mask=mask)
    b = tl.load(y + offs, mask=mask)
    tl.store(out + offs, a + b, mask=mask)


def run_add(x, y, out, block=4096):
    n = x.numel()
    _add_kernel[(triton.cdiv(n, block),)](x, y, out, n, BLOCK=block,
                                          num_warps=8)


@triton.jit
def _transpose_kernel(src, dst, m, n, BM: tl.constexpr, BN: tl.constexpr):
    # src is m x n row-major; dst is m x n column-major (dst[i, j] at
    # j * m + i). Triton picks the layouts and the convert between them.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    mask = (rm[:, None] < m) & (rn[None, :] < n)
    tile = tl.load(src + rm[:, None] * n + rn[None, :], mask=mask)
    tl.store(dst + rn[None, :] * m + rm[:, None], tile, mask=mask)


def run_transpose(src, dst, bm=64, bn=64):
    m, n = src.shape
    grid = (triton.cdiv(m, bm), triton.cdiv(n, bn))
    _transpose_kernel[grid](src, dst, m, n, BM=bm, BN=bn, num_warps=4)


def _gluon_transpose_kernel_factory():
    """The Gluon anchor of the transposing copy (design.md: 2.83 TB/s): one
    blocked layout coalesced along each tensor's contiguous axis, a load in
    the first, gl.convert_layout, a store in the second. Built lazily so that
    a Triton without Gluon still runs the other benchmarks."""
    from triton.experimental import gluon
    from triton.experimental.gluon import language as gl

    @gluon.jit
    def kernel(src, dst, m, n, BM: gl.constexpr, BN: gl.constexpr,
               rows_fast: gl.constexpr, cols_fast: gl.constexpr):
        rm0 = gl.program_id(0) * BM
        rn0 = gl.program_id(1) * BN
        # Reads: lanes along the row (src is row-major).
        rm = rm0 + gl.arange(0, BM, layout=gl.SliceLayout(1, rows_fast))
        rn = rn0 + gl.arange(0, BN, layout=gl.SliceLayout(0, rows_fast))
        ok = (rm[:, None] < m) & (rn[None, :] < n)
        tile = gl.load(src + rm[:, None] * n + rn[None, :], mask=ok)
        tile = gl.convert_layout(tile, cols_fast)
        # Writes: lanes down the column (dst is column-major).
        wm = rm0 + gl.arange(0, BM, layout=gl.SliceLayout(1, cols_fast))
        wn = rn0 + gl.arange(0, BN, layout=gl.SliceLayout(0, cols_fast))
        ok = (wm[:, None] < m) & (wn[None, :] < n)
        gl.store(dst + wn[None, :] * m + wm[:, None], tile, mask=ok)

    return kernel, gl


_GLUON = {}


def run_gluon_transpose(src, dst, bm=128, bn=128, warps=4):
    if "k" not in _GLUON:
        _GLUON["k"], _GLUON["gl"] = _gluon_transpose_kernel_factory()
    gl = _GLUON["gl"]
    m, n = src.shape
    rows_fast = gl.BlockedLayout([1, 1], [1, 32], [1, warps], [1, 0])
    cols_fast = gl.BlockedLayout([1, 1], [32, 1], [warps, 1], [0, 1])
    grid = (triton.cdiv(m, bm), triton.cdiv(n, bn))
    _GLUON["k"][grid](src, dst, m, n, bm, bn, rows_fast, cols_fast,
                      num_warps=warps)


@triton.jit
def _softmax_kernel(x, out, n_cols, row_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    v = tl.load(x + row * row_stride + cols, mask=mask, other=-float("inf"))
    v = v - tl.max(v, axis=0)
    e = tl.exp(v)
    tl.store(out + row * row_stride + cols, e / tl.sum(e, axis=0), mask=mask)


def run_softmax(x, out):
    rows, cols = x.shape
    block = triton.next_power_of_2(cols)
    warps = 4 if block <= 2048 else (8 if block <= 8192 else 16)
    _softmax_kernel[(rows,)](x, out, cols, x.stride(0), BLOCK=block,
                             num_warps=warps)


@triton.jit
def _rowsum_kernel(x, out, n_cols, row_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    v = tl.load(x + row * row_stride + cols, mask=cols < n_cols, other=0.0)
    tl.store(out + row, tl.sum(v, axis=0))


def run_rowsum(x, out):
    rows, cols = x.shape
    block = triton.next_power_of_2(cols)
    _rowsum_kernel[(rows,)](x, out, cols, x.stride(0), BLOCK=block,
                            num_warps=4)


@triton.jit
def _matmul_kernel(a, b, c, M, N, K, sam, sak, sbk, sbn, scm, scn,
                   BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    """bench/matmul.py's tl.dot GEMM (compile-time benchmark)."""
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        av = tl.load(a + rm[:, None] * sam + kk[None, :] * sak,
                     mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        bv = tl.load(b + kk[:, None] * sbk + rn[None, :] * sbn,
                     mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(av, bv)
    tl.store(c + rm[:, None] * scm + rn[None, :] * scn, acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


def _attention_kernel():
    """bench/attention.py's FA2 kernel (compile-time benchmark)."""
    import os
    import sys
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from attention import triton_attention
    return triton_attention()


def __getattr__(name):
    # Built on first use (bench/compile_time.py), not by every importer.
    if name == "_attn_fwd":
        return _attention_kernel()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
