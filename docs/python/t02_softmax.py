"""Tutorial 2: a fused row softmax.

Each program normalizes one row of an m x n matrix whose rows fit in one
tile (BLOCK, a power of two, >= n): one read of x and one write of y, where
torch's eager softmax reads the row more than once.

    y[r, :] = exp(x[r, :] - max(x[r, :])) / sum(exp(x[r, :] - max(x[r, :])))

The columns past n are loaded as -inf (`other=`), so they add exp(-inf) = 0
to the sum and never win the max. `tile.max(t, axis=0)` of a 1-D tile is a
scalar; Python operators broadcast it back over the row.

Run: python3 docs/python/t02_softmax.py
"""

import tile

from tutorial_common import Case, kept, poisoned


@tile.jit(num_warps=4)
def softmax_kernel(x, y, n, x_stride, y_stride, BLOCK: tile.constexpr):
    row = tile.program_id(0)
    cols = tile.arange(0, BLOCK)
    mask = cols < n
    t = tile.load(x + row * x_stride + cols, mask, float("-inf")).to(tile.float32)
    e = tile.exp(t - tile.max(t, axis=0))
    tile.store(y + row * y_stride + cols, e / tile.sum(e, axis=0), mask)


def softmax(x):
    import torch
    m, n = x.shape
    y = torch.empty_like(x)
    block = 1 << (n - 1).bit_length()
    softmax_kernel[(m,)](x, y, n, x.stride(0), y.stride(0), BLOCK=block)
    return y


def cases():
    out = []
    for m, n, stride in ((1823, 781, 784), (64, 1024, 1024), (3, 5, 16)):
        block = 1 << (n - 1).bit_length()

        def make(torch, m=m, n=n, stride=stride):
            x = torch.randn(m, stride, device="cuda")[:, :n]
            buf = poisoned(torch, m * n)
            y = buf[:m * n].view(m, n)

            def check():
                ref = torch.softmax(x.double(), dim=1).float()
                return torch.allclose(y, ref, rtol=1e-5, atol=1e-6) and kept(torch, buf, m * n)
            return (x, y, n, stride, n), check
        out.append(Case(f"softmax {m}x{n} (stride {stride})", softmax_kernel,
                        (m,), make, ("float32", "float32", n, stride, n), {"BLOCK": block}))
    return out


if __name__ == "__main__":
    import torch
    x = torch.randn(1823, 781, device="cuda")
    assert torch.allclose(softmax(x), torch.softmax(x, dim=1), atol=1e-6)
    print("softmax: ok")
