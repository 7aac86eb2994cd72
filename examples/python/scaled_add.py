"""The tile kernel of torch_custom_op.py: out = alpha * x + y."""

import tile


@tile.jit
def scaled_add_kernel(x, y, out, n, alpha, BLOCK: tile.constexpr):
    offs = tile.program_id(0) * BLOCK + tile.arange(0, BLOCK)
    mask = offs < n
    v = alpha * tile.load(x + offs, mask) + tile.load(y + offs, mask)
    tile.store(out + offs, v, mask)
