"""pip install ./python: builds tile's extension (tile._tile) with CMake and
packages it with python/tile/*.py.

The extension is the project's CMake target `_tile`; this script only drives
CMake (the same settings as .ci/build.sh) and copies the module in:

    pip install --no-build-isolation ./python            # configure + build in a temp dir
    TILE_BUILD_DIR=$PWD/build pip install --no-build-isolation ./python   # reuse a build tree

Needs what the project needs (Debian's llvm-22-dev, libmlir-22-dev, cmake,
ninja, a C++17 compiler) plus pybind11-dev and the Python headers. MLIR_DIR
(default /usr/lib/llvm-22/lib/cmake/mlir) selects the MLIR package.
"""

import glob
import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = os.environ.get("TILE_BUILD_DIR") or os.path.join(
            os.path.abspath(self.build_temp), "tile-cmake")
        if not os.path.exists(os.path.join(build, "CMakeCache.txt")):
            args = ["cmake", "-S", ROOT, "-B", build,
                    "-DCMAKE_BUILD_TYPE=Release",
                    "-DMLIR_DIR=" + os.environ.get("MLIR_DIR", "/usr/lib/llvm-22/lib/cmake/mlir"),
                    "-DMLIR_LINK_MLIR_DYLIB=ON",
                    "-DPython3_EXECUTABLE=" + sys.executable]
            if shutil.which("ninja"):
                args += ["-G", "Ninja"]
            if shutil.which("ccache"):
                args += ["-DCMAKE_C_COMPILER_LAUNCHER=ccache",
                         "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"]
            subprocess.run(args, check=True)
        subprocess.run(["cmake", "--build", build, "--target", "_tile"], check=True)
        built = glob.glob(os.path.join(build, "python", "tile", "_tile*.so"))
        if not built:
            sys.exit(f"setup.py: CMake built no tile/_tile*.so under {build}/python "
                     "(is pybind11-dev installed? see the CMake output)")
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if os.path.basename(built[0]) != os.path.basename(target):
            sys.exit(f"setup.py: {built[0]} was built for another Python than "
                     f"{sys.executable} (expected {os.path.basename(target)}); "
                     "use a build tree configured with this interpreter")
        shutil.copy2(built[0], target)


setup(ext_modules=[CMakeExtension("tile._tile")], cmdclass={"build_ext": CMakeBuild})
