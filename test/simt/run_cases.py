"""Runs lowered tile kernels on the CPU (simt.py) against Python references.

  run_cases.py --tile-compile PATH --tile-opt PATH --root REPO CASES.py [NAME...]

CASES.py defines `CASES`, a list of `Case`s (see cases_common.py). Each case
names a kernel source (relative to the repository root), the kernel, how to
lower it (`tile-compile --emit=mlir` with extra flags, or `tile-opt` with a
pass list) and a `run(launch)` function that draws inputs, launches and
returns (label, got, expected) triples. One line per case: `PASS name` or
`FAIL name: why`; the exit status is 1 when any case failed.
"""

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import simt  # noqa: E402


class Lowering:
    def __init__(self, args):
        self.args = args
        self.cache = {}

    def module(self, case):
        key = (case.source, case.compile_flags, case.opt_passes)
        if key in self.cache:
            return self.cache[key]
        src = os.path.join(self.args.root, case.source)
        with tempfile.TemporaryDirectory() as tmp:
            lowered = os.path.join(tmp, "lowered.mlir")
            if case.opt_passes is not None:
                cmd = [self.args.tile_opt, src, *case.opt_passes, "-o", lowered]
            else:
                cmd = [self.args.tile_compile, src, "--emit=mlir", *case.compile_flags,
                       "-o", lowered]
            subprocess.run(cmd, check=True, capture_output=True, text=True)
            text = subprocess.run([self.args.tile_opt, lowered, "--mlir-print-op-generic"],
                                  check=True, capture_output=True, text=True).stdout
        self.cache[key] = text
        return text


def load_cases(path):
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.CASES


def check_results(results):
    """The first mismatch among (label, got, expected[, tolerance])."""
    for item in results:
        label, got, want = item[:3]
        tol = item[3] if len(item) > 3 else 0.0
        if isinstance(want, bool) or not isinstance(want, (list, tuple)):
            if got != want:
                return "%s: got %r, expected %r" % (label, got, want)
            continue
        if len(got) != len(want):
            return "%s: %d elements, expected %d" % (label, len(got), len(want))
        for i, (g, w) in enumerate(zip(got, want)):
            if w is None:
                continue
            if isinstance(w, float) and g == g and w == w:
                ok = abs(g - w) <= tol * max(1.0, abs(w))
            elif isinstance(w, float):
                ok = (g != g) == (w != w)
            else:
                ok = g == w
            if not ok:
                return "%s[%d]: got %r, expected %r" % (label, i, g, w)
    return None


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--tile-compile", required=True)
    p.add_argument("--tile-opt", required=True)
    p.add_argument("--root", required=True)
    p.add_argument("cases")
    p.add_argument("names", nargs="*")
    args = p.parse_args()
    lowering = Lowering(args)
    failed = 0
    for case in load_cases(args.cases):
        if args.names and case.name not in args.names:
            continue
        try:
            text = lowering.module(case)
            kernel = simt.Kernel.parse(text, case.kernel)
            block = case.block or kernel.default_block()

            def launch(grid, launch_args, kernel=kernel, block=block):
                bufs = []
                for a in launch_args:
                    b = a.buf if isinstance(a, simt.BufferPtr) else a
                    if isinstance(b, simt.Buffer) and b not in bufs:
                        bufs.append(b)
                return kernel.launch(grid, block, launch_args, bufs)

            why = check_results(case.run(launch))
        except subprocess.CalledProcessError as e:
            why = "lowering failed: %s\n%s" % (" ".join(e.cmd), e.stderr)
        except simt.SimError as e:
            why = "simulation error: %s" % e
        if why:
            failed += 1
            print("FAIL %s: %s" % (case.name, why))
        else:
            print("PASS %s" % case.name)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
