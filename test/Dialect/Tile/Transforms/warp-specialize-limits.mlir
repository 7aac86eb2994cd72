// RUN: tile-opt %s -split-input-file --tile-assign-layouts --tile-warp-specialize -verify-diagnostics | FileCheck %s

// Loops that ask for warp specialization and hit a limit of the hardware
// or of shared memory: each stays as it is (tile-pipeline may still
// pipeline it), with a remark saying why.

// A's pointer is advanced by four index * stride terms: with the view's two
// dims, its descriptor would need 6 dims; TMA takes at most 5.
// CHECK-LABEL: tile.kernel @six_dims
// CHECK-NOT: tile.warp_specialize default
tile.kernel @six_dims(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32,
      %s: i32 {tile.divisibility = 8 : i64},
      %sbk: i32 {tile.divisibility = 8 : i64}, %scm: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %pz = tile.program_id z : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %t0 = arith.muli %pz, %s : i32
  %t1 = arith.muli %pm, %s : i32
  %t2 = arith.muli %pn, %s : i32
  %t3 = arith.muli %pz, %sbk : i32
  %o01 = arith.addi %t0, %t1 : i32
  %o23 = arith.addi %t2, %t3 : i32
  %off = arith.addi %o01, %o23 : i32
  %ap = tile.addptr %a, %off : !tile.ptr<f16>, i32
  %va = tile.make_view %ap, shape [%m, %k], strides [%s, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-warp-specialize: loop left as it is: a tile.load_tile feeding a dot cannot be a TMA copy: the view of rank 2 and its 4 pointer offset terms (one descriptor dim each) exceed the 5 dims of a TMA descriptor}}
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  } {tile.warp_specialize = true}
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}

// -----

// A's pointer is chosen at run time (arith.select of two parameters): no
// parameter for the launcher to build a descriptor from.
// CHECK-LABEL: tile.kernel @selected_pointer
// CHECK-NOT: tile.warp_specialize default
tile.kernel @selected_pointer(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %a2: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32,
      %sam: i32 {tile.divisibility = 8 : i64},
      %sbk: i32 {tile.divisibility = 8 : i64}, %scm: i32, %second: i1)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %ap = arith.select %second, %a2, %a : !tile.ptr<f16>
  %va = tile.make_view %ap, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-warp-specialize: loop left as it is: a tile.load_tile feeding a dot cannot be a TMA copy: the view's pointer is neither a kernel parameter nor one advanced by index * stride terms}}
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  } {tile.warp_specialize = true}
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}

// -----

// No count asked: 128x256 + 256x256 f16 tiles are 196608 bytes a step: two
// slots do not fit in 227 KiB.
// CHECK-LABEL: tile.kernel @two_slots_too_many
// CHECK-NOT: tile.warp_specialize default
tile.kernel @two_slots_too_many(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32,
      %sam: i32 {tile.divisibility = 8 : i64},
      %sbk: i32 {tile.divisibility = 8 : i64}, %scm: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  // expected-remark @below {{tile-warp-specialize: loop left as it is: 2 slots of 196608 bytes do not fit in shared memory beside the 2048 bytes the kernel already uses}}
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x256xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x256xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<256x256xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x256xf16>, tensor<256x256xf16> -> tensor<128x256xf32>
    scf.yield %next : tensor<128x256xf32>
  } {tile.warp_specialize = true}
  %out = arith.truncf %acc : tensor<128x256xf32> to tensor<128x256xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x256xf16>, !tile.view<?x?xf16>
  tile.return
}
