#!/usr/bin/env python3
"""Keeps a black/white balanced subset of an opening set, judged by a self-play match.

    scripts/balance-openings.py OPENINGS.txt GAMES.sgf > BALANCED.txt

GAMES.sgf is the SGF collection of a wuzi-match run over OPENINGS.txt in order
(the default sequential order), each opening played twice with colours swapped. Per
opening, black's points (1 a win, 0.5 a draw) over its two games decide:
openings where black scored at most 1 of 2 are all kept; of those black won twice,
the first ones in file order are kept, as many as there are openings black lost twice,
so the kept set scored about 50% for black in that match. The output interleaves the
three kinds (black lost twice, black won twice, split), each in file order, so that
any leading part of the set (matches take openings from the top) is balanced too.
"""
import sys

from opening_games import black_points, read_openings


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    openings = read_openings(sys.argv[1])
    points = black_points([open(sys.argv[2]).read()])
    black = {k: sum(v) for k, v in points.items() if len(v) == 2}
    missing = [k + 1 for k in range(len(openings)) if k not in black]
    if missing:
        sys.exit(f"openings without two games: {missing[:10]}...")
    lost = [k for k in range(len(openings)) if black[k] == 0]
    split = [k for k in range(len(openings)) if 0 < black[k] <= 1]
    won = [k for k in range(len(openings)) if black[k] > 1][: len(lost)]
    order = []
    for i in range(max(len(lost), len(won), len(split))):
        order += [b[i] for b in (lost, won, split) if i < len(b)]
    kept = [openings[k] for k in order]
    if not kept:
        sys.exit("no opening kept: black won every opening twice")
    score = sum(black[k] for k in order) / (2 * len(order))
    print(f"kept {len(kept)} of {len(openings)}; black scored {100 * score:.1f}% on them",
          file=sys.stderr)
    print("\n".join(kept))


if __name__ == "__main__":
    main()
