"""The online-softmax step shared by the attention generators
(gen_attention_tma.py, gen_attention_ws.py): the MLIR text of one key
block's masked scores, running max and sum, and P in the A-operand layout."""


def online_softmax(tag, qk, blk, m_i, l_i, masked, ind, *, rows, bn, sfx, T, S_, row_, PA_):
    """The online softmax of the scores `qk` (a rows x bn block, layout
    #mmaS<sfx>) of key block `blk`: defines %m_<tag>, %l_<tag>,
    %alpha_<tag> and %pa_<tag> (P as the A operand, type PA_). Uses the
    kernel's %coli, %cBN, %nv, %rows, %notcausalv, %ninf, %scale and
    %scale_r; S_ and row_ are the score and row-statistic types, T the
    element type."""
    o = []
    s = qk
    if masked:
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
{ind}%ps_{tag} = tile.reduce sum %p_{tag} {{axis = 1 : i32}} : {S_} -> {row_}
{ind}%la_{tag} = arith.mulf {l_i}, %alpha_{tag} : {row_}
{ind}%l_{tag} = arith.addf %la_{tag}, %ps_{tag} : {row_}
{ind}%pt_{tag} = arith.truncf %p_{tag} : {S_} to tensor<{rows}x{bn}x{T}, #mmaS{sfx}>
{ind}%pa_{tag} = layout.convert %pt_{tag} : tensor<{rows}x{bn}x{T}, #mmaS{sfx}> -> {PA_}""")
    return "\n".join(o)
