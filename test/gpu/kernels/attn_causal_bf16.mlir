// Causal flash attention forward, layout-free, bf16 in and out, head dim 64,
// [B*H, N, 64] contiguous tensors, any N: program (x, y) computes query rows
// 128 x .. 128 x + 127 of head slice y over key blocks of 64 up to the
// diagonal. o = softmax(q k^T * sm_scale + causal mask) v; sm_scale is
// pre-multiplied by log2(e) by the caller (exp2). Grid (cdiv(n, 128), B*H).
// @attn_causal_bf16_d64 transposes K (tile.trans, Triton's tl.trans(k));
// @attn_causal_bf16_d64_kt reads K^T with order = [1, 0]. Both compile to
// the same schedule: tile-warp-specialize folds the tile.trans of K's load
// into the load (order = [1, 0]) and stages it by TMA.
tile.kernel @attn_causal_bf16_d64(%q: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
                                  %k: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
                                  %v: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
                                  %o: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
                                  %qk_scale: f32, %n: i32)
    attributes {num_warps = 8 : i32, tile.warp_specialize = true} {
  %pm = tile.program_id x : i32
  %bh = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %off = arith.muli %bh, %n : i32
  %off64 = arith.muli %off, %c64 : i32
  %qh = tile.addptr %q, %off64 : !tile.ptr<bf16>, i32
  %kh = tile.addptr %k, %off64 : !tile.ptr<bf16>, i32
  %vh = tile.addptr %v, %off64 : !tile.ptr<bf16>, i32
  %oh = tile.addptr %o, %off64 : !tile.ptr<bf16>, i32
  %vq = tile.make_view %qh, shape [%n, 64], strides [64, 1] : !tile.ptr<bf16> -> !tile.view<?x64xbf16>
  %vk = tile.make_view %kh, shape [%n, 64], strides [64, 1] : !tile.ptr<bf16> -> !tile.view<?x64xbf16>
  %vv = tile.make_view %vh, shape [%n, 64], strides [64, 1] : !tile.ptr<bf16> -> !tile.view<?x64xbf16>
  %vo = tile.make_view %oh, shape [%n, 64], strides [64, 1] : !tile.ptr<bf16> -> !tile.view<?x64xbf16>
  %tq = tile.load_tile %vq[%pm, %c0] padding = zero : !tile.view<?x64xbf16> -> tensor<128x64xbf16>
  // Key blocks [0, hi): up to the diagonal and the end of the sequence.
  %m0 = arith.muli %pm, %c128 : i32
  %lastrow = arith.addi %m0, %c128 : i32
  %end = arith.minsi %lastrow, %n : i32
  %end63 = arith.addi %end, %c63 : i32
  %hi = arith.divsi %end63, %c64 : i32
  %rows0 = tile.arange 0, 128 : tensor<128xi32>
  %m0v = tile.splat %m0 : i32 -> tensor<128xi32>
  %rows1 = arith.addi %rows0, %m0v : tensor<128xi32>
  %rows2 = tile.expand_dims %rows1 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %rows = tile.broadcast %rows2 : tensor<128x1xi32> -> tensor<128x64xi32>
  %cols0 = tile.arange 0, 64 : tensor<64xi32>
  %cols1 = tile.expand_dims %cols0 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %cols = tile.broadcast %cols1 : tensor<1x64xi32> -> tensor<128x64xi32>
  %nv = tile.splat %n : i32 -> tensor<128x64xi32>
  %scv = tile.splat %qk_scale : f32 -> tensor<128x64xf32>
  %ninf = arith.constant dense<0xFF800000> : tensor<128x64xf32>
  %zs = arith.constant dense<0.0> : tensor<128x64xf32>
  %m_init = arith.constant dense<0xFF800000> : tensor<128xf32>
  %l_init = arith.constant dense<0.0> : tensor<128xf32>
  %acc_init = arith.constant dense<0.0> : tensor<128x64xf32>
  %res:3 = scf.for %j = %c0 to %hi step %c1
      iter_args(%mi = %m_init, %li = %l_init, %acc = %acc_init)
      -> (tensor<128xf32>, tensor<128xf32>, tensor<128x64xf32>) : i32 {
    %tk = tile.load_tile %vk[%j, %c0] padding = zero : !tile.view<?x64xbf16> -> tensor<64x64xbf16>
    %tkt = tile.trans %tk, [1, 0] : tensor<64x64xbf16> -> tensor<64x64xbf16>
    %s0 = tile.dot %tq, %tkt, %zs : tensor<128x64xbf16>, tensor<64x64xbf16> -> tensor<128x64xf32>
    %s1 = arith.mulf %s0, %scv : tensor<128x64xf32>
    %j0 = arith.muli %j, %c64 : i32
    %j0v = tile.splat %j0 : i32 -> tensor<128x64xi32>
    %kc = arith.addi %cols, %j0v : tensor<128x64xi32>
    %inseq = arith.cmpi slt, %kc, %nv : tensor<128x64xi32>
    %below = arith.cmpi sle, %kc, %rows : tensor<128x64xi32>
    %keep = arith.andi %inseq, %below : tensor<128x64xi1>
    %s = arith.select %keep, %s1, %ninf : tensor<128x64xi1>, tensor<128x64xf32>
    %rmax = tile.reduce max %s {axis = 1 : i32} : tensor<128x64xf32> -> tensor<128xf32>
    %mnew = arith.maximumf %mi, %rmax : tensor<128xf32>
    %mn2 = tile.expand_dims %mnew {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %mnb = tile.broadcast %mn2 : tensor<128x1xf32> -> tensor<128x64xf32>
    %sd = arith.subf %s, %mnb : tensor<128x64xf32>
    %p = math.exp2 %sd : tensor<128x64xf32>
    %md = arith.subf %mi, %mnew : tensor<128xf32>
    %alpha = math.exp2 %md : tensor<128xf32>
    %psum = tile.reduce sum %p {axis = 1 : i32} : tensor<128x64xf32> -> tensor<128xf32>
    %la = arith.mulf %li, %alpha : tensor<128xf32>
    %lnew = arith.addf %la, %psum : tensor<128xf32>
    %al2 = tile.expand_dims %alpha {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %alb = tile.broadcast %al2 : tensor<128x1xf32> -> tensor<128x64xf32>
    %accs = arith.mulf %acc, %alb : tensor<128x64xf32>
    %pb = arith.truncf %p : tensor<128x64xf32> to tensor<128x64xbf16>
    %tv = tile.load_tile %vv[%j, %c0] padding = zero : !tile.view<?x64xbf16> -> tensor<64x64xbf16>
    %accn = tile.dot %pb, %tv, %accs : tensor<128x64xbf16>, tensor<64x64xbf16> -> tensor<128x64xf32>
    scf.yield %mnew, %lnew, %accn : tensor<128xf32>, tensor<128xf32>, tensor<128x64xf32>
  }
  %l2 = tile.expand_dims %res#1 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
  %lb = tile.broadcast %l2 : tensor<128x1xf32> -> tensor<128x64xf32>
  %out = arith.divf %res#2, %lb : tensor<128x64xf32>
  %ob = arith.truncf %out : tensor<128x64xf32> to tensor<128x64xbf16>
  tile.store_tile %ob, %vo[%pm, %c0] : tensor<128x64xbf16>, !tile.view<?x64xbf16>
  tile.return
}

tile.kernel @attn_causal_bf16_d64_kt(%q: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
                                  %k: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
                                  %v: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
                                  %o: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
                                  %qk_scale: f32, %n: i32)
    attributes {num_warps = 8 : i32, tile.warp_specialize = true} {
  %pm = tile.program_id x : i32
  %bh = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %off = arith.muli %bh, %n : i32
  %off64 = arith.muli %off, %c64 : i32
  %qh = tile.addptr %q, %off64 : !tile.ptr<bf16>, i32
  %kh = tile.addptr %k, %off64 : !tile.ptr<bf16>, i32
  %vh = tile.addptr %v, %off64 : !tile.ptr<bf16>, i32
  %oh = tile.addptr %o, %off64 : !tile.ptr<bf16>, i32
  %vq = tile.make_view %qh, shape [%n, 64], strides [64, 1] : !tile.ptr<bf16> -> !tile.view<?x64xbf16>
  %vk = tile.make_view %kh, shape [%n, 64], strides [64, 1] : !tile.ptr<bf16> -> !tile.view<?x64xbf16>
  %vv = tile.make_view %vh, shape [%n, 64], strides [64, 1] : !tile.ptr<bf16> -> !tile.view<?x64xbf16>
  %vo = tile.make_view %oh, shape [%n, 64], strides [64, 1] : !tile.ptr<bf16> -> !tile.view<?x64xbf16>
  %tq = tile.load_tile %vq[%pm, %c0] padding = zero : !tile.view<?x64xbf16> -> tensor<128x64xbf16>
  // Key blocks [0, hi): up to the diagonal and the end of the sequence.
  %m0 = arith.muli %pm, %c128 : i32
  %lastrow = arith.addi %m0, %c128 : i32
  %end = arith.minsi %lastrow, %n : i32
  %end63 = arith.addi %end, %c63 : i32
  %hi = arith.divsi %end63, %c64 : i32
  %rows0 = tile.arange 0, 128 : tensor<128xi32>
  %m0v = tile.splat %m0 : i32 -> tensor<128xi32>
  %rows1 = arith.addi %rows0, %m0v : tensor<128xi32>
  %rows2 = tile.expand_dims %rows1 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %rows = tile.broadcast %rows2 : tensor<128x1xi32> -> tensor<128x64xi32>
  %cols0 = tile.arange 0, 64 : tensor<64xi32>
  %cols1 = tile.expand_dims %cols0 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %cols = tile.broadcast %cols1 : tensor<1x64xi32> -> tensor<128x64xi32>
  %nv = tile.splat %n : i32 -> tensor<128x64xi32>
  %scv = tile.splat %qk_scale : f32 -> tensor<128x64xf32>
  %ninf = arith.constant dense<0xFF800000> : tensor<128x64xf32>
  %zs = arith.constant dense<0.0> : tensor<128x64xf32>
  %m_init = arith.constant dense<0xFF800000> : tensor<128xf32>
  %l_init = arith.constant dense<0.0> : tensor<128xf32>
  %acc_init = arith.constant dense<0.0> : tensor<128x64xf32>
  %res:3 = scf.for %j = %c0 to %hi step %c1
      iter_args(%mi = %m_init, %li = %l_init, %acc = %acc_init)
      -> (tensor<128xf32>, tensor<128xf32>, tensor<128x64xf32>) : i32 {
    %tkt = tile.load_tile %vk[%c0, %j] order = [1, 0] padding = zero : !tile.view<?x64xbf16> -> tensor<64x64xbf16>
    %s0 = tile.dot %tq, %tkt, %zs : tensor<128x64xbf16>, tensor<64x64xbf16> -> tensor<128x64xf32>
    %s1 = arith.mulf %s0, %scv : tensor<128x64xf32>
    %j0 = arith.muli %j, %c64 : i32
    %j0v = tile.splat %j0 : i32 -> tensor<128x64xi32>
    %kc = arith.addi %cols, %j0v : tensor<128x64xi32>
    %inseq = arith.cmpi slt, %kc, %nv : tensor<128x64xi32>
    %below = arith.cmpi sle, %kc, %rows : tensor<128x64xi32>
    %keep = arith.andi %inseq, %below : tensor<128x64xi1>
    %s = arith.select %keep, %s1, %ninf : tensor<128x64xi1>, tensor<128x64xf32>
    %rmax = tile.reduce max %s {axis = 1 : i32} : tensor<128x64xf32> -> tensor<128xf32>
    %mnew = arith.maximumf %mi, %rmax : tensor<128xf32>
    %mn2 = tile.expand_dims %mnew {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %mnb = tile.broadcast %mn2 : tensor<128x1xf32> -> tensor<128x64xf32>
    %sd = arith.subf %s, %mnb : tensor<128x64xf32>
    %p = math.exp2 %sd : tensor<128x64xf32>
    %md = arith.subf %mi, %mnew : tensor<128xf32>
    %alpha = math.exp2 %md : tensor<128xf32>
    %psum = tile.reduce sum %p {axis = 1 : i32} : tensor<128x64xf32> -> tensor<128xf32>
    %la = arith.mulf %li, %alpha : tensor<128xf32>
    %lnew = arith.addf %la, %psum : tensor<128xf32>
    %al2 = tile.expand_dims %alpha {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %alb = tile.broadcast %al2 : tensor<128x1xf32> -> tensor<128x64xf32>
    %accs = arith.mulf %acc, %alb : tensor<128x64xf32>
    %pb = arith.truncf %p : tensor<128x64xf32> to tensor<128x64xbf16>
    %tv = tile.load_tile %vv[%j, %c0] padding = zero : !tile.view<?x64xbf16> -> tensor<64x64xbf16>
    %accn = tile.dot %pb, %tv, %accs : tensor<128x64xbf16>, tensor<64x64xbf16> -> tensor<128x64xf32>
    scf.yield %mnew, %lnew, %accn : tensor<128xf32>, tensor<128xf32>, tensor<128x64xf32>
  }
  %l2 = tile.expand_dims %res#1 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
  %lb = tile.broadcast %l2 : tensor<128x1xf32> -> tensor<128x64xf32>
  %out = arith.divf %res#2, %lb : tensor<128x64xf32>
  %ob = arith.truncf %out : tensor<128x64xf32> to tensor<128x64xbf16>
  tile.store_tile %ob, %vo[%pm, %c0] : tensor<128x64xbf16>, !tile.view<?x64xbf16>
  tile.return
}
