#!/usr/bin/env python3
"""Random openings for wuzi-match (`-openings FILE format=offset`): (GAMES + 1) / 2
distinct lines of 3 to 5 stones within 3 of the centre, from SEED. Used by
tune-eval.sh (self-play data) and peer.sh -r (a screen against a peer).

    scripts/random-openings.py OUT GAMES SEED
"""
import random
import sys

path, games, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
random.seed(seed)
lines = set()
while len(lines) < (games + 1) // 2:
    pts = []
    n = random.choice([3, 4, 5])
    while len(pts) < n:
        p = (random.randint(-3, 3), random.randint(-3, 3))
        if p not in pts:
            pts.append(p)
    lines.add(", ".join(f"{x},{y}" for x, y in pts))
open(path, "w").write("\n".join(sorted(lines)) + "\n")
