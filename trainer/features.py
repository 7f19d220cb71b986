"""Line-pattern keys of the codebook network, computed for whole boards with numpy.

The engine computes the same keys incrementally (`src/eval/net/keys.rs`); both follow
this definition. A board is seen from the side to move: 0 empty, 1 own stone,
2 opponent stone, 3 wall or off the board. For a cell and one of the four line
directions, each side of the cell is read nearest first for at most four cells,
stopping at the first wall. A side of L cells s_1..s_L (each 0, 1 or 2) has the code

    (3^L - 1) / 2 + sum_k s_k * 3^(k-1)          in 0..121

The two sides form an unordered pair (a line read backwards means the same), numbered
a * 121 - a * (a - 1) / 2 + (b - a) for a <= b, in 0..7381, and the key is

    centre * 7381 + pair                           in 0..22143

with centre the cell's own state (0, 1 or 2). Wall cells have no key.
"""
import numpy as np

SIDE_CODES = 121
PAIRS = SIDE_CODES * (SIDE_CODES + 1) // 2  # 7381
KEYS = 3 * PAIRS  # 22143
REACH = 4
# (dx, dy) per direction: row, column, diagonal, anti-diagonal.
DIRS = ((1, 0), (0, 1), (1, 1), (1, -1))


def _side_table():
    """SIDE[s1 + 4 s2 + 16 s3 + 64 s4] = the side's code (states nearest first)."""
    t = np.zeros(256, dtype=np.int64)
    for raw in range(256):
        states = [(raw >> (2 * k)) & 3 for k in range(4)]
        length = 0
        value = 0
        for k, s in enumerate(states):
            if s == 3:
                break
            value += s * 3 ** k
            length += 1
        t[raw] = (3 ** length - 1) // 2 + value
    return t


def _pair_table():
    t = np.zeros((SIDE_CODES, SIDE_CODES), dtype=np.int64)
    for a in range(SIDE_CODES):
        for b in range(SIDE_CODES):
            lo, hi = min(a, b), max(a, b)
            t[a, b] = lo * SIDE_CODES - lo * (lo - 1) // 2 + (hi - lo)
    return t


SIDE = _side_table()
PAIR = _pair_table()


def keys(boards):
    """Keys of every cell: `boards` is (B, h, w) in the mover's view (0..3), the result
    (B, h, w, 4) int64, with -1 at walls."""
    b, h, w = boards.shape
    p = np.full((b, h + 2 * REACH, w + 2 * REACH), 3, dtype=np.int64)
    p[:, REACH:REACH + h, REACH:REACH + w] = boards

    def shifted(k, dx, dy):
        y0, x0 = REACH + k * dy, REACH + k * dx
        return p[:, y0:y0 + h, x0:x0 + w]

    out = np.empty((b, h, w, 4), dtype=np.int64)
    centre = boards.astype(np.int64)
    for d, (dx, dy) in enumerate(DIRS):
        codes = []
        for sign in (-1, 1):
            raw = np.zeros((b, h, w), dtype=np.int64)
            for k in range(1, REACH + 1):
                raw |= shifted(sign * k, dx, dy) << (2 * (k - 1))
            codes.append(SIDE[raw])
        out[..., d] = np.minimum(centre, 2) * PAIRS + PAIR[codes[0], codes[1]]
    out[boards == 3] = -1
    return out
