#!/usr/bin/env python3
"""Keeps a black/white balanced subset of an opening set, judged by a self-play match.

    scripts/balance-openings.py OPENINGS.txt GAMES.sgf > BALANCED.txt

GAMES.sgf is the SGF collection of a wuzi-match run over OPENINGS.txt in order
(the default sequential order), each opening played twice with colours swapped. Per
opening, black's points (1 a win, 0.5 a draw) over its two games decide:
openings where black scored at most 1 of 2 are all kept; of those black won twice,
the first ones in file order are kept, as many as there are openings black lost twice,
so the kept set scored about 50% for black in that match. File order is preserved.
"""
import re
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    lines = [l.rstrip("\n") for l in open(sys.argv[1])]
    openings = [l for l in lines if l.strip() and not l.lstrip().startswith("#")]
    sgf = open(sys.argv[2]).read()
    points = {}
    for result, comment in re.findall(r"RE\[([^\]]*)\]GN\[[^\]]*\]GC\[([^\]]*)\]", sgf):
        m = re.search(r"opening (\d+) ", comment)
        if not m:
            continue
        k = int(m.group(1)) - 1
        p = 1.0 if result.startswith("B") else 0.5 if result == "0" else 0.0
        points.setdefault(k, []).append(p)
    black = {k: sum(v) for k, v in points.items() if len(v) == 2}
    missing = [k + 1 for k in range(len(openings)) if k not in black]
    if missing:
        sys.exit(f"openings without two games: {missing[:10]}...")
    lost_twice = sum(1 for s in black.values() if s == 0)
    keep_won = lost_twice
    kept = []
    for k, line in enumerate(openings):
        if black[k] <= 1:
            kept.append(line)
        elif keep_won > 0:
            kept.append(line)
            keep_won -= 1
    score = sum(black[k] for k, l in enumerate(openings) if l in kept) / (2 * len(kept))
    print(f"kept {len(kept)} of {len(openings)}; black scored {100 * score:.1f}% on them",
          file=sys.stderr)
    print("\n".join(kept))


if __name__ == "__main__":
    main()
