#!/usr/bin/env bash
# The README's main command: set up a fresh machine, build tile-compile,
# compile an example kernel to PTX and to a cubin, and show what came out.
#   bash .ci/demo.sh [KERNEL.mlir]     (default: examples/vector_add.mlir)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
kernel=${1:-$here/examples/vector_add.mlir}
build=${TILE_BUILD_DIR:-$here/build}
out=${TILE_DEMO_OUT:-$here/build/demo}

bash "$here/.ci/setup.sh"
bash "$here/.ci/build.sh" --target tile-compile
mkdir -p "$out"
name=$(basename "$kernel" .mlir)

echo "== tile-compile $kernel --emit=ptx"
"$build/bin/tile-compile" "$kernel" --emit=ptx -o "$out/$name.ptx"
echo "-- $out/$name.ptx ($(wc -l < "$out/$name.ptx") lines; at most 150 shown)"
head -n 150 "$out/$name.ptx"

echo
echo "== tile-compile $kernel --emit=cubin"
if "$build/bin/tile-compile" "$kernel" --emit=cubin -o "$out/$name.cubin"; then
  echo "-- $out/$name.cubin: $(wc -c < "$out/$name.cubin") bytes"
  cuobjdump=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
  if [ -x "$cuobjdump" ]; then
    echo "-- SASS (first 30 lines)"
    "$cuobjdump" -sass "$out/$name.cubin" | head -n 30
  else
    echo "-- (cuobjdump not installed: no SASS listing)"
  fi
else
  echo "(no CUDA toolkit found: PTX only)"
fi

echo
echo "== launch metadata ($out/$name.cubin.json)"
cat "$out/$name.cubin.json" 2>/dev/null || cat "$out/$name.ptx.json"
