"""The shape builtins of the Python kernel language (tile.trans,
tile.permute, tile.reshape, tile.join, tile.split, tile.cat): the tile
dialect they generate (exact lines), that the kernels compile to PTX, and
their errors at the kernel's own file:line:column."""

import os
import re
import sys
import tempfile

os.environ.setdefault("TILE_CACHE_DIR", tempfile.mkdtemp(prefix="tile-cache-"))

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

harness.setup_path()
import tile  # noqa: E402

THIS = os.path.abspath(__file__)


def body(mlir):
    """The generated lines without SSA numbering: '%tr13' -> '%tr'."""
    mlir = tile.jit_module.strip_locations(mlir)
    return [re.sub(r"%([a-z]+)\d+", r"%\1", l.strip()) for l in mlir.splitlines()]


def col_of(marker, snippet):
    with open(THIS, encoding="utf-8") as f:
        for i, text in enumerate(f, 1):
            if text.rstrip().endswith("# L:" + marker):
                return i, text.index(snippet) + 1
    raise AssertionError(marker)


@tile.jit
def shapes(x, y, m):
    v = tile.make_view(x, shape=(m, 32))
    o = tile.make_view(y, shape=(m, 64))
    t = tile.load_tile(v, (0, 0), (16, 32))
    tt = tile.trans(t)
    p = tile.permute(tile.reshape(tt, (2, 16, 16)), (1, 2, 0))
    j = tile.join(t, 1.0)
    lo, hi = tile.split(j)
    c = tile.cat(lo + tile.reshape(p, (16, 32)), hi, dim=1)
    tile.store_tile(o, (0, 0), c)


@tile.jit
def bad_split(x, m):
    t = tile.load_tile(tile.make_view(x, shape=(m, 32)), (0, 0), (16, 32))
    a, b = tile.split(t)  # L:split


@tile.jit
def bad_trans(x, m):
    t = tile.load_tile(tile.make_view(x, shape=(m, 4, 8)), (0, 0, 0), (2, 4, 8))
    u = tile.trans(t)  # L:trans


@tile.jit
def bad_reshape(x, m):
    t = tile.load_tile(tile.make_view(x, shape=(m, 32)), (0, 0), (16, 32))
    u = tile.reshape(t, (16, 16))  # L:reshape


def test_shape_ops_mlir():
    k = shapes.specialize(x="*f32", y="*f32", m="i32", emit="ptx")
    b = body(k.asm["mlir"])
    expected = [
        "%tr = tile.trans %tile, [1, 0] : tensor<16x32xf32> -> tensor<32x16xf32>",
        "%rs = tile.reshape %tr : tensor<32x16xf32> -> tensor<2x16x16xf32>",
        "%tr = tile.trans %rs, [1, 2, 0] : tensor<2x16x16xf32> -> tensor<16x16x2xf32>",
        # The scalar 1.0 is splat to the tensor's type first (tl.join
        # broadcasts its operands).
        "%join = tile.join %tile, %cst : tensor<16x32xf32> -> tensor<16x32x2xf32>",
        "%split:2 = tile.split %join : tensor<16x32x2xf32> -> tensor<16x32xf32>",
        "%rs = tile.reshape %tr : tensor<16x16x2xf32> -> tensor<16x32xf32>",
        "%v = arith.addf %split#0, %rs : tensor<16x32xf32>",
        "%cat = tile.cat %v, %split#1 {axis = 1 : i32} : tensor<16x32xf32> -> "
        "tensor<16x64xf32>",
        "tile.store_tile %cat, %view[%c, %c] : tensor<16x64xf32>, !tile.view<?x64xf32>",
    ]
    pos = 0
    for line in expected:
        assert line in b[pos:], (line, k.asm["mlir"])
        pos = b.index(line, pos) + 1
    assert ".entry shapes" in k.asm["ptx"], k.asm["ptx"][:400]


def expect_error(kernel, marker, snippet, message, **types):
    with harness.raises(tile.KernelSyntaxError) as e:
        kernel.lower(types, {})
    line, col = col_of(marker, snippet)
    assert str(e.value) == f"{THIS}:{line}:{col}: error: {message}", str(e.value)


def test_errors():
    expect_error(bad_split, "split", "tile.split(t)",
                 "tile.split takes a tensor of rank 2 or more whose last dim is 2, not "
                 "tensor<16x32xf32>", x="*f32", m="i32")
    expect_error(bad_trans, "trans", "tile.trans(t)",
                 "tile.trans of a rank-3 tensor needs the order of its dims, e.g. "
                 "tile.trans(x, (2, 1, 0))", x="*f32", m="i32")
    expect_error(bad_reshape, "reshape", "tile.reshape(t, (16, 16))",
                 "cannot reshape tensor<16x32xf32> (512 elements) to [16, 16] (256 elements)",
                 x="*f32", m="i32")


if __name__ == "__main__":
    sys.exit(harness.run(dict(globals())))
