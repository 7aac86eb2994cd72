// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s

// The kernel becomes an llvm.func with the NVVM kernel attributes and the
// launch metadata the driver reads; program ids read the ctaid registers.

// CHECK-LABEL: llvm.func @ids
// CHECK-SAME: (%{{.*}}: !llvm.ptr<1> {llvm.align = 16 : i64}, %{{.*}}: i32)
// CHECK-SAME: nvvm.kernel
// CHECK-SAME: nvvm.maxntid = array<i32: 256, 1, 1>
// CHECK-SAME: tile.arg_types = ["ptr<i32>", "i32"]
// CHECK-SAME: tile.num_warps = 8 : i32
// CHECK-SAME: tile.shared_bytes = 0 : i64
// CHECK: nvvm.read.ptx.sreg.ctaid.x
// CHECK: nvvm.read.ptx.sreg.ctaid.y
// CHECK: nvvm.read.ptx.sreg.nctaid.z
// CHECK: llvm.return
tile.kernel @ids(%p: !tile.ptr<i32> {tile.divisibility = 16 : i64}, %n: i32)
    attributes {num_warps = 8 : i32} {
  %x = tile.program_id x : i32
  %y = tile.program_id y : i32
  %z = tile.num_programs z : i32
  %s = arith.addi %x, %y : i32
  %t = arith.addi %s, %z : i32
  %q = tile.addptr %p, %t : !tile.ptr<i32>, i32
  tile.store %q, %n : !tile.ptr<i32>
  tile.return
}

// -----

// A scalar load and store through a pointer: plain llvm.load/llvm.store.

// CHECK-LABEL: llvm.func @scalar_copy
// CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
// CHECK: %[[V:.*]] = llvm.load %[[P]] {alignment = 2 : i64} : !llvm.ptr<1> -> f16
// CHECK: llvm.store %[[V]], %{{.*}} {alignment = 2 : i64} : f16, !llvm.ptr<1>
tile.kernel @scalar_copy(%in: !tile.ptr<f16>, %out: !tile.ptr<f16>, %i: i32) {
  %p = tile.addptr %in, %i : !tile.ptr<f16>, i32
  %v = tile.load %p : !tile.ptr<f16>
  tile.store %out, %v : !tile.ptr<f16>
  tile.return
}
