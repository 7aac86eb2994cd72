"""tile.layouts: layout objects printed and converted by tile's libraries,
checked against the Gluon tutorial's tables (copied in test/tile-layout/Inputs/, as in
test/tile-layout/gluon-seed.test), tile-layout's documented outputs, and a
table rebuilt here from the linear bases (CPU only)."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import harness  # noqa: E402

harness.setup_path()
from tile import layouts  # noqa: E402
from tile.layouts import (Blocked, Linear, Slice, Strided, SwizzledShared,  # noqa: E402
                          cute_eval, cute_layout, cute_table, from_attr)

# The Gluon tutorial's layout: 2x4 registers, 16x2 lanes, 2x2 warps.
GLUON = Blocked([2, 4], [16, 2], [2, 2], [1, 0])


def test_to_attr():
    assert GLUON.to_attr() == ("#layout.blocked<sizePerThread = [2, 4], threadsPerWarp = "
                               "[16, 2], warpsPerCTA = [2, 2], order = [1, 0]>")
    assert str(Slice(1, GLUON)).startswith("#layout.slice<dim = 1, parent = #layout.blocked<")
    assert SwizzledShared(2, 1, 4, [1, 0]).to_attr() == (
        "#layout.swizzled_shared<vec = 2, perPhase = 1, maxPhase = 4, order = [1, 0]>")
    assert Strided("(4,(2,3)):(2,(1,8))").to_attr() == "#layout.strided<(4,(2,3)):(2,(1,8))>"
    assert from_attr(GLUON.to_attr()) == GLUON


def test_identity_without_the_library():
    # Where the compiler library is absent (a GPU machine running cached
    # kernels), layouts still compare and hash, by their text as written,
    # so they stay usable as constexprs and cache keys.
    a = layouts.Blocked([1, 4], [4, 8], [4, 1], [1, 0])
    b = layouts.Blocked([1, 4], [4, 8], [4, 1], [1, 0])
    c = layouts.Blocked([1, 2], [4, 8], [4, 1], [1, 0])
    assert a == b and hash(a) == hash(b) and a != c

    def missing():
        raise ImportError("no library")
    real = layouts._ext
    layouts._ext = missing
    try:
        assert a._identity() == ("Blocked", a._text()), a._identity()
        assert a == b and hash(a) == hash(b) and a != c
        assert {a: 1}[b] == 1
    finally:
        layouts._ext = real


def test_gluon_seed_32x8_table():
    # The Gluon tutorial's 32x8 table (test/tile-layout/Inputs/gluon-32x8.txt):
    # every warp holds a copy.
    expected = [
        "[[  T0:0| T32:0| T64:0| T96:0, ...,   T1:3| T33:3| T65:3| T97:3],",
        " [  T0:4| T32:4| T64:4| T96:4, ...,   T1:7| T33:7| T65:7| T97:7],",
        " ...",
        " [ T30:0| T62:0| T94:0|T126:0, ...,  T31:3| T63:3| T95:3|T127:3],",
        " [ T30:4| T62:4| T94:4|T126:4, ...,  T31:7| T63:7| T95:7|T127:7]]",
    ]
    assert GLUON.table([32, 8], max_rows=4, max_cols=2).splitlines() == expected
    assert GLUON.table("32x8").splitlines()[0].startswith(
        "[[  T0:0| T32:0| T64:0| T96:0,   T0:1| T32:1| T64:1| T96:1,")


def test_gluon_seed_slice_table():
    # The Gluon tutorial (test/tile-layout/Inputs/gluon-slice-dim1.txt): the slice along dim 1 of the 32x8 layout's
    # warp tile (warpsPerCTA = [1, 1]) on 32 elements.
    warp = Blocked([2, 4], [16, 2], [1, 1], [1, 0])
    lines = Slice(1, warp).table([32], max_rows=8).splitlines()
    assert lines[:2] == ["[  T0:0| T1:0,", "   T0:1| T1:1,"], lines
    assert lines[4] == " ..." and lines[-1] == "  T30:1|T31:1]", lines


def test_to_linear_json():
    # docs/tile-layout.md, --format=json for the tutorial layout on 32x8.
    assert GLUON.to_linear([32, 8]) == {
        "shape": [32, 8],
        "bases": {"register": [[0, 1], [0, 2], [1, 0]],
                  "lane": [[0, 4], [2, 0], [4, 0], [8, 0], [16, 0]],
                  "warp": [[0, 0], [0, 0]], "block": []}}


def test_to_linear_layout_round_trip():
    sliced = Slice(1, Blocked([1, 1], [32, 1], [4, 1], [1, 0]))
    lin = sliced.to_linear_layout([128])
    # docs/tile-layout.md, --format=linear.
    assert lin.to_attr() == ("#layout.linear<register = [], lane = [[1], [2], [4], [8], "
                             "[16]], warp = [[32], [64]]>")
    assert lin.table() == sliced.table([128])
    built = Linear(register=[], lane=[[1], [2], [4], [8], [16]], warp=[[32], [64]])
    assert built == lin and built.to_linear() == sliced.to_linear(128)


def reference_table(bases, shape):
    """The 2-D table of a single-CTA distributed layout, from its bases:
    element (i, j) is owned by every (thread, register) whose XOR of bases
    is (i, j); cells right-aligned to the widest, copies joined by '|'."""
    reg, lane, warp = bases["register"], bases["lane"], bases["warp"]
    owners = {}
    for w in range(1 << len(warp)):
        for l in range(1 << len(lane)):
            for r in range(1 << len(reg)):
                c = [0, 0]
                for bits, vecs in ((r, reg), (l, lane), (w, warp)):
                    for k, v in enumerate(vecs):
                        if bits >> k & 1:
                            c = [c[0] ^ v[0], c[1] ^ v[1]]
                thread = l + (1 << len(lane)) * w
                owners.setdefault(tuple(c), []).append((thread, r))
    cells = [["|".join(f"T{t}:{r}" for t, r in sorted(owners[(i, j)]))
              for j in range(shape[1])] for i in range(shape[0])]
    width = max(len(o) for row in cells for cell in row for o in cell.split("|"))
    rows = [", ".join("|".join(o.rjust(width) for o in cell.split("|")) for cell in row)
            for row in cells]
    return "\n".join(("[[" if i == 0 else " [") + row + ("]]" if i == len(rows) - 1 else "],")
                     for i, row in enumerate(rows))


def test_table_matches_bases():
    for layout, shape in [(Blocked([1, 2], [4, 8], [2, 1], [1, 0]), [8, 16]),
                          (Blocked([2, 1], [8, 4], [1, 2], [0, 1]), [16, 8]),
                          (GLUON, [16, 4])]:
        lin = layout.to_linear(shape)
        assert lin["bases"]["block"] == []
        assert layout.table(shape) == reference_table(lin["bases"], shape), layout


def test_shared_layouts():
    sw = SwizzledShared(2, 1, 4, [1, 0])
    lin = sw.to_linear([8, 8])
    assert list(lin["bases"]) == ["offset", "block"]
    assert len(lin["bases"]["offset"]) == 6  # 64 offsets
    # Row 0 is not swizzled: offsets 0..7 in order.
    first = sw.table([8, 8]).splitlines()[0]
    assert first.replace("[", "").replace("]", "").replace(" ", "").rstrip(",") == \
        "0,1,2,3,4,5,6,7", first
    with harness.raises(ValueError):
        sw.to_linear_layout([8, 8])


def test_strided():
    s = Strided("(4,(2,3)):(2,(1,8))")
    # docs/CuTe.md: the table starts with the layout itself.
    assert s.table().splitlines()[0] == "(4,(2,3)):(2,(1,8))"
    assert s.cute_table() == s.table()


def test_cute():
    assert cute_eval("crd2idx((1,2), (2,(2,2)):(4,(2,1)))") == "5"
    assert cute_eval("size((2,(2,2)):(4,(2,1)))") == "8"
    assert cute_layout("(2, 3) : (3, 1)") == "(2,3):(3,1)"
    assert cute_table("(2,3):(3,1)").splitlines()[0] == "(2,3):(3,1)"
    with harness.raises(ValueError) as e:
        cute_eval("crd2idx((1,2)")
    assert "column" in str(e.value), str(e.value)


def test_errors():
    with harness.raises(ValueError) as e:
        Blocked([2, 4], [16, 2], [2, 2], [1, 1]).to_attr()
    assert "order" in str(e.value) and "column" in str(e.value), str(e.value)
    with harness.raises(ValueError) as e:
        GLUON.table()  # a blocked layout needs a shape
    assert "shape" in str(e.value)
    with harness.raises(ValueError):
        from_attr("#layout.blocked<sizePerThread = [1]")
    with harness.raises(ValueError):
        GLUON.table([0, 8])
    with harness.raises(TypeError):
        Blocked([2.5], [32], [4], [0])


def _svg_cells(svg):
    """The cells of a picture: {data-coord: [texts]} per grid, in order."""
    import xml.etree.ElementTree as ET
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    cells = []
    for g in root.iter(ns + "g"):
        if g.get("class") == "cell":
            texts = {t.get("class"): t.text for t in g.iter(ns + "text")}
            desc = g.find(ns + "desc")
            cells.append((g.get("data-coord"), texts, desc.text if desc is not None else None))
    return root, cells


def test_to_svg():
    # The picture has one cell per element with the table's owners, and a
    # legend; it is the tile-layout --format=svg document.
    svg = GLUON.to_svg([4, 8])
    root, cells = _svg_cells(svg)
    assert root.get("data-cells") == "32" and len(cells) == 32, root.attrib
    table = GLUON.table([4, 8]).replace("[", " ").replace("]", " ")
    owners = ["|".join(o.strip() for o in part.split("|"))
              for part in table.replace("\n", ",").split(",") if part.strip()]
    assert [texts["owner"] for _, texts, _ in cells] == owners, (cells[:3], owners[:3])
    assert cells[0][0] == "0,0" and cells[-1][0] == "3,7"
    assert 'id="legend"' in svg and "T&lt;thread&gt;:&lt;register&gt;" in svg
    page = GLUON.to_svg([4, 8], html=True)
    assert page.startswith("<!DOCTYPE html>") and svg in page
    # Elision as in the table; shared layouts colored by bank.
    _, elided = _svg_cells(GLUON.to_svg([64, 64], max_rows=4, max_cols=4))
    assert len(elided) == 16
    _, banks = _svg_cells(SwizzledShared(2, 1, 4, [1, 0]).to_svg([8, 8], element_bits=16))
    assert banks[8][1]["owner"] == "10" and banks[8][1]["sub"] == "b5", banks[8]
    with harness.raises(ValueError) as e:
        SwizzledShared(2, 1, 4, [1, 0]).to_svg([8, 8])
    assert "element_bits" in str(e.value)


def test_repr_svg():
    # Notebooks: a blocked layout draws one CTA tile (here 4x8 elements of
    # 2x4 registers, 2x2 lanes, 1x1 warps); strided and linear layouts their
    # own shape; layouts without an implied shape fall back to the text repr.
    small = Blocked([2, 4], [2, 2], [1, 1], [1, 0])
    root, cells = _svg_cells(small._repr_svg_())
    assert len(cells) == 32 and cells[-1][0] == "3,7"
    root, cells = _svg_cells(Strided("(4,2):(2,1)")._repr_svg_())
    # CuTe's print_layout grid: cell (m, n) = layout(m + 4 n) = 2 m + n.
    assert [texts["owner"] for _, texts, _ in cells] == [str(i) for i in range(8)], cells
    assert SwizzledShared(2, 1, 4, [1, 0])._repr_svg_() is None
    assert Slice(1, GLUON)._repr_svg_() is None


def test_convert_to():
    # Rows of warps to columns of warps on 8x8 (test/tile-layout/convert.test).
    rows = Blocked([1, 1], [4, 8], [2, 1], [1, 0])
    cols = Blocked([1, 1], [8, 4], [1, 2], [1, 0])
    text = rows.convert_to(cols, [8, 8])
    assert "data movement: shared-memory" in text, text
    assert ("elements: 8 in place, 0 within a thread, 24 across lanes, 32 across warps, "
            "0 across CTAs") in text, text
    # Within a warp the cost model picks shuffles unless told otherwise.
    pairs = Blocked([2], [32], [1], [0])
    ones = Blocked([1], [32], [1], [0])
    assert "lowering: warp shuffles (2 rounds" in pairs.convert_to(ones, [64])
    assert "lowering: shared memory (256 bytes" in pairs.convert_to(ones, [64], strategy="shared")
    root, cells = _svg_cells(rows.convert_to(cols, [8, 8], format="svg"))
    assert len(cells) == 128
    moves = [desc for _, _, desc in cells[64:]]
    assert moves.count("in place") == 8 and moves.count("across warps") == 32, moves
    with harness.raises(ValueError) as e:
        rows.convert_to(Blocked([1, 1], [8, 4], [4, 1], [1, 0]), [8, 8])
    assert "different numbers of warps (2 and 4)" in str(e.value), str(e.value)
    with harness.raises(ValueError):
        rows.convert_to(cols, [8, 8], strategy="fast")
    with harness.raises(TypeError):
        rows.convert_to("#layout.blocked", [8, 8])


def test_thread_value():
    """ThreadValue builds #layout.tv in Python (the front end puts the text
    in types on machines without the extension); the verifier accepts it
    and its table is Mojo's distribution: lane t owns the 1x4 vector at row
    t // 4, column 4 * (t % 4)."""
    from tile.layouts import ThreadValue
    frag = ThreadValue(threads="(8,4):(4,1)", values=(1, 4))
    assert frag._text() == "#layout.tv<threads = (8,4):(4,1), values = (1,4)>", frag._text()
    assert frag.to_attr().startswith("#layout.tv<"), frag.to_attr()
    rows = frag.table([8, 16]).splitlines()
    assert rows[0].startswith("[[ T0:0,  T0:1,  T0:2,  T0:3,  T1:0,"), rows[0]
    assert rows[1].startswith(" [ T4:0,  T4:1,  T4:2,  T4:3,  T5:0,"), rows[1]
    tv = ThreadValue(tile=(8, 16), tv="((4,8),(2,2)):((16,1),(8,64))")
    assert tv._text() == "#layout.tv<tile = (8,16), tv = ((4,8),(2,2)):((16,1),(8,64))>"
    with harness.raises(ValueError) as e:
        ThreadValue(threads="(8,4):(4,1)")
    assert "give threads= and values=" in str(e.value)


if __name__ == "__main__":
    sys.exit(harness.run(dict(globals())))
