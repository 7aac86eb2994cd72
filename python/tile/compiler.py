"""Compile tile kernels from Python: the steps of tile-compile, in process.

    import tile
    k = tile.compile(open("examples/vector_add.mlir").read(), arch="sm_90")
    k.metadata["kernels"][0]["name"]     # 'vector_add'
    mod = k.load()                        # a tile.runtime.Module
    mod.vector_add[(tile.runtime.cdiv(n, 512),)](x, y, out, n)

Compile errors raise CompileError; its text is the diagnostics exactly as
tile-compile prints them (`<name>:line:col: error: ...`), and
`.locations` lists them parsed.
"""

from __future__ import annotations

import json
import os
import re
import warnings
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple, Union

__all__ = ["CompileError", "CompileWarning", "CompiledKernel", "compile",
           "compile_file", "can_assemble_cubin", "cubin_assembler", "EMIT_KINDS"]

EMIT_KINDS = ("cubin", "ptx", "llvm", "mlir", "layouts")


def _ext():
    """The compiler, tile's C API (tile._capi over libtile_capi.so); loaded
    on first use so that tile.runtime works without it (e.g. a machine with
    only the launcher)."""
    try:
        from . import _capi
    except ImportError as e:
        raise ImportError(
            "tile's compiler library (libtile_capi.so, loaded by tile._capi) is not "
            "available: build it (cmake --build <build> --target tile_capi) and put "
            "<build>/python on PYTHONPATH, or install the wheel built by "
            "`bash python/build_wheel.sh` (docs/Python.md). "
            f"Original error: {e}") from e
    return _capi


_LOCATION = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): "
                       r"(?P<severity>error|warning|note|remark): (?P<message>.*)$")


@dataclass
class Diagnostic:
    """One located diagnostic line."""
    file: str
    line: int
    column: int
    severity: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.severity}: {self.message}"


class CompileError(Exception):
    """The kernel did not compile. str(e) is the full diagnostic text;
    e.diagnostics the same text; e.locations the located lines, parsed."""

    def __init__(self, diagnostics: str, source_name: str = "<string>") -> None:
        self.diagnostics = diagnostics.rstrip("\n") or "compilation failed"
        self.source_name = source_name
        self.locations: List[Diagnostic] = []
        for text in self.diagnostics.splitlines():
            m = _LOCATION.match(text)
            if m:
                self.locations.append(Diagnostic(m["file"], int(m["line"]), int(m["col"]),
                                                 m["severity"], m["message"]))
        super().__init__(self.diagnostics)

    @property
    def location(self) -> Optional[Tuple[str, int, int]]:
        """(file, line, column) of the first error, if it has one."""
        for d in self.locations:
            if d.severity == "error":
                return (d.file, d.line, d.column)
        return None


class CompileWarning(UserWarning):
    """A compile succeeded with a caveat (e.g. PTX instead of a cubin)."""


@dataclass
class CompiledKernel:
    """What tile.compile produced.

    format    "cubin", "ptx", "llvm", "mlir" or "layouts": what `binary`/`asm`
              hold.
              Only differs from the `emit` asked for when a cubin was asked
              for and no CUDA toolkit was found (then "ptx"; see `note`).
    binary    bytes: the cubin, or the PTX text encoded (what the runtime
              loads); None for "llvm" and "mlir".
    asm       str: the text output (PTX, LLVM IR or the lowered MLIR);
              None for a cubin.
    ptx       str: the PTX text for "ptx" and "cubin", else None.
    metadata  dict: tile-compile's metadata JSON (kernels, arch, format,
              binary).
    note      why the format differs from the request, else "".
    assembler for a cubin, the assembler that produced it ("nvJitLink" or
              "ptxas"), else "".
    """
    format: str
    arch: str
    opt_level: int
    metadata: Dict[str, Any]
    binary: Optional[bytes] = None
    asm: Optional[str] = None
    ptx: Optional[str] = None
    note: str = ""
    assembler: str = ""
    diagnostics: str = ""
    source_name: str = "<string>"

    @property
    def kernels(self) -> List[str]:
        """The kernel names, in module order."""
        return [k["name"] for k in self.metadata.get("kernels", [])]

    def kernel_metadata(self, name: Optional[str] = None) -> Dict[str, Any]:
        """One kernel's metadata entry (the only one when name is None)."""
        kernels = self.metadata.get("kernels", [])
        if name is None:
            if len(kernels) != 1:
                raise ValueError(f"the module has {len(kernels)} kernels "
                                 f"{self.kernels}; name one")
            return kernels[0]
        for k in kernels:
            if k["name"] == name:
                return k
        raise KeyError(f"no kernel {name!r}; the module has {self.kernels}")

    def load(self, device: Optional[int] = None):
        """Loads the binary on a GPU through tile.runtime; returns its Module
        (`mod.<kernel>[grid](*args)` launches, checking the arguments against
        the metadata). Needs the CUDA driver."""
        if self.format not in ("cubin", "ptx"):
            raise ValueError(f"a {self.format!r} result cannot be loaded; compile "
                             f"with emit='cubin' or emit='ptx'")
        from . import runtime
        meta = runtime.ModuleMetadata.from_json(self.metadata, self.source_name)
        return runtime.Module(self.binary, meta, device=device,
                              source=f"{self.source_name} ({self.format})")

    @classmethod
    def read(cls, path: Union[str, os.PathLike]) -> "CompiledKernel":
        """Reads what save() (or tile-compile -o path) wrote: the binary at
        `path` and its metadata at `path`.json. Needs no compiler extension
        (e.g. on a GPU machine with only the launcher)."""
        path = os.fspath(path)
        with open(path + ".json", "r", encoding="utf-8") as f:
            metadata = json.load(f)
        with open(path, "rb") as f:
            binary = f.read()
        fmt = metadata.get("format", "")
        if fmt not in ("cubin", "ptx"):
            raise ValueError(f"{path}.json: format {fmt!r} is not 'cubin' or 'ptx'")
        text = binary.decode() if fmt == "ptx" else None
        return cls(format=fmt, arch=metadata.get("arch", ""), opt_level=-1,
                   metadata=metadata, binary=binary, asm=text, ptx=text,
                   source_name=path)

    def save(self, path: Union[str, os.PathLike]) -> str:
        """Writes the output to `path` and, for cubin/ptx, the metadata to
        `path`.json naming it (what tile-compile -o path writes, so that
        tile.runtime.load(path + '.json') loads it). Returns the JSON path
        ("" when none is written)."""
        path = os.fspath(path)
        if self.binary is not None:
            with open(path, "wb") as f:
                f.write(self.binary)
        else:
            with open(path, "w", encoding="utf-8") as f:
                f.write(self.asm or "")
        if self.format not in ("cubin", "ptx"):
            return ""
        meta = dict(self.metadata)
        meta["binary"] = os.path.basename(path)
        with open(path + ".json", "w", encoding="utf-8") as f:
            json.dump(meta, f, indent=2)
            f.write("\n")
        return path + ".json"


def can_assemble_cubin() -> bool:
    """True when ptxas or libnvJitLink is found (a cubin can be produced)."""
    return bool(_ext().can_assemble_cubin())


def cubin_assembler() -> Tuple[str, str]:
    """The assembler a cubin compile uses here and where it was found:
    ("nvJitLink", ".../libnvJitLink.so.12"), ("ptxas", ".../ptxas"), or
    ("", "") when there is none (compiles then return PTX for the driver)."""
    return _ext().cubin_assembler()


def _define_value(name: str, value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float, str)):
        return str(value)
    raise TypeError(f"defines[{name!r}] = {value!r}: a parameter value is an int, float, "
                    f"bool or str, not {type(value).__name__}")


def _define_pairs(defines: Optional[Dict[str, Any]]) -> List[Tuple[str, str]]:
    if defines is None:
        return []
    if not isinstance(defines, dict):
        raise TypeError(f"defines must be a dict of parameter values, not "
                        f"{type(defines).__name__}")
    return [(str(k), _define_value(k, v)) for k, v in defines.items()]


def _check_warp_specialize(value: Any) -> None:
    """compile()'s, @tile.jit's and tile.Config's check of warp_specialize."""
    if value is not None and not isinstance(value, bool):
        raise ValueError(f"warp_specialize={value!r}: use True, False or None "
                         f"(the compiler's default: on)")


def compile(source: str, *, arch: str = "sm_90", emit: str = "cubin",
            opt_level: int = 3, name: str = "<string>", assembler: str = "auto",
            ptxas: Optional[str] = None, num_stages: int = 0,
            defines: Optional[Dict[str, Any]] = None,
            warp_specialize: Optional[bool] = None) -> CompiledKernel:
    """Compiles one kernel module (tile dialect text, or LLVM+NVVM dialect
    text) the way tile-compile does.

    arch       "sm_80", "sm_90", "sm_90a", ... (sm_80 and newer)
    emit       "cubin" (default), "ptx", "llvm", "mlir" or "layouts" (the
               HTML report of tile-compile --emit=layouts, in `asm`). Without a CUDA
               toolkit, "cubin" falls back to "ptx" with a CompileWarning
               (result.note says so); the CUDA driver JIT-compiles PTX.
    opt_level  0..3, for the MLIR pipeline, LLVM and the assembler.
    name       the source name diagnostics show (e.g. the file name).
    assembler  "auto" (nvJitLink if loadable, else ptxas), "ptxas",
               "nvjitlink"; ptxas: an explicit ptxas path.
    num_stages tile-pipeline's stage count for loops that carry no
               tile.num_stages attribute (tile-compile --num-stages): 0
               (default) chooses from the shared-memory budget, 1 turns
               pipelining off, 2..16 asks for that many buffers.
    warp_specialize
               tile-warp-specialize on every eligible GEMM loop (tile-compile
               --warp-specialize): None (default) or True: on (a loop whose
               TMA ring gets 3 slots or more becomes a TMA producer warpgroup
               and wgmma consumers), False: off, except for loops or kernels
               with a tile.warp_specialize attribute (docs/Passes.md).
    defines    kernel parameters: {"BLOCK": 256, "DTYPE": "f16"} replaces
               ${BLOCK} and ${DTYPE} in the source (tile-compile -D; ints,
               floats, bools and str values; docs/tile-compile.md).

    Raises CompileError (diagnostics with file:line:col) when the kernel or
    an option is bad.
    """
    if not isinstance(source, str):
        raise TypeError(f"source must be str (the kernel text), not "
                        f"{type(source).__name__}; for a file use compile_file()")
    if emit not in EMIT_KINDS:
        raise ValueError(f"emit={emit!r}: use one of {', '.join(EMIT_KINDS)}")
    if isinstance(opt_level, bool) or not isinstance(opt_level, int) or not 0 <= opt_level <= 3:
        raise ValueError(f"opt_level={opt_level!r}: use 0, 1, 2 or 3")
    if isinstance(num_stages, bool) or not isinstance(num_stages, int) \
            or not 0 <= num_stages <= 16:
        raise ValueError(f"num_stages={num_stages!r}: use 0 (chosen from the shared-memory "
                         f"budget), 1 (no pipelining) or 2..16")
    _check_warp_specialize(warp_specialize)
    out = _ext().compile(source, name, arch, emit, opt_level, assembler, ptxas or "",
                         num_stages, _define_pairs(defines), warp_specialize)
    if not out["ok"]:
        raise CompileError(out["diagnostics"], name)
    fmt = out["format"]
    metadata = json.loads(out["metadata_json"]) if out["metadata_json"] else {}
    result = CompiledKernel(format=fmt, arch=arch, opt_level=opt_level, metadata=metadata,
                            note=out["note"], assembler=out.get("assembler", ""),
                            diagnostics=out["diagnostics"],
                            source_name=name)
    if fmt == "cubin":
        result.binary = out["output"]
    else:
        result.asm = out["output"]
        if fmt == "ptx":
            result.binary = result.asm.encode()
    if fmt in ("ptx", "cubin"):
        result.ptx = out["ptx"]
    if result.note:
        warnings.warn(result.note, CompileWarning, stacklevel=2)
    return result


def compile_file(path: Union[str, os.PathLike], **options: Any) -> CompiledKernel:
    """compile() on a file's text; diagnostics name the file."""
    path = os.fspath(path)
    with open(path, "r", encoding="utf-8") as f:
        source = f.read()
    options.setdefault("name", path)
    return compile(source, **options)
