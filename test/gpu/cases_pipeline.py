"""GPU cases of tile-pipeline (docs/Passes.md): the matmul examples compiled
with tile-compile --num-stages 2, 3 and 4 (build_artifacts.py's variants),
against the float64 product of the same f16 inputs.

- auto_matmul_sN (examples/auto/matmul.mlir: wgmma, asynchronous with one
  group in flight, 128x128x64), matmul_wgmma_sN (examples/matmul_wgmma.mlir)
  and matmul_sN (examples/matmul.mlir: mma.sync operands read from the slots
  with ldmatrix, 64x64x32), with the operand orders of cases_matmul.py
  (row-major, column-major, strided A and B, row- or column-major C: dynamic
  strides, so most copies are the synchronous fallback), and auto_matmul_sm89_sN (the same kernel as sm_89
  PTX: mma.sync). Sizes 1, 17, 64, 100, 1000, 4096, with K below the
  stages times the tile K (K = 1, 17, 64, 100, 200: prologue copies of
  iterations that do not exist) and ragged edges.
- auto_matmul_rm_sN and matmul_wgmma_rm_sN (test/gpu/kernels: row-major
  A and B with 16-byte rows, every copy a 16-byte cp.async) on the shapes of
  cases_async.py, N = 1 (not pipelined) to 5.
- auto_matmul_rm_tma (test/gpu/kernels: auto_matmul_rm with allow_tma on
  its loads): the TMA ring of tile-pipeline (3 slots, mbarriers, the
  drain's waits for the copies issued past the last iteration) on the same
  shapes.
"""

from cases_async import SHAPES as RM_SHAPES
from cases_async import make_runner as rm_runner
from cases_matmul import make_runner

SHAPES = [
    (1, 1, 1, "row", "row", "row"),
    (17, 17, 17, "row", "row", "row"),
    (64, 64, 64, "row", "row", "row"),
    (100, 100, 100, "row", "col", "col"),
    (1000, 64, 100, "col", "row", "row"),
    (64, 1000, 17, "strided", "strided", "col"),
    (17, 100, 1000, "col", "col", "col"),
    (1000, 1000, 200, "row", "row", "row"),
    (1000, 1000, 1000, "row", "row", "row"),
    (4096, 4096, 64, "row", "row", "row"),
    (4096, 4096, 4096, "row", "row", "row"),
    (4096, 64, 4096, "col", "strided", "row"),
]

CASES = []
for stages in (2, 3, 4):
    CASES += [
        (f"auto_matmul_s{stages}", "matmul_auto", make_runner("f16", 128, 128), SHAPES),
        (f"matmul_wgmma_s{stages}", "matmul_wgmma", make_runner("f16", 128, 128), SHAPES),
        (f"matmul_s{stages}", "matmul", make_runner("f16", 64, 64), SHAPES),
        (f"auto_matmul_sm89_s{stages}", "matmul_auto", make_runner("f16", 128, 128), SHAPES),
    ]
for stages in (1, 2, 3, 4, 5):
    CASES += [
        (f"auto_matmul_rm_s{stages}", "auto_matmul_rm", rm_runner(128, 128), RM_SHAPES),
        (f"matmul_wgmma_rm_s{stages}", "matmul_wgmma_rm", rm_runner(128, 128), RM_SHAPES),
    ]
CASES += [
    ("auto_matmul_rm", "auto_matmul_rm", rm_runner(128, 128), RM_SHAPES),
    ("matmul_wgmma_rm", "matmul_wgmma_rm", rm_runner(128, 128), RM_SHAPES),
    ("auto_matmul_rm_tma", "auto_matmul_rm_tma", rm_runner(128, 128), RM_SHAPES),
]
