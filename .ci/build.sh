#!/usr/bin/env bash
# Configures (once) and builds tile in ${TILE_BUILD_DIR:-build}.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${TILE_BUILD_DIR:-$here/build}
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$here}
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$here" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    -DMLIR_LINK_MLIR_DYLIB=ON \
    -DPython3_EXECUTABLE=/usr/bin/python3 \
    "${launcher[@]}"
fi
cmake --build "$build" "$@"
