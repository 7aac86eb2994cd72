"""The kernels of Inputs/packed.mlir: 8- and 16-bit copies whose 16-byte
vectors are packed 32-bit words, at aligned and misaligned offsets and
with partial tiles, on the CPU; the bytes around the output stay
poisoned."""

from cases_common import Buffer, Case, cdiv, ints, poison_kept, rng, small_floats

SRC = "test/simt/Inputs/packed.mlir"
PASSES = ["--convert-tile-to-llvm", "--convert-scf-to-cf", "--convert-cf-to-llvm"]


def wrap8(v):
    v &= 0xFF
    return v - 256 if v >= 128 else v


def copy(kernel, dtype, tile, n, offset, pad=16):
    def run(launch):
        r = rng(n * 7 + offset)
        if dtype == "i8":
            x = ints(r, n + offset, -128, 127)
            want = [wrap8(v + 1) for v in x[offset:]] if kernel == "copy_i8_ptr" \
                else x[offset:]
        else:
            x = small_floats(r, n + offset, -500, 500)
            want = [2 * v for v in x[offset:]]
        big = Buffer(dtype, n + offset + pad)
        launch((cdiv(n, tile), 1, 1),
               [Buffer(dtype, data=x).at(offset), big.at(offset), n])
        around = list(range(offset)) + list(range(offset + n, n + offset + pad))
        return [("out", big.values()[offset:offset + n], want),
                ("around out untouched", poison_kept(big, around), True)]
    return run


CASES = [
    Case("packed_i8_ptr_uniform", SRC, "copy_i8_ptr", copy("copy_i8_ptr", "i8", 512, 1024, 0),
         opt_passes=PASSES),
    Case("packed_i8_ptr_tail", SRC, "copy_i8_ptr", copy("copy_i8_ptr", "i8", 512, 1000, 0),
         opt_passes=PASSES),
    Case("packed_f16_view_aligned", SRC, "copy_f16_view",
         copy("copy_f16_view", "f16", 256, 512, 0), opt_passes=PASSES),
    Case("packed_f16_view_misaligned", SRC, "copy_f16_view",
         copy("copy_f16_view", "f16", 256, 300, 3), opt_passes=PASSES),
    Case("packed_i8_view_aligned", SRC, "copy_i8_view",
         copy("copy_i8_view", "i8", 512, 1024, 0), opt_passes=PASSES),
    Case("packed_i8_view_misaligned", SRC, "copy_i8_view",
         copy("copy_i8_view", "i8", 512, 700, 5), opt_passes=PASSES),
]
