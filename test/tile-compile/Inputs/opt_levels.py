"""Compiles INPUT to a cubin at every -O level through every assembler.

Usage: opt_levels.py TILE_COMPILE INPUT OUTPUT_PREFIX

Prints one line per run, "O<n>-<assembler> ELF" when tile-compile exits 0
and wrote an ELF file, else the exit code and the last line of stderr.
"""
import subprocess
import sys

tool, source, prefix = sys.argv[1:4]
for level in range(4):
    for assembler in ["ptxas", "nvjitlink", "auto"]:
        out = f"{prefix}.O{level}.{assembler}.cubin"
        proc = subprocess.run([tool, source, "--emit=cubin", f"-O{level}",
                               f"--assembler={assembler}", "-o", out],
                              capture_output=True, text=True)
        name = f"O{level}-{assembler}"
        if proc.returncode != 0:
            last = proc.stderr.strip().splitlines()[-1:] or [""]
            print(name, "exit", proc.returncode, last[0])
            continue
        with open(out, "rb") as f:
            print(name, "ELF" if f.read(4) == b"\x7fELF" else "NOT-ELF")
