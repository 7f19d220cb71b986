"""The referee of scripts/gui-game.sh: replays the moves a GUI manager recorded and
tells whether the last one made five (freestyle: five or more in a row)."""


def replay(points, w, h):
    """The board after `points` (x, y), black first, as {(x, y): 0 black / 1 white},
    and None; or None and why a move was not legal."""
    board = {}
    for i, (x, y) in enumerate(points):
        if not (0 <= x < w and 0 <= y < h):
            return None, f"move {i + 1} ({x},{y}) off the {w}x{h} board"
        if (x, y) in board:
            return None, f"move {i + 1} ({x},{y}) on an occupied point"
        board[(x, y)] = i % 2
    return board, None


def makes_five(board, x, y):
    """Whether the stone at (x, y) stands in a line of five or more of its colour."""
    c = board[(x, y)]
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for s in (1, -1):
            i = 1
            while board.get((x + s * i * dx, y + s * i * dy)) == c:
                n, i = n + 1, i + 1
        if n >= 5:
            return True
    return False
