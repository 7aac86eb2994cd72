// RUN: tile-opt %s -split-input-file -verify-diagnostics

// One case per diagnostic of the shape ops.

func.func @trans_rank(%x: tensor<16x32xf32>) {
  // expected-error @+1 {{'tile.trans' op order has 3 entries for an operand of rank 2; give one per dimension}}
  %0 = tile.trans %x, [1, 0, 2] : tensor<16x32xf32> -> tensor<32x16xf32>
  return
}

// -----

func.func @trans_not_permutation(%x: tensor<16x32xf32>) {
  // expected-error @+1 {{'tile.trans' op order [1, 1] is not a permutation of [0, 2); each dimension must appear once}}
  %0 = tile.trans %x, [1, 1] : tensor<16x32xf32> -> tensor<32x32xf32>
  return
}

// -----

func.func @trans_out_of_range(%x: tensor<16x32xf32>) {
  // expected-error @+1 {{'tile.trans' op order [0, 2] is not a permutation of [0, 2); each dimension must appear once}}
  %0 = tile.trans %x, [0, 2] : tensor<16x32xf32> -> tensor<16x32xf32>
  return
}

// -----

func.func @trans_shape(%x: tensor<4x8x16xf32>) {
  // expected-error @+1 {{'tile.trans' op result shape must be the operand's permuted by order: expected 'tensor<16x4x8xf32>', got 'tensor<16x8x4xf32>'}}
  %0 = tile.trans %x, [2, 0, 1] : tensor<4x8x16xf32> -> tensor<16x8x4xf32>
  return
}

// -----

func.func @trans_element_type(%x: tensor<16x32xf32>) {
  // expected-error @+1 {{'tile.trans' op requires the same element type for all operands and results}}
  %0 = tile.trans %x, [1, 0] : tensor<16x32xf32> -> tensor<32x16xf16>
  return
}

// -----

#l = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @trans_layout_missing(%x: tensor<16x32xf32, #l>) {
  // expected-error @+1 {{'tile.trans' op operand and result must both have layouts or both have none; layout assignment derives the result's from the operand's}}
  %0 = tile.trans %x, [1, 0] : tensor<16x32xf32, #l> -> tensor<32x16xf32>
  return
}

// -----

func.func @reshape_count(%x: tensor<16x32xf32>) {
  // expected-error @+1 {{'tile.reshape' op the operand has 512 elements and the result 256; a reshape keeps the number of elements}}
  %0 = tile.reshape %x : tensor<16x32xf32> -> tensor<256xf32>
  return
}

// -----

func.func @join_shape(%x: tensor<16x32xf32>) {
  // expected-error @+1 {{'tile.join' op result shape must be the operands' with a dimension of size 2 appended: expected 'tensor<16x32x2xf32>', got 'tensor<2x16x32xf32>'}}
  %0 = tile.join %x, %x : tensor<16x32xf32> -> tensor<2x16x32xf32>
  return
}

// -----

func.func @join_mismatch_generic(%x: tensor<16x32xf32>, %y: tensor<16x16xf32>) {
  // expected-error @+1 {{'tile.join' op failed to verify that all of {lhs, rhs} have same type}}
  %0 = "tile.join"(%x, %y) : (tensor<16x32xf32>, tensor<16x16xf32>) -> tensor<16x32x2xf32>
  return
}

// -----

func.func @split_last_dim(%x: tensor<16x4xf32>) {
  // expected-error @+1 {{'tile.split' op the last dimension of the operand 'tensor<16x4xf32>' must have size 2, got 4; reshape it to end in 2 first}}
  %0:2 = tile.split %x : tensor<16x4xf32> -> tensor<16xf32>
  return
}

// -----

func.func @split_rank(%x: tensor<2xf32>) {
  // expected-error @+1 {{'tile.split' op operand 'tensor<2xf32>' must have rank 2 or more; a tensor of size 2 splits into scalars, use tile.reduce or a load of each element instead}}
  %0:2 = "tile.split"(%x) : (tensor<2xf32>) -> (tensor<f32>, tensor<f32>)
  return
}

// -----

func.func @split_shape(%x: tensor<16x2xf32>) {
  // expected-error @+1 {{'tile.split' op result shape must be the operand's without its last dimension: expected 'tensor<16xf32>', got 'tensor<32xf32>'}}
  %0:2 = tile.split %x : tensor<16x2xf32> -> tensor<32xf32>
  return
}

// -----

func.func @cat_axis(%x: tensor<16x32xf32>) {
  // expected-error @+1 {{'tile.cat' op axis 2 is out of range for operands of rank 2; it must be in [0, 1]}}
  %0 = tile.cat %x, %x {axis = 2 : i32} : tensor<16x32xf32> -> tensor<16x64xf32>
  return
}

// -----

func.func @cat_shape(%x: tensor<16x32xf32>) {
  // expected-error @+1 {{'tile.cat' op result shape must be the operands' with dimension 0 doubled: expected 'tensor<32x32xf32>', got 'tensor<16x64xf32>'}}
  %0 = tile.cat %x, %x {axis = 0 : i32} : tensor<16x32xf32> -> tensor<16x64xf32>
  return
}

// -----

func.func @cat_mismatched_other_dims(%x: tensor<16x32xf32>, %y: tensor<8x32xf32>) {
  // expected-error @+1 {{'tile.cat' op failed to verify that all of {lhs, rhs} have same type}}
  %0 = "tile.cat"(%x, %y) {axis = 1 : i32} : (tensor<16x32xf32>, tensor<8x32xf32>) -> tensor<16x64xf32>
  return
}
