// tile-pipeline runs in the default pipeline at -O1 and above, after layout
// assignment, the split and the resource check, before the conversion
// cleanup. tile-compile --num-stages and the named pipeline's num-stages set
// its stage count (0: from the shared-memory budget); 1 leaves it out.
// --pipeline-remarks turns its remarks on. -O0 runs no pipelining.
// RUN: tile-compile --print-pipeline | FileCheck %s --check-prefix=DEFAULT
// RUN: tile-compile --print-pipeline --num-stages=3 --pipeline-remarks | FileCheck %s --check-prefix=THREE
// RUN: tile-compile --print-pipeline --num-stages=1 | FileCheck %s --check-prefix=OFF
// RUN: tile-compile --print-pipeline -O0 | FileCheck %s --check-prefix=OFF
// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-to-llvm{num-stages=5})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=FIVE
// tile-warp-specialize runs before it and takes every eligible loop by
// default (all-loops=true); --warp-specialize=false (the named pipeline's
// warp-specialize=false) leaves it only the loops asking with their
// attribute; the stage count is its ring's too.
// RUN: tile-compile --print-pipeline --warp-specialize --num-stages=3 | FileCheck %s --check-prefix=WS
// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-to-llvm{warp-specialize=true})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=WS-NAMED
// RUN: tile-compile --print-pipeline --warp-specialize=false | FileCheck %s --check-prefix=NOWS
// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-to-llvm{warp-specialize=false})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOWS

// DEFAULT: tile.kernel(tile-check-resources{max-registers=2048}),tile.kernel(tile-warp-specialize{all-loops=true compute-capability=90 num-stages=0 producer-regs=40 remarks=false warpgroup-release=true}),tile.kernel(tile-pipeline{num-stages=0 remarks=false}),tile.kernel(tile-optimize-converts
// THREE: tile.kernel(tile-pipeline{num-stages=3 remarks=true})
// OFF-NOT: tile-pipeline
// FIVE: tile-pipeline{num-stages=5 remarks=false}
// WS: tile.kernel(tile-warp-specialize{all-loops=true compute-capability=90 num-stages=3 producer-regs=40 remarks=false warpgroup-release=true}),tile.kernel(tile-pipeline{num-stages=3
// WS-NAMED: tile-warp-specialize{all-loops=true
// NOWS: tile-warp-specialize{all-loops=false compute-capability=90 num-stages=0 producer-regs=40 remarks=false warpgroup-release=true}

tile.kernel @empty() {
  tile.return
}
