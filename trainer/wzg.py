"""Reads wuzi-datagen's self-play records (`*.wzg`) into training positions.

A file is the 4 bytes b"WZG1", then one record a game (little-endian; see
`src/datagen.rs`, `write_game`):

    u8 rule (Gomocup code)  u8 width  u8 height  i8 result (1 black won, -1 white won)
    u8 set-up stones S      u16 searched moves M
    S x (u8 x, u8 y)        M x (u8 x, u8 y, i16 score, u8 depth)

A position is the board before a searched move: the stones (black first in the game's
order), the side to move, the rule, the search's score (the mover's view) and best move
(the move played), and the game's result from the mover's view. A trailing incomplete
record (an interrupted run) is skipped.

    python3 trainer/wzg.py data/gen0          # counts by rule, size and result
"""
import collections
import glob
import os
import struct
import sys
from dataclasses import dataclass

MAGIC = b"WZG1"
RULES = {0: "freestyle", 1: "standard", 4: "renju", 8: "caro", 9: "caro5"}


@dataclass
class Game:
    rule: int
    width: int
    height: int
    result: int  # black's view
    setup: list  # [(x, y)], black first
    moves: list  # [(x, y, score, depth)]


@dataclass
class Position:
    rule: int
    width: int
    height: int
    black: list  # [(x, y)]
    white: list
    black_to_move: bool
    score: int  # the mover's view
    depth: int
    best: tuple  # (x, y)
    result: int  # the mover's view: 1 win, 0 draw, -1 loss


def read_games(path):
    """The complete game records of one file."""
    data = open(path, "rb").read()
    if data[:4] != MAGIC:
        raise ValueError(f"{path}: not a wuzi-datagen file")
    at, games = 4, []
    while at + 7 <= len(data):
        rule, w, h, res, s = struct.unpack_from("<BBBbB", data, at)
        (m,) = struct.unpack_from("<H", data, at + 5)
        end = at + 7 + 2 * s + 5 * m
        if end > len(data):
            break
        p = at + 7
        setup = [tuple(data[p + 2 * k: p + 2 * k + 2]) for k in range(s)]
        p += 2 * s
        moves = [struct.unpack_from("<BBhB", data, p + 5 * k) for k in range(m)]
        games.append(Game(rule, w, h, res, setup, moves))
        at = end
    return games


def positions(game):
    """The game's positions, one before each searched move."""
    black, white = [], []
    for k, st in enumerate(game.setup):
        (black if k % 2 == 0 else white).append(st)
    for x, y, score, depth in game.moves:
        black_to_move = len(black) == len(white)
        result = game.result if black_to_move else -game.result
        yield Position(game.rule, game.width, game.height, list(black), list(white),
                       black_to_move, score, depth, (x, y), result)
        (black if black_to_move else white).append((x, y))


def files(folder):
    return sorted(glob.glob(os.path.join(folder, "*.wzg")))


def main():
    counts = collections.Counter()
    plies = collections.Counter()
    for f in files(sys.argv[1]):
        for g in read_games(f):
            key = (RULES.get(g.rule, g.rule), f"{g.width}x{g.height}")
            counts[key + ({1: "black", -1: "white", 0: "draw"}[g.result],)] += 1
            plies[key] += len(g.moves)
    for key in sorted(plies):
        n = sum(v for k, v in counts.items() if k[:2] == key)
        res = ", ".join(f"{k[2]} {v}" for k, v in sorted(counts.items()) if k[:2] == key)
        print(f"{key[0]:>9} {key[1]:>5}: {n} games ({res}), {plies[key]} positions")


if __name__ == "__main__":
    main()
