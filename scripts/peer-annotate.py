#!/usr/bin/env python3
"""One game of a peer match, annotated by an analyst brain: where Wuzi's move mattered.

Reads one case of scripts/peer.sh (CASE.log, as `wuzi-match -log` writes it) and replays
game GAME position by position to an analyst (any Gomocup brain that reports its
evaluation as Rapfi does, `Eval N` or `Eval +M27` in a MESSAGE line; a fresh process a
position, given the position by BOARD). For every ply it prints the analyst's evaluation
from Wuzi's view, the analyst's own choice, the move played and Wuzi's own evaluation.
The move that mattered is Wuzi's move, other than the analyst's choice, after which
the analyst's evaluation fell the most (a proven loss counts as a fall to -30000); the
replay stops at the first position the analyst calls proven either way.

    scripts/peer-annotate.py target/peer/DIR/CASE GAME --analyst '/opt/rapfi/pbrain-rapfi' \
        [--ms 1000] [--wuzi NAME]

The analyst runs from its program's folder (where Rapfi finds its config and model).
"""
import argparse
import importlib.util
import os
import re
import shlex
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("peer_losses", os.path.join(HERE, "peer-losses.py"))
peer_losses = importlib.util.module_from_spec(spec)
spec.loader.exec_module(peer_losses)

EVAL = re.compile(r"Eval ([+-]?M?\d+)")
LINE = re.compile(r"^\s*[\d.]+ g(\d+) (\S+) > (.*)$")


def setup(path, game, wuzi):
    """The board size, the rule and the stones of Wuzi's first BOARD (x, y, Wuzi's own)
    in `game`, from the commands Wuzi was sent."""
    size, rule, stones, board = 15, 0, [], False
    for raw in open(path, errors="replace"):
        m = LINE.match(raw)
        if not m or int(m.group(1)) != game or m.group(2) != wuzi:
            continue
        text = m.group(3)
        if text.startswith("START "):
            size = int(text.split()[1])
        elif text.startswith("INFO rule "):
            rule = int(text.split()[2])
        elif text == "BOARD":
            board = True
        elif board and text == "DONE":
            break
        elif board:
            x, y, c = map(int, text.split(","))
            stones.append((x, y, c == 1))
    return size, rule, stones


def analyse(cmd, ms, size, rule, stones, wuzi_to_move):
    """The analyst's evaluation (from the side to move's view) and move for a position."""
    lines = [f"START {size}", f"INFO rule {rule}", f"INFO timeout_turn {ms}",
             "INFO max_memory 67108864", "INFO thread_num 1", "BOARD"]
    lines += [f"{x},{y},{1 if mine == wuzi_to_move else 2}" for x, y, mine in stones]
    lines += ["DONE"]
    argv = shlex.split(cmd)
    # END only after the move: a brain may stop its search at once on an early END.
    p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                         stderr=subprocess.DEVNULL, cwd=os.path.dirname(os.path.abspath(argv[0])))
    p.stdin.write("\n".join(lines) + "\n")
    p.stdin.flush()
    ev = mv = None
    for line in p.stdout:
        m = EVAL.search(line)
        if m:
            ev = peer_losses.score(m.group(1))
        if re.match(r"^\d+,\d+$", line.strip()):
            mv = line.strip()
            break
    p.stdin.write("END\n")
    p.stdin.close()
    p.wait(timeout=30)
    return ev, mv


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("case", help="path without extension: CASE.log")
    ap.add_argument("game", type=int)
    ap.add_argument("--analyst", required=True, help="the analyst brain's command line")
    ap.add_argument("--ms", type=int, default=1000, help="the analyst's time a position")
    ap.add_argument("--wuzi", default="wuzi", help="Wuzi's engine name in the match")
    a = ap.parse_args()

    size, rule, stones = setup(a.case + ".log", a.game, a.wuzi)
    game = peer_losses.parse_log(a.case + ".log", a.wuzi)[a.game]
    # Wuzi's BOARD also holds the moves played before its first turn: keep the set-up.
    stones, moves = stones[: game["opening"]], game["moves"]
    print(f"game {a.game}: {size}x{size}, rule {rule}, {len(stones)} set-up stones, "
          f"analyst {os.path.basename(shlex.split(a.analyst)[0])} at {a.ms} ms")
    print(" ply mover    analyst (Wuzi's view)  analyst's move  played  Wuzi's eval")
    rows = []
    for ply, eng, (x, y), ev, _ in moves:
        mine = eng == a.wuzi
        got, choice = analyse(a.analyst, a.ms, size, rule, stones, mine)
        view = None if got is None else (got if mine else -got)
        rows.append((ply, eng, view, choice, (x, y), ev))
        own = "-" if ev is None else (ev if mine else "")
        print(f"{ply + 1:4} {eng:<8} {view if view is not None else '-':>21}  {choice or '-':>14}"
              f"  {x:>2},{y:<3}  {own}", flush=True)
        stones.append((x, y, mine))
        if view is not None and abs(view) >= peer_losses.WIN:
            break
    # Wuzi's move at row k, where the analyst chose another, is judged by the analyst's
    # view before it (row k) and after it (row k + 1). (Where the two agree, a change
    # is the analyst's own noise from one search to the next.)
    falls = [(rows[k][2] - rows[k + 1][2], k) for k in range(len(rows) - 1)
             if rows[k][1] == a.wuzi and rows[k][2] is not None and rows[k + 1][2] is not None
             and rows[k][3] != "%d,%d" % rows[k][4]]
    if falls:
        fall, k = max(falls)
        ply, _, before, choice, (x, y), ev = rows[k]
        print(f"the move that mattered: ply {ply + 1}, Wuzi played {x},{y} (its eval {ev}); "
              f"the analyst preferred {choice}, and its view fell from {before} to "
              f"{rows[k + 1][2]} ({fall})")


if __name__ == "__main__":
    main()
