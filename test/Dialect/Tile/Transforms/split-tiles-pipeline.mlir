// tile-split-tiles runs in the default pipeline at every -O level (at -O0
// too: a 1<<20-element tile unsplit took 24 GB), after tile-assign-layouts
// and before tile-check-resources and tile-optimize-converts. The named
// pipeline's register-budget sets the pass's budget (0 turns the split off).
// RUN: tile-compile --print-pipeline | FileCheck %s
// RUN: tile-compile --print-pipeline -O1 | FileCheck %s
// RUN: tile-compile --print-pipeline -O0 | FileCheck %s --check-prefix=O0
// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-to-llvm{register-budget=32})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=B32
// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-to-llvm{register-budget=0})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF

// CHECK: tile-assign-layouts{{.*}}),tile.kernel(tile-split-tiles{chunk-registers=16 register-budget=64 remarks=false}),tile.kernel(tile-check-resources{max-registers=2048}),tile.kernel(tile-warp-specialize{{.*}}),tile.kernel(tile-pipeline{{.*}}),tile.kernel(tile-optimize-converts
// O0: tile-assign-layouts{{.*}}),tile.kernel(tile-split-tiles{chunk-registers=16 register-budget=64 remarks=false}),tile.kernel(tile-check-resources{max-registers=2048}),tile.kernel(tile-use-tma{compute-capability=90 remarks=false}),convert-tile-to-llvm
// O0-NOT: tile-optimize-converts
// B32: tile-split-tiles{chunk-registers=16 register-budget=32
// OFF-NOT: tile-split-tiles

tile.kernel @empty() {
  tile.return
}
