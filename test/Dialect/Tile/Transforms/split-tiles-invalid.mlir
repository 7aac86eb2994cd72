// Bad options are located errors on the kernel, and the pass fails.
// RUN: not tile-opt %s --tile-split-tiles="register-budget=0" 2>&1 | FileCheck %s --check-prefix=BUDGET
// RUN: not tile-opt %s --tile-split-tiles="chunk-registers=0" 2>&1 | FileCheck %s --check-prefix=CHUNK0
// RUN: not tile-opt %s --tile-split-tiles="register-budget=32 chunk-registers=64" 2>&1 | FileCheck %s --check-prefix=CHUNK

// BUDGET: split-tiles-invalid.mlir:[[@LINE+3]]:1: error: tile-split-tiles: register-budget must be at least 1 (32-bit registers per thread one tensor may use); the default is 64
// CHUNK0: split-tiles-invalid.mlir:[[@LINE+2]]:1: error: tile-split-tiles: chunk-registers (0) must be between 1 and register-budget (64); the defaults are 16 and 64
// CHUNK: split-tiles-invalid.mlir:[[@LINE+1]]:1: error: tile-split-tiles: chunk-registers (64) must be between 1 and register-budget (32); the defaults are 16 and 64
tile.kernel @k(%x: !tile.ptr<f32>) {
  tile.return
}
