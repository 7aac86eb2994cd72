#!/usr/bin/env python3
"""Launches the TMA, the cp.async pipelined and the persistent GEMMs (fp16
4096^3) three times each, for Nsight Compute on the GPU machine:

    ncu --kernel-name regex:'^(matmul_tma|matmul_pipelined_1bar)$' --launch-skip 2 \
        --launch-count 2 --section SpeedOfLight --section Occupancy \
        --section WarpStateStats --section ComputeWorkloadAnalysis \
        python3 bench/profile_gemm.py ARTIFACTS

(the persistent kernels: --kernel-name regex:'^matmul_persistent(_128)?$';
their grid is one program per SM, at most the tile count).
"""
import os, sys
sys.path.insert(0, "python")
import torch
import tile.runtime as rt
A = sys.argv[1]
s = 4096
a = torch.randn((s, s), device="cuda", dtype=torch.float16)
b = torch.randn((s, s), device="cuda", dtype=torch.float16)
c = torch.empty((s, s), device="cuda", dtype=torch.float16)
sms = torch.cuda.get_device_properties(0).multi_processor_count
def k(name, kname):
    return rt.load(os.path.join(A, f"{name}.cubin.json"))[kname]
tma = k("matmul_tma", "matmul_tma")
p1 = k("matmul_pipelined_1bar", "matmul_pipelined_1bar")
pers = k("matmul_persistent", "matmul_persistent")
pers128 = k("matmul_persistent_128", "matmul_persistent_128")
for _ in range(3):
    tma[(32, 32)](a, b, c, s, s, s, s, s, s)
    p1[(32, 16)](a, b, c, s, s, s, s, s, s, 1)
    pers[(min(sms, 32 * 16),)](a, b, c, s, s, s, s, s, s)
    pers128[(min(sms, 32 * 32),)](a, b, c, s, s, s, s, s, s)
torch.cuda.synchronize()
print("ok")
