"""tile: an MLIR-based tile-language compiler for NVIDIA GPUs.

This package currently holds the launcher, `tile.runtime`, which loads a
cubin (or PTX) written by `tile-compile` together with its JSON metadata and
launches its kernels on torch tensors. It needs only the CUDA driver
(libcuda) and, for tensors, torch: no LLVM or MLIR.
"""

__all__ = ["runtime"]

from .compiler import CompileError, CompileWarning, CompiledKernel, can_assemble_cubin, compile, compile_file  # noqa: E402,F401
