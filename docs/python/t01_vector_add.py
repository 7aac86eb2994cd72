"""Tutorial 1: vector add, and autotuning it.

The first kernel every tile language shows. Each program adds BLOCK
elements: `tile.program_id(0)` says which block, `tile.arange` gives the
BLOCK offsets, the mask keeps the last block inside the vectors.

    out[i] = x[i] + y[i]        for i < n

`BLOCK` is a `tile.constexpr`: a compile-time value, so each BLOCK is its
own kernel (compiled once, kept in memory and on disk). The grid is a
function of the constexprs, so it follows whatever BLOCK a launch uses.

`@tile.autotune` over `@tile.jit` tries several configurations (BLOCK,
num_warps) the first time it sees a key (here the length n and the
tensors' dtypes), keeps the fastest in memory and on disk
($TILE_CACHE_DIR/autotune/), and launches it from then on.

Run (a GPU machine): python3 docs/python/t01_vector_add.py
"""

import tile

from tutorial_common import Case, kept, poisoned


@tile.jit
def add(x, y, out, n, BLOCK: tile.constexpr):
    offs = tile.program_id(0) * BLOCK + tile.arange(0, BLOCK)
    mask = offs < n
    tile.store(out + offs, tile.load(x + offs, mask) + tile.load(y + offs, mask), mask)


add_tuned = tile.autotune(
    configs=[tile.Config({"BLOCK": 512}, num_warps=4),
             tile.Config({"BLOCK": 1024}, num_warps=4),
             tile.Config({"BLOCK": 2048}, num_warps=8)],
    key=["n"])(add)


def vector_add(x, y, tuned=False):
    """x + y with the tile kernel (x, y: CUDA tensors of one shape)."""
    import torch
    out = torch.empty_like(x)
    n = out.numel()
    kernel = add_tuned if tuned else add
    consts = {} if tuned else {"BLOCK": 1024}
    kernel[lambda meta: (tile.cdiv(n, meta["BLOCK"]),)](x, y, out, n, **consts)
    return out


def cases():
    out = []
    for n, dtype in ((98432, "float32"), (1000003, "float32"), (7, "float32"),
                     (4097, "float16")):
        def make(torch, n=n, dtype=dtype):
            dt = getattr(torch, dtype)
            x, y = torch.randn(n, device="cuda", dtype=dt), torch.randn(n, device="cuda", dtype=dt)
            buf = poisoned(torch, n, dt)
            return (x, y, buf[:n], n), lambda: torch.equal(buf[:n], x + y) and kept(torch, buf, n)
        out.append(Case(f"vector_add {dtype} n={n}", add,
                        lambda meta, n=n: (tile.cdiv(n, meta["BLOCK"]),), make,
                        (dtype, dtype, dtype, n), {"BLOCK": 1024}))
    return out


if __name__ == "__main__":
    import torch
    x, y = torch.randn(10_000, device="cuda"), torch.randn(10_000, device="cuda")
    assert torch.equal(vector_add(x, y), x + y)
    assert torch.equal(vector_add(x, y, tuned=True), x + y)
    print("vector add: ok; autotune chose", add_tuned.best)
