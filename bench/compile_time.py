#!/usr/bin/env python3
"""Compile time per kernel, text to cubin: tile-compile against Triton's cold
compile of the same kernel, on the same (CPU) machine, in one run.

    python3 bench/compile_time.py [--tile-compile build/bin/tile-compile]

tile: wall time of the whole `tile-compile K.mlir --emit=cubin -O3` process
(start-up, parse, MLIR pipeline, LLVM, PTX, cubin, metadata). Triton: the
first `triton.compile` of the kernel in a fresh process with an empty cache
(TRITON_CACHE_DIR pointed at a new directory), for sm_90, in process (Python
start-up and `import triton` not counted), and a second compile of the same
kernel in that process (TRITON_ALWAYS_COMPILE=1: everything Triton loads once
per process is warm). Medians of --repeat runs. Also the CPU time (user +
system, the assembler's process included) of tile's run and of Triton's
cold compile: on a busy machine wall time includes waiting for a core, CPU
time much less so. A case `FILE:KERNEL` compiles only that kernel of the
file (tile-compile --kernel). Needs triton installed (a GPU is not needed:
the target is given explicitly).
"""

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

_MATMUL_SIG = {"a": "*fp16", "b": "*fp16", "c": "*fp16", "M": "i32", "N": "i32",
               "K": "i32", "sam": "i32", "sak": "i32", "sbk": "i32", "sbn": "i32",
               "scm": "i32", "scn": "i32"}
_ATTN_SIG = dict({"Q": "*fp16", "K": "*fp16", "V": "*fp16", "O": "*fp16",
                  "sm_scale": "fp32", "N": "i32", "H": "i32"},
                 **{f"s{t}{d}": "i32" for t in "qkvo" for d in "bhnd"})

# (tile kernel file, Triton function in triton_kernels.py, signature,
# constexprs[, Triton options])
CASES = [
    ("examples/copy1d.mlir", "_copy_kernel",
     {"src": "*fp32", "dst": "*fp32", "n": "i32"}, {"BLOCK": 1024}),
    ("examples/vector_add.mlir", "_add_kernel",
     {"x": "*fp32", "y": "*fp32", "out": "*fp32", "n": "i32"}, {"BLOCK": 512}),
    ("examples/transpose.mlir", "_transpose_kernel",
     {"src": "*fp32", "dst": "*fp32", "m": "i32", "n": "i32"},
     {"BM": 64, "BN": 64}),
    ("bench/kernels/softmax_4096.mlir", "_softmax_kernel",
     {"x": "*fp32", "out": "*fp32", "n_cols": "i32", "row_stride": "i32"},
     {"BLOCK": 4096}),
    ("bench/kernels/rowsum_4096.mlir", "_rowsum_kernel",
     {"x": "*fp32", "out": "*fp32", "n_cols": "i32", "row_stride": "i32"},
     {"BLOCK": 4096}),
    # GEMM fp16 128x256x64: the hand-pipelined cp.async + wgmma kernel and
    # the layout-free one (tile-pipeline) against Triton's tl.dot loop at
    # 3 stages, 8 warps (bench/matmul.py's pipelined configuration).
    ("examples/matmul_pipelined.mlir", "_matmul_kernel", _MATMUL_SIG,
     {"BM": 128, "BN": 256, "BK": 64}, {"num_warps": 8, "num_stages": 3}),
    ("examples/auto/matmul.mlir", "_matmul_kernel", _MATMUL_SIG,
     {"BM": 128, "BN": 128, "BK": 64}, {"num_warps": 8, "num_stages": 3}),
    # Flash attention forward: tile's file holds four kernels (f16/bf16 x
    # d64/d128), Triton's is one (f16, d128): the same kernel alone
    # (`FILE:KERNEL`, tile-compile --kernel), then the whole file (an upper
    # bound).
    ("examples/attention_contig.mlir:attention_contig_f16_d128", "_attn_fwd",
     _ATTN_SIG, {"CAUSAL": False, "D": 128, "BM": 128, "BN": 128},
     {"num_warps": 8, "num_stages": 3}),
    ("examples/attention_contig.mlir", "_attn_fwd", _ATTN_SIG,
     {"CAUSAL": False, "D": 128, "BM": 128, "BN": 128},
     {"num_warps": 8, "num_stages": 3}),
    # The tensor-core kernels of issue 11 against the same Triton kernels:
    # the warp-specialized GEMMs (hand-written and layout-free), the
    # warp-specialized attention (hand-written, d 128 and 64, and the
    # layout-free one).
    ("examples/matmul_ws_coop.mlir:matmul_ws_coop", "_matmul_kernel",
     _MATMUL_SIG, {"BM": 128, "BN": 256, "BK": 64},
     {"num_warps": 8, "num_stages": 3}),
    ("examples/auto/matmul_persistent_256.mlir:auto_matmul_persistent_256", "_matmul_kernel",
     _MATMUL_SIG, {"BM": 128, "BN": 256, "BK": 64},
     {"num_warps": 8, "num_stages": 3}),
    ("examples/attention_ws.mlir:attention_ws_f16_d128", "_attn_fwd",
     _ATTN_SIG, {"CAUSAL": False, "D": 128, "BM": 128, "BN": 128},
     {"num_warps": 8, "num_stages": 3}),
    ("examples/attention_ws.mlir:attention_ws_f16_d64", "_attn_fwd",
     _ATTN_SIG, {"CAUSAL": False, "D": 64, "BM": 128, "BN": 64},
     {"num_warps": 8, "num_stages": 3}),
    ("examples/auto/attention_contig.mlir:attention_auto_contig_f16_d128",
     "_attn_fwd", _ATTN_SIG, {"CAUSAL": False, "D": 128, "BM": 128, "BN": 128},
     {"num_warps": 8, "num_stages": 3}),
]

TRITON_CHILD = r"""
import json, os, resource, sys, time
sys.path.insert(0, sys.argv[1])
import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource
import triton_kernels as tk
fn = getattr(tk, sys.argv[2])
sig = json.loads(sys.argv[3]); consts = json.loads(sys.argv[4])
options = json.loads(sys.argv[5])
for k in consts: sig[k] = "constexpr"
src = ASTSource(fn=fn, signature=sig, constexprs={k: v for k, v in consts.items()})
times = []
def cpu():
    own = time.process_time()
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own + kids.ru_utime + kids.ru_stime
for _ in range(2):  # TRITON_ALWAYS_COMPILE=1: the second one compiles again
    t0, c0 = time.perf_counter(), cpu()
    triton.compile(src, target=GPUTarget("cuda", 90, 32), options=options)
    times.append((time.perf_counter() - t0, cpu() - c0))
print(times[0][0], times[1][0], times[0][1])
"""


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def has_kernel_flag(tc):
    out = subprocess.run([tc, "--help"], capture_output=True, text=True)
    return "--kernel=" in out.stdout


def one_kernel_text(path, name):
    """Every attribute alias of the file (lines `#name = ...`) and kernel
    `name` alone: for a tile-compile older than --kernel (--before).
    Kernels start at lines `tile.kernel @NAME(`."""
    lines = open(path).read().splitlines(keepends=True)
    starts = [i for i, l in enumerate(lines) if l.startswith("tile.kernel @")]
    mine = [i for i in starts if lines[i].startswith(f"tile.kernel @{name}(")]
    if not mine:
        raise SystemExit(f"no kernel {name} in {path}")
    end = min([i for i in starts if i > mine[0]], default=len(lines))
    aliases = [l for l in lines if l.startswith("#")]
    body = [l for l in lines[mine[0]:end] if not l.startswith("#")]
    return "".join(aliases + body)


def tile_args(tc, kernel, d):
    """The command compiling `kernel` (FILE or FILE:KERNEL) with `tc`."""
    path, _, name = kernel.partition(":")
    path = os.path.join(ROOT, path)
    args = [tc, path, "--emit=cubin", "-O3", "-o", os.path.join(d, "k.cubin")]
    if name and has_kernel_flag(tc):
        args.append("--kernel=" + name)
    elif name:
        args[1] = os.path.join(d, "one.mlir")
        with open(args[1], "w") as f:
            f.write(one_kernel_text(path, name))
    return args


def time_tiles(tcs, kernel, repeat):
    """Per compiler of `tcs`: median wall and CPU (user + system) seconds
    of `tile-compile`, the compilers interleaved; `kernel` is FILE or
    FILE:KERNEL (only that kernel: --kernel)."""
    times = [[] for _ in tcs]
    cpus = [[] for _ in tcs]
    with tempfile.TemporaryDirectory() as d:
        args = [tile_args(tc, kernel, d) for tc in tcs]
        for _ in range(repeat):
            for i, a in enumerate(args):
                t0, c0 = time.perf_counter(), children_cpu()
                # stderr: the register remarks, not timed output.
                subprocess.run(a, check=True, stderr=subprocess.DEVNULL)
                times[i].append(time.perf_counter() - t0)
                cpus[i].append(children_cpu() - c0)
    return [(statistics.median(t), statistics.median(c))
            for t, c in zip(times, cpus)]


def time_triton(fn, sig, consts, options, repeat):
    times = []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as cache:
            env = dict(os.environ, TRITON_CACHE_DIR=cache,
                       TRITON_ALWAYS_COMPILE="1")
            out = subprocess.run(
                [sys.executable, "-c", TRITON_CHILD, HERE, fn, json.dumps(sig),
                 json.dumps(consts), json.dumps(options)], env=env, check=True, capture_output=True,
                text=True)
            times.append([float(v) for v in
                          out.stdout.strip().splitlines()[-1].split()])
    return (statistics.median(t[0] for t in times),
            statistics.median(t[1] for t in times),
            statistics.median(t[2] for t in times))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tile-compile",
                    default=os.path.join(ROOT, "build", "bin", "tile-compile"))
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--only", default="",
                    help="regex: only the cases whose tile kernel (FILE or "
                         "FILE:KERNEL) matches")
    ap.add_argument("--before", default="",
                    help="another tile-compile (e.g. main's build) timed in the "
                         "same run, interleaved: a before/after table")
    args = ap.parse_args()
    try:
        import triton
    except ImportError:
        print("SKIP: triton is not installed here (pip install triton)")
        return 0
    print(f"triton {triton.__version__}; {os.cpu_count()} CPUs; medians of "
          f"{args.repeat}")
    before = (f" {'before ms':>10} {'before/cold':>12} {'before CPU':>11}"
              if args.before else "")
    print(f"{'kernel':58} {'tile ms':>8} {'triton cold ms':>15} "
          f"{'tile/cold':>10} {'triton 2nd ms':>14} {'tile/2nd':>9} "
          f"{'CPU ms: tile':>13} {'cold':>7} {'ratio':>6}" + before)
    tcs = [args.tile_compile] + ([args.before] if args.before else [])
    for kernel, fn, sig, consts, *options in CASES:
        if not re.search(args.only, kernel):
            continue
        tiles = time_tiles(tcs, kernel, args.repeat)
        t, tcpu = tiles[0]
        cold, second, coldcpu = time_triton(fn, sig, consts,
                                            options[0] if options else {},
                                            args.repeat)
        row = (f"{kernel:58} {t * 1e3:8.1f} {cold * 1e3:15.1f} {t / cold:10.3f} "
               f"{second * 1e3:14.1f} {t / second:9.3f} {tcpu * 1e3:13.1f} "
               f"{coldcpu * 1e3:7.1f} {tcpu / coldcpu:6.3f}")
        if args.before:
            b, bcpu = tiles[1]
            row += f" {b * 1e3:10.1f} {b / cold:12.3f} {bcpu * 1e3:11.1f}"
        print(row, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
