"""Tutorial 6: cuTile's ct.load examples with tile.load_tile.

`tile.load_tile(view, index, shape, order=, padding_mode=)` is cuTile's
`ct.load(array, index, shape, order=, padding_mode=)`: the view is
partitioned into a grid of `shape` tiles, `index` picks one, `order` maps
tile axes to view axes ("C", "F" or a permutation), and the elements past
the view's end read as `padding_mode` (`tile.PaddingMode.ZERO`, `NAN`,
`NEG_INF`, ...; or `padding="zero"`, ...). A shape
of () loads one element. The seed prints each tile; these kernels store
them into an output tensor, which must read exactly what cuTile prints:

    ct.load(x, (k,), shape=4)                       [0, 1, 2, 3] [4, 5, 6, 7] [8, 9, 0, 0]
    ct.load(x, (k, 0), shape=(1, 4), order='F')     [[0, 4, 8, 12]] ... [[3, 7, 11, 15]]
    ct.load(x, (k, 0, 0), (1, 2, 2), order=(0, 2, 1))   [[[0, 2], [1, 3]]] [[[4, 6], [5, 7]]]
    ct.load(x, (i,), shape=())                      0 1 2 3 4 5 6 7 8 9

Run: python3 docs/python/t06_cutile_load.py
"""

import tile

from tutorial_common import Case


@tile.jit(num_warps=1)
def load_padding(x, out, n):
    zero_pad = tile.PaddingMode.ZERO
    v = tile.make_view(x, shape=(n,))
    o = tile.make_view(out, shape=(12,))
    tile.store_tile(o, (0,), tile.load_tile(v, (0,), (4,)))
    tile.store_tile(o, (1,), tile.load_tile(v, (1,), (4,)))
    tile.store_tile(o, (2,), tile.load_tile(v, (2,), (4,), padding_mode=zero_pad))


@tile.jit(num_warps=1)
def load_order_f(x, out):
    v = tile.make_view(x, shape=(4, 4))
    o = tile.make_view(out, shape=(4, 4))
    for k in range(4):
        tile.store_tile(o, (k, 0), tile.load_tile(v, (k, 0), (1, 4), order="F"))


@tile.jit(num_warps=1)
def load_3d_order(x, out):
    v = tile.make_view(x, shape=(2, 2, 2))
    o = tile.make_view(out, shape=(2, 2, 2))
    for k in range(2):
        tile.store_tile(o, (k, 0, 0), tile.load_tile(v, (k, 0, 0), (1, 2, 2), order=(0, 2, 1)))


@tile.jit(num_warps=1)
def load_scalar(x, out, n):
    v = tile.make_view(x, shape=(n,))
    o = tile.make_view(out, shape=(n,))
    for i in range(n):
        tile.store_tile(o, (i,), tile.load_tile(v, (i,), ()))


EXPECTED = {
    "load_padding": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0],
    "load_order_f": [[0, 4, 8, 12], [1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15]],
    "load_3d_order": [[[0, 2], [1, 3]], [[4, 6], [5, 7]]],
    "load_scalar": list(range(10)),
}


def cases():
    def case(kernel, shape, out_numel, with_n):
        def make(torch):
            numel = 1
            for s in shape:
                numel *= s
            x = torch.arange(numel, device="cuda").reshape(shape)
            buf = torch.full((out_numel + 16,), -7, device="cuda", dtype=torch.int64)
            out = buf[:out_numel]
            args = (x, out, numel) if with_n else (x, out)

            def check():
                want = torch.tensor(EXPECTED[kernel.__name__], device="cuda").flatten()
                return torch.equal(out, want) and bool((buf[out_numel:] == -7).all())
            return args, check
        stand = ("int64", "int64", 10) if with_n else ("int64", "int64")
        return Case(f"cutile {kernel.__name__}", kernel, (1,), make, stand)
    return [case(load_padding, (10,), 12, True), case(load_order_f, (4, 4), 16, False),
            case(load_3d_order, (2, 2, 2), 8, False), case(load_scalar, (10,), 10, True)]


if __name__ == "__main__":
    import torch
    for c in cases():
        args, check = c.make(torch)
        c.kernel[c.grid](*args)
        print(c.name, args[1].tolist(), "ok" if check() else "WRONG")
