// With the split, the 1 x 65536 softmax of test/gpu/kernels compiles to PTX
// that ptxas assembles without spilling (without the split, ptxas -v
// reports 10716 bytes of spill stores; docs/Passes.md).
// REQUIRES: ptxas
// RUN: tile-compile %tile_src/test/gpu/kernels/split_softmax.mlir --emit=ptx -o %t.ptx
// RUN: %ptxas -v --gpu-name sm_90 %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
