#!/usr/bin/env python3
"""Writes test/gpu/kernels/scan_ops.mlir: the kernels of cases_scan.py
(tile.scan, multi-operand tile.reduce, tile.sort and tile.topk on masked
tiles of several layouts, axes and element types).

    python3 test/gpu/gen_scan_kernels.py > test/gpu/kernels/scan_ops.mlir

Every kernel works on a row-major tensor whose `n` elements along the axis
fit one tile (masked, padded with the op's identity or the value that
sorts last) and whose `m` lines across the axis are split over programs of
B lines: for axis 1 the tensor is m x n and a tile is B x N, for axis 0 it
is n x m and a tile N x B. Arguments: x, outputs, m, n.
"""

# Layouts (4 warps) and the tile shape each is used with.
LAYOUTS = {
    # axis 1: 4 registers then 32 lanes along the axis; warps across.
    "A": ("#layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], "
          "warpsPerCTA = [4, 1], order = [1, 0]>", (4, 128)),
    # axis 1: lanes 0-2, warps 0-1, then 4 register repeats.
    "B": ("#layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], "
          "warpsPerCTA = [1, 4], order = [1, 0]>", (4, 128)),
    # axis 0: 2 registers, lanes 0-3, warp 0, then 2 register repeats.
    "C": ("#layout.blocked<sizePerThread = [2, 1], threadsPerWarp = [16, 2], "
          "warpsPerCTA = [2, 2], order = [0, 1]>", (128, 4)),
}
# Result layouts of tile.topk (any distributed layout of the result shape).
TOPK_LAYOUTS = {
    "K1": "#layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], "
          "warpsPerCTA = [4, 1], order = [1, 0]>",
    "K0": "#layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], "
          "warpsPerCTA = [1, 4], order = [0, 1]>",
}

NEG = {"f32": "0xFF800000", "f16": "0xFC00", "i32": "-2147483648"}
POS = {"f32": "0x7F800000", "f16": "0x7C00", "i32": "2147483647"}
ZERO = {"f32": "0.0", "f16": "0.0", "i32": "0"}
ONE = {"f32": "1.0", "f16": "1.0", "i32": "1"}


class Kernel:
    def __init__(self, name, layout, axis, ty):
        self.name, self.axis, self.ty = name, axis, ty
        self.enc, self.shape = LAYOUTS[layout]
        self.lines = []
        self.n = 0

    def tmp(self):
        self.n += 1
        return "%%v%d" % self.n

    def emit(self, text):
        self.lines.append("  " + text)

    def tensor(self, ty, shape=None, enc="#L"):
        shape = shape or self.shape
        return "tensor<%s%s, %s>" % ("".join("%dx" % d for d in shape), ty, enc)

    def slice_of(self, dim, enc="#L"):
        return "#layout.slice<dim = %d, parent = %s>" % (dim, enc)

    def coords(self, shape=None, enc="#L"):
        """(row, col) index tensors of a tile of `shape` in `enc`."""
        shape = shape or self.shape
        out = []
        for d in (0, 1):
            other = 1 - d
            sl = self.slice_of(other, enc)
            a = self.tmp()
            self.emit("%s = tile.arange 0, %d : tensor<%dxi32, %s>" % (a, shape[d], shape[d], sl))
            e = self.tmp()
            one = [shape[0], 1] if d == 0 else [1, shape[1]]
            self.emit("%s = tile.expand_dims %s {axis = %d : i32} : tensor<%dxi32, %s> -> %s"
                      % (e, a, other, shape[d], sl, self.tensor("i32", one, enc)))
            b = self.tmp()
            self.emit("%s = tile.broadcast %s : %s -> %s"
                      % (b, e, self.tensor("i32", one, enc), self.tensor("i32", shape, enc)))
            out.append(b)
        return out

    def splat(self, scalar, ty, shape=None, enc="#L"):
        t = self.tmp()
        self.emit("%s = tile.splat %s : %s -> %s" % (t, scalar, ty, self.tensor(ty, shape, enc)))
        return t

    def binop(self, op, a, b, ty):
        t = self.tmp()
        self.emit("%s = %s %s, %s : %s" % (t, op, a, b, ty))
        return t

    def addressing(self, axis_len_arg, shape=None, enc="#L"):
        """Offsets and mask of a tile of `shape` at this program's lines."""
        shape = shape or self.shape
        r, c = self.coords(shape, enc)
        ti = self.tensor("i32", shape, enc)
        line = self.axis ^ 1  # the dim across the axis
        B = self.shape[line]
        if not any(l.startswith("  %first =") for l in self.lines):
            self.emit("%first = arith.muli %pid, %cB : i32")
        firsts = self.splat("%first", "i32", shape, enc)
        idx = [r, c]
        idx[line] = self.binop("arith.addi", idx[line], firsts, ti)
        # Global shape: axis 1 -> m x n, axis 0 -> n x m.
        rows_arg, cols_arg = ("%m", axis_len_arg) if self.axis == 1 else (axis_len_arg, "%m")
        rows = self.splat(rows_arg, "i32", shape, enc)
        cols = self.splat(cols_arg, "i32", shape, enc)
        off = self.binop("arith.addi", self.binop("arith.muli", idx[0], cols, ti), idx[1], ti)
        tb = self.tensor("i1", shape, enc)
        m0 = self.tmp()
        self.emit("%s = arith.cmpi slt, %s, %s : %s" % (m0, idx[0], rows, ti))
        m1 = self.tmp()
        self.emit("%s = arith.cmpi slt, %s, %s : %s" % (m1, idx[1], cols, ti))
        mask = self.binop("arith.andi", m0, m1, tb)
        return off, mask, (r, c)

    def load(self, ptr, off, mask, pad, ty=None):
        ty = ty or self.ty
        tp = self.tensor("!tile.ptr<%s>" % ty)
        base = self.splat(ptr, "!tile.ptr<%s>" % ty)
        p = self.tmp()
        self.emit("%s = tile.addptr %s, %s : %s, %s" % (p, base, off, tp, self.tensor("i32")))
        other = self.tmp()
        self.emit("%s = arith.constant dense<%s> : %s" % (other, pad, self.tensor(ty)))
        v = self.tmp()
        self.emit("%s = tile.load %s, %s, %s : %s" % (v, p, mask, other, tp))
        return v

    def store(self, ptr, value, off, mask, ty, shape=None, enc="#L"):
        tp = self.tensor("!tile.ptr<%s>" % ty, shape, enc)
        base = self.splat(ptr, "!tile.ptr<%s>" % ty, shape, enc)
        p = self.tmp()
        self.emit("%s = tile.addptr %s, %s : %s, %s" % (p, base, off, tp, self.tensor("i32", shape, enc)))
        self.emit("tile.store %s, %s, %s : %s" % (p, value, mask, tp))

    def text(self, params, extra_defs=""):
        head = ["#L = %s" % self.enc + extra_defs,
                "tile.kernel @%s(%s, %%m: i32, %%n: i32) {" % (self.name, params),
                "  %pid = tile.program_id x : i32",
                "  %%cB = arith.constant %d : i32" % self.shape[self.axis ^ 1]]
        return "\n".join(head + self.lines + ["  tile.return", "}", ""])


def scan_kernel(name, layout, axis, ty, kind=None, reverse=False, exclusive=False, cummax=False):
    k = Kernel(name, layout, axis, ty)
    off, mask, rc = k.addressing("%n")
    pad = {"sum": ZERO, "prod": ONE, "max": NEG, "min": POS}[kind or "max"][ty]
    x = k.load("%x", off, mask, pad)
    flags = ", reverse" * reverse + ", exclusive" * exclusive
    if cummax:
        idx = rc[axis]
        s = k.tmp()
        k.emit("%s:2 = tile.scan %s, %s {axis = %d : i32%s} combiner {" % (s, x, idx, axis, flags))
        cmp = "arith.cmpf oge" if ty != "i32" else "arith.cmpi sge"
        k.lines += ["  ^bb0(%%a: %s, %%ai: i32, %%b: %s, %%bi: i32):" % (ty, ty),
                    "    %%ge = %s, %%b, %%a : %s" % (cmp, ty),
                    "    %%mv = arith.select %%ge, %%b, %%a : %s" % ty,
                    "    %mi = arith.select %ge, %bi, %ai : i32",
                    "    tile.yield %%mv, %%mi : %s, i32" % ty,
                    "  } : %s, %s" % (k.tensor(ty), k.tensor("i32"))]
        k.store("%y", s + "#0", off, mask, ty)
        k.store("%z", s + "#1", off, mask, "i32")
        return k.text("%%x: !tile.ptr<%s>, %%y: !tile.ptr<%s>, %%z: !tile.ptr<i32>" % (ty, ty))
    s = k.tmp()
    k.emit("%s = tile.scan %s %s {axis = %d : i32%s} : %s" % (s, kind, x, axis, flags, k.tensor(ty)))
    k.store("%y", s, off, mask, ty)
    return k.text("%%x: !tile.ptr<%s>, %%y: !tile.ptr<%s>" % (ty, ty))


def arg_kernel(name, layout, axis, ty, largest):
    k = Kernel(name, layout, axis, ty)
    off, mask, rc = k.addressing("%n")
    x = k.load("%x", off, mask, (NEG if largest else POS)[ty])
    idx = rc[axis]
    s = k.tmp()
    rshape = [k.shape[axis ^ 1]]
    sl = k.slice_of(axis)
    rt = lambda t: "tensor<%dx%s, %s>" % (rshape[0], t, sl)
    pred = ("ogt" if largest else "olt") if ty != "i32" else ("sgt" if largest else "slt")
    cmp = "arith.cmpf" if ty != "i32" else "arith.cmpi"
    eq = "arith.cmpf oeq" if ty != "i32" else "arith.cmpi eq"
    k.emit("%s:2 = tile.reduce %s, %s {axis = %d : i32} combiner {" % (s, x, idx, axis))
    k.lines += ["  ^bb0(%%a: %s, %%ai: i32, %%b: %s, %%bi: i32):" % (ty, ty),
                "    %%better = %s %s, %%a, %%b : %s" % (cmp, pred, ty),
                "    %%eq = %s, %%a, %%b : %s" % (eq, ty),
                "    %lower = arith.cmpi slt, %ai, %bi : i32",
                "    %tie = arith.andi %eq, %lower : i1",
                "    %keep = arith.ori %better, %tie : i1",
                "    %%mv = arith.select %%keep, %%a, %%b : %s" % ty,
                "    %mi = arith.select %keep, %ai, %bi : i32",
                "    tile.yield %%mv, %%mi : %s, i32" % ty,
                "  } : %s, %s -> %s, %s" % (k.tensor(ty), k.tensor("i32"), rt(ty), rt("i32"))]
    # Store the m results of this program.
    a = k.tmp()
    k.emit("%s = tile.arange 0, %d : %s" % (a, rshape[0], rt("i32")))
    f = k.tmp()
    k.emit("%s = tile.splat %%first : i32 -> %s" % (f, rt("i32")))
    lines = k.binop("arith.addi", a, f, rt("i32"))
    ms = k.tmp()
    k.emit("%s = tile.splat %%m : i32 -> %s" % (ms, rt("i32")))
    msk = k.tmp()
    k.emit("%s = arith.cmpi slt, %s, %s : %s" % (msk, lines, ms, rt("i32")))
    for ptr, val, t in (("%y", s + "#0", ty), ("%z", s + "#1", "i32")):
        base = k.tmp()
        k.emit("%s = tile.splat %s : !tile.ptr<%s> -> %s" % (base, ptr, t, rt("!tile.ptr<%s>" % t)))
        p = k.tmp()
        k.emit("%s = tile.addptr %s, %s : %s, %s" % (p, base, lines, rt("!tile.ptr<%s>" % t), rt("i32")))
        k.emit("tile.store %s, %s, %s : %s" % (p, val, msk, rt("!tile.ptr<%s>" % t)))
    return k.text("%%x: !tile.ptr<%s>, %%y: !tile.ptr<%s>, %%z: !tile.ptr<i32>" % (ty, ty))


def sort_kernel(name, layout, axis, ty, descending, with_index=False):
    k = Kernel(name, layout, axis, ty)
    off, mask, rc = k.addressing("%n")
    x = k.load("%x", off, mask, (NEG if descending else POS)[ty])
    flags = ", descending" * descending
    s = k.tmp()
    if with_index:
        k.emit("%s:2 = tile.sort %s, %s {axis = %d : i32%s} : %s, %s"
               % (s, x, rc[axis], axis, flags, k.tensor(ty), k.tensor("i32")))
        k.store("%y", s + "#0", off, mask, ty)
        k.store("%z", s + "#1", off, mask, "i32")
        return k.text("%%x: !tile.ptr<%s>, %%y: !tile.ptr<%s>, %%z: !tile.ptr<i32>" % (ty, ty))
    k.emit("%s = tile.sort %s {axis = %d : i32%s} : %s" % (s, x, axis, flags, k.tensor(ty)))
    k.store("%y", s, off, mask, ty)
    return k.text("%%x: !tile.ptr<%s>, %%y: !tile.ptr<%s>" % (ty, ty))


def topk_kernel(name, layout, axis, ty, kk, result_layout):
    k = Kernel(name, layout, axis, ty)
    off, mask, rc = k.addressing("%n")
    x = k.load("%x", off, mask, NEG[ty])
    rshape = list(k.shape)
    rshape[axis] = kk
    s = k.tmp()
    k.emit("%s:2 = tile.topk %s, %s {axis = %d : i32, k = %d : i32} : %s, %s -> %s, %s"
           % (s, x, rc[axis], axis, kk, k.tensor(ty), k.tensor("i32"),
              k.tensor(ty, rshape, "#R"), k.tensor("i32", rshape, "#R")))
    # The results: k values per line (at most n are meaningful: n >= k here).
    kconst = "%%ck = arith.constant %d : i32" % kk
    k.emit(kconst)
    roff, rmask, _ = k.addressing("%ck", rshape, "#R")
    k.store("%y", s + "#0", roff, rmask, ty, rshape, "#R")
    k.store("%z", s + "#1", roff, rmask, "i32", rshape, "#R")
    return k.text("%%x: !tile.ptr<%s>, %%y: !tile.ptr<%s>, %%z: !tile.ptr<i32>" % (ty, ty),
                  "\n#R = %s" % TOPK_LAYOUTS[result_layout])


def main():
    out = ["// Generated by test/gpu/gen_scan_kernels.py; the kernels of "
           "test/gpu/cases_scan.py.", ""]
    kernels = [
        scan_kernel("cumsum_f32_A", "A", 1, "f32", "sum"),
        scan_kernel("cumsum_f16_B", "B", 1, "f16", "sum"),
        scan_kernel("cumsum_i32_C", "C", 0, "i32", "sum"),
        scan_kernel("cumprod_f32_B", "B", 1, "f32", "prod"),
        scan_kernel("cumsum_rev_f32_C", "C", 0, "f32", "sum", reverse=True),
        scan_kernel("cumsum_excl_i32_A", "A", 1, "i32", "sum", exclusive=True),
        scan_kernel("cummin_rev_excl_f32_B", "B", 1, "f32", "min", reverse=True, exclusive=True),
        scan_kernel("cummax_f32_A", "A", 1, "f32", cummax=True),
        scan_kernel("cummax_i32_C", "C", 0, "i32", cummax=True),
        arg_kernel("argmax_f32_B", "B", 1, "f32", True),
        arg_kernel("argmin_f16_A", "A", 1, "f16", False),
        arg_kernel("argmax_i32_C", "C", 0, "i32", True),
        sort_kernel("sort_f32_A", "A", 1, "f32", False),
        sort_kernel("sort_desc_f16_B", "B", 1, "f16", True),
        sort_kernel("sort_i32_C", "C", 0, "i32", False),
        sort_kernel("argsort_desc_f32_B", "B", 1, "f32", True, with_index=True),
        topk_kernel("topk_f32_A", "A", 1, "f32", 8, "K1"),
        topk_kernel("topk_i32_C", "C", 0, "i32", 16, "K0"),
    ]
    # One layout alias per kernel file would clash: rename #L/#R per kernel.
    for i, text in enumerate(kernels):
        out.append(text.replace("#L", "#L%d" % i).replace("#R", "#R%d" % i))
    print("\n".join(out))


if __name__ == "__main__":
    main()
