"""The Python kernel language (@tile.jit) on the CPU: the tile dialect it
generates (exact ops and types), that the generated module compiles to PTX,
and the errors for Python the language does not take, at the kernel's own
file:line:column. Lines of the kernels below are found by their `# L:name`
markers, so the expected locations are exact without hard-coded numbers."""

import os
import re
import subprocess
import sys
import tempfile

# The disk cache of compiled kernels goes to a fresh directory, not ~/.cache.
os.environ.setdefault("TILE_CACHE_DIR", tempfile.mkdtemp(prefix="tile-cache-"))

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

harness.setup_path()
import tile  # noqa: E402

THIS = os.path.abspath(__file__)


def line_of(marker):
    with open(THIS, encoding="utf-8") as f:
        for i, text in enumerate(f, 1):
            if text.rstrip().endswith("# L:" + marker):
                return i, text
    raise AssertionError(marker)


def col_of(marker, snippet):
    line, text = line_of(marker)
    return line, text.index(snippet) + 1


def no_locs(mlir):
    return tile.jit_module.strip_locations(mlir)


def body(mlir):
    """The generated lines without SSA numbering noise: '%ld13' -> '%ld'."""
    return [re.sub(r"%([a-z]+)\d+", r"%\1", l.strip()) for l in mlir.splitlines()]


@tile.jit
def vector_add(x, y, out, n, BLOCK: tile.constexpr):
    offs = tile.program_id(0) * BLOCK + tile.arange(0, BLOCK)
    mask = offs < n
    tile.store(out + offs, tile.load(x + offs, mask) + tile.load(y + offs, mask), mask)  # L:vadd-store


@tile.jit(num_warps=8)
def softmax(x, y, m, N: tile.constexpr, ROWS: tile.constexpr):
    i = tile.program_id(0)
    vin = tile.make_view(x, shape=(m, N))
    vout = tile.make_view(y, shape=(m, N))
    t = tile.load_tile(vin, (i, 0), (ROWS, N), padding="neg_inf")
    e = tile.exp(t - tile.max(t, axis=1)[:, None])
    tile.store_tile(vout, (i, 0), e / tile.sum(e, axis=1)[:, None])


@tile.jit
def row_sum(x, out, n, stride, BLOCK: tile.constexpr, SCALE: tile.constexpr):
    row = tile.program_id(0)
    acc = tile.zeros((BLOCK,), tile.float32)
    count = 0
    for k in range(0, n, BLOCK):
        offs = k + tile.arange(0, BLOCK)
        v = tile.load(x + row * stride + offs, offs < n, 0.0)
        acc += v.to(tile.float32)
        count += 1
    total = tile.sum(acc, axis=0)
    if SCALE != 1:
        total = total * SCALE
    if count > 1:
        total = tile.maximum(total, 0.0)
    tile.store(out + row, total.to(tile.float16))


def test_vector_add_mlir():
    k = vector_add.specialize(x="*f32", y="*f32", out="*f32", n="i32", BLOCK=1024, emit="ptx")
    # Exact text: the dataflow (which value feeds which op) is the meaning.
    assert no_locs(k.asm["mlir"]) == """\
tile.kernel @vector_add(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64}, \
%y: !tile.ptr<f32> {tile.divisibility = 16 : i64}, \
%out: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %n: i32) attributes {num_warps = 4 : i32} {
  %pid1 = tile.program_id x : i32
  %c2 = arith.constant 1024 : i32
  %v3 = arith.muli %pid1, %c2 : i32
  %r4 = tile.arange 0, 1024 : tensor<1024xi32>
  %splat5 = tile.splat %v3 : i32 -> tensor<1024xi32>
  %v6 = arith.addi %splat5, %r4 : tensor<1024xi32>
  %splat7 = tile.splat %n : i32 -> tensor<1024xi32>
  %cmp8 = arith.cmpi slt, %v6, %splat7 : tensor<1024xi32>
  %splat9 = tile.splat %out : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %ptr10 = tile.addptr %splat9, %v6 : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %splat11 = tile.splat %x : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %ptr12 = tile.addptr %splat11, %v6 : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %ld13 = tile.load %ptr12, %cmp8 : tensor<1024x!tile.ptr<f32>>
  %splat14 = tile.splat %y : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %ptr15 = tile.addptr %splat14, %v6 : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %ld16 = tile.load %ptr15, %cmp8 : tensor<1024x!tile.ptr<f32>>
  %v17 = arith.addf %ld13, %ld16 : tensor<1024xf32>
  tile.store %ptr10, %v17, %cmp8 : tensor<1024x!tile.ptr<f32>>
  tile.return
}
""", k.asm["mlir"]
    # Every op carries the Python location it comes from: the load of y is
    # the call `tile.load(y + offs, mask)`, its addptr the `y + offs`.
    line, text = line_of("vadd-store")
    col_load = text.index("tile.load(y") + 1
    col_add = text.index("y + offs") + 1
    assert (f'%ld16 = tile.load %ptr15, %cmp8 : tensor<1024x!tile.ptr<f32>> '
            f'loc("{THIS}":{line}:{col_load})') in k.asm["mlir"], k.asm["mlir"]
    assert (f'%ptr15 = tile.addptr %splat14, %v6 : tensor<1024x!tile.ptr<f32>>, '
            f'tensor<1024xi32> loc("{THIS}":{line}:{col_add})') in k.asm["mlir"]
    # Compiled: 16-byte vector accesses (the divisibility reached the
    # lowering) in a kernel of 128 threads.
    assert ".maxntid 128, 1, 1" in k.asm["ptx"]
    assert "ld.global.v4.b32" in k.asm["ptx"], k.asm["ptx"]
    # The same specialization is cached; another BLOCK is another kernel.
    assert vector_add.specialize(x="*f32", y="*f32", out="*f32", n="i32", BLOCK=1024,
                                 emit="ptx") is k
    k2 = vector_add.specialize(x="*f32", y="*f32", out="*f32", n="i32", BLOCK=256, emit="ptx")
    assert "tensor<256xi32>" in k2.asm["mlir"] and "tensor<1024" not in k2.asm["mlir"]


def test_equal_to_one_specialization():
    # An integer argument equal to 1 is specialized as the constant (Triton's
    # equal_to_1): the parameter stays, the body uses the constant, so a
    # unit stride passed as an argument makes the access contiguous.
    from tile.frontend import EQUAL_TO_ONE
    types = {"x": "*f16", "out": "*f16", "n": "i32", "stride": "i32"}
    consts = {"BLOCK": 256, "SCALE": 1}
    one = no_locs(row_sum.lower(dict(types), dict(consts), {"stride": EQUAL_TO_ONE}))
    other = no_locs(row_sum.lower(dict(types), dict(consts), {}))
    assert "%stride: i32" in one.splitlines()[0] and "%stride: i32" in other.splitlines()[0]
    # The row offset multiplies by the constant (%stride1), not the
    # parameter (%stride).
    assert one.splitlines()[1].strip() == "%stride1 = arith.constant 1 : i32", one
    assert re.search(r"arith\.muli %pid\d+, %stride1 : i32", one), one
    assert re.search(r"arith\.muli %pid\d+, %stride : i32", other), other
    assert "%stride1 = arith.constant" not in other, other
    # The launch key tells 1 from other integers, so they cannot share a
    # launcher.
    def key(stride):
        return row_sum._signature((0, 0, 4096, stride), {"BLOCK": 256, "SCALE": 1}, None,
                                  None)[0]
    assert key(1) != key(3) and key(3) == key(5)


def test_softmax_mlir():
    k = softmax.specialize(x="*f32", y="*f32", m="i32", N=1024, ROWS=4, emit="ptx")
    b = body(no_locs(k.asm["mlir"]))
    assert "attributes {num_warps = 8 : i32} {" in b[0], b[0]
    expected = [
        "%view = tile.make_view %x, shape [%m, 1024] : !tile.ptr<f32> -> !tile.view<?x1024xf32>",
        "%tile = tile.load_tile %view[%pid, %c] padding = neg_inf : "
        "!tile.view<?x1024xf32> -> tensor<4x1024xf32>",
        "%red = tile.reduce max %tile {axis = 1 : i32} : tensor<4x1024xf32> -> tensor<4xf32>",
        "%ex = tile.expand_dims %red {axis = 1 : i32} : tensor<4xf32> -> tensor<4x1xf32>",
        "%bc = tile.broadcast %ex : tensor<4x1xf32> -> tensor<4x1024xf32>",
        "%v = arith.subf %tile, %bc : tensor<4x1024xf32>",
        "%v = math.exp %v : tensor<4x1024xf32>",
        "%red = tile.reduce sum %v {axis = 1 : i32} : tensor<4x1024xf32> -> tensor<4xf32>",
        "%v = arith.divf %v, %bc : tensor<4x1024xf32>",
        "tile.store_tile %v, %view[%pid, %c] : tensor<4x1024xf32>, !tile.view<?x1024xf32>",
    ]
    pos = 0
    for line in expected:
        assert line in b[pos:], (line, k.asm["mlir"])
        pos = b.index(line, pos) + 1
    assert ".maxntid 256, 1, 1" in k.asm["ptx"]


def test_loops_ifs_and_casts():
    k = row_sum.specialize(x="*f16", out="*f16", n="i32", stride="i32", BLOCK=256, SCALE=2,
                           emit="ptx")
    # Exact text. The loop carries acc (a tensor) and count (a Python 0 made
    # an i32); the f16 loads are extended to f32; SCALE != 1 is a constexpr:
    # folded, the multiply by 2.0 is there and no scf.if for it; count > 1 is
    # a kernel value: an scf.if yielding total; the store truncates to f16.
    assert no_locs(k.asm["mlir"]) == """\
tile.kernel @row_sum(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %out: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %n: i32, %stride: i32) attributes {num_warps = 4 : i32} {
  %pid1 = tile.program_id x : i32
  %cst2 = arith.constant dense<0.0> : tensor<256xf32>
  %c3 = arith.constant 0 : i32
  %c4 = arith.constant 256 : i32
  %c5 = arith.constant 0 : i32
  %for9:2 = scf.for %i6 = %c3 to %n step %c4 iter_args(%acc7 = %cst2, %acc8 = %c5) -> (tensor<256xf32>, i32) : i32 {
    %r10 = tile.arange 0, 256 : tensor<256xi32>
    %splat11 = tile.splat %i6 : i32 -> tensor<256xi32>
    %v12 = arith.addi %splat11, %r10 : tensor<256xi32>
    %v13 = arith.muli %pid1, %stride : i32
    %ptr14 = tile.addptr %x, %v13 : !tile.ptr<f16>, i32
    %splat15 = tile.splat %ptr14 : !tile.ptr<f16> -> tensor<256x!tile.ptr<f16>>
    %ptr16 = tile.addptr %splat15, %v12 : tensor<256x!tile.ptr<f16>>, tensor<256xi32>
    %splat17 = tile.splat %n : i32 -> tensor<256xi32>
    %cmp18 = arith.cmpi slt, %v12, %splat17 : tensor<256xi32>
    %cst19 = arith.constant dense<0.0> : tensor<256xf16>
    %ld20 = tile.load %ptr16, %cmp18, %cst19 : tensor<256x!tile.ptr<f16>>
    %cvt21 = arith.extf %ld20 : tensor<256xf16> to tensor<256xf32>
    %v22 = arith.addf %acc7, %cvt21 : tensor<256xf32>
    %c23 = arith.constant 1 : i32
    %v24 = arith.addi %acc8, %c23 : i32
    scf.yield %v22, %v24 : tensor<256xf32>, i32
  }
  %red25 = tile.reduce sum %for9#0 {axis = 0 : i32} : tensor<256xf32> -> f32
  %c26 = arith.constant 2.0 : f32
  %v27 = arith.mulf %red25, %c26 : f32
  %c28 = arith.constant 1 : i32
  %cmp29 = arith.cmpi sgt, %for9#1, %c28 : i32
  %if32 = scf.if %cmp29 -> (f32) {
    %c30 = arith.constant 0.0 : f32
    %v31 = arith.maximumf %v27, %c30 : f32
    scf.yield %v31 : f32
  } else {
    scf.yield %v27 : f32
  }
  %ptr33 = tile.addptr %out, %pid1 : !tile.ptr<f16>, i32
  %cvt34 = arith.truncf %if32 : f32 to f16
  tile.store %ptr33, %cvt34 : !tile.ptr<f16>
  tile.return
}
""", k.asm["mlir"]
    assert ".maxntid 128, 1, 1" in k.asm["ptx"]
    k1 = row_sum.specialize(x="*f16", out="*f16", n="i32", stride="i32", BLOCK=256, SCALE=1,
                            emit="mlir")
    assert "arith.mulf" not in k1.asm["mlir"]


# -- errors at the kernel's own lines ------------------------------------------

@tile.jit
def uses_while(x, n):
    i = 0
    while i < n:  # L:while
        i += 1


@tile.jit
def calls_python(x, n):
    v = tile.load(x)
    tile.store(x, helper(v))  # L:call


def helper(v):
    return v


@tile.jit
def recursive(x, n):
    recursive(x, n)  # L:recursion


@tile.jit
def bad_shapes(x, BLOCK: tile.constexpr):
    a = tile.arange(0, BLOCK)
    b = tile.arange(0, 2 * BLOCK)
    tile.store(x + a, (a + b).to(tile.float32))  # L:broadcast


@tile.jit
def returns_value(x):
    return tile.load(x)  # L:return


@tile.jit
def tensor_if(x, BLOCK: tile.constexpr):
    v = tile.load(x + tile.arange(0, BLOCK))
    if v > 0.0:  # L:tensorif
        v = v * 2.0
    tile.store(x + tile.arange(0, BLOCK), v)


@tile.jit
def int_division(x, n):
    tile.store(x, (n / 2).to(tile.float32))  # L:div


@tile.jit
def odd_arange(x):
    r = tile.arange(0, 1000)  # L:arange


@tile.jit
def branch_only(x, n):
    if n > 0:
        v = tile.load(x)
    tile.store(x, v)  # L:scoped


@tile.jit
def selects(x, BLOCK: tile.constexpr):
    offs = tile.arange(0, BLOCK)
    v = tile.load(x + offs)
    tile.store(x + offs, tile.where(v > 0.0, v, 0.0) + tile.where(offs < 4, 1.0, 2.0))


def test_where():
    mlir = no_locs(selects.lower({"x": "*f32"}, {"BLOCK": 64}))
    lines = [l.strip() for l in mlir.splitlines()]
    # where(v > 0.0, v, 0.0): the Python 0.0 takes v's type and shape.
    assert "%sel10 = arith.select %cmp8, %ld4, %cst9 : tensor<64xi1>, tensor<64xf32>" \
        in lines, mlir
    # where(offs < 4, 1.0, 2.0): two constants at the condition's shape.
    assert lines[lines.index("%cmp12 = arith.cmpi slt, %r1, %cst11 : tensor<64xi32>") + 1:][:4] == [
        "%cst13 = arith.constant dense<1.0> : tensor<64xf32>",
        "%cst14 = arith.constant dense<2.0> : tensor<64xf32>",
        "%sel15 = arith.select %cmp12, %cst13, %cst14 : tensor<64xi1>, tensor<64xf32>",
        "%v16 = arith.addf %sel10, %sel15 : tensor<64xf32>"], mlir


def test_error_name_only_in_branch():
    expect_error(branch_only, "scoped", "v)",
                 "'v' is assigned only inside an `if` or a loop above; give it a value "
                 "before them so that it is defined on every path", x="*f32", n="i32")


@tile.jit
def odd_tile(x, m):
    v = tile.make_view(x, shape=(m, 128))
    t = tile.load_tile(v, (0, 0), (4, 128), order=[1, 1])  # L:verifier
    tile.store_tile(v, (0, 0), t)


def test_verifier_error_points_at_python():
    """An error the front end does not catch (the verifier's) is located at
    the Python line through the ops' locations, with the line shown."""
    with harness.raises(tile.CompileError) as e:
        odd_tile.specialize(x="*f32", m="i32", emit="ptx")
    line, col = col_of("verifier", "tile.load_tile")
    assert e.value.location == (THIS, line, col), str(e.value)
    assert str(e.value).splitlines()[:2] == [
        f"{THIS}:{line}:{col}: error: 'tile.load_tile' op order [1, 1] is not a "
        f"permutation of 0..1; each view axis must appear exactly once",
        "    t = tile.load_tile(v, (0, 0), (4, 128), order=[1, 1])  # L:verifier"], \
        str(e.value)


@tile.jit
def odd_tile_shape(x, m):
    v = tile.make_view(x, shape=(m, 128))
    t = tile.load_tile(v, (0, 0), (3, 128))  # L:tileshape
    tile.store_tile(v, (0, 0), t)


def test_error_tile_shape():
    """The front end checks tile shapes itself (constexpr arithmetic
    included), before the verifier would."""
    expect_error(odd_tile_shape, "tileshape", "tile.load_tile",
                 "a tile shape [3, 128]: dimension #0 is 3, not a power of two; tile "
                 "dimensions must be powers of two: use 4 and mask or pad", x="*f32", m="i32")


def expect_error(kernel, marker, snippet, message, **types):
    with harness.raises(tile.KernelSyntaxError) as e:
        kernel.lower({k: v for k, v in types.items() if isinstance(v, str)},
                     {k: v for k, v in types.items() if not isinstance(v, str)})
    line, col = col_of(marker, snippet)
    assert (e.value.filename, e.value.lineno, e.value.offset) == (THIS, line, col), \
        (str(e.value), line, col)
    assert str(e.value) == f"{THIS}:{line}:{col}: error: {message}", str(e.value)


def test_error_while():
    expect_error(uses_while, "while", "while",
                 "while loops are not supported in a kernel: write `for i in range(n)` (an "
                 "scf.for with a bound known before the loop) and mask the tail",
                 x="*f32", n="i32")


def test_error_arbitrary_call():
    expect_error(calls_python, "call", "helper(v)",
                 "call to helper(): a kernel can call only tile.* builtins (tile.load, "
                 "tile.sum, tile.exp, ...) and Python functions on constexprs (min, max, int, "
                 "...); inline it or compute it outside and pass it in as an argument",
                 x="*f32", n="i32")


def test_error_recursion():
    expect_error(recursive, "recursion", "recursive(x, n)",
                 "recursion is not supported in a kernel: write the repetition as "
                 "`for i in range(n)`", x="*f32", n="i32")


def test_error_broadcast():
    expect_error(bad_shapes, "broadcast", "a + b",
                 "shapes [128] and [256] do not broadcast", x="*f32", BLOCK=128)


def test_error_return_value():
    expect_error(returns_value, "return", "return",
                 "a kernel returns nothing: write its results through pointers (tile.store) "
                 "or views (tile.store_tile)", x="*f32")


def test_error_tensor_condition():
    expect_error(tensor_if, "tensorif", "v > 0.0",
                 "the condition of an `if` must be a scalar i1 (a comparison), not "
                 "tensor<64xi1>; a tensor condition needs tile.where(cond, a, b)",
                 x="*f32", BLOCK=64)


def test_error_integer_division():
    expect_error(int_division, "div", "n / 2",
                 "`/` of integers: write `//` for integer division or cast to a float first "
                 "with .to(tile.float32)", x="*f32", n="i32")


def test_error_arange_not_power_of_two():
    expect_error(odd_arange, "arange", "tile.arange(0, 1000)",
                 "arange(0, 1000) has 1000 elements; tiles are powers of two: use 1024 and "
                 "mask", x="*f32")


def test_signature_errors():
    with harness.raises(TypeError) as e:
        vector_add.lower({"x": "*f32", "y": "*f32", "out": "*f32", "n": "i32"}, {})
    assert str(e.value) == "vector_add: constexpr 'BLOCK' needs a value", str(e.value)
    with harness.raises(ValueError) as e:
        vector_add.lower({"x": "*f33", "y": "*f32", "out": "*f32", "n": "i32"}, {"BLOCK": 4})
    assert "argument 'x': unknown element type 'f33'" in str(e.value), str(e.value)
    with harness.raises(RuntimeError) as e:
        tile.load(None)
    assert "tile.load() is part of the kernel language" in str(e.value)
    assert tile.cdiv(1000, 256) == 4


def test_disk_cache_second_process_compiles_nothing():
    """A specialization compiled once is on disk under its key; another
    process, with the compiler extension made unimportable, gets the same
    binary from the cache."""
    import importlib
    tj = importlib.import_module("tile.jit")
    types = dict(x="*f32", y="*f32", out="*f32", n="i32")
    k = vector_add.specialize(BLOCK=512, emit="cubin" if tile.can_assemble_cubin() else "ptx",
                              **types)
    emit = k.compiled.format
    key = tj.cache_key(k.asm["mlir"], "sm_90", emit)
    path = os.path.join(os.environ["TILE_CACHE_DIR"], f"{key}.{emit}")
    assert os.path.exists(path) and os.path.exists(path + ".json"), os.listdir(
        os.environ["TILE_CACHE_DIR"])
    with open(path, "rb") as f:
        assert f.read() == k.compiled.binary
    script = f"""
import sys
sys.modules["tile._capi"] = None          # no compiler in this process
sys.path.insert(0, {os.path.dirname(THIS)!r})
import test_frontend as t
k = t.vector_add.specialize(BLOCK=512, emit={emit!r}, **{types!r})
print(k.compiled.kernels, len(k.compiled.binary))
"""
    env = dict(os.environ)
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                         text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == f"['vector_add'] {len(k.compiled.binary)}", out.stdout


class _Tensor:
    """A stand-in tensor: dtype, device and an address."""

    def __init__(self, dtype="torch.float32", address=1 << 20, device="cuda:0"):
        self.dtype, self.address, self.device = dtype, address, device

    def data_ptr(self):
        return self.address


def test_launch_signature():
    """The key of kernel[grid](...)'s fast path tells apart everything that
    selects another specialization: tensor dtypes and 16-byte alignment,
    integer widths and 16-divisibility, constexpr values (positional or
    keyword, 1 and True apart), num_warps; and it passes addresses."""
    x, y, out = _Tensor(), _Tensor(), _Tensor(address=(1 << 20) + 64)
    key, values = vector_add._signature((x, y, out, 1000), {"BLOCK": 1024}, None, None)
    assert values == [1 << 20, 1 << 20, (1 << 20) + 64, 1000], values

    def k(args, kwargs=None, num_warps=None):
        return vector_add._signature(args, kwargs or {}, num_warps, None)[0]
    base = k((x, y, out, 1000), {"BLOCK": 1024})
    assert base == key
    assert k((x, y, out, 1001), {"BLOCK": 1024}) == base          # both not multiples of 16
    different = [
        k((x, y, out, 1008), {"BLOCK": 1024}),                     # a multiple of 16
        k((x, y, out, 2 ** 31), {"BLOCK": 1024}),                  # i64
        k((x, y, _Tensor(address=(1 << 20) + 4), 1000), {"BLOCK": 1024}),   # 4-byte aligned
        k((x, y, _Tensor("torch.float16"), 1000), {"BLOCK": 1024}),
        k((x, y, out, 1000), {"BLOCK": 512}),
        k((x, y, out, 1000, 1024)),                                # BLOCK positional
        k((x, y, out, 1000), {"BLOCK": 1024}, num_warps=8),
    ]
    assert all(d != base for d in different), different
    assert k((x, y, out, 1000, 1024)) != k((x, y, out, 1000, 512))
    assert k((x, y, out, 1000, 1)) != k((x, y, out, 1000, True))
    # No fast path: an argument that is neither a tensor nor a number, an
    # unhashable constexpr, too many arguments.
    assert k((x, y, "out", 1000), {"BLOCK": 1024}) is None
    assert k((x, y, out, 1000), {"BLOCK": [1024]}) is None
    assert k((x, y, out, 1000, 1024, 5)) is None



def gemm(a, b, c, m, n, k, sam, sbk, scm, BM: tile.constexpr, BN: tile.constexpr,
         BK: tile.constexpr):
    pm, pn = tile.program_id(0), tile.program_id(1)
    va = tile.make_view(a, shape=(m, k), strides=(sam, 1))
    vb = tile.make_view(b, shape=(k, n), strides=(sbk, 1))
    vc = tile.make_view(c, shape=(m, n), strides=(scm, 1))
    acc = tile.zeros((BM, BN), tile.float32)
    for kt in range(0, tile.cdiv(k, BK)):
        ta = tile.load_tile(va, (pm, kt), (BM, BK), padding="zero")
        tb = tile.load_tile(vb, (kt, pn), (BK, BN), padding="zero")
        acc = tile.dot(ta, tb, acc)
    tile.store_tile(vc, (pm, pn), acc.to(tile.float16))


# One body, two kernels: the compiler's default and the decorator's False.
gemm_no_ws = tile.jit(num_warps=8, warp_specialize=False)(gemm)
gemm = tile.jit(num_warps=8)(gemm)


def test_warp_specialize_option():
    # @tile.jit(warp_specialize=...) and the same keyword at specialize()
    # or launch time are tile.compile's option: a GEMM whose pointers are
    # 16-byte aligned and whose row strides are multiples of 16 becomes a
    # TMA producer warpgroup (setmaxnreg 40, 4 more warps) and 8 consumer
    # warps by default; False keeps tile-pipeline's cp.async.
    types = dict(a="*f16", b="*f16", c="*f16", m="i32", n="i32", k="i32", sam="i32",
                 sbk="i32", scm="i32", BM=128, BN=128, BK=64, emit="ptx",
                 divisibility={"a": 16, "b": 16, "c": 16, "sam": 16, "sbk": 16})
    tma = "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"
    setmaxnreg = re.compile(r"setmaxnreg\.dec\.sync\.aligned\.u32\s+40;")

    def is_ws(spec):
        ptx = spec.compiled.ptx
        return (bool(setmaxnreg.search(ptx)) and tma in ptx and ".maxntid 384, 1, 1" in ptx
                and "cp.async.cg" not in ptx)

    def is_pipelined(spec):
        ptx = spec.compiled.ptx
        return (not setmaxnreg.search(ptx) and tma not in ptx
                and ".maxntid 256, 1, 1" in ptx and "cp.async.cg.shared.global" in ptx)

    default = gemm.specialize(**types)
    assert is_ws(default)
    forced = gemm.specialize(warp_specialize=True, **types)
    assert is_ws(forced)
    # True writes the kernel attribute (every dot loop asks for the pass);
    # None and False leave it to the option.
    assert "tile.warp_specialize = true" in forced.mlir
    assert "tile.warp_specialize" not in default.mlir
    assert is_pipelined(gemm.specialize(warp_specialize=False, **types))
    # The decorator's False, and a specialization asking back.
    assert gemm_no_ws.warp_specialize is False
    assert is_pipelined(gemm_no_ws.specialize(**types))
    assert is_ws(gemm_no_ws.specialize(warp_specialize=True, **types))
    # One text, three compiles: the option is part of both cache keys.
    keys = {tile.jit_module.cache_key(default.mlir, "sm_90", "ptx", 0, w)
            for w in (None, True, False)}
    assert len(keys) == 3, keys
    assert gemm._signature((), {}, None, None, False)[0] != gemm._signature((), {}, None, None)[0]
    for bad in (1, "no"):
        with harness.raises(ValueError):
            gemm.specialize(warp_specialize=bad, **types)
        with harness.raises(ValueError):
            tile.jit(warp_specialize=bad)(lambda x: None)


class _FakeDriver:
    """cuLaunchKernel that records its grid (no GPU)."""

    def __init__(self):
        self.grids = []

    def cuLaunchKernel(self, handle, gx, gy, gz, *rest):
        self.grids.append((gx, gy, gz))
        return 0

    def check(self, what, err, hint=""):
        raise AssertionError(f"{what}: {err}")


def test_fast_launch_checks_cluster_grid():
    """A cluster kernel launched through @tile.jit's fast path checks its
    grid against the cluster shape as Kernel.launch (tile.runtime) does:
    same LaunchError, same text, and nothing reaches cuLaunchKernel."""
    from tile import runtime
    meta = runtime.KernelMetadata(
        name="clustered", num_warps=4, threads_per_block=128, shared_bytes=0,
        params=[runtime.KernelParam(0, "x", "ptr<f32>", 16),
                runtime.KernelParam(1, "n", "i32")],
        cluster_dims=(2, 1, 1))

    class Module:
        device = 0

    kernel = runtime.Kernel(Module(), meta, handle=1)
    driver = _FakeDriver()
    saved = (runtime._get_driver, tile.jit_module._current_stream_getter)
    runtime._get_driver = lambda: driver
    tile.jit_module._current_stream_getter = lambda: (lambda device: 0)
    try:
        fast = tile.jit_module._FastLaunch.build(kernel, 2, [0, 1])
        assert fast is not None and fast.cluster == (2, 1, 1), fast
        for grid, dim, size, fix in (((3, 4), 0, 2, 4), ((4, 1, 1), None, 0, 0)):
            if dim is None:
                fast(grid, [1 << 20, 7])
                continue
            with harness.raises(runtime.LaunchError) as fast_error:
                fast(grid, [1 << 20, 7])
            with harness.raises(runtime.LaunchError) as checked_error:
                kernel.launch(grid, 1 << 20, 7)
            expected = (f"clustered: grid[{dim}] = 3 is not a multiple of the kernel's "
                        f"cluster shape {size} (cluster_dims [2, 1, 1]); launch {fix} "
                        f"programs along dim {dim}, or a multiple of {size}")
            assert str(fast_error.value) == expected, str(fast_error.value)
            assert str(checked_error.value) == expected, str(checked_error.value)
        # Only the whole-cluster grid was launched.
        assert driver.grids == [(4, 1, 1)], driver.grids
        # Without clusters there is nothing to check.
        meta.cluster_dims = (1, 1, 1)
        plain = tile.jit_module._FastLaunch.build(kernel, 2, [0, 1])
        assert plain.cluster is None
        plain((3,), [1 << 20, 7])
        assert driver.grids[-1] == (3, 1, 1), driver.grids
    finally:
        runtime._get_driver, tile.jit_module._current_stream_getter = saved


if __name__ == "__main__":
    sys.exit(harness.run(dict(globals())))
