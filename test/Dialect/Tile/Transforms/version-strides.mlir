// RUN: tile-opt %s -split-input-file --pass-pipeline='builtin.module(tile.kernel(tile-version-strides))' | FileCheck %s
// RUN: tile-opt %s -split-input-file --pass-pipeline='builtin.module(tile.kernel(tile-version-strides,tile-version-strides))' | FileCheck %s --check-prefix=TWICE

// A GEMM loop over views with run-time strides: the condition tests, for
// A and B, the last stride against 1, the base against 16 bytes and the
// row stride against 8 f16 elements (16 bytes); the fast version reads
// views with a static unit stride whose pointer and row stride are
// promised aligned; the general version is the loop as it was, not
// pipelined, with its dot computed over 16-wide chunks of K (32 bytes of
// f16: one wgmma step) by an inner loop that is not pipelined either.

// CHECK-LABEL: tile.kernel @gemm
// CHECK: %[[VA:.*]] = tile.make_view %[[A:arg0]], shape [%[[M:arg3]], %[[K:arg5]]], strides [%[[SAM:arg6]], %[[SAK:arg7]]]
// CHECK: %[[VB:.*]] = tile.make_view %[[B:arg1]], shape [%[[K]], %[[N:arg4]]], strides [%[[SBK:arg8]], %[[SBN:arg9]]]
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[U1:.*]] = arith.cmpi eq, %[[SAK]], %[[ONE]] : i32
// CHECK: %[[PA:.*]] = tile.ptr_to_int %[[A]] : !tile.ptr<f16>
// CHECK: %[[C15:.*]] = arith.constant 15 : i64
// CHECK: %[[LA:.*]] = arith.andi %[[PA]], %[[C15]] : i64
// CHECK: %[[AL1:.*]] = arith.cmpi eq, %[[LA]], %{{.*}} : i64
// CHECK: %[[X1:.*]] = arith.andi %[[U1]], %[[AL1]] : i1
// CHECK: %[[C7:.*]] = arith.constant 7 : i32
// CHECK: %[[LS:.*]] = arith.andi %[[SAM]], %[[C7]] : i32
// CHECK: %[[RS1:.*]] = arith.cmpi eq, %[[LS]], %{{.*}} : i32
// CHECK: %[[X2:.*]] = arith.andi %[[X1]], %[[RS1]] : i1
// CHECK: arith.cmpi eq, %[[SBN]], %{{.*}} : i32
// CHECK: tile.ptr_to_int %[[B]] : !tile.ptr<f16>
// CHECK: arith.andi %[[SBK]], %{{.*}} : i32
// CHECK: %[[COND:.*]] = arith.andi
// CHECK: %[[R:.*]] = scf.if %[[COND]] -> (tensor<128x128xf32>) {
// CHECK-NEXT: %[[A16:.*]] = tile.assume_multiple %[[A]], 16 : !tile.ptr<f16>
// CHECK-NEXT: %[[SAM8:.*]] = tile.assume_multiple %[[SAM]], 8 : i32
// CHECK-NEXT: %[[FA:.*]] = tile.make_view %[[A16]], shape [%[[M]], %[[K]]], strides [%[[SAM8]], 1]
// CHECK-NEXT: %[[B16:.*]] = tile.assume_multiple %[[B]], 16 : !tile.ptr<f16>
// CHECK-NEXT: %[[SBK8:.*]] = tile.assume_multiple %[[SBK]], 8 : i32
// CHECK-NEXT: %[[FB:.*]] = tile.make_view %[[B16]], shape [%[[K]], %[[N]]], strides [%[[SBK8]], 1]
// CHECK-NEXT: %[[FAST:.*]] = scf.for
// CHECK-NEXT: tile.load_tile %[[FA]]
// CHECK-NEXT: tile.load_tile %[[FB]]
// CHECK-NEXT: tile.dot
// CHECK-NEXT: scf.yield
// CHECK-NEXT: } {tile.stride_versioned}
// CHECK-NEXT: scf.yield %[[FAST]]
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[SLOW:.*]] = scf.for %[[KT:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[S:.*]] = %{{.*}})
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[O:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[N4:.*]] = arith.constant 4 : i32
// CHECK-NEXT: %[[PART:.*]] = scf.for %[[C:.*]] = %[[Z]] to %[[N4]] step %[[O]] iter_args(%[[PS:.*]] = %[[S]])
// CHECK-NEXT: %[[K4:.*]] = arith.muli %[[KT]], %[[N4]] : i32
// CHECK-NEXT: %[[KC:.*]] = arith.addi %[[K4]], %[[C]] : i32
// CHECK-NEXT: %[[CA:.*]] = tile.load_tile %[[VA]][%{{.*}}, %[[KC]]] padding = zero : !tile.view<?x?xf16> -> tensor<128x16xf16>
// CHECK-NEXT: %[[CB:.*]] = tile.load_tile %[[VB]][%[[KC]], %{{.*}}] padding = zero : !tile.view<?x?xf16> -> tensor<16x128xf16>
// CHECK-NEXT: %[[D:.*]] = tile.dot %[[CA]], %[[CB]], %[[PS]] : tensor<128x16xf16>, tensor<16x128xf16> -> tensor<128x128xf32>
// CHECK-NEXT: scf.yield %[[D]]
// CHECK-NEXT: } {tile.num_stages = 1 : i32, tile.stride_versioned}
// CHECK-NEXT: scf.yield %[[PART]]
// CHECK-NEXT: } {tile.num_stages = 1 : i32, tile.stride_versioned}
// CHECK-NEXT: scf.yield %[[SLOW]]
// CHECK-NEXT: }
// CHECK-NEXT: arith.truncf %[[R]]
// TWICE-LABEL: tile.kernel @gemm
// TWICE-COUNT-1: scf.if
// TWICE-NOT: scf.if
tile.kernel @gemm(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f16>,
                  %m: i32, %n: i32, %k: i32,
                  %sam: i32, %sak: i32, %sbk: i32, %sbn: i32,
                  %scm: i32, %scn: i32) attributes {num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, %sak] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, %sbn] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, %scn] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %i = %c0 to %k step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%c0, %i] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%i, %c0] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %d = tile.dot %ta, %tb, %s : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  %h = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %h, %vc[%c0, %c0] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}

// -----

// What the kernel already proves is not tested: a 16-byte aligned A whose
// row stride is a multiple of 8 (tile.divisibility) needs only its unit
// stride tested; B's stride is statically 1 and B is not versioned. f32
// elements: 4 to a 16-byte vector.

// CHECK-LABEL: tile.kernel @proven
// TWICE-LABEL: tile.kernel @proven
// CHECK-NOT: tile.ptr_to_int
// CHECK: %[[COND:.*]] = arith.cmpi eq, %arg5, %{{.*}} : i32
// CHECK-NEXT: scf.if %[[COND]]
// CHECK-NEXT: tile.assume_multiple %arg0, 16 : !tile.ptr<f32>
// CHECK-NEXT: tile.assume_multiple %arg4, 4 : i32
// CHECK-NEXT: tile.make_view %{{.*}}, shape [%arg2, %arg3], strides [%{{.*}}, 1]
// CHECK-NEXT: scf.for
// CHECK-NEXT: tile.load_tile %{{.*}}
// CHECK-NEXT: tile.load_tile %[[VB:[0-9]+]]
// f32 (tf32) dots go in chunks of 8 (32 bytes).
// CHECK: } else {
// CHECK: scf.for
// CHECK: %[[N4:.*]] = arith.constant 4 : i32
// CHECK: tile.load_tile %{{.*}} -> tensor<64x8xf32>
// CHECK-NEXT: tile.load_tile %{{.*}} -> tensor<8x64xf32>
// CHECK-NEXT: tile.dot %{{.*}} : tensor<64x8xf32>, tensor<8x64xf32> -> tensor<64x64xf32>
tile.kernel @proven(%a: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f32>,
                    %m: i32, %k: i32, %sam: i32 {tile.divisibility = 8 : i64}, %sak: i32) attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, %sak] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %vb = tile.make_view %b, shape [%k, 64], strides [64, 1] : !tile.ptr<f32> -> !tile.view<?x64xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = scf.for %i = %c0 to %k step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %ta = tile.load_tile %va[%c0, %i] padding = zero : !tile.view<?x?xf32> -> tensor<64x32xf32>
    %tb = tile.load_tile %vb[%i, %c0] padding = zero : !tile.view<?x64xf32> -> tensor<32x64xf32>
    %d = tile.dot %ta, %tb, %s : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  tile.return
}

// -----

// Left alone: a loop that asks for no pipelining, a view whose other
// static stride cannot hold aligned rows (6 f16 elements), and a view made
// inside the loop.

// CHECK-LABEL: tile.kernel @left_alone
// CHECK-NOT: scf.if
// CHECK-NOT: tile.assume_multiple
// CHECK: tile.return
tile.kernel @left_alone(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %k: i32, %s0: i32, %s1: i32) attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [64, %k], strides [%s0, %s1] : !tile.ptr<f16> -> !tile.view<64x?xf16>
  %vb = tile.make_view %b, shape [%k, 64], strides [6, %s1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %x = arith.constant dense<1.0> : tensor<64x32xf16>
  %y = arith.constant dense<1.0> : tensor<32x64xf16>
  %off = scf.for %i = %c0 to %k step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %ta = tile.load_tile %va[%c0, %i] padding = zero : !tile.view<64x?xf16> -> tensor<64x32xf16>
    %tb = tile.load_tile %vb[%i, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<32x64xf16>
    %d = tile.dot %ta, %tb, %s : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  } {tile.num_stages = 1 : i32}
  %bad = scf.for %i = %c0 to %k step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %tb = tile.load_tile %vb[%i, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<32x64xf16>
    %d = tile.dot %x, %tb, %s : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  %inner = scf.for %i = %c0 to %k step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %vi = tile.make_view %a, shape [64, %k], strides [%s0, %s1] : !tile.ptr<f16> -> !tile.view<64x?xf16>
    %ta = tile.load_tile %vi[%c0, %i] padding = zero : !tile.view<64x?xf16> -> tensor<64x32xf16>
    %d = tile.dot %ta, %y, %s : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  tile.return
}

// -----

// Step 4 follows casts: f32 tiles truncated to f16 go in chunks of 16
// (the dot's operand type), the casts cloned onto the chunks. Not chunked:
// a tile that has another use (the sum), and one whose static K extent (80)
// the 64-wide tile does not divide (a chunk past 80 would not be masked).

// CHECK-LABEL: tile.kernel @chunk_casts
// CHECK: } else {
// CHECK: scf.for
// CHECK: scf.for
// CHECK-NEXT: arith.muli
// CHECK-NEXT: %[[KC:.*]] = arith.addi
// CHECK-NEXT: %[[LA:.*]] = tile.load_tile %{{.*}}[%{{.*}}, %[[KC]]] padding = zero : !tile.view<64x?xf32> -> tensor<64x16xf32>
// CHECK-NEXT: %[[TA:.*]] = arith.truncf %[[LA]] : tensor<64x16xf32> to tensor<64x16xf16>
// CHECK-NEXT: %[[LB:.*]] = tile.load_tile %{{.*}}[%[[KC]], %{{.*}}] padding = zero : !tile.view<?x64xf32> -> tensor<16x64xf32>
// CHECK-NEXT: %[[TB:.*]] = arith.truncf %[[LB]] : tensor<16x64xf32> to tensor<16x64xf16>
// CHECK-NEXT: tile.dot %[[TA]], %[[TB]], %{{.*}} : tensor<64x16xf16>, tensor<16x64xf16> -> tensor<64x64xf32>
// CHECK-LABEL: tile.kernel @not_chunked
// CHECK: } else {
// CHECK-NEXT: scf.for
// CHECK-NEXT: tile.load_tile %{{.*}} -> tensor<64x64xf16>
// CHECK-NEXT: tile.load_tile %{{.*}} -> tensor<64x64xf16>
// CHECK-NEXT: tile.dot
// CHECK-NEXT: arith.extf
// CHECK: } else {
// CHECK-NEXT: scf.for
// CHECK-NEXT: tile.load_tile %{{.*}} -> tensor<64x64xf16>
// CHECK-NEXT: tile.load_tile %{{.*}} -> tensor<64x64xf16>
// CHECK-NEXT: tile.dot
tile.kernel @chunk_casts(%a: !tile.ptr<f32>, %b: !tile.ptr<f32>, %k: i32,
                         %s0: i32, %s1: i32, %s2: i32, %s3: i32) attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [64, %k], strides [%s0, %s1] : !tile.ptr<f32> -> !tile.view<64x?xf32>
  %vb = tile.make_view %b, shape [%k, 64], strides [%s2, %s3] : !tile.ptr<f32> -> !tile.view<?x64xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = scf.for %i = %c0 to %k step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %la = tile.load_tile %va[%c0, %i] padding = zero : !tile.view<64x?xf32> -> tensor<64x64xf32>
    %ta = arith.truncf %la : tensor<64x64xf32> to tensor<64x64xf16>
    %lb = tile.load_tile %vb[%i, %c0] padding = zero : !tile.view<?x64xf32> -> tensor<64x64xf32>
    %tb = arith.truncf %lb : tensor<64x64xf32> to tensor<64x64xf16>
    %d = tile.dot %ta, %tb, %s : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  tile.return
}
tile.kernel @not_chunked(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %k: i32,
                         %s0: i32, %s1: i32, %s2: i32, %s3: i32) attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [64, %k], strides [%s0, %s1] : !tile.ptr<f16> -> !tile.view<64x?xf16>
  %vb = tile.make_view %b, shape [%k, 64], strides [%s2, %s3] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %va80 = tile.make_view %a, shape [64, 80], strides [%s0, %s1] : !tile.ptr<f16> -> !tile.view<64x80xf16>
  %vb80 = tile.make_view %b, shape [80, 64], strides [%s2, %s3] : !tile.ptr<f16> -> !tile.view<80x64xf16>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %two = scf.for %i = %c0 to %k step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %ta = tile.load_tile %va[%c0, %i] padding = zero : !tile.view<64x?xf16> -> tensor<64x64xf16>
    %tb = tile.load_tile %vb[%i, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
    %d = tile.dot %ta, %tb, %s : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    %e = arith.extf %ta : tensor<64x64xf16> to tensor<64x64xf32>
    %f = arith.addf %d, %e : tensor<64x64xf32>
    scf.yield %f : tensor<64x64xf32>
  }
  %c2 = arith.constant 2 : i32
  %ragged = scf.for %i = %c0 to %c2 step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %ta = tile.load_tile %va80[%c0, %i] padding = zero : !tile.view<64x80xf16> -> tensor<64x64xf16>
    %tb = tile.load_tile %vb80[%i, %c0] padding = zero : !tile.view<80x64xf16> -> tensor<64x64xf16>
    %d = tile.dot %ta, %tb, %s : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  tile.return
}
