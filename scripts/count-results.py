#!/usr/bin/env python3
"""Count the match results in the source comments and the rows of the ledger.

What and why: the results of engine-vs-engine trials used to sit in the comments of
src/**/*.rs; they now belong in docs/experiments.md, one table row per match run. This
counts both sides, so that a result left behind in a comment, or lost on its way to the
ledger, shows as a difference (see --list and --missing).

Source side: at git revision REV (default HEAD), each .rs file of `git ls-tree -r
--name-only REV src`, read with `git show REV:path`, up to its `#[cfg(test)]` line (unit
tests' comments hold worked examples, not trials). Only comment lines are read: lines
whose stripped text starts with `//`. A run of them is joined into one text (markers
removed, whitespace collapsed), so that a result wrapped over two lines is seen once.
A match result is one occurrence of:

  1. a number followed by " Elo": "+59.6 Elo", "-1.0 Elo", "0.0 Elo";
  2. a number followed by an interval with signed bounds, " Elo" between them or not:
     "+15.8 [+4.0, +27.8]", "+19 Elo [+1, +37]" (with " Elo", still one result);
  3. a bare signed decimal other than zero, outside forms 1-2 and intervals, and not an
     SPRT log-likelihood ratio (after "LLR "): "115 -63.0 (H0, 145)", "+8.6 and +3.2";
  4. "scored 0.0", a zero result written without a sign ("scored 0.0 in 188 games");
  5. a game score "scored W-L" ("100 scored 1-13").

Not results: a number in double quotes (an example string: "+12.3" in a formatter's
doc), a bare signed zero ("-0.0 into +0.0"), win/draw/loss counts ("+634 =19 -554") and
pentanomials ("[97, 31, 598, 41, 133]"), which go with the Elo figure beside them. The
rule does count totals over several runs ("both runs, 898 pairs: +3.3"), readings taken
during a run ("it had led by +21.6 at 113 pairs") and a result cited at two places; the
ledger keeps the first two in its notes and the third in one row, so the source count
exceeds the ledger's rows with a match result by those.

Ledger side: the rows of the first markdown table of docs/experiments.md whose header
starts with "| date" (the work tree's file, or `git show LEDGER_REV:docs/experiments.md`
with --ledger-rev), and how many of them have the verdict "not played" (an idea measured
by tree size only, with no match).

Usage: scripts/count-results.py [REV] [--ledger-rev REV] [--list] [--missing]
  --list     print every source result found (path:line: [form] text)
  --missing  print the source results whose text does not occur in the ledger
"""

import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEDGER = "docs/experiments.md"

NUM = r"[+-]?\d+(?:\.\d+)?"
SIGNED = r"[+-]\d+(?:\.\d+)?"
INTERVAL = rf"\[{SIGNED}, {SIGNED}\]"
# One token: a number, maybe " Elo", maybe an interval; the interval alone too, so that
# its bounds are consumed and never read as bare signed numbers.
TOKEN = re.compile(
    rf"(?<![\w.\"])(?P<num>{NUM})(?P<elo> Elo)?(?P<iv> {INTERVAL})?"
    rf"|(?P<lone>{INTERVAL})"
    rf"|scored (?P<score>\d+-\d+)\b"
)


def git(*args):
    return subprocess.run(["git", "-C", str(ROOT), *args], check=True,
                          capture_output=True, text=True).stdout


def comment_blocks(text):
    """(first line number, joined text, [(offset in joined text, line number)]) for each
    run of consecutive comment lines."""
    blocks, cur = [], None
    for no, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if s == "#[cfg(test)]":
            break  # the unit tests' comments (worked examples, not trials) are not read
        if s.startswith("//"):
            body = re.sub(r"^//[/!]?", "", s).strip()
            if cur is None:
                cur = [no, "", []]
            if cur[1]:
                cur[1] += " "
            cur[2].append((len(cur[1]), no))
            cur[1] += body
        elif cur is not None:
            blocks.append(cur)
            cur = None
    if cur is not None:
        blocks.append(cur)
    for b in blocks:
        b[1] = b[1].replace("\t", " ")
    return blocks


def line_of(offsets, pos):
    no = offsets[0][1]
    for off, n in offsets:
        if off <= pos:
            no = n
    return no


def results_in(text):
    """Yield (line number, form, matched text) for each match result in the comments."""
    for _, body, offsets in comment_blocks(text):
        for m in TOKEN.finditer(body):
            if m.group("lone"):
                continue  # an interval with no number before it: not a result by itself
            if m.group("score"):
                yield line_of(offsets, m.start()), "score", m.group(0)
                continue
            num = m.group("num")
            before = body[max(0, m.start() - 4):m.start()]
            if m.group("iv"):
                form = "interval"
            elif m.group("elo"):
                form = "elo"
            elif num[0] in "+-" and "." in num and float(num) != 0 and before != "LLR ":
                form = "bare"
            elif num == "0.0" and body[max(0, m.start() - 7):m.start()] == "scored ":
                form = "zero"
            else:
                continue
            yield line_of(offsets, m.start()), form, m.group(0)


def source_results(rev):
    files = [f for f in git("ls-tree", "-r", "--name-only", rev, "src").split()
             if f.endswith(".rs")]
    found = []
    for f in files:
        for no, form, text in results_in(git("show", f"{rev}:{f}")):
            found.append((f, no, form, text))
    return found


def ledger_rows(text):
    """The rows of the first table whose header starts with "| date"."""
    lines = text.splitlines()
    rows = []
    for i, line in enumerate(lines):
        if line.startswith("| date"):
            cols = [c.strip() for c in line.strip().strip("|").split("|")]
            for row in lines[i + 2:]:
                if not row.startswith("|"):
                    break
                rows.append([c.strip() for c in row.strip().strip("|").split("|")])
            return cols, rows
    return [], []


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev", nargs="?", default="HEAD", help="revision of src (default HEAD)")
    ap.add_argument("--ledger-rev",
                    help="read the ledger at this revision, not the work tree")
    ap.add_argument("--list", action="store_true", help="print every source result")
    ap.add_argument("--missing", action="store_true",
                    help="print source results whose text is not in the ledger")
    a = ap.parse_args()

    found = source_results(a.rev)
    if a.ledger_rev:
        try:
            ledger = git("show", f"{a.ledger_rev}:{LEDGER}")
        except subprocess.CalledProcessError:
            sys.exit(f"no {LEDGER} at {a.ledger_rev}")
    else:
        path = ROOT / LEDGER
        ledger = path.read_text(encoding="utf-8") if path.exists() else ""
    cols, rows = ledger_rows(ledger)
    verdict = cols.index("verdict") if "verdict" in cols else len(cols) - 1
    not_played = sum(1 for r in rows if len(r) > verdict and r[verdict] == "not played")

    if a.list:
        for f, no, form, text in found:
            print(f"{f}:{no}: [{form}] {text}")
    if a.missing:
        flat = re.sub(r"\s+", " ", ledger)
        for f, no, form, text in found:
            key = text.replace(" Elo", "")
            if form == "score":
                key = text.split()[-1]
            if key not in flat and text not in flat:
                print(f"not in ledger: {f}:{no}: {text}")

    by_file, by_form = {}, {}
    for f, _, form, _ in found:
        by_file[f] = by_file.get(f, 0) + 1
        by_form[form] = by_form.get(form, 0) + 1
    print(f"match results in src comments at {a.rev}: {len(found)}")
    for f in sorted(by_file):
        print(f"  {f}: {by_file[f]}")
    print("  by form: " + ", ".join(f"{k} {v}" for k, v in sorted(by_form.items())))
    where = a.ledger_rev or "work tree"
    print(f"ledger rows in {LEDGER} ({where}): {len(rows)}"
          f" ({len(rows) - not_played} with a match result, {not_played} not played)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
