"""Load and launch kernels compiled by tile-compile, with only libcuda.

    import tile.runtime as rt
    mod = rt.load("build/vector_add.cubin.json")     # metadata written beside the binary
    add = mod["vector_add"]
    add[(rt.cdiv(n, 512),)](x, y, out, n)            # on torch's current stream
    add.launch((rt.cdiv(n, 512),), x, y, out, n, stream=s)

The metadata (docs/tile-compile.md) lists each kernel's parameters and their
types; arguments are checked against it before launch: a tensor for a
pointer parameter (CUDA, on the module's device, matching dtype, aligned as
the kernel was promised), a Python number for a scalar one (in range for its
type). Every CUDA driver call is checked; failures raise CudaError with the
driver's error name and message.
"""

from __future__ import annotations

import collections
import ctypes
import ctypes.util
import json
import math
import os
import struct
import threading
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

__all__ = [
    "CudaError", "LaunchError", "MetadataError",
    "KernelParam", "KernelMetadata", "ModuleMetadata",
    "Module", "Kernel", "load", "cdiv", "driver_available", "pack_arguments",
    "global_tensor_bytes",
]


class CudaError(RuntimeError):
    """A CUDA driver call failed."""

    def __init__(self, call: str, code: int, name: str, message: str, hint: str = ""):
        self.call, self.code, self.name = call, code, name
        text = f"{call} failed: {name} ({code}): {message}"
        if hint:
            text += f"\n  hint: {hint}"
        super().__init__(text)


class LaunchError(TypeError):
    """The arguments or the grid do not fit the kernel's metadata."""


class MetadataError(ValueError):
    """The metadata file is missing, malformed, or does not match the binary."""


def cdiv(a: int, b: int) -> int:
    """Ceiling division, for grid sizes."""
    return -(-a // b)


# ---------------------------------------------------------------------------
# The CUDA driver through ctypes
# ---------------------------------------------------------------------------

_CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8
_CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97
_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75
_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76
_STATIC_SHARED_LIMIT = 48 * 1024

_CUDA_ERROR_NO_BINARY_FOR_GPU = 209
_CUDA_ERROR_UNSUPPORTED_PTX_VERSION = 222
_CUDA_ERROR_INVALID_PTX = 218
_CUDA_ERROR_NO_DEVICE = 100


class _Driver:
    """The libcuda entry points the launcher uses, with checked calls."""

    def __init__(self) -> None:
        names = ["libcuda.so.1", "libcuda.so"]
        found = ctypes.util.find_library("cuda")
        if found:
            names.append(found)
        lib = None
        errors = []
        for name in names:
            try:
                lib = ctypes.CDLL(name)
                break
            except OSError as e:
                errors.append(f"{name}: {e}")
        if lib is None:
            raise CudaError("dlopen(libcuda)", -1, "CUDA_DRIVER_NOT_FOUND",
                            "the CUDA driver library could not be loaded (" +
                            "; ".join(errors) + ")",
                            "this machine needs an NVIDIA driver to run kernels")
        self.lib = lib
        c = ctypes
        sig = {
            "cuInit": [c.c_uint],
            "cuGetErrorName": [c.c_int, c.POINTER(c.c_char_p)],
            "cuGetErrorString": [c.c_int, c.POINTER(c.c_char_p)],
            "cuDeviceGet": [c.POINTER(c.c_int), c.c_int],
            "cuDeviceGetCount": [c.POINTER(c.c_int)],
            "cuDeviceGetAttribute": [c.POINTER(c.c_int), c.c_int, c.c_int],
            "cuDevicePrimaryCtxRetain": [c.POINTER(c.c_void_p), c.c_int],
            "cuCtxGetCurrent": [c.POINTER(c.c_void_p)],
            "cuCtxSetCurrent": [c.c_void_p],
            "cuCtxSynchronize": [],
            "cuModuleLoadData": [c.POINTER(c.c_void_p), c.c_void_p],
            "cuModuleUnload": [c.c_void_p],
            "cuModuleGetFunction": [c.POINTER(c.c_void_p), c.c_void_p, c.c_char_p],
            "cuFuncSetAttribute": [c.c_void_p, c.c_int, c.c_int],
            "cuLaunchKernel": [c.c_void_p, c.c_uint, c.c_uint, c.c_uint,
                               c.c_uint, c.c_uint, c.c_uint, c.c_uint,
                               c.c_void_p, c.POINTER(c.c_void_p), c.POINTER(c.c_void_p)],
            "cuMemAllocAsync": [c.POINTER(c.c_uint64), c.c_size_t, c.c_void_p],
            "cuMemsetD8Async": [c.c_uint64, c.c_ubyte, c.c_size_t, c.c_void_p],
            "cuMemFreeAsync": [c.c_uint64, c.c_void_p],
            "cuTensorMapEncodeTiled": [c.c_void_p, c.c_int, c.c_uint, c.c_void_p,
                                       c.POINTER(c.c_uint64), c.POINTER(c.c_uint64),
                                       c.POINTER(c.c_uint32), c.POINTER(c.c_uint32),
                                       c.c_int, c.c_int, c.c_int, c.c_int],
        }
        for name, argtypes in sig.items():
            fn = getattr(lib, name, None)
            if fn is None:
                v2 = getattr(lib, name + "_v2", None)
                if v2 is None:
                    raise CudaError(name, -1, "CUDA_SYMBOL_NOT_FOUND",
                                    f"libcuda has no {name}", "the driver is too old")
                fn = v2
            fn.argtypes = argtypes
            fn.restype = c.c_int
            setattr(self, name, fn)
        self.check("cuInit", self.cuInit(0))

    def error_text(self, code: int) -> Tuple[str, str]:
        name = ctypes.c_char_p()
        text = ctypes.c_char_p()
        n = (name.value.decode() if self.cuGetErrorName(code, ctypes.byref(name)) == 0
             and name.value else f"CUDA_ERROR_{code}")
        t = (text.value.decode() if self.cuGetErrorString(code, ctypes.byref(text)) == 0
             and text.value else "unknown error")
        return n, t

    def check(self, call: str, code: int, hint: str = "") -> None:
        if code != 0:
            name, text = self.error_text(code)
            raise CudaError(call, code, name, text, hint)


_driver_lock = threading.Lock()
_driver: Optional[_Driver] = None


def _get_driver() -> _Driver:
    global _driver
    with _driver_lock:
        if _driver is None:
            _driver = _Driver()
        return _driver


def driver_available() -> Tuple[bool, str]:
    """(True, "") when libcuda loads and sees a GPU, else (False, why)."""
    try:
        drv = _get_driver()
        count = ctypes.c_int(0)
        drv.check("cuDeviceGetCount", drv.cuDeviceGetCount(ctypes.byref(count)))
        if count.value == 0:
            return False, "the CUDA driver reports no GPU"
        return True, ""
    except CudaError as e:
        return False, str(e)


def _torch():
    try:
        import torch  # noqa: F401
        return torch
    except ImportError:
        return None


_primary_contexts: Dict[int, int] = {}


def _activate_device(device: int) -> None:
    """Makes the primary context of `device` current on this thread: the
    context torch (the CUDA runtime) uses, so pointers and streams are shared."""
    drv = _get_driver()
    ctx = _primary_contexts.get(device)
    if ctx is None:
        dev = ctypes.c_int()
        drv.check("cuDeviceGet", drv.cuDeviceGet(ctypes.byref(dev), device))
        handle = ctypes.c_void_p()
        drv.check("cuDevicePrimaryCtxRetain",
                  drv.cuDevicePrimaryCtxRetain(ctypes.byref(handle), dev))
        ctx = handle.value
        _primary_contexts[device] = ctx
    current = ctypes.c_void_p()
    drv.check("cuCtxGetCurrent", drv.cuCtxGetCurrent(ctypes.byref(current)))
    if current.value != ctx:
        drv.check("cuCtxSetCurrent", drv.cuCtxSetCurrent(ctx))


def _default_device() -> int:
    torch = _torch()
    if torch is not None and torch.cuda.is_available():
        return torch.cuda.current_device()
    return 0


def _compute_capability(device: int) -> Tuple[int, int]:
    drv = _get_driver()
    dev = ctypes.c_int()
    drv.check("cuDeviceGet", drv.cuDeviceGet(ctypes.byref(dev), device))
    major, minor = ctypes.c_int(), ctypes.c_int()
    drv.check("cuDeviceGetAttribute", drv.cuDeviceGetAttribute(
        ctypes.byref(major), _CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev))
    drv.check("cuDeviceGetAttribute", drv.cuDeviceGetAttribute(
        ctypes.byref(minor), _CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev))
    return major.value, minor.value


# ---------------------------------------------------------------------------
# Metadata
# ---------------------------------------------------------------------------

_SCALAR_TYPES = {"i1", "i8", "i16", "i32", "i64", "index", "f16", "bf16", "f32", "f64",
                 "f8E4M3FN", "f8E5M2"}


@dataclass
class KernelParam:
    index: int
    name: str
    type: str                 # "ptr<f32>", "ptr", "i32", "f32", "tma_descriptor", ...
    divisibility: int = 1     # alignment promise (bytes for pointers)
    tma: Optional[Dict[str, Any]] = None  # the recipe of a tma_descriptor
    global_tensor: Optional[Dict[str, Any]] = None  # the recipe of a global_tensor

    @property
    def is_hidden(self) -> bool:
        """A parameter the launcher fills in itself (a TMA descriptor, or
        the memory of a tile.global_tensor)."""
        return self.type in ("tma_descriptor", "global_tensor")

    @property
    def is_pointer(self) -> bool:
        return self.type == "ptr" or self.type.startswith("ptr<")

    @property
    def pointee(self) -> Optional[str]:
        if self.type.startswith("ptr<") and self.type.endswith(">"):
            return self.type[4:-1]
        return None


@dataclass
class KernelMetadata:
    name: str
    params: List[KernelParam]
    num_warps: int
    threads_per_block: int
    shared_bytes: int
    # The compile-time thread-block cluster shape (x, y, z): the grid must be
    # a multiple of it. (1, 1, 1) for a kernel without clusters.
    cluster_dims: Tuple[int, int, int] = (1, 1, 1)


@dataclass
class ModuleMetadata:
    arch: str
    format: str               # "cubin" or "ptx"
    binary: str               # file name, relative to the metadata file
    kernels: List[KernelMetadata] = field(default_factory=list)

    @staticmethod
    def from_json(obj: Any, source: str = "<metadata>") -> "ModuleMetadata":
        def need(d, key, kind, where):
            if not isinstance(d, dict) or key not in d:
                raise MetadataError(f"{source}: {where} has no '{key}'")
            v = d[key]
            if kind is int and (isinstance(v, bool) or not isinstance(v, int)):
                raise MetadataError(f"{source}: {where}.{key} must be an integer, got {v!r}")
            if kind is not int and not isinstance(v, kind):
                raise MetadataError(f"{source}: {where}.{key} must be a {kind.__name__}, got {v!r}")
            return v

        fmt = need(obj, "format", str, "the metadata")
        if fmt not in ("cubin", "ptx"):
            raise MetadataError(f"{source}: format must be 'cubin' or 'ptx', got {fmt!r}")
        meta = ModuleMetadata(arch=need(obj, "arch", str, "the metadata"), format=fmt,
                              binary=need(obj, "binary", str, "the metadata"))
        for k, kobj in enumerate(need(obj, "kernels", list, "the metadata")):
            where = f"kernels[{k}]"
            params = []
            for p, pobj in enumerate(need(kobj, "params", list, where)):
                pw = f"{where}.params[{p}]"
                ptype = need(pobj, "type", str, pw)
                param = KernelParam(index=pobj.get("index", p), name=pobj.get("name", f"arg{p}"),
                                    type=ptype, divisibility=pobj.get("divisibility", 1),
                                    tma=pobj.get("tma"),
                                    global_tensor=pobj.get("global_tensor"))
                if param.type == "tma_descriptor":
                    _check_tma_recipe(param, source, pw)
                elif param.type == "global_tensor":
                    _check_global_tensor_recipe(param, source, pw)
                elif not param.is_pointer and ptype not in _SCALAR_TYPES:
                    raise MetadataError(f"{source}: {pw}.type {ptype!r} is not a type the "
                                        f"launcher can pass")
                params.append(param)
            cluster = kobj.get("cluster_dims", [1, 1, 1])
            if (not isinstance(cluster, list) or len(cluster) != 3
                    or any(isinstance(d, bool) or not isinstance(d, int) or d < 1
                           for d in cluster)):
                raise MetadataError(f"{source}: {where}.cluster_dims must be 3 positive "
                                    f"integers, got {cluster!r}")
            meta.kernels.append(KernelMetadata(
                name=need(kobj, "name", str, where), params=params,
                num_warps=need(kobj, "num_warps", int, where),
                threads_per_block=need(kobj, "threads_per_block", int, where),
                shared_bytes=need(kobj, "shared_bytes", int, where),
                cluster_dims=tuple(cluster)))
        return meta


def _check_tma_recipe(param: KernelParam, source: str, where: str) -> None:
    r = param.tma
    keys = ("rank", "data_type", "element_bytes", "global_address", "global_dim",
            "global_strides", "inner_stride", "box_dim", "element_strides", "interleave",
            "swizzle", "l2_promotion", "oob_fill")
    if not isinstance(r, dict) or any(k not in r for k in keys):
        raise MetadataError(f"{source}: {where} is a tma_descriptor without a complete 'tma' "
                            f"recipe (needs {', '.join(keys)})")
    rank = r["rank"]
    if not (isinstance(rank, int) and 1 <= rank <= 5 and len(r["global_dim"]) == rank
            and len(r["global_strides"]) == rank - 1 and len(r["box_dim"]) == rank):
        raise MetadataError(f"{source}: {where}.tma has inconsistent ranks")


def _check_global_tensor_recipe(param: KernelParam, source: str, where: str) -> None:
    r = param.global_tensor
    ok = (isinstance(r, dict) and isinstance(r.get("element_bytes"), int)
          and r["element_bytes"] > 0 and isinstance(r.get("zeroed"), bool)
          and isinstance(r.get("shape"), list) and len(r["shape"]) > 0
          and all(isinstance(e, dict) and ("value" in e or "arg" in e) for e in r["shape"]))
    if not ok:
        raise MetadataError(f"{source}: {where} is a global_tensor without a complete "
                            f"'global_tensor' recipe (needs element_bytes, shape, zeroed)")


# ---------------------------------------------------------------------------
# Argument packing
# ---------------------------------------------------------------------------

_INT_CTYPES = {"i1": ctypes.c_uint8, "i8": ctypes.c_int8, "i16": ctypes.c_int16,
               "i32": ctypes.c_int32, "i64": ctypes.c_int64, "index": ctypes.c_int64}
_INT_BITS = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64, "index": 64}

# Element type name -> (torch dtype attribute name, bytes, __cuda_array_interface__ typestr)
_ELEMENT_TYPES = {
    "i1": ("bool", 1, "|b1"), "i8": ("int8", 1, "|i1"), "i16": ("int16", 2, "<i2"),
    "i32": ("int32", 4, "<i4"), "i64": ("int64", 8, "<i8"), "f16": ("float16", 2, "<f2"),
    "bf16": ("bfloat16", 2, None), "f32": ("float32", 4, "<f4"), "f64": ("float64", 8, "<f8"),
    "f8E4M3FN": ("float8_e4m3fn", 1, None), "f8E5M2": ("float8_e5m2", 1, None),
}


def _bf16_bits(value: float) -> int:
    bits = struct.unpack("<I", struct.pack("<f", value))[0]
    if math.isnan(value):
        return 0x7FC0
    # Round to nearest even.
    bits += 0x7FFF + ((bits >> 16) & 1)
    return (bits >> 16) & 0xFFFF


def _pack_scalar(param: KernelParam, value: Any, kernel: str):
    where = f"{kernel}: argument {param.index} ('{param.name}', {param.type})"
    if hasattr(value, "data_ptr") or hasattr(value, "__cuda_array_interface__"):
        raise LaunchError(f"{where} is a scalar parameter but got a tensor; "
                          f"pass a Python number (e.g. t.item())")
    t = param.type
    if t in _INT_CTYPES:
        if isinstance(value, bool) and t != "i1":
            raise LaunchError(f"{where} expects an integer, got the bool {value!r}")
        if not hasattr(value, "__index__"):
            raise LaunchError(f"{where} expects an integer, got {type(value).__name__} {value!r}")
        v = value.__index__()
        bits = _INT_BITS[t]
        lo, hi = (0, 1) if bits == 1 else (-(1 << (bits - 1)), (1 << (bits - 1)) - 1)
        if not lo <= v <= hi:
            raise LaunchError(f"{where}: {v} does not fit in {t} [{lo}, {hi}]")
        if param.divisibility > 1 and v % param.divisibility:
            raise LaunchError(f"{where}: {v} is not a multiple of {param.divisibility}, "
                              f"as the kernel was compiled to assume")
        return _INT_CTYPES[t](v)
    if t in ("f32", "f64", "f16", "bf16"):
        if isinstance(value, bool) or not isinstance(value, (int, float)) and \
                not hasattr(value, "__float__"):
            raise LaunchError(f"{where} expects a number, got {type(value).__name__} {value!r}")
        f = float(value)
        if t == "f32":
            return ctypes.c_float(f)
        if t == "f64":
            return ctypes.c_double(f)
        if t == "f16":
            try:
                return ctypes.c_uint16(struct.unpack("<H", struct.pack("<e", f))[0])
            except OverflowError:
                raise LaunchError(f"{where}: {f} overflows f16") from None
        return ctypes.c_uint16(_bf16_bits(f))
    if t in ("f8E4M3FN", "f8E5M2"):
        if isinstance(value, bool) or not isinstance(value, (int, float)) and \
                not hasattr(value, "__float__"):
            raise LaunchError(f"{where} expects a number, got {type(value).__name__} {value!r}")
        torch = _torch()
        if torch is None:
            raise LaunchError(f"{where}: passing an fp8 scalar needs torch (for the rounding)")
        dtype = getattr(torch, _ELEMENT_TYPES[t][0])
        bits = torch.tensor([float(value)], dtype=torch.float32).to(dtype).view(torch.uint8)
        return ctypes.c_uint8(int(bits.item()))
    raise LaunchError(f"{where}: the launcher cannot pass type {t}")


def _pack_pointer(param: KernelParam, value: Any, kernel: str, device: int):
    where = f"{kernel}: argument {param.index} ('{param.name}', {param.type})"
    elem = param.pointee
    if isinstance(value, bool):
        raise LaunchError(f"{where} expects a CUDA tensor, got a bool")
    if isinstance(value, int):
        address = value  # A raw device address: the caller vouches for it.
    elif hasattr(value, "data_ptr") and hasattr(value, "dtype"):
        if not getattr(value, "is_cuda", False):
            raise LaunchError(f"{where} expects a CUDA tensor, got one on {value.device}")
        if value.device.index != device:
            raise LaunchError(f"{where}: the tensor is on cuda:{value.device.index} but the "
                              f"module was loaded on cuda:{device}")
        if elem is not None and elem in _ELEMENT_TYPES:
            expected = _ELEMENT_TYPES[elem][0]
            actual = str(value.dtype).replace("torch.", "")
            if actual != expected:
                raise LaunchError(f"{where} expects a tensor of torch.{expected}, "
                                  f"got torch.{actual}")
        address = value.data_ptr()
    elif hasattr(value, "__cuda_array_interface__"):
        iface = value.__cuda_array_interface__
        address = iface["data"][0]
        if elem is not None and elem in _ELEMENT_TYPES:
            typestr = _ELEMENT_TYPES[elem][2]
            if typestr is not None and iface.get("typestr") != typestr:
                raise LaunchError(f"{where} expects elements of typestr {typestr}, got "
                                  f"{iface.get('typestr')}")
    else:
        raise LaunchError(f"{where} expects a CUDA tensor (or an int device address), "
                          f"got {type(value).__name__}")
    if param.divisibility > 1 and address % param.divisibility:
        raise LaunchError(f"{where}: address 0x{address:x} is not aligned to "
                          f"{param.divisibility} bytes, as the kernel was compiled to assume "
                          f"(tile.divisibility); pass an aligned tensor (e.g. .contiguous() "
                          f"or a fresh allocation)")
    return ctypes.c_void_p(address)


def global_tensor_bytes(param: KernelParam, values: Dict[int, Any], kernel: str) -> int:
    """The bytes of a hidden global tensor for a launch with these arguments
    (by parameter index): prod(shape) * element_bytes. No GPU needed."""
    r = param.global_tensor
    count = 1
    for d, e in enumerate(r["shape"]):
        if "value" in e:
            extent = int(e["value"])
        else:
            v = values.get(int(e["arg"]))
            if isinstance(v, bool) or not hasattr(v, "__index__"):
                raise LaunchError(f"{kernel}: the global tensor '{param.name}' takes extent {d} "
                                  f"from parameter {e['arg']}, which must be an integer, got {v!r}")
            extent = v.__index__()
        if extent <= 0:
            raise LaunchError(f"{kernel}: the global tensor '{param.name}' would have extent "
                              f"{extent} in dim {d}; extents must be positive")
        count *= extent
    return count * int(r["element_bytes"])


def _allocate_global_tensor(param: KernelParam, nbytes: int, device: int, stream: int,
                            buffers: List[Any]) -> ctypes.c_void_p:
    """Memory for one launch, ordered on `stream`: from torch's caching
    allocator when torch is there (allocated and zeroed on that stream, so
    dropping it after the launch is safe), else the driver's stream-ordered
    allocator (freed on the stream after the launch)."""
    zeroed = bool(param.global_tensor["zeroed"])
    torch = _torch()
    if torch is not None and torch.cuda.is_available():
        with torch.cuda.device(device), torch.cuda.stream(torch.cuda.ExternalStream(stream)):
            buf = (torch.zeros if zeroed else torch.empty)(nbytes, dtype=torch.uint8,
                                                           device=f"cuda:{device}")
        buffers.append(buf)
        return ctypes.c_void_p(buf.data_ptr())
    drv = _get_driver()
    address = ctypes.c_uint64()
    drv.check("cuMemAllocAsync", drv.cuMemAllocAsync(ctypes.byref(address), nbytes,
                                                     ctypes.c_void_p(stream)))
    buffers.append(("driver", address.value))
    if zeroed:
        drv.check("cuMemsetD8Async", drv.cuMemsetD8Async(address.value, 0, nbytes,
                                                         ctypes.c_void_p(stream)))
    return ctypes.c_void_p(address.value)


def _free_global_tensors(buffers: List[Any], stream: int) -> None:
    for b in buffers:
        if isinstance(b, tuple) and b[0] == "driver":
            drv = _get_driver()
            drv.check("cuMemFreeAsync", drv.cuMemFreeAsync(b[1], ctypes.c_void_p(stream)))
    buffers.clear()


def pack_arguments(meta: KernelMetadata, args: Sequence[Any], device: int = 0,
                   stream: int = 0, buffers: Optional[List[Any]] = None) -> List[Any]:
    """Checks `args` against the kernel's parameters and returns one ctypes
    value per parameter (what cuLaunchKernel's kernelParams point to). The
    caller passes the visible parameters only; the hidden TMA descriptors
    are built here from them (with the driver's cuTensorMapEncodeTiled),
    and the memory of global tensors is allocated on `stream` and appended
    to `buffers`, which the caller keeps until the launch is enqueued (a
    launch needs it; without `buffers` a kernel with global tensors is
    refused). Apart from that, needs no GPU: the checks raise LaunchError
    before anything reaches the driver."""
    visible = [p for p in meta.params if not p.is_hidden]
    if len(args) != len(visible):
        sig = ", ".join(f"{p.name}: {p.type}" for p in visible)
        raise LaunchError(f"{meta.name} takes {len(visible)} arguments ({sig}), got {len(args)}")
    values: Dict[int, Any] = {}   # parameter index -> the Python argument
    packed: Dict[int, Any] = {}
    for p, a in zip(visible, args):
        values[p.index] = a
        packed[p.index] = (_pack_pointer(p, a, meta.name, device) if p.is_pointer
                           else _pack_scalar(p, a, meta.name))
    sizes = {p.index: global_tensor_bytes(p, values, meta.name)
             for p in meta.params if p.type == "global_tensor"}
    if sizes and buffers is None:
        raise LaunchError(f"{meta.name} allocates global tensors at launch; pack its arguments "
                          f"with a buffers list (Kernel.launch does)")
    for p in meta.params:
        if p.type == "tma_descriptor":
            packed[p.index] = _build_tma_descriptor(p, values, packed, meta.name)
        elif p.type == "global_tensor":
            packed[p.index] = _allocate_global_tensor(p, sizes[p.index], device, stream, buffers)
    return [packed[p.index] for p in meta.params]


# CUtensorMap: 128 bytes, 64-byte aligned.
_TENSOR_MAP_BYTES = 128
_TENSOR_MAP_ALIGN = 64


class _TensorMap(ctypes.Structure):
    _fields_ = [("opaque", ctypes.c_uint64 * (_TENSOR_MAP_BYTES // 8))]


def tma_descriptor_arguments(param: KernelParam, values: Dict[int, Any],
                             addresses: Dict[int, int], kernel: str) -> Dict[str, Any]:
    """The arguments of cuTensorMapEncodeTiled for a hidden descriptor, from
    the launch's arguments (by parameter index) and pointer addresses;
    raises LaunchError where the hardware cannot express them (a stride that
    is not a multiple of 16 bytes, an address not 16-byte aligned, a
    non-contiguous inner dim). No GPU needed."""
    r = param.tma
    where = f"{kernel}: TMA descriptor '{param.name}'"

    def value_of(e, what):
        if "value" in e:
            return int(e["value"])
        arg = e["arg"]
        if arg not in values:
            raise LaunchError(f"{where}: its {what} is argument {arg}, which was not passed")
        v = values[arg]
        if not hasattr(v, "__index__"):
            raise LaunchError(f"{where}: its {what} (argument {arg}) must be an integer")
        return v.__index__() * int(e.get("scale", 1))

    g = r["global_address"]["arg"]
    address = addresses.get(g)
    if address is None:
        raise LaunchError(f"{where}: argument {g} is not a pointer")
    if address % 16:
        raise LaunchError(f"{where}: the address 0x{address:x} of argument {g} is not "
                          f"16-byte aligned, as TMA requires; pass an aligned tensor "
                          f"(e.g. a fresh allocation or .contiguous())")
    inner = value_of(r["inner_stride"], "innermost stride")
    if inner != 1:
        raise LaunchError(f"{where}: the innermost dim has stride {inner}; TMA needs it "
                          f"contiguous (stride 1): pass a tensor whose last dim is "
                          f"contiguous, or compile the kernel without TMA")
    dims = [value_of(e, f"extent of dim {i} (innermost first)")
            for i, e in enumerate(r["global_dim"])]
    for i, d in enumerate(dims):
        if not 1 <= d <= 2**32:
            raise LaunchError(f"{where}: extent {d} (innermost-first dim {i}) is outside "
                              f"1..2^32, which TMA requires")
    strides = [value_of(e, f"stride of dim {i + 1} (innermost first, bytes)")
               for i, e in enumerate(r["global_strides"])]
    for i, st in enumerate(strides):
        if st % 16 or not 0 < st < 2**40:
            eb = r["element_bytes"]
            raise LaunchError(f"{where}: the stride of dim {i + 1} (innermost first) is "
                              f"{st} bytes ({st // eb} elements), not a positive multiple "
                              f"of 16 bytes below 2^40, as TMA requires; pad the rows to "
                              f"a multiple of {16 // math.gcd(16, eb)} elements or compile "
                              f"the kernel without TMA")
    return dict(data_type=r["data_type"], rank=r["rank"], address=address, dims=dims,
                strides=strides, box=list(r["box_dim"]),
                element_strides=list(r["element_strides"]), interleave=r["interleave"],
                swizzle=r["swizzle"], l2_promotion=r["l2_promotion"],
                oob_fill=r["oob_fill"])


def _build_tma_descriptor(param: KernelParam, values: Dict[int, Any], packed: Dict[int, Any],
                          kernel: str):
    addresses = {i: v.value or 0 for i, v in packed.items() if isinstance(v, ctypes.c_void_p)}
    a = tma_descriptor_arguments(param, values, addresses, kernel)
    # An over-allocated buffer, used from its first 64-byte aligned byte.
    raw = ctypes.create_string_buffer(_TENSOR_MAP_BYTES + _TENSOR_MAP_ALIGN)
    offset = (-ctypes.addressof(raw)) % _TENSOR_MAP_ALIGN
    tmap = _TensorMap.from_buffer(raw, offset)
    rank = a["rank"]
    u64 = ctypes.c_uint64
    u32 = ctypes.c_uint32
    drv = _get_driver()
    code = drv.cuTensorMapEncodeTiled(
        ctypes.byref(tmap), a["data_type"], rank, ctypes.c_void_p(a["address"]),
        (u64 * rank)(*a["dims"]), (u64 * max(1, rank - 1))(*a["strides"]),
        (u32 * rank)(*a["box"]), (u32 * rank)(*a["element_strides"]),
        a["interleave"], a["swizzle"], a["l2_promotion"], a["oob_fill"])
    if code != 0:
        name, text = drv.error_text(code)
        raise LaunchError(f"{kernel}: cuTensorMapEncodeTiled for '{param.name}' failed: "
                          f"{name} ({code}): {text} (dims {a['dims']}, strides {a['strides']}"
                          f" bytes, box {a['box']}, innermost first)")
    return tmap


def _check_cluster_grid(grid: Tuple[int, int, int], cluster: Tuple[int, int, int],
                        kernel: str) -> None:
    """A kernel compiled with cluster_dims runs in whole clusters: each grid
    dim must be a multiple of the cluster's (the driver would fail the
    launch with CUDA_ERROR_INVALID_CLUSTER_SIZE, without saying which)."""
    for d, (g, c) in enumerate(zip(grid, cluster)):
        if g % c:
            raise LaunchError(f"{kernel}: grid[{d}] = {g} is not a multiple of the kernel's "
                              f"cluster shape {c} (cluster_dims {list(cluster)}); launch "
                              f"{(g + c - 1) // c * c} programs along dim {d}, or a multiple "
                              f"of {c}")


def _normalize_grid(grid: Any, kernel: str) -> Tuple[int, int, int]:
    if isinstance(grid, int) and not isinstance(grid, bool):
        grid = (grid,)
    if not isinstance(grid, (tuple, list)) or not 1 <= len(grid) <= 3:
        raise LaunchError(f"{kernel}: the grid must be an int or a tuple of 1 to 3 ints, "
                          f"got {grid!r}")
    dims = []
    for d, (g, limit) in enumerate(zip(grid, (2**31 - 1, 65535, 65535))):
        if isinstance(g, bool) or not hasattr(g, "__index__"):
            raise LaunchError(f"{kernel}: grid[{d}] must be an int, got {g!r}")
        g = g.__index__()
        if not 1 <= g <= limit:
            raise LaunchError(f"{kernel}: grid[{d}] = {g} is out of range [1, {limit}]")
        dims.append(g)
    while len(dims) < 3:
        dims.append(1)
    return dims[0], dims[1], dims[2]


# ---------------------------------------------------------------------------
# Modules and kernels
# ---------------------------------------------------------------------------

class Kernel:
    """One kernel of a loaded module: kernel[grid](*args) or kernel.launch(...)."""

    # Packed arguments kept per argument key (see _argument_key): a repeated
    # launch with the same tensors and numbers skips the checks and the TMA
    # descriptor encoding (cuTensorMapEncodeTiled: ~50 us per descriptor in
    # Python), which otherwise dominate a short kernel's host time.
    _PACKED_CACHE_SIZE = 16

    def __init__(self, module: "Module", meta: KernelMetadata, handle: int) -> None:
        self.module = module
        self.meta = meta
        self.name = meta.name
        self._handle = handle
        # Kernels with global tensors allocate memory at every launch.
        self._cacheable = not any(p.type == "global_tensor" for p in meta.params)
        self._packed_cache: "collections.OrderedDict[tuple, Tuple[List[Any], Any]]" = \
            collections.OrderedDict()

    @staticmethod
    def _argument_key(args: Sequence[Any]) -> Optional[tuple]:
        """What the packed arguments depend on: for a torch tensor its address,
        dtype and device (everything pack_arguments checks or reads), for a
        Python number its type and value; None (no caching) for anything
        else."""
        key = []
        for a in args:
            if type(a) in (int, float, bool):
                key.append((type(a), a))
            elif hasattr(a, "data_ptr") and hasattr(a, "dtype") and hasattr(a, "device"):
                key.append((a.data_ptr(), a.dtype, a.device))
            else:
                return None
        return tuple(key)

    def _packed_for(self, args: Sequence[Any], stream: int, buffers: List[Any]):
        """(packed values, kernelParams array) for `args`, from the cache when
        the same arguments were packed before."""
        key = self._argument_key(args) if self._cacheable else None
        if key is not None:
            hit = self._packed_cache.get(key)
            if hit is not None:
                self._packed_cache.move_to_end(key)
                return hit
        packed = pack_arguments(self.meta, args, self.module.device, stream, buffers)
        # kernelParams: one pointer to each argument's value; `packed` keeps
        # the values alive (cuLaunchKernel copies them at the launch).
        pointers = (ctypes.c_void_p * max(1, len(packed)))(
            *[ctypes.addressof(v) for v in packed])
        if key is not None:
            self._packed_cache[key] = (packed, pointers)
            if len(self._packed_cache) > self._PACKED_CACHE_SIZE:
                self._packed_cache.popitem(last=False)
        return packed, pointers

    def __repr__(self) -> str:
        params = ", ".join(f"{p.name}: {p.type}" for p in self.meta.params if not p.is_hidden)
        return f"<tile kernel {self.name}({params}) num_warps={self.meta.num_warps}>"

    def pack_args(self, args: Sequence[Any]) -> List[Any]:
        return pack_arguments(self.meta, args, self.module.device)

    def launch(self, grid: Any, *args: Any, stream: Any = None) -> None:
        """Launches on `stream` (a torch stream, a raw CUstream int, or None for
        torch's current stream on the module's device)."""
        gx, gy, gz = _normalize_grid(grid, self.name)
        if self.meta.cluster_dims != (1, 1, 1):
            _check_cluster_grid((gx, gy, gz), self.meta.cluster_dims, self.name)
        if stream is None:
            torch = _torch()
            stream = (torch.cuda.current_stream(self.module.device).cuda_stream
                      if torch is not None and torch.cuda.is_available() else 0)
        elif hasattr(stream, "cuda_stream"):
            stream = stream.cuda_stream
        # Global tensors live for this launch: allocated on the stream here,
        # released (stream-ordered) once the launch is enqueued.
        buffers: List[Any] = []
        _activate_device(self.module.device)
        try:
            packed, pointers = self._packed_for(args, stream, buffers)
            drv = _get_driver()
            drv.check(f"cuLaunchKernel({self.name})", drv.cuLaunchKernel(
                self._handle, gx, gy, gz, self.meta.threads_per_block, 1, 1,
                self.meta.shared_bytes, ctypes.c_void_p(stream), pointers, None))
        finally:
            _free_global_tensors(buffers, stream)

    def __getitem__(self, grid: Any):
        def launcher(*args: Any, stream: Any = None) -> None:
            self.launch(grid, *args, stream=stream)
        return launcher


class Module:
    """A cubin (or PTX) and its metadata, loaded on one device."""

    def __init__(self, image: bytes, meta: ModuleMetadata, device: Optional[int] = None,
                 source: str = "<memory>") -> None:
        self.meta = meta
        self.source = source
        self.device = _default_device() if device is None else device
        drv = _get_driver()
        _activate_device(self.device)
        if meta.format == "ptx" and not image.endswith(b"\0"):
            image = image + b"\0"
        buf = ctypes.create_string_buffer(image, len(image))
        handle = ctypes.c_void_p()
        code = drv.cuModuleLoadData(ctypes.byref(handle), buf)
        if code != 0:
            major, minor = _compute_capability(self.device)
            hint = ""
            if code in (_CUDA_ERROR_NO_BINARY_FOR_GPU, _CUDA_ERROR_INVALID_PTX,
                        _CUDA_ERROR_UNSUPPORTED_PTX_VERSION):
                hint = (f"{source} was compiled for {meta.arch}; this GPU is "
                        f"sm_{major}{minor}: recompile with tile-compile --arch=sm_{major}{minor}")
            drv.check(f"cuModuleLoadData({source})", code, hint)
        self._handle = handle.value
        self.kernels: Dict[str, Kernel] = {}
        for kmeta in meta.kernels:
            fn = ctypes.c_void_p()
            drv.check(f"cuModuleGetFunction({kmeta.name})", drv.cuModuleGetFunction(
                ctypes.byref(fn), self._handle, kmeta.name.encode()),
                hint="the metadata names a kernel the binary does not contain")
            if kmeta.shared_bytes > _STATIC_SHARED_LIMIT:
                self._raise_shared_limit(kmeta, fn.value)
            self.kernels[kmeta.name] = Kernel(self, kmeta, fn.value)

    def _raise_shared_limit(self, kmeta: KernelMetadata, fn: int) -> None:
        drv = _get_driver()
        dev = ctypes.c_int()
        drv.check("cuDeviceGet", drv.cuDeviceGet(ctypes.byref(dev), self.device))
        limit = ctypes.c_int()
        drv.check("cuDeviceGetAttribute", drv.cuDeviceGetAttribute(
            ctypes.byref(limit), _CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, dev))
        if kmeta.shared_bytes > limit.value:
            raise LaunchError(f"{kmeta.name} needs {kmeta.shared_bytes} bytes of shared "
                              f"memory; this GPU allows {limit.value} per block")
        drv.check(f"cuFuncSetAttribute({kmeta.name}, MAX_DYNAMIC_SHARED_SIZE_BYTES)",
                  drv.cuFuncSetAttribute(fn, _CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                         kmeta.shared_bytes))

    def __getitem__(self, name: str) -> Kernel:
        try:
            return self.kernels[name]
        except KeyError:
            raise KeyError(f"{self.source} has no kernel {name!r}; it has "
                           f"{sorted(self.kernels)}") from None

    def __getattr__(self, name: str) -> Kernel:
        kernels = self.__dict__.get("kernels", {})
        if name in kernels:
            return kernels[name]
        raise AttributeError(name)

    def __del__(self) -> None:
        handle = getattr(self, "_handle", None)
        if handle and _driver is not None:
            try:
                _activate_device(self.device)
                _driver.cuModuleUnload(handle)
            except Exception:
                pass


def load(metadata_path: Union[str, os.PathLike], binary_path: Union[str, os.PathLike, None] = None,
         device: Optional[int] = None) -> Module:
    """Loads the module described by a tile-compile metadata file (OUT.json);
    the binary is the file the metadata names, next to it, unless given."""
    metadata_path = os.fspath(metadata_path)
    try:
        with open(metadata_path, "r", encoding="utf-8") as f:
            obj = json.load(f)
    except OSError as e:
        raise MetadataError(f"cannot read {metadata_path}: {e}") from None
    except json.JSONDecodeError as e:
        raise MetadataError(f"{metadata_path} is not valid JSON: {e}") from None
    meta = ModuleMetadata.from_json(obj, metadata_path)
    if binary_path is None:
        binary_path = os.path.join(os.path.dirname(metadata_path), meta.binary)
    binary_path = os.fspath(binary_path)
    try:
        with open(binary_path, "rb") as f:
            image = f.read()
    except OSError as e:
        raise MetadataError(f"cannot read the binary {binary_path} named by "
                            f"{metadata_path}: {e}") from None
    return Module(image, meta, device=device, source=binary_path)
