"""GPU cases of tile.atomic_rmw / tile.atomic_cas (test/gpu/kernels/atomics.mlir)
and of tile.print / tile.assert (test/gpu/kernels/debug_ops.mlir).

Atomics are checked against torch: a histogram (i32 adds into bins, once
with a layout that holds every element twice, which must still count it
once), split-K row sums (f32 adds from several programs), global max/min of
f32 and i32 (signed and unsigned) and an i64 sum, tickets from one counter
(the old values returned: a permutation), a counter incremented by a
compare-and-swap loop, masked adds that leave masked-off memory untouched,
and packed f16x2/bf16x2 adds from several programs.

The debug ops run in a subprocess (device printf output and a device assert
are process-wide): the printed lines are checked one by one, a failing
assert must end the process with CUDA's device-side assert error naming the
message and the kernel's source file, and the same assert compiled out must
not fire.
"""

import os
import subprocess
import sys

import torch

from gpu_cases import DEV, poisoned, randint, randn
from tile.runtime import cdiv

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _poisoned_i32(n):
    """An i32 tensor full of a value no kernel here writes."""
    return torch.full((n,), -0x5A5A5A5B, dtype=torch.int32, device=DEV)


def _exact(label, out, ref):
    """A check that `out` equals `ref` bit for bit (any dtype)."""
    ok = out.shape == ref.shape and bool((out == ref).all())
    return (label, ok if ok else f"{(out != ref).sum().item()} of {out.numel()} differ", True)


def run_histogram(k, shape, gen, block=512):
    n, nbins = shape
    x = randint(n, gen, 0, nbins).to(torch.int32)
    bins = torch.zeros(nbins, dtype=torch.int32, device=DEV)
    k[(cdiv(n, block),)](x, bins, n)
    ref = torch.bincount(x.long(), minlength=nbins).to(torch.int32)
    return [("bins", bins, ref)]


def run_histogram_replicated(k, shape, gen):
    return run_histogram(k, shape, gen, block=64)


def run_splitk(k, shape, gen):
    m, kk = shape
    a = randn((m, kk), gen)
    out = torch.zeros(m, dtype=torch.float32, device=DEV)
    k[(cdiv(m, 16), cdiv(kk, 128))](a, out, m, kk)
    return [("out", out, a.double().sum(1))]


def run_minmax(k, shape, gen):
    n = shape
    x = randn(n, gen) * 100
    xi = randint(n, gen, -(1 << 31), (1 << 31) - 1).to(torch.int32)
    out = torch.tensor([float("-inf"), float("inf")], device=DEV)
    outi = torch.tensor([-(1 << 31), (1 << 31) - 1, 0, -1], dtype=torch.int32, device=DEV)
    outl = torch.zeros(1, dtype=torch.int64, device=DEV)
    k[(cdiv(n, 512),)](x, xi, out, outi, outl, n)
    u = xi.long() & 0xFFFFFFFF
    ref_i = torch.tensor([xi.max().item(), xi.min().item(), u.max().item(), u.min().item()],
                         dtype=torch.int64, device=DEV)
    got_i = outi.long().clone()
    got_i[2:] &= 0xFFFFFFFF
    return [_exact("f32 max/min", out, torch.stack([x.max(), x.min()])),
            _exact("i32 max/min/umax/umin", got_i, ref_i),
            _exact("i64 sum", outl, xi.long().sum().view(1))]


def run_tickets(k, shape, gen):
    n = shape
    counter = torch.zeros(1, dtype=torch.int32, device=DEV)
    tickets = _poisoned_i32(n)
    k[(cdiv(n, 64),)](counter, tickets, n)
    ref = torch.arange(n, dtype=torch.int32, device=DEV)
    return [("counter", counter, torch.tensor([n], dtype=torch.int32, device=DEV)),
            _exact("sorted tickets", tickets.sort().values, ref)]


def run_cas_counter(k, shape, gen):
    programs = shape
    counter = torch.zeros(1, dtype=torch.int32, device=DEV)
    seen = _poisoned_i32(programs)
    k[(programs,)](counter, seen)
    ref = torch.arange(programs, dtype=torch.int32, device=DEV)
    return [("counter", counter, torch.tensor([programs], dtype=torch.int32, device=DEV)),
            _exact("values replaced (sorted)", seen.sort().values, ref)]


def run_masked_add(k, shape, gen):
    n = shape
    x0 = randn(n, gen)
    x = x0.clone()
    old = poisoned(n, torch.float32)
    k[(cdiv(n, 512),)](x, old, n)
    keep = torch.arange(n, device=DEV) % 3 != 0
    ref_x = torch.where(keep, x0 + 1, x0)
    old_bits = old.view(torch.int32)
    poison_bits = torch.full_like(old_bits, -1)
    ref_old = torch.where(keep, x0.view(torch.int32), poison_bits)
    return [_exact("x (masked-off elements untouched)", x, ref_x),
            _exact("old values (masked-off ones unwritten)", old_bits, ref_old)]


def make_packed_runner(dtype):
    def run(k, shape, gen):
        n, repeats = shape
        # Small integers: every partial sum is exact in f16 and bf16.
        x0 = randint(n, gen, -8, 8).to(dtype)
        v = randint(n, gen, -4, 4).to(dtype)
        x = x0.clone()
        k[(cdiv(n, 1024), repeats)](x, v, n)
        return [_exact("x", x, x0 + v * repeats)]
    return run


CASES = [
    ("atomics", "histogram", run_histogram, [(1, 4), (1000, 7), (100000, 64), (1 << 20, 256)]),
    ("atomics", "histogram_replicated", run_histogram_replicated,
     [(1, 4), (1000, 7), (100000, 64)]),
    ("atomics", "splitk_row_sum", run_splitk, [(1, 1), (16, 128), (100, 1000), (1000, 4100)]),
    ("atomics", "minmax", run_minmax, [1, 513, 100000]),
    ("atomics", "tickets", run_tickets, [1, 64, 1000, 65536]),
    ("atomics", "cas_counter", run_cas_counter, [1, 7, 1000]),
    ("atomics", "masked_add", run_masked_add, [1, 1000, 70000]),
    ("atomics", "packed_add_f16", make_packed_runner(torch.float16), [(16, 3), (4096, 4), (100000, 5)]),
    ("atomics", "packed_add_bf16", make_packed_runner(torch.bfloat16), [(16, 3), (100000, 5)]),
]


# ---------------------------------------------------------------------------
# tile.print and tile.assert, in a subprocess.

_CHILD = r"""
import sys
import torch
import tile.runtime as rt
mod = rt.load(sys.argv[1])
which = sys.argv[2]
if which == "print":
    mod["print_values"][(2,)](1.5)
else:
    mod[which][(1,)](100)
torch.cuda.synchronize()
print("child: done", flush=True)
"""


def _run_child(artifacts, which):
    # The child runs uninstrumented under compute-sanitizer (sanitize.sh): a
    # device assert that fires on purpose would count as an error there.
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("CUDA_INJECTION")
           and not (k == "LD_PRELOAD" and "sanitizer" in v.lower())}
    env["PYTHONPATH"] = os.pathsep.join([os.path.join(_ROOT, "python"), env.get("PYTHONPATH", "")])
    meta = os.path.join(artifacts, "debug_ops.cubin.json")
    return subprocess.run([sys.executable, "-c", _CHILD, meta, which], capture_output=True,
                          text=True, timeout=120, env=env)


def runtime_print(artifacts, gen):
    proc = _run_child(artifacts, "print")
    lines = proc.stdout.splitlines()
    checks = [("exit status", proc.returncode == 0 or proc.stderr[-300:], True)]
    for p in range(2):
        tensor_lines = sorted(l for l in lines if l.startswith(f"pid ({p}, 0, 0) idx"))
        want = sorted(f"pid ({p}, 0, 0) idx ({i}) t = {100 * p + i}" for i in range(8))
        checks.append((f"program {p}: one line per element",
                       tensor_lines == want or f"got {tensor_lines[:3]}...", True))
        scalar = sorted(l for l in lines if l.startswith(f"pid ({p}, 0, 0) tid"))
        want = sorted(f"pid ({p}, 0, 0) tid ({t}) f = 1.500000" for t in range(32))
        checks.append((f"program {p}: one line per thread",
                       scalar == want or f"got {scalar[:3]}...", True))
    return checks


def runtime_assert(artifacts, gen):
    fired = _run_child(artifacts, "assert_on")
    out = fired.stdout + fired.stderr
    off = _run_child(artifacts, "assert_off")
    return [
        ("assert_on exits with an error", fired.returncode != 0, True),
        ("assert_on reports the device assert",
         "device-side assert" in out or "CUDA_ERROR_ASSERT" in out or out[-300:], True),
        ("assert_on prints the message and the file",
         ("Assertion `offs < n` failed" in out and "debug_ops.mlir" in out) or out[-400:], True),
        ("assert_off runs to the end", (off.returncode == 0 and "child: done" in off.stdout)
         or (off.stdout + off.stderr)[-300:], True),
    ]


def runtime_wait_timeout(artifacts, gen):
    """@wait_never waits for a phase nobody completes: with asserts enabled
    the wait gives up after 10 s and the kernel stops with a device assert
    naming the wait, instead of hanging."""
    proc = _run_child(artifacts, "wait_never")
    out = proc.stdout + proc.stderr
    return [
        ("wait_never exits with an error", proc.returncode != 0 or out[-300:], True),
        ("it reports the device assert",
         "device-side assert" in out or "CUDA_ERROR_ASSERT" in out or out[-300:], True),
        ("it names the wait and the file",
         ("layout.wait_barrier: the phase it waits for did not complete" in out
          and "debug_ops.mlir" in out) or out[-400:], True),
    ]


RUNTIME_CASES = [
    ("debug.print", runtime_print),
    ("debug.assert", runtime_assert),
    ("debug.wait_timeout", runtime_wait_timeout),
]
