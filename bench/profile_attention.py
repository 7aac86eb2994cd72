#!/usr/bin/env python3
"""Launches the TMA and the warp-specialized flash attention kernels (f16,
B=4 H=32 N=4096, full or causal, d = 128 or 64) three times each, for
Nsight Compute on the GPU machine:

    ncu --kernel-name regex:'^attention_ws_f16_d128$' --launch-skip 2 \
        --launch-count 1 --section SpeedOfLight --section WarpStateStats \
        --section ComputeWorkloadAnalysis --section SchedulerStats \
        python3 bench/profile_attention.py ARTIFACTS [full|causal] [128|64]

(--launch-skip 2: the third launch of the matching kernel is profiled).
"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "python"))
import torch  # noqa: E402
import tile.runtime as rt  # noqa: E402

A = sys.argv[1]
causal = len(sys.argv) > 2 and sys.argv[2] == "causal"
d = int(sys.argv[3]) if len(sys.argv) > 3 else 128
b, h, n = 4, 32, 4096
q, k, v = (torch.randn((b, h, n, d), device="cuda", dtype=torch.float16) for _ in range(3))
o = torch.empty_like(q)
strides = [x for t in (q, k, v, o) for x in t.stride()[:3]] + [b * h * n] * 3
for name in ("attention_tma", "attention_ws"):
    path = os.path.join(A, f"{name}.cubin.json")
    if not os.path.exists(path):
        continue
    kern = rt.load(path)[f"{name}_f16_d{d}"]
    grid, extra = ((n + 127) // 128, b * h), []
    if any(p.name == "nbh" for p in kern.meta.params):
        # Persistent: a program per SM (the launch policy of
        # test/gpu/cases_attention_ws.py).
        tiles = -(-n // (64 * (kern.meta.num_warps // 4 - 1))) * b * h
        sms = torch.cuda.get_device_properties(0).multi_processor_count
        grid, extra = (min(sms, tiles), 1), [b * h]
    for _ in range(3):
        kern[grid](q, k, v, o, 1 / math.sqrt(d), n, h, int(causal), *strides, *extra)
torch.cuda.synchronize()
print("ok")
