// RUN: tile-opt %s --tile-split-tiles="register-budget=0" -verify-diagnostics

// expected-error @below {{tile-split-tiles: register-budget must be at least 1 (32-bit registers per thread one tensor may use); the default is 64}}
tile.kernel @k(%x: !tile.ptr<f32>) {
  tile.return
}
