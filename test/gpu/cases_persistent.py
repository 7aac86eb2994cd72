"""GPU cases of the persistent TMA GEMMs (examples/matmul_persistent.mlir:
128x256 tiles, 3-slot ring; test/gpu/kernels/matmul_persistent_128.mlir:
128x128 tiles, 4 slots) and of the warp-specialized persistent GEMM
(examples/matmul_ws_coop.mlir: a TMA producer warpgroup and two consumer
warpgroups on the two halves of 128x256 tiles) and its 2-program-cluster
form (examples/matmul_ws_cluster.mlir, A multicast to both programs), f16
and bf16, against the float64 product.

A 1-D grid of P programs each takes tiles p, p + P, ... in grouped order,
with the TMA ring and its mbarrier phases carried across tiles and a TMA
store per tile whose wait is deferred to the next tile's epilogue. A case
shape is (m, n, k, programs); programs 0 is the launch a user makes,
min(#SMs, tiles). The shapes cover M, N, K of 1, 17, 100, 1000 and 4095
(not tile multiples), K shorter than the ring (one or two k-steps, so a
program's next tile is loaded during its first), more programs than tiles
(programs with no tile), fewer (one program walking every tile, so the
ring wraps many times across tiles), and P not dividing the tile count.

Checks: every element of C written, the relative error bound of the input
type, and nothing written outside C: the rows past M and the columns past N
rounded up to 16 bytes stay poisoned (the TMA store writes whole 16-byte
chunks, docs/TileLanguage.md).
"""

import torch

from cases_matmul import TOLERANCES, _err_check, _unwritten_check
from gpu_cases import DEV, is_poison, poisoned


def _up(x, m):
    return (x + m - 1) // m * m


def _rows(rows, cols, gen, dtype):
    """A rows x cols matrix whose row stride is cols rounded up to 8 elements
    (a multiple of 16 bytes, as TMA needs), viewed at its shape."""
    buf = torch.randn((rows, _up(cols, 8)), generator=gen, device=DEV).to(dtype)
    return buf[:, :cols]


def make_persistent_runner(kind, block_n):
    dtype = {"f16": torch.float16, "bf16": torch.bfloat16}[kind]
    tol = TOLERANCES[kind][0]

    def run(k, shape, gen):
        m, n, kk, programs = shape
        a = _rows(m, kk, gen, dtype)
        b = _rows(kk, n, gen, dtype)
        # Two rows and 8 columns of poison past the 16-byte-rounded N.
        n16 = _up(n, 8)
        c_buf = poisoned((m + 2, n16 + 8), dtype)
        tiles = _up(m, 128) // 128 * (_up(n, block_n) // block_n)
        sms = torch.cuda.get_device_properties(0).multi_processor_count
        grid = programs or min(sms, tiles)
        k[(grid,)](a, b, c_buf, m, n, kk, a.stride(0), b.stride(0), c_buf.stride(0))
        c = c_buf[:m, :n]
        ref = a.double() @ b.double()
        return [_unwritten_check(c), _err_check(c, ref, tol),
                ("columns past N (rounded up to 16 bytes) untouched",
                 bool(is_poison(c_buf[:, n16:]).all().item()), True),
                ("rows past M untouched", bool(is_poison(c_buf[m:]).all().item()), True)]

    return run


def make_cluster_runner(kind, block_n):
    """examples/matmul_ws_cluster.mlir: 2-program clusters, each cluster the
    two tiles of a pair of tile columns. The shape's last entry counts
    clusters (0: min(#SMs / 2, pairs)); the grid is twice that. Also checks
    that the launcher refuses an odd grid (not a multiple of the cluster)
    with a message that says so, before any launch."""
    inner = make_persistent_runner(kind, block_n)

    def run(k, shape, gen):
        m, n, kk, clusters = shape
        pairs = _up(m, 128) // 128 * (_up(n, 2 * block_n) // (2 * block_n))
        sms = torch.cuda.get_device_properties(0).multi_processor_count
        grid = 2 * (clusters or min(sms // 2, pairs))
        checks = inner(k, (m, n, kk, grid), gen)
        refused = ""
        try:
            a = torch.zeros((8, 8), device=DEV, dtype=torch.float16
                            if kind == "f16" else torch.bfloat16)
            k[(grid + 1,)](a, a, a, 8, 8, 8, 8, 8, 8)
        except Exception as e:  # tile.runtime.LaunchError
            refused = str(e)
        checks.append(("an odd grid is refused: not a multiple of the cluster shape",
                       "not a multiple of the kernel's cluster shape 2" in refused, True))
        return checks

    return run


# (m, n, k, programs); 0 = min(#SMs, tiles).
SHAPES = [
    (1, 1, 1, 0), (17, 17, 17, 0), (100, 100, 100, 0), (1, 4096, 4096, 0),
    (64, 1000, 17, 0),            # K of one k-step: shorter than the ring
    (1000, 100, 100, 0),          # two k-steps
    (129, 257, 300, 0), (17, 100, 1000, 0), (1000, 1000, 1000, 0),
    (300, 300, 64, 132),          # more programs than tiles
    (1000, 1000, 1000, 1),        # one program walks every tile
    (1000, 1000, 100, 7),         # 7 programs, tile count not a multiple
    (1000, 4095, 17, 3),          # many tiles of one k-step per program
    (200, 300, 130, 2),           # small, several tiles a program, the ring
                                  # wrapping (for the sanitizers' --small 5)
    (4095, 4095, 4095, 0),        # more tiles than SMs
]
SHAPES_BF16 = [
    (1, 1, 1, 0), (17, 100, 1000, 0), (64, 1000, 17, 0), (1000, 1000, 1000, 1),
    (1000, 1000, 100, 7), (2048, 2048, 2048, 0), (200, 300, 130, 2),
]

# (m, n, k, clusters); 0 = min(#SMs / 2, tile pairs). Tile columns odd
# (N of 1..256, 257..512 is one pair; 300, 1000 and 4095 give an odd count of
# 256-column tiles), so the second program of a cluster computes a tile past
# N; K of one k-step and shorter than the ring; clusters with no pair; one
# cluster walking every pair; a cluster count not dividing the pairs.
SHAPES_CLUSTER = [
    (1, 1, 1, 0), (17, 17, 17, 0), (100, 100, 100, 0), (1, 4096, 4096, 0),
    (64, 1000, 17, 0),            # one k-step; 4 tile columns
    (1000, 100, 100, 0),          # two k-steps; 1 tile column: rank 1 past N
    (129, 257, 300, 0), (17, 100, 1000, 0), (1000, 1000, 1000, 0),
    (300, 300, 64, 66),           # more clusters than pairs
    (1000, 1000, 1000, 1),        # one cluster walks every pair
    (1000, 1000, 100, 7),         # 7 clusters, pairs not a multiple
    (1000, 4095, 17, 3),          # 16 tile columns (odd pairs count 8), k-step 1
    (1000, 1300, 130, 2),         # 6 tile columns, 3 pairs, ring wrapping
    (200, 300, 130, 2),           # small (for the sanitizers' --small 5)
    (4095, 4095, 4095, 0),        # more pairs than clusters
]
SHAPES_CLUSTER_BF16 = [
    (1, 1, 1, 0), (17, 100, 1000, 0), (64, 1000, 17, 0), (1000, 1000, 1000, 1),
    (1000, 1000, 100, 7), (2048, 2048, 2048, 0), (200, 300, 130, 2),
]

CASES = [
    ("matmul_persistent", "matmul_persistent", make_persistent_runner("f16", 256), SHAPES),
    ("matmul_persistent", "matmul_persistent_bf16", make_persistent_runner("bf16", 256),
     SHAPES_BF16),
    ("matmul_persistent_128", "matmul_persistent_128", make_persistent_runner("f16", 128),
     SHAPES),
    ("matmul_persistent_128", "matmul_persistent_128_bf16",
     make_persistent_runner("bf16", 128), SHAPES_BF16),
    ("matmul_ws_coop", "matmul_ws_coop", make_persistent_runner("f16", 256), SHAPES),
    ("matmul_ws_coop", "matmul_ws_coop_bf16", make_persistent_runner("bf16", 256), SHAPES_BF16),
    ("matmul_ws_cluster", "matmul_ws_cluster", make_cluster_runner("f16", 256), SHAPES_CLUSTER),
    ("matmul_ws_cluster", "matmul_ws_cluster_bf16", make_cluster_runner("bf16", 256),
     SHAPES_CLUSTER_BF16),
]
