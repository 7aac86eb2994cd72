"""Layouts as Python objects, printed and converted by tile's own code.

    from tile.layouts import Blocked, Slice, Linear, SwizzledShared, Strided, cute_eval
    L = Blocked([2, 4], [16, 2], [2, 2], [1, 0])
    print(L.table([32, 8]))        # tile-layout --shape=32x8 (the Gluon table)
    L.to_linear([32, 8])            # {"shape": [32, 8], "bases": {...}}
    L.to_attr()                     # '#layout.blocked<sizePerThread = [2, 4], ...>'
    cute_eval("crd2idx((1,2), (2,(2,2)):(4,(2,1)))")   # '5'

Each object only builds the attribute text (docs/LayoutDialect.md); parsing,
verification, the linear form and the tables come from the C++ libraries,
through tile._capi (the C API; the same functions as tile-layout). A bad layout or
shape raises ValueError with the verifier's message.
"""

from __future__ import annotations

import json
import operator
from typing import Any, Dict, List, Optional, Sequence, Union

__all__ = ["Layout", "Blocked", "Slice", "Linear", "SwizzledShared", "Strided", "ThreadValue",
           "from_attr", "cute_eval", "cute_layout", "cute_table"]


def _ext():
    from .compiler import _ext as get
    return get()


def _ints(name: str, values: Sequence[int]) -> List[int]:
    try:
        return [operator.index(v) for v in values if not isinstance(v, bool) or _bad()]
    except TypeError:
        raise TypeError(f"{name} must be a sequence of integers, got {values!r}") from None


def _bad():
    raise TypeError("bool")


def _list(values: Sequence[int]) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def _bases(name: str, bases: Sequence[Sequence[int]]) -> str:
    return "[" + ", ".join(_list(_ints(f"{name} basis", b)) for b in bases) + "]"


def _shape(shape: Union[None, int, str, Sequence[int]]) -> List[int]:
    if shape is None:
        return []
    if isinstance(shape, int) and not isinstance(shape, bool):
        return [shape]
    if isinstance(shape, str):  # "64x16", as tile-layout --shape takes it
        try:
            return [int(d) for d in shape.split("x")]
        except ValueError:
            raise ValueError(f"bad shape {shape!r}: write it as D0xD1x..., e.g. 64x16") from None
    return _ints("shape", shape)


class Layout:
    """A layout attribute of the layout dialect."""

    def to_attr(self) -> str:
        """The attribute text, as MLIR prints it (e.g. for a tensor type)."""
        return _ext().layout_canonical(self._text())

    def _text(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.to_attr()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._text()!r})"

    def _identity(self) -> Any:
        """What equality and hashing compare: the canonical attribute text,
        or, where the compiler library is absent (a GPU machine running
        cached kernels), the class and the text as written, so that layouts
        stay usable as constexprs and cache keys there."""
        try:
            return self.to_attr()
        except ImportError:
            return (type(self).__name__, self._text())

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, Layout) and self._identity() == other._identity()

    def __hash__(self) -> int:
        return hash(self._identity())

    def table(self, shape: Union[None, int, str, Sequence[int]] = None, *,
              max_rows: int = 0, max_cols: int = 0) -> str:
        """tile-layout's table for `shape` (T<thread>:<register> per element;
        offsets for shared layouts), without the final newline. Linear and
        strided layouts may leave the shape out (a strided layout then
        prints CuTe's print_layout table)."""
        return _ext().layout_table(self._text(), _shape(shape), max_rows,
                                   max_cols).rstrip("\n")

    def to_linear(self, shape: Union[None, int, str, Sequence[int]] = None) -> Dict[str, Any]:
        """The linear form as tile-layout --format=json prints it:
        {"shape": [...], "bases": {"register": ..., "lane": ..., "warp": ...,
        "block": ...}} ("offset" and "block" for shared layouts)."""
        return json.loads(_ext().layout_json(self._text(), _shape(shape)))

    def to_svg(self, shape: Union[None, int, str, Sequence[int]] = None, *,
               max_rows: int = 0, max_cols: int = 0, element_bits: int = 0,
               html: bool = False) -> str:
        """tile-layout --format=svg for `shape`: the table drawn as a grid,
        colored by thread (shared layouts: by bank, which needs
        `element_bits` unless the layout knows it), with a legend; `html`
        wraps it in one self-contained page. A strided layout without a
        shape draws CuTe's print_layout grid."""
        return _ext().layout_svg(self._text(), _shape(shape), max_rows,
                                 max_cols, element_bits, html)

    def _default_shape(self) -> Optional[List[int]]:
        """The shape a notebook picture uses: the one the layout implies
        (linear, strided), or None."""
        return []

    def _repr_svg_(self) -> Optional[str]:
        """Notebooks (IPython/Jupyter) show the layout as its picture on
        its default shape, elided to 32 x 32 cells; None (the text repr)
        where no shape is implied or the picture fails."""
        shape = self._default_shape()
        if shape is None:
            return None
        try:
            return _ext().layout_svg(self._text(), shape, 32, 32, 0, False)
        except ValueError:
            return None

    def convert_to(self, other: "Layout", shape: Union[None, int, str, Sequence[int]] = None,
                   *, element_bits: int = 32, strategy: str = "auto",
                   format: str = "text", max_rows: int = 0, max_cols: int = 0) -> str:
        """tile-layout --convert-to: what a layout.convert of a `shape`
        tensor of `element_bits`-bit elements from this layout to `other`
        moves and how the compiler lowers it (strategy auto, shared or
        shuffle). format "text" gives the summary, "svg"/"html" the two
        layouts side by side with every destination element marked."""
        if not isinstance(other, Layout):
            raise TypeError(f"other must be a layout object, got {other!r}")
        return _ext().layout_convert(self._text(), other._text(), _shape(shape),
                                     element_bits, strategy, format, max_rows,
                                     max_cols)

    def to_linear_layout(self, shape: Union[None, int, str, Sequence[int]] = None) -> "Linear":
        """The equivalent Linear layout for `shape` (distributed layouts only:
        tile-layout --format=linear)."""
        return Linear._from_text(_ext().layout_linear(self._text(), _shape(shape)))


class _Raw(Layout):
    def __init__(self, text: str) -> None:
        self._attr = text

    def _text(self) -> str:
        return self._attr


def from_attr(text: str) -> Layout:
    """A layout object for any layout attribute text (checked now)."""
    layout = _Raw(text)
    layout.to_attr()  # raises ValueError when it does not parse
    return layout


def _cta_fields(ctas_per_cga, cta_split_num, cta_order) -> str:
    given = [x is not None for x in (ctas_per_cga, cta_split_num, cta_order)]
    if not any(given):
        return ""
    if not all(given):
        raise ValueError("give all of ctas_per_cga, cta_split_num and cta_order, or none")
    return (f", CTAsPerCGA = {_list(_ints('ctas_per_cga', ctas_per_cga))}"
            f", CTASplitNum = {_list(_ints('cta_split_num', cta_split_num))}"
            f", CTAOrder = {_list(_ints('cta_order', cta_order))}")


class Blocked(Layout):
    """#layout.blocked: each thread owns size_per_thread contiguous elements;
    threads_per_warp threads tile a warp, warps_per_cta warps a CTA; `order`
    lists the dims fastest first."""

    def __init__(self, size_per_thread: Sequence[int], threads_per_warp: Sequence[int],
                 warps_per_cta: Sequence[int], order: Sequence[int], *,
                 ctas_per_cga: Optional[Sequence[int]] = None,
                 cta_split_num: Optional[Sequence[int]] = None,
                 cta_order: Optional[Sequence[int]] = None) -> None:
        self.size_per_thread = _ints("size_per_thread", size_per_thread)
        self.threads_per_warp = _ints("threads_per_warp", threads_per_warp)
        self.warps_per_cta = _ints("warps_per_cta", warps_per_cta)
        self.order = _ints("order", order)
        self._cta = _cta_fields(ctas_per_cga, cta_split_num, cta_order)

    def _default_shape(self) -> Optional[List[int]]:
        # One CTA tile: every thread's elements once.
        return [s * t * w for s, t, w in zip(self.size_per_thread, self.threads_per_warp,
                                             self.warps_per_cta)]

    def _text(self) -> str:
        return (f"#layout.blocked<sizePerThread = {_list(self.size_per_thread)}, "
                f"threadsPerWarp = {_list(self.threads_per_warp)}, "
                f"warpsPerCTA = {_list(self.warps_per_cta)}, "
                f"order = {_list(self.order)}{self._cta}>")


class Slice(Layout):
    """#layout.slice: `parent` with dim `dim` removed (its owners broadcast)."""

    def __init__(self, dim: int, parent: Layout) -> None:
        if not isinstance(parent, Layout):
            raise TypeError(f"parent must be a layout object, got {parent!r}")
        self.dim = int(dim)
        self.parent = parent

    def _text(self) -> str:
        return f"#layout.slice<dim = {self.dim}, parent = {self.parent._text()}>"


class Linear(Layout):
    """#layout.linear: the bases of the register, lane, warp and block bits;
    each basis is a coordinate (dim0, dim1, ...)."""

    def __init__(self, register: Sequence[Sequence[int]] = (), lane: Sequence[Sequence[int]] = (),
                 warp: Sequence[Sequence[int]] = (), block: Sequence[Sequence[int]] = ()) -> None:
        self.register = [_ints("register basis", b) for b in register]
        self.lane = [_ints("lane basis", b) for b in lane]
        self.warp = [_ints("warp basis", b) for b in warp]
        self.block = [_ints("block basis", b) for b in block]
        self._attr: Optional[str] = None

    @classmethod
    def _from_text(cls, text: str) -> "Linear":
        layout = cls()
        layout._attr = text
        return layout

    def _text(self) -> str:
        if self._attr is not None:
            return self._attr
        return (f"#layout.linear<register = {_bases('register', self.register)}, "
                f"lane = {_bases('lane', self.lane)}, warp = {_bases('warp', self.warp)}, "
                f"block = {_bases('block', self.block)}>")


class SwizzledShared(Layout):
    """#layout.swizzled_shared: a shared-memory layout whose rows are XOR
    swizzled in `vec`-element units (per_phase rows share a phase, max_phase
    phases)."""

    def __init__(self, vec: int, per_phase: int, max_phase: int, order: Sequence[int], *,
                 ctas_per_cga: Optional[Sequence[int]] = None,
                 cta_split_num: Optional[Sequence[int]] = None,
                 cta_order: Optional[Sequence[int]] = None) -> None:
        self.vec, self.per_phase, self.max_phase = int(vec), int(per_phase), int(max_phase)
        self.order = _ints("order", order)
        self._cta = _cta_fields(ctas_per_cga, cta_split_num, cta_order)

    def _text(self) -> str:
        return (f"#layout.swizzled_shared<vec = {self.vec}, perPhase = {self.per_phase}, "
                f"maxPhase = {self.max_phase}, order = {_list(self.order)}{self._cta}>")


class Strided(Layout):
    """#layout.strided: a CuTe layout `Shape:Stride` (optionally swizzled,
    `Sw<B,M,S> o ...`) mapping coordinates to offsets."""

    def __init__(self, cute: str) -> None:
        if not isinstance(cute, str):
            raise TypeError(f"Strided takes CuTe notation as a string, got {cute!r}")
        self.cute = cute.strip()

    def _text(self) -> str:
        return f"#layout.strided<{self.cute}>"

    def cute_table(self) -> str:
        """CuTe's print_layout table of the layout (no shape needed)."""
        return cute_table(self.cute)


class ThreadValue(Layout):
    """#layout.tv: Mojo's `vectorize[values]().distribute[threads](lane)`
    (`ThreadValue(threads="(8,4):(4,1)", values=(1, 4))`) or a CuTe TV
    layout on a tile (`ThreadValue(tile=(8, 16), tv="((4,8),(2,2)):((16,1),(8,64))")`);
    docs/TileLanguage.md, "Partitioning the Mojo and CuTe way"."""

    def __init__(self, threads: Optional[str] = None, values: Optional[Sequence[int]] = None,
                 *, tile: Optional[Sequence[int]] = None, tv: Optional[str] = None) -> None:
        if (threads is None) == (tv is None) or (threads is None) != (values is None) or \
                (tv is None) != (tile is None):
            raise ValueError("give threads= and values= (Mojo's distribute), or tile= and tv= "
                             "(a CuTe TV layout)")
        self.threads, self.tv = threads, tv
        self.values = _ints("values", values) if values is not None else None
        self.tile = _ints("tile", tile) if tile is not None else None

    def _text(self) -> str:
        if self.threads is not None:
            vals = "(" + ",".join(str(v) for v in self.values) + ")"
            return f"#layout.tv<threads = {self.threads}, values = {vals}>"
        shape = "(" + ",".join(str(v) for v in self.tile) + ")"
        return f"#layout.tv<tile = {shape}, tv = {self.tv}>"


def cute_eval(expr: str) -> str:
    """Evaluates a CuTe algebra expression (docs/CuTe.md), e.g.
    cute_eval('composition(4:2, 2:1)'); the result in CuTe notation with no
    spaces. A bad expression raises ValueError ("column N: ...")."""
    return _ext().cute_eval(expr)


def cute_layout(text: str) -> str:
    """Parses a CuTe layout and prints it back in canonical form."""
    return _ext().cute_normalize(text)


def cute_table(text: str) -> str:
    """CuTe's print_layout table of a layout in Shape:Stride notation."""
    return _ext().cute_table(text).rstrip("\n")
