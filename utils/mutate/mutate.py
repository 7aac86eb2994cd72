#!/usr/bin/env python3
"""Mutation testing: plants small wrong-code changes one at a time, rebuilds,
runs the tests, and reports which changes the tests caught.

    nice -n 10 python3 utils/mutate/mutate.py --build build [-j 2] [--only ID,...]
        [--list utils/mutate/mutations.py] [--full] [--keep-going]

Each mutation (utils/mutate/mutations.py) names a file, an exact original
text that must occur exactly once in it, and its replacement. For each one
the script writes the mutant, rebuilds (`cmake --build BUILD -j J`), runs the
tests and restores the original file, whatever happens (also on Ctrl-C).
A mutant is
  killed    when a test fails (the first failing tests are listed),
  survived  when every test passes,
  invalid   when it does not compile or its text is not found (the list is
            out of date with the source).
The tests are lit on BUILD/test and BUILD/test/unit (the check-tile suites)
without the two slow tests that cannot see the compiler's output
(fuzz/tile-layout-mutations.test fuzzes tile-layout's command line,
Embedding/downstream.test builds a downstream project); --full keeps them.
lit stops at the first failure (--max-failures=1) unless --keep-going.
At the end the build is restored (rebuilt from the original sources) and a
summary table is printed; --report FILE also writes it as Markdown.
"""

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIT = shutil.which("lit") or "/usr/lib/llvm-22/bin/lit"
SLOW_UNRELATED = "fuzz/tile-layout-mutations|Embedding/downstream"


def load(path):
    spec = importlib.util.spec_from_file_location("mutations", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.MUTATIONS


def build(args):
    r = subprocess.run(["cmake", "--build", args.build, "-j", str(args.jobs)],
                       capture_output=True, text=True)
    return r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]


def run_tests(args):
    cmd = [LIT, "-q", "-j", str(args.jobs),
           os.path.join(args.build, "test"), os.path.join(args.build, "test", "unit")]
    if not args.full:
        cmd += ["--filter-out", SLOW_UNRELATED]
    if not args.keep_going:
        cmd += ["--max-failures=1"]
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    failing = [line.split("::", 1)[1].strip().split(" ")[0]
               for line in (r.stdout + r.stderr).splitlines()
               if line.strip().startswith(("FAIL:", "TIMEOUT:", "UNRESOLVED:")) and "::" in line]
    return r.returncode == 0, failing


def run_one(args, m):
    path = os.path.join(ROOT, m["file"])
    with open(path) as f:
        original = f.read()
    count = original.count(m["original"])
    if count != 1:
        return "invalid", "original text found %d times" % count
    try:
        with open(path, "w") as f:
            f.write(original.replace(m["original"], m["replacement"]))
        ok, log = build(args)
        if not ok:
            return "invalid", "does not compile: " + log.strip().splitlines()[-1][:200]
        passed, failing = run_tests(args)
        if passed:
            return "survived", ""
        return "killed", ", ".join(failing[:3]) or "a test failed"
    finally:
        with open(path, "w") as f:
            f.write(original)
        # Keep the file's mtime new so that the next build recompiles it.
        os.utime(path, None)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--build", default=os.path.join(ROOT, "build"))
    p.add_argument("-j", "--jobs", type=int, default=2)
    p.add_argument("--list", default=os.path.join(ROOT, "utils", "mutate", "mutations.py"))
    p.add_argument("--only", default="", help="comma-separated mutation ids")
    p.add_argument("--full", action="store_true", help="run every check-tile test")
    p.add_argument("--keep-going", action="store_true", help="run all tests per mutant")
    p.add_argument("--report", help="also write the summary as Markdown here")
    args = p.parse_args()
    args.build = os.path.abspath(args.build)
    mutations = load(args.list)
    if args.only:
        wanted = set(args.only.split(","))
        mutations = [m for m in mutations if m["id"] in wanted]
    ok, log = build(args)
    if not ok:
        sys.exit("the unmutated tree does not build:\n" + log)
    rows = []
    try:
        for m in mutations:
            t0 = time.time()
            status, detail = run_one(args, m)
            rows.append((m, status, detail))
            print("%-10s %-9s %5.0fs  %s  %s" % (m["id"], status, time.time() - t0,
                                               m["file"], detail), flush=True)
    finally:
        build(args)
    killed = sum(1 for _, s, _ in rows if s == "killed")
    survived = sum(1 for _, s, _ in rows if s == "survived")
    invalid = sum(1 for _, s, _ in rows if s == "invalid")
    valid = killed + survived
    summary = "%d mutants: %d killed, %d survived, %d invalid (%.0f%% of the valid ones killed)" % (
        len(rows), killed, survived, invalid, 100.0 * killed / valid if valid else 0)
    print(summary)
    if args.report:
        with open(args.report, "w") as f:
            f.write("| id | file | change | result | caught by |\n|---|---|---|---|---|\n")
            for m, s, d in rows:
                f.write("| %s | %s | %s | %s | %s |\n" % (
                    m["id"], m["file"], m["what"], s, d.replace("|", "/")))
            f.write("\n" + summary + "\n")
    sys.exit(0 if survived == 0 and invalid == 0 else 1)


if __name__ == "__main__":
    main()
