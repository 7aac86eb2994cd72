"""The parameters of each `tile.*` builtin of the Python kernel language
(tile.frontend), written like Python signatures, and the check of a call's
arguments against them: an unknown keyword, more positional arguments than
the builtin takes, or one argument given twice is a located error naming
what the builtin accepts (the builtins are generated, not called, so Python
does not check their calls itself)."""

from __future__ import annotations

import difflib
from typing import Dict, List, NamedTuple, Optional, Tuple

__all__ = ["Signature", "SIGNATURES", "check_call"]

# cuTile's ct.load/ct.store hints (docs/TileLanguage.md, "Hints and memory
# ordering"), taken by tile.load_tile/store_tile/load_at/store_at.
_HINTS = "latency, allow_tma, memory_order, memory_scope"
_MATH = ("exp", "exp2", "log", "log2", "sqrt", "rsqrt", "sin", "cos", "erf", "tanh", "abs")
_ATOMICS = ("add", "max", "min", "umax", "umin", "and", "or", "xor", "xchg")

# name -> "positional, ..., *variadic, keyword-only, ..." (a bare `*` ends
# the positional parameters; a `*name` collects the rest of the positional
# arguments and may also be given as the keyword `name`).
_SPECS: Dict[str, str] = {
    "program_id": "axis",
    "num_programs": "axis",
    "arange": "start, end, *, layout",
    "zeros": "shape, dtype, *, layout",
    "full": "shape, value, dtype, *, layout",
    "cdiv": "a, b",
    "static_assert": "cond, msg",
    "load": "pointer, mask, other, *, layout",
    "store": "pointer, value, mask",
    "make_view": "pointer, shape, strides, *, layout",
    "load_tile": f"view, index, shape, *, order, padding, padding_mode, layout, {_HINTS}",
    "store_tile": f"view, index, value, *, order, {_HINTS}",
    "load_at": f"view, offsets, shape, *, dims, layout, {_HINTS}",
    "store_at": f"view, offsets, value, *, dims, {_HINTS}",
    "sum": "input, axis",
    "max": "input, axis, *, return_indices",
    "min": "input, axis, *, return_indices",
    "maximum": "a, b",
    "minimum": "a, b",
    "where": "cond, a, b",
    "cast": "x, dtype",
    "dot": "a, b, acc",
    "trans": "input, *dims",
    "permute": "input, *dims",
    "reshape": "input, *shape",
    "join": "a, b",
    "cat": "a, b, dim, *, axis",
    "split": "input",
    "convert_layout": "x, layout",
    "allocate_shared": "dtype, shape, layout, value",
    "shared_store": "buffer, value",
    "shared_load": "buffer, layout",
    "barrier": "",
    "global_tensor": "dtype, shape, zeroed",
    "reduce": "input, axis, combine_fn",
    "argmax": "input, axis",
    "argmin": "input, axis",
    "scan": "input, axis, combine_fn, *, reverse",
    "associative_scan": "input, axis, combine_fn, *, reverse",
    "cumsum": "input, axis, *, reverse, exclusive",
    "cumprod": "input, axis, *, reverse, exclusive",
    "cummax": "input, axis, *, reverse, exclusive",
    "cummin": "input, axis, *, reverse, exclusive",
    "atomic_cas": "pointer, cmp, value, *, sem, scope",
}
_SPECS.update({m: "x" for m in _MATH})
# The method x.to(dtype) (checked as "to", shown as x.to()).
_SPECS["to"] = "dtype"
_SPECS.update({"atomic_" + k: "pointer, value, mask, *, sem, scope" for k in _ATOMICS})


class Signature(NamedTuple):
    positional: Tuple[str, ...]
    variadic: Optional[str]
    keyword_only: Tuple[str, ...]

    @property
    def names(self) -> Tuple[str, ...]:
        return self.positional + ((self.variadic,) if self.variadic else ()) + \
            self.keyword_only

    @staticmethod
    def parse(spec: str) -> "Signature":
        positional: List[str] = []
        keyword_only: List[str] = []
        variadic = None
        target = positional
        for part in (p.strip() for p in spec.split(",") if p.strip()):
            if part.startswith("*"):
                variadic = part[1:] or None
                target = keyword_only
            else:
                target.append(part)
        return Signature(tuple(positional), variadic, tuple(keyword_only))


SIGNATURES: Dict[str, Signature] = {n: Signature.parse(s) for n, s in _SPECS.items()}


def check_call(name: str, nargs: int, keywords, shown: Optional[str] = None) -> Optional[str]:
    """What is wrong with a call of builtin `name` with `nargs` positional
    arguments and the given keyword names, or None. `shown` is how the
    message spells the callee (tile.NAME() by default)."""
    sig = SIGNATURES.get(name)
    if sig is None:
        return None
    callee = shown or f"tile.{name}()"
    takes = f"it takes {', '.join(sig.names)}" if sig.names else "it takes no arguments"
    for k in keywords:
        if k not in sig.names:
            close = difflib.get_close_matches(k, sig.names, n=1)
            hint = f" (did you mean `{close[0]}`?)" if close else ""
            return f"{callee} has no keyword argument `{k}`{hint}; {takes}"
    if sig.variadic is None and nargs > len(sig.positional):
        n = len(sig.positional)
        listed = f" ({', '.join(sig.positional)})" if n else ""
        more = f"; {', '.join(sig.keyword_only)} only as keywords" if sig.keyword_only else ""
        return (f"{callee} takes {n} positional argument{'' if n == 1 else 's'}{listed}, "
                f"{nargs} given{more}")
    given = sig.positional[:nargs]
    if sig.variadic is not None and nargs > len(sig.positional):
        given += (sig.variadic,)
    for k in keywords:
        if k in given:
            return f"{callee}: `{k}` is given twice, positionally and as a keyword"
    return None
