#!/usr/bin/env python3
"""Random mutations of tile-layout command lines.

Usage: tile-layout-mutations.py TILE_LAYOUT [ITERATIONS] [SEED]

Mutates valid layout attributes, shapes and flags, runs tile-layout on each
and fails if any run crashes (a signal, or an exit code other than 0, 1, 2),
hangs (10 s), or fails without a message on stderr.
"""
import random
import subprocess
import sys

SEEDS = [
    "#layout.blocked<sizePerThread = [2, 4], threadsPerWarp = [16, 2], "
    "warpsPerCTA = [2, 2], order = [1, 0]>",
    "#layout.blocked<sizePerThread = [2, 2], threadsPerWarp = [4, 8], "
    "warpsPerCTA = [2, 2], order = [1, 0], CTAsPerCGA = [2, 2], "
    "CTASplitNum = [2, 2], CTAOrder = [1, 0]>",
    "#layout.slice<dim = 1, parent = #layout.blocked<sizePerThread = [2, 4], "
    "threadsPerWarp = [16, 2], warpsPerCTA = [2, 2], order = [1, 0]>>",
    "#layout.linear<register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], "
    "[1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]]>",
    "#layout.swizzled_shared<vec = 2, perPhase = 1, maxPhase = 4, "
    "order = [1, 0]>",
    "#layout.strided<(4,(2,3)):(2,(1,8))>",
    "#layout.strided<Sw<2,0,3> o (8,8):(8,1)>",
]
SHAPES = ["64x16", "32x8", "16", "8x8", "4x6", "1x1", "0", "-4x4", "x",
          "2147483648x2", "64x16x2", "", "1024x128", "3"]
TOKENS = ["0", "1", "-1", "3", "4294967296", "[]", "[[", "]]", "<", ">",
          "(", ")", ",", "=", ":", "_", "dim", "order", "lane", "Sw<1,1,1> o ",
          "#layout.slice<dim = 0, parent = ", "\"", "\\", "{", "}", " "]
ALPHABET = "[]<>(),=:#._ -0123456789abcxyzSwo"


def mutate(text, rng):
    for _ in range(rng.randint(1, 3)):
        pos = rng.randint(0, len(text))
        op = rng.randrange(5)
        if op == 0 and text:
            text = text[:pos] + text[pos + 1:]
        elif op == 1:
            text = text[:pos] + rng.choice(ALPHABET) + text[pos:]
        elif op == 2:
            text = text[:pos] + rng.choice(TOKENS) + text[pos:]
        elif op == 3:
            text = text[:pos] + text[pos + rng.randint(1, 10):]
        else:
            text = text[:pos] + text[pos:pos + rng.randint(1, 12)] + text[pos:]
    return text


def main():
    tool = sys.argv[1]
    iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 2026)
    failures = 0
    codes = {0: 0, 1: 0, 2: 0}
    for i in range(iterations):
        attr = rng.choice(SEEDS)
        if rng.random() < 0.8:
            attr = mutate(attr, rng)
        args = [tool]
        if rng.random() < 0.8:
            args.append("--shape=" + rng.choice(SHAPES))
        if rng.random() < 0.5:
            args.append("--format=" + rng.choice(["table", "linear", "json",
                                                  "bogus"]))
        if rng.random() < 0.2:
            args.append(rng.choice(["--max-rows=3", "--max-cols=1",
                                    "--rows=0:2", "--cols=1:3", "--rows=5:1",
                                    "--only-threads=0:4", "--max-rows=-1"]))
        if rng.random() < 0.1:
            args += ["--eval", mutate("logical_divide((6,8):(8,1),(3,4))", rng)]
        else:
            args.append(attr)
        try:
            proc = subprocess.run(args, capture_output=True, text=True,
                                  timeout=10)
        except subprocess.TimeoutExpired:
            print("HANG:", args)
            failures += 1
            continue
        if proc.returncode not in codes:
            print(f"CRASH (exit {proc.returncode}):", args)
            print(proc.stderr[-2000:])
            failures += 1
            continue
        codes[proc.returncode] += 1
        if proc.returncode != 0 and not proc.stderr.strip():
            print("SILENT FAILURE:", args)
            failures += 1
    print(f"runs by exit code: {codes}")
    if failures:
        print(f"{failures} failures")
        sys.exit(1)
    # Both paths must be exercised.
    if codes[0] == 0 or codes[1] == 0:
        print("mutations did not exercise both success and failure")
        sys.exit(1)
    print("no crash, no hang")


if __name__ == "__main__":
    main()
