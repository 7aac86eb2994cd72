// RUN: tile-opt %s --convert-tile-to-llvm="arch=sm_90" | FileCheck %s

// tile.global_tensor becomes a hidden !llvm.ptr parameter appended to the
// kernel, one per op in order, each with its recipe (per extent a parameter
// index or -1 and the constant), a 256-byte alignment promise, and the type
// "global_tensor" for the metadata; uses read the parameter.

#l = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// CHECK-LABEL: llvm.func @scratch
// CHECK-SAME: (%[[OUT:arg0]]: !llvm.ptr<1> {llvm.align = 16 : i64}, %[[N:arg1]]: i32,
// CHECK-SAME: %[[WS:arg2]]: !llvm.ptr<1> {llvm.align = 256 : i64, tile.global_tensor = {element_bytes = 4 : i64, shape = array<i64: 0, 128>, shape_args = array<i64: 1, -1>, zeroed = true}},
// CHECK-SAME: %[[FLAGS:arg3]]: !llvm.ptr<1> {llvm.align = 256 : i64, tile.global_tensor = {element_bytes = 2 : i64, shape = array<i64: 8>, shape_args = array<i64: -1>, zeroed = false}})
// CHECK-SAME: tile.arg_divisibility = array<i64: 16, 1, 256, 256>
// CHECK-SAME: tile.arg_names = ["out", "n", "__global_tensor0", "__global_tensor1"]
// CHECK-SAME: tile.arg_types = ["ptr<i32>", "i32", "global_tensor", "global_tensor"]
// The loads and stores address the hidden parameter.
// CHECK: llvm.insertvalue %[[WS]]
// CHECK: llvm.insertvalue %[[FLAGS]]
tile.kernel @scratch(%out: !tile.ptr<i32> {tile.divisibility = 16 : i64}, %n: i32)
    attributes {num_warps = 4 : i32} {
  %ws = tile.global_tensor shape [%n, 128] zeroed : !tile.ptr<i32>
  %flags = tile.global_tensor shape [8] : !tile.ptr<i16>
  %offs = tile.arange 0, 128 : tensor<128xi32, #l>
  %wb = tile.splat %ws : !tile.ptr<i32> -> tensor<128x!tile.ptr<i32>, #l>
  %wp = tile.addptr %wb, %offs : tensor<128x!tile.ptr<i32>, #l>, tensor<128xi32, #l>
  %v = tile.load %wp : tensor<128x!tile.ptr<i32>, #l>
  %fb = tile.splat %flags : !tile.ptr<i16> -> tensor<128x!tile.ptr<i16>, #l>
  %fp = tile.addptr %fb, %offs : tensor<128x!tile.ptr<i16>, #l>, tensor<128xi32, #l>
  %c8 = arith.constant dense<8> : tensor<128xi32, #l>
  %in = arith.cmpi slt, %offs, %c8 : tensor<128xi32, #l>
  %f = arith.trunci %v : tensor<128xi32, #l> to tensor<128xi16, #l>
  tile.store %fp, %f, %in : tensor<128x!tile.ptr<i16>, #l>
  %ob = tile.splat %out : !tile.ptr<i32> -> tensor<128x!tile.ptr<i32>, #l>
  %op = tile.addptr %ob, %offs : tensor<128x!tile.ptr<i32>, #l>, tensor<128xi32, #l>
  tile.store %op, %v : tensor<128x!tile.ptr<i32>, #l>
  tile.return
}
