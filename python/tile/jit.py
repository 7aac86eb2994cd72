"""@tile.jit: kernels written in Python (docs/Python.md, "Kernels in Python").

    @tile.jit
    def add(x, y, out, n, BLOCK: tile.constexpr):
        offs = tile.program_id(0) * BLOCK + tile.arange(0, BLOCK)
        mask = offs < n
        tile.store(out + offs, tile.load(x + offs, mask) + tile.load(y + offs, mask), mask)

    add[(tile.cdiv(n, 1024),)](x, y, out, n, BLOCK=1024)    # torch tensors
    k = add.specialize(x="*f32", y="*f32", out="*f32", n="i32", BLOCK=1024)
    k.asm["mlir"], k.asm["ptx"]                               # no GPU needed

Compiled modules are also kept on disk ($TILE_CACHE_DIR, default
~/.cache/tile), keyed by a hash of the generated MLIR, the arch and
CACHE_VERSION: a second process (or a machine without the compiler, given
the directory) compiles nothing.

A specialization is keyed by each argument's type (pointer element type,
i32/i64/f32 scalars), its 16-divisibility (pointers whose address and
integers whose value are multiples of 16, as Triton does), the constexpr
values and num_warps; each compiles once per process.
"""

from __future__ import annotations

import ctypes
import hashlib
import inspect
import json
import os
import re
import threading
import warnings
from typing import Any, Callable, Dict, List, Optional, Tuple

from . import language as tl
from .compiler import _check_warp_specialize
from .frontend import EQUAL_TO_ONE, KernelSyntaxError, PtrType, generate_mlir

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
                 "uint8": "i8", "float8_e4m3fn": "f8E4M3FN", "float8_e5m2": "f8E5M2"}


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


# Part of every disk-cache key: bump it when the compiler's output for the
# same generated MLIR changes.
CACHE_VERSION = "tile-0.1.0-2"


def cache_dir() -> Optional[str]:
    """$TILE_CACHE_DIR, else ~/.cache/tile; "" or "0" in $TILE_CACHE_DIR
    turns the disk cache off (None)."""
    d = os.environ.get("TILE_CACHE_DIR")
    if d is not None:
        return None if d in ("", "0") else d
    return os.path.join(os.path.expanduser("~"), ".cache", "tile")


_LOC = re.compile(r' loc\("(?:[^"\\]|\\.)*":\d+:\d+\)')


def strip_locations(mlir: str) -> str:
    """The generated text without its ` loc("file.py":line:col)` suffixes."""
    return _LOC.sub("", mlir)


def cache_key(mlir: str, arch: str, emit: str, num_stages: int = 0,
              warp_specialize: Optional[bool] = None) -> str:
    """The disk-cache key of one generated module: a hash of its text
    without locations (they name the kernel's file, which differs between
    machines, and do not change the binary), the arch, the output kind,
    num_stages (when not 0: it changes the pipeline, not the text),
    warp_specialize (when not None) and CACHE_VERSION."""
    h = hashlib.sha256()
    parts = [CACHE_VERSION, arch, emit, strip_locations(mlir)]
    if num_stages:
        parts.append(f"num_stages={num_stages}")
    if warp_specialize is not None:
        parts.append(f"warp_specialize={warp_specialize}")
    for part in parts:
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()[:32]


def _compile_cached(mlir: str, arch: str, emit: str, name: str, num_stages: int = 0,
                    warp_specialize: Optional[bool] = None):
    """tile.compile with the disk cache in front: a module compiled before
    (by this process or another, or on another machine and copied) is read,
    not compiled. Only cubin and ptx results are cached."""
    from .compiler import CompiledKernel, compile as compile_text
    directory = cache_dir() if emit in ("cubin", "ptx") else None
    path = None
    if directory:
        key = cache_key(mlir, arch, emit, num_stages, warp_specialize)
        path = os.path.join(directory, f"{key}.{emit}")
        if os.path.exists(path) and os.path.exists(path + ".json"):
            result = CompiledKernel.read(path)
            result.source_name = name
            return result
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = compile_text(mlir, arch=arch, emit=emit, name=name, num_stages=num_stages,
                              warp_specialize=warp_specialize)
    if path and result.format == emit:
        try:
            os.makedirs(directory, exist_ok=True)
            tmp = f"{path}.{os.getpid()}.tmp"
            result.save(tmp)
            os.replace(tmp + ".json", path + ".json.tmp")
            os.replace(tmp, path)
            # The JSON names the binary it was saved beside; rename it too.
            with open(path + ".json.tmp", encoding="utf-8") as f:
                meta = json.load(f)
            meta["binary"] = os.path.basename(path)
            with open(path + ".json.tmp", "w", encoding="utf-8") as f:
                json.dump(meta, f, indent=2)
            os.replace(path + ".json.tmp", path + ".json")
        except OSError:
            pass  # an unwritable cache only costs a recompile
    return result


class JITFunction:
    def __init__(self, fn: Callable, num_warps: int = 4, num_stages: int = 0,
                 warp_specialize: Optional[bool] = None):
        self.fn = fn
        self.__name__ = fn.__name__
        self.__doc__ = fn.__doc__
        self.num_warps = num_warps
        self.num_stages = num_stages
        _check_warp_specialize(warp_specialize)
        self.warp_specialize = warp_specialize
        sig = inspect.signature(fn)
        self.params = list(sig.parameters.values())
        self.constexprs = [p.name for p in self.params if p.annotation is tl.constexpr
                           or p.annotation == "tile.constexpr" or p.annotation == "constexpr"
                           or (isinstance(p.annotation, str) and p.annotation.endswith("constexpr"))]
        self.cache: Dict[Tuple, Specialization] = {}
        # Argument signature -> (_FastLaunch, constexprs): run()'s hot path.
        self._fast: Dict[Tuple, Any] = {}
        self._is_const = [p.name in self.constexprs for p in self.params]

    # -- specialization ------------------------------------------------------

    def _key_and_args(self, types: Dict[str, Any], constexprs: Dict[str, Any],
                      divisibility: Dict[str, int], num_warps: int, arch: str):
        return (tuple(sorted((k, str(v)) for k, v in types.items())),
                tuple(sorted((k, repr(v)) for k, v in constexprs.items())),
                tuple(sorted(divisibility.items())), num_warps, arch)

    def lower(self, types: Dict[str, Any], constexprs: Dict[str, Any],
              divisibility: Optional[Dict[str, int]] = None,
              num_warps: Optional[int] = None, warp_specialize: Optional[bool] = None) -> str:
        """The tile dialect text of one specialization (no compile);
        warp_specialize=True writes the kernel attribute tile.warp_specialize
        = true (every dot loop asks tile-warp-specialize)."""
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
                             num_warps or self.num_warps, divisibility or {},
                             warp_specialize is True)

    def specialize(self, *, num_warps: Optional[int] = None, arch: str = "sm_90",
                   emit: str = "cubin", divisibility: Optional[Dict[str, int]] = None,
                   num_stages: Optional[int] = None,
                   warp_specialize: Optional[bool] = None, **values: Any) -> Specialization:
        """Compiles for explicit types: each runtime argument as a type string
        ('*f32', 'i32', ...), each constexpr as its value. Pointers are taken
        16-byte aligned unless `divisibility` says otherwise. num_stages and
        warp_specialize (None: the kernel's) are tile.compile's."""
        types = {k: v for k, v in values.items() if k not in self.constexprs}
        consts = {k: v for k, v in values.items() if k in self.constexprs}
        if divisibility is None:
            divisibility = {k: 16 for k, v in types.items() if isinstance(v, str)
                            and v.startswith("*")}
        return self._compile(types, consts, divisibility, num_warps or self.num_warps,
                             arch, emit, self.num_stages if num_stages is None else num_stages,
                             self._warp_specialize(warp_specialize))

    def _warp_specialize(self, asked: Optional[bool]) -> Optional[bool]:
        """A launch's warp_specialize, else the kernel's (None: the
        compiler's default)."""
        _check_warp_specialize(asked)
        return self.warp_specialize if asked is None else asked

    def _compile(self, types, consts, divisibility, num_warps, arch, emit="cubin",
                 num_stages=0, warp_specialize=None):
        key = self._key_and_args(types, consts, divisibility, num_warps, arch) + \
            (emit, num_stages, warp_specialize)
        spec = self.cache.get(key)
        if spec is not None:
            return spec
        mlir = self.lower(types, dict(consts), divisibility, num_warps, warp_specialize)
        compiled = _compile_cached(mlir, arch, emit, f"{self.fn.__name__} (generated by @tile.jit)",
                                   num_stages, warp_specialize)
        runtime = [p.name for p in self.params if p.name not in self.constexprs]
        spec = Specialization(self.fn.__name__, mlir, compiled, runtime)
        self.cache[key] = spec
        return spec

    # -- launch ------------------------------------------------------------------

    def __getitem__(self, grid):
        def launcher(*args, **kwargs):
            return self.run(grid, *args, **kwargs)
        return launcher

    def run(self, grid, *args, num_warps: Optional[int] = None,
            num_stages: Optional[int] = None, warp_specialize: Optional[bool] = None,
            **kwargs):
        """Launches on torch's current stream. The hot path: a signature of
        the arguments (each tensor's dtype, device and 16-byte alignment;
        each integer's width and 16-divisibility; the keywords) finds the
        launcher of a specialization seen before, which writes the
        arguments into preallocated ctypes slots and calls cuLaunchKernel;
        anything else (a first call, keywords for runtime arguments, a
        kernel with hidden parameters) takes bind() and the checked
        launch of tile.runtime."""
        key, values = self._signature(args, kwargs, num_warps, num_stages,
                                      warp_specialize)
        fast = self._fast.get(key) if key is not None else None
        if fast is None:
            spec, runtime_args, consts = self.bind(*args, num_warps=num_warps,
                                                   num_stages=num_stages,
                                                   warp_specialize=warp_specialize, **kwargs)
            kernel = spec.kernel()
            launch = _FastLaunch.build(kernel, len(args), self._runtime_positions(len(args)))
            if key is not None and launch is not None:
                self._fast[key] = (launch, consts)
            if callable(grid):
                grid = grid(dict(consts))
            grid = tuple(grid) if isinstance(grid, (tuple, list)) else (grid,)
            return kernel[grid](*runtime_args)
        launch, consts = fast
        if callable(grid):
            grid = grid(consts)
        return launch(grid, values)

    def _signature(self, args, kwargs, num_warps, num_stages, warp_specialize=None):
        """(the fast path's key, the argument values to pass): each tensor
        as its dtype, device and 16-byte alignment (its value: the address),
        each runtime integer as its width and 16-divisibility, each
        constexpr (positional or keyword) as its value. The key is None
        where there is no fast path (an argument that is neither, or an
        unhashable constexpr)."""
        is_const = self._is_const
        if len(args) > len(is_const):
            return None, None
        sig = []
        values = []
        for i, a in enumerate(args):
            t = type(a)
            if is_const[i]:
                sig.append((t, a))
            elif t is int:
                sig.append((-2147483648 <= a <= 2147483647, a % 16 == 0 and a != 0, a == 1))
            elif t is float:
                sig.append(float)
            elif t is bool:
                sig.append(bool)
            else:
                ptr = getattr(a, "data_ptr", None)
                if ptr is None:
                    return None, None
                address = ptr()
                sig.append((a.dtype, a.device, address & 15 == 0))
                a = address
            values.append(a)
        key = (tuple(sig), tuple((k, type(v), v) for k, v in kwargs.items()), num_warps,
               num_stages, warp_specialize)
        try:
            hash(key)
        except Exception:  # noqa: BLE001 - an unhashable constexpr (or a layout without the extension)
            return None, None
        return key, values

    def _runtime_positions(self, count: int) -> Optional[List[int]]:
        """The positions of the runtime arguments among `count` positional
        ones, when every runtime argument is positional (else None)."""
        positions = [i for i, p in enumerate(self.params[:count]) if p.name not in self.constexprs]
        runtime = [p for p in self.params if p.name not in self.constexprs]
        return positions if len(positions) == len(runtime) else None

    def bind(self, *args, num_warps: Optional[int] = None, num_stages: Optional[int] = None,
             warp_specialize: Optional[bool] = None, **kwargs):
        """The specialization a launch with these arguments uses (compiled,
        or read from a cache), the runtime arguments and the constexprs."""
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
                elif v == 1:
                    # Triton's equal-to-1 specialization: a unit stride
                    # becomes a constant, so the accesses along it vectorize.
                    div[p.name] = EQUAL_TO_ONE
            elif isinstance(v, float):
                types[p.name] = "f32"
            else:
                raise TypeError(f"argument {p.name!r}: {type(v).__name__} is neither a "
                                f"tensor nor a number")
        spec = self._compile(types, consts, div, num_warps or self.num_warps, "sm_90",
                             "cubin", self.num_stages if num_stages is None else num_stages,
                             self._warp_specialize(warp_specialize))
        return spec, runtime_args, consts


def _current_stream_getter():
    """A function giving torch's current raw CUDA stream on a device: the
    private fast accessor torch has (what Triton uses), else the public one."""
    import torch
    raw = getattr(torch._C, "_cuda_getCurrentRawStream", None)
    if raw is not None:
        return raw
    return lambda device: torch.cuda.current_stream(device).cuda_stream


class _FastLaunch:
    """The launch of one specialization with its checks done once: the
    argument signature that selects it fixes every dtype, alignment and
    integer width, so a launch only writes the values into preallocated
    ctypes slots (cuLaunchKernel copies them at the call) and launches."""

    @classmethod
    def build(cls, kernel, count: int, positions: Optional[List[int]]):
        from . import runtime
        params = [p for p in kernel.meta.params]
        if positions is None or any(p.is_hidden for p in params):
            return None
        slots = []
        for p in params:
            if p.is_pointer:
                slots.append(ctypes.c_void_p())
            elif p.type in runtime._INT_CTYPES:
                slots.append(runtime._INT_CTYPES[p.type]())
            elif p.type == "f32":
                slots.append(ctypes.c_float())
            elif p.type == "f64":
                slots.append(ctypes.c_double())
            else:
                return None
        return cls(kernel, positions, slots)

    def __init__(self, kernel, positions: List[int], slots) -> None:
        from . import runtime
        self.kernel = kernel
        self.positions = positions
        self.slots = slots
        self.pointers = (ctypes.c_void_p * max(1, len(slots)))(
            *[ctypes.addressof(v) for v in slots])
        self.drv = runtime._get_driver()
        self.cu_launch = self.drv.cuLaunchKernel
        self.handle = kernel._handle
        self.threads = kernel.meta.threads_per_block
        self.shared = kernel.meta.shared_bytes
        self.device = kernel.module.device
        # A cluster kernel's grid is checked against its cluster shape at
        # every launch, as Kernel.launch does (None: no clusters).
        cluster = kernel.meta.cluster_dims
        self.cluster = None if cluster == (1, 1, 1) else cluster
        self.check_cluster_grid = runtime._check_cluster_grid
        self.stream = _current_stream_getter()
        self.lock = threading.Lock()

    def __call__(self, grid, values) -> None:
        if type(grid) is not tuple:
            grid = tuple(grid) if isinstance(grid, list) else (grid,)
        n = len(grid)
        gx = grid[0]
        gy = grid[1] if n > 1 else 1
        gz = grid[2] if n > 2 else 1
        if n > 3 or gx < 1 or gy < 1 or gz < 1:
            from . import runtime
            runtime._normalize_grid(grid, self.kernel.name)  # raises with the reason
        if self.cluster is not None:
            self.check_cluster_grid((gx, gy, gz), self.cluster, self.kernel.name)
        with self.lock:  # the slots are shared: one launch writes them at a time
            for slot, i in zip(self.slots, self.positions):
                slot.value = values[i]
            err = self.cu_launch(self.handle, gx, gy, gz, self.threads, 1, 1, self.shared,
                                 self.stream(self.device), self.pointers, None)
        if err:
            self.drv.check(f"cuLaunchKernel({self.kernel.name})", err)


def jit(fn: Optional[Callable] = None, *, num_warps: int = 4, num_stages: int = 0,
        warp_specialize: Optional[bool] = None):
    """Makes a Python function a tile kernel (`@tile.jit` or
    `@tile.jit(num_warps=8, num_stages=3, warp_specialize=False)`).
    warp_specialize: None (the compiler's default, on) or True: a GEMM loop
    whose TMA ring gets 3 slots or more becomes a TMA producer warpgroup and
    wgmma consumers (tile-warp-specialize); False: never (tile.compile's
    option of the same name; a launch may override it)."""
    if fn is None:
        return lambda f: JITFunction(f, num_warps=num_warps, num_stages=num_stages,
                                     warp_specialize=warp_specialize)
    return JITFunction(fn, num_warps=num_warps, num_stages=num_stages,
                       warp_specialize=warp_specialize)
