"""The GPU test cases: each example kernel against a torch reference.

A case names the artifact (examples/<artifact>.mlir compiled by
build_artifacts.py), the kernel, and a `run(kernel, shape, gen)` that draws
fresh inputs, poisons the outputs, launches, and returns a list of
(label, output, reference) pairs to compare, plus optional extra checks (e.g.
that elements outside a view kept their poison).
"""

import math

import torch

from tile.runtime import cdiv

DEV = "cuda"

# Byte pattern written over every output before a launch: NaN for floats, a
# distinctive value for integers. An element the kernel forgot stays poisoned.
POISON_BYTE = 0xFF
INT_POISON = -0x5A5A5A5A5A5A5A5B


def int_poison(dtype):
    """INT_POISON where the integer type holds it, else every byte 0xA5."""
    info = torch.iinfo(dtype)
    if info.min <= INT_POISON <= info.max:
        return INT_POISON
    return int.from_bytes(b"\xa5" * (info.bits // 8), "little", signed=info.min < 0)


def poisoned(shape, dtype):
    t = torch.empty(shape, dtype=dtype, device=DEV)
    if dtype.is_floating_point:
        t.view(torch.uint8).fill_(POISON_BYTE)
    else:
        t.fill_(int_poison(dtype))
    return t


def is_poison(t):
    if t.dtype.is_floating_point:
        return (t.contiguous().view(torch.uint8).view(-1, t.element_size()) == POISON_BYTE).all(1) \
            .view(t.shape)
    return t == int_poison(t.dtype)


def _size(shape):
    return tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)


def randn(shape, gen):
    return torch.randn(_size(shape), generator=gen, device=DEV, dtype=torch.float32)


def randint(shape, gen, lo=-1000, hi=1000):
    return torch.randint(lo, hi, _size(shape), generator=gen, device=DEV, dtype=torch.int64)


def median_ms(fn, warmup=3, reps=20):
    """Median milliseconds of `fn()` over `reps` runs, each timed alone with
    CUDA events after `warmup` runs (informational timings of the suite)."""
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    times.sort()
    return times[len(times) // 2]


# ---------------------------------------------------------------------------


def run_vector_add(k, n, gen):
    x, y = randn(n, gen), randn(n, gen)
    out = poisoned(n, torch.float32)
    k[(cdiv(n, 512),)](x, y, out, n)
    return [("out", out, x.double() + y.double())]


def run_copy1d(k, n, gen):
    src = randn(n, gen)
    dst = poisoned(n, torch.float32)
    k[(cdiv(n, 1024),)](src, dst, n)
    return [("dst", dst, src.double())]


def run_copy2d_strided(k, shape, gen):
    m, n, layout = shape
    # The source: a strided window of a larger buffer.
    if layout == "sliced":
        base = randn((2 * m + 1, 3 * n + 2), gen)
        src = base[1::2, 2::3][:m, :n]
    elif layout == "transposed":
        src = randn((n, m), gen).t()
    else:
        src = randn((m, n), gen)
    # The destination: a strided window whose surroundings must stay poisoned.
    big = poisoned((m + 3, 2 * n + 5), torch.float32)
    dst = big[2:2 + m, 3:3 + 2 * n:2] if layout != "transposed" else \
        poisoned((n + 1, m + 2), torch.float32)[1:, 1:1 + m].t()
    assert dst.shape == (m, n)
    ss0, ss1 = src.stride()
    ds0, ds1 = dst.stride()
    k[(cdiv(m, 32), cdiv(n, 64))](src, dst, m, n, ss0, ss1, ds0, ds1)
    checks = [("dst", dst, src.double())]
    if layout != "transposed":
        outside = torch.ones_like(big, dtype=torch.bool)
        outside[2:2 + m, 3:3 + 2 * n:2] = False
        checks.append(("untouched outside the view", is_poison(big)[outside].all(), True))
    return checks


def run_transpose(k, shape, gen):
    m, n = shape
    src = randn((m, n), gen)
    dst = poisoned(m * n, torch.float32)
    k[(cdiv(m, 64), cdiv(n, 64))](src, dst, m, n)
    # dst holds the m x n matrix column-major, i.e. the row-major n x m transpose.
    return [("dst", dst.view(n, m), src.t().double())]


def run_row_softmax(k, shape, gen):
    m, n = shape
    x = randn((m, n), gen) * 4
    y = poisoned((m, n), torch.float32)
    k[(cdiv(m, 4),)](x, y, m, n)
    return [("y", y, torch.softmax(x.double(), dim=1))]


def run_row_sum(k, shape, gen):
    m, n = shape
    x = randn((m, n), gen)
    out = poisoned(m, torch.float32)
    k[(cdiv(m, 4),)](x, out, m, n)
    return [("out", out, x.double().sum(dim=1))]


# cuTile's ct.load examples (its documentation of ct.load, whose inputs and
# printed outputs examples/cutile_load.mlir repeats). With shape
# "seed" the input is the seed's torch.arange and the output is compared with
# the seed's printed output, literally.

SEED_PADDING = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 0, 0]]
SEED_ORDER_F = [[[0, 4, 8, 12]], [[1, 5, 9, 13]], [[2, 6, 10, 14]], [[3, 7, 11, 15]]]
SEED_3D = [[[[0, 2], [1, 3]]], [[[4, 6], [5, 7]]]]
SEED_SCALAR = "0 1 2 3 4 5 6 7 8 9"


def run_cutile_padding(k, n, gen):
    x = torch.arange(10, device=DEV) if n == "seed" else randint(n, gen)
    size = x.numel()
    out = poisoned(12, torch.int64)
    k[(1,)](x, out, size)
    if n == "seed":
        return [("tiles", out.view(3, 4), torch.tensor(SEED_PADDING, device=DEV))]
    ref = torch.zeros(12, dtype=torch.int64, device=DEV)
    ref[:size] = x
    return [("tiles", out, ref)]


def run_cutile_order_f(k, shape, gen):
    x = torch.arange(16, device=DEV).reshape(4, 4) if shape == "seed" else randint((4, 4), gen)
    out = poisoned((4, 4), torch.int64)
    k[(1,)](x, out)
    if shape == "seed":
        # The seed prints tile k (shape (1, 4)) for k = 0..3; out[k] holds it.
        return [("tiles", out.view(4, 1, 4), torch.tensor(SEED_ORDER_F, device=DEV))]
    return [("tiles", out, x.t())]


def run_cutile_3d(k, shape, gen):
    x = torch.arange(8, device=DEV).reshape(2, 2, 2) if shape == "seed" else \
        randint((2, 2, 2), gen)
    out = poisoned((2, 2, 2), torch.int64)
    k[(1,)](x, out)
    if shape == "seed":
        return [("tiles", out.view(2, 1, 2, 2), torch.tensor(SEED_3D, device=DEV))]
    return [("tiles", out, x.transpose(1, 2))]


def run_cutile_scalar(k, n, gen):
    x = torch.arange(10, device=DEV) if n == "seed" else randint(n, gen)
    out = poisoned(x.numel(), torch.int64)
    k[(1,)](x, out, x.numel())
    if n == "seed":
        printed = " ".join(str(v) for v in out.tolist())
        return [("printed", printed, SEED_SCALAR)]
    return [("out", out, x)]


# (artifact, kernel, runner, shapes)
CASES = [
    ("vector_add", "vector_add", run_vector_add, [1, 100, 512, 1000, 4096, (1 << 20) + 3]),
    ("copy1d", "copy1d", run_copy1d, [1, 1000, 1024, 5000, (1 << 20) + 1]),
    ("copy2d_strided", "copy2d_strided", run_copy2d_strided,
     [(1, 1, "contiguous"), (32, 64, "contiguous"), (33, 65, "sliced"),
      (100, 300, "sliced"), (257, 129, "transposed"), (64, 128, "transposed")]),
    ("transpose", "transpose", run_transpose,
     [(64, 64), (1, 1), (100, 37), (129, 257), (1024, 512)]),
    ("row_softmax", "row_softmax", run_row_softmax,
     [(1, 1), (4, 1024), (37, 1000), (1000, 777), (256, 1024)]),
    ("row_sum", "row_sum", run_row_sum,
     [(1, 1), (4, 256), (37, 1000), (1000, 777), (128, 4096)]),
    ("cutile_load", "cutile_load_padding", run_cutile_padding, ["seed", 9, 11, 12]),
    ("cutile_load", "cutile_load_order_f", run_cutile_order_f, ["seed", "random"]),
    ("cutile_load", "cutile_load_3d_order", run_cutile_3d, ["seed", "random"]),
    ("cutile_load", "cutile_load_scalar", run_cutile_scalar, ["seed", 1, 100]),
]

# Relative error bound for float outputs: ||out - ref|| / ||ref|| in float64.
REL_TOL = 1e-5


def compare(label, out, ref):
    """Returns (ok, detail)."""
    if not isinstance(out, torch.Tensor) or not isinstance(ref, torch.Tensor):
        ok = (bool(out) if isinstance(out, torch.Tensor) else out) == ref
        return ok, "as expected" if ok else f"{label}: got {out!r}, expected {ref!r}"
    if out.shape != ref.shape:
        return False, f"{label}: shape {tuple(out.shape)} != {tuple(ref.shape)}"
    if out.dtype.is_floating_point:
        o = out.double()
        if not torch.isfinite(o).all():
            bad = (~torch.isfinite(o)).sum().item()
            return False, f"{label}: {bad} of {o.numel()} elements are NaN/inf (unwritten?)"
        denom = ref.norm().item()
        err = (o - ref).norm().item() / (denom if denom > 0 else 1.0)
        if math.isnan(err) or err > REL_TOL:
            return False, f"{label}: relative error {err:.3e} > {REL_TOL:.0e}"
        return True, f"rel.err {err:.1e}"
    poison = is_poison(out)
    if poison.any():
        return False, f"{label}: {poison.sum().item()} elements unwritten (still poison)"
    mismatch = (out != ref).sum().item()
    if mismatch:
        return False, f"{label}: {mismatch} of {out.numel()} elements differ"
    return True, "exact"


# ---------------------------------------------------------------------------
# The launcher itself: loading paths, argument checks, streams, large shared
# memory. Each takes (artifacts, gen) and returns checks like the runners
# above; LaunchError/CudaError are expected where a check says so.


def _expect(exc_type, fn, needle):
    """(label, got, expected) check: fn() raises exc_type mentioning needle."""
    label = f"raises {exc_type.__name__} mentioning {needle!r}"
    try:
        fn()
    except exc_type as e:
        return (label, True if needle in str(e) else f"the message was: {e}", True)
    except Exception as e:  # noqa: BLE001
        return (label, f"{type(e).__name__}: {e}", True)
    return (label, "no error", True)


def _load(artifacts, stem, fmt="cubin"):
    import os
    import tile.runtime as rt
    return rt.load(os.path.join(artifacts, f"{stem}.{fmt}.json"))


def runtime_argument_checks(artifacts, gen):
    import tile.runtime as rt
    k = _load(artifacts, "vector_add")["vector_add"]
    n = 1000
    x, y, out = randn(n, gen), randn(n, gen), poisoned(n, torch.float32)
    checks = [
        _expect(rt.LaunchError, lambda: k[(2,)](x, y, out), "takes 4 arguments"),
        _expect(rt.LaunchError, lambda: k[(2,)](x.double(), y, out, n), "torch.float32"),
        _expect(rt.LaunchError, lambda: k[(2,)](x.cpu(), y, out, n), "CUDA tensor"),
        _expect(rt.LaunchError, lambda: k[(2,)](x, y, out, 1.5), "expects an integer"),
        _expect(rt.LaunchError, lambda: k[(2,)](x, y, out, 2**40), "does not fit in i32"),
        _expect(rt.LaunchError, lambda: k[(2,)](x[1:], y, out, n - 1), "not aligned to 16"),
        _expect(rt.LaunchError, lambda: k[(0,)](x, y, out, n), "out of range"),
        _expect(rt.LaunchError, lambda: k[(1, 2, 3, 4)](x, y, out, n), "1 to 3 ints"),
    ]
    # After all that, a good launch still works.
    k[(cdiv(n, 512),)](x, y, out, n)
    checks.append(("out", out, x.double() + y.double()))
    return checks


def runtime_streams_and_ptx(artifacts, gen):
    # PTX (JIT-compiled by the driver at load), launched on a side stream.
    k = _load(artifacts, "vector_add_ptx", "ptx")["vector_add"]
    n = 100000
    x, y, out = randn(n, gen), randn(n, gen), poisoned(n, torch.float32)
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        k[(cdiv(n, 512),)](x, y, out, n)            # torch's current stream = s
    k.launch((cdiv(n, 512),), x, y, out, n, stream=s)  # explicit stream
    torch.cuda.current_stream().wait_stream(s)
    return [("out (ptx, side stream)", out, x.double() + y.double())]


def runtime_wrong_arch(artifacts, gen):
    import tile.runtime as rt
    major, minor = torch.cuda.get_device_capability()
    if (major, minor) == (8, 0):
        return [("skipped on sm_80", True, True)]
    return [_expect(rt.CudaError, lambda: _load(artifacts, "vector_add_sm80"),
                    f"--arch=sm_{major}{minor}")]


def runtime_dynamic_shared(artifacts, gen):
    mod = _load(artifacts, "dyn_shared")
    k = mod.dyn_shared
    n = 100
    x, out = randn(128, gen), poisoned(128, torch.float32)
    k[(1,)](x, out, n)
    checks = [("out[:n]", out[:n], 2 * x[:n].double()),
              ("out[n:] untouched", is_poison(out[n:]).all(), True),
              ("metadata names", [p.name for p in k.meta.params] == ["x", "out", "n"], True)]
    return checks


RUNTIME_CASES = [
    ("runtime.arguments", runtime_argument_checks),
    ("runtime.ptx_and_streams", runtime_streams_and_ptx),
    ("runtime.wrong_arch", runtime_wrong_arch),
    ("runtime.dynamic_shared_64k", runtime_dynamic_shared),
]
