"""The online-softmax step shared by the attention generators
(gen_attention_tma.py, gen_attention_ws.py): the MLIR text of one key
block's masked scores, running max and sum, and P in the A-operand layout."""


def quad_layouts(sfx, rows, bn):
    """The layouts of the per-thread row sums (`online_softmax`'s `quad`):
    #p4<sfx>, the wgmma accumulator layout of a rows x bn block reshaped to
    [rows, bn / 8, 4, 2] (column 8 j + 2 t + r: register r, lane t of the
    quad, register group j, as tile.reshape derives it); #p3<sfx> and
    #lq<sfx> the layouts after summing axes 3 and 1 in-thread: [rows, 4],
    one partial sum per row and quad lane; #lqr<sfx> the [rows] layout of
    their sum over the quad (the row layout of the accumulator)."""
    reg = [[0, 0, 0, 1], [8, 0, 0, 0]] + [[0, 1 << i, 0, 0] for i in range((bn // 8).bit_length() - 1)]
    lane = [[0, 0, 1, 0], [0, 0, 2, 0], [1, 0, 0, 0], [2, 0, 0, 0], [4, 0, 0, 0]]
    warp = [[16 << i, 0, 0, 0] for i in range((rows // 16).bit_length() - 1)]
    fmt = lambda bases: "[" + ", ".join("[" + ", ".join(map(str, b)) + "]" for b in bases) + "]"
    return f"""#p4{sfx} = #layout.linear<register = {fmt(reg)}, lane = {fmt(lane)}, warp = {fmt(warp)}>
#p3{sfx} = #layout.slice<dim = 3, parent = #p4{sfx}>
#lq{sfx} = #layout.slice<dim = 1, parent = #p3{sfx}>
#lqr{sfx} = #layout.slice<dim = 1, parent = #lq{sfx}>
"""


def online_softmax(tag, qk, blk, m_i, l_i, masked, ind, *, rows, bn, sfx, T, S_, row_, PA_,
                   rowlim=False, quad=False):
    """The online softmax of the scores `qk` (a rows x bn block, layout
    #mmaS<sfx>) of key block `blk`: defines %m_<tag>, %l_<tag>,
    %alpha_<tag> and %pa_<tag> (P as the A operand, type PA_). Uses the
    kernel's %coli, %cBN, %nv, %rows, %notcausalv, %ninf, %scale and
    %scale_r; S_ and row_ are the score and row-statistic types, T the
    element type.

    rowlim: the mask as one compare a score, column c of the block kept
    iff c < %lim - blk BN, with %lim (a [rows] row vector) = n, or
    min(n, row + 1) when causal, and %colsb the block's column indices
    broadcast to the score block (instead of %coli, %nv, %rows,
    %notcausalv: three compares and two logic ops a score).
    quad: l is kept per thread as [rows, 4] (layout #lq<sfx>, see
    quad_layouts): the row sum of P is summed in-thread only (P reshaped
    to [rows, bn / 8, 4, 2], axes 3 and 1), and the caller sums the quad
    once after the last block; alpha reaches the [rows, 4] layout as a
    max over copies of itself (the broadcast block reshaped the same way),
    which folds away."""
    o = []
    s = qk
    if masked and rowlim:
        o.append(f"""{ind}// The mask: column c of the block is kept iff c < lim - blk BN.
{ind}%col0_{tag} = arith.muli {blk}, %cBN : i32
{ind}%col0v_{tag} = tile.splat %col0_{tag} : i32 -> tensor<{rows}xi32, #rowS{sfx}>
{ind}%limc_{tag} = arith.subi %lim, %col0v_{tag} : tensor<{rows}xi32, #rowS{sfx}>
{ind}%lim2_{tag} = tile.expand_dims %limc_{tag} {{axis = 1 : i32}} : tensor<{rows}xi32, #rowS{sfx}> -> tensor<{rows}x1xi32, #mmaS{sfx}>
{ind}%limb_{tag} = tile.broadcast %lim2_{tag} : tensor<{rows}x1xi32, #mmaS{sfx}> -> tensor<{rows}x{bn}xi32, #mmaS{sfx}>
{ind}%keep_{tag} = arith.cmpi slt, %colsb, %limb_{tag} : tensor<{rows}x{bn}xi32, #mmaS{sfx}>
{ind}%s_{tag} = arith.select %keep_{tag}, {qk}, %ninf : tensor<{rows}x{bn}xi1, #mmaS{sfx}>, {S_}""")
        s = f"%s_{tag}"
    elif masked:
        o.append(f"""{ind}// The mask: columns past n, and right of the diagonal when causal.
{ind}%col0_{tag} = arith.muli {blk}, %cBN : i32
{ind}%col0v_{tag} = tile.splat %col0_{tag} : i32 -> tensor<{bn}xi32, #colS{sfx}>
{ind}%cols1_{tag} = arith.addi %coli, %col0v_{tag} : tensor<{bn}xi32, #colS{sfx}>
{ind}%cols2_{tag} = tile.expand_dims %cols1_{tag} {{axis = 0 : i32}} : tensor<{bn}xi32, #colS{sfx}> -> tensor<1x{bn}xi32, #mmaS{sfx}>
{ind}%cols_{tag} = tile.broadcast %cols2_{tag} : tensor<1x{bn}xi32, #mmaS{sfx}> -> tensor<{rows}x{bn}xi32, #mmaS{sfx}>
{ind}%inseq_{tag} = arith.cmpi slt, %cols_{tag}, %nv : tensor<{rows}x{bn}xi32, #mmaS{sfx}>
{ind}%below_{tag} = arith.cmpi sle, %cols_{tag}, %rows : tensor<{rows}x{bn}xi32, #mmaS{sfx}>
{ind}%causal_ok_{tag} = arith.ori %below_{tag}, %notcausalv : tensor<{rows}x{bn}xi1, #mmaS{sfx}>
{ind}%keep_{tag} = arith.andi %inseq_{tag}, %causal_ok_{tag} : tensor<{rows}x{bn}xi1, #mmaS{sfx}>
{ind}%s_{tag} = arith.select %keep_{tag}, {qk}, %ninf : tensor<{rows}x{bn}xi1, #mmaS{sfx}>, {S_}""")
        s = f"%s_{tag}"
    o.append(f"""{ind}// Online softmax in units of the scaled scores (block 0 always has a
{ind}// kept column, so m' is finite from the first block on).
{ind}%mx_{tag} = tile.reduce max {s} {{axis = 1 : i32}} : {S_} -> {row_}
{ind}%mxs_{tag} = arith.mulf %mx_{tag}, %scale_r : {row_}
{ind}%m_{tag} = arith.maximumf {m_i}, %mxs_{tag} : {row_}
{ind}%negm_{tag} = arith.negf %m_{tag} : {row_}
{ind}%mb2_{tag} = tile.expand_dims %negm_{tag} {{axis = 1 : i32}} : {row_} -> tensor<{rows}x1xf32, #mmaS{sfx}>
{ind}%mb_{tag} = tile.broadcast %mb2_{tag} : tensor<{rows}x1xf32, #mmaS{sfx}> -> {S_}
{ind}%sd_{tag} = math.fma {s}, %scale, %mb_{tag} : {S_}
{ind}%p_{tag} = math.exp2 %sd_{tag} fastmath<afn> : {S_}
{ind}%md_{tag} = arith.subf {m_i}, %m_{tag} : {row_}
{ind}%alpha_{tag} = math.exp2 %md_{tag} fastmath<afn> : {row_}
@SUM@{ind}%pt_{tag} = arith.truncf %p_{tag} : {S_} to tensor<{rows}x{bn}x{T}, #mmaS{sfx}>
{ind}%pa_{tag} = layout.convert %pt_{tag} : tensor<{rows}x{bn}x{T}, #mmaS{sfx}> -> {PA_}""")
    text = "\n".join(o)
    if not quad:
        return text.replace("@SUM@", f"""{ind}%ps_{tag} = tile.reduce sum %p_{tag} {{axis = 1 : i32}} : {S_} -> {row_}
{ind}%la_{tag} = arith.mulf {l_i}, %alpha_{tag} : {row_}
{ind}%l_{tag} = arith.addf %la_{tag}, %ps_{tag} : {row_}
""")
    q4 = f"tensor<{rows}x{bn // 8}x4x2xf32, #p4{sfx}>"
    q3 = f"tensor<{rows}x{bn // 8}x4xf32, #p3{sfx}>"
    lq = f"tensor<{rows}x4xf32, #lq{sfx}>"
    return text.replace("@SUM@", f"""{ind}// l per thread: P summed over this thread's columns only (no shuffle).
{ind}%pr_{tag} = tile.reshape %p_{tag} : {S_} -> {q4}
{ind}%ps3_{tag} = tile.reduce sum %pr_{tag} {{axis = 3 : i32}} : {q4} -> {q3}
{ind}%ps_{tag} = tile.reduce sum %ps3_{tag} {{axis = 1 : i32}} : {q3} -> {lq}
{ind}%ab1_{tag} = tile.expand_dims %alpha_{tag} {{axis = 1 : i32}} : {row_} -> tensor<{rows}x1xf32, #mmaS{sfx}>
{ind}%abs_{tag} = tile.broadcast %ab1_{tag} : tensor<{rows}x1xf32, #mmaS{sfx}> -> {S_}
{ind}%abr_{tag} = tile.reshape %abs_{tag} : {S_} -> {q4}
{ind}%ab3_{tag} = tile.reduce max %abr_{tag} {{axis = 3 : i32}} : {q4} -> {q3}
{ind}%alq_{tag} = tile.reduce max %ab3_{tag} {{axis = 1 : i32}} : {q3} -> {lq}
{ind}%la_{tag} = arith.mulf {l_i}, %alq_{tag} : {lq}
{ind}%l_{tag} = arith.addf %la_{tag}, %ps_{tag} : {lq}
""")
