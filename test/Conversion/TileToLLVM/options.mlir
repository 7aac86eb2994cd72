// RUN: not tile-opt %s --convert-tile-to-llvm=arch=sm_70 2>&1 | FileCheck %s --check-prefix=ARCH
// RUN: not tile-opt %s --convert-tile-to-llvm=arch=gfx90a 2>&1 | FileCheck %s --check-prefix=ARCH
// RUN: not tile-opt %s --convert-tile-to-llvm=index-bitwidth=16 2>&1 | FileCheck %s --check-prefix=INDEX
// RUN: tile-opt %s --convert-tile-to-llvm=arch=sm_80 | FileCheck %s --check-prefix=OK
// RUN: tile-opt %s --convert-tile-to-llvm="arch=sm_90a index-bitwidth=32" | FileCheck %s --check-prefix=OK32

// ARCH: error: convert-tile-to-llvm: unsupported arch '{{.*}}'; use sm_80 or newer (for example sm_90)
// INDEX: error: convert-tile-to-llvm: index-bitwidth must be 32 or 64, not 16

// The index parameter is i64, or i32 with index-bitwidth=32.
// OK-LABEL: llvm.func @k
// OK-SAME: %{{[a-z0-9]+}}: i64)
// OK-SAME: tile.arg_types = ["ptr<f32>", "index"]
// OK32-LABEL: llvm.func @k
// OK32-SAME: %{{[a-z0-9]+}}: i32)
tile.kernel @k(%p: !tile.ptr<f32>, %i: index) {
  %j = arith.index_cast %i : index to i32
  %q = tile.addptr %p, %j : !tile.ptr<f32>, i32
  %v = tile.load %q : !tile.ptr<f32>
  tile.store %p, %v : !tile.ptr<f32>
  tile.return
}
