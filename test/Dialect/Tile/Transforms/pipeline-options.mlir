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
// Its ping-pong (off), prologue-copies and last-iteration-yields (on) are
// tile-compile's --ws-ping-pong, --ws-prologue-copies and
// --ws-last-iteration-yields, and the named pipeline's ws-* options.
// RUN: tile-compile --print-pipeline --ws-ping-pong --ws-prologue-copies=false --ws-last-iteration-yields=false | FileCheck %s --check-prefix=WSOPTS
// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-to-llvm{ws-ping-pong=true ws-prologue-copies=false ws-last-iteration-yields=false})' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=WSOPTS

// DEFAULT: tile.kernel(tile-check-resources{max-registers=2048}),tile.kernel(tile-warp-specialize{all-loops=true compute-capability=90 last-iteration-yields=true num-stages=0 ping-pong=false producer-regs=40 prologue-copies=true remarks=false warpgroup-release=true}),tile.kernel(tile-pipeline{num-stages=0 remarks=false}),tile.kernel(tile-optimize-converts
// THREE: tile.kernel(tile-pipeline{num-stages=3 remarks=true})
// OFF-NOT: tile-pipeline
// FIVE: tile-pipeline{num-stages=5 remarks=false}
// WS: tile.kernel(tile-warp-specialize{all-loops=true compute-capability=90 last-iteration-yields=true num-stages=3 ping-pong=false producer-regs=40 prologue-copies=true remarks=false warpgroup-release=true}),tile.kernel(tile-pipeline{num-stages=3
// WS-NAMED: tile-warp-specialize{all-loops=true
// WSOPTS: tile-warp-specialize{all-loops=true compute-capability=90 last-iteration-yields=false num-stages=0 ping-pong=true producer-regs=40 prologue-copies=false remarks=false warpgroup-release=true}
// NOWS: tile-warp-specialize{all-loops=false compute-capability=90 last-iteration-yields=true num-stages=0 ping-pong=false producer-regs=40 prologue-copies=true remarks=false warpgroup-release=true}

tile.kernel @empty() {
  tile.return
}
