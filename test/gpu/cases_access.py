"""GPU cases of cuTile's load/store hints and memory ordering, Tilus's
rank-reducing slices (test/gpu/kernels/access_hints.mlir) and the prints of
cuTile's ct.load examples (test/gpu/kernels/cutile_print.mlir).

- hinted_copy_high/low, ordered_copy: y = x + 1 through load_tile/store_tile
  with latency 1..10 and relaxed/acquire/release orders, odd shapes, the
  output poisoned (every element must be written, none outside).
- slice_batch: a 64 x 32 tile of batch b of a (B, M, N) tensor (load_at
  dims [1, 2]) stored as a full tile and as the slice dims [0, 2] of an
  (M, B, N) tensor, whose other batches must stay poisoned.
- slice_custom_layout: the same out of a view with a custom CuTe layout
  (batch interleaved innermost), against torch.as_strided.
- publish: two programs of one launch; the consumer spins (bounded) on a
  flag the producer sets with a release store after writing the tile, then
  copies the tile: it must read every element (status 1, not -1 = timed
  out).
- cutile.print: the seed's ct.load examples printed with tile.print, in a
  subprocess; the printed lines must rebuild the seed's output text.
"""

import os
import re
import subprocess
import sys

import torch

from gpu_cases import DEV, is_poison, poisoned, randn
from tile.runtime import cdiv

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run_copy_plus_one(k, shape, gen):
    m, n = shape
    x = randn((m, n), gen)
    big = poisoned((m + 1, n), torch.float32)
    y = big[:m]
    k[(cdiv(m, 32), cdiv(n, 64))](x, y, m, n)
    return [("y", y, x.double() + 1), ("row after y untouched", is_poison(big[m]).all(), True)]


def run_slice_batch(k, shape, gen):
    nb, m, n, b = shape
    x = randn((nb, m, n), gen)
    out2 = poisoned((m, n), torch.float32)
    out3 = poisoned((m, nb, n), torch.float32)
    k[(cdiv(m, 64), cdiv(n, 32))](x, out2, out3, b, nb, m, n)
    others = [i for i in range(nb) if i != b]
    checks = [("out2 = x[b]", out2, x[b].double()),
              ("out3[:, b, :] = x[b]", out3[:, b, :].contiguous(), x[b].double())]
    if others:
        checks.append(("out3's other batches untouched", is_poison(out3[:, others, :]).all(), True))
    return checks


def run_slice_custom_layout(k, shape, gen):
    storage = randn(256, gen)
    # element (b, r, c) at b + 16 r + 2 c: #layout.strided<(2,16,8):(1,16,2)>
    logical = torch.as_strided(storage, (2, 16, 8), (1, 16, 2))
    out = poisoned((2, 16, 8), torch.float32)
    col = poisoned((2, 16), torch.float32)
    k[(2,)](storage, out, col)
    return [("out = x", out, logical.double()), ("col = x[:, :, 3]", col, logical[:, :, 3].double())]


def run_publish(k, shape, gen):
    m, n = shape
    x = randn((m, n), gen)
    buf = poisoned((m, n), torch.float32)
    flag = torch.zeros(1, dtype=torch.int32, device=DEV)
    out = poisoned((m, n), torch.float32)
    status = torch.zeros(2, dtype=torch.int32, device=DEV)
    k[(2,)](x, buf, flag, out, status, m, n)
    torch.cuda.synchronize()
    return [("flag seen (1), not timed out (-1)", int(status[0].item()), 1),
            ("flag", int(flag.item()), 1),
            ("out = x, read after the acquire", out, x.double())]


_SHAPES = [(1, 1), (31, 63), (33, 65), (100, 300), (257, 129)]

CASES = [
    ("access_hints", "plain_copy", run_copy_plus_one, _SHAPES),
    ("access_hints", "hinted_copy_high", run_copy_plus_one, _SHAPES),
    ("access_hints", "hinted_copy_low", run_copy_plus_one, _SHAPES),
    ("access_hints", "ordered_copy", run_copy_plus_one, _SHAPES),
    ("access_hints", "slice_batch", run_slice_batch,
     [(1, 1, 1, 0), (3, 64, 32, 1), (4, 100, 37, 3), (2, 129, 65, 0)]),
    ("access_hints", "slice_custom_layout", run_slice_custom_layout, ["seed"]),
    ("access_hints", "publish", run_publish, [(1, 1), (17, 45), (32, 64)]),
]


# ---------------------------------------------------------------------------
# The seed's prints, in a subprocess (device printf output is process-wide).

# One kernel per child: device printf output reaches stdout through C's
# buffer, not Python's, so lines of two kernels could not be told apart.
_CHILD = r"""
import sys
import torch
import tile.runtime as rt
mod = rt.load(sys.argv[1])
which = sys.argv[2]
x10 = torch.arange(10, device="cuda")
if which == "padding":
    mod["print_padding"][(1,)](x10, 10)
elif which == "order_f":
    mod["print_order_f"][(1,)](torch.arange(16, device="cuda").reshape(4, 4))
elif which == "3d":
    mod["print_3d"][(1,)](torch.arange(8, device="cuda").reshape(2, 2, 2))
else:
    mod["print_scalar"][(1,)](x10, 10)
torch.cuda.synchronize()
"""

_SEED = {
    "padding": ["[0, 1, 2, 3]", "[4, 5, 6, 7]", "[8, 9, 0, 0]"],
    "order_f": ["[[0, 4, 8, 12]]", "[[1, 5, 9, 13]]", "[[2, 6, 10, 14]]", "[[3, 7, 11, 15]]"],
    "3d": ["[[[0, 2], [1, 3]]]", "[[[4, 6], [5, 7]]]"],
    "scalar": ["0 1 2 3 4 5 6 7 8 9"],
}

_TENSOR_LINE = re.compile(r"pid \(0, 0, 0\) idx \(([0-9, ]+)\) (t[0-9]) = (-?[0-9]+)$")
_SCALAR_LINE = re.compile(r"pid \(0, 0, 0\) tid \(0\) s = (-?[0-9]+)$")


def _nested(values, shape):
    """The cuTile/numpy-style text of a tensor given as {index tuple: value}."""
    def rec(prefix):
        d = len(prefix)
        if d == len(shape):
            return str(values[tuple(prefix)])
        return "[" + ", ".join(rec(prefix + [i]) for i in range(shape[d])) + "]"
    return rec([])


def rebuild(lines, scalar=False):
    """The seed-style output of one kernel's printed lines: one entry per
    printed tile (labels t0, t1, ... in order), or the scalars of thread 0
    joined by spaces."""
    if scalar:
        return [" ".join(m.group(1) for m in map(_SCALAR_LINE.match, lines) if m)]
    tiles = {}
    for m in map(_TENSOR_LINE.match, lines):
        if m:
            idx = tuple(int(v) for v in m.group(1).split(","))
            tiles.setdefault(m.group(2), {})[idx] = int(m.group(3))
    printed = []
    for label in sorted(tiles):
        vals = tiles[label]
        shape = [max(i[d] for i in vals) + 1 for d in range(len(next(iter(vals))))]
        printed.append(_nested(vals, shape))
    return printed


def runtime_cutile_print(artifacts, gen):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("CUDA_INJECTION")
           and not (k == "LD_PRELOAD" and "sanitizer" in v.lower())}
    env["PYTHONPATH"] = os.pathsep.join([os.path.join(_ROOT, "python"), env.get("PYTHONPATH", "")])
    meta = os.path.join(artifacts, "cutile_print.cubin.json")
    checks = []
    for name, want in _SEED.items():
        proc = subprocess.run([sys.executable, "-c", _CHILD, meta, name], capture_output=True,
                              text=True, timeout=120, env=env)
        checks.append((f"{name}: exit status", proc.returncode == 0 or proc.stderr[-300:], True))
        got = rebuild(proc.stdout.splitlines(), scalar=name == "scalar")
        checks.append((f"{name}: printed", got, want))
    return checks


RUNTIME_CASES = [
    ("cutile.print", runtime_cutile_print),
]
