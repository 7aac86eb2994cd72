#!/usr/bin/env python3
"""Runs every example kernel on the GPU against a torch reference.

    python3 test/gpu/run_gpu_tests.py --artifacts .device-carry/artifacts

The artifacts come from test/gpu/build_artifacts.py (cubins + metadata); this
script needs only python3, torch and the CUDA driver: no LLVM/MLIR. Every
case draws fresh random inputs (the seed is printed), poisons its outputs
before the launch, and checks every output element. Prints a PASS/FAIL table;
exits 1 on any failure, 0 when everything passed, and 0 with SKIP when there
is no GPU (saying why). Also collected by pytest (test_gpu_examples.py).
"""

import argparse
import json
import os
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, HERE)

DEFAULT_ARTIFACTS = os.environ.get("TILE_GPU_ARTIFACTS",
                                   os.path.join(ROOT, ".device-carry", "artifacts"))


def gpu_unavailable_reason():
    """None when a GPU can run the suite, else why not."""
    try:
        import torch
    except ImportError:
        return "torch is not installed"
    if not torch.cuda.is_available():
        return "torch sees no CUDA GPU"
    from tile.runtime import driver_available
    ok, why = driver_available()
    return None if ok else why


def artifact_metadata(artifacts, stem):
    """The metadata file of an example, or None with the reason."""
    for fmt in ("cubin", "ptx"):
        path = os.path.join(artifacts, f"{stem}.{fmt}.json")
        if os.path.exists(path):
            return path, None
    manifest = os.path.join(artifacts, "manifest.json")
    if os.path.exists(manifest):
        with open(manifest) as f:
            entry = json.load(f).get("examples", {}).get(stem)
        if entry and not entry.get("ok"):
            return None, "did not compile: " + entry.get("error", "").splitlines()[-1:][0] \
                if entry.get("error") else "did not compile"
    return None, f"no {stem}.cubin.json or {stem}.ptx.json in {artifacts}"


class Results:
    def __init__(self):
        self.rows = []

    def add(self, case, shape, ok, detail, ms=None):
        self.rows.append((case, str(shape), "PASS" if ok else "FAIL", detail, ms))

    @property
    def failed(self):
        return sum(1 for r in self.rows if r[2] != "PASS")

    def table(self):
        w0 = max([4] + [len(r[0]) for r in self.rows])
        w1 = max([5] + [len(r[1]) for r in self.rows])
        lines = [f"{'case':{w0}}  {'shape':{w1}}  result  detail"]
        for case, shape, status, detail, ms in self.rows:
            timing = f" [{ms:.2f} ms]" if ms is not None else ""
            lines.append(f"{case:{w0}}  {shape:{w1}}  {status:6}  {detail}{timing}")
        passed = len(self.rows) - self.failed
        lines.append(f"{passed}/{len(self.rows)} passed, {self.failed} failed")
        return "\n".join(lines)


def run_case(module_cache, artifacts, artifact, kernel_name, runner, shape, gen):
    """Runs one (case, shape); returns (ok, detail, ms)."""
    import torch
    import tile.runtime as rt
    from gpu_cases import compare

    if artifact not in module_cache:
        meta, why = artifact_metadata(artifacts, artifact)
        module_cache[artifact] = rt.load(meta) if meta else why
    module = module_cache[artifact]
    if isinstance(module, str):
        return False, module, None
    kernel = module[kernel_name]
    torch.cuda.synchronize()
    start = time.perf_counter()
    checks = runner(kernel, shape, gen)
    torch.cuda.synchronize()
    ms = (time.perf_counter() - start) * 1e3
    details = []
    ok = True
    for label, out, ref in checks:
        good, detail = compare(label, out, ref)
        ok &= good
        if detail and (not good or not details):
            details.append(detail)
    return ok, "; ".join(details), ms


def collect_cases():
    """gpu_cases.CASES plus the CASES of every test/gpu/cases_*.py module (one
    per feature, so that features add GPU cases without editing one file)."""
    import importlib
    import gpu_cases
    cases, runtime = list(gpu_cases.CASES), list(gpu_cases.RUNTIME_CASES)
    here = os.path.dirname(os.path.abspath(__file__))
    for f in sorted(os.listdir(here)):
        if f.startswith("cases_") and f.endswith(".py"):
            mod = importlib.import_module(f[:-3])
            cases += getattr(mod, "CASES", [])
            runtime += getattr(mod, "RUNTIME_CASES", [])
    return cases, runtime


def shape_size(shape):
    """The number of elements a case shape names, for ordering: the product
    of its integers (names such as "seed" or "sliced" count as 1)."""
    parts = shape if isinstance(shape, (tuple, list)) else (shape,)
    size = 1
    for p in parts:
        if isinstance(p, int):
            size *= max(p, 1)
    return size


def smallest_shapes(shapes, count):
    """The `count` smallest shapes of a case, in their original order."""
    keep = sorted(range(len(shapes)), key=lambda i: (shape_size(shapes[i]), i))[:count]
    return [shapes[i] for i in sorted(keep)]


def _largest(shape):
    """The largest integer in a case's shape (0 when it has none)."""
    values = shape if isinstance(shape, (tuple, list)) else (shape,)
    return max([v for v in values if isinstance(v, int)], default=0)


def run_all(artifacts, seed=None, only=None, verbose=False, max_size=None, small=0):
    import torch
    CASES, RUNTIME_CASES = collect_cases()

    if seed is None:
        seed = int.from_bytes(os.urandom(4), "little")
    print(f"device: {torch.cuda.get_device_name()}  torch {torch.__version__}  seed {seed}")
    gen = torch.Generator(device="cuda")
    gen.manual_seed(seed)
    results = Results()
    cache = {}
    for artifact, kernel_name, runner, shapes in CASES:
        if only and not any(o in kernel_name for o in only):
            continue
        for shape in smallest_shapes(shapes, small) if small else shapes:
            if max_size is not None and _largest(shape) > max_size:
                continue
            try:
                ok, detail, ms = run_case(cache, artifacts, artifact, kernel_name, runner,
                                          shape, gen)
            except Exception as e:  # A failed launch must not stop the suite.
                ok, detail, ms = False, f"{type(e).__name__}: {e}".splitlines()[0], None
                if verbose:
                    traceback.print_exc()
                # A kernel fault poisons the context; later cases would fail too.
                if "illegal" in str(e).lower() or "unspecified launch" in str(e).lower():
                    results.add(kernel_name, shape, ok, detail, ms)
                    print(results.table())
                    print("aborting: the CUDA context is unusable after a kernel fault")
                    return results
            results.add(kernel_name, shape, ok, detail, ms)
    for name, check in RUNTIME_CASES:
        if only and not any(o in name for o in only):
            continue
        ok, detail, ms = run_runtime_case(artifacts, check, gen, verbose)
        results.add(name, "-", ok, detail, ms)
    return results


def run_runtime_case(artifacts, check, gen, verbose=False):
    """Runs one launcher test; returns (ok, detail, ms)."""
    import torch
    from gpu_cases import compare
    start = time.perf_counter()
    try:
        checks = check(artifacts, gen)
        torch.cuda.synchronize()
    except Exception as e:  # noqa: BLE001
        if verbose:
            traceback.print_exc()
        return False, f"{type(e).__name__}: {e}".splitlines()[0], None
    ms = (time.perf_counter() - start) * 1e3
    ok, details = True, []
    for label, out, ref in checks:
        good, detail = compare(label, out, ref)
        ok &= good
        if not good:
            details.append(detail)
    return ok, "; ".join(details) or f"{len(checks)} checks", ms


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--artifacts", default=DEFAULT_ARTIFACTS,
                    help="directory written by build_artifacts.py")
    ap.add_argument("--seed", type=int, default=None, help="random seed (default: fresh)")
    ap.add_argument("-k", dest="only", action="append",
                    help="run only kernels whose name contains this (repeatable)")
    ap.add_argument("--small", type=int, default=0, metavar="N",
                    help="run only the N smallest shapes of each case (for "
                         "compute-sanitizer, which slows kernels 10-1000x)")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--max-size", type=int, default=None,
                    help="skip shapes with a dimension above this (for runs under "
                         "compute-sanitizer, whose racecheck is slow on large problems)")
    args = ap.parse_args(argv)

    why = gpu_unavailable_reason()
    if why:
        print(f"SKIP: the GPU suite needs a CUDA GPU: {why}")
        return 0
    if not os.path.isdir(args.artifacts):
        print(f"FAIL: no artifacts directory {args.artifacts}; build it with "
              f"test/gpu/build_artifacts.py")
        return 1
    results = run_all(args.artifacts, args.seed, args.only, args.verbose, args.max_size,
                      args.small)
    print(results.table())
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
