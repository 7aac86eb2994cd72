"""The front end of the Python kernel language: a @tile.jit function's syntax
tree (Python's `ast`) to tile dialect MLIR text.

The generator walks the function once per specialization (argument types
and constexpr values), keeping every Python name bound to either a Python
value (constexprs, literals, dtypes: folded at compile time) or an SSA value
of the kernel (`Value`: its MLIR name and type). Each expression emits the
ops that compute it:
  1. scalars and tensors combine with numpy-style broadcasting (rank first,
     with tile.expand_dims, then size-1 axes with tile.broadcast) and the
     usual promotion (a Python number takes the other side's type, ints
     widen to the wider int, int with float converts to the float);
  2. `for ... in range()` becomes scf.for, carrying every variable the body
     reassigns; `if` on a kernel value becomes scf.if, yielding every
     variable a branch reassigns (an `if` on a constexpr picks its branch
     at compile time);
  3. anything else Python allows but a kernel cannot run (while, recursion,
     calls to arbitrary functions, return values) is a KernelSyntaxError at
     its file:line, saying what to write instead.
Tensors carry no layouts: the compiler's layout assignment chooses them.
Every op carries the location of the Python code it comes from, so the
verifier's and the lowering's diagnostics point at the kernel's source too.
The tile.* builtins live in frontend_builtins.py (their parameters in
frontend_keywords.py), the value and type classes in frontend_types.py.
"""

from __future__ import annotations

import ast
import builtins
import inspect
import re
import textwrap
from typing import Any, Dict, List, Optional, Sequence, Tuple

from . import language as tl
from .frontend_builtins import BuiltinCalls
from .frontend_keywords import check_call
from .frontend_memory import MemoryCalls
from .frontend_reductions import InlineLambda, ReductionCalls
from .frontend_types import (KernelSyntaxError, LayoutConflict, LayoutVar, MemDescType,
                             PtrType, TensorType, vars_by_id as _vars_by_id, Value, ViewType,
                             default_blocked, describe as _describe, elem_of, shape_of,
                             type_str, unify_layouts)
from .language import dtype

__all__ = ["EQUAL_TO_ONE", "KernelSyntaxError", "Value", "generate_mlir"]

# In the divisibility map of a specialization: the integer argument is 1
# (Triton's equal_to_1), compiled as the constant.
EQUAL_TO_ONE = -1


class Generator(BuiltinCalls, MemoryCalls, ReductionCalls, ast.NodeVisitor):
    def __init__(self, fn, kernel_name: str, params: List[Tuple[str, Any]],
                 constexprs: Dict[str, Any], num_warps: int, divisibility: Dict[str, int],
                 warp_specialize: bool = False):
        self.fn = fn
        self.warp_specialize = warp_specialize
        self.kernel_name = kernel_name
        self.params = params
        self.param_names = {name for name, _ in params}
        self.constexprs = constexprs
        self.num_warps = num_warps
        self.divisibility = divisibility
        try:
            src_lines, self.first_line = inspect.getsourcelines(fn)
        except (OSError, TypeError) as e:
            raise KernelSyntaxError(
                f"the source of kernel {fn.__name__} is not available ({e}): @tile.jit reads "
                f"the function's source, so define it in a file (not `python -c` or an "
                f"interactive prompt)", getattr(fn.__code__, "co_filename", "<kernel>"),
                fn.__code__.co_firstlineno, 0) from None
        self.source = textwrap.dedent("".join(src_lines))
        # How far textwrap.dedent moved the source left (a method or a
        # nested function): added back to every column.
        first = src_lines[0] if src_lines else ""
        dedented_first = self.source.splitlines()[0] if self.source else ""
        self.indent_of_source = (len(first) - len(first.lstrip())) - \
            (len(dedented_first) - len(dedented_first.lstrip()))
        self.filename = inspect.getsourcefile(fn) or "<kernel>"
        self.lines: List[str] = []
        self.indent = 1
        self.counter = 0
        self.env: Dict[str, Any] = {}
        self.globals = fn.__globals__
        self.node: Optional[ast.AST] = None
        # Names assigned inside an scf.if/scf.for but not before it: not
        # visible after it.
        self.scoped: set = set()
        # layout.convert ops whose source may still have no layout:
        # (source variable, target layout, node), resolved at the end.
        self.pending_converts: List[Tuple[LayoutVar, Any, ast.AST]] = []
        # Tensors that must have a layout (shared-memory stores and loads):
        # (variable, shape, node); a default blocked layout where none is
        # given.
        self.needs_layout: List[Tuple[LayoutVar, Tuple[int, ...], ast.AST]] = []
        # Where a function is being inlined (a reduce/scan combiner): the
        # values its `return` gives.
        self.returns: Optional[List[Any]] = None
        # The kernel and the @tile.jit helpers being inlined (recursion).
        self.call_stack: List[Any] = [fn]

    # -- errors and emission ------------------------------------------------

    def error(self, message: str, node: Optional[ast.AST] = None) -> KernelSyntaxError:
        node = node or self.node
        lineno = getattr(node, "lineno", 1)
        col = getattr(node, "col_offset", 0)
        lines = self.source.splitlines()
        line = lines[lineno - 1] if 0 < lineno <= len(lines) else ""
        message = re.sub(r"@@L(\d+)@@", _show_layout, message)
        return KernelSyntaxError(message, self.filename, self.first_line + lineno - 1,
                                 col + self.indent_of_source, line.strip())

    def fresh(self, hint: str = "v") -> str:
        self.counter += 1
        return f"%{hint}{self.counter}"

    def emit(self, text: str) -> None:
        self.lines.append("  " * self.indent + text)

    def loc(self) -> str:
        """The MLIR location of the Python code being generated: every op
        carries one, so that the verifier's and the lowering's diagnostics
        name the kernel's own file:line:column."""
        node = self.node
        if node is None or not hasattr(node, "lineno"):
            return ""
        line = self.first_line + node.lineno - 1
        col = node.col_offset + 1 + self.indent_of_source
        path = self.filename.replace("\\", "\\\\").replace('"', '\\"')
        return f' loc("{path}":{line}:{col})'

    def op(self, text: str, result_type, hint: str = "v") -> Value:
        name = self.fresh(hint)
        self.emit(f"{name} = {text}{self.loc()}")
        return Value(name, result_type)

    # -- top level ------------------------------------------------------------

    def generate(self) -> str:
        tree = ast.parse(self.source)
        fdef = tree.body[0]
        if not isinstance(fdef, ast.FunctionDef):
            raise self.error("@tile.jit applies to a function", fdef)
        args = []
        for name, t in self.params:
            # Pointers 16-byte aligned, integers multiples of 16 (Triton's
            # specialization): the compiler may vectorize on it.
            attr = " {tile.divisibility = 16 : i64}" if self.divisibility.get(name, 1) >= 16 \
                else ""
            args.append(f"%{name}: {type_str(t)}{attr}")
            self.env[name] = Value(f"%{name}", t)
            if self.divisibility.get(name) == EQUAL_TO_ONE:
                # The launch passes 1 here (the JIT's specialization): the
                # body sees the constant.
                self.env[name] = self.op(f"arith.constant 1 : {type_str(t)}", t, name)
        for name, v in self.constexprs.items():
            self.env[name] = v
        # warp_specialize=True asks tile-warp-specialize for every dot loop
        # of the kernel (the MLIR kernel attribute), also those its cost
        # rule would leave to tile-pipeline.
        ws = ", tile.warp_specialize = true" if self.warp_specialize else ""
        header = (f"tile.kernel @{self.kernel_name}({', '.join(args)}) "
                  f"attributes {{num_warps = {self.num_warps} : i32{ws}}} {{")
        body = fdef.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            body = body[1:]  # the docstring
        first_var = LayoutVar().id
        try:
            self.visit_block(body)
            self.emit("tile.return")
            return self.finalize("\n".join([header] + self.lines + ["}", ""]))
        finally:
            table = _vars_by_id()
            for k in [k for k in table if k >= first_var]:
                del table[k]

    # -- layouts ------------------------------------------------------------------

    def tie(self, node, *types) -> None:
        """The tensors among `types` (types or values) share one layout."""
        vars_ = [t.lay for t in (x.type if isinstance(x, Value) else x for x in types)
                 if isinstance(t, TensorType)]
        for other in vars_[1:]:
            try:
                unify_layouts(vars_[0], other)
            except LayoutConflict as e:
                raise self.error(f"the layouts of the operands differ: {e}; convert one "
                                 f"with tile.convert_layout(x, layout)", node) from None

    def give_layout(self, t: TensorType, layout, node) -> None:
        """Fixes the layout of tensor type `t` to the layout object `layout`."""
        from .layouts import Layout
        if not isinstance(layout, Layout):
            raise self.error(f"layout={layout!r}: give a layout object such as "
                             f"tile.layouts.Blocked(...)", node)
        try:
            unify_layouts(t.lay, LayoutVar(given=layout))
        except LayoutConflict as e:
            raise self.error(f"the layouts differ: {e}; convert with "
                             f"tile.convert_layout(x, layout)", node) from None

    def finalize(self, text: str) -> str:
        """Replaces each tensor type's layout placeholder by its layout (an
        alias defined at the top) or by nothing (the compiler chooses)."""
        for var, layout, node in self.pending_converts:
            if var.resolve() is None:
                # Nothing else fixes the source's layout: it is the target's
                # (the convert is then the identity, which folds away).
                try:
                    unify_layouts(var, LayoutVar(given=layout))
                except LayoutConflict as e:
                    raise self.error(f"tile.convert_layout: the source's layout is "
                                     f"{e}", node) from None
        for var, shape, node in self.needs_layout:
            if var.resolve() is None:
                unify_layouts(var, LayoutVar(given=default_blocked(shape, self.num_warps)))
        aliases: Dict[str, str] = {}
        counts: Dict[str, int] = {}

        def alias(m) -> str:
            var = _vars_by_id().get(int(m.group(1)))
            attr = var.resolve() if var is not None else None
            if attr is None:
                return ""
            if attr not in aliases:
                kind = re.match(r"#layout\.(\w+)", attr)
                base = kind.group(1) if kind else "layout"
                n = counts.get(base, 0)
                counts[base] = n + 1
                aliases[attr] = f"#{base}{n if n else ''}"
            return f", {aliases[attr]}"

        body = re.sub(r"@@L(\d+)@@", alias, text)
        # Parents before the slices that name them (a parent's text is
        # shorter than any attribute containing it), each by its alias.
        lines = []
        for attr in sorted(aliases, key=len):
            text = attr
            for inner in sorted(aliases, key=len, reverse=True):
                if inner != attr and inner in text:
                    text = text.replace(inner, aliases[inner])
            lines.append(f"{aliases[attr]} = {text}\n")
        header = "".join(lines)
        return header + body

    def visit_block(self, stmts: Sequence[ast.stmt]) -> None:
        for stmt in stmts:
            self.node = stmt
            self.visit(stmt)

    def generic_visit(self, node):
        what = type(node).__name__
        hints = {
            "While": "while loops are not supported in a kernel: write `for i in range(n)` "
                     "(an scf.for with a bound known before the loop) and mask the tail",
            "Try": "try/except is not supported in a kernel: there are no exceptions on the GPU",
            "With": "`with` is not supported in a kernel",
            "Lambda": "lambdas are not supported in a kernel: use tile.* builtins",
            "ListComp": "list comprehensions are not supported in a kernel",
            "FunctionDef": "nested functions are not supported in a kernel: define it at "
                           "module level as Python (for constexpr arithmetic) or inline it",
            "Break": "`break` is not supported in a kernel: loops run their full range; "
                     "use a mask or an `if` inside the loop",
            "Continue": "`continue` is not supported in a kernel: put the rest of the body "
                        "under an `if`",
        }
        raise self.error(hints.get(what, f"{what} is not supported in a kernel"), node)

    # -- statements -----------------------------------------------------------

    def visit_Expr(self, node: ast.Expr) -> None:
        if isinstance(node.value, ast.Constant):
            return
        self.eval(node.value)

    def visit_Pass(self, node) -> None:
        pass

    def visit_Return(self, node: ast.Return) -> None:
        if self.returns is not None:  # a combiner or a helper being inlined
            self.returns.append(self.eval(node.value) if node.value is not None else None)
            return
        if node.value is not None:
            raise self.error("a kernel returns nothing: write its results through "
                             "pointers (tile.store) or views (tile.store_tile)", node)
        raise self.error("`return` is only allowed as nothing at all: put the rest of the "
                         "kernel under an `if`", node)

    def visit_Assign(self, node: ast.Assign) -> None:
        value = self.eval(node.value)
        for target in node.targets:
            self.assign(target, value)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is None:
            raise self.error("a declaration without a value does nothing in a kernel", node)
        self.assign(node.target, self.eval(node.value))

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        if not isinstance(node.target, ast.Name):
            raise self.error("only names can be updated in place (x += ...)", node)
        left = self.lookup(node.target.id, node.target)
        self.env[node.target.id] = self.binop(node.op, left, self.eval(node.value), node)

    def assign(self, target: ast.AST, value: Any) -> None:
        if isinstance(target, ast.Name):
            self.env[target.id] = value
        elif isinstance(target, ast.Tuple):
            if not isinstance(value, tuple) or len(value) != len(target.elts):
                raise self.error("cannot unpack this value into "
                                 f"{len(target.elts)} names", target)
            for t, v in zip(target.elts, value):
                self.assign(t, v)
        else:
            raise self.error("only names and tuples of names can be assigned in a kernel "
                             "(no subscripts or attributes: store through tile.store)", target)

    def visit_If(self, node: ast.If) -> None:
        cond = self.eval(node.test)
        if not isinstance(cond, Value):
            self.visit_block(node.body if cond else node.orelse)
            return
        if cond.type != tl.int1:
            raise self.error(f"the condition of an `if` must be a scalar i1 (a comparison), "
                             f"not {type_str(cond.type)}; a tensor condition needs "
                             f"tile.where(cond, a, b)", node.test)
        assigned = sorted(_assigned_names(node.body) | _assigned_names(node.orelse))
        before = dict(self.env)
        carried = [n for n in assigned if isinstance(before.get(n), Value)]
        # Generate both branches into buffers first: their types decide the
        # scf.if's results.
        outer_lines, outer_indent = self.lines, self.indent
        branches = []
        for stmts in (node.body, node.orelse):
            self.lines, self.indent = [], outer_indent + 1
            self.env = dict(before)
            self.visit_block(stmts)
            vals = [self.as_value(self.env.get(n), before[n].type, node) for n in carried]
            for n, v in zip(carried, vals):
                if v.type != before[n].type:
                    raise self.error(f"`{n}` is {type_str(before[n].type)} before the `if` but "
                                     f"{type_str(v.type)} in a branch; keep its type (cast "
                                     f"with .to())", node)
                self.tie(node, v, before[n])
            if carried:
                self.emit(f"scf.yield {', '.join(v.name for v in vals)} : "
                          f"{', '.join(type_str(v.type) for v in vals)}")
            branches.append(self.lines)
        self.lines, self.indent, self.env = outer_lines, outer_indent, before
        self.scoped |= set(assigned) - set(before)
        types = [before[n].type for n in carried]
        if carried:
            res = self.fresh("if")
            lhs = f"{res}:{len(carried)} = " if len(carried) > 1 else f"{res} = "
            self.emit(f"{lhs}scf.if {cond.name} -> ({', '.join(type_str(t) for t in types)}) {{")
        else:
            self.emit(f"scf.if {cond.name} {{")
        self.lines.extend(branches[0])
        if node.orelse or carried:
            self.emit("} else {")
            self.lines.extend(branches[1])
        self.emit("}")
        for i, n in enumerate(carried):
            self.env[n] = Value(f"{res}#{i}" if len(carried) > 1 else res, types[i])

    def visit_For(self, node: ast.For) -> None:
        if node.orelse:
            raise self.error("for/else is not supported in a kernel", node)
        if not isinstance(node.target, ast.Name):
            raise self.error("the loop variable must be one name", node.target)
        it = node.iter
        if not (isinstance(it, ast.Call) and isinstance(it.func, ast.Name)
                and it.func.id in ("range", "static_range")):
            raise self.error("a kernel loop is `for i in range(...)`: other iterables "
                             "are not supported", it)
        bounds = [self.eval(a) for a in it.args]
        if not 1 <= len(bounds) <= 3:
            raise self.error("range() takes 1 to 3 arguments", it)
        if len(bounds) == 1:
            bounds = [0, bounds[0], 1]
        elif len(bounds) == 2:
            bounds = [bounds[0], bounds[1], 1]
        lo, hi, step = bounds
        if not isinstance(step, int):
            raise self.error("the step of range() must be a compile-time constant", it)
        if step <= 0:
            raise self.error(f"range() step {step}: kernel loops count up; use a step of 1 "
                             f"or more", it)
        ivtype = tl.int32
        for b in (lo, hi):
            if isinstance(b, Value):
                if b.type not in (tl.int32, tl.int64):
                    raise self.error(f"range() bounds are i32 or i64, not {type_str(b.type)}", it)
                if b.type == tl.int64:
                    ivtype = tl.int64
        lo_v = self.as_value(lo, ivtype, it)
        hi_v = self.as_value(hi, ivtype, it)
        st_v = self.as_value(step, ivtype, it)
        assigned = sorted(_assigned_names(node.body))
        before = dict(self.env)
        carried = [n for n in assigned if isinstance(before.get(n), Value)
                   or (n in before and isinstance(before[n], (int, float))
                       and not isinstance(before[n], bool))]
        inits = []
        for n in carried:
            v = before[n]
            if not isinstance(v, Value):
                # A Python number reassigned in the loop becomes a kernel value.
                v = self.as_value(v, tl.float32 if isinstance(v, float) else tl.int32, node)
            inits.append(v)
        iv = self.fresh("i")
        args = [self.fresh("acc") for _ in carried]
        res = self.fresh("for")
        outer_lines, outer_indent = self.lines, self.indent
        self.lines, self.indent = [], outer_indent + 1
        for n, a, v in zip(carried, args, inits):
            self.env[n] = Value(a, v.type)
        self.env[node.target.id] = Value(iv, ivtype)
        self.visit_block(node.body)
        outs = []
        for n, v in zip(carried, inits):
            out = self.as_value(self.env[n], v.type, node)
            if out.type != v.type:
                raise self.error(f"`{n}` is {type_str(v.type)} before the loop but "
                                 f"{type_str(out.type)} after an iteration; keep its type "
                                 f"(cast with .to())", node)
            self.tie(node, out, v)
            outs.append(out)
        if carried:
            self.emit(f"scf.yield {', '.join(o.name for o in outs)} : "
                      f"{', '.join(type_str(o.type) for o in outs)}")
        body = self.lines
        self.lines, self.indent = outer_lines, outer_indent
        env_after = {k: v for k, v in before.items()}
        if carried:
            lhs = f"{res}:{len(carried)} = " if len(carried) > 1 else f"{res} = "
            iters = ", ".join(f"{a} = {v.name}" for a, v in zip(args, inits))
            types = ", ".join(type_str(v.type) for v in inits)
            self.emit(f"{lhs}scf.for {iv} = {lo_v.name} to {hi_v.name} step {st_v.name} "
                      f"iter_args({iters}) -> ({types}) : {ivtype.name} {{")
        else:
            self.emit(f"scf.for {iv} = {lo_v.name} to {hi_v.name} step {st_v.name} "
                      f": {ivtype.name} {{")
        self.lines.extend(body)
        self.emit("}")
        self.env = env_after
        self.scoped |= (set(assigned) | {node.target.id}) - set(before)
        for i, (n, v) in enumerate(zip(carried, inits)):
            self.env[n] = Value(f"{res}#{i}" if len(carried) > 1 else res, v.type)

    # -- expressions ------------------------------------------------------------

    def lookup(self, name: str, node: ast.AST) -> Any:
        if name in self.env:
            return self.env[name]
        if name in self.scoped:
            raise self.error(f"'{name}' is assigned only inside an `if` or a loop above; "
                             f"give it a value before them so that it is defined on every "
                             f"path", node)
        if name in self.globals:
            return self.globals[name]
        if hasattr(builtins, name):
            return getattr(builtins, name)
        raise self.error(f"name '{name}' is not defined", node)

    def eval(self, node: ast.AST) -> Any:
        saved = self.node
        self.node = node
        try:
            method = getattr(self, "eval_" + type(node).__name__, None)
            if method is None:
                raise self.error(f"{type(node).__name__} expressions are not supported "
                                 f"in a kernel", node)
            return method(node)
        finally:
            self.node = saved

    def eval_Constant(self, node: ast.Constant) -> Any:
        return node.value

    def eval_Name(self, node: ast.Name) -> Any:
        return self.lookup(node.id, node)

    def eval_Tuple(self, node: ast.Tuple) -> Any:
        return tuple(self.eval(e) for e in node.elts)

    eval_List = eval_Tuple

    def eval_Attribute(self, node: ast.Attribute) -> Any:
        base = self.eval(node.value)
        if isinstance(base, Value):
            if node.attr == "shape":
                return shape_of(base.type)
            if node.attr == "dtype":
                return elem_of(base.type)
            if node.attr == "to":
                return _BoundMethod(self, base, "to")
            if isinstance(base.type, MemDescType) and node.attr in _MEMDESC_METHODS:
                return _BoundMethod(self, base, node.attr)
            if isinstance(base.type, MemDescType):
                raise self.error(f"a shared-memory buffer has no attribute '{node.attr}' (it "
                                 f"has .shape, .dtype, .load(layout), .store(x), .index(i) "
                                 f"and .permute(order))", node)
            raise self.error(f"a kernel value has no attribute '{node.attr}' (it has "
                             f".shape, .dtype and .to(dtype))", node)
        try:
            return getattr(base, node.attr)
        except AttributeError:
            raise self.error(f"{base!r} has no attribute '{node.attr}'", node) from None

    def eval_Lambda(self, node: ast.Lambda) -> Any:
        return InlineLambda(node, dict(self.env))

    def eval_BinOp(self, node: ast.BinOp) -> Any:
        return self.binop(node.op, self.eval(node.left), self.eval(node.right), node)

    def eval_UnaryOp(self, node: ast.UnaryOp) -> Any:
        v = self.eval(node.operand)
        if not isinstance(v, Value):
            return _fold_unary(node.op, v)
        if isinstance(node.op, ast.USub):
            return self.binop(ast.Sub(), 0, v, node)
        if isinstance(node.op, ast.UAdd):
            return v
        if isinstance(node.op, (ast.Not, ast.Invert)):
            if not elem_of(v.type).is_int:
                raise self.error("~ and `not` apply to integers and booleans", node)
            return self.binop(ast.BitXor(), v, -1, node)
        raise self.error("unsupported unary operator", node)

    def eval_BoolOp(self, node: ast.BoolOp) -> Any:
        vals = [self.eval(v) for v in node.values]
        if not any(isinstance(v, Value) for v in vals):
            out = vals[0]
            for v in vals[1:]:
                out = (out and v) if isinstance(node.op, ast.And) else (out or v)
            return out
        op = ast.BitAnd() if isinstance(node.op, ast.And) else ast.BitOr()
        out = vals[0]
        for v in vals[1:]:
            out = self.binop(op, out, v, node)
        return out

    def eval_Compare(self, node: ast.Compare) -> Any:
        if len(node.ops) != 1:
            raise self.error("chained comparisons (a < b < c) are not supported: write "
                             "(a < b) & (b < c)", node)
        return self.compare(node.ops[0], self.eval(node.left), self.eval(node.comparators[0]),
                            node)

    def eval_IfExp(self, node: ast.IfExp) -> Any:
        cond = self.eval(node.test)
        if isinstance(cond, Value):
            return self.where(cond, self.eval(node.body), self.eval(node.orelse), node)
        return self.eval(node.body) if cond else self.eval(node.orelse)

    def eval_Subscript(self, node: ast.Subscript) -> Any:
        base = self.eval(node.value)
        index = node.slice
        items = index.elts if isinstance(index, ast.Tuple) else [index]
        if not isinstance(base, Value):
            return base[self.eval(index)]
        if not isinstance(base.type, TensorType):
            raise self.error("only tensors can be indexed, and only with `:` and None "
                             "(x[:, None] adds an axis)", node)
        # x[:, None], x[None, :]: insert axes.
        out = base
        axis = 0
        for it in items:
            if isinstance(it, ast.Slice) and it.lower is None and it.upper is None and it.step is None:
                axis += 1
            elif isinstance(it, ast.Constant) and it.value is None:
                out = self.expand_dims(out, axis)
                axis += 1
            else:
                raise self.error("tensors are indexed only with `:` and None (x[:, None] adds "
                                 "an axis); load elements through pointers or views", node)
        if axis != len(shape_of(out.type)):
            raise self.error(f"the index has {axis} entries for a tensor of rank "
                             f"{len(shape_of(out.type))}", node)
        return out

    def eval_Call(self, node: ast.Call) -> Any:
        fn = self.eval(node.func)
        args = [self.eval(a) for a in node.args]
        kwargs = {k.arg: self.eval(k.value) for k in node.keywords}
        if isinstance(fn, _BoundMethod):
            return fn(node, *args, **kwargs)
        from .jit import JITFunction  # noqa: WPS433 (circular at import time)
        if isinstance(fn, JITFunction):
            if fn.fn is self.fn or fn.fn in self.call_stack:
                raise self.error("recursion is not supported in a kernel: write the "
                                 "repetition as `for i in range(n)`", node)
            return self.call_helper(fn.fn, args, kwargs, node)
        if isinstance(fn, InlineLambda):
            raise self.error("a lambda in a kernel is only a combiner (tile.reduce(x, axis, "
                             "lambda a, b: ...), tile.scan); write the expression inline", node)
        name = _builtin_name(fn)
        if name is not None:
            return self.builtin(name, args, kwargs, node)
        if fn in (builtins.range,):
            raise self.error("range() only appears as `for i in range(...)`", node)
        if fn in _PY_FOLDABLE:
            if any(isinstance(a, Value) for a in args) or \
                    any(isinstance(v, Value) for v in kwargs.values()):
                raise self.error(f"{fn.__name__}() on kernel values is Python, not kernel "
                                 f"code; use tile.maximum/tile.minimum/tile.abs or .to()", node)
            return fn(*args, **kwargs)
        if isinstance(fn, tl.dtype):
            raise self.error("cast with x.to(tile.float16) or tile.cast(x, dtype)", node)
        if _is_layout_class(fn):
            # tile.layouts.Blocked(...) etc.: a layout object, built now.
            if any(isinstance(a, Value) for a in list(args) + list(kwargs.values())):
                raise self.error(f"{fn.__name__}(...) takes compile-time values (literals and "
                                 f"constexprs)", node)
            try:
                return fn(*args, **kwargs)
            except (TypeError, ValueError) as e:
                raise self.error(f"{fn.__name__}(...): {e}", node) from None
        what = getattr(fn, "__name__", repr(fn))
        raise self.error(f"call to {what}(): a kernel can call only tile.* builtins "
                         f"(tile.load, tile.sum, tile.exp, ...) and Python functions on "
                         f"constexprs (min, max, int, ...); inline it or compute it "
                         f"outside and pass it in as an argument", node)

    # -- the value machinery -----------------------------------------------------

    def constant(self, value: Any, t) -> Value:
        elem = elem_of(t)
        if isinstance(elem, PtrType):
            raise self.error("a Python number cannot be a pointer")
        if elem.is_float:
            lit = repr(float(value))
            if lit in ("inf", "-inf", "nan"):
                lit = {"inf": "0x7F800000", "-inf": "0xFF800000", "nan": "0x7FC00000"}[lit] \
                    if elem == tl.float32 else {"inf": "0x7C00", "-inf": "0xFC00",
                                                "nan": "0x7E00"}.get(lit, lit)
                if elem not in (tl.float32, tl.float16):
                    raise self.error(f"inf/nan constants of {elem.name} are not supported")
        else:
            if isinstance(value, float):
                raise self.error(f"the float {value} cannot become an {elem.name} implicitly; "
                                 f"cast with .to()")
            lit = "true" if value is True else "false" if value is False else str(int(value))
            if elem == tl.int1 and lit not in ("true", "false"):
                lit = "true" if int(value) else "false"
        if isinstance(t, TensorType):
            t = TensorType(t.shape, elem, t.lay)
            return self.op(f"arith.constant dense<{lit}> : {t.mlir}", t, "cst")
        return self.op(f"arith.constant {lit} : {elem.name}", elem, "c")

    def as_value(self, v: Any, t, node=None) -> Value:
        """`v` as a kernel value of type `t` (a Python number is materialized;
        a kernel value is returned as it is)."""
        if isinstance(v, Value):
            return v
        if isinstance(v, (bool, int, float)):
            return self.constant(v, t)
        raise self.error(f"{v!r} is not a kernel value", node)

    def to_scalar_or_const(self, v, node) -> Any:
        if isinstance(v, (Value, bool, int, float)):
            return v
        raise self.error(f"{v!r} cannot be used as a kernel value", node)

    def splat(self, v: Value, shape: Tuple[int, ...]) -> Value:
        t = TensorType(shape, v.type)
        return self.op(f"tile.splat {v.name} : {type_str(v.type)} -> {t.mlir}", t, "splat")

    def expand_dims(self, v: Value, axis: int) -> Value:
        shape = list(shape_of(v.type))
        shape.insert(axis, 1)
        t = TensorType(tuple(shape), v.type.elem)
        # The operand's layout is the slice of the result's along `axis`.
        self.tie(self.node, v, TensorType(v.type.shape, v.type.elem,
                                          LayoutVar(slice_of=(axis, t.lay))))
        return self.op(f"tile.expand_dims {v.name} {{axis = {axis} : i32}} : "
                       f"{v.type.mlir} -> {t.mlir}", t, "ex")

    def broadcast_to(self, v: Value, shape: Tuple[int, ...], node) -> Value:
        if not isinstance(v.type, TensorType):
            return self.splat(v, shape)
        if not shape:
            raise self.error(f"{type_str(v.type)} where a scalar is expected (a single "
                             f"pointer takes a single value): make the pointer a tensor "
                             f"(ptr + offsets) or reduce the value", node)
        while len(v.type.shape) < len(shape):
            v = self.expand_dims(v, 0)
        if v.type.shape == tuple(shape):
            return v
        for a, b in zip(v.type.shape, shape):
            if a != b and a != 1:
                raise self.error(f"shapes {list(v.type.shape)} and {list(shape)} do not "
                                 f"broadcast", node)
        t = TensorType(tuple(shape), v.type.elem, v.type.lay)
        return self.op(f"tile.broadcast {v.name} : {v.type.mlir} -> {t.mlir}", t, "bc")

    def broadcast_shape(self, a, b, node) -> Tuple[int, ...]:
        sa, sb = shape_of(a), shape_of(b)
        n = max(len(sa), len(sb))
        sa = (1,) * (n - len(sa)) + tuple(sa)
        sb = (1,) * (n - len(sb)) + tuple(sb)
        out = []
        for x, y in zip(sa, sb):
            if x != y and 1 not in (x, y):
                raise self.error(f"shapes {list(shape_of(a))} and {list(shape_of(b))} do not "
                                 f"broadcast", node)
            out.append(max(x, y))
        return tuple(out)

    def cast(self, v: Value, to: dtype, node) -> Value:
        src = elem_of(v.type)
        if src == to:
            return v
        t = TensorType(v.type.shape, to, v.type.lay) if isinstance(v.type, TensorType) else to
        ts = type_str
        if src.is_float and to.is_float:
            op = "arith.extf" if to.bits > src.bits else "arith.truncf"
            if to.bits == src.bits:
                mid = TensorType(v.type.shape, tl.float32, v.type.lay) \
                    if isinstance(v.type, TensorType) else tl.float32
                v = self.op(f"arith.extf {v.name} : {ts(v.type)} to {ts(mid)}", mid, "cvt")
                op = "arith.truncf"
        elif src.is_int and to.is_float:
            op = "arith.uitofp" if src == tl.int1 else "arith.sitofp"
        elif src.is_float and to.is_int:
            op = "arith.fptosi"
        elif to.bits > src.bits:
            op = "arith.extui" if src == tl.int1 else "arith.extsi"
        else:
            op = "arith.trunci"
        return self.op(f"{op} {v.name} : {ts(v.type)} to {ts(t)}", t, "cvt")

    def unify(self, a, b, node) -> Tuple[Value, Value]:
        """Both operands as kernel values of one element type and shape."""
        if not isinstance(a, Value) and not isinstance(b, Value):
            raise AssertionError("folded earlier")
        ea = elem_of(a.type) if isinstance(a, Value) else None
        eb = elem_of(b.type) if isinstance(b, Value) else None
        for e in (ea, eb):
            if isinstance(e, (PtrType, ViewType)):
                raise self.error("pointers take only + and - of an integer offset", node)
        if ea is None:
            target = eb if not (isinstance(a, float) and eb.is_int) else tl.float32
        elif eb is None:
            target = ea if not (isinstance(b, float) and ea.is_int) else tl.float32
        elif ea == eb:
            target = ea
        elif ea.is_float != eb.is_float:
            target = ea if ea.is_float else eb
        else:
            target = ea if ea.bits >= eb.bits else eb
        shape = self.broadcast_shape(a.type if isinstance(a, Value) else (),
                                     b.type if isinstance(b, Value) else (), node) \
            if isinstance(a, Value) and isinstance(b, Value) else \
            shape_of((a if isinstance(a, Value) else b).type)
        out = []
        for v in (a, b):
            if not isinstance(v, Value):
                t = TensorType(shape, target) if shape else target
                out.append(self.constant(v, t))
                continue
            v = self.cast(v, target, node)
            if shape:
                v = self.broadcast_to(v, shape, node)
            out.append(v)
        self.tie(node, out[0], out[1])
        return out[0], out[1]

    def binop(self, op: ast.operator, a, b, node) -> Any:
        if not isinstance(a, Value) and not isinstance(b, Value):
            try:
                return _fold_binary(op, a, b)
            except Exception as e:  # noqa: BLE001 - reported at the line
                raise self.error(f"constant expression failed: {e}", node) from None
        # Pointer arithmetic.
        for p, q, sign in ((a, b, 1), (b, a, 1)):
            if isinstance(p, Value) and isinstance(elem_of(p.type), PtrType):
                if isinstance(op, ast.Sub) and p is b:
                    raise self.error("an integer minus a pointer is not defined", node)
                if not isinstance(op, (ast.Add, ast.Sub)):
                    raise self.error("pointers take only + and - of an integer offset", node)
                return self.addptr(p, q, negate=isinstance(op, ast.Sub), node=node)
        x, y = self.unify(a, b, node)
        e = elem_of(x.type)
        fl = e.is_float
        table = {
            ast.Add: "arith.addf" if fl else "arith.addi",
            ast.Sub: "arith.subf" if fl else "arith.subi",
            ast.Mult: "arith.mulf" if fl else "arith.muli",
            ast.Div: "arith.divf" if fl else None,
            ast.FloorDiv: None if fl else "arith.divsi",
            ast.Mod: "arith.remf" if fl else "arith.remsi",
            ast.BitAnd: None if fl else "arith.andi",
            ast.BitOr: None if fl else "arith.ori",
            ast.BitXor: None if fl else "arith.xori",
            ast.LShift: None if fl else "arith.shli",
            ast.RShift: None if fl else "arith.shrsi",
        }
        name = table.get(type(op))
        if name is None:
            if isinstance(op, ast.Div):
                raise self.error("`/` of integers: write `//` for integer division or cast "
                                 "to a float first with .to(tile.float32)", node)
            raise self.error(f"operator {type(op).__name__} is not defined on "
                             f"{type_str(x.type)}", node)
        return self.op(f"{name} {x.name}, {y.name} : {type_str(x.type)}", x.type)

    def compare(self, op: ast.cmpop, a, b, node) -> Any:
        if not isinstance(a, Value) and not isinstance(b, Value):
            return _fold_compare(op, a, b)
        x, y = self.unify(a, b, node)
        fl = elem_of(x.type).is_float
        preds = {ast.Lt: ("olt", "slt"), ast.LtE: ("ole", "sle"), ast.Gt: ("ogt", "sgt"),
                 ast.GtE: ("oge", "sge"), ast.Eq: ("oeq", "eq"), ast.NotEq: ("une", "ne")}
        if type(op) not in preds:
            raise self.error("only <, <=, >, >=, == and != compare kernel values", node)
        pred = preds[type(op)][0 if fl else 1]
        t = TensorType(x.type.shape, tl.int1, x.type.lay) if isinstance(x.type, TensorType) \
            else tl.int1
        return self.op(f"arith.cmp{'f' if fl else 'i'} {pred}, {x.name}, {y.name} : "
                       f"{type_str(x.type)}", t, "cmp")

    def addptr(self, p: Value, off, negate: bool, node) -> Value:
        if isinstance(off, Value):
            if not elem_of(off.type).is_int:
                raise self.error("a pointer offset must be an integer", node)
        else:
            if not isinstance(off, int):
                raise self.error("a pointer offset must be an integer", node)
        if negate:
            off = self.binop(ast.Sub(), 0, off, node) if isinstance(off, Value) else -off
        if not isinstance(off, Value):
            off = self.constant(off, tl.int32)
        shape = self.broadcast_shape(p.type, off.type, node)
        if shape:
            p = self.broadcast_to(p, shape, node)
            off = self.broadcast_to(off, shape, node)
            self.tie(node, p, off)
        return self.op(f"tile.addptr {p.name}, {off.name} : {type_str(p.type)}, "
                       f"{type_str(off.type)}", p.type, "ptr")

    def where(self, c, a, b, node) -> Value:
        if not isinstance(c, Value):
            return a if c else b
        if elem_of(c.type) != tl.int1:
            raise self.error(f"the condition of tile.where is a comparison result (i1), not "
                             f"{type_str(c.type)}", node)
        if isinstance(a, Value) or isinstance(b, Value):
            x, y = self.unify(a, b, node)
        else:
            e = tl.float32 if isinstance(a, float) or isinstance(b, float) else tl.int32
            t = TensorType(c.type.shape, e, c.type.lay) if isinstance(c.type, TensorType) else e
            x, y = self.constant(a, t), self.constant(b, t)
        shape = self.broadcast_shape(c.type, x.type, node)
        if shape:
            c, x, y = (self.broadcast_to(v, shape, node) for v in (c, x, y))
            self.tie(node, c, x, y)
            types = f"{type_str(c.type)}, {type_str(x.type)}"
        else:
            types = type_str(x.type)
        return self.op(f"arith.select {c.name}, {x.name}, {y.name} : {types}", x.type, "sel")

    # -- builtins ------------------------------------------------------------------


def _show_layout(m) -> str:
    """A layout placeholder in a message: the layout where it is known."""
    var = _vars_by_id().get(int(m.group(1)))
    attr = var.resolve() if var is not None else None
    return f", {attr}" if attr else ""


class _BoundMethod:
    def __init__(self, gen: Generator, value: Value, name: str):
        self.gen, self.value, self.name = gen, value, name

    def __call__(self, node, *args, **kwargs):
        if self.name == "to":
            wrong = check_call("to", len(args), kwargs, shown="x.to()")
            if wrong is not None:
                raise self.gen.error(wrong, node)
            dt = args[0] if args else kwargs.get("dtype")
            return self.gen._to(self.value, dt, node)
        if self.name == "load":
            return self.gen.builtin("shared_load", [self.value, *args], kwargs, node)
        if self.name == "store":
            return self.gen.builtin("shared_store", [self.value, *args], kwargs, node)
        if self.name == "index":
            if len(args) != 1 or kwargs:
                raise self.gen.error("buf.index(i) takes one slot index", node)
            return self.gen.mem_index(self.value, args[0], node)
        if self.name == "permute":
            if len(args) != 1 or kwargs:
                raise self.gen.error("buf.permute(order) takes one order, e.g. (1, 0)", node)
            return self.gen.mem_permute(self.value, args[0], node)
        raise self.gen.error(f".{self.name}() is not supported", node)


_MEMDESC_METHODS = ("load", "store", "index", "permute")

_PY_FOLDABLE = (builtins.min, builtins.max, builtins.abs, builtins.int, builtins.float,
                builtins.bool, builtins.len, builtins.print)


def _is_layout_class(fn) -> bool:
    from .layouts import Layout
    return isinstance(fn, type) and issubclass(fn, Layout)


def _builtin_name(fn) -> Optional[str]:
    name = getattr(fn, "__name__", None)
    module = getattr(fn, "__module__", "")
    if module == tl.__name__ and name in tl.BUILTINS:
        return name
    if module == tl.__name__ and isinstance(name, str) and name.startswith("math."):
        return name[len("math."):]
    return None


def _assigned_names(stmts) -> set:
    names = set()
    for stmt in stmts:
        for n in ast.walk(stmt):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                names.add(n.id)
    return names


def _fold_binary(op, a, b):
    import operator
    table = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
             ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod,
             ast.Pow: operator.pow, ast.BitAnd: operator.and_, ast.BitOr: operator.or_,
             ast.BitXor: operator.xor, ast.LShift: operator.lshift, ast.RShift: operator.rshift}
    return table[type(op)](a, b)


def _fold_unary(op, a):
    import operator
    return {ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Not: operator.not_,
            ast.Invert: operator.invert}[type(op)](a)


def _fold_compare(op, a, b):
    import operator
    return {ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt,
            ast.GtE: operator.ge, ast.Eq: operator.eq, ast.NotEq: operator.ne,
            ast.Is: operator.is_, ast.IsNot: operator.is_not}[type(op)](a, b)


def generate_mlir(fn, kernel_name: str, params, constexprs, num_warps: int,
                  divisibility: Dict[str, int], warp_specialize: bool = False) -> str:
    """The tile dialect module (text) of one specialization of `fn`;
    `warp_specialize` writes the kernel attribute tile.warp_specialize = true."""
    return Generator(fn, kernel_name, params, constexprs, num_warps, divisibility,
                     warp_specialize).generate()
