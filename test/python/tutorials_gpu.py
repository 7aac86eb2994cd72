#!/usr/bin/env python3
"""The tutorials (docs/python/t*.py), the front end's features, autotuning
and the torch.compile example on the GPU, against torch.

    python3 test/python/tutorials_gpu.py --populate DIR   # here: compile into DIR
    TILE_CACHE_DIR=DIR python3 test/python/tutorials_gpu.py   # on the GPU machine

As test/python/frontend_gpu.py: --populate binds every launch to its
specialization with stand-in tensors and fills the disk cache; the GPU
machine (no compiler) regenerates the MLIR in Python and finds every
binary there, so a run that passes also shows that a second process
compiles nothing. Outputs are poisoned (NaN, or -7 for integers) past
their end, and checked to stay so.
"""

import importlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "docs", "python"))
sys.path.insert(0, os.path.join(ROOT, "examples", "python"))
import harness  # noqa: E402

harness.setup_path()
import tile  # noqa: E402
from tile.layouts import Blocked, SwizzledShared  # noqa: E402
from tutorial_common import Case, kept, poisoned, stand_args  # noqa: E402

TUTORIALS = ["t01_vector_add", "t02_softmax", "t03_layernorm", "t04_matmul",
             "t05_gluon_layouts", "t06_cutile_load", "t07_mojo_layout_tensor",
             "t08_tilus_global_views"]


# -- the front end's features, against torch -----------------------------------

@tile.jit
def argmax_rows(x, vals, idx, m, n, BN: tile.constexpr):
    row = tile.program_id(0)
    cols = tile.arange(0, BN)
    v = tile.load(x + row * n + cols, cols < n, float("-inf"))
    best, at = tile.max(v, 0, return_indices=True)
    tile.store(vals + row, best)
    tile.store(idx + row, at)
    tile.store(idx + m + row, tile.argmin(tile.where(cols < n, v, float("inf")), 0))


def keep_larger(a, ai, b, bi):
    better = (b > a) | ((b == a) & (bi > ai))
    return tile.where(better, b, a), tile.where(better, bi, ai)


@tile.jit
def scans(x, csum, cmax, cidx, n, BN: tile.constexpr):
    row = tile.program_id(0)
    cols = tile.arange(0, BN)
    v = tile.load(x + row * n + cols, cols < n, 0.0)
    tile.store(csum + row * n + cols, tile.cumsum(v, 0), cols < n)
    m, i = tile.scan((v, cols), 0, keep_larger)
    tile.store(cmax + row * n + cols, m, cols < n)
    tile.store(cidx + row * n + cols, i, cols < n)


@tile.jit
def histogram(vals, bins, n, BLOCK: tile.constexpr):
    offs = tile.program_id(0) * BLOCK + tile.arange(0, BLOCK)
    v = tile.load(vals + offs, offs < n, 0)
    tile.atomic_add(bins + v, 1, offs < n, sem="relaxed")


SW = SwizzledShared(4, 1, 8, [1, 0])
ROW = Blocked([1, 4], [4, 8], [4, 1], [1, 0])


@tile.jit
def smem_transpose(src, dst, n):
    """dst = src^T, 64 x 64 tiles through a transposed shared-memory view."""
    i, j = tile.program_id(0), tile.program_id(1)
    vin = tile.make_view(src, shape=(n, n))
    vout = tile.make_view(dst, shape=(n, n))
    t = tile.load_tile(vin, (i, j), (64, 64), padding="zero", layout=ROW)
    buf = tile.allocate_shared(tile.float32, (64, 64), SW, t)
    tile.store_tile(vout, (j, i), buf.permute((1, 0)).load(ROW))


def feature_cases():
    out = []
    m, n = 37, 1000

    def make_arg(torch):
        x = torch.randn(m, n, device="cuda")
        x[3, 10] = x[3, 900] = 100.0            # ties: the lower index wins
        vals = poisoned(torch, m, extra=16)
        idx = poisoned(torch, 2 * m, torch.int32, extra=16)

        def check():
            return (torch.equal(vals[:m], x.max(dim=1).values)
                    and torch.equal(idx[:m].long(), x.argmax(dim=1))
                    and torch.equal(idx[m:2 * m].long(), x.argmin(dim=1))
                    and int(idx[3]) == 10 and kept(torch, vals, m) and kept(torch, idx, 2 * m))
        return (x, vals[:m], idx[:2 * m], m, n), check
    out.append(Case("feature argmax/argmin 37x1000", argmax_rows, (m,), make_arg,
                    ("float32", "float32", "int32", m, n), {"BN": 1024}))

    def make_scan(torch):
        x = torch.randint(-8, 8, (m, n), device="cuda").float()
        cs, cm = poisoned(torch, m * n), poisoned(torch, m * n)
        ci = poisoned(torch, m * n, torch.int32)

        def check():
            ref_max = torch.cummax(x, dim=1)
            # torch.cummax gives the last index of the running maximum, as
            # keep_larger does.
            return (torch.equal(cs[:m * n].view(m, n), torch.cumsum(x, dim=1))
                    and torch.equal(cm[:m * n].view(m, n), ref_max.values)
                    and torch.equal(ci[:m * n].view(m, n).long(), ref_max.indices)
                    and kept(torch, cs, m * n) and kept(torch, ci, m * n))
        return (x, cs[:m * n], cm[:m * n], ci[:m * n], n), check
    out.append(Case("feature cumsum/cummax scan 37x1000", scans, (m,), make_scan,
                    ("float32", "float32", "float32", "int32", n), {"BN": 1024}))

    hn = 100003

    def make_hist(torch):
        v = torch.randint(0, 256, (hn,), device="cuda", dtype=torch.int32)
        bins = torch.zeros(256 + 16, device="cuda", dtype=torch.int32)
        return (v, bins, hn), lambda: torch.equal(bins[:256].long(),
                                                   torch.bincount(v.long(), minlength=256)) \
            and bool((bins[256:] == 0).all())
    out.append(Case("feature histogram atomic_add n=100003", histogram,
                    (tile.cdiv(hn, 1024),), make_hist, ("int32", "int32", hn), {"BLOCK": 1024}))

    tn = 200

    def make_t(torch):
        x = torch.randn(tn, tn, device="cuda")
        buf = poisoned(torch, tn * tn)
        return (x, buf[:tn * tn], tn), lambda: torch.equal(buf[:tn * tn].view(tn, tn), x.t()) \
            and kept(torch, buf, tn * tn)
    out.append(Case("feature shared-memory transpose 200x200", smem_transpose,
                    (tile.cdiv(tn, 64), tile.cdiv(tn, 64)), make_t, ("float32", "float32", tn)))
    return out


def all_cases():
    cases = []
    for name in TUTORIALS:
        cases += importlib.import_module(name).cases()
    return cases + feature_cases()


TUNE_N = 1 << 24


def populate(directory):
    os.environ["TILE_CACHE_DIR"] = directory
    for c in all_cases():
        spec, _, _ = c.kernel.bind(*stand_args(c.stand), **c.consts)
        print(f"compiled {c.name}: {spec.compiled.format}")
    t01 = importlib.import_module("t01_vector_add")
    for cfg in t01.add_tuned.configs:
        t01.add.bind(*stand_args(("float32",) * 3 + (TUNE_N,)), num_warps=cfg.num_warps,
                     **cfg.kwargs)
    print("compiled the autotune configs")
    t05 = importlib.import_module("t05_gluon_layouts")
    for c in t05.throughput_cases():
        c.kernel.bind(*stand_args(c.stand), **c.consts)
    t02 = importlib.import_module("t02_softmax")
    t02.softmax_kernel.bind(*stand_args(("float32", "float32", 4096, 4096, 4096)), BLOCK=4096)
    t04 = importlib.import_module("t04_matmul")
    t04.matmul_kernel.bind(*stand_args(("float16",) * 3 + (8192,) * 3 + (8192, 1) * 3),
                           BM=128, BN=128, BK=64)
    op = importlib.import_module("scaled_add")
    op.scaled_add_kernel.bind(*stand_args(("float32",) * 3 + (3000, 0.5)), BLOCK=1024)
    print("compiled the benchmarks and the custom op")


def bench(torch, fn, reps=20):
    from tile.autotune import do_bench
    return do_bench(fn, warmup=3, rep=reps)


def run_gpu():
    torch = harness.gpu_torch()
    if torch is None:
        return 0
    torch.manual_seed(0)
    failed = 0
    for c in all_cases():
        try:
            args, check = c.make(torch)
            c.kernel[c.grid](*args, **c.consts)
            torch.cuda.synchronize()
            ok = check()
        except Exception as e:  # noqa: BLE001 - reported per case
            ok = False
            print(f"  {type(e).__name__}: {str(e)[:2000]}")
        failed += not ok
        print(f"{'PASS' if ok else 'FAIL'} {c.name}")

    # Autotuning: picks, remembers, and a new Autotuner finds the choice on disk.
    t01 = importlib.import_module("t01_vector_add")
    try:
        n = TUNE_N
        x, y, out = (torch.randn(n, device="cuda") for _ in range(3))
        grid = lambda meta: (tile.cdiv(n, meta["BLOCK"]),)  # noqa: E731
        tuner = t01.add_tuned
        tuner[grid](x, y, out, n)
        torch.cuda.synchronize()
        ok = torch.equal(out, x + y) and tuner.bench_count == 3
        key = tuner.key_of((x, y, out, n), {})
        times = ", ".join(f"{c.kwargs['BLOCK']}/{c.num_warps}w {t * 1e3:.1f} us"
                          for c, t in zip(tuner.configs, tuner.timings[key]))
        out.zero_()
        tuner[grid](x, y, out, n)
        torch.cuda.synchronize()
        ok = ok and tuner.bench_count == 3 and torch.equal(out, x + y)
        again = tile.autotune(configs=tuner.configs, key=["n"])(t01.add)
        again[grid](x, y, out, n)
        ok = ok and again.bench_count == 0 and again.best[key] is tuner.best[key]
        print(f"{'PASS' if ok else 'FAIL'} autotune vector add n=2^24: chose "
              f"{tuner.best[key]} ({times}); cached in memory and on disk")
    except Exception as e:  # noqa: BLE001
        ok = False
        print(f"FAIL autotune: {type(e).__name__}: {e}")
    failed += not ok

    # torch.compile with a tile kernel as a custom op.
    try:
        op = importlib.import_module("torch_custom_op")
        for backend in ("inductor", "aot_eager"):
            try:
                ok, _ = op.run(backend)
                print(f"{'PASS' if ok else 'FAIL'} torch.compile(backend={backend!r}) with the "
                      f"tile custom op (torch {torch.__version__})")
                failed += not ok
            except Exception as e:  # noqa: BLE001
                print(f"FAIL torch.compile(backend={backend!r}): {type(e).__name__}: "
                      f"{str(e)[:1500]}")
                failed += 1
    except Exception as e:  # noqa: BLE001
        print(f"FAIL torch custom op: {type(e).__name__}: {e}")
        failed += 1

    # Timings beside torch.
    try:
        t02 = importlib.import_module("t02_softmax")
        m = 4096
        xs = torch.randn(m, 4096, device="cuda")
        ys = torch.empty_like(xs)
        t_tile = bench(torch, lambda: t02.softmax_kernel[(m,)](xs, ys, 4096, 4096, 4096,
                                                               BLOCK=4096))
        t_torch = bench(torch, lambda: torch.softmax(xs, dim=1))
        print(f"TIME softmax 4096x4096 f32: tile {t_tile * 1e3:.1f} us, torch "
              f"{t_torch * 1e3:.1f} us ({2 * 4 * m * 4096 / t_tile / 1e9:.2f} TB/s)")
        t04 = importlib.import_module("t04_matmul")
        s = 8192
        a = torch.randn(s, s, device="cuda", dtype=torch.float16)
        b = torch.randn(s, s, device="cuda", dtype=torch.float16)
        c = torch.empty(s, s, device="cuda", dtype=torch.float16)
        t_tile = bench(torch, lambda: t04.matmul_kernel[(s // 128, s // 128)](
            a, b, c, s, s, s, s, 1, s, 1, s, 1, BM=128, BN=128, BK=64), reps=10)
        t_torch = bench(torch, lambda: torch.matmul(a, b), reps=10)
        print(f"TIME matmul 8192^3 f16: tile {t_tile * 1e3:.0f} us "
              f"({2 * s ** 3 / t_tile / 1e9:.0f} TFLOP/s), torch {t_torch * 1e3:.0f} us "
              f"({2 * s ** 3 / t_torch / 1e9:.0f} TFLOP/s)")
        t05 = importlib.import_module("t05_gluon_layouts")
        for spt, tbs in t05.throughput(torch, lambda fn: bench(torch, fn)):
            print(f"TIME gluon memcpy_1d 2^26 f32 size_per_thread=[{spt}]: {tbs:.2f} TB/s")
    except Exception as e:  # noqa: BLE001
        print(f"FAIL timings: {type(e).__name__}: {e}")
        failed += 1
    print(f"{failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--populate":
        populate(os.path.abspath(sys.argv[2]))
        sys.exit(0)
    sys.exit(run_gpu())
