"""@tile.autotune on the CPU: the tuning key (the key arguments' values and
the tensors' dtypes), one benchmark per config for a new key and none for a
key seen before, the choice kept on disk for a new process (a new
Autotuner), failing configs skipped, and the misuse errors. A fake timer
stands in for the GPU (it never launches)."""

import os
import sys
import tempfile

os.environ["TILE_CACHE_DIR"] = tempfile.mkdtemp(prefix="tile-autotune-")

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

harness.setup_path()
import tile  # noqa: E402


class Tensor:
    """A stand-in tensor: a dtype and an aligned address."""

    def __init__(self, dtype="torch.float32"):
        self.dtype = dtype

    def data_ptr(self):
        return 1 << 20


@tile.jit
def add(x, y, out, n, BLOCK: tile.constexpr):
    offs = tile.program_id(0) * BLOCK + tile.arange(0, BLOCK)
    tile.store(out + offs, tile.load(x + offs, offs < n) + tile.load(y + offs, offs < n),
               offs < n)


CONFIGS = [tile.Config({"BLOCK": 256}, num_warps=2), tile.Config({"BLOCK": 512}, num_warps=4),
           tile.Config({"BLOCK": 1024}, num_warps=8, num_stages=2)]


class FakeTimer:
    """Times by config: BLOCK 512 is fastest for n < 10**6, BLOCK 1024 above;
    records what it was asked to time."""

    def __init__(self):
        self.calls = []
        self.n = 0

    def __call__(self, launch, config):
        self.calls.append(config.kwargs["BLOCK"])
        fast = 512 if self.n < 10**6 else 1024
        return 1.0 if config.kwargs["BLOCK"] == fast else 2.0 + config.kwargs["BLOCK"] / 1e4


def make(timer):
    return tile.autotune(configs=CONFIGS, key=["n"], bench=timer)(add)


def test_key():
    tuner = make(FakeTimer())
    x16 = Tensor("torch.float16")
    assert tuner.key_of((Tensor(), Tensor(), Tensor(), 1000), {}) == \
        (1000, "torch.float32", "torch.float32", "torch.float32")
    assert tuner.key_of((x16, x16, x16), {"n": 7}) == \
        (7, "torch.float16", "torch.float16", "torch.float16")


def test_benchmarks_once_per_key():
    timer = FakeTimer()
    tuner = make(timer)
    args = (Tensor(), Tensor(), Tensor(), 1000)
    grid = lambda meta: (tile.cdiv(1000, meta["BLOCK"]),)  # noqa: E731
    assert tuner.choose(grid, args, {}) is CONFIGS[1]
    assert timer.calls == [256, 512, 1024], timer.calls
    assert tuner.timings[tuner.key_of(args, {})] == [2.0256, 1.0, 2.1024]
    # The same key again: no benchmark.
    assert tuner.choose(grid, args, {}) is CONFIGS[1]
    assert timer.calls == [256, 512, 1024]
    # Another n is another key, another dtype too.
    timer.n = 2 * 10**6
    assert tuner.choose(grid, (Tensor(), Tensor(), Tensor(), 2 * 10**6), {}) is CONFIGS[2]
    assert tuner.choose(grid, (Tensor("torch.float16"),) * 3 + (1000,), {}) is CONFIGS[2]
    assert len(timer.calls) == 9 and tuner.bench_count == 9


def test_disk_cache_new_process():
    """A second Autotuner of the same kernel and configs (as a new process
    would build) reads the choices from disk and times nothing."""
    first = make(FakeTimer())
    args = (Tensor(), Tensor(), Tensor(), 4096)
    first.choose((1,), args, {})
    path = first._disk_path()
    assert path.startswith(os.environ["TILE_CACHE_DIR"]) and os.path.exists(path), path
    timer = FakeTimer()
    timer.n = 10**7   # would choose BLOCK 1024 if it timed
    second = make(timer)
    assert second.choose((1,), args, {}) is CONFIGS[1]
    assert timer.calls == [] and second.bench_count == 0
    # Other configs are another file: they are tuned afresh.
    timer.n = 0
    third = tile.autotune(configs=CONFIGS[:2], key=["n"], bench=timer)(add)
    assert third._disk_path() != path
    assert third.choose((1,), args, {}) is CONFIGS[1] and timer.calls == [256, 512]


def test_failing_config_is_skipped():
    def timer(launch, config):
        if config.kwargs["BLOCK"] == 512:
            raise RuntimeError("out of registers")
        return config.kwargs["BLOCK"] / 1000
    tuner = make(timer)
    args = (Tensor(), Tensor(), Tensor(), 77)
    assert tuner.choose((1,), args, {}) is CONFIGS[0]
    assert tuner.timings[tuner.key_of(args, {})] == [0.256, None, 1.024]

    def broken(launch, config):
        raise RuntimeError("no")
    with harness.raises(RuntimeError) as e:
        make(broken).choose((1,), (Tensor(), Tensor(), Tensor(), 78), {})
    assert "every autotune config failed" in str(e.value), str(e.value)


def test_misuse():
    with harness.raises(ValueError) as e:
        tile.autotune(configs=CONFIGS, key=["m"])(add)
    assert str(e.value) == "@tile.autotune: 'm' is not a parameter of add (x, y, out, n, BLOCK)"
    with harness.raises(ValueError) as e:
        tile.autotune(configs=[tile.Config({"BLOK": 1})], key=["n"])(add)
    assert str(e.value) == ("@tile.autotune: Config(BLOK=1) sets BLOK, which is not constexpr "
                            "parameters of add"), str(e.value)
    with harness.raises(TypeError) as e:
        tile.autotune(configs=CONFIGS, key=["n"])(lambda x: x)
    assert "above @tile.jit" in str(e.value)
    assert repr(CONFIGS[2]) == "Config(BLOCK=1024, num_warps=8, num_stages=2)"


def test_configs_compile():
    """Each config is its own specialization: num_warps and num_stages
    reach the kernel (the MLIR attribute; the disk-cache key)."""
    import importlib
    tj = importlib.import_module("tile.jit")
    a = add.lower({"x": "*f32", "y": "*f32", "out": "*f32", "n": "i32"}, {"BLOCK": 1024},
                  num_warps=8)
    assert "attributes {num_warps = 8 : i32}" in a, a
    assert tj.cache_key(a, "sm_90", "cubin", 2) != tj.cache_key(a, "sm_90", "cubin")
    assert tj.cache_key(a, "sm_90", "cubin", 0) == tj.cache_key(a, "sm_90", "cubin")


def test_config_warp_specialize():
    """A config's warp_specialize reaches the launch (tile.compile's option,
    part of the compile cache key); None leaves the kernel's own."""
    configs = [tile.Config({"BLOCK": 512}, num_warps=8, warp_specialize=False),
               tile.Config({"BLOCK": 1024}, num_warps=8, warp_specialize=True),
               tile.Config({"BLOCK": 2048})]
    assert repr(configs[0]) == "Config(BLOCK=512, num_warps=8, warp_specialize=False)"
    assert repr(configs[2]) == "Config(BLOCK=2048)"
    # Each config in turn is the fastest; the launch gets its option.
    for fastest, expected in ((512, False), (1024, True), (2048, None)):
        tuner = tile.autotune(configs=configs, key=["n"],
                              bench=lambda launch, c: 1.0 if c.kwargs["BLOCK"] == fastest
                              else 2.0)(tile.jit(add.fn))
        launches = []  # the launches of this tuner's own JITFunction
        tuner.fn.run = lambda grid, *args, **kw: launches.append(kw)
        tuner[(1,)](Tensor(), Tensor(), Tensor(), 1000 + fastest)
        assert len(launches) == 1, launches
        assert launches[0]["warp_specialize"] is expected, launches
        assert launches[0]["BLOCK"] == fastest, launches
    for bad in (1, "yes"):
        with harness.raises(ValueError) as e:
            tile.Config({"BLOCK": 512}, warp_specialize=bad)
        assert "use True, False or None" in str(e.value), str(e.value)


if __name__ == "__main__":
    sys.exit(harness.run(dict(globals())))
