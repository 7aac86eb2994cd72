"""Compile vector_add with tile.compile, load it with result.load() and
launch it on torch tensors. Skips (saying why) without torch, a GPU or the
CUDA driver.

Where the compiler extension is not importable (e.g. a GPU machine without
LLVM), TILE_PY_KERNEL=<path> names a binary saved with CompiledKernel.save()
(beside its .json) and the test loads that instead, through the same
CompiledKernel.load()."""

import importlib
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import harness  # noqa: E402

harness.setup_path()
import tile  # noqa: E402
import tile.runtime as rt  # noqa: E402

VECTOR_ADD = os.path.join(ROOT, "examples", "vector_add.mlir")


def gpu_or_skip():
    try:
        import torch
    except ImportError:
        raise unittest.SkipTest("torch is not installed")
    if not torch.cuda.is_available():
        raise unittest.SkipTest("torch sees no CUDA GPU")
    ok, why = rt.driver_available()
    if not ok:
        raise unittest.SkipTest(why)
    return torch


def compiled_vector_add():
    saved = os.environ.get("TILE_PY_KERNEL")
    if saved:
        return tile.CompiledKernel.read(saved)
    try:
        importlib.import_module("tile._capi")
    except ImportError as e:
        raise unittest.SkipTest(f"no compiler extension ({e}) and no TILE_PY_KERNEL")
    import torch
    major, minor = torch.cuda.get_device_capability()
    return tile.compile_file(VECTOR_ADD, arch=f"sm_{major}{minor}")


def test_launch_vector_add():
    torch = gpu_or_skip()
    kernel = compiled_vector_add()
    mod = kernel.load()
    for n in (1, 1000, 4096, 100_003):
        x = torch.randn(n, device="cuda")
        y = torch.randn(n, device="cuda")
        out = torch.full((n,), float("nan"), device="cuda")
        mod.vector_add[(rt.cdiv(n, 512),)](x, y, out, n)
        torch.cuda.synchronize()
        assert torch.equal(out, x + y), f"n={n}: wrong sums"
    print(f"launched vector_add ({kernel.format}, {kernel.arch}) for 4 sizes")


def test_launch_checks_arguments():
    torch = gpu_or_skip()
    mod = compiled_vector_add().load()
    x = torch.zeros(512, device="cuda")
    with harness.raises(rt.LaunchError) as e:
        mod.vector_add[(1,)](x, x, x)           # 3 arguments for 4 parameters
    assert "4" in str(e.value), str(e.value)
    h = torch.zeros(512, device="cuda", dtype=torch.float16)
    with harness.raises(rt.LaunchError):
        mod.vector_add[(1,)](x, h, x, 512)      # f16 tensor for ptr<f32>


if __name__ == "__main__":
    sys.exit(harness.run(dict(globals())))
