"""The types and builtins of tile's Python kernel language (docs/Python.md,
"Kernels in Python").

Inside a `@tile.jit` function these names are not called as Python: the
front end (tile.frontend) reads the function's syntax tree and turns each
call into tile dialect ops. Called outside a kernel they raise.
"""

from __future__ import annotations

import enum
from typing import Tuple


class dtype:
    """An element type: `tile.float32`, `tile.int32`, ... `name` is the MLIR
    spelling (f32, i32, ...)."""

    def __init__(self, name: str, bits: int, kind: str) -> None:
        self.name, self.bits, self.kind = name, bits, kind

    @property
    def is_float(self) -> bool:
        return self.kind == "float"

    @property
    def is_int(self) -> bool:
        return self.kind == "int"

    def __repr__(self) -> str:
        return f"tile.{_PY_NAMES.get(self.name, self.name)}"

    def __eq__(self, other) -> bool:
        return isinstance(other, dtype) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)


int1 = dtype("i1", 1, "int")
int8 = dtype("i8", 8, "int")
int16 = dtype("i16", 16, "int")
int32 = dtype("i32", 32, "int")
int64 = dtype("i64", 64, "int")
float16 = dtype("f16", 16, "float")
bfloat16 = dtype("bf16", 16, "float")
float32 = dtype("f32", 32, "float")
float64 = dtype("f64", 64, "float")
# The fp8 kinds of torch (torch.float8_e4m3fn, torch.float8_e5m2) and of
# tile.dot (f8E4M3FN, f8E5M2; Triton's float8e4nv, float8e5).
float8_e4m3fn = dtype("f8E4M3FN", 8, "float")
float8_e5m2 = dtype("f8E5M2", 8, "float")

_PY_NAMES = {"i1": "int1", "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64",
             "f16": "float16", "bf16": "bfloat16", "f32": "float32", "f64": "float64",
             "f8E4M3FN": "float8_e4m3fn", "f8E5M2": "float8_e5m2"}
DTYPES = {d.name: d for d in (int1, int8, int16, int32, int64, float16, bfloat16,
                              float32, float64, float8_e4m3fn, float8_e5m2)}


class constexpr:
    """Annotates a kernel parameter whose value is known at compile time
    (`BLOCK: tile.constexpr`): shapes, tile sizes and flags. Each value
    compiles its own kernel."""


class PaddingMode(str, enum.Enum):
    """What `tile.load_tile` gives the elements of a tile outside the view
    (cuTile's `ct.PaddingMode`): `padding_mode=tile.PaddingMode.ZERO` is the
    same as `padding="zero"`."""

    ZERO = "zero"
    NAN = "nan"
    POS_INF = "pos_inf"
    NEG_INF = "neg_inf"
    UNDETERMINED = "undetermined"


def _kernel_only(name: str):
    def stub(*args, **kwargs):
        raise RuntimeError(f"tile.{name}() is part of the kernel language: call it inside "
                           f"a @tile.jit function")
    stub.__name__ = name
    return stub


# The builtins the front end knows; the names below only document them.
BUILTINS = (
    "program_id", "num_programs", "arange", "zeros", "full", "load", "store",
    "make_view", "load_tile", "store_tile", "sum", "max", "min", "where",
    "maximum", "minimum", "exp", "exp2", "log", "log2", "sqrt", "rsqrt", "sin",
    "cos", "abs", "erf", "tanh", "cast", "dot", "cdiv", "static_assert",
    "convert_layout", "allocate_shared", "shared_store", "shared_load", "barrier",
    "load_at", "store_at", "reduce", "argmax", "argmin", "scan", "associative_scan",
    "cumsum", "cumprod", "cummax", "cummin", "atomic_add", "atomic_max", "atomic_min",
    "atomic_umax", "atomic_umin", "atomic_and", "atomic_or", "atomic_xor", "atomic_xchg",
    "atomic_cas", "global_tensor",
    "trans", "permute", "reshape", "join", "split", "cat",
)
for _name in BUILTINS:
    globals()[_name] = _kernel_only(_name)


def cdiv(a, b):
    """Ceiling division: on the host for grids (Python ints), and in a kernel
    on kernel values."""
    return -(-a // b)


class _Math:
    """tile.math.exp(x), ...: the same functions as tile.exp."""

    def __getattr__(self, name: str):
        return _kernel_only("math." + name)


math = _Math()

__all__ = ["dtype", "constexpr", "DTYPES", "math", "PaddingMode", *BUILTINS,
           *_PY_NAMES.values()]


def shape_str(shape: Tuple[int, ...]) -> str:
    return "x".join(str(s) for s in shape)
