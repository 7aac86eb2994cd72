"""Tutorial 8: Tilus's global tensors: views with strides or a layout,
loads and stores at element offsets, and global scratch memory.

| Tilus | tile (Python) |
| --- | --- |
| `global_view(ptr, dtype, shape)` (compact row major) | `tile.make_view(ptr, shape=(m, n))` |
| `global_view(..., strides=...)` | `tile.make_view(ptr, shape=..., strides=...)` |
| `global_view(..., layout=...)` | `tile.make_view(ptr, shape=..., layout=Strided("(4,8):(1,4)"))` |
| `load_global(src, offsets=[r, c], shape=[BM, BN])` | `tile.load_at(view, (r, c), (BM, BN))` |
| `store_global(dst, src, offsets=[r, c])` | `tile.store_at(view, (r, c), t)` |
| `global_tensor(dtype, shape)` | `tile.global_tensor(dtype, (m, n), zeroed=True)` |

Offsets are element coordinates, signed: a tile that reaches outside the
view reads zeros there and writes nothing there. A global tensor lives for
one launch and is shared by all its programs (the launcher allocates and
frees it; the kernel's callers do not pass it).

1. shift_rows: y[r, c] = x[r, c - 1] (0 in column 0) through a view with
   strides (a matrix with padded rows), loaded at offsets (r0, -1).
2. column_major: a 4 x 8 column-major matrix read through a CuTe-layout
   view and stored row major.
3. scratch_roundtrip: each program writes its tile doubled into its own
   rows of a global scratch tensor (sized by the kernel's arguments),
   synchronizes, and reads it back plus one.

Run: python3 docs/python/t08_tilus_global_views.py
"""

import tile
from tile.layouts import Strided

from tutorial_common import Case, kept, poisoned


@tile.jit
def shift_rows(x, y, m, n, x_stride, BM: tile.constexpr, BN: tile.constexpr):
    src = tile.make_view(x, shape=(m, n), strides=(x_stride, 1))
    dst = tile.make_view(y, shape=(m, n))
    r0, c0 = tile.program_id(0) * BM, tile.program_id(1) * BN
    t = tile.load_at(src, (r0, c0 - 1), (BM, BN))
    tile.store_at(dst, (r0, c0), t)


@tile.jit(num_warps=1)
def column_major(x, y):
    src = tile.make_view(x, shape=(4, 8), layout=Strided("(4,8):(1,4)"))
    dst = tile.make_view(y, shape=(4, 8))
    tile.store_at(dst, (0, 0), tile.load_at(src, (0, 0), (4, 8)))


@tile.jit
def scratch_roundtrip(x, y, m, n, BM: tile.constexpr, BN: tile.constexpr):
    scratch = tile.make_view(tile.global_tensor(tile.float32, (m, n), zeroed=True),
                             shape=(m, n))
    src = tile.make_view(x, shape=(m, n))
    dst = tile.make_view(y, shape=(m, n))
    r0 = tile.program_id(0) * BM
    for c0 in range(0, n, BN):
        tile.store_at(scratch, (r0, c0), tile.load_at(src, (r0, c0), (BM, BN)) * 2.0)
    tile.barrier()
    for c0 in range(0, n, BN):
        tile.store_at(dst, (r0, c0), tile.load_at(scratch, (r0, c0), (BM, BN)) + 1.0)


def cases():
    m, n, stride = 100, 300, 304

    def make_shift(torch):
        x = torch.randn(m, stride, device="cuda")
        buf = poisoned(torch, m * n)
        y = buf[:m * n].view(m, n)

        def check():
            ref = torch.zeros(m, n, device="cuda")
            ref[:, 1:] = x[:, :n - 1]
            return torch.equal(y, ref) and kept(torch, buf, m * n)
        return (x, y, m, n, stride), check

    def make_col(torch):
        x = torch.arange(32, device="cuda", dtype=torch.float32)
        y = torch.full((4, 8), float("nan"), device="cuda")
        return (x, y), lambda: torch.equal(y, x.view(8, 4).t())

    def make_scratch(torch):
        x = torch.randn(m, n, device="cuda")
        buf = poisoned(torch, m * n)
        y = buf[:m * n].view(m, n)
        return (x, y, m, n), lambda: torch.equal(y, 2 * x + 1) and kept(torch, buf, m * n)
    return [Case("tilus shift_rows 100x300 (stride 304)", shift_rows,
                 (tile.cdiv(m, 32), tile.cdiv(n, 64)), make_shift,
                 ("float32", "float32", m, n, stride), {"BM": 32, "BN": 64}),
            Case("tilus column_major 4x8", column_major, (1,), make_col, ("float32", "float32")),
            Case("tilus scratch_roundtrip 100x300", scratch_roundtrip, (tile.cdiv(m, 16),),
                 make_scratch, ("float32", "float32", m, n), {"BM": 16, "BN": 128})]


if __name__ == "__main__":
    import torch
    for c in cases():
        args, check = c.make(torch)
        c.kernel[c.grid](*args, **c.consts)
        print(c.name, "ok" if check() else "WRONG")
