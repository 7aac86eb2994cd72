"""Reductions and scans with combiners in the Python kernel language
(tile.frontend): `tile.reduce(x, axis, combine)` and `tile.scan(x, axis,
combine)` with a Python combiner (a lambda written in the call, or a
module-level function), argmax/argmin (a two-operand tile.reduce whose
combiner keeps the larger value and, among equal ones, the lower index, as
Triton does), and cumsum/cumprod/cummax/cummin (tile.scan's kinds).

A combiner is generated, not called: its body becomes the ops of the
region, on scalars of the element types (`^bb0(%a0, ..., %b0, ...)`), and
what it returns is the region's tile.yield. A mixin of the generator."""

from __future__ import annotations

import ast
import inspect
from typing import Any, List, Sequence

from . import language as tl
from .frontend_types import LayoutVar, TensorType, Value, describe as _describe, type_str

__all__ = ["ReductionCalls", "InlineLambda"]

_SCAN_KINDS = {"cumsum": "sum", "cumprod": "prod", "cummax": "max", "cummin": "min"}


class InlineLambda:
    """A `lambda` written inside a kernel: only a reduce/scan combiner can
    use it (its body is generated where it is applied)."""

    def __init__(self, node: ast.Lambda, env) -> None:
        self.node, self.env = node, env


class ReductionCalls:
    """Generator methods for tile.reduce/scan with combiners, argmax and the
    cumulative scans (mixed into tile.frontend.Generator)."""

    def _operands(self, name, x, node) -> List[Value]:
        xs = list(x) if isinstance(x, (tuple, list)) else [x]
        if not xs:
            raise self.error(f"tile.{name} needs at least one tensor", node)
        for v in xs:
            if not isinstance(v, Value) or not isinstance(v.type, TensorType):
                raise self.error(f"tile.{name} combines tensors, not {_describe(v)}", node)
        for v in xs[1:]:
            if v.type.shape != xs[0].type.shape:
                raise self.error(f"tile.{name}: the tensors have shapes "
                                 f"{list(xs[0].type.shape)} and {list(v.type.shape)}; give "
                                 f"them one shape", node)
        self.tie(node, *xs)
        return xs

    def _axis(self, name, axis, rank, node) -> int:
        axis = self._const_int_checker(node)(axis, "the axis")
        if axis < 0:
            axis += rank
        if not 0 <= axis < rank:
            raise self.error(f"tile.{name}: axis {axis} is out of range for rank {rank}", node)
        return axis

    # -- the combiner region ----------------------------------------------------

    def combiner_region(self, name, fn, elems: Sequence, node) -> List[str]:
        """The lines of a combiner region `^bb0(a..., b...): ... tile.yield`
        for element types `elems`, generated from the Python combiner `fn`."""
        a = [Value(self.fresh("a"), e) for e in elems]
        b = [Value(self.fresh("b"), e) for e in elems]
        outer_lines, outer_indent = self.lines, self.indent
        self.lines, self.indent = [], outer_indent + 1
        result = self.inline_function(name, fn, a + b, node)
        results = list(result) if isinstance(result, tuple) else [result]
        if len(results) != len(elems):
            raise self.error(f"tile.{name}: the combiner returns {len(results)} value(s) for "
                             f"{len(elems)} tensor(s); return one per tensor, in their order",
                             node)
        outs = []
        for r, e in zip(results, elems):
            if isinstance(r, Value) and isinstance(r.type, TensorType):
                raise self.error(f"tile.{name}: the combiner works on scalars and returned "
                                 f"{_describe(r)}", node)
            outs.append(self.cast(r, e, node) if isinstance(r, Value)
                        else self.as_value(r, e, node))
        self.emit(f"tile.yield {', '.join(o.name for o in outs)} : "
                  f"{', '.join(e.name for e in elems)}")
        body = self.lines
        self.lines, self.indent = outer_lines, outer_indent
        args = ", ".join(f"{v.name}: {v.type.name}" for v in a + b)
        return ["  " * self.indent + f"^bb0({args}):"] + body

    def inline_function(self, name, fn, args: List[Value], node) -> Any:
        """Generates `fn(*args)` in place: a lambda of the kernel, or a
        Python function (its own source, its own error locations)."""
        from .frontend import Generator
        from .jit import JITFunction
        if isinstance(fn, InlineLambda):
            params = [p.arg for p in fn.node.args.args]
            if len(params) != len(args) or fn.node.args.vararg or fn.node.args.kwonlyargs:
                raise self.error(f"tile.{name}: the combiner takes {len(args)} scalars "
                                 f"({len(args) // 2} from each side), not {len(params)}", node)
            saved = self.env
            self.env = dict(fn.env)
            self.env.update(zip(params, args))
            try:
                return self.eval(fn.node.body)
            finally:
                self.env = saved
        if isinstance(fn, JITFunction):
            fn = fn.fn
        if not inspect.isfunction(fn):
            raise self.error(f"tile.{name}: the combiner must be a Python function or a lambda "
                             f"(its body becomes the combiner's ops), not {fn!r}", node)
        n = len(inspect.signature(fn).parameters)
        if n != len(args):
            raise self.error(f"tile.{name}: the combiner {fn.__name__}() takes {n} arguments; "
                             f"it gets {len(args)} scalars ({len(args) // 2} from each side)",
                             node)
        return self._inline(fn, dict(zip(inspect.signature(fn).parameters, args)),
                            "a combiner", node)

    def call_helper(self, fn, args, kwargs, node) -> Any:
        """A call of another @tile.jit function from a kernel: its body is
        generated in place (Gluon's and Triton's @jit helpers), with its
        own source lines in errors and locations."""
        try:
            bound = inspect.signature(fn).bind(*args, **kwargs)
        except TypeError as e:
            raise self.error(f"call to {fn.__name__}(): {e}", node) from None
        bound.apply_defaults()
        return self._inline(fn, dict(bound.arguments), "a helper", node)

    def _inline(self, fn, env, what: str, node) -> Any:
        from .frontend import Generator
        child = Generator(fn, fn.__name__, [], {}, self.num_warps, {})
        child.counter, child.lines, child.indent = self.counter, self.lines, self.indent
        child.pending_converts, child.needs_layout = self.pending_converts, self.needs_layout
        child.call_stack = self.call_stack + [fn]
        fdef = ast.parse(child.source).body[0]
        child.env.update(env)
        stmts = fdef.body
        if stmts and isinstance(stmts[0], ast.Expr) and isinstance(stmts[0].value, ast.Constant):
            stmts = stmts[1:]  # the docstring
        returns = [s for s in ast.walk(fdef) if isinstance(s, ast.Return)]
        if len(returns) > 1 or (returns and stmts[-1] is not returns[0]) or \
                (what == "a combiner" and (not returns or returns[0].value is None)):
            raise child.error(f"{what} ({fn.__name__}) returns its value(s) once, as its "
                              f"last statement: `return a + b` (use tile.where for choices)",
                              returns[-1] if returns else fdef)
        child.returns = []
        child.visit_block(stmts)
        self.counter = child.counter
        return child.returns[0] if child.returns else None

    # -- tile.reduce / argmax ------------------------------------------------------

    def _reduce_result_types(self, xs: List[Value], axis: int):
        shape = xs[0].type.shape[:axis] + xs[0].type.shape[axis + 1:]
        lay = LayoutVar(slice_of=(axis, xs[0].type.lay))
        return [TensorType(shape, x.type.elem, lay) if shape else x.type.elem for x in xs]

    def _emit_multi(self, head: str, region: List[str], tail: str, types, hint: str):
        """An op with a region and len(types) results: the Values."""
        res = self.fresh(hint)
        lhs = f"{res}:{len(types)}" if len(types) > 1 else res
        self.emit(f"{lhs} = {head} combiner {{")
        self.lines.extend(region)
        self.emit(f"}} : {tail}{self.loc()}")
        if len(types) == 1:
            return Value(res, types[0])
        return tuple(Value(f"{res}#{i}", t) for i, t in enumerate(types))

    def b_reduce(self, name, arg, kw, node) -> Any:
        xs = self._operands(name, arg(0, "input"), node)
        axis = self._axis(name, arg(1, "axis"), len(xs[0].type.shape), node)
        fn = arg(2, "combine_fn")
        elems = [x.type.elem for x in xs]
        region = self.combiner_region(name, fn, elems, node)
        types = self._reduce_result_types(xs, axis)
        head = f"tile.reduce {', '.join(x.name for x in xs)} {{axis = {axis} : i32}}"
        tail = f"{', '.join(x.type.mlir for x in xs)} -> {', '.join(type_str(t) for t in types)}"
        return self._emit_multi(head, region, tail, types, "red")

    def b_argmax(self, name, arg, kw, node) -> Value:
        x = arg(0, "input")
        if not isinstance(x, Value) or not isinstance(x.type, TensorType):
            raise self.error(f"tile.{name} reduces a tensor, not {_describe(x)}", node)
        axis = self._axis(name, arg(1, "axis"), len(x.type.shape), node)
        return self.arg_reduce(x, axis, "max" if name == "argmax" else "min", node)[1]

    def arg_reduce(self, x: Value, axis: int, kind: str, node, values_too: bool = False):
        """(values, indices) of the max/min along `axis`: the lowest index
        among equal extremes (Triton's tie-breaking)."""
        e = x.type.elem
        if not (e.is_float or e.is_int):
            raise self.error(f"tile.arg{kind} takes numbers, not {type_str(x.type)}", node)
        axis = self._axis("arg" + kind, axis, len(x.type.shape), node)
        n = x.type.shape[axis]
        it = TensorType((n,), tl.int32)
        idx = self.op(f"tile.arange 0, {n} : {it.mlir}", it, "r")
        for _ in range(axis):
            idx = self.expand_dims(idx, 0)
        while len(idx.type.shape) < len(x.type.shape):
            idx = self.expand_dims(idx, len(idx.type.shape))
        idx = self.broadcast_to(idx, x.type.shape, node)
        self.tie(node, x, idx)
        a, ai, b, bi = (self.fresh(h) for h in ("a", "ai", "b", "bi"))
        cmp = "arith.cmpf" if e.is_float else "arith.cmpi"
        better = {("max", True): "ogt", ("max", False): "sgt", ("min", True): "olt",
                  ("min", False): "slt"}[(kind, e.is_float)]
        eq = "oeq" if e.is_float else "eq"
        ind = "  " * (self.indent + 1)
        g, q, lt, tie_, keep, v, i = (self.fresh(h) for h in
                                      ("gt", "eq", "lt", "tie", "keep", "v", "i"))
        region = [
            "  " * self.indent + f"^bb0({a}: {e.name}, {ai}: i32, {b}: {e.name}, {bi}: i32):",
            f"{ind}{g} = {cmp} {better}, {a}, {b} : {e.name}",
            f"{ind}{q} = {cmp} {eq}, {a}, {b} : {e.name}",
            f"{ind}{lt} = arith.cmpi slt, {ai}, {bi} : i32",
            f"{ind}{tie_} = arith.andi {q}, {lt} : i1",
            f"{ind}{keep} = arith.ori {g}, {tie_} : i1",
            f"{ind}{v} = arith.select {keep}, {a}, {b} : {e.name}",
            f"{ind}{i} = arith.select {keep}, {ai}, {bi} : i32",
            f"{ind}tile.yield {v}, {i} : {e.name}, i32",
        ]
        types = self._reduce_result_types([x, idx], axis)
        head = f"tile.reduce {x.name}, {idx.name} {{axis = {axis} : i32}}"
        tail = f"{x.type.mlir}, {idx.type.mlir} -> {', '.join(type_str(t) for t in types)}"
        values, indices = self._emit_multi(head, region, tail, types, "arg")
        return (values, indices)

    # -- scans ----------------------------------------------------------------------------

    def b_scan(self, name, arg, kw, node) -> Any:
        xs = self._operands(name, arg(0, "input"), node)
        axis = self._axis(name, arg(1, "axis"), len(xs[0].type.shape), node)
        fn = arg(2, "combine_fn")
        reverse = bool(kw.get("reverse", False))
        elems = [x.type.elem for x in xs]
        region = self.combiner_region(name, fn, elems, node)
        types = [x.type for x in xs]
        attrs = f"axis = {axis} : i32" + (", reverse" if reverse else "")
        head = f"tile.scan {', '.join(x.name for x in xs)} {{{attrs}}}"
        return self._emit_multi(head, region, ", ".join(x.type.mlir for x in xs), types, "scan")

    def b_cumulative(self, name, arg, kw, node) -> Value:
        x = arg(0, "input")
        if not isinstance(x, Value) or not isinstance(x.type, TensorType):
            raise self.error(f"tile.{name} scans a tensor, not {_describe(x)}", node)
        if not (x.type.elem.is_float or x.type.elem.is_int) or x.type.elem == tl.int1:
            raise self.error(f"tile.{name} takes numbers, not {type_str(x.type)}; cast with "
                             f".to(tile.int32)", node)
        axis = self._axis(name, arg(1, "axis", 0), len(x.type.shape), node)
        attrs = f"axis = {axis} : i32"
        if kw.get("reverse", False):
            attrs += ", reverse"
        if kw.get("exclusive", False):
            attrs += ", exclusive"
        return self.op(f"tile.scan {_SCAN_KINDS[name]} {x.name} {{{attrs}}} : {x.type.mlir}",
                       x.type, "scan")

