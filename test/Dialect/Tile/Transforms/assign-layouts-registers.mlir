// RUN: tile-opt %s --tile-assign-layouts="remarks=true" -verify-diagnostics
// RUN: tile-opt %s --tile-assign-layouts="remarks=true register-budget=128" | FileCheck %s
// RUN: tile-opt %s --tile-assign-layouts="remarks=true register-budget=128" 2>&1 >/dev/null | FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: remark:
// (Without -verify-diagnostics, MLIR reports the unmet expected-remark
// lines on stderr; those say "expected remark", never "remark:".)

// A 1 x 16384 f32 row in one program of 4 warps: 128 registers per thread
// for each live tensor. Above the default budget of 64, a remark on every
// such tensor; with a budget of 128, no remark on stderr and the layouts
// are the same.
// CHECK: tile.load_tile {{.*}} -> tensor<1x16384xf32, #blocked>
tile.kernel @big_row(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %m: i32) {
  %i = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %in = tile.make_view %x, shape [%m, 16384] : !tile.ptr<f32> -> !tile.view<?x16384xf32>
  %out = tile.make_view %y, shape [%m, 16384] : !tile.ptr<f32> -> !tile.view<?x16384xf32>
  // expected-remark @below {{'tensor<1x16384xf32, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>>' needs 128 registers per thread, above the budget of 64; it will likely spill unless tile-split-tiles splits it into loops (the default pipeline does, unless --register-budget=0): otherwise use a smaller tile or more warps}}
  %t = tile.load_tile %in[%i, %c0] : !tile.view<?x16384xf32> -> tensor<1x16384xf32>
  // expected-remark @below {{needs 128 registers per thread}}
  %e = math.exp %t : tensor<1x16384xf32>
  %s = tile.reduce sum %e {axis = 1 : i32} : tensor<1x16384xf32> -> tensor<1xf32>
  tile.store_tile %e, %out[%i, %c0] : tensor<1x16384xf32>, !tile.view<?x16384xf32>
  tile.return
}
