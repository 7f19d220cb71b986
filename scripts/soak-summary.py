#!/usr/bin/env python3
"""Summarises the per-game CSV stats of wuzi-match (-stats FILE) written by soak.sh.

For every file: games, moves, think time mean / median / max against the turn limit,
and results. For a process that played several games (-reuse), resident memory and
think time early and late in its life, so growth shows; exits 1 when the resident size
grew by more than 10% (plus 4 MiB of slack) between its 10th and its last game.

    python3 scripts/soak-summary.py target/soak/*.csv
"""
import csv
import statistics
import sys
from collections import defaultdict


def summarise(path):
    rows = list(csv.DictReader(open(path)))
    if not rows:
        print(f"{path}: no games")
        return True
    games = len({r["game"] for r in rows})
    moves = sum(int(r["moves"]) for r in rows)
    maxes = [int(r["max_ms"]) for r in rows]
    means = [float(r["mean_ms"]) for r in rows if int(r["moves"]) > 0]
    turn = max((int(r["turn_ms"]) for r in rows if r["turn_ms"]), default=0)
    res = defaultdict(int)
    for r in rows:
        if r["color"] == "black":
            res[r["result"]] += 1
    peak = max((int(r["peak_kb"]) for r in rows if r["peak_kb"]), default=0)
    print(
        f"{path}: {games} games, {moves} moves; think mean {statistics.mean(means):.1f} ms, "
        f"largest {max(maxes)} ms (turn limit {turn} ms, {100 * max(maxes) / max(turn, 1):.0f}%); "
        f"black win/draw/loss {res['win']}/{res['draw']}/{res['loss']}; "
        f"largest peak RSS {peak / 1024:.1f} MiB"
    )
    ok = True
    by_pid = defaultdict(list)
    for r in rows:
        if r["pid"]:
            by_pid[(r["engine"], r["pid"])].append(r)
    for (name, pid), rs in sorted(by_pid.items()):
        if len(rs) < 20:
            continue
        rss = [int(r["rss_kb"]) for r in rs]
        think = [float(r["mean_ms"]) for r in rs if int(r["moves"]) > 0]
        mx = [int(r["max_ms"]) for r in rs]
        early, late = rss[9], rss[-1]
        grew = late > early * 1.10 + 4096
        ok &= not grew
        print(
            f"  {name} pid {pid}: {len(rs)} games; RSS game 1 {rss[0] / 1024:.1f} MiB, "
            f"game 10 {early / 1024:.1f}, last {late / 1024:.1f}, peak "
            f"{int(rs[-1]['peak_kb']) / 1024:.1f} MiB{'  GREW' if grew else ''}; "
            f"think mean first 20 games {statistics.mean(think[:20]):.1f} ms, "
            f"last 20 {statistics.mean(think[-20:]):.1f} ms; "
            f"largest first 20 {max(mx[:20])} ms, last 20 {max(mx[-20:])} ms"
        )
    return ok


def main():
    ok = True
    for path in sys.argv[1:]:
        ok &= summarise(path)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
