#!/usr/bin/env python3
"""check-cute-svg.py PICTURE TABLE: checks a `tile-layout --format=svg` picture
of a #layout.strided (no --shape) against its `--format=table` (CuTe's
print_layout): same grid, same index in every cell, a legend. Prints
`ok: N cells`."""
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
svg = root if root.tag == SVG + "svg" else root.find(".//" + SVG + "svg")
table = {}
for line in open(sys.argv[2]).read().splitlines()[1:]:
    if "|" not in line:
        continue
    row, *cells = line.split("|")
    for col, text in enumerate(cells[:-1]):
        table[(int(row), col)] = text.strip()
cells = {}
for g in svg.iter(SVG + "g"):
    if g.get("class") == "cell":
        coord = tuple(int(c) for c in g.get("data-coord").split(","))
        owner = [t.text for t in g.iter(SVG + "text") if t.get("class") == "owner"]
        cells[coord] = owner[0]
if cells != table:
    diff = sorted(set(cells.items()) ^ set(table.items()))[:4]
    print("check-cute-svg: picture and table differ: %s" % diff)
    sys.exit(1)
if not any(g.get("id") == "legend" for g in svg.iter(SVG + "g")):
    print("check-cute-svg: no legend")
    sys.exit(1)
print("ok: %d cells" % len(cells))
