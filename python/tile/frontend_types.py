"""The values and types of the Python front end (tile.frontend): what a
Python name inside a @tile.jit function is bound to while the kernel is
generated, and the error it raises at the kernel's own source line."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional, Tuple

from . import language as tl
from .language import dtype

__all__ = ["KernelSyntaxError", "PtrType", "ViewType", "TensorType", "Value", "type_str",
           "elem_of", "shape_of", "describe"]


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

    @property
    def mlir(self) -> str:
        dims = "x".join("?" if d is None else str(d) for d in self.shape)
        return f"!tile.view<{dims}x{self.elem.name}>"


@dataclass(frozen=True)
class TensorType:
    shape: Tuple[int, ...]
    elem: Any  # dtype or PtrType

    @property
    def mlir(self) -> str:
        e = self.elem.mlir if isinstance(self.elem, PtrType) else self.elem.name
        return f"tensor<{tl.shape_str(self.shape)}x{e}>"


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
