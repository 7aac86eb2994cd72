"""The package under Pythons other than the one the build used: the compiler
is a C library loaded with ctypes, so the same build tree must import and
compile under every CPython >= 3.9 (and PyPy) installed here.

Looks for interpreters in $TILE_TEST_PYTHONS (paths, separated by ':'), then
/usr/bin/python3.N, pyenv's versions ($PYENV_ROOT or ~/.pyenv) and PyPy;
each distinct version other than this one's runs a small script (import,
vector_add to PTX, a layout table, a compile error's location). Skips when
there is none.

Run: PYTHONPATH=<build>/python python3 test/python/other_pythons.py"""

import glob
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

SCRIPT = r"""
import sys, tile
from tile.layouts import Blocked
k = tile.compile_file(sys.argv[1], arch="sm_90", emit="ptx")
assert k.kernels == ["vector_add"] and ".entry vector_add(" in k.ptx, k.kernels
table = Blocked([1], [32], [1], [0]).table([32]).splitlines()
assert (table[0], table[-1]) == ("[  T0:0,", "  T31:0]"), table
try:
    tile.compile("tile.kernel @k() {\n  %x = arith.addi\n}\n", emit="ptx", name="e.mlir")
    raise AssertionError("no CompileError")
except tile.CompileError as e:
    assert e.location[:2] == ("e.mlir", 2), e.location
print("%s.%s %s" % (sys.version_info[0], sys.version_info[1],
                    sys.implementation.name))
"""


def candidates():
    found = []
    extra = os.environ.get("TILE_TEST_PYTHONS", "")
    found += [p for p in extra.split(":") if p]
    found += sorted(glob.glob("/usr/bin/python3.[0-9]*"))
    pyenv = os.environ.get("PYENV_ROOT") or os.path.expanduser("~/.pyenv")
    found += sorted(glob.glob(os.path.join(pyenv, "versions", "*", "bin", "python3")))
    for name in ("pypy3",):
        path = shutil.which(name)
        if path:
            found.append(path)
    return [p for p in found
            if os.path.isfile(p) and os.access(p, os.X_OK) and not p.endswith("-config")]


def version_of(python):
    try:
        out = subprocess.run([python, "-c", "import sys; print(sys.implementation.name, "
                              "*sys.version_info[:2])"], capture_output=True, text=True,
                             timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if out.returncode != 0:
        return None
    impl, major, minor = out.stdout.split()
    return impl, int(major), int(minor)


def main():
    mine = (sys.implementation.name, *sys.version_info[:2])
    seen = {mine}
    pythons = []
    for python in candidates():
        v = version_of(python)
        if v is None or v in seen or v[1:] < (3, 9):
            continue
        seen.add(v)
        pythons.append((python, v))
    if not pythons:
        print(f"SKIP: no Python >= 3.9 other than {mine} found")
        print("0 passed, 0 failed, 1 skipped")
        return 0
    failed = 0
    env = dict(os.environ)
    env.pop("PYTHONHOME", None)
    for python, v in pythons:
        out = subprocess.run([python, "-c", SCRIPT, os.path.join(ROOT, "examples",
                                                                 "vector_add.mlir")],
                             env=env, capture_output=True, text=True, timeout=600)
        label = f"{v[0]} {v[1]}.{v[2]} ({python})"
        if out.returncode == 0:
            print(f"PASS {label}: {out.stdout.strip()}")
        else:
            failed += 1
            print(f"FAIL {label}\n{out.stdout}{out.stderr}")
    print(f"{len(pythons) - failed} passed, {failed} failed, 0 skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
