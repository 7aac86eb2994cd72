"""The kernels of Inputs/scan.mlir (scans, multi-operand reductions, sorts
and top-k over registers, lanes, warps and register repeats) run on the CPU
against Python references."""

from cases_common import Buffer, Case, ints, rng, small_floats

SRC = "test/simt/Inputs/scan.mlir"
PASSES = ["--convert-tile-to-llvm", "--convert-scf-to-cf", "--convert-cf-to-llvm"]


def wrap32(v):
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v >= 1 << 31 else v


def cumsum_rows(launch):
    x = small_floats(rng(31), 8 * 64)
    y = Buffer("f32", 8 * 64)
    launch((1, 1, 1), [Buffer("f32", data=x), y])
    want = []
    for i in range(8):
        acc = 0.0
        for j in range(64):
            acc += x[i * 64 + j]
            want.append(acc)
    return [("y", y.values(), want)]


def cumprod_cols_rev(launch):
    x = ints(rng(32), 64 * 8, -3, 3)
    y = Buffer("i32", 64 * 8)
    launch((1, 1, 1), [Buffer("i32", data=x), y])
    want = [0] * (64 * 8)
    for j in range(8):
        acc = 1
        for i in reversed(range(64)):
            acc = wrap32(acc * x[i * 8 + j])
            want[i * 8 + j] = acc
    return [("y", y.values(), want)]


def cummax_excl(launch):
    x = ints(rng(33), 512, -100000, 100000)
    y = Buffer("i32", 512)
    launch((1, 1, 1), [Buffer("i32", data=x), y])
    want, acc = [], -(1 << 31)
    for v in x:
        want.append(acc)
        acc = max(acc, v)
    return [("y", y.values(), want)]


def cumsum_excl_rev(launch):
    x = ints(rng(34), 512, -1000, 1000)
    y = Buffer("i32", 512)
    launch((1, 1, 1), [Buffer("i32", data=x), y])
    want, acc = [0] * 512, 0
    for i in reversed(range(512)):
        want[i] = acc
        acc += x[i]
    return [("y", y.values(), want)]


def cummax_index(launch):
    x = small_floats(rng(35), 4 * 64, -8, 8)  # many ties
    y, z = Buffer("f32", 4 * 64), Buffer("i32", 4 * 64)
    launch((1, 1, 1), [Buffer("f32", data=x), y, z])
    wv, wi = [], []
    for i in range(4):
        best, at = None, 0
        for j in range(64):
            v = x[i * 64 + j]
            if best is None or v >= best:
                best, at = v, j
            wv.append(best)
            wi.append(at)
    return [("values", y.values(), wv), ("indices", z.values(), wi)]


def argmax_rows(launch):
    x = small_floats(rng(36), 4 * 128, -16, 16)  # ties: the lowest index wins
    y, z = Buffer("f32", 4), Buffer("i32", 4)
    launch((1, 1, 1), [Buffer("f32", data=x), y, z])
    rows = [x[i * 128:(i + 1) * 128] for i in range(4)]
    return [("values", y.values(), [max(r) for r in rows]),
            ("indices", z.values(), [r.index(max(r)) for r in rows])]


def sort_rows(launch):
    r = rng(37)
    x = []
    for _ in range(4):
        row = list(range(128))
        r.shuffle(row)
        x += [float(v - 64) for v in row]  # distinct keys: indices are unique
    y, z = Buffer("f32", 4 * 128), Buffer("i32", 4 * 128)
    launch((1, 1, 1), [Buffer("f32", data=x), y, z])
    wv, wi = [], []
    for i in range(4):
        row = x[i * 128:(i + 1) * 128]
        order = sorted(range(128), key=lambda j: -row[j])
        wv += [row[j] for j in order]
        wi += order
    return [("values", y.values(), wv), ("indices", z.values(), wi)]


def sort_cols(launch):
    x = ints(rng(38), 64 * 8, -50, 50)  # duplicates
    y = Buffer("i32", 64 * 8)
    launch((1, 1, 1), [Buffer("i32", data=x), y])
    want = [0] * (64 * 8)
    for j in range(8):
        col = sorted(x[i * 8 + j] for i in range(64))
        for i in range(64):
            want[i * 8 + j] = col[i]
    return [("y", y.values(), want)]


def topk_rows(launch):
    r = rng(39)
    x = []
    for _ in range(8):
        row = list(range(64))
        r.shuffle(row)
        x += [float(v) for v in row]
    y, z = Buffer("f32", 8 * 8), Buffer("i32", 8 * 8)
    launch((1, 1, 1), [Buffer("f32", data=x), y, z])
    wv, wi = [], []
    for i in range(8):
        row = x[i * 64:(i + 1) * 64]
        order = sorted(range(64), key=lambda j: -row[j])[:8]
        wv += [row[j] for j in order]
        wi += order
    return [("values", y.values(), wv), ("indices", z.values(), wi)]


def cumsum_chunks_rev(launch):
    x = small_floats(rng(41), 4 * 128)
    y = Buffer("f32", 4 * 128)
    launch((1, 1, 1), [Buffer("f32", data=x), y])
    want = [0.0] * (4 * 128)
    for i in range(4):
        acc = 0.0
        for j in reversed(range(128)):
            acc += x[i * 128 + j]
            want[i * 128 + j] = acc
    return [("y", y.values(), want)]


def auto_row_ops(launch):
    """test/gpu/kernels/scan_auto.mlir through tile-compile's pipeline (layout
    assignment chooses the layouts): cumsum, argmax and a descending sort of
    10 rows of 256 in two programs of 8 rows."""
    m = 10
    x = small_floats(rng(40), m * 256, -20, 20)
    y, z, s = Buffer("f32", m * 256), Buffer("i32", m), Buffer("f32", m * 256)
    launch((2, 1, 1), [Buffer("f32", data=x), y, z, s, m])
    rows = [x[i * 256:(i + 1) * 256] for i in range(m)]
    cums = []
    for r in rows:
        acc = 0.0
        for v in r:
            acc += v
            cums.append(acc)
    return [("cumsum", y.values(), cums),
            ("argmax", z.values(), [r.index(max(r)) for r in rows]),
            ("sort", s.values(), [v for r in rows for v in sorted(r, reverse=True)])]


CASES = [Case("auto_row_ops", "test/gpu/kernels/scan_auto.mlir", "auto_row_ops", auto_row_ops)]
CASES += [Case(name, SRC, name, fn, opt_passes=PASSES) for name, fn in [
    ("cumsum_rows", cumsum_rows), ("cumprod_cols_rev", cumprod_cols_rev),
    ("cummax_excl", cummax_excl), ("cumsum_excl_rev", cumsum_excl_rev),
    ("cummax_index", cummax_index), ("argmax_rows", argmax_rows),
    ("sort_rows", sort_rows), ("sort_cols", sort_cols), ("topk_rows", topk_rows),
    ("cumsum_chunks_rev", cumsum_chunks_rev)]]
