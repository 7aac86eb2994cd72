#!/usr/bin/env python3
"""Runs the pipelined GEMMs of cases_pipeline.py on a few small shapes, for
compute-sanitizer (racecheck, synccheck, memcheck: the whole suite takes
longer than a device call under racecheck):

    compute-sanitizer --tool racecheck python3 test/gpu/sanitize_pipeline.py \
        --artifacts DIR

Shapes: K below the stage count times the tile K (prologue copies of
iterations that do not exist) and K over several rings of slots, with
ragged M and N. Prints one line per case and exits 1 on a wrong result.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "python"))
sys.path.insert(0, HERE)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--artifacts", required=True)
    args = ap.parse_args()
    import torch
    import tile.runtime as rt
    from cases_async import make_runner as rm_runner
    from cases_matmul import make_runner

    view_shapes = [(100, 100, 100, "row", "col", "col"), (130, 70, 600, "row", "row", "row")]
    rm_shapes = [(64, 64, 64, "row"), (130, 200, 600, "row")]
    cases = [
        ("auto_matmul_rm", "auto_matmul_rm", rm_runner(128, 128), rm_shapes),
        ("matmul_wgmma_rm_s4", "matmul_wgmma_rm", rm_runner(128, 128), rm_shapes),
        ("matmul_s3", "matmul", make_runner("f16", 64, 64), view_shapes),
        ("auto_matmul_sm89_s2", "matmul_auto", make_runner("f16", 128, 128), view_shapes),
    ]
    gen = torch.Generator(device="cuda")
    gen.manual_seed(1)
    bad = 0
    for stem, name, runner, shapes in cases:
        path = None
        for fmt in ("cubin", "ptx"):
            p = os.path.join(args.artifacts, f"{stem}.{fmt}.json")
            if os.path.exists(p):
                path = p
        k = rt.load(path)[name]
        for shape in shapes:
            checks = runner(k, shape, gen)
            torch.cuda.synchronize()
            ok = all(c[1] is True for c in checks)
            bad += not ok
            print(f"{'PASS' if ok else 'FAIL'} {stem} {shape} "
                  f"{'' if ok else [c for c in checks if c[1] is not True]}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
