"""The GPU suite's converter and vector-access kernels (test/gpu/kernels)
on the CPU: layout.convert through warp shuffles and through shared memory
(out = in, element by element), and versioned vector loads and stores at
aligned and misaligned offsets (cases_shuffle.py and cases_vec.py)."""

from cases_common import Buffer, Case, cdiv, ints, poison_kept, rng, small_floats

# (kernel stem, element type, tile (TM, TN))
COPY_KERNELS = [
    ("rows_f32", "f32", (4, 128)),
    ("rows_f16", "f16", (4, 256)),
    ("rows_i64", "i64", (4, 128)),
    ("t8x4_f32", "f32", (32, 4)),
    ("t16_f32", "f32", (16, 16)),
    ("t16_f16", "f16", (16, 16)),
]


def make_copy(dtype, tile, seed):
    tm, tn = tile

    def run(launch):
        r = rng(seed)
        # One full tile and a partial one in each direction.
        m, n = tm + tm // 2 + 1, tn + 3
        if dtype == "i64":
            x = ints(r, m * n, -(1 << 62), 1 << 62)
        else:
            x = small_floats(r, m * n, -1000, 1000)
        dst = Buffer(dtype, m * n)
        launch((cdiv(m, tm), cdiv(n, tn), 1), [Buffer(dtype, data=x), dst, m, n])
        return [("dst", dst.values(), x)]
    return run


def vec_add(offset, n):
    def run(launch):
        r = rng(n)
        bx, by = small_floats(r, n + offset), small_floats(r, n + offset)
        big = Buffer("f32", n + offset + 8)
        launch((cdiv(n, 512), 1, 1),
               [Buffer("f32", data=bx).at(offset), Buffer("f32", data=by).at(offset),
                big.at(offset), n])
        return [("out", big.values()[offset:offset + n],
                 [a + b for a, b in zip(bx[offset:], by[offset:])]),
                ("around out untouched",
                 poison_kept(big, list(range(offset)) + list(range(offset + n, n + offset + 8))),
                 True)]
    return run


def copy2d(m, n, ld, src_offset, dst_offset):
    def run(launch):
        r = rng(m * n)
        base = small_floats(r, src_offset + m * ld)
        big = Buffer("f32", dst_offset + m * n + 8)
        launch((cdiv(m, 32), cdiv(n, 64), 1),
               [Buffer("f32", data=base).at(src_offset), big.at(dst_offset), m, n, ld])
        want = [base[src_offset + i * ld + j] for i in range(m) for j in range(n)]
        return [("dst", big.values()[dst_offset:dst_offset + m * n], want),
                ("around dst untouched",
                 poison_kept(big, list(range(dst_offset)) +
                             list(range(dst_offset + m * n, dst_offset + m * n + 8))), True)]
    return run


def split_row_sum(launch):
    r = rng(11)
    m, n = 2, 9000
    x = small_floats(r, m * n)
    out = Buffer("f32", m)
    launch((m, 1, 1), [Buffer("f32", data=x), out, m, n])
    return [("out", out.values(), [sum(x[i * n:(i + 1) * n]) for i in range(m)])]


CASES = []
for k, (stem, dtype, tile) in enumerate(COPY_KERNELS):
    CASES.append(Case("shfl_" + stem, "test/gpu/kernels/shfl_convert.mlir", stem,
                      make_copy(dtype, tile, 100 + k)))
    CASES.append(Case("smem_" + stem, "test/gpu/kernels/shfl_convert_smem.mlir", stem + "_smem",
                      make_copy(dtype, tile, 200 + k)))
CASES += [
    Case("vec_add_div", "test/gpu/kernels/vec_add_div.mlir", "vec_add_div", vec_add(0, 1008)),
    Case("vec_add_nodiv", "test/gpu/kernels/vec_add_nodiv.mlir", "vec_add_nodiv",
         vec_add(1, 1000)),
    Case("vec_add_nodiv_aligned", "test/gpu/kernels/vec_add_nodiv.mlir", "vec_add_nodiv",
         vec_add(0, 1024)),
    Case("vec_copy2d_div", "test/gpu/kernels/vec_copy2d_div.mlir", "vec_copy2d_div",
         copy2d(33, 100, 104, 0, 0)),
    Case("vec_copy2d_nodiv", "test/gpu/kernels/vec_copy2d_nodiv.mlir", "vec_copy2d_nodiv",
         copy2d(7, 5, 9, 3, 2)),
    Case("vec_copy2d_nodiv_aligned", "test/gpu/kernels/vec_copy2d_nodiv.mlir",
         "vec_copy2d_nodiv", copy2d(33, 64, 64, 0, 0)),
    Case("split_row_sum", "test/gpu/kernels/split_row_sum.mlir", "split_row_sum",
         split_row_sum),
]
