"""@tile.jit: kernels written in Python (docs/Python.md, "Kernels in Python").

    @tile.jit
    def add(x, y, out, n, BLOCK: tile.constexpr):
        offs = tile.program_id(0) * BLOCK + tile.arange(0, BLOCK)
        mask = offs < n
        tile.store(out + offs, tile.load(x + offs, mask) + tile.load(y + offs, mask), mask)

    add[(tile.cdiv(n, 1024),)](x, y, out, n, BLOCK=1024)    # torch tensors
    k = add.specialize(x="*f32", y="*f32", out="*f32", n="i32", BLOCK=1024)
    k.asm["mlir"], k.asm["ptx"]                               # no GPU needed

A specialization is keyed by each argument's type (pointer element type,
i32/i64/f32 scalars), its 16-divisibility (pointers whose address and
integers whose value are multiples of 16, as Triton does), the constexpr
values and num_warps; each compiles once per process.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable, Dict, List, Optional, Tuple

from . import language as tl
from .frontend import KernelSyntaxError, PtrType, generate_mlir

__all__ = ["jit", "JITFunction", "Specialization", "KernelSyntaxError"]


def _parse_type(name: str, text: str):
    if not isinstance(text, str):
        raise TypeError(f"argument {name!r}: a type is written as a string such as "
                        f"'*f32' or 'i32', not {text!r}")
    if text.startswith("*"):
        elem = tl.DTYPES.get(text[1:])
        if elem is None:
            raise ValueError(f"argument {name!r}: unknown element type {text[1:]!r} "
                             f"(use one of {', '.join(tl.DTYPES)})")
        return PtrType(elem)
    t = tl.DTYPES.get(text)
    if t is None:
        raise ValueError(f"argument {name!r}: unknown type {text!r}; write '*f32' for a "
                         f"pointer or one of {', '.join(tl.DTYPES)}")
    return t


_TORCH_DTYPES = {"float32": "f32", "float16": "f16", "bfloat16": "bf16", "float64": "f64",
                 "int32": "i32", "int64": "i64", "int16": "i16", "int8": "i8", "bool": "i1",
                 "uint8": "i8"}


class Specialization:
    """One compiled specialization: `.asm["mlir"]` (the generated tile
    dialect), `.asm["ptx"]`, `.compiled` (a tile.CompiledKernel)."""

    def __init__(self, name: str, mlir: str, compiled, runtime_params: List[str]):
        self.name = name
        self.mlir = mlir
        self.compiled = compiled
        self.runtime_params = runtime_params
        self._module = None
        self.asm = {"mlir": mlir, "ptx": compiled.ptx if compiled is not None else None}

    def kernel(self):
        if self._module is None:
            self._module = self.compiled.load()
        return self._module[self.name]


class JITFunction:
    def __init__(self, fn: Callable, num_warps: int = 4):
        self.fn = fn
        self.__name__ = fn.__name__
        self.__doc__ = fn.__doc__
        self.num_warps = num_warps
        sig = inspect.signature(fn)
        self.params = list(sig.parameters.values())
        self.constexprs = [p.name for p in self.params if p.annotation is tl.constexpr
                           or p.annotation == "tile.constexpr" or p.annotation == "constexpr"
                           or (isinstance(p.annotation, str) and p.annotation.endswith("constexpr"))]
        self.cache: Dict[Tuple, Specialization] = {}

    # -- specialization ------------------------------------------------------

    def _key_and_args(self, types: Dict[str, Any], constexprs: Dict[str, Any],
                      divisibility: Dict[str, int], num_warps: int, arch: str):
        return (tuple(sorted((k, str(v)) for k, v in types.items())),
                tuple(sorted((k, repr(v)) for k, v in constexprs.items())),
                tuple(sorted(divisibility.items())), num_warps, arch)

    def lower(self, types: Dict[str, Any], constexprs: Dict[str, Any],
              divisibility: Optional[Dict[str, int]] = None,
              num_warps: Optional[int] = None) -> str:
        """The tile dialect text of one specialization (no compile)."""
        params = []
        for p in self.params:
            if p.name in self.constexprs:
                if p.name not in constexprs:
                    if p.default is not inspect.Parameter.empty:
                        constexprs[p.name] = p.default
                    else:
                        raise TypeError(f"{self.__name__}: constexpr {p.name!r} needs a value")
                continue
            if p.name not in types:
                raise TypeError(f"{self.__name__}: argument {p.name!r} needs a type")
            params.append((p.name, _parse_type(p.name, types[p.name])))
        extra = set(constexprs) - set(self.constexprs)
        if extra:
            raise TypeError(f"{self.__name__}: {', '.join(sorted(extra))} "
                            f"{'is' if len(extra) == 1 else 'are'} not constexpr parameters "
                            f"of the kernel (annotate them `: tile.constexpr`)")
        return generate_mlir(self.fn, self.fn.__name__, params, dict(constexprs),
                             num_warps or self.num_warps, divisibility or {})

    def specialize(self, *, num_warps: Optional[int] = None, arch: str = "sm_90",
                   emit: str = "cubin", divisibility: Optional[Dict[str, int]] = None,
                   **values: Any) -> Specialization:
        """Compiles for explicit types: each runtime argument as a type string
        ('*f32', 'i32', ...), each constexpr as its value. Pointers are taken
        16-byte aligned unless `divisibility` says otherwise."""
        types = {k: v for k, v in values.items() if k not in self.constexprs}
        consts = {k: v for k, v in values.items() if k in self.constexprs}
        if divisibility is None:
            divisibility = {k: 16 for k, v in types.items() if isinstance(v, str)
                            and v.startswith("*")}
        return self._compile(types, consts, divisibility, num_warps or self.num_warps,
                             arch, emit)

    def _compile(self, types, consts, divisibility, num_warps, arch, emit="cubin"):
        key = self._key_and_args(types, consts, divisibility, num_warps, arch) + (emit,)
        spec = self.cache.get(key)
        if spec is not None:
            return spec
        from .compiler import compile as compile_text
        mlir = self.lower(types, dict(consts), divisibility, num_warps)
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compiled = compile_text(mlir, arch=arch, emit=emit,
                                    name=f"{self.fn.__name__} (generated by @tile.jit)")
        runtime = [p.name for p in self.params if p.name not in self.constexprs]
        spec = Specialization(self.fn.__name__, mlir, compiled, runtime)
        self.cache[key] = spec
        return spec

    # -- launch ------------------------------------------------------------------

    def __getitem__(self, grid):
        def launcher(*args, num_warps: Optional[int] = None, **kwargs):
            return self.run(grid, *args, num_warps=num_warps, **kwargs)
        return launcher

    def run(self, grid, *args, num_warps: Optional[int] = None, **kwargs):
        bound = {}
        names = [p.name for p in self.params]
        if len(args) > len(names):
            raise TypeError(f"{self.__name__} takes {len(names)} arguments, "
                            f"{len(args)} given")
        for n, a in zip(names, args):
            bound[n] = a
        for k, v in kwargs.items():
            if k not in names:
                raise TypeError(f"{self.__name__} has no parameter {k!r}")
            bound[k] = v
        types, consts, div, runtime_args = {}, {}, {}, []
        for p in self.params:
            if p.name not in bound:
                if p.default is inspect.Parameter.empty:
                    raise TypeError(f"{self.__name__}: missing argument {p.name!r}")
                bound[p.name] = p.default
            v = bound[p.name]
            if p.name in self.constexprs:
                consts[p.name] = v
                continue
            runtime_args.append(v)
            if hasattr(v, "data_ptr") and hasattr(v, "dtype"):
                dt = _TORCH_DTYPES.get(str(v.dtype).replace("torch.", ""))
                if dt is None:
                    raise TypeError(f"argument {p.name!r}: torch dtype {v.dtype} is not "
                                    f"supported")
                types[p.name] = "*" + dt
                if v.data_ptr() % 16 == 0:
                    div[p.name] = 16
            elif isinstance(v, bool):
                types[p.name] = "i1"
            elif isinstance(v, int):
                types[p.name] = "i32" if -2**31 <= v < 2**31 else "i64"
                if v % 16 == 0 and v != 0:
                    div[p.name] = 16
            elif isinstance(v, float):
                types[p.name] = "f32"
            else:
                raise TypeError(f"argument {p.name!r}: {type(v).__name__} is neither a "
                                f"tensor nor a number")
        spec = self._compile(types, consts, div, num_warps or self.num_warps, "sm_90")
        if callable(grid):
            grid = grid(dict(consts))
        grid = tuple(grid) if isinstance(grid, (tuple, list)) else (grid,)
        return spec.kernel()[grid](*runtime_args)


def jit(fn: Optional[Callable] = None, *, num_warps: int = 4):
    """Makes a Python function a tile kernel (`@tile.jit` or
    `@tile.jit(num_warps=8)`)."""
    if fn is None:
        return lambda f: JITFunction(f, num_warps=num_warps)
    return JITFunction(fn, num_warps=num_warps)
