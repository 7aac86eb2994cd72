"""GPU cases of tile.global_tensor (test/gpu/kernels/global_tensor.mlir):
the launcher allocates a zeroed [n, 128] i32 buffer per launch and a spare
[4] f32 one, passes them as hidden parameters, and frees them. Every row
must read 0 first (zeroed, in every launch: a second launch must not see
the first one's writes), then its own value; row 0 also sums the spare
buffer (4 x 2.5 = +10). Run through torch's allocator and, with torch
hidden from the launcher, through the driver's stream-ordered allocator.
"""

import torch

from gpu_cases import DEV, poisoned


def _expected(n):
    rows = torch.arange(1, n + 1, dtype=torch.int32, device=DEV)
    ref = rows[:, None].expand(n, 128).clone()
    ref[0, 0] += 10
    return ref


def run_global_scratch(k, shape, gen):
    (n,) = shape
    checks = []
    for launch in range(2):
        out = poisoned((n, 128), torch.int32)
        k[(n,)](out, n)
        checks.append((f"out (launch {launch + 1})", out, _expected(n)))
    return checks


def runtime_global_scratch_driver(artifacts, gen):
    import os

    import tile.runtime as rt
    k = rt.load(os.path.join(artifacts, "global_tensor.cubin.json"))["global_scratch"]
    hidden = [p.name for p in k.meta.params if p.is_hidden]
    checks = [("hidden parameters", hidden == ["__global_tensor0", "__global_tensor1"], True),
              ("visible parameters", [p.name for p in k.meta.params if not p.is_hidden],
               ["out", "n"])]
    saved = rt._torch
    try:
        rt._torch = lambda: None      # the driver's cuMemAllocAsync path
        for n in (1, 300):
            out = poisoned((n, 128), torch.int32)
            k[(n,)](out, n, stream=torch.cuda.current_stream().cuda_stream)
            torch.cuda.synchronize()
            checks.append((f"out via the driver allocator (n = {n})", out, _expected(n)))
    finally:
        rt._torch = saved
    return checks


CASES = [
    ("global_tensor", "global_scratch", run_global_scratch, [(1,), (7,), (1000,)]),
]

RUNTIME_CASES = [
    ("global.driver_allocator", runtime_global_scratch_driver),
]
