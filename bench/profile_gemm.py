#!/usr/bin/env python3
"""Launches the TMA, the cp.async pipelined, the persistent and (when
built) the warp-specialized GEMMs (matmul_ws*, matmul_ws_coop; fp16
4096^3) three times each, for Nsight Compute on the GPU machine:

    ncu --kernel-name regex:'^(matmul_tma|matmul_pipelined_1bar|matmul_persistent.*|matmul_ws.*)$' --launch-skip 2 \
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
p1 = (k("matmul_pipelined_1bar", "matmul_pipelined_1bar")
      if os.path.exists(os.path.join(A, "matmul_pipelined_1bar.cubin.json")) else None)
pers = k("matmul_persistent", "matmul_persistent")
pers128 = k("matmul_persistent_128", "matmul_persistent_128")
ws = [k(n, n) for n in ("matmul_ws", "matmul_ws_split", "matmul_ws_grouped")
      if os.path.exists(os.path.join(A, f"{n}.cubin.json"))]
wsp = [k(n, n) for n in ("matmul_ws_persistent", "matmul_ws_pingpong")
       if os.path.exists(os.path.join(A, f"{n}.cubin.json"))]
# examples/matmul_ws_coop.mlir: persistent, min(#SMs, tiles) programs.
coop = (k("matmul_ws_coop", "matmul_ws_coop")
        if os.path.exists(os.path.join(A, "matmul_ws_coop.cubin.json")) else None)
for _ in range(3):
    tma[(32, 32)](a, b, c, s, s, s, s, s, s)
    if p1 is not None:
        p1[(32, 16)](a, b, c, s, s, s, s, s, s, 1)
    pers[(min(sms, 32 * 16),)](a, b, c, s, s, s, s, s, s)
    pers128[(min(sms, 32 * 32),)](a, b, c, s, s, s, s, s, s)
    for w in ws:
        w[(32, 16)](a, b, c, s, s, s, s, s, s)
    for w in wsp:
        w[(sms, 1)](a, b, c, s, s, s, s, s, s)
    if coop is not None:
        coop[(min(sms, 32 * 16),)](a, b, c, s, s, s, s, s, s)
torch.cuda.synchronize()
print("ok")
