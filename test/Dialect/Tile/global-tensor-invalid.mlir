// RUN: tile-opt %s -split-input-file -verify-diagnostics

// The diagnostics of tile.global_tensor and of its recipe attribute.

tile.kernel @computed_extent(%out: !tile.ptr<f32>, %m: i32) {
  // expected-note @+1 {{computed here}}
  %twice = arith.addi %m, %m : i32
  // expected-error @+1 {{'tile.global_tensor' op extent 0 is computed in the kernel; the launcher allocates the buffer before the launch, so each extent must be an integer or an integer kernel parameter}}
  %a = tile.global_tensor shape [%twice] : !tile.ptr<f32>
  tile.return
}

// -----

tile.kernel @zero_extent(%out: !tile.ptr<f32>) {
  // expected-error @+1 {{'tile.global_tensor' op extent 1 is 0; extents must be positive}}
  %a = tile.global_tensor shape [4, 0] : !tile.ptr<f32>
  tile.return
}

// -----

tile.kernel @no_extent(%out: !tile.ptr<f32>) {
  // expected-error @+1 {{'tile.global_tensor' op needs at least one extent: shape [N, ...]}}
  %a = tile.global_tensor shape [] : !tile.ptr<f32>
  tile.return
}

// -----

func.func @outside_kernel() {
  // expected-error @+1 {{'tile.global_tensor' op must be inside a tile.kernel}}
  %a = tile.global_tensor shape [4] : !tile.ptr<f32>
  return
}

// -----

tile.kernel @i24_elements(%out: !tile.ptr<f32>) {
  // expected-error @+1 {{'tile.global_tensor' op elements of 'i24' have no byte size; use a type of 8, 16, 32 or 64 bits}}
  %a = tile.global_tensor shape [4] : !tile.ptr<i24>
  tile.return
}

// -----

// The recipe attribute belongs on a pointer parameter.
// expected-error @+1 {{'tile.global_tensor' must be a dictionary on a !tile.ptr parameter of a tile.kernel}}
tile.kernel @recipe_on_int(%n: i32 {tile.global_tensor = {zeroed = true}}) {
  tile.return
}
