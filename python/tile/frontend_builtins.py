"""The `tile.*` calls of the Python kernel language (tile.frontend): each
builtin's arguments checked (compile-time ones are Python values, the others
kernel values) and its tile dialect emitted. A mixin of the generator, whose
value machinery (constant, cast, unify, broadcast_to, ...) it uses."""

from __future__ import annotations

import ast
from typing import Any, Dict, List

from . import language as tl
from .frontend_keywords import check_call
from .frontend_types import (LayoutVar, PtrType, TensorType, Value, ViewType,
                             describe as _describe, elem_of, shape_of, type_str)

__all__ = ["BuiltinCalls"]

_REDUCE = {"sum": "sum", "max": "max", "min": "min"}
_MATH = {"exp": "math.exp", "exp2": "math.exp2", "log": "math.log", "log2": "math.log2",
         "sqrt": "math.sqrt", "rsqrt": "math.rsqrt", "sin": "math.sin", "cos": "math.cos",
         "erf": "math.erf", "tanh": "math.tanh"}
# Builtins handled by the mixins of frontend_memory.py and
# frontend_reductions.py: name -> method.
_EXTRA = {
    "convert_layout": "b_convert_layout", "allocate_shared": "b_allocate_shared",
    "shared_store": "b_shared_store", "shared_load": "b_shared_load", "barrier": "b_barrier",
    "load_at": "b_load_at", "store_at": "b_store_at", "atomic_cas": "b_atomic_cas",
    "global_tensor": "b_global_tensor",
    "reduce": "b_reduce", "argmax": "b_argmax", "argmin": "b_argmax", "scan": "b_scan",
    "associative_scan": "b_scan", "cumsum": "b_cumulative", "cumprod": "b_cumulative",
    "cummax": "b_cumulative", "cummin": "b_cumulative",
}
for _kind in ("add", "max", "min", "umax", "umin", "and", "or", "xor", "xchg"):
    _EXTRA["atomic_" + _kind] = "b_atomic_rmw"
_SHAPE_OPS = ("trans", "permute", "reshape", "join", "split", "cat")
_PADDING = ("zero", "nan", "pos_inf", "neg_inf", "undetermined")
_MISSING = object()


def _count(shape) -> int:
    n = 1
    for s in shape:
        n *= s
    return n


class BuiltinCalls:
    """Generator methods for tile.* calls (mixed into tile.frontend.Generator)."""

    def builtin(self, name: str, args: List[Any], kw: Dict[str, Any], node) -> Any:
        wrong = check_call(name, len(args), kw)
        if wrong is not None:
            raise self.error(wrong, node)

        def arg(i, key, default=_MISSING):
            if i < len(args):
                return args[i]
            if key in kw:
                return kw[key]
            if default is _MISSING:
                raise self.error(f"tile.{name}() needs its argument `{key}`", node)
            return default

        const_int = self._const_int_checker(node)

        def shape_arg(v, what):
            return self._shape_arg(v, what, node)

        handler = _EXTRA.get(name)
        if handler is not None:
            return getattr(self, handler)(name, arg, kw, node)

        if name in ("program_id", "num_programs"):
            axis = const_int(arg(0, "axis", 0), "the axis")
            if axis not in (0, 1, 2):
                raise self.error(f"axis {axis}: use 0, 1 or 2", node)
            return self.op(f"tile.{name} {'xyz'[axis]} : i32", tl.int32, "pid")
        if name == "arange":
            start, end = const_int(arg(0, "start"), "start"), const_int(arg(1, "end"), "end")
            n = end - start
            if n <= 0 or n & (n - 1):
                raise self.error(f"arange({start}, {end}) has {n} elements; tiles are powers "
                                 f"of two: use {1 << max(0, (n - 1).bit_length())} and mask", node)
            t = TensorType((n,), tl.int32)
            if kw.get("layout") is not None:
                self.give_layout(t, kw["layout"], node)
            return self.op(f"tile.arange {start}, {end} : {t.mlir}", t, "r")
        if name in ("zeros", "full"):
            shape = shape_arg(arg(0, "shape"), "a shape")
            value = 0 if name == "zeros" else arg(1, "value")
            dt = arg(1 if name == "zeros" else 2, "dtype", tl.float32)
            if not isinstance(dt, tl.dtype):
                raise self.error(f"tile.{name}: dtype {dt!r} is not a dtype; give one such as "
                                 f"tile.float32", node)
            t = TensorType(shape, dt)
            if kw.get("layout") is not None:
                self.give_layout(t, kw["layout"], node)
            return self.constant(value, t)
        if name == "cdiv":
            a, b = arg(0, "a"), arg(1, "b")
            return self.binop(ast.FloorDiv(), self.binop(ast.Add(), a,
                                                         self.binop(ast.Sub(), b, 1, node), node),
                              b, node)
        if name == "static_assert":
            cond = arg(0, "cond")
            if isinstance(cond, Value):
                raise self.error("tile.static_assert takes a compile-time condition", node)
            if not cond:
                raise self.error(f"static assertion failed: {arg(1, 'msg', '')}", node)
            return None
        if name == "load":
            ptr = arg(0, "pointer")
            if not isinstance(ptr, Value) or not isinstance(elem_of(ptr.type), PtrType):
                raise self.error(f"tile.load takes a pointer or a tensor of pointers, not "
                                 f"{_describe(ptr)}", node)
            mask, other = arg(1, "mask", None), arg(2, "other", None)
            elem = elem_of(ptr.type).elem
            rt = TensorType(ptr.type.shape, elem, ptr.type.lay) \
                if isinstance(ptr.type, TensorType) else elem
            if kw.get("layout") is not None:
                if not isinstance(rt, TensorType):
                    raise self.error("tile.load: a layout applies to a tensor of pointers, "
                                     "not to one pointer", node)
                self.give_layout(rt, kw["layout"], node)
            operands = [ptr.name]
            if mask is not None:
                mask = self._mask(mask, ptr, node)
                operands.append(mask.name)
                if other is not None:
                    other = self.as_value(other, rt, node) if not isinstance(other, Value) \
                        else self.broadcast_to(self.cast(other, elem, node), shape_of(rt), node) \
                        if shape_of(rt) else self.cast(other, elem, node)
                    self.tie(node, other, rt)
                    operands.append(other.name)
            elif other is not None:
                raise self.error("tile.load: `other` needs a `mask`", node)
            return self.op(f"tile.load {', '.join(operands)} : {type_str(ptr.type)}", rt, "ld")
        if name == "store":
            ptr, value, mask = arg(0, "pointer"), arg(1, "value"), arg(2, "mask", None)
            if not isinstance(ptr, Value) or not isinstance(elem_of(ptr.type), PtrType):
                raise self.error(f"tile.store takes a pointer or a tensor of pointers, not "
                                 f"{_describe(ptr)}", node)
            elem = elem_of(ptr.type).elem
            if isinstance(value, Value):
                value = self.cast(value, elem, node)
                if shape_of(ptr.type) != shape_of(value.type):
                    value = self.broadcast_to(value, shape_of(ptr.type), node)
            else:
                value = self.as_value(value, TensorType(ptr.type.shape, elem)
                                      if isinstance(ptr.type, TensorType) else elem, node)
            self.tie(node, ptr, value)
            operands = [ptr.name, value.name]
            if mask is not None:
                operands.append(self._mask(mask, ptr, node).name)
            self.emit(f"tile.store {', '.join(operands)} : {type_str(ptr.type)}{self.loc()}")
            return None
        if name == "make_view":
            ptr = arg(0, "pointer")
            if not isinstance(ptr, Value) or not isinstance(ptr.type, PtrType):
                raise self.error("tile.make_view takes a pointer argument of the kernel", node)
            shape = arg(1, "shape")
            shape = shape if isinstance(shape, (tuple, list)) else (shape,)
            strides = arg(2, "strides", None)
            view_layout = kw.get("layout")
            if view_layout is not None:
                from .layouts import Strided
                if not isinstance(view_layout, Strided):
                    raise self.error(f"tile.make_view: layout={view_layout!r}; a view's layout "
                                     f"is a memory layout, tile.layouts.Strided('(4,8):(8,1)')",
                                     node)
                if strides is not None:
                    raise self.error("tile.make_view: give strides or a layout, not both (the "
                                     "layout fixes the strides)", node)
            entries, dims = [], []
            for s in shape:
                if isinstance(s, Value):
                    entries.append(self._index_entry(s, node))
                    dims.append(None)
                else:
                    entries.append(str(const_int(s, "a view extent")))
                    dims.append(s)
            text = f"tile.make_view {ptr.name}, shape [{', '.join(entries)}]"
            if strides is not None:
                strides = strides if isinstance(strides, (tuple, list)) else (strides,)
                if len(strides) != len(shape):
                    raise self.error(f"{len(strides)} strides for {len(shape)} extents", node)
                text += ", strides [" + ", ".join(
                    self._index_entry(s, node) if isinstance(s, Value)
                    else str(const_int(s, "a stride")) for s in strides) + "]"
            t = ViewType(ptr.type.elem, tuple(dims), view_layout)
            return self.op(f"{text} : {ptr.type.mlir} -> {t.mlir}", t, "view")
        if name in ("load_tile", "store_tile"):
            view = arg(0, "view")
            if not isinstance(view, Value) or not isinstance(view.type, ViewType):
                raise self.error(f"tile.{name} takes a view (tile.make_view), not "
                                 f"{_describe(view)}", node)
            index = arg(1, "index")
            index = index if isinstance(index, (tuple, list)) else (index,)
            if len(index) != len(view.type.shape):
                raise self.error(f"the view has rank {len(view.type.shape)} but the index "
                                 f"has {len(index)} entries", node)
            idx = ", ".join(self.as_value(i, tl.int32, node).name for i in index)
            order = kw.get("order")
            order_txt = ""
            if order is not None:
                order_txt = f' order = "{order}"' if order in ("C", "F") else \
                    f" order = [{', '.join(str(const_int(o, 'order')) for o in order)}]"
            if name == "load_tile":
                shape = shape_arg(arg(2, "shape"), "a tile shape")
                if "padding" in kw and "padding_mode" in kw:
                    raise self.error("give padding= or padding_mode= (cuTile's name), not "
                                     "both", node)
                key = "padding_mode" if "padding_mode" in kw else "padding"
                padding = kw.get(key, "undetermined")
                if isinstance(padding, tl.PaddingMode):
                    padding = padding.value
                if not isinstance(padding, str) or padding not in _PADDING:
                    raise self.error(f"{key}={padding!r}: use one of {', '.join(_PADDING)} "
                                     f"(or tile.PaddingMode.ZERO, ...)", node)
                t = TensorType(shape, view.type.elem) if shape else view.type.elem
                if kw.get("layout") is not None and shape:
                    self.give_layout(t, kw["layout"], node)
                pad = f" padding = {padding}" if padding != "undetermined" else ""
                hints = self.access_hints(name, kw, True, node)
                return self.op(f"tile.load_tile {view.name}[{idx}]{order_txt}{pad}{hints} : "
                               f"{view.type.mlir} -> {type_str(t)}", t, "tile")
            value = arg(2, "value")
            if not isinstance(value, Value):
                raise self.error("tile.store_tile stores a tensor", node)
            value = self.cast(value, view.type.elem, node)
            hints = self.access_hints(name, kw, False, node)
            self.emit(f"tile.store_tile {value.name}, {view.name}[{idx}]{order_txt}{hints} : "
                      f"{type_str(value.type)}, {view.type.mlir}{self.loc()}")
            return None
        if name in _REDUCE:
            x = arg(0, "input")
            if not isinstance(x, Value) or not isinstance(x.type, TensorType):
                if name in ("max", "min") and not isinstance(x, Value):
                    raise self.error(f"tile.{name} reduces a tensor; for two values use "
                                     f"tile.{name}imum(a, b)", node)
                raise self.error(f"tile.{name} reduces a tensor, not {_describe(x)}", node)
            axis = const_int(arg(1, "axis", 0), "the axis")
            rank = len(x.type.shape)
            if axis < 0:
                axis += rank
            if not 0 <= axis < rank:
                raise self.error(f"axis {axis} is out of range for rank {rank}", node)
            if kw.get("return_indices"):
                if name == "sum":
                    raise self.error("return_indices applies to tile.max and tile.min", node)
                return self.arg_reduce(x, axis, name, node, values_too=True)
            shape = x.type.shape[:axis] + x.type.shape[axis + 1:]
            t = TensorType(shape, x.type.elem, LayoutVar(slice_of=(axis, x.type.lay))) \
                if shape else x.type.elem
            return self.op(f"tile.reduce {_REDUCE[name]} {x.name} {{axis = {axis} : i32}} : "
                           f"{x.type.mlir} -> {type_str(t)}", t, "red")
        if name in ("maximum", "minimum"):
            x, y = self.unify(arg(0, "a"), arg(1, "b"), node)
            fl = elem_of(x.type).is_float
            op = {"maximum": "arith.maximumf" if fl else "arith.maxsi",
                  "minimum": "arith.minimumf" if fl else "arith.minsi"}[name]
            return self.op(f"{op} {x.name}, {y.name} : {type_str(x.type)}", x.type)
        if name == "where":
            return self.where(arg(0, "cond"), arg(1, "a"), arg(2, "b"), node)
        if name == "cast":
            x, dt = arg(0, "x"), arg(1, "dtype")
            return self._to(x, dt, node)
        if name == "abs":
            x = arg(0, "x")
            if not isinstance(x, Value):
                return abs(x)
            op = "math.absf" if elem_of(x.type).is_float else "math.absi"
            return self.op(f"{op} {x.name} : {type_str(x.type)}", x.type)
        if name in _MATH:
            x = arg(0, "x")
            if not isinstance(x, Value):
                x = self.constant(float(x), tl.float32)
            if not elem_of(x.type).is_float:
                x = self.cast(x, tl.float32, node)
            return self.op(f"{_MATH[name]} {x.name} : {type_str(x.type)}", x.type)
        if name == "dot":
            a, b, acc = arg(0, "a"), arg(1, "b"), arg(2, "acc", None)
            for v, what in ((a, "a"), (b, "b")):
                if not isinstance(v, Value) or not isinstance(v.type, TensorType) or \
                        len(v.type.shape) != 2:
                    raise self.error(f"tile.dot: `{what}` must be a 2-D tensor, not "
                                     f"{_describe(v)}", node)
            if a.type.shape[1] != b.type.shape[0]:
                raise self.error(f"tile.dot: the inner dims differ: {list(a.type.shape)} times "
                                 f"{list(b.type.shape)}", node)
            if acc is None:
                acc = self.constant(0.0, TensorType((a.type.shape[0], b.type.shape[1]),
                                                    tl.float32))
            return self.op(f"tile.dot {a.name}, {b.name}, {acc.name} : {a.type.mlir}, "
                           f"{b.type.mlir} -> {acc.type.mlir}", acc.type, "dot")
        if name in _SHAPE_OPS:
            return self._shape_op(name, args, kw, arg, const_int, shape_arg, node)
        raise self.error(f"tile.{name} is not supported by the front end yet", node)

    def _shape_op(self, name, args, kw, arg, const_int, shape_arg, node) -> Any:
        """tile.trans / permute / reshape / join / split / cat (Triton's
        tl.trans, tl.permute, tl.reshape, tl.join, tl.split, tl.cat; cat
        keeps the order of the elements)."""
        def tensor(v, what="input"):
            if not isinstance(v, Value) or not isinstance(v.type, TensorType):
                raise self.error(f"tile.{name} takes a tensor as its {what}, not "
                                 f"{_describe(v)}", node)
            return v

        if name in ("trans", "permute"):
            x = tensor(arg(0, "input"))
            rank = len(x.type.shape)
            dims = tuple(args[1:]) or kw.get("dims", ())
            if len(dims) == 1 and isinstance(dims[0], (tuple, list)):
                dims = tuple(dims[0])
            if not dims:
                if name == "permute" or rank != 2:
                    raise self.error(f"tile.{name} of a rank-{rank} tensor needs the order of "
                                     f"its dims, e.g. tile.{name}(x, "
                                     f"{tuple(reversed(range(rank)))})", node)
                dims = (1, 0)
            dims = tuple(const_int(d, "a dimension") for d in dims)
            if sorted(dims) != list(range(rank)):
                raise self.error(f"dims {dims} are not a permutation of 0..{rank - 1}", node)
            t = TensorType(tuple(x.type.shape[d] for d in dims), x.type.elem)
            return self.op(f"tile.trans {x.name}, [{', '.join(map(str, dims))}] : "
                           f"{x.type.mlir} -> {t.mlir}", t, "tr")
        if name == "reshape":
            x = tensor(arg(0, "input"))
            shape = tuple(args[1:]) if len(args) > 2 else shape_arg(arg(1, "shape"), "a shape")
            shape = tuple(const_int(d, "a shape") for d in shape)
            if _count(shape) != _count(x.type.shape):
                raise self.error(f"cannot reshape {type_str(x.type)} ({_count(x.type.shape)} "
                                 f"elements) to {list(shape)} ({_count(shape)} elements)", node)
            t = TensorType(shape, x.type.elem)
            return self.op(f"tile.reshape {x.name} : {x.type.mlir} -> {t.mlir}", t, "rs")
        if name in ("join", "cat"):
            a, b = arg(0, "a"), arg(1, "b")
            if not isinstance(a, Value) and not isinstance(b, Value):
                raise self.error(f"tile.{name} takes tensors", node)
            a, b = self.unify(a, b, node)
            tensor(a, "first operand")
            if name == "join":
                t = TensorType(a.type.shape + (2,), a.type.elem)
                return self.op(f"tile.join {a.name}, {b.name} : {a.type.mlir} -> {t.mlir}",
                               t, "join")
            axis = const_int(kw.get("dim", kw.get("axis", args[2] if len(args) > 2 else 0)),
                             "the axis")
            rank = len(a.type.shape)
            if axis < 0:
                axis += rank
            if not 0 <= axis < rank:
                raise self.error(f"axis {axis} is out of range for rank {rank}", node)
            shape = list(a.type.shape)
            shape[axis] *= 2
            t = TensorType(tuple(shape), a.type.elem)
            return self.op(f"tile.cat {a.name}, {b.name} {{axis = {axis} : i32}} : "
                           f"{a.type.mlir} -> {t.mlir}", t, "cat")
        # split
        x = tensor(arg(0, "input"))
        if len(x.type.shape) < 2 or x.type.shape[-1] != 2:
            raise self.error(f"tile.split takes a tensor of rank 2 or more whose last dim "
                             f"is 2, not {type_str(x.type)}", node)
        t = TensorType(x.type.shape[:-1], x.type.elem)
        name0 = self.fresh("split")
        self.emit(f"{name0}:2 = tile.split {x.name} : {x.type.mlir} -> {t.mlir}{self.loc()}")
        return Value(f"{name0}#0", t), Value(f"{name0}#1", t)

    def _to(self, x, dt, node) -> Any:
        if not isinstance(dt, tl.dtype):
            raise self.error(f"cast to {dt!r}: give a dtype such as tile.float16", node)
        if not isinstance(x, Value):
            return self.constant(x, dt)
        return self.cast(x, dt, node)

    def _mask(self, mask, ptr: Value, node) -> Value:
        if not isinstance(mask, Value):
            mask = self.constant(bool(mask), TensorType(ptr.type.shape, tl.int1)
                                 if isinstance(ptr.type, TensorType) else tl.int1)
        if elem_of(mask.type) != tl.int1:
            raise self.error(f"a mask is a comparison result (i1), not "
                             f"{type_str(mask.type)}", node)
        if shape_of(mask.type) != shape_of(ptr.type):
            mask = self.broadcast_to(mask, shape_of(ptr.type), node)
        self.tie(node, mask, ptr)
        return mask

    def _const_int_checker(self, node):
        def const_int(v, what):
            if isinstance(v, float) and v.is_integer():
                raise self.error(f"{what} must be a compile-time integer, not the float {v!r}: "
                                 f"`/` of Python numbers gives a float; write `//`", node)
            if isinstance(v, bool) or not isinstance(v, int):
                raise self.error(f"{what} must be a compile-time integer (a literal or a "
                                 f"tile.constexpr parameter), not {_describe(v)}", node)
            return v
        return const_int

    def _shape_arg(self, v, what, node, pow2: bool = True):
        """A compile-time shape: integers, each a power of two (tensor dims
        are) unless `pow2` is False."""
        const_int = self._const_int_checker(node)
        v = v if isinstance(v, (tuple, list)) else (v,)
        shape = tuple(const_int(s, what) for s in v)
        for i, s in enumerate(shape):
            if s <= 0:
                raise self.error(f"{what} {list(shape)}: dimension #{i} is {s}; dimensions "
                                 f"are positive", node)
            if pow2 and s & (s - 1):
                raise self.error(f"{what} {list(shape)}: dimension #{i} is {s}, not a power "
                                 f"of two; tile dimensions must be powers of two: use "
                                 f"{1 << (s - 1).bit_length()} and mask or pad", node)
        return shape

    def _index_entry(self, v: Value, node) -> str:
        if v.type == tl.int32:
            return v.name
        if v.type == tl.int64:
            return f"{v.name} : i64"
        raise self.error(f"view extents and strides are i32 or i64, not {type_str(v.type)}",
                         node)
