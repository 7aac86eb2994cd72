#!/usr/bin/env python3
"""The Python-written kernels on the GPU, launched with `kernel[grid](...)`
on torch tensors, against torch.

    python3 test/python/frontend_gpu.py --populate DIR   # here: compile into DIR
    TILE_CACHE_DIR=DIR python3 test/python/frontend_gpu.py   # on the GPU machine

A GPU machine without LLVM cannot compile, so --populate binds every launch
below to its specialization with stand-in tensors (same dtypes, 16-byte
aligned, the same integer sizes) and fills the disk cache; the GPU run
generates the same MLIR in pure Python and finds every binary there. Each
case poisons its output (NaN) and a guard region past it, and checks every
element and that the guard stays poisoned. Also runs examples/copy1d.mlir
compiled here with kernel parameters (-DBLOCK=4096 -DNUM_WARPS=8).
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import harness  # noqa: E402

harness.setup_path()
import tile  # noqa: E402
from tile import runtime  # noqa: E402


@tile.jit
def vector_add(x, y, out, n, BLOCK: tile.constexpr):
    offs = tile.program_id(0) * BLOCK + tile.arange(0, BLOCK)
    mask = offs < n
    tile.store(out + offs, tile.load(x + offs, mask) + tile.load(y + offs, mask), mask)


@tile.jit(num_warps=4)
def softmax(x, y, m, N: tile.constexpr, ROWS: tile.constexpr):
    i = tile.program_id(0)
    vin = tile.make_view(x, shape=(m, N))
    vout = tile.make_view(y, shape=(m, N))
    t = tile.load_tile(vin, (i, 0), (ROWS, N), padding="neg_inf")
    e = tile.exp(t - tile.max(t, axis=1)[:, None])
    tile.store_tile(vout, (i, 0), e / tile.sum(e, axis=1)[:, None])


@tile.jit
def row_sum(x, out, n, stride, BLOCK: tile.constexpr):
    row = tile.program_id(0)
    acc = tile.zeros((BLOCK,), tile.float32)
    for k in range(0, n, BLOCK):
        offs = k + tile.arange(0, BLOCK)
        acc += tile.load(x + row * stride + offs, offs < n, 0.0).to(tile.float32)
    total = tile.sum(acc, axis=0)
    if n > 0:
        total = total * 1.0
    tile.store(out + row, total)


@tile.jit
def transpose(src, dst, m, n, BM: tile.constexpr, BN: tile.constexpr):
    """dst (n x m) = src (m x n)^T, through views: the tile is stored with
    order [1, 0], so tile element [a, b] lands at dst[j*BN + b, i*BM + a]."""
    i, j = tile.program_id(0), tile.program_id(1)
    vs = tile.make_view(src, shape=(m, n), strides=(n, 1))
    vd = tile.make_view(dst, shape=(n, m))
    t = tile.load_tile(vs, (i, j), (BM, BN), padding="zero")
    tile.store_tile(vd, (i, j), t, order=[1, 0])


@tile.jit
def scale_2d(x, out, m, n, stride, alpha, BM: tile.constexpr, BN: tile.constexpr):
    """out[r, c] = alpha * x[r, c] + c, through 2-D pointer tensors with
    broadcast row and column offsets and a 2-D mask."""
    rows = tile.program_id(0) * BM + tile.arange(0, BM)
    cols = tile.program_id(1) * BN + tile.arange(0, BN)
    offs = rows[:, None] * stride + cols[None, :]
    mask = (rows[:, None] < m) & (cols[None, :] < n)
    v = tile.load(x + offs, mask, 0.0)
    tile.store(out + rows[:, None] * n + cols[None, :], alpha * v + cols[None, :].to(tile.float32),
               mask)


@tile.jit(num_warps=8)
def gemm_tma(a, b, c, m, n, k, sam, sak, sbk, sbn, scm, scn,
             BM: tile.constexpr, BN: tile.constexpr, BK: tile.constexpr):
    """docs/Python.md's GEMM with allow_tma on its loads and its store: TMA
    loads and a TMA store where n and k are multiples of 16, the ordinary
    accesses otherwise (same result)."""
    pm, pn = tile.program_id(0), tile.program_id(1)
    va = tile.make_view(a, shape=(m, k), strides=(sam, sak))
    vb = tile.make_view(b, shape=(k, n), strides=(sbk, sbn))
    vc = tile.make_view(c, shape=(m, n), strides=(scm, scn))
    acc = tile.zeros((BM, BN), tile.float32)
    for kt in range(tile.cdiv(k, BK)):
        ta = tile.load_tile(va, (pm, kt), (BM, BK), padding="zero", allow_tma=True)
        tb = tile.load_tile(vb, (kt, pn), (BK, BN), padding="zero", allow_tma=True)
        acc = tile.dot(ta, tb, acc)
    tile.store_tile(vc, (pm, pn), acc.to(tile.float16), allow_tma=True)


VADD_SIZES = (1000003, 1 << 20, 7)
SOFTMAX_ROWS = (37, 64)
ROWSUM = ((33, 5000), (16, 4096))


@tile.jit(num_warps=4)
def slice_scale(x, y, bs, m, BR: tile.constexpr, N: tile.constexpr):
    """y[b, r, :] = 2 * x[b, r, :] + b: 2-D tiles of 3-D views through
    load_at/store_at with dims=(1, 2) (Tilus's rank-reducing slices), one
    program per (row block, batch); the rows past m read 0 and are not
    written."""
    b = tile.program_id(1)
    r0 = tile.program_id(0) * BR
    vx = tile.make_view(x, shape=(bs, m, N))
    vy = tile.make_view(y, shape=(bs, m, N))
    t = tile.load_at(vx, (b, r0, 0), (BR, N), dims=(1, 2))
    tile.store_at(vy, (b, r0, 0), t * 2.0 + b.to(tile.float32), dims=(1, 2))


def launches(torch=None):
    """(name, kernel, grid, args, constexprs, check) for every case."""
    cases = []
    for n in VADD_SIZES:
        def make(n=n):
            x, y = torch.randn(n, device="cuda"), torch.randn(n, device="cuda")
            buf = torch.full((n + 1024,), float("nan"), device="cuda")
            out = buf[:n]

            def check():
                return torch.equal(out, x + y) and bool(torch.isnan(buf[n:]).all())
            return (x, y, out, n), check
        cases.append((f"vector_add n={n}", vector_add, lambda m, n=n: (tile.cdiv(n, m["BLOCK"]),),
                      make, ("f32", "f32", "f32", n), {"BLOCK": 1024}))
    for m in SOFTMAX_ROWS:
        def make(m=m):
            x = torch.randn(m, 1024, device="cuda") * 4
            buf = torch.full((m + 8, 1024), float("nan"), device="cuda")
            y = buf[:m]

            def check():
                ref = torch.softmax(x.double(), dim=1).float()
                return torch.allclose(y, ref, rtol=1e-5, atol=1e-6) and \
                    bool(torch.isnan(buf[m:]).all())
            return (x, y, m), check
        cases.append((f"softmax {m}x1024", softmax, lambda meta, m=m: (tile.cdiv(m, 4),),
                      make, ("f32", "f32", m), {"N": 1024, "ROWS": 4}))
    for rows, n in ROWSUM:
        def make(rows=rows, n=n):
            x = torch.randn(rows, n + 3, device="cuda", dtype=torch.float16)
            buf = torch.full((rows + 16,), float("nan"), device="cuda")
            out = buf[:rows]

            def check():
                ref = x[:, :n].double().sum(dim=1).float()
                return torch.allclose(out, ref, rtol=1e-3, atol=1e-2) and \
                    bool(torch.isnan(buf[rows:]).all())
            return (x, out, n, n + 3), check
        cases.append((f"row_sum f16 {rows}x{n}", row_sum, lambda meta, rows=rows: (rows,),
                      make, ("f16", "f32", n, n + 3), {"BLOCK": 512}))
    for m, n in ((70, 45),):
        def make(m=m, n=n):
            x = torch.randn(m, n, device="cuda")
            buf = torch.full((n * m + 64,), float("nan"), device="cuda")
            out = buf[:n * m]

            def check():
                return torch.equal(out.view(n, m), x.t()) and bool(torch.isnan(buf[n * m:]).all())
            return (x, out, m, n), check
        cases.append((f"transpose {m}x{n}", transpose,
                      lambda meta, m=m, n=n: (tile.cdiv(m, 32), tile.cdiv(n, 32)),
                      make, ("f32", "f32", m, n), {"BM": 32, "BN": 32}))
    for m, n in ((37, 100),):
        def make(m=m, n=n):
            x = torch.randn(m, n + 7, device="cuda")
            buf = torch.full((m * n + 64,), float("nan"), device="cuda")
            out = buf[:m * n]

            def check():
                ref = 1.5 * x[:, :n] + torch.arange(n, device="cuda", dtype=torch.float32)
                return torch.allclose(out.view(m, n), ref) and bool(torch.isnan(buf[m * n:]).all())
            return (x, out, m, n, n + 7, 1.5), check
        cases.append((f"scale_2d {m}x{n}", scale_2d,
                      lambda meta, m=m, n=n: (tile.cdiv(m, 16), tile.cdiv(n, 64)),
                      make, ("f32", "f32", m, n, n + 7, 1.5), {"BM": 16, "BN": 64}))
    # allow_tma GEMM: warp-specialized with a TMA epilogue, tile-pipeline's
    # TMA ring (warp_specialize=False), and n, k not multiples of 16 (no
    # TMA: the ordinary accesses); m is not a multiple of the tile, so the
    # TMA store clips the last row of tiles.
    for m, n, k, ws in ((300, 512, 320, None), (300, 512, 320, False), (257, 200, 72, None)):
        def make(m=m, n=n, k=k):
            a = torch.randn(m, k, device="cuda", dtype=torch.float16)
            b = torch.randn(k, n, device="cuda", dtype=torch.float16)
            buf = torch.full((m * n + 4096,), float("nan"), device="cuda", dtype=torch.float16)
            c = buf[:m * n].view(m, n)

            def check():
                ref = (a.float() @ b.float()).half()
                return torch.allclose(c.float(), ref.float(), rtol=1e-2, atol=5e-2) and \
                    bool(torch.isnan(buf[m * n:]).all())
            return (a, b, c, m, n, k, k, 1, n, 1, n, 1), check
        consts = {"BM": 128, "BN": 256, "BK": 64}
        if ws is not None:
            consts["warp_specialize"] = ws
        cases.append((f"gemm allow_tma {m}x{n}x{k}{'' if ws is None else ' ws=False'}",
                      gemm_tma, lambda meta, m=m, n=n: (tile.cdiv(m, 128), tile.cdiv(n, 256)),
                      make, ("f16", "f16", "f16", m, n, k, k, 1, n, 1, n, 1), consts))
    for bs, m in ((3, 77),):
        def make(bs=bs, m=m):
            x = torch.randn(bs, m, 64, device="cuda")
            buf = torch.full((bs * m * 64 + 256,), float("nan"), device="cuda")
            y = buf[:bs * m * 64].view(bs, m, 64)

            def check():
                ref = 2 * x + torch.arange(bs, device="cuda", dtype=torch.float32)[:, None, None]
                return torch.equal(y, ref) and bool(torch.isnan(buf[bs * m * 64:]).all())
            return (x, y, bs, m), check
        cases.append((f"slice_scale dims {bs}x{m}x64", slice_scale,
                      lambda meta, bs=bs, m=m: (tile.cdiv(m, 32), bs),
                      make, ("f32", "f32", bs, m), {"BR": 32, "N": 64}))
    return cases


def populate(directory):
    os.environ["TILE_CACHE_DIR"] = directory
    for name, kernel, _, _, stand, consts in launches():
        args = [harness.Stand(f"torch.{ {'f32': 'float32', 'f16': 'float16'}[a]}")
                if isinstance(a, str) else a for a in stand]
        spec, _, _ = kernel.bind(*args, **consts)
        print(f"compiled {name}: {spec.compiled.format}, {len(spec.compiled.binary)} bytes")
    copy1d = tile.compile_file(os.path.join(HERE, "..", "..", "examples", "copy1d.mlir"),
                               defines={"BLOCK": 4096, "NUM_WARPS": 8})
    copy1d.save(os.path.join(directory, "copy1d_4096.cubin"))
    print("compiled copy1d BLOCK=4096 NUM_WARPS=8")


def run_gpu():
    torch = harness.gpu_torch()
    if torch is None:
        return 0
    torch.manual_seed(0)
    failed = harness.run_launches(torch, launches(torch))
    # The parametric example, compiled on the build machine.
    directory = os.environ["TILE_CACHE_DIR"]
    mod = runtime.load(os.path.join(directory, "copy1d_4096.cubin.json"))
    for n in (4096 * 3 + 17, 4096 * 8):
        src = torch.randn(n, device="cuda")
        buf = torch.full((n + 4096,), float("nan"), device="cuda")
        mod["copy1d"][(tile.cdiv(n, 4096),)](src, buf[:n], n)
        torch.cuda.synchronize()
        ok = torch.equal(buf[:n], src) and bool(torch.isnan(buf[n:]).all())
        failed += not ok
        print(f"{'PASS' if ok else 'FAIL'} copy1d -DBLOCK=4096 -DNUM_WARPS=8 n={n} "
              f"(num_warps in metadata: {mod['copy1d'].meta.num_warps})")
    # Timing beside torch for vector add and softmax (rough, CUDA events).
    def bench(fn, reps=50):
        fn()
        torch.cuda.synchronize()
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(reps):
            fn()
        end.record()
        torch.cuda.synchronize()
        return start.elapsed_time(end) / reps
    n = 1 << 24
    x, y, out = (torch.randn(n, device="cuda") for _ in range(3))
    t_tile = bench(lambda: vector_add[(tile.cdiv(n, 1024),)](x, y, out, n, BLOCK=1024))
    t_torch = bench(lambda: torch.add(x, y, out=out))
    print(f"TIME vector_add n=2^24: tile {t_tile * 1e3:.1f} us, torch {t_torch * 1e3:.1f} us "
          f"({3 * 4 * n / t_tile / 1e9:.2f} TB/s)")
    m = 16384
    xs, ys = torch.randn(m, 1024, device="cuda"), torch.empty(m, 1024, device="cuda")
    t_tile = bench(lambda: softmax[(m // 4,)](xs, ys, m, N=1024, ROWS=4))
    t_torch = bench(lambda: torch.softmax(xs, dim=1))
    print(f"TIME softmax 16384x1024: tile {t_tile * 1e3:.1f} us, torch {t_torch * 1e3:.1f} us "
          f"({2 * 4 * m * 1024 / t_tile / 1e9:.2f} TB/s)")
    print(f"{failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--populate":
        populate(os.path.abspath(sys.argv[2]))
        sys.exit(0)
    sys.exit(run_gpu())
