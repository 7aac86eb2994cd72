"""Tutorial 7: Mojo's LayoutTensor: tile, vectorize, distribute, and a copy
through shared memory.

Mojo partitions a tensor with layouts; in tile the same steps are a view, a
tile access and the tile's layout (docs/TileLanguage.md, "Partitioning the
Mojo and CuTe way"):

    Mojo                                   tile (Python)
    LayoutTensor[dtype, Layout.row_major(128, 128)](ptr)
                                           tile.make_view(p, shape=(128, 128),
                                                          layout=Strided("(128,128):(128,1)"))
    tensor.tile[16, 16](bx, by)            tile.load_tile(view, (bx, by), (16, 16))
    .vectorize[1, 4]()
      .distribute[Layout.row_major(8, 4)](lane_id())
                                           the tile's layout
                                           ThreadValue(threads="(8,4):(4,1)", values=(1, 4))
    a shared LayoutTensor (stack_allocation()), copy_from, barrier()
                                           tile.allocate_shared, buf.store / buf.load,
                                           tile.barrier()

1. add_one: the seed's first kernel, every element of a 32 x 8 row-major
   tensor plus one, one 8 x 8 tile per program.
2. vectorize_distribute: out = 2 * in on 16 x 16 tiles, each distributed
   over one warp as 1 x 4 vectors (lane t owns the vector at row t // 4,
   column 4 * (t % 4) of each 8 x 16 half).
3. shared_copy: the seed's copy_from_async example. The 16 x 16 tile goes
   into shared memory in the vectorized fragment layout, every thread then
   writes the global index of its element into the shared tile, a barrier,
   and the fragment copies it back: tensor[i] == i everywhere.

Run: python3 docs/python/t07_mojo_layout_tensor.py
"""

import tile
from tile.layouts import Blocked, Strided, ThreadValue

from tutorial_common import Case

FRAGMENT = ThreadValue(threads="(8,4):(4,1)", values=(1, 4))
ROW_MAJOR_16 = Strided("(16,16):(16,1)")


@tile.jit(num_warps=1)
def add_one(t):
    v = tile.make_view(t, shape=(32, 8), layout=Strided("(32,8):(8,1)"))
    i, j = tile.program_id(0), tile.program_id(1)
    tile.store_tile(v, (i, j), tile.load_tile(v, (i, j), (8, 8)) + 1.0)


@tile.jit(num_warps=1)
def vectorize_distribute(src, dst):
    bx, by = tile.program_id(0), tile.program_id(1)
    vin = tile.make_view(src, shape=(128, 128), layout=Strided("(128,128):(128,1)"))
    vout = tile.make_view(dst, shape=(128, 128), layout=Strided("(128,128):(128,1)"))
    fragment = tile.load_tile(vin, (bx, by), (16, 16), layout=FRAGMENT)
    tile.store_tile(vout, (bx, by), fragment * 2.0)


@tile.jit(num_warps=1)
def shared_copy(t, IN_SIZE: tile.constexpr):
    bx, by = tile.program_id(0), tile.program_id(1)
    view = tile.make_view(t, shape=(IN_SIZE, IN_SIZE))
    shared = tile.allocate_shared(tile.float32, (16, 16), ROW_MAJOR_16)
    # shared_fragment.copy_from_async(global_fragment); async_copy_wait_all()
    shared.store(tile.load_tile(view, (bx, by), (16, 16), layout=FRAGMENT))
    tile.barrier()
    # shared_tile[thread_idx.x, thread_idx.y] = global_idx.x * in_size + global_idx.y
    cell = Blocked([1, 1], [2, 16], [1, 1], [1, 0])
    rows = bx * 16 + tile.arange(0, 16, layout=tile.layouts.Slice(1, cell))
    cols = by * 16 + tile.arange(0, 16, layout=tile.layouts.Slice(0, cell))
    shared.store((rows[:, None] * IN_SIZE + cols[None, :]).to(tile.float32))
    tile.barrier()
    # global_fragment.copy_from(shared_fragment)
    tile.store_tile(view, (bx, by), shared.load(FRAGMENT))


def cases():
    def make_add_one(torch):
        t = torch.arange(256, device="cuda", dtype=torch.float32)
        return (t,), lambda: torch.equal(t, torch.arange(256, device="cuda").float() + 1)

    def make_vd(torch):
        x = torch.randn(128, 128, device="cuda")
        y = torch.full((128, 128), float("nan"), device="cuda")
        return (x, y), lambda: torch.equal(y, 2 * x)

    def make_copy(torch):
        t = torch.zeros(128 * 128, device="cuda")
        return (t,), lambda: torch.equal(t, torch.arange(128 * 128, device="cuda").float())
    return [Case("mojo add_one 32x8", add_one, (4, 1), make_add_one, ("float32",)),
            Case("mojo vectorize_distribute 128x128", vectorize_distribute, (8, 8), make_vd,
                 ("float32", "float32")),
            Case("mojo shared_copy 128x128", shared_copy, (8, 8), make_copy, ("float32",),
                 {"IN_SIZE": 128})]


if __name__ == "__main__":
    import torch
    for c in cases():
        args, check = c.make(torch)
        c.kernel[c.grid](*args, **c.consts)
        print(c.name, "ok" if check() else "WRONG")
