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
                   rowlim=False, quad=False, poly=0, convert=True, thresh=0.0):
    """The online softmax of the scores `qk` (a rows x bn block, layout
    #mmaS<sfx>) of key block `blk`: defines %m_<tag>, %l_<tag>,
    %alpha_<tag> and %pa_<tag> (P as the A operand, type PA_). Uses the
    kernel's %coli, %cBN, %nv, %rows, %notcausalv, %ninf, %scale and
    %scale_r; S_ and row_ are the score and row-statistic types, T the
    element type.

    masked: True, False, or (rowlim) the name of an i1 value: the mask
    under an scf.if on it.
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
    which folds away.
    poly: the last bn / 2^poly columns of P by a polynomial instead of
    MUFU.EX2 (exp2_split; 0: all by MUFU.EX2).
    convert: end with P rounded to T and in the A-operand layout
    (%pa_<tag>); without it P stays f32 (%p_<tag>) and the caller emits
    p_operand() where it wants the rounding.
    thresh: a lazy running max (FlashAttention-4's conditional rescale):
    a row takes the block's max as its new m only when it exceeds the old
    m by more than `thresh` (log2 units), and keeps the old m otherwise,
    so P stays below 2^thresh and alpha is exactly 1 for that row (the
    caller may then skip the rescale of O, layout.warp_any); 0: the
    running max of every block (m = max(m_i, block max))."""
    o = []
    s = qk
    def limit_mask(ind, out):
        """The rowlim mask's lines at indentation `ind`, defining `out`."""
        return f"""{ind}%col0_{tag} = arith.muli {blk}, %cBN : i32
{ind}%col0v_{tag} = tile.splat %col0_{tag} : i32 -> tensor<{rows}xi32, #rowS{sfx}>
{ind}%limc_{tag} = arith.subi %lim, %col0v_{tag} : tensor<{rows}xi32, #rowS{sfx}>
{ind}%lim2_{tag} = tile.expand_dims %limc_{tag} {{axis = 1 : i32}} : tensor<{rows}xi32, #rowS{sfx}> -> tensor<{rows}x1xi32, #mmaS{sfx}>
{ind}%limb_{tag} = tile.broadcast %lim2_{tag} : tensor<{rows}x1xi32, #mmaS{sfx}> -> tensor<{rows}x{bn}xi32, #mmaS{sfx}>
{ind}%keep_{tag} = arith.cmpi slt, %colsb, %limb_{tag} : tensor<{rows}x{bn}xi32, #mmaS{sfx}>
{ind}{out} = arith.select %keep_{tag}, {qk}, %ninf : tensor<{rows}x{bn}xi1, #mmaS{sfx}>, {S_}"""

    if isinstance(masked, str) and rowlim:
        # The mask under a branch on the i1 `masked`: one softmax for the
        # blocks that need it and those that do not.
        i2 = ind + "  "
        o.append(f"""{ind}// The mask, when {masked}: column c of the block is kept iff c < lim - blk BN.
{ind}%s_{tag} = scf.if {masked} -> ({S_}) {{
{limit_mask(i2, f"%sm_{tag}")}
{i2}scf.yield %sm_{tag} : {S_}
{ind}}} else {{
{i2}scf.yield {qk} : {S_}
{ind}}}""")
        s = f"%s_{tag}"
    elif masked and rowlim:
        o.append(f"""{ind}// The mask: column c of the block is kept iff c < lim - blk BN.
{limit_mask(ind, f"%s_{tag}")}""")
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
@MNEW@
{ind}%negm_{tag} = arith.negf %m_{tag} : {row_}
{ind}%mb2_{tag} = tile.expand_dims %negm_{tag} {{axis = 1 : i32}} : {row_} -> tensor<{rows}x1xf32, #mmaS{sfx}>
{ind}%mb_{tag} = tile.broadcast %mb2_{tag} : tensor<{rows}x1xf32, #mmaS{sfx}> -> {S_}
{ind}%sd_{tag} = math.fma {s}, %scale, %mb_{tag} : {S_}
@EXP2@
{ind}%md_{tag} = arith.subf {m_i}, %m_{tag} : {row_}
{ind}%alpha_{tag} = math.exp2 %md_{tag} fastmath<afn> : {row_}
@SUM@@CVT@""")
    text = "\n".join(o)
    if thresh:
        mnew = f"""{ind}// Lazy max: m moves only when the block's max exceeds it by {thresh:g}.
{ind}%thr_{tag} = arith.constant dense<{thresh:.1f}> : {row_}
{ind}%mthr_{tag} = arith.addf {m_i}, %thr_{tag} : {row_}
{ind}%grow_{tag} = arith.cmpf ogt, %mxs_{tag}, %mthr_{tag} : {row_}
{ind}%m_{tag} = arith.select %grow_{tag}, %mxs_{tag}, {m_i} : {row_.replace("xf32,", "xi1,")}, {row_}"""
    else:
        mnew = f"{ind}%m_{tag} = arith.maximumf {m_i}, %mxs_{tag} : {row_}"
    text = text.replace("@MNEW@", mnew)
    text = text.replace("@CVT@", p_operand(tag, ind, rows=rows, bn=bn, sfx=sfx, T=T, S_=S_, PA_=PA_)
                        if convert else "")
    text = text.replace("@EXP2@", exp2_split(tag, f"%sd_{tag}", ind, rows=rows, bn=bn, S_=S_, levels=poly)
                        if poly else f"{ind}%p_{tag} = math.exp2 %sd_{tag} fastmath<afn> : {S_}")
    if not quad:
        text = text.replace("@SUM@", f"""{ind}%ps_{tag} = tile.reduce sum %p_{tag} {{axis = 1 : i32}} : {S_} -> {row_}
{ind}%la_{tag} = arith.mulf {l_i}, %alpha_{tag} : {row_}
{ind}%l_{tag} = arith.addf %la_{tag}, %ps_{tag} : {row_}
""")
        return text if convert else text.rstrip("\n")
    q4 = f"tensor<{rows}x{bn // 8}x4x2xf32, #p4{sfx}>"
    q3 = f"tensor<{rows}x{bn // 8}x4xf32, #p3{sfx}>"
    lq = f"tensor<{rows}x4xf32, #lq{sfx}>"
    text = text.replace("@SUM@", f"""{ind}// l per thread: P summed over this thread's columns only (no shuffle).
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
    return text if convert else text.rstrip("\n")


def p_operand(tag, ind, *, rows, bn, sfx, T, S_, PA_):
    """P (%p_<tag>, f32 in the score layout) rounded to T and moved to the
    register-A layout of the P V wgmma: defines %pa_<tag>."""
    return f"""{ind}%pt_{tag} = arith.truncf %p_{tag} : {S_} to tensor<{rows}x{bn}x{T}, #mmaS{sfx}>
{ind}%pa_{tag} = layout.convert %pt_{tag} : tensor<{rows}x{bn}x{T}, #mmaS{sfx}> -> {PA_}"""


def _mma_bases(rows, bn):
    """The linear layout of a rows x bn wgmma accumulator (#layout.nvmma
    version 3, four warps along M) as bases over (row, column)."""
    return {"register": [[0, 1], [8, 0]] + [[0, 8 << i] for i in range((bn // 8).bit_length() - 1)],
            "lane": [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]],
            "warp": [[16 << i, 0] for i in range((rows // 16).bit_length() - 1)]}


def _reshape(lay, old, new):
    def conv(c):
        flat = 0
        for x, n in zip(c, old):
            flat = flat * n + x
        out = []
        for n in reversed(new):
            out.append(flat % n)
            flat //= n
        return out[::-1]
    return {k: [conv(b) for b in v] for k, v in lay.items()}


def _trans(lay, order):
    return {k: [[b[i] for i in order] for b in v] for k, v in lay.items()}


def _split(lay):
    unit = [0] * (len(lay["register"][0]) - 1) + [1]
    assert unit in lay["register"], "split needs a register bit for the last dim"
    out = {k: [b[:-1] for b in v if b != unit] for k, v in lay.items()}
    assert all(b[-1] == 0 for v in lay.values() for b in v if b != unit)
    return out


def _join(lay):
    out = {k: [b + [0] for b in v] for k, v in lay.items()}
    out["register"] = [[0] * len(lay["register"][0]) + [1]] + out["register"]
    return out


def _attr(lay):
    fmt = lambda bases: "[" + ", ".join("[" + ", ".join(map(str, b)) + "]" for b in bases) + "]"
    return (f"#layout.linear<register = {fmt(lay['register'])}, lane = {fmt(lay['lane'])}, "
            f"warp = {fmt(lay['warp'])}>")


def exp2_split(tag, sd, ind, *, rows, bn, S_, levels):
    """p = 2^sd for a rows x bn block in the wgmma accumulator layout, with
    1 / 2^levels of the elements by a polynomial on the FMA pipes
    (FlashAttention-4's offload of the MUFU unit) and the rest by
    ex2.approx. Level i splits off the accumulator's register bit i (column
    bit 0, then row bit 3, then column bit 3, ...): its coordinate bit is
    made the last dim of size 2 (tile.reshape, tile.trans) and split off
    (tile.split); the half with the bit set goes on, the other takes
    MUFU.EX2. tile.join puts a bit back as register bit 0, so rejoining in
    reverse order gives back the accumulator's register order: every step
    is a relabeling (no instruction, no data movement). 2^x for x <= 0
    (-inf included): x clamped to -125 (2^f may be below 1, exponent field
    126, and n is added to that field: -125 keeps the sum a normal number;
    -127 wrapped into the sign bit, which a GPU run caught as NaN on masked
    scores), n = round(x) by adding and subtracting 1.5 * 2^23, f = x - n
    in [-1/2, 1/2], 2^f by a degree-3 minimax polynomial (relative error
    7.5e-5, under the f16/bf16 rounding of P), and n added to the exponent
    field as an integer. Defines %p_<tag>."""
    ty = lambda shape, l: f"tensor<{'x'.join(map(str, shape))}xf32, {_attr(l)}>"
    cur, shape, lay = sd, [rows, bn], _mma_bases(rows, bn)
    cur_ty = S_
    steps = []
    o = [f"{ind}// 2^x: 1/{1 << levels} of the elements by a polynomial, the rest by MUFU.EX2."]
    for i in range(levels):
        b = lay["register"][0]
        d = next(j for j, x in enumerate(b) if x)
        k = b[d].bit_length() - 1
        lo, hi = 1 << k, shape[d] >> (k + 1)
        rshape = shape[:d] + [hi, 2, lo] + shape[d + 1:]
        rshape_ = [x for x in rshape]
        # Drop size-1 dims of the split (tile shapes have no 1s to spare).
        keep = [j for j, x in enumerate(rshape_) if x != 1 or j == d + 1]
        rshape = [rshape_[j] for j in keep]
        two = keep.index(d + 1)
        rl = _reshape(lay, shape, rshape)
        order = [j for j in range(len(rshape)) if j != two] + [two]
        tshape = [rshape[j] for j in order]
        tl_ = _trans(rl, order)
        sl = _split(tl_)
        sshape = tshape[:-1]
        o.append(f"""{ind}%xr{i}_{tag} = tile.reshape {cur} : {cur_ty} -> {ty(rshape, rl)}
{ind}%xt{i}_{tag} = tile.trans %xr{i}_{tag}, [{', '.join(map(str, order))}] : {ty(rshape, rl)} -> {ty(tshape, tl_)}
{ind}%xl{i}_{tag}, %xh{i}_{tag} = tile.split %xt{i}_{tag} : {ty(tshape, tl_)} -> {ty(sshape, sl)}
{ind}%el{i}_{tag} = math.exp2 %xl{i}_{tag} fastmath<afn> : {ty(sshape, sl)}""")
        steps.append((cur_ty, shape, lay, rshape, rl, order, tshape, tl_, sl, sshape))
        cur, cur_ty, shape, lay = f"%xh{i}_{tag}", ty(sshape, sl), sshape, sl
    T = cur_ty
    Ti = T.replace("xf32,", "xi32,")
    o.append(f"""{ind}%e2c_{tag} = arith.constant dense<-125.0> : {T}
{ind}%e2m_{tag} = arith.constant dense<12582912.0> : {T}
{ind}%e2q3_{tag} = arith.constant dense<0.0551716685> : {T}
{ind}%e2q2_{tag} = arith.constant dense<0.2426111400> : {T}
{ind}%e2q1_{tag} = arith.constant dense<0.6932609677> : {T}
{ind}%e2q0_{tag} = arith.constant dense<0.9999280572> : {T}
{ind}%e2s_{tag} = arith.constant dense<23> : {Ti}
{ind}%e2x_{tag} = arith.maximumf {cur}, %e2c_{tag} : {T}
{ind}%e2r_{tag} = arith.addf %e2x_{tag}, %e2m_{tag} : {T}
{ind}%e2n_{tag} = arith.subf %e2r_{tag}, %e2m_{tag} : {T}
{ind}%e2f_{tag} = arith.subf %e2x_{tag}, %e2n_{tag} : {T}
{ind}%e2a3_{tag} = math.fma %e2f_{tag}, %e2q3_{tag}, %e2q2_{tag} : {T}
{ind}%e2a2_{tag} = math.fma %e2f_{tag}, %e2a3_{tag}, %e2q1_{tag} : {T}
{ind}%e2a1_{tag} = math.fma %e2f_{tag}, %e2a2_{tag}, %e2q0_{tag} : {T}
{ind}%e2bi_{tag} = arith.bitcast %e2a1_{tag} : {T} to {Ti}
{ind}%e2ri_{tag} = arith.bitcast %e2r_{tag} : {T} to {Ti}
{ind}%e2e_{tag} = arith.shli %e2ri_{tag}, %e2s_{tag} : {Ti}
{ind}%e2sum_{tag} = arith.addi %e2bi_{tag}, %e2e_{tag} : {Ti}
{ind}%eh_{tag} = arith.bitcast %e2sum_{tag} : {Ti} to {T}""")
    cur = f"%eh_{tag}"
    for i in reversed(range(levels)):
        in_ty, ishape, ilay, rshape, rl, order, tshape, tl_, sl, sshape = steps[i]
        jl = _join(sl)
        assert jl == tl_, "join must give back the split operand's layout"
        inv = [order.index(j) for j in range(len(order))]
        name = f"%p_{tag}" if i == 0 else f"%ev{i}_{tag}"
        o.append(f"""{ind}%ej{i}_{tag} = tile.join %el{i}_{tag}, {cur} : {ty(sshape, sl)} -> {ty(tshape, tl_)}
{ind}%eu{i}_{tag} = tile.trans %ej{i}_{tag}, [{', '.join(map(str, inv))}] : {ty(tshape, tl_)} -> {ty(rshape, rl)}
{ind}{name} = tile.reshape %eu{i}_{tag} : {ty(rshape, rl)} -> {in_ty}""")
        cur = name
    return "\n".join(o)
