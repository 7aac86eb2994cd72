#!/usr/bin/env python3
"""Writes test/gpu/kernels/shape_ops.mlir: the kernels of cases_shape.py
(tile.trans, tile.reshape, tile.join, tile.split, tile.cat), each in f32 and
f16, written without layouts (layout assignment derives the result layouts
from the operands'), plus trans_blocked_f32 with the layouts written (the
derived one on the transpose, a convert before the store).

    python3 test/gpu/gen_shape_kernels.py > test/gpu/kernels/shape_ops.mlir
"""

KERNELS = {
    # 64x32 tiles of an m x n matrix, transposed, stored at the mirrored tile.
    "trans2d": """\
tile.kernel @trans2d_{T}(%x: !tile.ptr<{T}>, %y: !tile.ptr<{T}>, %m: i32, %n: i32) {{
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<{T}> -> !tile.view<?x?x{T}>
  %out = tile.make_view %y, shape [%n, %m] : !tile.ptr<{T}> -> !tile.view<?x?x{T}>
  %t = tile.load_tile %in[%i, %j] : !tile.view<?x?x{T}> -> tensor<64x32x{T}>
  %tt = tile.trans %t, [1, 0] : tensor<64x32x{T}> -> tensor<32x64x{T}>
  tile.store_tile %tt, %out[%j, %i] : tensor<32x64x{T}>, !tile.view<?x?x{T}>
  tile.return
}}
""",
    # 16 rows of 64 flattened (2-D -> 1-D).
    "reshape_flat": """\
tile.kernel @reshape_flat_{T}(%x: !tile.ptr<{T}>, %y: !tile.ptr<{T}>, %m: i32) {{
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %n = arith.muli %m, %c64 : i32
  %in = tile.make_view %x, shape [%m, 64] : !tile.ptr<{T}> -> !tile.view<?x64x{T}>
  %out = tile.make_view %y, shape [%n] : !tile.ptr<{T}> -> !tile.view<?x{T}>
  %t = tile.load_tile %in[%i, %c0] : !tile.view<?x64x{T}> -> tensor<16x64x{T}>
  %r = tile.reshape %t : tensor<16x64x{T}> -> tensor<1024x{T}>
  tile.store_tile %r, %out[%i] : tensor<1024x{T}>, !tile.view<?x{T}>
  tile.return
}}
""",
    # 1024 consecutive elements as 4 x 16 x 16 (1-D -> 3-D).
    "reshape_3d": """\
tile.kernel @reshape_3d_{T}(%x: !tile.ptr<{T}>, %y: !tile.ptr<{T}>, %b: i32) {{
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %n = arith.muli %b, %c256 : i32
  %in = tile.make_view %x, shape [%n] : !tile.ptr<{T}> -> !tile.view<?x{T}>
  %out = tile.make_view %y, shape [%b, 16, 16] : !tile.ptr<{T}> -> !tile.view<?x16x16x{T}>
  %t = tile.load_tile %in[%i] : !tile.view<?x{T}> -> tensor<1024x{T}>
  %r = tile.reshape %t : tensor<1024x{T}> -> tensor<4x16x16x{T}>
  tile.store_tile %r, %out[%i, %c0, %c0] : tensor<4x16x16x{T}>, !tile.view<?x16x16x{T}>
  tile.return
}}
""",
    # torch.stack([a, b], -1) of two m x 32 matrices.
    "join": """\
tile.kernel @join_{T}(%a: !tile.ptr<{T}>, %b: !tile.ptr<{T}>, %y: !tile.ptr<{T}>, %m: i32) {{
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %va = tile.make_view %a, shape [%m, 32] : !tile.ptr<{T}> -> !tile.view<?x32x{T}>
  %vb = tile.make_view %b, shape [%m, 32] : !tile.ptr<{T}> -> !tile.view<?x32x{T}>
  %out = tile.make_view %y, shape [%m, 32, 2] : !tile.ptr<{T}> -> !tile.view<?x32x2x{T}>
  %ta = tile.load_tile %va[%i, %c0] : !tile.view<?x32x{T}> -> tensor<32x32x{T}>
  %tb = tile.load_tile %vb[%i, %c0] : !tile.view<?x32x{T}> -> tensor<32x32x{T}>
  %j = tile.join %ta, %tb : tensor<32x32x{T}> -> tensor<32x32x2x{T}>
  tile.store_tile %j, %out[%i, %c0, %c0] : tensor<32x32x2x{T}>, !tile.view<?x32x2x{T}>
  tile.return
}}
""",
    # x[..., 0] and x[..., 1] of an m x 32 x 2 tensor.
    "split": """\
tile.kernel @split_{T}(%x: !tile.ptr<{T}>, %a: !tile.ptr<{T}>, %b: !tile.ptr<{T}>, %m: i32) {{
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, 32, 2] : !tile.ptr<{T}> -> !tile.view<?x32x2x{T}>
  %va = tile.make_view %a, shape [%m, 32] : !tile.ptr<{T}> -> !tile.view<?x32x{T}>
  %vb = tile.make_view %b, shape [%m, 32] : !tile.ptr<{T}> -> !tile.view<?x32x{T}>
  %t = tile.load_tile %in[%i, %c0, %c0] : !tile.view<?x32x2x{T}> -> tensor<32x32x2x{T}>
  %lo, %hi = tile.split %t : tensor<32x32x2x{T}> -> tensor<32x32x{T}>
  tile.store_tile %lo, %va[%i, %c0] : tensor<32x32x{T}>, !tile.view<?x32x{T}>
  tile.store_tile %hi, %vb[%i, %c0] : tensor<32x32x{T}>, !tile.view<?x32x{T}>
  tile.return
}}
""",
    # torch.cat([a, b], 1) of two m x 32 matrices.
    "cat_cols": """\
tile.kernel @cat_cols_{T}(%a: !tile.ptr<{T}>, %b: !tile.ptr<{T}>, %y: !tile.ptr<{T}>, %m: i32) {{
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %va = tile.make_view %a, shape [%m, 32] : !tile.ptr<{T}> -> !tile.view<?x32x{T}>
  %vb = tile.make_view %b, shape [%m, 32] : !tile.ptr<{T}> -> !tile.view<?x32x{T}>
  %out = tile.make_view %y, shape [%m, 64] : !tile.ptr<{T}> -> !tile.view<?x64x{T}>
  %ta = tile.load_tile %va[%i, %c0] : !tile.view<?x32x{T}> -> tensor<32x32x{T}>
  %tb = tile.load_tile %vb[%i, %c0] : !tile.view<?x32x{T}> -> tensor<32x32x{T}>
  %c = tile.cat %ta, %tb {{axis = 1 : i32}} : tensor<32x32x{T}> -> tensor<32x64x{T}>
  tile.store_tile %c, %out[%i, %c0] : tensor<32x64x{T}>, !tile.view<?x64x{T}>
  tile.return
}}
""",
    # Per block of 32 rows: the block of a, then the block of b (m a
    # multiple of 32; out has 2m rows).
    "cat_rows": """\
tile.kernel @cat_rows_{T}(%a: !tile.ptr<{T}>, %b: !tile.ptr<{T}>, %y: !tile.ptr<{T}>, %m: i32) {{
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %m2 = arith.muli %m, %c2 : i32
  %va = tile.make_view %a, shape [%m, 32] : !tile.ptr<{T}> -> !tile.view<?x32x{T}>
  %vb = tile.make_view %b, shape [%m, 32] : !tile.ptr<{T}> -> !tile.view<?x32x{T}>
  %out = tile.make_view %y, shape [%m2, 32] : !tile.ptr<{T}> -> !tile.view<?x32x{T}>
  %ta = tile.load_tile %va[%i, %c0] : !tile.view<?x32x{T}> -> tensor<32x32x{T}>
  %tb = tile.load_tile %vb[%i, %c0] : !tile.view<?x32x{T}> -> tensor<32x32x{T}>
  %c = tile.cat %ta, %tb {{axis = 0 : i32}} : tensor<32x32x{T}> -> tensor<64x32x{T}>
  tile.store_tile %c, %out[%i, %c0] : tensor<64x32x{T}>, !tile.view<?x32x{T}>
  tile.return
}}
""",
    # x.permute(2, 0, 1) of a b x 8 x 16 tensor, 4 along b per program.
    "permute3d": """\
tile.kernel @permute3d_{T}(%x: !tile.ptr<{T}>, %y: !tile.ptr<{T}>, %b: i32) {{
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%b, 8, 16] : !tile.ptr<{T}> -> !tile.view<?x8x16x{T}>
  %out = tile.make_view %y, shape [16, %b, 8] : !tile.ptr<{T}> -> !tile.view<16x?x8x{T}>
  %t = tile.load_tile %in[%i, %c0, %c0] : !tile.view<?x8x16x{T}> -> tensor<4x8x16x{T}>
  %p = tile.trans %t, [2, 0, 1] : tensor<4x8x16x{T}> -> tensor<16x4x8x{T}>
  tile.store_tile %p, %out[%c0, %i, %c0] : tensor<16x4x8x{T}>, !tile.view<16x?x8x{T}>
  tile.return
}}
""",
}

ALIASES = """\
#ld = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#tr = #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
#st = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
"""

EXPLICIT = """\
// trans2d with the layouts written: the transpose is the derived (pure
// relabeling) layout, the store converts to a row-major one.
tile.kernel @trans_blocked_f32(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %y, shape [%n, %m] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %in[%i, %j] : !tile.view<?x?xf32> -> tensor<64x32xf32, #ld>
  %tt = tile.trans %t, [1, 0] : tensor<64x32xf32, #ld> -> tensor<32x64xf32, #tr>
  %c = layout.convert %tt : tensor<32x64xf32, #tr> -> tensor<32x64xf32, #st>
  tile.store_tile %c, %out[%j, %i] : tensor<32x64xf32, #st>, !tile.view<?x?xf32>
  tile.return
}
"""


def main():
    print("// Generated by test/gpu/gen_shape_kernels.py; the GPU cases are in")
    print("// test/gpu/cases_shape.py.")
    print(ALIASES)
    for text in KERNELS.values():
        for ty in ("f32", "f16"):
            print(text.format(T=ty))
    print(EXPLICIT, end="")


if __name__ == "__main__":
    main()
