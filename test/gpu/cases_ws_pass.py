"""GPU cases of tile-warp-specialize (docs/Passes.md): GEMMs written without
partitions (and without layouts), split by the pass into a TMA producer
warpgroup and wgmma consumer warpgroups, against the float64 product of the
same f16 inputs (cases_async.make_runner: fresh random data, rows padded to
16 bytes, C poisoned, the columns past N checked untouched).

- auto_matmul_rm_ws (test/gpu/kernels/auto_matmul_rm.mlir compiled with
  --warp-specialize: 128x128x64, a 4-slot ring; the default compile is the
  same, and its 3-slot variant is no longer built: the default's rule
  leaves 3 slots of 32 KiB to tile-pipeline);
- auto_matmul_rm_256_ws (test/gpu/kernels/auto_matmul_rm_256.mlir with
  --warp-specialize: 128x256x64, 4 slots, the tile of the hand-written
  examples/matmul_ws.mlir);
- auto_matmul_ws (test/gpu/kernels/auto_matmul_ws.mlir: the loop asks with
  its tile.warp_specialize attribute in the default compile; a 2-slot ring
  and a loop from 64 with step 64);
- auto_matmul_ws_1wg (test/gpu/kernels: 64x128 tiles, 4 warps: one consumer
  warpgroup, slots released without a partition barrier) and
  auto_matmul_ws_sync (each step's product added to the accumulator: the
  wgmma stays synchronous, each step releases its own slot).

- auto_matmul_persistent (test/gpu/kernels: a layout-free persistent
  GEMM, the pass on the k-loop inside the tile loop in the default compile:
  both partitions carry the ring's slot and phase across tiles) and
  auto_matmul_persistent_nows (the same with --warp-specialize=false), on
  cases_persistent's shapes: more programs than tiles, one program walking
  every tile (the ring wrapping across many tiles), K of one k-step.
- auto_matmul_persistent_256 (examples/auto/matmul_persistent_256.mlir: the
  layout-free persistent GEMM with matmul_ws_coop's 128x256 tiles, grouped
  tile order and allow_tma store: a 3-slot ring beside the store's buffer,
  both consumer warpgroups releasing each slot on their own, the TMA
  store's wait deferred to the next tile; f16 and its bf16 twin
  auto_matmul_persistent_256_bf16) and auto_matmul_persistent_256_nows, on
  cases_persistent's shapes with N a multiple of 8 (the kernel promises it
  for its TMA store) and more.
- auto_matmul_rm_nows, auto_matmul_rm_256_nows: the GEMMs above compiled
  with --warp-specialize=false (tile-pipeline), the comparison of
  bench/warp_specialize.py.

Shapes (cases_async.SHAPES and two more): K of 1, 8, 17, 64 (one k-step,
fewer than the slots), 100 (two), 192 (three), 320 (five: one past a 4-slot
ring), 576 (nine), 1000 and 4095 (many rounds of the ring: the parities
flip), ragged M and N, column-major C, and 4096^3.
"""

from cases_async import SHAPES as ASYNC_SHAPES
from cases_async import make_runner
from cases_persistent import SHAPES as PERSISTENT_SHAPES
from cases_persistent import make_persistent_runner

# Plus K of 5 k-steps (one past a 4-slot ring) and 9 (two rounds and one).
SHAPES = ASYNC_SHAPES + [(129, 257, 320, "row"), (255, 129, 576, "col")]

# The persistent 128x256 kernel promises N a multiple of 8: the shapes of
# cases_persistent with such N, and ragged M and K, a ring wrapping across
# tiles (one program), more programs than tiles.
SHAPES_P256 = [s for s in PERSISTENT_SHAPES if s[1] % 8 == 0] + [
    (1, 8, 1, 0), (100, 264, 100, 0), (1000, 1000, 1000, 0), (129, 520, 700, 1),
    (300, 256, 64, 7), (4095, 4096, 320, 0)]

CASES = [
    ("auto_matmul_rm_ws", "auto_matmul_rm", make_runner(128, 128), SHAPES),
    ("auto_matmul_rm_256_ws", "auto_matmul_rm_256", make_runner(128, 256), SHAPES),
    ("auto_matmul_ws", "auto_matmul_ws", make_runner(128, 128), SHAPES),
    ("auto_matmul_ws_1wg", "auto_matmul_ws_1wg", make_runner(64, 128), SHAPES),
    ("auto_matmul_ws_sync", "auto_matmul_ws_sync", make_runner(128, 128), SHAPES),
    ("auto_matmul_persistent", "auto_matmul_persistent", make_persistent_runner("f16", 128),
     PERSISTENT_SHAPES),
    ("auto_matmul_persistent_nows", "auto_matmul_persistent",
     make_persistent_runner("f16", 128), PERSISTENT_SHAPES),
    ("auto_matmul_persistent_256", "auto_matmul_persistent_256",
     make_persistent_runner("f16", 256), SHAPES_P256),
    ("auto_matmul_persistent_256", "auto_matmul_persistent_256_bf16",
     make_persistent_runner("bf16", 256), SHAPES_P256),
    ("auto_matmul_persistent_256_nows", "auto_matmul_persistent_256",
     make_persistent_runner("f16", 256), SHAPES_P256),
    ("auto_matmul_rm_nows", "auto_matmul_rm", make_runner(128, 128), SHAPES),
    ("auto_matmul_rm_256_nows", "auto_matmul_rm_256", make_runner(128, 256), SHAPES),
]
