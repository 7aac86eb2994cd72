#!/usr/bin/env python3
"""expect-exit.py CODE CMD ARGS...: runs CMD, prints its stdout and stderr
(in that order) and fails unless it exits with CODE."""
import subprocess
import sys

code = int(sys.argv[1])
proc = subprocess.run(sys.argv[2:], capture_output=True, text=True, timeout=60)
sys.stdout.write(proc.stdout)
sys.stdout.write(proc.stderr)
if proc.returncode != code:
    sys.stdout.write(f"expect-exit: exit code {proc.returncode}, expected {code}\n")
    sys.exit(1)
