// RUN: tile-opt %s -split-input-file --tile-assign-layouts --tile-warp-specialize -verify-diagnostics

// Loops that ask for warp specialization (their tile.warp_specialize
// attribute) and cannot have it: each is left as it is, with a remark
// saying why.

// The pointer is not promised 16-byte aligned: no TMA descriptor.
tile.kernel @unaligned(%a: !tile.ptr<f16>,
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
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-warp-specialize: loop left as it is: a tile.load_tile feeding a dot cannot be a TMA copy: the view's pointer is not promised 16-byte aligned (tile.divisibility = 16)}}
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

// The row stride of B is not proven a multiple of 16 bytes.
tile.kernel @stride(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32,
      %sam: i32 {tile.divisibility = 8 : i64},
      %sbk: i32, %scm: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-warp-specialize: loop left as it is: a tile.load_tile feeding a dot cannot be a TMA copy: the view's row stride is not proven a multiple of 16 bytes (promise it with tile.divisibility)}}
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

// The loop writes global memory: the producer's loads would run ahead of
// the stores.
tile.kernel @stores(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
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
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-warp-specialize: loop left as it is: the loop writes global memory (tile.store_tile), which loads issued iterations ahead could read before it is written}}
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    %h = arith.truncf %next : tensor<128x128xf32> to tensor<128x128xf16>
    tile.store_tile %h, %vc[%pm, %kt] : tensor<128x128xf16>, !tile.view<?x?xf16>
    scf.yield %next : tensor<128x128xf32>
  } {tile.warp_specialize = true}
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}

// -----

// Two warps: not whole warpgroups (and the dot is an mma.sync).
tile.kernel @two_warps(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32,
      %sam: i32 {tile.divisibility = 8 : i64},
      %sbk: i32 {tile.divisibility = 8 : i64}, %scm: i32)
    attributes {num_warps = 2 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x64xf32>
  // expected-remark @below {{tile-warp-specialize: loop left as it is: the kernel has 2 warps; the consumers must be whole warpgroups (a multiple of 4 warps) for wgmma and setmaxnreg}}
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x64xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x64xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    scf.yield %next : tensor<128x64xf32>
  } {tile.warp_specialize = true}
  %out = arith.truncf %acc : tensor<128x64xf32> to tensor<128x64xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x64xf16>, !tile.view<?x?xf16>
  tile.return
}

// -----

// A ring of one slot: the producer could never run ahead.
tile.kernel @one_slot(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
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
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-warp-specialize: loop left as it is: the loop's tile.num_stages is 1; the producer needs a ring of at least 2 slots}}
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  } {tile.warp_specialize = true, tile.num_stages = 1 : i32}
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}

// -----

// Seven slots of 32768 bytes do not fit beside the 32 KiB epilogue
// conversion (and 1024 bytes of alignment a ring).
tile.kernel @too_many_slots(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
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
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-warp-specialize: loop left as it is: 8 slots (the loop's tile.num_stages) of 32768 bytes and their barriers, beside the 2048 bytes the kernel already uses, need 264320 bytes of shared memory, above the 232448 (227 KiB) of a CTA}}
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  } {tile.warp_specialize = true, tile.num_stages = 8 : i32}
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}

// -----

// The fast version of a tile-version-strides loop: its views are made in
// the branch, from the pointers it tested; the launcher builds descriptors
// for every launch, and refuses the operands the other version serves.
tile.kernel @versioned(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>,
      %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32,
      %sam: i32, %sbk: i32, %scm: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c7 = arith.constant 7 : i32
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %low = arith.andi %sam, %c7 : i32
  %flag = arith.cmpi eq, %low, %c0 : i32
  %acc = scf.if %flag -> (tensor<128x128xf32>) {
    %pa = tile.assume_multiple %a, 16 : !tile.ptr<f16>
    %pb = tile.assume_multiple %b, 16 : !tile.ptr<f16>
    %sa = tile.assume_multiple %sam, 8 : i32
    %sb = tile.assume_multiple %sbk, 8 : i32
    %va = tile.make_view %pa, shape [%m, %k], strides [%sa, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
    %vb = tile.make_view %pb, shape [%k, %n], strides [%sb, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
    // expected-remark @below {{tile-warp-specialize: loop left as it is: the view of a tile.load_tile feeding a dot is made inside the branch the loop is in (as in a tile-version-strides fast version, whose views hold only when the strides and alignment it tests do); a TMA descriptor is a kernel parameter the launcher builds for every launch, and it refuses the operands the other version serves}}
    %r = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
      %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
      %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
      %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
      scf.yield %next : tensor<128x128xf32>
    } {tile.warp_specialize = true}
    scf.yield %r : tensor<128x128xf32>
  } else {
    scf.yield %zero : tensor<128x128xf32>
  }
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}

// -----

// A loop inside another loop whose tile index is an iteration argument of
// the outer loop: the producer's copy of that loop cannot compute it.
tile.kernel @outer_iter_arg(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32,
      %sam: i32 {tile.divisibility = 8 : i64},
      %sbk: i32 {tile.divisibility = 8 : i64}, %scm: i32, %tiles: i32)
    attributes {num_warps = 8 : i32} {
  %pid = tile.program_id x : i32
  %np = tile.num_programs x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %last = scf.for %t = %c0 to %tiles step %c1 iter_args(%pm = %pid) -> (i32) : i32 {
    // expected-remark @below {{tile-warp-specialize: loop left as it is: the producer reads an iteration argument of the loop around the loop (only its induction variable and values computed from it by pure scalar ops can be repeated in the producer)}}
    %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
      %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
      %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
      %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
      scf.yield %next : tensor<128x128xf32>
    } {tile.warp_specialize = true}
    %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
    tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
    %up = arith.addi %pm, %np : i32
    scf.yield %up : i32
  }
  tile.return
}

// -----

// The producer would read a value loaded before the loop (a scalar load
// runs in the default partition only).
tile.kernel @loaded_row(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
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
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %pr = tile.load %a : !tile.ptr<f16>
  %pi = arith.fptosi %pr : f16 to i32
  %row = arith.addi %pm, %pi : i32
  // expected-remark @below {{tile-warp-specialize: loop left as it is: the producer reads a value computed by tile.load before the loop, which has side effects or regions (only pure scalar ops run in every warp before the partitions)}}
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%row, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  } {tile.warp_specialize = true}
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}

// -----

// Without an attribute (and without all-loops) the pass leaves the loop
// alone and says nothing; `false` on the loop wins over the kernel's true.
tile.kernel @not_asked(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32,
      %sam: i32 {tile.divisibility = 8 : i64},
      %sbk: i32 {tile.divisibility = 8 : i64}, %scm: i32)
    attributes {num_warps = 8 : i32, tile.warp_specialize = true} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  } {tile.warp_specialize = false}
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}

// -----

#mma = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]>
#opA = #layout.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#opB = #layout.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
#ldA = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#ldB = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

// mma.sync (written layouts): the loaded tiles reach the dot through
// registers, not as wgmma operands in shared memory.
tile.kernel @mma_sync(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                      %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                      %m: i32, %n: i32, %k: i32)
    attributes {num_warps = 4 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%k, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%n, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  // expected-remark @below {{tile-warp-specialize: loop left as it is: the tile.load_tile feeding a dot reaches it through registers (an mma.sync operand), not a wgmma operand in shared memory}}
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<64x32xf16, #ldA>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<32x64xf16, #ldB>
    %xa = layout.convert %ta : tensor<64x32xf16, #ldA> -> tensor<64x32xf16, #opA>
    %xb = layout.convert %tb : tensor<32x64xf16, #ldB> -> tensor<32x64xf16, #opB>
    %d = tile.dot %xa, %xb, %sum : tensor<64x32xf16, #opA>, tensor<32x64xf16, #opB> -> tensor<64x64xf32, #mma>
    scf.yield %d : tensor<64x64xf32, #mma>
  } {tile.warp_specialize = true}
  tile.return
}

// -----

// A batched GEMM's rank-3 tiles without the allow_tma hint: tile-pipeline's
// schedule keeps them synchronous (cp.async stages rank 2 only; a rank-3
// tile goes into a TMA ring only when its load has allow_tma), so the
// producer has nothing to copy.
tile.kernel @batched_no_hint(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %c: !tile.ptr<f32>, %batch: i32, %m: i32, %n: i32, %k: i32,
      %sab: i32 {tile.divisibility = 8 : i64}, %sam: i32 {tile.divisibility = 8 : i64},
      %sbb: i32 {tile.divisibility = 8 : i64}, %sbk: i32 {tile.divisibility = 8 : i64})
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %pz = tile.program_id z : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%batch, %m, %k], strides [%sab, %sam, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vb = tile.make_view %b, shape [%batch, %k, %n], strides [%sbb, %sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%n, 1] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-remark @below {{tile-warp-specialize: loop left as it is: the tile.load_tile feeding a dot stays synchronous: its tile has rank 3 (cp.async stages rank 2 only; a tile of rank 3 to 5 with unit leading dims reshaped to a wgmma operand is staged by TMA when its load has allow_tma)}}
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%pz, %pm, %kt] padding = zero : !tile.view<?x?x?xf16> -> tensor<1x128x64xf16>
    %tb = tile.load_tile %vb[%pz, %kt, %pn] padding = zero : !tile.view<?x?x?xf16> -> tensor<1x64x128xf16>
    %ma = tile.reshape %ta : tensor<1x128x64xf16> -> tensor<128x64xf16>
    %mb = tile.reshape %tb : tensor<1x64x128xf16> -> tensor<64x128xf16>
    %next = tile.dot %ma, %mb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  } {tile.warp_specialize = true}
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<128x128xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// The reshaped matrix of a rank-3 allow_tma tile also feeds an addition:
// tile-pipeline's TMA ring refuses it (only the wgmma may read a TMA slot),
// so its load stays synchronous and the loop is not specialized.
tile.kernel @batched_reshape_used(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
      %c: !tile.ptr<f16>, %batch: i32, %m: i32, %n: i32, %k: i32,
      %sab: i32 {tile.divisibility = 8 : i64}, %sam: i32 {tile.divisibility = 8 : i64},
      %sbb: i32 {tile.divisibility = 8 : i64}, %sbk: i32 {tile.divisibility = 8 : i64})
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %pz = tile.program_id z : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%batch, %m, %k], strides [%sab, %sam, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vb = tile.make_view %b, shape [%batch, %k, %n], strides [%sbb, %sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%n, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %zh = arith.constant dense<0.0> : tensor<128x64xf16>
  // expected-remark @below {{tile-warp-specialize: loop left as it is: the tile.load_tile feeding a dot stays synchronous: it cannot be a TMA copy into a ring slot: its tile is also used by arith.addf (only local_allocs into the wgmma operand's layout, after a tile.reshape that drops unit leading dims, read a TMA slot)}}
  %acc:2 = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero, %s = %zh) -> (tensor<128x128xf32>, tensor<128x64xf16>) : i32 {
    %ta = tile.load_tile %va[%pz, %pm, %kt] padding = zero {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x128x64xf16>
    %tb = tile.load_tile %vb[%pz, %kt, %pn] padding = zero {allow_tma} : !tile.view<?x?x?xf16> -> tensor<1x64x128xf16>
    %ma = tile.reshape %ta : tensor<1x128x64xf16> -> tensor<128x64xf16>
    %mb = tile.reshape %tb : tensor<1x64x128xf16> -> tensor<64x128xf16>
    %s2 = arith.addf %s, %ma : tensor<128x64xf16>
    %next = tile.dot %ma, %mb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next, %s2 : tensor<128x128xf32>, tensor<128x64xf16>
  } {tile.warp_specialize = true}
  %out = arith.truncf %acc#0 : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}

// -----

// A persistent tile loop whose views really vary per tile: the extent of
// K's view is computed in the tile loop (rows left after the tile), so one
// descriptor built before the partitions cannot stand for it.
tile.kernel @outer_loop_view_extent(
    %k: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %v: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %o: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %n: i32, %tiles: i32, %sn: i32 {tile.divisibility = 8 : i64})
    attributes {num_warps = 8 : i32, tile.warp_specialize = true} {
  %pid = tile.program_id x : i32
  %np = tile.num_programs x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zs = arith.constant dense<0.0> : tensor<128x64xf32>
  %vv = tile.make_view %v, shape [%n, 64], strides [%sn, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vo = tile.make_view %o, shape [%n, 64], strides [%sn, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  scf.for %t = %pid to %tiles step %np : i32 {
    %rows = arith.subi %n, %t : i32
    %vk = tile.make_view %k, shape [%rows, 64], strides [%sn, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
    // expected-remark @below {{tile-warp-specialize: loop left as it is: the view of a tile.load_tile feeding a dot is made inside the loop around the loop with an extent or stride computed there; its descriptor is built once, before the loop, so only the view's pointer may vary per tile (a kernel parameter advanced by index * stride terms; compute the extents and strides before the loop)}}
    %acc = scf.for %j = %c0 to %n step %c1 iter_args(%acc_i = %zs) -> (tensor<128x64xf32>) : i32 {
      %ta = tile.load_tile %vk[%j, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<128x64xf16>
      %tb = tile.load_tile %vv[%j, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
      %acc_n = tile.dot %ta, %tb, %acc_i : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
      scf.yield %acc_n : tensor<128x64xf32>
    }
    %out = arith.truncf %acc : tensor<128x64xf32> to tensor<128x64xf16>
    tile.store_tile %out, %vo[%t, %c0] : tensor<128x64xf16>, !tile.view<?x64xf16>
  }
  tile.return
}

// -----

// A view made per tile inside a branch of the tile loop: only outer loops
// may be around a view whose descriptor is built once (a branch's views
// hold only where its condition does).
tile.kernel @outer_loop_view_in_branch(
    %k: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %v: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %n: i32, %tiles: i32, %sn: i32 {tile.divisibility = 8 : i64})
    attributes {num_warps = 8 : i32, tile.warp_specialize = true} {
  %pid = tile.program_id x : i32
  %np = tile.num_programs x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zs = arith.constant dense<0.0> : tensor<128x64xf32>
  %vv = tile.make_view %v, shape [%n, 64], strides [%sn, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  scf.for %t = %pid to %tiles step %np : i32 {
    %odd = arith.andi %t, %c1 : i32
    %flag = arith.cmpi eq, %odd, %c0 : i32
    scf.if %flag {
      %vk = tile.make_view %k, shape [%n, 64], strides [%sn, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
      // expected-remark @below {{tile-warp-specialize: loop left as it is: the view of a tile.load_tile feeding a dot is made inside the branch the loop is in (as in a tile-version-strides fast version, whose views hold only when the strides and alignment it tests do); a TMA descriptor is a kernel parameter the launcher builds for every launch, and it refuses the operands the other version serves}}
      %acc = scf.for %j = %c0 to %n step %c1 iter_args(%acc_i = %zs) -> (tensor<128x64xf32>) : i32 {
        %ta = tile.load_tile %vk[%j, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<128x64xf16>
        %tb = tile.load_tile %vv[%j, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
        %acc_n = tile.dot %ta, %tb, %acc_i : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
        scf.yield %acc_n : tensor<128x64xf32>
      }
      %out = arith.truncf %acc : tensor<128x64xf32> to tensor<128x64xf16>
      tile.store_tile %out, %vv[%t, %c0] : tensor<128x64xf16>, !tile.view<?x64xf16>
    }
  }
  tile.return
}
