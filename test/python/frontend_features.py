#!/usr/bin/env python3
"""The Python front end's layouts, shared memory, load_at/store_at,
combiner reductions and scans, argmax/argmin, atomics and compile-time
shape checks: prints each kernel's generated MLIR (without locations) for
FileCheck (frontend-features.test), then every misuse's error, located at
the `# L:name` marker of its line (the column of the snippet given), and
compiles each kernel to PTX where the compiler is there (the verifier
accepts what the front end wrote)."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import harness  # noqa: E402

harness.setup_path()
import tile  # noqa: E402
from tile.layouts import Blocked, Strided, SwizzledShared  # noqa: E402

THIS = os.path.abspath(__file__)

ROW = Blocked([1, 4], [4, 8], [4, 1], [1, 0])
COL = Blocked([4, 1], [8, 4], [1, 4], [0, 1])
SW = SwizzledShared(4, 1, 8, [1, 0])


@tile.jit
def layouts(x, y, n):
    """A tile in a given layout, converted, through shared memory
    transposed, read back in another layout, reduced and broadcast."""
    i = tile.program_id(0)
    t = tile.load_tile(tile.make_view(x, shape=(n, 64)), (i, 0), (64, 64), layout=ROW)
    u = tile.convert_layout(t * 2.0, COL)
    m = tile.allocate_shared(tile.float32, (64, 64), SW, u)
    r = m.permute((1, 0)).load(ROW)
    tile.store_tile(tile.make_view(y, shape=(n, 64)), (i, 0), r + tile.sum(r, axis=1)[:, None])


@tile.jit
def shared_slots(x, y, SLOTS: tile.constexpr, BLOCK: tile.constexpr):
    """A multi-slot buffer: each slot stored, a barrier, read back (no
    layout given: the tensors get a default blocked one)."""
    buf = tile.allocate_shared(tile.float16, (SLOTS, BLOCK), SwizzledShared(1, 1, 1, [0]))
    offs = tile.arange(0, BLOCK)
    for s in range(SLOTS):
        buf.index(s).store(tile.load(x + s * BLOCK + offs))
    tile.barrier()
    acc = tile.zeros((BLOCK,), tile.float32)
    for s in range(SLOTS):
        acc += tile.shared_load(buf.index(s)).to(tile.float32)
    tile.store(y + offs, acc)


@tile.jit
def at_offsets(x, y, m, n, r, c, BM: tile.constexpr, BN: tile.constexpr):
    """Tilus's load_global/store_global: a tile at element offsets (r, c),
    and a scalar; a view with a CuTe layout."""
    v = tile.make_view(x, shape=(m, n))
    t = tile.load_at(v, (r, c), (BM, BN))
    first = tile.load_at(v, (r, 0))
    tile.store_at(tile.make_view(y, shape=(m, n)), (c, r - 1), t + first)
    w = tile.make_view(y, shape=(4, 8), layout=Strided("(4,8):(8,1)"))
    tile.store_at(w, (0, 0), tile.load_at(w, (1, 2), (4, 8)))


@tile.jit
def arg_reductions(x, vals, idxs, N: tile.constexpr):
    rows = tile.arange(0, 16)
    t = tile.load(x + rows[:, None] * N + tile.arange(0, N)[None, :])
    tile.store(idxs + rows, tile.argmax(t, axis=1))
    tile.store(idxs + 16 + tile.arange(0, N), tile.argmin(t, axis=0))
    v, i = tile.min(t, 1, return_indices=True)
    tile.store(vals + rows, v + i.to(tile.float32))


def keep_larger(a, ai, b, bi):
    """argmax as a Python combiner: the larger value, the lower index on
    ties."""
    better = (a > b) | ((a == b) & (ai < bi))
    return tile.where(better, a, b), tile.where(better, ai, bi)


@tile.jit
def combiners(x, out, BLOCK: tile.constexpr):
    offs = tile.arange(0, BLOCK)
    v = tile.load(x + offs)
    prod = tile.reduce(v, 0, lambda a, b: a * b)
    best, at = tile.reduce((v, offs), 0, keep_larger)
    tile.store(out, prod + best + at.to(tile.float32))


@tile.jit
def scans(x, out, idx, BLOCK: tile.constexpr):
    offs = tile.arange(0, BLOCK)
    v = tile.load(x + offs)
    c = tile.cumsum(v, 0) + tile.cumprod(v, 0, reverse=True, exclusive=True)
    m, i = tile.scan((v, offs), 0, lambda a, ai, b, bi: (tile.maximum(a, b),
                                                          tile.where(b >= a, bi, ai)))
    tile.store(out + offs, c + m + tile.cummax(v, axis=0))
    tile.store(idx + offs, i)


@tile.jit
def atomics(bins, counter, vals, n, BLOCK: tile.constexpr):
    offs = tile.program_id(0) * BLOCK + tile.arange(0, BLOCK)
    v = tile.load(vals + offs, offs < n, 0)
    tile.atomic_add(bins + v, 1, offs < n, sem="relaxed")
    ticket = tile.atomic_add(counter, 1)
    tile.atomic_max(counter + 1, ticket, scope="cta")
    tile.atomic_cas(counter + 2, 0, ticket, sem="acq_rel", scope="gpu")
    tile.atomic_xchg(bins + offs, v, offs < n)


@tile.jit
def shape_arithmetic(x, BLOCK: tile.constexpr):
    tile.static_assert(BLOCK % 32 == 0, "BLOCK is a multiple of 32")
    t = tile.zeros((BLOCK // 32, 2 * BLOCK), tile.float32) + 1.0
    tile.store(x + tile.arange(0, BLOCK // 32), tile.sum(t, axis=1))


KERNELS = [
    (layouts, dict(x="*f32", y="*f32", n="i32")),
    (shared_slots, dict(x="*f16", y="*f32", SLOTS=2, BLOCK=256)),
    (at_offsets, dict(x="*f32", y="*f32", m="i32", n="i32", r="i32", c="i32", BM=16, BN=32)),
    (arg_reductions, dict(x="*f32", vals="*f32", idxs="*i32", N=64)),
    (combiners, dict(x="*f32", out="*f32", BLOCK=128)),
    (scans, dict(x="*f32", out="*f32", idx="*i32", BLOCK=128)),
    (atomics, dict(bins="*i32", counter="*i32", vals="*i32", n="i32", BLOCK=256)),
    (shape_arithmetic, dict(x="*f32", BLOCK=64)),
]


# -- misuse -------------------------------------------------------------------

@tile.jit
def conflicting_layouts(x):
    a = tile.load(x + tile.arange(0, 128), layout=Blocked([1], [32], [4], [0]))
    b = tile.load(x + tile.arange(0, 128), layout=Blocked([4], [32], [1], [0]))
    tile.store(x + tile.arange(0, 128), a + b)  # L:conflict


@tile.jit
def expand_blocked(x):
    a = tile.arange(0, 64, layout=Blocked([1], [32], [4], [0]))
    tile.store(x + a[:, None] * 64, 1.0)  # L:expand


@tile.jit
def convert_to_nothing(x):
    a = tile.load(x + tile.arange(0, 64))
    tile.store(x + tile.arange(0, 64), tile.convert_layout(a, "blocked"))  # L:convert


@tile.jit
def distributed_smem(x):
    m = tile.allocate_shared(tile.float32, (64,), Blocked([1], [32], [4], [0]))  # L:smemlayout


@tile.jit
def slots_without_index(x):
    m = tile.allocate_shared(tile.float32, (2, 64), SwizzledShared(1, 1, 1, [0]))
    v = m.load()  # L:slots


@tile.jit
def wrong_arity(x):
    v = tile.load(x + tile.arange(0, 64))
    tile.store(x, tile.reduce(v, 0, lambda a, b: (a, b)))  # L:arity


def early_return(a, b):
    if a > b:
        return a  # L:earlyret
    return b


@tile.jit
def bad_combiner(x):
    v = tile.load(x + tile.arange(0, 64))
    tile.store(x, tile.reduce(v, 0, early_return))


@tile.jit
def tensor_into_scalar(x, n):
    offs = tile.arange(0, 64)
    tile.atomic_add(x, offs, offs < n)  # L:scalarptr


@tile.jit
def bad_sem(x):
    tile.atomic_add(x, 1.0, sem="seq_cst")  # L:sem


@tile.jit
def odd_shape(x, BLOCK: tile.constexpr):
    t = tile.zeros((BLOCK * 3,), tile.float32)  # L:oddshape


@tile.jit
def float_shape(x, BLOCK: tile.constexpr):
    t = tile.zeros((BLOCK / 2,), tile.float32)  # L:floatshape


@tile.jit
def failed_assert(x, BLOCK: tile.constexpr):
    tile.static_assert(BLOCK % 32 == 0, "BLOCK is a multiple of 32")  # L:assert


MISUSE = [
    ("conflict", "a + b", conflicting_layouts, dict(x="*f32")),
    ("expand", "a[:, None]", expand_blocked, dict(x="*f32")),
    ("convert", "tile.convert_layout", convert_to_nothing, dict(x="*f32")),
    ("smemlayout", "tile.allocate_shared", distributed_smem, dict(x="*f32")),
    ("slots", "m.load()", slots_without_index, dict(x="*f32")),
    ("arity", "tile.reduce", wrong_arity, dict(x="*f32")),
    ("earlyret", "return", bad_combiner, dict(x="*f32")),
    ("sem", "tile.atomic_add", bad_sem, dict(x="*f32")),
    ("scalarptr", "tile.atomic_add", tensor_into_scalar, dict(x="*i32", n="i32")),
    ("oddshape", "tile.zeros", odd_shape, dict(x="*f32", BLOCK=64)),
    ("floatshape", "tile.zeros", float_shape, dict(x="*f32", BLOCK=64)),
    ("assert", "tile.static_assert", failed_assert, dict(x="*f32", BLOCK=48)),
]


def location_of(marker, snippet):
    with open(THIS, encoding="utf-8") as f:
        for i, text in enumerate(f, 1):
            if text.rstrip().endswith("# L:" + marker):
                return i, text.index(snippet) + 1
    raise AssertionError(marker)


def split(values):
    return ({k: v for k, v in values.items() if isinstance(v, str)},
            {k: v for k, v in values.items() if not isinstance(v, str)})


def have_compiler():
    try:
        return tile.can_assemble_cubin() in (True, False)
    except Exception:  # noqa: BLE001 - no extension: the GPU machine
        return False


def main():
    failed = 0
    for kernel, values in KERNELS:
        types, consts = split(values)
        print(f"// ----- {kernel.__name__}")
        print(tile.jit_module.strip_locations(kernel.lower(types, consts)))
    for marker, snippet, kernel, values in MISUSE:
        types, consts = split(values)
        try:
            kernel.lower(types, consts)
        except tile.KernelSyntaxError as e:
            where = (e.filename, e.lineno, e.offset)
            expected = (THIS,) + location_of(marker, snippet)
            if where != expected:
                failed += 1
                print(f"WRONG LOCATION {marker}: {where} != {expected}")
            print(f"ERROR {marker}: {e.message}")
        else:
            failed += 1
            print(f"NO ERROR {marker}")
    if not have_compiler():
        print("SKIP compile: no compiler")
    else:
        for kernel, values in KERNELS:
            try:
                spec = kernel.specialize(emit="ptx", **values)
                print(f"PTX {kernel.__name__}: {'.entry ' + kernel.__name__ in spec.asm['ptx']}")
            except tile.CompileError as e:
                failed += 1
                print(f"COMPILE ERROR {kernel.__name__}: {e}")
    print(f"{failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    os.environ.setdefault("TILE_CACHE_DIR", "0")
    sys.exit(main())
