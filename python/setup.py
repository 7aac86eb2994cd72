"""pip install ./python: builds tile's C API library (libtile_capi.so, the
CMake target `tile_capi`) and packages it with python/tile/*.py.

The package reaches the compiler through ctypes (tile/_capi.py), so there is
no extension module; this script only drives CMake (the settings of
.ci/build.sh) and copies the library in:

    pip install --no-build-isolation ./python            # configure + build in a temp dir
    TILE_BUILD_DIR=$PWD/build pip install --no-build-isolation ./python   # reuse a build tree

The library links Debian's libMLIR.so, so the package runs where LLVM 22 is
installed. The self-contained wheel (LLVM and MLIR linked in) is built by
`bash python/build_wheel.sh` instead (docs/Python.md, "The wheel"). MLIR_DIR
(default /usr/lib/llvm-22/lib/cmake/mlir) selects the MLIR package.
"""

import os
import shutil
import subprocess
import sys

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


class BuildWithLibrary(build_py):
    """build_py, plus libtile_capi.so from the CMake build."""

    def run(self):
        super().run()
        build = os.environ.get("TILE_BUILD_DIR") or os.path.join(
            os.path.abspath(self.build_lib), "..", "tile-cmake")
        if not os.path.exists(os.path.join(build, "CMakeCache.txt")):
            args = ["cmake", "-S", ROOT, "-B", build,
                    "-DCMAKE_BUILD_TYPE=Release",
                    "-DMLIR_DIR=" + os.environ.get("MLIR_DIR", "/usr/lib/llvm-22/lib/cmake/mlir"),
                    "-DMLIR_LINK_MLIR_DYLIB=ON"]
            if shutil.which("ninja"):
                args += ["-G", "Ninja"]
            if shutil.which("ccache"):
                args += ["-DCMAKE_C_COMPILER_LAUNCHER=ccache",
                         "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"]
            subprocess.run(args, check=True)
        subprocess.run(["cmake", "--build", build, "--target", "tile_capi"], check=True)
        built = os.path.join(build, "python", "tile", "libtile_capi.so")
        if not os.path.exists(built):
            sys.exit(f"setup.py: CMake built no {built}")
        target = os.path.join(self.build_lib, "tile", "libtile_capi.so")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(built, target)


class BinaryDistribution(Distribution):
    """The package holds a native library: a platform wheel."""

    def has_ext_modules(self):
        return True


setup(cmdclass={"build_py": BuildWithLibrary}, distclass=BinaryDistribution)
