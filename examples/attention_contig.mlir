// examples/attention.mlir specialized for a contiguous head dim (stride 1
// along d, written as a constant in the views) and 16-byte aligned rows:
// q, k, v, o 16-byte aligned (tile.divisibility = 16) and their batch, head
// and row strides multiples of 8 elements (tile.divisibility = 8; the
// launcher refuses other values). Then every load and store of a tile is
// proven aligned and needs no run-time version test: one predicated vector
// access per group. Same algorithm, launch and arguments as
// examples/attention.mlir, except that the d strides are not passed:
// q, k, v, o, sm_scale, n, heads, causal, then (b, h, n) strides of each.
// Kernels: @attention_contig_f16_d64, ..._f16_d128, ..._bf16_d64, ..._bf16_d128.

// Shared layouts: 128-byte swizzled rows (what wgmma reads), and the same
// buffer seen transposed (K^T).
#sw = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#swT = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16>

#mmaS_f16_64 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]>
#mmaO_f16_64 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]>
#opP_f16_64 = #layout.dot_operand<opIdx = 0, parent = #mmaO_f16_64, kWidth = 2>
#rowS_f16_64 = #layout.slice<dim = 1, parent = #mmaS_f16_64>
#colS_f16_64 = #layout.slice<dim = 0, parent = #mmaS_f16_64>
#rowO_f16_64 = #layout.slice<dim = 1, parent = #mmaO_f16_64>
#ld_f16_64 = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]>

tile.kernel @attention_contig_f16_d64(
    %q: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %k: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %v: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %o: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %sm_scale: f32, %n: i32, %heads: i32, %causal: i32,
    %sqb: i32 {tile.divisibility = 8 : i64}, %sqh: i32 {tile.divisibility = 8 : i64}, %sqn: i32 {tile.divisibility = 8 : i64},
    %skb: i32 {tile.divisibility = 8 : i64}, %skh: i32 {tile.divisibility = 8 : i64}, %skn: i32 {tile.divisibility = 8 : i64},
    %svb: i32 {tile.divisibility = 8 : i64}, %svh: i32 {tile.divisibility = 8 : i64}, %svn: i32 {tile.divisibility = 8 : i64},
    %sob: i32 {tile.divisibility = 8 : i64}, %soh: i32 {tile.divisibility = 8 : i64}, %son: i32 {tile.divisibility = 8 : i64}) attributes {num_warps = 8 : i32} {
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
  %vq = tile.make_view %qp, shape [%n, 64], strides [%sqn, 1]
        : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %ksb = arith.extsi %skb : i32 to i64
  %ksh = arith.extsi %skh : i32 to i64
  %kob = arith.muli %b64, %ksb : i64
  %koh = arith.muli %h64, %ksh : i64
  %koff = arith.addi %kob, %koh : i64
  %kp = tile.addptr %k, %koff : !tile.ptr<f16>, i64
  %vk = tile.make_view %kp, shape [%n, 64], strides [%skn, 1]
        : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vsb = arith.extsi %svb : i32 to i64
  %vsh = arith.extsi %svh : i32 to i64
  %vob = arith.muli %b64, %vsb : i64
  %voh = arith.muli %h64, %vsh : i64
  %voff = arith.addi %vob, %voh : i64
  %vp = tile.addptr %v, %voff : !tile.ptr<f16>, i64
  %vv = tile.make_view %vp, shape [%n, 64], strides [%svn, 1]
        : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %osb = arith.extsi %sob : i32 to i64
  %osh = arith.extsi %soh : i32 to i64
  %oob = arith.muli %b64, %osb : i64
  %ooh = arith.muli %h64, %osh : i64
  %ooff = arith.addi %oob, %ooh : i64
  %op = tile.addptr %o, %ooff : !tile.ptr<f16>, i64
  %vo = tile.make_view %op, shape [%n, 64], strides [%son, 1]
        : !tile.ptr<f16> -> !tile.view<?x64xf16>

  // Q: one 128 x d block of rows (rows past n read as zeros), stored once
  // into shared memory, where both warpgroups' wgmmas read it. K and V get
  // two slots each (block j in slot j % 2); K^T is a transposed view of a
  // K slot (no data moves): the K-major B operand of the first dot.
  %tq = tile.load_tile %vq[%pm, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<128x64xf16, #ld_f16_64>
  %sq = layout.local_alloc %tq : tensor<128x64xf16, #ld_f16_64> -> !layout.memdesc<128x64xf16, #sw>
  %sk = layout.local_alloc : !layout.memdesc<2x64x64xf16, #sw>
  %sv = layout.local_alloc : !layout.memdesc<2x64x64xf16, #sw>

  // Scores are scaled by sm_scale * log2(e), so that exp2 gives exp.
  %log2e = arith.constant 1.44269504 : f32
  %qk_scale = arith.mulf %sm_scale, %log2e : f32
  %scale = tile.splat %qk_scale : f32 -> tensor<128x64xf32, #mmaS_f16_64>
  %scale_r = tile.splat %qk_scale : f32 -> tensor<128xf32, #rowS_f16_64>

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
  %rowi = tile.arange 0, 128 : tensor<128xi32, #rowS_f16_64>
  %row0v = tile.splat %row0 : i32 -> tensor<128xi32, #rowS_f16_64>
  %rows1 = arith.addi %rowi, %row0v : tensor<128xi32, #rowS_f16_64>
  %rows2 = tile.expand_dims %rows1 {axis = 1 : i32} : tensor<128xi32, #rowS_f16_64> -> tensor<128x1xi32, #mmaS_f16_64>
  %rows = tile.broadcast %rows2 : tensor<128x1xi32, #mmaS_f16_64> -> tensor<128x64xi32, #mmaS_f16_64>
  %coli = tile.arange 0, 64 : tensor<64xi32, #colS_f16_64>
  %nv = tile.splat %n : i32 -> tensor<128x64xi32, #mmaS_f16_64>
  %notcausal = arith.cmpi eq, %causal, %c0 : i32
  %notcausalv = tile.splat %notcausal : i1 -> tensor<128x64xi1, #mmaS_f16_64>
  %ninf = arith.constant dense<0xFF800000> : tensor<128x64xf32, #mmaS_f16_64>

  %zs = arith.constant dense<0.0> : tensor<128x64xf32, #mmaS_f16_64>
  %zo = arith.constant dense<0.0> : tensor<128x64xf32, #mmaO_f16_64>
  %m0 = arith.constant dense<0xFF800000> : tensor<128xf32, #rowS_f16_64>
  %l0 = arith.constant dense<0.0> : tensor<128xf32, #rowS_f16_64>
  // Block 0 into slot 0 of the K and V buffers, its scores S_0, and
  // block 1 (the last block again when there is one block) in registers.
  %tk0 = tile.load_tile %vk[%c0, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16, #ld_f16_64>
  %tv0 = tile.load_tile %vv[%c0, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16, #ld_f16_64>
  %sk0 = layout.memdesc_index %sk[%c0] : !layout.memdesc<2x64x64xf16, #sw> -> !layout.memdesc<64x64xf16, #sw>
  %sv0 = layout.memdesc_index %sv[%c0] : !layout.memdesc<2x64x64xf16, #sw> -> !layout.memdesc<64x64xf16, #sw>
  layout.local_store %tk0, %sk0 : tensor<64x64xf16, #ld_f16_64> -> !layout.memdesc<64x64xf16, #sw>
  layout.local_store %tv0, %sv0 : tensor<64x64xf16, #ld_f16_64> -> !layout.memdesc<64x64xf16, #sw>
  layout.barrier
  %skt0 = layout.memdesc_trans %sk0 {order = array<i32: 1, 0>}
          : !layout.memdesc<64x64xf16, #sw> -> !layout.memdesc<64x64xf16, #swT>
  %qk0 = tile.dot %sq, %skt0, %zs
         : !layout.memdesc<128x64xf16, #sw>, !layout.memdesc<64x64xf16, #swT> -> tensor<128x64xf32, #mmaS_f16_64>
  %b1 = arith.minsi %c1, %last : i32
  %tk1 = tile.load_tile %vk[%b1, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16, #ld_f16_64>
  %tv1 = tile.load_tile %vv[%b1, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16, #ld_f16_64>
  %acc, %mi, %li, %qkl, %tkl, %tvl = scf.for %j = %c0 to %hi step %c1
      iter_args(%acc_i = %zo, %m_i = %m0, %l_i = %l0, %qk = %qk0, %tk = %tk1, %tv = %tv1)
      -> (tensor<128x64xf32, #mmaO_f16_64>, tensor<128xf32, #rowS_f16_64>, tensor<128xf32, #rowS_f16_64>,
          tensor<128x64xf32, #mmaS_f16_64>, tensor<64x64xf16, #ld_f16_64>, tensor<64x64xf16, #ld_f16_64>) : i32 {
    // Block j is in slot j % 2 and its scores S_j = %qk are computed. The
    // other slot held block j - 1, whose dots every warpgroup has waited
    // for: after the barrier, store block j + 1 there.
    %slot = arith.andi %j, %c1 : i32
    %nslot = arith.xori %slot, %c1 : i32
    %kslot = layout.memdesc_index %sk[%nslot] : !layout.memdesc<2x64x64xf16, #sw> -> !layout.memdesc<64x64xf16, #sw>
    %vslot = layout.memdesc_index %sv[%nslot] : !layout.memdesc<2x64x64xf16, #sw> -> !layout.memdesc<64x64xf16, #sw>
    layout.barrier
    layout.local_store %tk, %kslot : tensor<64x64xf16, #ld_f16_64> -> !layout.memdesc<64x64xf16, #sw>
    layout.local_store %tv, %vslot : tensor<64x64xf16, #ld_f16_64> -> !layout.memdesc<64x64xf16, #sw>
    layout.barrier
    // Prefetch block j + 2 into registers (clamped to the last block).
    %j2 = arith.addi %j, %c2 : i32
    %jn = arith.minsi %j2, %last : i32
    %tkn = tile.load_tile %vk[%jn, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16, #ld_f16_64>
    %tvn = tile.load_tile %vv[%jn, %c0] padding = zero : !tile.view<?x64xf16> -> tensor<64x64xf16, #ld_f16_64>
    // S_(j+1) = Q K_(j+1)^T, asynchronous: the tensor cores work on it
    // while this warpgroup computes the softmax of block j.
    %sktn = layout.memdesc_trans %kslot {order = array<i32: 1, 0>}
            : !layout.memdesc<64x64xf16, #sw> -> !layout.memdesc<64x64xf16, #swT>
    %qk_next = tile.dot %sq, %sktn, %zs async
               : !layout.memdesc<128x64xf16, #sw>, !layout.memdesc<64x64xf16, #swT> -> tensor<128x64xf32, #mmaS_f16_64>
    %needmask = arith.cmpi sge, %j, %nfull : i32
    %s = scf.if %needmask -> (tensor<128x64xf32, #mmaS_f16_64>) {
      %col0 = arith.muli %j, %c64 : i32
      %col0v = tile.splat %col0 : i32 -> tensor<64xi32, #colS_f16_64>
      %cols1 = arith.addi %coli, %col0v : tensor<64xi32, #colS_f16_64>
      %cols2 = tile.expand_dims %cols1 {axis = 0 : i32} : tensor<64xi32, #colS_f16_64> -> tensor<1x64xi32, #mmaS_f16_64>
      %cols = tile.broadcast %cols2 : tensor<1x64xi32, #mmaS_f16_64> -> tensor<128x64xi32, #mmaS_f16_64>
      %inseq = arith.cmpi slt, %cols, %nv : tensor<128x64xi32, #mmaS_f16_64>
      %below = arith.cmpi sle, %cols, %rows : tensor<128x64xi32, #mmaS_f16_64>
      %causal_ok = arith.ori %below, %notcausalv : tensor<128x64xi1, #mmaS_f16_64>
      %keep = arith.andi %inseq, %causal_ok : tensor<128x64xi1, #mmaS_f16_64>
      %sm = arith.select %keep, %qk, %ninf : tensor<128x64xi1, #mmaS_f16_64>, tensor<128x64xf32, #mmaS_f16_64>
      scf.yield %sm : tensor<128x64xf32, #mmaS_f16_64>
    } else {
      scf.yield %qk : tensor<128x64xf32, #mmaS_f16_64>
    }
    // Online softmax, in units of the scaled scores: the new running max
    // m' = max(m, rowmax(S) * scale) (scale > 0), P = exp2(S * scale - m')
    // (one fma per score), and alpha = exp2(m - m') rescales what was
    // accumulated so far. Block 0 always has a column in the sequence (and
    // left of the diagonal), so m' is finite from the first block on and
    // no row gets exp2(-inf + inf).
    %mx = tile.reduce max %s {axis = 1 : i32} : tensor<128x64xf32, #mmaS_f16_64> -> tensor<128xf32, #rowS_f16_64>
    %mxs = arith.mulf %mx, %scale_r : tensor<128xf32, #rowS_f16_64>
    %m_new = arith.maximumf %m_i, %mxs : tensor<128xf32, #rowS_f16_64>
    %negm = arith.negf %m_new : tensor<128xf32, #rowS_f16_64>
    %mb2 = tile.expand_dims %negm {axis = 1 : i32} : tensor<128xf32, #rowS_f16_64> -> tensor<128x1xf32, #mmaS_f16_64>
    %mb = tile.broadcast %mb2 : tensor<128x1xf32, #mmaS_f16_64> -> tensor<128x64xf32, #mmaS_f16_64>
    %sd = math.fma %s, %scale, %mb : tensor<128x64xf32, #mmaS_f16_64>
    %p = math.exp2 %sd fastmath<afn> : tensor<128x64xf32, #mmaS_f16_64>
    %md = arith.subf %m_i, %m_new : tensor<128xf32, #rowS_f16_64>
    %alpha = math.exp2 %md fastmath<afn> : tensor<128xf32, #rowS_f16_64>
    %ps = tile.reduce sum %p {axis = 1 : i32} : tensor<128x64xf32, #mmaS_f16_64> -> tensor<128xf32, #rowS_f16_64>
    %la = arith.mulf %l_i, %alpha : tensor<128xf32, #rowS_f16_64>
    %l_new = arith.addf %la, %ps : tensor<128xf32, #rowS_f16_64>
    // alpha in the output accumulator's row slice: the same rows in the
    // same lanes (the two nvmma layouts differ only in their N), so this
    // convert moves no data.
    %alphao = layout.convert %alpha : tensor<128xf32, #rowS_f16_64> -> tensor<128xf32, #rowO_f16_64>
    %ab2 = tile.expand_dims %alphao {axis = 1 : i32} : tensor<128xf32, #rowO_f16_64> -> tensor<128x1xf32, #mmaO_f16_64>
    %ab = tile.broadcast %ab2 : tensor<128x1xf32, #mmaO_f16_64> -> tensor<128x64xf32, #mmaO_f16_64>
    %acc_s = arith.mulf %acc_i, %ab : tensor<128x64xf32, #mmaO_f16_64>
    // P in the register-A operand layout of the second dot: each thread
    // already holds the scores wgmma wants from it (a register permutation).
    %pt = arith.truncf %p : tensor<128x64xf32, #mmaS_f16_64> to tensor<128x64xf16, #mmaS_f16_64>
    %pa = layout.convert %pt : tensor<128x64xf16, #mmaS_f16_64> -> tensor<128x64xf16, #opP_f16_64>
    %svc = layout.memdesc_index %sv[%slot] : !layout.memdesc<2x64x64xf16, #sw> -> !layout.memdesc<64x64xf16, #sw>
    %acc_a = tile.dot %pa, %svc, %acc_s async
             : tensor<128x64xf16, #opP_f16_64>, !layout.memdesc<64x64xf16, #sw> -> tensor<128x64xf32, #mmaO_f16_64>
    // Both dots done (in this warpgroup): O and S_(j+1) are readable.
    %acc_n, %qk_n = tile.dot_wait %acc_a, %qk_next {pendings = 0 : i32}
                    : tensor<128x64xf32, #mmaO_f16_64>, tensor<128x64xf32, #mmaS_f16_64>
    scf.yield %acc_n, %m_new, %l_new, %qk_n, %tkn, %tvn
        : tensor<128x64xf32, #mmaO_f16_64>, tensor<128xf32, #rowS_f16_64>, tensor<128xf32, #rowS_f16_64>,
          tensor<128x64xf32, #mmaS_f16_64>, tensor<64x64xf16, #ld_f16_64>, tensor<64x64xf16, #ld_f16_64>
  }
  %lo = layout.convert %li : tensor<128xf32, #rowS_f16_64> -> tensor<128xf32, #rowO_f16_64>
  %lb2 = tile.expand_dims %lo {axis = 1 : i32} : tensor<128xf32, #rowO_f16_64> -> tensor<128x1xf32, #mmaO_f16_64>
  %lb = tile.broadcast %lb2 : tensor<128x1xf32, #mmaO_f16_64> -> tensor<128x64xf32, #mmaO_f16_64>
  %out = arith.divf %acc, %lb : tensor<128x64xf32, #mmaO_f16_64>
  %outt = arith.truncf %out : tensor<128x64xf32, #mmaO_f16_64> to tensor<128x64xf16, #mmaO_f16_64>
  tile.store_tile %outt, %vo[%pm, %c0] : tensor<128x64xf16, #mmaO_f16_64>, !tile.view<?x64xf16>
  tile.return
}

#mmaS_f16_128 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]>
#mmaO_f16_128 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]>
#opP_f16_128 = #layout.dot_operand<opIdx = 0, parent = #mmaO_f16_128, kWidth = 2>
#rowS_f16_128 = #layout.slice<dim = 1, parent = #mmaS_f16_128>
#colS_f16_128 = #layout.slice<dim = 0, parent = #mmaS_f16_128>
#rowO_f16_128 = #layout.slice<dim = 1, parent = #mmaO_f16_128>
#ld_f16_128 = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]>

tile.kernel @attention_contig_f16_d128(
    %q: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %k: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %v: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %o: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %sm_scale: f32, %n: i32, %heads: i32, %causal: i32,
    %sqb: i32 {tile.divisibility = 8 : i64}, %sqh: i32 {tile.divisibility = 8 : i64}, %sqn: i32 {tile.divisibility = 8 : i64},
    %skb: i32 {tile.divisibility = 8 : i64}, %skh: i32 {tile.divisibility = 8 : i64}, %skn: i32 {tile.divisibility = 8 : i64},
    %svb: i32 {tile.divisibility = 8 : i64}, %svh: i32 {tile.divisibility = 8 : i64}, %svn: i32 {tile.divisibility = 8 : i64},
    %sob: i32 {tile.divisibility = 8 : i64}, %soh: i32 {tile.divisibility = 8 : i64}, %son: i32 {tile.divisibility = 8 : i64}) attributes {num_warps = 8 : i32} {
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
  %vq = tile.make_view %qp, shape [%n, 128], strides [%sqn, 1]
        : !tile.ptr<f16> -> !tile.view<?x128xf16>
  %ksb = arith.extsi %skb : i32 to i64
  %ksh = arith.extsi %skh : i32 to i64
  %kob = arith.muli %b64, %ksb : i64
  %koh = arith.muli %h64, %ksh : i64
  %koff = arith.addi %kob, %koh : i64
  %kp = tile.addptr %k, %koff : !tile.ptr<f16>, i64
  %vk = tile.make_view %kp, shape [%n, 128], strides [%skn, 1]
        : !tile.ptr<f16> -> !tile.view<?x128xf16>
  %vsb = arith.extsi %svb : i32 to i64
  %vsh = arith.extsi %svh : i32 to i64
  %vob = arith.muli %b64, %vsb : i64
  %voh = arith.muli %h64, %vsh : i64
  %voff = arith.addi %vob, %voh : i64
  %vp = tile.addptr %v, %voff : !tile.ptr<f16>, i64
  %vv = tile.make_view %vp, shape [%n, 128], strides [%svn, 1]
        : !tile.ptr<f16> -> !tile.view<?x128xf16>
  %osb = arith.extsi %sob : i32 to i64
  %osh = arith.extsi %soh : i32 to i64
  %oob = arith.muli %b64, %osb : i64
  %ooh = arith.muli %h64, %osh : i64
  %ooff = arith.addi %oob, %ooh : i64
  %op = tile.addptr %o, %ooff : !tile.ptr<f16>, i64
  %vo = tile.make_view %op, shape [%n, 128], strides [%son, 1]
        : !tile.ptr<f16> -> !tile.view<?x128xf16>

  // Q: one 128 x d block of rows (rows past n read as zeros), stored once
  // into shared memory, where both warpgroups' wgmmas read it. K and V get
  // two slots each (block j in slot j % 2); K^T is a transposed view of a
  // K slot (no data moves): the K-major B operand of the first dot.
  %tq = tile.load_tile %vq[%pm, %c0] padding = zero : !tile.view<?x128xf16> -> tensor<128x128xf16, #ld_f16_128>
  %sq = layout.local_alloc %tq : tensor<128x128xf16, #ld_f16_128> -> !layout.memdesc<128x128xf16, #sw>
  %sk = layout.local_alloc : !layout.memdesc<2x64x128xf16, #sw>
  %sv = layout.local_alloc : !layout.memdesc<2x64x128xf16, #sw>

  // Scores are scaled by sm_scale * log2(e), so that exp2 gives exp.
  %log2e = arith.constant 1.44269504 : f32
  %qk_scale = arith.mulf %sm_scale, %log2e : f32
  %scale = tile.splat %qk_scale : f32 -> tensor<128x64xf32, #mmaS_f16_128>
  %scale_r = tile.splat %qk_scale : f32 -> tensor<128xf32, #rowS_f16_128>

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
  %rowi = tile.arange 0, 128 : tensor<128xi32, #rowS_f16_128>
  %row0v = tile.splat %row0 : i32 -> tensor<128xi32, #rowS_f16_128>
  %rows1 = arith.addi %rowi, %row0v : tensor<128xi32, #rowS_f16_128>
  %rows2 = tile.expand_dims %rows1 {axis = 1 : i32} : tensor<128xi32, #rowS_f16_128> -> tensor<128x1xi32, #mmaS_f16_128>
  %rows = tile.broadcast %rows2 : tensor<128x1xi32, #mmaS_f16_128> -> tensor<128x64xi32, #mmaS_f16_128>
  %coli = tile.arange 0, 64 : tensor<64xi32, #colS_f16_128>
  %nv = tile.splat %n : i32 -> tensor<128x64xi32, #mmaS_f16_128>
  %notcausal = arith.cmpi eq, %causal, %c0 : i32
  %notcausalv = tile.splat %notcausal : i1 -> tensor<128x64xi1, #mmaS_f16_128>
  %ninf = arith.constant dense<0xFF800000> : tensor<128x64xf32, #mmaS_f16_128>

  %zs = arith.constant dense<0.0> : tensor<128x64xf32, #mmaS_f16_128>
  %zo = arith.constant dense<0.0> : tensor<128x128xf32, #mmaO_f16_128>
  %m0 = arith.constant dense<0xFF800000> : tensor<128xf32, #rowS_f16_128>
  %l0 = arith.constant dense<0.0> : tensor<128xf32, #rowS_f16_128>
  // Block 0 into slot 0 of the K and V buffers, its scores S_0, and
  // block 1 (the last block again when there is one block) in registers.
  %tk0 = tile.load_tile %vk[%c0, %c0] padding = zero : !tile.view<?x128xf16> -> tensor<64x128xf16, #ld_f16_128>
  %tv0 = tile.load_tile %vv[%c0, %c0] padding = zero : !tile.view<?x128xf16> -> tensor<64x128xf16, #ld_f16_128>
  %sk0 = layout.memdesc_index %sk[%c0] : !layout.memdesc<2x64x128xf16, #sw> -> !layout.memdesc<64x128xf16, #sw>
  %sv0 = layout.memdesc_index %sv[%c0] : !layout.memdesc<2x64x128xf16, #sw> -> !layout.memdesc<64x128xf16, #sw>
  layout.local_store %tk0, %sk0 : tensor<64x128xf16, #ld_f16_128> -> !layout.memdesc<64x128xf16, #sw>
  layout.local_store %tv0, %sv0 : tensor<64x128xf16, #ld_f16_128> -> !layout.memdesc<64x128xf16, #sw>
  layout.barrier
  %skt0 = layout.memdesc_trans %sk0 {order = array<i32: 1, 0>}
          : !layout.memdesc<64x128xf16, #sw> -> !layout.memdesc<128x64xf16, #swT>
  %qk0 = tile.dot %sq, %skt0, %zs
         : !layout.memdesc<128x128xf16, #sw>, !layout.memdesc<128x64xf16, #swT> -> tensor<128x64xf32, #mmaS_f16_128>
  %b1 = arith.minsi %c1, %last : i32
  %tk1 = tile.load_tile %vk[%b1, %c0] padding = zero : !tile.view<?x128xf16> -> tensor<64x128xf16, #ld_f16_128>
  %tv1 = tile.load_tile %vv[%b1, %c0] padding = zero : !tile.view<?x128xf16> -> tensor<64x128xf16, #ld_f16_128>
  %acc, %mi, %li, %qkl, %tkl, %tvl = scf.for %j = %c0 to %hi step %c1
      iter_args(%acc_i = %zo, %m_i = %m0, %l_i = %l0, %qk = %qk0, %tk = %tk1, %tv = %tv1)
      -> (tensor<128x128xf32, #mmaO_f16_128>, tensor<128xf32, #rowS_f16_128>, tensor<128xf32, #rowS_f16_128>,
          tensor<128x64xf32, #mmaS_f16_128>, tensor<64x128xf16, #ld_f16_128>, tensor<64x128xf16, #ld_f16_128>) : i32 {
    // Block j is in slot j % 2 and its scores S_j = %qk are computed. The
    // other slot held block j - 1, whose dots every warpgroup has waited
    // for: after the barrier, store block j + 1 there.
    %slot = arith.andi %j, %c1 : i32
    %nslot = arith.xori %slot, %c1 : i32
    %kslot = layout.memdesc_index %sk[%nslot] : !layout.memdesc<2x64x128xf16, #sw> -> !layout.memdesc<64x128xf16, #sw>
    %vslot = layout.memdesc_index %sv[%nslot] : !layout.memdesc<2x64x128xf16, #sw> -> !layout.memdesc<64x128xf16, #sw>
    layout.barrier
    layout.local_store %tk, %kslot : tensor<64x128xf16, #ld_f16_128> -> !layout.memdesc<64x128xf16, #sw>
    layout.local_store %tv, %vslot : tensor<64x128xf16, #ld_f16_128> -> !layout.memdesc<64x128xf16, #sw>
    layout.barrier
    // Prefetch block j + 2 into registers (clamped to the last block).
    %j2 = arith.addi %j, %c2 : i32
    %jn = arith.minsi %j2, %last : i32
    %tkn = tile.load_tile %vk[%jn, %c0] padding = zero : !tile.view<?x128xf16> -> tensor<64x128xf16, #ld_f16_128>
    %tvn = tile.load_tile %vv[%jn, %c0] padding = zero : !tile.view<?x128xf16> -> tensor<64x128xf16, #ld_f16_128>
    // S_(j+1) = Q K_(j+1)^T, asynchronous: the tensor cores work on it
    // while this warpgroup computes the softmax of block j.
    %sktn = layout.memdesc_trans %kslot {order = array<i32: 1, 0>}
            : !layout.memdesc<64x128xf16, #sw> -> !layout.memdesc<128x64xf16, #swT>
    %qk_next = tile.dot %sq, %sktn, %zs async
               : !layout.memdesc<128x128xf16, #sw>, !layout.memdesc<128x64xf16, #swT> -> tensor<128x64xf32, #mmaS_f16_128>
    %needmask = arith.cmpi sge, %j, %nfull : i32
    %s = scf.if %needmask -> (tensor<128x64xf32, #mmaS_f16_128>) {
      %col0 = arith.muli %j, %c64 : i32
      %col0v = tile.splat %col0 : i32 -> tensor<64xi32, #colS_f16_128>
      %cols1 = arith.addi %coli, %col0v : tensor<64xi32, #colS_f16_128>
      %cols2 = tile.expand_dims %cols1 {axis = 0 : i32} : tensor<64xi32, #colS_f16_128> -> tensor<1x64xi32, #mmaS_f16_128>
      %cols = tile.broadcast %cols2 : tensor<1x64xi32, #mmaS_f16_128> -> tensor<128x64xi32, #mmaS_f16_128>
      %inseq = arith.cmpi slt, %cols, %nv : tensor<128x64xi32, #mmaS_f16_128>
      %below = arith.cmpi sle, %cols, %rows : tensor<128x64xi32, #mmaS_f16_128>
      %causal_ok = arith.ori %below, %notcausalv : tensor<128x64xi1, #mmaS_f16_128>
      %keep = arith.andi %inseq, %causal_ok : tensor<128x64xi1, #mmaS_f16_128>
      %sm = arith.select %keep, %qk, %ninf : tensor<128x64xi1, #mmaS_f16_128>, tensor<128x64xf32, #mmaS_f16_128>
      scf.yield %sm : tensor<128x64xf32, #mmaS_f16_128>
    } else {
      scf.yield %qk : tensor<128x64xf32, #mmaS_f16_128>
    }
    // Online softmax, in units of the scaled scores: the new running max
    // m' = max(m, rowmax(S) * scale) (scale > 0), P = exp2(S * scale - m')
    // (one fma per score), and alpha = exp2(m - m') rescales what was
    // accumulated so far. Block 0 always has a column in the sequence (and
    // left of the diagonal), so m' is finite from the first block on and
    // no row gets exp2(-inf + inf).
    %mx = tile.reduce max %s {axis = 1 : i32} : tensor<128x64xf32, #mmaS_f16_128> -> tensor<128xf32, #rowS_f16_128>
    %mxs = arith.mulf %mx, %scale_r : tensor<128xf32, #rowS_f16_128>
    %m_new = arith.maximumf %m_i, %mxs : tensor<128xf32, #rowS_f16_128>
    %negm = arith.negf %m_new : tensor<128xf32, #rowS_f16_128>
    %mb2 = tile.expand_dims %negm {axis = 1 : i32} : tensor<128xf32, #rowS_f16_128> -> tensor<128x1xf32, #mmaS_f16_128>
    %mb = tile.broadcast %mb2 : tensor<128x1xf32, #mmaS_f16_128> -> tensor<128x64xf32, #mmaS_f16_128>
    %sd = math.fma %s, %scale, %mb : tensor<128x64xf32, #mmaS_f16_128>
    %p = math.exp2 %sd fastmath<afn> : tensor<128x64xf32, #mmaS_f16_128>
    %md = arith.subf %m_i, %m_new : tensor<128xf32, #rowS_f16_128>
    %alpha = math.exp2 %md fastmath<afn> : tensor<128xf32, #rowS_f16_128>
    %ps = tile.reduce sum %p {axis = 1 : i32} : tensor<128x64xf32, #mmaS_f16_128> -> tensor<128xf32, #rowS_f16_128>
    %la = arith.mulf %l_i, %alpha : tensor<128xf32, #rowS_f16_128>
    %l_new = arith.addf %la, %ps : tensor<128xf32, #rowS_f16_128>
    // alpha in the output accumulator's row slice: the same rows in the
    // same lanes (the two nvmma layouts differ only in their N), so this
    // convert moves no data.
    %alphao = layout.convert %alpha : tensor<128xf32, #rowS_f16_128> -> tensor<128xf32, #rowO_f16_128>
    %ab2 = tile.expand_dims %alphao {axis = 1 : i32} : tensor<128xf32, #rowO_f16_128> -> tensor<128x1xf32, #mmaO_f16_128>
    %ab = tile.broadcast %ab2 : tensor<128x1xf32, #mmaO_f16_128> -> tensor<128x128xf32, #mmaO_f16_128>
    %acc_s = arith.mulf %acc_i, %ab : tensor<128x128xf32, #mmaO_f16_128>
    // P in the register-A operand layout of the second dot: each thread
    // already holds the scores wgmma wants from it (a register permutation).
    %pt = arith.truncf %p : tensor<128x64xf32, #mmaS_f16_128> to tensor<128x64xf16, #mmaS_f16_128>
    %pa = layout.convert %pt : tensor<128x64xf16, #mmaS_f16_128> -> tensor<128x64xf16, #opP_f16_128>
    %svc = layout.memdesc_index %sv[%slot] : !layout.memdesc<2x64x128xf16, #sw> -> !layout.memdesc<64x128xf16, #sw>
    %acc_a = tile.dot %pa, %svc, %acc_s async
             : tensor<128x64xf16, #opP_f16_128>, !layout.memdesc<64x128xf16, #sw> -> tensor<128x128xf32, #mmaO_f16_128>
    // Both dots done (in this warpgroup): O and S_(j+1) are readable.
    %acc_n, %qk_n = tile.dot_wait %acc_a, %qk_next {pendings = 0 : i32}
                    : tensor<128x128xf32, #mmaO_f16_128>, tensor<128x64xf32, #mmaS_f16_128>
    scf.yield %acc_n, %m_new, %l_new, %qk_n, %tkn, %tvn
        : tensor<128x128xf32, #mmaO_f16_128>, tensor<128xf32, #rowS_f16_128>, tensor<128xf32, #rowS_f16_128>,
          tensor<128x64xf32, #mmaS_f16_128>, tensor<64x128xf16, #ld_f16_128>, tensor<64x128xf16, #ld_f16_128>
  }
  %lo = layout.convert %li : tensor<128xf32, #rowS_f16_128> -> tensor<128xf32, #rowO_f16_128>
  %lb2 = tile.expand_dims %lo {axis = 1 : i32} : tensor<128xf32, #rowO_f16_128> -> tensor<128x1xf32, #mmaO_f16_128>
  %lb = tile.broadcast %lb2 : tensor<128x1xf32, #mmaO_f16_128> -> tensor<128x128xf32, #mmaO_f16_128>
  %out = arith.divf %acc, %lb : tensor<128x128xf32, #mmaO_f16_128>
  %outt = arith.truncf %out : tensor<128x128xf32, #mmaO_f16_128> to tensor<128x128xf16, #mmaO_f16_128>
  tile.store_tile %outt, %vo[%pm, %c0] : tensor<128x128xf16, #mmaO_f16_128>, !tile.view<?x128xf16>
  tile.return
}

#mmaS_bf16_64 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]>
#mmaO_bf16_64 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]>
#opP_bf16_64 = #layout.dot_operand<opIdx = 0, parent = #mmaO_bf16_64, kWidth = 2>
#rowS_bf16_64 = #layout.slice<dim = 1, parent = #mmaS_bf16_64>
#colS_bf16_64 = #layout.slice<dim = 0, parent = #mmaS_bf16_64>
#rowO_bf16_64 = #layout.slice<dim = 1, parent = #mmaO_bf16_64>
#ld_bf16_64 = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]>

tile.kernel @attention_contig_bf16_d64(
    %q: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %k: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %v: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %o: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
    %sm_scale: f32, %n: i32, %heads: i32, %causal: i32,
    %sqb: i32 {tile.divisibility = 8 : i64}, %sqh: i32 {tile.divisibility = 8 : i64}, %sqn: i32 {tile.divisibility = 8 : i64},
    %skb: i32 {tile.divisibility = 8 : i64}, %skh: i32 {tile.divisibility = 8 : i64}, %skn: i32 {tile.divisibility = 8 : i64},
    %svb: i32 {tile.divisibility = 8 : i64}, %svh: i32 {tile.divisibility = 8 : i64}, %svn: i32 {tile.divisibility = 8 : i64},
    %sob: i32 {tile.divisibility = 8 : i64}, %soh: i32 {tile.divisibility = 8 : i64}, %son: i32 {tile.divisibility = 8 : i64}) attributes {num_warps = 8 : i32} {
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
  %vq = tile.make_view %qp, shape [%n, 64], strides [%sqn, 1]
        : !tile.ptr<bf16> -> !tile.view<?x64xbf16>
  %ksb = arith.extsi %skb : i32 to i64
  %ksh = arith.extsi %skh : i32 to i64
  %kob = arith.muli %b64, %ksb : i64
  %koh = arith.muli %h64, %ksh : i64
  %koff = arith.addi %kob, %koh : i64
  %kp = tile.addptr %k, %koff : !tile.ptr<bf16>, i64
  %vk = tile.make_view %kp, shape [%n, 64], strides [%skn, 1]
        : !tile.ptr<bf16> -> !tile.view<?x64xbf16>
  %vsb = arith.extsi %svb : i32 to i64
  %vsh = arith.extsi %svh : i32 to i64
  %vob = arith.muli %b64, %vsb : i64
  %voh = arith.muli %h64, %vsh : i64
  %voff = arith.addi %vob, %voh : i64
  %vp = tile.addptr %v, %voff : !tile.ptr<bf16>, i64
  %vv = tile.make_view %vp, shape [%n, 64], strides [%svn, 1]
        : !tile.ptr<bf16> -> !tile.view<?x64xbf16>
  %osb = arith.extsi %sob : i32 to i64
  %osh = arith.extsi %soh : i32 to i64
  %oob = arith.muli %b64, %osb : i64
  %ooh = arith.muli %h64, %osh : i64
  %ooff = arith.addi %oob, %ooh : i64
  %op = tile.addptr %o, %ooff : !tile.ptr<bf16>, i64
  %vo = tile.make_view %op, shape [%n, 64], strides [%son, 1]
        : !tile.ptr<bf16> -> !tile.view<?x64xbf16>

  // Q: one 128 x d block of rows (rows past n read as zeros), stored once
  // into shared memory, where both warpgroups' wgmmas read it. K and V get
  // two slots each (block j in slot j % 2); K^T is a transposed view of a
  // K slot (no data moves): the K-major B operand of the first dot.
  %tq = tile.load_tile %vq[%pm, %c0] padding = zero : !tile.view<?x64xbf16> -> tensor<128x64xbf16, #ld_bf16_64>
  %sq = layout.local_alloc %tq : tensor<128x64xbf16, #ld_bf16_64> -> !layout.memdesc<128x64xbf16, #sw>
  %sk = layout.local_alloc : !layout.memdesc<2x64x64xbf16, #sw>
  %sv = layout.local_alloc : !layout.memdesc<2x64x64xbf16, #sw>

  // Scores are scaled by sm_scale * log2(e), so that exp2 gives exp.
  %log2e = arith.constant 1.44269504 : f32
  %qk_scale = arith.mulf %sm_scale, %log2e : f32
  %scale = tile.splat %qk_scale : f32 -> tensor<128x64xf32, #mmaS_bf16_64>
  %scale_r = tile.splat %qk_scale : f32 -> tensor<128xf32, #rowS_bf16_64>

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
  %rowi = tile.arange 0, 128 : tensor<128xi32, #rowS_bf16_64>
  %row0v = tile.splat %row0 : i32 -> tensor<128xi32, #rowS_bf16_64>
  %rows1 = arith.addi %rowi, %row0v : tensor<128xi32, #rowS_bf16_64>
  %rows2 = tile.expand_dims %rows1 {axis = 1 : i32} : tensor<128xi32, #rowS_bf16_64> -> tensor<128x1xi32, #mmaS_bf16_64>
  %rows = tile.broadcast %rows2 : tensor<128x1xi32, #mmaS_bf16_64> -> tensor<128x64xi32, #mmaS_bf16_64>
  %coli = tile.arange 0, 64 : tensor<64xi32, #colS_bf16_64>
  %nv = tile.splat %n : i32 -> tensor<128x64xi32, #mmaS_bf16_64>
  %notcausal = arith.cmpi eq, %causal, %c0 : i32
  %notcausalv = tile.splat %notcausal : i1 -> tensor<128x64xi1, #mmaS_bf16_64>
  %ninf = arith.constant dense<0xFF800000> : tensor<128x64xf32, #mmaS_bf16_64>

  %zs = arith.constant dense<0.0> : tensor<128x64xf32, #mmaS_bf16_64>
  %zo = arith.constant dense<0.0> : tensor<128x64xf32, #mmaO_bf16_64>
  %m0 = arith.constant dense<0xFF800000> : tensor<128xf32, #rowS_bf16_64>
  %l0 = arith.constant dense<0.0> : tensor<128xf32, #rowS_bf16_64>
  // Block 0 into slot 0 of the K and V buffers, its scores S_0, and
  // block 1 (the last block again when there is one block) in registers.
  %tk0 = tile.load_tile %vk[%c0, %c0] padding = zero : !tile.view<?x64xbf16> -> tensor<64x64xbf16, #ld_bf16_64>
  %tv0 = tile.load_tile %vv[%c0, %c0] padding = zero : !tile.view<?x64xbf16> -> tensor<64x64xbf16, #ld_bf16_64>
  %sk0 = layout.memdesc_index %sk[%c0] : !layout.memdesc<2x64x64xbf16, #sw> -> !layout.memdesc<64x64xbf16, #sw>
  %sv0 = layout.memdesc_index %sv[%c0] : !layout.memdesc<2x64x64xbf16, #sw> -> !layout.memdesc<64x64xbf16, #sw>
  layout.local_store %tk0, %sk0 : tensor<64x64xbf16, #ld_bf16_64> -> !layout.memdesc<64x64xbf16, #sw>
  layout.local_store %tv0, %sv0 : tensor<64x64xbf16, #ld_bf16_64> -> !layout.memdesc<64x64xbf16, #sw>
  layout.barrier
  %skt0 = layout.memdesc_trans %sk0 {order = array<i32: 1, 0>}
          : !layout.memdesc<64x64xbf16, #sw> -> !layout.memdesc<64x64xbf16, #swT>
  %qk0 = tile.dot %sq, %skt0, %zs
         : !layout.memdesc<128x64xbf16, #sw>, !layout.memdesc<64x64xbf16, #swT> -> tensor<128x64xf32, #mmaS_bf16_64>
  %b1 = arith.minsi %c1, %last : i32
  %tk1 = tile.load_tile %vk[%b1, %c0] padding = zero : !tile.view<?x64xbf16> -> tensor<64x64xbf16, #ld_bf16_64>
  %tv1 = tile.load_tile %vv[%b1, %c0] padding = zero : !tile.view<?x64xbf16> -> tensor<64x64xbf16, #ld_bf16_64>
  %acc, %mi, %li, %qkl, %tkl, %tvl = scf.for %j = %c0 to %hi step %c1
      iter_args(%acc_i = %zo, %m_i = %m0, %l_i = %l0, %qk = %qk0, %tk = %tk1, %tv = %tv1)
      -> (tensor<128x64xf32, #mmaO_bf16_64>, tensor<128xf32, #rowS_bf16_64>, tensor<128xf32, #rowS_bf16_64>,
          tensor<128x64xf32, #mmaS_bf16_64>, tensor<64x64xbf16, #ld_bf16_64>, tensor<64x64xbf16, #ld_bf16_64>) : i32 {
    // Block j is in slot j % 2 and its scores S_j = %qk are computed. The
    // other slot held block j - 1, whose dots every warpgroup has waited
    // for: after the barrier, store block j + 1 there.
    %slot = arith.andi %j, %c1 : i32
    %nslot = arith.xori %slot, %c1 : i32
    %kslot = layout.memdesc_index %sk[%nslot] : !layout.memdesc<2x64x64xbf16, #sw> -> !layout.memdesc<64x64xbf16, #sw>
    %vslot = layout.memdesc_index %sv[%nslot] : !layout.memdesc<2x64x64xbf16, #sw> -> !layout.memdesc<64x64xbf16, #sw>
    layout.barrier
    layout.local_store %tk, %kslot : tensor<64x64xbf16, #ld_bf16_64> -> !layout.memdesc<64x64xbf16, #sw>
    layout.local_store %tv, %vslot : tensor<64x64xbf16, #ld_bf16_64> -> !layout.memdesc<64x64xbf16, #sw>
    layout.barrier
    // Prefetch block j + 2 into registers (clamped to the last block).
    %j2 = arith.addi %j, %c2 : i32
    %jn = arith.minsi %j2, %last : i32
    %tkn = tile.load_tile %vk[%jn, %c0] padding = zero : !tile.view<?x64xbf16> -> tensor<64x64xbf16, #ld_bf16_64>
    %tvn = tile.load_tile %vv[%jn, %c0] padding = zero : !tile.view<?x64xbf16> -> tensor<64x64xbf16, #ld_bf16_64>
    // S_(j+1) = Q K_(j+1)^T, asynchronous: the tensor cores work on it
    // while this warpgroup computes the softmax of block j.
    %sktn = layout.memdesc_trans %kslot {order = array<i32: 1, 0>}
            : !layout.memdesc<64x64xbf16, #sw> -> !layout.memdesc<64x64xbf16, #swT>
    %qk_next = tile.dot %sq, %sktn, %zs async
               : !layout.memdesc<128x64xbf16, #sw>, !layout.memdesc<64x64xbf16, #swT> -> tensor<128x64xf32, #mmaS_bf16_64>
    %needmask = arith.cmpi sge, %j, %nfull : i32
    %s = scf.if %needmask -> (tensor<128x64xf32, #mmaS_bf16_64>) {
      %col0 = arith.muli %j, %c64 : i32
      %col0v = tile.splat %col0 : i32 -> tensor<64xi32, #colS_bf16_64>
      %cols1 = arith.addi %coli, %col0v : tensor<64xi32, #colS_bf16_64>
      %cols2 = tile.expand_dims %cols1 {axis = 0 : i32} : tensor<64xi32, #colS_bf16_64> -> tensor<1x64xi32, #mmaS_bf16_64>
      %cols = tile.broadcast %cols2 : tensor<1x64xi32, #mmaS_bf16_64> -> tensor<128x64xi32, #mmaS_bf16_64>
      %inseq = arith.cmpi slt, %cols, %nv : tensor<128x64xi32, #mmaS_bf16_64>
      %below = arith.cmpi sle, %cols, %rows : tensor<128x64xi32, #mmaS_bf16_64>
      %causal_ok = arith.ori %below, %notcausalv : tensor<128x64xi1, #mmaS_bf16_64>
      %keep = arith.andi %inseq, %causal_ok : tensor<128x64xi1, #mmaS_bf16_64>
      %sm = arith.select %keep, %qk, %ninf : tensor<128x64xi1, #mmaS_bf16_64>, tensor<128x64xf32, #mmaS_bf16_64>
      scf.yield %sm : tensor<128x64xf32, #mmaS_bf16_64>
    } else {
      scf.yield %qk : tensor<128x64xf32, #mmaS_bf16_64>
    }
    // Online softmax, in units of the scaled scores: the new running max
    // m' = max(m, rowmax(S) * scale) (scale > 0), P = exp2(S * scale - m')
    // (one fma per score), and alpha = exp2(m - m') rescales what was
    // accumulated so far. Block 0 always has a column in the sequence (and
    // left of the diagonal), so m' is finite from the first block on and
    // no row gets exp2(-inf + inf).
    %mx = tile.reduce max %s {axis = 1 : i32} : tensor<128x64xf32, #mmaS_bf16_64> -> tensor<128xf32, #rowS_bf16_64>
    %mxs = arith.mulf %mx, %scale_r : tensor<128xf32, #rowS_bf16_64>
    %m_new = arith.maximumf %m_i, %mxs : tensor<128xf32, #rowS_bf16_64>
    %negm = arith.negf %m_new : tensor<128xf32, #rowS_bf16_64>
    %mb2 = tile.expand_dims %negm {axis = 1 : i32} : tensor<128xf32, #rowS_bf16_64> -> tensor<128x1xf32, #mmaS_bf16_64>
    %mb = tile.broadcast %mb2 : tensor<128x1xf32, #mmaS_bf16_64> -> tensor<128x64xf32, #mmaS_bf16_64>
    %sd = math.fma %s, %scale, %mb : tensor<128x64xf32, #mmaS_bf16_64>
    %p = math.exp2 %sd fastmath<afn> : tensor<128x64xf32, #mmaS_bf16_64>
    %md = arith.subf %m_i, %m_new : tensor<128xf32, #rowS_bf16_64>
    %alpha = math.exp2 %md fastmath<afn> : tensor<128xf32, #rowS_bf16_64>
    %ps = tile.reduce sum %p {axis = 1 : i32} : tensor<128x64xf32, #mmaS_bf16_64> -> tensor<128xf32, #rowS_bf16_64>
    %la = arith.mulf %l_i, %alpha : tensor<128xf32, #rowS_bf16_64>
    %l_new = arith.addf %la, %ps : tensor<128xf32, #rowS_bf16_64>
    // alpha in the output accumulator's row slice: the same rows in the
    // same lanes (the two nvmma layouts differ only in their N), so this
    // convert moves no data.
    %alphao = layout.convert %alpha : tensor<128xf32, #rowS_bf16_64> -> tensor<128xf32, #rowO_bf16_64>
    %ab2 = tile.expand_dims %alphao {axis = 1 : i32} : tensor<128xf32, #rowO_bf16_64> -> tensor<128x1xf32, #mmaO_bf16_64>
    %ab = tile.broadcast %ab2 : tensor<128x1xf32, #mmaO_bf16_64> -> tensor<128x64xf32, #mmaO_bf16_64>
    %acc_s = arith.mulf %acc_i, %ab : tensor<128x64xf32, #mmaO_bf16_64>
    // P in the register-A operand layout of the second dot: each thread
    // already holds the scores wgmma wants from it (a register permutation).
    %pt = arith.truncf %p : tensor<128x64xf32, #mmaS_bf16_64> to tensor<128x64xbf16, #mmaS_bf16_64>
    %pa = layout.convert %pt : tensor<128x64xbf16, #mmaS_bf16_64> -> tensor<128x64xbf16, #opP_bf16_64>
    %svc = layout.memdesc_index %sv[%slot] : !layout.memdesc<2x64x64xbf16, #sw> -> !layout.memdesc<64x64xbf16, #sw>
    %acc_a = tile.dot %pa, %svc, %acc_s async
             : tensor<128x64xbf16, #opP_bf16_64>, !layout.memdesc<64x64xbf16, #sw> -> tensor<128x64xf32, #mmaO_bf16_64>
    // Both dots done (in this warpgroup): O and S_(j+1) are readable.
    %acc_n, %qk_n = tile.dot_wait %acc_a, %qk_next {pendings = 0 : i32}
                    : tensor<128x64xf32, #mmaO_bf16_64>, tensor<128x64xf32, #mmaS_bf16_64>
    scf.yield %acc_n, %m_new, %l_new, %qk_n, %tkn, %tvn
        : tensor<128x64xf32, #mmaO_bf16_64>, tensor<128xf32, #rowS_bf16_64>, tensor<128xf32, #rowS_bf16_64>,
          tensor<128x64xf32, #mmaS_bf16_64>, tensor<64x64xbf16, #ld_bf16_64>, tensor<64x64xbf16, #ld_bf16_64>
  }
  %lo = layout.convert %li : tensor<128xf32, #rowS_bf16_64> -> tensor<128xf32, #rowO_bf16_64>
  %lb2 = tile.expand_dims %lo {axis = 1 : i32} : tensor<128xf32, #rowO_bf16_64> -> tensor<128x1xf32, #mmaO_bf16_64>
  %lb = tile.broadcast %lb2 : tensor<128x1xf32, #mmaO_bf16_64> -> tensor<128x64xf32, #mmaO_bf16_64>
  %out = arith.divf %acc, %lb : tensor<128x64xf32, #mmaO_bf16_64>
  %outt = arith.truncf %out : tensor<128x64xf32, #mmaO_bf16_64> to tensor<128x64xbf16, #mmaO_bf16_64>
  tile.store_tile %outt, %vo[%pm, %c0] : tensor<128x64xbf16, #mmaO_bf16_64>, !tile.view<?x64xbf16>
  tile.return
}

#mmaS_bf16_128 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]>
#mmaO_bf16_128 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]>
#opP_bf16_128 = #layout.dot_operand<opIdx = 0, parent = #mmaO_bf16_128, kWidth = 2>
#rowS_bf16_128 = #layout.slice<dim = 1, parent = #mmaS_bf16_128>
#colS_bf16_128 = #layout.slice<dim = 0, parent = #mmaS_bf16_128>
#rowO_bf16_128 = #layout.slice<dim = 1, parent = #mmaO_bf16_128>
#ld_bf16_128 = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]>

tile.kernel @attention_contig_bf16_d128(
    %q: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %k: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %v: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %o: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
    %sm_scale: f32, %n: i32, %heads: i32, %causal: i32,
    %sqb: i32 {tile.divisibility = 8 : i64}, %sqh: i32 {tile.divisibility = 8 : i64}, %sqn: i32 {tile.divisibility = 8 : i64},
    %skb: i32 {tile.divisibility = 8 : i64}, %skh: i32 {tile.divisibility = 8 : i64}, %skn: i32 {tile.divisibility = 8 : i64},
    %svb: i32 {tile.divisibility = 8 : i64}, %svh: i32 {tile.divisibility = 8 : i64}, %svn: i32 {tile.divisibility = 8 : i64},
    %sob: i32 {tile.divisibility = 8 : i64}, %soh: i32 {tile.divisibility = 8 : i64}, %son: i32 {tile.divisibility = 8 : i64}) attributes {num_warps = 8 : i32} {
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
  %vq = tile.make_view %qp, shape [%n, 128], strides [%sqn, 1]
        : !tile.ptr<bf16> -> !tile.view<?x128xbf16>
  %ksb = arith.extsi %skb : i32 to i64
  %ksh = arith.extsi %skh : i32 to i64
  %kob = arith.muli %b64, %ksb : i64
  %koh = arith.muli %h64, %ksh : i64
  %koff = arith.addi %kob, %koh : i64
  %kp = tile.addptr %k, %koff : !tile.ptr<bf16>, i64
  %vk = tile.make_view %kp, shape [%n, 128], strides [%skn, 1]
        : !tile.ptr<bf16> -> !tile.view<?x128xbf16>
  %vsb = arith.extsi %svb : i32 to i64
  %vsh = arith.extsi %svh : i32 to i64
  %vob = arith.muli %b64, %vsb : i64
  %voh = arith.muli %h64, %vsh : i64
  %voff = arith.addi %vob, %voh : i64
  %vp = tile.addptr %v, %voff : !tile.ptr<bf16>, i64
  %vv = tile.make_view %vp, shape [%n, 128], strides [%svn, 1]
        : !tile.ptr<bf16> -> !tile.view<?x128xbf16>
  %osb = arith.extsi %sob : i32 to i64
  %osh = arith.extsi %soh : i32 to i64
  %oob = arith.muli %b64, %osb : i64
  %ooh = arith.muli %h64, %osh : i64
  %ooff = arith.addi %oob, %ooh : i64
  %op = tile.addptr %o, %ooff : !tile.ptr<bf16>, i64
  %vo = tile.make_view %op, shape [%n, 128], strides [%son, 1]
        : !tile.ptr<bf16> -> !tile.view<?x128xbf16>

  // Q: one 128 x d block of rows (rows past n read as zeros), stored once
  // into shared memory, where both warpgroups' wgmmas read it. K and V get
  // two slots each (block j in slot j % 2); K^T is a transposed view of a
  // K slot (no data moves): the K-major B operand of the first dot.
  %tq = tile.load_tile %vq[%pm, %c0] padding = zero : !tile.view<?x128xbf16> -> tensor<128x128xbf16, #ld_bf16_128>
  %sq = layout.local_alloc %tq : tensor<128x128xbf16, #ld_bf16_128> -> !layout.memdesc<128x128xbf16, #sw>
  %sk = layout.local_alloc : !layout.memdesc<2x64x128xbf16, #sw>
  %sv = layout.local_alloc : !layout.memdesc<2x64x128xbf16, #sw>

  // Scores are scaled by sm_scale * log2(e), so that exp2 gives exp.
  %log2e = arith.constant 1.44269504 : f32
  %qk_scale = arith.mulf %sm_scale, %log2e : f32
  %scale = tile.splat %qk_scale : f32 -> tensor<128x64xf32, #mmaS_bf16_128>
  %scale_r = tile.splat %qk_scale : f32 -> tensor<128xf32, #rowS_bf16_128>

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
  %rowi = tile.arange 0, 128 : tensor<128xi32, #rowS_bf16_128>
  %row0v = tile.splat %row0 : i32 -> tensor<128xi32, #rowS_bf16_128>
  %rows1 = arith.addi %rowi, %row0v : tensor<128xi32, #rowS_bf16_128>
  %rows2 = tile.expand_dims %rows1 {axis = 1 : i32} : tensor<128xi32, #rowS_bf16_128> -> tensor<128x1xi32, #mmaS_bf16_128>
  %rows = tile.broadcast %rows2 : tensor<128x1xi32, #mmaS_bf16_128> -> tensor<128x64xi32, #mmaS_bf16_128>
  %coli = tile.arange 0, 64 : tensor<64xi32, #colS_bf16_128>
  %nv = tile.splat %n : i32 -> tensor<128x64xi32, #mmaS_bf16_128>
  %notcausal = arith.cmpi eq, %causal, %c0 : i32
  %notcausalv = tile.splat %notcausal : i1 -> tensor<128x64xi1, #mmaS_bf16_128>
  %ninf = arith.constant dense<0xFF800000> : tensor<128x64xf32, #mmaS_bf16_128>

  %zs = arith.constant dense<0.0> : tensor<128x64xf32, #mmaS_bf16_128>
  %zo = arith.constant dense<0.0> : tensor<128x128xf32, #mmaO_bf16_128>
  %m0 = arith.constant dense<0xFF800000> : tensor<128xf32, #rowS_bf16_128>
  %l0 = arith.constant dense<0.0> : tensor<128xf32, #rowS_bf16_128>
  // Block 0 into slot 0 of the K and V buffers, its scores S_0, and
  // block 1 (the last block again when there is one block) in registers.
  %tk0 = tile.load_tile %vk[%c0, %c0] padding = zero : !tile.view<?x128xbf16> -> tensor<64x128xbf16, #ld_bf16_128>
  %tv0 = tile.load_tile %vv[%c0, %c0] padding = zero : !tile.view<?x128xbf16> -> tensor<64x128xbf16, #ld_bf16_128>
  %sk0 = layout.memdesc_index %sk[%c0] : !layout.memdesc<2x64x128xbf16, #sw> -> !layout.memdesc<64x128xbf16, #sw>
  %sv0 = layout.memdesc_index %sv[%c0] : !layout.memdesc<2x64x128xbf16, #sw> -> !layout.memdesc<64x128xbf16, #sw>
  layout.local_store %tk0, %sk0 : tensor<64x128xbf16, #ld_bf16_128> -> !layout.memdesc<64x128xbf16, #sw>
  layout.local_store %tv0, %sv0 : tensor<64x128xbf16, #ld_bf16_128> -> !layout.memdesc<64x128xbf16, #sw>
  layout.barrier
  %skt0 = layout.memdesc_trans %sk0 {order = array<i32: 1, 0>}
          : !layout.memdesc<64x128xbf16, #sw> -> !layout.memdesc<128x64xbf16, #swT>
  %qk0 = tile.dot %sq, %skt0, %zs
         : !layout.memdesc<128x128xbf16, #sw>, !layout.memdesc<128x64xbf16, #swT> -> tensor<128x64xf32, #mmaS_bf16_128>
  %b1 = arith.minsi %c1, %last : i32
  %tk1 = tile.load_tile %vk[%b1, %c0] padding = zero : !tile.view<?x128xbf16> -> tensor<64x128xbf16, #ld_bf16_128>
  %tv1 = tile.load_tile %vv[%b1, %c0] padding = zero : !tile.view<?x128xbf16> -> tensor<64x128xbf16, #ld_bf16_128>
  %acc, %mi, %li, %qkl, %tkl, %tvl = scf.for %j = %c0 to %hi step %c1
      iter_args(%acc_i = %zo, %m_i = %m0, %l_i = %l0, %qk = %qk0, %tk = %tk1, %tv = %tv1)
      -> (tensor<128x128xf32, #mmaO_bf16_128>, tensor<128xf32, #rowS_bf16_128>, tensor<128xf32, #rowS_bf16_128>,
          tensor<128x64xf32, #mmaS_bf16_128>, tensor<64x128xbf16, #ld_bf16_128>, tensor<64x128xbf16, #ld_bf16_128>) : i32 {
    // Block j is in slot j % 2 and its scores S_j = %qk are computed. The
    // other slot held block j - 1, whose dots every warpgroup has waited
    // for: after the barrier, store block j + 1 there.
    %slot = arith.andi %j, %c1 : i32
    %nslot = arith.xori %slot, %c1 : i32
    %kslot = layout.memdesc_index %sk[%nslot] : !layout.memdesc<2x64x128xbf16, #sw> -> !layout.memdesc<64x128xbf16, #sw>
    %vslot = layout.memdesc_index %sv[%nslot] : !layout.memdesc<2x64x128xbf16, #sw> -> !layout.memdesc<64x128xbf16, #sw>
    layout.barrier
    layout.local_store %tk, %kslot : tensor<64x128xbf16, #ld_bf16_128> -> !layout.memdesc<64x128xbf16, #sw>
    layout.local_store %tv, %vslot : tensor<64x128xbf16, #ld_bf16_128> -> !layout.memdesc<64x128xbf16, #sw>
    layout.barrier
    // Prefetch block j + 2 into registers (clamped to the last block).
    %j2 = arith.addi %j, %c2 : i32
    %jn = arith.minsi %j2, %last : i32
    %tkn = tile.load_tile %vk[%jn, %c0] padding = zero : !tile.view<?x128xbf16> -> tensor<64x128xbf16, #ld_bf16_128>
    %tvn = tile.load_tile %vv[%jn, %c0] padding = zero : !tile.view<?x128xbf16> -> tensor<64x128xbf16, #ld_bf16_128>
    // S_(j+1) = Q K_(j+1)^T, asynchronous: the tensor cores work on it
    // while this warpgroup computes the softmax of block j.
    %sktn = layout.memdesc_trans %kslot {order = array<i32: 1, 0>}
            : !layout.memdesc<64x128xbf16, #sw> -> !layout.memdesc<128x64xbf16, #swT>
    %qk_next = tile.dot %sq, %sktn, %zs async
               : !layout.memdesc<128x128xbf16, #sw>, !layout.memdesc<128x64xbf16, #swT> -> tensor<128x64xf32, #mmaS_bf16_128>
    %needmask = arith.cmpi sge, %j, %nfull : i32
    %s = scf.if %needmask -> (tensor<128x64xf32, #mmaS_bf16_128>) {
      %col0 = arith.muli %j, %c64 : i32
      %col0v = tile.splat %col0 : i32 -> tensor<64xi32, #colS_bf16_128>
      %cols1 = arith.addi %coli, %col0v : tensor<64xi32, #colS_bf16_128>
      %cols2 = tile.expand_dims %cols1 {axis = 0 : i32} : tensor<64xi32, #colS_bf16_128> -> tensor<1x64xi32, #mmaS_bf16_128>
      %cols = tile.broadcast %cols2 : tensor<1x64xi32, #mmaS_bf16_128> -> tensor<128x64xi32, #mmaS_bf16_128>
      %inseq = arith.cmpi slt, %cols, %nv : tensor<128x64xi32, #mmaS_bf16_128>
      %below = arith.cmpi sle, %cols, %rows : tensor<128x64xi32, #mmaS_bf16_128>
      %causal_ok = arith.ori %below, %notcausalv : tensor<128x64xi1, #mmaS_bf16_128>
      %keep = arith.andi %inseq, %causal_ok : tensor<128x64xi1, #mmaS_bf16_128>
      %sm = arith.select %keep, %qk, %ninf : tensor<128x64xi1, #mmaS_bf16_128>, tensor<128x64xf32, #mmaS_bf16_128>
      scf.yield %sm : tensor<128x64xf32, #mmaS_bf16_128>
    } else {
      scf.yield %qk : tensor<128x64xf32, #mmaS_bf16_128>
    }
    // Online softmax, in units of the scaled scores: the new running max
    // m' = max(m, rowmax(S) * scale) (scale > 0), P = exp2(S * scale - m')
    // (one fma per score), and alpha = exp2(m - m') rescales what was
    // accumulated so far. Block 0 always has a column in the sequence (and
    // left of the diagonal), so m' is finite from the first block on and
    // no row gets exp2(-inf + inf).
    %mx = tile.reduce max %s {axis = 1 : i32} : tensor<128x64xf32, #mmaS_bf16_128> -> tensor<128xf32, #rowS_bf16_128>
    %mxs = arith.mulf %mx, %scale_r : tensor<128xf32, #rowS_bf16_128>
    %m_new = arith.maximumf %m_i, %mxs : tensor<128xf32, #rowS_bf16_128>
    %negm = arith.negf %m_new : tensor<128xf32, #rowS_bf16_128>
    %mb2 = tile.expand_dims %negm {axis = 1 : i32} : tensor<128xf32, #rowS_bf16_128> -> tensor<128x1xf32, #mmaS_bf16_128>
    %mb = tile.broadcast %mb2 : tensor<128x1xf32, #mmaS_bf16_128> -> tensor<128x64xf32, #mmaS_bf16_128>
    %sd = math.fma %s, %scale, %mb : tensor<128x64xf32, #mmaS_bf16_128>
    %p = math.exp2 %sd fastmath<afn> : tensor<128x64xf32, #mmaS_bf16_128>
    %md = arith.subf %m_i, %m_new : tensor<128xf32, #rowS_bf16_128>
    %alpha = math.exp2 %md fastmath<afn> : tensor<128xf32, #rowS_bf16_128>
    %ps = tile.reduce sum %p {axis = 1 : i32} : tensor<128x64xf32, #mmaS_bf16_128> -> tensor<128xf32, #rowS_bf16_128>
    %la = arith.mulf %l_i, %alpha : tensor<128xf32, #rowS_bf16_128>
    %l_new = arith.addf %la, %ps : tensor<128xf32, #rowS_bf16_128>
    // alpha in the output accumulator's row slice: the same rows in the
    // same lanes (the two nvmma layouts differ only in their N), so this
    // convert moves no data.
    %alphao = layout.convert %alpha : tensor<128xf32, #rowS_bf16_128> -> tensor<128xf32, #rowO_bf16_128>
    %ab2 = tile.expand_dims %alphao {axis = 1 : i32} : tensor<128xf32, #rowO_bf16_128> -> tensor<128x1xf32, #mmaO_bf16_128>
    %ab = tile.broadcast %ab2 : tensor<128x1xf32, #mmaO_bf16_128> -> tensor<128x128xf32, #mmaO_bf16_128>
    %acc_s = arith.mulf %acc_i, %ab : tensor<128x128xf32, #mmaO_bf16_128>
    // P in the register-A operand layout of the second dot: each thread
    // already holds the scores wgmma wants from it (a register permutation).
    %pt = arith.truncf %p : tensor<128x64xf32, #mmaS_bf16_128> to tensor<128x64xbf16, #mmaS_bf16_128>
    %pa = layout.convert %pt : tensor<128x64xbf16, #mmaS_bf16_128> -> tensor<128x64xbf16, #opP_bf16_128>
    %svc = layout.memdesc_index %sv[%slot] : !layout.memdesc<2x64x128xbf16, #sw> -> !layout.memdesc<64x128xbf16, #sw>
    %acc_a = tile.dot %pa, %svc, %acc_s async
             : tensor<128x64xbf16, #opP_bf16_128>, !layout.memdesc<64x128xbf16, #sw> -> tensor<128x128xf32, #mmaO_bf16_128>
    // Both dots done (in this warpgroup): O and S_(j+1) are readable.
    %acc_n, %qk_n = tile.dot_wait %acc_a, %qk_next {pendings = 0 : i32}
                    : tensor<128x128xf32, #mmaO_bf16_128>, tensor<128x64xf32, #mmaS_bf16_128>
    scf.yield %acc_n, %m_new, %l_new, %qk_n, %tkn, %tvn
        : tensor<128x128xf32, #mmaO_bf16_128>, tensor<128xf32, #rowS_bf16_128>, tensor<128xf32, #rowS_bf16_128>,
          tensor<128x64xf32, #mmaS_bf16_128>, tensor<64x128xbf16, #ld_bf16_128>, tensor<64x128xbf16, #ld_bf16_128>
  }
  %lo = layout.convert %li : tensor<128xf32, #rowS_bf16_128> -> tensor<128xf32, #rowO_bf16_128>
  %lb2 = tile.expand_dims %lo {axis = 1 : i32} : tensor<128xf32, #rowO_bf16_128> -> tensor<128x1xf32, #mmaO_bf16_128>
  %lb = tile.broadcast %lb2 : tensor<128x1xf32, #mmaO_bf16_128> -> tensor<128x128xf32, #mmaO_bf16_128>
  %out = arith.divf %acc, %lb : tensor<128x128xf32, #mmaO_bf16_128>
  %outt = arith.truncf %out : tensor<128x128xf32, #mmaO_bf16_128> to tensor<128x128xbf16, #mmaO_bf16_128>
  tile.store_tile %outt, %vo[%pm, %c0] : tensor<128x128xbf16, #mmaO_bf16_128>, !tile.view<?x128xbf16>
  tile.return
}
