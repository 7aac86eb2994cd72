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
and full; B * H > 1.
"""

import torch

from cases_attention_tma import run_attention_tma


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
        CASES.append(("attention_ws", f"attention_ws_{_t}_d{_d}", run_attention_tma,
                      _shapes(_d, _dtype)))
