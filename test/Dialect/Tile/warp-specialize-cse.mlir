// RUN: tile-opt %s --cse --canonicalize | FileCheck %s

// tile.replica_id and tile.warp_id read the thread's position in its
// partition: CSE must not replace the ones inside a partition by the ones
// computed before tile.warp_specialize (the program-wide values); unused
// ones are still removed.
// CHECK-LABEL: tile.kernel @position_ops
// CHECK: %[[R0:.*]] = tile.replica_id : i32
// CHECK: %[[W0:.*]] = tile.warp_id : i32
// CHECK: arith.addi %[[R0]], %[[W0]]
// CHECK: } partition warps(4) replicas(2) {
// CHECK-NEXT: %[[R:.*]] = tile.replica_id : i32
// CHECK-NEXT: %[[W:.*]] = tile.warp_id : i32
// CHECK-NEXT: arith.addi %[[R]], %[[W]]
// CHECK-NOT: tile.warp_id
// CHECK: tile.return
tile.kernel @position_ops(%p: !tile.ptr<i32>) attributes {num_warps = 4 : i32} {
  %r0 = tile.replica_id : i32
  %w0 = tile.warp_id : i32
  %s = arith.addi %r0, %w0 : i32
  tile.store %p, %s : !tile.ptr<i32>
  tile.warp_specialize default {
  } partition warps(4) replicas(2) {
    %r = tile.replica_id : i32
    %w = tile.warp_id : i32
    %t = arith.addi %r, %w : i32
    tile.store %p, %t : !tile.ptr<i32>
    %unused = tile.warp_id : i32
  }
  tile.return
}
