// RUN: tile-opt %s -split-input-file --tile-assign-layouts -verify-diagnostics

tile.kernel @rank0(%p: !tile.ptr<f32>) {
  // expected-error @below {{cannot choose a layout for 'tensor<f32>'; rank-0 tensors have no distributed layout, use a scalar}}
  %c = arith.constant dense<1.0> : tensor<f32>
  %f = tile.splat %p : !tile.ptr<f32> -> tensor<1x!tile.ptr<f32>>
  tile.return
}

// -----

tile.kernel @while(%p: !tile.ptr<f32>, %n: i32) {
  %v = tile.make_view %p, shape [%n] : !tile.ptr<f32> -> !tile.view<?xf32>
  %c0 = arith.constant 0 : i32
  %t = tile.load_at %v[%c0] : !tile.view<?xf32> -> tensor<128xf32>
  // expected-error @below {{cannot assign layouts through 'scf.while'; write the layouts of the tensors it carries (or use scf.for / scf.if)}}
  %r = scf.while (%a = %t) : (tensor<128xf32>) -> tensor<128xf32> {
    %c = arith.cmpi slt, %c0, %n : i32
    scf.condition(%c) %a : tensor<128xf32>
  } do {
  ^bb0(%b: tensor<128xf32>):
    scf.yield %b : tensor<128xf32>
  }
  tile.store_at %r, %v[%c0] : tensor<128xf32>, !tile.view<?xf32>
  tile.return
}

// -----

tile.kernel @rank0_pointers(%p: !tile.ptr<f32>) {
  // expected-error @below {{cannot choose a layout for 'tensor<!tile.ptr<f32>>'; rank-0 tensors have no distributed layout, use a scalar}}
  %s = tile.splat %p : !tile.ptr<f32> -> tensor<!tile.ptr<f32>>
  // expected-error @below {{cannot choose a layout for 'tensor<f32>'; rank-0 tensors have no distributed layout, use a scalar}}
  %x = tile.load %s : tensor<!tile.ptr<f32>>
  tile.store %s, %x : tensor<!tile.ptr<f32>>
  tile.return
}
