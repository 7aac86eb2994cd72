"""Tutorial 5: Gluon's layout tutorial (02-layouts), with tile.layouts.

Gluon makes every tensor carry a layout; tile lets a kernel give layouts
where it wants them and chooses the others (docs/ChoosingLayouts.md). The
layouts are the same objects: `tile.layouts.Blocked(size_per_thread,
threads_per_warp, warps_per_cta, order)` is Gluon's `gl.BlockedLayout`,
`Slice(dim, parent)` its `gl.SliceLayout`, and a layout can be a
`tile.constexpr` argument of the kernel, as in Gluon.

1. memcpy_1d: each program copies XBLOCK elements; the layout of the
   indices (`tile.arange(..., layout=layout)`) flows to the pointers, the
   mask, the load and the store. More elements per thread
   (`size_per_thread=[4]`) gives 16-byte accesses.
2. memcpy_2d: 1-D indices in slice layouts of a 2-D layout, expanded with
   `[:, None]` / `[None, :]` back to the parent; one layout for the load
   and the store, coalesced only when it matches the tensors' strides.
3. memcpy_2d_inout: a layout for the load derived from the input's strides,
   another for the store from the output's, and `tile.convert_layout` in
   between (through shared memory). The mask and offsets come from a
   @tile.jit helper, called like a function and generated in place.

Run: python3 docs/python/t05_gluon_layouts.py (prints the throughputs).
"""

import tile
from tile.layouts import Blocked, Slice

from tutorial_common import Case, kept, poisoned


@tile.jit
def memcpy_1d_kernel(in_ptr, out_ptr, xnumel, XBLOCK: tile.constexpr, layout: tile.constexpr):
    pid = tile.program_id(0)
    start = pid * XBLOCK
    # Only the indices get a layout: it flows to everything computed from them.
    indices = tile.arange(0, XBLOCK, layout=layout)
    offsets = start + indices
    mask = offsets < xnumel
    value = tile.load(in_ptr + offsets, mask)
    tile.store(out_ptr + offsets, value, mask)


@tile.jit
def memcpy_2d_kernel(in_ptr, out_ptr, xnumel, ynumel, xstride_in, ystride_in, xstride_out,
                     ystride_out, layout: tile.constexpr, XBLOCK: tile.constexpr,
                     YBLOCK: tile.constexpr):
    start_x = tile.program_id(0) * XBLOCK
    start_y = tile.program_id(1) * YBLOCK
    indices_x = start_x + tile.arange(0, XBLOCK, layout=Slice(1, layout))
    indices_y = start_y + tile.arange(0, YBLOCK, layout=Slice(0, layout))
    in_offsets = xstride_in * indices_x[:, None] + ystride_in * indices_y[None, :]
    out_offsets = xstride_out * indices_x[:, None] + ystride_out * indices_y[None, :]
    mask = (indices_x[:, None] < xnumel) & (indices_y[None, :] < ynumel)
    value = tile.load(in_ptr + in_offsets, mask)
    tile.store(out_ptr + out_offsets, value, mask)


@tile.jit
def get_mask_and_offsets(start_x, start_y, xnumel, ynumel, xstride, ystride,
                         XBLOCK: tile.constexpr, YBLOCK: tile.constexpr,
                         layout: tile.constexpr):
    indices_x = start_x + tile.arange(0, XBLOCK, layout=Slice(1, layout))
    indices_y = start_y + tile.arange(0, YBLOCK, layout=Slice(0, layout))
    mask = (indices_x[:, None] < xnumel) & (indices_y[None, :] < ynumel)
    offsets = xstride * indices_x[:, None] + ystride * indices_y[None, :]
    return mask, offsets


@tile.jit
def memcpy_2d_inout_kernel(in_ptr, out_ptr, xnumel, ynumel, xstride_in, ystride_in,
                           xstride_out, ystride_out, layout_in: tile.constexpr,
                           layout_out: tile.constexpr, XBLOCK: tile.constexpr,
                           YBLOCK: tile.constexpr):
    start_x = tile.program_id(0) * XBLOCK
    start_y = tile.program_id(1) * YBLOCK
    mask_in, in_offsets = get_mask_and_offsets(start_x, start_y, xnumel, ynumel, xstride_in,
                                               ystride_in, XBLOCK, YBLOCK, layout_in)
    mask_out, out_offsets = get_mask_and_offsets(start_x, start_y, xnumel, ynumel, xstride_out,
                                                 ystride_out, XBLOCK, YBLOCK, layout_out)
    value = tile.load(in_ptr + in_offsets, mask_in)
    value = tile.convert_layout(value, layout_out)
    tile.store(out_ptr + out_offsets, value, mask_out)


def get_layout_for_gmem_access(tensor, num_warps):
    """Coalesced along the tensor's contiguous dim (Gluon's helper)."""
    if tensor.dim() == 1:
        return Blocked([1], [32], [num_warps], [0])
    if tensor.stride(1) == 1:
        return Blocked([1, 1], [1, 32], [1, num_warps], [1, 0])
    return Blocked([1, 1], [32, 1], [num_warps, 1], [0, 1])


LAYOUTS_1D = [Blocked([1], [32], [4], [0]), Blocked([4], [32], [4], [0]),
              Blocked([8], [32], [4], [0])]
ROW_MAJOR = Blocked([1, 1], [1, 32], [1, 4], [1, 0])
COL_MAJOR = Blocked([1, 1], [32, 1], [4, 1], [0, 1])


def _strides(shape, transposed):
    """(the tensor's strides) for a contiguous tensor or the .T of one."""
    x, y = shape
    return (1, x) if transposed else (y, 1)


def cases():
    out = []
    for layout in LAYOUTS_1D:
        for n in (1 << 20, 100003):
            def make(torch, n=n):
                x = torch.randn(n, device="cuda")
                buf = poisoned(torch, n)
                return (x, buf[:n], n), lambda: torch.equal(buf[:n], x) and kept(torch, buf, n)
            out.append(Case(f"gluon memcpy_1d n={n} size_per_thread={layout.size_per_thread}",
                            memcpy_1d_kernel, (tile.cdiv(n, 2048),), make,
                            ("float32", "float32", n), {"XBLOCK": 2048, "layout": layout}))
    for (xn, yn), transposed in (((100, 2000), False), ((1000, 200), True)):
        for layout in (ROW_MAJOR, COL_MAJOR):
            def make(torch, xn=xn, yn=yn, transposed=transposed):
                src = torch.randn(yn, xn, device="cuda").T if transposed else \
                    torch.randn(xn, yn, device="cuda")
                buf = poisoned(torch, xn * yn)
                dst = buf[:xn * yn].view(yn, xn).T if transposed else buf[:xn * yn].view(xn, yn)
                return ((src, dst, xn, yn, *src.stride(), *dst.stride()),
                        lambda: torch.equal(dst, src) and kept(torch, buf, xn * yn))
            s = _strides((xn, yn), transposed)
            out.append(Case(f"gluon memcpy_2d {xn}x{yn}{' transposed' if transposed else ''} "
                            f"order={layout.order}", memcpy_2d_kernel,
                            (tile.cdiv(xn, 128), tile.cdiv(yn, 128)), make,
                            ("float32", "float32", xn, yn, *s, *s),
                            {"layout": layout, "XBLOCK": 128, "YBLOCK": 128}))
    for t_in, t_out in ((True, False), (False, True)):
        xn, yn = 300, 400

        def make(torch, t_in=t_in, t_out=t_out, xn=xn, yn=yn):
            src = torch.randn(yn, xn, device="cuda").T if t_in else \
                torch.randn(xn, yn, device="cuda")
            buf = poisoned(torch, xn * yn)
            dst = buf[:xn * yn].view(yn, xn).T if t_out else buf[:xn * yn].view(xn, yn)
            return ((src, dst, xn, yn, *src.stride(), *dst.stride()),
                    lambda: torch.equal(dst, src) and kept(torch, buf, xn * yn))
        lay_in = COL_MAJOR if t_in else ROW_MAJOR
        lay_out = COL_MAJOR if t_out else ROW_MAJOR
        out.append(Case(f"gluon memcpy_2d_inout {xn}x{yn} in{'.T' if t_in else ''} "
                        f"out{'.T' if t_out else ''}", memcpy_2d_inout_kernel,
                        (tile.cdiv(xn, 128), tile.cdiv(yn, 128)), make,
                        ("float32", "float32", xn, yn, *_strides((xn, yn), t_in),
                         *_strides((xn, yn), t_out)),
                        {"layout_in": lay_in, "layout_out": lay_out, "XBLOCK": 128,
                         "YBLOCK": 128}))
    return out


def throughput(torch, bench):
    """Gluon's first table: 1-D memcpy of 2^28 bytes by layout (TB/s)."""
    n = 1 << 26
    x, y = torch.randn(n, device="cuda"), torch.empty(n, device="cuda")
    rows = []
    for layout in LAYOUTS_1D:
        ms = bench(lambda: memcpy_1d_kernel[(tile.cdiv(n, 2048),)](x, y, n, XBLOCK=2048,
                                                                   layout=layout))
        rows.append((layout.size_per_thread[0], 2 * 4 * n / ms / 1e9))
    return rows


def throughput_cases():
    n = 1 << 26
    return [Case("bench", memcpy_1d_kernel, (1,), None, ("float32", "float32", n),
                 {"XBLOCK": 2048, "layout": layout}) for layout in LAYOUTS_1D]


if __name__ == "__main__":
    import torch
    from tile.autotune import do_bench
    for spt, tbs in throughput(torch, do_bench):
        print(f"memcpy_1d size_per_thread=[{spt}]: {tbs:.2f} TB/s")
