"""Tutorial 4: matrix multiplication with tile.dot.

C = A @ B for f16 A (m x k) and B (k x n), accumulated in f32 and stored
as f16. Each program computes one BM x BN tile of C: it walks K in steps
of BK, loading a BM x BK tile of A and a BK x BN tile of B by their index
in the tile space of the views (cuTile's ct.load; partial tiles at the
edges are padded with zeros) and accumulating `tile.dot(a, b, acc)`.

The views carry the strides, so any layout of A, B and C works (a
transposed B is `b.t()`). No layout is written: the compiler puts the
tiles in shared memory for the tensor cores (wgmma on sm_90) and keeps
the accumulator in registers across the loop.

Run: python3 docs/python/t04_matmul.py
"""

import tile

from tutorial_common import Case


@tile.jit(num_warps=8)
def matmul_kernel(a, b, c, m, n, k, sam, sak, sbk, sbn, scm, scn,
                  BM: tile.constexpr, BN: tile.constexpr, BK: tile.constexpr):
    pm, pn = tile.program_id(0), tile.program_id(1)
    va = tile.make_view(a, shape=(m, k), strides=(sam, sak))
    vb = tile.make_view(b, shape=(k, n), strides=(sbk, sbn))
    vc = tile.make_view(c, shape=(m, n), strides=(scm, scn))
    acc = tile.zeros((BM, BN), tile.float32)
    for kt in range(0, tile.cdiv(k, BK)):
        ta = tile.load_tile(va, (pm, kt), (BM, BK), padding="zero")
        tb = tile.load_tile(vb, (kt, pn), (BK, BN), padding="zero")
        acc = tile.dot(ta, tb, acc)
    tile.store_tile(vc, (pm, pn), acc.to(tile.float16))


def matmul(a, b):
    import torch
    m, k = a.shape
    n = b.shape[1]
    c = torch.empty(m, n, device=a.device, dtype=torch.float16)
    matmul_kernel[(tile.cdiv(m, 128), tile.cdiv(n, 128))](
        a, b, c, m, n, k, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
        c.stride(0), c.stride(1), BM=128, BN=128, BK=64)
    return c


def cases():
    out = []
    for m, n, k in ((512, 512, 512), (300, 200, 100), (4096, 4096, 4096)):
        def make(torch, m=m, n=n, k=k):
            a = torch.randn(m, k, device="cuda", dtype=torch.float16)
            b = torch.randn(k, n, device="cuda", dtype=torch.float16)
            cbuf = torch.full((m * n + 256,), float("nan"), device="cuda", dtype=torch.float16)
            c = cbuf[:m * n].view(m, n)

            def check():
                ref = (a.float() @ b.float())
                ok = torch.allclose(c.float(), ref, rtol=2e-2, atol=0.1 + 1e-3 * k ** 0.5)
                return ok and bool(torch.isnan(cbuf[m * n:]).all())
            return (a, b, c, m, n, k, k, 1, n, 1, n, 1), check
        out.append(Case(f"matmul f16 {m}x{n}x{k}", matmul_kernel,
                        (tile.cdiv(m, 128), tile.cdiv(n, 128)), make,
                        ("float16", "float16", "float16", m, n, k, k, 1, n, 1, n, 1),
                        {"BM": 128, "BN": 128, "BK": 64}))
    return out


if __name__ == "__main__":
    import torch
    a = torch.randn(512, 256, device="cuda", dtype=torch.float16)
    b = torch.randn(256, 384, device="cuda", dtype=torch.float16)
    assert torch.allclose(matmul(a, b).float(), a.float() @ b.float(), rtol=2e-2, atol=0.1)
    print("matmul: ok")
