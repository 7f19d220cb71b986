#!/usr/bin/env python3
"""Where Wuzi's games against a peer were lost: each engine's own evaluation move by move.

Reads one case of scripts/peer.sh (its protocol log CASE.log and per-game stats CASE.csv,
as `wuzi-match -log -stats` write them) and, for every game Wuzi lost, follows the two
engines' reported evaluations (the last MESSAGE line before each move, from the mover's
view: Wuzi's `ev`, a peer's `Eval` as Rapfi prints it). It reports the ply where they
part (the peer claims a clear lead, `--lead`, while Wuzi still thinks it is not behind)
and the ply Wuzi first sees the loss (`--lost`), and sorts the losses by phase: opening
(parted within `--opening` plies of the set-up stones), a missed or late defence (Wuzi
still not behind when the peer already claims a win), or the middle game.

    scripts/peer-losses.py target/peer/s200/freestyle_15_200ms [--show N] [--wuzi NAME]
"""
import argparse
import collections
import csv
import re

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


def analyse(game, wuzi, lead, lost, opening):
    """The plies where the evaluations part and where Wuzi sees the loss, and the phase."""
    last_wuzi = None
    parted = seen = peer_win = None
    for ply, eng, _, ev, _ in game["moves"]:
        if ev is None:
            continue
        if eng == wuzi:
            last_wuzi = ev
            if seen is None and ev <= -lost:
                seen = ply
        else:
            if parted is None and ev >= lead and (last_wuzi is None or last_wuzi >= 0):
                parted = ply
            if peer_win is None and ev >= WIN:
                peer_win = ply
    if parted is not None and parted <= opening:
        phase = "opening"
    elif peer_win is not None and (seen is None or seen > peer_win):
        phase = "missed or late defence"
    else:
        phase = "middle game"
    return parted, seen, peer_win, phase


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("case", help="path without extension: CASE.log and CASE.csv")
    ap.add_argument("--wuzi", default="wuzi", help="Wuzi's engine name in the match")
    ap.add_argument("--lead", type=int, default=300, help="a clear lead for the peer")
    ap.add_argument("--lost", type=int, default=300, help="Wuzi's eval that admits a loss")
    ap.add_argument("--opening", type=int, default=10, help="plies counted as the opening")
    ap.add_argument("--show", type=int, default=3, help="losses to print move by move")
    a = ap.parse_args()

    results = {}
    for row in csv.DictReader(open(a.case + ".csv")):
        if row["engine"] == a.wuzi:
            results[int(row["game"])] = (row["color"], row["result"])
    games = parse_log(a.case + ".log", a.wuzi)
    losses = [g for g, (_, r) in sorted(results.items()) if r == "loss"]
    by_phase = collections.Counter()
    by_colour = collections.Counter(results[g][0] for g in losses)
    shown = 0
    for g in losses:
        game = games[g]
        parted, seen, peer_win, phase = analyse(game, a.wuzi, a.lead, a.lost, a.opening)
        by_phase[phase] += 1
        if shown < a.show:
            shown += 1
            one = lambda p: None if p is None else p + 1  # plies after the set-up, from 1
            print(f"game {g}: Wuzi {results[g][0]}, lost after {len(game['moves'])} plies "
                  f"({game['opening']} set-up stones); parted at ply {one(parted)}, peer "
                  f"claims a win at {one(peer_win)}, Wuzi sees the loss at {one(seen)}: {phase}")
            for ply, eng, (x, y), ev, d in game["moves"]:
                mark = " <- parted" if ply == parted else ""
                print(f"  {ply + 1:3} {eng:<8} {x:2},{y:<2}  eval {ev if ev is not None else '-':>6}"
                      f"  depth {d or '-'}{mark}")
    total = len(results)
    print(f"\n{len(losses)} losses of {total} games; by Wuzi's colour: "
          + ", ".join(f"{c} {n}" for c, n in sorted(by_colour.items())))
    print("by phase: " + ", ".join(f"{p} {n}" for p, n in by_phase.most_common()))


if __name__ == "__main__":
    main()
