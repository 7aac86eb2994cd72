// RUN: tile-opt %s -split-input-file | tile-opt -split-input-file | FileCheck %s
// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm="arch=sm_90" | FileCheck %s --check-prefix=LLVM

// Thread-block clusters: the kernel's cluster_dims and the cluster ops
// round-trip, and lower to nvvm.cluster_dim (PTX .reqnctapercluster) and
// the cluster special registers and barrier.

// CHECK-LABEL: tile.kernel @ids
// CHECK-SAME: attributes {cluster_dims = array<i32: 2, 1, 1>, num_warps = 4 : i32}
// CHECK: tile.cluster_cta_rank : i32
// CHECK: tile.cluster_id x : i32
// CHECK: tile.cluster_id y : i32
// CHECK: tile.cluster_id z : i32
// CHECK: tile.num_clusters x : i32
// CHECK: tile.num_clusters y : i32
// CHECK: tile.num_clusters z : i32
// CHECK: tile.cluster_arrive{{$}}
// CHECK: tile.cluster_wait
// CHECK: tile.cluster_arrive relaxed
// CHECK: tile.cluster_wait

// LLVM-LABEL: llvm.func @ids
// LLVM-SAME: nvvm.cluster_dim = array<i32: 2, 1, 1>
// LLVM: nvvm.read.ptx.sreg.cluster.ctarank : i32
// LLVM: nvvm.read.ptx.sreg.clusterid.x : i32
// LLVM: nvvm.read.ptx.sreg.clusterid.y : i32
// LLVM: nvvm.read.ptx.sreg.clusterid.z : i32
// LLVM: nvvm.read.ptx.sreg.nclusterid.x : i32
// LLVM: nvvm.read.ptx.sreg.nclusterid.y : i32
// LLVM: nvvm.read.ptx.sreg.nclusterid.z : i32
// The barrier: not .aligned (partitions of a warp-specialized kernel arrive
// from their own code).
// LLVM: nvvm.cluster.arrive{{$}}
// LLVM-NEXT: nvvm.cluster.wait{{$}}
// LLVM-NEXT: nvvm.cluster.arrive.relaxed{{$}}
// LLVM-NEXT: nvvm.cluster.wait{{$}}
tile.kernel @ids(%out: !tile.ptr<i32>) attributes {num_warps = 4 : i32, cluster_dims = array<i32: 2, 1, 1>} {
  %r = tile.cluster_cta_rank : i32
  %qx = tile.cluster_id x : i32
  %qy = tile.cluster_id y : i32
  %qz = tile.cluster_id z : i32
  %nx = tile.num_clusters x : i32
  %ny = tile.num_clusters y : i32
  %nz = tile.num_clusters z : i32
  %s0 = arith.addi %r, %qx : i32
  %s1 = arith.addi %s0, %qy : i32
  %s2 = arith.addi %s1, %qz : i32
  %s3 = arith.addi %s2, %nx : i32
  %s4 = arith.addi %s3, %ny : i32
  %s5 = arith.addi %s4, %nz : i32
  tile.cluster_arrive
  tile.cluster_wait
  tile.cluster_arrive relaxed
  tile.cluster_wait
  %v = tile.make_view %out, shape [64] : !tile.ptr<i32> -> !tile.view<64xi32>
  tile.store_at %s5, %v[%s5] : i32, !tile.view<64xi32>
  tile.return
}

// -----

// A kernel without cluster_dims lowers without nvvm.cluster_dim.
// CHECK-LABEL: tile.kernel @plain
// CHECK-NOT: cluster_dims
// LLVM-LABEL: llvm.func @plain
// LLVM-NOT: nvvm.cluster_dim
// LLVM: llvm.return
tile.kernel @plain() {
  tile.return
}

// -----

// The largest portable cluster, 2 x 2 x 2.
// CHECK-LABEL: tile.kernel @cube
// CHECK-SAME: cluster_dims = array<i32: 2, 2, 2>
// LLVM-LABEL: llvm.func @cube
// LLVM-SAME: nvvm.cluster_dim = array<i32: 2, 2, 2>
tile.kernel @cube() attributes {cluster_dims = array<i32: 2, 2, 2>} {
  tile.return
}
