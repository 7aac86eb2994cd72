// The tile-to-ptx pipeline lowers a kernel and attaches its PTX to the module.
// RUN: tile-opt --pass-pipeline='builtin.module(tile-to-ptx{arch=sm_90})' %s | FileCheck %s
// RUN: not tile-opt --pass-pipeline='builtin.module(tile-to-ptx{arch=sm_70})' %s 2>&1 | FileCheck %s --check-prefix=ARCH

// CHECK: module attributes {tile.ptx = "{{.*}}.target sm_90{{.*}}.visible .entry copy4(
// CHECK: llvm.func @copy4(
// ARCH: error: {{.*}}unsupported arch 'sm_70'; use sm_80 or newer

#l = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
tile.kernel @copy4(%src: !tile.ptr<f32>, %dst: !tile.ptr<f32>) attributes {num_warps = 1 : i32} {
  %offs = tile.arange 0, 32 : tensor<32xi32, #l>
  %sb = tile.splat %src : !tile.ptr<f32> -> tensor<32x!tile.ptr<f32>, #l>
  %sp = tile.addptr %sb, %offs : tensor<32x!tile.ptr<f32>, #l>, tensor<32xi32, #l>
  %db = tile.splat %dst : !tile.ptr<f32> -> tensor<32x!tile.ptr<f32>, #l>
  %dp = tile.addptr %db, %offs : tensor<32x!tile.ptr<f32>, #l>, tensor<32xi32, #l>
  %v = tile.load %sp : tensor<32x!tile.ptr<f32>, #l>
  tile.store %dp, %v : tensor<32x!tile.ptr<f32>, #l>
  tile.return
}
