#!/usr/bin/env python3
"""Summarises `pbrain-wuzi bench file=...` output by the prefix of the position
names (the first four letters: free, stan, renj, caro in scripts/middle15.txt): the
geometric mean of the node counts (the tree sizes vary by orders of magnitude from one
position to the next, so a sum is dominated by the largest) and the depths reached.

    target/release/pbrain-wuzi bench file=scripts/middle15.txt depth=12 | scripts/tree-size.py
"""
import collections
import math
import sys


def main():
    src = open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin
    groups = collections.defaultdict(list)
    for line in src:
        w = line.split()
        # NAME depth D score S best M nodes N time T ms
        if len(w) >= 9 and w[1] == "depth" and w[7] == "nodes":
            groups[w[0][:4]].append((int(w[2]), int(w[8])))
    if not groups:
        sys.exit("no bench result lines read")
    every = []
    for name, rows in groups.items():
        nodes = [n for _, n in rows]
        every += nodes
        depths = sorted(d for d, _ in rows)
        print(f"{name}: {len(rows):3} positions, geometric mean {geomean(nodes) / 1e3:9.1f}K nodes,"
              f" depth median {depths[len(depths) // 2]} (min {depths[0]}, max {depths[-1]})")
    print(f"all : {len(every):3} positions, geometric mean {geomean(every) / 1e3:9.1f}K nodes,"
          f" total {sum(every) / 1e6:.2f}M")


def geomean(xs):
    return math.exp(sum(math.log(max(x, 1)) for x in xs) / len(xs))


if __name__ == "__main__":
    main()
