"""What a case file of the CPU kernel tests uses: `Case`, buffers and inputs.

Inputs are drawn from a seeded generator; float inputs are small integers
(or dyadic fractions) where the reference is a sum, so that every order of
additions gives the same float and a reference can be exact.
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from simt import Buffer  # noqa: E402,F401


class Case:
    """A kernel of `source` (relative to the repository root), lowered by
    `tile-compile --emit=mlir compile_flags` or, with `opt_passes`, by
    `tile-opt opt_passes`; `run(launch)` returns (label, got, expected[,
    relative tolerance]) triples. `block` overrides the threads per CTA
    (default: the kernel's nvvm.maxntid)."""

    def __init__(self, name, source, kernel, run, compile_flags=(),
                 opt_passes=None, block=None):
        self.name, self.source, self.kernel, self.run = name, source, kernel, run
        self.compile_flags = tuple(compile_flags)
        self.opt_passes = tuple(opt_passes) if opt_passes is not None else None
        self.block = block


def rng(seed):
    return random.Random(seed)


def ints(r, n, lo=-100, hi=100):
    return [r.randint(lo, hi) for _ in range(n)]


def small_floats(r, n, lo=-64, hi=64):
    """Integers in [lo, hi] as floats: sums in any order are exact."""
    return [float(r.randint(lo, hi)) for _ in range(n)]


def floats(r, n, scale=1.0):
    return [r.uniform(-scale, scale) for _ in range(n)]


def cdiv(a, b):
    return (a + b - 1) // b


def poison_kept(buf, indices):
    """True when every element at `indices` still holds the poison bytes."""
    return all(buf.is_poison(i) for i in indices)
