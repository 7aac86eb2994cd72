// RUN: tile-opt %s -split-input-file --tile-assign-layouts --tile-warp-specialize -verify-diagnostics

// Head-slice views (examples/auto/attention_contig.mlir) that the producer
// cannot copy by TMA: each loop stays as it is, with a remark saying why.
// The pointer offset is shifted (not a sum of index * stride terms); the
// head stride is not promised a multiple of 8 elements; a term is a product
// of two computed values (no stride parameter for the descriptor); K's
// view of the slice is compact (no strides written to build the base's
// descriptor from).

tile.kernel @shifted_offset(
    %q: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %k: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %v: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %o: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %n: i32, %heads: i32,
    %sb: i32 {tile.divisibility = 8 : i64}, %sh: i32 {tile.divisibility = 8 : i64},
    %sn: i32 {tile.divisibility = 8 : i64})
    attributes {num_warps = 8 : i32, tile.warp_specialize = true} {
  %pm = tile.program_id x : i32
  %bh = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %b = arith.divsi %bh, %heads : i32
  %h = arith.remsi %bh, %heads : i32
  %b64 = arith.extsi %b : i32 to i64
  %h64 = arith.extsi %h : i32 to i64
  %sb64 = arith.extsi %sb : i32 to i64
  %sh64 = arith.extsi %sh : i32 to i64
  %ob = arith.muli %b64, %sb64 : i64
  %oh = arith.muli %h64, %sh64 : i64
  %c4 = arith.constant 4 : i64
  %off = arith.shli %ob, %c4 : i64
  %qp = tile.addptr %q, %off : !tile.ptr<f16>, i64
  %kp = tile.addptr %k, %off : !tile.ptr<f16>, i64
  %vp = tile.addptr %v, %off : !tile.ptr<f16>, i64
  %op = tile.addptr %o, %off : !tile.ptr<f16>, i64
  %vq = tile.make_view %qp, shape [%n, 64], strides [%sn, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vk = tile.make_view %kp, shape [%n, 64], strides [%sn, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vv = tile.make_view %vp, shape [%n, 64], strides [%sn, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vo = tile.make_view %op, shape [%n, 64], strides [%sn, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %tq = tile.load_tile %vq[%pm, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<128x64xf16>
  %zs = arith.constant dense<0.0> : tensor<128x64xf32>
  %nb = arith.divsi %n, %c1 : i32
  // expected-remark @below {{tile-warp-specialize: loop left as it is: a tile.load_tile feeding a dot cannot be a TMA copy: the view's pointer is advanced by an offset that is not a sum of products index * stride (a TMA descriptor takes one dim per term, its stride a kernel parameter or a constant)}}
  %acc = scf.for %j = %c0 to %nb step %c1 iter_args(%acc_i = %zs) -> (tensor<128x64xf32>) : i32 {
    %tkt = tile.load_tile %vk[%c0, %j] order = [1, 0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
    %tv = tile.load_tile %vv[%j, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
    %s = tile.dot %tq, %tkt, %zs : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    %p = math.exp2 %s fastmath<afn> : tensor<128x64xf32>
    %pt = arith.truncf %p : tensor<128x64xf32> to tensor<128x64xf16>
    %acc_n = tile.dot %pt, %tv, %acc_i : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    scf.yield %acc_n : tensor<128x64xf32>
  }
  %out = arith.truncf %acc : tensor<128x64xf32> to tensor<128x64xf16>
  tile.store_tile %out, %vo[%pm, %c0] : tensor<128x64xf16>, !tile.view<?x64xf16>
  tile.return
}

// -----

tile.kernel @unpromised_head_stride(
    %q: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %k: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %v: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %o: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %n: i32, %heads: i32,
    %sb: i32 {tile.divisibility = 8 : i64}, %sh: i32,
    %sn: i32 {tile.divisibility = 8 : i64})
    attributes {num_warps = 8 : i32, tile.warp_specialize = true} {
  %pm = tile.program_id x : i32
  %bh = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %b = arith.divsi %bh, %heads : i32
  %h = arith.remsi %bh, %heads : i32
  %b64 = arith.extsi %b : i32 to i64
  %h64 = arith.extsi %h : i32 to i64
  %sb64 = arith.extsi %sb : i32 to i64
  %sh64 = arith.extsi %sh : i32 to i64
  %ob = arith.muli %b64, %sb64 : i64
  %oh = arith.muli %h64, %sh64 : i64
  %off = arith.addi %ob, %oh : i64
  %qp = tile.addptr %q, %off : !tile.ptr<f16>, i64
  %kp = tile.addptr %k, %off : !tile.ptr<f16>, i64
  %vp = tile.addptr %v, %off : !tile.ptr<f16>, i64
  %op = tile.addptr %o, %off : !tile.ptr<f16>, i64
  %vq = tile.make_view %qp, shape [%n, 64], strides [%sn, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vk = tile.make_view %kp, shape [%n, 64], strides [%sn, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vv = tile.make_view %vp, shape [%n, 64], strides [%sn, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vo = tile.make_view %op, shape [%n, 64], strides [%sn, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %tq = tile.load_tile %vq[%pm, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<128x64xf16>
  %zs = arith.constant dense<0.0> : tensor<128x64xf32>
  %nb = arith.divsi %n, %c1 : i32
  // expected-remark @below {{tile-warp-specialize: loop left as it is: a tile.load_tile feeding a dot cannot be a TMA copy: a stride of the view's pointer offset is not proven a multiple of 16 bytes (promise it with tile.divisibility)}}
  %acc = scf.for %j = %c0 to %nb step %c1 iter_args(%acc_i = %zs) -> (tensor<128x64xf32>) : i32 {
    %tkt = tile.load_tile %vk[%c0, %j] order = [1, 0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
    %tv = tile.load_tile %vv[%j, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
    %s = tile.dot %tq, %tkt, %zs : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    %p = math.exp2 %s fastmath<afn> : tensor<128x64xf32>
    %pt = arith.truncf %p : tensor<128x64xf32> to tensor<128x64xf16>
    %acc_n = tile.dot %pt, %tv, %acc_i : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    scf.yield %acc_n : tensor<128x64xf32>
  }
  %out = arith.truncf %acc : tensor<128x64xf32> to tensor<128x64xf16>
  tile.store_tile %out, %vo[%pm, %c0] : tensor<128x64xf16>, !tile.view<?x64xf16>
  tile.return
}

// -----

tile.kernel @computed_stride(
    %q: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %k: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %v: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %o: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %n: i32, %heads: i32,
    %sb: i32 {tile.divisibility = 8 : i64}, %sh: i32 {tile.divisibility = 8 : i64},
    %sn: i32 {tile.divisibility = 8 : i64})
    attributes {num_warps = 8 : i32, tile.warp_specialize = true} {
  %pm = tile.program_id x : i32
  %bh = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %b = arith.divsi %bh, %heads : i32
  %h = arith.remsi %bh, %heads : i32
  %b64 = arith.extsi %b : i32 to i64
  %h64 = arith.extsi %h : i32 to i64
  %sb64 = arith.extsi %sb : i32 to i64
  %sh64 = arith.extsi %sh : i32 to i64
  %ob = arith.muli %b64, %sb64 : i64
  %hh = arith.muli %h64, %h64 : i64
  %oh = arith.muli %hh, %b64 : i64
  %off = arith.addi %ob, %oh : i64
  %qp = tile.addptr %q, %off : !tile.ptr<f16>, i64
  %kp = tile.addptr %k, %off : !tile.ptr<f16>, i64
  %vp = tile.addptr %v, %off : !tile.ptr<f16>, i64
  %op = tile.addptr %o, %off : !tile.ptr<f16>, i64
  %vq = tile.make_view %qp, shape [%n, 64], strides [%sn, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vk = tile.make_view %kp, shape [%n, 64], strides [%sn, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vv = tile.make_view %vp, shape [%n, 64], strides [%sn, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vo = tile.make_view %op, shape [%n, 64], strides [%sn, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %tq = tile.load_tile %vq[%pm, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<128x64xf16>
  %zs = arith.constant dense<0.0> : tensor<128x64xf32>
  %nb = arith.divsi %n, %c1 : i32
  // expected-remark @below {{tile-warp-specialize: loop left as it is: a tile.load_tile feeding a dot cannot be a TMA copy: the view's pointer is advanced by a product of which neither factor is a kernel parameter or a constant (the descriptor's stride for it)}}
  %acc = scf.for %j = %c0 to %nb step %c1 iter_args(%acc_i = %zs) -> (tensor<128x64xf32>) : i32 {
    %tkt = tile.load_tile %vk[%c0, %j] order = [1, 0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
    %tv = tile.load_tile %vv[%j, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
    %s = tile.dot %tq, %tkt, %zs : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    %p = math.exp2 %s fastmath<afn> : tensor<128x64xf32>
    %pt = arith.truncf %p : tensor<128x64xf32> to tensor<128x64xf16>
    %acc_n = tile.dot %pt, %tv, %acc_i : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    scf.yield %acc_n : tensor<128x64xf32>
  }
  %out = arith.truncf %acc : tensor<128x64xf32> to tensor<128x64xf16>
  tile.store_tile %out, %vo[%pm, %c0] : tensor<128x64xf16>, !tile.view<?x64xf16>
  tile.return
}

// -----

tile.kernel @compact_slice(
    %q: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %k: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %v: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %o: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %n: i32, %heads: i32,
    %sb: i32 {tile.divisibility = 8 : i64}, %sh: i32 {tile.divisibility = 8 : i64},
    %sn: i32 {tile.divisibility = 8 : i64})
    attributes {num_warps = 8 : i32, tile.warp_specialize = true} {
  %pm = tile.program_id x : i32
  %bh = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %b = arith.divsi %bh, %heads : i32
  %h = arith.remsi %bh, %heads : i32
  %b64 = arith.extsi %b : i32 to i64
  %h64 = arith.extsi %h : i32 to i64
  %sb64 = arith.extsi %sb : i32 to i64
  %sh64 = arith.extsi %sh : i32 to i64
  %ob = arith.muli %b64, %sb64 : i64
  %oh = arith.muli %h64, %sh64 : i64
  %off = arith.addi %ob, %oh : i64
  %qp = tile.addptr %q, %off : !tile.ptr<f16>, i64
  %kp = tile.addptr %k, %off : !tile.ptr<f16>, i64
  %vp = tile.addptr %v, %off : !tile.ptr<f16>, i64
  %op = tile.addptr %o, %off : !tile.ptr<f16>, i64
  %vq = tile.make_view %qp, shape [%n, 64], strides [%sn, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vk = tile.make_view %kp, shape [%n, 64] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vv = tile.make_view %vp, shape [%n, 64], strides [%sn, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vo = tile.make_view %op, shape [%n, 64], strides [%sn, 1] : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %tq = tile.load_tile %vq[%pm, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<128x64xf16>
  %zs = arith.constant dense<0.0> : tensor<128x64xf32>
  %nb = arith.divsi %n, %c1 : i32
  // expected-remark @below {{tile-warp-specialize: loop left as it is: a tile.load_tile feeding a dot cannot be a TMA copy: the view of an advanced pointer has no explicit strides (the descriptor of its base is made from them; give tile.make_view strides)}}
  %acc = scf.for %j = %c0 to %nb step %c1 iter_args(%acc_i = %zs) -> (tensor<128x64xf32>) : i32 {
    %tkt = tile.load_tile %vk[%c0, %j] order = [1, 0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
    %tv = tile.load_tile %vv[%j, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
    %s = tile.dot %tq, %tkt, %zs : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    %p = math.exp2 %s fastmath<afn> : tensor<128x64xf32>
    %pt = arith.truncf %p : tensor<128x64xf32> to tensor<128x64xf16>
    %acc_n = tile.dot %pt, %tv, %acc_i : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    scf.yield %acc_n : tensor<128x64xf32>
  }
  %out = arith.truncf %acc : tensor<128x64xf32> to tensor<128x64xf16>
  tile.store_tile %out, %vo[%pm, %c0] : tensor<128x64xf16>, !tile.view<?x64xf16>
  tile.return
}
