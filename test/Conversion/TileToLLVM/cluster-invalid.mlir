// RUN: not tile-opt %s -split-input-file --convert-tile-to-llvm="arch=sm_80" 2>&1 | FileCheck %s

// Clusters need sm_90: a kernel with cluster_dims and each cluster op is a
// located error before it.

// CHECK: cluster-invalid.mlir:[[@LINE+1]]:1: error: a kernel with cluster_dims needs sm_90 or newer (thread-block clusters); compile with --arch=sm_90
tile.kernel @clustered() attributes {cluster_dims = array<i32: 2, 1, 1>} {
  tile.return
}

// -----

tile.kernel @rank() {
  // CHECK: cluster-invalid.mlir:[[@LINE+1]]:8: error: 'tile.cluster_cta_rank' needs sm_90 or newer (thread-block clusters); compile with --arch=sm_90
  %r = tile.cluster_cta_rank : i32
  tile.return
}

// -----

tile.kernel @barrier() {
  // CHECK: cluster-invalid.mlir:[[@LINE+1]]:3: error: 'tile.cluster_arrive' needs sm_90 or newer (thread-block clusters); compile with --arch=sm_90
  tile.cluster_arrive
  tile.cluster_wait
  tile.return
}
