// RUN: tile-opt %s -split-input-file --tile-pipeline="num-stages=3 remarks=true" -verify-diagnostics | FileCheck %s

// A wgmma operand in a buffer allocated before the loop but written in it
// (layout.local_store): an asynchronous wgmma would still read the buffer
// when a later store lands (the next iteration's store under the one-group-
// in-flight wgmma or a deferred one; a store between an overlapped wgmma and
// its wait). Such a wgmma stays synchronous, like one reading a buffer
// allocated in the body; a buffer the loop only reads does not stop it.

#bla = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]>
#blb = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]>
#sh = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]>

// The loop's only wgmma reads B from a buffer stored in every iteration:
// synchronous (no async, no dot_wait).
// CHECK-LABEL: tile.kernel @one_wgmma_b_stored
// CHECK: scf.for
// CHECK: layout.local_store
// CHECK-NOT: async :
// CHECK: tile.dot %{{[^ ]*}}, %{{[^ ]*}}, %{{[^ ]*}} : !layout.memdesc
// CHECK-NOT: tile.dot_wait
// CHECK: tile.return
tile.kernel @one_wgmma_b_stored(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                                %c: !tile.ptr<f32>, %m: i32, %n: i32, %k: i32, %kt: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [128, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %bbuf = layout.local_alloc : !layout.memdesc<64x128xf16, #sh>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
  // expected-remark @below {{tile-pipeline: 3 stages of 16384 bytes: tile.load_tile 128x64xf16 in 3 slots (wgmma operand); dots synchronous (the wgmma reads B from a shared buffer the loop writes)}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
    %x = tile.load_tile %va[%pm, %i] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16, #bla>
    %y = tile.load_tile %vb[%i, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16, #blb>
    layout.barrier
    layout.local_store %y, %bbuf : tensor<64x128xf16, #blb> -> !layout.memdesc<64x128xf16, #sh>
    %xs = layout.local_alloc %x : tensor<128x64xf16, #bla> -> !layout.memdesc<128x64xf16, #sh>
    layout.barrier
    %d = tile.dot %xs, %bbuf, %s : !layout.memdesc<128x64xf16, #sh>, !layout.memdesc<64x128xf16, #sh> -> tensor<128x128xf32, #mma>
    scf.yield %d : tensor<128x128xf32, #mma>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<128x128xf32, #mma>, !tile.view<?x?xf32>
  tile.return
}

// -----

#bla = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]>
#blb = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]>
#sh = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]>

// The same buffer stored once before the loop: the wgmma stays in flight
// across iterations (dot_wait {pendings = 1} after it).
// CHECK-LABEL: tile.kernel @one_wgmma_b_invariant
// CHECK: layout.local_store
// CHECK: scf.for
// CHECK-NOT: layout.local_store
// CHECK: %[[D:.*]] = tile.dot %{{[^ ]*}}, %{{[^ ]*}}, %{{[^ ]*}} async : !layout.memdesc
// CHECK-NEXT: tile.dot_wait %[[D]] {pendings = 1 : i32}
// CHECK: tile.return
tile.kernel @one_wgmma_b_invariant(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                                   %c: !tile.ptr<f32>, %m: i32, %n: i32, %k: i32, %kt: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [128, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %bbuf = layout.local_alloc : !layout.memdesc<64x128xf16, #sh>
  %y = tile.load_tile %vb[%c0, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16, #blb>
  layout.local_store %y, %bbuf : tensor<64x128xf16, #blb> -> !layout.memdesc<64x128xf16, #sh>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
  // expected-remark @below {{tile-pipeline: 3 stages of 16384 bytes: tile.load_tile 128x64xf16 in 3 slots (wgmma operand); wgmma asynchronous, one group in flight}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
    %x = tile.load_tile %va[%pm, %i] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16, #bla>
    layout.barrier
    %xs = layout.local_alloc %x : tensor<128x64xf16, #bla> -> !layout.memdesc<128x64xf16, #sh>
    %d = tile.dot %xs, %bbuf, %s : !layout.memdesc<128x64xf16, #sh>, !layout.memdesc<64x128xf16, #sh> -> tensor<128x128xf32, #mma>
    scf.yield %d : tensor<128x128xf32, #mma>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<128x128xf32, #mma>, !tile.view<?x?xf32>
  tile.return
}

// -----

#bla = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]>
#blb = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]>
#sh = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]>

// Two wgmma: the last one's B is stored at the top of every iteration,
// before the wait that a deferred wgmma would get: synchronous, a remark
// says why.
// CHECK-LABEL: tile.kernel @deferred_b_stored
// CHECK: scf.for
// CHECK-NOT: tile.dot_wait
// CHECK-NOT: async :
// CHECK: tile.return
tile.kernel @deferred_b_stored(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                               %c: !tile.ptr<f32>, %m: i32, %n: i32, %k: i32, %kt: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [128, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %bbuf = layout.local_alloc : !layout.memdesc<64x128xf16, #sh>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
  // expected-remark @below {{tile-pipeline: every dot stays synchronous: an operand of the last wgmma is a shared-memory buffer written in the loop body (not a pipeline slot)}}
  // expected-remark @below {{tile-pipeline: 3 stages of 32768 bytes: tile.load_tile 128x64xf16 in 3 slots (wgmma operand), tile.load_tile 64x128xf16 in 3 slots (wgmma operand); dots synchronous}}
  %acc, %acc2 = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero, %s2 = %zero) -> (tensor<128x128xf32, #mma>, tensor<128x128xf32, #mma>) : i32 {
    %x = tile.load_tile %va[%pm, %i] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16, #bla>
    %y = tile.load_tile %vb[%i, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16, #blb>
    %yn = arith.negf %y : tensor<64x128xf16, #blb>
    layout.barrier
    layout.local_store %yn, %bbuf : tensor<64x128xf16, #blb> -> !layout.memdesc<64x128xf16, #sh>
    %xs = layout.local_alloc %x : tensor<128x64xf16, #bla> -> !layout.memdesc<128x64xf16, #sh>
    %ys = layout.local_alloc %y : tensor<64x128xf16, #blb> -> !layout.memdesc<64x128xf16, #sh>
    layout.barrier
    %d = tile.dot %xs, %ys, %s : !layout.memdesc<128x64xf16, #sh>, !layout.memdesc<64x128xf16, #sh> -> tensor<128x128xf32, #mma>
    %d2 = tile.dot %xs, %bbuf, %s2 : !layout.memdesc<128x64xf16, #sh>, !layout.memdesc<64x128xf16, #sh> -> tensor<128x128xf32, #mma>
    scf.yield %d, %d2 : tensor<128x128xf32, #mma>, tensor<128x128xf32, #mma>
  }
  %sum = arith.addf %acc, %acc2 : tensor<128x128xf32, #mma>
  tile.store_tile %sum, %vc[%pm, %pn] : tensor<128x128xf32, #mma>, !tile.view<?x?xf32>
  tile.return
}

// -----

#bla = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]>
#blb = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]>
#sh = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]>
// An overlapped wgmma (its result read after the next wgmma is issued)
// whose B is stored between its issue and that read: synchronous; the
// last wgmma (slots only) is still deferred.
// CHECK-LABEL: tile.kernel @overlapped_b_stored
// CHECK: scf.for
// CHECK: %[[D1:.*]] = tile.dot %{{[^ ]*}}, %{{[^ ]*}}, %{{[^ ]*}} : !layout.memdesc
// CHECK: tile.dot %{{[^ ]*}}, %{{[^ ]*}}, %{{[^ ]*}} async : !layout.memdesc
// CHECK: layout.local_store
// CHECK-NEXT: arith.addf %{{[^ ]*}}, %[[D1]]
tile.kernel @overlapped_b_stored(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                    %c: !tile.ptr<f32>, %m: i32, %n: i32, %k: i32, %kt: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [128, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %bbuf = layout.local_alloc : !layout.memdesc<64x128xf16, #sh>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
  // expected-remark @below {{tile-pipeline: 3 stages of 32768 bytes: tile.load_tile 128x64xf16 in 3 slots (wgmma operand), tile.load_tile 64x128xf16 in 3 slots (wgmma operand); the last wgmma asynchronous, waited for in the next iteration before tile.dot reads its iteration argument #0; the other dots synchronous}}
  %acc, %acc2 = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero, %s2 = %zero) -> (tensor<128x128xf32, #mma>, tensor<128x128xf32, #mma>) : i32 {
    %x = tile.load_tile %va[%pm, %i] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16, #bla>
    %y = tile.load_tile %vb[%i, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16, #blb>
    layout.barrier
    %xs = layout.local_alloc %x : tensor<128x64xf16, #bla> -> !layout.memdesc<128x64xf16, #sh>
    %ys = layout.local_alloc %y : tensor<64x128xf16, #blb> -> !layout.memdesc<64x128xf16, #sh>
    %d1 = tile.dot %xs, %bbuf, %zero : !layout.memdesc<128x64xf16, #sh>, !layout.memdesc<64x128xf16, #sh> -> tensor<128x128xf32, #mma>
    %d = tile.dot %xs, %ys, %s : !layout.memdesc<128x64xf16, #sh>, !layout.memdesc<64x128xf16, #sh> -> tensor<128x128xf32, #mma>
    layout.barrier
    layout.local_store %y, %bbuf : tensor<64x128xf16, #blb> -> !layout.memdesc<64x128xf16, #sh>
    %d2 = arith.addf %s2, %d1 : tensor<128x128xf32, #mma>
    scf.yield %d, %d2 : tensor<128x128xf32, #mma>, tensor<128x128xf32, #mma>
  }
  %sum = arith.addf %acc, %acc2 : tensor<128x128xf32, #mma>
  tile.store_tile %sum, %vc[%pm, %pn] : tensor<128x128xf32, #mma>, !tile.view<?x?xf32>
  tile.return
}

// -----

#bla = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]>
#blb = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]>
#sh = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]>
// The same without the store: overlapped (waited for right before the
// add; pendings 0, the deferred wgmma of the previous iteration may be in
// flight).
// CHECK-LABEL: tile.kernel @overlapped_b_invariant
// CHECK: scf.for
// CHECK: %[[D1:.*]] = tile.dot %{{[^ ]*}}, %{{[^ ]*}}, %{{[^ ]*}} async : !layout.memdesc
// CHECK: tile.dot %{{[^ ]*}}, %{{[^ ]*}}, %{{[^ ]*}} async : !layout.memdesc
// CHECK-NEXT: %[[W:.*]] = tile.dot_wait %[[D1]] {pendings = 0 : i32}
// CHECK-NEXT: arith.addf %{{[^ ]*}}, %[[W]]
tile.kernel @overlapped_b_invariant(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                    %c: !tile.ptr<f32>, %m: i32, %n: i32, %k: i32, %kt: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [64, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [128, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %bbuf = layout.local_alloc : !layout.memdesc<64x128xf16, #sh>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
  // expected-remark @below {{tile-pipeline: 3 stages of 32768 bytes: tile.load_tile 128x64xf16 in 3 slots (wgmma operand), tile.load_tile 64x128xf16 in 3 slots (wgmma operand); the last wgmma asynchronous, waited for in the next iteration before tile.dot reads its iteration argument #0; 1 wgmma asynchronous within the iteration (waited for before arith.addf, 0 pending)}}
  %acc, %acc2 = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero, %s2 = %zero) -> (tensor<128x128xf32, #mma>, tensor<128x128xf32, #mma>) : i32 {
    %x = tile.load_tile %va[%pm, %i] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16, #bla>
    %y = tile.load_tile %vb[%i, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16, #blb>
    layout.barrier
    %xs = layout.local_alloc %x : tensor<128x64xf16, #bla> -> !layout.memdesc<128x64xf16, #sh>
    %ys = layout.local_alloc %y : tensor<64x128xf16, #blb> -> !layout.memdesc<64x128xf16, #sh>
    %d1 = tile.dot %xs, %bbuf, %zero : !layout.memdesc<128x64xf16, #sh>, !layout.memdesc<64x128xf16, #sh> -> tensor<128x128xf32, #mma>
    %d = tile.dot %xs, %ys, %s : !layout.memdesc<128x64xf16, #sh>, !layout.memdesc<64x128xf16, #sh> -> tensor<128x128xf32, #mma>
    %d2 = arith.addf %s2, %d1 : tensor<128x128xf32, #mma>
    scf.yield %d, %d2 : tensor<128x128xf32, #mma>, tensor<128x128xf32, #mma>
  }
  %sum = arith.addf %acc, %acc2 : tensor<128x128xf32, #mma>
  tile.store_tile %sum, %vc[%pm, %pn] : tensor<128x128xf32, #mma>, !tile.view<?x?xf32>
  tile.return
}
