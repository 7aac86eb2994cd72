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
