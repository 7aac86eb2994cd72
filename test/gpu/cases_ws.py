"""GPU cases of the warp-specialized GEMM (examples/matmul_ws.mlir): a TMA
producer warpgroup and two wgmma consumer warpgroups (tile.warp_specialize,
setmaxnreg 40 / 232), a 4-slot ring with full/empty mbarriers, 128x256x64
tiles, 12 warps a program.

- matmul_ws: against the float64 product on fresh random data, C poisoned
  (and the columns past N checked untouched), on shapes that are not tile
  multiples (odd M, N, K), K shorter than the ring (1..3 k-steps), K spanning
  several rounds of the ring (the phase parities flip), and large squares.
- matmul_ws_split (test/gpu/kernels): the same GEMM with each consumer
  warpgroup its own partition (three partitions, empty barriers expecting
  two arrivals), on the same shapes.
- matmul_ws_grouped (test/gpu/kernels): matmul_ws with the programs mapped
  to tiles in groups of 8 tile rows (L2 reuse), on the same shapes (the
  partial last group included).
- matmul_ws_persistent (test/gpu/kernels): matmul_ws_grouped made
  persistent (a 1-D grid walking the tiles, the ring's k-step counter
  running across tiles), with 3 programs on the small shapes and 132 on
  the large ones.
- matmul_ws_pingpong (test/gpu/kernels): two producer/consumer lanes in one
  program (four partitions, 16 warps), each walking its own 128x128 tiles
  through its own ring, persistent; launched like matmul_ws_persistent.
"""

from cases_matmul import REL_TOL_F16, _err_check, _unwritten_check
from cases_tma import _rows, _up
from gpu_cases import is_poison, poisoned

import torch


def run_matmul_ws(k, shape, gen):
    m, n, kk = shape
    a = _rows(m, kk, gen)
    b = _rows(kk, n, gen)
    pad = 8
    c_buf = poisoned((m, n + pad), torch.float16)
    c = c_buf[:, :n]
    k[(_up(m, 128) // 128, _up(n, 256) // 256)](a, b, c_buf, m, n, kk, a.stride(0),
                                               b.stride(0), c_buf.stride(0))
    ref = a.double() @ b.double()
    return [_unwritten_check(c), _err_check(c, ref, REL_TOL_F16),
            ("columns past N untouched",
             bool(is_poison(c_buf[:, n:]).all().item()), True)]


def run_matmul_ws_persistent(k, shape, gen):
    """matmul_ws_persistent: a 1-D grid of P programs walking the tiles; P = 3
    on the small shapes (several tiles a program, the ring's phases carried
    across tiles), 132 (one per SM) on the large ones."""
    m, n, kk = shape
    a = _rows(m, kk, gen)
    b = _rows(kk, n, gen)
    pad = 8
    c_buf = poisoned((m, n + pad), torch.float16)
    c = c_buf[:, :n]
    tiles = (_up(m, 128) // 128) * (_up(n, 256) // 256)
    progs = min(tiles, 132 if m * n >= 4096 * 4096 else 3)
    k[(progs, 1)](a, b, c_buf, m, n, kk, a.stride(0), b.stride(0), c_buf.stride(0))
    ref = a.double() @ b.double()
    return [_unwritten_check(c), _err_check(c, ref, REL_TOL_F16),
            ("columns past N untouched",
             bool(is_poison(c_buf[:, n:]).all().item()), True)]


SHAPES = [
    (1, 1, 1), (17, 33, 17), (64, 64, 64), (128, 256, 64), (100, 300, 130),
    (129, 257, 191), (255, 511, 300), (1000, 64, 100), (64, 1000, 17),
    (17, 100, 1000), (300, 700, 1111), (1000, 1000, 1000),
    (4096, 4096, 4096), (4095, 4095, 4095),
]

CASES = [
    ("matmul_ws", "matmul_ws", run_matmul_ws, SHAPES),
    ("matmul_ws_split", "matmul_ws_split", run_matmul_ws, SHAPES),
    ("matmul_ws_grouped", "matmul_ws_grouped", run_matmul_ws, SHAPES),
    ("matmul_ws_persistent", "matmul_ws_persistent", run_matmul_ws_persistent, SHAPES),
    ("matmul_ws_pingpong", "matmul_ws_pingpong", run_matmul_ws_persistent, SHAPES),
]
