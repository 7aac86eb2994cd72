#!/usr/bin/env python3
"""Runs a persistent GEMM back to back for a few seconds while nvidia-smi
samples the SM clock, board power and temperature: what clock the tensor
cores actually run at under a sustained GEMM (989 TFLOP/s dense fp16
assumes 1.83 GHz on all 132 SMs).

    python3 bench/gemm_clock.py ARTIFACTS [--seconds 3] [--sizes 4096,8192]

Prints the sustained TFLOP/s (CUDA events over all launches) and the
nvidia-smi samples taken during the run.
"""
import argparse
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "python"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("artifacts")
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--sizes", default="4096,8192")
    ap.add_argument("--kernel", default="matmul_persistent", help="stem, also the kernel name")
    ap.add_argument("--block-n", type=int, default=256)
    args = ap.parse_args()
    import torch
    import tile.runtime as rt
    k = rt.load(os.path.join(args.artifacts, f"{args.kernel}.cubin.json"))[args.kernel]
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    for s in [int(x) for x in args.sizes.split(",")]:
        a = torch.randn((s, s), device="cuda", dtype=torch.float16)
        b = torch.randn((s, s), device="cuda", dtype=torch.float16)
        c = torch.empty((s, s), device="cuda", dtype=torch.float16)
        tiles = ((s + 127) // 128) * ((s + args.block_n - 1) // args.block_n)
        fn = lambda: k[(min(sms, tiles),)](a, b, c, s, s, s, s, s, s)
        for _ in range(20):
            fn()
        torch.cuda.synchronize()
        smi = subprocess.Popen(["nvidia-smi", "--query-gpu=clocks.sm,power.draw,temperature.gpu",
                                "--format=csv,noheader", "-lms", "200"],
                               stdout=subprocess.PIPE, text=True)
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        t0, launches = time.time(), 0
        start.record()
        while time.time() - t0 < args.seconds:
            for _ in range(50):
                fn()
            launches += 50
            torch.cuda.synchronize()
        end.record()
        torch.cuda.synchronize()
        smi.terminate()
        samples = smi.communicate()[0].strip().splitlines()
        ms = start.elapsed_time(end) / launches
        print(f"{s}^3 {args.kernel}: {2 * s ** 3 / ms / 1e9:.1f} TFLOP/s sustained over "
              f"{launches} launches")
        # The first samples fall before the GPU reached its steady state.
        print("  nvidia-smi (sm clock, power, temperature):", "; ".join(samples[2:12]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
