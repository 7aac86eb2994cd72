// Flash attention forward (FA2-style online softmax) with no layout written:
// the same algorithm and arguments as examples/attention.mlir, and
// tile-assign-layouts chooses every layout. o = softmax(q k^T * sm_scale
// [+ causal mask]) v for [B, H, N, d] tensors with arbitrary strides, f16
// or bf16 in, f32 accumulation, output in the input type.
// Kernels: @attention_auto_f16_d64, @attention_auto_f16_d128,
//          @attention_auto_bf16_d64, @attention_auto_bf16_d128.
// Arguments: q, k, v, o, sm_scale (f32), n, heads (H), causal (0 or 1), then
// the strides of q, k, v and o (b, h, n, d).
//
// Launch: grid (cdiv(n, 128), B * H), 8 warps. On sm_90 both dots become
// wgmma: Q (loop-invariant) is stored into shared memory once, before the
// loop; K^T, read from the view with its axes swapped (order = [1, 0]), and
// V go through shared memory every block; P stays in registers (register-A
// wgmma). The layouts of the row statistics are slices of the score
// accumulator's, so the row max and sum are warp shuffles.

tile.kernel @attention_auto_f16_d64(
    %q: !tile.ptr<f16>, %k: !tile.ptr<f16>, %v: !tile.ptr<f16>, %o: !tile.ptr<f16>,
    %sm_scale: f32, %n: i32, %heads: i32, %causal: i32,
    %sqb: i32, %sqh: i32, %sqn: i32, %sqd: i32,
    %skb: i32, %skh: i32, %skn: i32, %skd: i32,
    %svb: i32, %svh: i32, %svn: i32, %svd: i32,
    %sob: i32, %soh: i32, %son: i32, %sod: i32) attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %bh = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  // Batch and head of this program, and the [n, d] slices of q, k, v, o.
  %b = arith.divsi %bh, %heads : i32
  %h = arith.remsi %bh, %heads : i32
  %b64 = arith.extsi %b : i32 to i64
  %h64 = arith.extsi %h : i32 to i64
  %qsb = arith.extsi %sqb : i32 to i64
  %qsh = arith.extsi %sqh : i32 to i64
  %qob = arith.muli %b64, %qsb : i64
  %qoh = arith.muli %h64, %qsh : i64
  %qoff = arith.addi %qob, %qoh : i64
  %qp = tile.addptr %q, %qoff : !tile.ptr<f16>, i64
  %vq = tile.make_view %qp, shape [%n, 64], strides [%sqn, %sqd]
        : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %ksb = arith.extsi %skb : i32 to i64
  %ksh = arith.extsi %skh : i32 to i64
  %kob = arith.muli %b64, %ksb : i64
  %koh = arith.muli %h64, %ksh : i64
  %koff = arith.addi %kob, %koh : i64
  %kp = tile.addptr %k, %koff : !tile.ptr<f16>, i64
  %vk = tile.make_view %kp, shape [%n, 64], strides [%skn, %skd]
        : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vsb = arith.extsi %svb : i32 to i64
  %vsh = arith.extsi %svh : i32 to i64
  %vob = arith.muli %b64, %vsb : i64
  %voh = arith.muli %h64, %vsh : i64
  %voff = arith.addi %vob, %voh : i64
  %vp = tile.addptr %v, %voff : !tile.ptr<f16>, i64
  %vv = tile.make_view %vp, shape [%n, 64], strides [%svn, %svd]
        : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %osb = arith.extsi %sob : i32 to i64
  %osh = arith.extsi %soh : i32 to i64
  %oob = arith.muli %b64, %osb : i64
  %ooh = arith.muli %h64, %osh : i64
  %ooff = arith.addi %oob, %ooh : i64
  %op = tile.addptr %o, %ooff : !tile.ptr<f16>, i64
  %vo = tile.make_view %op, shape [%n, 64], strides [%son, %sod]
        : !tile.ptr<f16> -> !tile.view<?x64xf16>

  // Q: one 128 x d block of rows (rows past n read as zeros).
  %tq = tile.load_tile %vq[%pm, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<128x64xf16>

  // Scores are scaled by sm_scale * log2(e), so that exp2 gives exp.
  %log2e = arith.constant 1.44269504 : f32
  %qk_scale = arith.mulf %sm_scale, %log2e : f32
  %scale = tile.splat %qk_scale : f32 -> tensor<128x64xf32>
  %scale_r = tile.splat %qk_scale : f32 -> tensor<128xf32>

  // Key blocks [0, hi): all ceil(n / 64) of them, or, when causal, those
  // left of the end of the diagonal (2 (i + 1): 128 rows are two blocks of
  // 64 keys). Blocks below nfull need no mask: they lie inside the
  // sequence and, when causal, left of this program's first row.
  %nr = arith.addi %n, %c63 : i32
  %nblocks = arith.divsi %nr, %c64 : i32
  %pm1 = arith.addi %pm, %c1 : i32
  %diag = arith.muli %pm1, %c2 : i32
  %cdiag = arith.minsi %nblocks, %diag : i32
  %is_causal = arith.cmpi ne, %causal, %c0 : i32
  %hi = arith.select %is_causal, %cdiag, %nblocks : i32
  %nfull0 = arith.divsi %n, %c64 : i32
  %first = arith.muli %pm, %c2 : i32
  %cfull = arith.minsi %nfull0, %first : i32
  %nfull = arith.select %is_causal, %cfull, %nfull0 : i32
  %last = arith.subi %hi, %c1 : i32

  // Row and column indices of the score block, for the mask.
  %row0 = arith.muli %pm, %c128 : i32
  %rowi = tile.arange 0, 128 : tensor<128xi32>
  %row0v = tile.splat %row0 : i32 -> tensor<128xi32>
  %rows1 = arith.addi %rowi, %row0v : tensor<128xi32>
  %rows2 = tile.expand_dims %rows1 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %rows = tile.broadcast %rows2 : tensor<128x1xi32> -> tensor<128x64xi32>
  %coli = tile.arange 0, 64 : tensor<64xi32>
  %nv = tile.splat %n : i32 -> tensor<128x64xi32>
  %notcausal = arith.cmpi eq, %causal, %c0 : i32
  %notcausalv = tile.splat %notcausal : i1 -> tensor<128x64xi1>
  %ninf = arith.constant dense<0xFF800000> : tensor<128x64xf32>

  %zs = arith.constant dense<0.0> : tensor<128x64xf32>
  %zo = arith.constant dense<0.0> : tensor<128x64xf32>
  %m0 = arith.constant dense<0xFF800000> : tensor<128xf32>
  %l0 = arith.constant dense<0.0> : tensor<128xf32>
  %acc, %mi, %li = scf.for %j = %c0 to %hi step %c1
      iter_args(%acc_i = %zo, %m_i = %m0, %l_i = %l0)
      -> (tensor<128x64xf32>, tensor<128xf32>, tensor<128xf32>) : i32 {
    // K^T: the view read with its axes swapped (order = [1, 0]; the
    // indices go with the tile's dims): element (x, y) of the tile is
    // k[64 j + y, x].
    %tkt = tile.load_tile %vk[%c0, %j] order = [1, 0] padding = zero
           : !tile.view<?x64xf16> -> tensor<64x64xf16>
    %tv = tile.load_tile %vv[%j, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16>
    %qk = tile.dot %tq, %tkt, %zs : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    %needmask = arith.cmpi sge, %j, %nfull : i32
    %s = scf.if %needmask -> (tensor<128x64xf32>) {
      %col0 = arith.muli %j, %c64 : i32
      %col0v = tile.splat %col0 : i32 -> tensor<64xi32>
      %cols1 = arith.addi %coli, %col0v : tensor<64xi32>
      %cols2 = tile.expand_dims %cols1 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
      %cols = tile.broadcast %cols2 : tensor<1x64xi32> -> tensor<128x64xi32>
      %inseq = arith.cmpi slt, %cols, %nv : tensor<128x64xi32>
      %below = arith.cmpi sle, %cols, %rows : tensor<128x64xi32>
      %causal_ok = arith.ori %below, %notcausalv : tensor<128x64xi1>
      %keep = arith.andi %inseq, %causal_ok : tensor<128x64xi1>
      %sm = arith.select %keep, %qk, %ninf : tensor<128x64xi1>, tensor<128x64xf32>
      scf.yield %sm : tensor<128x64xf32>
    } else {
      scf.yield %qk : tensor<128x64xf32>
    }
    // Online softmax, in units of the scaled scores: the new running max
    // m' = max(m, rowmax(S) * scale) (scale > 0), P = exp2(S * scale - m')
    // (one fma per score), and alpha = exp2(m - m') rescales what was
    // accumulated so far. Block 0 always has a column in the sequence (and
    // left of the diagonal), so m' is finite from the first block on and
    // no row gets exp2(-inf + inf).
    %mx = tile.reduce max %s {axis = 1 : i32} : tensor<128x64xf32> -> tensor<128xf32>
    %mxs = arith.mulf %mx, %scale_r : tensor<128xf32>
    %m_new = arith.maximumf %m_i, %mxs : tensor<128xf32>
    %negm = arith.negf %m_new : tensor<128xf32>
    %mb2 = tile.expand_dims %negm {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %mb = tile.broadcast %mb2 : tensor<128x1xf32> -> tensor<128x64xf32>
    %sd = math.fma %s, %scale, %mb : tensor<128x64xf32>
    %p = math.exp2 %sd fastmath<afn> : tensor<128x64xf32>
    %md = arith.subf %m_i, %m_new : tensor<128xf32>
    %alpha = math.exp2 %md fastmath<afn> : tensor<128xf32>
    %ps = tile.reduce sum %p {axis = 1 : i32} : tensor<128x64xf32> -> tensor<128xf32>
    %la = arith.mulf %l_i, %alpha : tensor<128xf32>
    %l_new = arith.addf %la, %ps : tensor<128xf32>
    %ab2 = tile.expand_dims %alpha {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %ab = tile.broadcast %ab2 : tensor<128x1xf32> -> tensor<128x64xf32>
    %acc_s = arith.mulf %acc_i, %ab : tensor<128x64xf32>
    %pt = arith.truncf %p : tensor<128x64xf32> to tensor<128x64xf16>
    %acc_n = tile.dot %pt, %tv, %acc_s : tensor<128x64xf16>, tensor<64x64xf16> -> tensor<128x64xf32>
    scf.yield %acc_n, %m_new, %l_new : tensor<128x64xf32>, tensor<128xf32>, tensor<128xf32>
  }
  %lb2 = tile.expand_dims %li {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
  %lb = tile.broadcast %lb2 : tensor<128x1xf32> -> tensor<128x64xf32>
  %out = arith.divf %acc, %lb : tensor<128x64xf32>
  %outt = arith.truncf %out : tensor<128x64xf32> to tensor<128x64xf16>
  tile.store_tile %outt, %vo[%pm, %c0] : tensor<128x64xf16>, !tile.view<?x64xf16>
  tile.return
}

tile.kernel @attention_auto_f16_d128(
    %q: !tile.ptr<f16>, %k: !tile.ptr<f16>, %v: !tile.ptr<f16>, %o: !tile.ptr<f16>,
    %sm_scale: f32, %n: i32, %heads: i32, %causal: i32,
    %sqb: i32, %sqh: i32, %sqn: i32, %sqd: i32,
    %skb: i32, %skh: i32, %skn: i32, %skd: i32,
    %svb: i32, %svh: i32, %svn: i32, %svd: i32,
    %sob: i32, %soh: i32, %son: i32, %sod: i32) attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %bh = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  // Batch and head of this program, and the [n, d] slices of q, k, v, o.
  %b = arith.divsi %bh, %heads : i32
  %h = arith.remsi %bh, %heads : i32
  %b64 = arith.extsi %b : i32 to i64
  %h64 = arith.extsi %h : i32 to i64
  %qsb = arith.extsi %sqb : i32 to i64
  %qsh = arith.extsi %sqh : i32 to i64
  %qob = arith.muli %b64, %qsb : i64
  %qoh = arith.muli %h64, %qsh : i64
  %qoff = arith.addi %qob, %qoh : i64
  %qp = tile.addptr %q, %qoff : !tile.ptr<f16>, i64
  %vq = tile.make_view %qp, shape [%n, 128], strides [%sqn, %sqd]
        : !tile.ptr<f16> -> !tile.view<?x128xf16>
  %ksb = arith.extsi %skb : i32 to i64
  %ksh = arith.extsi %skh : i32 to i64
  %kob = arith.muli %b64, %ksb : i64
  %koh = arith.muli %h64, %ksh : i64
  %koff = arith.addi %kob, %koh : i64
  %kp = tile.addptr %k, %koff : !tile.ptr<f16>, i64
  %vk = tile.make_view %kp, shape [%n, 128], strides [%skn, %skd]
        : !tile.ptr<f16> -> !tile.view<?x128xf16>
  %vsb = arith.extsi %svb : i32 to i64
  %vsh = arith.extsi %svh : i32 to i64
  %vob = arith.muli %b64, %vsb : i64
  %voh = arith.muli %h64, %vsh : i64
  %voff = arith.addi %vob, %voh : i64
  %vp = tile.addptr %v, %voff : !tile.ptr<f16>, i64
  %vv = tile.make_view %vp, shape [%n, 128], strides [%svn, %svd]
        : !tile.ptr<f16> -> !tile.view<?x128xf16>
  %osb = arith.extsi %sob : i32 to i64
  %osh = arith.extsi %soh : i32 to i64
  %oob = arith.muli %b64, %osb : i64
  %ooh = arith.muli %h64, %osh : i64
  %ooff = arith.addi %oob, %ooh : i64
  %op = tile.addptr %o, %ooff : !tile.ptr<f16>, i64
  %vo = tile.make_view %op, shape [%n, 128], strides [%son, %sod]
        : !tile.ptr<f16> -> !tile.view<?x128xf16>

  // Q: one 128 x d block of rows (rows past n read as zeros).
  %tq = tile.load_tile %vq[%pm, %c0] padding = zero : !tile.view<?x128xf16> -> tensor<128x128xf16>

  // Scores are scaled by sm_scale * log2(e), so that exp2 gives exp.
  %log2e = arith.constant 1.44269504 : f32
  %qk_scale = arith.mulf %sm_scale, %log2e : f32
  %scale = tile.splat %qk_scale : f32 -> tensor<128x64xf32>
  %scale_r = tile.splat %qk_scale : f32 -> tensor<128xf32>

  // Key blocks [0, hi): all ceil(n / 64) of them, or, when causal, those
  // left of the end of the diagonal (2 (i + 1): 128 rows are two blocks of
  // 64 keys). Blocks below nfull need no mask: they lie inside the
  // sequence and, when causal, left of this program's first row.
  %nr = arith.addi %n, %c63 : i32
  %nblocks = arith.divsi %nr, %c64 : i32
  %pm1 = arith.addi %pm, %c1 : i32
  %diag = arith.muli %pm1, %c2 : i32
  %cdiag = arith.minsi %nblocks, %diag : i32
  %is_causal = arith.cmpi ne, %causal, %c0 : i32
  %hi = arith.select %is_causal, %cdiag, %nblocks : i32
  %nfull0 = arith.divsi %n, %c64 : i32
  %first = arith.muli %pm, %c2 : i32
  %cfull = arith.minsi %nfull0, %first : i32
  %nfull = arith.select %is_causal, %cfull, %nfull0 : i32
  %last = arith.subi %hi, %c1 : i32

  // Row and column indices of the score block, for the mask.
  %row0 = arith.muli %pm, %c128 : i32
  %rowi = tile.arange 0, 128 : tensor<128xi32>
  %row0v = tile.splat %row0 : i32 -> tensor<128xi32>
  %rows1 = arith.addi %rowi, %row0v : tensor<128xi32>
  %rows2 = tile.expand_dims %rows1 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %rows = tile.broadcast %rows2 : tensor<128x1xi32> -> tensor<128x64xi32>
  %coli = tile.arange 0, 64 : tensor<64xi32>
  %nv = tile.splat %n : i32 -> tensor<128x64xi32>
  %notcausal = arith.cmpi eq, %causal, %c0 : i32
  %notcausalv = tile.splat %notcausal : i1 -> tensor<128x64xi1>
  %ninf = arith.constant dense<0xFF800000> : tensor<128x64xf32>

  %zs = arith.constant dense<0.0> : tensor<128x64xf32>
  %zo = arith.constant dense<0.0> : tensor<128x128xf32>
  %m0 = arith.constant dense<0xFF800000> : tensor<128xf32>
  %l0 = arith.constant dense<0.0> : tensor<128xf32>
  %acc, %mi, %li = scf.for %j = %c0 to %hi step %c1
      iter_args(%acc_i = %zo, %m_i = %m0, %l_i = %l0)
      -> (tensor<128x128xf32>, tensor<128xf32>, tensor<128xf32>) : i32 {
    // K^T: the view read with its axes swapped (order = [1, 0]; the
    // indices go with the tile's dims): element (x, y) of the tile is
    // k[64 j + y, x].
    %tkt = tile.load_tile %vk[%c0, %j] order = [1, 0] padding = zero
           : !tile.view<?x128xf16> -> tensor<128x64xf16>
    %tv = tile.load_tile %vv[%j, %c0] padding = zero : !tile.view<?x128xf16> -> tensor<64x128xf16>
    %qk = tile.dot %tq, %tkt, %zs : tensor<128x128xf16>, tensor<128x64xf16> -> tensor<128x64xf32>
    %needmask = arith.cmpi sge, %j, %nfull : i32
    %s = scf.if %needmask -> (tensor<128x64xf32>) {
      %col0 = arith.muli %j, %c64 : i32
      %col0v = tile.splat %col0 : i32 -> tensor<64xi32>
      %cols1 = arith.addi %coli, %col0v : tensor<64xi32>
      %cols2 = tile.expand_dims %cols1 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
      %cols = tile.broadcast %cols2 : tensor<1x64xi32> -> tensor<128x64xi32>
      %inseq = arith.cmpi slt, %cols, %nv : tensor<128x64xi32>
      %below = arith.cmpi sle, %cols, %rows : tensor<128x64xi32>
      %causal_ok = arith.ori %below, %notcausalv : tensor<128x64xi1>
      %keep = arith.andi %inseq, %causal_ok : tensor<128x64xi1>
      %sm = arith.select %keep, %qk, %ninf : tensor<128x64xi1>, tensor<128x64xf32>
      scf.yield %sm : tensor<128x64xf32>
    } else {
      scf.yield %qk : tensor<128x64xf32>
    }
    // Online softmax, in units of the scaled scores: the new running max
    // m' = max(m, rowmax(S) * scale) (scale > 0), P = exp2(S * scale - m')
    // (one fma per score), and alpha = exp2(m - m') rescales what was
    // accumulated so far. Block 0 always has a column in the sequence (and
    // left of the diagonal), so m' is finite from the first block on and
    // no row gets exp2(-inf + inf).
    %mx = tile.reduce max %s {axis = 1 : i32} : tensor<128x64xf32> -> tensor<128xf32>
    %mxs = arith.mulf %mx, %scale_r : tensor<128xf32>
    %m_new = arith.maximumf %m_i, %mxs : tensor<128xf32>
    %negm = arith.negf %m_new : tensor<128xf32>
    %mb2 = tile.expand_dims %negm {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %mb = tile.broadcast %mb2 : tensor<128x1xf32> -> tensor<128x64xf32>
    %sd = math.fma %s, %scale, %mb : tensor<128x64xf32>
    %p = math.exp2 %sd fastmath<afn> : tensor<128x64xf32>
    %md = arith.subf %m_i, %m_new : tensor<128xf32>
    %alpha = math.exp2 %md fastmath<afn> : tensor<128xf32>
    %ps = tile.reduce sum %p {axis = 1 : i32} : tensor<128x64xf32> -> tensor<128xf32>
    %la = arith.mulf %l_i, %alpha : tensor<128xf32>
    %l_new = arith.addf %la, %ps : tensor<128xf32>
    %ab2 = tile.expand_dims %alpha {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %ab = tile.broadcast %ab2 : tensor<128x1xf32> -> tensor<128x128xf32>
    %acc_s = arith.mulf %acc_i, %ab : tensor<128x128xf32>
    %pt = arith.truncf %p : tensor<128x64xf32> to tensor<128x64xf16>
    %acc_n = tile.dot %pt, %tv, %acc_s : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %acc_n, %m_new, %l_new : tensor<128x128xf32>, tensor<128xf32>, tensor<128xf32>
  }
  %lb2 = tile.expand_dims %li {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
  %lb = tile.broadcast %lb2 : tensor<128x1xf32> -> tensor<128x128xf32>
  %out = arith.divf %acc, %lb : tensor<128x128xf32>
  %outt = arith.truncf %out : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %outt, %vo[%pm, %c0] : tensor<128x128xf16>, !tile.view<?x128xf16>
  tile.return
}

tile.kernel @attention_auto_bf16_d64(
    %q: !tile.ptr<bf16>, %k: !tile.ptr<bf16>, %v: !tile.ptr<bf16>, %o: !tile.ptr<bf16>,
    %sm_scale: f32, %n: i32, %heads: i32, %causal: i32,
    %sqb: i32, %sqh: i32, %sqn: i32, %sqd: i32,
    %skb: i32, %skh: i32, %skn: i32, %skd: i32,
    %svb: i32, %svh: i32, %svn: i32, %svd: i32,
    %sob: i32, %soh: i32, %son: i32, %sod: i32) attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %bh = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  // Batch and head of this program, and the [n, d] slices of q, k, v, o.
  %b = arith.divsi %bh, %heads : i32
  %h = arith.remsi %bh, %heads : i32
  %b64 = arith.extsi %b : i32 to i64
  %h64 = arith.extsi %h : i32 to i64
  %qsb = arith.extsi %sqb : i32 to i64
  %qsh = arith.extsi %sqh : i32 to i64
  %qob = arith.muli %b64, %qsb : i64
  %qoh = arith.muli %h64, %qsh : i64
  %qoff = arith.addi %qob, %qoh : i64
  %qp = tile.addptr %q, %qoff : !tile.ptr<bf16>, i64
  %vq = tile.make_view %qp, shape [%n, 64], strides [%sqn, %sqd]
        : !tile.ptr<bf16> -> !tile.view<?x64xbf16>
  %ksb = arith.extsi %skb : i32 to i64
  %ksh = arith.extsi %skh : i32 to i64
  %kob = arith.muli %b64, %ksb : i64
  %koh = arith.muli %h64, %ksh : i64
  %koff = arith.addi %kob, %koh : i64
  %kp = tile.addptr %k, %koff : !tile.ptr<bf16>, i64
  %vk = tile.make_view %kp, shape [%n, 64], strides [%skn, %skd]
        : !tile.ptr<bf16> -> !tile.view<?x64xbf16>
  %vsb = arith.extsi %svb : i32 to i64
  %vsh = arith.extsi %svh : i32 to i64
  %vob = arith.muli %b64, %vsb : i64
  %voh = arith.muli %h64, %vsh : i64
  %voff = arith.addi %vob, %voh : i64
  %vp = tile.addptr %v, %voff : !tile.ptr<bf16>, i64
  %vv = tile.make_view %vp, shape [%n, 64], strides [%svn, %svd]
        : !tile.ptr<bf16> -> !tile.view<?x64xbf16>
  %osb = arith.extsi %sob : i32 to i64
  %osh = arith.extsi %soh : i32 to i64
  %oob = arith.muli %b64, %osb : i64
  %ooh = arith.muli %h64, %osh : i64
  %ooff = arith.addi %oob, %ooh : i64
  %op = tile.addptr %o, %ooff : !tile.ptr<bf16>, i64
  %vo = tile.make_view %op, shape [%n, 64], strides [%son, %sod]
        : !tile.ptr<bf16> -> !tile.view<?x64xbf16>

  // Q: one 128 x d block of rows (rows past n read as zeros).
  %tq = tile.load_tile %vq[%pm, %c0] padding = zero : !tile.view<?x64xbf16> -> tensor<128x64xbf16>

  // Scores are scaled by sm_scale * log2(e), so that exp2 gives exp.
  %log2e = arith.constant 1.44269504 : f32
  %qk_scale = arith.mulf %sm_scale, %log2e : f32
  %scale = tile.splat %qk_scale : f32 -> tensor<128x64xf32>
  %scale_r = tile.splat %qk_scale : f32 -> tensor<128xf32>

  // Key blocks [0, hi): all ceil(n / 64) of them, or, when causal, those
  // left of the end of the diagonal (2 (i + 1): 128 rows are two blocks of
  // 64 keys). Blocks below nfull need no mask: they lie inside the
  // sequence and, when causal, left of this program's first row.
  %nr = arith.addi %n, %c63 : i32
  %nblocks = arith.divsi %nr, %c64 : i32
  %pm1 = arith.addi %pm, %c1 : i32
  %diag = arith.muli %pm1, %c2 : i32
  %cdiag = arith.minsi %nblocks, %diag : i32
  %is_causal = arith.cmpi ne, %causal, %c0 : i32
  %hi = arith.select %is_causal, %cdiag, %nblocks : i32
  %nfull0 = arith.divsi %n, %c64 : i32
  %first = arith.muli %pm, %c2 : i32
  %cfull = arith.minsi %nfull0, %first : i32
  %nfull = arith.select %is_causal, %cfull, %nfull0 : i32
  %last = arith.subi %hi, %c1 : i32

  // Row and column indices of the score block, for the mask.
  %row0 = arith.muli %pm, %c128 : i32
  %rowi = tile.arange 0, 128 : tensor<128xi32>
  %row0v = tile.splat %row0 : i32 -> tensor<128xi32>
  %rows1 = arith.addi %rowi, %row0v : tensor<128xi32>
  %rows2 = tile.expand_dims %rows1 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %rows = tile.broadcast %rows2 : tensor<128x1xi32> -> tensor<128x64xi32>
  %coli = tile.arange 0, 64 : tensor<64xi32>
  %nv = tile.splat %n : i32 -> tensor<128x64xi32>
  %notcausal = arith.cmpi eq, %causal, %c0 : i32
  %notcausalv = tile.splat %notcausal : i1 -> tensor<128x64xi1>
  %ninf = arith.constant dense<0xFF800000> : tensor<128x64xf32>

  %zs = arith.constant dense<0.0> : tensor<128x64xf32>
  %zo = arith.constant dense<0.0> : tensor<128x64xf32>
  %m0 = arith.constant dense<0xFF800000> : tensor<128xf32>
  %l0 = arith.constant dense<0.0> : tensor<128xf32>
  %acc, %mi, %li = scf.for %j = %c0 to %hi step %c1
      iter_args(%acc_i = %zo, %m_i = %m0, %l_i = %l0)
      -> (tensor<128x64xf32>, tensor<128xf32>, tensor<128xf32>) : i32 {
    // K^T: the view read with its axes swapped (order = [1, 0]; the
    // indices go with the tile's dims): element (x, y) of the tile is
    // k[64 j + y, x].
    %tkt = tile.load_tile %vk[%c0, %j] order = [1, 0] padding = zero
           : !tile.view<?x64xbf16> -> tensor<64x64xbf16>
    %tv = tile.load_tile %vv[%j, %c0] padding = zero : !tile.view<?x64xbf16> -> tensor<64x64xbf16>
    %qk = tile.dot %tq, %tkt, %zs : tensor<128x64xbf16>, tensor<64x64xbf16> -> tensor<128x64xf32>
    %needmask = arith.cmpi sge, %j, %nfull : i32
    %s = scf.if %needmask -> (tensor<128x64xf32>) {
      %col0 = arith.muli %j, %c64 : i32
      %col0v = tile.splat %col0 : i32 -> tensor<64xi32>
      %cols1 = arith.addi %coli, %col0v : tensor<64xi32>
      %cols2 = tile.expand_dims %cols1 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
      %cols = tile.broadcast %cols2 : tensor<1x64xi32> -> tensor<128x64xi32>
      %inseq = arith.cmpi slt, %cols, %nv : tensor<128x64xi32>
      %below = arith.cmpi sle, %cols, %rows : tensor<128x64xi32>
      %causal_ok = arith.ori %below, %notcausalv : tensor<128x64xi1>
      %keep = arith.andi %inseq, %causal_ok : tensor<128x64xi1>
      %sm = arith.select %keep, %qk, %ninf : tensor<128x64xi1>, tensor<128x64xf32>
      scf.yield %sm : tensor<128x64xf32>
    } else {
      scf.yield %qk : tensor<128x64xf32>
    }
    // Online softmax, in units of the scaled scores: the new running max
    // m' = max(m, rowmax(S) * scale) (scale > 0), P = exp2(S * scale - m')
    // (one fma per score), and alpha = exp2(m - m') rescales what was
    // accumulated so far. Block 0 always has a column in the sequence (and
    // left of the diagonal), so m' is finite from the first block on and
    // no row gets exp2(-inf + inf).
    %mx = tile.reduce max %s {axis = 1 : i32} : tensor<128x64xf32> -> tensor<128xf32>
    %mxs = arith.mulf %mx, %scale_r : tensor<128xf32>
    %m_new = arith.maximumf %m_i, %mxs : tensor<128xf32>
    %negm = arith.negf %m_new : tensor<128xf32>
    %mb2 = tile.expand_dims %negm {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %mb = tile.broadcast %mb2 : tensor<128x1xf32> -> tensor<128x64xf32>
    %sd = math.fma %s, %scale, %mb : tensor<128x64xf32>
    %p = math.exp2 %sd fastmath<afn> : tensor<128x64xf32>
    %md = arith.subf %m_i, %m_new : tensor<128xf32>
    %alpha = math.exp2 %md fastmath<afn> : tensor<128xf32>
    %ps = tile.reduce sum %p {axis = 1 : i32} : tensor<128x64xf32> -> tensor<128xf32>
    %la = arith.mulf %l_i, %alpha : tensor<128xf32>
    %l_new = arith.addf %la, %ps : tensor<128xf32>
    %ab2 = tile.expand_dims %alpha {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %ab = tile.broadcast %ab2 : tensor<128x1xf32> -> tensor<128x64xf32>
    %acc_s = arith.mulf %acc_i, %ab : tensor<128x64xf32>
    %pt = arith.truncf %p : tensor<128x64xf32> to tensor<128x64xbf16>
    %acc_n = tile.dot %pt, %tv, %acc_s : tensor<128x64xbf16>, tensor<64x64xbf16> -> tensor<128x64xf32>
    scf.yield %acc_n, %m_new, %l_new : tensor<128x64xf32>, tensor<128xf32>, tensor<128xf32>
  }
  %lb2 = tile.expand_dims %li {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
  %lb = tile.broadcast %lb2 : tensor<128x1xf32> -> tensor<128x64xf32>
  %out = arith.divf %acc, %lb : tensor<128x64xf32>
  %outt = arith.truncf %out : tensor<128x64xf32> to tensor<128x64xbf16>
  tile.store_tile %outt, %vo[%pm, %c0] : tensor<128x64xbf16>, !tile.view<?x64xbf16>
  tile.return
}

tile.kernel @attention_auto_bf16_d128(
    %q: !tile.ptr<bf16>, %k: !tile.ptr<bf16>, %v: !tile.ptr<bf16>, %o: !tile.ptr<bf16>,
    %sm_scale: f32, %n: i32, %heads: i32, %causal: i32,
    %sqb: i32, %sqh: i32, %sqn: i32, %sqd: i32,
    %skb: i32, %skh: i32, %skn: i32, %skd: i32,
    %svb: i32, %svh: i32, %svn: i32, %svd: i32,
    %sob: i32, %soh: i32, %son: i32, %sod: i32) attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %bh = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  // Batch and head of this program, and the [n, d] slices of q, k, v, o.
  %b = arith.divsi %bh, %heads : i32
  %h = arith.remsi %bh, %heads : i32
  %b64 = arith.extsi %b : i32 to i64
  %h64 = arith.extsi %h : i32 to i64
  %qsb = arith.extsi %sqb : i32 to i64
  %qsh = arith.extsi %sqh : i32 to i64
  %qob = arith.muli %b64, %qsb : i64
  %qoh = arith.muli %h64, %qsh : i64
  %qoff = arith.addi %qob, %qoh : i64
  %qp = tile.addptr %q, %qoff : !tile.ptr<bf16>, i64
  %vq = tile.make_view %qp, shape [%n, 128], strides [%sqn, %sqd]
        : !tile.ptr<bf16> -> !tile.view<?x128xbf16>
  %ksb = arith.extsi %skb : i32 to i64
  %ksh = arith.extsi %skh : i32 to i64
  %kob = arith.muli %b64, %ksb : i64
  %koh = arith.muli %h64, %ksh : i64
  %koff = arith.addi %kob, %koh : i64
  %kp = tile.addptr %k, %koff : !tile.ptr<bf16>, i64
  %vk = tile.make_view %kp, shape [%n, 128], strides [%skn, %skd]
        : !tile.ptr<bf16> -> !tile.view<?x128xbf16>
  %vsb = arith.extsi %svb : i32 to i64
  %vsh = arith.extsi %svh : i32 to i64
  %vob = arith.muli %b64, %vsb : i64
  %voh = arith.muli %h64, %vsh : i64
  %voff = arith.addi %vob, %voh : i64
  %vp = tile.addptr %v, %voff : !tile.ptr<bf16>, i64
  %vv = tile.make_view %vp, shape [%n, 128], strides [%svn, %svd]
        : !tile.ptr<bf16> -> !tile.view<?x128xbf16>
  %osb = arith.extsi %sob : i32 to i64
  %osh = arith.extsi %soh : i32 to i64
  %oob = arith.muli %b64, %osb : i64
  %ooh = arith.muli %h64, %osh : i64
  %ooff = arith.addi %oob, %ooh : i64
  %op = tile.addptr %o, %ooff : !tile.ptr<bf16>, i64
  %vo = tile.make_view %op, shape [%n, 128], strides [%son, %sod]
        : !tile.ptr<bf16> -> !tile.view<?x128xbf16>

  // Q: one 128 x d block of rows (rows past n read as zeros).
  %tq = tile.load_tile %vq[%pm, %c0] padding = zero : !tile.view<?x128xbf16> -> tensor<128x128xbf16>

  // Scores are scaled by sm_scale * log2(e), so that exp2 gives exp.
  %log2e = arith.constant 1.44269504 : f32
  %qk_scale = arith.mulf %sm_scale, %log2e : f32
  %scale = tile.splat %qk_scale : f32 -> tensor<128x64xf32>
  %scale_r = tile.splat %qk_scale : f32 -> tensor<128xf32>

  // Key blocks [0, hi): all ceil(n / 64) of them, or, when causal, those
  // left of the end of the diagonal (2 (i + 1): 128 rows are two blocks of
  // 64 keys). Blocks below nfull need no mask: they lie inside the
  // sequence and, when causal, left of this program's first row.
  %nr = arith.addi %n, %c63 : i32
  %nblocks = arith.divsi %nr, %c64 : i32
  %pm1 = arith.addi %pm, %c1 : i32
  %diag = arith.muli %pm1, %c2 : i32
  %cdiag = arith.minsi %nblocks, %diag : i32
  %is_causal = arith.cmpi ne, %causal, %c0 : i32
  %hi = arith.select %is_causal, %cdiag, %nblocks : i32
  %nfull0 = arith.divsi %n, %c64 : i32
  %first = arith.muli %pm, %c2 : i32
  %cfull = arith.minsi %nfull0, %first : i32
  %nfull = arith.select %is_causal, %cfull, %nfull0 : i32
  %last = arith.subi %hi, %c1 : i32

  // Row and column indices of the score block, for the mask.
  %row0 = arith.muli %pm, %c128 : i32
  %rowi = tile.arange 0, 128 : tensor<128xi32>
  %row0v = tile.splat %row0 : i32 -> tensor<128xi32>
  %rows1 = arith.addi %rowi, %row0v : tensor<128xi32>
  %rows2 = tile.expand_dims %rows1 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %rows = tile.broadcast %rows2 : tensor<128x1xi32> -> tensor<128x64xi32>
  %coli = tile.arange 0, 64 : tensor<64xi32>
  %nv = tile.splat %n : i32 -> tensor<128x64xi32>
  %notcausal = arith.cmpi eq, %causal, %c0 : i32
  %notcausalv = tile.splat %notcausal : i1 -> tensor<128x64xi1>
  %ninf = arith.constant dense<0xFF800000> : tensor<128x64xf32>

  %zs = arith.constant dense<0.0> : tensor<128x64xf32>
  %zo = arith.constant dense<0.0> : tensor<128x128xf32>
  %m0 = arith.constant dense<0xFF800000> : tensor<128xf32>
  %l0 = arith.constant dense<0.0> : tensor<128xf32>
  %acc, %mi, %li = scf.for %j = %c0 to %hi step %c1
      iter_args(%acc_i = %zo, %m_i = %m0, %l_i = %l0)
      -> (tensor<128x128xf32>, tensor<128xf32>, tensor<128xf32>) : i32 {
    // K^T: the view read with its axes swapped (order = [1, 0]; the
    // indices go with the tile's dims): element (x, y) of the tile is
    // k[64 j + y, x].
    %tkt = tile.load_tile %vk[%c0, %j] order = [1, 0] padding = zero
           : !tile.view<?x128xbf16> -> tensor<128x64xbf16>
    %tv = tile.load_tile %vv[%j, %c0] padding = zero : !tile.view<?x128xbf16> -> tensor<64x128xbf16>
    %qk = tile.dot %tq, %tkt, %zs : tensor<128x128xbf16>, tensor<128x64xbf16> -> tensor<128x64xf32>
    %needmask = arith.cmpi sge, %j, %nfull : i32
    %s = scf.if %needmask -> (tensor<128x64xf32>) {
      %col0 = arith.muli %j, %c64 : i32
      %col0v = tile.splat %col0 : i32 -> tensor<64xi32>
      %cols1 = arith.addi %coli, %col0v : tensor<64xi32>
      %cols2 = tile.expand_dims %cols1 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
      %cols = tile.broadcast %cols2 : tensor<1x64xi32> -> tensor<128x64xi32>
      %inseq = arith.cmpi slt, %cols, %nv : tensor<128x64xi32>
      %below = arith.cmpi sle, %cols, %rows : tensor<128x64xi32>
      %causal_ok = arith.ori %below, %notcausalv : tensor<128x64xi1>
      %keep = arith.andi %inseq, %causal_ok : tensor<128x64xi1>
      %sm = arith.select %keep, %qk, %ninf : tensor<128x64xi1>, tensor<128x64xf32>
      scf.yield %sm : tensor<128x64xf32>
    } else {
      scf.yield %qk : tensor<128x64xf32>
    }
    // Online softmax, in units of the scaled scores: the new running max
    // m' = max(m, rowmax(S) * scale) (scale > 0), P = exp2(S * scale - m')
    // (one fma per score), and alpha = exp2(m - m') rescales what was
    // accumulated so far. Block 0 always has a column in the sequence (and
    // left of the diagonal), so m' is finite from the first block on and
    // no row gets exp2(-inf + inf).
    %mx = tile.reduce max %s {axis = 1 : i32} : tensor<128x64xf32> -> tensor<128xf32>
    %mxs = arith.mulf %mx, %scale_r : tensor<128xf32>
    %m_new = arith.maximumf %m_i, %mxs : tensor<128xf32>
    %negm = arith.negf %m_new : tensor<128xf32>
    %mb2 = tile.expand_dims %negm {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %mb = tile.broadcast %mb2 : tensor<128x1xf32> -> tensor<128x64xf32>
    %sd = math.fma %s, %scale, %mb : tensor<128x64xf32>
    %p = math.exp2 %sd fastmath<afn> : tensor<128x64xf32>
    %md = arith.subf %m_i, %m_new : tensor<128xf32>
    %alpha = math.exp2 %md fastmath<afn> : tensor<128xf32>
    %ps = tile.reduce sum %p {axis = 1 : i32} : tensor<128x64xf32> -> tensor<128xf32>
    %la = arith.mulf %l_i, %alpha : tensor<128xf32>
    %l_new = arith.addf %la, %ps : tensor<128xf32>
    %ab2 = tile.expand_dims %alpha {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %ab = tile.broadcast %ab2 : tensor<128x1xf32> -> tensor<128x128xf32>
    %acc_s = arith.mulf %acc_i, %ab : tensor<128x128xf32>
    %pt = arith.truncf %p : tensor<128x64xf32> to tensor<128x64xbf16>
    %acc_n = tile.dot %pt, %tv, %acc_s : tensor<128x64xbf16>, tensor<64x128xbf16> -> tensor<128x128xf32>
    scf.yield %acc_n, %m_new, %l_new : tensor<128x128xf32>, tensor<128xf32>, tensor<128xf32>
  }
  %lb2 = tile.expand_dims %li {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
  %lb = tile.broadcast %lb2 : tensor<128x1xf32> -> tensor<128x128xf32>
  %out = arith.divf %acc, %lb : tensor<128x128xf32>
  %outt = arith.truncf %out : tensor<128x128xf32> to tensor<128x128xbf16>
  tile.store_tile %outt, %vo[%pm, %c0] : tensor<128x128xbf16>, !tile.view<?x128xbf16>
  tile.return
}
