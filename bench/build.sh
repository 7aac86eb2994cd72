#!/usr/bin/env bash
# Compiles the benchmarked kernels to cubins + metadata, on the machine where
# the compiler lives:  bash bench/build.sh [OUTDIR]  (default .device-carry/bench)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$here/.device-carry/bench}
tc=${TILE_COMPILE:-${TILE_BUILD_DIR:-$here/build}/bin/tile-compile}
mkdir -p "$out"
for k in "$here"/examples/copy1d.mlir "$here"/examples/vector_add.mlir \
         "$here"/examples/transpose.mlir "$here"/examples/row_sum.mlir \
         "$here"/bench/kernels/*.mlir; do
  name=$(basename "$k" .mlir)
  "$tc" "$k" --emit=cubin -O3 -o "$out/$name.cubin"
done
echo "bench kernels compiled into $out"
