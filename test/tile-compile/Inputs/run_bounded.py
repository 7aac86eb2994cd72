"""Runs a command under a wall-clock and an address-space limit.

    run_bounded.py SECONDS MEGABYTES COMMAND [ARGS...]

Prints "within SECONDS s and MEGABYTES MB, exit N" when the command ends in
time (N: its exit code; a negative N is a signal), or "over the time limit";
then the last lines of its stderr, so that FileCheck can read them. Exits 0
either way: the test checks the printed words.
"""
import resource
import subprocess
import sys

seconds, megabytes = float(sys.argv[1]), int(sys.argv[2])


def limit():
    size = megabytes * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (size, size))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


proc = subprocess.Popen(sys.argv[3:], stdout=subprocess.DEVNULL,
                        stderr=subprocess.PIPE, text=True, errors="replace",
                        preexec_fn=limit)
try:
    _, err = proc.communicate(timeout=seconds)
    print(f"within {sys.argv[1]} s and {megabytes} MB, exit {proc.returncode}")
except subprocess.TimeoutExpired:
    proc.kill()
    _, err = proc.communicate()
    print("over the time limit")
for line in err.strip().splitlines()[-4:]:
    print(line)
