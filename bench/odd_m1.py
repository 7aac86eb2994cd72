#!/usr/bin/env python3
"""Why M = 1 is slower than M = 2 for the TMA GEMMs (N = K = 4096, fp16):
times the split-K and the TMA kernels at M = 1, at M = 2, and at M = 1
computed as M = 2 (A given a zero second row; C's second row discarded).

    python3 bench/odd_m1.py ARTIFACTS
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "python"))
import torch  # noqa: E402
from triton.testing import do_bench  # noqa: E402
import tile.runtime as rt  # noqa: E402

A = sys.argv[1]
n = k = 4096
sk = rt.load(os.path.join(A, "matmul_splitk.cubin.json"))["matmul_splitk"]
tma = rt.load(os.path.join(A, "matmul_tma.cubin.json"))["matmul_tma"]
b = torch.randn((k, n), device="cuda", dtype=torch.float16)
cnt = torch.zeros((64,), device="cuda", dtype=torch.int32)
ws = torch.empty((4 * 2 * n,), device="cuda", dtype=torch.float32)
a2 = torch.randn((2, k), device="cuda", dtype=torch.float16)
a2[1].zero_()
c2 = torch.empty((2, n), device="cuda", dtype=torch.float16)
a1 = a2[:1]
c1 = c2[:1]
ref = a1.double() @ b.double()
for label, m, a, c in (("M=1", 1, a1, c1), ("M=2", 2, a2, c2), ("M=1 as M=2", 2, a2, c2)):
    fns = {"splitk S=4": lambda: sk[(32, 1, 4)](a, b, c, ws, cnt, m, n, k, k, n, n),
           "matmul_tma": lambda: tma[(1, 32)](a, b, c, m, n, k, k, n, n)}
    for name, fn in fns.items():
        fn()
        torch.cuda.synchronize()
        err = ((c[:1].double() - ref).norm() / ref.norm()).item()
        t = do_bench(fn, warmup=25, rep=200, return_mode="median")
        print(f"{label:<12} {name:<12} {t * 1e3:8.1f} us   error of row 0 {err:.1e}")
e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
print("torch.matmul M=1:", do_bench(lambda: torch.matmul(a1, b), return_mode="median") * 1e3, "us")
