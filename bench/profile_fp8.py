#!/usr/bin/env python3
"""Launches the persistent fp8 GEMMs (examples/matmul_fp8_persistent.mlir,
SIZE^3, default 8192) and torch._scaled_mm, and the split-K GEMM
(examples/matmul_splitk.mlir, both forms, S = 4) beside torch.matmul
(cuBLAS) at 16 x 4096 x 4096, three times each, for
Nsight Compute on the GPU machine ("small": only the 16-row GEMMs;
iterations 1 and 2 run inside the NVTX range "prof"):

    ncu --kernel-name regex:'^matmul_(fp8|splitk)' --launch-skip 2 --launch-count 4 \\
        --section SpeedOfLight --section WarpStateStats --section ComputeWorkloadAnalysis \\
        python3 bench/profile_fp8.py ARTIFACTS [SIZE [small]]
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "python"))
import torch  # noqa: E402
import tile.runtime as rt  # noqa: E402

A = sys.argv[1]
sms = torch.cuda.get_device_properties(0).multi_processor_count
s = int(sys.argv[2]) if len(sys.argv) > 2 else 8192
a = (torch.randn((s, s), device="cuda") * 2).to(torch.float8_e4m3fn)
bnk = (torch.randn((s, s), device="cuda") * 2).to(torch.float8_e4m3fn)
c = torch.empty((s, s), device="cuda", dtype=torch.bfloat16)
fp8 = rt.load(os.path.join(A, "matmul_fp8_persistent.cubin.json"))
names = [n for n in ("matmul_fp8_persistent", "matmul_fp8_persistent_128",
                     "matmul_fp8_persistent_128_s6", "matmul_fp8_persistent_k64", "matmul_fp8_persistent_s4") if n in fp8.kernels]
m, n, k = 16, 4096, 4096
a16 = torch.randn((m, k), device="cuda", dtype=torch.float16)
b16 = torch.randn((k, n), device="cuda", dtype=torch.float16)
c16 = torch.empty((m, n), device="cuda", dtype=torch.float16)
skm = rt.load(os.path.join(A, "matmul_splitk.cubin.json"))
sk, sk8 = skm["matmul_splitk"], skm["matmul_splitk_w8"]
splits = 4
ws = torch.empty((splits * m * n,), device="cuda", dtype=torch.float32)
cnt = torch.zeros((32,), device="cuda", dtype=torch.int32)
sa = torch.tensor(0.75, device="cuda")
sb = torch.tensor(1.5, device="cuda")
small_only = len(sys.argv) > 3 and sys.argv[3] == "small"
for it in range(3):
    # Iterations 1 and 2 inside an NVTX range, for ncu --nvtx --nvtx-include "prof/".
    if it == 1:
        torch.cuda.nvtx.range_push("prof")
    for name in ([] if small_only else names):
        bn = 128 if "_128" in name else 256
        fp8.kernels[name][(min(sms, (s // 128) * (s // bn)),)](
            a, bnk, c, 0.75, 1.5, s, s, s, s, s, s)
    if not small_only:
        torch._scaled_mm(a, bnk.t(), scale_a=sa, scale_b=sb, out_dtype=torch.bfloat16)
    sk[(32, 1, splits)](a16, b16, c16, ws, cnt, m, n, k, k, n, n)
    sk8[(32, 1, splits)](a16, b16, c16, ws, cnt, m, n, k, k, n, n)
    torch.matmul(a16, b16, out=c16)
torch.cuda.nvtx.range_pop()
torch.cuda.synchronize()
print("ok")
