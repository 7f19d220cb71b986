#!/usr/bin/env python3
"""Checks a brain's own claims against how its games ended.

Reads a wuzi-match protocol log (-log FILE) and the per-game CSV (-stats FILE) of the
same run. Every move's MESSAGE line from Wuzi ("depth D ev E nodes N ...") is a claim:
an ev of +/-29000 or beyond is a proven win or loss. For every brain it counts

  * proven wins that were not won (a loss or a draw): a search bug, unless the brain
    was starved of time on a later move;
  * proven losses that were won: a false claim, or an opponent that missed its win;
  * blind moves: played before depth 1 finished (depth 0 with nodes searched and no
    proof), so the move is the first in move order;

lists each case with its game and move, and exits 1 if any proven win was not won.

    wuzi-match -engine cmd=BIN name=a -engine cmd=BIN name=b -games 200 \\
        -tc turn=100 -rule 8 -log run.log -stats run.csv
    python3 scripts/audit-claims.py run.log run.csv
"""
import csv
import re
import sys
from collections import defaultdict

PROOF = 29000
LINE = re.compile(r"\s*[\d.]+ g(\d+) (\S+) < (.*)")
MOVE = re.compile(r"\d+,\d+")


def read_claims(log_path):
    """(game, brain) -> [(move number in the game, depth, ev, nodes, text)]."""
    claims = defaultdict(list)
    replies = defaultdict(int)
    for line in open(log_path, encoding="utf-8", errors="replace"):
        m = LINE.match(line)
        if not m:
            continue
        game, brain, text = int(m.group(1)), m.group(2), m.group(3).strip()
        if text.startswith("MESSAGE depth"):
            f = text.split()
            try:
                depth, ev, nodes = int(f[2]), int(f[4]), int(f[6])
            except (IndexError, ValueError):
                continue
            claims[(game, brain)].append((replies[game] + 1, depth, ev, nodes, text))
        elif MOVE.fullmatch(text):
            replies[game] += 1
    return claims


def read_results(stats_path):
    """(game, brain) -> 'win', 'loss' or 'draw'."""
    results = {}
    for row in csv.DictReader(open(stats_path)):
        results[(int(row["game"]), row["engine"])] = row["result"]
    return results


def main(argv):
    if len(argv) != 3:
        print(__doc__)
        return 2
    claims = read_claims(argv[1])
    results = read_results(argv[2])
    counts = defaultdict(lambda: defaultdict(int))
    cases = []
    for (game, brain), lines in sorted(claims.items()):
        result = results.get((game, brain))
        if result is None:
            continue
        c = counts[brain]
        c["games"] += 1
        c["moves"] += len(lines)
        win = next((x for x in lines if x[2] >= PROOF), None)
        loss = next((x for x in lines if x[2] <= -PROOF), None)
        if win and result != "win":
            c["win not won"] += 1
            cases.append(("proven win, game " + result, game, brain, win))
        if loss and result == "win":
            c["loss but won"] += 1
            cases.append(("proven loss, game won", game, brain, loss))
        for x in lines:
            if x[1] == 0 and x[3] > 0 and abs(x[2]) < PROOF:
                c["blind"] += 1
                cases.append(("blind move", game, brain, x))
    print(f"{'brain':10} {'games':>6} {'moves':>7} {'win not won':>12} "
          f"{'loss but won':>13} {'blind moves':>12}")
    for brain, c in sorted(counts.items()):
        print(f"{brain:10} {c['games']:6} {c['moves']:7} {c['win not won']:12} "
              f"{c['loss but won']:13} {c['blind']:12}")
    for what, game, brain, (move, _, _, _, text) in cases:
        print(f"  {what}: game {game}, {brain}'s reply {move}: {text[:100]}")
    return 1 if any(c["win not won"] for c in counts.values()) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
