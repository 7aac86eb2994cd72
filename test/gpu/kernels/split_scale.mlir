// Scaled copies of long rows, split by tile-split-tiles (default pipeline).
//
// @split_scale_at: y[r, c] = 2 * x[r, c] + 1 with tile.load_at/store_at at
// column offset %off (one program per row, 1 x 32768 f32 = 256 registers per
// thread, four chunks of 1 x 8192). Launch: grid (m).
//
// @split_absmax: Triton-style pointer tensors (arange, splat, addptr,
// masks): y[r, c] = x[r, c] / max_c' |x[r, c']| over rows of stride n,
// n <= 32768, the maximum through a combiner region (no identity known to
// the pass: the first chunk is peeled). Launch: grid (m).

tile.kernel @split_scale_at(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                            %y: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                            %m: i32, %n: i32, %off: i32)
    attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %in = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %y, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_at %in[%i, %off] : !tile.view<?x?xf32> -> tensor<1x32768xf32>
  %two = arith.constant dense<2.0> : tensor<1x32768xf32>
  %one = arith.constant dense<1.0> : tensor<1x32768xf32>
  %t2 = arith.mulf %t, %two : tensor<1x32768xf32>
  %r = arith.addf %t2, %one : tensor<1x32768xf32>
  tile.store_at %r, %out[%i, %off] : tensor<1x32768xf32>, !tile.view<?x?xf32>
  tile.return
}

tile.kernel @split_absmax(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                          %y: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                          %n: i32) attributes {num_warps = 4 : i32} {
  %i = tile.program_id x : i32
  %row = arith.muli %i, %n : i32
  %xr = tile.addptr %x, %row : !tile.ptr<f32>, i32
  %yr = tile.addptr %y, %row : !tile.ptr<f32>, i32
  %offs = tile.arange 0, 32768 : tensor<32768xi32>
  %nv = tile.splat %n : i32 -> tensor<32768xi32>
  %mask = arith.cmpi slt, %offs, %nv : tensor<32768xi32>
  %xb = tile.splat %xr : !tile.ptr<f32> -> tensor<32768x!tile.ptr<f32>>
  %xp = tile.addptr %xb, %offs : tensor<32768x!tile.ptr<f32>>, tensor<32768xi32>
  %zero = arith.constant dense<0.0> : tensor<32768xf32>
  %v = tile.load %xp, %mask, %zero : tensor<32768x!tile.ptr<f32>>
  %amax = tile.reduce %v {axis = 0 : i32} combiner {
  ^bb0(%a: f32, %b: f32):
    %aa = math.absf %a : f32
    %bb = math.absf %b : f32
    %c = arith.maximumf %aa, %bb : f32
    tile.yield %c : f32
  } : tensor<32768xf32> -> f32
  %av = tile.splat %amax : f32 -> tensor<32768xf32>
  %w = arith.divf %v, %av : tensor<32768xf32>
  %yb = tile.splat %yr : !tile.ptr<f32> -> tensor<32768x!tile.ptr<f32>>
  %yp = tile.addptr %yb, %offs : tensor<32768x!tile.ptr<f32>>, tensor<32768xi32>
  tile.store %yp, %w, %mask : tensor<32768x!tile.ptr<f32>>
  tile.return
}
