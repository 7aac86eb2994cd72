// RUN: tile-opt %s -split-input-file --tile-assign-layouts --tile-pipeline="remarks=true" -verify-diagnostics | FileCheck %s

// Loops of two wgmma whose last one cannot run into the next iteration
// (pipeline-deferred.mlir has the loops where it can, and the other
// reasons): the loop is pipelined with every dot synchronous, and a remark
// says why.

// The last wgmma is inside an scf.if of the body.
// CHECK-LABEL: tile.kernel @nested
// CHECK: scf.for
// CHECK-NOT: tile.dot_wait
// CHECK: tile.return
tile.kernel @nested(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                    %c: !tile.ptr<f32>, %m: i32, %n: i32, %k: i32, %kt: i32, %flag: i1)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [128, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-pipeline: every dot stays synchronous: the last wgmma is nested in a region of the loop body}}
  // expected-remark @below {{tile-pipeline: 3 stages of 32768 bytes: tile.load_tile 128x64xf16 in 3 slots (wgmma operand), tile.load_tile 64x128xf16 in 3 slots (wgmma operand); dots synchronous}}
  %acc, %acc2 = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero, %s2 = %zero) -> (tensor<128x128xf32>, tensor<128x128xf32>) : i32 {
    %x = tile.load_tile %va[%pm, %i] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %y = tile.load_tile %vb[%i, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %d = tile.dot %x, %y, %s : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    %d2 = scf.if %flag -> (tensor<128x128xf32>) {
      %e = tile.dot %x, %y, %s2 : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
      scf.yield %e : tensor<128x128xf32>
    } else {
      scf.yield %s2 : tensor<128x128xf32>
    }
    scf.yield %d, %d2 : tensor<128x128xf32>, tensor<128x128xf32>
  }
  %sum = arith.addf %acc, %acc2 : tensor<128x128xf32>
  tile.store_tile %sum, %vc[%pm, %pn] : tensor<128x128xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// The last wgmma reads B from a buffer stored in the body (the negated
// tile), not from a pipeline slot: running into the next iteration, it
// would read the buffer while that iteration rewrites it.
// CHECK-LABEL: tile.kernel @operand_written_in_body
// CHECK: scf.for
// CHECK-NOT: tile.dot_wait
// CHECK: tile.return
tile.kernel @operand_written_in_body(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                                     %c: !tile.ptr<f32>, %m: i32, %n: i32, %k: i32, %kt: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [128, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-pipeline: every dot stays synchronous: an operand of the last wgmma is a shared-memory buffer written in the loop body (not a pipeline slot)}}
  // expected-remark @below {{tile-pipeline: 3 stages of 32768 bytes: tile.load_tile 128x64xf16 in 3 slots (wgmma operand), tile.load_tile 64x128xf16 in 3 slots (wgmma operand); dots synchronous}}
  %acc, %acc2 = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero, %s2 = %zero) -> (tensor<128x128xf32>, tensor<128x128xf32>) : i32 {
    %x = tile.load_tile %va[%pm, %i] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %y = tile.load_tile %vb[%i, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %d = tile.dot %x, %y, %s : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    %yn = arith.negf %y : tensor<64x128xf16>
    %d2 = tile.dot %x, %yn, %s2 : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %d, %d2 : tensor<128x128xf32>, tensor<128x128xf32>
  }
  %sum = arith.addf %acc, %acc2 : tensor<128x128xf32>
  tile.store_tile %sum, %vc[%pm, %pn] : tensor<128x128xf32>, !tile.view<?x?xf32>
  tile.return
}
