#!/usr/bin/env python3
"""Where Wuzi's games against a peer were lost: each engine's own evaluation move by move.

Reads one case of scripts/peer.sh (its protocol log CASE.log and per-game stats CASE.csv,
as `wuzi-match -log -stats` write them) and, for every game Wuzi lost, follows the two
engines' reported evaluations (the last MESSAGE line before each move, from the mover's
view: Wuzi's `ev`, a peer's `Eval` as Rapfi prints it). It reports the ply where they
part (the peer claims a clear lead, `--lead`, while Wuzi still thinks it is not behind)
and when each side first sees the forced win (a proven score), how late Wuzi saw it (a
late defence: 4 plies or more after the peer), wins Wuzi missed that the peer saw, and
whether the peer's first clear lead came in the opening (`--opening` plies after the
set-up stones) or the middle game.

    scripts/peer-losses.py target/peer/s200/freestyle_15_200ms [--show N] [--wuzi NAME]
"""
import argparse
import collections
import csv
import re
import statistics

WUZI_EV = re.compile(r"MESSAGE depth (\d+) ev (-?\d+)")
PEER_EV = re.compile(r"MESSAGE .*?Depth (\S+) \| Eval ([+-]?M?\d+)")
MOVE = re.compile(r"^\s*(-?\d+),\s*(-?\d+)\s*$")
LINE = re.compile(r"^\s*[\d.]+ g(\d+) (\S+) ([<>!]) (.*)$")
WIN = 10000  # both engines put proven results far above this


def score(text):
    """An evaluation as a number: Rapfi's mate in n (`+M27`, `-M8`) as 30000 - n."""
    mate = re.match(r"([+-]?)M(\d+)$", text)
    if mate:
        v = 30000 - int(mate.group(2))
        return -v if mate.group(1) == "-" else v
    return int(text)


def parse_log(path, wuzi):
    """Per game: the opening length and the moves [(ply, engine, move, eval, depth)]."""
    games = collections.defaultdict(lambda: {"opening": 0, "moves": [], "last": {}})
    for raw in open(path, errors="replace"):
        m = LINE.match(raw)
        if not m:
            continue
        g, eng, way, text = int(m.group(1)), m.group(2), m.group(3), m.group(4)
        game = games[g]
        if way == ">":
            if text == "DONE" and not game["moves"] and "board" in game:
                game["opening"] = game.pop("board")
            elif text == "BOARD":
                game["board"] = 0
            elif "board" in game and re.match(r"^\d+,\d+,\d$", text):
                game["board"] += 1
            continue
        if way != "<":
            continue
        ev = (WUZI_EV if eng == wuzi else PEER_EV).search(text)
        if ev:
            game["last"][eng] = (score(ev.group(2)), ev.group(1))
            continue
        mv = MOVE.match(text)
        if mv:
            e, d = game["last"].pop(eng, (None, None))
            game["moves"].append((len(game["moves"]), eng, (int(mv.group(1)), int(mv.group(2))), e, d))
    return games


def analyse(game, wuzi, lead, opening):
    """Plies (from 0) of one lost game: the peer's first clear lead, the evaluations'
    parting (that lead while Wuzi thinks it is not behind), the peer's first claimed
    win, Wuzi's first admitted loss; whether Wuzi had missed a win (the peer saw itself
    lost and Wuzi's next move did not claim the win); and the phase."""
    last_wuzi = None
    first_lead = parted = peer_win = seen = None
    missed_win = False
    prev_peer = None
    for ply, eng, _, ev, _ in game["moves"]:
        if eng == wuzi:
            if prev_peer is not None and prev_peer <= -WIN and (ev is None or ev < WIN) and ev != 0:
                missed_win = True
            prev_peer = None
            if ev is None:
                continue
            last_wuzi = ev
            if seen is None and ev <= -WIN:
                seen = ply
        else:
            prev_peer = ev
            if ev is None:
                continue
            if first_lead is None and ev >= lead:
                first_lead = ply
            if parted is None and ev >= lead and (last_wuzi is None or last_wuzi >= 0):
                parted = ply
            if peer_win is None and ev >= WIN:
                peer_win = ply
    phase = "opening" if first_lead is not None and first_lead < opening else "middle game"
    return {"lead": first_lead, "parted": parted, "peer_win": peer_win, "seen": seen,
            "missed_win": missed_win, "phase": phase}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("case", help="path without extension: CASE.log and CASE.csv")
    ap.add_argument("--wuzi", default="wuzi", help="Wuzi's engine name in the match")
    ap.add_argument("--lead", type=int, default=300, help="a clear lead for the peer")
    ap.add_argument("--opening", type=int, default=10, help="plies counted as the opening")
    ap.add_argument("--show", type=int, default=3, help="losses to print move by move")
    a = ap.parse_args()

    results = {}
    for row in csv.DictReader(open(a.case + ".csv")):
        if row["engine"] == a.wuzi:
            results[int(row["game"])] = (row["color"], row["result"])
    games = parse_log(a.case + ".log", a.wuzi)
    losses = [g for g, (_, r) in sorted(results.items()) if r == "loss"]
    facts = {g: analyse(games[g], a.wuzi, a.lead, a.opening) for g in losses}
    one = lambda p: None if p is None else p + 1  # plies after the set-up, from 1
    for g in losses[: a.show]:
        game, f = games[g], facts[g]
        print(f"game {g}: Wuzi {results[g][0]}, lost after {len(game['moves'])} plies "
              f"({game['opening']} set-up stones); peer leads from ply {one(f['lead'])}, "
              f"claims a win at {one(f['peer_win'])}; Wuzi sees the loss at {one(f['seen'])}")
        for ply, eng, (x, y), ev, d in game["moves"]:
            mark = " <- parted" if ply == f["parted"] else ""
            print(f"  {ply + 1:3} {eng:<8} {x:2},{y:<2}  eval {ev if ev is not None else '-':>6}"
                  f"  depth {d or '-'}{mark}")
    by_colour = collections.Counter(results[g][0] for g in losses)
    print(f"\n{len(losses)} losses of {len(results)} games; by Wuzi's colour: "
          + ", ".join(f"{c} {n}" for c, n in sorted(by_colour.items())))
    phases = collections.Counter(f["phase"] for f in facts.values())
    print("peer's first lead of " + str(a.lead) + ": " + ", ".join(f"{p} {n}" for p, n in phases.most_common()))
    med = lambda xs: statistics.median(xs) if xs else "-"
    pick = lambda k: [f[k] + 1 for f in facts.values() if f[k] is not None]
    lags = [f["seen"] - f["peer_win"] for f in facts.values()
            if f["seen"] is not None and f["peer_win"] is not None]
    print(f"median ply: peer leads {med(pick('lead'))}, parted {med(pick('parted'))}, "
          f"peer claims a win {med(pick('peer_win'))}, Wuzi sees the loss {med(pick('seen'))}")
    late = sum(1 for x in lags if x >= 4)
    print(f"Wuzi saw the peer's win a median {med(lags)} plies after the peer did "
          f"({late} of {len(lags)} losses 4 plies or more: a late defence)")
    print(f"losses after Wuzi missed a win the peer had seen: "
          f"{sum(f['missed_win'] for f in facts.values())}")


if __name__ == "__main__":
    main()
