"""Runs a command and succeeds iff it exits with the given code.

    expect_exit.py CODE COMMAND [ARGS...]

The command's stdout and stderr pass through, so FileCheck can read them.
"""
import subprocess
import sys

want = int(sys.argv[1])
proc = subprocess.run(sys.argv[2:])
if proc.returncode != want:
    print(f"expect_exit: {sys.argv[2]} exited with {proc.returncode}, expected {want}",
          file=sys.stderr)
    sys.exit(1)
