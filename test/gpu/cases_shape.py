"""GPU cases of the shape ops (test/gpu/kernels/shape_ops.mlir, written by
gen_shape_kernels.py) against torch: tile.trans of 2-D tiles (x.t()) and
of 3-D ones (x.permute(2, 0, 1)), tile.reshape 2-D -> 1-D and 1-D -> 3-D
(flatten / view), tile.join (torch.stack(..., -1)), tile.split
(x[..., 0], x[..., 1]) and tile.cat (torch.cat along either axis), in f32
and f16, with poisoned outputs (an element a kernel forgets stays NaN, and
the padding of the buffers past the output must stay poisoned). The kernels
are written without layouts except trans_blocked_f32; the sizes are not
multiples of the tiles, so the views mask the borders.
"""

import torch

from gpu_cases import DEV, is_poison, poisoned, randn

ART = "shape_ops"
DTYPES = {"f32": torch.float32, "f16": torch.float16}
PAD = 64  # poisoned elements past every output


def _data(shape, ty, gen):
    return randn(shape, gen).to(DTYPES[ty])


def _out(numel, ty):
    return poisoned(numel + PAD, DTYPES[ty])


def _checks(label, buf, ref):
    """The output (bit-exact: shape ops move elements, they compute
    nothing) and its poisoned tail."""
    out = buf[:ref.numel()].view(ref.shape)
    return [(label, out, ref),
            (label + " tail untouched", bool(is_poison(buf[ref.numel():]).all()), True)]


def trans2d_runner(ty):
    def run(k, shape, gen):
        m, n = shape
        x = _data((m, n), ty, gen)
        y = _out(m * n, ty)
        k[((m + 63) // 64, (n + 31) // 32)](x, y, m, n)
        return _checks("x.t()", y, x.t().contiguous())
    return run


def reshape_flat_runner(ty):
    def run(k, m, gen):
        x = _data((m, 64), ty, gen)
        y = _out(m * 64, ty)
        k[((m + 15) // 16,)](x, y, m)
        return _checks("x.flatten()", y, x.flatten())
    return run


def reshape_3d_runner(ty):
    def run(k, b, gen):
        x = _data((b * 256,), ty, gen)
        y = _out(b * 256, ty)
        k[((b + 3) // 4,)](x, y, b)
        return _checks("x.view(b, 16, 16)", y, x.view(b, 16, 16))
    return run


def join_runner(ty):
    def run(k, m, gen):
        a, b = _data((m, 32), ty, gen), _data((m, 32), ty, gen)
        y = _out(m * 64, ty)
        k[((m + 31) // 32,)](a, b, y, m)
        return _checks("stack([a, b], -1)", y, torch.stack([a, b], -1))
    return run


def split_runner(ty):
    def run(k, m, gen):
        x = _data((m, 32, 2), ty, gen)
        a, b = _out(m * 32, ty), _out(m * 32, ty)
        k[((m + 31) // 32,)](x, a, b, m)
        return _checks("x[..., 0]", a, x[..., 0].contiguous()) + \
            _checks("x[..., 1]", b, x[..., 1].contiguous())
    return run


def cat_cols_runner(ty):
    def run(k, m, gen):
        a, b = _data((m, 32), ty, gen), _data((m, 32), ty, gen)
        y = _out(m * 64, ty)
        k[((m + 31) // 32,)](a, b, y, m)
        return _checks("cat([a, b], 1)", y, torch.cat([a, b], 1))
    return run


def cat_rows_runner(ty):
    def run(k, m, gen):
        a, b = _data((m, 32), ty, gen), _data((m, 32), ty, gen)
        y = _out(2 * m * 32, ty)
        k[(m // 32,)](a, b, y, m)
        ref = torch.cat([a.view(-1, 32, 32), b.view(-1, 32, 32)], 1).view(2 * m, 32)
        return _checks("cat([a, b], 0) per block", y, ref)
    return run


def permute3d_runner(ty):
    def run(k, b, gen):
        x = _data((b, 8, 16), ty, gen)
        y = _out(b * 128, ty)
        k[((b + 3) // 4,)](x, y, b)
        return _checks("x.permute(2, 0, 1)", y, x.permute(2, 0, 1).contiguous())
    return run


TRANS_SHAPES = [(1, 1), (64, 32), (100, 70), (257, 129), (1024, 512)]
ROWS = [1, 16, 33, 1000]

CASES = [("shape_ops", "trans_blocked_f32", trans2d_runner("f32"), TRANS_SHAPES)]
for _ty in ("f32", "f16"):
    CASES += [
        (ART, f"trans2d_{_ty}", trans2d_runner(_ty), TRANS_SHAPES),
        (ART, f"reshape_flat_{_ty}", reshape_flat_runner(_ty), ROWS),
        (ART, f"reshape_3d_{_ty}", reshape_3d_runner(_ty), [1, 4, 7, 301]),
        (ART, f"join_{_ty}", join_runner(_ty), ROWS),
        (ART, f"split_{_ty}", split_runner(_ty), ROWS),
        (ART, f"cat_cols_{_ty}", cat_cols_runner(_ty), ROWS),
        (ART, f"cat_rows_{_ty}", cat_rows_runner(_ty), [32, 64, 1024]),
        (ART, f"permute3d_{_ty}", permute3d_runner(_ty), [1, 4, 7, 301]),
    ]
