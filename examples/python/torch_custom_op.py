"""A tile kernel as a torch.library custom op, inside torch.compile'd code.

torch.compile traces Python into a graph; a call it cannot trace (a tile
launch goes through ctypes) would break the graph. Registering the launch
as a custom op (`torch.library.custom_op`) makes it one opaque node: the
compiler calls its fake implementation to learn the output's shape and
dtype while tracing, and the real one (the tile kernel on the current
stream) when the compiled code runs. Inductor fuses the torch ops around
it as usual.

    python3 examples/python/torch_custom_op.py      # a CUDA machine with torch >= 2.4
"""

import torch

import tile
from scaled_add import scaled_add_kernel


@torch.library.custom_op("tile_examples::scaled_add", mutates_args=())
def scaled_add(x: torch.Tensor, y: torch.Tensor, alpha: float) -> torch.Tensor:
    """alpha * x + y by a tile kernel (contiguous f32 CUDA tensors)."""
    x, y = x.contiguous(), y.contiguous()
    out = torch.empty_like(x)
    n = x.numel()
    scaled_add_kernel[(tile.cdiv(n, 1024),)](x, y, out, n, float(alpha), BLOCK=1024)
    return out


@scaled_add.register_fake
def _(x, y, alpha):
    # What tracing needs: the output's shape, dtype and device, no data.
    return torch.empty_like(x)


def model(x, y):
    """Torch ops around the tile op; torch.compile fuses the ones it can."""
    return torch.relu(scaled_add(x * 2.0, y, 0.5)) + 1.0


def reference(x, y):
    return torch.relu(0.5 * (x * 2.0) + y) + 1.0


def run(backend="inductor"):
    compiled = torch.compile(model, backend=backend, fullgraph=True)
    x = torch.randn(3, 1000, device="cuda")
    y = torch.randn(3, 1000, device="cuda")
    got = compiled(x, y)
    return torch.allclose(got, reference(x, y), atol=1e-6), got


if __name__ == "__main__":
    ok, _ = run()
    print("torch.compile with the tile custom op:", "ok" if ok else "WRONG")
