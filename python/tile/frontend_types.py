"""The values and types of the Python front end (tile.frontend): what a
Python name inside a @tile.jit function is bound to while the kernel is
generated, and the error it raises at the kernel's own source line."""

from __future__ import annotations

import itertools
import threading
from dataclasses import dataclass, field
from typing import Any, Optional, Tuple

from . import language as tl
from .language import dtype

__all__ = ["KernelSyntaxError", "PtrType", "ViewType", "TensorType", "MemDescType", "Value",
           "LayoutVar", "LayoutConflict", "vars_by_id", "default_blocked", "unify_layouts",
           "type_str", "elem_of", "shape_of", "describe"]


class KernelSyntaxError(SyntaxError):
    """A construct the kernel language does not support, or a type error,
    at `filename:lineno:col` of the kernel's Python source."""

    def __init__(self, message: str, filename: str, lineno: int, col: int, line: str = ""):
        super().__init__(message, (filename, lineno, col + 1, line))
        self.message = message

    def __str__(self) -> str:
        return f"{self.filename}:{self.lineno}:{self.offset}: error: {self.message}"


# ---------------------------------------------------------------------------
# Types and values
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class PtrType:
    elem: dtype

    @property
    def mlir(self) -> str:
        return f"!tile.ptr<{self.elem.name}>"


@dataclass(frozen=True)
class ViewType:
    elem: dtype
    shape: Tuple[Optional[int], ...]
    layout: Any = None  # a tile.layouts memory layout (Strided) or None

    @property
    def mlir(self) -> str:
        dims = "x".join("?" if d is None else str(d) for d in self.shape)
        lay = f", {self.layout._text()}" if self.layout is not None else ""
        return f"!tile.view<{dims}x{self.elem.name}{lay}>"


# ---------------------------------------------------------------------------
# Layouts of tensors
# ---------------------------------------------------------------------------

class LayoutConflict(Exception):
    """Two layouts that one op needs equal differ (the message says which)."""


# Every layout variable of this thread by id: the placeholders in generated
# text name them. The generator drops the ones it made when it is done.
_THREAD = threading.local()


def vars_by_id() -> "dict[int, LayoutVar]":
    table = getattr(_THREAD, "vars", None)
    if table is None:
        table = _THREAD.vars = {}
    return table


class LayoutVar:
    """The layout of a tensor while the kernel is generated: unknown (the
    compiler chooses it), a layout object the kernel gave (`given`), or the
    slice of another variable (`slice = (dim, parent)`: the operand of an
    expand_dims, the result of a reduction). Ops that need equal layouts
    unify their variables (union-find); the generated text carries a
    placeholder per variable, replaced at the end by the resolved layout or
    by nothing."""

    _ids = itertools.count()

    def __init__(self, given=None, slice_of=None) -> None:
        self.id = next(LayoutVar._ids)
        self.parent: Optional["LayoutVar"] = None
        self.given = given
        self.slice_of: Optional[Tuple[int, "LayoutVar"]] = slice_of
        vars_by_id()[self.id] = self

    def find(self) -> "LayoutVar":
        root = self
        while root.parent is not None:
            root = root.parent
        node = self
        while node.parent is not None and node.parent is not root:
            node.parent, node = root, node.parent
        return root

    @property
    def placeholder(self) -> str:
        return f"@@L{self.id}@@"

    def resolve(self) -> Optional[str]:
        """The layout attribute text, or None while nothing fixes it."""
        r = self.find()
        if r.given is not None:
            return r.given._text()
        if r.slice_of is not None:
            parent = r.slice_of[1].resolve()
            if parent is not None:
                return f"#layout.slice<dim = {r.slice_of[0]}, parent = {parent}>"
        return None

    def describe(self) -> str:
        text = self.resolve()
        if text is not None:
            return text
        r = self.find()
        if r.slice_of is not None:
            return f"a slice along dim {r.slice_of[0]} of a layout the compiler chooses"
        return "a layout the compiler chooses"


def unify_layouts(a: LayoutVar, b: LayoutVar) -> None:
    """Makes `a` and `b` the same layout; LayoutConflict when they cannot be."""
    ra, rb = a.find(), b.find()
    if ra is rb:
        return
    ta = ra.given if ra.given is not None else ra.slice_of
    tb = rb.given if rb.given is not None else rb.slice_of
    if tb is None:
        rb.parent = ra
        return
    if ta is None:
        ra.parent = rb
        return
    before_a, before_b = ra.describe(), rb.describe()
    rb.parent = ra
    if ra.given is not None and rb.given is not None:
        if ra.given._text() != rb.given._text():
            raise LayoutConflict(f"{before_a} and {before_b}")
        return
    if ra.slice_of is not None and rb.slice_of is not None:
        if ra.slice_of[0] != rb.slice_of[0]:
            raise LayoutConflict(f"{before_a} and {before_b}")
        unify_layouts(ra.slice_of[1], rb.slice_of[1])
        return
    given = ra.given if ra.given is not None else rb.given
    dim, parent = ra.slice_of if ra.slice_of is not None else rb.slice_of
    from .layouts import Slice  # noqa: WPS433 (layouts imports nothing from here)
    if not isinstance(given, Slice) or given.dim != dim:
        raise LayoutConflict(f"{before_a} and {before_b} (the operand of an expand_dims "
                             f"along dim {dim} needs a tile.layouts.Slice({dim}, parent) "
                             f"layout)")
    ra.given, ra.slice_of = given, None
    unify_layouts(parent, LayoutVar(given=given.parent))


def default_blocked(shape: Tuple[int, ...], num_warps: int):
    """A coalescing blocked layout for `shape` (what a tensor that must have
    a layout gets when the kernel gives none): up to 4 consecutive elements
    per thread along the last dim, the lanes along the last dims first, the
    warps along the first dims first."""
    from .layouts import Blocked
    rank = len(shape)
    spt = [1] * rank
    total = 1
    for s in shape:
        total *= s
    spt[-1] = max(1, min(4, shape[-1], total // (32 * num_warps)))
    tpw = [1] * rank
    left = 32
    for d in reversed(range(rank)):
        take = max(1, min(left, shape[d] // spt[d]))
        tpw[d] = take
        left //= take
    tpw[0] *= left
    wpc = [1] * rank
    left = num_warps
    for d in range(rank):
        take = max(1, min(left, shape[d] // (spt[d] * tpw[d])))
        wpc[d] = take
        left //= take
    wpc[0] *= left
    return Blocked(spt, tpw, wpc, list(reversed(range(rank))))


@dataclass(frozen=True)
class TensorType:
    shape: Tuple[int, ...]
    elem: Any  # dtype or PtrType
    lay: Any = field(default=None, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.lay is None:
            object.__setattr__(self, "lay", LayoutVar())

    @property
    def mlir(self) -> str:
        e = self.elem.mlir if isinstance(self.elem, PtrType) else self.elem.name
        return f"tensor<{tl.shape_str(self.shape)}x{e}{self.lay.placeholder}>"


@dataclass(frozen=True)
class MemDescType:
    """A shared-memory buffer (!layout.memdesc): shape, element type and a
    shared layout object (SwizzledShared, Strided, ...)."""
    shape: Tuple[int, ...]
    elem: dtype
    layout: Any

    @property
    def mlir(self) -> str:
        return f"!layout.memdesc<{tl.shape_str(self.shape)}x{self.elem.name}, " \
               f"{self.layout._text()}>"


def type_str(t) -> str:
    return t.name if isinstance(t, dtype) else t.mlir


def elem_of(t):
    return t.elem if isinstance(t, TensorType) else t


def shape_of(t) -> Tuple[int, ...]:
    return t.shape if isinstance(t, TensorType) else ()


@dataclass
class Value:
    """An SSA value of the kernel being generated."""
    name: str
    type: Any  # dtype, PtrType, ViewType or TensorType

    def __repr__(self) -> str:
        return f"<tile value {self.name}: {type_str(self.type)}>"


def describe(v) -> str:
    if isinstance(v, Value):
        return f"a {type_str(v.type)}"
    return f"{type(v).__name__} {v!r}"
