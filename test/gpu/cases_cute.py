"""GPU cases of CuTe and Mojo layouts inside kernels (docs/CuTe.md, "In
kernels"; docs/TileLanguage.md, views with a layout and #layout.tv).

Views typed with #layout.strided (test/gpu/kernels/cute_*.mlir): every
element's address comes from the layout; the reference reads the same
memory through torch.as_strided on the layout's leaves. Nested modes,
column-major, blocked (tiled) memory orders, broadcast (stride 0) modes on
loads, odd sizes, dynamic extents with masks. Outputs are poisoned first
and what lies outside them must stay poisoned.

Partitioning (examples/mojo_*.mlir, examples/cute_partition.mlir): Mojo's
tile + vectorize + distribute and the shared-memory copy, CuTe's
local_tile / local_partition / TV partition, with #layout.tv layouts.
examples/cute_tv_partition.mlir: the tutorial's 8-thread TV layout as
written, replicated over a 4-warp kernel. examples/cute_subtile_copy.mlir:
the tutorial's subtile copy loops and Mojo's tiled_iterator.
test/gpu/kernels/cute_async_tma.mlir: cp.async from blocked and swizzled
CuTe views, TMA through CuTe views of one stride per mode.
"""

import torch

from gpu_cases import DEV, cdiv, is_poison, poisoned, randn


def cute_ref(buf, modes):
    """The tensor a CuTe layout reads from `buf` (flat): `modes` lists per
    view axis its leaves (size, stride), leftmost fastest."""
    sizes, strides = [], []
    for leaves in modes:
        for s, d in leaves:
            sizes.append(s)
            strides.append(d)
    t = buf.as_strided(sizes, strides)
    # Colex within each mode: the leftmost leaf is the fastest index.
    perm, start = [], 0
    for leaves in modes:
        perm += list(range(start + len(leaves) - 1, start - 1, -1))
        start += len(leaves)
    shape = [1] * len(modes)
    for a, leaves in enumerate(modes):
        for s, _ in leaves:
            shape[a] *= s
    return t.permute(perm).reshape(shape)


def run_nested_load(k, shape, gen):
    m, n = shape
    modes = [[(4, 1), (8, 32)], [(8, 256), (4, 2048)]]
    src = randn(8164, gen)  # cosize of the layout
    big = poisoned(m * n + 16, torch.float32)
    out = big[:m * n]
    k[(cdiv(m, 16), cdiv(n, 16))](src, out, m, n)
    ref = cute_ref(src, modes)[:m, :n]
    return [("out", out.view(m, n), ref.double()),
            ("past out untouched", bool(is_poison(big[m * n:]).all()), True)]


def run_colmajor_store(k, shape, gen):
    m, n = shape
    x = randn((m, n), gen)
    out = poisoned(64 * 64 + 16, torch.float32)
    k[(cdiv(m, 32), cdiv(n, 32))](x, out, m, n)
    view = cute_ref(out, [[(64, 1)], [(64, 64)]])
    written = torch.zeros(64, 64, dtype=torch.bool, device=DEV)
    written[:m, :n] = True
    outside = is_poison(view)[~written].all() and is_poison(out[64 * 64:]).all()
    return [("out", view[:m, :n], x.double()),
            ("outside the view untouched", bool(outside), True)]


def run_blocked_at(k, shape, gen):
    r0, c0 = shape
    modes_in = [[(8, 4), (8, 512)], [(4, 1), (16, 32)]]
    src = randn(64 * 64, gen)
    out = poisoned(64 * 64, torch.float32)
    k[(2, 2)](src, out, r0, c0)
    tensor = cute_ref(src, modes_in)
    view = cute_ref(out, [[(64, 1)], [(64, 64)]])
    # Rows/columns at offset r0, c0 onwards (the block grid shifted).
    written = torch.zeros(64, 64, dtype=torch.bool, device=DEV)
    written[max(r0, 0):r0 + 64, max(c0, 0):c0 + 64] = True
    ref = torch.where(written, tensor, torch.zeros_like(tensor))
    got = torch.where(written, view, torch.zeros_like(view))
    return [("out (written part)", got, ref.double()),
            ("unwritten part untouched", bool(is_poison(view)[~written].all()), True)]


def run_broadcast_odd(k, _shape, gen):
    modes = [[(3, 5), (5, 1)], [(2, 0), (7, 15)]]
    src = randn(15 * 7, gen)
    big = poisoned(15 * 14 + 8, torch.float32)
    out = big[:15 * 14]
    k[(1, 1)](src, out)
    ref = cute_ref(src, modes)
    return [("out", out.view(15, 14), ref.double()),
            ("past out untouched", bool(is_poison(big[15 * 14:]).all()), True)]


def run_mojo_vectorize_distribute(k, _shape, gen):
    x = randn((128, 128), gen)
    out = poisoned((128, 128), torch.float32)
    k[(8, 8)](x, out)
    return [("out", out, 2 * x.double())]


def run_mojo_copy_from_async(k, _shape, gen):
    t = torch.randn((128, 128), generator=gen, device=DEV)
    orig = t.clone()
    copy = poisoned((128, 128), torch.float32)
    k[(8, 8)](t, copy)
    expected = torch.arange(128 * 128, device=DEV, dtype=torch.float32).view(128, 128)
    bits = lambda x: x.contiguous().view(torch.int32)
    return [("copied tile (bits)", bits(copy), bits(orig)),
            ("tensor = i * 128 + j", bits(t), bits(expected))]


def run_cute_partition(k, _shape, gen):
    a = randn((8, 32), gen)
    tiles = poisoned((8, 32), torch.float32)
    tv = poisoned((8, 32), torch.float32)
    k[(2, 4)](a, tiles, tv)
    return [("local_tile + local_partition", tiles, a.double() + 1),
            ("TV partition", tv, a.double() * a.double())]


def run_cute_tv_partition(k, _shape, gen):
    a = randn((16, 8), gen)
    out = poisoned((16, 8), torch.float32)
    k[(4,)](a, out)
    return [("out = 2 a + 1", out, 2 * a.double() + 1)]


def run_cute_subtile_copy(k, _shape, gen):
    g = randn(8 * 16, gen)            # (8,16):(1,8)
    og = poisoned(8 * 16, torch.float32)
    t = randn(24 * 16, gen)           # (24,16):(1,24)
    ot = poisoned(24 * 16, torch.float32)
    m = randn((32, 64), gen)          # row major
    om = poisoned((32, 64), torch.float32)
    k[(2,)](g, og, t, ot, m, om)
    col = [[(8, 1)], [(16, 8)]]
    gv, ogv = cute_ref(g, col), cute_ref(og, col)
    j = torch.arange(16, device=DEV, dtype=torch.float64)
    tiled = [[(24, 1)], [(16, 24)]]
    tv, otv = cute_ref(t, tiled), cute_ref(ot, tiled)
    # gmem_tiled(_, j): tile (j % 3, j / 3) of the 8x4 tiles.
    ti = torch.arange(24, device=DEV).view(24, 1) // 8
    tj = torch.arange(16, device=DEV).view(1, 16) // 4
    tnum = (ti + 3 * tj).double()
    mj = (torch.arange(64, device=DEV) // 16).double().view(1, 64)
    return [("column loop", ogv, 2 * gv.double() + j.view(1, 16)),
            ("tiler loop", otv, 2 * tv.double() + tnum),
            ("Mojo tiled_iterator", om, 2 * m.double() + mj)]


def run_cute_async_blocked(k, shape, gen):
    m, n = shape
    modes = [[(8, 4), (8, 512)], [(4, 1), (16, 32)]]
    src = randn(64 * 64, gen)
    big = poisoned(m * n + 16, torch.float32)
    out = big[:m * n]
    k[(2, 2)](src, out, m, n)
    ref = cute_ref(src, modes)[:m, :n]
    return [("out", out.view(m, n), ref.double()),
            ("past out untouched", bool(is_poison(big[m * n:]).all()), True)]


def run_cute_async_swizzled(k, _shape, gen):
    src = randn(64 * 64, gen)
    out = poisoned((64, 64), torch.float32)
    k[(2, 2)](src, out)
    # Sw<3,2,3>(x) = x ^ ((x & (7 << 5)) >> 3)
    x = torch.arange(64 * 64, device=DEV)
    ref = src[x ^ ((x & 0xE0) >> 3)].view(64, 64)
    return [("out", out, ref.double())]


def run_cute_tma_plain(k, _shape, gen):
    x = torch.randn((128, 128), generator=gen, device=DEV).half()
    y = poisoned((128, 128), torch.float16)
    k[(2, 2)](x, y)
    return [("y = 2 x", y.double(), 2 * x.double())]


CASES = [
    ("cute_tv_partition", "cute_tv_partition", run_cute_tv_partition, ["16x8"]),
    ("cute_subtile_copy", "cute_subtile_copy", run_cute_subtile_copy, ["-"]),
    ("cute_async_tma", "cute_async_blocked", run_cute_async_blocked,
     [(64, 64), (45, 37), (1, 3), (33, 64)]),
    ("cute_async_tma", "cute_async_swizzled", run_cute_async_swizzled, ["64x64"]),
    ("cute_async_tma", "cute_tma_plain", run_cute_tma_plain, ["128x128"]),
    ("cute_nested_load", "cute_nested_load", run_nested_load,
     [(32, 32), (29, 31), (1, 1), (17, 5)]),
    ("cute_colmajor_store", "cute_colmajor_store", run_colmajor_store,
     [(64, 64), (33, 61), (1, 7)]),
    ("cute_blocked_at", "cute_blocked_at", run_blocked_at,
     [(0, 0), (3, -5), (-7, 13)]),
    ("cute_broadcast_odd", "cute_broadcast_odd", run_broadcast_odd, ["15x14"]),
    ("mojo_vectorize_distribute", "mojo_vectorize_distribute",
     run_mojo_vectorize_distribute, ["128x128"]),
    ("mojo_copy_from_async", "mojo_copy_from_async", run_mojo_copy_from_async,
     ["128x128"]),
    ("cute_partition", "cute_partition", run_cute_partition, ["8x32"]),
]
