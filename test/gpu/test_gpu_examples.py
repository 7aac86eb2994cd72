"""pytest entry point for the GPU suite (same cases as run_gpu_tests.py).

    TILE_GPU_ARTIFACTS=.device-carry/artifacts python3 -m pytest test/gpu
"""

import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import run_gpu_tests  # noqa: E402

_WHY = run_gpu_tests.gpu_unavailable_reason()

if _WHY is None:
    CASES, RUNTIME_CASES = run_gpu_tests.collect_cases()  # imports torch
    _PARAMS = [pytest.param(a, k, r, s, id=f"{k}-{s}") for a, k, r, shapes in CASES
               for s in shapes]
else:
    _PARAMS = []


@pytest.fixture(scope="module")
def modules():
    return {}


@pytest.fixture(scope="module")
def gen():
    import torch
    g = torch.Generator(device="cuda")
    g.manual_seed(int.from_bytes(os.urandom(4), "little"))
    return g


@pytest.mark.skipif(_WHY is not None, reason=f"no GPU: {_WHY}")
@pytest.mark.parametrize("artifact,kernel,runner,shape", _PARAMS)
def test_example(modules, gen, artifact, kernel, runner, shape):
    ok, detail, _ = run_gpu_tests.run_case(modules, run_gpu_tests.DEFAULT_ARTIFACTS, artifact,
                                           kernel, runner, shape, gen)
    assert ok, detail


@pytest.mark.skipif(_WHY is None, reason="a GPU is present")
def test_skip_reason():
    pytest.skip(f"the GPU suite needs a CUDA GPU: {_WHY}")


if _WHY is None:
    _RUNTIME = [pytest.param(check, id=name) for name, check in RUNTIME_CASES]
else:
    _RUNTIME = []


@pytest.mark.skipif(_WHY is not None, reason=f"no GPU: {_WHY}")
@pytest.mark.parametrize("check", _RUNTIME)
def test_runtime(gen, check):
    ok, detail, _ = run_gpu_tests.run_runtime_case(run_gpu_tests.DEFAULT_ARTIFACTS, check, gen)
    assert ok, detail
