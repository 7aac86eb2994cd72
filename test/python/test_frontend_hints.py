"""cuTile's load/store hints in the Python kernel language (allow_tma,
latency, memory_order, memory_scope on tile.load_tile/store_tile/load_at/
store_at): the clauses and the {allow_tma} attribute they generate (exact
lines), a GEMM written like docs/Python.md's with allow_tma compiled to PTX
(TMA loads and a TMA store beside wgmma where the launch's promises allow
it, the ordinary accesses where they do not); and the builtins' argument
checks: an unknown keyword, too many positional arguments, an argument
given twice and a bad hint value are errors at the kernel's own
file:line:column naming what the builtin takes."""

import os
import re
import sys
import tempfile

os.environ.setdefault("TILE_CACHE_DIR", tempfile.mkdtemp(prefix="tile-cache-"))

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

harness.setup_path()
import tile  # noqa: E402
from tile.frontend import EQUAL_TO_ONE  # noqa: E402
from tile.frontend_keywords import SIGNATURES  # noqa: E402

THIS = os.path.abspath(__file__)


def body(mlir):
    """The generated lines without locations and SSA numbering."""
    mlir = tile.jit_module.strip_locations(mlir)
    return [re.sub(r"%([a-z]+)\d+", r"%\1", l.strip()) for l in mlir.splitlines()]


def col_of(marker, snippet):
    with open(THIS, encoding="utf-8") as f:
        for i, text in enumerate(f, 1):
            if text.rstrip().endswith("# L:" + marker):
                return i, text.index(snippet) + 1
    raise AssertionError(marker)


# -- the hints in the generated MLIR -------------------------------------------

@tile.jit
def hinted(x, y, flag, m, LAT: tile.constexpr):
    v = tile.make_view(x, shape=(m, 64))
    w = tile.make_view(y, shape=(m, 64))
    f = tile.make_view(flag, shape=(1,))
    t = tile.load_tile(v, (0, 0), (32, 64), padding="zero", allow_tma=True, latency=LAT)
    u = tile.load_tile(v, (1, 0), (32, 64), order="F", memory_order="acquire",
                       memory_scope="device", latency=9)
    d = tile.load_tile(v, (2, 0), (32, 64), padding="undetermined", allow_tma=False,
                       memory_order="weak")
    tile.store_tile(w, (0, 0), t + u + d, latency=9, allow_tma=True)
    a = tile.load_at(v, (3, 5), (16, 64), memory_order="relaxed", memory_scope="block")
    tile.store_at(w, (4, 0), a, allow_tma=True, latency=1)
    tile.store_at(f, (0,), 1, memory_order="release", memory_scope="system")


def test_hints_mlir():
    lines = body(hinted.lower({"x": "*f32", "y": "*f32", "flag": "*i32", "m": "i32"},
                              {"LAT": 2}))
    tiles = [l for l in lines if l.startswith(("%tile =", "tile.store_tile", "%at =",
                                                "tile.store_at"))]
    assert tiles == [
        # The dialect's clause order: order, padding, latency, memory_order,
        # memory_scope, then {allow_tma}; a constexpr latency is its value.
        "%tile = tile.load_tile %view[%c, %c] padding = zero latency = 2 {allow_tma} : "
        "!tile.view<?x64xf32> -> tensor<32x64xf32>",
        "%tile = tile.load_tile %view[%c, %c] order = \"F\" latency = 9 memory_order = "
        "acquire memory_scope = device : !tile.view<?x64xf32> -> tensor<32x64xf32>",
        # The defaults are not written: padding undetermined (the dialect's
        # default too), allow_tma=False, memory_order weak.
        "%tile = tile.load_tile %view[%c, %c] : !tile.view<?x64xf32> -> tensor<32x64xf32>",
        "tile.store_tile %v, %view[%c, %c] latency = 9 {allow_tma} : tensor<32x64xf32>, "
        "!tile.view<?x64xf32>",
        "%at = tile.load_at %view[%c, %c] memory_order = relaxed memory_scope = block : "
        "!tile.view<?x64xf32> -> tensor<16x64xf32>",
        "tile.store_at %at, %view[%c, %c] latency = 1 {allow_tma} : tensor<16x64xf32>, "
        "!tile.view<?x64xf32>",
        "tile.store_at %c, %view[%c] memory_order = release memory_scope = system : i32, "
        "!tile.view<1xi32>",
    ], "\n".join(lines)


def test_hints_compile():
    """The verifier takes what the front end wrote, and each hint reaches
    the PTX: the allow_tma accesses are TMA copies (legal here: static
    64-element rows, 16-byte aligned pointers), which carry no cache hint;
    the ordered ones keep their order, scope and cache hint."""
    k = hinted.specialize(x="*f32", y="*f32", flag="*i32", m="i32", LAT=2, emit="ptx")
    ptx = k.asm["ptx"]
    # One 32x64 f32 load and two stores (32x64, 16x64), each in 32-column
    # boxes: 2 TMA load copies, 4 TMA store copies.
    assert ptx.count("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier") == 2, ptx
    assert ptx.count("cp.async.bulk.tensor.2d.global.shared::cta") == 4, ptx
    assert "ld.acquire.gpu.global.L1::no_allocate.L2::cache_hint.v4.b32" in ptx, ptx
    assert "createpolicy.fractional.L2::evict_first.b64" in ptx, ptx
    assert "ld.relaxed.cta.global" in ptx, ptx
    assert "st.release.sys.global.b32" in ptx, ptx
    assert "evict_last" not in ptx, ptx


# -- a GEMM with allow_tma ------------------------------------------------------

# docs/Python.md's GEMM with allow_tma on its loads and its store, the
# kernel frontend_gpu.py runs on the GPU.
from frontend_gpu import gemm_tma as gemm  # noqa: E402


GEMM_TYPES = dict(a="*f16", b="*f16", c="*f16", m="i32", n="i32", k="i32", sam="i32",
                  sak="i32", sbk="i32", sbn="i32", scm="i32", scn="i32", BM=128, BN=256,
                  BK=64, emit="ptx")
# What a launch on contiguous torch tensors with n, k multiples of 16 records.
GEMM_DIV = dict(a=16, b=16, c=16, n=16, k=16, sam=16, sbk=16, scm=16, sak=EQUAL_TO_ONE,
                sbn=EQUAL_TO_ONE, scn=EQUAL_TO_ONE)
TMA_LOAD = "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"
TMA_STORE = "cp.async.bulk.tensor.2d.global.shared::cta"


def test_gemm_allow_tma_ptx():
    mlir = body(gemm.lower({k: v for k, v in GEMM_TYPES.items() if isinstance(v, str)
                            and k != "emit"}, {"BM": 128, "BN": 256, "BK": 64}))
    assert sum("{allow_tma}" in l for l in mlir) == 3, "\n".join(mlir)
    assert "tile.store_tile %cvt, %view[%pid, %pid] {allow_tma} : tensor<128x256xf16>, " \
        "!tile.view<?x?xf16>" in mlir, "\n".join(mlir)

    def counts(ptx):
        return (re.search(r"\.maxntid (\d+)", ptx).group(1), ptx.count(TMA_LOAD),
                ptx.count(TMA_STORE), len(re.findall(r"wgmma\.mma_async", ptx)),
                len(re.findall(r"cp\.async\.cg", ptx)), "st.global" in ptx)

    # With the promises: the default warp-specialized kernel (a TMA producer
    # warpgroup beside 8 wgmma warps) whose epilogue is now a TMA store, no
    # st.global left.
    ws = gemm.specialize(divisibility=GEMM_DIV, **GEMM_TYPES).asm["ptx"]
    n_ws = counts(ws)
    assert n_ws[0] == "384" and n_ws[1] > 0 and n_ws[2] > 0 and n_ws[3] > 0, n_ws
    assert n_ws[4] == 0 and not n_ws[5], n_ws
    # Without warp specialization allow_tma gives tile-pipeline's TMA ring
    # (no cp.async) and the TMA store.
    ring = gemm.specialize(divisibility=GEMM_DIV, warp_specialize=False,
                           **GEMM_TYPES).asm["ptx"]
    n_ring = counts(ring)
    assert n_ring[0] == "256" and n_ring[1] > 0 and n_ring[2] > 0 and n_ring[3] > 0, n_ring
    assert n_ring[4] == 0 and not n_ring[5], n_ring
    # Without them TMA is not legal (unknown strides and alignment): the
    # hint leaves ordinary accesses, cp.async pipelined, st.global stores.
    plain = counts(gemm.specialize(**GEMM_TYPES).asm["ptx"])
    assert plain[0] == "256" and plain[1] == 0 and plain[2] == 0 and plain[3] > 0, plain
    assert plain[4] > 0 and plain[5], plain


# -- argument checks ------------------------------------------------------------

@tile.jit
def kw_load_tile(x, m):
    v = tile.make_view(x, shape=(m, 64))
    t = tile.load_tile(v, (0, 0), (32, 64), allow_tma=True, latncy=3)  # L:latncy
    tile.store_tile(v, (0, 0), t)


@tile.jit
def kw_arange(x, B: tile.constexpr):
    r = tile.arange(0, B, bogus=1)  # L:bogus


@tile.jit
def kw_load(x):
    v = tile.load(x, whatever=2)  # L:whatever


@tile.jit
def kw_exp(x):
    v = tile.exp(tile.load(x), fast=True)  # L:fast


@tile.jit
def kw_math_exp(x):
    v = tile.math.exp(tile.load(x), fast=True)  # L:mathfast


@tile.jit
def kw_store_tile(x, m):
    v = tile.make_view(x, shape=(m, 64))
    tile.store_tile(v, (0, 0), tile.zeros((32, 64), tile.float32), padding="zero")  # L:storepad


@tile.jit
def kw_barrier(x):
    tile.barrier(sync=True)  # L:barrier


@tile.jit
def kw_to(x):
    tile.store(x, tile.load(x).to(tile.float16, bitcast=True))  # L:to


@tile.jit
def kw_atomic(x):
    tile.atomic_add(x, 1.0, order="relaxed")  # L:atomic


@tile.jit
def kw_dot(a, B: tile.constexpr):
    t = tile.zeros((B, B), tile.float16)
    acc = tile.dot(t, t, out_dtype=tile.float32)  # L:dot


@tile.jit
def extra_positional(x):
    v = tile.exp(tile.load(x), 2)  # L:exppos


@tile.jit
def extra_positional_max(x, B: tile.constexpr):
    r = tile.max(tile.load(x + tile.arange(0, B)), 0, True)  # L:maxpos


@tile.jit
def given_twice(x, n):
    m = n > 0
    v = tile.load(x, m, mask=m)  # L:twice


@tile.jit
def bad_latency(x, m):
    v = tile.make_view(x, shape=(m, 64))
    t = tile.load_tile(v, (0, 0), (32, 64), latency=11)  # L:latency11


@tile.jit
def value_latency(x, m):
    v = tile.make_view(x, shape=(m, 64))
    t = tile.load_tile(v, (0, 0), (32, 64), latency=m)  # L:latencyvalue


@tile.jit
def release_load(x, m):
    v = tile.make_view(x, shape=(m, 64))
    t = tile.load_tile(v, (0, 0), (32, 64), memory_order="release")  # L:releaseload


@tile.jit
def weak_scope(x, m):
    v = tile.make_view(x, shape=(m, 64))
    tile.store_at(v, (0, 0), 1.0, memory_scope="device")  # L:weakscope


@tile.jit
def bad_scope(x, m):
    v = tile.make_view(x, shape=(m, 64))
    t = tile.load_at(v, (0, 0), (2, 64), memory_order="acquire", memory_scope="gpu")  # L:gpu


@tile.jit
def int_tma(x, m):
    v = tile.make_view(x, shape=(m, 64))
    t = tile.load_tile(v, (0, 0), (32, 64), allow_tma=1)  # L:inttma


@tile.jit
def ordered_tma(x, m):
    v = tile.make_view(x, shape=(m, 64))
    t = tile.load_tile(v, (0, 0), (32, 64))
    tile.store_tile(v, (0, 0), t, allow_tma=True, memory_order="release")  # L:orderedtma


@tile.jit
def both_paddings(x, m):
    v = tile.make_view(x, shape=(m, 64))
    t = tile.load_tile(v, (0, 0), (32, 64), padding="zero", padding_mode="zero")  # L:bothpad


@tile.jit
def bad_padding_mode(x, m):
    v = tile.make_view(x, shape=(m, 64))
    t = tile.load_tile(v, (0, 0), (32, 64), padding_mode="zeros")  # L:zeros


@tile.jit
def dims_rank(x, m):
    v = tile.make_view(x, shape=(m, 64))
    t = tile.load_at(v, (0, 0), (64,), dims=(0, 1))  # L:dimsrank


@tile.jit
def dims_order(x, m):
    v = tile.make_view(x, shape=(m, 64))
    t = tile.load_at(v, (0, 0), (4, 64), dims=(1, 0))  # L:dimsorder


@tile.jit
def no_dims(x, m):
    v = tile.make_view(x, shape=(m, 64))
    tile.store_at(v, (0, 0), tile.zeros((64,), tile.float32))  # L:nodims


TILE_TAKES = ("it takes view, index, shape, order, padding, padding_mode, layout, latency, "
              "allow_tma, memory_order, memory_scope")
MISUSES = [
    (kw_load_tile, "latncy", "tile.load_tile", dict(x="*f32", m="i32"),
     "tile.load_tile() has no keyword argument `latncy` (did you mean `latency`?); "
     + TILE_TAKES),
    (kw_arange, "bogus", "tile.arange", dict(x="*f32", B=64),
     "tile.arange() has no keyword argument `bogus`; it takes start, end, layout"),
    (kw_load, "whatever", "tile.load", dict(x="*f32"),
     "tile.load() has no keyword argument `whatever`; it takes pointer, mask, other, layout"),
    (kw_exp, "fast", "tile.exp", dict(x="*f32"),
     "tile.exp() has no keyword argument `fast`; it takes x"),
    (kw_math_exp, "mathfast", "tile.math.exp", dict(x="*f32"),
     "tile.exp() has no keyword argument `fast`; it takes x"),
    (kw_store_tile, "storepad", "tile.store_tile", dict(x="*f32", m="i32"),
     "tile.store_tile() has no keyword argument `padding`; it takes view, index, value, "
     "order, latency, allow_tma, memory_order, memory_scope"),
    (kw_barrier, "barrier", "tile.barrier", dict(x="*f32"),
     "tile.barrier() has no keyword argument `sync`; it takes no arguments"),
    (kw_to, "to", "tile.load(x).to", dict(x="*f32"),
     "x.to() has no keyword argument `bitcast`; it takes dtype"),
    (kw_atomic, "atomic", "tile.atomic_add", dict(x="*f32"),
     "tile.atomic_add() has no keyword argument `order`; it takes pointer, value, mask, sem, "
     "scope"),
    (kw_dot, "dot", "tile.dot", dict(a="*f16", B=16),
     "tile.dot() has no keyword argument `out_dtype`; it takes a, b, acc"),
    (extra_positional, "exppos", "tile.exp", dict(x="*f32"),
     "tile.exp() takes 1 positional argument (x), 2 given"),
    (extra_positional_max, "maxpos", "tile.max", dict(x="*f32", B=64),
     "tile.max() takes 2 positional arguments (input, axis), 3 given; return_indices only "
     "as keywords"),
    (given_twice, "twice", "tile.load", dict(x="*f32", n="i32"),
     "tile.load(): `mask` is given twice, positionally and as a keyword"),
    (bad_latency, "latency11", "tile.load_tile", dict(x="*f32", m="i32"),
     "tile.load_tile: latency=11 is out of range; the hint is an integer from 1 (little "
     "DRAM traffic) to 10 (heavy), or leave it out"),
    (value_latency, "latencyvalue", "tile.load_tile", dict(x="*f32", m="i32"),
     "tile.load_tile: latency is a compile-time integer from 1 to 10, not a i32"),
    (release_load, "releaseload", "tile.load_tile", dict(x="*f32", m="i32"),
     "tile.load_tile: memory_order='release'; a load takes one of 'weak', 'relaxed', "
     "'acquire'"),
    (weak_scope, "weakscope", "tile.store_at", dict(x="*f32", m="i32"),
     "tile.store_at: memory_scope='device' on a weak access, which has no scope; give "
     "memory_order='release' (or 'relaxed'), or drop memory_scope"),
    (bad_scope, "gpu", "tile.load_at", dict(x="*f32", m="i32"),
     "tile.load_at: memory_scope='gpu'; use one of 'block', 'device', 'system'"),
    (int_tma, "inttma", "tile.load_tile", dict(x="*f32", m="i32"),
     "tile.load_tile: allow_tma is True or False (a compile-time value), not int 1"),
    (dims_rank, "dimsrank", "tile.load_at", dict(x="*f32", m="i32"),
     "tile.load_at: dims has 2 entries but the tile has rank 1: one view axis per tile dim"),
    (dims_order, "dimsorder", "tile.load_at", dict(x="*f32", m="i32"),
     "tile.load_at: dims=(1, 0); give strictly increasing view axes from 0 to 1"),
    (no_dims, "nodims", "tile.store_at", dict(x="*f32", m="i32"),
     "tile.store_at: the tile has rank 1, the view 2; give the tile the view's rank (1 for "
     "unit dims), or say which view axes it walks with dims=(...)"),
    (both_paddings, "bothpad", "tile.load_tile", dict(x="*f32", m="i32"),
     "give padding= or padding_mode= (cuTile's name), not both"),
    (bad_padding_mode, "zeros", "tile.load_tile", dict(x="*f32", m="i32"),
     "padding_mode='zeros': use one of zero, nan, pos_inf, neg_inf, undetermined (or "
     "tile.PaddingMode.ZERO, ...)"),
    (ordered_tma, "orderedtma", "tile.store_tile", dict(x="*f32", m="i32"),
     "tile.store_tile: allow_tma=True with memory_order='release': TMA copies are weak; "
     "drop allow_tma or the memory order"),
]


@tile.jit
def cutile_padding(x, y, m):
    v = tile.make_view(x, shape=(m, 64))
    w = tile.make_view(y, shape=(m, 64))
    a = tile.load_tile(v, (0, 0), (32, 64), padding_mode=tile.PaddingMode.NEG_INF)
    b = tile.load_tile(v, (1, 0), (32, 64), padding=tile.PaddingMode.ZERO)
    c = tile.load_tile(v, (2, 0), (32, 64), padding_mode="pos_inf")
    tile.store_tile(w, (0, 0), a + b + c)


@tile.jit
def sliced(x, y, bs, m):
    v = tile.make_view(x, shape=(bs, m, 64))
    w = tile.make_view(y, shape=(bs, m, 64))
    t = tile.load_at(v, (1, 0, 0), (32, 64), dims=(1, 2), allow_tma=True)
    r = tile.load_at(v, (0, 5, 0), (64,), dims=(2,))
    tile.store_at(w, (2, 0, 0), t + 1.0, dims=(1, 2), latency=3)
    tile.store_at(w, (0, 0, 0), r, dims=[2])


def test_load_at_dims():
    """Tilus's dims: rank-reducing slices, written as the dialect's clause
    (before the hints)."""
    lines = body(sliced.lower({"x": "*f32", "y": "*f32", "bs": "i32", "m": "i32"}, {}))
    ats = [l.split(" : ")[0] for l in lines if l.startswith(("%at =", "tile.store_at"))]
    assert ats == [
        "%at = tile.load_at %view[%c, %c, %c] dims [1, 2] {allow_tma}",
        "%at = tile.load_at %view[%c, %c, %c] dims [2]",
        "tile.store_at %v, %view[%c, %c, %c] dims [1, 2] latency = 3",
        "tile.store_at %at, %view[%c, %c, %c] dims [2]",
    ], "\n".join(lines)
    # The verifier takes them: 2-D boxes of the 3-D views (the allow_tma
    # load a TMA copy, its 32x64 f32 tile in two 32-column boxes).
    ptx = sliced.specialize(x="*f32", y="*f32", bs="i32", m="i32", emit="ptx").asm["ptx"]
    assert ptx.count("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier") == 2, ptx


def test_padding_mode():
    """cuTile's spelling: padding_mode= with a tile.PaddingMode member (or
    its string) writes the same clause as padding=."""
    lines = body(cutile_padding.lower({"x": "*f32", "y": "*f32", "m": "i32"}, {}))
    loads = [l for l in lines if l.startswith("%tile =")]
    assert [l.split(" : ")[0] for l in loads] == [
        "%tile = tile.load_tile %view[%c, %c] padding = neg_inf",
        "%tile = tile.load_tile %view[%c, %c] padding = zero",
        "%tile = tile.load_tile %view[%c, %c] padding = pos_inf",
    ], "\n".join(lines)
    assert tile.PaddingMode.ZERO == "zero" and len(tile.PaddingMode) == 5


def test_argument_errors():
    wrong = []
    for kernel, marker, snippet, values, message in MISUSES:
        types = {k: v for k, v in values.items() if isinstance(v, str)}
        consts = {k: v for k, v in values.items() if not isinstance(v, str)}
        line, col = col_of(marker, snippet)
        try:
            kernel.lower(types, consts)
        except tile.KernelSyntaxError as e:
            got = str(e)
            if got != f"{THIS}:{line}:{col}: error: {message}":
                wrong.append(f"{marker}: {got}")
        else:
            wrong.append(f"{marker}: no error")
    assert not wrong, "\n".join(wrong)


def test_every_builtin_has_a_signature():
    """The table the checks use covers every builtin (a new builtin without
    an entry would take any keyword again)."""
    from tile import language as tl
    missing = [n for n in tl.BUILTINS if n not in SIGNATURES]
    assert not missing, missing
    for name in ("exp", "exp2", "log", "log2", "sqrt", "rsqrt", "sin", "cos", "erf", "tanh"):
        assert SIGNATURES[name].names == ("x",), name


if __name__ == "__main__":
    sys.exit(harness.run(dict(globals())))
