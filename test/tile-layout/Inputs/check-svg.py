#!/usr/bin/env python3
"""check-svg.py PICTURE JSON: checks a `tile-layout --format=svg|html` picture
against `--format=json` of the same layout and shape (no elision options):
the picture parses as XML, has one cell per element, each cell's owner text
is the owners the json bases give (as the table format writes them), and a
legend is present. Prints `ok: N cells` or fails with the first mismatch."""
import itertools
import json
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def fail(message):
    print("check-svg: " + message)
    sys.exit(1)


picture = ET.parse(sys.argv[1]).getroot()
layout = json.load(open(sys.argv[2]))
shape = layout["shape"]
bases = layout["bases"]
shared = "offset" in bases

# The owners of every element from the bases.
dims = ["offset", "block"] if shared else ["register", "lane", "warp", "block"]
warp_size = 1 << len(bases.get("lane", []))
show_block = len(bases["block"]) > 0
owners = {}
for values in itertools.product(*[range(1 << len(bases[d])) for d in dims]):
    coord = [0] * len(shape)
    for d, v in zip(dims, values):
        for bit, basis in enumerate(bases[d]):
            if v >> bit & 1:
                coord = [c ^ b for c, b in zip(coord, basis)]
    if any(c >= s for c, s in zip(coord, shape)):
        continue
    named = dict(zip(dims, values))
    if shared:
        owner = (named["block"], 0, named["offset"])
    else:
        owner = (named["block"], named["lane"] + warp_size * named["warp"],
                 named["register"])
    owners.setdefault(tuple(coord), []).append(owner)


def text_of(owner):
    block, thread, reg = owner
    prefix = "B%d:" % block if show_block else ""
    return prefix + (str(reg) if shared else "T%d:%d" % (thread, reg))


svg = picture if picture.tag == SVG + "svg" else picture.find(".//" + SVG + "svg")
if svg is None:
    fail("no <svg> element")
cells = [g for g in svg.iter(SVG + "g") if g.get("class") == "cell"]
num_elements = 1
for s in shape:
    num_elements *= s
if len(cells) != num_elements:
    fail("%d cells for %d elements" % (len(cells), num_elements))
seen = set()
for cell in cells:
    coord = tuple(int(c) for c in cell.get("data-coord").split(","))
    if len(shape) > 2:
        flat, coord = coord, coord  # listings label the full coordinate
    seen.add(coord)
    texts = {t.get("class"): t.text for t in cell.iter(SVG + "text")}
    expected = "|".join(text_of(o) for o in sorted(owners.get(coord, []))) or "-"
    if texts.get("owner") != expected:
        fail("cell %s shows %r, json gives %r" % (coord, texts.get("owner"), expected))
    if not shared:
        warps = []
        for o in sorted(owners.get(coord, [])):
            w = "w%d" % (o[1] // warp_size)
            if w not in warps:
                warps.append(w)
        if texts.get("sub") != "|".join(warps):
            fail("cell %s shows warps %r" % (coord, texts.get("sub")))
    copies = len(owners.get(coord, [])) > 1
    if copies != (texts.get("copies") is not None):
        fail("cell %s: broadcast mark %r" % (coord, texts.get("copies")))
if len(seen) != num_elements:
    fail("cells repeat coordinates")
legend = [g for g in svg.iter(SVG + "g") if g.get("id") == "legend"]
if not legend or not any("Legend" in (t.text or "") for t in legend[0].iter(SVG + "text")):
    fail("no legend")
print("ok: %d cells" % len(cells))
