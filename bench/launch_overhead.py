#!/usr/bin/env python3
"""Host launch overhead: the same tiny kernel (a 128-element vector add, one
program) launched by tile's `kernel[grid](...)` and by Triton's, in one
process, back to back.

    python3 bench/launch_overhead.py --populate DIR        # a machine with the compiler
    TILE_CACHE_DIR=DIR python3 bench/launch_overhead.py [--profile OUT.txt]

Each measurement launches N times with nothing in between and reads the
host clock around the loop (the GPU runs each 128-element kernel in far
less time than a launch takes on the host, so the loop measures the host
side); the median of several rounds is reported, in microseconds per
launch. Also timed: tile's checked launcher (tile.runtime: every argument
checked against the metadata on each launch), the floor of one ctypes
cuLaunchKernel call with prepared arguments, and, with --profile, a
cProfile of tile's launches (the hot path's functions by own time).
"""

import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
try:
    import tile
except ImportError:  # not on PYTHONPATH: the source tree's package
    sys.path.insert(0, os.path.join(HERE, "..", "python"))
    import tile

N_LAUNCH = 5000
ROUNDS = 7
BLOCK = 128


@tile.jit(num_warps=4)
def tiny_add(x, y, out, n, BLOCK: tile.constexpr):
    offs = tile.arange(0, BLOCK)
    mask = offs < n
    tile.store(out + offs, tile.load(x + offs, mask) + tile.load(y + offs, mask), mask)


class _Stand:
    dtype = "torch.float32"

    def data_ptr(self):
        return 1 << 20


def per_launch_us(torch, launch):
    launch()
    torch.cuda.synchronize()
    rounds = []
    for _ in range(ROUNDS):
        t0 = time.perf_counter()
        for _ in range(N_LAUNCH):
            launch()
        t1 = time.perf_counter()
        torch.cuda.synchronize()
        rounds.append((t1 - t0) / N_LAUNCH * 1e6)
    return statistics.median(rounds)


def main(profile_path=None):
    import torch
    x, y, out = (torch.randn(BLOCK, device="cuda") for _ in range(3))
    grid = (1,)
    rows = []

    def tile_launch():
        tiny_add[grid](x, y, out, BLOCK, BLOCK=BLOCK)
    rows.append(("tile kernel[grid](...)", per_launch_us(torch, tile_launch)))
    assert torch.equal(out, x + y)

    spec, args, _ = tiny_add.bind(x, y, out, BLOCK, BLOCK=BLOCK)
    checked = spec.kernel()

    def checked_launch():
        checked[grid](*args)
    rows.append(("tile.runtime checked launch", per_launch_us(torch, checked_launch)))

    fast = tiny_add._fast[next(iter(tiny_add._fast))][0]
    values = [x.data_ptr(), y.data_ptr(), out.data_ptr(), BLOCK]
    stream = torch.cuda.current_stream().cuda_stream

    def raw_launch():
        fast.cu_launch(fast.handle, 1, 1, 1, fast.threads, 1, 1, fast.shared, stream,
                       fast.pointers, None)
    for slot, v in zip(fast.slots, values):
        slot.value = v
    rows.append(("ctypes cuLaunchKernel alone (floor)", per_launch_us(torch, raw_launch)))

    try:
        import triton
        import triton.language as tl

        @triton.jit
        def triton_tiny_add(x, y, out, n, BLOCK: tl.constexpr):
            offs = tl.arange(0, BLOCK)
            mask = offs < n
            tl.store(out + offs, tl.load(x + offs, mask) + tl.load(y + offs, mask), mask)

        out.zero_()

        def triton_launch():
            triton_tiny_add[grid](x, y, out, BLOCK, BLOCK=BLOCK)
        rows.append((f"Triton {triton.__version__} kernel[grid](...)",
                     per_launch_us(torch, triton_launch)))
        assert torch.equal(out, x + y)
    except ImportError:
        rows.append(("Triton (not installed)", float("nan")))

    print(f"host launch overhead, {torch.cuda.get_device_name()}, torch {torch.__version__}, "
          f"Python {sys.version.split()[0]} (median of {ROUNDS} rounds of {N_LAUNCH} launches)")
    for name, us in rows:
        print(f"  {name:45s} {us:6.2f} us/launch")
    if profile_path:
        import cProfile
        import io
        import pstats
        prof = cProfile.Profile()
        prof.enable()
        for _ in range(N_LAUNCH):
            tile_launch()
        prof.disable()
        torch.cuda.synchronize()
        s = io.StringIO()
        pstats.Stats(prof, stream=s).sort_stats("tottime").print_stats(15)
        with open(profile_path, "w") as f:
            f.write(s.getvalue())
        print(f"  cProfile of {N_LAUNCH} tile launches: {profile_path}")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--populate":
        os.environ["TILE_CACHE_DIR"] = os.path.abspath(sys.argv[2])
        tiny_add.bind(_Stand(), _Stand(), _Stand(), BLOCK, BLOCK=BLOCK)
        print("compiled tiny_add")
        sys.exit(0)
    main(sys.argv[2] if len(sys.argv) == 3 and sys.argv[1] == "--profile" else None)
