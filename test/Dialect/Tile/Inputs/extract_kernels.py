"""Prints the ```mlir blocks of a Markdown file that follow a heading.

Used to check that the complete kernels in docs/TileLanguage.md parse and
verify: extract_kernels.py FILE [HEADING] (default "## Complete kernels").
"""
import sys

path = sys.argv[1]
heading = sys.argv[2] if len(sys.argv) > 2 else "## Complete kernels"
inside_section = inside_block = False
for line in open(path, encoding="utf-8"):
    stripped = line.rstrip("\n")
    if stripped.startswith("## "):
        inside_section = stripped == heading
        continue
    if not inside_section:
        continue
    if stripped.startswith("```"):
        inside_block = stripped == "```mlir" if not inside_block else False
        continue
    if inside_block:
        print(stripped)
