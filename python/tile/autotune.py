"""@tile.autotune: pick the fastest of several configurations of a @tile.jit
kernel (meta-parameters, num_warps, num_stages, warp_specialize) per key,
as Triton does.

    @tile.autotune(configs=[tile.Config({"BLOCK": 512}, num_warps=4),
                            tile.Config({"BLOCK": 1024}, num_warps=8)],
                   key=["n"])
    @tile.jit
    def add(x, y, out, n, BLOCK: tile.constexpr): ...

    add[lambda meta: (tile.cdiv(n, meta["BLOCK"]),)](x, y, out, n)

1. The key of a launch is the values of the `key` arguments and the dtypes
   of the tensor arguments.
2. A key seen before (in this process, or on disk under
   $TILE_CACHE_DIR/autotune/) launches its config at once.
3. A new key benchmarks every config on torch's current stream (do_bench:
   CUDA events around repeated launches, the median; the first launch of
   each config compiles it and is not timed), keeps the fastest in memory
   and on disk, and launches it.
"""

from __future__ import annotations

import hashlib
import json
import os
import statistics
from typing import Any, Callable, Dict, List, Optional, Sequence

from .compiler import _check_warp_specialize
from .jit import CACHE_VERSION, JITFunction, cache_dir

__all__ = ["Config", "Autotuner", "autotune", "do_bench"]


class Config:
    """One configuration: constexpr values, num_warps, num_stages and
    warp_specialize (None: the kernel's own)."""

    def __init__(self, kwargs: Dict[str, Any], num_warps: Optional[int] = None,
                 num_stages: Optional[int] = None,
                 warp_specialize: Optional[bool] = None) -> None:
        if not isinstance(kwargs, dict):
            raise TypeError(f"tile.Config takes a dict of constexpr values, got {kwargs!r}")
        _check_warp_specialize(warp_specialize)
        self.kwargs = dict(kwargs)
        self.num_warps = num_warps
        self.num_stages = num_stages
        self.warp_specialize = warp_specialize

    def __repr__(self) -> str:
        parts = [f"{k}={v!r}" for k, v in self.kwargs.items()]
        if self.num_warps is not None:
            parts.append(f"num_warps={self.num_warps}")
        if self.num_stages is not None:
            parts.append(f"num_stages={self.num_stages}")
        if self.warp_specialize is not None:
            parts.append(f"warp_specialize={self.warp_specialize}")
        return f"Config({', '.join(parts)})"


def do_bench(fn: Callable[[], Any], warmup: int = 5, rep: int = 20) -> float:
    """The median time of `fn` in milliseconds, timed with CUDA events on
    torch's current stream (one event pair per launch)."""
    import torch
    fn()
    torch.cuda.synchronize()
    for _ in range(warmup):
        fn()
    stream = torch.cuda.current_stream()
    events = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True))
              for _ in range(rep)]
    for start, end in events:
        start.record(stream)
        fn()
        end.record(stream)
    torch.cuda.synchronize()
    return statistics.median(s.elapsed_time(e) for s, e in events)


class Autotuner:
    """A @tile.jit kernel with configurations: kernel[grid](...) launches
    the best config for the launch's key (benchmarking them the first time
    a key is seen). `best` maps each key seen to its Config; `timings` to
    the times measured (ms per config, None for one that failed to
    compile)."""

    def __init__(self, fn: JITFunction, configs: Sequence[Config], key: Sequence[str],
                 reset_to_zero: Sequence[str] = (), bench: Optional[Callable] = None,
                 warmup: int = 5, rep: int = 20) -> None:
        if not isinstance(fn, JITFunction):
            raise TypeError("@tile.autotune goes above @tile.jit (it tunes a tile kernel)")
        if not configs:
            raise ValueError("@tile.autotune needs at least one tile.Config")
        names = [p.name for p in fn.params]
        for k in list(key) + list(reset_to_zero):
            if k not in names:
                raise ValueError(f"@tile.autotune: {k!r} is not a parameter of {fn.__name__} "
                                 f"({', '.join(names)})")
        for c in configs:
            extra = set(c.kwargs) - set(fn.constexprs)
            if extra:
                raise ValueError(f"@tile.autotune: {c!r} sets {', '.join(sorted(extra))}, which "
                                 f"{'is' if len(extra) == 1 else 'are'} not constexpr "
                                 f"parameters of {fn.__name__}")
        self.fn = fn
        self.__name__ = fn.__name__
        self.configs = list(configs)
        self.key = list(key)
        self.reset_to_zero = list(reset_to_zero)
        self.bench = bench or (lambda launch, config: do_bench(launch, warmup, rep))
        self.best: Dict[Any, Config] = {}
        self.timings: Dict[Any, List[Optional[float]]] = {}
        self.bench_count = 0

    # -- keys and the disk cache --------------------------------------------------

    def key_of(self, args: Sequence[Any], kwargs: Dict[str, Any]) -> tuple:
        """The tuning key of a launch: the `key` arguments' values, then the
        dtypes of the tensor arguments."""
        bound = dict(zip([p.name for p in self.fn.params], args))
        bound.update(kwargs)
        values = []
        for k in self.key:
            v = bound.get(k)
            values.append(str(v.dtype) if hasattr(v, "data_ptr") else v)
        dtypes = tuple(str(v.dtype) for v in bound.values() if hasattr(v, "data_ptr"))
        return tuple(values) + dtypes

    def _disk_path(self) -> Optional[str]:
        directory = cache_dir()
        if not directory:
            return None
        import inspect
        h = hashlib.sha256()
        for part in (CACHE_VERSION, inspect.getsource(self.fn.fn), repr(self.configs),
                     repr(self.key)):
            h.update(part.encode())
            h.update(b"\0")
        return os.path.join(directory, "autotune", f"{self.fn.__name__}-{h.hexdigest()[:16]}.json")

    def _read_disk(self, key: tuple) -> Optional[Config]:
        path = self._disk_path()
        if not path or not os.path.exists(path):
            return None
        try:
            with open(path, encoding="utf-8") as f:
                index = json.load(f).get(repr(key))
        except (OSError, ValueError):
            return None
        if isinstance(index, int) and 0 <= index < len(self.configs):
            return self.configs[index]
        return None

    def _write_disk(self, key: tuple, config: Config) -> None:
        path = self._disk_path()
        if not path:
            return
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            table = {}
            if os.path.exists(path):
                with open(path, encoding="utf-8") as f:
                    table = json.load(f)
            table[repr(key)] = self.configs.index(config)
            tmp = f"{path}.{os.getpid()}.tmp"
            with open(tmp, "w", encoding="utf-8") as f:
                json.dump(table, f, indent=1, sort_keys=True)
            os.replace(tmp, path)
        except (OSError, ValueError):
            pass  # an unwritable cache only costs a re-tune

    # -- choosing and launching ----------------------------------------------------

    def choose(self, grid, args: Sequence[Any], kwargs: Dict[str, Any]) -> Config:
        """The config for this launch's key: remembered, read from disk, or
        benchmarked now."""
        key = self.key_of(args, kwargs)
        config = self.best.get(key)
        if config is not None:
            return config
        config = self._read_disk(key)
        if config is None:
            times: List[Optional[float]] = []
            for c in self.configs:
                launch = self._launcher(grid, c, args, kwargs)
                try:
                    self.bench_count += 1
                    times.append(self.bench(launch, c))
                except Exception:  # noqa: BLE001 - a config that fails is skipped
                    times.append(None)
            ok = [(t, i) for i, t in enumerate(times) if t is not None]
            if not ok:
                raise RuntimeError(f"{self.__name__}: every autotune config failed; run one "
                                   f"alone to see why: {self.configs[0]!r}")
            config = self.configs[min(ok)[1]]
            self.timings[key] = times
            self._write_disk(key, config)
        self.best[key] = config
        return config

    def _launcher(self, grid, config: Config, args, kwargs):
        def launch():
            for name in self.reset_to_zero:
                i = [p.name for p in self.fn.params].index(name)
                (args[i] if i < len(args) else kwargs[name]).zero_()
            self.fn.run(grid, *args, num_warps=config.num_warps,
                        num_stages=config.num_stages,
                        warp_specialize=config.warp_specialize, **kwargs, **config.kwargs)
        return launch

    def run(self, grid, *args, **kwargs):
        config = self.choose(grid, args, kwargs)
        return self.fn.run(grid, *args, num_warps=config.num_warps,
                           num_stages=config.num_stages,
                           warp_specialize=config.warp_specialize, **kwargs, **config.kwargs)

    def __getitem__(self, grid):
        def launcher(*args, **kwargs):
            return self.run(grid, *args, **kwargs)
        return launcher


def autotune(configs: Sequence[Config], key: Sequence[str], reset_to_zero: Sequence[str] = (),
             bench: Optional[Callable] = None, warmup: int = 5, rep: int = 20):
    """Decorator: @tile.autotune(configs=[tile.Config({...}, num_warps=...)],
    key=["n"]) above @tile.jit. `bench(launch, config) -> ms` replaces the
    timing (tests pass a fake one); `reset_to_zero` names tensors zeroed
    before each benchmarked launch (outputs accumulated with atomics)."""
    def wrap(fn):
        return Autotuner(fn, configs, key, reset_to_zero, bench, warmup, rep)
    return wrap
