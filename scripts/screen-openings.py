#!/usr/bin/env python3
"""Keeps the openings that self-play does not decide for one colour.

    scripts/screen-openings.py [--low 0.25] [--high 0.75] OPENINGS.txt GAMES.sgf... > KEPT.txt

GAMES.sgf are SGF collections of wuzi-match self-play runs over OPENINGS.txt (any
order, any number of games: each game's comment names its opening). Per opening,
black's mean points (1 a win, 0.5 a draw) over all its games estimate p, the chance
that black wins it. An opening with p near 0 or 1 makes a game pair (the opening
twice, colours swapped) end 1-1 whatever the engines are: the pair tells a match
nothing. Openings with p within [low, high] are kept, in file order.

stderr gets the counts and, for the whole set and for the kept one, the expected
share of game pairs that one colour wins twice (the mean of p^2 + (1-p)^2 over the
openings): the lower, the more a match learns per game. In-sample figures flatter
the kept set (openings that were lucky in the screening are kept too); check it with
a fresh run.
"""
import argparse
import sys

from opening_games import black_points, read_openings


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--low", type=float, default=0.25)
    ap.add_argument("--high", type=float, default=0.75)
    ap.add_argument("openings")
    ap.add_argument("sgf", nargs="+")
    a = ap.parse_args()
    openings = read_openings(a.openings)
    points = black_points(open(path).read() for path in a.sgf)
    if any(k >= len(openings) for k in points):
        sys.exit("the games name openings past the end of the file: wrong file?")
    missing = [k + 1 for k in range(len(openings)) if k not in points]
    if missing:
        sys.exit(f"openings without games: {missing[:10]}...")
    p = {k: sum(v) / len(v) for k, v in points.items()}
    kept = [k for k in range(len(openings)) if a.low <= p[k] <= a.high]
    if not kept:
        sys.exit("no opening kept")

    def same_colour(ks):
        return sum(p[k] ** 2 + (1 - p[k]) ** 2 for k in ks) / len(ks)

    games = sum(len(v) for v in points.values())
    print(
        f"{len(openings)} openings, {games} games; kept {len(kept)} with black's score "
        f"in [{a.low}, {a.high}]; pairs won by one colour twice (expected): "
        f"{100 * same_colour(range(len(openings))):.1f}% for all, "
        f"{100 * same_colour(kept):.1f}% for the kept (in sample)",
        file=sys.stderr,
    )
    print("\n".join(openings[k] for k in kept))


if __name__ == "__main__":
    main()
