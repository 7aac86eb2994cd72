// RUN: tile-opt %s -split-input-file -verify-diagnostics

// One case per diagnostic of tile.scan, tile.sort, tile.topk and of
// multi-operand tile.reduce.

func.func @scan_unknown_kind(%x: tensor<16xf32>) {
  // expected-error @+1 {{unknown scan 'avg'; use sum, prod, max, min or a combiner region}}
  %0 = tile.scan avg %x {axis = 0 : i32} : tensor<16xf32>
  return
}

// -----

func.func @scan_axis(%x: tensor<4x16xf32>) {
  // expected-error @+1 {{axis 2 is out of range for an operand of rank 2; it must be in [0, 1]}}
  %0 = tile.scan sum %x {axis = 2 : i32} : tensor<4x16xf32>
  return
}

// -----

func.func @scan_no_kind(%x: tensor<16xf32>) {
  // expected-error @+1 {{needs a kind (sum, prod, max, min) or a combiner region}}
  %0 = tile.scan %x {axis = 0 : i32} : tensor<16xf32>
  return
}

// -----

func.func @scan_kind_two_operands(%x: tensor<16xf32>, %y: tensor<16xf32>) {
  // expected-error @+1 {{sum, prod, max and min scan one operand, not 2; scan several operands with a combiner region}}
  %0:2 = tile.scan sum %x, %y {axis = 0 : i32} : tensor<16xf32>, tensor<16xf32>
  return
}

// -----

func.func @scan_exclusive_combiner(%x: tensor<16xf32>) {
  // expected-error @+1 {{an exclusive scan needs a kind (sum, prod, max, min), whose identity starts it; with a combiner region, scan inclusively and shift the result}}
  %0 = tile.scan %x {axis = 0 : i32, exclusive} combiner {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.yield %s : f32
  } : tensor<16xf32>
  return
}

// -----

func.func @scan_pointers(%x: tensor<16x!tile.ptr<f32>>) {
  // expected-error @+1 {{sum, prod, max and min scan integers or floats, not '!tile.ptr<f32>'; use a combiner region}}
  %0 = tile.scan sum %x {axis = 0 : i32} : tensor<16x!tile.ptr<f32>>
  return
}

// -----

#l = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#c = #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]>

func.func @scan_operand_layouts(%x: tensor<64x64xf32, #l>, %y: tensor<64x64xi32, #c>) {
  // expected-error @+1 {{operand #1 has type 'tensor<64x64xi32, #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]>>', but all operands must have the shape and layout of operand #0}}
  %0:2 = tile.scan %x, %y {axis = 0 : i32} combiner {
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    tile.yield %b, %bi : f32, i32
  } : tensor<64x64xf32, #l>, tensor<64x64xi32, #c>
  return
}

// -----

func.func @scan_combiner_args(%x: tensor<16xf32>, %y: tensor<16xi32>) {
  // expected-error @+1 {{the combiner block must take two tuples of the operands' element types: ^bb0(%a0: f32, %a1: i32, %b0: f32, %b1: i32)}}
  %0:2 = tile.scan %x, %y {axis = 0 : i32} combiner {
  ^bb0(%a: f32, %b: f32, %ai: i32, %bi: i32):
    tile.yield %b, %bi : f32, i32
  } : tensor<16xf32>, tensor<16xi32>
  return
}

// -----

func.func @scan_combiner_yield(%x: tensor<16xf32>, %y: tensor<16xi32>) {
  %0:2 = tile.scan %x, %y {axis = 0 : i32} combiner {
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    // expected-error @+1 {{must yield one value per operand, of the operands' element types (f32, i32)}}
    tile.yield %b : f32
  } : tensor<16xf32>, tensor<16xi32>
  return
}

// -----

func.func @scan_combiner_effects(%x: tensor<16xf32>, %p: !tile.ptr<f32>) {
  %0 = tile.scan %x {axis = 0 : i32} combiner {
  ^bb0(%a: f32, %b: f32):
    // expected-error @+1 {{has side effects; a tile.scan combiner must be free of side effects (no loads or stores)}}
    %l = tile.load %p : !tile.ptr<f32>
    tile.yield %l : f32
  } : tensor<16xf32>
  return
}

// -----

func.func @scan_result_type(%x: tensor<16xf32>) {
  // expected-error @+1 {{result #0 has type 'tensor<16xf16>' but must have its operand's type 'tensor<16xf32>'}}
  %0 = "tile.scan"(%x) ({}) {axis = 0 : i32, kind = #tile<scan_kind sum>} : (tensor<16xf32>) -> tensor<16xf16>
  return
}

// -----

func.func @reduce_kind_two_operands(%x: tensor<16xf32>, %y: tensor<16xi32>) {
  // expected-error @+1 {{sum, max and min reduce one operand, not 2; reduce several operands with a combiner region}}
  %0:2 = tile.reduce max %x, %y {axis = 0 : i32} : tensor<16xf32>, tensor<16xi32> -> f32, i32
  return
}

// -----

func.func @reduce_result_count(%x: tensor<16xf32>, %y: tensor<16xi32>) {
  // expected-error @+1 {{has 1 results but 2 operands; it gives one result per operand}}
  %0 = tile.reduce %x, %y {axis = 0 : i32} combiner {
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    tile.yield %b, %bi : f32, i32
  } : tensor<16xf32>, tensor<16xi32> -> f32
  return
}

// -----

func.func @reduce_second_result(%x: tensor<4x16xf32>, %y: tensor<4x16xi32>) {
  // expected-error @+1 {{result #1 type 'tensor<4xf32>' must be the operand type without dimension #1: expected shape [4] of 'i32'}}
  %0:2 = tile.reduce %x, %y {axis = 1 : i32} combiner {
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    tile.yield %b, %bi : f32, i32
  } : tensor<4x16xf32>, tensor<4x16xi32> -> tensor<4xf32>, tensor<4xf32>
  return
}

// -----

func.func @reduce_operand_shapes(%x: tensor<4x16xf32>, %y: tensor<4x8xi32>) {
  // expected-error @+1 {{operand #1 has type 'tensor<4x8xi32>', but all operands must have the shape and layout of operand #0 ('tensor<4x16xf32>')}}
  %0:2 = tile.reduce %x, %y {axis = 1 : i32} combiner {
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    tile.yield %b, %bi : f32, i32
  } : tensor<4x16xf32>, tensor<4x8xi32> -> tensor<4xf32>, tensor<4xi32>
  return
}

// -----

func.func @sort_not_pow2(%x: tensor<4x48xf32>) {
  // expected-error @+1 {{sorts along axis 1 of 'tensor<4x48xf32>', whose size is not a power of two; pad the axis to 64 (with the smallest value, or the largest for an ascending sort)}}
  %0 = tile.sort %x {axis = 1 : i32} : tensor<4x48xf32>
  return
}

// -----

func.func @sort_key_type(%x: tensor<64x!tile.ptr<f32>>) {
  // expected-error @+1 {{sorts by operand #0, whose elements ('!tile.ptr<f32>') are neither integers nor floats; put the key first}}
  %0 = tile.sort %x {axis = 0 : i32} : tensor<64x!tile.ptr<f32>>
  return
}

// -----

func.func @sort_axis(%x: tensor<64xf32>) {
  // expected-error @+1 {{axis 1 is out of range for an operand of rank 1; it must be in [0, 0]}}
  %0 = tile.sort %x {axis = 1 : i32} : tensor<64xf32>
  return
}

// -----

func.func @topk_k(%x: tensor<4x64xf32>) {
  // expected-error @+1 {{k = 6 must be a power of two in [1, 64] (the size of axis 1); take a larger power of two and drop the extra elements}}
  %0 = tile.topk %x {axis = 1 : i32, k = 6 : i32} : tensor<4x64xf32> -> tensor<4x6xf32>
  return
}

// -----

func.func @topk_result_shape(%x: tensor<4x64xf32>) {
  // expected-error @+1 {{result #0 has type 'tensor<4x16xf32>' but must have shape [4, 8] (the operand's, with k = 8 along axis 1) and element type 'f32'}}
  %0 = tile.topk %x {axis = 1 : i32, k = 8 : i32} : tensor<4x64xf32> -> tensor<4x16xf32>
  return
}

// -----

#l = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#c = #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]>

func.func @topk_result_layouts(%x: tensor<64x64xf32, #l>, %i: tensor<64x64xi32, #l>) {
  // expected-error @+1 {{result #1 has layout #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]> but result #0 has #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>; all results share one layout}}
  %0:2 = tile.topk %x, %i {axis = 1 : i32, k = 8 : i32} : tensor<64x64xf32, #l>, tensor<64x64xi32, #l> -> tensor<64x8xf32, #l>, tensor<64x8xi32, #c>
  return
}

// -----

#l = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>

func.func @topk_missing_layout(%x: tensor<64x64xf32, #l>) {
  // expected-error @+1 {{the operands have a layout, so the results need one too}}
  %0 = tile.topk %x {axis = 1 : i32, k = 8 : i32} : tensor<64x64xf32, #l> -> tensor<64x8xf32>
  return
}
