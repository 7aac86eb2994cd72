// Flash attention forward with TMA: K and V stream from global memory
// straight into shared memory (the TMA engine, completing on mbarriers),
// both dots read their shared operands there, and no thread moves a K or V
// element. o = softmax(q k^T * sm_scale [+ causal mask]) v, f16 or bf16 in,
// f32 accumulation, output in the input type.
// Kernels: @attention_tma_f16_d64, ..._f16_d128, ..._bf16_d64, ..._bf16_d128.
//
// Arguments: q, k, v, o, sm_scale (f32), n (sequence length), heads (H),
// causal (0 or 1), the (b, h, n) strides of q, k, v and o (in elements; the
// d stride is 1), then rq, rk, rv: the number of rows of q, k and v seen as
// [rows, d] matrices (B * H * N for contiguous [B, H, N, d] tensors).
// A TMA descriptor describes a matrix given by kernel parameters, so the
// kernel reads q, k and v as one [rows, d] matrix each, row stride the n
// stride, and finds head (b, h) at row b * (sb / sn) + h * (sh / sn):
//   - the b and h strides must be multiples of the n stride (true for
//     contiguous [B, H, N, d] and for padded rows; not for [B, N, H, d]
//     storage, which takes examples/attention_tma_bnhd.mlir (4-D TMA) or
//     examples/attention_contig.mlir);
//   - the n stride a multiple of 8 elements and the bases 16-byte aligned
//     (the launcher refuses others, with the reason).
// A block of K or V rows that crosses the end of a head reads the next
// head's first rows (zeros past the last row): their scores are masked to
// -inf and their P is 0, so they add 0 * v = 0 to O (finite inputs, as
// softmax needs anyway). Q rows past n give rows the store drops.
//
// Launch: grid (cdiv(n, 128), B * H), 8 warps (two warpgroups, 64 query rows
// each). Program (i, bh) computes rows [128 i, 128 i + 128) of head bh:
//   - Q (128 x d) comes once by TMA;
//   - K and V blocks of BN keys (128 at d = 128, 64 at d = 64) run through
//     two-slot rings, one mbarrier per slot with an expect-tx of the
//     block's bytes: block b sits in slot b % 2, phase parity (b / 2) & 1;
//   - iteration j starts with P_j (the register A operand of the second
//     wgmma), alpha_j and O complete (FA3's intra-warpgroup overlap):
//       1. wait for K_(j+1), issue S_(j+1) = Q K_(j+1)^T (async wgmma);
//       2. O = O alpha_j, wait for V_j, issue O += P_j V_j (async wgmma);
//       3. wait for S_(j+1) only (P_j V_j keeps running) and compute its
//          online softmax: m' = max(m, c rowmax(S)), P = exp2(c S - m')
//          (flush-to-zero ex2), alpha = exp2(m - m'), l = l alpha + rowsum P;
//       4. wait for P_j V_j; synchronize the CTA: K_(j+1)'s and V_j's slots
//          are free, and one thread starts the TMA loads of K_(j+3) and
//          V_(j+2) into them (only of blocks that exist: no load is in
//          flight at the exit).
//     No wgmma is in flight across the back edge (ptxas keeps them async).
//   - block 0's softmax is in the prologue and the last block's P V after
//     the loop; the loop is split in two: blocks 1 .. nfull - 1 need no mask
//     (inside the sequence and, when causal, left of the program's first
//     row), the rest (the last partial block, the diagonal) are masked.
//   - O / l is stored from registers; rows past n are dropped by the store.

#sw = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#swT = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16>
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>

#mmaS_tma_f16_64 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]>
#mmaO_tma_f16_64 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]>
#opP_tma_f16_64 = #layout.dot_operand<opIdx = 0, parent = #mmaO_tma_f16_64, kWidth = 2>
#rowS_tma_f16_64 = #layout.slice<dim = 1, parent = #mmaS_tma_f16_64>
#colS_tma_f16_64 = #layout.slice<dim = 0, parent = #mmaS_tma_f16_64>
#rowO_tma_f16_64 = #layout.slice<dim = 1, parent = #mmaO_tma_f16_64>

tile.kernel @attention_tma_f16_d64(
    %q: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %k: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %v: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %o: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %sm_scale: f32, %n: i32, %heads: i32, %causal: i32,
    %sqb: i32 {tile.divisibility = 8 : i64}, %sqh: i32 {tile.divisibility = 8 : i64}, %sqn: i32 {tile.divisibility = 8 : i64},
    %skb: i32 {tile.divisibility = 8 : i64}, %skh: i32 {tile.divisibility = 8 : i64}, %skn: i32 {tile.divisibility = 8 : i64},
    %svb: i32 {tile.divisibility = 8 : i64}, %svh: i32 {tile.divisibility = 8 : i64}, %svn: i32 {tile.divisibility = 8 : i64},
    %sob: i32 {tile.divisibility = 8 : i64}, %soh: i32 {tile.divisibility = 8 : i64}, %son: i32 {tile.divisibility = 8 : i64},
    %rq: i32, %rk: i32, %rv: i32) attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %bh = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %cSK = arith.constant 2 : i32
  %cSV = arith.constant 2 : i32
  %cBN = arith.constant 64 : i32
  %cBN1 = arith.constant 63 : i32
  %cR = arith.constant 2 : i32
  %c128 = arith.constant 128 : i32
  %b = arith.divsi %bh, %heads : i32
  %h = arith.remsi %bh, %heads : i32
  // q, k, v as [rows, d] matrices (TMA), and the first row of this head in
  // each: b * (sb / sn) + h * (sh / sn).
  %fq = tile.make_view %q, shape [%rq, 64], strides [%sqn, 1]
        : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %qbn = arith.divsi %sqb, %sqn : i32
  %qhn = arith.divsi %sqh, %sqn : i32
  %qrb = arith.muli %b, %qbn : i32
  %qrh = arith.muli %h, %qhn : i32
  %qrow0 = arith.addi %qrb, %qrh : i32
  %fk = tile.make_view %k, shape [%rk, 64], strides [%skn, 1]
        : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %kbn = arith.divsi %skb, %skn : i32
  %khn = arith.divsi %skh, %skn : i32
  %krb = arith.muli %b, %kbn : i32
  %krh = arith.muli %h, %khn : i32
  %krow0 = arith.addi %krb, %krh : i32
  %fv = tile.make_view %v, shape [%rv, 64], strides [%svn, 1]
        : !tile.ptr<f16> -> !tile.view<?x64xf16>
  %vbn = arith.divsi %svb, %svn : i32
  %vhn = arith.divsi %svh, %svn : i32
  %vrb = arith.muli %b, %vbn : i32
  %vrh = arith.muli %h, %vhn : i32
  %vrow0 = arith.addi %vrb, %vrh : i32
  %dq = tile.make_tensor_desc %fq : !tile.view<?x64xf16> -> !layout.tensordesc<128x64xf16, #sw>
  %dk = tile.make_tensor_desc %fk : !tile.view<?x64xf16> -> !layout.tensordesc<64x64xf16, #sw>
  %dv = tile.make_tensor_desc %fv : !tile.view<?x64xf16> -> !layout.tensordesc<64x64xf16, #sw>
  // O: the [n, d] slice of this head, stored from registers (the store
  // drops rows past n).
  %b64 = arith.extsi %b : i32 to i64
  %h64 = arith.extsi %h : i32 to i64
  %osb = arith.extsi %sob : i32 to i64
  %osh = arith.extsi %soh : i32 to i64
  %oob = arith.muli %b64, %osb : i64
  %ooh = arith.muli %h64, %osh : i64
  %ooff = arith.addi %oob, %ooh : i64
  %op = tile.addptr %o, %ooff : !tile.ptr<f16>, i64
  %vo = tile.make_view %op, shape [%n, 64], strides [%son, 1]
        : !tile.ptr<f16> -> !tile.view<?x64xf16>

  // Shared memory: Q, the K and V rings, one mbarrier per buffer slot.
  %sq = layout.local_alloc : !layout.memdesc<128x64xf16, #sw>
  %sk = layout.local_alloc : !layout.memdesc<2x64x64xf16, #sw>
  %sv = layout.local_alloc : !layout.memdesc<2x64x64xf16, #sw>
  %bq = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  %bk = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  %bv = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  layout.init_barrier %bq, 1 : !layout.memdesc<1xi64, #bl>
  scf.for %i = %c0 to %cSK step %c1 : i32 {
    %ib = layout.memdesc_index %bk[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %ib, 1 : !layout.memdesc<1xi64, #bl>
  }
  scf.for %i = %c0 to %cSV step %c1 : i32 {
    %ib = layout.memdesc_index %bv[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %ib, 1 : !layout.memdesc<1xi64, #bl>
  }

  // Key blocks [0, hi): all ceil(n / BN), or, when causal, those left of
  // the end of the diagonal (2 (i + 1)); blocks below nfull need no mask.
  %nr = arith.addi %n, %cBN1 : i32
  %nblocks = arith.divsi %nr, %cBN : i32
  %pm1 = arith.addi %pm, %c1 : i32
  %diag = arith.muli %pm1, %cR : i32
  %cdiag = arith.minsi %nblocks, %diag : i32
  %is_causal = arith.cmpi ne, %causal, %c0 : i32
  %hi = arith.select %is_causal, %cdiag, %nblocks : i32
  %nfull0 = arith.divsi %n, %cBN : i32
  %first = arith.muli %pm, %cR : i32
  %cfull = arith.minsi %nfull0, %first : i32
  %nfull = arith.select %is_causal, %cfull, %nfull0 : i32

  // Prologue: Q, K_0 .. K_(SK-1), V_0 .. V_(SV-1); S_0 = Q K_0^T; then
  // K_SK into the slot S_0 read.
  %qr0 = arith.muli %pm, %c128 : i32
  %qr = arith.addi %qrow0, %qr0 : i32
  layout.barrier_expect %bq, 16384 : !layout.memdesc<1xi64, #bl>
  layout.async_tma_copy_global_to_local %dq[%qr, %c0] %sq, %bq
      : !layout.tensordesc<128x64xf16, #sw>, !layout.memdesc<128x64xf16, #sw>, !layout.memdesc<1xi64, #bl>
  scf.for %pb = %c0 to %cSK step %c1 : i32 {
    %khaspb = arith.cmpi slt, %pb, %hi : i32
    scf.if %khaspb {
      %ks = arith.remsi %pb, %cSK : i32
      %kb = layout.memdesc_index %bk[%ks] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %kbuf = layout.memdesc_index %sk[%ks] : !layout.memdesc<2x64x64xf16, #sw> -> !layout.memdesc<64x64xf16, #sw>
      %kr0 = arith.muli %pb, %cBN : i32
      %kr = arith.addi %krow0, %kr0 : i32
      layout.barrier_expect %kb, 8192 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dk[%kr, %c0] %kbuf, %kb
          : !layout.tensordesc<64x64xf16, #sw>, !layout.memdesc<64x64xf16, #sw>, !layout.memdesc<1xi64, #bl>
    }
  }
  scf.for %pb = %c0 to %cSV step %c1 : i32 {
    %vhaspb = arith.cmpi slt, %pb, %hi : i32
    scf.if %vhaspb {
      %vs = arith.remsi %pb, %cSV : i32
      %vb = layout.memdesc_index %bv[%vs] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %vbuf = layout.memdesc_index %sv[%vs] : !layout.memdesc<2x64x64xf16, #sw> -> !layout.memdesc<64x64xf16, #sw>
      %vr0 = arith.muli %pb, %cBN : i32
      %vr = arith.addi %vrow0, %vr0 : i32
      layout.barrier_expect %vb, 8192 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dv[%vr, %c0] %vbuf, %vb
          : !layout.tensordesc<64x64xf16, #sw>, !layout.memdesc<64x64xf16, #sw>, !layout.memdesc<1xi64, #bl>
    }
  }
  layout.wait_barrier %bq, %c0 : !layout.memdesc<1xi64, #bl>
  %bk0 = layout.memdesc_index %bk[%c0] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
  layout.wait_barrier %bk0, %c0 : !layout.memdesc<1xi64, #bl>
  %sk0 = layout.memdesc_index %sk[%c0] : !layout.memdesc<2x64x64xf16, #sw> -> !layout.memdesc<64x64xf16, #sw>
  %skt0 = layout.memdesc_trans %sk0 {order = array<i32: 1, 0>} : !layout.memdesc<64x64xf16, #sw> -> !layout.memdesc<64x64xf16, #swT>
  %zs = arith.constant dense<0.0> : tensor<128x64xf32, #mmaS_tma_f16_64>
  %qk0 = tile.dot %sq, %skt0, %zs : !layout.memdesc<128x64xf16, #sw>, !layout.memdesc<64x64xf16, #swT> -> tensor<128x64xf32, #mmaS_tma_f16_64>
  layout.barrier
  %khascSK = arith.cmpi slt, %cSK, %hi : i32
  scf.if %khascSK {
    %ks = arith.remsi %cSK, %cSK : i32
    %kb = layout.memdesc_index %bk[%ks] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    %kbuf = layout.memdesc_index %sk[%ks] : !layout.memdesc<2x64x64xf16, #sw> -> !layout.memdesc<64x64xf16, #sw>
    %kr0 = arith.muli %cSK, %cBN : i32
    %kr = arith.addi %krow0, %kr0 : i32
    layout.barrier_expect %kb, 8192 : !layout.memdesc<1xi64, #bl>
    layout.async_tma_copy_global_to_local %dk[%kr, %c0] %kbuf, %kb
        : !layout.tensordesc<64x64xf16, #sw>, !layout.memdesc<64x64xf16, #sw>, !layout.memdesc<1xi64, #bl>
  }

  // Scores are scaled by sm_scale * log2(e), so that exp2 gives exp.
  %log2e = arith.constant 1.44269504 : f32
  %qk_scale = arith.mulf %sm_scale, %log2e : f32
  %scale = tile.splat %qk_scale : f32 -> tensor<128x64xf32, #mmaS_tma_f16_64>
  %scale_r = tile.splat %qk_scale : f32 -> tensor<128xf32, #rowS_tma_f16_64>
  // Row and column indices of the score block, for the mask.
  %rowi = tile.arange 0, 128 : tensor<128xi32, #rowS_tma_f16_64>
  %row0v = tile.splat %qr0 : i32 -> tensor<128xi32, #rowS_tma_f16_64>
  %rows1 = arith.addi %rowi, %row0v : tensor<128xi32, #rowS_tma_f16_64>
  %rows2 = tile.expand_dims %rows1 {axis = 1 : i32} : tensor<128xi32, #rowS_tma_f16_64> -> tensor<128x1xi32, #mmaS_tma_f16_64>
  %rows = tile.broadcast %rows2 : tensor<128x1xi32, #mmaS_tma_f16_64> -> tensor<128x64xi32, #mmaS_tma_f16_64>
  %coli = tile.arange 0, 64 : tensor<64xi32, #colS_tma_f16_64>
  %nv = tile.splat %n : i32 -> tensor<128x64xi32, #mmaS_tma_f16_64>
  %notcausal = arith.cmpi eq, %causal, %c0 : i32
  %notcausalv = tile.splat %notcausal : i1 -> tensor<128x64xi1, #mmaS_tma_f16_64>
  %ninf = arith.constant dense<0xFF800000> : tensor<128x64xf32, #mmaS_tma_f16_64>
  %zo = arith.constant dense<0.0> : tensor<128x64xf32, #mmaO_tma_f16_64>
  %m0 = arith.constant dense<0xFF800000> : tensor<128xf32, #rowS_tma_f16_64>
  %l0 = arith.constant dense<0.0> : tensor<128xf32, #rowS_tma_f16_64>

  // Block 0's softmax (masked: it may be the diagonal or the last block).
  // The mask: columns past n, and right of the diagonal when causal.
  %col0_p0 = arith.muli %c0, %cBN : i32
  %col0v_p0 = tile.splat %col0_p0 : i32 -> tensor<64xi32, #colS_tma_f16_64>
  %cols1_p0 = arith.addi %coli, %col0v_p0 : tensor<64xi32, #colS_tma_f16_64>
  %cols2_p0 = tile.expand_dims %cols1_p0 {axis = 0 : i32} : tensor<64xi32, #colS_tma_f16_64> -> tensor<1x64xi32, #mmaS_tma_f16_64>
  %cols_p0 = tile.broadcast %cols2_p0 : tensor<1x64xi32, #mmaS_tma_f16_64> -> tensor<128x64xi32, #mmaS_tma_f16_64>
  %inseq_p0 = arith.cmpi slt, %cols_p0, %nv : tensor<128x64xi32, #mmaS_tma_f16_64>
  %below_p0 = arith.cmpi sle, %cols_p0, %rows : tensor<128x64xi32, #mmaS_tma_f16_64>
  %causal_ok_p0 = arith.ori %below_p0, %notcausalv : tensor<128x64xi1, #mmaS_tma_f16_64>
  %keep_p0 = arith.andi %inseq_p0, %causal_ok_p0 : tensor<128x64xi1, #mmaS_tma_f16_64>
  %s_p0 = arith.select %keep_p0, %qk0, %ninf : tensor<128x64xi1, #mmaS_tma_f16_64>, tensor<128x64xf32, #mmaS_tma_f16_64>
  // Online softmax in units of the scaled scores (block 0 always has a
  // kept column, so m' is finite from the first block on).
  %mx_p0 = tile.reduce max %s_p0 {axis = 1 : i32} : tensor<128x64xf32, #mmaS_tma_f16_64> -> tensor<128xf32, #rowS_tma_f16_64>
  %mxs_p0 = arith.mulf %mx_p0, %scale_r : tensor<128xf32, #rowS_tma_f16_64>
  %m_p0 = arith.maximumf %m0, %mxs_p0 : tensor<128xf32, #rowS_tma_f16_64>
  %negm_p0 = arith.negf %m_p0 : tensor<128xf32, #rowS_tma_f16_64>
  %mb2_p0 = tile.expand_dims %negm_p0 {axis = 1 : i32} : tensor<128xf32, #rowS_tma_f16_64> -> tensor<128x1xf32, #mmaS_tma_f16_64>
  %mb_p0 = tile.broadcast %mb2_p0 : tensor<128x1xf32, #mmaS_tma_f16_64> -> tensor<128x64xf32, #mmaS_tma_f16_64>
  %sd_p0 = math.fma %s_p0, %scale, %mb_p0 : tensor<128x64xf32, #mmaS_tma_f16_64>
  %p_p0 = math.exp2 %sd_p0 fastmath<afn> : tensor<128x64xf32, #mmaS_tma_f16_64>
  %md_p0 = arith.subf %m0, %m_p0 : tensor<128xf32, #rowS_tma_f16_64>
  %alpha_p0 = math.exp2 %md_p0 fastmath<afn> : tensor<128xf32, #rowS_tma_f16_64>
  %ps_p0 = tile.reduce sum %p_p0 {axis = 1 : i32} : tensor<128x64xf32, #mmaS_tma_f16_64> -> tensor<128xf32, #rowS_tma_f16_64>
  %la_p0 = arith.mulf %l0, %alpha_p0 : tensor<128xf32, #rowS_tma_f16_64>
  %l_p0 = arith.addf %la_p0, %ps_p0 : tensor<128xf32, #rowS_tma_f16_64>
  %pt_p0 = arith.truncf %p_p0 : tensor<128x64xf32, #mmaS_tma_f16_64> to tensor<128x64xf16, #mmaS_tma_f16_64>
  %pa_p0 = layout.convert %pt_p0 : tensor<128x64xf16, #mmaS_tma_f16_64> -> tensor<128x64xf16, #opP_tma_f16_64>
  // Iteration j computes P_j V_j and the softmax of block j + 1, for
  // j + 1 < hi. Blocks 1 .. nfull - 1 need no mask, nfull .. hi - 1 do.
  %hi1 = arith.subi %hi, %c1 : i32
  %nfull1 = arith.subi %nfull, %c1 : i32
  %mid0 = arith.maxsi %nfull1, %c0 : i32
  %mid = arith.minsi %mid0, %hi1 : i32
  %full:5 = scf.for %j = %c0 to %mid step %c1
      iter_args(%acc_i = %zo, %m_i = %m_p0, %l_i = %l_p0, %alpha_i = %alpha_p0, %pa_i = %pa_p0)
      -> (tensor<128x64xf32, #mmaO_tma_f16_64>, tensor<128xf32, #rowS_tma_f16_64>, tensor<128xf32, #rowS_tma_f16_64>, tensor<128xf32, #rowS_tma_f16_64>, tensor<128x64xf16, #opP_tma_f16_64>) : i32 {
    // 1. S_(j+1) = Q K_(j+1)^T, asynchronous.
    %j1 = arith.addi %j, %c1 : i32
    %kwsj1 = arith.remsi %j1, %cSK : i32
    %kwrj1 = arith.divsi %j1, %cSK : i32
    %kwpj1 = arith.andi %kwrj1, %c1 : i32
    %kwbj1 = layout.memdesc_index %bk[%kwsj1] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.wait_barrier %kwbj1, %kwpj1 : !layout.memdesc<1xi64, #bl>
    %ks1 = arith.remsi %j1, %cSK : i32
    %sknx = layout.memdesc_index %sk[%ks1] : !layout.memdesc<2x64x64xf16, #sw> -> !layout.memdesc<64x64xf16, #sw>
    %sktn = layout.memdesc_trans %sknx {order = array<i32: 1, 0>} : !layout.memdesc<64x64xf16, #sw> -> !layout.memdesc<64x64xf16, #swT>
    %qk_next = tile.dot %sq, %sktn, %zs async : !layout.memdesc<128x64xf16, #sw>, !layout.memdesc<64x64xf16, #swT> -> tensor<128x64xf32, #mmaS_tma_f16_64>
    // 2. O = O alpha_j + P_j V_j, asynchronous (P from registers).
    %alphao_j = layout.convert %alpha_i : tensor<128xf32, #rowS_tma_f16_64> -> tensor<128xf32, #rowO_tma_f16_64>
    %ab2_j = tile.expand_dims %alphao_j {axis = 1 : i32} : tensor<128xf32, #rowO_tma_f16_64> -> tensor<128x1xf32, #mmaO_tma_f16_64>
    %ab_j = tile.broadcast %ab2_j : tensor<128x1xf32, #mmaO_tma_f16_64> -> tensor<128x64xf32, #mmaO_tma_f16_64>
    %accs_j = arith.mulf %acc_i, %ab_j : tensor<128x64xf32, #mmaO_tma_f16_64>
    %vwsj = arith.remsi %j, %cSV : i32
    %vwrj = arith.divsi %j, %cSV : i32
    %vwpj = arith.andi %vwrj, %c1 : i32
    %vwbj = layout.memdesc_index %bv[%vwsj] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.wait_barrier %vwbj, %vwpj : !layout.memdesc<1xi64, #bl>
    %vslj = arith.remsi %j, %cSV : i32
    %svcj = layout.memdesc_index %sv[%vslj] : !layout.memdesc<2x64x64xf16, #sw> -> !layout.memdesc<64x64xf16, #sw>
    %acc_j = tile.dot %pa_i, %svcj, %accs_j async : tensor<128x64xf16, #opP_tma_f16_64>, !layout.memdesc<64x64xf16, #sw> -> tensor<128x64xf32, #mmaO_tma_f16_64>
    // 3. S_(j+1) done (P_j V_j may still run): its softmax overlaps P_j V_j.
    %qk = tile.dot_wait %qk_next {pendings = 1 : i32} : tensor<128x64xf32, #mmaS_tma_f16_64>
    // Online softmax in units of the scaled scores (block 0 always has a
    // kept column, so m' is finite from the first block on).
    %mx_n = tile.reduce max %qk {axis = 1 : i32} : tensor<128x64xf32, #mmaS_tma_f16_64> -> tensor<128xf32, #rowS_tma_f16_64>
    %mxs_n = arith.mulf %mx_n, %scale_r : tensor<128xf32, #rowS_tma_f16_64>
    %m_n = arith.maximumf %m_i, %mxs_n : tensor<128xf32, #rowS_tma_f16_64>
    %negm_n = arith.negf %m_n : tensor<128xf32, #rowS_tma_f16_64>
    %mb2_n = tile.expand_dims %negm_n {axis = 1 : i32} : tensor<128xf32, #rowS_tma_f16_64> -> tensor<128x1xf32, #mmaS_tma_f16_64>
    %mb_n = tile.broadcast %mb2_n : tensor<128x1xf32, #mmaS_tma_f16_64> -> tensor<128x64xf32, #mmaS_tma_f16_64>
    %sd_n = math.fma %qk, %scale, %mb_n : tensor<128x64xf32, #mmaS_tma_f16_64>
    %p_n = math.exp2 %sd_n fastmath<afn> : tensor<128x64xf32, #mmaS_tma_f16_64>
    %md_n = arith.subf %m_i, %m_n : tensor<128xf32, #rowS_tma_f16_64>
    %alpha_n = math.exp2 %md_n fastmath<afn> : tensor<128xf32, #rowS_tma_f16_64>
    %ps_n = tile.reduce sum %p_n {axis = 1 : i32} : tensor<128x64xf32, #mmaS_tma_f16_64> -> tensor<128xf32, #rowS_tma_f16_64>
    %la_n = arith.mulf %l_i, %alpha_n : tensor<128xf32, #rowS_tma_f16_64>
    %l_n = arith.addf %la_n, %ps_n : tensor<128xf32, #rowS_tma_f16_64>
    %pt_n = arith.truncf %p_n : tensor<128x64xf32, #mmaS_tma_f16_64> to tensor<128x64xf16, #mmaS_tma_f16_64>
    %pa_n = layout.convert %pt_n : tensor<128x64xf16, #mmaS_tma_f16_64> -> tensor<128x64xf16, #opP_tma_f16_64>
    // 4. P_j V_j done; after the CTA barrier no warpgroup reads K_(j+1)'s or
    // V_j's slot: one thread refills them with K_(j+1+SK) and V_(j+SV).
    %acc_n = tile.dot_wait %acc_j {pendings = 0 : i32} : tensor<128x64xf32, #mmaO_tma_f16_64>
    layout.barrier
    %jk = arith.addi %j1, %cSK : i32
    %khasjk = arith.cmpi slt, %jk, %hi : i32
    scf.if %khasjk {
      %ks = arith.remsi %jk, %cSK : i32
      %kb = layout.memdesc_index %bk[%ks] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %kbuf = layout.memdesc_index %sk[%ks] : !layout.memdesc<2x64x64xf16, #sw> -> !layout.memdesc<64x64xf16, #sw>
      %kr0 = arith.muli %jk, %cBN : i32
      %kr = arith.addi %krow0, %kr0 : i32
      layout.barrier_expect %kb, 8192 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dk[%kr, %c0] %kbuf, %kb
          : !layout.tensordesc<64x64xf16, #sw>, !layout.memdesc<64x64xf16, #sw>, !layout.memdesc<1xi64, #bl>
    }
    %jv = arith.addi %j, %cSV : i32
    %vhasjv = arith.cmpi slt, %jv, %hi : i32
    scf.if %vhasjv {
      %vs = arith.remsi %jv, %cSV : i32
      %vb = layout.memdesc_index %bv[%vs] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %vbuf = layout.memdesc_index %sv[%vs] : !layout.memdesc<2x64x64xf16, #sw> -> !layout.memdesc<64x64xf16, #sw>
      %vr0 = arith.muli %jv, %cBN : i32
      %vr = arith.addi %vrow0, %vr0 : i32
      layout.barrier_expect %vb, 8192 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dv[%vr, %c0] %vbuf, %vb
          : !layout.tensordesc<64x64xf16, #sw>, !layout.memdesc<64x64xf16, #sw>, !layout.memdesc<1xi64, #bl>
    }
    scf.yield %acc_n, %m_n, %l_n, %alpha_n, %pa_n : tensor<128x64xf32, #mmaO_tma_f16_64>, tensor<128xf32, #rowS_tma_f16_64>, tensor<128xf32, #rowS_tma_f16_64>, tensor<128xf32, #rowS_tma_f16_64>, tensor<128x64xf16, #opP_tma_f16_64>
  }
  %part:5 = scf.for %j = %mid to %hi1 step %c1
      iter_args(%acc_i = %full#0, %m_i = %full#1, %l_i = %full#2, %alpha_i = %full#3, %pa_i = %full#4)
      -> (tensor<128x64xf32, #mmaO_tma_f16_64>, tensor<128xf32, #rowS_tma_f16_64>, tensor<128xf32, #rowS_tma_f16_64>, tensor<128xf32, #rowS_tma_f16_64>, tensor<128x64xf16, #opP_tma_f16_64>) : i32 {
    // 1. S_(j+1) = Q K_(j+1)^T, asynchronous.
    %j1 = arith.addi %j, %c1 : i32
    %kwsj1 = arith.remsi %j1, %cSK : i32
    %kwrj1 = arith.divsi %j1, %cSK : i32
    %kwpj1 = arith.andi %kwrj1, %c1 : i32
    %kwbj1 = layout.memdesc_index %bk[%kwsj1] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.wait_barrier %kwbj1, %kwpj1 : !layout.memdesc<1xi64, #bl>
    %ks1 = arith.remsi %j1, %cSK : i32
    %sknx = layout.memdesc_index %sk[%ks1] : !layout.memdesc<2x64x64xf16, #sw> -> !layout.memdesc<64x64xf16, #sw>
    %sktn = layout.memdesc_trans %sknx {order = array<i32: 1, 0>} : !layout.memdesc<64x64xf16, #sw> -> !layout.memdesc<64x64xf16, #swT>
    %qk_next = tile.dot %sq, %sktn, %zs async : !layout.memdesc<128x64xf16, #sw>, !layout.memdesc<64x64xf16, #swT> -> tensor<128x64xf32, #mmaS_tma_f16_64>
    // 2. O = O alpha_j + P_j V_j, asynchronous (P from registers).
    %alphao_j = layout.convert %alpha_i : tensor<128xf32, #rowS_tma_f16_64> -> tensor<128xf32, #rowO_tma_f16_64>
    %ab2_j = tile.expand_dims %alphao_j {axis = 1 : i32} : tensor<128xf32, #rowO_tma_f16_64> -> tensor<128x1xf32, #mmaO_tma_f16_64>
    %ab_j = tile.broadcast %ab2_j : tensor<128x1xf32, #mmaO_tma_f16_64> -> tensor<128x64xf32, #mmaO_tma_f16_64>
    %accs_j = arith.mulf %acc_i, %ab_j : tensor<128x64xf32, #mmaO_tma_f16_64>
    %vwsj = arith.remsi %j, %cSV : i32
    %vwrj = arith.divsi %j, %cSV : i32
    %vwpj = arith.andi %vwrj, %c1 : i32
    %vwbj = layout.memdesc_index %bv[%vwsj] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.wait_barrier %vwbj, %vwpj : !layout.memdesc<1xi64, #bl>
    %vslj = arith.remsi %j, %cSV : i32
    %svcj = layout.memdesc_index %sv[%vslj] : !layout.memdesc<2x64x64xf16, #sw> -> !layout.memdesc<64x64xf16, #sw>
    %acc_j = tile.dot %pa_i, %svcj, %accs_j async : tensor<128x64xf16, #opP_tma_f16_64>, !layout.memdesc<64x64xf16, #sw> -> tensor<128x64xf32, #mmaO_tma_f16_64>
    // 3. S_(j+1) done (P_j V_j may still run): its softmax overlaps P_j V_j.
    %qk = tile.dot_wait %qk_next {pendings = 1 : i32} : tensor<128x64xf32, #mmaS_tma_f16_64>
    // The mask: columns past n, and right of the diagonal when causal.
    %col0_n = arith.muli %j1, %cBN : i32
    %col0v_n = tile.splat %col0_n : i32 -> tensor<64xi32, #colS_tma_f16_64>
    %cols1_n = arith.addi %coli, %col0v_n : tensor<64xi32, #colS_tma_f16_64>
    %cols2_n = tile.expand_dims %cols1_n {axis = 0 : i32} : tensor<64xi32, #colS_tma_f16_64> -> tensor<1x64xi32, #mmaS_tma_f16_64>
    %cols_n = tile.broadcast %cols2_n : tensor<1x64xi32, #mmaS_tma_f16_64> -> tensor<128x64xi32, #mmaS_tma_f16_64>
    %inseq_n = arith.cmpi slt, %cols_n, %nv : tensor<128x64xi32, #mmaS_tma_f16_64>
    %below_n = arith.cmpi sle, %cols_n, %rows : tensor<128x64xi32, #mmaS_tma_f16_64>
    %causal_ok_n = arith.ori %below_n, %notcausalv : tensor<128x64xi1, #mmaS_tma_f16_64>
    %keep_n = arith.andi %inseq_n, %causal_ok_n : tensor<128x64xi1, #mmaS_tma_f16_64>
    %s_n = arith.select %keep_n, %qk, %ninf : tensor<128x64xi1, #mmaS_tma_f16_64>, tensor<128x64xf32, #mmaS_tma_f16_64>
    // Online softmax in units of the scaled scores (block 0 always has a
    // kept column, so m' is finite from the first block on).
    %mx_n = tile.reduce max %s_n {axis = 1 : i32} : tensor<128x64xf32, #mmaS_tma_f16_64> -> tensor<128xf32, #rowS_tma_f16_64>
    %mxs_n = arith.mulf %mx_n, %scale_r : tensor<128xf32, #rowS_tma_f16_64>
    %m_n = arith.maximumf %m_i, %mxs_n : tensor<128xf32, #rowS_tma_f16_64>
    %negm_n = arith.negf %m_n : tensor<128xf32, #rowS_tma_f16_64>
    %mb2_n = tile.expand_dims %negm_n {axis = 1 : i32} : tensor<128xf32, #rowS_tma_f16_64> -> tensor<128x1xf32, #mmaS_tma_f16_64>
    %mb_n = tile.broadcast %mb2_n : tensor<128x1xf32, #mmaS_tma_f16_64> -> tensor<128x64xf32, #mmaS_tma_f16_64>
    %sd_n = math.fma %s_n, %scale, %mb_n : tensor<128x64xf32, #mmaS_tma_f16_64>
    %p_n = math.exp2 %sd_n fastmath<afn> : tensor<128x64xf32, #mmaS_tma_f16_64>
    %md_n = arith.subf %m_i, %m_n : tensor<128xf32, #rowS_tma_f16_64>
    %alpha_n = math.exp2 %md_n fastmath<afn> : tensor<128xf32, #rowS_tma_f16_64>
    %ps_n = tile.reduce sum %p_n {axis = 1 : i32} : tensor<128x64xf32, #mmaS_tma_f16_64> -> tensor<128xf32, #rowS_tma_f16_64>
    %la_n = arith.mulf %l_i, %alpha_n : tensor<128xf32, #rowS_tma_f16_64>
    %l_n = arith.addf %la_n, %ps_n : tensor<128xf32, #rowS_tma_f16_64>
    %pt_n = arith.truncf %p_n : tensor<128x64xf32, #mmaS_tma_f16_64> to tensor<128x64xf16, #mmaS_tma_f16_64>
    %pa_n = layout.convert %pt_n : tensor<128x64xf16, #mmaS_tma_f16_64> -> tensor<128x64xf16, #opP_tma_f16_64>
    // 4. P_j V_j done; after the CTA barrier no warpgroup reads K_(j+1)'s or
    // V_j's slot: one thread refills them with K_(j+1+SK) and V_(j+SV).
    %acc_n = tile.dot_wait %acc_j {pendings = 0 : i32} : tensor<128x64xf32, #mmaO_tma_f16_64>
    layout.barrier
    %jk = arith.addi %j1, %cSK : i32
    %khasjk = arith.cmpi slt, %jk, %hi : i32
    scf.if %khasjk {
      %ks = arith.remsi %jk, %cSK : i32
      %kb = layout.memdesc_index %bk[%ks] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %kbuf = layout.memdesc_index %sk[%ks] : !layout.memdesc<2x64x64xf16, #sw> -> !layout.memdesc<64x64xf16, #sw>
      %kr0 = arith.muli %jk, %cBN : i32
      %kr = arith.addi %krow0, %kr0 : i32
      layout.barrier_expect %kb, 8192 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dk[%kr, %c0] %kbuf, %kb
          : !layout.tensordesc<64x64xf16, #sw>, !layout.memdesc<64x64xf16, #sw>, !layout.memdesc<1xi64, #bl>
    }
    %jv = arith.addi %j, %cSV : i32
    %vhasjv = arith.cmpi slt, %jv, %hi : i32
    scf.if %vhasjv {
      %vs = arith.remsi %jv, %cSV : i32
      %vb = layout.memdesc_index %bv[%vs] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %vbuf = layout.memdesc_index %sv[%vs] : !layout.memdesc<2x64x64xf16, #sw> -> !layout.memdesc<64x64xf16, #sw>
      %vr0 = arith.muli %jv, %cBN : i32
      %vr = arith.addi %vrow0, %vr0 : i32
      layout.barrier_expect %vb, 8192 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dv[%vr, %c0] %vbuf, %vb
          : !layout.tensordesc<64x64xf16, #sw>, !layout.memdesc<64x64xf16, #sw>, !layout.memdesc<1xi64, #bl>
    }
    scf.yield %acc_n, %m_n, %l_n, %alpha_n, %pa_n : tensor<128x64xf32, #mmaO_tma_f16_64>, tensor<128xf32, #rowS_tma_f16_64>, tensor<128xf32, #rowS_tma_f16_64>, tensor<128xf32, #rowS_tma_f16_64>, tensor<128x64xf16, #opP_tma_f16_64>
  }
  // The last block's P V, then O / l.
  %alphao_last = layout.convert %part#3 : tensor<128xf32, #rowS_tma_f16_64> -> tensor<128xf32, #rowO_tma_f16_64>
  %ab2_last = tile.expand_dims %alphao_last {axis = 1 : i32} : tensor<128xf32, #rowO_tma_f16_64> -> tensor<128x1xf32, #mmaO_tma_f16_64>
  %ab_last = tile.broadcast %ab2_last : tensor<128x1xf32, #mmaO_tma_f16_64> -> tensor<128x64xf32, #mmaO_tma_f16_64>
  %accs_last = arith.mulf %part#0, %ab_last : tensor<128x64xf32, #mmaO_tma_f16_64>
  %vwshi1 = arith.remsi %hi1, %cSV : i32
  %vwrhi1 = arith.divsi %hi1, %cSV : i32
  %vwphi1 = arith.andi %vwrhi1, %c1 : i32
  %vwbhi1 = layout.memdesc_index %bv[%vwshi1] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
  layout.wait_barrier %vwbhi1, %vwphi1 : !layout.memdesc<1xi64, #bl>
  %vslhi1 = arith.remsi %hi1, %cSV : i32
  %svchi1 = layout.memdesc_index %sv[%vslhi1] : !layout.memdesc<2x64x64xf16, #sw> -> !layout.memdesc<64x64xf16, #sw>
  %acc_last = tile.dot %part#4, %svchi1, %accs_last async : tensor<128x64xf16, #opP_tma_f16_64>, !layout.memdesc<64x64xf16, #sw> -> tensor<128x64xf32, #mmaO_tma_f16_64>
  %acc = tile.dot_wait %acc_last {pendings = 0 : i32} : tensor<128x64xf32, #mmaO_tma_f16_64>
  %lo = layout.convert %part#2 : tensor<128xf32, #rowS_tma_f16_64> -> tensor<128xf32, #rowO_tma_f16_64>
  %lb2 = tile.expand_dims %lo {axis = 1 : i32} : tensor<128xf32, #rowO_tma_f16_64> -> tensor<128x1xf32, #mmaO_tma_f16_64>
  %lb = tile.broadcast %lb2 : tensor<128x1xf32, #mmaO_tma_f16_64> -> tensor<128x64xf32, #mmaO_tma_f16_64>
  %out = arith.divf %acc, %lb : tensor<128x64xf32, #mmaO_tma_f16_64>
  %outt = arith.truncf %out : tensor<128x64xf32, #mmaO_tma_f16_64> to tensor<128x64xf16, #mmaO_tma_f16_64>
  tile.store_tile %outt, %vo[%pm, %c0] : tensor<128x64xf16, #mmaO_tma_f16_64>, !tile.view<?x64xf16>
  tile.return
}

#mmaS_tma_f16_128 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]>
#mmaO_tma_f16_128 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]>
#opP_tma_f16_128 = #layout.dot_operand<opIdx = 0, parent = #mmaO_tma_f16_128, kWidth = 2>
#rowS_tma_f16_128 = #layout.slice<dim = 1, parent = #mmaS_tma_f16_128>
#colS_tma_f16_128 = #layout.slice<dim = 0, parent = #mmaS_tma_f16_128>
#rowO_tma_f16_128 = #layout.slice<dim = 1, parent = #mmaO_tma_f16_128>

tile.kernel @attention_tma_f16_d128(
    %q: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %k: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %v: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %o: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %sm_scale: f32, %n: i32, %heads: i32, %causal: i32,
    %sqb: i32 {tile.divisibility = 8 : i64}, %sqh: i32 {tile.divisibility = 8 : i64}, %sqn: i32 {tile.divisibility = 8 : i64},
    %skb: i32 {tile.divisibility = 8 : i64}, %skh: i32 {tile.divisibility = 8 : i64}, %skn: i32 {tile.divisibility = 8 : i64},
    %svb: i32 {tile.divisibility = 8 : i64}, %svh: i32 {tile.divisibility = 8 : i64}, %svn: i32 {tile.divisibility = 8 : i64},
    %sob: i32 {tile.divisibility = 8 : i64}, %soh: i32 {tile.divisibility = 8 : i64}, %son: i32 {tile.divisibility = 8 : i64},
    %rq: i32, %rk: i32, %rv: i32) attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %bh = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %cSK = arith.constant 2 : i32
  %cSV = arith.constant 2 : i32
  %cBN = arith.constant 128 : i32
  %cBN1 = arith.constant 127 : i32
  %cR = arith.constant 1 : i32
  %c128 = arith.constant 128 : i32
  %b = arith.divsi %bh, %heads : i32
  %h = arith.remsi %bh, %heads : i32
  // q, k, v as [rows, d] matrices (TMA), and the first row of this head in
  // each: b * (sb / sn) + h * (sh / sn).
  %fq = tile.make_view %q, shape [%rq, 128], strides [%sqn, 1]
        : !tile.ptr<f16> -> !tile.view<?x128xf16>
  %qbn = arith.divsi %sqb, %sqn : i32
  %qhn = arith.divsi %sqh, %sqn : i32
  %qrb = arith.muli %b, %qbn : i32
  %qrh = arith.muli %h, %qhn : i32
  %qrow0 = arith.addi %qrb, %qrh : i32
  %fk = tile.make_view %k, shape [%rk, 128], strides [%skn, 1]
        : !tile.ptr<f16> -> !tile.view<?x128xf16>
  %kbn = arith.divsi %skb, %skn : i32
  %khn = arith.divsi %skh, %skn : i32
  %krb = arith.muli %b, %kbn : i32
  %krh = arith.muli %h, %khn : i32
  %krow0 = arith.addi %krb, %krh : i32
  %fv = tile.make_view %v, shape [%rv, 128], strides [%svn, 1]
        : !tile.ptr<f16> -> !tile.view<?x128xf16>
  %vbn = arith.divsi %svb, %svn : i32
  %vhn = arith.divsi %svh, %svn : i32
  %vrb = arith.muli %b, %vbn : i32
  %vrh = arith.muli %h, %vhn : i32
  %vrow0 = arith.addi %vrb, %vrh : i32
  %dq = tile.make_tensor_desc %fq : !tile.view<?x128xf16> -> !layout.tensordesc<128x128xf16, #sw>
  %dk = tile.make_tensor_desc %fk : !tile.view<?x128xf16> -> !layout.tensordesc<128x128xf16, #sw>
  %dv = tile.make_tensor_desc %fv : !tile.view<?x128xf16> -> !layout.tensordesc<128x128xf16, #sw>
  // O: the [n, d] slice of this head, stored from registers (the store
  // drops rows past n).
  %b64 = arith.extsi %b : i32 to i64
  %h64 = arith.extsi %h : i32 to i64
  %osb = arith.extsi %sob : i32 to i64
  %osh = arith.extsi %soh : i32 to i64
  %oob = arith.muli %b64, %osb : i64
  %ooh = arith.muli %h64, %osh : i64
  %ooff = arith.addi %oob, %ooh : i64
  %op = tile.addptr %o, %ooff : !tile.ptr<f16>, i64
  %vo = tile.make_view %op, shape [%n, 128], strides [%son, 1]
        : !tile.ptr<f16> -> !tile.view<?x128xf16>

  // Shared memory: Q, the K and V rings, one mbarrier per buffer slot.
  %sq = layout.local_alloc : !layout.memdesc<128x128xf16, #sw>
  %sk = layout.local_alloc : !layout.memdesc<2x128x128xf16, #sw>
  %sv = layout.local_alloc : !layout.memdesc<2x128x128xf16, #sw>
  %bq = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  %bk = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  %bv = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  layout.init_barrier %bq, 1 : !layout.memdesc<1xi64, #bl>
  scf.for %i = %c0 to %cSK step %c1 : i32 {
    %ib = layout.memdesc_index %bk[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %ib, 1 : !layout.memdesc<1xi64, #bl>
  }
  scf.for %i = %c0 to %cSV step %c1 : i32 {
    %ib = layout.memdesc_index %bv[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %ib, 1 : !layout.memdesc<1xi64, #bl>
  }

  // Key blocks [0, hi): all ceil(n / BN), or, when causal, those left of
  // the end of the diagonal (1 (i + 1)); blocks below nfull need no mask.
  %nr = arith.addi %n, %cBN1 : i32
  %nblocks = arith.divsi %nr, %cBN : i32
  %pm1 = arith.addi %pm, %c1 : i32
  %diag = arith.muli %pm1, %cR : i32
  %cdiag = arith.minsi %nblocks, %diag : i32
  %is_causal = arith.cmpi ne, %causal, %c0 : i32
  %hi = arith.select %is_causal, %cdiag, %nblocks : i32
  %nfull0 = arith.divsi %n, %cBN : i32
  %first = arith.muli %pm, %cR : i32
  %cfull = arith.minsi %nfull0, %first : i32
  %nfull = arith.select %is_causal, %cfull, %nfull0 : i32

  // Prologue: Q, K_0 .. K_(SK-1), V_0 .. V_(SV-1); S_0 = Q K_0^T; then
  // K_SK into the slot S_0 read.
  %qr0 = arith.muli %pm, %c128 : i32
  %qr = arith.addi %qrow0, %qr0 : i32
  layout.barrier_expect %bq, 32768 : !layout.memdesc<1xi64, #bl>
  layout.async_tma_copy_global_to_local %dq[%qr, %c0] %sq, %bq
      : !layout.tensordesc<128x128xf16, #sw>, !layout.memdesc<128x128xf16, #sw>, !layout.memdesc<1xi64, #bl>
  scf.for %pb = %c0 to %cSK step %c1 : i32 {
    %khaspb = arith.cmpi slt, %pb, %hi : i32
    scf.if %khaspb {
      %ks = arith.remsi %pb, %cSK : i32
      %kb = layout.memdesc_index %bk[%ks] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %kbuf = layout.memdesc_index %sk[%ks] : !layout.memdesc<2x128x128xf16, #sw> -> !layout.memdesc<128x128xf16, #sw>
      %kr0 = arith.muli %pb, %cBN : i32
      %kr = arith.addi %krow0, %kr0 : i32
      layout.barrier_expect %kb, 32768 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dk[%kr, %c0] %kbuf, %kb
          : !layout.tensordesc<128x128xf16, #sw>, !layout.memdesc<128x128xf16, #sw>, !layout.memdesc<1xi64, #bl>
    }
  }
  scf.for %pb = %c0 to %cSV step %c1 : i32 {
    %vhaspb = arith.cmpi slt, %pb, %hi : i32
    scf.if %vhaspb {
      %vs = arith.remsi %pb, %cSV : i32
      %vb = layout.memdesc_index %bv[%vs] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %vbuf = layout.memdesc_index %sv[%vs] : !layout.memdesc<2x128x128xf16, #sw> -> !layout.memdesc<128x128xf16, #sw>
      %vr0 = arith.muli %pb, %cBN : i32
      %vr = arith.addi %vrow0, %vr0 : i32
      layout.barrier_expect %vb, 32768 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dv[%vr, %c0] %vbuf, %vb
          : !layout.tensordesc<128x128xf16, #sw>, !layout.memdesc<128x128xf16, #sw>, !layout.memdesc<1xi64, #bl>
    }
  }
  layout.wait_barrier %bq, %c0 : !layout.memdesc<1xi64, #bl>
  %bk0 = layout.memdesc_index %bk[%c0] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
  layout.wait_barrier %bk0, %c0 : !layout.memdesc<1xi64, #bl>
  %sk0 = layout.memdesc_index %sk[%c0] : !layout.memdesc<2x128x128xf16, #sw> -> !layout.memdesc<128x128xf16, #sw>
  %skt0 = layout.memdesc_trans %sk0 {order = array<i32: 1, 0>} : !layout.memdesc<128x128xf16, #sw> -> !layout.memdesc<128x128xf16, #swT>
  %zs = arith.constant dense<0.0> : tensor<128x128xf32, #mmaS_tma_f16_128>
  %qk0 = tile.dot %sq, %skt0, %zs : !layout.memdesc<128x128xf16, #sw>, !layout.memdesc<128x128xf16, #swT> -> tensor<128x128xf32, #mmaS_tma_f16_128>
  layout.barrier
  %khascSK = arith.cmpi slt, %cSK, %hi : i32
  scf.if %khascSK {
    %ks = arith.remsi %cSK, %cSK : i32
    %kb = layout.memdesc_index %bk[%ks] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    %kbuf = layout.memdesc_index %sk[%ks] : !layout.memdesc<2x128x128xf16, #sw> -> !layout.memdesc<128x128xf16, #sw>
    %kr0 = arith.muli %cSK, %cBN : i32
    %kr = arith.addi %krow0, %kr0 : i32
    layout.barrier_expect %kb, 32768 : !layout.memdesc<1xi64, #bl>
    layout.async_tma_copy_global_to_local %dk[%kr, %c0] %kbuf, %kb
        : !layout.tensordesc<128x128xf16, #sw>, !layout.memdesc<128x128xf16, #sw>, !layout.memdesc<1xi64, #bl>
  }

  // Scores are scaled by sm_scale * log2(e), so that exp2 gives exp.
  %log2e = arith.constant 1.44269504 : f32
  %qk_scale = arith.mulf %sm_scale, %log2e : f32
  %scale = tile.splat %qk_scale : f32 -> tensor<128x128xf32, #mmaS_tma_f16_128>
  %scale_r = tile.splat %qk_scale : f32 -> tensor<128xf32, #rowS_tma_f16_128>
  // Row and column indices of the score block, for the mask.
  %rowi = tile.arange 0, 128 : tensor<128xi32, #rowS_tma_f16_128>
  %row0v = tile.splat %qr0 : i32 -> tensor<128xi32, #rowS_tma_f16_128>
  %rows1 = arith.addi %rowi, %row0v : tensor<128xi32, #rowS_tma_f16_128>
  %rows2 = tile.expand_dims %rows1 {axis = 1 : i32} : tensor<128xi32, #rowS_tma_f16_128> -> tensor<128x1xi32, #mmaS_tma_f16_128>
  %rows = tile.broadcast %rows2 : tensor<128x1xi32, #mmaS_tma_f16_128> -> tensor<128x128xi32, #mmaS_tma_f16_128>
  %coli = tile.arange 0, 128 : tensor<128xi32, #colS_tma_f16_128>
  %nv = tile.splat %n : i32 -> tensor<128x128xi32, #mmaS_tma_f16_128>
  %notcausal = arith.cmpi eq, %causal, %c0 : i32
  %notcausalv = tile.splat %notcausal : i1 -> tensor<128x128xi1, #mmaS_tma_f16_128>
  %ninf = arith.constant dense<0xFF800000> : tensor<128x128xf32, #mmaS_tma_f16_128>
  %zo = arith.constant dense<0.0> : tensor<128x128xf32, #mmaO_tma_f16_128>
  %m0 = arith.constant dense<0xFF800000> : tensor<128xf32, #rowS_tma_f16_128>
  %l0 = arith.constant dense<0.0> : tensor<128xf32, #rowS_tma_f16_128>

  // Block 0's softmax (masked: it may be the diagonal or the last block).
  // The mask: columns past n, and right of the diagonal when causal.
  %col0_p0 = arith.muli %c0, %cBN : i32
  %col0v_p0 = tile.splat %col0_p0 : i32 -> tensor<128xi32, #colS_tma_f16_128>
  %cols1_p0 = arith.addi %coli, %col0v_p0 : tensor<128xi32, #colS_tma_f16_128>
  %cols2_p0 = tile.expand_dims %cols1_p0 {axis = 0 : i32} : tensor<128xi32, #colS_tma_f16_128> -> tensor<1x128xi32, #mmaS_tma_f16_128>
  %cols_p0 = tile.broadcast %cols2_p0 : tensor<1x128xi32, #mmaS_tma_f16_128> -> tensor<128x128xi32, #mmaS_tma_f16_128>
  %inseq_p0 = arith.cmpi slt, %cols_p0, %nv : tensor<128x128xi32, #mmaS_tma_f16_128>
  %below_p0 = arith.cmpi sle, %cols_p0, %rows : tensor<128x128xi32, #mmaS_tma_f16_128>
  %causal_ok_p0 = arith.ori %below_p0, %notcausalv : tensor<128x128xi1, #mmaS_tma_f16_128>
  %keep_p0 = arith.andi %inseq_p0, %causal_ok_p0 : tensor<128x128xi1, #mmaS_tma_f16_128>
  %s_p0 = arith.select %keep_p0, %qk0, %ninf : tensor<128x128xi1, #mmaS_tma_f16_128>, tensor<128x128xf32, #mmaS_tma_f16_128>
  // Online softmax in units of the scaled scores (block 0 always has a
  // kept column, so m' is finite from the first block on).
  %mx_p0 = tile.reduce max %s_p0 {axis = 1 : i32} : tensor<128x128xf32, #mmaS_tma_f16_128> -> tensor<128xf32, #rowS_tma_f16_128>
  %mxs_p0 = arith.mulf %mx_p0, %scale_r : tensor<128xf32, #rowS_tma_f16_128>
  %m_p0 = arith.maximumf %m0, %mxs_p0 : tensor<128xf32, #rowS_tma_f16_128>
  %negm_p0 = arith.negf %m_p0 : tensor<128xf32, #rowS_tma_f16_128>
  %mb2_p0 = tile.expand_dims %negm_p0 {axis = 1 : i32} : tensor<128xf32, #rowS_tma_f16_128> -> tensor<128x1xf32, #mmaS_tma_f16_128>
  %mb_p0 = tile.broadcast %mb2_p0 : tensor<128x1xf32, #mmaS_tma_f16_128> -> tensor<128x128xf32, #mmaS_tma_f16_128>
  %sd_p0 = math.fma %s_p0, %scale, %mb_p0 : tensor<128x128xf32, #mmaS_tma_f16_128>
  %p_p0 = math.exp2 %sd_p0 fastmath<afn> : tensor<128x128xf32, #mmaS_tma_f16_128>
  %md_p0 = arith.subf %m0, %m_p0 : tensor<128xf32, #rowS_tma_f16_128>
  %alpha_p0 = math.exp2 %md_p0 fastmath<afn> : tensor<128xf32, #rowS_tma_f16_128>
  %ps_p0 = tile.reduce sum %p_p0 {axis = 1 : i32} : tensor<128x128xf32, #mmaS_tma_f16_128> -> tensor<128xf32, #rowS_tma_f16_128>
  %la_p0 = arith.mulf %l0, %alpha_p0 : tensor<128xf32, #rowS_tma_f16_128>
  %l_p0 = arith.addf %la_p0, %ps_p0 : tensor<128xf32, #rowS_tma_f16_128>
  %pt_p0 = arith.truncf %p_p0 : tensor<128x128xf32, #mmaS_tma_f16_128> to tensor<128x128xf16, #mmaS_tma_f16_128>
  %pa_p0 = layout.convert %pt_p0 : tensor<128x128xf16, #mmaS_tma_f16_128> -> tensor<128x128xf16, #opP_tma_f16_128>
  // Iteration j computes P_j V_j and the softmax of block j + 1, for
  // j + 1 < hi. Blocks 1 .. nfull - 1 need no mask, nfull .. hi - 1 do.
  %hi1 = arith.subi %hi, %c1 : i32
  %nfull1 = arith.subi %nfull, %c1 : i32
  %mid0 = arith.maxsi %nfull1, %c0 : i32
  %mid = arith.minsi %mid0, %hi1 : i32
  %full:5 = scf.for %j = %c0 to %mid step %c1
      iter_args(%acc_i = %zo, %m_i = %m_p0, %l_i = %l_p0, %alpha_i = %alpha_p0, %pa_i = %pa_p0)
      -> (tensor<128x128xf32, #mmaO_tma_f16_128>, tensor<128xf32, #rowS_tma_f16_128>, tensor<128xf32, #rowS_tma_f16_128>, tensor<128xf32, #rowS_tma_f16_128>, tensor<128x128xf16, #opP_tma_f16_128>) : i32 {
    // 1. S_(j+1) = Q K_(j+1)^T, asynchronous.
    %j1 = arith.addi %j, %c1 : i32
    %kwsj1 = arith.remsi %j1, %cSK : i32
    %kwrj1 = arith.divsi %j1, %cSK : i32
    %kwpj1 = arith.andi %kwrj1, %c1 : i32
    %kwbj1 = layout.memdesc_index %bk[%kwsj1] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.wait_barrier %kwbj1, %kwpj1 : !layout.memdesc<1xi64, #bl>
    %ks1 = arith.remsi %j1, %cSK : i32
    %sknx = layout.memdesc_index %sk[%ks1] : !layout.memdesc<2x128x128xf16, #sw> -> !layout.memdesc<128x128xf16, #sw>
    %sktn = layout.memdesc_trans %sknx {order = array<i32: 1, 0>} : !layout.memdesc<128x128xf16, #sw> -> !layout.memdesc<128x128xf16, #swT>
    %qk_next = tile.dot %sq, %sktn, %zs async : !layout.memdesc<128x128xf16, #sw>, !layout.memdesc<128x128xf16, #swT> -> tensor<128x128xf32, #mmaS_tma_f16_128>
    // 2. O = O alpha_j + P_j V_j, asynchronous (P from registers).
    %alphao_j = layout.convert %alpha_i : tensor<128xf32, #rowS_tma_f16_128> -> tensor<128xf32, #rowO_tma_f16_128>
    %ab2_j = tile.expand_dims %alphao_j {axis = 1 : i32} : tensor<128xf32, #rowO_tma_f16_128> -> tensor<128x1xf32, #mmaO_tma_f16_128>
    %ab_j = tile.broadcast %ab2_j : tensor<128x1xf32, #mmaO_tma_f16_128> -> tensor<128x128xf32, #mmaO_tma_f16_128>
    %accs_j = arith.mulf %acc_i, %ab_j : tensor<128x128xf32, #mmaO_tma_f16_128>
    %vwsj = arith.remsi %j, %cSV : i32
    %vwrj = arith.divsi %j, %cSV : i32
    %vwpj = arith.andi %vwrj, %c1 : i32
    %vwbj = layout.memdesc_index %bv[%vwsj] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.wait_barrier %vwbj, %vwpj : !layout.memdesc<1xi64, #bl>
    %vslj = arith.remsi %j, %cSV : i32
    %svcj = layout.memdesc_index %sv[%vslj] : !layout.memdesc<2x128x128xf16, #sw> -> !layout.memdesc<128x128xf16, #sw>
    %acc_j = tile.dot %pa_i, %svcj, %accs_j async : tensor<128x128xf16, #opP_tma_f16_128>, !layout.memdesc<128x128xf16, #sw> -> tensor<128x128xf32, #mmaO_tma_f16_128>
    // 3. S_(j+1) done (P_j V_j may still run): its softmax overlaps P_j V_j.
    %qk = tile.dot_wait %qk_next {pendings = 1 : i32} : tensor<128x128xf32, #mmaS_tma_f16_128>
    // Online softmax in units of the scaled scores (block 0 always has a
    // kept column, so m' is finite from the first block on).
    %mx_n = tile.reduce max %qk {axis = 1 : i32} : tensor<128x128xf32, #mmaS_tma_f16_128> -> tensor<128xf32, #rowS_tma_f16_128>
    %mxs_n = arith.mulf %mx_n, %scale_r : tensor<128xf32, #rowS_tma_f16_128>
    %m_n = arith.maximumf %m_i, %mxs_n : tensor<128xf32, #rowS_tma_f16_128>
    %negm_n = arith.negf %m_n : tensor<128xf32, #rowS_tma_f16_128>
    %mb2_n = tile.expand_dims %negm_n {axis = 1 : i32} : tensor<128xf32, #rowS_tma_f16_128> -> tensor<128x1xf32, #mmaS_tma_f16_128>
    %mb_n = tile.broadcast %mb2_n : tensor<128x1xf32, #mmaS_tma_f16_128> -> tensor<128x128xf32, #mmaS_tma_f16_128>
    %sd_n = math.fma %qk, %scale, %mb_n : tensor<128x128xf32, #mmaS_tma_f16_128>
    %p_n = math.exp2 %sd_n fastmath<afn> : tensor<128x128xf32, #mmaS_tma_f16_128>
    %md_n = arith.subf %m_i, %m_n : tensor<128xf32, #rowS_tma_f16_128>
    %alpha_n = math.exp2 %md_n fastmath<afn> : tensor<128xf32, #rowS_tma_f16_128>
    %ps_n = tile.reduce sum %p_n {axis = 1 : i32} : tensor<128x128xf32, #mmaS_tma_f16_128> -> tensor<128xf32, #rowS_tma_f16_128>
    %la_n = arith.mulf %l_i, %alpha_n : tensor<128xf32, #rowS_tma_f16_128>
    %l_n = arith.addf %la_n, %ps_n : tensor<128xf32, #rowS_tma_f16_128>
    %pt_n = arith.truncf %p_n : tensor<128x128xf32, #mmaS_tma_f16_128> to tensor<128x128xf16, #mmaS_tma_f16_128>
    %pa_n = layout.convert %pt_n : tensor<128x128xf16, #mmaS_tma_f16_128> -> tensor<128x128xf16, #opP_tma_f16_128>
    // 4. P_j V_j done; after the CTA barrier no warpgroup reads K_(j+1)'s or
    // V_j's slot: one thread refills them with K_(j+1+SK) and V_(j+SV).
    %acc_n = tile.dot_wait %acc_j {pendings = 0 : i32} : tensor<128x128xf32, #mmaO_tma_f16_128>
    layout.barrier
    %jk = arith.addi %j1, %cSK : i32
    %khasjk = arith.cmpi slt, %jk, %hi : i32
    scf.if %khasjk {
      %ks = arith.remsi %jk, %cSK : i32
      %kb = layout.memdesc_index %bk[%ks] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %kbuf = layout.memdesc_index %sk[%ks] : !layout.memdesc<2x128x128xf16, #sw> -> !layout.memdesc<128x128xf16, #sw>
      %kr0 = arith.muli %jk, %cBN : i32
      %kr = arith.addi %krow0, %kr0 : i32
      layout.barrier_expect %kb, 32768 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dk[%kr, %c0] %kbuf, %kb
          : !layout.tensordesc<128x128xf16, #sw>, !layout.memdesc<128x128xf16, #sw>, !layout.memdesc<1xi64, #bl>
    }
    %jv = arith.addi %j, %cSV : i32
    %vhasjv = arith.cmpi slt, %jv, %hi : i32
    scf.if %vhasjv {
      %vs = arith.remsi %jv, %cSV : i32
      %vb = layout.memdesc_index %bv[%vs] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %vbuf = layout.memdesc_index %sv[%vs] : !layout.memdesc<2x128x128xf16, #sw> -> !layout.memdesc<128x128xf16, #sw>
      %vr0 = arith.muli %jv, %cBN : i32
      %vr = arith.addi %vrow0, %vr0 : i32
      layout.barrier_expect %vb, 32768 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dv[%vr, %c0] %vbuf, %vb
          : !layout.tensordesc<128x128xf16, #sw>, !layout.memdesc<128x128xf16, #sw>, !layout.memdesc<1xi64, #bl>
    }
    scf.yield %acc_n, %m_n, %l_n, %alpha_n, %pa_n : tensor<128x128xf32, #mmaO_tma_f16_128>, tensor<128xf32, #rowS_tma_f16_128>, tensor<128xf32, #rowS_tma_f16_128>, tensor<128xf32, #rowS_tma_f16_128>, tensor<128x128xf16, #opP_tma_f16_128>
  }
  %part:5 = scf.for %j = %mid to %hi1 step %c1
      iter_args(%acc_i = %full#0, %m_i = %full#1, %l_i = %full#2, %alpha_i = %full#3, %pa_i = %full#4)
      -> (tensor<128x128xf32, #mmaO_tma_f16_128>, tensor<128xf32, #rowS_tma_f16_128>, tensor<128xf32, #rowS_tma_f16_128>, tensor<128xf32, #rowS_tma_f16_128>, tensor<128x128xf16, #opP_tma_f16_128>) : i32 {
    // 1. S_(j+1) = Q K_(j+1)^T, asynchronous.
    %j1 = arith.addi %j, %c1 : i32
    %kwsj1 = arith.remsi %j1, %cSK : i32
    %kwrj1 = arith.divsi %j1, %cSK : i32
    %kwpj1 = arith.andi %kwrj1, %c1 : i32
    %kwbj1 = layout.memdesc_index %bk[%kwsj1] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.wait_barrier %kwbj1, %kwpj1 : !layout.memdesc<1xi64, #bl>
    %ks1 = arith.remsi %j1, %cSK : i32
    %sknx = layout.memdesc_index %sk[%ks1] : !layout.memdesc<2x128x128xf16, #sw> -> !layout.memdesc<128x128xf16, #sw>
    %sktn = layout.memdesc_trans %sknx {order = array<i32: 1, 0>} : !layout.memdesc<128x128xf16, #sw> -> !layout.memdesc<128x128xf16, #swT>
    %qk_next = tile.dot %sq, %sktn, %zs async : !layout.memdesc<128x128xf16, #sw>, !layout.memdesc<128x128xf16, #swT> -> tensor<128x128xf32, #mmaS_tma_f16_128>
    // 2. O = O alpha_j + P_j V_j, asynchronous (P from registers).
    %alphao_j = layout.convert %alpha_i : tensor<128xf32, #rowS_tma_f16_128> -> tensor<128xf32, #rowO_tma_f16_128>
    %ab2_j = tile.expand_dims %alphao_j {axis = 1 : i32} : tensor<128xf32, #rowO_tma_f16_128> -> tensor<128x1xf32, #mmaO_tma_f16_128>
    %ab_j = tile.broadcast %ab2_j : tensor<128x1xf32, #mmaO_tma_f16_128> -> tensor<128x128xf32, #mmaO_tma_f16_128>
    %accs_j = arith.mulf %acc_i, %ab_j : tensor<128x128xf32, #mmaO_tma_f16_128>
    %vwsj = arith.remsi %j, %cSV : i32
    %vwrj = arith.divsi %j, %cSV : i32
    %vwpj = arith.andi %vwrj, %c1 : i32
    %vwbj = layout.memdesc_index %bv[%vwsj] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.wait_barrier %vwbj, %vwpj : !layout.memdesc<1xi64, #bl>
    %vslj = arith.remsi %j, %cSV : i32
    %svcj = layout.memdesc_index %sv[%vslj] : !layout.memdesc<2x128x128xf16, #sw> -> !layout.memdesc<128x128xf16, #sw>
    %acc_j = tile.dot %pa_i, %svcj, %accs_j async : tensor<128x128xf16, #opP_tma_f16_128>, !layout.memdesc<128x128xf16, #sw> -> tensor<128x128xf32, #mmaO_tma_f16_128>
    // 3. S_(j+1) done (P_j V_j may still run): its softmax overlaps P_j V_j.
    %qk = tile.dot_wait %qk_next {pendings = 1 : i32} : tensor<128x128xf32, #mmaS_tma_f16_128>
    // The mask: columns past n, and right of the diagonal when causal.
    %col0_n = arith.muli %j1, %cBN : i32
    %col0v_n = tile.splat %col0_n : i32 -> tensor<128xi32, #colS_tma_f16_128>
    %cols1_n = arith.addi %coli, %col0v_n : tensor<128xi32, #colS_tma_f16_128>
    %cols2_n = tile.expand_dims %cols1_n {axis = 0 : i32} : tensor<128xi32, #colS_tma_f16_128> -> tensor<1x128xi32, #mmaS_tma_f16_128>
    %cols_n = tile.broadcast %cols2_n : tensor<1x128xi32, #mmaS_tma_f16_128> -> tensor<128x128xi32, #mmaS_tma_f16_128>
    %inseq_n = arith.cmpi slt, %cols_n, %nv : tensor<128x128xi32, #mmaS_tma_f16_128>
    %below_n = arith.cmpi sle, %cols_n, %rows : tensor<128x128xi32, #mmaS_tma_f16_128>
    %causal_ok_n = arith.ori %below_n, %notcausalv : tensor<128x128xi1, #mmaS_tma_f16_128>
    %keep_n = arith.andi %inseq_n, %causal_ok_n : tensor<128x128xi1, #mmaS_tma_f16_128>
    %s_n = arith.select %keep_n, %qk, %ninf : tensor<128x128xi1, #mmaS_tma_f16_128>, tensor<128x128xf32, #mmaS_tma_f16_128>
    // Online softmax in units of the scaled scores (block 0 always has a
    // kept column, so m' is finite from the first block on).
    %mx_n = tile.reduce max %s_n {axis = 1 : i32} : tensor<128x128xf32, #mmaS_tma_f16_128> -> tensor<128xf32, #rowS_tma_f16_128>
    %mxs_n = arith.mulf %mx_n, %scale_r : tensor<128xf32, #rowS_tma_f16_128>
    %m_n = arith.maximumf %m_i, %mxs_n : tensor<128xf32, #rowS_tma_f16_128>
    %negm_n = arith.negf %m_n : tensor<128xf32, #rowS_tma_f16_128>
    %mb2_n = tile.expand_dims %negm_n {axis = 1 : i32} : tensor<128xf32, #rowS_tma_f16_128> -> tensor<128x1xf32, #mmaS_tma_f16_128>
    %mb_n = tile.broadcast %mb2_n : tensor<128x1xf32, #mmaS_tma_f16_128> -> tensor<128x128xf32, #mmaS_tma_f16_128>
    %sd_n = math.fma %s_n, %scale, %mb_n : tensor<128x128xf32, #mmaS_tma_f16_128>
    %p_n = math.exp2 %sd_n fastmath<afn> : tensor<128x128xf32, #mmaS_tma_f16_128>
    %md_n = arith.subf %m_i, %m_n : tensor<128xf32, #rowS_tma_f16_128>
    %alpha_n = math.exp2 %md_n fastmath<afn> : tensor<128xf32, #rowS_tma_f16_128>
    %ps_n = tile.reduce sum %p_n {axis = 1 : i32} : tensor<128x128xf32, #mmaS_tma_f16_128> -> tensor<128xf32, #rowS_tma_f16_128>
    %la_n = arith.mulf %l_i, %alpha_n : tensor<128xf32, #rowS_tma_f16_128>
    %l_n = arith.addf %la_n, %ps_n : tensor<128xf32, #rowS_tma_f16_128>
    %pt_n = arith.truncf %p_n : tensor<128x128xf32, #mmaS_tma_f16_128> to tensor<128x128xf16, #mmaS_tma_f16_128>
    %pa_n = layout.convert %pt_n : tensor<128x128xf16, #mmaS_tma_f16_128> -> tensor<128x128xf16, #opP_tma_f16_128>
    // 4. P_j V_j done; after the CTA barrier no warpgroup reads K_(j+1)'s or
    // V_j's slot: one thread refills them with K_(j+1+SK) and V_(j+SV).
    %acc_n = tile.dot_wait %acc_j {pendings = 0 : i32} : tensor<128x128xf32, #mmaO_tma_f16_128>
    layout.barrier
    %jk = arith.addi %j1, %cSK : i32
    %khasjk = arith.cmpi slt, %jk, %hi : i32
    scf.if %khasjk {
      %ks = arith.remsi %jk, %cSK : i32
      %kb = layout.memdesc_index %bk[%ks] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %kbuf = layout.memdesc_index %sk[%ks] : !layout.memdesc<2x128x128xf16, #sw> -> !layout.memdesc<128x128xf16, #sw>
      %kr0 = arith.muli %jk, %cBN : i32
      %kr = arith.addi %krow0, %kr0 : i32
      layout.barrier_expect %kb, 32768 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dk[%kr, %c0] %kbuf, %kb
          : !layout.tensordesc<128x128xf16, #sw>, !layout.memdesc<128x128xf16, #sw>, !layout.memdesc<1xi64, #bl>
    }
    %jv = arith.addi %j, %cSV : i32
    %vhasjv = arith.cmpi slt, %jv, %hi : i32
    scf.if %vhasjv {
      %vs = arith.remsi %jv, %cSV : i32
      %vb = layout.memdesc_index %bv[%vs] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %vbuf = layout.memdesc_index %sv[%vs] : !layout.memdesc<2x128x128xf16, #sw> -> !layout.memdesc<128x128xf16, #sw>
      %vr0 = arith.muli %jv, %cBN : i32
      %vr = arith.addi %vrow0, %vr0 : i32
      layout.barrier_expect %vb, 32768 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dv[%vr, %c0] %vbuf, %vb
          : !layout.tensordesc<128x128xf16, #sw>, !layout.memdesc<128x128xf16, #sw>, !layout.memdesc<1xi64, #bl>
    }
    scf.yield %acc_n, %m_n, %l_n, %alpha_n, %pa_n : tensor<128x128xf32, #mmaO_tma_f16_128>, tensor<128xf32, #rowS_tma_f16_128>, tensor<128xf32, #rowS_tma_f16_128>, tensor<128xf32, #rowS_tma_f16_128>, tensor<128x128xf16, #opP_tma_f16_128>
  }
  // The last block's P V, then O / l.
  %alphao_last = layout.convert %part#3 : tensor<128xf32, #rowS_tma_f16_128> -> tensor<128xf32, #rowO_tma_f16_128>
  %ab2_last = tile.expand_dims %alphao_last {axis = 1 : i32} : tensor<128xf32, #rowO_tma_f16_128> -> tensor<128x1xf32, #mmaO_tma_f16_128>
  %ab_last = tile.broadcast %ab2_last : tensor<128x1xf32, #mmaO_tma_f16_128> -> tensor<128x128xf32, #mmaO_tma_f16_128>
  %accs_last = arith.mulf %part#0, %ab_last : tensor<128x128xf32, #mmaO_tma_f16_128>
  %vwshi1 = arith.remsi %hi1, %cSV : i32
  %vwrhi1 = arith.divsi %hi1, %cSV : i32
  %vwphi1 = arith.andi %vwrhi1, %c1 : i32
  %vwbhi1 = layout.memdesc_index %bv[%vwshi1] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
  layout.wait_barrier %vwbhi1, %vwphi1 : !layout.memdesc<1xi64, #bl>
  %vslhi1 = arith.remsi %hi1, %cSV : i32
  %svchi1 = layout.memdesc_index %sv[%vslhi1] : !layout.memdesc<2x128x128xf16, #sw> -> !layout.memdesc<128x128xf16, #sw>
  %acc_last = tile.dot %part#4, %svchi1, %accs_last async : tensor<128x128xf16, #opP_tma_f16_128>, !layout.memdesc<128x128xf16, #sw> -> tensor<128x128xf32, #mmaO_tma_f16_128>
  %acc = tile.dot_wait %acc_last {pendings = 0 : i32} : tensor<128x128xf32, #mmaO_tma_f16_128>
  %lo = layout.convert %part#2 : tensor<128xf32, #rowS_tma_f16_128> -> tensor<128xf32, #rowO_tma_f16_128>
  %lb2 = tile.expand_dims %lo {axis = 1 : i32} : tensor<128xf32, #rowO_tma_f16_128> -> tensor<128x1xf32, #mmaO_tma_f16_128>
  %lb = tile.broadcast %lb2 : tensor<128x1xf32, #mmaO_tma_f16_128> -> tensor<128x128xf32, #mmaO_tma_f16_128>
  %out = arith.divf %acc, %lb : tensor<128x128xf32, #mmaO_tma_f16_128>
  %outt = arith.truncf %out : tensor<128x128xf32, #mmaO_tma_f16_128> to tensor<128x128xf16, #mmaO_tma_f16_128>
  tile.store_tile %outt, %vo[%pm, %c0] : tensor<128x128xf16, #mmaO_tma_f16_128>, !tile.view<?x128xf16>
  tile.return
}

#mmaS_tma_bf16_64 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]>
#mmaO_tma_bf16_64 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]>
#opP_tma_bf16_64 = #layout.dot_operand<opIdx = 0, parent = #mmaO_tma_bf16_64, kWidth = 2>
#rowS_tma_bf16_64 = #layout.slice<dim = 1, parent = #mmaS_tma_bf16_64>
#colS_tma_bf16_64 = #layout.slice<dim = 0, parent = #mmaS_tma_bf16_64>
#rowO_tma_bf16_64 = #layout.slice<dim = 1, parent = #mmaO_tma_bf16_64>

tile.kernel @attention_tma_bf16_d64(
    %q: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %k: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %v: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %o: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
    %sm_scale: f32, %n: i32, %heads: i32, %causal: i32,
    %sqb: i32 {tile.divisibility = 8 : i64}, %sqh: i32 {tile.divisibility = 8 : i64}, %sqn: i32 {tile.divisibility = 8 : i64},
    %skb: i32 {tile.divisibility = 8 : i64}, %skh: i32 {tile.divisibility = 8 : i64}, %skn: i32 {tile.divisibility = 8 : i64},
    %svb: i32 {tile.divisibility = 8 : i64}, %svh: i32 {tile.divisibility = 8 : i64}, %svn: i32 {tile.divisibility = 8 : i64},
    %sob: i32 {tile.divisibility = 8 : i64}, %soh: i32 {tile.divisibility = 8 : i64}, %son: i32 {tile.divisibility = 8 : i64},
    %rq: i32, %rk: i32, %rv: i32) attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %bh = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %cSK = arith.constant 2 : i32
  %cSV = arith.constant 2 : i32
  %cBN = arith.constant 64 : i32
  %cBN1 = arith.constant 63 : i32
  %cR = arith.constant 2 : i32
  %c128 = arith.constant 128 : i32
  %b = arith.divsi %bh, %heads : i32
  %h = arith.remsi %bh, %heads : i32
  // q, k, v as [rows, d] matrices (TMA), and the first row of this head in
  // each: b * (sb / sn) + h * (sh / sn).
  %fq = tile.make_view %q, shape [%rq, 64], strides [%sqn, 1]
        : !tile.ptr<bf16> -> !tile.view<?x64xbf16>
  %qbn = arith.divsi %sqb, %sqn : i32
  %qhn = arith.divsi %sqh, %sqn : i32
  %qrb = arith.muli %b, %qbn : i32
  %qrh = arith.muli %h, %qhn : i32
  %qrow0 = arith.addi %qrb, %qrh : i32
  %fk = tile.make_view %k, shape [%rk, 64], strides [%skn, 1]
        : !tile.ptr<bf16> -> !tile.view<?x64xbf16>
  %kbn = arith.divsi %skb, %skn : i32
  %khn = arith.divsi %skh, %skn : i32
  %krb = arith.muli %b, %kbn : i32
  %krh = arith.muli %h, %khn : i32
  %krow0 = arith.addi %krb, %krh : i32
  %fv = tile.make_view %v, shape [%rv, 64], strides [%svn, 1]
        : !tile.ptr<bf16> -> !tile.view<?x64xbf16>
  %vbn = arith.divsi %svb, %svn : i32
  %vhn = arith.divsi %svh, %svn : i32
  %vrb = arith.muli %b, %vbn : i32
  %vrh = arith.muli %h, %vhn : i32
  %vrow0 = arith.addi %vrb, %vrh : i32
  %dq = tile.make_tensor_desc %fq : !tile.view<?x64xbf16> -> !layout.tensordesc<128x64xbf16, #sw>
  %dk = tile.make_tensor_desc %fk : !tile.view<?x64xbf16> -> !layout.tensordesc<64x64xbf16, #sw>
  %dv = tile.make_tensor_desc %fv : !tile.view<?x64xbf16> -> !layout.tensordesc<64x64xbf16, #sw>
  // O: the [n, d] slice of this head, stored from registers (the store
  // drops rows past n).
  %b64 = arith.extsi %b : i32 to i64
  %h64 = arith.extsi %h : i32 to i64
  %osb = arith.extsi %sob : i32 to i64
  %osh = arith.extsi %soh : i32 to i64
  %oob = arith.muli %b64, %osb : i64
  %ooh = arith.muli %h64, %osh : i64
  %ooff = arith.addi %oob, %ooh : i64
  %op = tile.addptr %o, %ooff : !tile.ptr<bf16>, i64
  %vo = tile.make_view %op, shape [%n, 64], strides [%son, 1]
        : !tile.ptr<bf16> -> !tile.view<?x64xbf16>

  // Shared memory: Q, the K and V rings, one mbarrier per buffer slot.
  %sq = layout.local_alloc : !layout.memdesc<128x64xbf16, #sw>
  %sk = layout.local_alloc : !layout.memdesc<2x64x64xbf16, #sw>
  %sv = layout.local_alloc : !layout.memdesc<2x64x64xbf16, #sw>
  %bq = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  %bk = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  %bv = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  layout.init_barrier %bq, 1 : !layout.memdesc<1xi64, #bl>
  scf.for %i = %c0 to %cSK step %c1 : i32 {
    %ib = layout.memdesc_index %bk[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %ib, 1 : !layout.memdesc<1xi64, #bl>
  }
  scf.for %i = %c0 to %cSV step %c1 : i32 {
    %ib = layout.memdesc_index %bv[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %ib, 1 : !layout.memdesc<1xi64, #bl>
  }

  // Key blocks [0, hi): all ceil(n / BN), or, when causal, those left of
  // the end of the diagonal (2 (i + 1)); blocks below nfull need no mask.
  %nr = arith.addi %n, %cBN1 : i32
  %nblocks = arith.divsi %nr, %cBN : i32
  %pm1 = arith.addi %pm, %c1 : i32
  %diag = arith.muli %pm1, %cR : i32
  %cdiag = arith.minsi %nblocks, %diag : i32
  %is_causal = arith.cmpi ne, %causal, %c0 : i32
  %hi = arith.select %is_causal, %cdiag, %nblocks : i32
  %nfull0 = arith.divsi %n, %cBN : i32
  %first = arith.muli %pm, %cR : i32
  %cfull = arith.minsi %nfull0, %first : i32
  %nfull = arith.select %is_causal, %cfull, %nfull0 : i32

  // Prologue: Q, K_0 .. K_(SK-1), V_0 .. V_(SV-1); S_0 = Q K_0^T; then
  // K_SK into the slot S_0 read.
  %qr0 = arith.muli %pm, %c128 : i32
  %qr = arith.addi %qrow0, %qr0 : i32
  layout.barrier_expect %bq, 16384 : !layout.memdesc<1xi64, #bl>
  layout.async_tma_copy_global_to_local %dq[%qr, %c0] %sq, %bq
      : !layout.tensordesc<128x64xbf16, #sw>, !layout.memdesc<128x64xbf16, #sw>, !layout.memdesc<1xi64, #bl>
  scf.for %pb = %c0 to %cSK step %c1 : i32 {
    %khaspb = arith.cmpi slt, %pb, %hi : i32
    scf.if %khaspb {
      %ks = arith.remsi %pb, %cSK : i32
      %kb = layout.memdesc_index %bk[%ks] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %kbuf = layout.memdesc_index %sk[%ks] : !layout.memdesc<2x64x64xbf16, #sw> -> !layout.memdesc<64x64xbf16, #sw>
      %kr0 = arith.muli %pb, %cBN : i32
      %kr = arith.addi %krow0, %kr0 : i32
      layout.barrier_expect %kb, 8192 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dk[%kr, %c0] %kbuf, %kb
          : !layout.tensordesc<64x64xbf16, #sw>, !layout.memdesc<64x64xbf16, #sw>, !layout.memdesc<1xi64, #bl>
    }
  }
  scf.for %pb = %c0 to %cSV step %c1 : i32 {
    %vhaspb = arith.cmpi slt, %pb, %hi : i32
    scf.if %vhaspb {
      %vs = arith.remsi %pb, %cSV : i32
      %vb = layout.memdesc_index %bv[%vs] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %vbuf = layout.memdesc_index %sv[%vs] : !layout.memdesc<2x64x64xbf16, #sw> -> !layout.memdesc<64x64xbf16, #sw>
      %vr0 = arith.muli %pb, %cBN : i32
      %vr = arith.addi %vrow0, %vr0 : i32
      layout.barrier_expect %vb, 8192 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dv[%vr, %c0] %vbuf, %vb
          : !layout.tensordesc<64x64xbf16, #sw>, !layout.memdesc<64x64xbf16, #sw>, !layout.memdesc<1xi64, #bl>
    }
  }
  layout.wait_barrier %bq, %c0 : !layout.memdesc<1xi64, #bl>
  %bk0 = layout.memdesc_index %bk[%c0] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
  layout.wait_barrier %bk0, %c0 : !layout.memdesc<1xi64, #bl>
  %sk0 = layout.memdesc_index %sk[%c0] : !layout.memdesc<2x64x64xbf16, #sw> -> !layout.memdesc<64x64xbf16, #sw>
  %skt0 = layout.memdesc_trans %sk0 {order = array<i32: 1, 0>} : !layout.memdesc<64x64xbf16, #sw> -> !layout.memdesc<64x64xbf16, #swT>
  %zs = arith.constant dense<0.0> : tensor<128x64xf32, #mmaS_tma_bf16_64>
  %qk0 = tile.dot %sq, %skt0, %zs : !layout.memdesc<128x64xbf16, #sw>, !layout.memdesc<64x64xbf16, #swT> -> tensor<128x64xf32, #mmaS_tma_bf16_64>
  layout.barrier
  %khascSK = arith.cmpi slt, %cSK, %hi : i32
  scf.if %khascSK {
    %ks = arith.remsi %cSK, %cSK : i32
    %kb = layout.memdesc_index %bk[%ks] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    %kbuf = layout.memdesc_index %sk[%ks] : !layout.memdesc<2x64x64xbf16, #sw> -> !layout.memdesc<64x64xbf16, #sw>
    %kr0 = arith.muli %cSK, %cBN : i32
    %kr = arith.addi %krow0, %kr0 : i32
    layout.barrier_expect %kb, 8192 : !layout.memdesc<1xi64, #bl>
    layout.async_tma_copy_global_to_local %dk[%kr, %c0] %kbuf, %kb
        : !layout.tensordesc<64x64xbf16, #sw>, !layout.memdesc<64x64xbf16, #sw>, !layout.memdesc<1xi64, #bl>
  }

  // Scores are scaled by sm_scale * log2(e), so that exp2 gives exp.
  %log2e = arith.constant 1.44269504 : f32
  %qk_scale = arith.mulf %sm_scale, %log2e : f32
  %scale = tile.splat %qk_scale : f32 -> tensor<128x64xf32, #mmaS_tma_bf16_64>
  %scale_r = tile.splat %qk_scale : f32 -> tensor<128xf32, #rowS_tma_bf16_64>
  // Row and column indices of the score block, for the mask.
  %rowi = tile.arange 0, 128 : tensor<128xi32, #rowS_tma_bf16_64>
  %row0v = tile.splat %qr0 : i32 -> tensor<128xi32, #rowS_tma_bf16_64>
  %rows1 = arith.addi %rowi, %row0v : tensor<128xi32, #rowS_tma_bf16_64>
  %rows2 = tile.expand_dims %rows1 {axis = 1 : i32} : tensor<128xi32, #rowS_tma_bf16_64> -> tensor<128x1xi32, #mmaS_tma_bf16_64>
  %rows = tile.broadcast %rows2 : tensor<128x1xi32, #mmaS_tma_bf16_64> -> tensor<128x64xi32, #mmaS_tma_bf16_64>
  %coli = tile.arange 0, 64 : tensor<64xi32, #colS_tma_bf16_64>
  %nv = tile.splat %n : i32 -> tensor<128x64xi32, #mmaS_tma_bf16_64>
  %notcausal = arith.cmpi eq, %causal, %c0 : i32
  %notcausalv = tile.splat %notcausal : i1 -> tensor<128x64xi1, #mmaS_tma_bf16_64>
  %ninf = arith.constant dense<0xFF800000> : tensor<128x64xf32, #mmaS_tma_bf16_64>
  %zo = arith.constant dense<0.0> : tensor<128x64xf32, #mmaO_tma_bf16_64>
  %m0 = arith.constant dense<0xFF800000> : tensor<128xf32, #rowS_tma_bf16_64>
  %l0 = arith.constant dense<0.0> : tensor<128xf32, #rowS_tma_bf16_64>

  // Block 0's softmax (masked: it may be the diagonal or the last block).
  // The mask: columns past n, and right of the diagonal when causal.
  %col0_p0 = arith.muli %c0, %cBN : i32
  %col0v_p0 = tile.splat %col0_p0 : i32 -> tensor<64xi32, #colS_tma_bf16_64>
  %cols1_p0 = arith.addi %coli, %col0v_p0 : tensor<64xi32, #colS_tma_bf16_64>
  %cols2_p0 = tile.expand_dims %cols1_p0 {axis = 0 : i32} : tensor<64xi32, #colS_tma_bf16_64> -> tensor<1x64xi32, #mmaS_tma_bf16_64>
  %cols_p0 = tile.broadcast %cols2_p0 : tensor<1x64xi32, #mmaS_tma_bf16_64> -> tensor<128x64xi32, #mmaS_tma_bf16_64>
  %inseq_p0 = arith.cmpi slt, %cols_p0, %nv : tensor<128x64xi32, #mmaS_tma_bf16_64>
  %below_p0 = arith.cmpi sle, %cols_p0, %rows : tensor<128x64xi32, #mmaS_tma_bf16_64>
  %causal_ok_p0 = arith.ori %below_p0, %notcausalv : tensor<128x64xi1, #mmaS_tma_bf16_64>
  %keep_p0 = arith.andi %inseq_p0, %causal_ok_p0 : tensor<128x64xi1, #mmaS_tma_bf16_64>
  %s_p0 = arith.select %keep_p0, %qk0, %ninf : tensor<128x64xi1, #mmaS_tma_bf16_64>, tensor<128x64xf32, #mmaS_tma_bf16_64>
  // Online softmax in units of the scaled scores (block 0 always has a
  // kept column, so m' is finite from the first block on).
  %mx_p0 = tile.reduce max %s_p0 {axis = 1 : i32} : tensor<128x64xf32, #mmaS_tma_bf16_64> -> tensor<128xf32, #rowS_tma_bf16_64>
  %mxs_p0 = arith.mulf %mx_p0, %scale_r : tensor<128xf32, #rowS_tma_bf16_64>
  %m_p0 = arith.maximumf %m0, %mxs_p0 : tensor<128xf32, #rowS_tma_bf16_64>
  %negm_p0 = arith.negf %m_p0 : tensor<128xf32, #rowS_tma_bf16_64>
  %mb2_p0 = tile.expand_dims %negm_p0 {axis = 1 : i32} : tensor<128xf32, #rowS_tma_bf16_64> -> tensor<128x1xf32, #mmaS_tma_bf16_64>
  %mb_p0 = tile.broadcast %mb2_p0 : tensor<128x1xf32, #mmaS_tma_bf16_64> -> tensor<128x64xf32, #mmaS_tma_bf16_64>
  %sd_p0 = math.fma %s_p0, %scale, %mb_p0 : tensor<128x64xf32, #mmaS_tma_bf16_64>
  %p_p0 = math.exp2 %sd_p0 fastmath<afn> : tensor<128x64xf32, #mmaS_tma_bf16_64>
  %md_p0 = arith.subf %m0, %m_p0 : tensor<128xf32, #rowS_tma_bf16_64>
  %alpha_p0 = math.exp2 %md_p0 fastmath<afn> : tensor<128xf32, #rowS_tma_bf16_64>
  %ps_p0 = tile.reduce sum %p_p0 {axis = 1 : i32} : tensor<128x64xf32, #mmaS_tma_bf16_64> -> tensor<128xf32, #rowS_tma_bf16_64>
  %la_p0 = arith.mulf %l0, %alpha_p0 : tensor<128xf32, #rowS_tma_bf16_64>
  %l_p0 = arith.addf %la_p0, %ps_p0 : tensor<128xf32, #rowS_tma_bf16_64>
  %pt_p0 = arith.truncf %p_p0 : tensor<128x64xf32, #mmaS_tma_bf16_64> to tensor<128x64xbf16, #mmaS_tma_bf16_64>
  %pa_p0 = layout.convert %pt_p0 : tensor<128x64xbf16, #mmaS_tma_bf16_64> -> tensor<128x64xbf16, #opP_tma_bf16_64>
  // Iteration j computes P_j V_j and the softmax of block j + 1, for
  // j + 1 < hi. Blocks 1 .. nfull - 1 need no mask, nfull .. hi - 1 do.
  %hi1 = arith.subi %hi, %c1 : i32
  %nfull1 = arith.subi %nfull, %c1 : i32
  %mid0 = arith.maxsi %nfull1, %c0 : i32
  %mid = arith.minsi %mid0, %hi1 : i32
  %full:5 = scf.for %j = %c0 to %mid step %c1
      iter_args(%acc_i = %zo, %m_i = %m_p0, %l_i = %l_p0, %alpha_i = %alpha_p0, %pa_i = %pa_p0)
      -> (tensor<128x64xf32, #mmaO_tma_bf16_64>, tensor<128xf32, #rowS_tma_bf16_64>, tensor<128xf32, #rowS_tma_bf16_64>, tensor<128xf32, #rowS_tma_bf16_64>, tensor<128x64xbf16, #opP_tma_bf16_64>) : i32 {
    // 1. S_(j+1) = Q K_(j+1)^T, asynchronous.
    %j1 = arith.addi %j, %c1 : i32
    %kwsj1 = arith.remsi %j1, %cSK : i32
    %kwrj1 = arith.divsi %j1, %cSK : i32
    %kwpj1 = arith.andi %kwrj1, %c1 : i32
    %kwbj1 = layout.memdesc_index %bk[%kwsj1] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.wait_barrier %kwbj1, %kwpj1 : !layout.memdesc<1xi64, #bl>
    %ks1 = arith.remsi %j1, %cSK : i32
    %sknx = layout.memdesc_index %sk[%ks1] : !layout.memdesc<2x64x64xbf16, #sw> -> !layout.memdesc<64x64xbf16, #sw>
    %sktn = layout.memdesc_trans %sknx {order = array<i32: 1, 0>} : !layout.memdesc<64x64xbf16, #sw> -> !layout.memdesc<64x64xbf16, #swT>
    %qk_next = tile.dot %sq, %sktn, %zs async : !layout.memdesc<128x64xbf16, #sw>, !layout.memdesc<64x64xbf16, #swT> -> tensor<128x64xf32, #mmaS_tma_bf16_64>
    // 2. O = O alpha_j + P_j V_j, asynchronous (P from registers).
    %alphao_j = layout.convert %alpha_i : tensor<128xf32, #rowS_tma_bf16_64> -> tensor<128xf32, #rowO_tma_bf16_64>
    %ab2_j = tile.expand_dims %alphao_j {axis = 1 : i32} : tensor<128xf32, #rowO_tma_bf16_64> -> tensor<128x1xf32, #mmaO_tma_bf16_64>
    %ab_j = tile.broadcast %ab2_j : tensor<128x1xf32, #mmaO_tma_bf16_64> -> tensor<128x64xf32, #mmaO_tma_bf16_64>
    %accs_j = arith.mulf %acc_i, %ab_j : tensor<128x64xf32, #mmaO_tma_bf16_64>
    %vwsj = arith.remsi %j, %cSV : i32
    %vwrj = arith.divsi %j, %cSV : i32
    %vwpj = arith.andi %vwrj, %c1 : i32
    %vwbj = layout.memdesc_index %bv[%vwsj] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.wait_barrier %vwbj, %vwpj : !layout.memdesc<1xi64, #bl>
    %vslj = arith.remsi %j, %cSV : i32
    %svcj = layout.memdesc_index %sv[%vslj] : !layout.memdesc<2x64x64xbf16, #sw> -> !layout.memdesc<64x64xbf16, #sw>
    %acc_j = tile.dot %pa_i, %svcj, %accs_j async : tensor<128x64xbf16, #opP_tma_bf16_64>, !layout.memdesc<64x64xbf16, #sw> -> tensor<128x64xf32, #mmaO_tma_bf16_64>
    // 3. S_(j+1) done (P_j V_j may still run): its softmax overlaps P_j V_j.
    %qk = tile.dot_wait %qk_next {pendings = 1 : i32} : tensor<128x64xf32, #mmaS_tma_bf16_64>
    // Online softmax in units of the scaled scores (block 0 always has a
    // kept column, so m' is finite from the first block on).
    %mx_n = tile.reduce max %qk {axis = 1 : i32} : tensor<128x64xf32, #mmaS_tma_bf16_64> -> tensor<128xf32, #rowS_tma_bf16_64>
    %mxs_n = arith.mulf %mx_n, %scale_r : tensor<128xf32, #rowS_tma_bf16_64>
    %m_n = arith.maximumf %m_i, %mxs_n : tensor<128xf32, #rowS_tma_bf16_64>
    %negm_n = arith.negf %m_n : tensor<128xf32, #rowS_tma_bf16_64>
    %mb2_n = tile.expand_dims %negm_n {axis = 1 : i32} : tensor<128xf32, #rowS_tma_bf16_64> -> tensor<128x1xf32, #mmaS_tma_bf16_64>
    %mb_n = tile.broadcast %mb2_n : tensor<128x1xf32, #mmaS_tma_bf16_64> -> tensor<128x64xf32, #mmaS_tma_bf16_64>
    %sd_n = math.fma %qk, %scale, %mb_n : tensor<128x64xf32, #mmaS_tma_bf16_64>
    %p_n = math.exp2 %sd_n fastmath<afn> : tensor<128x64xf32, #mmaS_tma_bf16_64>
    %md_n = arith.subf %m_i, %m_n : tensor<128xf32, #rowS_tma_bf16_64>
    %alpha_n = math.exp2 %md_n fastmath<afn> : tensor<128xf32, #rowS_tma_bf16_64>
    %ps_n = tile.reduce sum %p_n {axis = 1 : i32} : tensor<128x64xf32, #mmaS_tma_bf16_64> -> tensor<128xf32, #rowS_tma_bf16_64>
    %la_n = arith.mulf %l_i, %alpha_n : tensor<128xf32, #rowS_tma_bf16_64>
    %l_n = arith.addf %la_n, %ps_n : tensor<128xf32, #rowS_tma_bf16_64>
    %pt_n = arith.truncf %p_n : tensor<128x64xf32, #mmaS_tma_bf16_64> to tensor<128x64xbf16, #mmaS_tma_bf16_64>
    %pa_n = layout.convert %pt_n : tensor<128x64xbf16, #mmaS_tma_bf16_64> -> tensor<128x64xbf16, #opP_tma_bf16_64>
    // 4. P_j V_j done; after the CTA barrier no warpgroup reads K_(j+1)'s or
    // V_j's slot: one thread refills them with K_(j+1+SK) and V_(j+SV).
    %acc_n = tile.dot_wait %acc_j {pendings = 0 : i32} : tensor<128x64xf32, #mmaO_tma_bf16_64>
    layout.barrier
    %jk = arith.addi %j1, %cSK : i32
    %khasjk = arith.cmpi slt, %jk, %hi : i32
    scf.if %khasjk {
      %ks = arith.remsi %jk, %cSK : i32
      %kb = layout.memdesc_index %bk[%ks] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %kbuf = layout.memdesc_index %sk[%ks] : !layout.memdesc<2x64x64xbf16, #sw> -> !layout.memdesc<64x64xbf16, #sw>
      %kr0 = arith.muli %jk, %cBN : i32
      %kr = arith.addi %krow0, %kr0 : i32
      layout.barrier_expect %kb, 8192 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dk[%kr, %c0] %kbuf, %kb
          : !layout.tensordesc<64x64xbf16, #sw>, !layout.memdesc<64x64xbf16, #sw>, !layout.memdesc<1xi64, #bl>
    }
    %jv = arith.addi %j, %cSV : i32
    %vhasjv = arith.cmpi slt, %jv, %hi : i32
    scf.if %vhasjv {
      %vs = arith.remsi %jv, %cSV : i32
      %vb = layout.memdesc_index %bv[%vs] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %vbuf = layout.memdesc_index %sv[%vs] : !layout.memdesc<2x64x64xbf16, #sw> -> !layout.memdesc<64x64xbf16, #sw>
      %vr0 = arith.muli %jv, %cBN : i32
      %vr = arith.addi %vrow0, %vr0 : i32
      layout.barrier_expect %vb, 8192 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dv[%vr, %c0] %vbuf, %vb
          : !layout.tensordesc<64x64xbf16, #sw>, !layout.memdesc<64x64xbf16, #sw>, !layout.memdesc<1xi64, #bl>
    }
    scf.yield %acc_n, %m_n, %l_n, %alpha_n, %pa_n : tensor<128x64xf32, #mmaO_tma_bf16_64>, tensor<128xf32, #rowS_tma_bf16_64>, tensor<128xf32, #rowS_tma_bf16_64>, tensor<128xf32, #rowS_tma_bf16_64>, tensor<128x64xbf16, #opP_tma_bf16_64>
  }
  %part:5 = scf.for %j = %mid to %hi1 step %c1
      iter_args(%acc_i = %full#0, %m_i = %full#1, %l_i = %full#2, %alpha_i = %full#3, %pa_i = %full#4)
      -> (tensor<128x64xf32, #mmaO_tma_bf16_64>, tensor<128xf32, #rowS_tma_bf16_64>, tensor<128xf32, #rowS_tma_bf16_64>, tensor<128xf32, #rowS_tma_bf16_64>, tensor<128x64xbf16, #opP_tma_bf16_64>) : i32 {
    // 1. S_(j+1) = Q K_(j+1)^T, asynchronous.
    %j1 = arith.addi %j, %c1 : i32
    %kwsj1 = arith.remsi %j1, %cSK : i32
    %kwrj1 = arith.divsi %j1, %cSK : i32
    %kwpj1 = arith.andi %kwrj1, %c1 : i32
    %kwbj1 = layout.memdesc_index %bk[%kwsj1] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.wait_barrier %kwbj1, %kwpj1 : !layout.memdesc<1xi64, #bl>
    %ks1 = arith.remsi %j1, %cSK : i32
    %sknx = layout.memdesc_index %sk[%ks1] : !layout.memdesc<2x64x64xbf16, #sw> -> !layout.memdesc<64x64xbf16, #sw>
    %sktn = layout.memdesc_trans %sknx {order = array<i32: 1, 0>} : !layout.memdesc<64x64xbf16, #sw> -> !layout.memdesc<64x64xbf16, #swT>
    %qk_next = tile.dot %sq, %sktn, %zs async : !layout.memdesc<128x64xbf16, #sw>, !layout.memdesc<64x64xbf16, #swT> -> tensor<128x64xf32, #mmaS_tma_bf16_64>
    // 2. O = O alpha_j + P_j V_j, asynchronous (P from registers).
    %alphao_j = layout.convert %alpha_i : tensor<128xf32, #rowS_tma_bf16_64> -> tensor<128xf32, #rowO_tma_bf16_64>
    %ab2_j = tile.expand_dims %alphao_j {axis = 1 : i32} : tensor<128xf32, #rowO_tma_bf16_64> -> tensor<128x1xf32, #mmaO_tma_bf16_64>
    %ab_j = tile.broadcast %ab2_j : tensor<128x1xf32, #mmaO_tma_bf16_64> -> tensor<128x64xf32, #mmaO_tma_bf16_64>
    %accs_j = arith.mulf %acc_i, %ab_j : tensor<128x64xf32, #mmaO_tma_bf16_64>
    %vwsj = arith.remsi %j, %cSV : i32
    %vwrj = arith.divsi %j, %cSV : i32
    %vwpj = arith.andi %vwrj, %c1 : i32
    %vwbj = layout.memdesc_index %bv[%vwsj] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.wait_barrier %vwbj, %vwpj : !layout.memdesc<1xi64, #bl>
    %vslj = arith.remsi %j, %cSV : i32
    %svcj = layout.memdesc_index %sv[%vslj] : !layout.memdesc<2x64x64xbf16, #sw> -> !layout.memdesc<64x64xbf16, #sw>
    %acc_j = tile.dot %pa_i, %svcj, %accs_j async : tensor<128x64xbf16, #opP_tma_bf16_64>, !layout.memdesc<64x64xbf16, #sw> -> tensor<128x64xf32, #mmaO_tma_bf16_64>
    // 3. S_(j+1) done (P_j V_j may still run): its softmax overlaps P_j V_j.
    %qk = tile.dot_wait %qk_next {pendings = 1 : i32} : tensor<128x64xf32, #mmaS_tma_bf16_64>
    // The mask: columns past n, and right of the diagonal when causal.
    %col0_n = arith.muli %j1, %cBN : i32
    %col0v_n = tile.splat %col0_n : i32 -> tensor<64xi32, #colS_tma_bf16_64>
    %cols1_n = arith.addi %coli, %col0v_n : tensor<64xi32, #colS_tma_bf16_64>
    %cols2_n = tile.expand_dims %cols1_n {axis = 0 : i32} : tensor<64xi32, #colS_tma_bf16_64> -> tensor<1x64xi32, #mmaS_tma_bf16_64>
    %cols_n = tile.broadcast %cols2_n : tensor<1x64xi32, #mmaS_tma_bf16_64> -> tensor<128x64xi32, #mmaS_tma_bf16_64>
    %inseq_n = arith.cmpi slt, %cols_n, %nv : tensor<128x64xi32, #mmaS_tma_bf16_64>
    %below_n = arith.cmpi sle, %cols_n, %rows : tensor<128x64xi32, #mmaS_tma_bf16_64>
    %causal_ok_n = arith.ori %below_n, %notcausalv : tensor<128x64xi1, #mmaS_tma_bf16_64>
    %keep_n = arith.andi %inseq_n, %causal_ok_n : tensor<128x64xi1, #mmaS_tma_bf16_64>
    %s_n = arith.select %keep_n, %qk, %ninf : tensor<128x64xi1, #mmaS_tma_bf16_64>, tensor<128x64xf32, #mmaS_tma_bf16_64>
    // Online softmax in units of the scaled scores (block 0 always has a
    // kept column, so m' is finite from the first block on).
    %mx_n = tile.reduce max %s_n {axis = 1 : i32} : tensor<128x64xf32, #mmaS_tma_bf16_64> -> tensor<128xf32, #rowS_tma_bf16_64>
    %mxs_n = arith.mulf %mx_n, %scale_r : tensor<128xf32, #rowS_tma_bf16_64>
    %m_n = arith.maximumf %m_i, %mxs_n : tensor<128xf32, #rowS_tma_bf16_64>
    %negm_n = arith.negf %m_n : tensor<128xf32, #rowS_tma_bf16_64>
    %mb2_n = tile.expand_dims %negm_n {axis = 1 : i32} : tensor<128xf32, #rowS_tma_bf16_64> -> tensor<128x1xf32, #mmaS_tma_bf16_64>
    %mb_n = tile.broadcast %mb2_n : tensor<128x1xf32, #mmaS_tma_bf16_64> -> tensor<128x64xf32, #mmaS_tma_bf16_64>
    %sd_n = math.fma %s_n, %scale, %mb_n : tensor<128x64xf32, #mmaS_tma_bf16_64>
    %p_n = math.exp2 %sd_n fastmath<afn> : tensor<128x64xf32, #mmaS_tma_bf16_64>
    %md_n = arith.subf %m_i, %m_n : tensor<128xf32, #rowS_tma_bf16_64>
    %alpha_n = math.exp2 %md_n fastmath<afn> : tensor<128xf32, #rowS_tma_bf16_64>
    %ps_n = tile.reduce sum %p_n {axis = 1 : i32} : tensor<128x64xf32, #mmaS_tma_bf16_64> -> tensor<128xf32, #rowS_tma_bf16_64>
    %la_n = arith.mulf %l_i, %alpha_n : tensor<128xf32, #rowS_tma_bf16_64>
    %l_n = arith.addf %la_n, %ps_n : tensor<128xf32, #rowS_tma_bf16_64>
    %pt_n = arith.truncf %p_n : tensor<128x64xf32, #mmaS_tma_bf16_64> to tensor<128x64xbf16, #mmaS_tma_bf16_64>
    %pa_n = layout.convert %pt_n : tensor<128x64xbf16, #mmaS_tma_bf16_64> -> tensor<128x64xbf16, #opP_tma_bf16_64>
    // 4. P_j V_j done; after the CTA barrier no warpgroup reads K_(j+1)'s or
    // V_j's slot: one thread refills them with K_(j+1+SK) and V_(j+SV).
    %acc_n = tile.dot_wait %acc_j {pendings = 0 : i32} : tensor<128x64xf32, #mmaO_tma_bf16_64>
    layout.barrier
    %jk = arith.addi %j1, %cSK : i32
    %khasjk = arith.cmpi slt, %jk, %hi : i32
    scf.if %khasjk {
      %ks = arith.remsi %jk, %cSK : i32
      %kb = layout.memdesc_index %bk[%ks] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %kbuf = layout.memdesc_index %sk[%ks] : !layout.memdesc<2x64x64xbf16, #sw> -> !layout.memdesc<64x64xbf16, #sw>
      %kr0 = arith.muli %jk, %cBN : i32
      %kr = arith.addi %krow0, %kr0 : i32
      layout.barrier_expect %kb, 8192 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dk[%kr, %c0] %kbuf, %kb
          : !layout.tensordesc<64x64xbf16, #sw>, !layout.memdesc<64x64xbf16, #sw>, !layout.memdesc<1xi64, #bl>
    }
    %jv = arith.addi %j, %cSV : i32
    %vhasjv = arith.cmpi slt, %jv, %hi : i32
    scf.if %vhasjv {
      %vs = arith.remsi %jv, %cSV : i32
      %vb = layout.memdesc_index %bv[%vs] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %vbuf = layout.memdesc_index %sv[%vs] : !layout.memdesc<2x64x64xbf16, #sw> -> !layout.memdesc<64x64xbf16, #sw>
      %vr0 = arith.muli %jv, %cBN : i32
      %vr = arith.addi %vrow0, %vr0 : i32
      layout.barrier_expect %vb, 8192 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dv[%vr, %c0] %vbuf, %vb
          : !layout.tensordesc<64x64xbf16, #sw>, !layout.memdesc<64x64xbf16, #sw>, !layout.memdesc<1xi64, #bl>
    }
    scf.yield %acc_n, %m_n, %l_n, %alpha_n, %pa_n : tensor<128x64xf32, #mmaO_tma_bf16_64>, tensor<128xf32, #rowS_tma_bf16_64>, tensor<128xf32, #rowS_tma_bf16_64>, tensor<128xf32, #rowS_tma_bf16_64>, tensor<128x64xbf16, #opP_tma_bf16_64>
  }
  // The last block's P V, then O / l.
  %alphao_last = layout.convert %part#3 : tensor<128xf32, #rowS_tma_bf16_64> -> tensor<128xf32, #rowO_tma_bf16_64>
  %ab2_last = tile.expand_dims %alphao_last {axis = 1 : i32} : tensor<128xf32, #rowO_tma_bf16_64> -> tensor<128x1xf32, #mmaO_tma_bf16_64>
  %ab_last = tile.broadcast %ab2_last : tensor<128x1xf32, #mmaO_tma_bf16_64> -> tensor<128x64xf32, #mmaO_tma_bf16_64>
  %accs_last = arith.mulf %part#0, %ab_last : tensor<128x64xf32, #mmaO_tma_bf16_64>
  %vwshi1 = arith.remsi %hi1, %cSV : i32
  %vwrhi1 = arith.divsi %hi1, %cSV : i32
  %vwphi1 = arith.andi %vwrhi1, %c1 : i32
  %vwbhi1 = layout.memdesc_index %bv[%vwshi1] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
  layout.wait_barrier %vwbhi1, %vwphi1 : !layout.memdesc<1xi64, #bl>
  %vslhi1 = arith.remsi %hi1, %cSV : i32
  %svchi1 = layout.memdesc_index %sv[%vslhi1] : !layout.memdesc<2x64x64xbf16, #sw> -> !layout.memdesc<64x64xbf16, #sw>
  %acc_last = tile.dot %part#4, %svchi1, %accs_last async : tensor<128x64xbf16, #opP_tma_bf16_64>, !layout.memdesc<64x64xbf16, #sw> -> tensor<128x64xf32, #mmaO_tma_bf16_64>
  %acc = tile.dot_wait %acc_last {pendings = 0 : i32} : tensor<128x64xf32, #mmaO_tma_bf16_64>
  %lo = layout.convert %part#2 : tensor<128xf32, #rowS_tma_bf16_64> -> tensor<128xf32, #rowO_tma_bf16_64>
  %lb2 = tile.expand_dims %lo {axis = 1 : i32} : tensor<128xf32, #rowO_tma_bf16_64> -> tensor<128x1xf32, #mmaO_tma_bf16_64>
  %lb = tile.broadcast %lb2 : tensor<128x1xf32, #mmaO_tma_bf16_64> -> tensor<128x64xf32, #mmaO_tma_bf16_64>
  %out = arith.divf %acc, %lb : tensor<128x64xf32, #mmaO_tma_bf16_64>
  %outt = arith.truncf %out : tensor<128x64xf32, #mmaO_tma_bf16_64> to tensor<128x64xbf16, #mmaO_tma_bf16_64>
  tile.store_tile %outt, %vo[%pm, %c0] : tensor<128x64xbf16, #mmaO_tma_bf16_64>, !tile.view<?x64xbf16>
  tile.return
}

#mmaS_tma_bf16_128 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]>
#mmaO_tma_bf16_128 = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]>
#opP_tma_bf16_128 = #layout.dot_operand<opIdx = 0, parent = #mmaO_tma_bf16_128, kWidth = 2>
#rowS_tma_bf16_128 = #layout.slice<dim = 1, parent = #mmaS_tma_bf16_128>
#colS_tma_bf16_128 = #layout.slice<dim = 0, parent = #mmaS_tma_bf16_128>
#rowO_tma_bf16_128 = #layout.slice<dim = 1, parent = #mmaO_tma_bf16_128>

tile.kernel @attention_tma_bf16_d128(
    %q: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %k: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %v: !tile.ptr<bf16> {tile.divisibility = 16 : i64}, %o: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
    %sm_scale: f32, %n: i32, %heads: i32, %causal: i32,
    %sqb: i32 {tile.divisibility = 8 : i64}, %sqh: i32 {tile.divisibility = 8 : i64}, %sqn: i32 {tile.divisibility = 8 : i64},
    %skb: i32 {tile.divisibility = 8 : i64}, %skh: i32 {tile.divisibility = 8 : i64}, %skn: i32 {tile.divisibility = 8 : i64},
    %svb: i32 {tile.divisibility = 8 : i64}, %svh: i32 {tile.divisibility = 8 : i64}, %svn: i32 {tile.divisibility = 8 : i64},
    %sob: i32 {tile.divisibility = 8 : i64}, %soh: i32 {tile.divisibility = 8 : i64}, %son: i32 {tile.divisibility = 8 : i64},
    %rq: i32, %rk: i32, %rv: i32) attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %bh = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %cSK = arith.constant 2 : i32
  %cSV = arith.constant 2 : i32
  %cBN = arith.constant 128 : i32
  %cBN1 = arith.constant 127 : i32
  %cR = arith.constant 1 : i32
  %c128 = arith.constant 128 : i32
  %b = arith.divsi %bh, %heads : i32
  %h = arith.remsi %bh, %heads : i32
  // q, k, v as [rows, d] matrices (TMA), and the first row of this head in
  // each: b * (sb / sn) + h * (sh / sn).
  %fq = tile.make_view %q, shape [%rq, 128], strides [%sqn, 1]
        : !tile.ptr<bf16> -> !tile.view<?x128xbf16>
  %qbn = arith.divsi %sqb, %sqn : i32
  %qhn = arith.divsi %sqh, %sqn : i32
  %qrb = arith.muli %b, %qbn : i32
  %qrh = arith.muli %h, %qhn : i32
  %qrow0 = arith.addi %qrb, %qrh : i32
  %fk = tile.make_view %k, shape [%rk, 128], strides [%skn, 1]
        : !tile.ptr<bf16> -> !tile.view<?x128xbf16>
  %kbn = arith.divsi %skb, %skn : i32
  %khn = arith.divsi %skh, %skn : i32
  %krb = arith.muli %b, %kbn : i32
  %krh = arith.muli %h, %khn : i32
  %krow0 = arith.addi %krb, %krh : i32
  %fv = tile.make_view %v, shape [%rv, 128], strides [%svn, 1]
        : !tile.ptr<bf16> -> !tile.view<?x128xbf16>
  %vbn = arith.divsi %svb, %svn : i32
  %vhn = arith.divsi %svh, %svn : i32
  %vrb = arith.muli %b, %vbn : i32
  %vrh = arith.muli %h, %vhn : i32
  %vrow0 = arith.addi %vrb, %vrh : i32
  %dq = tile.make_tensor_desc %fq : !tile.view<?x128xbf16> -> !layout.tensordesc<128x128xbf16, #sw>
  %dk = tile.make_tensor_desc %fk : !tile.view<?x128xbf16> -> !layout.tensordesc<128x128xbf16, #sw>
  %dv = tile.make_tensor_desc %fv : !tile.view<?x128xbf16> -> !layout.tensordesc<128x128xbf16, #sw>
  // O: the [n, d] slice of this head, stored from registers (the store
  // drops rows past n).
  %b64 = arith.extsi %b : i32 to i64
  %h64 = arith.extsi %h : i32 to i64
  %osb = arith.extsi %sob : i32 to i64
  %osh = arith.extsi %soh : i32 to i64
  %oob = arith.muli %b64, %osb : i64
  %ooh = arith.muli %h64, %osh : i64
  %ooff = arith.addi %oob, %ooh : i64
  %op = tile.addptr %o, %ooff : !tile.ptr<bf16>, i64
  %vo = tile.make_view %op, shape [%n, 128], strides [%son, 1]
        : !tile.ptr<bf16> -> !tile.view<?x128xbf16>

  // Shared memory: Q, the K and V rings, one mbarrier per buffer slot.
  %sq = layout.local_alloc : !layout.memdesc<128x128xbf16, #sw>
  %sk = layout.local_alloc : !layout.memdesc<2x128x128xbf16, #sw>
  %sv = layout.local_alloc : !layout.memdesc<2x128x128xbf16, #sw>
  %bq = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  %bk = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  %bv = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  layout.init_barrier %bq, 1 : !layout.memdesc<1xi64, #bl>
  scf.for %i = %c0 to %cSK step %c1 : i32 {
    %ib = layout.memdesc_index %bk[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %ib, 1 : !layout.memdesc<1xi64, #bl>
  }
  scf.for %i = %c0 to %cSV step %c1 : i32 {
    %ib = layout.memdesc_index %bv[%i] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %ib, 1 : !layout.memdesc<1xi64, #bl>
  }

  // Key blocks [0, hi): all ceil(n / BN), or, when causal, those left of
  // the end of the diagonal (1 (i + 1)); blocks below nfull need no mask.
  %nr = arith.addi %n, %cBN1 : i32
  %nblocks = arith.divsi %nr, %cBN : i32
  %pm1 = arith.addi %pm, %c1 : i32
  %diag = arith.muli %pm1, %cR : i32
  %cdiag = arith.minsi %nblocks, %diag : i32
  %is_causal = arith.cmpi ne, %causal, %c0 : i32
  %hi = arith.select %is_causal, %cdiag, %nblocks : i32
  %nfull0 = arith.divsi %n, %cBN : i32
  %first = arith.muli %pm, %cR : i32
  %cfull = arith.minsi %nfull0, %first : i32
  %nfull = arith.select %is_causal, %cfull, %nfull0 : i32

  // Prologue: Q, K_0 .. K_(SK-1), V_0 .. V_(SV-1); S_0 = Q K_0^T; then
  // K_SK into the slot S_0 read.
  %qr0 = arith.muli %pm, %c128 : i32
  %qr = arith.addi %qrow0, %qr0 : i32
  layout.barrier_expect %bq, 32768 : !layout.memdesc<1xi64, #bl>
  layout.async_tma_copy_global_to_local %dq[%qr, %c0] %sq, %bq
      : !layout.tensordesc<128x128xbf16, #sw>, !layout.memdesc<128x128xbf16, #sw>, !layout.memdesc<1xi64, #bl>
  scf.for %pb = %c0 to %cSK step %c1 : i32 {
    %khaspb = arith.cmpi slt, %pb, %hi : i32
    scf.if %khaspb {
      %ks = arith.remsi %pb, %cSK : i32
      %kb = layout.memdesc_index %bk[%ks] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %kbuf = layout.memdesc_index %sk[%ks] : !layout.memdesc<2x128x128xbf16, #sw> -> !layout.memdesc<128x128xbf16, #sw>
      %kr0 = arith.muli %pb, %cBN : i32
      %kr = arith.addi %krow0, %kr0 : i32
      layout.barrier_expect %kb, 32768 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dk[%kr, %c0] %kbuf, %kb
          : !layout.tensordesc<128x128xbf16, #sw>, !layout.memdesc<128x128xbf16, #sw>, !layout.memdesc<1xi64, #bl>
    }
  }
  scf.for %pb = %c0 to %cSV step %c1 : i32 {
    %vhaspb = arith.cmpi slt, %pb, %hi : i32
    scf.if %vhaspb {
      %vs = arith.remsi %pb, %cSV : i32
      %vb = layout.memdesc_index %bv[%vs] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %vbuf = layout.memdesc_index %sv[%vs] : !layout.memdesc<2x128x128xbf16, #sw> -> !layout.memdesc<128x128xbf16, #sw>
      %vr0 = arith.muli %pb, %cBN : i32
      %vr = arith.addi %vrow0, %vr0 : i32
      layout.barrier_expect %vb, 32768 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dv[%vr, %c0] %vbuf, %vb
          : !layout.tensordesc<128x128xbf16, #sw>, !layout.memdesc<128x128xbf16, #sw>, !layout.memdesc<1xi64, #bl>
    }
  }
  layout.wait_barrier %bq, %c0 : !layout.memdesc<1xi64, #bl>
  %bk0 = layout.memdesc_index %bk[%c0] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
  layout.wait_barrier %bk0, %c0 : !layout.memdesc<1xi64, #bl>
  %sk0 = layout.memdesc_index %sk[%c0] : !layout.memdesc<2x128x128xbf16, #sw> -> !layout.memdesc<128x128xbf16, #sw>
  %skt0 = layout.memdesc_trans %sk0 {order = array<i32: 1, 0>} : !layout.memdesc<128x128xbf16, #sw> -> !layout.memdesc<128x128xbf16, #swT>
  %zs = arith.constant dense<0.0> : tensor<128x128xf32, #mmaS_tma_bf16_128>
  %qk0 = tile.dot %sq, %skt0, %zs : !layout.memdesc<128x128xbf16, #sw>, !layout.memdesc<128x128xbf16, #swT> -> tensor<128x128xf32, #mmaS_tma_bf16_128>
  layout.barrier
  %khascSK = arith.cmpi slt, %cSK, %hi : i32
  scf.if %khascSK {
    %ks = arith.remsi %cSK, %cSK : i32
    %kb = layout.memdesc_index %bk[%ks] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    %kbuf = layout.memdesc_index %sk[%ks] : !layout.memdesc<2x128x128xbf16, #sw> -> !layout.memdesc<128x128xbf16, #sw>
    %kr0 = arith.muli %cSK, %cBN : i32
    %kr = arith.addi %krow0, %kr0 : i32
    layout.barrier_expect %kb, 32768 : !layout.memdesc<1xi64, #bl>
    layout.async_tma_copy_global_to_local %dk[%kr, %c0] %kbuf, %kb
        : !layout.tensordesc<128x128xbf16, #sw>, !layout.memdesc<128x128xbf16, #sw>, !layout.memdesc<1xi64, #bl>
  }

  // Scores are scaled by sm_scale * log2(e), so that exp2 gives exp.
  %log2e = arith.constant 1.44269504 : f32
  %qk_scale = arith.mulf %sm_scale, %log2e : f32
  %scale = tile.splat %qk_scale : f32 -> tensor<128x128xf32, #mmaS_tma_bf16_128>
  %scale_r = tile.splat %qk_scale : f32 -> tensor<128xf32, #rowS_tma_bf16_128>
  // Row and column indices of the score block, for the mask.
  %rowi = tile.arange 0, 128 : tensor<128xi32, #rowS_tma_bf16_128>
  %row0v = tile.splat %qr0 : i32 -> tensor<128xi32, #rowS_tma_bf16_128>
  %rows1 = arith.addi %rowi, %row0v : tensor<128xi32, #rowS_tma_bf16_128>
  %rows2 = tile.expand_dims %rows1 {axis = 1 : i32} : tensor<128xi32, #rowS_tma_bf16_128> -> tensor<128x1xi32, #mmaS_tma_bf16_128>
  %rows = tile.broadcast %rows2 : tensor<128x1xi32, #mmaS_tma_bf16_128> -> tensor<128x128xi32, #mmaS_tma_bf16_128>
  %coli = tile.arange 0, 128 : tensor<128xi32, #colS_tma_bf16_128>
  %nv = tile.splat %n : i32 -> tensor<128x128xi32, #mmaS_tma_bf16_128>
  %notcausal = arith.cmpi eq, %causal, %c0 : i32
  %notcausalv = tile.splat %notcausal : i1 -> tensor<128x128xi1, #mmaS_tma_bf16_128>
  %ninf = arith.constant dense<0xFF800000> : tensor<128x128xf32, #mmaS_tma_bf16_128>
  %zo = arith.constant dense<0.0> : tensor<128x128xf32, #mmaO_tma_bf16_128>
  %m0 = arith.constant dense<0xFF800000> : tensor<128xf32, #rowS_tma_bf16_128>
  %l0 = arith.constant dense<0.0> : tensor<128xf32, #rowS_tma_bf16_128>

  // Block 0's softmax (masked: it may be the diagonal or the last block).
  // The mask: columns past n, and right of the diagonal when causal.
  %col0_p0 = arith.muli %c0, %cBN : i32
  %col0v_p0 = tile.splat %col0_p0 : i32 -> tensor<128xi32, #colS_tma_bf16_128>
  %cols1_p0 = arith.addi %coli, %col0v_p0 : tensor<128xi32, #colS_tma_bf16_128>
  %cols2_p0 = tile.expand_dims %cols1_p0 {axis = 0 : i32} : tensor<128xi32, #colS_tma_bf16_128> -> tensor<1x128xi32, #mmaS_tma_bf16_128>
  %cols_p0 = tile.broadcast %cols2_p0 : tensor<1x128xi32, #mmaS_tma_bf16_128> -> tensor<128x128xi32, #mmaS_tma_bf16_128>
  %inseq_p0 = arith.cmpi slt, %cols_p0, %nv : tensor<128x128xi32, #mmaS_tma_bf16_128>
  %below_p0 = arith.cmpi sle, %cols_p0, %rows : tensor<128x128xi32, #mmaS_tma_bf16_128>
  %causal_ok_p0 = arith.ori %below_p0, %notcausalv : tensor<128x128xi1, #mmaS_tma_bf16_128>
  %keep_p0 = arith.andi %inseq_p0, %causal_ok_p0 : tensor<128x128xi1, #mmaS_tma_bf16_128>
  %s_p0 = arith.select %keep_p0, %qk0, %ninf : tensor<128x128xi1, #mmaS_tma_bf16_128>, tensor<128x128xf32, #mmaS_tma_bf16_128>
  // Online softmax in units of the scaled scores (block 0 always has a
  // kept column, so m' is finite from the first block on).
  %mx_p0 = tile.reduce max %s_p0 {axis = 1 : i32} : tensor<128x128xf32, #mmaS_tma_bf16_128> -> tensor<128xf32, #rowS_tma_bf16_128>
  %mxs_p0 = arith.mulf %mx_p0, %scale_r : tensor<128xf32, #rowS_tma_bf16_128>
  %m_p0 = arith.maximumf %m0, %mxs_p0 : tensor<128xf32, #rowS_tma_bf16_128>
  %negm_p0 = arith.negf %m_p0 : tensor<128xf32, #rowS_tma_bf16_128>
  %mb2_p0 = tile.expand_dims %negm_p0 {axis = 1 : i32} : tensor<128xf32, #rowS_tma_bf16_128> -> tensor<128x1xf32, #mmaS_tma_bf16_128>
  %mb_p0 = tile.broadcast %mb2_p0 : tensor<128x1xf32, #mmaS_tma_bf16_128> -> tensor<128x128xf32, #mmaS_tma_bf16_128>
  %sd_p0 = math.fma %s_p0, %scale, %mb_p0 : tensor<128x128xf32, #mmaS_tma_bf16_128>
  %p_p0 = math.exp2 %sd_p0 fastmath<afn> : tensor<128x128xf32, #mmaS_tma_bf16_128>
  %md_p0 = arith.subf %m0, %m_p0 : tensor<128xf32, #rowS_tma_bf16_128>
  %alpha_p0 = math.exp2 %md_p0 fastmath<afn> : tensor<128xf32, #rowS_tma_bf16_128>
  %ps_p0 = tile.reduce sum %p_p0 {axis = 1 : i32} : tensor<128x128xf32, #mmaS_tma_bf16_128> -> tensor<128xf32, #rowS_tma_bf16_128>
  %la_p0 = arith.mulf %l0, %alpha_p0 : tensor<128xf32, #rowS_tma_bf16_128>
  %l_p0 = arith.addf %la_p0, %ps_p0 : tensor<128xf32, #rowS_tma_bf16_128>
  %pt_p0 = arith.truncf %p_p0 : tensor<128x128xf32, #mmaS_tma_bf16_128> to tensor<128x128xbf16, #mmaS_tma_bf16_128>
  %pa_p0 = layout.convert %pt_p0 : tensor<128x128xbf16, #mmaS_tma_bf16_128> -> tensor<128x128xbf16, #opP_tma_bf16_128>
  // Iteration j computes P_j V_j and the softmax of block j + 1, for
  // j + 1 < hi. Blocks 1 .. nfull - 1 need no mask, nfull .. hi - 1 do.
  %hi1 = arith.subi %hi, %c1 : i32
  %nfull1 = arith.subi %nfull, %c1 : i32
  %mid0 = arith.maxsi %nfull1, %c0 : i32
  %mid = arith.minsi %mid0, %hi1 : i32
  %full:5 = scf.for %j = %c0 to %mid step %c1
      iter_args(%acc_i = %zo, %m_i = %m_p0, %l_i = %l_p0, %alpha_i = %alpha_p0, %pa_i = %pa_p0)
      -> (tensor<128x128xf32, #mmaO_tma_bf16_128>, tensor<128xf32, #rowS_tma_bf16_128>, tensor<128xf32, #rowS_tma_bf16_128>, tensor<128xf32, #rowS_tma_bf16_128>, tensor<128x128xbf16, #opP_tma_bf16_128>) : i32 {
    // 1. S_(j+1) = Q K_(j+1)^T, asynchronous.
    %j1 = arith.addi %j, %c1 : i32
    %kwsj1 = arith.remsi %j1, %cSK : i32
    %kwrj1 = arith.divsi %j1, %cSK : i32
    %kwpj1 = arith.andi %kwrj1, %c1 : i32
    %kwbj1 = layout.memdesc_index %bk[%kwsj1] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.wait_barrier %kwbj1, %kwpj1 : !layout.memdesc<1xi64, #bl>
    %ks1 = arith.remsi %j1, %cSK : i32
    %sknx = layout.memdesc_index %sk[%ks1] : !layout.memdesc<2x128x128xbf16, #sw> -> !layout.memdesc<128x128xbf16, #sw>
    %sktn = layout.memdesc_trans %sknx {order = array<i32: 1, 0>} : !layout.memdesc<128x128xbf16, #sw> -> !layout.memdesc<128x128xbf16, #swT>
    %qk_next = tile.dot %sq, %sktn, %zs async : !layout.memdesc<128x128xbf16, #sw>, !layout.memdesc<128x128xbf16, #swT> -> tensor<128x128xf32, #mmaS_tma_bf16_128>
    // 2. O = O alpha_j + P_j V_j, asynchronous (P from registers).
    %alphao_j = layout.convert %alpha_i : tensor<128xf32, #rowS_tma_bf16_128> -> tensor<128xf32, #rowO_tma_bf16_128>
    %ab2_j = tile.expand_dims %alphao_j {axis = 1 : i32} : tensor<128xf32, #rowO_tma_bf16_128> -> tensor<128x1xf32, #mmaO_tma_bf16_128>
    %ab_j = tile.broadcast %ab2_j : tensor<128x1xf32, #mmaO_tma_bf16_128> -> tensor<128x128xf32, #mmaO_tma_bf16_128>
    %accs_j = arith.mulf %acc_i, %ab_j : tensor<128x128xf32, #mmaO_tma_bf16_128>
    %vwsj = arith.remsi %j, %cSV : i32
    %vwrj = arith.divsi %j, %cSV : i32
    %vwpj = arith.andi %vwrj, %c1 : i32
    %vwbj = layout.memdesc_index %bv[%vwsj] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.wait_barrier %vwbj, %vwpj : !layout.memdesc<1xi64, #bl>
    %vslj = arith.remsi %j, %cSV : i32
    %svcj = layout.memdesc_index %sv[%vslj] : !layout.memdesc<2x128x128xbf16, #sw> -> !layout.memdesc<128x128xbf16, #sw>
    %acc_j = tile.dot %pa_i, %svcj, %accs_j async : tensor<128x128xbf16, #opP_tma_bf16_128>, !layout.memdesc<128x128xbf16, #sw> -> tensor<128x128xf32, #mmaO_tma_bf16_128>
    // 3. S_(j+1) done (P_j V_j may still run): its softmax overlaps P_j V_j.
    %qk = tile.dot_wait %qk_next {pendings = 1 : i32} : tensor<128x128xf32, #mmaS_tma_bf16_128>
    // Online softmax in units of the scaled scores (block 0 always has a
    // kept column, so m' is finite from the first block on).
    %mx_n = tile.reduce max %qk {axis = 1 : i32} : tensor<128x128xf32, #mmaS_tma_bf16_128> -> tensor<128xf32, #rowS_tma_bf16_128>
    %mxs_n = arith.mulf %mx_n, %scale_r : tensor<128xf32, #rowS_tma_bf16_128>
    %m_n = arith.maximumf %m_i, %mxs_n : tensor<128xf32, #rowS_tma_bf16_128>
    %negm_n = arith.negf %m_n : tensor<128xf32, #rowS_tma_bf16_128>
    %mb2_n = tile.expand_dims %negm_n {axis = 1 : i32} : tensor<128xf32, #rowS_tma_bf16_128> -> tensor<128x1xf32, #mmaS_tma_bf16_128>
    %mb_n = tile.broadcast %mb2_n : tensor<128x1xf32, #mmaS_tma_bf16_128> -> tensor<128x128xf32, #mmaS_tma_bf16_128>
    %sd_n = math.fma %qk, %scale, %mb_n : tensor<128x128xf32, #mmaS_tma_bf16_128>
    %p_n = math.exp2 %sd_n fastmath<afn> : tensor<128x128xf32, #mmaS_tma_bf16_128>
    %md_n = arith.subf %m_i, %m_n : tensor<128xf32, #rowS_tma_bf16_128>
    %alpha_n = math.exp2 %md_n fastmath<afn> : tensor<128xf32, #rowS_tma_bf16_128>
    %ps_n = tile.reduce sum %p_n {axis = 1 : i32} : tensor<128x128xf32, #mmaS_tma_bf16_128> -> tensor<128xf32, #rowS_tma_bf16_128>
    %la_n = arith.mulf %l_i, %alpha_n : tensor<128xf32, #rowS_tma_bf16_128>
    %l_n = arith.addf %la_n, %ps_n : tensor<128xf32, #rowS_tma_bf16_128>
    %pt_n = arith.truncf %p_n : tensor<128x128xf32, #mmaS_tma_bf16_128> to tensor<128x128xbf16, #mmaS_tma_bf16_128>
    %pa_n = layout.convert %pt_n : tensor<128x128xbf16, #mmaS_tma_bf16_128> -> tensor<128x128xbf16, #opP_tma_bf16_128>
    // 4. P_j V_j done; after the CTA barrier no warpgroup reads K_(j+1)'s or
    // V_j's slot: one thread refills them with K_(j+1+SK) and V_(j+SV).
    %acc_n = tile.dot_wait %acc_j {pendings = 0 : i32} : tensor<128x128xf32, #mmaO_tma_bf16_128>
    layout.barrier
    %jk = arith.addi %j1, %cSK : i32
    %khasjk = arith.cmpi slt, %jk, %hi : i32
    scf.if %khasjk {
      %ks = arith.remsi %jk, %cSK : i32
      %kb = layout.memdesc_index %bk[%ks] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %kbuf = layout.memdesc_index %sk[%ks] : !layout.memdesc<2x128x128xbf16, #sw> -> !layout.memdesc<128x128xbf16, #sw>
      %kr0 = arith.muli %jk, %cBN : i32
      %kr = arith.addi %krow0, %kr0 : i32
      layout.barrier_expect %kb, 32768 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dk[%kr, %c0] %kbuf, %kb
          : !layout.tensordesc<128x128xbf16, #sw>, !layout.memdesc<128x128xbf16, #sw>, !layout.memdesc<1xi64, #bl>
    }
    %jv = arith.addi %j, %cSV : i32
    %vhasjv = arith.cmpi slt, %jv, %hi : i32
    scf.if %vhasjv {
      %vs = arith.remsi %jv, %cSV : i32
      %vb = layout.memdesc_index %bv[%vs] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %vbuf = layout.memdesc_index %sv[%vs] : !layout.memdesc<2x128x128xbf16, #sw> -> !layout.memdesc<128x128xbf16, #sw>
      %vr0 = arith.muli %jv, %cBN : i32
      %vr = arith.addi %vrow0, %vr0 : i32
      layout.barrier_expect %vb, 32768 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dv[%vr, %c0] %vbuf, %vb
          : !layout.tensordesc<128x128xbf16, #sw>, !layout.memdesc<128x128xbf16, #sw>, !layout.memdesc<1xi64, #bl>
    }
    scf.yield %acc_n, %m_n, %l_n, %alpha_n, %pa_n : tensor<128x128xf32, #mmaO_tma_bf16_128>, tensor<128xf32, #rowS_tma_bf16_128>, tensor<128xf32, #rowS_tma_bf16_128>, tensor<128xf32, #rowS_tma_bf16_128>, tensor<128x128xbf16, #opP_tma_bf16_128>
  }
  %part:5 = scf.for %j = %mid to %hi1 step %c1
      iter_args(%acc_i = %full#0, %m_i = %full#1, %l_i = %full#2, %alpha_i = %full#3, %pa_i = %full#4)
      -> (tensor<128x128xf32, #mmaO_tma_bf16_128>, tensor<128xf32, #rowS_tma_bf16_128>, tensor<128xf32, #rowS_tma_bf16_128>, tensor<128xf32, #rowS_tma_bf16_128>, tensor<128x128xbf16, #opP_tma_bf16_128>) : i32 {
    // 1. S_(j+1) = Q K_(j+1)^T, asynchronous.
    %j1 = arith.addi %j, %c1 : i32
    %kwsj1 = arith.remsi %j1, %cSK : i32
    %kwrj1 = arith.divsi %j1, %cSK : i32
    %kwpj1 = arith.andi %kwrj1, %c1 : i32
    %kwbj1 = layout.memdesc_index %bk[%kwsj1] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.wait_barrier %kwbj1, %kwpj1 : !layout.memdesc<1xi64, #bl>
    %ks1 = arith.remsi %j1, %cSK : i32
    %sknx = layout.memdesc_index %sk[%ks1] : !layout.memdesc<2x128x128xbf16, #sw> -> !layout.memdesc<128x128xbf16, #sw>
    %sktn = layout.memdesc_trans %sknx {order = array<i32: 1, 0>} : !layout.memdesc<128x128xbf16, #sw> -> !layout.memdesc<128x128xbf16, #swT>
    %qk_next = tile.dot %sq, %sktn, %zs async : !layout.memdesc<128x128xbf16, #sw>, !layout.memdesc<128x128xbf16, #swT> -> tensor<128x128xf32, #mmaS_tma_bf16_128>
    // 2. O = O alpha_j + P_j V_j, asynchronous (P from registers).
    %alphao_j = layout.convert %alpha_i : tensor<128xf32, #rowS_tma_bf16_128> -> tensor<128xf32, #rowO_tma_bf16_128>
    %ab2_j = tile.expand_dims %alphao_j {axis = 1 : i32} : tensor<128xf32, #rowO_tma_bf16_128> -> tensor<128x1xf32, #mmaO_tma_bf16_128>
    %ab_j = tile.broadcast %ab2_j : tensor<128x1xf32, #mmaO_tma_bf16_128> -> tensor<128x128xf32, #mmaO_tma_bf16_128>
    %accs_j = arith.mulf %acc_i, %ab_j : tensor<128x128xf32, #mmaO_tma_bf16_128>
    %vwsj = arith.remsi %j, %cSV : i32
    %vwrj = arith.divsi %j, %cSV : i32
    %vwpj = arith.andi %vwrj, %c1 : i32
    %vwbj = layout.memdesc_index %bv[%vwsj] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.wait_barrier %vwbj, %vwpj : !layout.memdesc<1xi64, #bl>
    %vslj = arith.remsi %j, %cSV : i32
    %svcj = layout.memdesc_index %sv[%vslj] : !layout.memdesc<2x128x128xbf16, #sw> -> !layout.memdesc<128x128xbf16, #sw>
    %acc_j = tile.dot %pa_i, %svcj, %accs_j async : tensor<128x128xbf16, #opP_tma_bf16_128>, !layout.memdesc<128x128xbf16, #sw> -> tensor<128x128xf32, #mmaO_tma_bf16_128>
    // 3. S_(j+1) done (P_j V_j may still run): its softmax overlaps P_j V_j.
    %qk = tile.dot_wait %qk_next {pendings = 1 : i32} : tensor<128x128xf32, #mmaS_tma_bf16_128>
    // The mask: columns past n, and right of the diagonal when causal.
    %col0_n = arith.muli %j1, %cBN : i32
    %col0v_n = tile.splat %col0_n : i32 -> tensor<128xi32, #colS_tma_bf16_128>
    %cols1_n = arith.addi %coli, %col0v_n : tensor<128xi32, #colS_tma_bf16_128>
    %cols2_n = tile.expand_dims %cols1_n {axis = 0 : i32} : tensor<128xi32, #colS_tma_bf16_128> -> tensor<1x128xi32, #mmaS_tma_bf16_128>
    %cols_n = tile.broadcast %cols2_n : tensor<1x128xi32, #mmaS_tma_bf16_128> -> tensor<128x128xi32, #mmaS_tma_bf16_128>
    %inseq_n = arith.cmpi slt, %cols_n, %nv : tensor<128x128xi32, #mmaS_tma_bf16_128>
    %below_n = arith.cmpi sle, %cols_n, %rows : tensor<128x128xi32, #mmaS_tma_bf16_128>
    %causal_ok_n = arith.ori %below_n, %notcausalv : tensor<128x128xi1, #mmaS_tma_bf16_128>
    %keep_n = arith.andi %inseq_n, %causal_ok_n : tensor<128x128xi1, #mmaS_tma_bf16_128>
    %s_n = arith.select %keep_n, %qk, %ninf : tensor<128x128xi1, #mmaS_tma_bf16_128>, tensor<128x128xf32, #mmaS_tma_bf16_128>
    // Online softmax in units of the scaled scores (block 0 always has a
    // kept column, so m' is finite from the first block on).
    %mx_n = tile.reduce max %s_n {axis = 1 : i32} : tensor<128x128xf32, #mmaS_tma_bf16_128> -> tensor<128xf32, #rowS_tma_bf16_128>
    %mxs_n = arith.mulf %mx_n, %scale_r : tensor<128xf32, #rowS_tma_bf16_128>
    %m_n = arith.maximumf %m_i, %mxs_n : tensor<128xf32, #rowS_tma_bf16_128>
    %negm_n = arith.negf %m_n : tensor<128xf32, #rowS_tma_bf16_128>
    %mb2_n = tile.expand_dims %negm_n {axis = 1 : i32} : tensor<128xf32, #rowS_tma_bf16_128> -> tensor<128x1xf32, #mmaS_tma_bf16_128>
    %mb_n = tile.broadcast %mb2_n : tensor<128x1xf32, #mmaS_tma_bf16_128> -> tensor<128x128xf32, #mmaS_tma_bf16_128>
    %sd_n = math.fma %s_n, %scale, %mb_n : tensor<128x128xf32, #mmaS_tma_bf16_128>
    %p_n = math.exp2 %sd_n fastmath<afn> : tensor<128x128xf32, #mmaS_tma_bf16_128>
    %md_n = arith.subf %m_i, %m_n : tensor<128xf32, #rowS_tma_bf16_128>
    %alpha_n = math.exp2 %md_n fastmath<afn> : tensor<128xf32, #rowS_tma_bf16_128>
    %ps_n = tile.reduce sum %p_n {axis = 1 : i32} : tensor<128x128xf32, #mmaS_tma_bf16_128> -> tensor<128xf32, #rowS_tma_bf16_128>
    %la_n = arith.mulf %l_i, %alpha_n : tensor<128xf32, #rowS_tma_bf16_128>
    %l_n = arith.addf %la_n, %ps_n : tensor<128xf32, #rowS_tma_bf16_128>
    %pt_n = arith.truncf %p_n : tensor<128x128xf32, #mmaS_tma_bf16_128> to tensor<128x128xbf16, #mmaS_tma_bf16_128>
    %pa_n = layout.convert %pt_n : tensor<128x128xbf16, #mmaS_tma_bf16_128> -> tensor<128x128xbf16, #opP_tma_bf16_128>
    // 4. P_j V_j done; after the CTA barrier no warpgroup reads K_(j+1)'s or
    // V_j's slot: one thread refills them with K_(j+1+SK) and V_(j+SV).
    %acc_n = tile.dot_wait %acc_j {pendings = 0 : i32} : tensor<128x128xf32, #mmaO_tma_bf16_128>
    layout.barrier
    %jk = arith.addi %j1, %cSK : i32
    %khasjk = arith.cmpi slt, %jk, %hi : i32
    scf.if %khasjk {
      %ks = arith.remsi %jk, %cSK : i32
      %kb = layout.memdesc_index %bk[%ks] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %kbuf = layout.memdesc_index %sk[%ks] : !layout.memdesc<2x128x128xbf16, #sw> -> !layout.memdesc<128x128xbf16, #sw>
      %kr0 = arith.muli %jk, %cBN : i32
      %kr = arith.addi %krow0, %kr0 : i32
      layout.barrier_expect %kb, 32768 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dk[%kr, %c0] %kbuf, %kb
          : !layout.tensordesc<128x128xbf16, #sw>, !layout.memdesc<128x128xbf16, #sw>, !layout.memdesc<1xi64, #bl>
    }
    %jv = arith.addi %j, %cSV : i32
    %vhasjv = arith.cmpi slt, %jv, %hi : i32
    scf.if %vhasjv {
      %vs = arith.remsi %jv, %cSV : i32
      %vb = layout.memdesc_index %bv[%vs] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %vbuf = layout.memdesc_index %sv[%vs] : !layout.memdesc<2x128x128xbf16, #sw> -> !layout.memdesc<128x128xbf16, #sw>
      %vr0 = arith.muli %jv, %cBN : i32
      %vr = arith.addi %vrow0, %vr0 : i32
      layout.barrier_expect %vb, 32768 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %dv[%vr, %c0] %vbuf, %vb
          : !layout.tensordesc<128x128xbf16, #sw>, !layout.memdesc<128x128xbf16, #sw>, !layout.memdesc<1xi64, #bl>
    }
    scf.yield %acc_n, %m_n, %l_n, %alpha_n, %pa_n : tensor<128x128xf32, #mmaO_tma_bf16_128>, tensor<128xf32, #rowS_tma_bf16_128>, tensor<128xf32, #rowS_tma_bf16_128>, tensor<128xf32, #rowS_tma_bf16_128>, tensor<128x128xbf16, #opP_tma_bf16_128>
  }
  // The last block's P V, then O / l.
  %alphao_last = layout.convert %part#3 : tensor<128xf32, #rowS_tma_bf16_128> -> tensor<128xf32, #rowO_tma_bf16_128>
  %ab2_last = tile.expand_dims %alphao_last {axis = 1 : i32} : tensor<128xf32, #rowO_tma_bf16_128> -> tensor<128x1xf32, #mmaO_tma_bf16_128>
  %ab_last = tile.broadcast %ab2_last : tensor<128x1xf32, #mmaO_tma_bf16_128> -> tensor<128x128xf32, #mmaO_tma_bf16_128>
  %accs_last = arith.mulf %part#0, %ab_last : tensor<128x128xf32, #mmaO_tma_bf16_128>
  %vwshi1 = arith.remsi %hi1, %cSV : i32
  %vwrhi1 = arith.divsi %hi1, %cSV : i32
  %vwphi1 = arith.andi %vwrhi1, %c1 : i32
  %vwbhi1 = layout.memdesc_index %bv[%vwshi1] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
  layout.wait_barrier %vwbhi1, %vwphi1 : !layout.memdesc<1xi64, #bl>
  %vslhi1 = arith.remsi %hi1, %cSV : i32
  %svchi1 = layout.memdesc_index %sv[%vslhi1] : !layout.memdesc<2x128x128xbf16, #sw> -> !layout.memdesc<128x128xbf16, #sw>
  %acc_last = tile.dot %part#4, %svchi1, %accs_last async : tensor<128x128xbf16, #opP_tma_bf16_128>, !layout.memdesc<128x128xbf16, #sw> -> tensor<128x128xf32, #mmaO_tma_bf16_128>
  %acc = tile.dot_wait %acc_last {pendings = 0 : i32} : tensor<128x128xf32, #mmaO_tma_bf16_128>
  %lo = layout.convert %part#2 : tensor<128xf32, #rowS_tma_bf16_128> -> tensor<128xf32, #rowO_tma_bf16_128>
  %lb2 = tile.expand_dims %lo {axis = 1 : i32} : tensor<128xf32, #rowO_tma_bf16_128> -> tensor<128x1xf32, #mmaO_tma_bf16_128>
  %lb = tile.broadcast %lb2 : tensor<128x1xf32, #mmaO_tma_bf16_128> -> tensor<128x128xf32, #mmaO_tma_bf16_128>
  %out = arith.divf %acc, %lb : tensor<128x128xf32, #mmaO_tma_bf16_128>
  %outt = arith.truncf %out : tensor<128x128xf32, #mmaO_tma_bf16_128> to tensor<128x128xbf16, #mmaO_tma_bf16_128>
  tile.store_tile %outt, %vo[%pm, %c0] : tensor<128x128xbf16, #mmaO_tma_bf16_128>, !tile.view<?x128xbf16>
  tile.return
}
