"""Writes the flash attention examples from one template, so that their
twelve kernels (f16/bf16 x d = 64/128, three variants) stay the same
algorithm:

    python3 utils/gen_attention.py hand   examples/attention.mlir
    python3 utils/gen_attention.py contig examples/attention_contig.mlir
    python3 utils/gen_attention.py auto   examples/auto/attention.mlir

test/tile-compile/attention-generated.test checks that the checked-in files
are what this script writes. docs/Attention.md walks through the kernel.
"""
import sys

HEADER_HAND = """// Flash attention forward (FA2-style online softmax) on Hopper tensor cores,
// every layout written: o = softmax(q k^T * sm_scale [+ causal mask]) v.
//
// q, k, v, o are [B, H, N, d] tensors with arbitrary strides (in elements,
// as torch's .stride()); f16 or bf16 in, f32 accumulation, output in the
// input type. One kernel per (element type, head dim d):
//   @attention_f16_d64, @attention_f16_d128, @attention_bf16_d64,
//   @attention_bf16_d128.
// Arguments: q, k, v, o, sm_scale (f32), n (sequence length), heads (H),
// causal (0 or 1), then the four strides of q, k, v and o (b, h, n, d).
//
// Launch: grid (cdiv(n, 128), B * H), 8 warps (two warpgroups, 64 query
// rows each). Program (i, bh) computes rows [128 i, 128 i + 128) of head
// bh % H of batch bh / H:
//   - Q (128 x d) is stored once into 128-byte swizzled shared memory;
//   - for each block j of 64 keys (up to the diagonal when causal):
//       S = Q K_j^T              wgmma, A and B from shared memory (K_j^T is
//                                 a transposed view of K_j's buffer: K-major)
//       mask S with -inf          only in blocks that need it: past n, and
//                                 right of the diagonal when causal
//       c = sm_scale * log2(e)    (exp2 below then gives the softmax's exp)
//       m' = max(m, c rowmax(S)); P = exp2(c S - m'); alpha = exp2(m - m')
//       l = l * alpha + rowsum(P); O = O * alpha + P V_j   (wgmma, P from
//                                 registers: register-A, V from shared memory)
//   - O / l is stored; rows past n are dropped by the store.
// Software pipelining, written by hand: K and V have two slots in shared
// memory; while block j's softmax runs, the tensor cores already compute
// S_(j+1) (an asynchronous tile.dot issued before it), block j + 1 sits in
// the other slot, and block j + 2 is on its way from global memory into
// registers.
"""

HEADER_CONTIG = """// examples/attention.mlir specialized for a contiguous head dim (stride 1
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
"""

HEADER_AUTO = """// Flash attention forward (FA2-style online softmax) with no layout written:
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
"""


def hand(t, d):
    ld_tpw = "[2, 16]" if d == 128 else "[4, 8]"
    return f"""
#mmaS_{t}_{d} = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]>
#mmaO_{t}_{d} = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, {d}, 16]>
#opP_{t}_{d} = #layout.dot_operand<opIdx = 0, parent = #mmaO_{t}_{d}, kWidth = 2>
#rowS_{t}_{d} = #layout.slice<dim = 1, parent = #mmaS_{t}_{d}>
#colS_{t}_{d} = #layout.slice<dim = 0, parent = #mmaS_{t}_{d}>
#rowO_{t}_{d} = #layout.slice<dim = 1, parent = #mmaO_{t}_{d}>
#ld_{t}_{d} = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = {ld_tpw}, warpsPerCTA = [8, 1], order = [1, 0]>
""".replace("_{t}_{d}", f"_{t}_{d}")


def kernel(t, d, auto, contig=False):
    sfx = f"_{t}_{d}"
    L = (lambda name: "") if auto else (lambda name: f", #{name}{sfx}")
    sw = "#sw"
    swT = "#swT"
    name = f"attention_auto_{t}_d{d}" if auto else f"attention_{t}_d{d}"
    T = t
    lines = []
    a = lines.append
    if contig:
        name = name.replace("attention", "attention_contig")
        P = "{tile.divisibility = 16 : i64}"
        S = "{tile.divisibility = 8 : i64}"
        a(f"""
tile.kernel @{name}(
    %q: !tile.ptr<{T}> {P}, %k: !tile.ptr<{T}> {P}, %v: !tile.ptr<{T}> {P}, %o: !tile.ptr<{T}> {P},
    %sm_scale: f32, %n: i32, %heads: i32, %causal: i32,
    %sqb: i32 {S}, %sqh: i32 {S}, %sqn: i32 {S},
    %skb: i32 {S}, %skh: i32 {S}, %skn: i32 {S},
    %svb: i32 {S}, %svh: i32 {S}, %svn: i32 {S},
    %sob: i32 {S}, %soh: i32 {S}, %son: i32 {S}) attributes {{num_warps = 8 : i32}} {{""")
    else:
      a(f"""
tile.kernel @{name}(
    %q: !tile.ptr<{T}>, %k: !tile.ptr<{T}>, %v: !tile.ptr<{T}>, %o: !tile.ptr<{T}>,
    %sm_scale: f32, %n: i32, %heads: i32, %causal: i32,
    %sqb: i32, %sqh: i32, %sqn: i32, %sqd: i32,
    %skb: i32, %skh: i32, %skn: i32, %skd: i32,
    %svb: i32, %svh: i32, %svn: i32, %svd: i32,
    %sob: i32, %soh: i32, %son: i32, %sod: i32) attributes {{num_warps = 8 : i32}} {{""")
    a(f"""  %pm = tile.program_id x : i32
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
  %h64 = arith.extsi %h : i32 to i64""")
    for x in "qkvo":
        a(f"""  %{x}sb = arith.extsi %s{x}b : i32 to i64
  %{x}sh = arith.extsi %s{x}h : i32 to i64
  %{x}ob = arith.muli %b64, %{x}sb : i64
  %{x}oh = arith.muli %h64, %{x}sh : i64
  %{x}off = arith.addi %{x}ob, %{x}oh : i64
  %{x}p = tile.addptr %{x}, %{x}off : !tile.ptr<{T}>, i64
  %v{x} = tile.make_view %{x}p, shape [%n, {d}], strides [%s{x}n, {'1' if contig else '%s' + x + 'd'}]
        : !tile.ptr<{T}> -> !tile.view<?x{d}x{T}>""")
    if auto:
        a(f"""
  // Q: one 128 x d block of rows (rows past n read as zeros).
  %tq = tile.load_tile %vq[%pm, %c0] padding = zero : !tile.view<?x{d}x{T}> -> tensor<128x{d}x{T}>""")
    else:
        a(f"""
  // Q: one 128 x d block of rows (rows past n read as zeros), stored once
  // into shared memory, where both warpgroups' wgmmas read it. K and V get
  // two slots each (block j in slot j % 2); K^T is a transposed view of a
  // K slot (no data moves): the K-major B operand of the first dot.
  %tq = tile.load_tile %vq[%pm, %c0] padding = zero : !tile.view<?x{d}x{T}> -> tensor<128x{d}x{T}, #ld{sfx}>
  %sq = layout.local_alloc %tq : tensor<128x{d}x{T}, #ld{sfx}> -> !layout.memdesc<128x{d}x{T}, {sw}>
  %sk = layout.local_alloc : !layout.memdesc<2x64x{d}x{T}, {sw}>
  %sv = layout.local_alloc : !layout.memdesc<2x64x{d}x{T}, {sw}>""")
    a(f"""
  // Scores are scaled by sm_scale * log2(e), so that exp2 gives exp.
  %log2e = arith.constant 1.44269504 : f32
  %qk_scale = arith.mulf %sm_scale, %log2e : f32
  %scale = tile.splat %qk_scale : f32 -> tensor<128x64xf32{L('mmaS')}>
  %scale_r = tile.splat %qk_scale : f32 -> tensor<128xf32{L('rowS')}>

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
  %rowi = tile.arange 0, 128 : tensor<128xi32{L('rowS')}>
  %row0v = tile.splat %row0 : i32 -> tensor<128xi32{L('rowS')}>
  %rows1 = arith.addi %rowi, %row0v : tensor<128xi32{L('rowS')}>
  %rows2 = tile.expand_dims %rows1 {{axis = 1 : i32}} : tensor<128xi32{L('rowS')}> -> tensor<128x1xi32{L('mmaS')}>
  %rows = tile.broadcast %rows2 : tensor<128x1xi32{L('mmaS')}> -> tensor<128x64xi32{L('mmaS')}>
  %coli = tile.arange 0, 64 : tensor<64xi32{L('colS')}>
  %nv = tile.splat %n : i32 -> tensor<128x64xi32{L('mmaS')}>
  %notcausal = arith.cmpi eq, %causal, %c0 : i32
  %notcausalv = tile.splat %notcausal : i1 -> tensor<128x64xi1{L('mmaS')}>
  %ninf = arith.constant dense<0xFF800000> : tensor<128x64xf32{L('mmaS')}>

  %zs = arith.constant dense<0.0> : tensor<128x64xf32{L('mmaS')}>
  %zo = arith.constant dense<0.0> : tensor<128x{d}xf32{L('mmaO')}>
  %m0 = arith.constant dense<0xFF800000> : tensor<128xf32{L('rowS')}>
  %l0 = arith.constant dense<0.0> : tensor<128xf32{L('rowS')}>""")
    if auto:
        a(f"""  %acc, %mi, %li = scf.for %j = %c0 to %hi step %c1
      iter_args(%acc_i = %zo, %m_i = %m0, %l_i = %l0)
      -> (tensor<128x{d}xf32>, tensor<128xf32>, tensor<128xf32>) : i32 {{
    // K^T: the view read with its axes swapped (order = [1, 0]; the
    // indices go with the tile's dims): element (x, y) of the tile is
    // k[64 j + y, x].
    %tkt = tile.load_tile %vk[%c0, %j] order = [1, 0] padding = zero
           : !tile.view<?x{d}x{T}> -> tensor<{d}x64x{T}>
    %tv = tile.load_tile %vv[%j, %c0] padding = zero : !tile.view<?x{d}x{T}> -> tensor<64x{d}x{T}>
    %qk = tile.dot %tq, %tkt, %zs : tensor<128x{d}x{T}>, tensor<{d}x64x{T}> -> tensor<128x64xf32>""")
    else:
        a(f"""  // Block 0 into slot 0 of the K and V buffers, its scores S_0, and
  // block 1 (the last block again when there is one block) in registers.
  %tk0 = tile.load_tile %vk[%c0, %c0] padding = zero : !tile.view<?x{d}x{T}> -> tensor<64x{d}x{T}, #ld{sfx}>
  %tv0 = tile.load_tile %vv[%c0, %c0] padding = zero : !tile.view<?x{d}x{T}> -> tensor<64x{d}x{T}, #ld{sfx}>
  %sk0 = layout.memdesc_index %sk[%c0] : !layout.memdesc<2x64x{d}x{T}, {sw}> -> !layout.memdesc<64x{d}x{T}, {sw}>
  %sv0 = layout.memdesc_index %sv[%c0] : !layout.memdesc<2x64x{d}x{T}, {sw}> -> !layout.memdesc<64x{d}x{T}, {sw}>
  layout.local_store %tk0, %sk0 : tensor<64x{d}x{T}, #ld{sfx}> -> !layout.memdesc<64x{d}x{T}, {sw}>
  layout.local_store %tv0, %sv0 : tensor<64x{d}x{T}, #ld{sfx}> -> !layout.memdesc<64x{d}x{T}, {sw}>
  layout.barrier
  %skt0 = layout.memdesc_trans %sk0 {{order = array<i32: 1, 0>}}
          : !layout.memdesc<64x{d}x{T}, {sw}> -> !layout.memdesc<{d}x64x{T}, {swT}>
  %qk0 = tile.dot %sq, %skt0, %zs
         : !layout.memdesc<128x{d}x{T}, {sw}>, !layout.memdesc<{d}x64x{T}, {swT}> -> tensor<128x64xf32, #mmaS{sfx}>
  %b1 = arith.minsi %c1, %last : i32
  %tk1 = tile.load_tile %vk[%b1, %c0] padding = zero : !tile.view<?x{d}x{T}> -> tensor<64x{d}x{T}, #ld{sfx}>
  %tv1 = tile.load_tile %vv[%b1, %c0] padding = zero : !tile.view<?x{d}x{T}> -> tensor<64x{d}x{T}, #ld{sfx}>
  %acc, %mi, %li, %qkl, %tkl, %tvl = scf.for %j = %c0 to %hi step %c1
      iter_args(%acc_i = %zo, %m_i = %m0, %l_i = %l0, %qk = %qk0, %tk = %tk1, %tv = %tv1)
      -> (tensor<128x{d}xf32, #mmaO{sfx}>, tensor<128xf32, #rowS{sfx}>, tensor<128xf32, #rowS{sfx}>,
          tensor<128x64xf32, #mmaS{sfx}>, tensor<64x{d}x{T}, #ld{sfx}>, tensor<64x{d}x{T}, #ld{sfx}>) : i32 {{
    // Block j is in slot j % 2 and its scores S_j = %qk are computed. The
    // other slot held block j - 1, whose dots every warpgroup has waited
    // for: after the barrier, store block j + 1 there.
    %slot = arith.andi %j, %c1 : i32
    %nslot = arith.xori %slot, %c1 : i32
    %kslot = layout.memdesc_index %sk[%nslot] : !layout.memdesc<2x64x{d}x{T}, {sw}> -> !layout.memdesc<64x{d}x{T}, {sw}>
    %vslot = layout.memdesc_index %sv[%nslot] : !layout.memdesc<2x64x{d}x{T}, {sw}> -> !layout.memdesc<64x{d}x{T}, {sw}>
    layout.barrier
    layout.local_store %tk, %kslot : tensor<64x{d}x{T}, #ld{sfx}> -> !layout.memdesc<64x{d}x{T}, {sw}>
    layout.local_store %tv, %vslot : tensor<64x{d}x{T}, #ld{sfx}> -> !layout.memdesc<64x{d}x{T}, {sw}>
    layout.barrier
    // Prefetch block j + 2 into registers (clamped to the last block).
    %j2 = arith.addi %j, %c2 : i32
    %jn = arith.minsi %j2, %last : i32
    %tkn = tile.load_tile %vk[%jn, %c0] padding = zero : !tile.view<?x{d}x{T}> -> tensor<64x{d}x{T}, #ld{sfx}>
    %tvn = tile.load_tile %vv[%jn, %c0] padding = zero : !tile.view<?x{d}x{T}> -> tensor<64x{d}x{T}, #ld{sfx}>
    // S_(j+1) = Q K_(j+1)^T, asynchronous: the tensor cores work on it
    // while this warpgroup computes the softmax of block j.
    %sktn = layout.memdesc_trans %kslot {{order = array<i32: 1, 0>}}
            : !layout.memdesc<64x{d}x{T}, {sw}> -> !layout.memdesc<{d}x64x{T}, {swT}>
    %qk_next = tile.dot %sq, %sktn, %zs async
               : !layout.memdesc<128x{d}x{T}, {sw}>, !layout.memdesc<{d}x64x{T}, {swT}> -> tensor<128x64xf32, #mmaS{sfx}>""")
    a(f"""    %needmask = arith.cmpi sge, %j, %nfull : i32
    %s = scf.if %needmask -> (tensor<128x64xf32{L('mmaS')}>) {{
      %col0 = arith.muli %j, %c64 : i32
      %col0v = tile.splat %col0 : i32 -> tensor<64xi32{L('colS')}>
      %cols1 = arith.addi %coli, %col0v : tensor<64xi32{L('colS')}>
      %cols2 = tile.expand_dims %cols1 {{axis = 0 : i32}} : tensor<64xi32{L('colS')}> -> tensor<1x64xi32{L('mmaS')}>
      %cols = tile.broadcast %cols2 : tensor<1x64xi32{L('mmaS')}> -> tensor<128x64xi32{L('mmaS')}>
      %inseq = arith.cmpi slt, %cols, %nv : tensor<128x64xi32{L('mmaS')}>
      %below = arith.cmpi sle, %cols, %rows : tensor<128x64xi32{L('mmaS')}>
      %causal_ok = arith.ori %below, %notcausalv : tensor<128x64xi1{L('mmaS')}>
      %keep = arith.andi %inseq, %causal_ok : tensor<128x64xi1{L('mmaS')}>
      %sm = arith.select %keep, %qk, %ninf : tensor<128x64xi1{L('mmaS')}>, tensor<128x64xf32{L('mmaS')}>
      scf.yield %sm : tensor<128x64xf32{L('mmaS')}>
    }} else {{
      scf.yield %qk : tensor<128x64xf32{L('mmaS')}>
    }}
    // Online softmax, in units of the scaled scores: the new running max
    // m' = max(m, rowmax(S) * scale) (scale > 0), P = exp2(S * scale - m')
    // (one fma per score), and alpha = exp2(m - m') rescales what was
    // accumulated so far. Block 0 always has a column in the sequence (and
    // left of the diagonal), so m' is finite from the first block on and
    // no row gets exp2(-inf + inf).
    %mx = tile.reduce max %s {{axis = 1 : i32}} : tensor<128x64xf32{L('mmaS')}> -> tensor<128xf32{L('rowS')}>
    %mxs = arith.mulf %mx, %scale_r : tensor<128xf32{L('rowS')}>
    %m_new = arith.maximumf %m_i, %mxs : tensor<128xf32{L('rowS')}>
    %negm = arith.negf %m_new : tensor<128xf32{L('rowS')}>
    %mb2 = tile.expand_dims %negm {{axis = 1 : i32}} : tensor<128xf32{L('rowS')}> -> tensor<128x1xf32{L('mmaS')}>
    %mb = tile.broadcast %mb2 : tensor<128x1xf32{L('mmaS')}> -> tensor<128x64xf32{L('mmaS')}>
    %sd = math.fma %s, %scale, %mb : tensor<128x64xf32{L('mmaS')}>
    %p = math.exp2 %sd fastmath<afn> : tensor<128x64xf32{L('mmaS')}>
    %md = arith.subf %m_i, %m_new : tensor<128xf32{L('rowS')}>
    %alpha = math.exp2 %md fastmath<afn> : tensor<128xf32{L('rowS')}>
    %ps = tile.reduce sum %p {{axis = 1 : i32}} : tensor<128x64xf32{L('mmaS')}> -> tensor<128xf32{L('rowS')}>
    %la = arith.mulf %l_i, %alpha : tensor<128xf32{L('rowS')}>
    %l_new = arith.addf %la, %ps : tensor<128xf32{L('rowS')}>""")
    if auto:
        a(f"""    %ab2 = tile.expand_dims %alpha {{axis = 1 : i32}} : tensor<128xf32> -> tensor<128x1xf32>
    %ab = tile.broadcast %ab2 : tensor<128x1xf32> -> tensor<128x{d}xf32>
    %acc_s = arith.mulf %acc_i, %ab : tensor<128x{d}xf32>
    %pt = arith.truncf %p : tensor<128x64xf32> to tensor<128x64x{T}>
    %acc_n = tile.dot %pt, %tv, %acc_s : tensor<128x64x{T}>, tensor<64x{d}x{T}> -> tensor<128x{d}xf32>
    scf.yield %acc_n, %m_new, %l_new : tensor<128x{d}xf32>, tensor<128xf32>, tensor<128xf32>
  }}
  %lb2 = tile.expand_dims %li {{axis = 1 : i32}} : tensor<128xf32> -> tensor<128x1xf32>
  %lb = tile.broadcast %lb2 : tensor<128x1xf32> -> tensor<128x{d}xf32>
  %out = arith.divf %acc, %lb : tensor<128x{d}xf32>
  %outt = arith.truncf %out : tensor<128x{d}xf32> to tensor<128x{d}x{T}>
  tile.store_tile %outt, %vo[%pm, %c0] : tensor<128x{d}x{T}>, !tile.view<?x{d}x{T}>
  tile.return
}}""")
    else:
        a(f"""    // alpha in the output accumulator's row slice: the same rows in the
    // same lanes (the two nvmma layouts differ only in their N), so this
    // convert moves no data.
    %alphao = layout.convert %alpha : tensor<128xf32, #rowS{sfx}> -> tensor<128xf32, #rowO{sfx}>
    %ab2 = tile.expand_dims %alphao {{axis = 1 : i32}} : tensor<128xf32, #rowO{sfx}> -> tensor<128x1xf32, #mmaO{sfx}>
    %ab = tile.broadcast %ab2 : tensor<128x1xf32, #mmaO{sfx}> -> tensor<128x{d}xf32, #mmaO{sfx}>
    %acc_s = arith.mulf %acc_i, %ab : tensor<128x{d}xf32, #mmaO{sfx}>
    // P in the register-A operand layout of the second dot: each thread
    // already holds the scores wgmma wants from it (a register permutation).
    %pt = arith.truncf %p : tensor<128x64xf32, #mmaS{sfx}> to tensor<128x64x{T}, #mmaS{sfx}>
    %pa = layout.convert %pt : tensor<128x64x{T}, #mmaS{sfx}> -> tensor<128x64x{T}, #opP{sfx}>
    %svc = layout.memdesc_index %sv[%slot] : !layout.memdesc<2x64x{d}x{T}, {sw}> -> !layout.memdesc<64x{d}x{T}, {sw}>
    %acc_a = tile.dot %pa, %svc, %acc_s async
             : tensor<128x64x{T}, #opP{sfx}>, !layout.memdesc<64x{d}x{T}, {sw}> -> tensor<128x{d}xf32, #mmaO{sfx}>
    // Both dots done (in this warpgroup): O and S_(j+1) are readable.
    %acc_n, %qk_n = tile.dot_wait %acc_a, %qk_next {{pendings = 0 : i32}}
                    : tensor<128x{d}xf32, #mmaO{sfx}>, tensor<128x64xf32, #mmaS{sfx}>
    scf.yield %acc_n, %m_new, %l_new, %qk_n, %tkn, %tvn
        : tensor<128x{d}xf32, #mmaO{sfx}>, tensor<128xf32, #rowS{sfx}>, tensor<128xf32, #rowS{sfx}>,
          tensor<128x64xf32, #mmaS{sfx}>, tensor<64x{d}x{T}, #ld{sfx}>, tensor<64x{d}x{T}, #ld{sfx}>
  }}
  %lo = layout.convert %li : tensor<128xf32, #rowS{sfx}> -> tensor<128xf32, #rowO{sfx}>
  %lb2 = tile.expand_dims %lo {{axis = 1 : i32}} : tensor<128xf32, #rowO{sfx}> -> tensor<128x1xf32, #mmaO{sfx}>
  %lb = tile.broadcast %lb2 : tensor<128x1xf32, #mmaO{sfx}> -> tensor<128x{d}xf32, #mmaO{sfx}>
  %out = arith.divf %acc, %lb : tensor<128x{d}xf32, #mmaO{sfx}>
  %outt = arith.truncf %out : tensor<128x{d}xf32, #mmaO{sfx}> to tensor<128x{d}x{T}, #mmaO{sfx}>
  tile.store_tile %outt, %vo[%pm, %c0] : tensor<128x{d}x{T}, #mmaO{sfx}>, !tile.view<?x{d}x{T}>
  tile.return
}}""")
    return "\n".join(lines) + "\n"


VARIANTS = [("f16", 64), ("f16", 128), ("bf16", 64), ("bf16", 128)]

def main(which, out):
    if which == "contig":
        parts = [HEADER_CONTIG]
        for t, d in VARIANTS:
            parts.append(hand(t, d))
            parts.append(kernel(t, d, False, contig=True))
        open(out, "w").write("".join(parts))
        return
    auto = which == "auto"
    parts = [HEADER_AUTO if auto else HEADER_HAND]
    if not auto:
        parts.append("""
// Shared layouts: 128-byte swizzled rows (what wgmma reads), and the same
// buffer seen transposed (K^T).
#sw = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#swT = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16>""")
    for t, d in VARIANTS:
        if not auto:
            parts.append(hand(t, d))
        parts.append(kernel(t, d, auto))
    open(out, "w").write("".join(parts))

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("hand", "contig", "auto"):
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
