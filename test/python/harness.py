"""Runs a test file's test_* functions without pytest (pytest collects the
same files when it is installed). unittest.SkipTest marks a skip, which
pytest honours as well. Exit code 1 when any test fails."""

import os
import sys
import traceback
import unittest


def setup_path():
    """Makes `import tile` find the build tree's package: $TILE_PYTHONPATH
    wins, then PYTHONPATH as given (the lit test sets it)."""
    extra = os.environ.get("TILE_PYTHONPATH")
    if extra:
        sys.path.insert(0, extra)


def gpu_torch():
    """torch, when it is installed and sees a GPU; otherwise prints the
    SKIP line the GPU scripts report and returns None."""
    try:
        import torch
    except ImportError:
        print("SKIP: torch is not installed")
        return None
    if not torch.cuda.is_available():
        print("SKIP: no GPU")
        return None
    return torch


class Stand:
    """A stand-in tensor for a GPU script's --populate (which binds each
    launch to its specialization on a machine without a GPU): a dtype name
    (torch.float16, ...) and a 16-byte aligned address."""

    def __init__(self, dtype):
        self.dtype = dtype

    def data_ptr(self):
        return 1 << 20


def run_launches(torch, cases):
    """Runs every (name, kernel, grid, make, stand-ins, constexprs) case of a
    GPU script: `make()` gives the arguments and a check, run after the
    launch; prints PASS or FAIL per case and returns the failure count."""
    failed = 0
    for name, kernel, grid, make, _, consts in cases:
        try:
            args, check = make()
            kernel[grid](*args, **consts)
            torch.cuda.synchronize()
            ok = check()
        except Exception as e:  # noqa: BLE001 - reported per case
            ok = False
            print(f"  {type(e).__name__}: {e}")
        failed += not ok
        print(f"{'PASS' if ok else 'FAIL'} {name}")
    return failed


def run(namespace):
    tests = [(name, fn) for name, fn in namespace.items()
             if name.startswith("test_") and callable(fn)]
    failed = skipped = 0
    for name, fn in tests:
        try:
            fn()
        except unittest.SkipTest as e:
            skipped += 1
            print(f"SKIP {name}: {e}")
        except Exception:
            failed += 1
            print(f"FAIL {name}")
            traceback.print_exc()
        else:
            print(f"PASS {name}")
    print(f"{len(tests) - failed - skipped} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


class raises:
    """with raises(ValueError) as e: ... ; e.value is the exception."""

    def __init__(self, kind):
        self.kind = kind
        self.value = None

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        if kind is None:
            raise AssertionError(f"expected {self.kind.__name__}, nothing was raised")
        if not issubclass(kind, self.kind):
            return False
        self.value = value
        return True
