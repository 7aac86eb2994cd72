"""Tutorial 3: layer normalization (forward).

    y = (x - mean(x)) / sqrt(var(x) + eps) * w + b        per row

One program per row; the row is loaded once (BLOCK >= n, masked), the mean
and the variance are two `tile.sum` reductions, and the mean and the
reciprocal standard deviation are also written out (what a backward pass
needs), as Triton's layer-norm tutorial does. Masked-off columns are
loaded as 0 and kept out of the variance with `tile.where`.

Run: python3 docs/python/t03_layernorm.py
"""

import tile

from tutorial_common import Case, kept, poisoned


@tile.jit(num_warps=8)
def layernorm_kernel(x, y, w, b, mean_out, rstd_out, n, stride, eps, BLOCK: tile.constexpr):
    row = tile.program_id(0)
    cols = tile.arange(0, BLOCK)
    mask = cols < n
    v = tile.load(x + row * stride + cols, mask, 0.0).to(tile.float32)
    mean = tile.sum(v, axis=0) / n
    d = tile.where(mask, v - mean, 0.0)
    rstd = tile.rsqrt(tile.sum(d * d, axis=0) / n + eps)
    out = d * rstd * tile.load(w + cols, mask, 0.0) + tile.load(b + cols, mask, 0.0)
    tile.store(y + row * stride + cols, out, mask)
    tile.store(mean_out + row, mean)
    tile.store(rstd_out + row, rstd)


def layernorm(x, w, b, eps=1e-5):
    import torch
    m, n = x.shape
    y = torch.empty_like(x)
    mean = torch.empty(m, device=x.device)
    rstd = torch.empty(m, device=x.device)
    layernorm_kernel[(m,)](x, y, w, b, mean, rstd, n, x.stride(0), eps,
                           BLOCK=1 << (n - 1).bit_length())
    return y, mean, rstd


def cases():
    out = []
    for m, n in ((1151, 8192), (37, 1000)):
        block = 1 << (n - 1).bit_length()

        def make(torch, m=m, n=n):
            x = torch.randn(m, n, device="cuda") * 3 + 1
            w, b = torch.randn(n, device="cuda"), torch.randn(n, device="cuda")
            buf = poisoned(torch, m * n)
            y = buf[:m * n].view(m, n)
            mean, rstd = poisoned(torch, m, extra=16), poisoned(torch, m, extra=16)

            def check():
                xd = x.double()
                ref = torch.nn.functional.layer_norm(xd, (n,), w.double(), b.double(), 1e-5)
                var = xd.var(dim=1, unbiased=False)
                return (torch.allclose(y.double(), ref, rtol=1e-4, atol=1e-4)
                        and torch.allclose(mean.double()[:m], xd.mean(dim=1), atol=1e-5)
                        and torch.allclose(rstd.double()[:m], (var + 1e-5).rsqrt(), rtol=1e-4)
                        and kept(torch, buf, m * n) and kept(torch, mean, m)
                        and kept(torch, rstd, m))
            return (x, y, w, b, mean[:m], rstd[:m], n, n, 1e-5), check
        out.append(Case(f"layernorm {m}x{n}", layernorm_kernel, (m,), make,
                        ("float32",) * 6 + (n, n, 1e-5), {"BLOCK": block}))
    return out


if __name__ == "__main__":
    import torch
    x = torch.randn(64, 1000, device="cuda")
    w, b = torch.randn(1000, device="cuda"), torch.randn(1000, device="cuda")
    y, _, _ = layernorm(x, w, b)
    assert torch.allclose(y, torch.nn.functional.layer_norm(x, (1000,), w, b), atol=1e-4)
    print("layernorm: ok")
