// RUN: tile-opt %s -split-input-file -verify-diagnostics

// The checks of a kernel's cluster_dims.

// expected-error @+1 {{'tile.kernel' op cluster_dims has 2 entries; give all three, x, y and z (e.g. array<i32: 2, 1, 1>)}}
tile.kernel @two() attributes {cluster_dims = array<i32: 2, 1>} {
  tile.return
}

// -----

// expected-error @+1 {{'tile.kernel' op cluster_dims[1] is 0; each extent must be at least 1}}
tile.kernel @zero() attributes {cluster_dims = array<i32: 2, 0, 1>} {
  tile.return
}

// -----

// expected-error @+1 {{'tile.kernel' op cluster_dims 4 x 2 x 2 has 16 programs, more than the 8 of a portable cluster; use at most 8}}
tile.kernel @big() attributes {cluster_dims = array<i32: 4, 2, 2>} {
  tile.return
}

// -----

// expected-error @+1 {{'tile.kernel' op cluster_dims[0] is -2; each extent must be at least 1}}
tile.kernel @negative() attributes {cluster_dims = array<i32: -2, 1, 1>} {
  tile.return
}

// -----

// The cluster ops stand in a tile.kernel (whose cluster_dims they read).
func.func @outside() {
  // expected-error @below {{'tile.cluster_wait' op must be inside a tile.kernel (the cluster is the kernel's `cluster_dims`)}}
  tile.cluster_wait
  return
}
