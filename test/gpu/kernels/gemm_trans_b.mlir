// C = A B^T, layout-free, f16 in and out, f32 accumulation, B given as
// N x K (Triton's tl.dot(a, tl.trans(b))). m, n, k need not be tile
// multiples; row strides are kernel parameters promised multiples of 8
// elements (16 bytes). Grid (cdiv(m, 128), cdiv(n, 128)), 8 warps.
//
// Both kernels read A with tile.load_at at element offsets and B through
// tile.trans of its load. The tile.trans of B's load is folded into the
// load (order = [1, 0]) by tile-warp-specialize / tile-pipeline, so B is
// staged like a K^T tile: by the producer's TMA copies (default), or with
// --warp-specialize=false by tile-pipeline's TMA ring (@gemm_at_trans_b,
// whose loads carry allow_tma: A at its offsets, B's view-order box read
// through memdesc_trans) or by cp.async (@gemm_trans_b, no hint:
// tile.async_load_at for A, B's copy read transposed). @gemm_ptr_trans_b
// loads B through a pointer tensor with a mask (Triton's
// tl.trans(tl.load(b_ptrs, mask, other=0))): the trans is folded into a
// load of the transposed pointers, staged by tile-pipeline's cp.async
// copies (TMA does not copy pointer tensors: no warp specialization);
// with k of unknown divisibility the mask may change inside a 16-byte
// group, so the copies of B are element by element (synchronous), and
// @gemm_ptr_trans_b_k8, whose k is promised a multiple of 8, copies B by
// 16-byte cp.async.
tile.kernel @gemm_at_trans_b(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                             %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                             %c: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                             %m: i32, %n: i32, %k: i32,
                             %sam: i32 {tile.divisibility = 8 : i64},
                             %sbn: i32 {tile.divisibility = 8 : i64},
                             %scm: i32 {tile.divisibility = 8 : i64})
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%n, %k], strides [%sbn, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %row = arith.muli %pm, %c128 : i32
  %kr = arith.addi %k, %c63 : i32
  %ktiles = arith.divsi %kr, %c64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %kk = arith.muli %kt, %c64 : i32
    %ta = tile.load_at %va[%row, %kk] {allow_tma} : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tbn = tile.load_tile %vb[%pn, %kt] padding = zero {allow_tma} : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.trans %tbn, [1, 0] : tensor<128x64xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}

tile.kernel @gemm_trans_b(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                          %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                          %c: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                          %m: i32, %n: i32, %k: i32,
                          %sam: i32 {tile.divisibility = 8 : i64},
                          %sbn: i32 {tile.divisibility = 8 : i64},
                          %scm: i32 {tile.divisibility = 8 : i64})
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%n, %k], strides [%sbn, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %row = arith.muli %pm, %c128 : i32
  %kr = arith.addi %k, %c63 : i32
  %ktiles = arith.divsi %kr, %c64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %kk = arith.muli %kt, %c64 : i32
    %ta = tile.load_at %va[%row, %kk] : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tbn = tile.load_tile %vb[%pn, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.trans %tbn, [1, 0] : tensor<128x64xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}

tile.kernel @gemm_ptr_trans_b(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                              %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                              %c: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                              %m: i32, %n: i32, %k: i32,
                              %sam: i32 {tile.divisibility = 8 : i64},
                              %sbn: i32 {tile.divisibility = 8 : i64},
                              %scm: i32 {tile.divisibility = 8 : i64})
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %row = arith.muli %pm, %c128 : i32
  %col = arith.muli %pn, %c128 : i32
  // B's rows col .. col + 127 (N) and columns kk .. kk + 63 (K), by pointers.
  %rn0 = tile.arange 0, 128 : tensor<128xi32>
  %colv = tile.splat %col : i32 -> tensor<128xi32>
  %rn = arith.addi %rn0, %colv : tensor<128xi32>
  %rk = tile.arange 0, 64 : tensor<64xi32>
  %rn2 = tile.expand_dims %rn {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %sbnv = tile.splat %sbn : i32 -> tensor<128x1xi32>
  %rowoff = arith.muli %rn2, %sbnv : tensor<128x1xi32>
  %rowoffb = tile.broadcast %rowoff : tensor<128x1xi32> -> tensor<128x64xi32>
  %rk2 = tile.expand_dims %rk {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rkb = tile.broadcast %rk2 : tensor<1x64xi32> -> tensor<128x64xi32>
  %nv = tile.splat %n : i32 -> tensor<128x1xi32>
  %inn2 = arith.cmpi slt, %rn2, %nv : tensor<128x1xi32>
  %inn = tile.broadcast %inn2 : tensor<128x1xi1> -> tensor<128x64xi1>
  %kv = tile.splat %k : i32 -> tensor<128x64xi32>
  %bp0 = tile.splat %b : !tile.ptr<f16> -> tensor<128x64x!tile.ptr<f16>>
  %bp1 = tile.addptr %bp0, %rowoffb : tensor<128x64x!tile.ptr<f16>>, tensor<128x64xi32>
  %kr = arith.addi %k, %c63 : i32
  %ktiles = arith.divsi %kr, %c64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %zb = arith.constant dense<0.0> : tensor<128x64xf16>
  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %kk = arith.muli %kt, %c64 : i32
    %ta = tile.load_at %va[%row, %kk] : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %kkv = tile.splat %kk : i32 -> tensor<128x64xi32>
    %kcol = arith.addi %rkb, %kkv : tensor<128x64xi32>
    %ink = arith.cmpi slt, %kcol, %kv : tensor<128x64xi32>
    %msk = arith.andi %inn, %ink : tensor<128x64xi1>
    %bp = tile.addptr %bp1, %kcol : tensor<128x64x!tile.ptr<f16>>, tensor<128x64xi32>
    %tbn = tile.load %bp, %msk, %zb : tensor<128x64x!tile.ptr<f16>>
    %tb = tile.trans %tbn, [1, 0] : tensor<128x64xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}

tile.kernel @gemm_ptr_trans_b_k8(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                              %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                              %c: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                              %m: i32, %n: i32, %k: i32 {tile.divisibility = 8 : i64},
                              %sam: i32 {tile.divisibility = 8 : i64},
                              %sbn: i32 {tile.divisibility = 8 : i64},
                              %scm: i32 {tile.divisibility = 8 : i64})
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %row = arith.muli %pm, %c128 : i32
  %col = arith.muli %pn, %c128 : i32
  // B's rows col .. col + 127 (N) and columns kk .. kk + 63 (K), by pointers.
  %rn0 = tile.arange 0, 128 : tensor<128xi32>
  %colv = tile.splat %col : i32 -> tensor<128xi32>
  %rn = arith.addi %rn0, %colv : tensor<128xi32>
  %rk = tile.arange 0, 64 : tensor<64xi32>
  %rn2 = tile.expand_dims %rn {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %sbnv = tile.splat %sbn : i32 -> tensor<128x1xi32>
  %rowoff = arith.muli %rn2, %sbnv : tensor<128x1xi32>
  %rowoffb = tile.broadcast %rowoff : tensor<128x1xi32> -> tensor<128x64xi32>
  %rk2 = tile.expand_dims %rk {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rkb = tile.broadcast %rk2 : tensor<1x64xi32> -> tensor<128x64xi32>
  %nv = tile.splat %n : i32 -> tensor<128x1xi32>
  %inn2 = arith.cmpi slt, %rn2, %nv : tensor<128x1xi32>
  %inn = tile.broadcast %inn2 : tensor<128x1xi1> -> tensor<128x64xi1>
  %kv = tile.splat %k : i32 -> tensor<128x64xi32>
  %bp0 = tile.splat %b : !tile.ptr<f16> -> tensor<128x64x!tile.ptr<f16>>
  %bp1 = tile.addptr %bp0, %rowoffb : tensor<128x64x!tile.ptr<f16>>, tensor<128x64xi32>
  %kr = arith.addi %k, %c63 : i32
  %ktiles = arith.divsi %kr, %c64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %zb = arith.constant dense<0.0> : tensor<128x64xf16>
  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %kk = arith.muli %kt, %c64 : i32
    %ta = tile.load_at %va[%row, %kk] : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %kkv = tile.splat %kk : i32 -> tensor<128x64xi32>
    %kcol = arith.addi %rkb, %kkv : tensor<128x64xi32>
    %ink = arith.cmpi slt, %kcol, %kv : tensor<128x64xi32>
    %msk = arith.andi %inn, %ink : tensor<128x64xi1>
    %bp = tile.addptr %bp1, %kcol : tensor<128x64x!tile.ptr<f16>>, tensor<128x64xi32>
    %tbn = tile.load %bp, %msk, %zb : tensor<128x64x!tile.ptr<f16>>
    %tb = tile.trans %tbn, [1, 0] : tensor<128x64xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}
