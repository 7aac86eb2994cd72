#!/usr/bin/env python3
"""Random mutations of kernels through tile-compile, with time and memory caps.

Usage:
  tile-compile-mutations.py TILE_COMPILE [--iterations N | --minutes M]
                            [--seed S] [--timeout SECONDS] [--memory-mb MB]
                            [--save-failures DIR] [--root REPO]

Seeds are the kernels in examples/ and test/tile-compile/Inputs/ (REPO
defaults to this file's repository). Each input is a seed mutated 1 to 3
times: a number replaced (shapes, layout parameters, num_warps, constants,
divisibility), an element type swapped (f16, bf16, f64, i8, i1, f8E5M2,
tf32, index, ...), a line deleted or duplicated, the text nested (in a
`module`, after a second top-level `module {}`, or emptied), or a token
inserted. Each runs through `tile-compile` with a random -O level and
--emit (ptx mostly; llvm, mlir, cubin when a toolkit is present), with
RLIMIT_AS at --memory-mb and a wall-clock limit of --timeout.

A run fails the harness when it:
  - ends on a signal, or prints a stack dump ("PLEASE submit a bug report",
    "Stack dump:") or an LLVM fatal error;
  - exits with a code outside the contract (0, 1 compile error, 2 bad
    command line; docs/tile-compile.md);
  - exits 1 without an `error:` that carries a file:line:col location;
  - exits 0 with an empty output, or PTX without a `.entry`, or with fewer
    `.entry` than the metadata lists kernels;
  - runs over the time or memory cap.

Prints one line per failure and a summary; exits 1 if anything failed.
With --save-failures, each failing input is written there with its command.
"""
import argparse
import json
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

NUMBERS = ["0", "1", "2", "3", "4", "5", "7", "8", "16", "31", "32", "33",
           "64", "128", "256", "512", "1024", "4096", "65536", "1048576",
           "-1", "-4", "2147483647", "2147483648", "4294967296",
           "1099511627776", "18446744073709551616"]
TYPES = ["f32", "f16", "bf16", "f64", "i32", "i64", "i16", "i8", "i1",
         "f8E5M2", "f8E4M3FN", "tf32", "index", "!tile.ptr<f32>",
         "vector<4xf32>", "complex<f32>"]
TYPE_RE = re.compile(r"\b(f16|bf16|f32|f64|i1|i8|i16|i32|i64)\b")
NUMBER_RE = re.compile(r"(?<![\w#%@.])-?\d+(?![\w.])")
TOKENS = ["{", "}", "(", ")", "<", ">", "[", "]", ",", ":", "=", "x",
          "%0", "#l1", "tensor<", "!tile.ptr<", "tile.return", "scf.yield",
          "\"", "// ", "\n", "module {\n", "\n}\n", "llvm.return\n",
          "attributes {nvvm.kernel}", "{tile.divisibility = 16 : i64}",
          "num_warps = 8 : i32", "#layout.blocked<sizePerThread = [1], "
          "threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>"]
SIGNATURES = ["PLEASE submit a bug report", "Stack dump:", "LLVM ERROR:",
              "Assertion", "terminate called", "Segmentation fault"]
LOCATED_ERROR = re.compile(r"^[^\s:][^:]*:\d+:\d+: error: ", re.M)


def mutate(text, rng):
    lines = text.split("\n")
    op = rng.randrange(10)
    if op in (0, 1, 2):  # a number
        spots = [m for m in NUMBER_RE.finditer(text)]
        if spots:
            m = rng.choice(spots)
            return text[:m.start()] + rng.choice(NUMBERS) + text[m.end():]
    if op in (3, 4):  # an element type
        spots = [m for m in TYPE_RE.finditer(text)]
        if spots:
            new = rng.choice(TYPES)
            if rng.random() < 0.5:  # all of one type, keeping it consistent
                old = rng.choice(spots).group(0)
                return re.sub(r"\b%s\b" % re.escape(old), new, text)
            m = rng.choice(spots)
            return text[:m.start()] + new + text[m.end():]
    if op == 5 and lines:  # delete a line
        del lines[rng.randrange(len(lines))]
        return "\n".join(lines)
    if op == 6 and lines:  # duplicate a line
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
        return "\n".join(lines)
    if op == 7:  # nesting
        choice = rng.randrange(4)
        if choice == 0:
            return "module {\n" + text + "\n}\n"
        if choice == 1:
            return text + "\nmodule {}\n"
        if choice == 2:
            return "module {\nmodule {\n" + text + "\n}\n}\n"
        return rng.choice(["", "\n", "// only a comment\n", "module {}\n"])
    if op == 8:  # a shape: multiply or divide one extent of a tensor
        spots = [m for m in re.finditer(r"tensor<(\d+)", text)]
        if spots:
            m = rng.choice(spots)
            value = int(m.group(1))
            value = value * rng.choice([2, 4, 16, 256, 4096]) \
                if rng.random() < 0.6 else max(0, value // rng.choice([2, 8]))
            return text[:m.start(1)] + str(value) + text[m.end(1):]
    # a token somewhere
    pos = rng.randint(0, len(text))
    return text[:pos] + rng.choice(TOKENS) + text[pos:]


def limit_memory(megabytes):
    def apply():
        size = megabytes * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (size, size))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    return apply


def classify(proc, stdout, stderr, out_path, emit, timed_out):
    """The reason this run is a failure, or None."""
    if timed_out:
        return "over the time cap"
    code = proc.returncode
    for sig in SIGNATURES:
        if sig in stderr:
            if "out of memory" in stderr or "bad_alloc" in stderr:
                return "over the memory cap"
            return "crash (%s)" % sig
    if code < 0:
        return "signal %d" % -code
    if code not in (0, 1, 2):
        return "exit code %d outside the contract" % code
    if code == 1:
        if not LOCATED_ERROR.search(stderr):
            return "error without file:line:col"
        return None
    if code == 2:
        return "exit 2 (bad command line) on a generated command"
    # Exit 0: the output must hold the kernels.
    if not os.path.exists(out_path) or os.path.getsize(out_path) == 0:
        return "exit 0 with an empty output"
    if emit == "ptx":
        with open(out_path, errors="replace") as f:
            entries = f.read().count(".entry ")
        if entries == 0:
            return "exit 0 with PTX without a kernel"
        meta = out_path + ".json"
        if os.path.exists(meta):
            with open(meta) as f:
                listed = len(json.load(f).get("kernels", []))
            if listed > entries:
                return "exit 0: metadata lists %d kernels, PTX has %d" % (
                    listed, entries)
    return None


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser()
    parser.add_argument("tool")
    parser.add_argument("--iterations", type=int, default=0)
    parser.add_argument("--minutes", type=float, default=0)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--timeout", type=float, default=20)
    parser.add_argument("--memory-mb", type=int, default=4096)
    parser.add_argument("--save-failures", default="")
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(here)))
    parser.add_argument("--cubin", action="store_true",
                        help="also emit cubins (needs a CUDA toolkit)")
    args = parser.parse_args()
    if not args.iterations and not args.minutes:
        args.iterations = 100

    seeds = []
    for sub in ["examples", "examples/auto", "test/tile-compile/Inputs"]:
        folder = os.path.join(args.root, sub)
        for name in sorted(os.listdir(folder)):
            if name.endswith(".mlir"):
                with open(os.path.join(folder, name)) as f:
                    seeds.append((sub + "/" + name, f.read()))
    if not seeds:
        print("no seed kernels found under", args.root)
        sys.exit(1)

    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="tile-fuzz-")
    start = time.monotonic()
    runs = failures = 0
    codes = {}
    slowest = 0.0
    try:
        while True:
            if args.iterations and runs >= args.iterations:
                break
            if args.minutes and time.monotonic() - start > args.minutes * 60:
                break
            name, text = rng.choice(seeds)
            for _ in range(rng.randint(1, 3)):
                text = mutate(text, rng)
            src = os.path.join(work, "k.mlir")
            with open(src, "w") as f:
                f.write(text)
            emits = ["ptx"] * 6 + ["llvm", "mlir"]
            if args.cubin:
                emits += ["cubin"] * 2
            emit = rng.choice(emits)
            out = os.path.join(work, "out." + emit)
            for stale in (out, out + ".json"):
                if os.path.exists(stale):
                    os.remove(stale)
            cmd = [args.tool, src, "--emit=" + emit, "-o", out,
                   "-O%d" % rng.randrange(4)]
            if rng.random() < 0.1:
                cmd.append("--register-budget=%d" % rng.choice([0, 8, 256]))
            t0 = time.monotonic()
            timed_out = False
            try:
                proc = subprocess.Popen(cmd, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True,
                                        errors="replace",
                                        preexec_fn=limit_memory(args.memory_mb))
            except OSError as err:
                # The tool is being rebuilt under a long run: copy it first.
                print("cannot run %s: %s" % (args.tool, err))
                break
            try:
                stdout, stderr = proc.communicate(timeout=args.timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                stdout, stderr = proc.communicate()
                timed_out = True
            slowest = max(slowest, time.monotonic() - t0)
            runs += 1
            if runs % 500 == 0:
                print("progress: %d inputs, %d failures, %.0f s" %
                      (runs, failures, time.monotonic() - start))
                sys.stdout.flush()
            codes[proc.returncode] = codes.get(proc.returncode, 0) + 1
            reason = classify(proc, stdout, stderr, out, emit, timed_out)
            if reason:
                failures += 1
                print("FAILURE %d: %s (seed %s, %s)" % (failures, reason, name,
                                                       " ".join(cmd[2:])))
                print("  " + "\n  ".join(stderr.strip().splitlines()[-6:]))
                if args.save_failures:
                    os.makedirs(args.save_failures, exist_ok=True)
                    base = os.path.join(args.save_failures, "f%04d" % failures)
                    shutil.copy(src, base + ".mlir")
                    with open(base + ".txt", "w") as f:
                        f.write(reason + "\n" + " ".join(cmd) + "\n" + stderr)
                sys.stdout.flush()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("inputs: %d, failures: %d, by exit code: %s, slowest run: %.1f s" %
          (runs, failures, dict(sorted(codes.items())), slowest))
    if failures:
        sys.exit(1)
    # Both paths must be exercised.
    if not codes.get(0) or not codes.get(1):
        print("mutations did not exercise both success and failure")
        sys.exit(1)
    print("no crash, no hang, no silent failure")


if __name__ == "__main__":
    main()
