"""GPU cases of the warp-specialized flash attention kernels
(examples/attention_ws.mlir: a TMA producer warpgroup, two consumer
warpgroups of 64 query rows in ping-pong) against
torch.nn.functional.scaled_dot_product_attention in float32 on the same
(f16 or bf16) inputs.

The kernels take the arguments and the launch grid of the TMA kernels, so
the runner is cases_attention_tma.run_attention_tma: fresh q, k, v, a
poisoned output, every element written, errors within cases_attention.TOL,
the memory around the output still poisoned; contiguous and padded memory
orders (a key block past N reads the next head's rows or spare rows that
the mask must hide). N covers 1, a block of one consumer only (17, 64, 65),
partial blocks of both consumers (100, 200, 300), exact blocks (128, 256),
a long sequence and one whose last block is partial (1000, 4096), causal
and full; B * H > 1. Persistent kernels (an argument `nbh`) are launched
with B * H appended and 5 programs (N < 1000: each walks several tiles) or
by the launch policy (persistent_programs below).
"""

import os

import torch

from cases_attention_tma import run_attention_tma


def rows_per_tile(kernel):
    """The query rows of one program's tile: 64 per consumer warpgroup
    (every warpgroup but the producer)."""
    return 64 * (kernel.meta.num_warps // 4 - 1)


def persistent_programs(kernel, n, bh, causal, sms):
    """The launch policy of the persistent kernels: one program per SM (at
    most one per tile), with and without the causal mask (causal, the
    kernel's alternating tile order balances the uneven tiles; one program
    per tile was 5 - 8 % slower at N = 4096, bench/RESULTS.md 2026-11-24
    h12attn: each program then fills its K/V ring from empty)."""
    tiles = -(-n // rows_per_tile(kernel)) * bh
    return max(1, min(sms, tiles))


class Persistent:
    """A persistent kernel (one with the argument `nbh`, see
    utils/gen_attention_ws.py) behind the launch of the non-persistent
    ones: `kernel[(row_blocks, B * H)](q, k, v, o, scale, n, heads, causal,
    ...)` launches `programs` programs (default: persistent_programs) with
    B * H appended (the kernel walks the tiles itself)."""

    def __init__(self, kernel, programs=None):
        self.kernel = kernel
        self.programs = programs

    def __getitem__(self, grid):
        def launch(*args):
            programs = self.programs
            if programs is None:
                sms = torch.cuda.get_device_properties(
                    torch.cuda.current_device()).multi_processor_count
                programs = persistent_programs(self.kernel, args[5], grid[1], args[7], sms)
            self.kernel[(programs, 1)](*args, grid[1])
        return launch


def launchable(kernel, programs=None):
    """`kernel`, or its persistent launcher when it takes `nbh`."""
    if any(p.name == "nbh" for p in kernel.meta.params):
        return Persistent(kernel, programs)
    return kernel


def run_attention_ws(kernel, shape, gen):
    # Persistent kernels: 5 programs below N = 1000, so that programs walk
    # several tiles (the ring phases and turns carry over tiles) even in
    # the small cases compute-sanitizer runs; the launch policy above.
    n = shape[2]
    return run_attention_tma(launchable(kernel, 5 if n < 1000 else None), shape, gen)


def _shapes(d, dtype):
    shapes = []
    for i, n in enumerate([1, 17, 64, 65, 100, 128, 200, 256, 300, 1000, 4096]):
        bh = (2, 8) if n == 4096 else (2, 3)
        for causal in (False, True):
            order = ("contig", "padded")[(i + causal) % 2]
            shapes.append((*bh, n, d, causal, dtype, order))
    return shapes


CASES = []
for _t, _dtype in (("f16", torch.float16), ("bf16", torch.bfloat16)):
    for _d in (64, 128):
        CASES.append(("attention_ws", f"attention_ws_{_t}_d{_d}", run_attention_ws,
                      _shapes(_d, _dtype)))
# Tuning variants (gen_attention_ws.py --config, built as the artifact
# attention_ws_tune): TILE_ATTN_WS_TUNE=name,name,... adds their cases.
for _name in filter(None, os.environ.get("TILE_ATTN_WS_TUNE", "").split(",")):
    _d = int(_name.split("_d")[1].split("_")[0])
    _dtype = torch.bfloat16 if "_bf16_" in _name else torch.float16
    CASES.append(("attention_ws_tune", _name, run_attention_ws, _shapes(_d, _dtype)))
