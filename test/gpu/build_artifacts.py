#!/usr/bin/env python3
"""Compiles every example kernel to a cubin (or PTX) plus its metadata.

Runs on the build machine (the one with tile-compile); the GPU machine then
runs test/gpu/run_gpu_tests.py --artifacts DIR on the result and needs no
LLVM/MLIR.

    python3 test/gpu/build_artifacts.py --tile-compile build/bin/tile-compile \
        --out .device-carry/artifacts [--arch sm_90] [--emit cubin|ptx]

Writes DIR/<example>.<cubin|ptx>, DIR/<example>.<cubin|ptx>.json and
DIR/manifest.json; exits 1 if any example failed to compile (the others are
still written). Besides the examples (and examples/tutorial/*.mlir, as
tutorial_<name>) it builds what the launcher tests use:
test/gpu/kernels/*.mlir, the layout-free matmuls as sm_89 PTX and the
chained dot as sm_80 PTX (mma.sync on a Hopper GPU too), the row-major
layout-free GEMMs compiled with --warp-specialize (auto_matmul_rm_ws,
auto_matmul_rm_256_ws; the default compile has the
pass on too) and with --warp-specialize=false (auto_matmul_rm_nows,
auto_matmul_rm_256_nows, auto_matmul_persistent_nows,
auto_matmul_persistent_256_nows, gemm_tma_odd_nows, fp8_scaled_auto_nows,
bmm_load_at_nows, gemm_trans_b_nows; the pipelined
variants _s<N> have it too), vector_add as PTX
(vector_add_ptx, JIT-compiled by the driver at load) and as an sm_80 cubin
(vector_add_sm80, which a Hopper GPU must refuse with a clear error).
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tile-compile", default=os.path.join(ROOT, "build", "bin", "tile-compile"),
                    help="the tile-compile binary")
    ap.add_argument("--out", default=os.path.join(ROOT, ".device-carry", "artifacts"),
                    help="output directory")
    ap.add_argument("--examples", default=os.path.join(ROOT, "examples"),
                    help="directory of example kernels (*.mlir)")
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--emit", choices=["cubin", "ptx"], default="cubin")
    ap.add_argument("-O", dest="opt", default="3", choices=["0", "1", "2", "3"])
    ap.add_argument("--no-extras", dest="extras", action="store_false",
                    help="only the examples, not the launcher test kernels")
    args = ap.parse_args(argv)

    if not os.path.exists(args.tile_compile):
        print(f"error: tile-compile not found at {args.tile_compile}", file=sys.stderr)
        return 2
    os.makedirs(args.out, exist_ok=True)
    # (stem, source, emit, arch)
    jobs = [(f[:-len(".mlir")], os.path.join(args.examples, f), args.emit, args.arch)
            for f in sorted(os.listdir(args.examples)) if f.endswith(".mlir")]
    # The tutorial's kernels (docs/Tutorial.md), as tutorial_<name>.
    tutorial = os.path.join(args.examples, "tutorial")
    if os.path.isdir(tutorial):
        jobs += [("tutorial_" + f[:-len(".mlir")], os.path.join(tutorial, f), args.emit, args.arch)
                 for f in sorted(os.listdir(tutorial)) if f.endswith(".mlir")]
    # The layout-free examples, as auto_<name>.
    auto = os.path.join(args.examples, "auto")
    if os.path.isdir(auto):
        jobs += [("auto_" + f[:-len(".mlir")], os.path.join(auto, f), args.emit, args.arch)
                 for f in sorted(os.listdir(auto)) if f.endswith(".mlir")]
    kernels = os.path.join(HERE, "kernels")
    if args.extras:
        jobs += [(f[:-len(".mlir")], os.path.join(kernels, f), args.emit, args.arch)
                 for f in sorted(os.listdir(kernels)) if f.endswith(".mlir")]
        # The layout-free matmuls compiled for sm_89 as PTX (the driver JITs
        # it on newer GPUs): their dots take the mma.sync path, so the GPU
        # suite covers it for every input type on a Hopper GPU too.
        if os.path.isdir(auto):
            jobs += [("auto_" + f[:-len(".mlir")] + "_sm89", os.path.join(auto, f), "ptx", "sm_89")
                     for f in sorted(os.listdir(auto))
                     if f.startswith("matmul") and f.endswith(".mlir")]
        # The chained dot for sm_80 (PTX): mma.sync with the warps of both
        # dots along M, the scores kept in registers between them.
        jobs += [("dot_chain_sm80", os.path.join(kernels, "dot_chain.mlir"), "ptx", "sm_80")]
        vadd = os.path.join(args.examples, "vector_add.mlir")
        if os.path.exists(vadd):
            jobs += [("vector_add_ptx", vadd, "ptx", args.arch)]
            if args.emit == "cubin":
                jobs += [("vector_add_sm80", vadd, "cubin", "sm_80")]
    # Pipelined variants (tile-pipeline at a given --num-stages; 1 = not
    # pipelined): the matmul examples for the GPU suite (cases_pipeline.py)
    # and the row-major GEMMs for bench/matmul.py's stage sweep; with
    # --warp-specialize=false (tile-warp-specialize, on by default, would
    # take the TMA-copyable loops of 3 stages or more).
    variants = []
    nows = "--warp-specialize=false"
    if args.extras:
        ex = lambda *p: os.path.join(args.examples, *p)
        for stages in (1, 2, 3, 4, 5):
            for stem, src in (("auto_matmul_rm", os.path.join(kernels, "auto_matmul_rm.mlir")),
                              ("matmul_wgmma_rm", os.path.join(kernels, "matmul_wgmma_rm.mlir"))):
                variants.append((f"{stem}_s{stages}", src, args.emit, args.arch,
                                 [f"--num-stages={stages}", nows]))
        for stages in (2, 3, 4):
            variants.append((f"auto_matmul_s{stages}", ex("auto", "matmul.mlir"), args.emit, args.arch,
                             [f"--num-stages={stages}", nows]))
            variants.append((f"matmul_wgmma_s{stages}", ex("matmul_wgmma.mlir"), args.emit, args.arch,
                             [f"--num-stages={stages}", nows]))
            variants.append((f"matmul_s{stages}", ex("matmul.mlir"), args.emit, args.arch,
                             [f"--num-stages={stages}", nows]))
            variants.append((f"auto_matmul_sm89_s{stages}", ex("auto", "matmul.mlir"), "ptx", "sm_89",
                             [f"--num-stages={stages}", nows]))
        # tile-warp-specialize (--warp-specialize, the default) on the
        # layout-free row-major GEMMs, and the same GEMMs without it
        # (_nows: tile-pipeline's cp.async), for cases_ws_pass.py and
        # bench/warp_specialize.py.
        for stem, extra in (("auto_matmul_rm", []), ("auto_matmul_rm_256", [])):
            suffix = "_ws" + "".join("_s" + e.split("=")[1] for e in extra)
            variants.append((stem + suffix, os.path.join(kernels, stem + ".mlir"), args.emit,
                             args.arch, ["--warp-specialize"] + extra))
        for stem in ("auto_matmul_rm", "auto_matmul_rm_256", "auto_matmul_persistent",
                     "auto_matmul_persistent_256", "matmul_wgmma_rm",
                     # cases_issue11_review.py: tile-pipeline's TMA ring
                     # (bmm_load_at, gemm_trans_b: tile.load_at copies, a
                     # K^T ring slot from tile.trans, cp.async read
                     # transposed).
                     "gemm_tma_odd", "fp8_scaled_auto", "bmm_load_at",
                     "gemm_trans_b"):
            src = os.path.join(kernels, stem + ".mlir")
            if stem == "auto_matmul_persistent_256":
                src = os.path.join(auto, "matmul_persistent_256.mlir")
            variants.append((stem + "_nows", src, args.emit, args.arch, [nows]))
    jobs = [j + ([],) if len(j) == 4 else j for j in jobs] + variants
    manifest = {"arch": args.arch, "format": args.emit, "examples": {}}
    failures = 0
    for stem, source, emit, arch, extra in jobs:
        out = os.path.join(args.out, f"{stem}.{emit}")
        cmd = [args.tile_compile, source, "-o", out,
               f"--arch={arch}", f"--emit={emit}", f"-O{args.opt}"] + extra
        start = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, text=True)
        elapsed = time.perf_counter() - start
        ok = proc.returncode == 0 and os.path.exists(out + ".json")
        entry = {"ok": ok, "seconds": round(elapsed, 3)}
        if ok:
            entry["metadata"] = os.path.basename(out) + ".json"
        else:
            failures += 1
            entry["error"] = (proc.stderr or proc.stdout).strip()[-4000:]
            for stale in (out, out + ".json"):
                if os.path.exists(stale):
                    os.remove(stale)
        manifest["examples"][stem] = entry
        status = "ok  " if ok else "FAIL"
        print(f"{status} {stem:20s} {elapsed * 1000:7.1f} ms  {' '.join(cmd[1:])}")
        if not ok:
            print("     " + entry["error"].replace("\n", "\n     "))
    with open(os.path.join(args.out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=2)
    print(f"{len(jobs) - failures}/{len(jobs)} kernels compiled into {args.out}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
