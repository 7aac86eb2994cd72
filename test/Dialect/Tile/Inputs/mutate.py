#!/usr/bin/env python3
"""Random mutations of tile kernels: tile-opt must never crash or hang.

Usage: mutate.py TILE_OPT ITERATIONS RNG_SEED SEED_FILE...

Splits the seed files into top-level kernels and functions (their `#alias =`
lines are prepended to every snippet), mutates them at random (token
deletions, insertions, numbers and types swapped), and runs `tile-opt
-split-input-file` on the mutated snippets, once plain and once with
-canonicalize -cse, in batches. A batch fails if tile-opt is killed by a
signal, exits with a code other than 0 or 1, exits 1 without a diagnostic,
or runs longer than 60 s; the failing snippet is then found by running the
batch's snippets one by one and printed. The mutants that tile-opt accepts
(prints a module for) are counted: a run fails unless at least 1% of them
are accepted and 1% rejected (so that the mutations reach the verifiers and
passes, not only the parser, and the seeds are not all broken).
"""
import random
import re
import subprocess
import sys

TOKENS = ["0", "1", "-1", "3", "48", "2147483648", "-9223372036854775808",
          "f32", "f16", "i1", "i32", "i64", "index", "!tile.ptr<f32>",
          "!tile.view<?xf32>", "tensor<4xf32>", "tensor<?xf32>", "x", "?",
          "order = \"F\"", "order = [0]", "padding = nan", "{axis = 5 : i32}",
          "combiner", "sum", "tile.yield", "tile.return", ",", ":", "->", "[",
          "]", "(", ")", "{", "}", "<", ">", "%", "#layout.slice<dim = 0, "
          "parent = #l2>", "#l", "#l2", "strides [1]", "shape []"]


def split_snippets(text):
    """The top-level tile.kernel and func.func ops of a file, and its aliases."""
    # Drop comments and the module around the generic form.
    lines = [l for l in text.splitlines()
             if not l.startswith(("//", "\"builtin.module\"", "}) : () -> ()"))]
    aliases = [l for l in lines if l.startswith("#")]
    snippets, current = [], []
    top = re.compile(r'^ {0,2}"?(tile\.kernel|func\.func)')
    for line in lines:
        if top.match(line) and current:
            snippets.append("\n".join(current))
            current = []
        if not line.startswith("#"):
            current.append(line)
    snippets.append("\n".join(current))
    return aliases, [s for s in snippets if "tile" in s]


NUMBERS = ["0", "1", "-1", "2", "3", "5", "7", "64", "4096", "2147483648",
           "1099511627776"]
TYPES = ["f32", "f16", "bf16", "i1", "i8", "i32", "i64", "index"]


def mutate(text, rng):
    """Mostly semantic mutations (numbers, types, SSA names, keywords), which
    get past the parser to the verifiers, plus a few syntactic ones."""
    words = re.split(r"(\s+|[,\[\]():<>{}=])", text)
    solid = [i for i, w in enumerate(words) if w and not w.isspace()]
    numbers = [i for i in solid if re.fullmatch(r"-?\d+", words[i])]
    types = [i for i in solid if words[i] in TYPES]
    values = [i for i in solid if re.fullmatch(r"%[\w]+", words[i])]
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(10)
        if op < 3 and numbers:
            words[rng.choice(numbers)] = rng.choice(NUMBERS)
        elif op < 5 and types:
            words[rng.choice(types)] = rng.choice(TYPES)
        elif op < 7 and len(values) > 1:
            words[rng.choice(values)] = words[rng.choice(values)]
        elif op == 7 and solid:
            words[rng.choice(solid)] = ""
        elif op == 8 and solid:
            words.insert(rng.choice(solid), rng.choice(TOKENS) + " ")
        elif solid:
            words[rng.choice(solid)] = rng.choice(TOKENS)
    return "".join(words)


def run(tool, snippets, extra, accepted=None):
    """Why the batch failed, or None. `accepted` (a list) gets the number of
    snippets that tile-opt printed a module for."""
    text = "\n// -----\n".join(snippets)
    try:
        proc = subprocess.run([tool, "-split-input-file", "-", *extra],
                              input=text.encode(), capture_output=True,
                              timeout=60)
    except subprocess.TimeoutExpired:
        return "hang (60 s)"
    if proc.returncode < 0 or proc.returncode not in (0, 1):
        return "exit code %d\n%s" % (proc.returncode,
                                      proc.stderr.decode(errors="replace")[-2000:])
    if proc.returncode == 1 and b"error" not in proc.stderr:
        return "exit code 1 without a diagnostic"
    if accepted is not None:
        accepted.append(sum(1 for line in proc.stdout.decode(errors="replace").splitlines()
                            if line.startswith("module")))
    return None


def main():
    tool, iterations, rng = sys.argv[1], int(sys.argv[2]), random.Random(
        int(sys.argv[3]))
    seeds = []
    for path in sys.argv[4:]:
        text = open(path, encoding="utf-8").read()
        # The custom syntax and the generic form (which reaches the
        # verifiers with attribute values the custom parser never builds).
        generic = subprocess.run([tool, path, "--mlir-print-op-generic"],
                                 capture_output=True, check=True).stdout
        for variant in (text, generic.decode()):
            aliases, snippets = split_snippets(variant)
            header = "\n".join(aliases) + "\n"
            seeds += [header + snippet for snippet in snippets]
    mutants = []
    while len(mutants) < iterations:
        mutant = mutate(rng.choice(seeds), rng)
        # MLIR 22's parser itself crashes on `array<index: ...>` (any op,
        # even with mlir-opt --allow-unregistered-dialect): not ours to test.
        if "array<index" not in mutant:
            mutants.append(mutant)
    failures = 0
    accepted = []
    for extra in ([], ["-canonicalize", "-cse"]):
        for start in range(0, len(mutants), 50):
            batch = mutants[start:start + 50]
            if run(tool, batch, extra, accepted if not extra else None) is None:
                continue
            for snippet in batch:
                why = run(tool, [snippet], extra)
                if why:
                    failures += 1
                    print("FAILURE (%s): %s\n%s\n" % (" ".join(extra), why,
                                                     snippet))
    if failures:
        print("%d failing mutants" % failures)
        return 1
    print("%d mutants: no crash, no hang" % (2 * len(mutants)))
    # Batches that failed were not counted; the others give the rate.
    counted = sum(min(50, len(mutants) - s) for s in range(0, len(mutants), 50))
    ok = sum(accepted)
    print("accepted %d of %d mutants (plain run)" % (ok, counted))
    if not (0.01 * counted <= ok <= 0.99 * counted):
        print("FAILURE: the mutator should yield both accepted and rejected "
              "mutants (at least 1% each)")
        return 1
    print("both accepted and rejected mutants")
    return 0


if __name__ == "__main__":
    sys.exit(main())
