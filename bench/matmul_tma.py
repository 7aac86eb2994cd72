#!/usr/bin/env python3
"""examples/matmul_tma.mlir against torch.matmul on square, odd and skinny
shapes, fp16 in/out (median of triton.testing.do_bench, checked first).

    python3 test/gpu/build_artifacts.py --out .device-carry/artifacts   # compiler machine
    python3 bench/matmul_tma.py --artifacts .device-carry/artifacts      # GPU machine

Operands have rows padded to a multiple of 8 elements (TMA needs 16-byte
row strides) and are viewed at the shape; torch.matmul gets the same
tensors. Any other artifact `<stem>.cubin.json` with a kernel of the same
signature can be compared with --variant STEM:KERNEL (bench/RESULTS.md
compares a 4-stage copy of the example this way).
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "python"))

SHAPES = [(4096, 4096, 4096), (8192, 8192, 8192), (4095, 4095, 4095),
          (128, 4096, 4096), (1, 4096, 4096)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--artifacts", default=os.path.join(ROOT, ".device-carry", "artifacts"))
    ap.add_argument("--variant", action="append", default=[],
                    help="STEM:KERNEL of another artifact to time beside it")
    args = ap.parse_args()
    import torch
    if not torch.cuda.is_available():
        print("SKIP: no CUDA GPU visible to torch")
        return 0
    from triton.testing import do_bench
    import tile.runtime as rt

    kernels = {"matmul_tma": rt.load(os.path.join(args.artifacts, "matmul_tma.cubin.json"))
               ["matmul_tma"]}
    for v in args.variant:
        stem, kname = v.split(":")
        kernels[kname] = rt.load(os.path.join(args.artifacts, f"{stem}.cubin.json"))[kname]
    print(f"device: {torch.cuda.get_device_name()}")
    for m, n, k in SHAPES:
        a = torch.randn((m, (k + 7) // 8 * 8), device="cuda", dtype=torch.float16)[:, :k]
        b = torch.randn((k, (n + 7) // 8 * 8), device="cuda", dtype=torch.float16)[:, :n]
        c = torch.empty((m, (n + 7) // 8 * 8), device="cuda", dtype=torch.float16)
        ref = a @ b
        flops = 2 * m * n * k
        t_ref = do_bench(lambda: torch.matmul(a, b), warmup=25, rep=200, return_mode="median")
        print(f"{m}x{n}x{k} cuBLAS {flops / t_ref / 1e9:8.1f} TFLOP/s")
        for name, kern in kernels.items():
            grid = ((m + 127) // 128, (n + 127) // 128)
            fn = lambda: kern[grid](a, b, c, m, n, k, a.stride(0), b.stride(0), c.stride(0))
            c.fill_(float("nan"))
            fn()
            torch.cuda.synchronize()
            err = ((c[:, :n].double() - ref.double()).norm() / ref.double().norm()).item()
            if not err < 2e-3:
                print(f"{m}x{n}x{k} {name}: WRONG RESULT, relative error {err:.3e}")
                continue
            t = do_bench(fn, warmup=25, rep=200, return_mode="median")
            print(f"{m}x{n}x{k} {name:24s} {flops / t / 1e9:8.1f} TFLOP/s  "
                  f"x{t_ref / t:.2f} cuBLAS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
