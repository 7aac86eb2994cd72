// RUN: tile-opt %s --tile-pipeline="remarks=true" -verify-diagnostics | FileCheck %s

// tile-pipeline before tile-assign-layouts: the loaded tiles have no layout
// to copy them in, so the loop stays as it is, with the reason.

// CHECK-LABEL: tile.kernel @no_layouts
// CHECK-NOT: tile.async_load_tile
// CHECK: scf.for
// CHECK-COUNT-2: tile.load_tile
tile.kernel @no_layouts(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>,
                        %m: i32, %n: i32, %k: i32, %kt: i32)
    attributes {num_warps = 4 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  // expected-remark @below {{tile-pipeline: loop not pipelined: the tile.load_tile feeding a dot stays synchronous: its result is not a tensor with a layout}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %x = tile.load_tile %va[%pm, %i] padding = zero : !tile.view<?x?xf16> -> tensor<64x32xf16>
    %y = tile.load_tile %vb[%i, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<32x64xf16>
    %d = tile.dot %x, %y, %s : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<64x64xf32>, !tile.view<?x?xf32>
  tile.return
}
