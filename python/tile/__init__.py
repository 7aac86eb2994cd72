"""tile: an MLIR-based tile-language compiler for NVIDIA GPUs.

This package currently holds the launcher, `tile.runtime`, which loads a
cubin (or PTX) written by `tile-compile` together with its JSON metadata and
launches its kernels on torch tensors. It needs only the CUDA driver
(libcuda) and, for tensors, torch: no LLVM or MLIR.
"""

__all__ = ["runtime", "jit", "language"]

from .compiler import (CompileError, CompileWarning, CompiledKernel, can_assemble_cubin,  # noqa: E402,F401
                       compile, compile_file, cubin_assembler)
from .language import (constexpr, dtype, int1, int8, int16, int32, int64, float16,  # noqa: E402,F401
                       PaddingMode, bfloat16, float32, float64, float8_e4m3fn, float8_e5m2,
                       math, program_id, num_programs, arange,
                       zeros, full, load, store, make_view, load_tile, store_tile, sum, max,
                       min, where, maximum, minimum, exp, exp2, log, log2, sqrt, rsqrt, sin,
                       cos, abs, erf, tanh, cast, dot, cdiv, static_assert, convert_layout,
                       allocate_shared, shared_store, shared_load, barrier, load_at, store_at,
                       reduce, argmax, argmin, scan, associative_scan, cumsum, cumprod, cummax,
                       cummin, atomic_add, atomic_max, atomic_min, atomic_umax, atomic_umin,
                       atomic_and, atomic_or, atomic_xor, atomic_xchg, atomic_cas,
                       global_tensor)
from . import layouts  # noqa: E402,F401
from .language import trans, permute, reshape, join, split, cat  # noqa: E402,F401  (shape ops)
from . import jit as jit_module  # noqa: E402,F401  (tile.jit is the decorator)
from .jit import JITFunction, KernelSyntaxError, jit  # noqa: E402,F401
from .autotune import Autotuner, Config, autotune, do_bench  # noqa: E402,F401
