// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm -verify-diagnostics

tile.kernel @no_layout(%p: !tile.ptr<f32>) {
  // expected-error @below {{tensor has no layout; write one or run layout assignment}}
  %offs = tile.arange 0, 128 : tensor<128xi32>
  tile.return
}

// -----

#l = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
tile.kernel @non_splat(%p: !tile.ptr<f32>) {
  // expected-error @below {{only splat tensor constants can be lowered}}
  %c = arith.constant dense<[1, 2]> : tensor<2xi32, #l>
  tile.return
}

// -----

#l = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
tile.kernel @powf(%p: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [128] : !tile.ptr<f32> -> !tile.view<128xf32>
  %t = tile.load_tile %v[%c0] : !tile.view<128xf32> -> tensor<128xf32, #l>
  // expected-error @below {{'math.powf' on f32 is not supported by the NVPTX lowering}}
  %u = math.powf %t, %t : tensor<128xf32, #l>
  tile.return
}

// -----

#l = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
tile.kernel @sin_f64(%p: !tile.ptr<f64>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [128] : !tile.ptr<f64> -> !tile.view<128xf64>
  %t = tile.load_tile %v[%c0] : !tile.view<128xf64> -> tensor<128xf64, #l>
  // expected-error @below {{'math.sin' on f64 is not supported by the NVPTX lowering}}
  %u = math.sin %t : tensor<128xf64, #l>
  tile.return
}

// -----

// expected-error @below {{op 'func.func' is not supported by convert-tile-to-llvm}}
func.func @not_a_kernel() {
  return
}
