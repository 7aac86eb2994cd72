#!/usr/bin/env python3
"""Runs the marked examples of README.md and docs/*.md against the built tools.

    python3 test/docs/check_docs.py --source . --build build [-v] [FILE.md ...]

Only blocks explicitly marked are run. A marker is an HTML comment (invisible
when the Markdown is rendered) on the line right before a fenced block
(```...```):

  <!-- doc-test: file NAME -->
      The block's text is written to NAME in the scratch directory (a kernel
      that later blocks compile).
  <!-- doc-test: excerpt PATH -->
      The block's lines (trailing whitespace ignored) appear, consecutively,
      in PATH (relative to the source tree): a kernel shown in the docs
      stays the one in examples/.
  <!-- doc-test: run -->
  <!-- doc-test: run exit=N -->
      The block is a bash script (`set -eo pipefail`), run in the scratch
      directory; it must exit with 0 (or N).
  <!-- doc-test: output -->
      The stdout of the `run` block just before (the previous marked block)
      must match this block. Write `2>&1` in the command to show stderr.
  <!-- doc-test: session -->
  <!-- doc-test: session allow-fail -->
      A terminal transcript: lines starting with `$ ` are commands (a line
      ending in `\\` continues on the next one); the lines after a command,
      up to the next `$ `, must match what it prints (stdout and stderr
      together, as a terminal shows them). The commands run in one bash
      process, so variables carry over. Every command must exit with 0
      unless the marker says `allow-fail`.
  <!-- doc-test: eval-table -->
      Followed by a Markdown table (not a fenced block) whose rows are
      `| function | example | result |`: each example, a backticked
      expression, is evaluated with `tile-layout --eval` and must print the
      backticked result. An example cell `same operands` reuses the
      operands of the row above with this row's function.
  <!-- doc-test: python -->
      The block is run by python3 in the scratch directory (PYTHONPATH holds
      the build's Python package); its stdout must match a following
      `output` block if there is one. Skipped (and counted as such) when the
      build has no Python compiler library (build/python/tile/libtile_capi.so).

Matching: trailing whitespace of each line and trailing empty lines are
ignored; an expected line that is exactly `...` matches any number of lines
(zero or more); an expected line that ends in ` ...` matches a line that
starts with the text before it (a long line cut short); every other line
must be equal.

The scratch directory: a fresh one per Markdown file, shared by its blocks
in order, holding links `build` (the build tree) and `examples`, `python`,
`test`, `docs`, `bench`, `include`, `lib`, `tools`, `README.md` (the
source tree), so the commands run as written in the repository root
(`build/bin/tile-compile examples/vector_add.mlir -o add.cubin`) and what
they write stays out of the source tree. `build/bin` is first in PATH, so
`tile-opt`, `tile-compile` and `tile-layout` work without a path too.

Prints one line per block (PASS/FAIL and where it is), the difference for
a failure, and a summary per file; exits 1 if anything failed or a marker
is malformed (not followed by a fenced block, an `output` block with no
`run` before it, an unknown marker).
"""

import argparse
import difflib
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

MARKER = re.compile(r"^<!--\s*doc-test:\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^(```+|~~~+)(.*)$")
LINKED = ["examples", "python", "test", "docs", "bench", "include", "lib", "tools", "README.md"]
TIMEOUT = 300


class Block:
    def __init__(self, path, line, kind, args, text):
        self.path, self.line, self.kind, self.args, self.text = path, line, kind, args, text

    def where(self):
        return f"{self.path}:{self.line}"


def parse(path, rel):
    """The marked blocks of one Markdown file, and the errors in its markers."""
    with open(path) as f:
        lines = f.read().split("\n")
    blocks, errors = [], []
    i = 0
    while i < len(lines):
        m = MARKER.match(lines[i])
        if not m:
            i += 1
            continue
        words = m.group(1).split()
        kind, args = (words[0], words[1:]) if words else ("", [])
        marker_line = i + 1
        if kind == "eval-table":
            j = i + 1
            rows = []
            while j < len(lines) and lines[j].startswith("|"):
                rows.append(lines[j])
                j += 1
            if not rows:
                errors.append(f"{rel}:{marker_line}: eval-table marker not followed by a table")
            else:
                blocks.append(Block(rel, marker_line, kind, words[1:], "\n".join(rows) + "\n"))
            i = j
            continue
        if kind not in ("file", "excerpt", "run", "output", "session", "python"):
            errors.append(f"{rel}:{marker_line}: unknown doc-test marker '{m.group(1)}'")
            i += 1
            continue
        j = i + 1
        fence = FENCE.match(lines[j]) if j < len(lines) else None
        if not fence:
            errors.append(f"{rel}:{marker_line}: doc-test marker not followed by a fenced block")
            i += 1
            continue
        close = fence.group(1)
        k = j + 1
        while k < len(lines) and lines[k].rstrip() != close:
            k += 1
        if k == len(lines):
            errors.append(f"{rel}:{marker_line}: unterminated fenced block")
            break
        text = "\n".join(lines[j + 1:k])
        blocks.append(Block(rel, marker_line, kind, args, text + "\n"))
        i = k + 1
    return blocks, errors


def matches(expected, actual):
    """True when `actual` (text) matches `expected` (text with `...`)."""
    def norm(t):
        ls = [l.rstrip() for l in t.split("\n")]
        while ls and not ls[-1]:
            ls.pop()
        return ls
    exp, act = norm(expected), norm(actual)

    def go(e, a):
        while e < len(exp):
            if exp[e] == "...":
                return any(go(e + 1, k) for k in range(a, len(act) + 1))
            if a == len(act):
                return False
            if exp[e].endswith(" ...") and exp[e][:-4].strip() and \
                    act[a].startswith(exp[e][:-4]):
                pass
            elif exp[e] != act[a]:
                return False
            e, a = e + 1, a + 1
        return a == len(act)
    return go(0, 0)


def diff(expected, actual):
    return "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                        "documented", "printed"))


def make_scratch(source, build):
    d = tempfile.mkdtemp(prefix="doc-test-")
    os.symlink(os.path.abspath(build), os.path.join(d, "build"))
    for name in LINKED:
        p = os.path.join(source, name)
        if os.path.exists(p):
            os.symlink(os.path.abspath(p), os.path.join(d, name))
    return d


def environment(build):
    env = dict(os.environ)
    env["PATH"] = os.path.join(os.path.abspath(build), "bin") + os.pathsep + env.get("PATH", "")
    env["PYTHONPATH"] = os.path.join(os.path.abspath(build), "python")
    env["LC_ALL"] = "C"
    env["TILE_BIN"] = os.path.join(os.path.abspath(build), "bin")
    return env


def run(cmd, cwd, env, stdin_text=None, merge=False):
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, input=stdin_text, text=True,
                           stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT if merge else subprocess.PIPE,
                           timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return 124, "", f"timed out after {TIMEOUT} s"
    return p.returncode, p.stdout, p.stderr or ""


SEP = "\x1edoc-test-status "


def split_session(text):
    """[(command, expected output)] of a `$ ` transcript."""
    items, cmd, out = [], None, []
    lines = text.rstrip("\n").split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("$ "):
            if cmd is not None:
                items.append((cmd, "\n".join(out)))
            parts = [line[2:]]
            while parts[-1].endswith("\\") and i + 1 < len(lines):
                i += 1
                parts.append(lines[i])
            cmd, out = "\n".join(parts), []
        elif cmd is not None:
            out.append(line)
        i += 1
    if cmd is not None:
        items.append((cmd, "\n".join(out)))
    return items


def check_session(block, cwd, env):
    items = split_session(block.text)
    if not items:
        return False, "a session block with no `$ ` command"
    script = "".join(f"{cmd}\nprintf '\\n{SEP}%d\\n' $?\n" for cmd, _ in items)
    _, out, _ = run(["bash", "-c", script], cwd, env, merge=True)
    pieces = out.split("\n" + SEP)
    problems = []
    for n, (cmd, expected) in enumerate(items):
        if n >= len(pieces) - 1:
            problems.append(f"$ {cmd}\n  did not run (the session stopped)")
            break
        printed = pieces[n] if n == 0 else pieces[n].split("\n", 1)[1] if "\n" in pieces[n] else ""
        status = int(pieces[n + 1].split("\n", 1)[0])
        if status != 0 and "allow-fail" not in block.args:
            problems.append(f"$ {cmd}\n  exited with {status}:\n{printed}")
        elif not matches(expected, printed):
            problems.append(f"$ {cmd}\n{diff(expected + chr(10), printed)}")
    return not problems, "\n".join(problems)


CODE = re.compile(r"`([^`]*)`")


def table_cells(row):
    """The cells of a Markdown table row (a `|` inside backticks is text)."""
    cells, cur, code = [], "", False
    for ch in row.strip().strip("|"):
        if ch == "`":
            code = not code
        if ch == "|" and not code:
            cells.append(cur.strip())
            cur = ""
        else:
            cur += ch
    cells.append(cur.strip())
    return cells


def check_eval_table(block, cwd, env):
    """Every `| function | example | result |` row evaluates as documented."""
    problems, previous, checked = [], None, 0
    for row in block.text.rstrip("\n").split("\n"):
        cells = table_cells(row)
        if len(cells) < 3 or set(cells[1]) <= set("-: "):
            continue
        example, result = CODE.findall(cells[1]), CODE.findall(cells[2])
        if cells[1] == "same operands" and previous and CODE.findall(cells[0]):
            name = CODE.findall(cells[0])[0].split("(")[0].split("<")[0]
            example = [name + previous[previous.index("("):]]
        if len(example) != 1 or len(result) != 1:
            continue  # the header row
        previous = example[0]
        checked += 1
        status, out, err = run([os.path.join(env["TILE_BIN"], "tile-layout"), "--eval",
                                example[0]], cwd, env)
        if status != 0 or out.strip() != result[0]:
            problems.append(f"{example[0]}\n  documented: {result[0]}\n  printed:    "
                            f"{(out + err).strip()}")
    if not checked:
        problems.append("an eval-table with no `example` / `result` rows")
    return not problems, "\n".join(problems)


def check_file(rel, source, build, verbose):
    blocks, errors = parse(os.path.join(source, rel), rel)
    results = [(False, e, "") for e in errors]
    if not blocks:
        return results
    scratch = make_scratch(source, build)
    env = environment(build)
    has_python = os.path.exists(os.path.join(build, "python", "tile", "libtile_capi.so"))
    skipped = 0
    try:
        last = None  # (block, stdout) of the last run/python block
        for b in blocks:
            ok, detail = True, ""
            if b.kind == "file":
                if len(b.args) != 1 or os.path.isabs(b.args[0]) or ".." in b.args[0]:
                    ok, detail = False, "`file` takes one relative file name"
                else:
                    target = os.path.join(scratch, b.args[0])
                    os.makedirs(os.path.dirname(target), exist_ok=True)
                    with open(target, "w") as f:
                        f.write(b.text)
            elif b.kind == "excerpt":
                path = os.path.join(source, b.args[0]) if len(b.args) == 1 else ""
                if not os.path.isfile(path):
                    ok, detail = False, "`excerpt` takes one existing file of the source tree"
                else:
                    with open(path) as f:
                        have = [l.rstrip() for l in f.read().split("\n")]
                    want = [l.rstrip() for l in b.text.rstrip("\n").split("\n")]
                    ok = any(have[i:i + len(want)] == want
                             for i in range(len(have) - len(want) + 1))
                    detail = "" if ok else f"these lines are not in {b.args[0]}:\n{b.text}"
            elif b.kind == "python" and not has_python:
                skipped += 1
                continue
            elif b.kind in ("run", "python"):
                want = 0
                for a in b.args:
                    if a.startswith("exit="):
                        want = int(a[5:])
                cmd = ["bash", "-eo", "pipefail", "-c", b.text] if b.kind == "run" \
                    else [sys.executable, "-"]
                status, out, err = run(cmd, scratch, env,
                                       stdin_text=b.text if b.kind == "python" else None)
                last = (b, out)
                if status != want:
                    ok, detail = False, f"exited with {status}, expected {want}\n{out}{err}"
            elif b.kind == "output":
                if last is None:
                    ok, detail = False, "an `output` block with no `run` block before it"
                else:
                    ok = matches(b.text, last[1])
                    detail = "" if ok else f"output of {last[0].where()}:\n" + diff(b.text, last[1])
                    last = None
            elif b.kind == "session":
                ok, detail = check_session(b, scratch, env)
            elif b.kind == "eval-table":
                ok, detail = check_eval_table(b, scratch, env)
            results.append((ok, f"{b.where()} {b.kind}", detail))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if skipped:
        print(f"SKIP {rel}: {skipped} python blocks (the build has no Python extension)")
    return results


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", default=os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))), help="the source tree (default: this checkout)")
    ap.add_argument("--build", required=True, help="the build tree (its bin/ holds the tools)")
    ap.add_argument("-v", "--verbose", action="store_true", help="list every block")
    ap.add_argument("files", nargs="*", help="Markdown files relative to --source "
                    "(default: README.md and docs/*.md)")
    args = ap.parse_args(argv)

    files = args.files or ["README.md"] + sorted(
        os.path.join("docs", f) for f in os.listdir(os.path.join(args.source, "docs"))
        if f.endswith(".md"))
    total = failed = 0
    for rel in files:
        results = check_file(rel, args.source, args.build, args.verbose)
        n_failed = sum(1 for ok, _, _ in results if not ok)
        for ok, what, detail in results:
            if not ok or args.verbose:
                print(f"{'PASS' if ok else 'FAIL'} {what}")
            if not ok and detail:
                print("  " + detail.rstrip().replace("\n", "\n  "))
        if results:
            print(f"{rel}: {len(results)} blocks, {n_failed} failed")
        total += len(results)
        failed += n_failed
    print(f"doc-test: {total} blocks, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
