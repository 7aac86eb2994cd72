// RUN: tile-opt %s -split-input-file --tile-optimize-converts="remarks=true" -verify-diagnostics

#row = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#col = #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]>

tile.kernel @transpose(%src: !tile.ptr<f32>, %dst: !tile.ptr<f32>, %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %in = tile.make_view %src, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %out = tile.make_view %dst, shape [%m, %n], strides [1, %m] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %in[%i, %i] : !tile.view<?x?xf32> -> tensor<64x64xf32, #row>
  // expected-remark @below {{layout conversion kept: its source 'tile.load_tile' reads memory coalesced in the source layout (cost: shared-memory)}}
  %u = layout.convert %t : tensor<64x64xf32, #row> -> tensor<64x64xf32, #col>
  tile.store_tile %u, %out[%i, %i] : tensor<64x64xf32, #col>, !tile.view<?x?xf32>
  tile.return
}

// -----

#a = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#s = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>

tile.kernel @costs(%p: !tile.ptr<f32>, %n: i32) {
  %v = tile.make_view %p, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %c0 = arith.constant 0 : i32
  %x = tile.load_at %v[%c0] : !tile.view<?xf32> -> tensor<512xf32, #a>
  %e = math.exp %x : tensor<512xf32, #a>
  // expected-remark @below {{layout conversion kept: it feeds 'tile.store_at', which writes memory coalesced in the target layout (cost: shared-memory)}}
  %c = layout.convert %e : tensor<512xf32, #a> -> tensor<512xf32, #b>
  tile.store_at %c, %v[%c0] : tensor<512xf32, #b>, !tile.view<?xf32>
  tile.return
}

// -----

#a = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#r = #layout.linear<register = [[2], [1]], lane = [[4], [8], [16], [32], [64]], warp = [[128], [256]]>

tile.kernel @permutation(%p: !tile.ptr<f32>, %n: i32) {
  %v = tile.make_view %p, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %c0 = arith.constant 0 : i32
  %x = tile.load_at %v[%c0] : !tile.view<?xf32> -> tensor<512xf32, #a>
  %e = math.exp %x : tensor<512xf32, #a>
  %f = math.exp %e : tensor<512xf32, #a>
  // expected-remark @below {{layout conversion kept: moving it across its producer 'math.exp' or its users would not remove a conversion (cost: register-permutation)}}
  %c = layout.convert %f : tensor<512xf32, #a> -> tensor<512xf32, #r>
  %g = math.exp %c : tensor<512xf32, #r>
  %h = arith.addf %g, %g : tensor<512xf32, #r>
  %w = layout.convert %h {assert_trivial} : tensor<512xf32, #r> -> tensor<512xf32, #a>
  // expected-remark @above {{layout conversion kept: it is marked assert_trivial (cost: register-permutation)}}
  tile.store_at %w, %v[%c0] : tensor<512xf32, #a>, !tile.view<?xf32>
  tile.return
}
