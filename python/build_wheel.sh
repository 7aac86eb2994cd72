#!/usr/bin/env bash
# Builds tile's self-contained wheel, dist/tile-<version>-py3-none-linux_x86_64.whl:
# the Python package with libtile_capi.so, which has LLVM, MLIR and libstdc++
# linked in statically (CMake option TILE_STATIC_LLVM), loaded with ctypes.
# It installs with `pip install` on any x86-64 Linux with CPython >= 3.9 and
# needs neither LLVM/MLIR nor a CUDA toolkit there (docs/Python.md, "The wheel").
#
#   bash python/build_wheel.sh            # -> dist/tile-*.whl
#
# Needs what the project's build needs (.ci/setup.sh) plus lld. The build
# tree is its own (TILE_WHEEL_BUILD_DIR, default build-wheel/), apart from the
# development build; TILE_WHEEL_JOBS (default 2) limits the parallel jobs.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${TILE_WHEEL_BUILD_DIR:-$here/build-wheel}
dist=${TILE_WHEEL_DIST_DIR:-$here/dist}
jobs=${TILE_WHEEL_JOBS:-2}
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$here}

if ! command -v ld.lld >/dev/null; then
  echo "build_wheel.sh: ld.lld not found (Debian: apt-get install lld)" >&2
  exit 1
fi
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$here" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DMLIR_LINK_MLIR_DYLIB=OFF \
    -DTILE_STATIC_LLVM=ON \
    "${launcher[@]}"
fi
cmake --build "$build" --target tile_capi -j "$jobs"
python3 "$here/python/make_wheel.py" \
  --library "$build/python/tile/libtile_capi.so" --out "$dist"
