"""tile's C API (include/tile-c/Tile.h) through ctypes.

libtile_capi.so is a plain C library, so one build serves every Python
version: in a build tree it links libMLIR.so; in the wheel
(python/build_wheel.sh) LLVM and MLIR are linked into it. The package finds
it beside this file, or at $TILE_CAPI_LIBRARY.

Before the first compile this module points the compiler at the CUDA pieces
an installed wheel ships, when the CUDA toolkit ($CUDA_HOME or $CUDA_PATH
when set, else /usr/local/cuda) does not provide them and the variables are
not set already:
  TILE_NVJITLINK  the nvidia-nvjitlink wheel's lib/ (torch installs it), so
                  cubins are assembled in process without ptxas;
  TILE_LIBDEVICE  a libdevice.10.bc (the nvidia-cuda-nvcc wheel's, or the
                  one triton ships), for the math functions.
Without nvJitLink or ptxas, a cubin request returns PTX, which the CUDA
driver compiles when the module is loaded (docs/Python.md, "The wheel").

The functions mirror the former extension module's: compile() returns a dict,
the layout and CuTe queries return text or raise ValueError.
"""

from __future__ import annotations

import ctypes
import glob
import json
import os
import sys
from typing import Any, Dict, List, Optional, Sequence, Tuple

__all__ = ["compile", "can_assemble_cubin", "cubin_assembler", "ptx_version",
           "library_path", "layout_table", "layout_linear", "layout_json",
           "layout_svg", "layout_convert", "layout_canonical", "cute_eval",
           "cute_normalize", "cute_table"]

# The version of include/tile-c/Tile.h this module speaks.
CAPI_VERSION = 1
LIBRARY_NAME = "libtile_capi.so"


def _toolkit_dirs() -> List[str]:
    """The toolkits the C++ library searches (tile/Target/Cubin.h):
    $CUDA_HOME and $CUDA_PATH when either is set, else /usr/local/cuda."""
    dirs = [d for d in (os.environ.get(v, "") for v in ("CUDA_HOME", "CUDA_PATH")) if d]
    return [d for d in (dirs or ["/usr/local/cuda"]) if os.path.isdir(d)]


def _site_dirs() -> List[str]:
    return [p for p in sys.path if p and os.path.isdir(p)]


def find_nvjitlink_dir() -> Optional[str]:
    """The lib/ directory of an installed nvidia-nvjitlink wheel
    (nvidia/nvjitlink/lib for CUDA 12, nvidia/cu13/lib for CUDA 13), or
    None."""
    for site in _site_dirs():
        for lib in sorted(glob.glob(os.path.join(site, "nvidia", "*", "lib",
                                                 "libnvJitLink.so*"))):
            return os.path.dirname(lib)
    return None


def find_libdevice() -> Optional[str]:
    """A libdevice.10.bc that an installed wheel ships (nvidia-cuda-nvcc's,
    else triton's), or None."""
    patterns = [("nvidia", "*", "nvvm", "libdevice", "libdevice.10.bc"),
                ("triton", "backends", "nvidia", "lib", "libdevice.10.bc"),
                ("triton", "third_party", "cuda", "lib", "libdevice.10.bc")]
    for pattern in patterns:
        for site in _site_dirs():
            found = sorted(glob.glob(os.path.join(site, *pattern)))
            if found:
                return found[0]
    return None


def _configure_cuda_search() -> None:
    """Sets TILE_NVJITLINK and TILE_LIBDEVICE from installed wheels where no
    toolkit provides them and the user has not set them."""
    toolkits = _toolkit_dirs()
    if not os.environ.get("TILE_NVJITLINK") and not any(
            glob.glob(os.path.join(t, "lib64", "libnvJitLink.so*")) for t in toolkits):
        found = find_nvjitlink_dir()
        if found:
            os.environ["TILE_NVJITLINK"] = found
    if not os.environ.get("TILE_LIBDEVICE") and not any(
            os.path.exists(os.path.join(t, "nvvm", "libdevice", "libdevice.10.bc"))
            for t in toolkits):
        found = find_libdevice()
        if found:
            os.environ["TILE_LIBDEVICE"] = found


class _Result(ctypes.Structure):
    """Opaque TileResult."""


_ResultPtr = ctypes.POINTER(_Result)


def _load() -> Tuple[ctypes.CDLL, str]:
    path = os.environ.get("TILE_CAPI_LIBRARY") or os.path.join(
        os.path.dirname(os.path.abspath(__file__)), LIBRARY_NAME)
    if not os.path.exists(path):
        raise ImportError(f"{path} does not exist")
    _configure_cuda_search()
    try:
        lib = ctypes.CDLL(path)
    except OSError as e:
        raise ImportError(f"cannot load {path}: {e}") from e
    lib.tileCapiVersion.restype = ctypes.c_int
    lib.tileCapiVersion.argtypes = []
    version = lib.tileCapiVersion()
    if version != CAPI_VERSION:
        raise ImportError(f"{path} has C API version {version}; this package "
                          f"speaks version {CAPI_VERSION} (mixed builds?)")
    lib.tileResultOk.restype = ctypes.c_int
    lib.tileResultOk.argtypes = [_ResultPtr]
    lib.tileResultGet.restype = ctypes.c_void_p
    lib.tileResultGet.argtypes = [_ResultPtr, ctypes.c_char_p,
                                  ctypes.POINTER(ctypes.c_size_t)]
    lib.tileResultDestroy.restype = None
    lib.tileResultDestroy.argtypes = [_ResultPtr]
    lib.tileCompile.restype = _ResultPtr
    lib.tileCompile.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p]
    lib.tileCanAssembleCubin.restype = ctypes.c_int
    lib.tileCanAssembleCubin.argtypes = []
    lib.tileCubinAssembler.restype = _ResultPtr
    lib.tileCubinAssembler.argtypes = []
    lib.tilePtxVersion.restype = _ResultPtr
    lib.tilePtxVersion.argtypes = [ctypes.c_char_p]
    lib.tileLayoutQuery.restype = _ResultPtr
    lib.tileLayoutQuery.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    return lib, path


_lib, library_path = _load()


class _Owned:
    """A TileResult, destroyed when the with-block ends."""

    def __init__(self, ptr) -> None:
        if not ptr:
            raise MemoryError("the tile C API returned no result")
        self.ptr = ptr

    def __enter__(self) -> "_Owned":
        return self

    def __exit__(self, *exc) -> None:
        _lib.tileResultDestroy(self.ptr)

    @property
    def ok(self) -> bool:
        return bool(_lib.tileResultOk(self.ptr))

    def bytes(self, name: str) -> bytes:
        size = ctypes.c_size_t(0)
        data = _lib.tileResultGet(self.ptr, name.encode(), ctypes.byref(size))
        if not data:
            return b""
        return ctypes.string_at(data, size.value)

    def text(self, name: str) -> str:
        return self.bytes(name).decode("utf-8", errors="replace")


def compile(source: str, source_name: str = "<string>", arch: str = "sm_90",
            emit: str = "cubin", opt_level: int = 3, assembler: str = "auto",
            ptxas: str = "", num_stages: int = 0,
            defines: Sequence[Tuple[str, str]] = (),
            warp_specialize: Optional[bool] = None) -> Dict[str, Any]:
    """tileCompile: a dict with ok, diagnostics, format, output (bytes for a
    cubin, else str), ptx, metadata_json, note, assembler."""
    data = source.encode("utf-8")
    options = json.dumps({"source_name": source_name, "arch": arch, "emit": emit,
                          "opt_level": opt_level, "assembler": assembler,
                          "ptxas": ptxas, "num_stages": num_stages,
                          "defines": [[str(k), str(v)] for k, v in defines],
                          "warp_specialize": warp_specialize})
    with _Owned(_lib.tileCompile(data, len(data), options.encode())) as r:
        out: Dict[str, Any] = {"ok": r.ok}
        for name in ("diagnostics", "format", "ptx", "metadata_json", "note",
                     "assembler"):
            out[name] = r.text(name)
        out["output"] = r.bytes("output") if out["format"] == "cubin" else r.text("output")
    return out


def can_assemble_cubin() -> bool:
    return bool(_lib.tileCanAssembleCubin())


def cubin_assembler() -> Tuple[str, str]:
    """("nvJitLink" | "ptxas" | "", where it was found)."""
    with _Owned(_lib.tileCubinAssembler()) as r:
        return r.text("value"), r.text("path")


def _value(ptr) -> str:
    with _Owned(ptr) as r:
        if not r.ok:
            raise ValueError(r.text("error"))
        return r.text("value")


def ptx_version(arch: str) -> str:
    return _value(_lib.tilePtxVersion(arch.encode()))


def _query(function: str, **args: Any) -> str:
    return _value(_lib.tileLayoutQuery(function.encode(), json.dumps(args).encode()))


def layout_table(attr: str, shape: Sequence[int], max_rows: int = 0,
                 max_cols: int = 0) -> str:
    return _query("layout_table", attr=attr, shape=list(shape), max_rows=max_rows,
                  max_cols=max_cols)


def layout_linear(attr: str, shape: Sequence[int]) -> str:
    return _query("layout_linear", attr=attr, shape=list(shape))


def layout_json(attr: str, shape: Sequence[int]) -> str:
    return _query("layout_json", attr=attr, shape=list(shape))


def layout_svg(attr: str, shape: Sequence[int], max_rows: int = 0, max_cols: int = 0,
               element_bits: int = 0, html: bool = False) -> str:
    return _query("layout_svg", attr=attr, shape=list(shape), max_rows=max_rows,
                  max_cols=max_cols, element_bits=element_bits, html=bool(html))


def layout_convert(attr: str, dst: str, shape: Sequence[int], element_bits: int = 32,
                   strategy: str = "auto", format: str = "text", max_rows: int = 0,
                   max_cols: int = 0) -> str:
    return _query("layout_convert", attr=attr, dst=dst, shape=list(shape),
                  element_bits=element_bits, strategy=strategy, format=format,
                  max_rows=max_rows, max_cols=max_cols)


def layout_canonical(attr: str) -> str:
    return _query("layout_canonical", attr=attr)


def cute_eval(expr: str) -> str:
    return _query("cute_eval", expr=expr)


def cute_normalize(layout: str) -> str:
    return _query("cute_normalize", layout=layout)


def cute_table(layout: str) -> str:
    return _query("cute_table", layout=layout)
