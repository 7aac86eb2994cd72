"""The memory builtins of the Python kernel language (tile.frontend): layout
conversion, shared memory (the layout dialect's local_alloc, local_store,
local_load, memdesc_index, memdesc_trans and barrier), loads and stores at
element offsets (tile.load_at/store_at, Tilus style) and atomics
(tile.atomic_rmw, tile.atomic_cas). A mixin of the generator, like
frontend_builtins.BuiltinCalls; each method takes the builtin's name, its
argument getter `arg(i, key, default)`, its keywords and the call's node."""

from __future__ import annotations

from typing import Any

from . import language as tl
from .frontend_types import (LayoutVar, MemDescType, PtrType, TensorType, Value, ViewType,
                             describe as _describe, elem_of, shape_of, type_str)

__all__ = ["MemoryCalls"]

_SEMS = ("relaxed", "acquire", "release", "acq_rel")
_SCOPES = ("cta", "gpu", "sys")
# cuTile's memory_order / memory_scope of a load or store, spelled as in the
# dialect's clauses (docs/TileLanguage.md, "Hints and memory ordering").
_LOAD_ORDERS = ("weak", "relaxed", "acquire")
_STORE_ORDERS = ("weak", "relaxed", "release")
_ACCESS_SCOPES = ("block", "device", "system")


class MemoryCalls:
    """Generator methods for layouts, shared memory, load_at/store_at and
    atomics (mixed into tile.frontend.Generator)."""

    # -- layouts ------------------------------------------------------------------

    def b_convert_layout(self, name, arg, kw, node) -> Value:
        from .layouts import Layout
        x, layout = arg(0, "x"), arg(1, "layout")
        if not isinstance(x, Value) or not isinstance(x.type, TensorType):
            raise self.error(f"tile.convert_layout converts a tensor, not {_describe(x)}", node)
        if not isinstance(layout, Layout):
            raise self.error(f"tile.convert_layout: {layout!r} is not a layout; give a "
                             f"tile.layouts object such as Blocked([1, 4], [4, 8], [4, 1], "
                             f"[1, 0])", node)
        t = TensorType(x.type.shape, x.type.elem, LayoutVar(given=layout))
        self.pending_converts.append((x.type.lay, layout, node))
        return self.op(f"layout.convert {x.name} : {x.type.mlir} -> {t.mlir}", t, "cvt")

    # -- shared memory ----------------------------------------------------------------

    def _shared_layout(self, layout, node):
        from .layouts import Layout, Slice, Blocked, Linear
        if not isinstance(layout, Layout) or isinstance(layout, (Blocked, Slice, Linear)):
            raise self.error(f"a shared-memory buffer needs a shared layout "
                             f"(tile.layouts.SwizzledShared(vec, per_phase, max_phase, order) "
                             f"or Strided('...')), not {layout!r}", node)
        return layout

    def _memdesc(self, v, what, node) -> Value:
        if not isinstance(v, Value) or not isinstance(v.type, MemDescType):
            raise self.error(f"{what} takes a shared-memory buffer (tile.allocate_shared), "
                             f"not {_describe(v)}", node)
        return v

    def b_allocate_shared(self, name, arg, kw, node) -> Value:
        dt, shape = arg(0, "dtype"), arg(1, "shape")
        layout = self._shared_layout(arg(2, "layout"), node)
        value = arg(3, "value", None)
        if not isinstance(dt, tl.dtype):
            raise self.error(f"tile.allocate_shared: {dt!r} is not a dtype (tile.float16, ...)",
                             node)
        shape = self._shape_arg(shape, "a shared-memory shape", node, pow2=False)
        t = MemDescType(shape, dt, layout)
        if value is None:
            return self.op(f"layout.local_alloc : {t.mlir}", t, "smem")
        if not isinstance(value, Value) or not isinstance(value.type, TensorType):
            raise self.error(f"tile.allocate_shared: value must be a tensor, not "
                             f"{_describe(value)}", node)
        value = self.cast(value, dt, node)
        if value.type.shape != shape:
            raise self.error(f"tile.allocate_shared: the value's shape {list(value.type.shape)} "
                             f"is not the buffer's {list(shape)}", node)
        self.needs_layout.append((value.type.lay, value.type.shape, node))
        return self.op(f"layout.local_alloc {value.name} : {value.type.mlir} -> {t.mlir}", t,
                       "smem")

    def b_shared_store(self, name, arg, kw, node) -> None:
        mem = self._memdesc(arg(0, "buffer"), "tile.shared_store", node)
        value = arg(1, "value")
        if not isinstance(value, Value) or not isinstance(value.type, TensorType):
            raise self.error(f"tile.shared_store stores a tensor, not {_describe(value)}", node)
        self._one_slot(mem, "tile.shared_store", node)
        value = self.cast(value, mem.type.elem, node)
        if value.type.shape != mem.type.shape:
            raise self.error(f"tile.shared_store: the tensor's shape {list(value.type.shape)} is "
                             f"not the buffer's {list(mem.type.shape)}", node)
        self.needs_layout.append((value.type.lay, value.type.shape, node))
        self.emit(f"layout.local_store {value.name}, {mem.name} : {value.type.mlir} -> "
                  f"{mem.type.mlir}{self.loc()}")
        return None

    def b_shared_load(self, name, arg, kw, node) -> Value:
        mem = self._memdesc(arg(0, "buffer"), "tile.shared_load", node)
        layout = arg(1, "layout", None)
        self._one_slot(mem, "tile.shared_load", node)
        for i, s in enumerate(mem.type.shape):
            if s & (s - 1):
                raise self.error(f"tile.shared_load: dimension #{i} of the buffer is {s}; a "
                                 f"tensor's dims are powers of two", node)
        t = TensorType(mem.type.shape, mem.type.elem)
        if layout is not None:
            self.give_layout(t, layout, node)
        self.needs_layout.append((t.lay, t.shape, node))
        return self.op(f"layout.local_load {mem.name} : {mem.type.mlir} -> {t.mlir}", t, "sld")

    def _one_slot(self, mem: Value, what: str, node) -> None:
        rank = len(mem.type.shape)
        slot_rank = _layout_rank(mem.type.layout)
        if slot_rank is not None and rank > slot_rank:
            raise self.error(f"{what}: the buffer {type_str(mem.type)} has "
                             f"{rank - slot_rank} buffer dim(s); take a slot with "
                             f"buf.index(i) first", node)

    def b_barrier(self, name, arg, kw, node) -> None:
        self.emit(f"layout.barrier{self.loc()}")
        return None

    def mem_index(self, mem: Value, i, node) -> Value:
        if len(mem.type.shape) < 2:
            raise self.error("buf.index(i) takes a slot of a buffer with a leading buffer "
                             "dim (allocate (slots, ...) to have one)", node)
        t = MemDescType(mem.type.shape[1:], mem.type.elem, mem.type.layout)
        i = self.as_value(i, tl.int32, node)
        if i.type != tl.int32:
            raise self.error(f"buf.index(i): the slot index is an i32, not {type_str(i.type)}",
                             node)
        return self.op(f"layout.memdesc_index {mem.name}[{i.name}] : {mem.type.mlir} -> "
                       f"{t.mlir}", t, "slot")

    def mem_permute(self, mem: Value, order, node) -> Value:
        from .layouts import SwizzledShared
        order = list(order) if isinstance(order, (tuple, list)) else None
        rank = len(mem.type.shape)
        if order is None or sorted(order) != list(range(rank)):
            raise self.error(f"buf.permute(order): order must be a permutation of 0..{rank - 1}",
                             node)
        lay = mem.type.layout
        if not isinstance(lay, SwizzledShared) or rank != len(lay.order):
            raise self.error("buf.permute() takes a buffer of one slot with a SwizzledShared "
                             "layout (other layouts: write the transposed layout and "
                             "allocate it)", node)
        inverse = [order.index(d) for d in range(rank)]
        new = SwizzledShared(lay.vec, lay.per_phase, lay.max_phase,
                             [inverse[d] for d in lay.order])
        t = MemDescType(tuple(mem.type.shape[d] for d in order), mem.type.elem, new)
        return self.op(f"layout.memdesc_trans {mem.name} {{order = array<i32: "
                       f"{', '.join(str(o) for o in order)}>}} : {mem.type.mlir} -> {t.mlir}",
                       t, "smemT")

    # -- cuTile's load/store hints ----------------------------------------------------

    def access_hints(self, name, kw, is_load: bool, node) -> str:
        """The `latency`, `memory_order`, `memory_scope` clauses and the
        `{allow_tma}` attribute of tile.load_tile/store_tile/load_at/store_at
        (cuTile's ct.load/ct.store keywords), as text for after the op's
        other clauses; each value checked here, in Python's spelling."""
        text = ""
        latency = kw.get("latency")
        if latency is not None:
            if isinstance(latency, bool) or not isinstance(latency, int):
                raise self.error(f"tile.{name}: latency is a compile-time integer from 1 to "
                                 f"10, not {_describe(latency)}", node)
            if not 1 <= latency <= 10:
                raise self.error(f"tile.{name}: latency={latency} is out of range; the hint "
                                 f"is an integer from 1 (little DRAM traffic) to 10 (heavy), "
                                 f"or leave it out", node)
            text += f" latency = {latency}"
        orders = _LOAD_ORDERS if is_load else _STORE_ORDERS
        order = kw.get("memory_order")
        if order is not None and order not in orders:
            raise self.error(f"tile.{name}: memory_order={order!r}; a "
                             f"{'load' if is_load else 'store'} takes one of "
                             f"{', '.join(map(repr, orders))}", node)
        scope = kw.get("memory_scope")
        ordered = "acquire" if is_load else "release"
        if scope is not None:
            if scope not in _ACCESS_SCOPES:
                raise self.error(f"tile.{name}: memory_scope={scope!r}; use one of "
                                 f"{', '.join(map(repr, _ACCESS_SCOPES))}", node)
            if order in (None, "weak"):
                raise self.error(f"tile.{name}: memory_scope={scope!r} on a weak access, which "
                                 f"has no scope; give memory_order='{ordered}' (or "
                                 f"'relaxed'), or drop memory_scope", node)
        if order not in (None, "weak"):
            text += f" memory_order = {order}"
            if scope is not None:
                text += f" memory_scope = {scope}"
        allow_tma = kw.get("allow_tma", False)
        if not isinstance(allow_tma, bool):
            raise self.error(f"tile.{name}: allow_tma is True or False (a compile-time "
                             f"value), not {_describe(allow_tma)}", node)
        if allow_tma:
            if order not in (None, "weak"):
                raise self.error(f"tile.{name}: allow_tma=True with memory_order={order!r}: "
                                 f"TMA copies are weak; drop allow_tma or the memory order",
                                 node)
            text += " {allow_tma}"
        return text

    # -- loads and stores at element offsets --------------------------------------

    def _view_and_offsets(self, name, arg, node):
        view = arg(0, "view")
        if not isinstance(view, Value) or not isinstance(view.type, ViewType):
            raise self.error(f"tile.{name} takes a view (tile.make_view), not "
                             f"{_describe(view)}", node)
        offs = arg(1, "offsets")
        offs = offs if isinstance(offs, (tuple, list)) else (offs,)
        if len(offs) != len(view.type.shape):
            raise self.error(f"tile.{name}: the view has rank {len(view.type.shape)} but "
                             f"{len(offs)} offsets are given (one element offset per axis)",
                             node)
        values = []
        for o in offs:
            v = self.as_value(o, tl.int32, node)
            if v.type not in (tl.int32, tl.int64):
                raise self.error(f"tile.{name}: offsets are i32 or i64, not {type_str(v.type)}",
                                 node)
            values.append(v.name if v.type == tl.int32 else f"{v.name} : i64")
        return view, ", ".join(values)

    def _dims_clause(self, name, kw, view, tile_rank, node) -> str:
        """` dims [d0, ...]` for a rank-reducing access (Tilus's `dims`):
        strictly increasing view axes, one per tile dim; "" without the
        keyword (the tile then has the view's rank)."""
        rank = len(view.type.shape)
        if "dims" not in kw:
            if tile_rank and tile_rank != rank:
                raise self.error(f"tile.{name}: the tile has rank {tile_rank}, the view "
                                 f"{rank}; give the tile the view's rank (1 for unit dims), "
                                 f"or say which view axes it walks with dims=(...)", node)
            return ""
        dims = kw["dims"]
        dims = dims if isinstance(dims, (tuple, list)) else (dims,)
        if not all(isinstance(d, int) and not isinstance(d, bool) for d in dims):
            raise self.error(f"tile.{name}: dims is a tuple of compile-time view axes, not "
                             f"{kw['dims']!r}", node)
        if len(dims) != tile_rank:
            raise self.error(f"tile.{name}: dims has {len(dims)} entries but the tile has rank "
                             f"{tile_rank}: one view axis per tile dim", node)
        if any(d < 0 or d >= rank for d in dims) or list(dims) != sorted(set(dims)):
            raise self.error(f"tile.{name}: dims={tuple(dims)!r}; give strictly increasing view "
                             f"axes from 0 to {rank - 1}", node)
        return f" dims [{', '.join(str(d) for d in dims)}]"

    def b_load_at(self, name, arg, kw, node) -> Value:
        view, offs = self._view_and_offsets(name, arg, node)
        shape = self._shape_arg(arg(2, "shape", ()), "a tile shape", node)
        dims = self._dims_clause(name, kw, view, len(shape), node)
        t = TensorType(shape, view.type.elem) if shape else view.type.elem
        if kw.get("layout") is not None and shape:
            self.give_layout(t, kw["layout"], node)
        hints = self.access_hints(name, kw, True, node)
        return self.op(f"tile.load_at {view.name}[{offs}]{dims}{hints} : {view.type.mlir} -> "
                       f"{type_str(t)}", t, "at")

    def b_store_at(self, name, arg, kw, node) -> None:
        view, offs = self._view_and_offsets(name, arg, node)
        value = arg(2, "value")
        if isinstance(value, Value):
            value = self.cast(value, view.type.elem, node)
        else:
            value = self.as_value(value, view.type.elem, node)
        tile_rank = len(value.type.shape) if isinstance(value.type, TensorType) else 0
        dims = self._dims_clause(name, kw, view, tile_rank, node)
        hints = self.access_hints(name, kw, False, node)
        self.emit(f"tile.store_at {value.name}, {view.name}[{offs}]{dims}{hints} : "
                  f"{type_str(value.type)}, {view.type.mlir}{self.loc()}")
        return None

    # -- global tensors ---------------------------------------------------------------

    def b_global_tensor(self, name, arg, kw, node) -> Value:
        """tile.global_tensor(dtype, shape, zeroed=False): scratch global
        memory for one launch, shared by its programs (Tilus's
        global_tensor()); extents are integers or integer arguments of the
        kernel."""
        dt, shape = arg(0, "dtype"), arg(1, "shape")
        if not isinstance(dt, tl.dtype):
            raise self.error(f"tile.global_tensor: {dt!r} is not a dtype (tile.float32, ...)",
                             node)
        shape = shape if isinstance(shape, (tuple, list)) else (shape,)
        entries = []
        for e in shape:
            if isinstance(e, Value):
                if e.type not in (tl.int32, tl.int64) or not e.name[1:].isidentifier() or \
                        e.name[1:] not in self.param_names:
                    raise self.error("tile.global_tensor: an extent is an integer or an integer "
                                     "argument of the kernel (the launcher sizes the buffer "
                                     "from the arguments), not a value computed in the kernel",
                                     node)
                entries.append(self._index_entry(e, node))
            else:
                entries.append(str(self._shape_arg(e, "an extent", node, pow2=False)[0]))
        zeroed = " zeroed" if kw.get("zeroed", arg(2, "zeroed", False)) else ""
        t = PtrType(dt)
        return self.op(f"tile.global_tensor shape [{', '.join(entries)}]{zeroed} : {t.mlir}",
                       t, "scratch")

    # -- atomics ------------------------------------------------------------------------

    def _atomic_qualifiers(self, name, kw, node) -> str:
        text = ""
        sem, scope = kw.get("sem"), kw.get("scope")
        if sem is not None:
            if sem not in _SEMS:
                raise self.error(f"tile.{name}: sem={sem!r}; use one of {', '.join(_SEMS)}",
                                 node)
            text += f" sem = {sem}"
        if scope is not None:
            if scope not in _SCOPES:
                raise self.error(f"tile.{name}: scope={scope!r}; use one of "
                                 f"{', '.join(_SCOPES)}", node)
            text += f" scope = {scope}"
        return text

    def _atomic_operand(self, v, ptr: Value, what: str, node) -> Value:
        elem = elem_of(ptr.type).elem
        rt = TensorType(ptr.type.shape, elem, ptr.type.lay) \
            if isinstance(ptr.type, TensorType) else elem
        if isinstance(v, Value):
            v = self.cast(v, elem, node)
            if shape_of(v.type) != shape_of(rt):
                v = self.broadcast_to(v, shape_of(rt), node)
        else:
            v = self.as_value(v, rt, node)
        self.tie(node, v, ptr)
        return v

    def _atomic_ptr(self, name, arg, node) -> Value:
        ptr = arg(0, "pointer")
        if not isinstance(ptr, Value) or not isinstance(elem_of(ptr.type), PtrType):
            raise self.error(f"tile.{name} takes a pointer or a tensor of pointers, not "
                             f"{_describe(ptr)}", node)
        return ptr

    def b_atomic_rmw(self, name, arg, kw, node) -> Value:
        kind = name[len("atomic_"):]
        ptr = self._atomic_ptr(name, arg, node)
        val = self._atomic_operand(arg(1, "value"), ptr, "value", node)
        operands = [ptr.name, val.name]
        mask = arg(2, "mask", None)
        if mask is not None:
            operands.append(self._mask(mask, ptr, node).name)
        quals = self._atomic_qualifiers(name, kw, node)
        return self.op(f"tile.atomic_rmw {kind} {', '.join(operands)}{quals} : "
                       f"{type_str(ptr.type)}", val.type, "old")

    def b_atomic_cas(self, name, arg, kw, node) -> Value:
        ptr = self._atomic_ptr(name, arg, node)
        cmp = self._atomic_operand(arg(1, "cmp"), ptr, "cmp", node)
        val = self._atomic_operand(arg(2, "value"), ptr, "value", node)
        quals = self._atomic_qualifiers(name, kw, node)
        return self.op(f"tile.atomic_cas {ptr.name}, {cmp.name}, {val.name}{quals} : "
                       f"{type_str(ptr.type)}", val.type, "old")


def _layout_rank(layout) -> Any:
    """The number of trailing dims a shared layout describes, where Python
    knows it (SwizzledShared: its order's length), else None."""
    order = getattr(layout, "order", None)
    return len(order) if order is not None else None
